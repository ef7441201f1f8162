"""comissao.csv: the final outcome of each commission procedure, checked against the candidates' options."""

from __future__ import annotations

import re
import unicodedata

from ..errors import Collector
from ..model import OUTCOMES, PROCEDURES, Candidate, CommissionOutcome
from .report import RowProblems, unknown_registrations
from .table import Columns, Table
from .text import fold, join_words

COLUMNS = Columns(("inscricao", "procedimento", "resultado"), ("parecer",))
_PROCEDURES = {fold(p): p for p in PROCEDURES} | {p: p for p in PROCEDURES}
_OUTCOMES = {fold(o): o for o in OUTCOMES} | {o: o for o in OUTCOMES}


def read_commission(table: Table, candidates: dict[str, Candidate] | None, candidates_file: str,
                    problems: Collector) -> list[CommissionOutcome]:
    """All rows; `candidates` (by inscrição) is None when the candidates' file could not be read."""
    rows = RowProblems(table.file, problems)
    index, outcomes = table.index, []
    seen: dict[tuple[str, str], int] = {}
    unknown: list[tuple[int, str]] = []  # (line, inscrição) not in the candidates' file
    named = 0
    for line, row in table.numbered():
        if table.irregular(row):
            row = table.tidy(line, row)
            if row is None:
                continue
        registration = row[index["inscricao"]].strip()
        procedure = _word(row[index["procedimento"]], _PROCEDURES, "procedimento", line, rows)
        outcome = _outcome(row[index["resultado"]], line, rows)
        if not registration:
            rows.add(line, "inscricao", "a inscrição está vazia. Informe a inscrição do candidato avaliado.")
        elif candidates is not None:
            named += 1
            if not _check_candidate(registration, procedure, candidates, candidates_file, line, rows):
                unknown.append((line, registration))
        if procedure and registration:
            first = seen.setdefault((registration, procedure), line)
            if first != line:
                problems.add(table.file, f"a inscrição {registration} tem dois resultados para o procedimento "
                             f"«{procedure}». Deixe só o resultado final (depois dos recursos).", (first, line))
        if procedure and outcome:
            opinion = table.cell(row, "parecer").strip() or None
            outcomes.append(CommissionOutcome(registration, procedure, outcome, opinion, line))
    unknown_registrations(rows, unknown, named, candidates_file,
                          f"Se este certame ainda não tem resultado de comissão, apague {table.file}; senão, "
                          "substitua-o pelos resultados das comissões deste certame.")
    rows.finish()
    return outcomes


def _outcome(written: str, line: int, rows: RowProblems) -> str | None:
    """The outcome word: a usual one (forgiving case, accents and separators), or one the jurisdiction's rule file
    defines (checked against it later, in results.check): «Incompatível» → «incompativel»."""
    word = _OUTCOMES.get(written) or _OUTCOMES.get(fold(written))
    if word is None:
        plain = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode().casefold()
        word = re.sub(r"[^a-z0-9]+", "_", plain).strip("_") or None
    if word is None:
        rows.add(line, "resultado", f"o resultado está vazio. Use {join_words(list(OUTCOMES), 'ou')} ou outro "
                 "previsto pelas regras da jurisdição.")
    return word


def _word(written: str, words: dict[str, str], column: str, line: int, rows: RowProblems) -> str | None:
    """A word from a closed vocabulary, forgiving case, accents and separators."""
    word = words.get(written) or words.get(fold(written))
    if word is None:
        shown = f"«{written.strip()}»" if written.strip() else "vazio"
        choices = join_words(list(dict.fromkeys(words.values())), "ou")
        rows.add(line, column, f"o {column} {shown} não é reconhecido. Use {choices}.")
    return word


def _check_candidate(registration: str, procedure: str | None, candidates: dict[str, Candidate],
                     candidates_file: str, line: int, rows: RowProblems) -> bool:
    """False for an inscrição the candidates' file does not have (the caller reports those: unknown_registrations)."""
    candidate = candidates.get(registration)
    if candidate is None:
        return False
    group = PROCEDURES.get(procedure or "")
    if group and group not in candidate.opts:
        rows.add(line, "inscricao", f"a inscrição {registration} passou pelo procedimento «{procedure}», mas não "
                 f"optou pela reserva «{group}» ({candidates_file}, linha {candidate.line}, coluna «{group}»). "
                 "Corrija a opção do candidato ou apague esta linha.")
    return True
