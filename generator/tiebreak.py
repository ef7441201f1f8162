"""Tie-break as data (issue 10 item 5; LEGAL-NOTES 11): the ordered criteria that decide between candidates with the
same final score, each with its citation, from the rule file (`[[desempate.criterios]]`) or the exam's edital
(`[[desempate]]` in certame.toml, which prevails).

A criterion is the Estatuto da Pessoa Idosa's rule (`idoso`: 60 or more on the last day of registration first, the
older first among them — Lei Federal nº 10.741/2003, art. 27, parágrafo único), age (`idade`: the older first; with
`hora`, the board's column with the hour of birth decides between the same birth date), a column of the board's file
(`coluna`: the higher or the lower value wins) or a draw (`sorteio`: the board's column with each candidate's number
in the draw, the lower first unless `vence = "maior"`, citing in `ato` the act that recorded the draw — LEGAL-NOTES
19). Birth dates and hours are restricted: they decide, and are never published; a `coluna` or `sorteio` criterion
with `publicar = true` puts its values on the lists (public.py), a score being public (LEGAL-NOTES 7, 19). The order is total or there is an error:
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
DRAW = "sorteio"
CRITERION_WORDS = (ELDERLY, AGE, COLUMN, DRAW)
# How the loader reads each tie-break column of the board's file (Candidate.tie): a number or S/N, a number only (a
# published score), a draw number (an integer ≥ 1) or an hour of birth (HH:MM, restricted).
VALUE, SCORE, DRAW_NUMBER, HOUR = "valor", "nota", "sorteio", "hora"
DRAW_COLUMN = "sorteio"  # the draw's column when `coluna` is not given
WINS_WORDS = ("maior", "menor")
ELDERLY_AGE = 60  # Lei Federal nº 10.741/2003, art. 1º and art. 27, parágrafo único

# Every criterion word, documented (shown on the "Regras aplicadas" page).
WORDS = {
    ELDERLY: "quem tem 60 anos ou mais no último dia das inscrições vem antes; entre eles, o mais velho",
    AGE: "o mais velho",
    COLUMN: "a coluna da planilha da banca",
    DRAW: "o número de cada candidato no sorteio, registrado em ato público",
}
ELDERLY_ROW = "pessoa idosa (art. 27, p.u., Lei 10.741/2003)"  # a tie decided by it, on the lists: never the date


@dataclass(frozen=True, slots=True)
class TieCriterion:
    """One tie-break criterion with its citation."""

    kind: str  # CRITERION_WORDS
    basis: Basis
    column: str = ""  # for COLUMN: the board's column (our name, folded like the header)
    wins: str = "maior"  # for COLUMN: the higher (maior) or the lower (menor) value comes first
    label: str = ""  # for COLUMN: its words ("nota da prova de conhecimentos específicos")
    hour: str = ""  # for AGE and ELDERLY: the board's column with the hour of birth (restricted, never published)
    publish: bool = False  # for COLUMN and DRAW: its values are shown on the lists (site, PDF, open data)
    act: str = ""  # for DRAW: the act that recorded the draw ("Ata da sessão pública de sorteio de 10/04/2024")

    @property
    def text(self) -> str:
        """The criterion in words."""
        if self.kind == COLUMN:
            what = self.label or f"coluna «{self.column}»"
            return f"maior {what}" if self.wins == "maior" else f"menor {what}"
        if self.kind == DRAW:
            first = "menor" if self.wins == "menor" else "maior"
            return f"sorteio: {first} número ({self.act})"
        if self.hour:
            return f"{WORDS[self.kind]} (pela data e, se coincidir, pela hora de nascimento)"
        return WORDS[self.kind]

    @property
    def row_text(self) -> str:
        """The words on a list row whose tie this criterion decided (LEGAL-NOTES 19: never a birth date)."""
        if self.kind == COLUMN:
            return f"desempate: {self.label or self.column}"
        if self.kind == DRAW:
            return f"desempate: sorteio ({self.act})"
        if self.kind == ELDERLY:
            return f"desempate: {ELDERLY_ROW}"
        return "desempate: idade"

    @property
    def shown(self) -> str:
        """The column's heading on the lists, for a published criterion."""
        if self.kind == DRAW:
            return self.label or "Sorteio"
        text = self.label or self.column
        return text[:1].upper() + text[1:]


def columns_of(criteria: tuple[TieCriterion, ...]) -> tuple[str, ...]:
    """The board's columns the criteria read, each once, in order."""
    return tuple(column_kinds(criteria))


def column_kinds(criteria: tuple[TieCriterion, ...]) -> dict[str, str]:
    """The board's columns the criteria read, in order, each with how the loader reads it (VALUE, SCORE,
    DRAW_NUMBER or HOUR)."""
    kinds: dict[str, str] = {}
    for c in criteria:
        if c.kind == COLUMN and c.column:
            kinds.setdefault(c.column, SCORE if c.publish else VALUE)
        elif c.kind == DRAW and c.column:
            kinds.setdefault(c.column, DRAW_NUMBER)
        elif c.kind in (AGE, ELDERLY) and c.hour:
            kinds.setdefault(c.hour, HOUR)
    return kinds


def published(criteria: tuple[TieCriterion, ...] | None) -> tuple[TieCriterion, ...]:
    """The criteria whose column the lists show, each column once (never a birth date nor an hour).

    A score that decides a tie is public (LEGAL-NOTES 7, 19). The draw's number may be published too — our reading,
    not in LEGAL-NOTES: it is the result of a public act (the draw session and its ata are published, Constituição
    Federal, art. 37, caput — publicidade; Lei Federal nº 12.527/2011, art. 8º), it says nothing about the person
    (not sensitive data, LGPD art. 5º, II), and without it the last step of an order decided by draw cannot be
    checked (LEGAL-NOTES 19)."""
    out: dict[str, TieCriterion] = {}
    for c in criteria or ():
        if c.publish and c.kind in (COLUMN, DRAW) and c.column:
            out.setdefault(c.column, c)
    return tuple(out.values())


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


def _steps(criteria: tuple[TieCriterion, ...]) -> list[tuple[TieCriterion, bool]]:
    """The criteria as sort steps: a criterion with an hour of birth is two steps, the date then (only between the
    same date) the hour — an hour is never needed, nor an error, when the dates differ."""
    return [step for c in criteria for step in ((c, False), (c, True))[:2 if c.hour and c.kind in (AGE, ELDERLY)
                                                                         else 1]]


def decide(run: list, criteria: tuple[TieCriterion, ...], columns: tuple[str, ...], registration_end: date | None,
           cfile: str, code: str) -> tuple[list, list[Problem]]:
    """Order a run of candidates with the same score by the criteria; problems for what they cannot decide."""
    position = {name: k for k, name in enumerate(columns)}
    steps = _steps(criteria)
    problems: list[Problem] = []
    out: list = []
    stack = [(list(run), 0)]
    while stack:  # depth-first, left to right: the output keeps the order decided so far
        group, k = stack.pop()
        if len(group) == 1:
            out.extend(group)
            continue
        group.sort(key=lambda c: c.line)  # only for stable messages: ties left open are errors, never an order
        if k == len(steps):
            decided = ", ".join(c.text for c in criteria)
            for a, b in zip(group, group[1:]):
                problems.append(_tie(a, b, cfile, code, f"mesma nota e empate em todos os critérios do desempate: "
                                     f"{decided}", "Informe a coluna «classificacao» oficial da banca."))
            out.extend(group)
            continue
        criterion, hour = steps[k]
        keys, missing = {}, []
        for c in group:
            try:
                keys[id(c)] = _key(c, criterion, position, registration_end, hour)
            except _Missing as gap:
                missing.append(gap)
        if any(gap.key for gap in missing):
            problems.append(missing_end(criterion))
        if missing:
            for gap in (g for g in missing if not g.key):
                other = next(c for c in group if c is not gap.candidate)
                problems.append(_tie(gap.candidate, other, cfile, code,
                                     f"mesma nota; o desempate por «{criterion.text}» ({criterion.basis.text}) não "
                                     f"pode ser feito: {gap.why}", _fix(criterion, hour), _column(criterion, hour)))
            out.extend(group)
            continue
        group.sort(key=lambda c: keys[id(c)])
        parts, start = [], 0
        for i in range(1, len(group) + 1):
            if i == len(group) or keys[id(group[i])] != keys[id(group[start])]:
                parts.append(group[start:i])
                start = i
        if criterion.kind == DRAW and any(len(part) > 1 for part in parts):
            for part in (p for p in parts if len(p) > 1):  # a draw gives each tied candidate its own number
                part.sort(key=lambda c: c.line)
                for a, b in zip(part, part[1:]):
                    problems.append(_tie(a, b, cfile, code, f"mesma nota e o mesmo número no sorteio "
                                         f"({abs(keys[id(a)])}, coluna «{criterion.column}»; {criterion.act}), "
                                         f"que dá um número diferente a cada empatado",
                                         f"Corrija a coluna «{criterion.column}» conforme o ato do sorteio.",
                                         criterion.column))
            out.extend(group)
            continue
        stack.extend((part, k + 1) for part in reversed(parts))
    return out, problems


def _key(c, criterion: TieCriterion, position: dict[str, int], registration_end: date | None, hour: bool = False):
    """A sort key (smaller first), or _Missing. `hour`: the hour-of-birth step of an age criterion."""
    if criterion.kind in (COLUMN, DRAW):
        value = _cell(c, criterion.column, position)
        if value is None:
            what = "sem número de sorteio" if criterion.kind == DRAW else "sem valor"
            raise _Missing(c, f"a inscrição {c.registration} está {what} na coluna «{criterion.column}»")
        return -value if criterion.wins == "maior" else value
    if c.birth is None:
        raise _Missing(c, f"a inscrição {c.registration} está sem data de nascimento")
    if criterion.kind == ELDERLY:
        if registration_end is None:
            raise _Missing(c, "falta o último dia das inscrições (inscricoes_fim em certame.toml), que diz quem tem "
                           "60 anos ou mais", key=True)
        elderly = c.birth <= sixty_on(registration_end)
        if not hour:
            return (0, c.birth) if elderly else (1, date.min)
        if not elderly:
            return 0  # the statute orders only those aged 60 or more: the others go on to the next criterion
    elif not hour:
        return c.birth
    value = _cell(c, criterion.hour, position)
    if value is None:  # restricted: neither the date nor the hour is repeated in the message
        raise _Missing(c, f"a inscrição {c.registration} está sem hora de nascimento na coluna «{criterion.hour}», "
                       "e as datas de nascimento coincidem")
    return value


def _cell(c, column: str, position: dict[str, int]):
    values = c.tie or ()
    at = position.get(column)
    return values[at] if at is not None and at < len(values) else None


def _column(criterion: TieCriterion, hour: bool) -> str | None:
    """The column a message points at: the criterion's own, the hour's, or the birth date's."""
    if criterion.kind in (COLUMN, DRAW):
        return criterion.column
    return criterion.hour if hour else None


def _fix(criterion: TieCriterion, hour: bool = False) -> str:
    if criterion.kind == DRAW:
        return (f"Preencha a coluna «{criterion.column}» com o número de cada empatado no sorteio ({criterion.act}) "
                "ou informe a coluna «classificacao» oficial da banca.")
    if criterion.kind == COLUMN:
        return f"Preencha a coluna «{criterion.column}» ou informe a coluna «classificacao» oficial da banca."
    if hour:
        return (f"Informe a hora de nascimento (HH:MM) na coluna «{criterion.hour}» ou a coluna «classificacao» "
                "oficial da banca.")
    return "Informe a data de nascimento ou a coluna «classificacao» oficial da banca."


def _tie(a, b, cfile: str, code: str, why: str, fix: str, column: str | None = None) -> Problem:
    first, second = sorted((a, b), key=lambda c: c.line)
    return Problem(cfile, f"empate não resolvido no cargo «{code}» entre as inscrições {first.registration} e "
                   f"{second.registration} ({why}). {fix}", (first.line, second.line), column)


def deciding(a, b, criteria: tuple[TieCriterion, ...], columns: tuple[str, ...],
             registration_end: date | None) -> TieCriterion | None:
    """The criterion that put `a` before `b` (same score), for `explicar` and the lists; None when none tells them
    apart."""
    position = {name: k for k, name in enumerate(columns)}
    for criterion, hour in _steps(criteria):
        try:
            if _key(a, criterion, position, registration_end, hour) != \
                    _key(b, criterion, position, registration_end, hour):
                return criterion
        except _Missing:
            return None
    return None


def parse_draw(text: str) -> int | None:
    """A draw number: an integer ≥ 1 (the order drawn); empty is None. Raises ValueError with the message."""
    text = text.strip()
    if not text:
        return None
    digits = text[:-2] if text.endswith(".0") else text  # an XLSX number cell
    if not (digits.isdigit() and digits.isascii()) or int(digits) < 1:
        raise ValueError(f"o número de sorteio «{text}» não é um inteiro ≥ 1. Escreva a ordem sorteada de cada "
                         "candidato empatado (1, 2, 3…), como no ato que registrou o sorteio.")
    return int(digits)


def parse_hour(text: str) -> int | None:
    """An hour of birth HH:MM (or HH:MM:SS, or 08h30) as seconds after midnight; empty is None. Raises ValueError
    without repeating the value (birth data is personal: LEGAL-NOTES 7)."""
    text = text.strip().lower().replace("h", ":", 1)
    if not text:
        return None
    parts = text.split(":")
    if parts and parts[-1] == "":
        parts[-1] = "00"  # «08h»
    if not (2 <= len(parts) <= 3 and all(p.isdigit() and p.isascii() and 1 <= len(p) <= 2 for p in parts)):
        raise ValueError(_BAD_HOUR)
    hours, minutes, seconds = (int(p) for p in (*parts, "0")[:3])
    if hours > 23 or minutes > 59 or seconds > 59:
        raise ValueError(_BAD_HOUR)
    return hours * 3600 + minutes * 60 + seconds


_BAD_HOUR = ("a hora de nascimento é inválida. Use HH:MM, por exemplo 08:30 ou 23:05. O valor não é repetido aqui "
             "por ser dado pessoal.")


def parse_score_only(text: str, places: int) -> Decimal | None:
    """A published tie-break column: a score, never S/N (a published column holds scores only, LEGAL-NOTES 19)."""
    from .load.text import fold

    if fold(text) in ("s", "sim", "n", "nao"):
        raise ValueError(f"o valor «{text.strip()}» não é uma nota. Esta coluna é publicada nas listas "
                         "(publicar = true no critério de desempate) e só pode trazer notas, com vírgula decimal.")
    return parse_value(text, places)


def parser(kind: str, places: int):
    """The cell parser for a tie-break column read as `kind` (column_kinds)."""
    if kind == DRAW_NUMBER:
        return parse_draw
    if kind == HOUR:
        return parse_hour
    if kind == SCORE:
        return lambda text: parse_score_only(text, places)
    return lambda text: parse_value(text, places)


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
