"""Body pages drawn straight into PDF content streams from the same layout the HTML templates render.

WeasyPrint spends about 0.4 ms per text line (layout, then drawing glyph by glyph in Python); a national exam has
millions of lines. Our layout already fixes every line's text and position, so here we only write them: one shared
embedded font per face (TrueType subset, Identity-H, ToUnicode for search and copy), one content stream per page.
Scripts that need shaping or bidi reordering (Arabic, Hebrew, combining marks) are left to WeasyPrint (`needs_shaping`).
"""

from __future__ import annotations

import hashlib
import io
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache

import pikepdf
from fontTools import subset
from fontTools.ttLib import TTFont

from .fonts import FACES, font_path, metrics, width
from .layout import GEOMETRY, Geometry, Line, Page
from .tags import encode

RESOURCE = {"regular": "/R", "bold": "/B", "italic": "/I"}
LINE_FACE = {"t": "bold", "T": "bold", "h": "bold", "H": "bold", "b": "italic", "n": "italic", "p": "italic",
             "e": "italic", "r": "regular", "s": "regular", "g": "regular"}
LABEL_SEP = " · "  # between column labels: the header row's cells
# Running header, footer and rules: artifacts (ISO 32000-1 §14.8.2.2), not read as content.
HEADER = "/Artifact <</Type/Pagination/Subtype/Header>> BDC"
FOOTER = "/Artifact <</Type/Pagination/Subtype/Footer>> BDC"
ARTIFACT = "/Artifact BMC"
# zlib's level for the body pages' content streams: 5, not the default 6. On the 100k synthetic exam's pages
# (bench/bench_levels.py) it took 0.62 of level 6's CPU for 7 % more content bytes (2 % of the PDF); level 4
# already costs 20 % more. Drawing is most of the PDF's CPU at national scale.
LEVEL = 5
_COMPLEX_BIDI = {"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "RLI", "LRI", "FSI"}


class _Plain(dict):
    """Character → whether we can draw it glyph by glyph in one face: in the font, left to right, not combining.
    Filled on first sight: a national exam repeats the same few hundred characters millions of times."""

    def __init__(self, face: str):
        super().__init__()
        self.glyphs = _glyphs(face)

    def __missing__(self, c: str) -> bool:
        plain = c in self.glyphs and unicodedata.bidirectional(c) not in _COMPLEX_BIDI and not unicodedata.combining(c)
        self[c] = plain
        return plain


@lru_cache(maxsize=None)
def _plain(face: str) -> _Plain:
    return _Plain(face)


def needs_shaping(text: str, face: str = "regular") -> bool:
    """Whether `text` has characters our plain glyph-by-glyph drawing would misplace (RTL, combining marks) or
    that DejaVu lacks (WeasyPrint would find a fallback font for them)."""
    return not text.isascii() and not all(map(_plain(face).__getitem__, text))


class Chars:
    """The texts of consecutive body pages by face: the characters each face draws, and whether any line needs a
    shaping engine (`needs_shaping` of each line, asked once per face of the union of its non-ASCII lines: per
    line and character it was 10 CPU s of the national exam's drawing)."""

    def __init__(self, pages: list[Page]):
        texts: dict[str, list[str]] = {face: [] for face in FACES}
        for page in pages:
            for col in page.cols:
                for cls, text, *_ in col:
                    texts[LINE_FACE[cls]].append(text)
            texts["bold"].extend(page.heading or [])
            texts["regular"].append(page.summary or "")
        self.texts = texts

    def used(self) -> dict[str, set[str]]:
        return {face: set("".join(texts)) for face, texts in self.texts.items()}

    def need_shaping(self) -> bool:
        # an ASCII line never needs shaping (needs_shaping); any other needs it if one of its characters does
        return any(not all(map(_plain(face).__getitem__, set("".join(t for t in texts if not t.isascii()))))
                   for face, texts in self.texts.items())


@lru_cache(maxsize=None)
def _glyphs(face: str) -> dict[str, str]:
    """Character → 4-digit hex glyph id in the original font (kept by the subset: retain_gids)."""
    font = TTFont(font_path(face), lazy=True)
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    table = {chr(code): f"{order[name]:04X}" for code, name in font.getBestCmap().items()}
    font.close()
    return table


class _Hex(dict):
    """_glyphs with .notdef ("0000") for a character the font lacks."""

    def __missing__(self, c: str) -> str:
        return "0000"


@lru_cache(maxsize=None)
def _hex(face: str) -> _Hex:
    return _Hex(_glyphs(face))


def hex_text(text: str, face: str) -> str:
    """The PDF hex string of `text` in `face`; characters the font lacks become .notdef. (map over the table's own
    lookup: 1.75x faster than a generator of dict.get, and this is a fifth of the national exam's drawing.)"""
    return "".join(map(_hex(face).__getitem__, text))


@dataclass(frozen=True)
class Frame:
    """What every body page repeats: running header and verification footer (the folio is drawn apart)."""

    running_left: str
    running_right: str
    verification: list[str]


class Painter:
    """Content stream of one body page."""

    def __init__(self, frame: Frame, g: Geometry = GEOMETRY, tagged: bool = True):
        self.frame = frame
        # Marked-content operators; all empty when untagged (the benchmark's baseline, `build_pdf(tagged=False)`).
        self.tagged = tagged
        self.header, self.footer, self.artifact = (HEADER, FOOTER, ARTIFACT) if tagged else ("", "", "")
        self.end, self.emc = ("EMC", " EMC") if tagged else ("", "")
        self.g = g
        ascent, descent = 1901 / 2048, 483 / 2048  # DejaVu hhea, all three faces
        self.half_leading = (g.leading - (ascent + descent) * g.size) / 2
        self.ascent = ascent

    def page(self, page: Page) -> tuple[bytes, str]:
        """Draw the frame, the cargo heading (if any) and both columns, marking content for the structure tree;
        not the folio (see `folio_stream`). Returns the content stream and the page's structure events."""
        g = self.g
        self.mcid = 0
        self.events: list[tuple] = []
        out: list[str] = ["BT", self.header]
        top = g.page_h - g.margin_top
        out += self._text("bold", 7, g.margin_x, top + 5, self.frame.running_left)
        right = self.frame.running_right
        out += self._text("regular", 7, g.page_w - g.margin_x - width(right, "regular", 7), top + 5, right)
        out += [self.end, self.footer]
        y = g.margin_bottom - 4 - 0.93 * 5.5
        for line in self.frame.verification:
            out += self._text("regular", 5.5, g.margin_x, y, line)
            y -= 6.6
        out.append(self.end)
        rules = [(top + 1.5, g.margin_x, g.page_w - g.margin_x), (g.margin_bottom - 1.5, g.margin_x, g.page_w - g.margin_x)]
        if page.heading:
            base = top - (g.head_leading - (self.ascent + 483 / 2048) * g.head_size) / 2 - self.ascent * g.head_size
            # One marked-content sequence for all the heading's lines: one MCID, read as one heading.
            self.events.append(("H2", self._mark("H2", out)))
            for k, text in enumerate(page.heading):
                out += self._text("bold", g.head_size, g.margin_x, base, _joined(text, k + 1 < len(page.heading)))
                base -= g.head_leading
            out.append(self.end)
            summary_base = top - len(page.heading) * g.head_leading - self.half_leading - self.ascent * g.size
            self.events.append(("P", self._mark("P", out)))
            out += self._text("regular", g.size, g.margin_x, summary_base, page.summary or "")
            out.append(self.end)
            rules.append((top - len(page.heading) * g.head_leading - g.leading - 0.3, g.margin_x,
                          g.page_w - g.margin_x))
        col_top = top - page.head_h
        for index, col in enumerate(page.cols):
            x = g.margin_x + index * (g.col_w + g.gap)
            out += self._column(col, x, col_top)
        out.append("ET")
        out += [self.artifact, "0.6 w"]
        out += [f"{x1:.2f} {y:.2f} m {x2:.2f} {y:.2f} l S" for y, x1, x2 in rules]
        out.append(self.end)
        return "\n".join(out).encode("ascii"), encode(self.events)

    def _mark(self, tag: str, out: list[str]) -> int:
        """Open marked content with the next MCID; the caller closes it (EMC)."""
        mcid = self.mcid
        self.mcid += 1
        if self.tagged:
            out.append(f"/{tag} <</MCID {mcid}>> BDC")
        return mcid

    def _column(self, lines: list[Line], x: float, top: float) -> list[str]:
        """One column: consecutive lines with the text leading operator, switching font by line class; each line
        (each cell of a row) marked for the structure tree, repeated titles and labels as artifacts."""
        g = self.g
        out = [f"{g.leading} TL", f"1 0 0 1 {x:.2f} {top - self.half_leading - self.ascent * g.size:.2f} Tm"]
        face = None
        events = self.events
        for index, (cls, text, *structure) in enumerate(lines):
            wanted = LINE_FACE[cls]
            if wanted != face:
                out.append(f"{RESOURCE[wanted]} {g.size} Tf")
                face = wanted
            if not text:
                out.append("T*")
            elif cls in "TH":
                out.append(f"{self.artifact} <{hex_text(text, face)}> Tj{self.emc} T*")
            elif cls == "h":
                cells = []
                parts = text.split(LABEL_SEP)
                for k, part in enumerate(parts):
                    cells.append(self._mark("TH", out))
                    out.append(f"<{hex_text(part, face)}> Tj{self.emc}")
                    if k + 1 < len(parts):
                        out.append(f"{self.artifact} <{hex_text(LABEL_SEP, face)}> Tj{self.emc}")
                out.append("T*")
                if events and events[-1][0] == "TH":  # labels wrapped onto a second line: more header cells
                    events[-1] += tuple(cells)
                else:
                    events.append(("TH", *cells))
            elif structure:
                more = index + 1 < len(lines) and lines[index + 1][0] in "sb"
                out += self._pieces(cls, _joined(text, more), structure[0], face)
            elif cls == "t":  # a title's lines share one marked-content sequence: one MCID per heading
                if index == 0 or lines[index - 1][0] != "t":
                    events.append(("H3", self._mark("H3", out)))
                more = index + 1 < len(lines) and lines[index + 1][0] == "t"
                out.append(f"<{hex_text(_joined(text, more), face)}> Tj")
                out.append("T*" if more else f"{self.end} T*")
            else:
                kind = {"r": "P", "p": "P", "e": "E", "s": "C", "b": "C"}[cls]
                mcid = self._mark("P" if kind in ("P", "E") else "Span", out)
                more = index + 1 < len(lines) and lines[index + 1][0] in "sb"
                out.append(f"<{hex_text(_joined(text, more), face)}> Tj{self.emc} T*")
                events.append((kind, mcid))
        return out

    def _pieces(self, cls: str, text: str, structure, face: str) -> list[str]:
        """A line cut into cells (a row's first line), a note's first line, or a line ending in a note marker."""
        out: list[str] = []
        if cls == "n":
            mcid = self._mark("Note", out)
            out.append(f"<{hex_text(text, face)}> Tj{self.emc} T*")
            self.events.append(("N", mcid, structure))
            return out
        cuts = [c for c in structure if isinstance(c, int)]
        marker = next((c for c in structure if isinstance(c, tuple)), None)
        end = marker[0] if marker else len(text)
        bounds = [0] + cuts + [end] if cls == "r" else [0, end]
        cells = []
        for a, b in zip(bounds, bounds[1:]):
            cells.append(self._mark("TD" if cls == "r" else "Span", out))
            out.append(f"<{hex_text(text[a:b], face)}> Tj{self.emc}")
        if cls == "r":
            self.events.append(("TR", *cells))
        else:
            self.events.append(("C", cells[0]))
        if marker:
            mcid = self._mark("Reference", out)
            out.append(f"<{hex_text(text[end:], face)}> Tj{self.emc}")
            self.events.append(("R", mcid, marker[1]))
        out.append("T*")
        return out

    @staticmethod
    def _text(face: str, size: float, x: float, y: float, text: str) -> list[str]:
        return [f"{RESOURCE[face]} {size} Tf", f"1 0 0 1 {x:.2f} {y:.2f} Tm", f"<{hex_text(text, face)}> Tj"]


def _joined(text: str, continued: bool) -> str:
    """A wrapped line that the next line continues ends in the space the line break replaced, so the text reads
    as the sentence it is (screen readers, copy and paste); invisible at the end of a line."""
    return text + " " if continued else text


def folio_stream(number: int, total: int, g: Geometry = GEOMETRY, tagged: bool = True) -> bytes:
    """The page's own content stream with "Página X de Y", right-aligned in the footer (a pagination artifact)."""
    text = f"Página {number} de {total}"
    x = g.page_w - g.margin_x - width(text, "regular", 7)
    if not tagged:
        return f"BT {RESOURCE['regular']} 7 Tf 1 0 0 1 {x:.2f} {g.margin_bottom - 4 - 0.93 * 7:.2f} Tm " \
               f"<{hex_text(text, 'regular')}> Tj ET".encode("ascii")
    return f"{FOOTER} BT {RESOURCE['regular']} 7 Tf 1 0 0 1 {x:.2f} {g.margin_bottom - 4 - 0.93 * 7:.2f} Tm " \
           f"<{hex_text(text, 'regular')}> Tj ET EMC".encode("ascii")


def render_streams(pages: list[Page], frame: Frame, tagged: bool = True, chars: Chars | None = None
                   ) -> tuple[list[tuple[bytes, str]], dict[str, set[str]]]:
    """Compressed content streams of consecutive body pages with their structure events, and the characters used
    per face (`chars`: the pages' Chars, when the caller has them)."""
    painter = Painter(frame, tagged=tagged)
    streams = []
    for page in pages:
        data, events = painter.page(page)
        streams.append((zlib.compress(data, LEVEL), events))
    return streams, (chars or Chars(pages)).used()


def frame_chars(frame: Frame) -> dict[str, set[str]]:
    """Characters the frame draws on every page."""
    return {"bold": set(frame.running_left), "italic": set(),
            "regular": set(frame.running_right + "".join(frame.verification) + "Página de 0123456789")}


# -- fonts -----------------------------------------------------------------------------------------------------
def font_objects(pdf: pikepdf.Pdf, used: dict[str, set[str]], submit=None) -> pikepdf.Dictionary:
    """A /Font resource dictionary with one embedded Type0 font per face, subset to the characters used.
    `submit(function, argument)` (a process pool's, giving something with .get()) subsets the faces side by side
    while this process reads their metrics; the objects are made in the same order either way."""
    tasks = {face: (submit or _at_once)(subset_face, (face, frozenset(used.get(face, set()) | {" "})))
             for face in FACES}
    return pikepdf.Dictionary({RESOURCE[face]: _type0(pdf, face, *tasks[face].get()) for face in FACES})


def font_dictionary(pdf: pikepdf.Pdf, subsets: dict[str, tuple[set[str], bytes]]) -> pikepdf.Dictionary:
    """A /Font resource dictionary from faces already subset (`subset_face`'s results, per face): what several
    documents drawn with the same characters share (the covers of one exam's extracts, pdf_cover)."""
    return pikepdf.Dictionary({RESOURCE[face]: _type0(pdf, face, *subsets[face]) for face in FACES if face in subsets})


class _at_once:
    """A call made here and now, shaped like a pool's pending result."""

    def __init__(self, function, argument):
        self.value = function(argument)

    def get(self):
        return self.value


def subset_face(task: tuple) -> tuple[set[str], bytes]:
    """The characters of `chars` the face has, and its TrueType program subset to them. `task`: (face, chars) or
    (face, chars, True) to keep the font file's own date in the program (see `_subset`)."""
    face, chars, *keep = task
    gids = metrics(face).gids
    chars = {c for c in chars if ord(c) in gids}
    return chars, _subset(face, chars, bool(keep and keep[0]))


def _type0(pdf: pikepdf.Pdf, face: str, chars: set[str], program: bytes) -> pikepdf.Object:
    m = metrics(face)
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])
    name = pikepdf.Name(f"/{tag}+{m.postscript_name}")
    scale = 1000 / m.units
    descriptor = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=name, Flags=32, FontBBox=[round(v * scale) for v in m.bbox],
        ItalicAngle=m.italic_angle, Ascent=round(m.ascent * scale), Descent=round(m.descent * scale),
        CapHeight=round(m.ascent * scale * 0.75), StemV=80, FontFile2=pdf.make_stream(program, Length1=len(program)))
    codes = [ord(c) for c in chars]
    widths = sorted({m.gids[code]: round(m.advances[code] * scale) for code in codes}.items())
    w_array: list = []
    for gid, w in widths:
        w_array += [gid, [w]]
    cid = pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2, BaseFont=name,
        CIDSystemInfo=pikepdf.Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"),
                                         Supplement=0),
        FontDescriptor=pdf.make_indirect(descriptor), W=w_array, DW=round(m.notdef_advance * scale),
        CIDToGIDMap=pikepdf.Name.Identity)
    to_unicode = pdf.make_stream(_to_unicode({m.gids[ord(c)]: c for c in sorted(chars)}))
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=name, Encoding=pikepdf.Name("/Identity-H"),
        DescendantFonts=[pdf.make_indirect(cid)], ToUnicode=to_unicode))


def _subset(face: str, chars: set[str], keep_date: bool = False) -> bytes:
    """TrueType program with only the glyphs of `chars`, glyph ids unchanged (the content streams use them).
    fontTools stamps the program's head.modified with the clock when saving (SOURCE_DATE_EPOCH when set, as a
    build sets it); `keep_date` keeps the font file's own date instead, so the bytes never depend on the clock
    (the extract covers: render/pdf_cover). The body's fonts keep the stamp: archived PDFs were made so."""
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.hinting = False
    options.name_IDs = ["*"]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM"]
    font = TTFont(font_path(face), recalcTimestamp=not keep_date)
    for tag in options.drop_tables:  # dropped unread: fontTools would parse the layout tables before dropping them
        if tag in font:
            del font[tag]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    font.close()
    return buffer.getvalue()


def _to_unicode(mapping: dict[int, str]) -> bytes:
    """A ToUnicode CMap so text can be searched and copied."""
    items = sorted(mapping.items())
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(items), 100):
        block = items[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{gid:04X}> <{c.encode('utf-16-be').hex().upper()}>" for gid, c in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


def add_pages(pdf: pikepdf.Pdf, streams: list[tuple[bytes, str]], resources: pikepdf.Object, first: int,
              total: int, key: int | None, g: Geometry = GEOMETRY) -> list[pikepdf.Object]:
    """New page objects with the given compressed content streams, numbered from `first` of `total`, sharing the
    (indirect) resources; their StructParents keys run from `key`. The caller puts them in the page tree
    (merge.PageTree: not pdf.pages.append, which costs O(pages) each)."""
    made = []
    for offset, (data, _) in enumerate(streams):
        contents = pikepdf.Stream(pdf, b"")
        contents.write(data, filter=pikepdf.Name.FlateDecode)
        folio = pikepdf.Stream(pdf, folio_stream(first + offset, total, g, tagged=key is not None))
        page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, g.page_w, g.page_h],
                                  Resources=resources, Contents=pikepdf.Array([contents, folio]))
        if key is not None:
            page.StructParents = key + offset
        made.append(pdf.make_indirect(page))
    return made
