"""Benchmark: the full site build of a synthetic exam (1,000,000 and 10,000 candidates) beside plain MkDocs.

Run: `.venv/bin/python bench/bench_site.py [--candidatos 1000000 10000] [--amostra 50000] [--pagefind 100000]`.
Each phase runs in a fresh process so its peak memory (ru_maxrss) is its own. Phases, for each size:
  build        `generator.build.build(content, site, pdf=False)`: check + load + allocate + open data + pages + search
               + MkDocs (legislation pages), then the swap; also split into prepare and render times.
  baseline     the same list rows written as Markdown tables (500 rows a page, like ours) and built by plain MkDocs
               (its default theme and search plugin); on a sample of `--amostra` rows when the exam is larger, and
               extrapolated linearly to all rows (stated in the output).
Then the largest page, and the bytes each of a set of queries downloads, measured by running the site's own
busca.js in node (bench/search_probe.js). `--pagefind N` also indexes N rows of list pages with Pagefind's Python API
(the alternative we measured before writing our own index).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
PY = sys.executable
print = functools.partial(print, flush=True)  # noqa: A001 - progress visible in long runs

RUNNER = """
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[3]) / "tests"))
CONTENT, SITE, ROOT, SAMPLE = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])
out = {{}}
import threading
def _pss(pid):
    try:
        with open(f"/proc/{{pid}}/smaps_rollup") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
        kids = []
        for task in Path(f"/proc/{{pid}}/task").iterdir():
            kids += (task / "children").read_text().split()
        return kb + sum(_pss(int(k)) for k in kids)
    except (OSError, StopIteration):
        return 0
_peak = [0]
_stop = threading.Event()
def _sample():  # proportional set size of this process and its workers: shared pages counted once
    while not _stop.wait(0.2):
        _peak[0] = max(_peak[0], _pss(os.getpid()))
import os
threading.Thread(target=_sample, daemon=True).start()
start = time.perf_counter()
{code}
_stop.set()
out["tree_pss_peak_mb"] = _peak[0] / 1024
out["seconds"] = time.perf_counter() - start
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
out["child_peak_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps(out))
"""

BUILD = """
from generator import build as b
original = b.prepare_all
def timed(*args, **kwargs):
    t = time.perf_counter()
    job = original(*args, **kwargs)
    out["prepare_s"] = time.perf_counter() - t
    return job
b.prepare_all = timed
stats = b.build(CONTENT, SITE, pdf=False)
out["render_s"] = time.perf_counter() - start - out["prepare_s"]
out["largest_page"] = stats["largest_page"]
out["search"] = {k: stats[k] for k in ("postings", "shards", "largest")}
"""

BASELINE = """
from generator.build import prepare_all
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
job = prepare_all(CONTENT, pdf=False)
docs = SITE.parent / "baseline-docs"
docs.mkdir(parents=True, exist_ok=True)
rows = 0
page = 0
def esc(text):
    return str(text).replace("|", "\\\\|")
for prepared in job.exams:
    for p in prepared.positions():
        for lst in p["listas"]:
            entries = lst["entradas"]
            for k in range(0, len(entries), 500):
                if rows >= SAMPLE:
                    break
                chunk = entries[k:k + 500]
                lines = [f"# {esc(p['nome'])} — {esc(lst['titulo'])}", "",
                         "| Classif. | Inscrição | Nome | Nota |", "|---:|---|---|---:|"]
                lines += [f"| {e['classificacao']} | {e['inscricao']} | {esc(e['nome'])} | {e['nota']} |" for e in chunk]
                (docs / f"p{page:05d}.md").write_text("\\n".join(lines) + "\\n", encoding="utf-8")
                rows += len(chunk)
                page += 1
out["rows"] = rows
t = time.perf_counter()
config = load_config(config_file=None, docs_dir=str(docs), site_dir=str(SITE), site_name="baseline")
mkdocs_build(config)
out["mkdocs_s"] = time.perf_counter() - t
"""

PHASES = {"build": BUILD, "baseline": BASELINE}


def run(phase: str, content: Path, site: Path, sample: int = 0) -> dict:
    """One phase in a fresh interpreter; its JSON line."""
    code = RUNNER.format(code=PHASES[phase])
    env = {**os.environ, "CI": "1"}  # no progress bar in the measured process
    done = subprocess.run([PY, "-c", code, str(content), str(site), str(ROOT), str(sample)], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def content_for(candidates: int) -> Path:
    """A content/ folder with one synthetic exam (cached in bench/out) and the legislation pages."""
    from generator.synth import write_exam

    base = OUT / f"site-{candidates}"
    exam = base / "content" / "certames" / f"sintetico-{candidates}"
    if not (exam / "certame.toml").exists():
        write_exam(exam, candidates=candidates, positions=200 if candidates >= 100_000 else 10,
                   vacancies=6_640 if candidates >= 100_000 else 120)
    legis = base / "content" / "legislacao"
    if not legis.exists():
        legis.symlink_to(ROOT / "content" / "legislacao")
    return base / "content"


def queries(site: Path) -> list[str]:
    """Queries a citizen would type: common and rare names, full names, a registration and its prefix."""
    table = site / "busca" / "cargos.json"  # a national exam's index is a segment of its own (render/site/search.py)
    if not table.is_file():
        table = sorted((site / "busca" / "s").glob("*/cargos.json"))[0]
    cargos = json.loads(table.read_text("utf-8"))["cargos"]
    page = (site / cargos[0][0] / "index.html").read_text("utf-8")
    import re

    rows = re.findall(r'id="i-([^"]+)"><td class="num">\d+</td><td>[^<]*</td><th scope="row">([^<]+)</th>', page)
    reg, name = rows[len(rows) // 2]
    first, *rest = name.split()
    surnames = [w for w in rest if w.lower() not in ("da", "das", "de", "do", "dos", "e")]
    shapes = ["silva", "maria", "maria silva", "silva maria", "Maria da Silva Santos", "batista gomes", name,
              f"{first} {rest[-1]}", f"{rest[-1]} {first}", f"{first} {surnames[0][:4]}",
              name.lower().replace("ã", "a").replace("é", "e"), reg, reg.lstrip("0"), reg[:4], reg[:-1]]
    if len(surnames) >= 2:
        shapes.append(f"{surnames[-1]} {surnames[0]}")
    # issue 21 item 2: the end of an inscrição, and a name with a one-letter typo (a letter of the surname changed)
    word = surnames[0]
    typo = word[:2] + ("e" if word[2].lower() != "e" else "a") + word[3:]
    shapes += [reg[-6:], f"{first} {typo}"]
    return shapes


def search_bytes(site: Path) -> list[dict]:
    """Run busca.js on the built site for each query; bytes and result counts."""
    done = subprocess.run(["node", str(ROOT / "bench" / "search_probe.js"), str(site), *queries(site)],
                          capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def pagefind(rows: int) -> str:
    """Pagefind on `rows` rows of list pages (the alternative), via bench/pagefind_probe.py."""
    done = subprocess.run([PY, str(ROOT / "bench" / "pagefind_probe.py"), "directory", str(rows)], cwd=ROOT,
                          capture_output=True, text=True)
    return (done.stdout + done.stderr).strip()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, nargs="+", default=[1_000_000, 10_000])
    parser.add_argument("--amostra", type=int, default=50_000, help="linhas da linha de base MkDocs (amostra)")
    parser.add_argument("--pagefind", type=int, default=0, help="linhas para medir o Pagefind (0 = não medir)")
    args = parser.parse_args(argv)
    for n in args.candidatos:
        content = content_for(n)
        site = content.parent / "site"
        built = run("build", content, site)
        rows = built["search"]["postings"]
        print(f"\n== {n:,} candidatos ==")
        print(f"gazeta build (sem PDF): {built['seconds']:.1f} s total = preparar (carga + alocação) "
              f"{built['prepare_s']:.1f} s + dados abertos, páginas, busca e MkDocs {built['render_s']:.1f} s; "
              f"pico {built['peak_mb']:.0f} MB no processo principal, {built['child_peak_mb']:.0f} MB no maior "
              f"processo auxiliar; soma PSS da árvore de processos (cada página contada uma vez): "
              f"{built['tree_pss_peak_mb']:.0f} MB")
        size, page = built["largest_page"]
        files = sum(1 for p in site.rglob("*") if p.is_file())
        total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"maior página: {size / 1000:.0f} kB ({page}); site: {files:,} arquivos, {total / 1e6:.0f} MB; "
              f"índice de busca: {built['search']}")
        base = run("baseline", content, content.parent / "baseline-site", min(args.amostra, n * 2))
        per_row = base["mkdocs_s"] / base["rows"]
        list_rows = n + rows  # not exact: the lists hold every approved candidate plus the group lists
        print(f"linha de base MkDocs puro (tabelas Markdown): {base['rows']:,} linhas em {base['mkdocs_s']:.1f} s "
              f"({base['rows'] / base['mkdocs_s']:,.0f} linhas/s; pico {base['peak_mb']:.0f} MB)"
              + (f"; extrapolado para {n:,} linhas: {per_row * n:.0f} s" if base["rows"] < n else ""))
        del list_rows
        worst = 0
        for q in search_bytes(site):
            worst = max(worst, q["bytes"])
            print(f"  busca {q['query']!r}: {q['results']} resultado(s){' (+mais)' if q['more'] else ''}, "
                  f"{q['bytes'] / 1000:.0f} kB ({q['gzip'] / 1000:.0f} kB com gzip, sem o script) "
                  f"em {len(q['files']) + 1} arquivos")
        print(f"maior download de uma busca: {worst / 1000:.0f} kB (limite 300 kB)")
    if args.pagefind:
        print(f"\nPagefind 1.5.2 (API Python, add_directory) em {args.pagefind:,} linhas:\n{pagefind(args.pagefind)}")


if __name__ == "__main__":
    main()
