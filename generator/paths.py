"""Stable URL and file names derived from the data: same input, same paths."""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from pathlib import Path
from typing import Callable

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


def user_cache(name: str) -> Path | None:
    """A folder of the user's cache for what can be computed again from what it is keyed by (compiled templates, the
    reading of an archived PDF's signature): never inside a site, which is published as it is. `GAZETA_CACHE`
    names the folder (empty: no cache), else `$XDG_CACHE_HOME/gazeta`, else `~/.cache/gazeta`. None when it cannot
    be made or written (a read-only home): the caller computes without it."""
    base = os.environ.get("GAZETA_CACHE")
    if base is None:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "gazeta")
    if not base:
        return None
    folder = Path(base) / name
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


def link_if(source: Path, target: Path, same: Callable[[Path], bool]) -> bool:
    """`link_or_copy` of `source` as `target` when `same(source)` holds (its bytes checked by the caller's rule);
    False, with nothing made, when it does not or the file cannot be read."""
    try:
        if not same(source):
            return False
        link_or_copy(source, target)
    except OSError:
        return False
    return True


def link_or_copy(source, target) -> None:
    """Hard-link `source` as `target` (the same bytes, no copy), or copy it where a link is impossible (another
    disk, a file system without links)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
