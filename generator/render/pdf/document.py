"""The gazette PDF of one exam: paginate, draw body chunks in parallel while paginating, render the front matter
with WeasyPrint, merge as PDF/A-3b with the exam's open data embedded."""

from __future__ import annotations

import logging
import os
import pickle
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator

from markupsafe import Markup

from .direct import Chars, Frame, frame_chars, render_streams
from .html import (PROBE_ANCHOR, edition_line, folio_css, front_html, pages_html, running_left, stylesheet,
                   verification_text)
from .layout import GEOMETRY, Page, Typesetter, wrap
from .merge import assemble
from ..site.verification import code as verification_code, page_url as verification_url
from ...memory import frozen_heap
from ...processes import Workers

CHUNK_PAGES = 120  # pages per task: ~15k rows; small enough to pipeline, large enough to amortize the IPC
# Tagged: PDF/A-3a and PDF/UA-1 (WeasyPrint tags the front matter; pdf_direct and pdf_tags the body). Untagged
# (tagged=False) only as the benchmark's baseline.
PDF_VARIANTS = {True: "pdf/a-3a", False: "pdf/a-3b"}
ENGINES = {
    "auto": "body drawn directly; WeasyPrint for any chunk with text that needs shaping (RTL, combining marks)",
    "html": "every page through the WeasyPrint templates (slower: about 0.4 ms per line)",
}


class PdfError(RuntimeError):
    """The PDF could not be produced as planned."""


def build_pdf(exam_view: dict, position_views: Iterable[dict], out_path: Path, *,
              attachments: list[Path] | Callable[[], list[Path]], data_sha256: str | Callable[[bool], str | None],
              permanent_url: str, site_url: str = "", workers: int | None = None, engine: str = "auto",
              tagged: bool = True) -> dict:
    """Write the exam's gazette PDF to `out_path`; return its page count and the printed page range of every
    cargo, list, nomination order and commission section, keyed (codigo, grupo | "nomeacao" | "comissao"...),
    and, tagged, the body's structure events ("structure": render/pdf/tags.Structure, which the extracts are
    tagged from).

    The open data may still be being written (`pipeline.documents` writes it in another process meanwhile):
    `data_sha256` is then a function giving the package's hash, or None while it is not known (called with True,
    it waits), and `attachments` a function giving the files once written. The body is laid out all the same;
    its pages are drawn from the moment the hash, which their footer prints, is known.

    Every page's footer prints the act's verification code (render/verification: from its URN, known before any
    byte) and, with `site_url`, the address of the page that resolves it to this file's SHA-256 and signature."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {sorted(ENGINES)}")
    out_path = Path(out_path)
    workers = workers or os.cpu_count() or 1
    known: dict = {}
    code = verification_code(exam_view)
    verify_url = verification_url(site_url, code)

    def footer(wait: bool) -> bool:
        """Whether the verification footer is known (after waiting for it, with `wait`)."""
        if not known:
            sha = data_sha256 if isinstance(data_sha256, str) else data_sha256(wait)
            if sha is None:
                return False
            known["verification"] = verification_text(sha, permanent_url, code, verify_url)
            known["frame"] = _frame(exam_view, known["verification"])
        return True

    clock = [time.perf_counter()]
    with frozen_heap(), tempfile.TemporaryDirectory(prefix="gazeta-pdf-") as tmp, \
            Workers(workers, "do desenho do PDF") as pool, _Progress() as progress:
        tmp = Path(tmp)
        # Body pages do not depend on the page total or the front matter's length (the folio is a separate
        # content stream), so chunks render while the typesetter is still laying out the next cargos.
        chunks, spooled = [], []
        paginated = progress.task(f"PDF {out_path.name}: paginando (blocos)")

        def draw(wait: bool = False) -> None:
            """Hand the spooled chunks to the workers, in order, once the footer is known."""
            if spooled and footer(wait):
                for path, first, count in spooled:
                    chunks.append((first, count, pool.submit(render_body, (str(path), known["frame"], engine,
                                                                           tagged))))
                spooled.clear()

        def submit(path: Path, first: int, count: int) -> None:
            spooled.append((path, first, count))
            draw()
            paginated()

        setter = _paginate(position_views, tmp, submit)
        paginated.end()
        footer(True)
        draw(True)
        verification = known["verification"]
        clock.append(time.perf_counter())
        created = _created(exam_view)
        front = progress.task(f"PDF {out_path.name}: capa, ato e sumário", 1)
        front_path, front_pages = _render_front(exam_view, setter, setter.count, verification, permanent_url,
                                                created, tmp, tagged, rules_url(exam_view, site_url))
        front()
        clock.append(time.perf_counter())
        total = front_pages + setter.count
        css = stylesheet(exam_view, verification, folio_css(total, first_page_from_counter=False))
        # The act's text first (its signatures close it), then each cargo with its annexes.
        outline = [(1, _act_title(exam_view), 0)] + [(e.level, e.title, front_pages + e.first) for e in setter.entries]
        parts = _parts(chunks, pool, front_pages, total, css, _title(exam_view), tagged,
                       progress.task(f"PDF {out_path.name}: desenhando", len(chunks)))
        files = attachments if isinstance(attachments, list) else attachments()
        pages, structure = assemble(front_path, parts, outline, out_path, frame_chars(known["frame"]), total, tagged,
                         attachments=(files, created, workers), submit=pool.submit)
        clock.append(time.perf_counter())
    if pages != total:
        raise PdfError(f"O PDF tem {pages} páginas, mas a paginação previa {total}.")
    ranges = {e.key: (front_pages + e.first + 1, front_pages + e.last + 1) for e in setter.entries}
    # Seconds per phase: typesetting (body chunks render meanwhile), front matter, the rest of the body plus the
    # attachments, merge and save.
    phases = dict(zip(("layout", "front", "merge"), (b - a for a, b in zip(clock, clock[1:]))))
    return {"pages": pages, "front_pages": front_pages, "rows": setter.rows, "chunks": len(chunks),
            "ranges": ranges, "seconds": phases, "structure": structure}


# -- pagination ------------------------------------------------------------------------------------------------
def _paginate(views: Iterable[dict], tmp: Path, on_chunk: Callable[[Path, int, int], None]) -> Typesetter:
    """Lay out all cargos, spooling pages to disk in chunks (memory stays flat at national scale) and handing
    each chunk (path, first body page index, page count) to `on_chunk` as soon as it is full."""
    buffer: list[Page] = []
    done = [0, 0]  # chunks, pages

    def flush() -> None:
        path = tmp / f"chunk-{done[0]:05d}.pickle"
        path.write_bytes(pickle.dumps(buffer, protocol=pickle.HIGHEST_PROTOCOL))
        on_chunk(path, done[1], len(buffer))
        done[0] += 1
        done[1] += len(buffer)
        buffer.clear()

    def emit(page: Page) -> None:
        buffer.append(page)
        if len(buffer) >= CHUNK_PAGES:
            flush()

    setter = Typesetter(emit)
    for view in views:
        setter.position(view)
    setter.finish()
    if buffer:
        flush()
    return setter


# -- front matter ----------------------------------------------------------------------------------------------
def rules_url(exam: dict, site_url: str) -> str:
    """The site's «Regras aplicadas» page, where the notes the PDF prints are published with every rule applied
    (render/site/pages.py writes it when the exam has rules and notes); '' without a site address."""
    if not (site_url and exam.get("regras") and exam.get("notas")):
        return ""
    return f"{site_url.rstrip('/')}/certames/{exam['slug']}/regras/#notas"


def _act_title(exam: dict) -> str:
    """The outline's first entry: the act itself (its text, notes and signatures), as its heading names it."""
    act = exam.get("ato") or {}
    return act["titulo"] if act.get("numero") else exam["titulo"]  # as templates/pdf/_act_heading.html


def _render_front(exam: dict, setter: Typesetter, body_pages: int, verification: str, url: str,
                  created: datetime, tmp: Path, tagged: bool = True, rules: str = "") -> tuple[Path, int]:
    """Render the masthead, act and table of contents; re-render until its own page count is stable (the
    table of contents prints page numbers that depend on it)."""
    from weasyprint import HTML

    meta = {"title": _title(exam), "subject": _subject(exam), "created": created.strftime("%Y-%m-%dT%H:%M:%SZ")}
    css = stylesheet(exam, verification, folio_css(body_pages, first_page_from_counter=True))
    front_pages = 1  # a short index fits page 1 with the act
    if len(setter.entries) > 60:  # a long one: the act alone first (a fraction of a second), where its index starts
        probe = HTML(string=front_html(exam, meta, [], [], css, setter.annexes, rules, probe=True),
                     base_url=str(tmp)).render()
        front_pages = _front_guess(setter.entries, body_pages, len(probe.pages),
                                   probe.pages[-1].anchors[PROBE_ANCHOR][1] * 0.75, _citation(exam, url, (1, 1)))
    for _ in range(6):
        citation = _citation(exam, url, (1, front_pages + body_pages))
        toc = [{"level": e.level, "title": e.title, "page": front_pages + e.first + 1} for e in setter.entries]
        css = stylesheet(exam, verification, folio_css(front_pages + body_pages, first_page_from_counter=True))
        document = HTML(string=front_html(exam, meta, toc, citation, css, setter.annexes, rules),
                        base_url=str(tmp)).render()
        if len(document.pages) == front_pages:
            path = tmp / "front.pdf"
            # output_intent="": the merge adds the sRGB output intent itself (WeasyPrint's own leaves its ICC
            # file open, a ResourceWarning), for the whole merged file; attachments are embedded there too.
            document.write_pdf(path, pdf_variant=PDF_VARIANTS[tagged], custom_metadata=True, output_intent="")
            return path, front_pages
        front_pages = len(document.pages)
    raise PdfError("A paginação do sumário não se estabilizou.")


def _front_guess(entries: list, body_pages: int, act_pages: int, act_end: float, citation: list) -> int:
    """The front matter's page count, guessed before WeasyPrint lays out its index, so that its first pass usually
    is the only one: each pass over 200 cargos' index costs seconds (the loop of `_render_front` still checks the
    count, so a wrong guess costs a pass, never a wrong page number). `act_pages` and `act_end` (points from the
    page's top): where the act alone ends. The index as templates/pdf/gazette.css sets it: a heading over the full
    width, then two columns, each entry wrapped as our own layout wraps (the same font metrics: cargos in bold,
    their lists indented 8 pt) with its dot leader and page number, 3 pt above each cargo, the columns balanced on
    the last page; then «Como citar» (a heading and its `citation` lines over the full width)."""
    g = GEOMETRY
    column = (g.body_w - g.gap) / 2
    number = " . . . " + "9" * len(str(body_pages + 99))
    height = 0.0
    for entry in entries:
        bold = entry.level == 1
        lines = wrap(entry.title + number, column - (0 if bold else 8), "bold" if bold else "regular", g.size)
        height += len(lines) * g.leading + (3 if bold else 0)
    heading = 10 + 12 + 4 + 0.6
    top = act_end - g.margin_top + heading  # where the columns start on the act's last page
    pages, first = act_pages, max(0.0, g.body_h - top)
    if height <= 2 * first:
        end = top + height / 2
    else:
        rest = height - 2 * first
        pages += -(-int(rest) // int(2 * g.body_h))
        end = (rest - (pages - act_pages - 1) * 2 * g.body_h) / 2
    lines = sum(len(wrap(Markup(line).striptags(), g.body_w)) for line in citation)
    cited = heading + lines * g.leading if citation else 0
    return pages + (1 if end + cited > g.body_h else 0)


def _frame(exam: dict, verification: str) -> Frame:
    """Running header and footer of directly drawn pages: the same texts the stylesheet puts in margin boxes."""
    pub = exam["publicacao"]
    return Frame(running_left(exam), edition_line(pub),
                 verification.split("\n"))


def _created(exam: dict) -> datetime:
    """The act's publication date (midnight UTC): a 2023 edition says it was created in 2023, and the same input
    always gives the same bytes (SOURCE_DATE_EPOCH is the newest act's date in a build of several exams)."""
    return datetime.fromisoformat(exam["publicacao"]["data"]).replace(tzinfo=timezone.utc)


def _title(exam: dict) -> str:
    pub = exam["publicacao"]
    edition = f", edição nº {pub['edicao']}" if pub.get("edicao") else ""
    act = exam.get("ato") or {}
    name = f"{act['titulo']}: {exam['titulo']}" if act.get("numero") or act.get("identificador") else exam["titulo"]
    return f"{name} — {pub['diario']}{edition}, {pub['data_extenso']}"


def _subject(exam: dict) -> str:
    return (f"Resultado de concurso público: listas de classificação, ordem de nomeação e resultados das "
            f"comissões. {exam['orgao']}, {exam.get('edital', '')}").strip(", ")


def _citation(exam: dict, url: str, pages: tuple[int, int]) -> list[str]:
    """Citation lines from the site's citation helpers (generator.render.cite), never duplicated here."""
    try:
        from .. import cite
    except ImportError:  # the site's helpers are optional for the PDF
        return []
    from markupsafe import Markup

    return [Markup("ABNT NBR 6023: ") + cite.abnt_html(exam, url=url, pages=pages), f"URN: {cite.urn(exam)}"]


# -- body chunks -----------------------------------------------------------------------------------------------
def render_body(task: tuple) -> tuple[str, object]:
    """Draw one spooled chunk of body pages; leave it to WeasyPrint (after the total is known) when asked or
    when its text needs shaping."""
    spool, frame, engine, tagged = task
    spool = Path(spool)
    pages = pickle.loads(spool.read_bytes())
    chars = Chars(pages)
    if engine == "html" or chars.need_shaping():
        return "html", str(spool)
    spool.unlink()
    return "streams", render_streams(pages, frame, tagged, chars)


def _parts(chunks: list[tuple], pool: Workers, front_pages: int, total: int, css: str, title: str, tagged: bool,
           advance: Callable[[], None]) -> Iterator[tuple[str, object]]:
    """The body in order for the merge: ("streams", (streams, chars, first folio)) or ("pdf", path)."""
    results = []
    for first, count, pending in chunks:
        kind, payload = pending.get()
        folio = front_pages + first + 1
        if kind == "html":  # now that the total is known, the templates can print "Página X de Y"
            payload = pool.submit(_weasyprint_spool, (payload, folio, count, css, title, tagged))
        results.append((kind, payload, folio))
        advance()
    for kind, payload, folio in results:
        if kind == "html":
            yield "pdf", Path(payload.get())
        else:
            streams, chars = payload
            yield "streams", (streams, chars, folio)


def _weasyprint_spool(task: tuple) -> str:
    spool, first, count, css, title, tagged = task
    spool = Path(spool)
    pages = pickle.loads(spool.read_bytes())
    spool.unlink()
    return str(_weasyprint_chunk(pages, first, count, css, title, spool.with_suffix(".pdf"), tagged))


def _weasyprint_chunk(pages: list[Page], first: int, count: int, css: str, title: str, out: Path,
                      tagged: bool = True) -> Path:
    """Render body pages with the HTML templates; their page count must match the layout."""
    from weasyprint import HTML

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    document = HTML(string=pages_html(pages, first, css, title), base_url=str(out.parent)).render()
    if len(document.pages) != count:
        raise PdfError(f"Bloco de páginas a partir da {first}: {len(document.pages)} páginas renderizadas, "
                       f"{count} previstas (uma linha não coube na coluna).")
    document.write_pdf(out, pdf_tags=tagged)  # grafted into the structure tree at the merge (pdf_tags.graft)
    return out


class _Progress:
    """The PDF's bars, in the command's progress session (generator.progress) or a session of its own."""

    def __enter__(self) -> "_Progress":
        from ... import progress

        self._session = progress.session()
        self._session.__enter__()
        return self

    def task(self, label: str, total: int | None = None) -> Callable[[], None]:
        """A bar (or, with no total, a counter) and the function that advances it by one."""
        from ... import progress

        return progress.task(label, total)

    def __exit__(self, *exc):
        return self._session.__exit__(*exc)
