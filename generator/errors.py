"""Input problems, reported in Portuguese with file, line and column."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, located as precisely as possible."""

    file: str
    message: str
    line: int | None = None
    column: str | int | None = None  # column name (CSV header) or number, or a TOML key

    def __str__(self) -> str:
        where = [self.file]
        if self.line is not None:
            where.append(f"linha {self.line}")
        if self.column is not None:
            label = "coluna" if isinstance(self.column, int) or not _looks_like_key(self.column) else "chave"
            where.append(f"{label} «{self.column}»")
        return f"{', '.join(where)}: {self.message}"


def _looks_like_key(column: str) -> bool:
    return column.startswith("[") or "." in column or column.startswith("cargos")


class InputError(Exception):
    """Raised with every problem found, so the user can fix them all at once."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class Collector:
    """Accumulates problems; `raise_if_any` ends a validation phase."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, message: str, line: int | None = None, column: str | int | None = None) -> None:
        self.problems.append(Problem(file, message, line, column))

    def extend(self, problems: list[Problem]) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(list(self.problems))
