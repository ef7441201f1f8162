"""Benchmark: load_exam on a synthetic 1,000,000-row exam against a bare csv.reader pass over the same file.

    .venv/bin/python bench/bench_load.py                 # generates /tmp/gazeta-bench-load (1M rows) if missing
    .venv/bin/python bench/bench_load.py --candidatos 200000 --pasta /tmp/outra

The ratio (loader time / csv.reader time) is what to compare between machines; seconds are for this run only.
Peak memory is the process's maximum resident set size, measured after the load (the csv pass needs little).
"""

from __future__ import annotations

import argparse
import csv
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.load import load_exam  # noqa: E402  (after the path set-up, for running from a checkout)


def ensure_exam(folder: Path, candidates: int) -> None:
    """Write the synthetic exam in a child process, so its memory does not count in this one's peak."""
    if (folder / "candidatos.csv").is_file():
        return
    subprocess.run([sys.executable, "-m", "generator.synth", str(folder), "--candidatos", str(candidates)],
                   cwd=ROOT, check=True)


def timed(work) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, result) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def csv_pass(path: Path) -> int:
    """The baseline: decode and split every row, keep nothing."""
    with path.open(encoding="utf-8", newline="") as handle:
        return sum(1 for _ in csv.reader(handle))


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pasta", type=Path, default=Path("/tmp/gazeta-bench-load"))
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    args = parser.parse_args()
    ensure_exam(args.pasta, args.candidatos)
    base_wall, base_cpu, rows = min(timed(lambda: csv_pass(args.pasta / "candidatos.csv")) for _ in range(2))
    before = peak_mib()
    load_wall, load_cpu, exam = timed(lambda: load_exam(args.pasta))
    print(f"linhas: {rows - 1:,}  cargos: {len(exam.positions)}  comissão: {len(exam.commission):,}")
    print(f"csv.reader:  {base_wall:6.2f} s (CPU {base_cpu:.2f} s)")
    print(f"load_exam:   {load_wall:6.2f} s (CPU {load_cpu:.2f} s)")
    print(f"razão load_exam / csv.reader: {load_wall / base_wall:.1f}× (CPU {load_cpu / base_cpu:.1f}×)")
    print(f"memória: pico {peak_mib():,.0f} MiB (antes da carga: {before:,.0f} MiB)")


if __name__ == "__main__":
    main()
