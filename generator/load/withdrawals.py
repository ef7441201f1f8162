"""desistencias.csv: inscrições of candidates who gave up their nomination."""

from __future__ import annotations

from ..errors import Collector
from ..model import Candidate
from .report import RowProblems, unknown_registrations
from .table import Columns, Table

COLUMNS = Columns(("inscricao",))


def read_withdrawals(table: Table, candidates: dict[str, Candidate] | None, candidates_file: str,
                     problems: Collector) -> list[str]:
    """The inscrições, in file order; unknown or repeated ones are reported."""
    rows = RowProblems(table.file, problems)
    seen: dict[str, int] = {}
    unknown: list[tuple[int, str]] = []  # (line, inscrição) not in the candidates' file
    named = 0
    for line, row in table.numbered():
        if table.irregular(row):
            row = table.tidy(line, row)
            if row is None:
                continue
        registration = row[table.index["inscricao"]].strip()
        if not registration:
            rows.add(line, "inscricao", "a inscrição está vazia. Informe a inscrição de quem desistiu.")
            continue
        named += candidates is not None
        if candidates is not None and registration not in candidates:
            unknown.append((line, registration))
        elif seen.setdefault(registration, line) != line:
            problems.add(table.file, f"a inscrição {registration} aparece duas vezes. Apague a linha repetida.",
                         (seen[registration], line))
    unknown_registrations(rows, unknown, named, candidates_file,
                          f"Se ninguém deste certame desistiu, apague {table.file}; senão, substitua-o pela lista de "
                          "desistências deste certame.")
    rows.finish()
    return list(seen)
