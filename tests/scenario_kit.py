"""Build exams from the compact scenario files in tests/scenarios/ (a lawyer-readable format)."""

from __future__ import annotations

import tomllib
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

from generator.law.rules import load_rules
from generator.model import Candidate, CommissionOutcome, Exam, Position, Publication

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "content" / "jurisdicoes"
TEST_RULES = ROOT / "tests" / "editais"  # editais of other shapes (issue 10); not named jurisdicoes/, which
# find_rules_dir would take for the corpus exams below tests/
SCENARIOS = ROOT / "tests" / "scenarios"
GROUP_WORDS = {"negro", "pcd", "indigena", "quilombola"}


def parse_candidate(text: str, position: str, line: int) -> Candidate:
    """"1003 88,5 negro pcd F nasc=1960-01-02 ausente escolha=pcd nome=Ana_Maria_Costa" (nasc=- : no date; escolha=:
    the reserve chosen when reached by two; nome=: the name, "_" for spaces, default «Candidato <inscrição>») →
    Candidate (earlier lines are older by default)."""
    reg, score, *rest = text.split()
    opts = frozenset(t for t in rest if t in GROUP_WORDS)
    sex = next((t for t in rest if t in ("F", "M")), "M")
    status = next((t for t in rest if t in ("eliminado", "ausente")), "aprovado")
    birth = next((None if t == "nasc=-" else date.fromisoformat(t[5:]) for t in rest if t.startswith("nasc=")),
                 date(1970, 1, 1) + timedelta(days=line))  # nasc=- : the board left the birth date empty
    rank = next((int(t[6:]) for t in rest if t.startswith("class=")), None)
    choice = next((t[8:] for t in rest if t.startswith("escolha=")), None)
    name = next((t[5:].replace("_", " ") for t in rest if t.startswith("nome=")), f"Candidato {reg}")
    candidate = Candidate(reg, name, position, Decimal(score.replace(",", ".")), rank, birth, None,
                          sex, opts, status, line, choice)
    candidate.tie = {t[2:].split("=")[0]: _tie_value(t.split("=")[1])
                     for t in rest if t.startswith("x:")} or None  # x:coluna=valor (x:coluna=- : empty cell)
    return candidate


def _tie_value(text: str):
    """x:coluna=87,5 → Decimal; x:hora_nascimento=08:30 → seconds after midnight (tiebreak.parse_hour); - : empty."""
    from generator.tiebreak import parse_hour

    if text == "-":
        return None
    return parse_hour(text) if ":" in text else Decimal(text.replace(",", "."))


def load_scenario(path: Path) -> tuple[dict, Exam]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cargo = data["cargo"]
    position = Position(cargo.get("codigo", "C1"), cargo.get("nome", "Cargo"), cargo["vagas"],
                        cargo.get("reservas"), {k: tuple(v) for k, v in cargo["posicoes"].items()}
                        if "posicoes" in cargo else None, cargo.get("guarda_municipal", False),
                        cargo.get("cadastro"), cargo.get("cadastro_reservas"), cargo.get("cadastro_fundamento", ""))
    lines = [*_fillers(data.get("preencher", [])), *data["candidatos"]]
    candidates = [parse_candidate(t, position.code, i + 2) for i, t in enumerate(lines)]
    columns = tuple(dict.fromkeys(k for c in candidates for k in (c.tie or {})))
    for c in candidates:  # the board's tie-break columns: every row has every column (absent: empty)
        c.tie = tuple((c.tie or {}).get(k) for k in columns) if columns else None
    commission = [CommissionOutcome(*row.split(), line=i + 2) for i, row in enumerate(data.get("comissao", []))]
    exam = Exam("cenario", data["jurisdicao"], data["nome"], "Órgão", "Edital",
                Publication("Diário", "1", date(2024, 6, 1), "Atos"), [position], candidates, commission,
                list(data.get("desistencias", [])))
    exam.tie_columns = columns
    exam.registration_end = data.get("inscricoes_fim")  # a TOML date: who is 60 or more (Estatuto, art. 27 p.u.)
    exam.tiebreak = list(data.get("desempate", []))  # the edital's own criteria (certame.toml [[desempate]])
    return data, exam


def registrations(items: list[str]) -> list[str]:
    """["2001..2003", "9001"] → ["2001", "2002", "2003", "9001"]: a hand-computed list written with ranges."""
    return [reg for item in items for reg in (registration_range(item) if ".." in item else [item])]


def registration_range(text: str) -> list[str]:
    """"9001..9003" → ["9001", "9002", "9003"]."""
    first, last = text.split("..")
    return [str(n) for n in range(int(first), int(last) + 1)]


def _fillers(specs: list[str]) -> list[str]:
    """"9001..9040 99": ordinary candidates with scores 99, 98.9, … (all above whoever follows); words after the
    score go on every row ("2001..2050 70 negro": fifty negros from 70 down)."""
    rows = []
    for spec in specs:
        span, top, *words = spec.split()
        for k, reg in enumerate(registration_range(span)):
            rows.append(" ".join([reg, str(Decimal(top) - Decimal(k) / 10), *words]))
    return rows


def rules(jurisdiction: str):
    path = RULES / f"{jurisdiction}.toml"
    return load_rules(path if path.is_file() else TEST_RULES / f"{jurisdiction}.toml")


def load_acts(data: dict, position: str = "C1"):
    """Scenario acts and events: "50/2024 2024-08-05 3" is a convocação of 3 places; an event line is
    "date act kind inscrição-or-vagas [resultado]"; each [[etapas]] table is a convocação to a stage (numero, data,
    etapa, ordem, fundamento, quantos), with the same keys as certame.toml's [[atos]] (LEGAL-NOTES 18)."""
    from generator.load.events import COMMISSION, NEW_VACANCIES, Event
    from generator.acts.model import CALL, Act, Edition
    acts = []
    for line, text in enumerate(data.get("atos", []), start=1):
        number, day, places = text.split()
        d = date.fromisoformat(day)
        acts.append(Act(CALL, number, d, Edition("Diário", d), position=position, places=int(places), line=line))
    for line, table in enumerate(data.get("etapas", []), start=len(acts) + 1):
        d = table["data"]
        acts.append(Act(CALL, table["numero"], d, Edition("Diário", d), position=position, stage=table["etapa"],
                        stage_order=table["ordem"], count=table.get("quantos"), basis=table["fundamento"],
                        line=line))
    events = []
    for line, text in enumerate(data.get("eventos", []), start=2):
        day, act, kind, *rest = text.split()
        d = date.fromisoformat(day)
        if kind == NEW_VACANCIES:
            events.append(Event(d, act, kind, position, vacancies=int(rest[0]), line=line))
        else:
            events.append(Event(d, act, kind, position, rest[0], outcome=rest[1] if kind == COMMISSION else None,
                                line=line))
    return acts, events
