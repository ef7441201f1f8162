"""Benchmark: the cadastro of a cargo with a women's floor (`minimo`, projected stepwise: one static allocation per
position, quadratic) beside the incremental walk of the same cargo without the floor, in the same run.

Run: `.venv/bin/python bench/bench_floor.py [--candidatos N]`. The ratio is what to compare across machines; a rule
file's `[cadastro] total` bounds the stepwise projection.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

from generator import allocate as alloc
from generator.law.rules import load_rules
from generator.model import Candidate, Exam, Position, Publication
from generator.results import compute, policy_for

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--candidatos", type=int, default=1000)
    n = parser.parse_args().candidatos
    rules = load_rules(ROOT / "tests" / "editais" / "guarda-exemplo.toml")
    people = [Candidate(str(10000 + i), "x", "GM", Decimal(10**7 - i) / 100, None, date(1980, 1, 1), None,
                        "F" if i % 37 == 36 else "M", frozenset({"pcd"}) if i % 23 == 0 else frozenset(),
                        "aprovado", i + 2) for i in range(n)]
    exam = Exam("t", "guarda-exemplo", "T", "O", "E", Publication("D", "", date(2024, 7, 1), "S"),
                [Position("GM", "Guarda Municipal", 100, municipal_guard=True)], people, [], [])
    start = time.perf_counter()
    result, _ = compute(exam, rules)
    floors = time.perf_counter() - start
    pr = result.positions[0]
    policy, _ = policy_for(pr.position, rules)
    policy = replace(policy, groups=tuple(g for g in policy.groups if g.model != alloc.MINIMUM))
    pools = {g.key: list(pr.lists.get(g.key, [])) for g in policy.groups}
    start = time.perf_counter()
    alloc.allocate(n, pools, set(), policy)
    walk = time.perf_counter() - start
    print(f"{n} candidatos, 100 vagas: com mínimo de mulheres (projeção passo a passo) {floors:.3f} s; "
          f"sem o mínimo (caminhada incremental, linha de base) {walk:.4f} s; razão {floors / walk:.0f}×")


if __name__ == "__main__":
    main()
