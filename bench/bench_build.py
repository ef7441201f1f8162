"""Benchmark: the user's whole `gazeta build` (site + PDF + data) of synthetic exams, beside its baselines, one run.

Run: `.venv/bin/python bench/bench_build.py [--candidatos 10000 100000 1000000]` (or `make bench`; default 10k, 100k).
Per size, the exam is written once by `python -m generator.synth` (seed 2024; 10 cargos up to 50k candidates, then
one per 5,000 up to 200; vacancies 6,640 per million, as the CNU-sized exam) into bench/out/build-N/content/.
Then, each in a fresh process:
  build        `gazeta build CONTENT --site SITE` through generator.cli.main, with phases timed by wrapping the
               build's own functions: prepare (check + load + allocate + public views, `build.prepare_all`), data
               (`render.data.write_open_data`), PDF (`render.pdf.build_pdf`) and site (the rest: pages, search,
               MkDocs, swap). Since the open data is written by a forked process beside the PDF's layout
               (pipeline.documents), its time and CPU fall inside the PDF phase and no data row is printed. Per phase: wall, CPU of the process and its waited-for workers, and the PSS peak of
               the process tree (bench_pdf.tree_memory, sampled every 0.2 s by the benchmark's own process, outside the build).
  csv.reader   a bare stdlib pass over the same candidatos.csv, and bench_core's load + allocate (its helpers),
               so load + allocate ÷ csv.reader is a same-run ratio (issue 14's third goal row).
  baselines    plain MkDocs with the rows as Markdown tables (bench_site, sampled and extrapolated), a WeasyPrint
               <table> sample and a typst sample (bench_pdf); samples are extrapolated linearly to our PDF's rows
               (list entries + nominations + commission outcomes).
The cost-growth line is seconds per 100,000 candidates at each size: flat means linear. Figures go to
bench/out/bench_build-<timestamp>.json. On a shared, loaded machine only the same-run ratios mean anything.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))
import bench_core  # noqa: E402 - sibling bench scripts, reused, not copied
import bench_pdf  # noqa: E402
import bench_site  # noqa: E402

print = functools.partial(print, flush=True)  # noqa: A001 - progress visible in long runs

# The measured build: the CLI as the user runs it, with the build's own phase functions wrapped to record
# wall/CPU at their edges and to write the running phase's name into a file (argv[4]). Memory is sampled from
# outside, by the benchmark's own process (`build` below): a sampler inside the build was 25 % of the profile
# samples at 1M (issue 20 item 6), so it inflated what it measured.
BUILD = """
import json, os, resource, sys, time
from pathlib import Path
ROOT, CONTENT, SITE, PHASE = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]
def tell(name):
    with open(PHASE, "w") as f:
        f.write(name)
def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime
phases = {}
current = ["start"]
peak = {}
def enter(name):
    current.append(name)
    tell(name)
    return time.perf_counter(), cpu()
def leave(name, t):
    current.pop()
    tell(current[-1])
    p = phases.setdefault(name, {"wall": 0.0, "cpu": 0.0})
    p["wall"] += time.perf_counter() - t[0]
    p["cpu"] += cpu() - t[1]
def wrap(module, attr, name, keep=None):
    original = getattr(module, attr)
    def timed(*args, **kwargs):
        t = enter(name)
        try:
            result = original(*args, **kwargs)
        finally:
            leave(name, t)
        if keep:
            keep(result)
        return result
    setattr(module, attr, timed)
from generator import build as b, cli
from generator.render import data as d, pdf as p
pdf_info = {}
wrap(b, "prepare_all", "prepare")
wrap(d, "write_open_data", "data")
wrap(p, "build_pdf", "pdf", keep=pdf_info.update)
current[-1] = "site"  # everything outside the wrapped phases: pages, search, MkDocs, swap
tell("site")
t0 = time.perf_counter(), cpu()
code = cli.main(["build", str(CONTENT), "--site", str(SITE)])
total = {"wall": time.perf_counter() - t0[0], "cpu": cpu() - t0[1]}
inner = ("prepare", "data", "pdf")
phases["site"] = {k: total[k] - sum(phases.get(n, {}).get(k, 0.0) for n in inner) for k in ("wall", "cpu")}
phases["total"] = total
print(json.dumps({"exit": code, "phases": phases, "pdf_rows": pdf_info.get("rows"),
                  "pdf_pages": pdf_info.get("pages"), "pdf_inner_s": pdf_info.get("seconds")}))
"""


def sizes_for(candidates: int) -> tuple[int, int]:
    """Cargos and vacancies of the synthetic exam of this size (the CNU-sized one at 1M: 200 cargos, 6,640)."""
    cargos = max(10, min(200, candidates // 5000))
    return cargos, max(cargos, 6640 * candidates // 1_000_000)


def content_for(candidates: int) -> tuple[Path, Path]:
    """bench/out/build-N/content with the synthetic exam (written once) and the legislation pages; (content, exam)."""
    base = OUT / f"build-{candidates}"
    exam = base / "content" / "certames" / f"sintetico-{candidates}"
    if not (exam / "certame.toml").exists():
        cargos, vacancies = sizes_for(candidates)
        subprocess.run([sys.executable, "-m", "generator.synth", str(exam), "--candidatos", str(candidates),
                        "--cargos", str(cargos), "--vagas", str(vacancies), "--seed", "2024"], cwd=ROOT, check=True)
    legis = base / "content" / "legislacao"
    if not legis.exists():
        legis.symlink_to(ROOT / "content" / "legislacao")
    return base / "content", exam


def build(content: Path, site: Path, harness: str = BUILD) -> dict:
    """The measured `gazeta build` in a fresh interpreter (no progress bars: CI=1), through `harness` (BUILD, or
    bench_memory's, which samples itself). With BUILD, the PSS of the build's process tree is sampled every 0.2 s
    from this process, under the phase the build last wrote into its phase file; the whole build's wall time is
    measured from here too (`wall_outside`)."""
    import tempfile
    import threading

    with tempfile.NamedTemporaryFile("w+", prefix="gazeta-fase-", delete=False) as phase_file:
        phase_file.write("start")
    peak: dict[str, int] = {}
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", harness, str(ROOT), str(content), str(site), phase_file.name],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "CI": "1"})
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.2):
            try:
                name = Path(phase_file.name).read_text() or "start"
            except OSError:
                continue
            peak[name] = max(peak.get(name, 0), bench_pdf.tree_memory(proc.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - started
    stop.set()
    sampler.join()
    os.unlink(phase_file.name)
    if proc.returncode:
        raise SystemExit(err)
    result = json.loads(out.strip().splitlines()[-1])
    if result["exit"]:
        raise SystemExit(f"gazeta build saiu com {result['exit']}: {out}")
    if harness == BUILD:
        for name, phase in result["phases"].items():
            phase["pss_mb"] = (max(peak.values(), default=0) if name == "total" else peak.get(name, 0)) / 2**20
        result["wall_outside"] = wall
    return result


def measure_size(n: int, args) -> dict:
    """Every figure for one size."""
    content, exam = content_for(n)
    cargos, vacancies = sizes_for(n)
    load = os.getloadavg()
    built = build(content, content.parent / "site")
    csv = bench_core.measure(bench_core.PHASES["csv.reader (stdlib, baseline)"], exam)
    core = bench_core.measure(bench_core.PHASES["load_exam + allocate (gazeta resultado)"], exam)
    rows = built["pdf_rows"] or n  # list entries + nominations + commission outcomes, as in bench_pdf
    cap = min(args.amostra, 2 * n)  # bench_site writes every list until the cap: reaching it means a sample
    mk = bench_site.run("baseline", content, content.parent / "baseline-site", cap)
    table = bench_pdf.measure(bench_pdf.TABLE, exam, min(args.table_rows, rows), OUT / "pdf" / f"table-{n}.pdf")
    typst = bench_pdf.measure(bench_pdf.TYPST, exam, min(args.typst_rows, rows), OUT / "pdf" / f"typst-{n}.pdf")
    phases = built["phases"]
    return {
        "candidatos": n, "cargos": cargos, "vagas": vacancies, "load_average_before": load,
        "load_average_after": os.getloadavg(), "phases": phases,
        "per_100k_rows_s": {k: v["wall"] * 100_000 / n for k, v in phases.items()},
        "pdf": {"rows": built["pdf_rows"], "pages": built["pdf_pages"], "inner_s": built["pdf_inner_s"]},
        "csv_reader_s": csv["seconds"], "core_load_allocate_s": core["seconds"],
        "ratio_core_load_allocate_over_csv": core["seconds"] / csv["seconds"],
        "ratio_build_prepare_over_csv": phases["prepare"]["wall"] / csv["seconds"],
        "mkdocs": _baseline(mk["rows"], mk["mkdocs_s"], mk["tree_pss_peak_mb"], rows, mk["rows"] >= cap),
        "weasyprint_table": _baseline(table["rows"], table["seconds"], table["peak_mb"], rows, table["rows"] < rows),
        "typst": _baseline(typst["rows"], typst["seconds"], typst["peak_mb"], rows, typst["rows"] < rows),
    }


def _baseline(done: int, seconds: float, pss_mb: float, rows: int, sampled: bool) -> dict:
    """A baseline's figures; a sample is extrapolated linearly to `rows` (our PDF's rows), a whole run is kept."""
    return {"rows": done, "seconds": seconds, "pss_mb": pss_mb, "sampled": sampled,
            "extrapolated_s": seconds / done * rows if sampled else seconds}


def report(fig: dict) -> None:
    """The table of one size."""
    n = fig["candidatos"]
    print(f"\n== gazeta build, {n:,} candidatos, {fig['cargos']} cargos, {fig['vagas']:,} vagas "
          f"(carga média antes {fig['load_average_before'][0]:.2f}, depois {fig['load_average_after'][0]:.2f}) ==")
    print(f"{'fase':<34}{'parede s':>10}{'CPU s':>9}{'PSS pico MB':>13}{'s / 100k':>10}")
    names = {"prepare": "preparar (carga + alocação)", "data": "dados abertos",
             "pdf": "PDF" if "data" in fig["phases"] else "PDF + dados abertos (ao lado)",
             "site": "site (páginas, busca, MkDocs)", "total": "total"}
    for key, label in names.items():
        p = fig["phases"].get(key)
        if p:
            print(f"{label:<34}{p['wall']:>10.2f}{p['cpu']:>9.2f}{p['pss_mb']:>13.0f}"
                  f"{fig['per_100k_rows_s'][key]:>10.2f}")
    print(f"preparar ÷ csv.reader ({fig['csv_reader_s']:.2f} s): {fig['ratio_build_prepare_over_csv']:.1f}×; "
          f"load + allocate de bench_core ({fig['core_load_allocate_s']:.2f} s) ÷ csv.reader: "
          f"{fig['ratio_core_load_allocate_over_csv']:.1f}× (meta ≤ 4×)")
    total = fig["phases"]["total"]["wall"]
    for label, key in (("MkDocs puro, tabelas Markdown", "mkdocs"), ("WeasyPrint <table>", "weasyprint_table"),
                       ("typst, lista em duas colunas", "typst")):
        b = fig[key]
        extra = f"; extrapolado: {b['extrapolated_s']:.1f} s" if b["sampled"] else ""
        print(f"linha de base {label}: {b['rows']:,} linhas em {b['seconds']:.2f} s{extra} "
              f"(PSS {b['pss_mb']:.0f} MB)")
    print(f"PDF: {fig['pdf']['rows']:,} linhas, {fig['pdf']['pages']} páginas; total ÷ (MkDocs + typst "
          f"extrapolados): {total / (fig['mkdocs']['extrapolated_s'] + fig['typst']['extrapolated_s']):.2f}×")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--amostra", type=int, default=50_000, help="linhas da linha de base MkDocs (amostra)")
    parser.add_argument("--table-rows", type=int, default=5_000, help="linhas da amostra WeasyPrint <table>")
    parser.add_argument("--typst-rows", type=int, default=100_000, help="linhas da amostra typst")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "pdf").mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    figures = []
    for n in args.candidatos:
        figures.append(measure_size(n, args))
        report(figures[-1])
    if len(figures) > 1:
        print("\ncrescimento do custo (s de parede por 100k candidatos; plano = linear):")
        for key in ("prepare", "data", "pdf", "site", "total"):
            print(f"  {key:<8}" + "".join(f"{f['candidatos']:>10,}: {f['per_100k_rows_s'][key]:6.2f}"
                                          for f in figures if key in f["per_100k_rows_s"]))
    path = OUT / f"bench_build-{stamp}.json"
    path.write_text(json.dumps({"started": stamp, "cpus": os.cpu_count(), "sizes": figures}, indent=1,
                               ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nfiguras em {path.relative_to(ROOT)}; máquina compartilhada: compare só razões da mesma execução.")


if __name__ == "__main__":
    main()
