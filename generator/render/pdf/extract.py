"""One PDF per cargo, extracted from the finished gazette PDF (issue 12 item 4): never a second rendering of the
body pages.

A post-processing step on the final file (whatever assembled it): each extract is a one-page cover rendered by
WeasyPrint with the gazette's masthead, the act's title, the page range it reproduces and the act's closing block,
followed by the cargo's pages copied from the full PDF with pikepdf (the same content streams and fonts; the folio
still says "Página 701 de 15810", and /PageLabels make the reader show 701 too).

Accessibility (PDF/UA-1, PDF/A-3a): the full PDF's body is one Sect per cargo under its Document element. The
extract carries that Sect's whole subtree: qpdf copies it in C++ with the pages already copied (the foreign-object
map of one source file is shared by all copies, so /Pg and the ParentTree arrays point at the extract's pages), with
its /P cut for the copy so that nothing above it (the full Document, the other cargos, their pages) comes along. The
cover's own tree (WeasyPrint's, with the masthead made an artifact as in the full PDF) comes first. A cargo whose
pages lie in a chunk WeasyPrint drew (text needing shaping: its Sect may span other cargos) has no extract: the
site still links the full PDF at the cargo's page.
"""

from __future__ import annotations

import logging
import os
import tempfile
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import pikepdf

from . import cover as pdf_cover
from .cargos import Cargo, cargos_of  # noqa: F401 (cargos_of: the extracts' callers)
from ...processes import Forked, each_forked
from ..data.package import sha256_file
from .html import environment, masthead, stylesheet, verification_text
from .merge import _output_intent, srgb_profile
from .tags import Structure, append_body_tree, describe_links, mark_catalog, prepare_front


SHARES = 4  # processes forked per worker for the extracts tagged from the body's events (see extract_all)


class NotExtractable(Exception):
    """The cargo's structure cannot be carried alone (its Sect spans pages of other cargos)."""


def extract_all(full: Path, exam: dict, cargos: list[Cargo], ranges: dict, out_dir: Path, *, url: str,
                data_sha256: str, pdf_href: str, workers: int | None = None,
                pdf_sha256: str | None = None, site_url: str = "", structure: Structure | None = None
                ) -> dict[str, dict]:
    """Write `<cargo slug>/<full stem>-<cargo slug>.pdf` under out_dir for each cargo; return, per cargo code, its
    href (relative to out_dir), pages in the full PDF and its own page count. Every extract depends only on its own
    inputs, so the bytes do not depend on which process wrote it.

    Memory (issue 14): qpdf keeps every object it resolves until the Pdf is closed, and a cargo's extract resolves
    its share of the full PDF's structure tree (about 65 MB per 5,000 candidates), so one process writing many
    extracts from one open file ends up holding most of a national PDF (GBs). The full PDF is opened once here,
    memory-mapped (forked processes share its pages and no file offset), with its page list and body structure
    read; each cargo is then written by a process forked from this state for it alone, which exits with what it
    resolved. Opening a national PDF per cargo instead would cost seconds and its whole cross-reference table each
    time. `pdf_sha256`: the full PDF's hash, when the caller has it already (the covers print it). `site_url`:
    where the covers' footer says the act's verification code is checked, as every page of the act says.

    The covers are drawn directly (render/pdf_cover): their texts are known here, so the fonts are subset once
    for all of them and the coat of arms drawn once, before forking.

    `structure`: the events the full PDF's body was tagged from (render/pdf/tags.Structure, when it was drawn in
    this build). A cargo whose pages hold its section alone is then tagged from its pages' events by the same
    BodyTree, and nothing of the full file's structure tree is read; the others (and every cargo of an archived
    PDF) get their Sect copied out of that tree, as described above."""
    full = Path(full)
    sha = pdf_sha256 or sha256_file(full)
    workers = max(1, min(workers or os.cpu_count() or 1, 4, len(cargos)))
    with pikepdf.open(full, access_mode=pikepdf.AccessMode.mmap) as source, \
            tempfile.TemporaryDirectory(prefix="gazeta-extrato-") as tmp:
        covers = _covers(exam, cargos, full, len(source.pages), sha, url, data_sha256, site_url, Path(tmp))
        srgb_profile()  # read here once, before forking
        # The page list, read before forking: shared, not read again per cargo. pikepdf's pdf.pages[i] lists
        # every page at each call (about 0.7 ms on a national PDF's 19,000 pages): 14 CPU s of extracts at 1M.
        pages = list(source.pages)
        own = {c.codigo: structure.pages_of(c.first, c.last) for c in cargos} if structure is not None else {}
        finder = None
        if any(own.get(c.codigo) is None for c in cargos):  # some Sect to copy out of the full file's tree
            finder = _Finder(source)
            finder.outline = finder.read_outline() if workers == 1 else _outline_of(full)
        job = _Job(source, pages, finder, covers, exam, ranges, full, Path(out_dir), url, data_sha256, sha, own,
                   structure.tables if structure is not None else True)
        if workers > 1 and covers.weasyprint:
            _warm_up(job, cargos[0])
        # Each process exits with the objects its extracts resolved in the full file (qpdf keeps each object it
        # parses): one cargo per process when a Sect is copied out of the full file's tree (tens of MB each, see
        # above); else a share of the cargos (their pages, contents and the fonts they share), as forking a national
        # build's parent costs ~45 ms (its page tables): 9 s of the parent's time for 200 cargos one by one. The
        # processes inherit the open file and this job by the fork (processes.each_forked): nothing is pickled.
        share = 1 if finder is not None else -(-len(cargos) // (workers * SHARES))
        done = each_forked(len(cargos), workers, lambda n: (lambda k: _extract_one(job, cargos[k]), lambda: None),
                           what="de um extrato por cargo", per_process=share)
    return {code: info for code, info in (done[k] for k in range(len(cargos)) if done[k] is not None)}


@dataclass
class _Job:
    """What every cargo's extract reads: the open full PDF and its structure, the covers, the act's texts."""
    source: pikepdf.Pdf
    pages: list  # source's pikepdf.Page objects, in order
    finder: "_Finder"
    covers: "Covers"
    exam: dict
    ranges: dict
    full: Path
    out_dir: Path
    url: str
    data_sha256: str
    sha: str
    own: dict  # cargo code → (events of its pages, cargo sections before it), or None: its Sect is copied
    tables: bool  # the full PDF's rows were tables (render/pdf/tags.fits_tables), so the extracts' too


def _outline_of(full: Path) -> "Outline":
    """_Finder.read_outline of the full PDF, read by a forked process that exits with what it resolved. pikepdf
    resolves every object it hands over, and qpdf a whole object stream with each: listing the Document's kids
    (one Sect per cargo) resolves about 256 MB in 6 s of a national PDF, and walking up from its ~2,000 notes,
    spread over the structure tree, about 550 MB in 20 s (measured on the 1M PDF, load 9). Every cargo's process
    would otherwise do that again, or this one keep it, counted, for the whole phase."""
    def read() -> Outline:
        with pikepdf.open(full, access_mode=pikepdf.AccessMode.mmap) as pdf:
            return _Finder(pdf).read_outline()

    with Forked(read) as job:
        return job.get()


def _warm_up(job: _Job, cargo: Cargo) -> None:
    """Render one cover here and throw it away: WeasyPrint's first document in a process costs about twice a later
    one (fonts, the stylesheet), and every forked process inherits this one's state instead of paying it again."""
    with tempfile.TemporaryDirectory(prefix="gazeta-extrato-") as tmp:
        _cover(job.exam, cargo, job.full, len(job.source.pages), job.sha, job.url, job.data_sha256,
               Path(tmp) / "capa.pdf", job.covers.verification, job.covers.styles)


def _extract_one(job: _Job, cargo: Cargo) -> tuple[str, dict] | None:
    """One cargo's extract from the open full PDF (None when its structure is not separable)."""
    href = f"{cargo.slug}/{job.full.stem}-{cargo.slug}.pdf"
    target = job.out_dir / href
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        pages = _extract(job, cargo, target)
    except NotExtractable:
        logging.getLogger("gazeta").info("extrato do cargo %s: estrutura não separável", cargo.codigo)
        return None
    return cargo.codigo, {"href": href, "first": cargo.first, "last": cargo.last, "pages": pages}


@dataclass
class Outline:
    """The full PDF's body structure as object numbers: its Document's kids in order, (objgen, /S), and its notes
    in the IDTree's order, (ID, element objgen, objgen of the Document kid holding it)."""
    kids: list[tuple[tuple[int, int], str]]
    notes: list[tuple[str, tuple[int, int], tuple[int, int]]]


class _Finder:
    """The full PDF's body structure: which Document kid (a cargo's Sect) holds a page's marked content."""

    def __init__(self, pdf: pikepdf.Pdf):
        tree = pdf.Root.StructTreeRoot
        self.pdf = pdf
        self.pages = list(pdf.pages)  # indexing pdf.pages costs O(pages) per call (~0.7 ms at 19,000 pages)
        self.parents = pikepdf.NumberTree(tree.ParentTree)
        self.document = tree.K[0] if isinstance(tree.K, pikepdf.Array) else tree.K
        self.outline = Outline([], [])

    def read_outline(self) -> "Outline":
        """The Document's kids and the IDTree's notes, as object numbers (see Outline)."""
        tree = self.pdf.Root.StructTreeRoot
        items = pikepdf.NameTree(tree.IDTree).items() if "/IDTree" in tree else []
        return Outline([(kid.objgen, str(kid.get("/S"))) for kid in _kids(self.document)],
                       [(name, element.objgen, self.top(element).objgen) for name, element in items])

    def array(self, index: int) -> pikepdf.Array | None:
        page = self.pages[index].obj
        if "/StructParents" not in page:
            return None
        try:
            return self.parents[int(page.StructParents)]
        except KeyError:
            return None

    def tops(self, index: int) -> list[tuple[int, int]]:
        """The Document kids holding the first and the last marked content of page `index` (0-based)."""
        array = self.array(index)
        if array is None:
            return []
        # the first and the last element only: a page's array holds hundreds, each a Python object when read
        first = next((e for e in array if isinstance(e, pikepdf.Dictionary)), None)
        if first is None:
            return []
        last = next(array[k] for k in range(len(array) - 1, -1, -1) if isinstance(array[k], pikepdf.Dictionary))
        return [self.top(first).objgen, self.top(last).objgen]

    def top(self, element: pikepdf.Object) -> pikepdf.Object:
        document = self.document.objgen
        while element.get("/P") is not None and element.P.objgen != document:
            element = element.P
        return element


def _extract(job: _Job, cargo: Cargo, target: Path) -> int:
    source, finder, exam, ranges, full = job.source, job.finder, job.exam, job.ranges, job.full
    first, last = cargo.first - 1, cargo.last - 1
    own = job.own.get(cargo.codigo)
    sects = []
    if own is None:  # the cargo's Sect, found in the full file's tree
        tops = {t for index in range(first, last + 1) for t in finder.tops(index)}
        outside = {t for index in (first - 1, last + 1) if 0 <= index < len(source.pages)
                   for t in finder.tops(index)}
        kids = [(objgen, kind) for objgen, kind in finder.outline.kids if objgen in tops]
        if not kids or tops & outside or any(kind != "/Sect" for _, kind in kids):
            raise NotExtractable(cargo.codigo)
        sects = [source.get_object(objgen) for objgen, _ in kids]
    covers = job.covers
    cover = None
    if covers.weasyprint:
        cover = _cover(exam, cargo, full, len(source.pages), job.sha, job.url, job.data_sha256,
                       target.with_suffix(".capa.pdf"), covers.verification, covers.styles)
        opened = pikepdf.open(cover)
        key = prepare_front(opened)
    else:
        opened, key = pdf_cover.new_cover(covers.drawn[cargo.codigo], covers.shared, covers.meta(cargo))
    try:
        with opened as pdf:
            cover_pages = len(pdf.pages)
            for index in range(first, last + 1):
                pdf.pages.append(job.pages[index])
            if own is None:
                _copy_sects(pdf, finder, sects, range(first, last + 1), cover_pages, key)
            else:  # tagged below, from the events, once saved
                for offset, page in enumerate(islice(pdf.pages, cover_pages, None)):
                    page.obj.StructParents = key + offset
            describe_links(pdf, cover_pages)
            mark_catalog(pdf)
            _output_intent(pdf)
            _outline(pdf, cargo, ranges, cover_pages)
            # The reader shows the full PDF's page numbers: "capa", then 701, 702…
            pdf.Root.PageLabels = pikepdf.Dictionary(Nums=pikepdf.Array([
                0, pikepdf.Dictionary(P=pikepdf.String("capa")),
                cover_pages, pikepdf.Dictionary(S=pikepdf.Name.D, St=cargo.first)]))
            pdf.Root.PageMode = pikepdf.Name.UseOutlines
            pdf.save(target, deterministic_id=True, compress_streams=True,
                     object_stream_mode=pikepdf.ObjectStreamMode.generate)
            pages = len(pdf.pages)
        if own is not None:
            events, before = own
            append_body_tree(target, cover_pages, events, key, tables=job.tables, sections_before=before)
        return pages
    finally:
        if cover is not None:
            cover.unlink(missing_ok=True)


def _copy_sects(pdf: pikepdf.Pdf, finder: _Finder, sects: list, pages: range, cover_pages: int, key: int) -> None:
    """The cargo's Sects copied out of the full PDF's tree under the cover's Document, with the ParentTree arrays
    and the notes' IDs of its pages (`pages`: 0-based in the full PDF; already appended after the cover)."""
    document = pdf.Root.StructTreeRoot.K
    document = document[0] if isinstance(document, pikepdf.Array) else document
    kids = list(_kids(document))
    for sect in sects:
        parent = sect.P
        del sect.P  # cut for the copy: everything above it stays behind
        try:
            copied = pdf.copy_foreign(sect)
        finally:
            sect.P = parent
        copied.P = document
        kids.append(copied)
    document.K = pikepdf.Array(kids)
    nums = pdf.Root.StructTreeRoot.ParentTree.Nums
    for offset, (index, page) in enumerate(zip(pages, islice(pdf.pages, cover_pages, None))):
        page = page.obj
        array = finder.array(index)
        page.StructParents = key + offset
        nums.extend([key + offset, pdf.copy_foreign(array) if array is not None else pikepdf.Array()])
    pdf.Root.StructTreeRoot.ParentTreeNextKey = key + len(pages)
    _id_tree(pdf, finder, {s.objgen for s in sects})


def _full_url(url: str, full: Path) -> str:
    """The full PDF's address the cover prints and links ('' when the site has no http address)."""
    return f"{url.rstrip('/')}/{full.name}" if url.startswith("http") else ""


@dataclass
class Covers:
    """The covers of one exam's extracts: drawn directly (texts laid out, fonts subset and coat of arms drawn
    once for all), or, when some text needs shaping, rendered by WeasyPrint one by one."""
    verification: str
    weasyprint: bool
    drawn: dict
    shared: object
    metadata: dict
    styles: dict = field(default_factory=dict)  # WeasyPrint's covers: the stylesheet parsed once (_cover_style)

    def meta(self, cargo: Cargo) -> dict:
        return {**self.metadata, "title": f"Extrato — {cargo.codigo} — {cargo.nome} — {self.metadata['title']}"}


def _covers(exam: dict, cargos: list[Cargo], full: Path, full_pages: int, sha: str, url: str, data_sha256: str,
            site_url: str, tmp: Path) -> Covers:
    """Every cover's text and drawing. Their footer prints what every page of the act prints
    (render/verification.footer_lines): the act's verification code and where to check it, the open data's
    hash, the edition's permanent address."""
    from .document import _created, _subject, _title
    from ..site.verification import code as verification_code, page_url

    code = verification_code(exam)
    verification = verification_text(data_sha256, url, code, page_url(site_url, code))
    lines = verification.split("\n")
    info = {"name": full.name, "pages": full_pages, "sha256": sha, "url": _full_url(url, full)}
    texts = {c.codigo: pdf_cover.cover_text(exam, c, info, lines) for c in cargos}
    metadata = {"title": _title(exam), "subject": _subject(exam), "author": exam["orgao"], "created": _created(exam),
                "keywords": f"concurso público, resultado final, extrato, {exam['jurisdicao']['nome']}"}
    if any(text.needs_shaping() for text in texts.values()):
        return Covers(verification, True, {}, None, metadata)
    arms = exam.get("brasao") or ""
    common = pdf_cover.shared(list(texts.values()), arms, tmp)
    drawn = {code: pdf_cover.draw(text, bool(arms)) for code, text in texts.items()}
    return Covers(verification, False, drawn, common, metadata)


def _kids(element: pikepdf.Object) -> list:
    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def _id_tree(pdf: pikepdf.Pdf, finder: _Finder, sects: set) -> None:
    """The notes' IDs (legal-basis notes of the nomination order) that the copied Sects hold."""
    names = pikepdf.Array()
    for name, element, top in finder.outline.notes:
        if top in sects:
            names.extend([pikepdf.String(name), pdf.copy_foreign(finder.pdf.get_object(element))])
    if len(names):
        pdf.Root.StructTreeRoot.IDTree = pdf.make_indirect(pikepdf.Dictionary(Names=names))


def _outline(pdf: pikepdf.Pdf, cargo: Cargo, ranges: dict, cover_pages: int) -> None:
    """Bookmarks: the cover, then the cargo and its sections, at their pages in the extract."""
    from .layout import GROUP_TITLES

    sections = sorted((r[0], str(k[1])) for k, r in ranges.items() if k[0] == cargo.codigo and k[1] != "cargo")
    with pdf.open_outline() as outline:
        outline.root.clear()
        outline.root.append(pikepdf.OutlineItem("Capa do extrato", 0))
        top = pikepdf.OutlineItem(f"{cargo.codigo} — {cargo.nome}", cover_pages)
        for page, key in sections:
            title = TITLES.get(key) or GROUP_TITLES.get(key, key)
            top.children.append(pikepdf.OutlineItem(title, cover_pages + page - cargo.first))
        outline.root.append(top)


TITLES = {"nomeacao": "Ordem de nomeação", "cadastro_reserva": "Cadastro de reserva",
          "comissao": "Resultados das comissões", "eliminados": "Eliminados", "desistencias": "Desistências"}


def _cover(exam: dict, cargo: Cargo, full: Path, full_pages: int, sha: str, url: str, data_sha256: str,
           out: Path, verification: str | None = None, styles: dict | None = None) -> Path:
    """The extract's first page rendered by WeasyPrint (masthead, act title, what the extract reproduces, closing
    block): only when its text needs shaping (RTL, combining marks), which the direct drawing leaves to it."""
    from weasyprint import HTML

    from .document import PDF_VARIANTS, _created, _subject, _title

    created = _created(exam)
    verification = verification_text(data_sha256, url) if verification is None else verification
    fonts, css = _cover_style(stylesheet(exam, verification, f'"{pdf_cover.COVER_FOLIO}"'),
                              {} if styles is None else styles)
    meta = {"title": f"Extrato — {cargo.codigo} — {cargo.nome} — {_title(exam)}", "subject": _subject(exam),
            "created": created.strftime("%Y-%m-%dT%H:%M:%SZ")}
    full_url = _full_url(url, full)
    html = environment().get_template("pdf/extract.html").render(
        exam=exam, meta=meta, cargo=cargo,
        full={"name": full.name, "pages": full_pages, "sha256": sha, "url": full_url}, **masthead(exam))
    document = HTML(string=html, base_url=str(out.parent)).render(stylesheets=[css], font_config=fonts)
    document.write_pdf(out, pdf_variant=PDF_VARIANTS[True], custom_metadata=True, output_intent="")
    return out


_COVER_PAGE = "@page :first { @top-left { content: none; border: 0 } @top-right { content: none; border: 0 } }\n"
def _cover_style(css: str, styles: dict) -> tuple:
    """The covers' stylesheet parsed once (with the fonts its @font-face rules load) and given to every cover of
    the exam: parsing it was a third of each cover's time. `styles` (Covers.styles, one exam's) keeps it. Given
    to WeasyPrint rather than written in a <style> (its cascade origin is then "user", not "author"): nothing else
    styles the cover but WeasyPrint's user-agent sheet, below both, so the PDF bytes are the same
    (tests/test_downloads.py compares the covers)."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    if css not in styles:
        fonts = FontConfiguration()
        styles[css] = (fonts, CSS(string=css + "\n" + _COVER_PAGE, font_config=fonts))
    return styles[css]
