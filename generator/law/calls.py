"""Convocações and events over the exam's validity: who is called, by which act, and what happened after.

A convocação calls the next places of its cargo's nomination order — the same allocation, continued (LEGAL-NOTES
readings 2, 3 and 5): place k keeps the vacancy type and article that allocate.py gave it. Acts and events are
applied in date order (on the same date, events first).

Readings chosen here that LEGAL-NOTES does not spell out (each also said next to its code):
- A nomination is made by its act: "por ocasião da nomeação" (Lins art. 6º § 1º). A later event never moves an
  already-called candidate to another place or vacancy type.
- The published cadastro is the call order (LEGAL-NOTES 14): positions not yet called follow the projection of
  the result act in force (allocate.py, LEGAL-NOTES 5), never an order recomputed after an event. Where the
  projected candidate of a position can no longer be called, the next of the same list classified after them
  takes it (LEGAL-NOTES 6); an ampla position goes first to a better-ranked candidate of the general list who is
  still uncalled and no longer has a projected place of their own (e.g. one who left a reserve list after the
  commission and "stays in the general list", LEGAL-NOTES 6 and 15: the better-ranked is never called after the
  worse-ranked of the same list).
- An archived convocação is what it published (LEGAL-NOTES 13 and 14): who it called, at which position and
  through which vacancy type is read from its record (`frozen`), never recomputed from the current inputs. Input
  that contradicts it (an event dated before it that it did not take into account, a candidate it called who is
  no longer in the list) is an error that names the act.
- A vacated place (withdrawal, sem efeito, annulment, or a commission outcome after a call beyond V) keeps its
  position and type and is filled from the list of that type by "o candidato posteriormente classificado" (Lins
  art. 5º § 1º; Cariacica art. 3º § 2º; LEGAL-NOTES 6 and 13); an ampla place by the next of the general list; a
  reserve list with nobody left gives the place to ampla (Lins art. 5º § 2º; Cariacica art. 3º § 3º). The next
  convocação of the cargo calls vacated places first, in position order, then new positions; `vagas` counts both.
- New vacancies take the next positions of the published projection (LEGAL-NOTES 14): V grows, the order does
  not change. The reserved counts shown for the new total follow the norm's percentage with each group's own
  rounding, minimum and sequence (LEGAL-NOTES 17), never below the edital's own counts.
- Commission beyond V: under Lins, a reserved place called beyond the edital's vacancies awaits the CAPPC, which
  is held only after the new nominations are authorised (Lins art. 7º § 3º). Its outcome follows the rule file
  (Lins art. 10, p.u., I–II; art. 9º § 2º). A not-confirmed candidate leaves the place (refilled from the same
  reserve list) and stays in the general list (LEGAL-NOTES 6).
- Nothing deduced (extends LEGAL-NOTES 7): a commission outcome is published by inscrição only, so no named page
  may tell it. The convocação that refills a place left after a commission outcome cites a neutral basis — "vaga
  não preenchida" and the article that passes a reserved place to the next of the same list (the rule file's
  `desistencia_fundamento`: Lins art. 5º § 1º; Cariacica art. 3º § 2º) or, for an ampla place, the general
  list's article — never the outcome's article; and the former holder's row says, from that convocação on, only
  that the place was not filled and passed on, citing that convocação, never the commission's act.
- An annulment after a false declaration eliminates the candidate (Cariacica art. 2º § 1º; Lins art. 10, p.u.,
  I) and the next of the same list is called (LEGAL-NOTES 13); the published lists are not re-ranked (that is a
  retificação's job). A norm without that outcome (MS) rejects the event.
- Events come before convocações of the same date: a withdrawal published with a convocação is replaced by it.
- A convocação to a stage (curso de formação, TAF, exame médico; LEGAL-NOTES 18) calls the «aptos»: the approved
  candidates of the cargo's general list still in the exam on its date — not withdrawn (desistencias.csv or an
  event), not eliminated, not made void or annulled by an earlier event — all of them, or the first `quantos` by
  classification when the edital limits the call. It consumes no nomination position, does not change the
  cadastro and moves no later nomination convocação (the published projection binds, LEGAL-NOTES 14). Listed in
  classification order or alphabetically (`stage_sort_key`); once archived it is replayed as published.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from ..errors import Problem
from .basis import Basis
from ..model import OPEN, PROCEDURES
from ..labels import contracted, ordinal
from ..results import PositionResult, policy_for
from ..load.events import ANNULMENT, COMMISSION, FILE, NEW_VACANCIES, VOID, WITHDRAWAL, Event
import unicodedata

from ..acts.model import CALL, STAGE_ORDERS, Act, FrozenCall

PROCEDURE_OF = {group: proc for proc, group in PROCEDURES.items()}

# situacao of a called place
CALLED = "convocado"
STATUS_AFTER = {WITHDRAWAL: "desistiu", VOID: "sem_efeito", ANNULMENT: "anulado"}
LEFT_RESERVE = "saiu_da_reserva"
ELIMINATED = "eliminado"
BY_COMMISSION = (LEFT_RESERVE, ELIMINATED)  # ended by a commission outcome: never told beside a name (LEGAL-NOTES 7)


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
    unfilled: bool = False  # a refill after a commission outcome: cited as "vaga não preenchida" (LEGAL-NOTES 7)
    published: str = ""  # the «fundamento» its archived act published (frozen); "" for a call not yet archived
    refilled_by: str = ""  # number of the convocação that gave this place to the next candidate


@dataclass(slots=True)
class HistoryLine:
    """One public line of a candidate's history (no commission outcome: LEGAL-NOTES 7)."""

    date: date
    act: str  # act number
    text: str


@dataclass(frozen=True, slots=True)
class Mark:
    """What a later act did to a candidate, marked on the current lists (issue 19 item 5): a withdrawal, a
    nomination made void or annulled — acts published with the name by law. Never a commission outcome."""

    kind: str  # desistencia | sem_efeito | anulacao (events.py)
    act: str  # the act's name, e.g. "Portaria nº 212/2024" or "Edital de Convocação nº 63/2024"
    number: str  # the act's number as eventos.csv gives it
    date: date
    text: str  # the mark in words: "Nomeação anulada pelo Edital nº 63/2024, de 02/09/2024."


@dataclass(slots=True)
class Timeline:
    """One cargo over the validity period."""

    places: list[Place] = field(default_factory=list)  # every holding, in order of position then of call
    history: dict[int, list[HistoryLine]] = field(default_factory=dict)
    marks: dict[int, Mark] = field(default_factory=dict)  # general-list index → what ended their place or call
    vacancies: int = 0  # V after new vacancies
    projection: list = field(default_factory=list)  # the published projection the calls followed (by position)
    # the candidate of each index: the general list, then those an archived convocação called who left it since
    # (eliminated by a later retificação): they keep the call (LEGAL-NOTES 14) though no list shows them
    people: list = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # reserved places for that V
    problems: list[Problem] = field(default_factory=list)
    # the projection after the calls (issue 19 item 3): the places the next convocações would take, in that order
    # (vacated places first, then the next positions), as Places of no act (`act` is AHEAD's); never a call
    ahead: list = field(default_factory=list)
    # stage convocações (LEGAL-NOTES 18): act id → general-list indexes of the called, in the act's published order
    stages: dict[str, list[int]] = field(default_factory=dict)

    def called_by(self) -> dict[int, str]:
        """General-list index → number of the act that (first) called the candidate."""
        out: dict[int, str] = {}
        for p in self.places:
            out.setdefault(p.index, p.act.id)
        return out


def act_name(number: str, acts: dict[str, Act]) -> str:
    """How an act is named in a history line: a declared act by its label, else as given ("Ato nº 52/2024")."""
    if number in acts:
        return acts[number].label
    return number if any(ch.isalpha() for ch in number) else f"Ato nº {number}"


def by(name: str, gender: str = "") -> str:
    """"pelo Edital …", "pela Portaria …", "pela Lista …": the contraction agrees with the act's first word, or with
    the gender certame.toml states for the act's own title (`titulo_genero`)."""
    return contracted("por", name, gender)


def when(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def stage_sort_key(name: str, registration: str) -> tuple:
    """The alphabetical order of a stage convocação (LEGAL-NOTES 18), deterministic and documented: the name as
    published with accents removed and case folded, word by word (a space sorts before any letter: «Ana Maria»
    before «Anabela», as Portuguese dictionaries and the ABNT filing rule do), then the name as published (code
    point order: «Ângela» after «Angela» when the folded names tie), then the inscrição."""
    decomposed = unicodedata.normalize("NFKD", name)
    folded = "".join(c if c.isalnum() else " " for c in decomposed if not unicodedata.combining(c)).casefold()
    return (" ".join(folded.split()), name, registration)


def stage_aptos(order: list, out: set[int], act: Act) -> list[int] | str:
    """The general-list indexes a stage convocação calls, in its list's order, or the reason it cannot: every
    candidate of the general list not `out`, or the first `act.count` of them by classification (the edital's
    limit), then sorted as `act.stage_order` says."""
    aptos = [i for i in range(len(order)) if i not in out]
    if act.count is not None:
        if act.count > len(aptos):
            return (f"o {act.label} chama {act.count} candidato(s) aptos, mas o cargo só tem {len(aptos)} aptos "
                    f"em {when(act.date)}. Reduza «quantos» ou apague a chave para chamar todos.")
        aptos = aptos[:act.count]
    if act.stage_order == "alfabetica":
        aptos.sort(key=lambda i: stage_sort_key(order[i].name, order[i].registration))
    return aptos


def run(pr: PositionResult, rules, acts: list[Act], events: list[Event], declared: dict[str, Act],
        commission_held: set[str] = frozenset(), frozen: dict[str, list[FrozenCall]] | None = None) -> Timeline:
    """Apply this cargo's convocações and events in date order. `declared`: every act of the exam by number.
    `commission_held`: inscrições whose commission outcome is already in comissao.csv. `frozen`: act number → the
    places that archived convocação called (its record), replayed as published instead of computed."""
    t = _Run(pr, rules, declared, commission_held, frozen or {}).go(acts, events)
    if (acts or events) and not t.problems:
        t.ahead = _ahead(pr, rules, acts, events, declared, commission_held, frozen or {})
    return t


AHEAD = "projecao-apos-convocacoes"  # the identifier of the hypothetical convocação `_ahead` runs; never published


def _ahead(pr: PositionResult, rules, acts: list[Act], events: list[Event], declared: dict[str, Act],
           commission_held, frozen) -> list[Place]:
    """The projection after the calls: the cargo run once more with one hypothetical convocação, the day after
    its last act or event, calling every place still to call. Its places are the ones the next convocações
    would take, in that order — vacated places first (refilled from the list of their type), then the next
    positions of the published projection (LEGAL-NOTES 14) — so the nomination page, `explicar` and the next
    convocação say the same. When the order runs out, the hypothetical call just stops (its problem is not one of
    the exam)."""
    last = max([a.date for a in acts] + [e.date for e in events])
    ghost = Act(CALL, "", last + timedelta(days=1), None, position=pr.position.code,
                places=len(pr.allocation.nominations) + len(pr.order), ident=AHEAD)
    t = _Run(pr, rules, declared, commission_held, frozen).go([*acts, ghost], events)
    return [p for p in t.places if p.act is ghost]


class _Run:
    """The state of one cargo while its acts and events are applied."""

    def __init__(self, pr: PositionResult, rules, declared: dict[str, Act], commission_held, frozen):
        self.pr, self.rules, self.declared, self.frozen = pr, rules, declared, frozen
        self.code = pr.position.code
        self.position = pr.position  # with the current V (new vacancies change it)
        self.edital_vacancies = pr.position.vacancies
        # The projection the result act in force published (LEGAL-NOTES 14): it binds every later call.
        self.order = pr.allocation.nominations
        self.projected_at = {n.index: n.position for n in self.order}
        self.n = len(pr.order)
        self.pools = {g: list(pr.pools.get(g, ())) for g in pr.allocation.counts}
        self.withdrawn = set(pr.withdrawn)  # desistencias.csv: out before any call
        self.out: set[int] = set(self.withdrawn)  # can never be called (again)
        self.holding: dict[int, Place] = {}  # candidate → the place they hold now
        self.not_for: dict[int, set[str]] = {}  # candidate → reserves they may no longer be called through
        self.vacated: list[Place] = []
        self.index_of = {c.registration: i for i, c in enumerate(pr.order)}
        self.people = list(pr.order)
        self.outside = {e.candidate.registration: e.candidate for e in pr.eliminated}
        self.commission_held = set(commission_held)
        self.left_by: dict[int, Event] = {}
        self.last = 0  # the highest position called so far
        self.free_from = 0  # no candidate ranked before this index can be called through ampla (see free_before)
        # Reserved places beyond V whose commission is held only when they are called: the rule file's
        # [nomeacao] cadastro_comissao_fundamento, for the groups in cadastro_comissao_grupos (Lins art. 7º § 3º).
        self.beyond_check = rules.register_check_basis
        self.beyond_groups = frozenset(rules.register_check_groups)
        self.t = Timeline(vacancies=pr.position.vacancies, counts=dict(pr.allocation.counts),
                          projection=self.order)

    # -- helpers -------------------------------------------------------------------------------------------------
    def available(self, i: int, group: str) -> bool:
        return i not in self.out and i not in self.holding and group not in self.not_for.get(i, ())

    def next_of(self, group: str, after: int = -1) -> int | None:
        """The next available candidate of a list (the general list for ampla) ranked after `after`: "o candidato
        posteriormente classificado" (Lins art. 5º § 1º; Cariacica art. 3º § 2º). The general list is scanned from
        the first candidate who may still be callable (`open_start`); a reserve list from `after`, without copying
        its tail."""
        if group == OPEN:
            return next((i for i in range(self.open_start(), self.n) if self.available(i, OPEN)), None)
        pool = self.pools.get(group, [])
        start = bisect_right(pool, after)  # pools are in rank order, i.e. ascending general-list index
        return next((pool[k] for k in range(start, len(pool)) if self.available(pool[k], group)), None)

    def history(self, i: int, d: date, act: str, text: str) -> None:
        self.t.history.setdefault(i, []).append(HistoryLine(d, act, text))

    def mark(self, i: int, e: Event, name: str, text: str) -> None:
        self.t.marks[i] = Mark(e.kind, name, e.act, e.date, text)

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
        self.t.places.sort(key=lambda p: p.position)  # stable: a place's holders stay in the order of their calls
        self.t.people = self.people
        return self.t

    def call(self, act: Act) -> None:
        """A convocação of `act.places` places: vacated ones first, then the next positions of the order."""
        if act.is_stage_call:
            self.stage(act)
            return
        if act.id in self.frozen:
            self.replay(act, self.frozen[act.id])
            return
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
        return self.last

    def stage(self, act: Act) -> None:
        """A convocação to a stage (LEGAL-NOTES 18): the aptos on its date, or, once archived, whom it called as
        published (each must still be a candidate who could be called then). No position is taken or moved."""
        if act.id in self.frozen:
            called = []
            for c in sorted(self.frozen[act.id], key=lambda c: c.position):
                i = self.index_of.get(c.registration)
                if i is None and c.registration in self.outside:
                    # Called, then eliminated by a later retificação of the result: the published call stands
                    # (LEGAL-NOTES 14, «nobody is un-called»), as for a nomination convocação (`replay`)
                    i = self.index_of[c.registration] = len(self.people)
                    self.people.append(self.outside[c.registration])
                if i is None or i in self.out:
                    event = self.left_by.get(i) if i is not None else None
                    why = ("não está mais entre os candidatos do cargo. Uma convocação publicada não se desfaz: "
                           "restaure a linha do candidato" if i is None else
                           f"este evento a tira do concurso antes da data do ato ({when(act.date)}), que não o "
                           "considerou. Corrija a data do evento (a do ato que o publicou)")
                    self.problem(FILE if event else "certame.toml",
                                 f"o {act.label}, já publicado (pasta arquivo/{act.slug}), convocou a inscrição "
                                 f"{c.registration} para a etapa «{act.stage}» do cargo «{self.code}», mas ela {why}.",
                                 event.line if event else None, "data" if event else f"atos[{act.line}].etapa")
                    return
                called.append(i)
        else:
            called = stage_aptos(self.pr.order, self.out, act)
            if isinstance(called, str):
                self.problem("certame.toml", called, column=f"atos[{act.line}].quantos")
                return
        self.t.stages[act.id] = called
        for i in called:
            self.history(i, act.date, act.id, f"Convocado para a etapa «{act.stage}» {by(act.label, act.title_gender)}, de "
                         f"{when(act.date)}.")

    def replay(self, act: Act, calls: list[FrozenCall]) -> None:
        """An archived convocação: the places it called, as published (LEGAL-NOTES 13, 14). Each must still make
        sense on the current record — a vacated or the next position, a candidate still in the list who could
        be called then — or the input contradicts a published act."""
        where = f"o {act.label}, já publicado (pasta arquivo/{act.slug}),"
        for c in sorted(calls, key=lambda c: c.position):
            i = self.index_of.get(c.registration)
            ordinal_ = ordinal(c.position, feminine=True)
            if i is None and c.registration in self.outside:
                # Called, then eliminated by a later retificação of the result: the call stands ("nobody is
                # un-called", LEGAL-NOTES 14) until an act makes it void or annuls it (eventos.csv).
                i = self.index_of[c.registration] = len(self.people)
                self.people.append(self.outside[c.registration])
            if i is None:
                self.problem("candidatos.csv", f"{where} convocou a inscrição {c.registration} para a {ordinal_} "
                             f"posição do cargo «{self.code}», mas ela não está mais entre os "
                             "candidatos do cargo. Uma convocação publicada não se desfaz: restaure a linha do "
                             "candidato (se ele foi eliminado depois, com a situação «eliminado»).")
                return
            old = next((p for p in self.vacated if p.position == c.position), None)
            if old is None and c.position != self.positions() + 1:
                holder = next((p for p in self.t.places if p.position == c.position and p.index in self.holding
                               and self.holding[p.index] is p), None)
                why = (f"ela ainda é da inscrição {self.people[holder.index].registration}" if holder else
                       f"a próxima posição a convocar era a {ordinal(self.positions() + 1, feminine=True)}")
                self.problem(FILE, f"{where} convocou a inscrição {c.registration} para a {ordinal_} posição do "
                             f"cargo «{self.code}», mas {why} na data do ato. Os eventos anteriores ao ato devem "
                             "ser os que ele considerou: confira as datas e linhas de eventos.csv.")
                return
            if not self.available(i, c.group):
                event = self.left_by.get(i)
                self.problem(FILE, f"{where} convocou a inscrição {c.registration} para a {ordinal_} posição do "
                             f"cargo «{self.code}», mas este evento a tira da ordem antes da data do ato "
                             f"({when(act.date)}), que não o considerou. Um ato publicado não muda: corrija a data "
                             "do evento (a do ato que o publicou) ou publique uma retificação.",
                             event.line if event else None, "data" if event else None)
                return
            if old is not None:
                self.vacated.remove(old)
            bases = (self.rules.open_basis,) if c.group == OPEN else (self.pr.count_bases.get(
                c.group, self.rules.open_basis),)
            place = self.seat(c.position, c.group, i, bases, act)
            place.published = c.basis
            if old is not None:
                self.replaced(old, place, act)

    def free_before(self, position: int, limit: int) -> int | None:
        """The best-ranked candidate of the general list, ranked before `limit`, who can be called through ampla
        and has no projected place still ahead of `position` (LEGAL-NOTES 6 and 15). The scan starts after the
        leading run of candidates already called or out (`free_from`, moved back when a holder becomes callable
        again): a convocação of thousands of places does not rescan the list for each."""
        return next((i for i in range(self.open_start(), limit) if self.available(i, OPEN)
                     and self.projected_at.get(i, 0) <= position), None)

    def open_start(self) -> int:
        """`free_from`, moved past the leading candidates already called or out of the order."""
        while self.free_from < self.n and (self.free_from in self.holding or self.free_from in self.out):
            self.free_from += 1
        return self.free_from

    def fill(self, position: int, nom, act: Act) -> Place | None:
        """A new position: the order's candidate when still available, else the next of the same list after them."""
        group, index, bases = nom.group, nom.index, nom.bases
        if group == OPEN and self.available(index, group):
            better = self.free_before(position, index)
            if better is not None:
                index, bases = better, (self.rules.open_basis,)
        if not self.available(index, group):
            index = self.next_of(group, nom.index)
            if group != OPEN:
                bases = (*bases, self.rules.withdrawal_basis)
            if index is None and group != OPEN:  # nobody left in that list: the place goes to ampla
                index, bases, group = self.next_of(OPEN), (self.rules.reversion_basis,), OPEN
        return self.seat(position, group, index, bases, act)

    def refill(self, old: Place, act: Act) -> Place | None:
        """A vacated place keeps its position and type and goes to the next of the list of its type (Lins art. 5º
        § 1º; Cariacica art. 3º § 2º; LEGAL-NOTES 6 and 14), never to a recomputed order. After a commission
        outcome the outcome's article is not cited (LEGAL-NOTES 7): the place is one not filled."""
        neutral = old.status in BY_COMMISSION
        cause = (old.cause,) if old.cause and not neutral else ()
        if old.group == OPEN:
            bases = (self.rules.open_basis, *cause)
        else:
            bases = (self.pr.count_bases[old.group], self.rules.withdrawal_basis, *cause)
        group = old.group
        index = self.next_of(group, old.index)
        if index is None and group != OPEN:  # nobody left in that list (Lins art. 5º § 2º; Cariacica 3º § 3º)
            index, bases, group = self.next_of(OPEN), (self.rules.reversion_basis, *cause), OPEN
        place = self.seat(old.position, group, index, bases, act)
        if place is not None:
            place.unfilled = neutral
            self.replaced(old, place, act)
        return place

    def replaced(self, old: Place, place: Place, act: Act) -> None:
        """The place passed to `place`'s candidate. After a commission outcome, the former holder's row says only
        that, citing this convocação (LEGAL-NOTES 7: never the commission's act or outcome)."""
        place.replaces, old.refilled_by = old.index, act.id
        if old.status in BY_COMMISSION:
            place.unfilled = True
            self.history(old.index, act.date, act.id,
                         f"A {ordinal(old.position, feminine=True)} posição (vaga "
                         f"{self.rules.vacancy_label(old.group)}) não foi preenchida e passou ao candidato seguinte, "
                         f"{by(act.label, act.title_gender)}, de {when(act.date)}.")

    def seat(self, position: int, group: str, index: int | None, bases, act: Act) -> Place | None:
        if index is None:
            return None
        register = position > self.t.vacancies
        procedure = PROCEDURE_OF.get(group)
        awaiting = (self.beyond_check is not None and group in self.beyond_groups
                    and position > self.edital_vacancies and procedure is not None
                    and self.people[index].registration not in self.commission_held)
        if awaiting:
            bases = (*bases, self.beyond_check)
        place = Place(position, group, index, act, tuple(bases), register, awaiting=awaiting)
        self.last = max(self.last, position)
        self.t.places.append(place)
        self.holding[index] = place
        kind = f"{ordinal(position, feminine=True)} posição, vaga {self.rules.vacancy_label(group)}"
        self.history(index, act.date, act.id,
                     f"Convocado {by(act.label, act.title_gender)}, de {when(act.date)} ({kind}"
                     + (", cadastro de reserva" if register else "") + ").")
        return place

    def vacate(self, place: Place, status: str, event: Event, cause: Basis | None = None) -> None:
        place.status, place.ended_by, place.cause = status, event.act, cause
        del self.holding[place.index]
        self.free_from = min(self.free_from, place.index)  # they may be callable again (left a reserve only)
        self.vacated.append(place)
        self.vacated.sort(key=lambda p: p.position)

    def event(self, e: Event) -> None:
        if e.registration is not None and e.registration in self.index_of:
            self.left_by[self.index_of[e.registration]] = e  # the last event about them (messages of `replay`)
        if e.act in self.declared and self.declared[e.act].date != e.date:
            act = self.declared[e.act]
            self.problem(FILE, f"o ato nº {e.act} é de {when(act.date)} (certame.toml), mas o evento diz "
                         f"{when(e.date)}.", e.line, "data")
            return
        name = act_name(e.act, self.declared)
        gender = self.declared[e.act].title_gender if e.act in self.declared else ""
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
            self.history(i, e.date, e.act, f"Desistência publicada {by(name, gender)}, de {when(e.date)}.")
            self.mark(i, e, name, f"Desistiu da nomeação (desistência publicada {by(name, gender)}, de {when(e.date)}).")
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
                             f"({rule.basis.text}), {by(name, gender)}, de {when(e.date)}.")
                self.mark(i, e, name, f"Nomeação anulada, com eliminação do concurso, {by(name, gender)}, de "
                          f"{when(e.date)}.")
            else:
                self.vacate(place, STATUS_AFTER[VOID], e)
                self.out.add(i)
                self.history(i, e.date, e.act, f"Nomeação tornada sem efeito {by(name, gender)}, de {when(e.date)}.")
                self.mark(i, e, name, f"Nomeação tornada sem efeito {by(name, gender)}, de {when(e.date)}.")
        elif e.kind == COMMISSION:
            self.commission(e, i, place)

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
        if rule.effect == "sai_da_reserva":  # stays in the general list (Lins art. 10, p.u., II; LEGAL-NOTES 6)
            self.vacate(place, LEFT_RESERVE, e, rule.basis)
            self.not_for.setdefault(i, set()).add(place.group)
        elif rule.effect == "elimina":  # fraud or absence (Lins art. 10, p.u., I; art. 9º § 2º)
            self.vacate(place, ELIMINATED, e, rule.basis)
            self.out.add(i)

    def new_vacancies(self, e: Event) -> None:
        """Vacancies that arose during validity (Cariacica art. 1º § 3º). They take the next positions of the
        projection as published (LEGAL-NOTES 14): V grows, the order stays. The reserved counts for the new total
        follow the norm's percentage with each group's own rounding, minimum and sequence (LEGAL-NOTES 17; MS art.
        3º; Cariacica art. 1º § 2º), never below the edital's own counts."""
        total = self.t.vacancies + e.vacancies
        pos = self.pr.position
        edital = pos.reserves or {}
        policy, _ = policy_for(replace(pos, vacancies=total, reserves=None), self.rules)
        self.t.counts = {g.key: max(edital.get(g.key, 0), g.count) for g in policy.groups}
        self.position = replace(pos, vacancies=total)
        self.t.vacancies = total
        for p in self.t.places:  # places within the new total are no longer cadastro de reserva
            if p.position <= total:
                p.register = False


def apply(result, acts: list[Act], events: list[Event],
          frozen: dict[str, list[FrozenCall]] | None = None) -> dict[str, Timeline]:
    """Every cargo's timeline; raises InputError with every problem (nothing is applied partially). `frozen`: act
    number → the places each archived convocação called (store/frozen.py), replayed as published."""
    from ..errors import InputError
    declared = {a.id: a for a in acts}
    codes = {pr.position.code for pr in result.positions}
    problems: list[Problem] = []
    calls: dict[str, list[Act]] = {code: [] for code in codes}
    for a in acts:
        if a.kind != CALL:
            continue
        if a.position not in codes:
            problems.append(Problem("certame.toml", f"o cargo «{a.position}» da {a.label} não está "
                                    f"em [[cargos]]. Use um destes: {', '.join(sorted(codes))}.",
                                    column=f"atos[{a.line}].cargo"))
        elif a.is_stage_call:
            if a.stage_order not in STAGE_ORDERS:
                problems.append(Problem("certame.toml", f"a {a.label} é uma convocação de etapa e precisa de "
                                        "«ordem»: classificacao ou alfabetica.", column=f"atos[{a.line}].ordem"))
            else:
                calls[a.position].append(a)
        elif not a.places or a.places < 1:
            problems.append(Problem("certame.toml", f"a {a.label} precisa de «vagas»: quantas "
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
            t = run(pr, result.rules, calls[code], per_cargo[code], declared, held, frozen)
            problems.extend(t.problems)
            timelines[code] = t
    if problems:
        raise InputError(problems)
    return timelines
