"""The test oracle for generator/allocate.py's projection walk: `_project` as it was at 2f3c67f (stop 24), before
it took its fast paths for a place given back that ampla reaches and for runs of ampla places (issue 20 item 3).
Everything else (the static allocation, the schedule, the fill, the stepwise projection) is generator.allocate's
own, so only the walk is compared. Not production code: tests/test_law_fast.py compares every field of every
nomination with generator.allocate's on random exams.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from generator import allocate as real
from generator.allocate import (MINIMUM, REASON_OPEN, REASON_RESERVE, REASON_REVERSION, Allocation, Nomination,
                                Policy, _prefer, _Static, limited_groups, next_due)
from generator.model import OPEN


def allocate(n: int, pools: dict[str, list[int]], withdrawn: set[int], policy: Policy,
             project: bool = True) -> Allocation:
    """generator.allocate.allocate with the walk below in place of its `_project`."""
    if not project or policy.register_size == 0 or any(g.model == MINIMUM for g in policy.groups):
        return real.allocate(n, pools, withdrawn, policy, project)
    result = real.allocate(n, pools, withdrawn, policy, project=False)
    _project(result, n, pools, withdrawn, policy, real.static_allocation(n, pools, withdrawn, policy))
    if policy.register_size is not None:  # the edital's cadastro size: nobody projected beyond it
        within = sum(1 for nom in result.nominations if not nom.register)
        del result.nominations[within + policy.register_size:]
    return result


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
    due_at = {g: next_due(groups[g], policy, credited[g]) for g in groups}
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

    def first_due() -> int:
        return min((at for at in due_at.values() if at is not None), default=n + len(nominations) + 1)

    upcoming = first_due()
    k = len(nominations)
    while remaining:
        k += 1
        now[0] = k
        steps: list[str] = []
        if k >= upcoming:
            for g, at in due_at.items():
                if at is not None and at <= k:
                    due = policy.due_count(groups[g], k)
                    steps.extend([g] * (due - credited[g]))
                    credited[g] = due
                    due_at[g] = next_due(groups[g], policy, due)
            upcoming = first_due()
        if not steps and not owed:  # the common case at scale: ampla grows, one place after another
            while general < n and in_open[general]:
                general += 1
            if general < n and not taken[general]:
                c = general
                taken[c] = in_open[c] = placed[c] = 1
                size += 1
                append(Nomination(k, OPEN, c, REASON_OPEN, open_bases, True, OPEN))
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
