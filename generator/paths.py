"""Stable URL and file names derived from the data: same input, same paths."""

from __future__ import annotations

import re
import unicodedata

PAGE_SIZE = 500  # entries per list page: fixed, so an entry's page never depends on the build


def slugify(text: str) -> str:
    """Lower-case ASCII, words joined by hyphens; never empty."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "x"


class Slugs:
    """Hands out unique slugs in first-come order, so two codes that slugify alike stay apart."""

    def __init__(self, reserved: tuple[str, ...] = ("dados",)) -> None:
        self.taken: dict[str, str] = {}
        self.used: set[str] = set(reserved)  # folder names the exam already uses for itself

    def __call__(self, key: str) -> str:
        if key not in self.taken:
            base = slug = slugify(key)
            n = 2
            while slug in self.used:
                slug, n = f"{base}-{n}", n + 1
            self.taken[key] = slug
            self.used.add(slug)
        return self.taken[key]


def page_of(index: int) -> int:
    """1-based page number of the entry at 0-based index in a list."""
    return index // PAGE_SIZE + 1


def page_dir(page: int) -> str:
    """Relative folder of a list page: the first page is the list's own folder."""
    return "" if page == 1 else f"{page}/"
