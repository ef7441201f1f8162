"""Allocation for one position: reserved counts, who is nominated for V vacancies, and in what order.

Pure functions over plain data: candidates are identified by their index in the general list (0 = best ranked),
each reserve by the ordered indexes of its eligible candidates. No I/O, no templates.
The readings applied are LEGAL-NOTES 1-5; every decision carries the legal bases the caller passes in `Policy`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from .law.basis import Basis
from .model import OPEN

# Short codes for why a place went where it did (explain.py turns them into sentences).
REASON_OPEN = "ampla"  # best of the general list (cotistas included)
REASON_RESERVE = "reserva"  # a reserved place, by the alternation schedule
REASON_REVERSION = "reversao"  # a reserved place without eligible candidates, given back to ampla
REASON_REGISTER = "cadastro"  # projected order beyond V


def round_by(value: Fraction, word: str) -> int:
    """Round an exact fraction by the jurisdiction's rounding word (never Python's banker's round())."""
    if word == "half_up":
        return (value.numerator * 2 + value.denominator) // (value.denominator * 2)
    if word == "ceil":
        return -((-value.numerator) // value.denominator)
    if word == "floor":
        return value.numerator // value.denominator
    raise ValueError(f"unknown rounding word {word!r}")


def reserved_count(vacancies: int, percent: Decimal, word: str, min_vacancies: int) -> int:
    """Reserved places for a group: percent × vacancies, rounded; none below the minimum (LEGAL-NOTES 1)."""
    if vacancies < min_vacancies:
        return 0
    return round_by(Fraction(vacancies) * Fraction(percent) / 100, word)


@dataclass(frozen=True, slots=True)
class GroupPolicy:
    """How one reserve is counted and cited for one position."""

    key: str
    count: int  # reserved places within V (the edital's count, or the percentage's)
    proportion: Fraction  # share used for the alternation and beyond V
    basis: Basis  # the article creating the reserve
    explicit: tuple[int, ...] | None = None  # edital's fixed positions (prevail over the alternation)


@dataclass(frozen=True, slots=True)
class Policy:
    """Everything the allocation needs from the rules, already resolved for one position."""

    vacancies: int
    groups: tuple[GroupPolicy, ...]
    rounding: str
    min_vacancies: int
    open_basis: Basis
    alternation_basis: Basis
    collision_basis: Basis
    reversion_basis: Basis
    withdrawal_basis: Basis
    register_basis: Basis
    below_min_basis: Basis | None
    precedence_basis: Basis
    precedence_tiebreak: tuple[str, ...]
    fixed_precedence: tuple[tuple[str, str, Basis], ...] = ()

    def due_count(self, group: GroupPolicy, k: int) -> int:
        """Cumulative places due to a group among the first k (LEGAL-NOTES 3)."""
        if k < self.min_vacancies:
            return 0
        return round_by(k * group.proportion, self.rounding)


@dataclass(frozen=True, slots=True)
class Nomination:
    """One place in the order of nomination."""

    position: int
    group: str  # vacancy type through which the candidate is nominated (ampla for a reverted place)
    index: int  # general-list index of the candidate
    reason: str
    bases: tuple[Basis, ...]
    register: bool = False  # cadastro de reserva (beyond V)
    due: str = OPEN  # the group the place was due to (differs from `group` when reverted)


@dataclass(frozen=True, slots=True)
class PrecedenceDecision:
    """A candidate reached by two reserves at once, and where they went."""

    index: int
    winner: str
    losers: tuple[str, ...]
    basis: Basis


@dataclass(slots=True)
class Allocation:
    """The result for one position."""

    counts: dict[str, int]
    nominations: list[Nomination] = field(default_factory=list)
    precedence: list[PrecedenceDecision] = field(default_factory=list)
    replacements: dict[int, str] = field(default_factory=dict)  # index → group: entered because of a withdrawal


@dataclass(slots=True)
class _Static:
    open: list[int]
    taken: dict[str, list[int]]
    precedence: list[PrecedenceDecision]


def static_allocation(n: int, pools: dict[str, list[int]], blocked: set[int], policy: Policy) -> _Static:
    """Who is nominated for V vacancies, by group (LEGAL-NOTES 2), before any ordering.

    Ampla takes the best of the general list, cotistas included; then each reserve its best eligible candidates
    not yet nominated; places a reserve cannot fill revert to ampla, which may pull a cotista out of a reserve, so
    repeat until stable (ampla only grows, so this ends).
    """
    available = [i for i in range(n) if i not in blocked] if blocked else range(n)
    counts = {g.key: g.count for g in policy.groups}
    open_count = min(policy.vacancies - sum(counts.values()), len(available))
    while True:
        open_ = list(available[:open_count])
        taken, decisions = _assign_reserves(pools, counts, blocked | set(open_), policy)
        grown = min(policy.vacancies - sum(len(t) for t in taken.values()), len(available))
        if grown <= open_count:
            return _Static(open_, taken, decisions)
        open_count = grown


def _assign_reserves(pools, counts, blocked, policy):
    """Each reserve takes its best eligible candidates; a candidate reached by two goes by precedence."""
    excluded: dict[str, set[int]] = {g: set() for g in pools}
    decisions: list[PrecedenceDecision] = []
    while True:
        taken = {g: _first(pools[g], counts[g], blocked, excluded[g]) for g in pools}
        owners: dict[int, list[str]] = {}
        for g, picked in taken.items():
            for i in picked:
                owners.setdefault(i, []).append(g)
        conflicts = {i: gs for i, gs in owners.items() if len(gs) > 1}
        if not conflicts:
            return taken, decisions
        for i, groups in sorted(conflicts.items()):
            winner, basis = _prefer(i, groups, pools, policy)
            losers = tuple(g for g in groups if g != winner)
            for g in losers:
                excluded[g].add(i)
            decisions.append(PrecedenceDecision(i, winner, losers, basis))


def _first(pool: list[int], count: int, blocked: set[int], excluded: set[int]) -> list[int]:
    picked = []
    if count <= 0:
        return picked
    for i in pool:
        if i not in blocked and i not in excluded:
            picked.append(i)
            if len(picked) == count:
                break
    return picked


def _prefer(index: int, groups: list[str], pools, policy: Policy) -> tuple[str, Basis]:
    """The reserve a candidate reached by several is nominated through (LEGAL-NOTES 4)."""
    remaining = list(groups)
    basis = policy.precedence_basis
    for first, then, fixed_basis in policy.fixed_precedence:
        if first in remaining and then in remaining:
            remaining.remove(then)
            basis = fixed_basis
    if len(remaining) == 1:
        return remaining[0], basis
    # the list where the candidate ranks better; then the jurisdiction's tie order
    ranked = sorted(remaining, key=lambda g: (pools[g].index(index), policy.precedence_tiebreak.index(g)))
    return ranked[0], policy.precedence_basis


def due_positions(group: GroupPolicy, policy: Policy, upto: int) -> list[int]:
    """Positions 1..upto where the group's cumulative due count grows (3ª, 8ª, 13ª… for 20%)."""
    if group.explicit is not None:
        return sorted(p for p in group.explicit if p <= upto)
    positions, before = [], 0
    for k in range(1, upto + 1):
        now = policy.due_count(group, k)
        positions.extend([k] * (now - before))
        before = now
    return positions


def allocate(n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy,
             project: bool = True) -> Allocation:
    """Allocate one position: the nomination order for V, then (optionally) the projected cadastro de reserva."""
    static = static_allocation(n, pools, withdrawn, policy)
    result = Allocation(counts={g.key: g.count for g in policy.groups}, precedence=static.precedence)
    if withdrawn:
        baseline = static_allocation(n, pools, set(), policy)
        result.replacements = _replacements(static, baseline)
    slots = _schedule(static, policy)
    result.nominations = _fill(slots, static, result.replacements, policy)
    if project:
        _project(result, n, pools, withdrawn, policy)
    return result


def _replacements(static: _Static, baseline: _Static) -> dict[int, str]:
    """Who is in only because someone withdrew, and through which list (Lins art. 5º §1; Cariacica art. 3º §2)."""
    before = set(baseline.open).union(*baseline.taken.values())
    entered = {i: OPEN for i in static.open if i not in before}
    for g, picked in static.taken.items():
        entered.update({i: g for i in picked if i not in before})
    return entered


@dataclass(slots=True)
class _Slot:
    group: str
    reverted_from: str | None = None
    collided: bool = False


def _schedule(static: _Static, policy: Policy) -> list[_Slot]:
    """Vacancy type of each position 1..V: alternation and proportionality (LEGAL-NOTES 3).

    Each reserve's due positions come from its proportion (or the edital's list); dues it cannot fill revert to
    ampla. Two reserves due at once: the one whose next candidate ranks better in the general list goes first, the
    other takes the next position; if that runs past V, the last ampla positions are given to the waiting reserves
    so that within V each reserve keeps exactly its count.
    """
    v = policy.vacancies
    real: dict[int, list[str]] = {}
    reverted: dict[int, list[str]] = {}
    for g in policy.groups:
        dues = due_positions(g, policy, v)
        filled = len(static.taken.get(g.key, ()))
        for k in dues[:filled]:
            real.setdefault(k, []).append(g.key)
        for k in dues[filled:]:
            reverted.setdefault(k, []).append(g.key)
    nxt = {g: 0 for g in static.taken}

    def best(pending: list[str]) -> str:
        return min(pending, key=lambda g: static.taken[g][nxt[g]])

    slots: list[_Slot] = []
    pending: list[str] = []
    waiting_reversions: list[str] = []
    for k in range(1, v + 1):
        pushed = bool(pending)  # a reserve still waiting from an earlier coincidence
        pending.extend(real.get(k, ()))
        waiting_reversions.extend(reverted.get(k, ()))
        if pending:
            g = best(pending)
            slots.append(_Slot(g, collided=pushed or len(pending) > 1))
            pending.remove(g)
            nxt[g] += 1
        else:
            slots.append(_Slot(OPEN, waiting_reversions.pop(0) if waiting_reversions else None))
    if pending:
        _pull_back(slots, pending, static)
    return slots


def _pull_back(slots: list[_Slot], pending: list[str], static: _Static) -> None:
    """Collisions running past V: the last ampla places go to the waiting reserves, ordered by general rank."""
    opens = [k for k, s in enumerate(slots) if s.group == OPEN]
    start = opens[-len(pending)]
    tail = [s.group for s in slots[start:] if s.group != OPEN] + pending
    used = {g: sum(1 for s in slots[:start] if s.group == g) for g in static.taken}
    for k in range(start, len(slots)):
        g = min(tail, key=lambda g: static.taken[g][used[g]])
        tail.remove(g)
        used[g] += 1
        slots[k] = _Slot(g, collided=True)


def _fill(slots: list[_Slot], static: _Static, replacements: dict[int, str], policy: Policy) -> list[Nomination]:
    """Put the nominees in their places: ampla by general rank, each reserve by its list order."""
    group_basis = {g.key: g.basis for g in policy.groups}
    won = {d.index: d.basis for d in static.precedence}
    queues = {g: iter(picked) for g, picked in static.taken.items()}
    open_queue = iter(static.open)
    nominations = []
    for slot in slots:
        index = next(queues[slot.group] if slot.group != OPEN else open_queue, None)
        if index is None:  # fewer approved candidates than vacancies
            continue
        if slot.group == OPEN and slot.reverted_from:
            reason, bases, due = REASON_REVERSION, [policy.reversion_basis], slot.reverted_from
        elif slot.group == OPEN:
            reason, bases, due = REASON_OPEN, [policy.open_basis], OPEN
        else:
            reason, due = REASON_RESERVE, slot.group
            bases = [group_basis[slot.group], policy.alternation_basis]
            if slot.collided:
                bases.append(policy.collision_basis)
            if index in won:
                bases.append(won[index])
        if index in replacements:
            bases.append(policy.withdrawal_basis)
        nominations.append(Nomination(len(nominations) + 1, slot.group, index, reason, tuple(bases), False, due))
    return nominations


def _project(result: Allocation, n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy) -> None:
    """The cadastro de reserva beyond V: each next position goes to the one candidate V+1 vacancies add (LEGAL-NOTES 5)."""
    done = set(withdrawn)
    done.update(nom.index for nom in result.nominations)
    groups = {g.key: g for g in policy.groups}
    credited = {g.key: policy.due_count(g, policy.vacancies) if g.explicit is None else g.count
                for g in policy.groups}
    credited = {g: max(c, result.counts[g]) for g, c in credited.items()}
    cursor = {g: 0 for g in pools}
    general = 0
    pending: list[str] = []
    reversions: list[str] = []
    register_bases = (policy.register_basis,) if policy.below_min_basis is None or policy.vacancies >= \
        policy.min_vacancies else (policy.register_basis, policy.below_min_basis)

    def next_of(g: str) -> int | None:
        pool = pools[g]
        while cursor[g] < len(pool) and pool[cursor[g]] in done:
            cursor[g] += 1
        return pool[cursor[g]] if cursor[g] < len(pool) else None

    k = policy.vacancies
    nominations = result.nominations
    while len(done) < n:
        k += 1
        for g, group in groups.items():
            due = policy.due_count(group, k)
            if due > credited[g]:
                pending.extend([g] * (due - credited[g]))
                credited[g] = due
        choice = None
        while pending and choice is None:
            options = {g: next_of(g) for g in set(pending)}
            exhausted = [g for g, i in options.items() if i is None]
            for g in exhausted:  # nobody left in that list: the place reverts to ampla
                while g in pending:
                    pending.remove(g)
                    reversions.append(g)
            live = {g: i for g, i in options.items() if i is not None}
            if live:
                choice = min(live, key=live.get)
                collided = len(live) > 1
        if choice is not None:
            pending.remove(choice)
            index = live[choice]
            bases = (groups[choice].basis, policy.alternation_basis, *register_bases)
            if collided:
                bases += (policy.collision_basis,)
            nominations.append(Nomination(len(nominations) + 1, choice, index, REASON_RESERVE, bases, True, choice))
        else:
            while general < n and general in done:
                general += 1
            if general >= n:
                break
            index = general
            if reversions:
                due = reversions.pop(0)
                nominations.append(Nomination(len(nominations) + 1, OPEN, index, REASON_REVERSION,
                                              (policy.reversion_basis, *register_bases), True, due))
            else:
                nominations.append(Nomination(len(nominations) + 1, OPEN, index, REASON_OPEN,
                                              (policy.open_basis, *register_bases), True, OPEN))
        done.add(index)
