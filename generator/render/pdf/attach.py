"""The exam's open data embedded in the PDF as PDF/A-3 associated files (relationship Data).

Done with pikepdf on the merged file rather than by WeasyPrint: a national exam has hundreds of megabytes of CSV
and JSON, which WeasyPrint reads and compresses at a few MB/s. The package is deflated once (issue 20 item 3): the
data zip's entries are deflated with zlib's level 6, the same raw deflate stream a FlateDecode stream holds between
its zlib header and its Adler-32, so each attachment is the zip entry's bytes as they are, wrapped (RFC 1950, 2.2);
files that are not in a zip are compressed here, in parallel threads (zlib releases the GIL).
"""

from __future__ import annotations

import hashlib
import mimetypes
import struct
import zipfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import pikepdf

MIME_TYPES = {".csv": "text/csv", ".json": "application/json", ".txt": "text/plain"}


def _pdf_date(moment: datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%SZ")


class Package(list):
    """The files to attach (a list of paths), with the zip that holds them deflated (render.data.package's data zip)."""

    def __init__(self, paths, bundle: Path):
        super().__init__(paths)
        self.bundle = Path(bundle)


def _compressed(path: Path) -> tuple[bytes, int, str]:
    """(deflated bytes, size, MD5 hex) of one file: what the embedded file stream and its /Params need."""
    data = path.read_bytes()
    return zlib.compress(data, 6), len(data), hashlib.md5(data, usedforsecurity=False).hexdigest()


_LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # APPNOTE 4.3.7: signature ... file name length, extra field length
ZLIB_HEADER = b"\x78\x9c"  # RFC 1950: deflate, 32K window, default level (what zlib.compress(data, 6) writes)


def _from_zip(bundle: Path, paths: list[Path], threads: int) -> dict[str, tuple[bytes, int, str]] | None:
    """(zlib stream, size, MD5 hex) of each file, its deflate stream read from the zip entry of the same name
    (entries are folder/name) and checked against the file (size and CRC-32; the MD5 is the file's own); None
    when an entry is missing or not deflated. The zip is written at zlib's default level, 6 (downloads.write_zip),
    the level the FlateDecode streams had when they were compressed here: the same bytes."""
    with zipfile.ZipFile(bundle) as archive:
        entries = {info.filename.rpartition("/")[2]: info for info in archive.infolist()}
    if any(p.name not in entries or entries[p.name].compress_type != zipfile.ZIP_DEFLATED for p in paths):
        return None

    def one(path: Path) -> tuple[bytes, int, str] | None:
        info = entries[path.name]
        with open(bundle, "rb") as raw:
            raw.seek(info.header_offset)
            head = _LOCAL_HEADER.unpack(raw.read(_LOCAL_HEADER.size))
            if head[0] != b"PK\x03\x04":
                return None
            raw.seek(head[9] + head[10], 1)  # the file name and the extra field (ZIP64 sizes)
            deflated = raw.read(info.compress_size)
        data = path.read_bytes()
        if len(data) != info.file_size or zlib.crc32(data) != info.CRC:
            return None
        return (ZLIB_HEADER + deflated + zlib.adler32(data).to_bytes(4, "big"), len(data),
                hashlib.md5(data, usedforsecurity=False).hexdigest())

    with ThreadPoolExecutor(max(1, threads)) as pool:  # hashlib and zlib release the GIL
        packed = list(pool.map(one, paths))
    return None if None in packed else {p.name: v for p, v in zip(paths, packed)}


def embed(pdf: pikepdf.Pdf, paths: list[Path], created: datetime, threads: int) -> None:
    """Attach every file (sorted by name: a name tree's keys must be) with /AF on the catalog."""
    bundle = getattr(paths, "bundle", None)  # a Package: the files are in its zip, already deflated
    paths = sorted(map(Path, paths), key=lambda p: p.name)
    if not paths:
        return
    zipped = _from_zip(bundle, paths, threads) if bundle is not None else None
    if zipped is not None:
        packed = [zipped[p.name] for p in paths]
    else:
        with ThreadPoolExecutor(max(1, threads)) as pool:
            packed = list(pool.map(_compressed, paths))
    names, specs = pikepdf.Array(), pikepdf.Array()
    for path, (data, size, md5) in zip(paths, packed):
        mime = MIME_TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        stream = pikepdf.Stream(pdf, b"")
        stream.write(data, filter=pikepdf.Name.FlateDecode)
        stream.Type = pikepdf.Name.EmbeddedFile
        stream.Subtype = pikepdf.Name("/" + mime)
        stream.Params = pikepdf.Dictionary(Size=size, CheckSum=pikepdf.String(bytes.fromhex(md5)),
                                           CreationDate=pikepdf.String(_pdf_date(created)),
                                           ModDate=pikepdf.String(_pdf_date(created)))
        spec = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Filespec, F=pikepdf.String(path.name), UF=pikepdf.String(path.name),
            Desc=pikepdf.String(f"Dados abertos do certame: {path.name}"),
            AFRelationship=pikepdf.Name.Data, EF=pikepdf.Dictionary(F=stream, UF=stream)))
        names.extend([pikepdf.String(path.name), spec])
        specs.append(spec)
    if "/Names" not in pdf.Root:
        pdf.Root.Names = pikepdf.Dictionary()
    pdf.Root.Names.EmbeddedFiles = pdf.make_indirect(pikepdf.Dictionary(Names=names))
    pdf.Root.AF = specs
