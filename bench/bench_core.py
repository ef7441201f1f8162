"""Benchmark: load + allocate the 1,000,000-candidate synthetic exam, beside a plain stdlib CSV parse of the same file.

Run: `.venv/bin/python bench/bench_core.py [--candidatos N]` (or `make bench`). Each phase runs in a fresh process so
its peak memory (ru_maxrss) is its own; the ratio to the stdlib parse, measured in the same run, is what to compare
across machines.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PHASES = {
    "csv.reader (stdlib, baseline)": """
import csv
with open(DIR / "candidatos.csv", newline="", encoding="utf-8-sig") as f:
    rows = sum(1 for _ in csv.reader(f, delimiter=";" if ";" in f.readline() else ","))
""",
    "load_exam": """
from generator.load import load_exam
exam = load_exam(DIR)
""",
    "load_exam + allocate (gazeta resultado)": """
from generator.pipeline import prepare
result = prepare(DIR, ROOT / "content" / "jurisdicoes")
""",
}
RUNNER = """
import json, resource, sys, time
from pathlib import Path
DIR, ROOT = Path(sys.argv[1]), Path(sys.argv[2])
start = time.perf_counter()
{code}
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}}))
"""


def ensure_exam(candidates: int) -> Path:
    folder = ROOT / "bench" / "out" / f"synth-{candidates}"
    if not (folder / "certame.toml").exists():
        from generator.synth import write_exam
        positions = max(1, min(200, candidates // 5000))
        write_exam(folder, candidates=candidates, positions=positions,
                   vacancies=max(positions, 6640 * candidates // 1_000_000), seed=2024)
    return folder


def measure(code: str, folder: Path) -> dict:
    """The phase in a fresh process: its own figures, plus its CPU seconds as seen from this process (the child's
    rusage: start-up and imports included), which a loaded machine's wall clock does not blur."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([sys.executable, "-c", RUNNER.format(code=code), str(folder), str(ROOT)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["cpu_outside"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    parser.add_argument("--repeticoes", type=int, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    folder = ensure_exam(args.candidatos)
    results = {}
    for name, code in PHASES.items():
        runs = [measure(code, folder) for _ in range(args.repeticoes)]
        results[name] = min(runs, key=lambda r: r["seconds"])
    base = results["csv.reader (stdlib, baseline)"]["seconds"]
    base_cpu = results["csv.reader (stdlib, baseline)"]["cpu_outside"]
    print(f"{args.candidatos:,} candidatos ({folder}); {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'fase':<42} {'parede s':>9} {'× csv':>7} {'CPU s':>7} {'CPU fora':>9} {'× csv CPU':>10} {'pico MB':>9}")
    for name, r in results.items():
        print(f"{name:<42} {r['seconds']:>9.2f} {r['seconds'] / base:>7.1f} {r['cpu']:>7.2f} "
              f"{r['cpu_outside']:>9.2f} {r['cpu_outside'] / base_cpu:>10.1f} {r['peak_mb']:>9.0f}")
    print("(CPU s inclui a importação dos módulos; parede s mede só a fase; CPU fora: o processo inteiro, medido "
          "de fora. Numa máquina carregada, compare × csv CPU. Alvo: núcleo ≤ 10 s, ≤ 2 GB.)")


if __name__ == "__main__":
    main()
