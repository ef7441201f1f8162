"""Benchmark: events over the validity period (eventos.csv) at national scale, in linear time (issue 22 item 4).

Run: `.venv/bin/python bench/bench_events.py [--candidatos 1000000] [--cargos 200] [--eventos 100000] [--pasta DIR]`.
The exam is made by `python -m generator.synth` (N candidates) and declared with [[atos]]: the result, then two
convocações of every cargo (the first calls its vacancies, the second up to 50 more places). `eventos.csv` holds
`--eventos` rows: one `novas_vagas` per cargo and desistências of approved candidates spread over the cargos (about
half of them after the first convocação, so that their places are vacated and refilled by the second).

Each step runs the command line in a fresh process, timed from outside (as staff would run it):
  baseline    a csv.reader pass over the same eventos.csv (python -c …): reading the file, nothing else;
  sem eventos `gazeta check` without eventos.csv (the acts alone);
  com eventos `gazeta check` with it.
The cost of the events is the difference of the two checks, reported as a ratio to the csv.reader pass of the same
run (a shared machine's seconds mean little alone). Quadratic work shows as a ratio that grows with --eventos;
linear work keeps it flat (compare two runs, e.g. --eventos 10000 and 100000).
--um-cargo reproduces the attack of issue 22: every event in one cargo of --candidatos candidates.
"""

from __future__ import annotations

import argparse
import csv
import functools
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAZETA = [sys.executable, "-m", "generator.cli"]
print = functools.partial(print, flush=True)  # noqa: A001 - progress visible in long runs

RESULT_ACT = '''
[[atos]]
tipo = "resultado"
numero = "100/2024"
data = 2024-10-01
edicao = "11.600"
'''
CALL_ACT = '''
[[atos]]
tipo = "convocacao"
numero = "{numero}"
data = {data}
edicao = "{edicao}"
cargo = "{cargo}"
vagas = {vagas}
'''
FIRST_CALL, SECOND_CALL = "2024-11-01", "2024-12-20"
BEFORE, BETWEEN = ("2024-10-15", "2024-10-20"), ("2024-11-10", "2024-12-10")  # desistências' dates
NEW_VACANCIES_DAY = "05/11/2024"
CSV_PASS = "import csv,sys\nn=0\nwith open(sys.argv[1],newline='',encoding='utf-8') as f:\n for r in csv.reader(f): n+=1"


def run(label: str, *command: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{label}: falhou\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    print(f"  {label:<48} {seconds:8.2f} s")
    return seconds


def make_exam(folder: Path, candidates: int, cargos: int, events: int, seed: int = 2024) -> dict[str, int]:
    """The synthetic exam with its acts and eventos.csv; same arguments, same bytes."""
    vacancies = max(cargos, min(6_640, candidates // 150))
    subprocess.run([sys.executable, "-m", "generator.synth", str(folder), "--candidatos", str(candidates),
                    "--cargos", str(cargos), "--vagas", str(vacancies), "--seed", str(seed)], cwd=ROOT, check=True,
                   capture_output=True)
    toml = folder / "certame.toml"
    text = toml.read_text(encoding="utf-8").replace('edicao = "11.600"\n', "").replace("data = 2024-10-01\n", "")
    sizes = {c["codigo"]: c["vagas"] for c in tomllib.loads(text)["cargos"]}
    withdrawn = set((folder / "desistencias.csv").read_text(encoding="utf-8").split()[1:])
    approved: dict[str, list[str]] = defaultdict(list)
    with open(folder / "candidatos.csv", newline="", encoding="utf-8") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        reg, cargo, status = header.index("inscricao"), header.index("cargo"), header.index("situacao")
        for row in rows:
            if row[status] == "aprovado" and row[reg] not in withdrawn:
                approved[row[cargo]].append(row[reg])
    rng = random.Random(seed)
    codes = sorted(approved)
    second = {code: min(50, max(1, sizes[code])) for code in codes}
    # Desistências: spread over the cargos by their approved counts, leaving enough candidates for both calls.
    room = {code: max(0, len(approved[code]) - 2 * sizes[code] - second[code] - 10) for code in codes}
    budget = max(0, events - len(codes))
    total_room = sum(room.values()) or 1
    share = {code: min(room[code], budget * room[code] // total_room) for code in codes}
    rows_out = []
    for code in codes:
        picked = rng.sample(approved[code], share[code])
        for k, registration in enumerate(picked):
            low, high = BEFORE if k % 2 else BETWEEN
            day = _br(low if rng.random() < 0.5 else high)
            rows_out.append((day, f"Portaria nº {k + 1}/2024", "desistencia", registration, "", ""))
        rows_out.append((NEW_VACANCIES_DAY, f"Decreto nº {codes.index(code) + 1}/2024", "novas_vagas", "", code, "2"))
    rows_out.sort(key=lambda r: (r[0][6:], r[0][3:5], r[0][:2]))
    with open(folder / "eventos.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(("data", "ato", "tipo", "inscricao", "cargo", "vagas"))
        writer.writerows(rows_out)
    acts = [RESULT_ACT]
    acts += [CALL_ACT.format(numero=f"{200 + k}/2024", data=FIRST_CALL, edicao="11.650", cargo=code,
                             vagas=sizes[code]) for k, code in enumerate(codes)]
    acts += [CALL_ACT.format(numero=f"{2000 + k}/2024", data=SECOND_CALL, edicao="11.700", cargo=code,
                             vagas=second[code]) for k, code in enumerate(codes)]
    toml.write_text(text + "".join(acts), encoding="utf-8")
    return {"candidatos": candidates, "cargos": len(codes), "eventos": len(rows_out), "atos": len(acts)}


def _br(iso: str) -> str:
    return f"{iso[8:]}/{iso[5:7]}/{iso[:4]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=1_000_000)
    parser.add_argument("--cargos", type=int, default=200)
    parser.add_argument("--eventos", type=int, default=100_000)
    parser.add_argument("--um-cargo", action="store_true", help="todos os eventos num só cargo (o ataque da issue 22)")
    parser.add_argument("--pasta", type=Path, default=None, help="pasta de trabalho (padrão: temporária)")
    args = parser.parse_args(argv)
    cargos = 1 if args.um_cargo else args.cargos
    work = Path(args.pasta or tempfile.mkdtemp(prefix="gazeta-bench-eventos-"))
    shutil.rmtree(work, ignore_errors=True)
    (work / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", work / "jurisdicoes")
    exam = work / "certames" / "eventos"
    summary = make_exam(exam, args.candidatos, cargos, args.eventos)
    print(", ".join(f"{k}: {v}" for k, v in summary.items()) + f" (pasta {work})")
    events = exam / "eventos.csv"
    base = min(run("baseline: csv.reader sobre eventos.csv", sys.executable, "-c", CSV_PASS, str(events))
               for _ in range(3))
    held = exam.parent / "eventos.csv.fora"
    events.rename(held)
    without = run("gazeta check sem eventos.csv (só os atos)", *GAZETA, "check", str(exam))
    held.rename(events)
    with_events = run(f"gazeta check com {summary['eventos']} eventos", *GAZETA, "check", str(exam))
    cost = max(0.0, with_events - without)
    print(f"\n  custo dos eventos: {cost:.2f} s = {cost / base:.1f}× a leitura do eventos.csv com csv.reader "
          f"({base:.2f} s); check com eventos / sem: {with_events / without:.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
