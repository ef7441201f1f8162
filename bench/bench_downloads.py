"""Benchmark: the open-data phase alone (issue 20 item 3), on any checkout, so a change is measured before/after
in the same run: CSV + JSON, the package's hash (what the PDF's drawing waits for), the zip, the spreadsheets,
SHA256SUMS, then the PDF's attachment of the package (pdf_attach.embed on a one-page PDF, as the merge does).

Run: `.venv/bin/python bench/bench_downloads.py [--candidatos 200000] [--raiz CHECKOUT ...]`. The synthetic exam is
bench_build's (generator.synth, seed 2024, bench/out/build-N/). Each checkout (default: this one) is measured in a
fresh process that imports its own `generator` (a frozen copy of main, e.g. `git worktree add /tmp/x main
--detach`, gives the "before"). Its public views are built first (not timed), then the phase, with wall and CPU
seconds at each edge, and the bytes handed to zlib (deflate) counted by wrapping zlib's compress functions:
package bytes deflated twice (zip + PDF) before issue 20, once after. The ratios (CPU ÷ the first checkout's)
are what to compare on a loaded machine. JSON in bench/out/bench_downloads-<stamp>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))

MEASURE = r"""
import json, os, resource, sys, time, zlib
from pathlib import Path
CHECKOUT, EXAM, OUT = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, str(CHECKOUT))
os.environ.setdefault("SOURCE_DATE_EPOCH", "1727740800")
deflated = {"bytes": 0}
_compress, _compressobj = zlib.compress, zlib.compressobj
def compress(data, *args, **kwargs):
    deflated["bytes"] += len(data)
    return _compress(data, *args, **kwargs)
class Counting:
    def __init__(self, inner):
        self.inner = inner
    def compress(self, data):
        deflated["bytes"] += len(data)
        return self.inner.compress(data)
    def flush(self, *args):
        return self.inner.flush(*args)
    def copy(self):
        return Counting(self.inner.copy())
zlib.compress = compress
zlib.compressobj = lambda *args, **kwargs: Counting(_compressobj(*args, **kwargs))
import generator
assert Path(generator.__file__).resolve().is_relative_to(CHECKOUT.resolve()), generator.__file__
from generator import build as gbuild, pipeline
from generator.pipeline import prepare
from generator.render.data import package as gdata
from generator.render.pdf import attach as pdf_attach
import pikepdf
views = list(gbuild.public_views(prepare(EXAM)).positions())
exam = gbuild.public_views(prepare(EXAM)).exam
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
marks = {}
def mark(name):
    marks[name] = {"wall": time.perf_counter() - t0[0], "cpu": cpu() - t0[1], "deflated": deflated["bytes"]}
told = []
def early(package):
    told.append(package)
    mark("hash" if len(told) == 1 else "zip")
t0 = time.perf_counter(), cpu()
result = gdata.write_open_data(exam, views, OUT, early=early)
mark("data")
pdf = pikepdf.new()
pdf.add_blank_page()
pdf_attach.embed(pdf, pipeline._attachments(result), pdf_attach.datetime(2024, 1, 1), os.cpu_count() or 1)
mark("attach")
files = [p for p in OUT.iterdir()]
print(json.dumps({"marks": marks, "package_bytes": sum(p.stat().st_size for p in files if p.suffix in (".csv", ".json")),
                  "all_bytes": sum(p.stat().st_size for p in files), "files": len(files)}))
"""


def measure(checkout: Path, exam: Path) -> dict:
    with tempfile.TemporaryDirectory(prefix="gazeta-dados-") as out:
        proc = subprocess.run([sys.executable, "-c", MEASURE, str(checkout), str(exam), str(Path(out) / "dados")],
                              capture_output=True, text=True, cwd=checkout,
                              env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "CI": "1"})
    if proc.returncode:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    import bench_build

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=200_000)
    parser.add_argument("--raiz", type=Path, nargs="+", default=[ROOT], help="checkouts a medir (o primeiro é a base)")
    args = parser.parse_args()
    _, exam = bench_build.content_for(args.candidatos)
    load = os.getloadavg()
    figures = {str(c): measure(c.resolve(), exam) for c in args.raiz}
    base = next(iter(figures.values()))["marks"]
    print(f"\n== dados abertos, {args.candidatos:,} candidatos (carga média antes {load[0]:.2f}, depois "
          f"{os.getloadavg()[0]:.2f}) ==")
    print(f"{'checkout':<28}{'hash CPU s':>11}{'dados CPU s':>12}{'+ anexo CPU s':>14}{'parede s':>10}"
          f"{'deflate MB':>12}{'CPU ÷ base':>11}")
    for checkout, fig in figures.items():
        m = fig["marks"]
        print(f"{Path(checkout).name[:27]:<28}{m['hash']['cpu']:>11.2f}{m['data']['cpu']:>12.2f}"
              f"{m['attach']['cpu']:>14.2f}{m['attach']['wall']:>10.2f}{m['attach']['deflated'] / 1e6:>12.1f}"
              f"{m['attach']['cpu'] / base['attach']['cpu']:>11.2f}")
        print(f"{'':<28}pacote (CSV+JSON) {fig['package_bytes'] / 1e6:.1f} MB; todos os arquivos "
              f"{fig['all_bytes'] / 1e6:.1f} MB em {fig['files']}")
    OUT.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = OUT / f"bench_downloads-{stamp}.json"
    path.write_text(json.dumps({"candidatos": args.candidatos, "load_before": load, "figures": figures}, indent=1)
                    + "\n", encoding="utf-8")
    print(f"figuras em {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
