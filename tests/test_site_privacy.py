"""Privacy canary: marker values in every restricted input field never reach any file under site/."""

from __future__ import annotations

import csv
import io
import shutil
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
CPF = "529.982.247-25"  # a valid check-digit CPF used as the canary
BIRTH = ("1911-11-11", "11/11/1911")
OPINION = "PARECER-CANARIO-7Q"
MARKERS = [CPF, CPF.replace(".", "").replace("-", ""), *BIRTH, "11 de novembro de 1911", OPINION]


def _rewrite(path: Path, change) -> None:
    """Rewrite a CSV keeping its delimiter, encoding and BOM."""
    raw = path.read_bytes()
    bom = raw.startswith(b"\xef\xbb\xbf")
    text = raw.decode("utf-8-sig")
    delimiter = ";" if text.split("\n", 1)[0].count(";") else ","
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    change(rows[0], rows[1:])
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + out.getvalue().encode("utf-8"))


def _plant(content: Path, flip_sex: bool = False) -> None:
    """Markers in CPF, birth date and parecer of the CSV examples; optionally every sex flipped."""
    for exam in (content / "certames").iterdir():
        people = exam / "candidatos.csv"
        if people.exists():
            def change(header, rows):
                cpf, birth, sex = header.index("cpf"), header.index("nascimento"), header.index("sexo")
                rows[0][cpf] = CPF
                rows[1][birth] = BIRTH[0] if "-" in rows[1][birth] else BIRTH[1]
                if flip_sex:
                    for row in rows:
                        row[sex] = {"F": "M", "M": "F"}.get(row[sex], row[sex])
            _rewrite(people, change)
        workbook = exam / "candidatos.xlsx"
        if workbook.exists():
            _plant_xlsx(workbook)
        opinions = exam / "comissao.csv"
        if opinions.exists():
            def change_opinion(header, rows):
                for row in rows:
                    row[header.index("parecer")] = OPINION
            _rewrite(opinions, change_opinion)


def _plant_xlsx(path: Path) -> None:
    """Markers in the CPF and birth date of the XLSX example (its sex column feeds the women's list)."""
    import datetime

    import openpyxl

    book = openpyxl.load_workbook(path)
    sheet = book.active
    header = [c.value for c in sheet[1]]
    sheet.cell(row=2, column=header.index("cpf") + 1, value=CPF)
    sheet.cell(row=3, column=header.index("nascimento") + 1, value=datetime.datetime(1911, 11, 11))
    book.save(path)


def _texts(site: Path):
    """Every file's bytes, plus each PDF's extracted text and decompressed streams."""
    for path in sorted(site.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        yield path, data.decode("utf-8", "replace")
        if path.suffix in (".xlsx", ".zip"):  # compressed: every entry's text (the sheets, the zipped package)
            import zipfile

            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    yield path, archive.read(name).decode("utf-8", "replace")
        if path.suffix == ".pdf":
            reader = PdfReader(path)
            yield path, "\n".join(page.extract_text() or "" for page in reader.pages)
            for chunk in data.split(b"stream")[1:]:
                try:
                    yield path, zlib.decompressobj().decompress(chunk.lstrip(b"\r\n")).decode("latin-1")
                except zlib.error:
                    continue


# A published exam's inputs cannot change without an act (generator/record.py): the canaries go into copies of the
# examples without their archive, which the build renders live (PDF included)
UNPUBLISHED = shutil.ignore_patterns("arquivo", ".gazeta-publicados.json")


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    base = tmp_path_factory.mktemp("canario")
    content = base / "content"
    shutil.copytree(ROOT / "content", content, ignore=UNPUBLISHED)  # planted inputs: copies never published
    _plant(content)
    build(content, base / "site", pdf=True)
    return base, content


def test_no_marker_in_any_file(planted):
    base, _ = planted
    found = [(str(p.relative_to(base)), m) for p, text in _texts(base / "site") for m in MARKERS if m in text]
    assert found == []


def test_new_downloads_are_among_the_files_checked(planted):
    """The spreadsheets, the data zip and the per-cargo PDF extracts (issue 12) are read by the canary above."""
    base, _ = planted
    names = [p.name for p in (base / "site").rglob("*") if p.is_file()]
    assert any(n.endswith(".xlsx") for n in names) and any(n.endswith("-dados.zip") for n in names)
    assert any(p.parent.parent.parent.name == "certames" for p in (base / "site").rglob("*.pdf")
               if p.parent.name != "atos" and p.parent.parent.name != "atos")


def test_markers_were_really_planted(planted):
    _, content = planted
    planted_text = "".join(p.read_text("utf-8-sig") for p in content.glob("certames/*/*.csv"))
    assert CPF in planted_text and OPINION in planted_text and any(b in planted_text for b in BIRTH)


def test_sex_outside_the_womens_list_changes_nothing(planted, tmp_path):
    """Flipping every sex in exams without a women's list gives the same site, byte for byte."""
    base, _ = planted
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content, ignore=UNPUBLISHED)
    _plant(content, flip_sex=True)
    build(content, tmp_path / "site", pdf=False)
    reference = tmp_path / "ref"
    build(base / "content", reference, pdf=False)
    for path in sorted(reference.rglob("*")):
        if path.is_file():
            assert path.read_bytes() == (tmp_path / "site" / path.relative_to(reference)).read_bytes(), path
