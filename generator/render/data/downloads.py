"""Downloads a journalist can use (issue 12 item 4): an XLSX of each list, a zip of each exam's data, and the
size / page labels the site prints beside every download link.

Reproducible bytes: a zip records a modification time per entry, and openpyxl writes the current time both in the
zip entries and in docProps/core.xml. Every time written here is the user's SOURCE_DATE_EPOCH or, when it is unset,
the exam's own publication date (never another exam's: an exam's bytes do not change when a newer exam is added);
entries keep a fixed order.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import re
import shutil
import struct
import zipfile
import zlib
from datetime import datetime, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Iterable, Iterator

from ...cli_text import number, size
from ...paths import link_or_copy

# ZIP stores local date and time with 2-second steps from 1980 (APPNOTE 4.4.6): earlier dates are clamped.
_ZIP_EPOCH = datetime(1980, 1, 1, tzinfo=timezone.utc)
_FILE_MODE = 0o644 << 16  # external attributes: a plain file, rw-r--r--


def epoch(exam: dict | None = None, cargo: str | None = None) -> datetime:
    """The build's fixed moment: SOURCE_DATE_EPOCH, else the exam's publication date (midnight UTC) — for one
    cargo's files (`cargo`, its code), the date of the act that last changed its lists (cargo_date): a retificação
    of another cargo leaves them as they were (issue 20 item 5)."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value:
        return datetime.fromtimestamp(int(value), tz=timezone.utc)
    if exam and cargo is not None:
        return datetime.fromisoformat(cargo_date(exam, cargo)).replace(tzinfo=timezone.utc)
    if exam and exam.get("publicacao", {}).get("data"):
        return datetime.fromisoformat(exam["publicacao"]["data"]).replace(tzinfo=timezone.utc)
    return _ZIP_EPOCH


def cargo_date(exam: dict, cargo: str) -> str:
    """When a cargo's lists last changed (ISO date): the act that published them (`citado`, once archived; else
    the exam's act), or the newest later act that corrected them (`retificacoes`, generator/render/site/acts.py)."""
    dates = [(exam.get("citado") or exam)["publicacao"]["data"]]
    dates += [f["publicacao"]["data"] for f in (exam.get("retificacoes") or {}).get(cargo, [])]
    return max(dates)


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
XLSX_COLUMNS = {  # kind → (column, header, type) — the public columns of generator.render.data.package.COLUMNS
    "lista": [("classificacao", "Classificação", "int"), ("inscricao", "Inscrição", "text"),
              ("nome", "Nome", "text"), ("nota", "Nota", "decimal"),
              ("classificacao_geral", "Classificação geral", "int")],
    "lista_validade": [("classificacao", "Classificação", "int"), ("inscricao", "Inscrição", "text"),
                       ("nome", "Nome", "text"), ("nota", "Nota", "decimal"),
                       ("classificacao_geral", "Classificação geral", "int"),
                       ("situacao", "Situação na validade", "text"), ("situacao_ato", "Ato", "text")],
    "nomeacao": [("posicao", "Posição", "int"), ("vaga", "Vaga", "text"), ("inscricao", "Inscrição", "text"),
                 ("nome", "Nome", "text"), ("classificacao_geral", "Classificação geral", "int"),
                 ("cadastro_reserva", "Cadastro de reserva", "bool"), ("fundamento", "Fundamento legal", "text")],
    "ordem_vigente": [("posicao", "Posição", "int"), ("vaga", "Vaga", "text"), ("inscricao", "Inscrição", "text"),
                      ("nome", "Nome", "text"), ("classificacao_geral", "Classificação geral", "int"),
                      ("cadastro_reserva", "Cadastro de reserva", "bool"), ("convocado_por", "Convocado por", "text"),
                      ("vaga_deixada", "Posição deixada", "bool"), ("fundamento", "Fundamento legal", "text")],
}


# The columns of a list's rows a retificação changed (render.data.package.CORRECTED)
CORRECTED = [("retificacao", "Retificação", "text"), ("retificacao_ato", "Ato da retificação", "text")]


def xlsx_columns(spec: list[tuple[str, dict, str]]) -> list[tuple[str, str, str]]:
    """The sheet's columns for a list with tie-break columns (render.data.package.list_spec) or rows a retificação changed
    (render.data.package.CORRECTED): the usual ones by name, a published score as a decimal, the draw's number as an
    integer, the deciding criterion as text."""
    usual = {column: (header, kind) for column, header, kind in XLSX_COLUMNS["lista_validade"] + CORRECTED}
    out = []
    for column, props, description in spec:
        if column in usual:
            out.append((column, *usual[column]))
        elif column == "desempate":
            out.append((column, "Desempate", "text"))
        else:
            label = description.rpartition(": ")[2]
            out.append((column, label[:1].upper() + label[1:], "int" if props["type"] == "integer" else "decimal"))
    return out


def write_xlsx(kind: str, items: list[dict], path: Path, title: str, moment: datetime, *,
               splice: bool = True, columns: list[tuple[str, str, str]] | None = None) -> None:
    """One list (the view's items) as a one-sheet workbook: write_xlsx_columns of the items' columns."""
    columns = columns or XLSX_COLUMNS[kind]
    values = {column: [item.get(column) for item in items] for column, _, _ in columns}
    write_xlsx_columns(kind, values, len(items), path, title, columns, moment, splice=splice)


def write_xlsx_columns(kind: str, values: dict[str, list], rows: int, path: Path, title: str,
                       columns: list[tuple[str, str, str]] | None, moment: datetime, *, splice: bool = True) -> None:
    """One list as a one-sheet workbook (openpyxl write-only), from its columns (`values`: each column's `rows`
    raw values, as the view's items give them; render.data.package keeps them from the CSV pass until after the package's
    hash, issue 20 item 3). The inscrição is a text cell (a string, never a
    number: 03024501 keeps its zero) in a column formatted as text ("@"), so a number typed there stays text too;
    text is never read as a formula (openpyxl turns "=…" into one: such a cell is set as a string); the nota is a
    number with as many decimal places as the published text. Plain values elsewhere: a styled cell per value
    costs about twice as much at national scale (bench/bench_downloads.py).

    openpyxl writes the workbook (styles, properties, the sheet's head and its header row); the data rows, where
    the time goes (about 75 µs a row through openpyxl), are serialized by `_sheet_rows` in the very bytes
    openpyxl would write, and spliced into the sheet when the file is re-zipped. A list with a value that
    `_sheet_rows` does not handle goes through openpyxl row by row, as before; tests/test_downloads.py checks
    that both give the same bytes (`splice=False`: openpyxl writes every row)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    columns = columns or XLSX_COLUMNS[kind]
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
    templates: dict[int, object] = {}  # decimal places → a cell with that nota format (openpyxl's public API only)

    def style(places: int):
        if places not in templates:
            template = WriteOnlyCell(sheet, value=0)
            template.number_format = "0." + "0" * places if places else "0"
            templates[places] = template
        return templates[places]

    plan = [(column, kind_) for column, _, kind_ in columns]
    table = [values.get(column) or [None] * rows for column, _ in plan]
    # style_id registers the format's cell style in the workbook (as writing such a cell does) and gives its index
    parts = _sheet_rows(plan, table, lambda places: style(places).style_id) if rows and splice else None
    if parts is None:
        for cells in _values(plan, table):
            sheet.append([_openpyxl_cell(sheet, value, style) for value in cells])
    buffer = io.BytesIO()
    book.save(buffer)
    _rezip(buffer.getvalue(), path, moment, parts)


WIDTHS = {"inscricao": 14, "nome": 40, "fundamento": 60, "vaga": 10}


class _Decimal:
    """A nota cell: a number with its published decimal places (the cell's format)."""

    __slots__ = ("value", "places")

    def __init__(self, value: float, places: int):
        self.value, self.places = value, places


def _values(plan: list[tuple[str, str]], table: list[list]) -> Iterator[list]:
    """Each row's cells in column order (`table`: the plan's columns of raw values): None (empty), int, str, or
    _Decimal (a nota read as a number)."""
    for raw in zip(*table):
        row = []
        for value, (column, kind_) in zip(raw, plan):
            if column == "fundamento" and isinstance(value, dict):
                value = value.get("texto", "")
            if value is None or value == "":
                row.append(None)
            elif kind_ == "int":
                row.append(int(value))
            elif kind_ == "bool":
                row.append("sim" if value else "não")
            elif kind_ == "decimal":
                row.append(_decimal(str(value)))
            else:
                row.append(str(value))
        yield row


def _decimal(text: str):
    """A nota's text as a _Decimal, or the text itself when it is not a number."""
    plain = text.replace(".", "").replace(",", ".")
    try:
        value = Decimal(plain)
    except InvalidOperation:
        return text
    # a spreadsheet number is a double; CSV/JSON stay exact
    return _Decimal(float(value), len(plain.partition(".")[2]))


def _openpyxl_cell(sheet, value, style):
    """The value as openpyxl's write-only sheet takes it (the path for values _sheet_rows leaves to openpyxl)."""
    from openpyxl.cell import WriteOnlyCell

    if isinstance(value, _Decimal):
        cell = WriteOnlyCell(sheet, value=value.value)
        cell.number_format = style(value.places).number_format
        return cell
    if isinstance(value, str) and value[:1] == "=":
        cell = WriteOnlyCell(sheet, value=value)
        cell.data_type = "s"  # text, never a formula
        return cell
    return value


# What openpyxl writes differently from a plain inline string, or refuses: control characters (refused, or written
# as character references), lone surrogates and the non-characters U+FFFE/U+FFFF, its error codes (written as
# errors), text beyond a cell's 32,767 characters (cut); and numbers that are not finite. A list with any of them
# goes through openpyxl itself.
_UNPLAIN = re.compile(r"[\x00-\x1f\ud800-\udfff\ufffe\uffff]")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ROWS_PER_PART = 4096  # rows serialized and compressed at a time: memory stays flat at national scale


def _sheet_rows(plan: list[tuple[str, str]], table: list[list], style_id) -> list[bytes] | None:
    """The data rows (from row 2) as openpyxl's write-only sheet serializes them (lxml: `<row r=…><c r=… s=… t=…>`,
    text as inline strings with non-ASCII characters as decimal references, `xml:space="preserve"` on text with
    outer whitespace, numbers as "%.16g"), in parts of _ROWS_PER_PART rows; None when some value needs openpyxl
    itself (see _UNPLAIN). `style_id(places)` registers a nota format's cell style and gives its index in the
    workbook's cell styles, called in the order openpyxl would (first use, row by row), so styles.xml is the same
    too.

    Column by column (issue 20): each column's cells are converted, checked and serialized as a whole (one regex
    over a text column's joined values), then the rows are joined from the columns."""
    from openpyxl.cell.cell import ERROR_CODES

    if len(plan) > len(_LETTERS):
        return None
    errors = frozenset(ERROR_CODES)
    decimals: dict[str, object] = {}
    columns = [_column_cells(column, kind_, values, decimals) for (column, kind_), values in zip(plan, table)]
    for cells in columns:
        texts = [c for c in cells if type(c) is str]
        if texts and (_UNPLAIN.search("\ue000".join(texts)) or max(map(len, texts)) > 32767
                      or not errors.isdisjoint(texts)):
            return None
        if any(type(c) not in _CELL_TYPES or (type(c) is _Decimal and not math.isfinite(c.value)) for c in cells):
            return None
    ids: dict[int, str] = {}
    first = sorted((next(i for i, c in enumerate(cells) if type(c) is _Decimal and c.places == places), j, places)
                   for j, cells in enumerate(columns) for places in {c.places for c in cells if type(c) is _Decimal})
    for _, _, places in first:  # row by row, then column by column: openpyxl's order of first use
        if places not in ids:
            ids[places] = str(style_id(places))
    fragments = [_column_xml(letter, cells, ids) for letter, cells in zip(_LETTERS, columns)]
    rows = len(table[0]) if table else 0
    parts = []
    for start in range(0, rows, _ROWS_PER_PART):
        end = min(rows, start + _ROWS_PER_PART)
        chunk = zip(range(start + 2, end + 2), zip(*(f[start:end] for f in fragments)))
        parts.append("".join([f'<row r="{n}">{"".join(cells)}</row>' for n, cells in chunk])
                     .encode("ascii", "xmlcharrefreplace"))
    return parts or [b""]


_CELL_TYPES = frozenset({type(None), str, int, _Decimal})


def _column_cells(column: str, kind_: str, values: list, decimals: dict) -> list:
    """One column's cells, as _values gives them row by row: None (empty), int, str or _Decimal (`decimals`: each
    nota text read once)."""
    if column == "fundamento":
        values = [v.get("texto", "") if isinstance(v, dict) else v for v in values]
    if kind_ == "int":
        return [None if v is None or v == "" else int(v) for v in values]
    if kind_ == "bool":
        return [None if v is None or v == "" else ("sim" if v else "não") for v in values]
    if kind_ == "decimal":
        out = []
        for v in values:
            if v is None or v == "":
                out.append(None)
                continue
            text = str(v)
            if text not in decimals:
                decimals[text] = _decimal(text)
            out.append(decimals[text])
        return out
    return [None if v is None or v == "" else str(v) for v in values]


def _column_xml(letter: str, cells: list, ids: dict[int, str]) -> list[str]:
    """Each cell of one column as openpyxl writes it (empty text for an empty cell), rows numbered from 2."""
    from openpyxl.compat import safe_string

    kinds = set(map(type, cells)) - {type(None)}
    numbered = zip(itertools.count(2), cells)
    if kinds <= {int}:
        return ["" if v is None else f'<c r="{letter}{n}" t="n"><v>{v:.16g}</v></c>'  # safe_string's "%.16g"
                for n, v in numbered]
    if kinds == {str}:
        return ["" if v is None else _text_xml(letter, n, v) for n, v in numbered]
    numbers: dict[int, str] = {}  # a shared _Decimal's text, once

    def one(n: int, v) -> str:
        if v is None:
            return ""
        if type(v) is str:
            return _text_xml(letter, n, v)
        if type(v) is int:
            return f'<c r="{letter}{n}" t="n"><v>{v:.16g}</v></c>'
        if id(v) not in numbers:
            numbers[id(v)] = f'" s="{ids[v.places]}" t="n"><v>{safe_string(v.value)}</v></c>'
        return f'<c r="{letter}{n}{numbers[id(v)]}'

    return [one(n, v) for n, v in numbered]


def _text_xml(letter: str, n: int, value: str) -> str:
    if "&" in value or "<" in value or ">" in value:
        value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    space = ' xml:space="preserve"' if value != value.strip() else ""
    return f'<c r="{letter}{n}" t="inlineStr"><is><t{space}>{value}</t></is></c>'


_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")
_SHEET = "xl/worksheets/sheet1.xml"


def _rezip(data: bytes, path: Path, moment: datetime, rows: list[bytes] | None = None) -> None:
    """Copy an XLSX (a zip) entry by entry, in its own order, with the fixed time on every entry and in
    docProps/core.xml (openpyxl stamps dcterms:modified with the clock when it saves); `rows` (from _sheet_rows)
    go into the sheet before its </sheetData>, compressed as they stream (the same deflate bytes as at once)."""
    stamp = moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ").encode("ascii")
    tmp = Path(path).with_name(Path(path).name + ".tmp")
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(tmp, "w") as out:
        for info in source.infolist():
            body = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = _MODIFIED.sub(rb"\g<1>" + stamp + rb"\g<2>", body)
            if info.filename == _SHEET and rows:
                head, end, tail = body.partition(b"</sheetData>")
                if not end:
                    raise RuntimeError("openpyxl não escreveu <sheetData> na planilha")
                with out.open(_entry(info.filename, moment), "w") as target:  # zlib's default level: 6
                    target.write(head)
                    for part in rows:
                        target.write(part)
                    target.write(end + tail)
                continue
            out.writestr(_entry(info.filename, moment), body, compresslevel=6)
    tmp.replace(path)


# -- the exam's data as one zip --------------------------------------------------------------------------------
class Deflated:
    """Raw deflate streams of files by their SHA-256 (issue 20: after a retificação at 1M, 190 of 200 cargos' data
    files are the previous build's, and deflating the whole package again took 9 CPU s): `before` is the previous
    build's folder of them, `now` this build's (its entries linked from `before` or written). A stream is named by
    the file's SHA-256, size and CRC-32, and by zlib's version and level: the same file deflated the same way."""

    def __init__(self, before: Path | None, now: Path) -> None:
        self.before, self.now = (Path(before) if before else None), Path(now)
        self.tag = f"{zlib.ZLIB_RUNTIME_VERSION}-{ZIP_LEVEL}"
        self._known: dict[tuple[str, int], tuple[Path, int]] | None = None  # (sha256, size) → (stream, CRC-32)

    def name(self, sha256: str, size: int, crc: int) -> str:
        return f"{sha256}-{size}-{crc:08x}-{self.tag}.z"

    def _index(self) -> dict[tuple[str, int], tuple[Path, int]]:
        """The streams of both folders, listed once (this build's first: a glob per file over thousands of
        streams cost more than the deflating it saved)."""
        if self._known is None:
            self._known = {}
            for folder in (self.before, self.now):  # this build's, listed last, wins
                if folder is None or not folder.is_dir():
                    continue
                for entry in os.scandir(folder):
                    parts = entry.name[:-2].split("-", 3) if entry.name.endswith(".z") else ()
                    if len(parts) == 4 and parts[3] == self.tag and parts[1].isdigit():
                        self._known[(parts[0], int(parts[1]))] = (Path(entry.path), int(parts[2], 16))
        return self._known

    def find(self, sha256: str, size: int) -> tuple[Path, int] | None:
        """(its stream, CRC-32) of a file, in this build's folder or the previous one's (then linked here)."""
        found = self._index().get((sha256, size))
        if found is None:
            return None
        path, crc = found
        if path.parent != self.now:
            self.now.mkdir(parents=True, exist_ok=True)
            target = self.now / path.name
            if not target.exists():
                link_or_copy(path, target)
            self._index()[(sha256, size)] = (target, crc)
            path = target
        return path, crc

    def open(self, sha256: str, size: int):
        """A file to write a new stream into (named by `kept`, once its CRC-32 is known)."""
        self.now.mkdir(parents=True, exist_ok=True)
        return open(self.now / f".{sha256}-{size}.part", "wb")

    def kept(self, sha256: str, size: int, crc: int) -> None:
        target = self.now / self.name(sha256, size, crc)
        os.replace(self.now / f".{sha256}-{size}.part", target)
        self._index()[(sha256, size)] = (target, crc)


def _deflate(path: Path, target, copy=None) -> int:
    """Deflate `path` into `target` (and into `copy`, closed after) as zipfile does (level ZIP_LEVEL, raw, in 1 MiB
    blocks); return its CRC-32."""
    packer, crc = zlib.compressobj(ZIP_LEVEL, zlib.DEFLATED, -15), 0
    try:
        with open(path, "rb") as source:
            for block in iter(lambda: source.read(1 << 20), b""):
                crc = zlib.crc32(block, crc)
                out = packer.compress(block)
                target.write(out)
                if copy is not None:
                    copy.write(out)
        out = packer.flush()
        target.write(out)
        if copy is not None:
            copy.write(out)
    finally:
        if copy is not None:
            copy.close()
    return crc


ZIP_LEVEL = 6  # zlib's default: render.pdf.attach embeds these deflate streams as they are
_ZIP_LIMIT = (1 << 31) - 1  # zipfile.ZIP64_LIMIT: beyond it (or near it) entries need ZIP64, left to zipfile
_LOCAL = struct.Struct("<4s2B4HL2L2H")  # APPNOTE 4.3.7, as zipfile writes it
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")  # APPNOTE 4.3.12
_END = struct.Struct("<4s4H2LH")  # APPNOTE 4.3.16


def write_zip(paths: Iterable[Path], out: Path, moment: datetime, folder: str, *,
              digests: dict | None = None, deflated: Deflated | None = None) -> Path:
    """Every file under `folder/` in the zip, sorted by name, with the fixed time; streamed (national-scale CSVs are
    hundreds of megabytes). The zip holds datapackage.json beside its resources: a zipped Frictionless package.

    With `deflated` (an incremental build) and each file's SHA-256 in `digests`, an entry whose file was deflated
    by a previous build is that build's stream, the others are deflated here (and kept for the next): the bytes
    are those zipfile writes (`_write_zip`, tests/test_downloads.py compares them), without deflating an unchanged
    file again. Entries that need ZIP64, or names that are not ASCII, are left to zipfile, whole."""
    paths = sorted(map(Path, paths), key=lambda p: p.name)
    names = [f"{folder}/{path.name}" for path in paths]
    if deflated is None or digests is None or not all(n.isascii() for n in names) \
            or any(path.stat().st_size * 1.05 > _ZIP_LIMIT for path in paths) or len(paths) > 0xFFFF:
        return _write_zip(paths, out, moment, folder)
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    year, month, day, hour, minute, second = _zip_time(moment)
    dosdate, dostime = (year - 1980) << 9 | month << 5 | day, hour << 11 | minute << 5 | second // 2
    central = []
    with open(tmp, "wb") as target:
        for path, name in zip(paths, names):
            size, sha = path.stat().st_size, digests.get(path) or digests.get(str(path))
            offset, encoded = target.tell(), name.encode("ascii")
            if offset > _ZIP_LIMIT:
                break
            header = _LOCAL.size + len(encoded)
            target.write(bytes(header))  # written again below, once the CRC and sizes are known (as zipfile does)
            found = deflated.find(sha, size) if sha else None
            if found is not None:
                with open(found[0], "rb") as source:
                    shutil.copyfileobj(source, target, 1 << 20)
                crc = found[1]
            else:
                crc = _deflate(path, target, deflated.open(sha, size) if sha else None)
            packed = target.tell() - offset - header
            if packed > _ZIP_LIMIT:
                break
            target.seek(offset)
            target.write(_LOCAL.pack(b"PK\x03\x04", 20, 0, 0, zipfile.ZIP_DEFLATED, dostime, dosdate, crc, packed,
                                     size, len(encoded), 0) + encoded)
            target.seek(0, os.SEEK_END)
            if found is None and sha:
                deflated.kept(sha, size, crc)
            central.append(_CENTRAL.pack(b"PK\x01\x02", 20, 3, 20, 0, 0, zipfile.ZIP_DEFLATED, dostime, dosdate,
                                         crc, packed, size, len(encoded), 0, 0, 0, 0, _FILE_MODE, offset) + encoded)
        else:
            start = target.tell()
            for entry in central:
                target.write(entry)
            length = target.tell() - start
            if start <= _ZIP_LIMIT and length <= _ZIP_LIMIT:
                target.write(_END.pack(b"PK\x05\x06", 0, 0, len(central), len(central), length, start, 0))
                central = None
    if central is not None:  # an offset beyond ZIP64's limit: zipfile writes the whole zip
        tmp.unlink()
        return _write_zip(paths, out, moment, folder)
    tmp.replace(out)
    return out


def _write_zip(paths: Iterable[Path], out: Path, moment: datetime, folder: str) -> Path:
    """write_zip by zipfile alone (every entry deflated here)."""
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    # zlib's default level (6): render.pdf.attach embeds these deflate streams as they are, at the level its
    # FlateDecode streams always had
    with zipfile.ZipFile(tmp, "w", allowZip64=True, compresslevel=ZIP_LEVEL) as archive:
        for path in sorted(map(Path, paths), key=lambda p: p.name):
            info = _entry(f"{folder}/{path.name}", moment)
            info.file_size = path.stat().st_size  # lets zipfile decide on ZIP64 up front
            with path.open("rb") as source, archive.open(info, "w", force_zip64=info.file_size > 2**31) as target:
                for block in iter(lambda: source.read(1 << 20), b""):
                    target.write(block)
    tmp.replace(out)
    return out
