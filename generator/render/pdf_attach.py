"""The exam's open data embedded in the PDF as PDF/A-3 associated files (relationship Data).

Done with pikepdf on the merged file rather than by WeasyPrint: a national exam has hundreds of megabytes of CSV
and JSON, which WeasyPrint reads and compresses at a few MB/s; here they are compressed in parallel threads
(zlib releases the GIL).
"""

from __future__ import annotations

import hashlib
import mimetypes
import zlib
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import pikepdf

MIME_TYPES = {".csv": "text/csv", ".json": "application/json", ".txt": "text/plain"}


def _pdf_date(moment: datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%SZ")


def _compressed(path: Path) -> tuple[bytes, int, str]:
    """(deflated bytes, size, MD5 hex) of one file: what the embedded file stream and its /Params need."""
    data = path.read_bytes()
    return zlib.compress(data, 6), len(data), hashlib.md5(data, usedforsecurity=False).hexdigest()


def embed(pdf: pikepdf.Pdf, paths: list[Path], created: datetime, threads: int) -> None:
    """Attach every file (sorted by name: a name tree's keys must be) with /AF on the catalog."""
    paths = sorted(map(Path, paths), key=lambda p: p.name)
    if not paths:
        return
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
