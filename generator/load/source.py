"""What the CSV and XLSX readers hand to the table reader: rows straight from a file, before the header is read."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

CELL_LIMIT = 131_072  # characters in one cell: csv's own field limit, applied to XLSX cells too


@dataclass(slots=True)
class Source:
    """Rows straight from a file, before the header is read, and what is needed to explain a broken file."""

    rows: Iterator[list[str]]
    delimiter: str | None = None  # None for XLSX
    lines_read: Callable[[], int] | None = None  # physical lines the CSV reader consumed (records may span lines)
    rescan: Callable[[], Iterator[list[str]]] | None = None  # a fresh reader of the same text, to locate quotes
    stopped: bool = False  # the rows ended early on a reported problem (XLSX)
    empty_cell: Callable[[int, int], str | None] | None = None  # why a cell at (line, column) reads empty, if known
    key_at: int | None = None  # the key column's position, set once the header is read (XLSX watches its cells)
    numeric_keys: list[int] = field(default_factory=list)  # lines whose key cell is an XLSX number (lost zeros)
    origin: tuple[Path, str, int] | None = None  # CSV: (file, encoding, lines before the header), for load/columns.py
