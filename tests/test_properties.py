"""Property tests over thousands of random exams: the invariants the law and LEGAL-NOTES 2-6 impose."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.law.rules import load_rules
from generator.model import Candidate, CommissionOutcome, Exam, Position, Publication
from generator.results import compute
from scenario_kit import RULES

JURISDICTIONS = {j: load_rules(RULES / f"{j}.toml") for j in ("lins", "mato-grosso-do-sul", "cariacica")}
PROCEDURE_OF = {"negro": "heteroidentificacao", "pcd": "pcd", "indigena": "indigena"}
SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def exams(draw, max_candidates=90, jurisdictions=tuple(sorted(JURISDICTIONS)), min_candidates=0):
    """A random one-cargo exam under one of the three jurisdictions, with commission outcomes and withdrawals."""
    jurisdiction = draw(st.sampled_from(jurisdictions))
    rules = JURISDICTIONS[jurisdiction]
    groups = [g for g in rules.groups if g != "mulher"]
    guard = "mulher" in rules.groups and draw(st.booleans())
    n = draw(st.integers(min_candidates, max_candidates))
    vacancies = draw(st.integers(1, 60))
    # opt-in rates per exam: sometimes many cotistas, so that cotistas sit at the ampla frontier (LEGAL-NOTES 5)
    rates = draw(st.sampled_from([{"negro": 35, "pcd": 15, "indigena": 10}, {"negro": 20, "pcd": 40, "indigena": 40}]))
    candidates, commission, withdrawals = [], [], []
    for i in range(n):
        opts = frozenset(g for g in groups if draw(st.integers(0, 99)) < rates[g])
        status = draw(st.sampled_from(["aprovado"] * 12 + ["eliminado", "ausente"]))
        reg = str(1000 + i)
        candidates.append(Candidate(reg, f"C {reg}", "C1", Decimal(1000 - i) / 10, None,
                                    date(1980, 1, 1) + timedelta(days=i), None,
                                    draw(st.sampled_from("FM")), opts, status, i + 2))
        for g in sorted(opts):
            outcomes = [o for p, o in rules.commission if p == PROCEDURE_OF[g]]
            if draw(st.integers(0, 3)) == 0:
                commission.append(CommissionOutcome(reg, PROCEDURE_OF[g], draw(st.sampled_from(sorted(outcomes)))))
        if draw(st.integers(0, 15)) == 0:
            withdrawals.append(reg)
    position = Position("C1", "Cargo", vacancies, municipal_guard=guard)
    exam = Exam("p", jurisdiction, "t", "o", "e", Publication("D", "1", date(2024, 6, 1), "S"), [position],
                candidates, commission, withdrawals)
    return exam, rules


def run(exam, rules, vacancies=None):
    if vacancies is not None:
        exam = replace(exam, positions=[replace(exam.positions[0], vacancies=vacancies)])
    result, problems = compute(exam, rules)
    assert not problems
    return result.positions[0]


def within(pr):
    return [n for n in pr.allocation.nominations if not n.register]


@SETTINGS
@given(exams())
def test_each_candidate_nominated_at_most_once_and_v_places_filled(case):
    exam, rules = case
    pr = run(exam, rules)
    everyone = [n.index for n in pr.allocation.nominations]
    assert len(everyone) == len(set(everyone))
    assert not set(everyone) & set(pr.withdrawn)
    assert len(within(pr)) == min(exam.positions[0].vacancies, len(pr.order) - len(pr.withdrawn))
    # the projected order reaches every candidate of the general list who did not withdraw
    assert set(everyone) | set(pr.withdrawn) == set(range(len(pr.order)))


@SETTINGS
@given(exams())
def test_reserves_get_their_count_or_all_their_eligible(case):
    exam, rules = case
    pr = run(exam, rules)
    nominated = {n.index for n in within(pr)}
    for g, count in pr.allocation.counts.items():
        got = [n for n in within(pr) if n.group == g]
        assert len(got) <= count
        if len(got) < count:  # too few: every eligible candidate who did not withdraw is already nominated
            assert set(pr.pools[g]) - set(pr.withdrawn) <= nominated, g


@SETTINGS
@given(exams())
def test_nominees_outrank_those_left_out(case):
    exam, rules = case
    pr = run(exam, rules)
    noms = within(pr)
    nominated = {n.index for n in noms}
    left_out = [i for i in range(len(pr.order)) if i not in nominated and i not in pr.withdrawn]
    ampla = [n.index for n in noms if n.group == "ampla"]
    if ampla and left_out:
        assert max(ampla) < min(left_out)
    for g in pr.allocation.counts:
        mine = [n.index for n in noms if n.group == g]
        eligible_left = [i for i in pr.pools[g] if i in left_out]
        if mine and eligible_left:
            assert max(mine) < min(eligible_left), g


@SETTINGS
@given(exams())
def test_not_confirmed_stay_in_general_list_and_leave_reserve_list(case):
    exam, rules = case
    pr = run(exam, rules)
    in_general = {c.registration for c in pr.order}
    eliminated = {e.candidate.registration for e in pr.eliminated}
    for row in exam.commission:
        effect = rules.commission[(row.procedure, row.outcome)].effect
        group = {"heteroidentificacao": "negro", "pcd": "pcd", "indigena": "indigena"}[row.procedure]
        listed = {pr.order[i].registration for i in pr.pools.get(group, ())}
        if effect == "sai_da_reserva" and row.registration not in eliminated:
            assert row.registration in in_general and row.registration not in listed
        if effect == "elimina":
            assert row.registration in eliminated and row.registration not in in_general


@SETTINGS
@given(exams(), st.data())
def test_nominated_set_only_grows_with_vacancies(case, data):
    exam, rules = case
    v = data.draw(st.sampled_from([49, 50, 16, 9, 29])) if data.draw(st.booleans()) else data.draw(st.integers(1, 60))
    small, large = run(exam, rules, v), run(exam, rules, v + 1)
    before = {small.order[n.index].registration for n in within(small)}
    after = {large.order[n.index].registration for n in within(large)}
    steps = sum(large.allocation.counts.values()) - sum(small.allocation.counts.values())
    lost = before - after
    if steps <= 1:
        assert not lost
    else:
        # Two reserves fall due at the same V+1 (e.g. MS at 50: 5% and 3%). Each keeps its exact count within V
        # (art. 3º), so ampla shrinks by steps-1: only the last ampla nominees of V can drop out.
        ampla_small = [n.index for n in within(small) if n.group == "ampla"]
        worst = {small.order[i].registration for i in ampla_small[-(steps - 1):]}
        assert lost <= worst and len(lost) <= steps - 1


def nominated(pr):
    return {pr.order[n.index].registration for n in within(pr)}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(exams(), exams(jurisdictions=("mato-grosso-do-sul",), min_candidates=52)), st.data())
def test_projection_place_m_is_what_the_allocation_for_m_adds(case, data):
    """LEGAL-NOTES 5: place m of the projected order goes to the one the static allocation for m vacancies adds
    to the one for m−1. The one exception: two reserves step up at the same m (MS at 50: 5% 2→3 and 3% 1→2), so
    ampla shrinks and the allocation for m may add two and drop one; then the better general rank of those without
    a place goes first (MS art. 6º § 1º) and the other follows. Checked against the full allocation run with m
    vacancies, for every m from V+1 on."""
    exam, rules = case
    v = data.draw(st.sampled_from([47, 48, 49, 50])) if data.draw(st.booleans()) else data.draw(st.integers(1, 60))
    pr = run(exam, rules, v)
    projected = [pr.order[n.index].registration for n in pr.allocation.nominations]
    assert [n.position for n in pr.allocation.nominations] == list(range(1, len(projected) + 1))
    before, counted = nominated(pr), sum(pr.allocation.counts.values())
    for m in range(v + 1, min(len(projected), v + 30) + 1):
        larger = run(exam, rules, m)
        after, now_counted = nominated(larger), sum(larger.allocation.counts.values())
        if not before <= after:  # someone drops out: only where two reserves step up at once
            assert now_counted - counted >= 2, m
        fresh = after - set(projected[: m - 1])
        assert projected[m - 1] in fresh, m
        rank = {c.registration: i for i, c in enumerate(larger.order)}
        assert projected[m - 1] == min(fresh, key=rank.__getitem__), m
        before, counted = after, now_counted
