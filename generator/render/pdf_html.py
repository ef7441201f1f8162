"""HTML of the gazette PDF from the templates in templates/pdf/: front matter and body page chunks."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from .safe_markdown import act_html
from .pdf_fonts import FACES, font_path
from .pdf_layout import GEOMETRY, Page

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Table-of-contents links point at pages of other chunks, unknown to WeasyPrint: it writes them as URI links with
# this scheme, which the merge turns into links to the page (pdf_merge.resolve_page_links).
PAGE_LINK = "gazeta-pagina:"


def css_string(value: object) -> str:
    """A CSS string literal; every non-alphanumeric character escaped, so data cannot end the string or the style."""
    out = []
    for ch in str(value):
        if ch.isalnum() or ch == " ":
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):06x} ")  # the space ends the escape and is consumed
    return '"' + "".join(out) + '"'


@lru_cache(maxsize=1)
def environment() -> Environment:
    """Jinja environment for the print templates (autoescaped)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"], default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["css_string"] = css_string
    return env


def preamble_html(text: str) -> str:
    """The act's editorial Markdown as HTML: raw HTML printed verbatim, never run; only absolute http(s) and mailto
    links and images (safe_markdown)."""
    # The act's title is the document's only H1 (PDF/UA: one logical heading hierarchy); the preamble's own
    # headings go one level down and keep their look (.act h1, .act .preamble h2 in gazette.css).
    return re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m[1]}h{int(m[2]) + 1}", act_html(text, relative=False))


def edition_line(pub: dict) -> str:
    """The running header's right part: "Edição nº 1521 · 10 de junho de 2024" (no number when unknown)."""
    kind = (" extra" if pub.get("extra") else "") + (" (suplemento)" if pub.get("suplemento") else "")
    if pub.get("edicao"):
        return f"Edição nº {pub['edicao']}{kind} · {pub['data_extenso']}"
    return f"Edição{kind} · {pub['data_extenso']}" if kind else pub["data_extenso"]


def stylesheet(exam: dict, verification: str, folio: str) -> str:
    """The gazette CSS for one document (`folio` is the CSS content of the page number box)."""
    pub = exam["publicacao"]
    return environment().get_template("pdf/gazette.css").render(
        g=GEOMETRY, fonts={face: font_path(face).as_uri() for face in FACES},
        running_left=pub["diario"].upper(),
        running_right=edition_line(pub),
        verification=verification, folio=folio,
    )


def verification_text(data_sha256: str, permanent_url: str) -> str:
    """The footer's verification lines: the data package digest and the edition's permanent address."""
    lines = [f"Verificação: SHA-256 do pacote de dados (datapackage.json) {data_sha256}"] if data_sha256 else []
    if permanent_url:
        lines.append(f"Edição permanente: {permanent_url}")
    return "\n".join(lines)


def folio_css(total: int, first_page_from_counter: bool) -> str:
    """CSS content for "Página X de Y": the page counter (front) or the folio string set by each body page."""
    number = "counter(page)" if first_page_from_counter else "string(folio)"
    return f'"Página " {number} " de {int(total)}"'


def front_html(exam: dict, meta: dict, toc: list[dict], citation: list[str], css: str) -> str:
    """Masthead, act title, preamble, body (a retificação's passages, a convocação's places), closing block, table
    of contents and citation."""
    return environment().get_template("pdf/front.html").render(
        exam=exam, meta=meta, toc=toc, citation=citation, css=css, page_link=PAGE_LINK,
        preamble_html=preamble_html(exam.get("preambulo_md", "")))


def pages_html(pages: list[Page], first: int, css: str, title: str) -> str:
    """A chunk of body pages numbered from `first`."""
    return environment().get_template("pdf/pages.html").render(pages=pages, first=first, css=css, title=title)

