"""The structure tree of the gazette PDF's body pages (PDF/UA-1, ISO 14289-1; tagged PDF, ISO 32000-1 §14.7–14.8).

The directly drawn body pages mark their content as they draw (`pdf_direct.Painter`) and report, per page, structure
events in reading order (`encode`). At national scale that is millions of structure elements (a TR and its TDs per
row); as pikepdf objects they cost tens of microseconds each, so once pikepdf has saved the merged file the body's
elements are appended as an incremental update written here (object streams and a cross-reference stream): a few
microseconds per element, and flat in memory.

Events, one string per page, ";"-separated, kind and comma-separated integers:
  H2:m,m   cargo heading lines (opens a cargo section)   P:m / E:m   paragraph / empty-list note
  H3:m     a list title line (consecutive: one H3)        N:m,k       legal-basis note number k
  TH:m,m   column labels: a header row of TH cells        TR:m,m      a table row, one MCID per TD (or a list item)
  C:m      continues the last paragraph, note or cell     R:m,k       marker referring to note k
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import zlib
from array import array
from collections import deque
from itertools import accumulate, islice, repeat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pikepdf

from .pagetree import copy_page

OBJECTS_PER_STREAM = 1000
# zlib's level for the object streams and the cross-reference stream: 5, not the default 6. On the 100k synthetic
# exam's tree (bench/bench_levels.py) level 5 took 0.72 of level 6's CPU for 0.2 % more bytes; lower levels cost
# 4-14 % more bytes. The tree is on the build's critical path (the merge, in the parent process).
LEVEL = 5
TABLE_BUDGET = 6_000_000  # objects: tables below it, lists above (headroom under MAX_OBJECTS)
GRAFTED = "G"  # the events of the first page of a grafted WeasyPrint chunk
# ISO 19005-2/3 §6.1.13 (PDF/A) and ISO 32000-1 Annex C: at most 8,388,607 indirect objects in a file.
MAX_OBJECTS = 8_388_607


class TagLimit(RuntimeError):
    """The structure tree would need more indirect objects than PDF/A allows."""


def encode(events: list[tuple]) -> str:
    """One page's events as the compact string kept until the merge (see the module docstring)."""
    return ";".join(f"{kind}:{','.join(map(str, args))}" for kind, *args in events)


def decode(text: str) -> list[tuple[str, list[int]]]:
    """The events of `encode`, kinds with their integer arguments."""
    if not text:
        return []
    out = []
    for item in text.split(";"):
        kind, _, args = item.partition(":")
        out.append((kind, [int(a) for a in args.split(",")] if args else []))
    return out


class Writer:
    """Appends objects to a saved PDF as one incremental update: object streams, then a cross-reference stream."""

    def __init__(self, path: Path, first_num: int):
        self.path = Path(path)
        self.prev = int(self._tail().rsplit(b"startxref", 1)[1].split()[0])
        self.handle = self.path.open("ab")
        self.offset = self.path.stat().st_size
        self.next = first_num  # the file's /Size: the first unused object number
        self.first = first_num
        self.pending: list[int] = []  # numbers of the objects waiting for an object stream
        self.bodies: list[bytes] = []  # and their bodies
        # Where each compressed object went, indexed by number - first: (object stream number, index in it), in
        # flat arrays (millions of entries at national scale: a dict of tuples would take a gigabyte).
        self.streams = array("L")
        self.indexes = array("H")
        self.plain: dict[int, int] = {}  # number → byte offset (object streams, the xref stream)
        self.updated: dict[int, tuple[int, int]] = {}  # rewritten objects of the saved file
        self.digest = hashlib.sha256()  # of everything appended: the update's own /ID
        self.pool = ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1)))
        self.queue: deque = deque()

    def _tail(self) -> bytes:
        with self.path.open("rb") as handle:
            handle.seek(max(0, self.path.stat().st_size - 1024))
            return handle.read()

    def add(self, num: int, body: bytes) -> None:
        """One non-stream object; packed into object streams."""
        self.pending.append(num)
        self.bodies.append(body)
        if len(self.pending) >= OBJECTS_PER_STREAM:
            self._pack()

    def extend(self, nums: list[int], bodies: list[bytes]) -> None:
        """Objects in order, as many `add` calls (the same object streams)."""
        self.pending += nums
        self.bodies += bodies
        while len(self.pending) >= OBJECTS_PER_STREAM:
            self._pack()

    def _pack(self) -> None:
        """The first OBJECTS_PER_STREAM waiting objects (or fewer, at the end) into one object stream."""
        if not self.pending:
            return
        num = self.reserve()
        nums, bodies = self.pending[:OBJECTS_PER_STREAM], self.bodies[:OBJECTS_PER_STREAM]
        # byte offset of each object in the stream: the bodies joined by "\n"
        positions = [0, *accumulate(len(body) + 1 for body in bodies[:-1])]
        head = " ".join(f"{obj} {position}" for obj, position in zip(nums, positions)).encode("ascii") + b"\n"
        first, streams, indexes = self.first, self.streams, self.indexes
        top = max(nums) - first
        if top >= len(streams):
            grow = top + 1 - len(streams) + 4096
            streams.extend(repeat(0, grow))
            indexes.extend(repeat(0, grow))
        for index, obj in enumerate(nums):
            slot = obj - first
            if slot < 0:  # an object of the saved file rewritten by this update
                self.updated[obj] = (num, index)
                continue
            streams[slot] = num
            indexes[slot] = index
        # Compressed in threads (zlib releases the GIL) while the tree goes on; written in order, so the bytes
        # do not depend on timing.
        self.queue.append((num, len(nums), len(head),
                           self.pool.submit(zlib.compress, head + b"\n".join(bodies) + b"\n", LEVEL)))
        del self.pending[:OBJECTS_PER_STREAM], self.bodies[:OBJECTS_PER_STREAM]
        while len(self.queue) > 8:
            self._drain()

    def _drain(self) -> None:
        num, count, first, future = self.queue.popleft()
        data = future.result()
        self._plain(num, f"<</Type/ObjStm/N {count}/First {first}/Filter/FlateDecode"
                         f"/Length {len(data)}>>\nstream\n".encode("ascii") + data + b"\nendstream")

    def reserve(self) -> int:
        """A fresh object number."""
        num = self.next
        self.next += 1
        if num > MAX_OBJECTS:
            raise TagLimit("A árvore de estrutura do PDF passaria de 8.388.607 objetos, o limite do PDF/A: "
                           "divida a publicação em mais de um PDF.")
        return num

    def _plain(self, num: int, body: bytes) -> None:
        self.plain[num] = self.offset
        chunk = f"{num} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
        self.handle.write(chunk)
        self.digest.update(chunk)
        self.offset += len(chunk)

    def close(self, trailer: dict[str, str], first_id: bytes) -> None:
        """Write the cross-reference stream (with `trailer` entries: Root, Info) and the end of file. The /ID keeps
        its first element; the second changes with the content (ISO 32000-1 §14.4), derived from it so builds stay
        reproducible."""
        self._pack()
        while self.queue:
            self._drain()
        self.pool.shutdown()
        trailer = {**trailer, "ID": f"[<{first_id.hex()}><{self.digest.hexdigest()[:32]}>]"}
        xref_num = self.reserve()
        xref_offset = self.offset
        self.plain[xref_num] = xref_offset
        # Every number from `first` to the xref stream's is used (the object streams and the xref stream are
        # numbered from the same counter), plus the rewritten objects below `first`.
        pack = struct.Struct(">BIH").pack
        rows, index = bytearray(), []
        for num in sorted(self.updated):  # subsections in ascending order (ISO 32000-1 §7.5.8.2)
            rows += pack(2, *self.updated[num])
            index += [num, 1]
        # Then every number from `first` on: type 2 (in an object stream) unless written plain (type 1), 7 bytes each.
        count = xref_num + 1 - self.first
        streams, indexes = self.streams[:count], self.indexes[:count]
        streams.extend(repeat(0, count - len(streams)))
        indexes.extend(repeat(0, count - len(indexes)))
        start = len(rows)
        rows += compressed_rows(streams, indexes)
        for num, offset in self.plain.items():
            slot = start + 7 * (num - self.first)
            rows[slot:slot + 7] = pack(1, offset, 0)
        if streams.count(0) != len(self.plain):
            missing = next(self.first + slot for slot in range(count)
                           if not streams[slot] and self.first + slot not in self.plain)
            raise ValueError(f"objeto {missing} reservado e não escrito")
        index += [self.first, xref_num + 1 - self.first]
        data = zlib.compress(bytes(rows), LEVEL)
        extra = "".join(f"/{k} {v}" for k, v in trailer.items())
        size = xref_num + 1
        body = (f"<</Type/XRef/Size {size}/Index[{' '.join(map(str, index))}]/W[1 4 2]/Prev {self.prev}{extra}"
                f"/Filter/FlateDecode/Length {len(data)}>>\nstream\n").encode("ascii") + data + b"\nendstream"
        chunk = f"{xref_num} 0 obj\n".encode("ascii") + body + b"\nendobj\n"
        self.handle.write(chunk + f"startxref\n{xref_offset}\n%%EOF\n".encode("ascii"))
        self.handle.close()


def compressed_rows(streams: array, indexes: array) -> bytearray:
    """Cross-reference stream rows `2 stream index` with /W [1 4 2] (ISO 32000-1 §7.5.8.3, type 2: an object in an
    object stream), big-endian, one per (stream, index) pair: the same bytes as struct ">BIH" per row, laid out by
    strided slices (10 million rows, about a national tree's: 3.1 CPU s by struct per row, 0.86 s this way)."""
    count = len(streams)
    rows = bytearray(7 * count)
    rows[0::7] = b"\x02" * count
    for values, width, at in ((streams, 4, 1), (indexes, 2, 5)):
        packed = array("I" if width == 4 else "H", values)
        if packed.itemsize != width:  # C's unsigned int is 4 bytes and short 2 on every platform Python runs on
            raise RuntimeError(f"array item size {packed.itemsize}, expected {width}")
        if sys.byteorder == "little":
            packed.byteswap()
        data = packed.tobytes()
        for j in range(width):
            rows[at + j::7] = data[j::width]
    return rows


class _Elem:
    """A structure element being built; kids are PDF tokens already (MCIDs, "n 0 R" references, MCR dictionaries)."""

    __slots__ = ("num", "kind", "parent", "page", "kids", "extra")

    def __init__(self, num: int, kind: str, parent: int, page: int | None, kids: list[str], extra: str = ""):
        self.num, self.kind, self.parent, self.page, self.kids, self.extra = num, kind, parent, page, kids, extra


class BodyTree:
    """Structure elements of the body pages, built from their events in page order and written as they finish.

    Millions of elements at national scale: the loop below keeps MCIDs as the strings the events carry and each
    element's kids as PDF tokens, so writing an element is one format; the objects come out in creation order
    (every element open on a page but the four that may still grow), as they always have."""

    def __init__(self, writer: Writer, document: int, page_nums: list[int], first_key: int, tables: bool = True,
                 sections_before: int = 0):
        self.writer = writer
        self.tables = tables  # rows as TR/TD; False: as LI/LBody (see `fits_tables`)
        self.document = document  # number of the Document element everything hangs from
        self.page_nums = page_nums  # object number of each body page
        self.first_key = first_key  # StructParents key of the first body page
        self.top: list = []  # cargo sections (numbers) and grafted chunks (("graft", k)): new children of Document
        self.ids: list[tuple[str, int]] = []  # (ID, number) of every note, for the IDTree
        self.parent_tree: list[tuple[int, int]] = []  # (StructParents key, number of the page's MCID array)
        self.elements = 0
        self.grafts = 0  # WeasyPrint chunks met so far
        self._open: list[_Elem] = []  # in creation (= number) order
        self._cargo = self._table = self._body = self._last = None
        self._cargo_count = sections_before  # cargo sections before these pages: the notes' IDs count them
        self._notes: dict[int, int] = {}
        self._mcids: list[str] = []

    def _new(self, kind: str, parent: _Elem | int, page: int | None, extra: str = "") -> _Elem:
        num = self.writer.reserve()
        if isinstance(parent, int):
            elem = _Elem(num, kind, parent, page, [], extra)
        else:
            elem = _Elem(num, kind, parent.num, page, [], extra)
            parent.kids.append(f"{num} 0 R")
        self._open.append(elem)
        self.elements += 1
        return elem

    def _section(self) -> _Elem:
        if self._cargo is None:  # content before any cargo heading (the layout never does it): an untitled Sect
            self._cargo = self._new("Sect", self.document, None)
            self.top.append(self._cargo.num)
        return self._cargo

    def page(self, index: int, events: str) -> None:
        """Add one body page (0-based `index`) with its encoded events."""
        if events == GRAFTED:  # the first page of a chunk WeasyPrint drew and tagged (`graft`): its Sect here
            self._cargo = self._table = self._body = self._last = None
            self.top.append(("graft", self.grafts))
            self.grafts += 1
            return
        if not events:  # the next pages of that chunk
            return
        pg = self.page_nums[index]
        owner: dict[str, int] = {}  # MCID (as in the events) → number of the element that holds it
        reserve, opened, new = self.writer.reserve, self._open, self._new
        mcr = f"<</Type/MCR/Pg {pg} 0 R/MCID {{}}>>".format
        cell = f"<</S/TD/P {{}} 0 R/Pg {pg} 0 R/K {{}}>>".format

        def mark(elem: _Elem, mcid: str) -> None:
            # An element continued from an earlier page names this page per MCID (marked-content reference).
            elem.kids.append(mcid if elem.page == pg else mcr(mcid))
            owner[mcid] = elem.num

        def leaf(kind: str, parent: _Elem, mcids: list[str], extra: str = "") -> _Elem:
            elem = new(kind, parent, pg, extra)
            elem.kids.extend(mcids)
            for m in mcids:
                owner[m] = elem.num
            return elem

        for item in events.split(";"):
            kind, _, text = item.partition(":")
            args = text.split(",") if text else []
            if kind == "TR" and self.tables and self._body is not None and args:  # the common case: one more row
                # The row and all its cells but the last are final at once: written as they will be, in order.
                row_num, body_num = reserve(), self._body.num
                self._body.kids.append(f"{row_num} 0 R")
                row = [row_num, b""]
                opened.append(row)
                kids = []
                for m in args[:-1]:  # its cells, each a TD holding one MCID on this page
                    num = reserve()
                    kids.append(f"{num} 0 R")
                    opened.append((num, cell(row_num, m).encode("utf-8")))
                    owner[m] = num
                m = args[-1]
                num = reserve()
                kids.append(f"{num} 0 R")
                self._last = last = _Elem(num, "TD", row_num, pg, [m])  # may go on ("C") on this or a later page
                opened.append(last)
                owner[m] = num
                kids = kids[0] if len(kids) == 1 else f"[{' '.join(kids)}]"
                row[1] = f"<</S/TR/P {body_num} 0 R/K {kids}>>".encode("utf-8")
                self.elements += 1 + len(args)
            elif kind == "C" and self._last is not None:
                mark(self._last, args[0])
            elif kind == "R":
                note = self._notes.get(int(args[1]))
                leaf("Reference", self._last, [args[0]], f"/Ref[{note} 0 R]" if note else "")
            elif kind == "TR" and not self.tables:  # one list item per row, its cells in one body
                if self._table is None:
                    self._table = new("L", self._section(), None)
                item, body = reserve(), reserve()  # the LI is final at once; its LBody may go on ("C")
                self._table.kids.append(f"{item} 0 R")
                opened.append((item, f"<</S/LI/P {self._table.num} 0 R/K {body} 0 R>>".encode("utf-8")))
                self._last = last = _Elem(body, "LBody", item, pg, args)
                opened.append(last)
                for m in args:
                    owner[m] = body
                self.elements += 2
            elif kind == "TR":
                if self._table is None:
                    self._table = new("Table", self._section(), None)
                if self._body is None:
                    self._body = new("TBody", self._table, None)
                row = new("TR", self._body, None)
                for m in args:
                    self._last = leaf("TD", row, [m])
            else:
                self._table = self._body = None
                if kind == "H2":
                    self._cargo = new("Sect", self.document, None)
                    self.top.append(self._cargo.num)
                    self._cargo_count += 1
                    self._notes = {}
                    self._last = leaf("H2", self._cargo, args)
                elif kind == "TH" and not self.tables:  # the column labels: a paragraph before the list
                    self._last = leaf("P", self._section(), args)
                elif kind == "TH":
                    self._table = new("Table", self._section(), None)
                    row = new("TR", new("THead", self._table, None), None)
                    for m in args:
                        self._last = leaf("TH", row, [m], "/A<</O/Table/Scope/Column>>")
                elif kind == "N":
                    note_id = f"nota-{self._cargo_count:06d}-{int(args[1]):04d}"
                    self._last = leaf("Note", self._section(), [args[0]], f"/ID({note_id})")
                    self._notes[int(args[1])] = self._last.num
                    self.ids.append((note_id, self._last.num))
                else:  # H3, P, E, or C with nothing to continue
                    self._last = leaf("H3" if kind == "H3" else "P", self._section(), args[:1])
        names = self._mcids  # "0", "1", "2"…: the events' MCIDs, made once for the whole tree
        if len(names) < len(owner):
            names.extend(map(str, range(len(names), len(owner) + 64)))
        try:  # the page's MCIDs are 0, 1, 2… with no gap
            holders = list(map(owner.__getitem__, islice(names, len(owner))))
        except KeyError:
            raise ValueError(f"página {index + 1} do corpo: MCIDs fora de sequência") from None
        array = reserve()
        self.writer.add(array, (f"[{' 0 R '.join(map(str, holders))} 0 R]" if holders else "[]").encode("ascii"))
        self.parent_tree.append((self.first_key + index, array))
        self._release()

    def _release(self) -> None:
        """Write every element that can no longer grow (all but the open cargo, table, body and last leaf)."""
        keep = {e.num for e in (self._cargo, self._table, self._body, self._last) if e is not None}
        nums, bodies, still = [], [], []
        for elem in self._open:
            if elem.__class__ is not _Elem:  # already written out: (number, bytes) or [number, bytes]
                nums.append(elem[0])
                bodies.append(elem[1])
                continue
            if elem.num in keep:
                still.append(elem)
                continue
            nums.append(elem.num)
            kids = elem.kids
            # a single kid stands alone (simpler for readers)
            kids = kids[0] if len(kids) == 1 else f"[{' '.join(kids)}]"
            page = f"/Pg {elem.page} 0 R" if elem.page is not None else ""
            # /Type is optional in a structure element (ISO 32000-1 Table 323): left out, ~10% of the tree's bytes.
            bodies.append(f"<</S/{elem.kind}/P {elem.parent} 0 R{page}/K {kids}{elem.extra}>>".encode("utf-8"))
        self.writer.extend(nums, bodies)
        self._open = still

    def finish(self) -> None:
        """Write what is still open."""
        self._cargo = self._table = self._body = self._last = None
        self._release()


def fits_tables(page_events: list[str], others: int) -> bool:
    """Whether rows as tables (a TR and a TD per cell) stay well under the PDF/A object limit. At national scale
    they would not (a million candidates make ~2.3 million rows, ~12 million elements): rows then become list
    items (LI with one LBody holding the row's cells), as issue 13 allows "where the layout is running text"."""
    rows = sum(events.count("TR:") for events in page_events)
    cells = sum(events.count(",") for events in page_events)  # ≥ the cells beyond each row's first
    pages = len(page_events)
    return others + 2 * pages + rows * 2 + cells + rows < TABLE_BUDGET


def append_body_tree(path: Path, front_pages: int, page_events: list[str], first_key: int, *,
                     tables: bool | None = None, sections_before: int = 0) -> bool:
    """Append the body's structure elements to the saved file at `path` as an incremental update, hanging them
    from its Document element, with their ParentTree entries and the notes' IDTree. `tables`: rows as tables (None:
    whether they fit, `fits_tables`); `sections_before`: cargo sections that came before these pages (an extract's
    pages: its notes keep the full PDF's IDs). Returns whether rows were tables."""
    with pikepdf.open(path) as pdf:
        root = pdf.Root
        tree = root.StructTreeRoot
        document = tree.K[0] if isinstance(tree.K, pikepdf.Array) else tree.K
        # islice, not pdf.pages[front_pages:]: pikepdf lists every page for each one a slice takes (15 s at 1M)
        page_nums = [page.obj.objgen[0] for page in islice(pdf.pages, front_pages, None)]
        if len(page_nums) != len(page_events):  # the saved file's page tree against the pages tagged
            raise ValueError(f"{len(page_nums)} páginas no corpo do arquivo, {len(page_events)} com estrutura")
        old_nums = [_ref(item) for item in tree.ParentTree.Nums]
        old_kids = [_ref(item) for item in (document.K if isinstance(document.K, pikepdf.Array) else [document.K])]
        grafts = page_events.count(GRAFTED)
        front_kids, wrappers = old_kids[:len(old_kids) - grafts], old_kids[len(old_kids) - grafts:]
        numbers = {"root": root.objgen[0], "tree": tree.objgen[0], "parent_tree": tree.ParentTree.objgen[0],
                   "document": document.objgen[0], "info": pdf.trailer.Info.objgen[0]}
        tree_extra = {str(k): v.unparse().decode("latin-1") for k, v in tree.items()
                      if str(k) not in ("/K", "/ParentTree", "/ParentTreeNextKey", "/IDTree", "/Type")}
        document_extra = {str(k): v.unparse().decode("latin-1") for k, v in document.items()
                          if str(k) not in ("/K", "/Type")}
        ids = [bytes(x) for x in pdf.trailer.ID]
        size = int(pdf.trailer.Size)
    from ... import progress

    writer = Writer(path, size)
    tables = fits_tables(page_events, size) if tables is None else tables
    body = BodyTree(writer, numbers["document"], page_nums, first_key, tables, sections_before)
    advance = progress.task(f"PDF {Path(path).name.removesuffix('.tmp')}: árvore de estrutura (páginas)",
                            len(page_events))
    for index, events in enumerate(page_events):
        body.page(index, events)
        advance()
    body.finish()
    kids = " ".join(front_kids + [wrappers[n[1]] if isinstance(n, tuple) else f"{n} 0 R" for n in body.top])
    writer.add(numbers["document"], (f"<</Type/StructElem{''.join(k + ' ' + v for k, v in document_extra.items())}"
                                     f"/K[{kids}]>>").encode("latin-1"))
    pairs = [(int(old_nums[i]), old_nums[i + 1]) for i in range(0, len(old_nums), 2)]
    pairs += [(key, f"{num} 0 R") for key, num in body.parent_tree]
    nums = " ".join(f"{key} {value}" for key, value in sorted(pairs))  # a number tree's keys ascend
    writer.add(numbers["parent_tree"], f"<</Nums[{nums}]>>".encode("ascii"))
    next_key = (body.parent_tree[-1][0] + 1) if body.parent_tree else first_key
    id_tree = ""
    if body.ids:
        id_num = writer.reserve()
        names = " ".join(f"({name}) {num} 0 R" for name, num in sorted(body.ids))
        writer.add(id_num, f"<</Names[{names}]>>".encode("ascii"))
        id_tree = f"/IDTree {id_num} 0 R"
    writer.add(numbers["tree"], (f"<</Type/StructTreeRoot{''.join(k + ' ' + v for k, v in tree_extra.items())}"
                                 f"/K[{numbers['document']} 0 R]/ParentTree {numbers['parent_tree']} 0 R"
                                 f"/ParentTreeNextKey {next_key}{id_tree}>>").encode("latin-1"))
    writer.close({"Root": f"{numbers['root']} 0 R", "Info": f"{numbers['info']} 0 R"}, ids[0])
    return tables


class Structure:
    """The full PDF's body as the merge tagged it: the structure events of each body page (after `front_pages`
    pages of front matter) and whether rows were tables. Each cargo's extract is tagged from its pages' events by
    the same BodyTree (render/pdf/extract.py), instead of copying its Sect out of the full file's tree: qpdf parsing
    a national PDF's ~12 million structure objects was 44 % of a build's CPU (issue 20 item 2)."""

    def __init__(self, front_pages: int, events: list[str], tables: bool):
        self.front_pages, self.events, self.tables = front_pages, events, tables
        self._before: list[int] | None = None

    @staticmethod
    def _headings(events: str) -> int:
        return events.startswith("H2:") + events.count(";H2:")

    def pages_of(self, first: int, last: int) -> tuple[list[str], int] | None:
        """The events of full-PDF pages `first`…`last` (1-based) and the cargo sections before them, when those
        pages hold one cargo section and nothing else: drawn directly (not a WeasyPrint chunk), opened by its
        heading, with no other heading, and the next page, if any, another cargo's. None otherwise."""
        start, end = first - 1 - self.front_pages, last - self.front_pages
        if start < 0 or end > len(self.events) or start >= end:
            return None
        own = self.events[start:end]
        if any(not events or events == GRAFTED for events in own) or not own[0].startswith("H2:") \
                or self._headings(own[0]) != 1 or any(self._headings(events) for events in own[1:]):
            return None
        after = self.events[end] if end < len(self.events) else None
        if after is not None and not (after.startswith("H2:") or after == GRAFTED):
            return None
        if self._before is None:
            self._before = [0, *accumulate(map(self._headings, self.events))]
        return own, self._before[start]


def _ref(item: pikepdf.Object) -> str:
    """A PDF token for an array item: indirect objects by reference, direct ones unparsed."""
    if isinstance(item, pikepdf.Object) and item.is_indirect:
        return f"{item.objgen[0]} {item.objgen[1]} R"
    if isinstance(item, (int, float)):
        return str(item)
    return item.unparse().decode("latin-1")


# -- the front matter (tagged by WeasyPrint) and the catalog -----------------------------------------------------
PDFUA_EXTENSION = """<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
 xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">
<pdfaProperty:name>part</pdfaProperty:name><pdfaProperty:valueType>Integer</pdfaProperty:valueType>
<pdfaProperty:category>internal</pdfaProperty:category>
<pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>
</rdf:li></rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" pdfuaid:part="1"/>
"""


def _reachable(tree: pikepdf.Object) -> tuple[set[tuple[int, int]], list[pikepdf.Object]]:
    """(page object number, MCID) of every marked content the tree reaches, and every element it reaches."""
    marked, elements, stack = set(), [], [(tree.K, None)]
    while stack:
        node, page = stack.pop()
        if isinstance(node, pikepdf.Array):
            stack += [(kid, page) for kid in node]
        elif isinstance(node, int):
            if page is not None:
                marked.add((page, node))
        elif isinstance(node, pikepdf.Dictionary):
            if node.get("/Type") == "/MCR":
                marked.add((node.Pg.objgen[0] if "/Pg" in node else page, int(node.MCID)))
            elif node.get("/Type") == "/OBJR":
                continue
            else:
                elements.append(node)
                own = node.Pg.objgen[0] if "/Pg" in node else page
                if "/K" in node:
                    stack.append((node.K, own))
    return marked, elements


def _text_of(elem: pikepdf.Object) -> bool:
    """Whether `elem`'s subtree holds an H1 (the act's title)."""
    stack = [elem]
    while stack:
        node = stack.pop()
        if isinstance(node, pikepdf.Dictionary):
            if node.get("/S") == "/H1":
                return True
            if "/K" in node and node.get("/Type") not in ("/MCR", "/OBJR"):
                stack.append(node.K)
        elif isinstance(node, pikepdf.Array):
            stack.extend(node)
    return False


def prepare_front(pdf: pikepdf.Pdf) -> int:
    """Fix the WeasyPrint front matter's tags for PDF/UA: the masthead (everything before the act's H1) and the
    running headers and footers (WeasyPrint marks them but leaves them out of the tree) become artifacts; links
    get alternate text. Returns the first StructParents key free for the body pages."""
    tree = pdf.Root.StructTreeRoot
    document = tree.K[0] if isinstance(tree.K, pikepdf.Array) else tree.K
    kids = list(document.K)
    masthead = []
    for kid in kids:
        if _text_of(kid):
            break
        masthead.append(kid)
    if len(masthead) == len(kids):
        masthead = []
    document.K = pikepdf.Array(kids[len(masthead):])
    marked, elements = _reachable(tree)
    for elem in elements:  # a single kid stands alone (some readers and checkers expect it)
        if isinstance(elem.get("/K"), pikepdf.Array) and len(elem.K) == 1:
            elem.K = elem.K[0]
    for page in pdf.pages:
        _artifacts_outside(pdf, page, marked)
    # The ParentTree no longer lists what became artifacts.
    nums = tree.ParentTree.Nums
    pages = {page.obj.objgen[0]: page for page in pdf.pages}
    for i in range(0, len(nums), 2):
        key, value = int(nums[i]), nums[i + 1]
        if isinstance(value, pikepdf.Array):
            page = next((p for p in pages.values() if int(p.obj.get("/StructParents", -1)) == key), None)
            if page is not None:
                num = page.obj.objgen[0]
                nums[i + 1] = pikepdf.Array([v if (num, m) in marked else None for m, v in enumerate(value)])
    keys = [int(nums[i]) for i in range(0, len(nums), 2)]
    return max(keys, default=-1) + 1


def _artifacts_outside(pdf: pikepdf.Pdf, page: pikepdf.Page, marked: set[tuple[int, int]]) -> None:
    """Rewrite marked content the tree does not reach as an artifact."""
    num = page.obj.objgen[0]
    ops = pikepdf.parse_content_stream(page)
    changed = False
    out = []
    for operands, operator in ops:
        if str(operator) == "BDC" and len(operands) == 2 and isinstance(operands[1], pikepdf.Dictionary) \
                and "/MCID" in operands[1] and (num, int(operands[1].MCID)) not in marked:
            out.append(([pikepdf.Name.Artifact], pikepdf.Operator("BMC")))
            changed = True
        else:
            out.append((operands, operator))
    if changed:
        page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(out))


def describe_links(pdf: pikepdf.Pdf, pages: int, objects: list[pikepdf.Object] | None = None) -> None:
    """Alternate text on every link annotation of the first `pages` pages and on its Link structure element
    (PDF/UA-1 §7.18.5). `objects`: the document's page objects in order, when pdf.pages is not to be read
    (merge.PageTree)."""
    tree = pdf.Root.StructTreeRoot
    nums = tree.ParentTree.Nums
    by_key = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    objects = [page.obj for page in pdf.pages] if objects is None else objects
    numbers = {page.objgen: n for n, page in enumerate(objects, start=1)}
    for page in objects[:pages]:
        for annot in page.get("/Annots", []):
            if annot.get("/Subtype") != "/Link":
                continue
            dest = annot.get("/Dest")
            if dest is not None:
                text = f"Ir para a página {numbers.get(dest[0].objgen, '?')}"
            else:
                text = f"Abrir {annot.A.get('/URI', '')}"
            annot.Contents = pikepdf.String(text)
            elem = by_key.get(int(annot.get("/StructParent", -1)))
            if isinstance(elem, pikepdf.Dictionary):
                elem.Alt = pikepdf.String(text)


def mark_catalog(pdf: pikepdf.Pdf) -> None:
    """The catalog and XMP entries of a tagged PDF/UA-1 document that is also PDF/A-3a."""
    root = pdf.Root
    root.MarkInfo = pikepdf.Dictionary(Marked=True)
    root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
    root.Lang = pikepdf.String("pt-BR")
    xmp = root.Metadata.read_bytes().decode("utf-8")
    xmp = xmp.replace('pdfaid:conformance="B"', 'pdfaid:conformance="A"')
    if "pdfuaid:part" not in xmp:
        xmp = xmp.replace("</rdf:RDF>", PDFUA_EXTENSION + "</rdf:RDF>", 1)
    root.Metadata = pdf.make_stream(xmp.encode("utf-8"), Type=pikepdf.Name.Metadata, Subtype=pikepdf.Name.XML)


def graft(pdf: pikepdf.Pdf, source: pikepdf.Pdf, first_key: int) -> list[pikepdf.Object]:
    """A tagged WeasyPrint chunk's pages (text that needs shaping) copied into `pdf` with its structure: its running
    heads become artifacts, its elements hang from one Sect under the Document, its pages take StructParents keys
    from `first_key` on. The body tree (`append_body_tree`) places that Sect in reading order. Returns the copied
    pages, for the caller's page tree (merge.PageTree)."""
    tree = source.Root.StructTreeRoot
    marked, elements = _reachable(tree)
    for elem in elements:
        if isinstance(elem.get("/K"), pikepdf.Array) and len(elem.K) == 1:
            elem.K = elem.K[0]
    for page in source.pages:
        _artifacts_outside(source, page, marked)
    nums = tree.ParentTree.Nums
    arrays = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    keys = [int(page.obj.StructParents) for page in source.pages]
    for page in source.pages:
        num = page.obj.objgen[0]
        array = arrays[int(page.obj.StructParents)]
        arrays[int(page.obj.StructParents)] = pikepdf.Array(
            [v if (num, m) in marked else None for m, v in enumerate(array)])
    copied = [copy_page(pdf, source, page.obj) for page in source.pages]
    document = _document(pdf)
    source_document = tree.K[0] if isinstance(tree.K, pikepdf.Array) else tree.K
    kids = pikepdf.Array([pdf.copy_foreign(kid) for kid in (
        source_document.K if isinstance(source_document.K, pikepdf.Array) else [source_document.K])])
    wrapper = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Sect, P=document,
                                                   K=kids))
    for kid in kids:
        kid.P = wrapper
    document.K = pikepdf.Array(list(document.K) + [wrapper]) if isinstance(document.K, pikepdf.Array) \
        else pikepdf.Array([document.K, wrapper])
    parent_tree = pdf.Root.StructTreeRoot.ParentTree.Nums
    for offset, (page, key) in enumerate(zip(copied, keys)):
        page.StructParents = first_key + offset
        parent_tree.extend([first_key + offset, pikepdf.Array(
            [pdf.copy_foreign(v) if isinstance(v, pikepdf.Object) and v.is_indirect else v for v in arrays[key]])])
    return copied


def _document(pdf: pikepdf.Pdf) -> pikepdf.Object:
    tree = pdf.Root.StructTreeRoot
    return tree.K[0] if isinstance(tree.K, pikepdf.Array) else tree.K
