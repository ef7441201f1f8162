"""Convocações and events over the exam's validity: who is called, by which act, and what happened after.

A convocação calls the next places of its cargo's nomination order — the same allocation, continued (LEGAL-NOTES
readings 2, 3 and 5): place k keeps the vacancy type and article that allocate.py gave it. Acts and events are
applied in date order (on the same date, events first).

Readings chosen here that LEGAL-NOTES does not spell out (each also said next to its code):
- A nomination is made by its act: "por ocasião da nomeação" (Lins art. 6º § 1º). A later event never moves an
  already-called candidate to another place or vacancy type.
- After an event the order is recomputed for the candidates still in the exam (allocate.py, the same allocation:
  LEGAL-NOTES 2, 3, 5) — exactly as desistencias.csv does before the result — and positions not yet called follow
  it. Where its candidate for a position has already been called elsewhere, the next candidate of the same list
  classified after them takes the position.
- A vacated place (withdrawal, sem efeito, annulment, or a commission outcome after a call beyond V) keeps its
  position and type and is filled from the list of that type by "o candidato posteriormente classificado" (Lins
  art. 5º § 1º; Cariacica art. 3º § 2º; LEGAL-NOTES 6 and 13): the one the recomputed order puts there, else the
  next of the list after the previous holder; an ampla place by the next of the general list; a reserve list with
  nobody left gives the place to ampla (Lins art. 5º § 2º; Cariacica art. 3º § 3º). The next convocação of the
  cargo calls vacated places first, in position order, then new positions; `vagas` counts both.
- New vacancies recompute the allocation for the new total V (LEGAL-NOTES 2/3; Cariacica art. 1º §§ 1º–3º): the
  reserved counts follow the norm's percentage of the new total, never below the edital's own counts.
- Commission beyond V: under Lins, a reserved place called beyond the edital's vacancies awaits the CAPPC, which
  is held only after the new nominations are authorised (Lins art. 7º § 3º). Its outcome follows the rule file
  (Lins art. 10, p.u., I–II; art. 9º § 2º). A not-confirmed candidate leaves the place (refilled from the same
  reserve list) and stays in the general list, where the recomputed order places them (LEGAL-NOTES 6).
  Commission outcomes stay anonymized (LEGAL-NOTES 7): they add no line to the candidate's named history.
- An annulment after a false declaration eliminates the candidate (Cariacica art. 2º § 1º; Lins art. 10, p.u.,
  I) and the next of the same list is called (LEGAL-NOTES 13); the published lists are not re-ranked (that is a
  retificação's job). A norm without that outcome (MS) rejects the event.
- Events come before convocações of the same date: a withdrawal published with a convocação is replaced by it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from datetime import date

from ..allocate import allocate, reserved_count
from ..errors import Problem
from ..law.basis import Basis
from ..model import OPEN, PROCEDURES
from ..labels import ordinal
from ..results import PositionResult, policy_for
from .events import ANNULMENT, COMMISSION, FILE, NEW_VACANCIES, VOID, WITHDRAWAL, Event
from .model import CALL, Act

PROCEDURE_OF = {group: proc for proc, group in PROCEDURES.items()}

# situacao of a called place
CALLED = "convocado"
STATUS_AFTER = {WITHDRAWAL: "desistiu", VOID: "sem_efeito", ANNULMENT: "anulado"}
LEFT_RESERVE = "saiu_da_reserva"
ELIMINATED = "eliminado"


@dataclass(slots=True)
class Place:
    """One place called: its position in the nomination order, its vacancy type and who was called to it."""

    position: int
    group: str
    index: int  # general-list index of the candidate called
    act: Act
    bases: tuple[Basis, ...]
    register: bool  # beyond the vacancies (cadastro de reserva)
    replaces: int | None = None  # the previous holder of this place (a refill)
    status: str = CALLED
    awaiting: bool = False  # reserved place beyond V whose commission is still to be held (Lins art. 7º § 3º)
    ended_by: str = ""  # act of the event that ended this holding
    cause: Basis | None = None  # the article that ended it (annulment, commission), cited by the refill


@dataclass(slots=True)
class HistoryLine:
    """One public line of a candidate's history (no commission outcome: LEGAL-NOTES 7)."""

    date: date
    act: str  # act number
    text: str


@dataclass(slots=True)
class Timeline:
    """One cargo over the validity period."""

    places: list[Place] = field(default_factory=list)  # every holding, in order of position then of call
    history: dict[int, list[HistoryLine]] = field(default_factory=dict)
    vacancies: int = 0  # V after new vacancies
    counts: dict[str, int] = field(default_factory=dict)  # reserved places for that V
    problems: list[Problem] = field(default_factory=list)

    def called_by(self) -> dict[int, str]:
        """General-list index → number of the act that (first) called the candidate."""
        out: dict[int, str] = {}
        for p in self.places:
            out.setdefault(p.index, p.act.number)
        return out


def act_name(number: str, acts: dict[str, Act]) -> str:
    """How an act is named in a history line: a declared act by its label, else as given ("Ato nº 52/2024")."""
    if number in acts:
        return acts[number].label
    return number if any(ch.isalpha() for ch in number) else f"Ato nº {number}"


FEMININE = {"portaria", "resolução", "resolucao", "instrução", "instrucao", "deliberação", "deliberacao", "lei",
            "ordem"}


def by(name: str) -> str:
    """"pelo Edital …", "pela Portaria …": the contraction agrees with the act's first word."""
    return ("pela " if name.split()[0].lower() in FEMININE else "pelo ") + name


def when(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def run(pr: PositionResult, rules, acts: list[Act], events: list[Event], declared: dict[str, Act],
        commission_held: set[str] = frozenset()) -> Timeline:
    """Apply this cargo's convocações and events in date order. `declared`: every act of the exam by number.
    `commission_held`: inscrições whose commission outcome is already in comissao.csv."""
    return _Run(pr, rules, declared, commission_held).go(acts, events)


class _Run:
    """The state of one cargo while its acts and events are applied."""

    def __init__(self, pr: PositionResult, rules, declared: dict[str, Act], commission_held):
        self.pr, self.rules, self.declared = pr, rules, declared
        self.code = pr.position.code
        self.position = pr.position  # with the current V (new vacancies change it)
        self.edital_vacancies = pr.position.vacancies
        self.order = list(pr.allocation.nominations)
        self.n = len(pr.order)
        self.pools = {g: list(pr.pools.get(g, ())) for g in pr.allocation.counts}
        self.withdrawn = set(pr.withdrawn)  # desistencias.csv: out before any call
        self.out: set[int] = set(self.withdrawn)  # can never be called (again)
        self.holding: dict[int, Place] = {}  # candidate → the place they hold now
        self.not_for: dict[int, set[str]] = {}  # candidate → reserves they may no longer be called through
        self.vacated: list[Place] = []
        self.index_of = {c.registration: i for i, c in enumerate(pr.order)}
        self.commission_held = set(commission_held)
        # Reserved places beyond V whose commission is held only when they are called: the rule file's
        # [nomeacao] cadastro_comissao_fundamento, for the groups in cadastro_comissao_grupos (Lins art. 7º § 3º).
        self.beyond_check = rules.register_check_basis
        self.beyond_groups = frozenset(rules.register_check_groups)
        self.t = Timeline(vacancies=pr.position.vacancies, counts=dict(pr.allocation.counts))
        # The order is recomputed when it is next read (a convocação, or the end), not after every event: it
        # depends only on the state, which only events change, so the result is the same and 100,000 events cost
        # one allocation per convocação instead of one each (issue 22 item 4).
        self.stale = False
        self.top = 0  # the highest position called so far
        self.open_from = 0  # every general-list index below it is unavailable (see next_of)

    # -- helpers -------------------------------------------------------------------------------------------------
    def available(self, i: int, group: str) -> bool:
        return i not in self.out and i not in self.holding and group not in self.not_for.get(i, ())

    def next_of(self, group: str, after: int = -1) -> int | None:
        """The next available candidate of a list (the general list for ampla) ranked after `after`: "o candidato
        posteriormente classificado" (Lins art. 5º § 1º; Cariacica art. 3º § 2º). A scan: events are few."""
        if group == OPEN:  # from the first index that may be available: a scan from 0 made each call O(n)
            i = next((i for i in range(self.open_from, self.n) if self.available(i, OPEN)), None)
            self.open_from = self.n if i is None else i
            return i
        pool = self.pools.get(group, [])
        start = bisect_right(pool, after)  # pools are in rank order, i.e. ascending general-list index
        return next((pool[k] for k in range(start, len(pool)) if self.available(pool[k], group)), None)

    def recompute(self) -> None:
        """The order for the candidates still in the exam and the current V: the same allocation (LEGAL-NOTES 2,
        3, 5), without those who left, and with each reserve list without those who left it."""
        pools = {g: [i for i in pool if g not in self.not_for.get(i, ())] for g, pool in self.pools.items()}
        blocked = self.withdrawn | (self.out - set(self.holding))
        policy, _ = policy_for(self.position, self.rules)
        allocation = allocate(self.n, pools, blocked, policy)
        self.order, self.t.counts = allocation.nominations, dict(allocation.counts)
        self.stale = False

    def history(self, i: int, d: date, act: str, text: str) -> None:
        self.t.history.setdefault(i, []).append(HistoryLine(d, act, text))

    def problem(self, file: str, message: str, line=None, column=None) -> None:
        self.t.problems.append(Problem(file, message, line, column))

    # -- the run -------------------------------------------------------------------------------------------------
    def go(self, acts: list[Act], events: list[Event]) -> Timeline:
        steps = [(e.date, 0, e.line, e) for e in events] + [(a.date, 1, a.line, a) for a in acts]
        for _, _, _, step in sorted(steps, key=lambda s: s[:3]):
            if self.t.problems:
                break
            if isinstance(step, Event):
                self.event(step)
            else:
                self.call(step)
        if self.stale and not self.t.problems:
            self.recompute()
        self.t.places.sort(key=lambda p: p.position)  # stable: a place's holders stay in the order of their calls
        return self.t

    def call(self, act: Act) -> None:
        """A convocação of `act.places` places: vacated ones first, then the next positions of the order."""
        if self.stale:
            self.recompute()
        for k in range(act.places or 0):
            if self.vacated:
                place = self.refill(self.vacated.pop(0), act)
            else:
                position = self.positions() + 1
                nom = self.order[position - 1] if position <= len(self.order) else None
                place = None if nom is None else self.fill(position, nom, act)
            if place is None:
                self.problem("certame.toml", f"o {act.label} chama {act.places} vaga(s) do cargo «{self.code}», "
                             f"mas só restavam {k} candidato(s) a convocar. Reduza «vagas».",
                             column=f"atos[{act.line}].vagas")
                return

    def positions(self) -> int:
        return self.top

    def fill(self, position: int, nom, act: Act) -> Place | None:
        """A new position: the order's candidate when still available, else the next of the same list after them."""
        group, index, bases = nom.group, nom.index, nom.bases
        if not self.available(index, group):
            index = self.next_of(group, nom.index)
            if group != OPEN:
                bases = (*bases, self.rules.withdrawal_basis)
            if index is None and group != OPEN:  # nobody left in that list: the place goes to ampla
                index, bases, group = self.next_of(OPEN), (self.rules.reversion_basis,), OPEN
        return self.seat(position, group, index, bases, act)

    def refill(self, old: Place, act: Act) -> Place | None:
        """A vacated place keeps its position and type and goes to the list of its type (Lins art. 5º § 1º;
        Cariacica art. 3º § 2º): the candidate the recomputed order puts there, or the next of the list."""
        cause = (old.cause,) if old.cause else ()
        if old.group == OPEN:
            bases = (self.rules.open_basis, *cause)
        else:
            bases = (self.pr.count_bases[old.group], self.rules.withdrawal_basis, *cause)
        nom = self.order[old.position - 1] if old.position <= len(self.order) else None
        group = old.group
        if nom is not None and nom.group == group and self.available(nom.index, group):
            index = nom.index
        else:
            index = self.next_of(group, old.index)
            if index is None and group != OPEN:  # nobody left in that list (Lins art. 5º § 2º; Cariacica 3º § 3º)
                index, bases, group = self.next_of(OPEN), (self.rules.reversion_basis, *cause), OPEN
        place = self.seat(old.position, group, index, bases, act)
        if place is not None:
            place.replaces = old.index
        return place

    def seat(self, position: int, group: str, index: int | None, bases, act: Act) -> Place | None:
        if index is None:
            return None
        register = position > self.t.vacancies
        procedure = PROCEDURE_OF.get(group)
        awaiting = (self.beyond_check is not None and group in self.beyond_groups
                    and position > self.edital_vacancies and procedure is not None
                    and self.pr.order[index].registration not in self.commission_held)
        if awaiting:
            bases = (*bases, self.beyond_check)
        place = Place(position, group, index, act, tuple(bases), register, awaiting=awaiting)
        self.top = max(self.top, position)
        self.t.places.append(place)
        self.holding[index] = place
        kind = f"{ordinal(position, feminine=True)} posição, vaga {self.rules.vacancy_label(group)}"
        self.history(index, act.date, act.number,
                     f"Convocado {by(act.label)}, de {when(act.date)} ({kind}"
                     + (", cadastro de reserva" if register else "") + ").")
        return place

    def vacate(self, place: Place, status: str, event: Event, cause: Basis | None = None) -> None:
        place.status, place.ended_by, place.cause = status, event.act, cause
        del self.holding[place.index]
        self.vacated.append(place)
        self.vacated.sort(key=lambda p: p.position)

    def event(self, e: Event) -> None:
        if e.act in self.declared and self.declared[e.act].date != e.date:
            act = self.declared[e.act]
            self.problem(FILE, f"o ato nº {e.act} é de {when(act.date)} (certame.toml), mas o evento diz "
                         f"{when(e.date)}.", e.line, "data")
            return
        name = act_name(e.act, self.declared)
        if e.kind == NEW_VACANCIES:
            self.new_vacancies(e)
            return
        i = self.index_of.get(e.registration)
        place = self.holding.get(i) if i is not None else None
        if i is None:  # eliminated or withdrawn before the result: not in the general list
            self.problem(FILE, f"a inscrição {e.registration} não está na lista geral do cargo «{self.code}» "
                         "(eliminada ou desistente antes do resultado).", e.line, "inscricao")
            return
        if i in self.out:
            self.problem(FILE, f"a inscrição {e.registration} já tinha saído da ordem de nomeação antes de "
                         f"{when(e.date)}.", e.line, "inscricao")
            return
        if e.kind == WITHDRAWAL:
            if place is not None:
                self.vacate(place, STATUS_AFTER[WITHDRAWAL], e)
            self.out.add(i)
            self.history(i, e.date, e.act, f"Desistência publicada {by(name)}, de {when(e.date)}.")
        elif e.kind in (VOID, ANNULMENT):
            if place is None:
                self.problem(FILE, f"a inscrição {e.registration} não estava convocada em {when(e.date)}: não há "
                             "nomeação a tornar sem efeito ou anular.", e.line, "inscricao")
                return
            if e.kind == ANNULMENT:
                rule = self.rules.commission.get(("heteroidentificacao", "fraude"))
                if rule is None:
                    self.problem(FILE, f"a norma de {self.rules.id} não prevê anulação por declaração falsa.",
                                 e.line, "tipo")
                    return
                self.vacate(place, STATUS_AFTER[ANNULMENT], e, rule.basis)
                self.out.add(i)
                self.history(i, e.date, e.act, f"Nomeação anulada por declaração falsa, com eliminação do concurso "
                             f"({rule.basis.text}), {by(name)}, de {when(e.date)}.")
            else:
                self.vacate(place, STATUS_AFTER[VOID], e)
                self.out.add(i)
                self.history(i, e.date, e.act, f"Nomeação tornada sem efeito {by(name)}, de {when(e.date)}.")
        elif e.kind == COMMISSION:
            self.commission(e, i, place)
        self.stale = True

    def commission(self, e: Event, i: int, place: Place | None) -> None:
        """Outcome of the commission for a candidate called beyond V (Lins art. 7º § 3º). Anonymized: no history."""
        if place is None or not place.awaiting:
            self.problem(FILE, f"a inscrição {e.registration} não ocupa vaga reservada além das vagas do edital "
                         "aguardando a comissão; os resultados das comissões dentro das vagas vão em comissao.csv.",
                         e.line, "inscricao")
            return
        rule = self.rules.commission.get((PROCEDURE_OF[place.group], e.outcome))
        if rule is None:
            self.problem(FILE, f"o resultado «{e.outcome}» não é previsto pela norma de {self.rules.id} para o "
                         f"procedimento «{PROCEDURE_OF[place.group]}».", e.line, "resultado")
            return
        place.awaiting = False
        place.bases = (*place.bases, rule.basis)
        if rule.effect == "sai_da_reserva":  # stays in the general list (Lins art. 10, p.u., II; LEGAL-NOTES 6)
            self.vacate(place, LEFT_RESERVE, e, rule.basis)
            self.not_for.setdefault(i, set()).add(place.group)
            self.open_from = min(self.open_from, i)  # available again in the general list
        elif rule.effect == "elimina":  # fraud or absence (Lins art. 10, p.u., I; art. 9º § 2º)
            self.vacate(place, ELIMINATED, e, rule.basis)
            self.out.add(i)

    def new_vacancies(self, e: Event) -> None:
        """Vacancies that arose during validity (Cariacica art. 1º § 3º): the allocation for the new total V."""
        total = self.t.vacancies + e.vacancies
        pos = self.pr.position
        reserves = None
        if pos.reserves:  # the edital's counts were for its own vacancies: percentage of the new total, not less
            reserves = {g: max(n, reserved_count(total, self.rules.groups[g].percent, self.rules.rounding,
                                                 self.rules.min_for(g)[0])) for g, n in pos.reserves.items()}
        self.position = replace(pos, vacancies=total, reserves=reserves)
        self.t.vacancies = total
        self.stale = True
        for p in self.t.places:  # places within the new total are no longer cadastro de reserva
            if p.position <= total:
                p.register = False


def apply(result, acts: list[Act], events: list[Event]) -> dict[str, Timeline]:
    """Every cargo's timeline; raises InputError with every problem (nothing is applied partially)."""
    from ..errors import InputError
    declared = {a.number: a for a in acts}
    codes = {pr.position.code for pr in result.positions}
    problems: list[Problem] = []
    calls: dict[str, list[Act]] = {code: [] for code in codes}
    for a in acts:
        if a.kind != CALL:
            continue
        if a.position not in codes:
            problems.append(Problem("certame.toml", f"o cargo «{a.position}» da convocação nº {a.number} não está "
                                    f"em [[cargos]]. Use um destes: {', '.join(sorted(codes))}.",
                                    column=f"atos[{a.line}].cargo"))
        elif not a.places or a.places < 1:
            problems.append(Problem("certame.toml", f"a convocação nº {a.number} precisa de «vagas»: quantas "
                                    "posições da ordem de nomeação ela chama (um inteiro maior que zero).",
                                    column=f"atos[{a.line}].vagas"))
        else:
            calls[a.position].append(a)
    per_cargo: dict[str, list[Event]] = {code: [] for code in codes}
    for e in events:
        per_cargo.setdefault(e.position, []).append(e)
    held = {row.registration for row in result.exam.commission}
    timelines = {}
    if not problems:
        for pr in result.positions:
            code = pr.position.code
            t = run(pr, result.rules, calls[code], per_cargo[code], declared, held)
            problems.extend(t.problems)
            timelines[code] = t
    if problems:
        raise InputError(problems)
    return timelines
