"""Per-row problems with a cap, so a systematic mistake in a million-row file stays readable."""

from __future__ import annotations

from ..errors import Collector
from .text import count

SHOWN_PER_COLUMN = 20


class RowProblems:
    """Reports the first problems of each column one by one, then only counts the rest."""

    def __init__(self, file: str, problems: Collector) -> None:
        self.file = file
        self.problems = problems
        self.hidden: dict[str, int] = {}
        self.shown: dict[str, int] = {}

    def add(self, line: int, column: str | None, message: str) -> None:
        """One problem at a line and column (None for the whole row)."""
        key = column or ""
        if self.shown.get(key, 0) < SHOWN_PER_COLUMN:
            self.shown[key] = self.shown.get(key, 0) + 1
            self.problems.add(self.file, message, line, column)
        else:
            self.hidden[key] = self.hidden.get(key, 0) + 1

    def finish(self) -> None:
        """Add one summary problem per column that had more than the cap."""
        for key, hidden in self.hidden.items():
            self.problems.add(self.file, f"há mais {count(hidden)} linhas com problemas nesta coluna; só as "
                              f"primeiras {SHOWN_PER_COLUMN} foram listadas. Corrija-as e verifique de novo.",
                              column=key or None)
