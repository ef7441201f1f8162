"""Benchmark: where the build's memory goes, per phase and per process (issue 14, goal row 2: PSS ≤ 2 GB at 1M).

Run: `.venv/bin/python bench/bench_memory.py [--candidatos 100000]` on the synthetic exams of bench/bench_build.py
(written once into bench/out/build-N/content/). One `gazeta build` in a fresh interpreter (CI=1), with the build's
own functions wrapped, as bench_build's BUILD harness does, but with the site phase cut into its parts:
  prepare    build.prepare_all (check + load + allocate + public views)
  pdf        render.pdf.build_pdf (the open data is written beside it by a forked process)
  extracts   render.pdf_extract.extract_all (one PDF per cargo, pikepdf, forked pool)
  pages      render.parallel.render_exam (cargo pages and open data files by forked workers)
  finish     render.site.Site.finish (home, search index write, sitemap, feed)
  rest       everything else (MkDocs, swap)
Per phase: wall, CPU (process + waited-for children), the PSS peak of the process tree (sampled every 0.2 s) and,
at that peak, the PSS of the parent and of its largest child. The load average before and after is printed: the
machine is shared, so only figures of the same run compare. Figures go to bench/out/bench_memory-<stamp>.json.
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
import bench_build  # noqa: E402 - the same synthetic exams

HARNESS = """
import json, os, resource, sys, threading, time
from pathlib import Path
ROOT, CONTENT, SITE = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(ROOT / "bench"))
from bench_pdf import _pss
def tree(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(entry))
            except OSError:
                pass
    out, stack = {}, [pid]
    while stack:
        current = stack.pop()
        out[current] = _pss(current)
        stack += children.get(current, [])
    return out
def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime
phases, current, peak = {}, ["rest"], {}
def wrap(owner, attr, name):
    original = getattr(owner, attr)
    def timed(*args, **kwargs):
        current.append(name)
        t = time.perf_counter(), cpu()
        try:
            return original(*args, **kwargs)
        finally:
            current.pop()
            p = phases.setdefault(name, {"wall": 0.0, "cpu": 0.0})
            p["wall"] += time.perf_counter() - t[0]
            p["cpu"] += cpu() - t[1]
    setattr(owner, attr, timed)
stop, me = threading.Event(), os.getpid()
def sample():
    while not stop.wait(0.2):
        name, sizes = current[-1], tree(me)
        total = sum(sizes.values())
        if total > peak.get(name, {}).get("total", -1):
            kids = [v for k, v in sizes.items() if k != me]
            peak[name] = {"total": total, "parent": sizes.get(me, 0), "largest_child": max(kids, default=0),
                          "processes": len(sizes)}
threading.Thread(target=sample, daemon=True).start()
from generator import build as b, cli
from generator.render import parallel, pdf as p, pdf_extract, site as s
wrap(b, "prepare_all", "prepare")
wrap(p, "build_pdf", "pdf")
wrap(pdf_extract, "extract_all", "extracts")
wrap(parallel, "render_exam", "pages")
wrap(s.Site, "finish", "finish")
t0 = time.perf_counter(), cpu()
code = cli.main(["build", str(CONTENT), "--site", str(SITE)])
total = {"wall": time.perf_counter() - t0[0], "cpu": cpu() - t0[1]}
stop.set()
inner = ("prepare", "pdf", "extracts", "pages", "finish")
phases["rest"] = {k: total[k] - sum(phases.get(n, {}).get(k, 0.0) for n in inner) for k in ("wall", "cpu")}
phases["total"] = total
peak["total"] = max(peak.values(), key=lambda v: v["total"])
for name in phases:
    phases[name].update({k: v / 2**20 for k, v in peak.get(name, {}).items() if k != "processes"})
    phases[name]["processes"] = peak.get(name, {}).get("processes", 0)
print(json.dumps({"exit": code, "phases": phases}))
"""


def run(n: int, site: Path | None = None) -> dict:
    content, _ = bench_build.content_for(n)
    site = site or content.parent / "site-memory"
    load = os.getloadavg()
    result = bench_build.build(content, site, HARNESS)
    return {"candidatos": n, "load_average_before": load, "load_average_after": os.getloadavg(), **result}


def report(fig: dict) -> None:
    print(f"\n== gazeta build, {fig['candidatos']:,} candidatos (carga média antes "
          f"{fig['load_average_before'][0]:.2f}, depois {fig['load_average_after'][0]:.2f}) ==")
    print(f"{'fase':<10}{'parede s':>10}{'CPU s':>9}{'PSS pico MB':>13}{'pai MB':>9}{'maior filho MB':>16}"
          f"{'processos':>11}")
    for name in ("prepare", "pdf", "extracts", "pages", "finish", "rest", "total"):
        p = fig["phases"].get(name)
        if p:
            print(f"{name:<10}{p['wall']:>10.2f}{p['cpu']:>9.2f}{p.get('total', 0):>13.0f}{p.get('parent', 0):>9.0f}"
                  f"{p.get('largest_child', 0):>16.0f}{p['processes']:>11}")


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
