"""Every citation opens a page that shows what it cites (issue 19 item 2).

Walks every page of the built example site that has a "Como citar" box with a PDF: opens the cited PDF at the cited
pages (and each correction the box cites, at its pages) and finds there every row of the page's lists, with the score
the web page shows. A row whose score a retificação changed is found in the retificação, with the new score."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) ausente")


class _Page(HTMLParser):
    """The cited PDF links of a "Como citar" box and the (inscrição, nota) of each list row of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.in_cite = False
        self.links: list[tuple[str, str]] = []  # (href, text after the link: "p. 7" or "(…, p. 1–2)")
        self.rows: list[tuple[str, str]] = []
        self._href = None
        self._after = ""
        self._header: list[str] = []
        self._cells: list[str] = []
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and attrs.get("class") == "citar":
            self.in_cite = True
        if self.in_cite and tag == "a" and ".pdf" in (attrs.get("href") or ""):
            self._close_link()
            self._href = attrs["href"]
        if tag == "tr":
            self._row, self._cells = attrs.get("id"), []
        if tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._cells.append(" ".join(self._cell.split()))
            self._cell = None
        if tag == "tr":
            if self._row is None and "Nota" in self._cells:
                self._header = self._cells
            elif self._row and self._row.startswith("i-") and "Nota" in self._header:
                column = self._header.index("Nota")
                if column < len(self._cells) and re.fullmatch(r"\d+,\d+", self._cells[column]):
                    self.rows.append((self._row[2:], self._cells[column]))
            self._row = None
        if tag == "p" and self._href:
            self._close_link()
        if tag == "section" and self.in_cite:
            self._close_link()
            self.in_cite = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if self._href:
            self._after += data

    def _close_link(self):
        if self._href:
            self.links.append((self._href, self._after))
        self._href, self._after = None, ""


def _pages(text: str) -> tuple[int, int] | None:
    match = re.search(r"p\. (\d+)(?:[–-](\d+))?", text)
    if not match:
        return None
    first = int(match.group(1))
    return first, int(match.group(2) or first)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("citacoes") / "site"
    build(ROOT / "content", out, pdf=True)
    return out


def _pdf_text(site: Path, href: str, pages: tuple[int, int], cache: dict) -> str:
    path = site / urlsplit(href).path.lstrip("/")
    key = (path, pages)
    if key not in cache:
        assert path.is_file(), f"o PDF citado não existe no site: {href}"
        cache[key] = subprocess.run(["pdftotext", "-f", str(pages[0]), "-l", str(pages[1]), str(path), "-"],
                                    capture_output=True, text=True, check=True).stdout
    return cache[key]


def test_every_citation_opens_pages_that_show_the_rows_it_cites(site):
    cache: dict = {}
    walked = rows_checked = corrected = 0
    for page in sorted(site.rglob("index.html")):
        parsed = _Page()
        parsed.feed(page.read_text(encoding="utf-8"))
        if not parsed.links or not parsed.rows:
            continue
        walked += 1
        texts = []
        for href, after in parsed.links:
            fragment = urlsplit(href).fragment
            cited = _pages(after)
            assert cited is not None, f"{page}: citação sem páginas: {href}"
            assert fragment == f"page={cited[0]}", f"{page}: o link abre a p. {fragment}, a citação diz {cited}"
            texts.append(_pdf_text(site, href, cited, cache))
        for registration, score in parsed.rows:
            pattern = re.compile(rf"\b{registration}\b.*\b{re.escape(score)}\b|\b{re.escape(score)}\b.*\b{registration}\b")
            found = [k for k, text in enumerate(texts) if any(pattern.search(line) for line in text.splitlines())]
            assert found, (f"{page.relative_to(site)}: a inscrição {registration} com nota {score} não está nas "
                           f"páginas citadas {[a for _, a in parsed.links]}")
            rows_checked += 1
            corrected += found[0] > 0
    assert walked >= 10 and rows_checked >= 200
    assert corrected >= 1, "a nota corrigida pela retificação deveria ser achada na retificação citada"
