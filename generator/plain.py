"""Plain one-line text for anything published: no control, format (bidi override, zero-width) or private characters."""

from __future__ import annotations

import re
import unicodedata

# Control (NUL, vertical tab…), format (U+202E RIGHT-TO-LEFT OVERRIDE, zero-width space…), private-use, surrogate
# and line/paragraph separators: invisible in print, but they break XML (feed.xml), reach the HTML, or mirror a
# masthead.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Zl", "Zp"})
_WHITESPACE_CONTROLS = "\t\n\r\v\f"
# Bidi embeddings, overrides and isolates (UAX #9): in a free text they can reorder what follows them.
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Controls other than tab and line end: allowed in no text we publish (XML 1.0 forbids most of them).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    """NFC text on one line: hidden characters dropped, whitespace controls made spaces, runs of spaces single."""
    text = unicodedata.normalize("NFC", text)
    if not text.isprintable():  # the common case costs one C-level scan
        text = "".join(" " if c in _WHITESPACE_CONTROLS else c for c in text
                       if c in _WHITESPACE_CONTROLS or unicodedata.category(c) not in HIDDEN_CATEGORIES)
    return " ".join(text.split())


def multiline(text: str) -> str:
    """Free text (ato.md) keeping its lines: controls other than tab and line end, and bidi overrides, dropped."""
    return _BIDI_CONTROLS.sub("", _CONTROLS.sub("", text.replace("\r\n", "\n").replace("\r", "\n")))


def identifier_problem(text: str) -> str:
    """What keeps `text` from being a canonical identifier (an act number, a cargo code), or '' (issue 22 item 7).

    Identifiers name permanent addresses and are matched against each other (`retifica`, a convocação's `cargo`):
    two spellings that look alike must not be two identifiers. So an identifier is in NFKC form ("５０/２０２４"
    is "50/2024" in full-width digits) and its letters and digits are Latin and ASCII once accents are set aside
    (a Cyrillic «А» or an Arabic-Indic «٥» looks like «A» or «5» and is not one). Accented Latin letters pass
    ("ADM-SAÚDE"); their addresses drop the accent (paths.slugify)."""
    canonical = unicodedata.normalize("NFKC", text)
    if "º" in text or "ª" in text:
        return "tem «º» ou «ª»: escreva só o número, sem «nº» (o título do ato já traz «nº»)."
    if canonical != text:
        return (f"usa caracteres fora da forma canônica (por exemplo, algarismos ou letras de largura dupla): "
                f"escreva «{canonical}».")
    odd = []
    for c in text:
        if ord(unicodedata.normalize("NFKD", c)[0]) > 0x7F and c not in odd:
            odd.append(c)
    if odd:
        shown = ", ".join(f"«{c}» ({unicodedata.name(c, 'U+%04X' % ord(c)).lower()})" for c in odd)
        return (f"tem {shown}: letras, algarismos e sinais de outros alfabetos parecem os latinos e "
                "dariam outro identificador. Use só letras latinas, algarismos 0-9 e sinais como / . -")
    return ""
