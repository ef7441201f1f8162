"""Benchmark: zlib's compression level for the gazette PDF's own streams, time against size (issue 20).

Run: `.venv/bin/python bench/bench_levels.py PDF [--dados DADOS] [--niveis 1 4 5 6]` on a gazette PDF gazeta
built (e.g. a synthetic exam's from bench/bench_build.py: bench/out/build-100000/site/certames/sintetico-100000/*.pdf)
and, with --dados, its open data folder (…/sintetico-100000/dados).

Two kinds of stream are what gazeta deflates itself, apart from the open data (whose deflate streams the zip and
the PDF attachment share, at level 6, render/pdf/attach.py):
  tree    the structure tree's object streams, written by render/pdf/tags.Writer (read back from the file by
          their dictionary, `/Type/ObjStm/N n/First f/Filter/FlateDecode/Length l`, and inflated);
  pages   the directly drawn body pages' content streams (render/pdf/direct.render_streams), read by pikepdf.
With --dados, two more kinds:
  data    the open data's CSV and JSON files, which the package zip deflates (render/data/downloads, ZIP_LEVEL)
          and the PDF attaches as the same streams;
  xlsx    each workbook's sheet, inflated from the XLSX (its rows are deflated by downloads._rezip).
Each kind's inflated bytes are written once to a temporary folder; then, for each level, a fresh process deflates
them all, timed from here (wall) and by its own CPU clock, and says the compressed size. Reported as ratios to
level 6 (zlib's default, what gazeta used everywhere before) from the same run, with the absolute figures.
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

OBJSTM = re.compile(rb"<</Type/ObjStm/N \d+/First \d+/Filter/FlateDecode/Length (\d+)>>\nstream\n")

DEFLATE = """
import pickle, sys, time, zlib
blobs = pickle.loads(open(sys.argv[1], "rb").read())
level = int(sys.argv[2])
start = time.process_time()
size = sum(len(zlib.compress(blob, level)) for blob in blobs)
print(size, time.process_time() - start)
"""


def tree_streams(data: bytes) -> list[bytes]:
    """The inflated object streams gazeta's structure-tree writer appended to the file."""
    out = []
    for match in OBJSTM.finditer(data):
        start = match.end()
        out.append(zlib.decompress(data[start:start + int(match.group(1))]))
    return out


def page_streams(path: Path) -> list[bytes]:
    """The inflated content streams of every page (the front matter's few are WeasyPrint's: a small share)."""
    import pikepdf

    out = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            contents = page.obj.get("/Contents")
            for stream in (contents if isinstance(contents, pikepdf.Array) else [contents]):
                if stream is not None:
                    out.append(stream.read_bytes())
    return out


def data_files(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.iterdir()) if path.suffix in (".csv", ".json")]


def xlsx_sheets(folder: Path) -> list[bytes]:
    import zipfile

    out = []
    for path in sorted(folder.glob("*.xlsx")):
        with zipfile.ZipFile(path) as book:
            out += [book.read(name) for name in book.namelist() if name.startswith("xl/worksheets/")]
    return out


def measure(blobs: list[bytes], levels: list[int], folder: Path, name: str) -> dict[int, dict]:
    path = folder / f"{name}.pickle"
    path.write_bytes(pickle.dumps(blobs, protocol=pickle.HIGHEST_PROTOCOL))
    out = {}
    for level in levels:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", DEFLATE, str(path), str(level)], check=True,
                              capture_output=True, text=True)
        wall = time.perf_counter() - started
        size, cpu = done.stdout.split()
        out[level] = {"bytes": int(size), "cpu_s": float(cpu), "wall_s": wall}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pdf", type=Path)
    parser.add_argument("--dados", type=Path, help="a pasta dados/ do certame (CSV, JSON, XLSX)")
    parser.add_argument("--niveis", type=int, nargs="+", default=[1, 2, 3, 4, 5, 6, 9])
    args = parser.parse_args()
    levels = sorted(set(args.niveis) | {6})
    kinds = {"tree": tree_streams(args.pdf.read_bytes()), "pages": page_streams(args.pdf)}
    if args.dados:
        kinds |= {"data": data_files(args.dados), "xlsx": xlsx_sheets(args.dados)}
    report = {"pdf": str(args.pdf), "bytes": args.pdf.stat().st_size}
    with tempfile.TemporaryDirectory(prefix="gazeta-levels-") as tmp:
        for kind, blobs in kinds.items():
            raw = sum(map(len, blobs))
            if not blobs:
                print(f"{kind}: nenhum fluxo encontrado")
                continue
            figures = measure(blobs, levels, Path(tmp), kind)
            report[kind] = {"streams": len(blobs), "raw_bytes": raw, "levels": figures}
            base = figures[6]
            print(f"\n{kind}: {len(blobs):,} fluxos, {raw / 1e6:,.1f} MB sem compressão")
            print("nível  CPU s  ÷ nível 6   MB     ÷ nível 6")
            for level, fig in figures.items():
                print(f"{level:>5}  {fig['cpu_s']:5.2f}  {fig['cpu_s'] / base['cpu_s']:8.2f}  "
                      f"{fig['bytes'] / 1e6:6.2f}  {fig['bytes'] / base['bytes']:8.3f}")
    out = Path(__file__).resolve().parent / "out"
    out.mkdir(exist_ok=True)
    target = out / f"bench_levels-{time.strftime('%Y%m%d-%H%M%S')}.json"
    target.write_text(json.dumps(report, indent=1))
    print(f"\n{target}")


if __name__ == "__main__":
    main()
