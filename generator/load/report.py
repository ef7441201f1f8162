"""Per-row problems with a cap, so a systematic mistake in a million-row file stays readable."""

from __future__ import annotations

from ..errors import Collector, Problem
from .text import count

SHOWN_PER_COLUMN = 20


class RowProblems:
    """Keeps the first problems of each column, counts the rest; `finish` hands them over in line order."""

    def __init__(self, file: str, problems: Collector) -> None:
        self.file = file
        self.problems = problems
        self.kept: list[Problem] = []
        self.shown: dict[str, int] = {}
        self.hidden: dict[str, int] = {}

    def add(self, line: int, column: str | None, message: str) -> None:
        """One problem at a line and column (None for the whole row)."""
        key = column or ""
        if self.shown.get(key, 0) < SHOWN_PER_COLUMN:
            self.shown[key] = self.shown.get(key, 0) + 1
            self.kept.append(Problem(self.file, message, line, column))
        else:
            self.hidden[key] = self.hidden.get(key, 0) + 1

    def finish(self) -> None:
        """The kept problems sorted by line (columns are parsed one after another), then one summary per column
        that had more than the cap."""
        self.problems.extend(sorted(self.kept, key=lambda p: p.line))
        for key, hidden in self.hidden.items():
            self.problems.add(self.file, f"há mais {count(hidden)} linhas com problemas nesta coluna; só as "
                              f"primeiras {SHOWN_PER_COLUMN} foram listadas. Corrija-as e verifique de novo.",
                              column=key or None)


def unknown_registrations(rows: RowProblems, unknown: list[tuple[int, str]], total: int, candidates_file: str,
                          remedy: str) -> None:
    """Rows of a side file (comissao.csv, desistencias.csv) naming an inscrição that `candidates_file` does not have.
    When none of the file's inscrições is there (two or more), the file is another exam's — an example's, copied with
    its folder — and one problem says so and how to fix it, instead of one per row (issue 21: 21 separate errors)."""
    if len(unknown) >= 2 and len(unknown) == total:
        first, last = unknown[0][0], unknown[-1][0]
        shown = ", ".join(r for _, r in unknown[:3])
        rows.problems.add(rows.file, f"nenhuma das {len(unknown)} inscrições deste arquivo (linhas {first} a {last}; "
                          f"por exemplo {shown}) está em {candidates_file}: o arquivo parece ser de outro certame, "
                          f"talvez copiado de um exemplo junto com a pasta. {remedy}", first, "inscricao")
        return
    for line, registration in unknown:
        rows.add(line, "inscricao", f"a inscrição {registration} não está em {candidates_file}. Confira o número.")
