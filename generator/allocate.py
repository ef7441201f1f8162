"""Allocation for one position: reserved counts, who is nominated for V vacancies, and in what order.

Pure functions over plain data: candidates are identified by their index in the general list (0 = best ranked),
each reserve by the ordered indexes of its eligible candidates. No I/O, no templates.
The readings applied are LEGAL-NOTES 1-5; every decision carries the legal bases the caller passes in `Policy`.
"""

from __future__ import annotations

from bisect import bisect_left, insort
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
    alternation_basis: Basis | None = None  # the group's own citation of the alternation; None: the policy's


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
    register_check: Basis | None = None  # reserved places beyond V await the commission (Lins art. 7º § 3º)
    checked: frozenset[str] = frozenset()  # reserves whose candidates a commission verifies
    choices: dict[int, str] = field(default_factory=dict)  # index → the reserve the candidate chose (LEGAL-NOTES 9)
    choice_basis: Basis | None = None  # where the rules let the candidate choose; None: choices are not read

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
    open: list[int]  # ampla's places: the top of the general list, then the places given back (`extra`)
    taken: dict[str, list[int]]
    precedence: list[PrecedenceDecision]
    extra: list[int] = field(default_factory=list)  # given back by a reserve short of candidates (LEGAL-NOTES 15)


def static_allocation(n: int, pools: dict[str, list[int]], blocked: set[int], policy: Policy,
                      pinned: dict[str, list[int]] | None = None) -> _Static:
    """Who is nominated for V vacancies, by group (LEGAL-NOTES 2), before any ordering.

    Ampla takes the best of the general list, cotistas included; then each reserve its best eligible candidates
    not yet nominated. Places a reserve cannot fill go to the best-ranked candidates not already nominated: a
    cotista in a reserved place keeps it, and ampla is not re-run with the enlarged count (LEGAL-NOTES 15).

    A floor (`minimo`, LEGAL-NOTES 12) has no places of its own: its members among the best of the general list
    count toward it, and only the shortfall displaces the lowest-ranked of the others in favour of the group's
    next members.

    `pinned` (projection beyond V only): members already called through a reserve whose cadastro the edital sizes
    (`register_limit`); they keep that reserved place, so ampla passes over them (see `_project`).
    """
    held = set().union(*pinned.values()) if pinned else set()
    out = blocked | held if held else blocked
    available = [i for i in range(n) if i not in out] if out else range(n)
    floors = {g.key: g.count for g in policy.groups if g.model == MINIMUM}
    counts = {g.key: g.count for g in policy.groups if g.model != MINIMUM}
    open_count = max(0, min(policy.vacancies - sum(counts.values()), len(available)))
    rest = {g: c - len(pinned.get(g, ())) for g, c in counts.items()} if pinned else counts
    top = list(available[:open_count])
    open_, need = _meet_floors(top, floors, pools, out) if floors else (top, {})
    taken, decisions = _assign_reserves(pools, rest | need, out | set(open_), policy)
    short = {g: len(taken[g]) for g in need if len(taken[g]) < need[g]}
    if short:  # a floor's members ran out (or went to another reserve): those places stay with ampla
        open_, need = _meet_floors(top, floors, pools, out, short)
        taken, decisions = _assign_reserves(pools, rest | need, out | set(open_), policy)
    for g, members in (pinned or {}).items():
        taken[g] = sorted([*taken[g], *members])
    chosen = set(open_).union(*taken.values())
    missing = min(policy.vacancies, n - len(blocked)) - len(chosen)
    extra = []
    if missing > 0:  # LEGAL-NOTES 15: the places given back go to the best-ranked not already nominated
        for i in available:
            if i not in chosen:
                extra.append(i)
                if len(extra) == missing:
                    break
        open_ = sorted([*open_, *extra])
        if floors:
            open_ = _surplus_floor_places(open_, taken, floors, pools, available, chosen | set(extra))
    return _Static(open_, taken, decisions, extra)


def _surplus_floor_places(open_: list[int], taken: dict[str, list[int]], floors: dict[str, int], pools,
                          available, chosen: set[int]) -> list[int]:
    """A floor's places were counted before the places a reserve gave back (LEGAL-NOTES 15) went to the best-ranked
    not yet nominated; members among those count toward the floor too (LEGAL-NOTES 12), so a floor place they make
    unnecessary goes back to the classification: its lowest-ranked floor nominee leaves, the best-ranked candidate
    not nominated enters. Repeated until no floor has more places than its shortfall."""
    while True:
        changed = False
        inside = set(open_)
        for g, floor in floors.items():
            picked = taken.get(g) or []
            members = pools[g]
            have = sum(1 for i in members if i in inside)
            needed = max(0, floor - have)
            while len(picked) > needed:
                gone = picked.pop()  # the lowest-ranked floor nominee (taken lists are in rank order)
                chosen.discard(gone)
                nxt = next((i for i in available if i not in chosen), None)
                if nxt is None:
                    picked.append(gone)
                    chosen.add(gone)
                    break
                chosen.add(nxt)
                open_ = sorted([*open_, nxt])
                inside.add(nxt)
                changed = True
                if nxt in members:
                    have += 1
                    needed = max(0, floor - have)
        if not changed:
            return open_


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
    # where the norm is silent the candidate may choose (LEGAL-NOTES 9); a choice the norm overrides never gets
    # here (results.check refuses it)
    chosen = policy.choices.get(index) if policy.choice_basis is not None else None
    if chosen in remaining:
        return chosen, policy.choice_basis
    # the list where the candidate ranks better; then the jurisdiction's tie order
    ranked = sorted(remaining, key=lambda g: (pools[g].index(index), policy.precedence_tiebreak.index(g)))
    return ranked[0], policy.precedence_basis


def due_positions(group: GroupPolicy, policy: Policy, upto: int) -> list[int]:
    """Positions 1..upto where the group's cumulative due count grows (3ª, 8ª, 13ª… for 20%)."""
    if group.explicit is not None:
        positions = sorted(p for p in group.explicit if p <= upto)
        if len(positions) < group.count:  # vacancies added after the edital's list (LEGAL-NOTES 17)
            positions += _continued(group, policy, upto, group.count - len(positions))
        return positions
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


def _continued(group: GroupPolicy, policy: Policy, upto: int, missing: int) -> list[int]:
    """Positions for a group's places past the edital's own list (new vacancies, LEGAL-NOTES 17): the rule file's
    sequence after the list's last position, else where the group's proportional count grows (reading 3); if that
    still leaves places without a position within `upto`, the last positions (so that the group keeps its count)."""
    last, found = max(group.explicit), []
    if group.sequence is not None:
        c = 1
        while len(found) < missing and (p := group.sequence.nth(c)) is not None and p <= upto:
            if p > last:
                found.append(p)
            c += 1
    else:
        listed = len(group.explicit)
        for k in range(last + 1, upto + 1):
            grown = policy.due_count(group, k) - listed - len(found)
            found.extend([k] * max(0, min(grown, missing - len(found))))
            if len(found) >= missing:
                break
    taken = set(group.explicit) | set(found)
    k = upto
    while len(found) < missing and k > last:
        if k not in taken:
            found.append(k)
        k -= 1
    return sorted(found)


def allocate(n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy,
             project: bool = True) -> Allocation:
    """Allocate one position: the nomination order for V, then (optionally) the projected cadastro de reserva."""
    static = static_allocation(n, pools, withdrawn, policy)
    result = Allocation(counts={g.key: g.count for g in policy.groups}, precedence=static.precedence)
    if withdrawn:
        baseline = static_allocation(n, pools, set(), policy)
        result.replacements = _replacements(static, baseline)
    slots = _schedule(static, policy)
    result.nominations = _fill(slots, static, result.replacements, policy, pools)
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


def _fill(slots: list[_Slot], static: _Static, replacements: dict[int, str], policy: Policy,
          pools: dict[str, list[int]]) -> list[Nomination]:
    """Put the nominees in their places: ampla by general rank, each reserve by its list order."""
    group_basis = {g.key: g.basis for g in policy.groups}
    alternation = {g.key: g.alternation_basis or policy.alternation_basis for g in policy.groups}
    won = {d.index: d.basis for d in static.precedence}
    queues = {g: iter(picked) for g, picked in static.taken.items()}
    floor_of = {i: g.key for g in policy.groups if g.model == MINIMUM for i in static.taken.get(g.key, ())}
    # a floor's extra places are ordered by classification among ampla's (LEGAL-NOTES 12)
    open_queue = iter(sorted([*static.open, *floor_of]) if floor_of else static.open)
    nominations = []
    pulled: set[int] = set()
    for slot in slots:
        index = next(queues[slot.group] if slot.group != OPEN else open_queue, None)
        while index in pulled and slot.group != OPEN:  # nominated already, at an earlier ampla place (below)
            index = next(queues[slot.group], None)
        if index is None and slot.group == OPEN:
            # Fewer approved candidates than vacancies, and ampla's own are all nominated: this ampla place goes to
            # the best-ranked candidate not yet nominated (every approved candidate is on the general list, MS art.
            # 2º, Lins art. 4º, Cariacica art. 2º), who would otherwise be numbered here while labelled with a later
            # reserved place the edital fixes elsewhere (the 11ª of «2ª, 11ª», found by test_order's property). The
            # reserved place then stays unfilled: nobody is left. Our reading (LEGAL-NOTES 3 and 15: nominations
            # follow the positions in order; the reserve's place is the position the edital fixes).
            # Only one ranked below every ampla nominee so far, or ampla's list would call a better-ranked after a
            # worse-ranked (LEGAL-NOTES 15): otherwise the place stays empty and the reserve's nominee comes at
            # their own reserved place, numbered on (found by test_order's property: MS, 52 vacancies, 47 approved,
            # the 2nd indígena, 43rd of the general list, was called as ampla after the 50th).
            # Nor one whom a worse-ranked member of another of her lists has passed through that list's place (she
            # is in two reserves, and reading 4 gave her the other, whose place comes later): called as ampla she
            # would hold a place given back, which goes to those not already nominated (LEGAL-NOTES 15), while her
            # reserve's place is hers (static allocation, reading 2); she keeps it, numbered on (found by
            # test_order's property: MS, 50 vacancies, 39 approved, a negro and PcD 58th of the general list sent
            # to PcD's 50ª, the 59th called at the negros' 3ª).
            placed = {n.index for n in nominations}
            heads = [i for picked in static.taken.values() for i in picked
                     if i not in floor_of and i not in pulled and i not in placed]
            if heads and min(heads) > max((n.index for n in nominations if n.group == OPEN), default=-1) \
                    and not _passed_over(min(heads), nominations, pools):
                index = min(heads)
                pulled.add(index)
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
            bases = [group_basis[slot.group], alternation[slot.group]]
            if slot.collided:
                bases.append(policy.collision_basis)
            if index in won:
                bases.append(won[index])
        if index in replacements:
            bases.append(policy.withdrawal_basis)
        nominations.append(Nomination(len(nominations) + 1, slot.group, index, reason, tuple(bases), False, due))
    return nominations


def _passed_over(index: int, nominations: list[Nomination], pools: dict[str, list[int]]) -> bool:
    """Whether a worse-ranked member of one of the lists `index` is on has been nominated through that list."""
    return any(n.group in pools and n.index > index and index in pools[n.group] for n in nominations)


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
    pinned = {g: [nom.index for nom in result.nominations if nom.group == g] for g in limited_groups(policy)}
    k, register = policy.vacancies, 0
    while register < limit and len(nominated) < n:
        k += 1
        static = static_allocation(n, pools, withdrawn, policy_at(policy, k), pinned)
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
                reason, bases = REASON_RESERVE, (groups[g].basis, groups[g].alternation_basis or policy.alternation_basis,
                                                 policy.register_basis)
            result.nominations.append(Nomination(len(result.nominations) + 1, g, i, reason, bases, True, g))
            nominated.add(i)
            register += 1
            if g in pinned:
                insort(pinned[g], i)


def limited_groups(policy: Policy) -> set[str]:
    """Reserves whose places in the cadastro the edital counts (`register_limit`, e.g. "1 PcD" in a table).

    Their places beyond V are at most that count, the positions of the sequence inside the cadastro included (the
    41ª of "2ª, 21ª, 41ª…" is the one PcD place of such a table). A member called through such a reserve keeps that
    reserved place when the growing ampla reaches her rank: it does not open another reserved place beyond the
    edital's table (issue 18). (Reading 5 still applies to members called otherwise: one called through a place
    given back who falls into the reserve's due place fills it, and the reserve's next is called only when ampla
    reaches her.) Our reading, from LEGAL-NOTES 15
    ("a cotista nominated in a reserve place keeps it") and 14 (the published order binds), for editais that size
    the cadastro per group; the seeds size none, so reading 5 applies unchanged to them."""
    return {g.key for g in policy.groups if g.register_limit is not None and g.model != MINIMUM}


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


def _or_never(at: int | None, never: int) -> int:
    return never if at is None else at


def _peek(pool: list[int], at: int, nominated: bytearray) -> int:
    """General index of the next not-yet-nominated candidate of a list (n when none)."""
    while at < len(pool) and nominated[pool[at]]:
        at += 1
    return pool[at] if at < len(pool) else len(nominated)


def _project(result: Allocation, n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy,
             static: _Static) -> None:
    """The cadastro de reserva beyond V (LEGAL-NOTES 5): place m goes to whom the static allocation for m vacancies
    nominates and who has no place yet.

    The static allocation S(m) (reading 2) is tracked exactly, one step at a time:
    - no reserve falls due at m: ampla grows by one and takes the next of the general list; one who already held a
      reserved place reaches ampla and the reserve takes its next (Lins art. 6º § 1º; Cariacica art. 3º § 1º;
      MS art. 3º § 3º);
    - one reserve falls due: it takes its next eligible candidate; with nobody left the place goes to the best-ranked
      candidate not yet in S, and nobody moves (LEGAL-NOTES 15: such places, `extra`, are ampla's but not its top);
    - two fall due at once (MS at 50: 5% 2→3 and 3% 1→2): each keeps its exact count (reading 3), so ampla shrinks
      by one. Its last member leaves it; a cotista then fills a reserved place (reading 5), which may push that
      reserve's last nominee out. S(m) may then add two and drop one: the one exception of reading 5. The better
      general rank of those without a place goes first (MS art. 6º § 1º), the other at the next place.
    A reserve whose cadastro the edital sizes (`limited_groups`) keeps the members called through it: ampla's walk
    passes over them (`pinned`).
    Each step touches a few candidates, so a million positions stay linear.
    """
    taken = bytearray(n)  # in S (the static allocation for the current number of places) or withdrawn
    in_open = bytearray(n)  # in ampla's top, withdrawn or pinned: ampla's walk down the general list skips them
    placed = bytearray(n)  # has a place in the order, or withdrawn
    spare = bytearray(n)  # in S by a place given back (LEGAL-NOTES 15), outside ampla's top
    pinned = bytearray(n)  # called through a limited reserve: keeps that place
    limited = limited_groups(policy)
    open_free = OPEN not in limited  # an ampla nominee is never pinned (the fast path below)
    for i in withdrawn:
        taken[i] = in_open[i] = placed[i] = 1
    spares: list[int] = sorted(static.extra)  # the places given back, in rank order
    for i in static.open:
        taken[i] = 1
    for i in spares:
        spare[i] = 1
    top = [i for i in static.open if not spare[i]]
    for i in top:
        in_open[i] = 1
    holder: dict[int, str] = {}  # reserved places held in S
    held: dict[str, list[int]] = {g: list(static.taken.get(g, ())) for g in pools}  # each reserve's, in rank order
    for g, picked in held.items():
        for i in picked:
            taken[i] = 1
            holder[i] = g
    size = len(static.open) + len(holder)  # |S|
    available = n - len(withdrawn)
    nominations = result.nominations
    for nom in nominations:
        placed[nom.index] = 1
        if nom.group in limited:
            pinned[nom.index] = in_open[nom.index] = 1
    remaining = n - sum(placed)
    groups = {g.key: g for g in policy.groups}
    quota = {g: result.counts[g] for g in groups}
    credited = {g.key: max(result.counts[g.key], policy.due_count(g, policy.vacancies) if g.explicit is None
                           else g.count) for g in policy.groups}
    never = n + len(withdrawn) + len(nominations) + 2  # beyond the last place the walk can reach (no more due)
    due_at = {g: _or_never(next_due(groups[g], policy, credited[g]), never) for g in groups}
    names = list(pools)
    member = bytearray(n)  # bit j: in the list of reserve names[j]
    for j, g in enumerate(names):
        bit = 1 << j
        for i in pools[g]:
            member[i] |= bit
    extra = (policy.register_basis,)
    below = policy.below_min_basis
    if below is not None and policy.vacancies < policy.min_vacancies and below != policy.register_basis:
        extra += (below,)
    open_bases = (policy.open_basis, *extra)
    reversion_bases = (policy.reversion_basis, *extra)
    check = {g: (policy.register_check,) if policy.register_check and g in policy.checked else () for g in groups}
    reserve_bases = {g: (groups[g].basis, groups[g].alternation_basis or policy.alternation_basis, *extra, *check[g])
                     for g in groups}
    moved_bases = {g: (groups[g].basis, policy.open_basis, *extra, *check[g]) for g in groups}
    owed: dict[int, list] = {}  # in S without a place yet → [group, reason, due, bases, since]
    append = nominations.append
    general = top[-1] + 1 if top else 0  # every candidate before it is in ampla's top, withdrawn or pinned
    free_at = [general]  # no candidate from ampla's frontier up to it is outside S
    now = [len(nominations)]  # the place being decided
    last_out: list[str | None] = [None]  # the reserve whose place last went unfilled (a reversion)
    cursor: dict[str, int] = {}

    def resume(g: str) -> None:
        """Where reserve g looks for its next candidate: after its last nominee; at the end when it has nobody
        left; at the ampla frontier when it has no place yet."""
        pool = pools[g]
        if quota.get(g, 0) == 0 or not held[g]:
            cursor[g] = bisect_left(pool, general) if quota.get(g, 0) == 0 else len(pool)
        elif len(held[g]) < quota[g]:
            cursor[g] = len(pool)
        else:
            cursor[g] = bisect_left(pool, held[g][-1]) + 1

    for g in pools:
        resume(g)

    def label(i: int, k: int, reason: str | None = None, due: str | None = None, moved: bool = False) -> list:
        g = holder.get(i, OPEN)
        if g != OPEN:
            return [g, REASON_RESERVE, g, moved_bases[g] if moved else reserve_bases[g], k]
        if reason == REASON_REVERSION:
            return [OPEN, REASON_REVERSION, due, reversion_bases, k]
        return [OPEN, REASON_OPEN, OPEN, open_bases, k]

    def relabel(i: int, g: str) -> None:
        entry = owed.get(i)
        if entry is not None:
            entry[:4] = [OPEN, REASON_OPEN, OPEN, open_bases] if g == OPEN else [g, REASON_RESERVE, g, reserve_bases[g]]

    def release(i: int, g: str) -> None:
        lst = held[g]
        if lst[0] == i:
            del lst[0]
        else:
            lst.remove(i)

    def seat(g: str) -> int | None:
        """Reserve g takes one more candidate: its next outside S, or one holding another reserve who goes to g by
        precedence (LEGAL-NOTES 4), whose old reserve then takes its next. None: nobody left."""
        nonlocal size
        while True:
            pool, at = pools[g], cursor[g]
            while at < len(pool):
                c = pool[at]
                if not taken[c]:
                    cursor[g] = at + 1
                    taken[c] = 1
                    holder[c] = g
                    held[g].append(c)
                    size += 1
                    return c
                if spare[c]:  # in S by a place given back: the reserve takes her, the place goes on to the next
                    cursor[g] = at + 1
                    unspare(c)
                    holder[c] = g
                    held[g].append(c)
                    relabel(c, g)
                    fill(now[0], None)
                    return c
                h = holder.get(c)
                if h is not None and h != g and not pinned[c] and _prefer(c, [h, g], pools, policy)[0] == g:
                    cursor[g] = at + 1
                    holder[c] = g
                    release(c, h)
                    held[g].append(c)
                    relabel(c, g)
                    break
                at += 1
            else:
                cursor[g] = at
                last_out[0] = g
                return None
            g = h  # the reserve c left needs a candidate in turn

    def unspare(c: int) -> None:
        spare[c] = 0
        spares.remove(c)

    def fill(k: int, reverted: str | None) -> None:
        """A place given back (LEGAL-NOTES 15), or one a given-back candidate no longer needs: to the best-ranked
        candidate not yet in S; nobody already in S moves."""
        nonlocal size
        c = max(free_at[0], general)
        while c < n and taken[c]:
            c += 1
        free_at[0] = c
        if c >= n:
            return
        taken[c] = spare[c] = 1
        insort(spares, c)
        size += 1
        if not placed[c]:
            owed[c] = label(c, k, REASON_REVERSION if reverted else None, reverted)

    def drop(c: int) -> None:
        """c leaves S (two reserves due at once: the one exception of reading 5)."""
        nonlocal size
        spare[c] = taken[c] = 0
        size -= 1
        owed.pop(c, None)
        free_at[0] = min(free_at[0], c)

    def leave(c: int) -> None:
        """c is no longer in ampla's top nor in a reserved place: a given-back place goes to the better ranked of c
        and its worst holder; the other leaves S."""
        nonlocal size
        if spares and spares[-1] > c:
            worst = spares.pop()
            spare[c] = 1
            insort(spares, c)
            c = worst
        drop(c)

    def widen(k: int, reverted: str | None) -> None:
        """Ampla grows by one; whoever it reaches may hold a reserved place, which then passes on."""
        nonlocal general, size
        while True:
            while general < n and in_open[general]:
                general += 1
            if general >= n:
                return
            c = general
            in_open[c] = 1
            if spare[c]:  # a given-back place's holder joins ampla's top: that place goes on to the next
                unspare(c)
                fill(k, reverted)
                return
            if not taken[c]:
                taken[c] = 1
                size += 1
                if not placed[c]:
                    owed[c] = label(c, k, REASON_REVERSION if reverted else None, reverted)
                return
            moved = holder.pop(c)
            release(c, moved)
            relabel(c, OPEN)
            got = seat(moved)
            if got is not None:
                if not placed[got]:
                    owed[got] = label(got, k, moved=True)
                return
            fill(k, reverted or last_out[0])  # nobody left in that list: the place is given back (LEGAL-NOTES 15)
            return

    def place(c: int, skip: str | None) -> None:
        """c has just left ampla (or the places of reserve `skip`): it goes to the best reserve whose first places
        now reach it (readings 2 and 4), which may push that reserve's last nominee out in turn; or leaves S."""
        nonlocal size
        while True:
            bits = member[c]
            reach = [g for j, g in enumerate(names) if bits >> j & 1 and g != skip and quota.get(g, 0) > 0
                     and (len(held[g]) < quota[g] or (c < held[g][-1] and not pinned[held[g][-1]]))]
            if not reach:
                leave(c)
                return
            w = reach[0] if len(reach) == 1 else _prefer(c, reach, pools, policy)[0]
            insort(held[w], c)
            holder[c] = w
            relabel(c, w)
            if len(held[w]) <= quota[w]:  # a place the reserve had given back: one place given back less
                if spares:
                    drop(spares.pop())
                return
            c, skip = held[w].pop(), w  # the reserve's last nominee falls out of its places
            del holder[c]
            resume(w)

    def narrow(places: int) -> None:
        """One ampla place less (two reserves due at once): from S for `places` + 1 to S for `places`."""
        nonlocal general
        while size > min(places, available):
            while general < n and in_open[general]:
                general += 1
            x = general - 1
            while x >= 0 and in_open[x] and (x in withdrawn or pinned[x]):
                x -= 1
            if x < 0:
                return
            in_open[x] = 0
            general = x
            place(x, None)  # x stays in S in a reserved place, or someone (x or a reserve's last) leaves S

    upcoming = min(due_at.values(), default=never)
    k = len(nominations)
    while remaining:
        k += 1
        now[0] = k
        steps: list[str] = []
        if k >= upcoming:
            for g, at in due_at.items():
                if at <= k:
                    due = policy.due_count(groups[g], k)
                    steps.extend([g] * (due - credited[g]))
                    credited[g] = due
                    due_at[g] = _or_never(next_due(groups[g], policy, due), never)
            upcoming = min(due_at.values())
        if not steps and not owed:  # the common case at scale: ampla grows, one place after another
            while general < n and in_open[general]:
                general += 1
            if general < n and not taken[general]:
                c = general
                taken[c] = in_open[c] = placed[c] = 1
                size += 1
                append(Nomination(k, OPEN, c, REASON_OPEN, open_bases, True, OPEN))
                remaining -= 1
                # and so on, place after place, while no reserve falls due: what the next turns would do
                while remaining and k + 1 < upcoming:
                    while general < n and in_open[general]:
                        general += 1
                    if general >= n or taken[general]:
                        break
                    k += 1
                    c = general
                    taken[c] = in_open[c] = placed[c] = 1
                    size += 1
                    append(Nomination(k, OPEN, c, REASON_OPEN, open_bases, True, OPEN))
                    remaining -= 1
                continue
            if general < n and spare[general] and open_free:
                # the other common case (a reserve short of candidates gave places back): ampla reaches the holder
                # of a given-back place, which passes on to the best-ranked candidate not yet in S, who takes this
                # place. Exactly widen(k, None) → unspare → fill, then the place to the one owed, inlined.
                c = general
                d = max(free_at[0], c)
                while d < n and taken[d]:
                    d += 1
                if d < n and not placed[d] and d not in holder:
                    in_open[c] = 1
                    spare[c] = 0
                    spares.remove(c)
                    free_at[0] = d
                    taken[d] = spare[d] = placed[d] = 1
                    insort(spares, d)
                    size += 1
                    append(Nomination(k, OPEN, d, REASON_OPEN, open_bases, True, OPEN))
                    remaining -= 1
                    continue
        if not steps:
            widen(k, None)
        for j, g in enumerate(steps):
            if j:  # a second reserve due at the same place: ampla gives one place up first
                narrow(k - 1)
            quota[g] += 1
            got = seat(g)
            if got is None:
                fill(k, last_out[0])  # nobody left in that list: the place is given back (LEGAL-NOTES 15)
            elif not placed[got]:
                owed[got] = label(got, k)
        index = min(owed)  # several without a place: the better general rank first (MS art. 6º § 1º)
        group, reason, due, bases, since = owed.pop(index)
        if reason == REASON_RESERVE and (owed or since < k):
            bases = (*bases, policy.collision_basis)
        append(Nomination(k, group, index, reason, bases, True, due))
        placed[index] = 1
        if group in limited:
            pinned[index] = in_open[index] = 1
        remaining -= 1
