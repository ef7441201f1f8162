"""Gazette PDF benchmark: our build beside a WeasyPrint <table> document and typst, on the same rows, same run.

    .venv/bin/python bench/bench_pdf.py                      # 1,000,000 candidates, 200 cargos (~4-6 min)
    .venv/bin/python bench/bench_pdf.py --typst-rows 1000000  # typst on every row too (needs ~10 GB)
    .venv/bin/python bench/bench_pdf.py --candidates 10000 --cargos 5 --typst-rows 10000
    .venv/bin/python bench/bench_pdf.py --candidates 100000 --only-tags   # tagged vs untagged only (issue 13)

The exam is the lead's synthetic one (generator.synth, seeded), built through the real pipeline. Each measurement runs
in its own process; peak memory is the largest PSS summed over that process and its children (sampled every 0.1 s
from /proc/*/smaps_rollup), so parallel workers count and pages they share with their parent count once. Rows = list entries + nominations + commission outcomes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"

# Ours, through the real pipeline: synthetic exam folder → load + allocate → public view → open data → PDF with
# every CSV/JSON and the datapackage embedded. Only the PDF step is timed; the peak covers the whole process.
SETUP = """
import sys
from pathlib import Path
from generator.pipeline import prepare
from generator.public import exam_view, iter_position_views
folder = Path(sys.argv[1])
result = prepare(folder)
"""

OURS = SETUP + """
import json, time
from generator.render.data.package import write_open_data
from generator.render.pdf.document import build_pdf
workers, out, tagged = int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4] == "1"
exam = exam_view(result, with_positions=False)
data = write_open_data(exam, iter_position_views(result), out.parent / "dados")
files = [p for f in data["files"].values() for p in (f["csv"], f["json"])] + [data["datapackage"]]
start = time.perf_counter()
info = build_pdf(exam, iter_position_views(result), out, attachments=files, data_sha256=data["datapackage_sha256"],
                 permanent_url="https://example.org/diario/1", workers=workers, tagged=tagged)
print(json.dumps({"seconds": time.perf_counter() - start, "rows": info["rows"], "pages": info["pages"],
                  "bytes": out.stat().st_size, "attachments": len(files),
                  "attached_mb": sum(p.stat().st_size for p in files) / 2**20, "phases": info["seconds"]}))
"""

# The baselines get the same rows as text, in our order: every list, then the nomination order, per cargo.
ROWS = SETUP + """
def rows(limit):
    count = 0
    for view in iter_position_views(result):
        for lst in view["listas"]:
            for e in lst["entradas"]:
                yield (str(e["classificacao"]), e["inscricao"], e["nota"], e["nome"])
                count += 1
                if count >= limit: return
        for m in view["nomeacao"]:
            yield (f"{m['posicao']}ª", m["vaga"], m["inscricao"], m["nome"])
            count += 1
            if count >= limit: return
"""

TABLE = ROWS + """
import html, json, time
from weasyprint import HTML
limit, out = int(sys.argv[2]), sys.argv[3]
data = list(rows(limit))
start = time.perf_counter()
body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in data)
doc = HTML(string="<html lang=pt-BR><style>@page{size:A4;margin:22mm 14mm} body{font:7.5pt 'DejaVu Sans Condensed';"
                  "columns:2} table{border-collapse:collapse}</style><table>" + body + "</table>").render()
doc.write_pdf(out)
print(json.dumps({"seconds": time.perf_counter() - start, "rows": len(data), "pages": len(doc.pages)}))
"""

TYPST = ROWS + """
import json, time, typst
limit, out = int(sys.argv[2]), sys.argv[3]
data = list(rows(limit))
start = time.perf_counter()
def esc(s): return "".join("\\\\" + c if c in "\\\\#*_`$<>@[]=-+/~'\\"" else c for c in s)
body = "\\n\\n".join(" ".join(esc(c) for c in r) for r in data)
src = ('#set page(paper: "a4", margin: (x: 14mm, y: 22mm), columns: 2)\\n'
       '#set text(font: "DejaVu Sans", size: 7.5pt, lang: "pt")\\n#set par(leading: 0.3em, spacing: 0.3em)\\n' + body)
pdf = typst.compile(src.encode())
open(out, "wb").write(pdf)
print(json.dumps({"seconds": time.perf_counter() - start, "rows": len(data), "bytes": len(pdf)}))
"""


def ensure_exam(folder: Path, candidates: int, cargos: int) -> None:
    """The lead's seeded synthetic exam (generator.synth), written once in a child process."""
    if (folder / "candidatos.csv").is_file():
        return
    subprocess.run([sys.executable, "-m", "generator.synth", str(folder), "--candidatos", str(candidates),
                    "--cargos", str(cargos)], cwd=ROOT, check=True)


def tree_memory(pid: int) -> int:
    """Proportional set size (PSS) of a process and all its descendants, in bytes: pages that forked workers
    share with their parent count once, not once per process as a sum of RSS would."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        total += _pss(current)
        stack += children.get(current, [])
    return total


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def measure(code: str, *args: object) -> dict:
    """Run `code` in a fresh interpreter; its JSON line plus the wall time and peak tree memory."""
    proc = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, stdout=subprocess.PIPE,
                            env={**os.environ, "SOURCE_DATE_EPOCH": "1718000000", "CI": "1"})
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_memory(proc.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.perf_counter()
    stdout, _ = proc.communicate()
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if proc.returncode:
        raise SystemExit(f"measurement failed ({proc.returncode})")
    result = json.loads(stdout.decode().strip().splitlines()[-1])
    return {**result, "wall": wall, "peak_mb": peak / 2**20, "rows_per_s": result["rows"] / result["seconds"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=1_000_000)
    parser.add_argument("--cargos", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--table-rows", type=int, default=5_000, help="sample for the WeasyPrint <table> baseline")
    # typst keeps the whole document in memory (10 GB for 1M rows here): a sample by default on a shared machine.
    parser.add_argument("--typst-rows", type=int, default=250_000, help="rows for the typst baseline (sample)")
    parser.add_argument("--only-tags", action="store_true", help="only ours, tagged (PDF/UA) and untagged")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    folder = OUT / f"synth-{args.candidates}" if args.cargos == 200 else OUT / f"synth-{args.candidates}-{args.cargos}"
    ensure_exam(folder, args.candidates, args.cargos)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (shared machine)")
    ours = measure(OURS, folder, args.workers, OUT / "pdf" / "gazeta.pdf", 1)
    # The same document without the structure tree (no marked content, no tags): what PDF/UA costs.
    plain = measure(OURS, folder, args.workers, OUT / "pdf" / "gazeta-sem-tags.pdf", 0)
    print(f"{'':28s}{'seconds':>10s}{'MB':>10s}{'MB no anexo':>12s}{'peak MB':>10s}")
    for name, r in (("gazeta tagged (PDF/UA)", ours), ("gazeta untagged", plain)):
        print(f"{name:28s}{r['seconds']:>10.1f}{r['bytes'] / 2**20:>10.1f}"
              f"{r['bytes'] / 2**20 - r['attached_mb']:>12.1f}{r['peak_mb']:>10.0f}")
    print(f"tags: ×{ours['seconds'] / plain['seconds']:.2f} time, ×{ours['bytes'] / plain['bytes']:.2f} size "
          f"(+{(ours['bytes'] - plain['bytes']) / 2**20:.1f} MB; attachments {ours['attached_mb']:.0f} MB "
          f"uncompressed); phases tagged: " + ", ".join(f"{k} {v:.1f}" for k, v in ours["phases"].items())
          + "; untagged: " + ", ".join(f"{k} {v:.1f}" for k, v in plain["phases"].items()))
    if args.only_tags:
        return
    table = measure(TABLE, folder, args.table_rows, OUT / "pdf" / "table.pdf")
    typst = measure(TYPST, folder, args.typst_rows, OUT / "pdf" / "typst.pdf")
    print(f"{'':28s}{'rows':>10s}{'seconds':>10s}{'rows/s':>10s}{'peak MB':>10s}")
    for name, r in (("gazeta build_pdf (complete)", ours), ("WeasyPrint <table> (sample)", table),
                    ("typst two-column list", typst)):
        print(f"{name:28s}{r['rows']:>10d}{r['seconds']:>10.1f}{r['rows_per_s']:>10.0f}{r['peak_mb']:>10.0f}")
    print(f"gazeta: {ours['attachments']} files ({ours['attached_mb']:.0f} MB) embedded; peak includes the loaded exam")
    print(f"gazeta: {ours['pages']} pages, {ours['bytes'] / 2**20:.1f} MB, PDF step {ours['seconds']:.1f} s with "
          f"{args.workers} workers; ×{ours['rows_per_s'] / table['rows_per_s']:.0f} the <table> rate, "
          f"×{ours['rows_per_s'] / typst['rows_per_s']:.2f} the typst rate")
    print("gazeta phases (s): " + ", ".join(f"{k} {v:.1f}" for k, v in ours["phases"].items()))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
