"""Golden test of the gazette PDF: extracted text, page count, bookmarks and attachments of each example.

Regenerate the expected files after an intended change with `make golden-pdf`
(= GAZETA_GOLDEN=regenerate .venv/bin/python -m pytest tests/test_pdf_golden.py) and review the diff.
A PNG of the first two pages of each example goes to tests/artifacts/ for visual review.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.render.pdf.document import build_pdf
from generator.render.pdf.sample import exam_view
from pdf_fakes import SHA, URL, attachments, views
from pdf_structure import Document

GOLDEN = Path(__file__).parent / "golden" / "pdf"
ARTIFACTS = Path(__file__).parent / "artifacts"
REGEN = os.environ.get("GAZETA_GOLDEN") == "regenerate"


def summary(path: Path) -> str:
    """Everything the golden file fixes about a PDF, as reviewable text."""
    lines = []
    with pikepdf.open(path) as pdf:
        lines.append(f"páginas: {len(pdf.pages)}")
        lines.append("anexos: " + ", ".join(sorted(pdf.attachments)))
        lines.append("marcadores:")
        with pdf.open_outline() as outline:
            for item in outline.root:
                lines.append(f"  {item.title} (p. {_page(pdf, item) + 1})")
                lines += [f"    {child.title} (p. {_page(pdf, child) + 1})" for child in item.children]
    lines.append("estrutura (PDF/UA):")
    lines += structure_outline(path)
    for number, page in enumerate(pypdf.PdfReader(path).pages, start=1):
        lines.append(f"=== página {number} ===")
        lines.append(page.extract_text())
    # The data package's digest changes with any byte of the open data (another module's output): it is checked
    # on every page by the tests, and masked here so that this file shows what the PDF itself prints.
    return re.sub(r"\b[0-9a-f]{64}\b", "<sha256>", "\n".join(lines)) + "\n"


def structure_outline(path: Path) -> list[str]:
    """The structure tree in reading order: headings and notes with their text, each table with its header cells and
    row count, links counted; the elements inside rows and paragraphs are left to test_pdf_tags."""
    doc = Document(path)
    lines: list[str] = []
    links = 0

    def text(element) -> str:
        return " ".join(element.text(doc.marks).replace("\u2007", " ").split())

    def visit(element, depth: int) -> None:
        nonlocal links
        pad = "  " * depth
        if element.kind == "Table":
            heads = [text(h) for t in element.children("THead") for r in t.children("TR") for h in r.children("TH")]
            rows = sum(len(b.children("TR")) for b in element.children("TBody"))
            lines.append(f"{pad}Table [{' | '.join(heads)}] {rows} linha(s)")
        elif element.kind in ("H1", "H2", "H3", "H4", "Note"):
            lines.append(f"{pad}{element.kind}: {text(element)}")
        elif element.kind == "Link":
            links += 1
        elif element.kind in ("Document", "Sect", "Art", "Part", "Div", "L"):
            lines.append(f"{pad}{element.kind}")
            for kid in element.children():
                visit(kid, depth + 1)
        else:
            for kid in element.children():
                visit(kid, depth)

    try:
        for kid in doc.root.children():
            visit(kid, 1)
    finally:
        doc.close()
    lines.append(f"  Link: {links}")
    return lines


def _page(pdf: pikepdf.Pdf, item: pikepdf.OutlineItem) -> int:
    return pikepdf.Page(item.destination[0]).index


def check_golden(name: str, path: Path) -> None:
    """Compare with tests/golden/pdf/<name>.txt (or rewrite it when regenerating); save PNGs for review."""
    ARTIFACTS.mkdir(exist_ok=True)
    # .ci/run installs poppler-utils: a missing pdftoppm is an error, not a reason to skip.
    subprocess.run([shutil.which("pdftoppm") or "pdftoppm", "-r", "70", "-png", "-f", "1", "-l", "2", str(path),
                    str(ARTIFACTS / f"pdf-{name}")], check=True)
    actual = summary(path)
    expected = GOLDEN / f"{name}.txt"
    if REGEN:
        expected.parent.mkdir(parents=True, exist_ok=True)
        expected.write_text(actual, encoding="utf-8")
    assert expected.exists(), f"sem arquivo esperado: rode `make golden-pdf` e revise {expected}"
    assert actual == expected.read_text(encoding="utf-8")


def test_sample_gazette(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    out = tmp_path / "amostra.pdf"
    build_pdf(exam_view(), views(), out, attachments=attachments(tmp_path), data_sha256=SHA, permanent_url=URL,
              workers=1)
    check_golden("amostra", out)


@pytest.mark.parametrize("example", ["lins-2024-gcm", "ms-2024-pss", "cariacica-2023-concurso"])
def test_example_gazette(example, tmp_path, monkeypatch):
    """Each example exam through the real pipeline; the embedded files are the site's downloads, byte for byte."""
    from generator.pipeline import prepare
    from generator.public import exam_view as public_exam_view, iter_position_views
    from generator.render.data.package import write_open_data

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    result = prepare(Path(__file__).parents[1] / "content" / "certames" / example)
    # as its first act published it (its archived PDF is that act's; the code that renders it is tested here)
    exam = public_exam_view(result, with_positions=False, act=result.exam.acts[0])
    data = write_open_data(exam, iter_position_views(result), tmp_path / "dados")
    files = sorted(p for f in data["files"].values() for p in (f["csv"], f["json"])) + [data["datapackage"]]
    out = tmp_path / f"{example}.pdf"
    build_pdf(exam, iter_position_views(result), out, attachments=files,
              data_sha256=data["datapackage_sha256"], permanent_url=exam["publicacao"].get("url") or "", workers=1)
    with pikepdf.open(out) as pdf:
        embedded = {name: spec.get_file().read_bytes() for name, spec in pdf.attachments.items()}
    assert embedded == {p.name: p.read_bytes() for p in files}
    assert all(data["datapackage_sha256"] in page.extract_text() for page in pypdf.PdfReader(out).pages)
    check_golden(example, out)
