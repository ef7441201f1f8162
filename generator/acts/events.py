"""eventos.csv: what happened during the exam's validity, each with its date and the act that published it.

One row per event; columns `data`, `ato`, `tipo`, `inscricao`, `cargo`, `vagas`, `resultado`. The loader is strict:
every problem names the file, the line and the column, in Portuguese, and nothing is applied while any remains.
What each event does is in calls.py, next to its rule and article.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from ..errors import Collector
from ..load.table import Columns, open_table
from ..model import OUTCOMES, Candidate, Position
from ..plain import one_line

FILE = "eventos.csv"
COLUMNS = Columns(("data", "ato", "tipo"), ("inscricao", "cargo", "vagas", "resultado"))

WITHDRAWAL = "desistencia"  # the nominee gives up (Lins art. 5º § 1º; Cariacica art. 3º § 2º)
VOID = "sem_efeito"  # the nomination is made void: the nominee did not take office (LEGAL-NOTES 13)
ANNULMENT = "anulacao"  # annulled after a false declaration (Cariacica art. 2º § 1º; Lins art. 10, p.u., I)
NEW_VACANCIES = "novas_vagas"  # vacancies that arose during validity (Cariacica art. 1º § 3º)
COMMISSION = "comissao"  # commission outcome for a candidate called beyond V (Lins art. 7º § 3º)
KINDS = {
    WITHDRAWAL: "desistência",
    VOID: "nomeação tornada sem efeito",
    ANNULMENT: "anulação por declaração falsa",
    NEW_VACANCIES: "novas vagas",
    COMMISSION: "resultado da comissão",
}
PERSONAL = (WITHDRAWAL, VOID, ANNULMENT, COMMISSION)  # events about one candidate: `inscricao` required


@dataclass(frozen=True, slots=True)
class Event:
    """One event of the exam's validity period."""

    date: date
    act: str  # number (or name) of the act that published it, e.g. "52/2024" or "Portaria nº 310/2024"
    kind: str  # key of KINDS
    position: str  # cargo code (from the row, or the candidate's)
    registration: str | None = None
    vacancies: int | None = None  # novas_vagas: how many new vacancies
    outcome: str | None = None  # comissao: confirmado | nao_confirmado | ausente | fraude
    line: int = 0


def load_events(folder: Path, candidates: dict[str, Candidate], positions: list[Position],
                problems: Collector) -> list[Event]:
    """Read eventos.csv when present; every problem goes to `problems` (file, line, column)."""
    path = folder / FILE
    if not path.exists():
        return []
    events: list[Event] = []
    codes = {p.code for p in positions}
    with open_table(path, COLUMNS, {}, problems) as table:
        if table is None:
            return []
        for line, row in table.numbered():
            if table.irregular(row):
                row = table.tidy(line, row)
                if row is None:
                    continue
            event = _row(table, line, row, candidates, codes, problems)
            if event is not None:
                events.append(event)
    return events


def parse_date(text: str) -> date | None:
    """DD/MM/AAAA or AAAA-MM-DD; None when it is not a real date."""
    try:
        if len(text) == 10 and text[2] == "/" and text[5] == "/":
            return date(int(text[6:]), int(text[3:5]), int(text[:2]))
        if len(text) == 10 and text[4] == "-" and text[7] == "-":
            return date.fromisoformat(text)
    except ValueError:
        return None
    return None


def _word(text: str) -> str | None:
    """«Não confirmado» → «nao_confirmado», as comissao.csv reads outcomes."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_") or None


def _row(table, line: int, row: list[str], candidates, codes, problems: Collector) -> Event | None:
    def cell(column: str) -> str:  # one line, no control or bidi character: the act number reaches the history
        return one_line(table.cell(row, column))

    def bad(column: str, message: str) -> None:
        problems.add(FILE, message, line, column)

    before = len(problems.problems)
    when = None
    text = cell("data")
    if not text:
        bad("data", "a data está vazia. Informe a data de publicação do ato, por exemplo 05/08/2024.")
    else:
        when = parse_date(text)
        if when is None:
            bad("data", f"a data «{text}» não é válida. Use DD/MM/AAAA ou AAAA-MM-DD, por exemplo 05/08/2024.")
    act = cell("ato")
    if not act:
        bad("ato", "informe o número do ato que publicou o evento, por exemplo 52/2024.")
    kind = cell("tipo").lower()
    if kind not in KINDS:
        bad("tipo", f"o tipo «{cell('tipo')}» não existe. Use um destes: {', '.join(KINDS)}.")
    registration = cell("inscricao") or None
    position = cell("cargo")
    person = candidates.get(registration) if registration else None
    if kind in PERSONAL:
        if registration is None:
            bad("inscricao", f"o evento «{kind}» é de um candidato: informe a inscrição.")
        elif person is None:
            bad("inscricao", f"a inscrição {registration} não está entre os candidatos. Confira o número.")
        elif position and position != person.position:
            bad("cargo", f"a inscrição {registration} é do cargo «{person.position}», não «{position}».")
        else:
            position = person.position
    elif kind == NEW_VACANCIES:
        if registration:
            bad("inscricao", "novas vagas são do cargo, não de um candidato: deixe a inscrição vazia.")
        if not position:
            bad("cargo", "informe o código do cargo que ganhou vagas.")
    if position and position not in codes:
        bad("cargo", f"o cargo «{position}» não está em certame.toml. Use um destes: {', '.join(sorted(codes))}.")
    vacancies = None
    text = cell("vagas")
    if kind == NEW_VACANCIES:
        if not text.isdigit() or int(text) < 1:
            bad("vagas", f"«{text}» não é um número de vagas: use um inteiro maior que zero, por exemplo 2.")
        else:
            vacancies = int(text)
    elif text:
        bad("vagas", "só eventos «novas_vagas» têm vagas: deixe a coluna vazia.")
    outcome = _word(cell("resultado"))
    if kind == COMMISSION:
        if outcome is None:  # the word itself is checked against the rule file when the event is applied
            bad("resultado", f"informe o resultado da comissão: {', '.join(OUTCOMES)} ou outro previsto pelas regras "
                "da jurisdição.")
    elif outcome:
        bad("resultado", "só eventos «comissao» têm resultado: deixe a coluna vazia.")
    if len(problems.problems) > before:
        return None
    return Event(when, act, kind, position, registration, vacancies, outcome, line)
