"""Allocation for one position: reserved counts, who is nominated for V vacancies, and in what order.

Pure functions over plain data: candidates are identified by their index in the general list (0 = best ranked),
each reserve by the ordered indexes of its eligible candidates. No I/O, no templates.
The readings applied are LEGAL-NOTES 1-5; every decision carries the legal bases the caller passes in `Policy`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from .law.basis import Basis
from .model import OPEN

# Short codes for why a place went where it did (explain.py turns them into sentences).
REASON_OPEN = "ampla"  # best of the general list (cotistas included)
REASON_RESERVE = "reserva"  # a reserved place, by the alternation schedule
REASON_REVERSION = "reversao"  # a reserved place without eligible candidates, given back to ampla
REASON_MINIMUM = "minimo"  # a place of a floor ("at least 5% women") its members within ampla did not meet

# Reserve models (LEGAL-NOTES 12): concurrent reserve, or a floor that members within ampla count toward.
RESERVE = "reserva"
MINIMUM = "minimo"


def round_by(value: Fraction, word: str) -> int:
    """Round an exact fraction by the jurisdiction's rounding word (never Python's banker's round())."""
    return _round_ratio(value.numerator, value.denominator, word)


def _round_ratio(num: int, den: int, word: str) -> int:
    """num/den rounded, in integers only (den > 0)."""
    if word == "half_up":
        return (num * 2 + den) // (den * 2)
    if word == "ceil":
        return -((-num) // den)
    if word == "floor":
        return num // den
    raise ValueError(f"unknown rounding word {word!r}")


def reserved_count(vacancies: int, percent: Decimal, word: str, min_vacancies: int) -> int:
    """Reserved places for a group: percent × vacancies, rounded; none below the minimum (LEGAL-NOTES 1)."""
    if vacancies < min_vacancies:
        return 0
    return round_by(Fraction(vacancies) * Fraction(percent) / 100, word)


@dataclass(frozen=True, slots=True)
class Sequence:
    """Positions an edital fixes for a reserve: a list, then (optionally) every `interval` after its last one.

    "PcD at the 2nd, 21st, 41st, 61st…" is Sequence((2, 21), 20). It holds within V and beyond (cadastro).
    """

    listed: tuple[int, ...]
    interval: int | None = None

    def nth(self, c: int) -> int | None:
        """The c-th position (from 1), or None when the sequence has no more."""
        if c <= len(self.listed):
            return self.listed[c - 1]
        if self.interval is None or not self.listed:
            return None
        return self.listed[-1] + self.interval * (c - len(self.listed))

    def count_upto(self, k: int) -> int:
        """How many positions are ≤ k."""
        listed = sum(1 for p in self.listed if p <= k)
        if self.interval is None or not self.listed or k <= self.listed[-1]:
            return listed
        return listed + (k - self.listed[-1]) // self.interval


@dataclass(frozen=True, slots=True)
class GroupPolicy:
    """How one reserve is counted and cited for one position."""

    key: str
    count: int  # reserved places within V (the edital's count, or the percentage's)
    proportion: Fraction  # share used for the alternation and beyond V
    basis: Basis  # the article creating the reserve
    explicit: tuple[int, ...] | None = None  # edital's fixed positions (prevail over the alternation)
    min_vacancies: int = 1  # no reserve below this many vacancies (Cariacica art. 1º § 1º: 3 for negros)
    rounding: str | None = None  # this group's rounding word, when it differs from the jurisdiction's
    sequence: Sequence | None = None  # positions by sequence (rule file): within V and beyond
    register_limit: int | None = None  # reserved places this group may take in the cadastro de reserva
    model: str = RESERVE  # reserva (concurrent) | minimo (a floor: members within ampla count toward it)


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
    register_size: int | None = None  # the edital's cadastro de reserva: nobody is projected beyond it

    def due_count(self, group: GroupPolicy, k: int) -> int:
        """Cumulative places due to a group among the first k (LEGAL-NOTES 3), by its sequence when the edital
        fixes one; never more than its count plus its share of a limited cadastro."""
        if k < group.min_vacancies:
            return 0
        if group.sequence is not None:
            due = group.sequence.count_upto(k)
        else:
            p = group.proportion
            due = _round_ratio(k * p.numerator, p.denominator, group.rounding or self.rounding)
        if group.register_limit is not None and k > self.vacancies:
            due = min(due, group.count + group.register_limit)
        return due


@dataclass(slots=True)  # not frozen: a frozen __init__ costs 3× more, and there are a million of these
class Nomination:
    """One place in the order of nomination (read-only by convention)."""

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

    A floor (`minimo`, LEGAL-NOTES 12) has no places of its own: its members among the best of the general list
    count toward it, and only the shortfall displaces the lowest-ranked of the others in favour of the group's
    next members.
    """
    available = [i for i in range(n) if i not in blocked] if blocked else range(n)
    floors = {g.key: g.count for g in policy.groups if g.model == MINIMUM}
    counts = {g.key: g.count for g in policy.groups if g.model != MINIMUM}
    open_count = min(policy.vacancies - sum(counts.values()), len(available))
    while True:
        top = list(available[:open_count])
        open_, need = _meet_floors(top, floors, pools, blocked) if floors else (top, {})
        taken, decisions = _assign_reserves(pools, counts | need, blocked | set(open_), policy)
        short = {g: len(taken[g]) for g in need if len(taken[g]) < need[g]}
        if short:  # a floor's members ran out (or went to another reserve): those places stay with ampla
            open_, need = _meet_floors(top, floors, pools, blocked, short)
            taken, decisions = _assign_reserves(pools, counts | need, blocked | set(open_), policy)
        grown = min(policy.vacancies - sum(len(taken[g]) for g in counts), len(available))
        if grown <= open_count:
            return _Static(open_, taken, decisions)
        open_count = grown


def _meet_floors(top: list[int], floors: dict[str, int], pools, blocked: set[int],
                 cap: dict[str, int] | None = None) -> tuple[list[int], dict[str, int]]:
    """Ampla's places under floors: the top of the general list minus, for each floor its members there do not
    meet, as many of its lowest-ranked non-members; and how many places each floor still needs."""
    inside = set(top)
    need = {}
    for g, floor in floors.items():
        members = pools[g]
        have = sum(1 for i in members if i in inside)
        outside = sum(1 for i in members if i not in inside and i not in blocked)
        need[g] = min(max(0, floor - have), outside, (cap or {}).get(g, floor))
    short = sum(need.values())
    if not short:
        return top, need
    keep = set().union(*(pools[g] for g, d in need.items() if d))  # members of a floor still short stay
    displaced = [i for i in reversed(top) if i not in keep][:short]
    gone = set(displaced)
    return [i for i in top if i not in gone], need


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
    if group.sequence is not None:
        positions, c = [], 1
        while (p := group.sequence.nth(c)) is not None and p <= upto:
            positions.append(max(p, group.min_vacancies))
            c += 1
        return positions
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
    if project and policy.register_size != 0:
        if any(g.model == MINIMUM for g in policy.groups):
            _project_stepwise(result, n, pools, withdrawn, policy)
        else:
            _project(result, n, pools, withdrawn, policy, static)
        if policy.register_size is not None:  # the edital's cadastro size: nobody projected beyond it
            within = sum(1 for nom in result.nominations if not nom.register)
            del result.nominations[within + policy.register_size:]
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
        if g.model == MINIMUM:  # a floor's places follow the classification, among ampla's (_fill)
            continue
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
    floor_of = {i: g.key for g in policy.groups if g.model == MINIMUM for i in static.taken.get(g.key, ())}
    # a floor's extra places are ordered by classification among ampla's (LEGAL-NOTES 12)
    open_queue = iter(sorted([*static.open, *floor_of]) if floor_of else static.open)
    nominations = []
    for slot in slots:
        index = next(queues[slot.group] if slot.group != OPEN else open_queue, None)
        if index is None:  # fewer approved candidates than vacancies
            continue
        if index in floor_of:
            g = floor_of[index]
            bases = [group_basis[g], policy.open_basis] + ([won[index]] if index in won else [])
            if index in replacements:
                bases.append(policy.withdrawal_basis)
            nominations.append(Nomination(len(nominations) + 1, g, index, REASON_MINIMUM, tuple(bases), False, g))
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


def policy_at(policy: Policy, k: int) -> Policy:
    """The policy for k ≥ V vacancies: each group's count grows with its due count (cadastro, LEGAL-NOTES 5)."""
    groups = tuple(replace(g, count=max(g.count, policy.due_count(g, k))) for g in policy.groups)
    return replace(policy, vacancies=k, groups=groups)


def _project_stepwise(result: Allocation, n: int, pools: dict[str, list[int]], withdrawn: set[int],
                      policy: Policy) -> None:
    """The cadastro by the definition of LEGAL-NOTES 5: position V+k goes to whoever the static allocation for V+k
    adds to that for V+k−1 (several, in rank order, when two reserves step up at once). One static allocation per
    position: used where a floor (`minimo`) makes the incremental walk of `_project` inapplicable; exams with
    floors are municipal-sized and bounded by their cadastro."""
    nominated = {nom.index for nom in result.nominations} | set(withdrawn)
    limit = policy.register_size if policy.register_size is not None else n
    groups = {g.key: g for g in policy.groups}
    k, register = policy.vacancies, 0
    while register < limit and len(nominated) < n:
        k += 1
        static = static_allocation(n, pools, withdrawn, policy_at(policy, k))
        role = {i: OPEN for i in static.open}
        for g, picked in static.taken.items():
            role.update({i: g for i in picked})
        added = sorted(i for i in role if i not in nominated)
        if not added and len(role) < k - len(withdrawn):  # nobody left to add
            break
        for i in added[:limit - register]:
            g = role[i]
            if g == OPEN:
                reason, bases = REASON_OPEN, (policy.open_basis, policy.register_basis)
            elif groups[g].model == MINIMUM:
                reason, bases = REASON_MINIMUM, (groups[g].basis, policy.register_basis)
            else:
                reason, bases = REASON_RESERVE, (groups[g].basis, policy.alternation_basis, policy.register_basis)
            result.nominations.append(Nomination(len(result.nominations) + 1, g, i, reason, bases, True, g))
            nominated.add(i)
            register += 1


def next_due(group: GroupPolicy, policy: Policy, credited: int) -> int | None:
    """First position k whose cumulative due count exceeds `credited` (closed form: no scan over k)."""
    if group.register_limit is not None and credited >= group.count + group.register_limit:
        return None  # the edital's cadastro has no more places for this group
    if group.sequence is not None:
        k = group.sequence.nth(credited + 1)
        return None if k is None else max(k, group.min_vacancies)
    num, den = group.proportion.numerator, group.proportion.denominator
    if num == 0:
        return None
    c = credited
    rounding = group.rounding or policy.rounding
    if rounding == "half_up":  # floor(k·p + ½) ≥ c+1  ⇔  k ≥ (2c+1)/(2p)
        k = -((-(2 * c + 1) * den) // (2 * num))
    elif rounding == "ceil":  # ceil(k·p) ≥ c+1  ⇔  k·p > c
        k = (c * den) // num + 1
    else:  # floor(k·p) ≥ c+1
        k = -((-(c + 1) * den) // num)
    return max(k, group.min_vacancies)


def _peek(pool: list[int], at: int, nominated: bytearray) -> int:
    """General index of the next not-yet-nominated candidate of a list (n when none)."""
    while at < len(pool) and nominated[pool[at]]:
        at += 1
    return pool[at] if at < len(pool) else len(nominated)


def _project(result: Allocation, n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy,
             static: _Static) -> None:
    """The cadastro de reserva beyond V: position k goes to the one candidate that k vacancies add (LEGAL-NOTES 5).

    Incremental static allocation: at each k either a reserve falls due (it takes its next eligible candidate) or
    ampla grows by one (it takes the next of the general list). When that next one already holds a reserved place,
    they now reach the general list, and their reserve takes its next candidate instead (Lins art. 6º § 1º;
    Cariacica art. 3º § 1º; MS art. 3º § 3º). A reserve with nobody left gives its place back to ampla.
    Event-driven and linear, so a million positions stay cheap.
    """
    nominated = bytearray(n)
    for i in withdrawn:
        nominated[i] = 1
    for nom in result.nominations:
        nominated[nom.index] = 1
    remaining = n - sum(nominated)
    holder: dict[int, str] = {i: g for g, picked in static.taken.items() for i in picked}  # reserved places held
    in_open = bytearray(n)  # in ampla, or withdrawn: either way ampla's walk down the general list skips them
    for i in static.open:
        in_open[i] = 1
    for i in withdrawn:
        in_open[i] = 1
    general = 0  # every available candidate before this index is in ampla
    groups = {g.key: g for g in policy.groups}
    rank = {g: r for r, g in enumerate(groups)}  # a fixed order, so equal keys never depend on set iteration
    credited = {g.key: max(result.counts[g.key], policy.due_count(g, policy.vacancies) if g.explicit is None
                           else g.count) for g in policy.groups}
    due_at = {g: next_due(groups[g], policy, credited[g]) for g in groups}
    cursor = {g: 0 for g in pools}
    pending: list[str] = []
    extra = (policy.register_basis,)
    below = policy.below_min_basis
    if below is not None and policy.vacancies < policy.min_vacancies and below != policy.register_basis:
        extra += (below,)
    open_bases = (policy.open_basis, *extra)
    reversion_bases = (policy.reversion_basis, *extra)
    reserve_bases = {g: (groups[g].basis, policy.alternation_basis, *extra) for g in groups}
    moved_bases = {g: (groups[g].basis, policy.open_basis, *extra) for g in groups}
    nominations = result.nominations
    append = nominations.append

    def seat(g: str) -> tuple[int, str] | None:
        """Reserve g takes one more candidate: its next not yet nominated, or one holding another reserve who
        ranks better here (LEGAL-NOTES 4; Lins art. 4º p.u.), whose old reserve then takes its next. None: nobody."""
        while True:
            pool, at = pools[g], cursor[g]
            while at < len(pool):
                c = pool[at]
                if not nominated[c]:
                    cursor[g] = at + 1
                    holder[c] = g
                    return c, g
                h = holder.get(c)
                if h is not None and h != g and not in_open[c] and _prefer(c, [h, g], pools, policy)[0] == g:
                    cursor[g] = at + 1
                    holder[c] = g
                    break
                at += 1
            else:
                cursor[g] = at
                return None
            g = h  # the reserve c left needs a candidate in turn

    def widen() -> tuple[int, str]:
        """Ampla grows by one; whoever it reaches may hold a reserved place, which then passes on."""
        nonlocal general
        while True:
            while in_open[general]:
                general += 1
            c = general
            in_open[c] = 1
            if not nominated[c]:
                return c, OPEN
            moved = holder.pop(c, None)
            got = seat(moved) if moved else None
            if got:
                return got

    def first_due() -> int:
        return min((at for at in due_at.values() if at is not None), default=n + len(nominations) + 1)

    upcoming = first_due()
    while remaining:
        k = len(nominations) + 1
        if k >= upcoming:
            for g, at in due_at.items():
                if at is not None and at <= k:
                    due = policy.due_count(groups[g], k)
                    pending.extend([g] * (due - credited[g]))
                    credited[g] = due
                    due_at[g] = next_due(groups[g], policy, due)
            upcoming = first_due()
        if not pending:  # the common case at scale: ampla grows, one place after another, until a reserve is due
            while k < upcoming and remaining:
                while in_open[general]:
                    general += 1
                if nominated[general]:  # already holds a reserved place: it passes on (rare)
                    index, group = widen()
                else:
                    in_open[general] = 1
                    index, group = general, OPEN
                if group == OPEN:
                    append(Nomination(k, OPEN, index, REASON_OPEN, open_bases, True, OPEN))
                else:
                    append(Nomination(k, group, index, REASON_RESERVE, moved_bases[group], True, group))
                nominated[index] = 1
                remaining -= 1
                k += 1
            continue
        got, reverted_from, collided = None, None, len(set(pending)) > 1
        while pending and got is None:
            # coincidence: the reserve whose next candidate ranks better in the general list goes first
            choice = min(set(pending), key=lambda g: (_peek(pools[g], cursor[g], nominated), rank[g]))
            pending.remove(choice)
            got = seat(choice)
            if got is None:  # nobody left in that list: the place reverts to ampla
                reverted_from = choice
                pending = [x for x in pending if x != choice]
        if got is not None:
            index, group = got
            bases = reserve_bases[group] + ((policy.collision_basis,) if collided else ())
            append(Nomination(k, group, index, REASON_RESERVE, bases, True, group))
        else:
            index, group = widen()
            if group != OPEN:
                append(Nomination(k, group, index, REASON_RESERVE, moved_bases[group], True, group))
            elif reverted_from:
                append(Nomination(k, OPEN, index, REASON_REVERSION, reversion_bases, True, reverted_from))
            else:
                append(Nomination(k, OPEN, index, REASON_OPEN, open_bases, True, OPEN))
        nominated[index] = 1
        remaining -= 1
