"""Fonts of the gazette PDF and text widths measured from their metrics, for our own line breaking."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from fontTools.ttLib import TTFont

from ...plain import one_line

# DejaVu ships with Debian (fonts-dejavu-core, a WeasyPrint dependency): the same files are measured here and
# embedded by WeasyPrint through @font-face, so our line breaks match what Pango draws.
FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
FACES = {
    "regular": "DejaVuSansCondensed.ttf",
    "bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSansCondensed-Oblique.ttf",
}


class FontMissing(RuntimeError):
    """The DejaVu fonts are not installed."""


def font_path(face: str) -> Path:
    """Absolute path of one DejaVu face."""
    for folder in FONT_DIRS:
        path = folder / FACES[face]
        if path.exists():
            return path
    raise FontMissing(f"Fonte {FACES[face]} não encontrada: instale o pacote Debian fonts-dejavu-core.")


class _Widths(dict):
    """Character → advance in em; characters the font lacks count as its widest glyph (a fallback font's)."""

    fallback = 1.0

    def __missing__(self, char: str) -> float:
        return self.fallback


@lru_cache(maxsize=None)
def advances(face: str) -> tuple[dict[str, float], float]:
    """Advance width of each character in em, and the widest one (used for characters the font lacks)."""
    font = TTFont(font_path(face), lazy=True)
    units = font["head"].unitsPerEm
    hmtx = font["hmtx"]
    widths = _Widths({chr(code): hmtx[glyph][0] / units for code, glyph in font.getBestCmap().items()})
    font.close()
    widths.fallback = max(widths[c] for c in "MW@%")
    return widths, widths.fallback


@dataclass(frozen=True)
class Metrics:
    """What a PDF font dictionary states of one face (render/pdf/direct._type0), in the font's units: read once per
    process, as each of an exam's 200 extract covers used to parse the whole font file again for them (issue 20)."""

    postscript_name: str
    units: int
    bbox: tuple[int, int, int, int]
    italic_angle: float
    ascent: int
    descent: int
    notdef_advance: int
    gids: Mapping[int, int]  # code point → glyph id
    advances: Mapping[int, int]  # code point → advance width


@lru_cache(maxsize=None)
def metrics(face: str) -> Metrics:
    font = TTFont(font_path(face), lazy=True)
    cmap = font.getBestCmap()
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    head, hhea, hmtx = font["head"], font["hhea"], font["hmtx"]
    found = Metrics(font["name"].getDebugName(6), head.unitsPerEm, (head.xMin, head.yMin, head.xMax, head.yMax),
                    float(font["post"].italicAngle), hhea.ascent, hhea.descent, hmtx[".notdef"][0],
                    MappingProxyType({code: order[name] for code, name in cmap.items()}),
                    MappingProxyType({code: hmtx[name][0] for code, name in cmap.items()}))
    font.close()
    return found


def width(text: str, face: str, size: float) -> float:
    """Width of `text` in points, without kerning or ligatures (both disabled in the CSS)."""
    # map over the dict's C-level lookup: this runs for millions of names at national scale.
    return sum(map(advances(face)[0].__getitem__, text)) * size


def clean(text: str) -> str:
    """Text safe to typeset on one line: NFC, no control or bidi-format characters, single spaces."""
    return one_line(text)
