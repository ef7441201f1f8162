"""HTML of the gazette PDF from the templates in templates/pdf/: front matter and body page chunks."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from ..safe_markdown import act_html
from .fonts import FACES, font_path
from .layout import GEOMETRY, Page, annexes_sentence

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
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


PREVIEW_MARK = "PRÉVIA — NÃO PUBLICADO"


def running_left(exam: dict) -> str:
    """The running header's left part: the gazette's name; on every page of a preview (an act declared and not yet
    published, issue 19 item 1), the preview mark before it."""
    name = exam["publicacao"]["diario"].upper()
    return f"{PREVIEW_MARK} · {name}" if exam.get("previa") else name


def stylesheet(exam: dict, verification: str, folio: str) -> str:
    """The gazette CSS for one document (`folio` is the CSS content of the page number box)."""
    pub = exam["publicacao"]
    return environment().get_template("pdf/gazette.css").render(
        g=GEOMETRY, fonts={face: font_path(face).as_uri() for face in FACES},
        running_left=running_left(exam),
        running_right=edition_line(pub),
        verification=verification, folio=folio,
    )


def verification_text(data_sha256: str, permanent_url: str, code: str = "", verify_url: str = "") -> str:
    """The footer's lines on every page (render/verification.footer_lines): the act's verification code and its
    page, the hash of the attached open data (said to be theirs), the edition's permanent address."""
    from ..site.verification import footer_lines

    return "\n".join(footer_lines(code, verify_url, data_sha256, permanent_url))


def folio_css(total: int, first_page_from_counter: bool) -> str:
    """CSS content for "Página X de Y": the page counter (front) or the folio string set by each body page."""
    number = "counter(page)" if first_page_from_counter else "string(folio)"
    return f'"Página " {number} " de {int(total)}"'


# The masthead's gazette name: 20 pt when it fits one line, smaller down to MASTHEAD_MIN; below that, two balanced
# lines broken only between words, never after a particle (issue 12: "MATO GROSSO / DO SUL" split a proper name).
MASTHEAD_MAX, MASTHEAD_MIN, MASTHEAD_SPACING = 20.0, 12.0, 0.5
_PARTICLES = {"DE", "DO", "DA", "DOS", "DAS", "E", "D'"}


def masthead_name(name: str) -> dict:
    """The gazette's name as the masthead prints it: {"lines": [...], "size": pt, "leading": pt}."""
    from .fonts import width

    text = " ".join(name.upper().split())
    room = GEOMETRY.body_w - 2  # a hair under the column: rounding in WeasyPrint's own measure

    def wide(line: str, size: float) -> float:
        return width(line, "bold", size) + MASTHEAD_SPACING * len(line)

    size = MASTHEAD_MAX
    while size > MASTHEAD_MIN and wide(text, size) > room:
        size -= 0.5
    if wide(text, size) <= room:
        return {"lines": [text], "size": size, "leading": round(size * 1.2, 1)}
    words = text.split(" ")
    # break points: after a word that is not a particle, before a word that does not join the previous one
    cuts = [k for k in range(1, len(words)) if words[k - 1] not in _PARTICLES]
    best = min(cuts or [len(words) // 2 or 1],
               key=lambda k: abs(wide(" ".join(words[:k]), 1) - wide(" ".join(words[k:]), 1)))
    lines = [" ".join(words[:best]), " ".join(words[best:])]
    size = MASTHEAD_MAX
    while size > 8 and max(wide(line, size) for line in lines) > room:
        size -= 0.5
    return {"lines": lines, "size": size, "leading": round(size * 1.2, 1)}


def edition_year(pub: dict) -> str:
    """The masthead's "Ano": the gazette's own count (certame.toml `ano`, e.g. "VIII") or, when it does not give one,
    the calendar year of the edition (the masthead always states it; issue 12)."""
    return str(pub.get("ano") or "").strip() or pub["data"][:4]


PROBE_ANCHOR = "fim-do-ato"


def front_html(exam: dict, meta: dict, toc: list[dict], citation: list[str], css: str, annexes: int = 0,
               rules_url: str = "", probe: bool = False) -> str:
    """Masthead, then the act's text: title, preamble, body (a retificação's passages, a convocação's places), the
    sentence naming its `annexes`, the notes on the readings adopted (citing the site's «Regras aplicadas» page at
    `rules_url`) and the closing block with the signatures; after it the index of the annexes and the citation.
    `probe`: an element with the id PROBE_ANCHOR right after the act, whose position tells where the index starts
    (render/pdf/document._front_guess); never in a PDF that is written."""
    return environment().get_template("pdf/front.html").render(
        exam=exam, meta=meta, toc=toc, citation=citation, css=css, page_link=PAGE_LINK,
        annexes=annexes_sentence(annexes), rules_url=rules_url, probe_anchor=PROBE_ANCHOR if probe else "",
        preamble_html=preamble_html(exam.get("preambulo_md", "")), **masthead(exam))


def masthead(exam: dict) -> dict:
    """What the masthead template needs besides the exam: the name's lines and size, the year, the coat of arms."""
    pub = exam["publicacao"]
    arms = exam.get("brasao")
    return {"gazette_name": masthead_name(pub["diario"]), "gazette_year": edition_year(pub),
            "coat_of_arms": Path(arms).resolve().as_uri() if arms else "",
            "coat_of_arms_alt": f"Brasão: {exam['jurisdicao']['nome']}"}


def pages_html(pages: list[Page], first: int, css: str, title: str) -> str:
    """A chunk of body pages numbered from `first`."""
    return environment().get_template("pdf/pages.html").render(pages=pages, first=first, css=css, title=title)

