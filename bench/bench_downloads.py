"""Benchmark: what the journalist's downloads (issue 12 item 4) cost beside the build that makes them, one run.

Run: `.venv/bin/python bench/bench_downloads.py [--candidatos 100000]`. The synthetic exam (generator.synth, seed 2024)
is built once with `gazeta build`; then, in this process and on that build's own outputs, each new step is timed
again alone: the XLSX of every list and nomination order (openpyxl write-only), the data zip, and the per-cargo PDF
extracts (pikepdf copy of the pages and their structure + one WeasyPrint cover per cargo). Figures are wall seconds
and the ratio to the whole build of the same run, plus the bytes they add to the site; JSON in bench/out/.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidatos", type=int, default=100_000)
    args = parser.parse_args()
    n = args.candidatos
    cargos = 10 if n <= 50_000 else min(200, n // 5_000)
    base = OUT / f"downloads-{n}"
    shutil.rmtree(base, ignore_errors=True)
    content = base / "content"
    exam = content / "certames" / "sintetico"
    subprocess.run([sys.executable, "-m", "generator.synth", str(exam), "--candidatos", str(n), "--cargos",
                    str(cargos), "--vagas", str(max(10, n * 6640 // 1_000_000))], check=True, cwd=ROOT)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1727740800"}
    site = base / "site"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator.cli", "build", str(content), "--site", str(site)], check=True,
                   cwd=ROOT, env=env)
    build_s = time.perf_counter() - start
    os.environ["SOURCE_DATE_EPOCH"] = env["SOURCE_DATE_EPOCH"]
    sys.path.insert(0, str(ROOT))
    from generator import build as gbuild
    from generator.pipeline import prepare
    from generator.render import data as gdata, downloads, pdf_extract

    result = prepare(exam)
    prepared = gbuild.public_views(result)
    folder = site / "certames" / prepared.exam["slug"]
    # XLSX: every list and nomination order, as OpenData.add writes them
    tmp = base / "medida"
    tmp.mkdir()
    moment = downloads.epoch(prepared.exam)
    start = time.perf_counter()
    rows = 0
    for position in prepared.positions():
        for key, kind, title, items in gdata._resources(position, position["codigo"]):
            if kind in downloads.XLSX_COLUMNS:
                downloads.write_xlsx(kind, items, tmp / f"{position['codigo']}-{key}.xlsx", title, moment)
                rows += len(items)
    xlsx_s = time.perf_counter() - start
    dados = folder / "dados"
    package = [p for p in dados.iterdir() if p.suffix in (".csv", ".json")]
    start = time.perf_counter()
    downloads.write_zip(package, tmp / "dados.zip", moment, "x")
    zip_s = time.perf_counter() - start
    full = folder / f"{prepared.exam['slug']}.pdf"
    from pikepdf import open as pdf_open
    with pdf_open(full) as pdf, pdf.open_outline() as outline:
        ranges = {}
        items = list(outline.root)
        for k, item in enumerate(items):
            first = pdf.pages.index(__import__("pikepdf").Page(item.destination[0])) + 1
            nxt = pdf.pages.index(__import__("pikepdf").Page(items[k + 1].destination[0])) if k + 1 < len(items) \
                else len(pdf.pages)
            ranges[(item.title.split(" — ")[0], "cargo")] = (first, nxt)
        pages = len(pdf.pages)
    cargos_ = pdf_extract.cargos_of(prepared.cargos, ranges)
    start = time.perf_counter()
    made = pdf_extract.extract_all(full, prepared.exam, cargos_, ranges, tmp, url="", data_sha256="",
                                   pdf_href=full.name)
    extract_s = time.perf_counter() - start
    sizes = {
        "xlsx": sum(p.stat().st_size for p in tmp.glob("*.xlsx")),
        "zip": (tmp / "dados.zip").stat().st_size,
        "extracts": sum(p.stat().st_size for p in tmp.rglob("*.pdf")),
        "pdf": full.stat().st_size, "package": sum(p.stat().st_size for p in package),
    }
    report = {"candidatos": n, "cargos": len(cargos_), "pdf_pages": pages, "extracts": len(made), "xlsx_rows": rows,
              "seconds": {"build": build_s, "xlsx": xlsx_s, "zip": zip_s, "extracts": extract_s},
              "ratio_to_build": {k: v / build_s for k, v in (("xlsx", xlsx_s), ("zip", zip_s),
                                                              ("extracts", extract_s))},
              "bytes": sizes}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"bench_downloads-{n}.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
