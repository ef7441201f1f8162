"""Downloads a journalist can use (issue 12 item 4): an XLSX of each list, a zip of each exam's data, and the
size / page labels the site prints beside every download link.

Reproducible bytes: a zip records a modification time per entry, and openpyxl writes the current time both in the
zip entries and in docProps/core.xml. Every time written here is SOURCE_DATE_EPOCH (the build sets it: the newest
act's date), or the exam's publication date when it is unset; entries keep a fixed order.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from datetime import datetime, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Iterable

from ..cli_text import number, size

# ZIP stores local date and time with 2-second steps from 1980 (APPNOTE 4.4.6): earlier dates are clamped.
_ZIP_EPOCH = datetime(1980, 1, 1, tzinfo=timezone.utc)
_FILE_MODE = 0o644 << 16  # external attributes: a plain file, rw-r--r--


def epoch(exam: dict | None = None) -> datetime:
    """The build's fixed moment: SOURCE_DATE_EPOCH, else the exam's publication date (midnight UTC)."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value:
        return datetime.fromtimestamp(int(value), tz=timezone.utc)
    if exam and exam.get("publicacao", {}).get("data"):
        return datetime.fromisoformat(exam["publicacao"]["data"]).replace(tzinfo=timezone.utc)
    return _ZIP_EPOCH


def _zip_time(moment: datetime) -> tuple[int, int, int, int, int, int]:
    moment = max(moment, _ZIP_EPOCH)
    return (moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second // 2 * 2)


def _entry(name: str, moment: datetime) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, _zip_time(moment))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix, whatever machine builds
    info.external_attr = _FILE_MODE
    return info


# -- labels ----------------------------------------------------------------------------------------------------
KINDS = {".pdf": "PDF", ".csv": "CSV", ".json": "JSON", ".zip": "ZIP", ".xlsx": "XLSX"}


def label(path: Path, pages: int | None = None) -> str:
    """What a download link says about its file, in pt-BR: "PDF, 1,2 MB, 37 páginas", "CSV, 18,4 kB"."""
    path = Path(path)
    parts = [KINDS.get(path.suffix.lower(), path.suffix.lstrip(".").upper()), size(path.stat().st_size)]
    if pages:
        parts.append(f"{number(pages)} {'página' if pages == 1 else 'páginas'}")
    return ", ".join(parts)


# -- XLSX ------------------------------------------------------------------------------------------------------
XLSX_COLUMNS = {  # kind → (column, header, type) — the public columns of generator.render.data.COLUMNS
    "lista": [("classificacao", "Classificação", "int"), ("inscricao", "Inscrição", "text"),
              ("nome", "Nome", "text"), ("nota", "Nota", "decimal"),
              ("classificacao_geral", "Classificação geral", "int")],
    "nomeacao": [("posicao", "Posição", "int"), ("vaga", "Vaga", "text"), ("inscricao", "Inscrição", "text"),
                 ("nome", "Nome", "text"), ("classificacao_geral", "Classificação geral", "int"),
                 ("cadastro_reserva", "Cadastro de reserva", "bool"), ("fundamento", "Fundamento legal", "text")],
}


def write_xlsx(kind: str, items: list[dict], path: Path, title: str, moment: datetime) -> None:
    """One list as a one-sheet workbook (openpyxl write-only). The inscrição is a text cell (a string, never a
    number: 03024501 keeps its zero) in a column formatted as text ("@"), so a number typed there stays text too;
    text is never read as a formula (openpyxl turns "=…" into one: such a cell is set as a string); the nota is a
    number with as many decimal places as the published text. Plain values elsewhere: a styled cell per value
    costs about twice as much at national scale (bench/bench_downloads.py)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    columns = XLSX_COLUMNS[kind]
    book = Workbook(write_only=True)
    naive = moment.astimezone(timezone.utc).replace(tzinfo=None)
    book.properties.created = book.properties.modified = naive
    book.properties.creator = "gazeta"
    book.properties.title = title[:255]
    sheet = book.create_sheet(kind.capitalize()[:31])
    for k, (column, header, _) in enumerate(columns, start=1):
        dimension = sheet.column_dimensions[get_column_letter(k)]
        dimension.width = WIDTHS.get(column, 14)
        if column == "inscricao":
            dimension.number_format = "@"
    bold = Font(bold=True)
    head = []
    for _, header, _ in columns:
        cell = WriteOnlyCell(sheet, value=header)
        cell.font = bold
        head.append(cell)
    sheet.append(head)
    styles: dict[int, object] = {}  # decimal places → a template cell's style, shared by every nota cell

    def number(text: str):
        plain = text.replace(".", "").replace(",", ".")
        try:
            value = Decimal(plain)
        except InvalidOperation:
            return string(text)
        places = len(plain.partition(".")[2])
        if places not in styles:
            template = WriteOnlyCell(sheet, value=0)
            template.number_format = "0." + "0" * places if places else "0"
            styles[places] = template._style
        cell = WriteOnlyCell(sheet, value=float(value))  # a spreadsheet number is a double; CSV/JSON stay exact
        cell._style = styles[places]
        return cell

    def string(text: str):
        if text[:1] != "=":
            return text
        cell = WriteOnlyCell(sheet, value=text)
        cell.data_type = "s"  # text, never a formula
        return cell

    plan = [(column, kind_) for column, _, kind_ in columns]
    for item in items:
        row = []
        for column, kind_ in plan:
            value = item.get(column)
            if column == "fundamento" and isinstance(value, dict):
                value = value.get("texto", "")
            if value is None or value == "":
                row.append(None)
            elif kind_ == "int":
                row.append(int(value))
            elif kind_ == "bool":
                row.append("sim" if value else "não")
            elif kind_ == "decimal":
                row.append(number(str(value)))
            else:
                row.append(string(str(value)))
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    _rezip(buffer.getvalue(), path, moment)


WIDTHS = {"inscricao": 14, "nome": 40, "fundamento": 60, "vaga": 10}


_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")


def _rezip(data: bytes, path: Path, moment: datetime) -> None:
    """Copy an XLSX (a zip) entry by entry, in its own order, with the fixed time on every entry and in
    docProps/core.xml (openpyxl stamps dcterms:modified with the clock when it saves)."""
    stamp = moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ").encode("ascii")
    tmp = Path(path).with_name(Path(path).name + ".tmp")
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(tmp, "w") as out:
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = _MODIFIED.sub(rb"\g<1>" + stamp + rb"\g<2>", body)
            out.writestr(_entry(info.filename, moment), body, compresslevel=6)
    tmp.replace(path)


# -- the exam's data as one zip --------------------------------------------------------------------------------
def write_zip(paths: Iterable[Path], out: Path, moment: datetime, folder: str) -> Path:
    """Every file under `folder/` in the zip, sorted by name, with the fixed time; streamed (national-scale CSVs are
    hundreds of megabytes). The zip holds datapackage.json beside its resources: a zipped Frictionless package."""
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", allowZip64=True) as archive:
        for path in sorted(map(Path, paths), key=lambda p: p.name):
            info = _entry(f"{folder}/{path.name}", moment)
            info.file_size = path.stat().st_size  # lets zipfile decide on ZIP64 up front
            with path.open("rb") as source, archive.open(info, "w", force_zip64=info.file_size > 2**31) as target:
                for block in iter(lambda: source.read(1 << 20), b""):
                    target.write(block)
    tmp.replace(out)
    return out
