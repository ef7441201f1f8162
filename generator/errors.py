"""Input problems, reported in Portuguese with file, line and column."""

from __future__ import annotations

import errno
import re
import shutil
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input, located as precisely as possible."""

    file: str
    message: str
    line: int | tuple[int, ...] | None = None  # one line, or several ("linhas 3 e 5")
    column: str | int | None = None  # column name (CSV header) or number, or a TOML key

    def __str__(self) -> str:
        where = [self.file]
        if self.line is not None:
            where.append(_lines(self.line))
        if self.column is not None:
            where.append(f"{_column_label(self.file, self.column)} «{self.column}»")
        return _visible(f"{', '.join(where)}: {self.message}")


_BREAKS = re.compile("[\t\n\r\x85\u2028\u2029]+")


def _visible(text: str) -> str:
    """A message on one honest line: a line break or tab echoed from a cell (Alt+Enter in a spreadsheet) is a
    space, never an escape like «\\u000a» (issue 21); other control and bidi characters, invisible in the
    spreadsheet too, are shown as escapes so they can be found."""
    if text.isprintable():
        return text
    text = _BREAKS.sub(" ", text)
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def _lines(line: int | tuple[int, ...]) -> str:
    if isinstance(line, int):
        return f"linha {line}"
    numbers = [str(n) for n in line]
    if len(numbers) == 1:
        return f"linha {numbers[0]}"
    return f"linhas {', '.join(numbers[:-1])} e {numbers[-1]}"


def _column_label(file: str, column: str | int) -> str:
    # In a TOML file every location is a key, even a top-level one like «jurisdicao».
    if file.endswith(".toml"):
        return "chave"
    if file.lower().endswith((".csv", ".xlsx")):  # a board's header («DT. NASC») is a column even with a dot
        return "coluna"
    if isinstance(column, int) or not _looks_like_key(column):
        return "coluna"
    return "chave"


def _looks_like_key(column: str) -> bool:
    return column.startswith("[") or "." in column or column.startswith("cargos")


class InputError(Exception):
    """Raised with every problem found, so the user can fix them all at once."""

    def __init__(self, problems: list[Problem]):
        problems = list(dict.fromkeys(problems))  # one problem, one message: a missing key found by every tie
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class Collector:
    """Accumulates problems; `raise_if_any` ends a validation phase."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(
        self, file: str, message: str, line: int | tuple[int, ...] | None = None, column: str | int | None = None
    ) -> None:
        self.problems.append(Problem(file, message, line, column))

    def extend(self, problems: list[Problem]) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(list(self.problems))


class FaultError(Exception):
    """The machine, not the input, stopped a build (full or read-only disk, another build running…); in Portuguese."""


# errno → what the machine refused, in Portuguese (generator/sitedir.py for site/, store/archive.py for arquivo/);
# other OSErrors are bugs and keep their traceback.
OS_FAULTS = {
    errno.ENOSPC: "não há espaço livre no disco",
    errno.EDQUOT: "a cota de disco acabou",
    errno.EFBIG: "um arquivo passou do tamanho máximo que este sistema permite gravar (limite «ulimit -f» ou do "
                 "sistema de arquivos)",
    errno.EROFS: "o disco está montado somente para leitura",
    errno.EACCES: "não há permissão de escrita",
    errno.EPERM: "a operação não é permitida",
    errno.EIO: "erro de entrada e saída no disco",
    errno.ENAMETOOLONG: "o nome de um arquivo ficou longo demais para o sistema de arquivos (encurte o número do ato "
                        "ou o nome da pasta do certame)",
}


def require_space(folder, needed: int, doing: str, kept: str) -> None:
    """FaultError when the disk of `folder` has clearly less free space than `needed` bytes: «espaço livre
    insuficiente no disco de «…»: <doing> precisa de cerca de N MB e há M MB livres. Libere espaço e rode de novo;
    <kept>.»"""
    free = shutil.disk_usage(folder).free
    if needed > free:
        raise FaultError(f"espaço livre insuficiente no disco de «{folder}»: {doing} precisa de cerca de "
                         f"{_megabytes(needed)} e há {_megabytes(free)} livres. Libere espaço e rode de novo; {kept}.")


def _megabytes(n: int) -> str:
    return f"{max(n, 0) / 1e6:.1f} MB".replace(".", ",")


def os_fault(error: BaseException) -> tuple[str, str] | None:
    """(what happened, the file) for an OSError of the machine, else None. A `shutil.Error` (copytree gathers one
    failure per file, hundreds on a full disk) counts as its first failure: one sentence, not a list of paths."""
    import re
    import shutil

    if isinstance(error, shutil.Error):
        failures = error.args[0] if error.args and isinstance(error.args[0], list) else []
        for failure in failures:
            if isinstance(failure, tuple) and len(failure) == 3:
                found = re.search(r"\[Errno (\d+)\]", str(failure[2]))
                if found and int(found.group(1)) in OS_FAULTS:
                    return OS_FAULTS[int(found.group(1))], str(failure[1])
        return None
    if isinstance(error, OSError) and error.errno in OS_FAULTS:
        return OS_FAULTS[error.errno], str(error.filename or "")
    return None
