"""Joining the rendered front matter and the body into one PDF/A file with its outline (pikepdf)."""

from __future__ import annotations

from contextlib import ExitStack
from datetime import datetime
from functools import lru_cache
from importlib.resources import files
from importlib.util import find_spec
from pathlib import Path
from typing import Iterable

import pikepdf

from ... import progress
from .attach import embed
from .direct import add_pages, font_objects
from .html import PAGE_LINK
from .pagetree import PageTree, copy_page
from .tags import GRAFTED, Structure, append_body_tree, describe_links, graft, mark_catalog, prepare_front


def assemble(front: Path, parts: Iterable[tuple[str, object]], outline: list[tuple[int, str, int]],
             out_path: Path, frame_chars: dict[str, set[str]], total: int, tagged: bool = True,
             attachments: tuple[list[Path], datetime, int] = ([], datetime(2000, 1, 1), 1), submit=None
             ) -> tuple[int, Structure | None]:
    """Append the body parts, in order, to the front file (whose catalog carries the PDF/A metadata, output intent
    and attachments): ("pdf", path) chunks rendered by WeasyPrint, ("streams", (streams, chars, first folio))
    drawn directly and numbered here out of `total` pages; then the attachments (paths, date, threads).
    Then the outline (level, title, 0-based page), and a save with a content-derived /ID. Tagged (PDF/UA-1): the
    front matter's tags fixed, WeasyPrint chunks grafted, and the body's structure tree appended as an incremental
    update (pdf_tags). `submit`: a process pool's, to subset the fonts in parallel (pdf_direct.font_objects).
    Returns the page count and, tagged, the body's Structure (what the extracts are tagged from)."""
    with ExitStack() as stack:
        pdf = stack.enter_context(pikepdf.open(front))
        front_pages = len(pdf.pages)
        first_key = prepare_front(pdf) if tagged else None
        events: list[str] = []  # structure events of each body page
        # Directly drawn pages share one font dictionary, filled once every character used is known.
        fonts = pdf.make_indirect(pikepdf.Dictionary())
        resources = pdf.make_indirect(pikepdf.Dictionary(Font=fonts))
        used = {face: set(chars) for face, chars in frame_chars.items()}
        drawn = False
        tree = PageTree(pdf)  # from here on pages are read from `tree`, not pdf.pages (render/pdf/pagetree)
        for kind, payload in parts:
            if kind == "pdf":
                # The source stays open until save: qpdf copies its stream data lazily.
                source = stack.enter_context(pikepdf.open(payload))
                if tagged:
                    tree.extend(graft(pdf, source, first_key + len(events)))
                else:
                    tree.extend([copy_page(pdf, source, page.obj) for page in source.pages])
                events += [GRAFTED] + [""] * (len(source.pages) - 1)
                continue
            streams, chars, first = payload
            for face, more in chars.items():
                used.setdefault(face, set()).update(more)
            tree.extend(add_pages(pdf, streams, resources, first, total, first_key + len(events) if tagged else None))
            events += [page_events for _, page_events in streams]
            drawn = True
        tree.write()
        if drawn:
            for key, value in font_objects(pdf, used, submit).items():
                fonts[key] = value
        _outline(pdf, outline, tree)
        resolve_page_links(tree)
        if tagged:
            describe_links(pdf, front_pages, tree.pages)
            mark_catalog(pdf)
        _output_intent(pdf)
        saving = progress.task(f"PDF {out_path.name}: dados anexados e gravação", 1)
        embed(pdf, *attachments)
        # Ask readers to show the bookmarks panel, as gazettes do for long editions.
        pdf.Root.PageMode = pikepdf.Name.UseOutlines
        tmp = out_path.with_name(out_path.name + ".tmp")
        pdf.save(tmp, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
        pages = len(tree)
        saving()
    structure = None
    if tagged:
        structure = Structure(front_pages, events, append_body_tree(tmp, front_pages, events, first_key))
    tmp.replace(out_path)
    return pages, structure


def _outline(pdf: pikepdf.Pdf, entries: list[tuple[int, str, int]], tree: PageTree) -> None:
    """Bookmarks: level-1 items (cargos) with their level-2 children (lists, orders, commission), each leading to
    its page, fitted in the window (the destination pikepdf makes of a page number, without its page lookup)."""
    with pdf.open_outline() as outline:
        outline.root.clear()
        parent = None
        for level, title, page in entries:
            item = pikepdf.OutlineItem(title, pikepdf.Array([tree[page], pikepdf.Name.Fit]))
            if level == 1 or parent is None:
                outline.root.append(item)
                parent = item
            else:
                parent.children.append(item)


def _output_intent(pdf: pikepdf.Pdf) -> None:
    """The PDF/A output intent: sRGB (the ICC profile WeasyPrint ships), for every page of the merged file."""
    profile = pdf.make_stream(srgb_profile(), N=3)
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFA1,
        OutputConditionIdentifier=pikepdf.String("sRGB IEC61966-2.1"), Info=pikepdf.String("sRGB IEC61966-2.1"),
        DestOutputProfile=profile)])



@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """The sRGB ICC profile WeasyPrint ships, found without importing WeasyPrint: the extracts' covers are drawn
    directly, and each extract's forked process importing WeasyPrint for this file cost it 1.6 s (issue 20)."""
    spec = find_spec("weasyprint")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        path = Path(folder) / "pdf" / "sRGB2014.icc"
        if path.is_file():
            return path.read_bytes()
    return (files("weasyprint") / "pdf" / "sRGB2014.icc").read_bytes()


def resolve_page_links(pages: PageTree) -> None:
    """Turn the front matter's placeholder URI links (PAGE_LINK + printed page number) into links to that page."""
    for page in pages:
        for annot in page.get("/Annots", []):
            action = annot.get("/A")
            target = str(action.get("/URI", "")) if action is not None else ""
            if target.startswith(PAGE_LINK):
                number = int(target[len(PAGE_LINK):])
                del annot.A
                annot.Dest = pikepdf.Array([pages[number - 1], pikepdf.Name.Fit])
