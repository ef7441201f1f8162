"""Text helpers for the loader: folding names, guessing the encoding, Portuguese number words."""

from __future__ import annotations

import re
import unicodedata

# Valid UTF-8 multibyte sequences. Genuine Windows-1252 Portuguese text almost never contains them
# ("Ã" followed by "£", "©"...), so finding one means the file was meant to be UTF-8.
_UTF8_SEQUENCE = re.compile(rb"[\xC2-\xDF][\x80-\xBF]|[\xE0-\xEF][\x80-\xBF]{2}|[\xF0-\xF4][\x80-\xBF]{3}")

UNREADABLE_LINES_SHOWN = 10


def fold(text: str) -> str:
    """Case-, accent- and separator-insensitive form: «Inscrição » and «INSCRICAO» both give «inscricao»."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalnum()).casefold()


def detect_encoding(data: bytes) -> tuple[str, str, list[int]]:
    """Pick UTF-8 (BOM or not) or Windows-1252; return (encoding, its name for people, lines it cannot read)."""
    try:
        data.decode("utf-8")
        return "utf-8-sig", "UTF-8", []
    except UnicodeDecodeError:
        pass
    # Windows-1252 decodes nearly any byte, so it is only believed when nothing looks like UTF-8.
    if _UTF8_SEQUENCE.search(data) is None:
        try:
            data.decode("cp1252")
            return "cp1252", "Windows-1252", []
        except UnicodeDecodeError:
            return "cp1252", "Windows-1252", _bad_lines(data, "cp1252")
    return "utf-8-sig", "UTF-8", _bad_lines(data, "utf-8-sig")


def _bad_lines(data: bytes, encoding: str) -> list[int]:
    """Line numbers (from 1) whose bytes the encoding cannot decode."""
    bad = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            raw.decode(encoding)
        except UnicodeDecodeError:
            bad.append(number)
    return bad


def count(n: int) -> str:
    """A count the Brazilian way: 1.234.567."""
    return f"{n:,}".replace(",", ".")


def join_words(words: list[str], conjunction: str = "e") -> str:
    """«a, b e c» (or «a, b ou c»)."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")


def date_in_full(d) -> str:
    """2024-06-10 → "10 de junho de 2024"."""
    return f"{d.day} de {MONTHS[d.month - 1]} de {d.year}"
