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
