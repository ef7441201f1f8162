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
from .keys import CODE_LIMIT, VACANCY_LIMIT, YEARS
from .table import Columns, open_table
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
# Length of each column's text (characters): far above any real value, and what keeps a row's work, the history
# lines and the messages small. The cargo code's is certame.toml's own; `vagas` is bounded by VACANCY_LIMIT, per
# event and for the cargo's total after every new vacancy (the allocation's work grows with it).
LENGTHS = {"data": 10, "ato": 120, "tipo": 20, "inscricao": 40, "cargo": CODE_LIMIT, "resultado": 40}
SHOWN = 60  # characters of a bad value quoted back in a message
_DMY = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{4})")  # ASCII digits only: int() also reads "²" and "٢"
_YMD = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_COUNT = re.compile(r"[0-9]+")


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
    totals = {p.code: p.vacancies for p in positions}  # V per cargo, with each novas_vagas so far
    with open_table(path, COLUMNS, {}, problems) as table:
        if table is None:
            return []
        for line, row in table.numbered():
            if table.irregular(row):
                row = table.tidy(line, row)
                if row is None:
                    continue
            event = _row(table, line, row, candidates, codes, problems)
            if event is not None and event.kind == NEW_VACANCIES:
                totals[event.position] += event.vacancies
                if totals[event.position] > VACANCY_LIMIT:
                    problems.add(FILE, f"com estas novas vagas o cargo «{event.position}» passaria a ter "
                                 f"{_number(totals[event.position])} vagas, acima do limite de "
                                 f"{_number(VACANCY_LIMIT)} vagas por cargo. Confira o número no ato.", line, "vagas")
                    totals[event.position] -= event.vacancies
                    event = None
            if event is not None:
                events.append(event)
    return events


def _number(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def _shown(text: str) -> str:
    """A bad value as a message quotes it: cut short when long."""
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def parse_date(text: str) -> date | None:
    """DD/MM/AAAA or AAAA-MM-DD in ASCII digits, a real date within the years certame.toml accepts (YEARS);
    None otherwise."""
    match = _DMY.fullmatch(text)
    if match:
        day, month, year = (int(g) for g in match.groups())
    else:
        match = _YMD.fullmatch(text)
        if not match:
            return None
        year, month, day = (int(g) for g in match.groups())
    if not YEARS[0] <= year <= YEARS[1]:
        return None
    try:
        return date(year, month, day)
    except ValueError:
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
    for column, limit in LENGTHS.items():
        if len(table.cell(row, column)) > limit:
            bad(column, f"o valor é longo demais ({len(table.cell(row, column))} caracteres; o máximo nesta coluna "
                f"é {limit}). Confira a célula: «{_shown(cell(column))}».")
    if len(problems.problems) > before:
        return None
    when = None
    text = cell("data")
    if not text:
        bad("data", "a data está vazia. Informe a data de publicação do ato, por exemplo 05/08/2024.")
    else:
        when = parse_date(text)
        if when is None:
            bad("data", f"a data «{text}» não é válida. Use DD/MM/AAAA ou AAAA-MM-DD, com algarismos de 0 a 9 e o ano "
                f"entre {YEARS[0]} e {YEARS[1]}, por exemplo 05/08/2024.")
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
        if not _COUNT.fullmatch(text) or not text.strip("0"):
            bad("vagas", f"«{_shown(text)}» não é um número de vagas: use um inteiro maior que zero, com algarismos de "
                "0 a 9, por exemplo 2.")
        elif len(text.lstrip("0")) > len(str(VACANCY_LIMIT)) or int(text) > VACANCY_LIMIT:  # no int() of a huge text
            bad("vagas", f"«{_shown(text)}» vagas passa do limite de {_number(VACANCY_LIMIT)} vagas por cargo. "
                "Confira o número no ato.")
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
