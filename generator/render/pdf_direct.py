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

from .pdf_fonts import FACES, font_path, width
from .pdf_layout import GEOMETRY, Geometry, Page

RESOURCE = {"regular": "/R", "bold": "/B", "italic": "/I"}
LINE_FACE = {"t": "bold", "h": "bold", "b": "italic", "e": "italic", "r": "regular", "g": "regular"}
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


def page_needs_shaping(page: Page) -> bool:
    """Whether any line of the page needs a shaping engine."""
    lines = [(LINE_FACE[cls], text) for col in page.cols for cls, text in col]
    lines += [("bold", text) for text in page.heading or []] + [("regular", page.summary or "")]
    return any(needs_shaping(text, face) for face, text in lines)


@lru_cache(maxsize=None)
def _glyphs(face: str) -> dict[str, str]:
    """Character → 4-digit hex glyph id in the original font (kept by the subset: retain_gids)."""
    font = TTFont(font_path(face), lazy=True)
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    table = {chr(code): f"{order[name]:04X}" for code, name in font.getBestCmap().items()}
    font.close()
    return table


def hex_text(text: str, face: str) -> str:
    """The PDF hex string of `text` in `face`; characters the font lacks become .notdef."""
    table = _glyphs(face)
    return "".join(table.get(c, "0000") for c in text)


@dataclass(frozen=True)
class Frame:
    """What every body page repeats: running header and verification footer (the folio is drawn apart)."""

    running_left: str
    running_right: str
    verification: list[str]


class Painter:
    """Content stream of one body page."""

    def __init__(self, frame: Frame, g: Geometry = GEOMETRY):
        self.frame = frame
        self.g = g
        ascent, descent = 1901 / 2048, 483 / 2048  # DejaVu hhea, all three faces
        self.half_leading = (g.leading - (ascent + descent) * g.size) / 2
        self.ascent = ascent

    def page(self, page: Page) -> bytes:
        """Draw the frame, the cargo heading (if any) and both columns; not the folio (see `folio_stream`)."""
        g = self.g
        out: list[str] = ["BT"]
        top = g.page_h - g.margin_top
        out += self._text("bold", 7, g.margin_x, top + 5, self.frame.running_left)
        right = self.frame.running_right
        out += self._text("regular", 7, g.page_w - g.margin_x - width(right, "regular", 7), top + 5, right)
        y = g.margin_bottom - 4 - 0.93 * 5.5
        for line in self.frame.verification:
            out += self._text("regular", 5.5, g.margin_x, y, line)
            y -= 6.6
        rules = [(top + 1.5, g.margin_x, g.page_w - g.margin_x), (g.margin_bottom - 1.5, g.margin_x, g.page_w - g.margin_x)]
        if page.heading:
            base = top - (g.head_leading - (self.ascent + 483 / 2048) * g.head_size) / 2 - self.ascent * g.head_size
            for text in page.heading:
                out += self._text("bold", g.head_size, g.margin_x, base, text)
                base -= g.head_leading
            summary_base = top - len(page.heading) * g.head_leading - self.half_leading - self.ascent * g.size
            out += self._text("regular", g.size, g.margin_x, summary_base, page.summary or "")
            rules.append((top - len(page.heading) * g.head_leading - g.leading - 0.3, g.margin_x,
                          g.page_w - g.margin_x))
        col_top = top - page.head_h
        for index, col in enumerate(page.cols):
            x = g.margin_x + index * (g.col_w + g.gap)
            out += self._column(col, x, col_top)
        out.append("ET")
        out.append("0.6 w")
        out += [f"{x1:.2f} {y:.2f} m {x2:.2f} {y:.2f} l S" for y, x1, x2 in rules]
        return "\n".join(out).encode("ascii")

    def _column(self, lines: list[tuple[str, str]], x: float, top: float) -> list[str]:
        """One column: consecutive lines with the text leading operator, switching font by line class."""
        g = self.g
        out = [f"{g.leading} TL", f"1 0 0 1 {x:.2f} {top - self.half_leading - self.ascent * g.size:.2f} Tm"]
        face = None
        for cls, text in lines:
            wanted = LINE_FACE[cls]
            if wanted != face:
                out.append(f"{RESOURCE[wanted]} {g.size} Tf")
                face = wanted
            out.append(f"<{hex_text(text, face)}> Tj T*" if text else "T*")
        return out

    @staticmethod
    def _text(face: str, size: float, x: float, y: float, text: str) -> list[str]:
        return [f"{RESOURCE[face]} {size} Tf", f"1 0 0 1 {x:.2f} {y:.2f} Tm", f"<{hex_text(text, face)}> Tj"]


def folio_stream(number: int, total: int, g: Geometry = GEOMETRY) -> bytes:
    """The page's own content stream with "Página X de Y", right-aligned in the footer."""
    text = f"Página {number} de {total}"
    x = g.page_w - g.margin_x - width(text, "regular", 7)
    return f"BT {RESOURCE['regular']} 7 Tf 1 0 0 1 {x:.2f} {g.margin_bottom - 4 - 0.93 * 7:.2f} Tm " \
           f"<{hex_text(text, 'regular')}> Tj ET".encode("ascii")


def render_streams(pages: list[Page], frame: Frame) -> tuple[list[bytes], dict[str, set[str]]]:
    """Compressed content streams of consecutive body pages, and the characters used per face."""
    painter = Painter(frame)
    used: dict[str, set[str]] = {face: set() for face in FACES}
    streams = []
    for page in pages:
        streams.append(zlib.compress(painter.page(page), 6))
        for col in page.cols:
            for cls, text in col:
                used[LINE_FACE[cls]].update(text)
        used["bold"].update("".join(page.heading or []))
        used["regular"].update(page.summary or "")
    return streams, used


def frame_chars(frame: Frame) -> dict[str, set[str]]:
    """Characters the frame draws on every page."""
    return {"bold": set(frame.running_left), "italic": set(),
            "regular": set(frame.running_right + "".join(frame.verification) + "Página de 0123456789")}


# -- fonts -----------------------------------------------------------------------------------------------------
def font_objects(pdf: pikepdf.Pdf, used: dict[str, set[str]]) -> pikepdf.Dictionary:
    """A /Font resource dictionary with one embedded Type0 font per face, subset to the characters used."""
    return pikepdf.Dictionary({RESOURCE[face]: _type0(pdf, face, used.get(face, set()) | {" "}) for face in FACES})


def _type0(pdf: pikepdf.Pdf, face: str, chars: set[str]) -> pikepdf.Object:
    font = TTFont(font_path(face))
    cmap = font.getBestCmap()
    chars = {c for c in chars if ord(c) in cmap}
    program = _subset(face, chars)
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])
    name = pikepdf.Name(f"/{tag}+{font['name'].getDebugName(6)}")
    units = font["head"].unitsPerEm
    head, hhea = font["head"], font["hhea"]
    scale = 1000 / units
    descriptor = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=name, Flags=32,
        FontBBox=[round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        ItalicAngle=float(font["post"].italicAngle), Ascent=round(hhea.ascent * scale),
        Descent=round(hhea.descent * scale), CapHeight=round(hhea.ascent * scale * 0.75), StemV=80,
        FontFile2=pdf.make_stream(program, Length1=len(program)))
    order = {n: gid for gid, n in enumerate(font.getGlyphOrder())}
    hmtx = font["hmtx"]
    widths = sorted({order[cmap[ord(c)]]: round(hmtx[cmap[ord(c)]][0] * scale) for c in chars}.items())
    w_array: list = []
    for gid, w in widths:
        w_array += [gid, [w]]
    cid = pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2, BaseFont=name,
        CIDSystemInfo=pikepdf.Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"),
                                         Supplement=0),
        FontDescriptor=pdf.make_indirect(descriptor), W=w_array, DW=round(hmtx[".notdef"][0] * scale),
        CIDToGIDMap=pikepdf.Name.Identity)
    to_unicode = pdf.make_stream(_to_unicode({order[cmap[ord(c)]]: c for c in sorted(chars)}))
    font.close()
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=name, Encoding=pikepdf.Name("/Identity-H"),
        DescendantFonts=[pdf.make_indirect(cid)], ToUnicode=to_unicode))


def _subset(face: str, chars: set[str]) -> bytes:
    """TrueType program with only the glyphs of `chars`, glyph ids unchanged (the content streams use them)."""
    options = subset.Options()
    options.retain_gids = True
    options.notdef_outline = True
    options.layout_features = []
    options.hinting = False
    options.name_IDs = ["*"]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM"]
    font = TTFont(font_path(face))
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


def add_pages(pdf: pikepdf.Pdf, streams: list[bytes], resources: pikepdf.Object, first: int, total: int,
              g: Geometry = GEOMETRY) -> None:
    """Append pages with the given compressed content streams, numbered from `first` of `total`, sharing the
    (indirect) resources."""
    for offset, data in enumerate(streams):
        contents = pikepdf.Stream(pdf, b"")
        contents.write(data, filter=pikepdf.Name.FlateDecode)
        folio = pikepdf.Stream(pdf, folio_stream(first + offset, total, g))
        page = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, g.page_w, g.page_h],
                                  Resources=resources, Contents=pikepdf.Array([contents, folio]))
        pdf.pages.append(pikepdf.Page(pdf.make_indirect(page)))
