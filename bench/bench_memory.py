"""Benchmark: where the build's memory goes, per phase and per process (issue 20 goal row 1: ≤ 1.5 GB peak PSS at
1M, process tree).

Run: `.venv/bin/python bench/bench_memory.py [--candidatos 100000]` on the synthetic exams of bench/bench_build.py
(written once into bench/out/build-N/content/). One `gazeta build` in a fresh interpreter (CI=1) through
bench_build's harness (the build's own functions wrapped: prepare, documents = PDF with the open data beside it,
extracts, pages, finish, rest). The PSS of the build's process tree is sampled every 0.2 s by a separate sampler
process (bench_build.SAMPLER), never by a thread inside the build (issue 20 item 6: at 1M an inner sampler was
25 % of the profile samples). Per phase: wall, CPU (process + waited-for children), the tree's PSS peak and, at
that peak, the PSS of the parent and of its largest child, and the process count. The load average before and
after is printed: the machine is shared, so only figures of the same run compare. Figures go to
bench/out/bench_memory-<stamp>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))
import bench_build  # noqa: E402 - the same synthetic exams and harness


def run(n: int, site: Path | None = None) -> dict:
    content, _ = bench_build.content_for(n)
    site = site or content.parent / "site-memory"
    load = os.getloadavg()
    result = bench_build.build(content, site)
    return {"candidatos": n, "load_average_before": load, "load_average_after": os.getloadavg(), **result}


def report(fig: dict) -> None:
    print(f"\n== gazeta build, {fig['candidatos']:,} candidatos (carga média antes "
          f"{fig['load_average_before'][0]:.2f}, depois {fig['load_average_after'][0]:.2f}; "
          f"{fig['memory_samples']} amostras) ==")
    print(f"{'fase':<10}{'parede s':>10}{'CPU s':>9}{'PSS pico MB':>13}{'pai MB':>9}{'maior filho MB':>16}"
          f"{'processos':>11}")
    for name in bench_build.PHASES:
        p = fig["phases"].get(name)
        if p:
            print(f"{name:<10}{p['wall']:>10.2f}{p['cpu']:>9.2f}{p.get('total_mb', 0):>13.0f}"
                  f"{p.get('parent_mb', 0):>9.0f}{p.get('largest_child_mb', 0):>16.0f}{p.get('processes', 0):>11}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, nargs="+", default=[100_000])
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    figures = []
    for n in args.candidatos:
        figures.append(run(n))
        report(figures[-1])
    path = OUT / f"bench_memory-{stamp}.json"
    path.write_text(json.dumps({"started": stamp, "cpus": os.cpu_count(), "sizes": figures}, indent=1) + "\n")
    print(f"\nfiguras em {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
