"""Issue 18, item 1: the order of nomination as the edital writes it (LEGAL-NOTES 3, 5, 15, 16, 17)."""

from __future__ import annotations

from dataclasses import replace

from generator.model import Position
from generator.results import needs_positions, policy_for, reserves_for_new_total
from scenario_kit import rules

GUARD = Position("C1", "Guarda Municipal", 30, {"pcd": 2, "mulher": 2}, None, True)


def test_new_total_keeps_each_groups_rounding_and_the_sequence():
    """LEGAL-NOTES 17: the edital's counts are for its 30 vacancies; for 41, 5% of 41 = 2,05 → 3 with the women's
    own `ceil` (item 2.8), not 2 by the jurisdiction's half up; PcD follows its sequence (2ª, 21ª, 41ª: 3)."""
    r = rules("guarda-reserva-exemplo")
    assert reserves_for_new_total(GUARD, r, 41) == {"pcd": 3, "mulher": 3}
    assert reserves_for_new_total(GUARD, r, 35) == {"pcd": 2, "mulher": 2}  # 1,75 → 2; 2ª and 21ª
    assert reserves_for_new_total(replace(GUARD, reserves=None), r, 41) is None  # no counts: the rules decide


def test_new_total_never_less_than_the_edital():
    r = rules("cadastro-exemplo")
    pos = Position("C1", "Cargo", 10, {"negro": 3, "pcd": 1}, None)
    assert reserves_for_new_total(pos, r, 11) == {"negro": 3, "pcd": 2}  # 20% of 11 = 2,2 → 2 < 3; PcD 2ª, 11ª


def test_reservas_keep_the_rule_files_sequence():
    """Issue 18: reservas = { pcd = 2 } with the sequence 2ª, 21ª, 41ª… of item 2.6: the positions stay."""
    policy, _ = policy_for(GUARD, rules("guarda-exemplo"))
    pcd = next(g for g in policy.groups if g.key == "pcd")
    assert pcd.count == 2 and pcd.sequence is not None and pcd.sequence.nth(3) == 41


def test_a_ceil_group_needs_positions_unless_the_edital_counts():
    r = rules("guarda-reserva-exemplo")
    bare = replace(GUARD, reserves=None)
    assert needs_positions(bare, r, "mulher") and not needs_positions(bare, r, "pcd")
    assert not needs_positions(GUARD, r, "mulher")  # the edital's count: reading 3 on 2/30 (reading 16)
    assert not needs_positions(replace(bare, reserved_positions={"mulher": (5, 25)}), r, "mulher")


# -- properties ------------------------------------------------------------------------------------------------------

from datetime import date, timedelta  # noqa: E402
from decimal import Decimal  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from generator import allocate as alloc  # noqa: E402
from generator.model import Candidate, Exam, Publication  # noqa: E402
from generator.results import compute  # noqa: E402
from test_properties import exams, run  # noqa: E402

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _labelled(pr, group):
    return [n for n in pr.allocation.nominations if n.group == group]


@SETTINGS
@given(exams())
def test_within_a_list_the_better_ranked_is_never_called_after_a_worse_ranked(case):
    """LEGAL-NOTES 15: through each list (ampla or a reserve), calls follow that list's order, within V and in the
    projected cadastro."""
    exam, rules_ = case
    pr = run(exam, rules_)
    for g in ["ampla", *pr.allocation.counts]:
        indexes = [n.index for n in _labelled(pr, g)]
        assert indexes == sorted(indexes), g


@SETTINGS
@given(exams())
def test_a_better_ranked_cotista_is_not_passed_over_for_a_place_given_back(case):
    """LEGAL-NOTES 15: a member of a reserve ranked better than one called through it is nominated too — through the
    reserve, through another by precedence, or by ampla on her own rank (among its V − Σ reserved first places);
    never through a place given back by another reserve while a worse-ranked member takes the reserved one."""
    exam, rules_ = case
    pr = run(exam, rules_)
    v = exam.positions[0].vacancies
    out = set(pr.withdrawn)
    available = [i for i in range(len(pr.order)) if i not in out]
    merit = set(available[:max(0, v - sum(pr.allocation.counts.values()))])
    within = {n.index: n for n in pr.allocation.nominations if not n.register}
    for g in pr.allocation.counts:
        mine = [n.index for n in within.values() if n.group == g]
        if not mine:
            continue
        for b in pr.pools[g]:
            if b >= max(mine) or b in out:
                continue
            assert b in within, (g, b)
            if within[b].group == "ampla":
                assert b in merit, (g, b, within[b].reason)


@SETTINGS
@given(exams())
def test_the_incremental_cadastro_agrees_with_its_definition(case):
    """The fast walk of `_project` and the readable `_project_stepwise` give the same order (places given back
    included, LEGAL-NOTES 15)."""
    exam, rules_ = case
    pr = run(exam, rules_)
    policy, _ = policy_for(pr.position, rules_)
    pools = {g: list(pr.pools[g]) for g in pr.allocation.counts}
    withdrawn = set(pr.withdrawn)
    stepped = alloc.allocate(len(pr.order), pools, withdrawn, policy, project=False)
    alloc._project_stepwise(stepped, len(pr.order), pools, withdrawn, policy)
    walked = [(n.index, n.group) for n in pr.allocation.nominations]
    assert [(n.index, n.group) for n in stepped.nominations] == walked


@st.composite
def edital_exams(draw):
    """A one-cargo exam under the test edital cadastro-exemplo (PcD 10% ceil at 2ª, 11ª, 21ª…; negros 20%; a
    cadastro of 6 with 1 place for each), sometimes with the edital's counts in `reservas`."""
    r = rules("cadastro-exemplo")
    n = draw(st.integers(0, 60))
    vacancies = draw(st.integers(1, 35))
    rates = draw(st.sampled_from([{"negro": 30, "pcd": 20}, {"negro": 10, "pcd": 50}, {"negro": 50, "pcd": 5}]))
    candidates = []
    for i in range(n):
        opts = frozenset(g for g in ("negro", "pcd") if draw(st.integers(0, 99)) < rates[g])
        reg = str(1000 + i)
        candidates.append(Candidate(reg, f"C {reg}", "C1", Decimal(1000 - i) / 10, None,
                                    date(1980, 1, 1) + timedelta(days=i), None, "M", opts, "aprovado", i + 2))
    reserves = None
    if draw(st.booleans()):
        from generator.results import _counts
        reserves = _counts(Position("C1", "Cargo", vacancies), r)
    position = Position("C1", "Cargo", vacancies, reserves)
    exam = Exam("p", "cadastro-exemplo", "t", "o", "e", Publication("D", "1", date(2025, 6, 1), "S"), [position],
                candidates, [], [])
    return exam, r


@SETTINGS
@given(edital_exams())
def test_an_editals_positions_and_cadastro_shares_bind(case):
    """Within V each reserve gets at most its count, at the positions the edital fixes (PcD: its sequence; negros:
    the alternation, LEGAL-NOTES 3), exactly those when it has the candidates; beyond V at most its cadastro share
    (item 3.5); never more than the cadastro's size; each list in its order; the two projections agree."""
    exam, r = case
    result, problems = compute(exam, r)
    assert not problems
    pr = result.positions[0]
    policy, _ = policy_for(pr.position, r)
    v, size = exam.positions[0].vacancies, r.register_size
    noms = pr.allocation.nominations
    assert sum(1 for n in noms if n.register) <= size
    for g in policy.groups:
        mine = _labelled(pr, g.key)
        inside = [n.position for n in mine if not n.register]
        beyond = [n.position for n in mine if n.register]
        due = alloc.due_positions(g, policy, v + size)
        assert len(inside) <= g.count and len(beyond) <= g.register_limit, g.key
        places = sorted(p for p in due if p <= v)
        if len(pr.order) < v:
            # fewer approved than vacancies: places left empty before a reserve's own are not numbered, so its
            # nominee is numbered on, never after its place (the reading of allocate._fill, test_fewer_approved_a_
            # reserve_nominee_…: the 50ª numbered 47th; found again here: 31 vacancies, 27 approved, PcD's 31ª
            # numbered 27th)
            assert all(p <= places[k] for k, p in enumerate(sorted(inside))), (g.key, inside, places)
        else:
            assert set(inside) <= set(places), g.key
        if len(inside) < g.count:  # too few: every eligible candidate is nominated within V
            assert set(pr.pools[g.key]) <= {n.index for n in noms if not n.register}, g.key
        elif len(pr.order) >= v:
            assert set(inside) == set(places), g.key
        # beyond V the share binds; the positions mostly are the group's own, but reading 5 may seat in a due place a
        # member already called through a place given back, and the next member is then called where ampla later
        # reaches her (found by this test: negros due at the 13th, called at the 14th)
        indexes = [n.index for n in mine]
        assert indexes == sorted(indexes), g.key
    stepped = alloc.allocate(len(pr.order), {g: list(pr.pools[g]) for g in pr.allocation.counts}, set(), policy,
                             project=False)
    alloc._project_stepwise(stepped, len(pr.order), {g: list(pr.pools[g]) for g in pr.allocation.counts}, set(),
                            policy)
    assert [(n.index, n.group) for n in stepped.nominations] == [(n.index, n.group) for n in noms]


def _fewer_approved(vacancies: int, approved: int, negro_and_pcd: int) -> list:
    """The nominations of one cargo of the «cadastro-exemplo» rules with fewer approved than vacancies: the first
    `negro_and_pcd` approved are negro and PcD, the rest PcD only, in rank order."""
    r = rules("cadastro-exemplo")
    people = [Candidate(str(1000 + i), f"C {1000 + i}", "C1", Decimal(1000 - i) / 10, None,
                        date(1980, 1, 1) + timedelta(days=i), None, "M",
                        frozenset({"negro", "pcd"}) if i < negro_and_pcd else frozenset({"pcd"}), "aprovado", i + 2)
              for i in range(approved)]
    exam = Exam("p", "cadastro-exemplo", "t", "o", "e", Publication("D", "1", date(2025, 6, 1), "S"),
                [Position("C1", "Cargo", vacancies)], people, [], [])
    result, problems = compute(exam, r)
    assert not problems
    return result.positions[0].allocation.nominations


def test_with_fewer_approved_than_vacancies_the_next_ampla_place_is_not_labelled_a_later_reserved_one():
    """Found by test_an_editals_positions_and_cadastro_shares_bind: 11 vacancies (PcD at the 2ª and 11ª), 9 approved,
    all PcD. The 9th nominee was labelled «reserva PcD» although the edital reserves the 11ª: with ampla's own all
    nominated, the 9th place is ampla's and goes to the best-ranked not yet nominated; the 11ª stays unfilled."""
    noms = _fewer_approved(vacancies=11, approved=9, negro_and_pcd=7)
    assert [(n.position, n.index, n.group) for n in noms if n.group == "pcd"] == [(2, 7, "pcd")]
    assert (noms[-1].position, noms[-1].index, noms[-1].group) == (9, 8, "ampla")
    assert len(noms) == 9



def test_fewer_approved_a_reserve_nominee_better_ranked_than_ampla_keeps_the_reserves_place():
    """Found by the property above: once ampla's own were all nominated, a reserve's nominee was pulled to an ampla
    place after worse-ranked ampla nominees, so ampla's list called a better-ranked after a worse-ranked (LEGAL-NOTES
    15). By hand: MS, 52 vacancies, 47 approved (1st–47th); negro 20% → 10, PcD 5% → 3, indígena 3% → 2 (17ª, 50ª),
    reading 1. Nobody negro or PcD; the 41st and 42nd are indígenas. Ampla's own 52 − 15 = 37: the 1st–37th; the
    indígenas 41st and 42nd; the 13 places given back go to the best-ranked not nominated: the 38th–40th and
    43rd–47th (reading 15). 47 nominees: the 42nd is called at the indígena's own place (the 50ª, numbered 47th as
    nobody is left before it), never as ampla after the 47th."""
    from generator.law.rules import load_rules
    from generator.model import Candidate, Exam, Publication
    from generator.results import compute
    from scenario_kit import RULES

    ms = load_rules(RULES / "mato-grosso-do-sul.toml")
    candidates = [Candidate(str(1000 + k), f"C {k}", "C1", Decimal(1000 - k) / 10, None, date(1980, 1, 1), None, "F",
                            frozenset({"indigena"} if k in (41, 42) else ()), "aprovado", k + 1) for k in range(1, 48)]
    exam = Exam("p", "mato-grosso-do-sul", "t", "o", "e", Publication("D", "1", date(2024, 6, 1), "S"),
                [Position("C1", "Cargo", 52)], candidates, [], [])
    result, problems = compute(exam, ms)
    assert not problems
    pr = result.positions[0]
    noms = [(n.group, int(pr.order[n.index].registration) - 1000) for n in pr.allocation.nominations if not n.register]
    assert len(noms) == 47 and sorted(k for _, k in noms) == list(range(1, 48))
    ampla = [k for g, k in noms if g == "ampla"]
    assert ampla == [*range(1, 41), *range(43, 48)]  # in rank order
    assert noms[16] == ("indigena", 41) and noms[-1] == ("indigena", 42)


def test_fewer_approved_a_cotista_of_two_lists_is_not_pulled_to_ampla_past_a_worse_ranked_of_her_other_list():
    """Found by test_a_better_ranked_cotista_is_not_passed_over_for_a_place_given_back (MS, 50 vacancies, 39 of 60
    approved). By hand, MS: 50 vacancies, 39 approved (1st–39th); negro 20% → 10 (3ª, 8ª, 13ª…), PcD 5% → 3 (10ª,
    30ª, 50ª), indígena 3% → 2, reading 1. The 1st–3rd are negros, the 36th and 37th PcD, the 38th negro and PcD,
    the 39th negro. Ampla's own 50 − 15 = 35: the 1st–35th (reading 2). PcD: the 36th–38th; the 38th is reached by
    both reserves and ranks 3rd among PcD, 4th among negros: PcD (reading 4, MS: the list where she ranks better).
    Negros: the 39th; 9 negro and 2 indígena places given back, and nobody left to take them (reading 15). So the
    39th is called at the negros' 3ª. Ampla's own are all called by the 38th place; the 38th of the general list is
    not then called there as ampla (a place given back, after the 39th went through the negros' list she is on):
    she keeps PcD's 50ª, numbered 39th."""
    from generator.law.rules import load_rules
    from generator.model import Candidate, Exam, Publication
    from generator.results import compute
    from scenario_kit import RULES

    lists = {1: {"negro"}, 2: {"negro"}, 3: {"negro"}, 36: {"pcd"}, 37: {"pcd"}, 38: {"negro", "pcd"}, 39: {"negro"}}
    candidates = [Candidate(str(1000 + k), f"C {k}", "C1", Decimal(1000 - k) / 10, None, date(1980, 1, 1), None, "F",
                            frozenset(lists.get(k, ())), "aprovado", k + 1) for k in range(1, 40)]
    exam = Exam("p", "mato-grosso-do-sul", "t", "o", "e", Publication("D", "1", date(2024, 6, 1), "S"),
                [Position("C1", "Cargo", 50)], candidates, [], [])
    result, problems = compute(exam, load_rules(RULES / "mato-grosso-do-sul.toml"))
    assert not problems
    pr = result.positions[0]
    noms = [(n.position, n.group, int(pr.order[n.index].registration) - 1000)
            for n in pr.allocation.nominations if not n.register]
    assert len(noms) == 39 and sorted(k for *_, k in noms) == list(range(1, 40))
    assert [(p, k) for p, g, k in noms if g == "negro"] == [(3, 39)]
    assert [(p, k) for p, g, k in noms if g == "pcd"] == [(10, 36), (30, 37), (39, 38)]
    assert [k for _, g, k in noms if g == "ampla"] == list(range(1, 36))


def test_fewer_approved_a_reserve_nominee_at_its_own_place_is_numbered_on():
    """Found by test_an_editals_positions_and_cadastro_shares_bind (fresh-clone CI, stop 27): 31 vacancies (PcD at
    the 2ª, 11ª, 21ª and 31ª), 27 approved, the first 22 negro and PcD, the last 5 PcD. Everyone is nominated; the
    last, 27th of the general list, takes a place given back to ampla before the 31ª, so the PcD nominee ranked
    above her keeps PcD's own place (ampla's list never calls a worse-ranked before a better-ranked, LEGAL-NOTES
    15), numbered 27th: the empty places before it are not numbered."""
    noms = _fewer_approved(vacancies=31, approved=27, negro_and_pcd=22)
    assert len(noms) == 27 and sorted(n.index for n in noms) == list(range(27))
    pcd = [(n.position, n.index) for n in noms if n.group == "pcd"]
    assert [p for p, _ in pcd] == [2, 11, 21, 27] and [i for _, i in pcd] == sorted(i for _, i in pcd)
    ampla = [n.index for n in noms if n.group == "ampla"]
    assert ampla == sorted(ampla)  # ampla's list in rank order
