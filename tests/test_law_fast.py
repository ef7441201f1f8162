"""Issue 20 item 3: the projection's walk (allocate._project) with its fast paths against the walk as it was
(tests/allocate_oracle.py, the module at 2f3c67f), on random exams: every field of every nomination, the
precedence decisions, the replacements and the counts must be the same.

The exams mix the three jurisdictions and the test editais, ties of score (broken by birth date), quotas with many
and with very few candidates (a reserve short of candidates gives its places back, LEGAL-NOTES 15: the path the
fast walk takes at national scale), commission outcomes that take a candidate out of a reserve or out of the exam,
the board's eliminations and withdrawals.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date, timedelta
from decimal import Decimal

import allocate_oracle as oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_order import edital_exams
from test_properties import JURISDICTIONS, PROCEDURE_OF, exams

from generator import results
from generator.model import Candidate, CommissionOutcome, Exam, Position, Publication

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def calls():
    """The arguments of every allocate() that results.compute makes, beside what it returned."""
    seen = []
    real = results.allocate

    def spy(n, pools, withdrawn, policy, project=True):
        given_ = (n, {g: list(p) for g, p in pools.items()}, set(withdrawn), policy, project)
        out = real(n, pools, withdrawn, policy, project)
        seen.append((given_, out))
        return out

    results.allocate = spy
    try:
        yield seen
    finally:
        results.allocate = real


def fields(allocation):
    return (allocation.counts,
            [(n.position, n.group, n.index, n.reason, n.bases, n.register, n.due) for n in allocation.nominations],
            [(d.index, d.winner, d.losers, d.basis) for d in allocation.precedence], allocation.replacements)


def agree(exam, rules_):
    with calls() as seen:
        _, problems = results.compute(exam, rules_)
    assert seen or problems
    for (n, pools, withdrawn, policy, project), out in seen:
        assert fields(out) == fields(oracle.allocate(n, pools, withdrawn, policy, project))
    return seen


@st.composite
def scarce_exams(draw):
    """A one-cargo exam with a long cadastro and reserves with few candidates, so that most reserved places beyond V
    are given back and ampla keeps reaching their holders; scores often tied (birth dates decide, older first)."""
    jurisdiction = draw(st.sampled_from(sorted(JURISDICTIONS)))
    rules_ = JURISDICTIONS[jurisdiction]
    groups = [g for g in rules_.groups if g in PROCEDURE_OF]
    guard = "mulher" in rules_.groups and draw(st.booleans())
    n = draw(st.integers(0, 400))
    vacancies = draw(st.integers(1, 40))
    rate = {g: draw(st.integers(0, 6)) for g in groups}
    ties = draw(st.integers(1, 4))  # how many candidates share each score, at most
    candidates, commission, withdrawals = [], [], []
    score = 1000
    for i in range(n):
        if draw(st.integers(1, ties)) == 1:
            score -= 1
        opts = frozenset(g for g in groups if draw(st.integers(0, 99)) < rate[g])
        status = draw(st.sampled_from(["aprovado"] * 20 + ["eliminado", "ausente"]))
        reg = str(1000 + i)
        candidates.append(Candidate(reg, f"C {reg}", "C1", Decimal(score) / 10, None,
                                    date(1980, 1, 1) + timedelta(days=n - i), None,
                                    draw(st.sampled_from("FFM")), opts, status, i + 2))
        for g in sorted(opts):
            outcomes = [o for p, o in rules_.commission if p == PROCEDURE_OF[g]]
            if draw(st.integers(0, 3)) == 0:
                commission.append(CommissionOutcome(reg, PROCEDURE_OF[g], draw(st.sampled_from(sorted(outcomes)))))
        if draw(st.integers(0, 30)) == 0:
            withdrawals.append(reg)
    exam = Exam("p", jurisdiction, "t", "o", "e", Publication("D", "1", date(2024, 6, 1), "S"),
                [Position("C1", "Cargo", vacancies, municipal_guard=guard)], candidates, commission, withdrawals)
    return exam, rules_


@SETTINGS
@given(exams(max_candidates=200))
def test_the_walk_agrees_with_the_previous_one(case):
    agree(*case)


@SETTINGS
@given(scarce_exams())
def test_the_walk_agrees_with_the_previous_one_when_reserves_give_places_back(case):
    agree(*case)


@SETTINGS
@given(edital_exams())
def test_the_walk_agrees_with_the_previous_one_under_an_editals_cadastro(case):
    agree(*case)


def _widened(module, exam, rules_) -> int:
    """How many times the walk of `module` called its `widen` step (the slow way ampla grows)."""
    import sys

    file, count = module.__file__, [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "widen" and frame.f_code.co_filename == file:
            count[0] += 1

    real = results.allocate
    results.allocate = module.allocate
    sys.setprofile(profile)
    try:
        results.compute(exam, rules_)
    finally:
        sys.setprofile(None)
        results.allocate = real
    return count[0]


def test_the_fast_path_is_taken_and_agrees():
    """300 candidates, 10 vacancies, two PcD (MS: 5%): from the cadastro on, PcD places are given back (LEGAL-NOTES
    15) and ampla reaches their holders over and over. The walk takes its fast path there (it calls `widen` far less
    than the previous walk did) and gives the same order."""
    from generator import allocate

    r = JURISDICTIONS["mato-grosso-do-sul"]
    people = [Candidate(str(1000 + i), f"C {1000 + i}", "C1", Decimal(3000 - i) / 10, None,
                        date(1980, 1, 1) + timedelta(days=i), None, "M",
                        frozenset({"pcd"}) if i in (40, 90) else frozenset(), "aprovado", i + 2)
              for i in range(300)]
    exam = Exam("p", "mato-grosso-do-sul", "t", "o", "e", Publication("D", "1", date(2024, 6, 1), "S"),
                [Position("C1", "Cargo", 10)], people, [], [])
    seen = agree(exam, r)
    given_back = [n for _, out in seen for n in out.nominations if n.register and n.reason == "reversao"]
    assert len(given_back) >= 10
    before, now = _widened(oracle, exam, r), _widened(allocate, exam, r)
    assert now * 4 < before, (now, before)
