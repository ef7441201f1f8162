"""Tie-break as data (issue 10 item 5; LEGAL-NOTES 11): the ordered criteria that decide between candidates with the
same final score, each with its citation, from the rule file (`[[desempate.criterios]]`) or the exam's edital
(`[[desempate]]` in certame.toml, which prevails).

A criterion is the Estatuto da Pessoa Idosa's rule (`idoso`: 60 or more on the last day of registration first, the
older first among them — Lei Federal nº 10.741/2003, art. 27, parágrafo único), age (`idade`: the older first) or a
column of the board's file (`coluna`: the higher or the lower value wins). The order is total or there is an error:
a tie the criteria cannot decide — equal on all of them, or a value a needed criterion lacks (a birth date, a cell,
the last day of registration) — names both inscrições and both lines. Row order never decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .errors import Problem
from .law.basis import Basis

ELDERLY = "idoso"
AGE = "idade"
COLUMN = "coluna"
CRITERION_WORDS = (ELDERLY, AGE, COLUMN)
WINS_WORDS = ("maior", "menor")
ELDERLY_AGE = 60  # Lei Federal nº 10.741/2003, art. 1º and art. 27, parágrafo único

# Every criterion word, documented (shown on the "Regras aplicadas" page).
WORDS = {
    ELDERLY: "quem tem 60 anos ou mais no último dia das inscrições vem antes; entre eles, o mais velho",
    AGE: "o mais velho",
    COLUMN: "a coluna da planilha da banca",
}


@dataclass(frozen=True, slots=True)
class TieCriterion:
    """One tie-break criterion with its citation."""

    kind: str  # CRITERION_WORDS
    basis: Basis
    column: str = ""  # for COLUMN: the board's column (our name, folded like the header)
    wins: str = "maior"  # for COLUMN: the higher (maior) or the lower (menor) value comes first
    label: str = ""  # for COLUMN: its words ("nota da prova de conhecimentos específicos")

    @property
    def text(self) -> str:
        """The criterion in words."""
        if self.kind == COLUMN:
            what = self.label or f"coluna «{self.column}»"
            return f"maior {what}" if self.wins == "maior" else f"menor {what}"
        return WORDS[self.kind]


def columns_of(criteria: tuple[TieCriterion, ...]) -> tuple[str, ...]:
    """The board's columns the criteria read, each once, in order."""
    return tuple(dict.fromkeys(c.column for c in criteria if c.kind == COLUMN))


def sixty_on(registration_end: date) -> date:
    """The latest birth date of someone aged 60 or more on `registration_end`."""
    try:
        return registration_end.replace(year=registration_end.year - ELDERLY_AGE)
    except ValueError:  # 29 February: the anniversary falls on 28 February of a common year
        return registration_end.replace(year=registration_end.year - ELDERLY_AGE, day=28)


class _Missing(Exception):
    def __init__(self, candidate, why: str, key: bool = False):
        self.candidate, self.why = candidate, why
        self.key = key  # a key of certame.toml is missing, not a candidate's value: one message for the exam


def missing_end(criterion: TieCriterion) -> Problem:
    """The one message for an exam whose `idoso` criterion has ties to decide and no inscricoes_fim: the same text
    for every tie, so the exam's problems hold it once (errors.InputError drops repeats)."""
    return Problem("certame.toml", f"o critério de desempate «{ELDERLY}» ({WORDS[ELDERLY]}; {criterion.basis.text}) "
                   "precisa do último dia das inscrições, e há candidatos empatados a desempatar por ele. Acrescente "
                   "a data do edital em certame.toml, no início do arquivo (antes de [publicacao]), por exemplo: "
                   "inscricoes_fim = 2024-03-15", column="inscricoes_fim")


def decide(run: list, criteria: tuple[TieCriterion, ...], columns: tuple[str, ...], registration_end: date | None,
           cfile: str, code: str) -> tuple[list, list[Problem]]:
    """Order a run of candidates with the same score by the criteria; problems for what they cannot decide."""
    position = {name: k for k, name in enumerate(columns)}
    problems: list[Problem] = []
    out: list = []
    stack = [(list(run), 0)]
    while stack:  # depth-first, left to right: the output keeps the order decided so far
        group, k = stack.pop()
        if len(group) == 1:
            out.extend(group)
            continue
        group.sort(key=lambda c: c.line)  # only for stable messages: ties left open are errors, never an order
        if k == len(criteria):
            decided = ", ".join(c.text for c in criteria)
            for a, b in zip(group, group[1:]):
                problems.append(_tie(a, b, cfile, code, f"mesma nota e empate em todos os critérios do desempate: "
                                     f"{decided}", "Informe a coluna «classificacao» oficial da banca."))
            out.extend(group)
            continue
        criterion = criteria[k]
        keys, missing = {}, []
        for c in group:
            try:
                keys[id(c)] = _key(c, criterion, position, registration_end)
            except _Missing as gap:
                missing.append(gap)
        if any(gap.key for gap in missing):
            problems.append(missing_end(criterion))
        if missing:
            for gap in (g for g in missing if not g.key):
                other = next(c for c in group if c is not gap.candidate)
                problems.append(_tie(gap.candidate, other, cfile, code,
                                     f"mesma nota; o desempate por «{criterion.text}» ({criterion.basis.text}) não "
                                     f"pode ser feito: {gap.why}", _fix(criterion)))
            out.extend(group)
            continue
        group.sort(key=lambda c: keys[id(c)])
        parts, start = [], 0
        for i in range(1, len(group) + 1):
            if i == len(group) or keys[id(group[i])] != keys[id(group[start])]:
                parts.append(group[start:i])
                start = i
        stack.extend((part, k + 1) for part in reversed(parts))
    return out, problems


def _key(c, criterion: TieCriterion, position: dict[str, int], registration_end: date | None):
    """A sort key (smaller first), or _Missing."""
    if criterion.kind == COLUMN:
        values = c.tie or ()
        at = position.get(criterion.column)
        value = values[at] if at is not None and at < len(values) else None
        if value is None:
            raise _Missing(c, f"a inscrição {c.registration} está sem valor na coluna «{criterion.column}»")
        return -value if criterion.wins == "maior" else value
    if c.birth is None:
        raise _Missing(c, f"a inscrição {c.registration} está sem data de nascimento")
    if criterion.kind == AGE:
        return c.birth
    if registration_end is None:
        raise _Missing(c, "falta o último dia das inscrições (inscricoes_fim em certame.toml), que diz quem tem 60 "
                       "anos ou mais", key=True)
    return (0, c.birth) if c.birth <= sixty_on(registration_end) else (1, date.min)


def _fix(criterion: TieCriterion) -> str:
    if criterion.kind == COLUMN:
        return f"Preencha a coluna «{criterion.column}» ou informe a coluna «classificacao» oficial da banca."
    return "Informe a data de nascimento ou a coluna «classificacao» oficial da banca."


def _tie(a, b, cfile: str, code: str, why: str, fix: str) -> Problem:
    first, second = sorted((a, b), key=lambda c: c.line)
    return Problem(cfile, f"empate não resolvido no cargo «{code}» entre as inscrições {first.registration} e "
                   f"{second.registration} ({why}). {fix}", (first.line, second.line))


def deciding(a, b, criteria: tuple[TieCriterion, ...], columns: tuple[str, ...],
             registration_end: date | None) -> TieCriterion | None:
    """The criterion that put `a` before `b` (same score), for `explicar`; None when none tells them apart."""
    position = {name: k for k, name in enumerate(columns)}
    for criterion in criteria:
        try:
            if _key(a, criterion, position, registration_end) != _key(b, criterion, position, registration_end):
                return criterion
        except _Missing:
            return None
    return None


def parse_value(text: str, places: int) -> Decimal | None:
    """A tie-break cell: a number with at most `places` decimals (like `nota`), or S/N (1/0); empty is None.
    Raises ValueError with the message."""
    from .load import cells
    from .load.text import fold

    if not text.strip():
        return None
    word = fold(text)
    if word in ("s", "sim"):
        return Decimal(1)
    if word in ("n", "nao"):
        return Decimal(0)
    try:
        value = cells.parse_score(text)
    except cells.BadCell:
        raise ValueError(f"o valor «{text.strip()}» não é um número (nem S/N). Esta coluna decide empates: "
                         "escreva o número com vírgula decimal, ou S/N.") from None
    if value != value.quantize(Decimal(1).scaleb(-places)):
        raise ValueError(f"o valor «{text.strip()}» tem mais de {places} casas decimais (casas_decimais em "
                         "certame.toml).")
    return value
