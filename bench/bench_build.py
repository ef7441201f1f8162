"""Benchmark: the user's whole `gazeta build` (site + PDF + data) of synthetic exams, beside its baselines, one run;
it prints issue 20's goal table.

Run: `.venv/bin/python bench/bench_build.py [--candidatos 10000 100000 1000000] [--sem-bases]` (or `make bench`;
default 10k, 100k). Per size, the exam is written once by `python -m generator.synth` (seed 2024; 10 cargos up to 50k
candidates, then one per 5,000 up to 200; vacancies 6,640 per million, as the CNU-sized exam) into
bench/out/build-N/content/. Then, each in a fresh process:
  build        `gazeta build CONTENT --site SITE` through generator.cli.main, with phases timed by wrapping the
               build's own functions (wall and CPU of the process and its waited-for children at their edges):
               prepare (check + load + allocate + public views, `build.prepare_all`), documents (`pipeline.documents`:
               the PDF, with the open data written beside it by a forked process), within it pdf
               (`render.pdf.document.build_pdf`), extracts (`render.pdf.extract.extract_all`), pages
               (`render.parallel.render_exam`), finish (`render.site.pages.Site.finish`: home, search index, sitemap,
               feeds) and rest (MkDocs, swap, everything else). The forked data writer reports its own wall and
               CPU (`render.data.package.write_open_data`) and when it told the package's hash and the zip; the PDF's waits
               for them (`processes.Forked.told`) are timed in the parent: the data is on the critical path only
               for those waits.
  memory       the PSS of the build's whole process tree, sampled every 0.2 s by a separate sampler process
               (never a thread inside the build: at 1M that one was 25 % of the profile samples, issue 20 item 6),
               per phase (the phase the build last wrote into its phase file): the tree, the parent, the largest
               child, the process count.
  floor        the same bytes the build wrote (every file of the site), written again into as many files and
               deflated (zlib level 6) in a fresh process: what any build of this output costs at least.
  csv.reader   a bare stdlib pass over the same candidatos.csv, and bench_core's load + allocate (its helpers),
               so load + allocate ÷ csv.reader is a same-run ratio.
  baselines    (unless --sem-bases) plain MkDocs with the rows as Markdown tables (bench_site, sampled and
               extrapolated), a WeasyPrint <table> sample and a typst sample (bench_pdf), extrapolated linearly to
               our PDF's rows.
Per phase: wall, CPU, PSS peak, CPU seconds per 100k candidates (the cost growth: flat means linear), the
parallelism CPU ÷ wall and a projection to 16 cores: on this 2-core machine a phase's parallel fraction f follows
from CPU ÷ wall = 1 / ((1 − f) + f / 2), and 16 cores take CPU × ((1 − f) + f / 16) (Amdahl, per phase, along the
critical path). On a shared, loaded machine wall times stretch and CPU ÷ wall falls: only the same-run ratios
and CPU seconds mean much. Figures go to bench/out/bench_build-<timestamp>.json; bench/bench_acts.py measures the
incremental rows (retificação, a new exam beside).
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

# The measured build: the CLI as the user runs it, with the build's own phase functions wrapped to record wall/CPU
# at their edges and to write the running phase's name into a file (argv[4]), which the sampler reads. The forked
# data writer appends its own figures to argv[5].
BUILD = """
import json, os, resource, sys, time
from pathlib import Path
ROOT, CONTENT, SITE, PHASE, SIDE = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4], sys.argv[5]
def tell(name):
    with open(PHASE, "w") as f:
        f.write(name)
def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime
phases, current, me = {}, ["rest"], os.getpid()
def wrap(owner, attr, name):
    original = getattr(owner, attr)
    def timed(*args, **kwargs):
        if os.getpid() != me:  # a forked worker: not a phase of the build
            return original(*args, **kwargs)
        current.append(name)
        tell(name)
        t = time.perf_counter(), cpu()
        try:
            return original(*args, **kwargs)
        finally:
            current.pop()
            tell(current[-1])
            p = phases.setdefault(name, {"wall": 0.0, "cpu": 0.0})
            p["wall"] += time.perf_counter() - t[0]
            p["cpu"] += cpu() - t[1]
    setattr(owner, attr, timed)
from generator import build as b, cli, pipeline as pl, processes
from generator.render.data import package as d
from generator.render import parallel
from generator.render.pdf import document as p, extract as pdf_extract
from generator.render.site import pages as s
pdf_info, waits = {}, {}
original_pdf = p.build_pdf
def build_pdf(*args, **kwargs):
    info = original_pdf(*args, **kwargs)
    pdf_info.update(info)
    return info
p.build_pdf = build_pdf
original_data = d.write_open_data
def write_open_data(exam, views, out, early=None):
    # in the forked writer (or in this process without one): its own wall and CPU, and when it told
    start, marks = time.time(), {}
    def told(package):
        marks["hash" if not marks else "zip"] = time.time()
        early(package)
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    result = original_data(exam, views, out, early=told if early else None)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    with open(SIDE, "a") as f:
        f.write(json.dumps({"start": start, "end": time.time(), "forked": os.getpid() != me, **marks,
                            "cpu": r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime}) + "\\n")
    return result
d.write_open_data = write_open_data
original_told = processes.Forked.told
def told(self, k):
    t = time.perf_counter()
    try:
        return original_told(self, k)
    finally:
        waits[k] = waits.get(k, 0.0) + time.perf_counter() - t
processes.Forked.told = told
wrap(b, "prepare_all", "prepare")
wrap(pl, "documents", "documents")  # called by pipeline.render_exam
wrap(p, "build_pdf", "pdf")
wrap(pdf_extract, "extract_all", "extracts")
wrap(parallel, "render_exam", "pages")
wrap(s.Site, "finish", "finish")
tell("rest")
t0 = time.perf_counter(), cpu()
started = time.time()
code = cli.main(["build", str(CONTENT), "--site", str(SITE)])
total = {"wall": time.perf_counter() - t0[0], "cpu": cpu() - t0[1]}
inner = ("prepare", "documents", "extracts", "pages", "finish")
phases["rest"] = {k: total[k] - sum(phases.get(n, {}).get(k, 0.0) for n in inner) for k in ("wall", "cpu")}
phases["total"] = total
print(json.dumps({"exit": code, "phases": phases, "pdf_rows": pdf_info.get("rows"), "started": started,
                  "pdf_pages": pdf_info.get("pages"), "pdf_inner_s": pdf_info.get("seconds"), "waits": waits}))
"""

# The sampler: a process of its own that reads the build's process tree from /proc every 0.2 s until the build
# ends, keeping per phase the largest tree PSS with its parent's and largest child's share.
SAMPLER = """
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
from bench_pdf import _pss
pid, PHASE, OUT = int(sys.argv[2]), sys.argv[3], sys.argv[4]
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
peak, samples = {}, 0
while os.path.exists(f"/proc/{pid}") and open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z":
    try:
        name = open(PHASE).read() or "rest"
    except OSError:
        name = "rest"
    sizes = tree(pid)
    total = sum(sizes.values())
    samples += 1
    if total > peak.get(name, {}).get("total", -1):
        kids = [v for k, v in sizes.items() if k != pid]
        peak[name] = {"total": total, "parent": sizes.get(pid, 0), "largest_child": max(kids, default=0),
                      "processes": len(sizes)}
    time.sleep(0.2)
with open(OUT, "w") as f:
    json.dump({"peak": peak, "samples": samples}, f)
"""

# The floor: the same bytes written again into as many files, and deflated, in a fresh process (argv: site, tmp).
FLOOR = """
import json, os, resource, sys, time, zlib
from pathlib import Path
site, tmp = Path(sys.argv[1]), Path(sys.argv[2])
files = [p for p in site.rglob("*") if p.is_file() and not p.is_symlink()]
write_wall = write_cpu = deflate_cpu = 0.0
total = 0
for k, path in enumerate(files):
    data = path.read_bytes()
    total += len(data)
    t, c = time.perf_counter(), time.thread_time()
    with open(tmp / str(k), "wb") as f:
        f.write(data)
    write_wall += time.perf_counter() - t
    write_cpu += time.thread_time() - c
    c = time.thread_time()
    zlib.compress(data, 6)
    deflate_cpu += time.thread_time() - c
print(json.dumps({"files": len(files), "bytes": total, "write_wall": write_wall, "write_cpu": write_cpu,
                  "deflate_cpu": deflate_cpu}))
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


def build(content: Path, site: Path) -> dict:
    """The measured `gazeta build` in a fresh interpreter (no progress bars: CI=1), its process tree's PSS sampled
    by a separate sampler process under the phase the build last wrote into its phase file; the whole build's
    wall time is measured from here too (`wall_outside`)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gazeta-bench-") as tmp:
        phase, side, peaks = Path(tmp) / "fase", Path(tmp) / "dados.jsonl", Path(tmp) / "pss.json"
        phase.write_text("rest")
        side.write_text("")
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", BUILD, str(ROOT), str(content), str(site), str(phase),
                                 str(side)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "CI": "1"})
        sampler = subprocess.Popen([sys.executable, "-c", SAMPLER, str(ROOT / "bench"), str(proc.pid), str(phase),
                                    str(peaks)], cwd=ROOT)
        out, err = proc.communicate()
        wall = time.perf_counter() - started
        sampler.wait()
        memory = json.loads(peaks.read_text())
        writers = [json.loads(line) for line in side.read_text().splitlines() if line]
    if proc.returncode:
        raise SystemExit(err)
    result = json.loads(out.strip().splitlines()[-1])
    if result["exit"]:
        raise SystemExit(f"gazeta build saiu com {result['exit']}: {out}")
    peak = memory["peak"]
    for name, figures in result["phases"].items():
        at = max(peak.values(), key=lambda v: v["total"]) if name == "total" and peak else peak.get(name, {})
        figures.update({f"{k}_mb" if k != "processes" else k: v / 2**20 if k != "processes" else v
                        for k, v in at.items()})
    result["memory_samples"] = memory["samples"]
    result["wall_outside"] = wall
    result["data"] = _data_writer(writers, result)
    return result


def _data_writer(writers: list[dict], result: dict) -> dict | None:
    """The open-data writer's own figures: wall, CPU, when it told the hash and the zip (seconds after it
    started), and how long the PDF waited for each."""
    if not writers:
        return None
    w = writers[0]
    waits = result.get("waits", {})
    return {"wall": w["end"] - w["start"], "cpu": w["cpu"], "forked": w["forked"],
            "hash_at": w["hash"] - w["start"] if "hash" in w else None,
            "zip_at": w["zip"] - w["start"] if "zip" in w else None,
            "pdf_waited_hash": waits.get("0", waits.get(0, 0.0)), "pdf_waited_zip": waits.get("1", waits.get(1, 0.0))}


def floor(site: Path) -> dict:
    """Write the site's bytes again and deflate them, in a fresh process (the floor of this output)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gazeta-piso-", dir=OUT) as tmp:
        proc = subprocess.run([sys.executable, "-c", FLOOR, str(site), tmp], capture_output=True, text=True,
                              check=True)
    fig = json.loads(proc.stdout)
    fig["cpu"] = fig["write_cpu"] + fig["deflate_cpu"]
    fig["seconds"] = fig["write_wall"] + fig["deflate_cpu"]  # one core: the writes' wall, the deflate's CPU
    return fig


PHASES = {"prepare": "preparar (carga + alocação)", "documents": "PDF + dados abertos (ao lado)",
          "pdf": "  dos quais: PDF", "extracts": "extratos por cargo", "pages": "páginas (workers)",
          "finish": "início, busca, sitemap, feeds", "rest": "resto (MkDocs, troca)", "total": "total"}
CRITICAL = ("prepare", "documents", "extracts", "pages", "finish", "rest")  # one after another in the parent


def projected(phase: dict, cores: int = 16, here: int = 2) -> float:
    """Seconds on `cores` cores from a phase's CPU and wall on `here` cores (Amdahl, parallel fraction from
    CPU ÷ wall)."""
    if phase["wall"] <= 0:
        return 0.0
    p = min(max(phase["cpu"] / phase["wall"], 1.0), float(here))
    f = min(1.0, max(0.0, (1 - 1 / p) / (1 - 1 / here)))
    return phase["cpu"] * ((1 - f) + f / cores)


def measure_size(n: int, args) -> dict:
    """Every figure for one size."""
    content, exam = content_for(n)
    cargos, vacancies = sizes_for(n)
    load = os.getloadavg()
    site = content.parent / "site"
    built = build(content, site)
    under = floor(site)
    csv = bench_core.measure(bench_core.PHASES["csv.reader (stdlib, baseline)"], exam)
    core = bench_core.measure(bench_core.PHASES["load_exam + allocate (gazeta resultado)"], exam)
    phases = built["phases"]
    fig = {
        "candidatos": n, "cargos": cargos, "vagas": vacancies, "load_average_before": load,
        "load_average_after": os.getloadavg(), "phases": phases, "data": built["data"],
        "memory_samples": built["memory_samples"], "wall_outside": built["wall_outside"],
        "per_100k_cpu_s": {k: v["cpu"] * 100_000 / n for k, v in phases.items()},
        "per_100k_wall_s": {k: v["wall"] * 100_000 / n for k, v in phases.items()},
        "projected_16_s": {k: projected(v) for k, v in phases.items() if k != "total"},
        "pdf": {"rows": built["pdf_rows"], "pages": built["pdf_pages"], "inner_s": built["pdf_inner_s"]},
        "floor": under, "ratio_build_over_floor": phases["total"]["wall"] / under["seconds"],
        "ratio_build_cpu_over_floor_cpu": phases["total"]["cpu"] / under["cpu"],
        "csv_reader_s": csv["seconds"], "core_load_allocate_s": core["seconds"],
        "ratio_core_load_allocate_over_csv": core["seconds"] / csv["seconds"],
        "ratio_build_prepare_over_csv": phases["prepare"]["wall"] / csv["seconds"],
    }
    fig["projected_16_total_s"] = sum(fig["projected_16_s"].get(k, 0.0) for k in CRITICAL)
    if not args.sem_bases:
        rows = built["pdf_rows"] or n  # list entries + nominations + commission outcomes, as in bench_pdf
        cap = min(args.amostra, 2 * n)  # bench_site writes every list until the cap: reaching it means a sample
        mk = bench_site.run("baseline", content, content.parent / "baseline-site", cap)
        table = bench_pdf.measure(bench_pdf.TABLE, exam, min(args.table_rows, rows), OUT / "pdf" / f"table-{n}.pdf")
        typst = bench_pdf.measure(bench_pdf.TYPST, exam, min(args.typst_rows, rows), OUT / "pdf" / f"typst-{n}.pdf")
        fig["mkdocs"] = _baseline(mk["rows"], mk["mkdocs_s"], mk["tree_pss_peak_mb"], rows, mk["rows"] >= cap)
        fig["weasyprint_table"] = _baseline(table["rows"], table["seconds"], table["peak_mb"], rows,
                                            table["rows"] < rows)
        fig["typst"] = _baseline(typst["rows"], typst["seconds"], typst["peak_mb"], rows, typst["rows"] < rows)
    return fig


def _baseline(done: int, seconds: float, pss_mb: float, rows: int, sampled: bool) -> dict:
    """A baseline's figures; a sample is extrapolated linearly to `rows` (our PDF's rows), a whole run is kept."""
    return {"rows": done, "seconds": seconds, "pss_mb": pss_mb, "sampled": sampled,
            "extrapolated_s": seconds / done * rows if sampled else seconds}


def report(fig: dict) -> None:
    """The table of one size."""
    n = fig["candidatos"]
    print(f"\n== gazeta build, {n:,} candidatos, {fig['cargos']} cargos, {fig['vagas']:,} vagas "
          f"(carga média antes {fig['load_average_before'][0]:.2f}, depois {fig['load_average_after'][0]:.2f}) ==")
    print(f"{'fase':<32}{'parede s':>9}{'CPU s':>8}{'CPU÷par.':>9}{'PSS MB':>8}{'pai MB':>8}{'filho MB':>9}"
          f"{'proc.':>6}{'CPU/100k':>9}{'16 núcl. s':>11}")
    for key, label in PHASES.items():
        p = fig["phases"].get(key)
        if not p:
            continue
        par = p["cpu"] / p["wall"] if p["wall"] > 0 else 0.0
        proj = fig["projected_16_s"].get(key, fig["projected_16_total_s"])
        print(f"{label:<32}{p['wall']:>9.2f}{p['cpu']:>8.2f}{par:>9.2f}{p.get('total_mb', 0):>8.0f}"
              f"{p.get('parent_mb', 0):>8.0f}{p.get('largest_child_mb', 0):>9.0f}{p.get('processes', 0):>6}"
              f"{fig['per_100k_cpu_s'][key]:>9.2f}{proj:>11.2f}")
    d = fig["data"]
    if d:
        where = "processo à parte, ao lado do PDF" if d["forked"] else "no processo do build"
        hashed = f"hash em {d['hash_at']:.2f} s, zip em {d['zip_at']:.2f} s; " if d["hash_at"] is not None else ""
        print(f"dados abertos ({where}): parede {d['wall']:.2f} s, CPU {d['cpu']:.2f} s; {hashed}o PDF esperou "
              f"{d['pdf_waited_hash']:.2f} s pelo hash e {d['pdf_waited_zip']:.2f} s pelo zip")
    crit = " + ".join(f"{k} {fig['phases'][k]['wall']:.1f}" for k in CRITICAL if k in fig["phases"])
    print(f"caminho crítico (fases do processo principal, uma após a outra): {crit} = "
          f"{fig['phases']['total']['wall']:.1f} s (medido de fora: {fig['wall_outside']:.1f} s); os dados abertos "
          f"entram nele só pelo que o PDF esperou")
    f = fig["floor"]
    print(f"piso da mesma execução: {f['bytes'] / 1e6:,.1f} MB em {f['files']:,} arquivos, escrever "
          f"{f['write_wall']:.2f} s + deflate {f['deflate_cpu']:.2f} s CPU = {f['seconds']:.2f} s; build ÷ piso "
          f"{fig['ratio_build_over_floor']:.1f}× (CPU ÷ CPU do piso {fig['ratio_build_cpu_over_floor_cpu']:.1f}×)")
    print(f"preparar ÷ csv.reader ({fig['csv_reader_s']:.2f} s): {fig['ratio_build_prepare_over_csv']:.1f}×; "
          f"load + allocate de bench_core ({fig['core_load_allocate_s']:.2f} s) ÷ csv.reader: "
          f"{fig['ratio_core_load_allocate_over_csv']:.1f}×")
    print(f"memória: {fig['memory_samples']} amostras de PSS por um processo amostrador à parte")
    if fig["load_average_before"][0] > (os.cpu_count() or 1):
        print(f"aviso: carga média {fig['load_average_before'][0]:.1f} acima dos {os.cpu_count()} núcleos: a parede "
              "inclui a espera por CPU, CPU ÷ parede cai e a projeção a 16 núcleos tende ao limite serial (a soma "
              "das CPUs do caminho crítico)")
    if "mkdocs" in fig:
        total = fig["phases"]["total"]["wall"]
        for label, key in (("MkDocs puro, tabelas Markdown", "mkdocs"), ("WeasyPrint <table>", "weasyprint_table"),
                           ("typst, lista em duas colunas", "typst")):
            b = fig[key]
            extra = f"; extrapolado: {b['extrapolated_s']:.1f} s" if b["sampled"] else ""
            print(f"linha de base {label}: {b['rows']:,} linhas em {b['seconds']:.2f} s{extra} "
                  f"(PSS {b['pss_mb']:.0f} MB)")
        print(f"PDF: {fig['pdf']['rows']:,} linhas, {fig['pdf']['pages']} páginas; total ÷ (MkDocs + typst "
              f"extrapolados): {total / (fig['mkdocs']['extrapolated_s'] + fig['typst']['extrapolated_s']):.2f}×")


def goal_table(figures: list[dict]) -> list[tuple[str, str, str]]:
    """Issue 20's goal table filled from this run: (measure, this run, goal); a row it cannot fill says why."""
    by = {f["candidatos"]: f for f in figures}
    big = by.get(1_000_000)
    largest = max(figures, key=lambda f: f["candidatos"])
    no_1m = "não medido: rode com --candidatos 1000000"
    rows = []
    if big:
        t = big["phases"]["total"]
        rows.append(("`gazeta build`, 1M, tudo incluído", f"{t['wall']:.1f} s, {t.get('total_mb', 0) / 1024:.2f} GB",
                     "≤ 60 s, ≤ 1,5 GB"))
    else:
        t = largest["phases"]["total"]
        rows.append(("`gazeta build`, 1M, tudo incluído",
                     f"{no_1m} (a {largest['candidatos']:,}: {t['wall']:.1f} s, {t.get('total_mb', 0) / 1024:.2f} GB)",
                     "≤ 60 s, ≤ 1,5 GB"))
    rows.append(("preparar ÷ `csv.reader`, mesma execução",
                 "; ".join(f"{f['candidatos']:,}: {f['ratio_build_prepare_over_csv']:.1f}× (load + allocate "
                           f"{f['ratio_core_load_allocate_over_csv']:.1f}×)" for f in figures), "≤ 2×"))
    rows.append(("build ÷ piso escrever + deflate, mesma execução",
                 "; ".join(f"{f['candidatos']:,}: {f['ratio_build_over_floor']:.1f}×" for f in figures), "≤ 3×"))
    small = by.get(10_000)
    rows.append(("certame de 10k, build inteiro", f"{small['phases']['total']['wall']:.1f} s" if small else
                 "não medido: inclua 10000 em --candidatos", "≤ 2 s"))
    rows.append(("retificação de 10 notas a 1M: `publicar` + `build`", "não medido aqui: bench/bench_acts.py",
                 "≤ 20 s"))
    rows.append(("novo certame de 10k ao lado do de 1M: `publicar` + `build`", "não medido aqui: bench/bench_acts.py",
                 "≤ 5 s"))
    f = big or largest
    rows.append(("projetado a 16 núcleos pela CPU/parede de cada fase, 1M",
                 f"{f['projected_16_total_s']:.1f} s" + ("" if big else f" a {largest['candidatos']:,} ({no_1m})"),
                 "≤ 15 s"))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--sem-bases", action="store_true", help="sem as linhas de base MkDocs, WeasyPrint, typst")
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
        print("\ncrescimento do custo (CPU s por 100k candidatos; plano = linear):")
        for key in PHASES:
            print(f"  {key:<10}" + "".join(f"{f['candidatos']:>10,}: {f['per_100k_cpu_s'][key]:6.2f}"
                                           for f in figures if key in f["per_100k_cpu_s"]))
    goals = goal_table(figures)
    print("\nmetas da issue 20 (esta execução):")
    print("| medida | esta execução | meta |\n|---|---|---|")
    for row in goals:
        print("| " + " | ".join(row) + " |")
    path = OUT / f"bench_build-{stamp}.json"
    path.write_text(json.dumps({"started": stamp, "cpus": os.cpu_count(), "sizes": figures, "goals": goals},
                               indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nfiguras em {path.relative_to(ROOT)}; máquina compartilhada: compare só razões da mesma execução.")


if __name__ == "__main__":
    main()
