"""Joining the rendered front matter and body chunks into one PDF/A file with its outline (pikepdf)."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pikepdf


def merge(front: Path, chunks: list[Path], outline: list[tuple[int, str, int]], out_path: Path) -> int:
    """Append the chunks' pages to the front file, whose catalog carries the PDF/A metadata, output intent and
    attachments; write the outline (level, title, 0-based page); save with a content-derived /ID for reproducibility.
    Returns the number of pages."""
    with ExitStack() as stack:
        pdf = stack.enter_context(pikepdf.open(front))
        for chunk in chunks:
            # The sources stay open until save: qpdf copies their stream data lazily.
            source = stack.enter_context(pikepdf.open(chunk))
            pdf.pages.extend(source.pages)
        _outline(pdf, outline)
        # Ask readers to show the bookmarks panel, as gazettes do for long editions.
        pdf.Root.PageMode = pikepdf.Name.UseOutlines
        tmp = out_path.with_name(out_path.name + ".tmp")
        pdf.save(tmp, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
        pages = len(pdf.pages)
    tmp.replace(out_path)
    return pages


def _outline(pdf: pikepdf.Pdf, entries: list[tuple[int, str, int]]) -> None:
    """Bookmarks: level-1 items (cargos) with their level-2 children (lists, orders, commission)."""
    with pdf.open_outline() as outline:
        outline.root.clear()
        parent = None
        for level, title, page in entries:
            item = pikepdf.OutlineItem(title, page)
            if level == 1 or parent is None:
                outline.root.append(item)
                parent = item
            else:
                parent.children.append(item)
