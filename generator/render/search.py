"""Static search index: sorted postings cut into small shards, so a query downloads a few tens of kilobytes.

Pagefind 1.5.2 was measured first (bench/pagefind_probe.py, this 2-core machine): its Python API adds about 10
records/s (the client polls the service every 0.1 s), so 1,000,000 per-candidate records would take a day; indexing
the rendered list pages instead (1,000,000 rows in 2,000 pages) took 62 s and 3.2 GB peak — over the whole build's
45 s and 2 GB budgets on its own — wrote index chunks of up to 210 kB (a query also loads 72 kB of WebAssembly and
46 kB of script: > 300 kB), and its results point at a 500-row page rather than at the entry. Hence this index.

Layout under `busca/`: `cargos.json` (where each cargo's general list lives, with the exam's body and place), and
for names (`n/`), name pairs (`p/`) and registrations (`r/`) one directory file per first two characters listing
each shard's first key, plus the shards.
- A name is posted once per token, keyed `token TAB normalized full name`: a token's entries are contiguous, so any
  word or word beginning ("soar" for Soares) is one key range, and that range holds *every* name with such a word.
- A token too common to fetch whole (its postings fill more than one shard: "silva", "maria" at national scale) is
  also posted once per other word of the same name, keyed `token SPACE other TAB full name` in `p/`: "batista gomes",
  "gomes batista" and "gomes bat" are each one small range holding every name with both words.
- A registration is keyed by its letters and digits without leading zeros, so "04.374.221" and "4374221" meet.
busca.js picks, among these ranges, the cheapest that is complete for the query, and checks every word on the
names it reads; nothing is found by a narrower guess that could miss someone.

Segments (issue 8 item 7): an exam of SEGMENT_FROM approved candidates or more has an index of its own, the same
layout under `busca/s/<exam>/` with its own `cargos.json`; every other exam shares the one at `busca/`. The search
page lists the segments (`data-segmentos`) and busca.js asks each of them at once, merging the results. A national
exam's index then depends on that exam alone: an incremental build that reuses the exam hard-links its segment
instead of sorting its millions of postings again with a small exam published beside it.
"""

from __future__ import annotations

import json
import os
from json.encoder import encode_basestring  # C-accelerated string quoting: one call per field, not per posting
import tempfile
import unicodedata
from pathlib import Path

SEGMENT_FROM = 100_000  # approved candidates from which an exam's index is a segment of its own
SHARD_BYTES = 40_000  # a query reads its directories, the cargo table and at most 2 shards: < 300 KB
SEP = "\t"
# Name particles: in almost every name, so useless to look a name up by (busca.js skips them too).
PARTICLES = frozenset({"da", "das", "de", "des", "do", "dos", "e"})


def normalize(text: str) -> str:
    """Accent- and case-insensitive form, the same as busca.js: NFD, drop marks, lower, non-alphanumerics → space."""
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.category(ch).startswith("M"))
    return " ".join(kept.lower().split())


_WORDS: dict[str, str] = {}


def normalize_name(name: str) -> str:
    """normalize(), memoised per word: names repeat their words, a million names hold few thousand distinct ones."""
    out = []
    for word in name.split():
        norm = _WORDS.get(word)
        if norm is None:
            norm = normalize(word)
            if len(_WORDS) < 1_000_000:  # bounded: hostile input cannot grow it without limit
                _WORDS[word] = norm
        if norm:
            out.append(norm)
    return " ".join(out)


def registration_key(registration: str) -> str:
    """Search key of an inscrição: letters and digits, lower case, without leading zeros (as busca.js)."""
    plain = registration.isascii() and registration.isalnum()
    key = registration.lower() if plain else normalize(registration).replace(" ", "")
    return key.lstrip("0") or key[-1:]


def bucket(key: str) -> str:
    """File-safe name of the first two characters of a key (busca.js computes the same)."""
    return "".join(ch if ("a" <= ch <= "z" or "0" <= ch <= "9") else f"_{ord(ch):x}" for ch in key[:2]) or "_"


class SearchIndex:
    """Collects postings while pages are rendered (spilled to temporary files), then writes the shards."""

    def __init__(self, spill_dir: Path | None = None) -> None:
        self._tmp = None if spill_dir else tempfile.TemporaryDirectory(prefix="gazeta-busca-")
        self.spill_dir = Path(spill_dir or self._tmp.name)
        self.spill_dir.mkdir(parents=True, exist_ok=True)
        self._root = self.spill_dir
        # spill folders and the segment each belongs to: worker processes' (generator/render/parallel.py), each
        # exam's section and those of exams reused from the previous build (generator/incremental.py)
        self.spills: list[tuple[str, Path]] = []
        self._files: dict[tuple[str, str], object] = {}
        self.tables: dict[str, dict[str, list]] = {"": {"cargos": [], "exams": []}}  # per segment: cargos.json
        self.prebuilt: list[str] = []  # segments hard-linked from the previous build, already written
        self.segment = ""  # where the following cargos and postings go

    @property
    def cargos(self) -> list[list]:
        """The current segment's cargos (numbers in postings are positions in this list)."""
        return self.tables[self.segment]["cargos"]

    @property
    def exams(self) -> list[list]:
        return self.tables[self.segment]["exams"]

    @staticmethod
    def segment_of(slug: str, size: int) -> str:
        """The segment of an exam with `size` approved candidates ("" is the shared one)."""
        return f"s/{slug}/" if size >= SEGMENT_FROM else ""

    def exam(self, slug: str, size: int) -> Path:
        """Start an exam: its cargos and postings go to its segment, its postings into a folder of its own (so the
        next build can reuse them); return that folder."""
        self.use(self.segment_of(slug, size))
        return self.section(slug)

    def use(self, segment: str) -> None:
        """Send the following cargos and postings to `segment`."""
        self.segment = segment
        self.tables.setdefault(segment, {"cargos": [], "exams": []})

    def section(self, name: str) -> Path:
        """Spill the following postings into their own folder (one exam's)."""
        self.flush()
        self._files = {}
        folder = self._root / "secoes" / name
        folder.mkdir(parents=True, exist_ok=True)
        self.add_spill(folder)
        self.spill_dir = folder
        return folder

    def add_spill(self, folder: Path) -> None:
        """Spills written elsewhere (a worker process, the previous build) for the current segment."""
        self.spills.append((self.segment, Path(folder)))

    def own_segment(self, segment: str) -> None:
        """A segment already written into the site (hard-linked from the previous build): listed, not rebuilt."""
        self.tables.pop(segment, None)
        self.prebuilt.append(segment)

    def segments(self) -> list[str]:
        """Every segment the search page lists, in a stable order; the shared one first when it has cargos (or
        when there is no other)."""
        own = sorted({*(k for k in self.tables if k), *self.prebuilt})
        return ([""] if self.tables[""]["cargos"] or not own else []) + own

    def add_cargo(self, list_path: str, label: str, cargo_path: str, exam_title: str, body: str = "",
                  place: str = "") -> int:
        """Register a cargo's general-list and own folders (site-relative); return its number for postings.
        The exam is shown in results as its title, body (órgão) and place (the jurisdiction's name)."""
        exam = [exam_title, body, place]
        if not self.exams or self.exams[-1] != exam:
            self.exams.append(exam)
        self.cargos.append([list_path, label, cargo_path, len(self.exams) - 1])
        return len(self.cargos) - 1

    def _file(self, kind: str, key: str):
        head = key[:2]
        name = (kind, head if len(head) == 2 and head.isascii() and head.isalnum() and head.islower() or
                head.isdigit() else bucket(key))
        f = self._files.get(name)
        if f is None:
            f = self._files[name] = open(os.path.join(self.spill_dir, f"{kind}-{name[1]}"), "w", encoding="utf-8")
        return f

    def add(self, registration: str, name: str, cargo: int, page: int, rank: int = 0, status: str = "") -> None:
        """Post one candidate: by each distinct name token and by registration; page -n = eliminados/ page n.
        A posting is `[name, inscrição, cargo, page, rank in the general list, status]`, status being
        `n<k>` (k-th nomination within the vacancies), `c<k>` (k-th of the projected cadastro), `d` (withdrew)
        or empty: enough for busca.js to say where the person stands without another download."""
        full = normalize_name(name)
        posting = f"[{encode_basestring(name)},{encode_basestring(registration)},{cargo},{page},{rank},\"{status}\"]"
        for token in sorted(set(full.split()) - PARTICLES):
            self._file("n", token).write(f"{token}{SEP}{full}\n{posting}\n")
        reg = registration_key(registration)
        if reg:
            self._file("r", reg).write(f"{reg}\n{posting}\n")

    def flush(self) -> None:
        """Close the spill files, keeping them for `write`."""
        for f in self._files.values():
            f.close()

    def close(self) -> None:
        """Close and remove the spill files (also after a failed build)."""
        self.flush()
        if self._tmp is not None:
            self._tmp.cleanup()

    def write(self, out_dir: Path, workers: int = 1) -> dict:
        """Sort each bucket, cut shards, write everything; return counts and the largest file size."""
        self.flush()
        folders = [("", self._root), *self.spills]
        written = [k for k in self.segments() if k not in self.prebuilt]
        spills: dict[str, dict[tuple[str, str], list[Path]]] = {k: {} for k in written}
        for segment, folder in dict.fromkeys(folders):
            if segment not in spills or not folder.is_dir():
                continue
            for path in sorted(p for p in folder.iterdir() if p.is_file()):
                kind, _, name = path.name.partition("-")
                spills[segment].setdefault((kind, name), []).append(path)
        tasks = []
        for segment in written:
            out = out_dir / segment
            out.mkdir(parents=True, exist_ok=True)
            for kind in ("n", "p", "r"):
                (out / kind).mkdir(exist_ok=True)
            tasks += [(out / kind, name, paths) for (kind, name), paths in sorted(spills[segment].items())]
        if workers > 1 and len(tasks) > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(workers) as pool:
                done = pool.map(_write_bucket, tasks, chunksize=8)
        else:
            done = [_write_bucket(task) for task in tasks]
        for segment in written:
            out, buckets = out_dir / segment, spills[segment]
            for kind in ("n", "r"):
                _dump(out / kind / "buckets.json", sorted(name for (k, name) in buckets if k == kind))
            # pairs: bucket → its paired (common) tokens, so busca.js only plans pair ranges that exist
            _dump(out / "p" / "buckets.json", {task[1]: d[3] for task, d in sorted(zip(tasks, done))
                                               if d[3] and task[0].parent == out})
            table = self.tables[segment]
            _dump(out / "cargos.json", {"certames": table["exams"], "cargos": table["cargos"]})
        self.close()
        return {"postings": sum(d[0] for d in done), "shards": sum(d[1] for d in done),
                "largest": max((d[2] for d in done), default=0), "pares": sum(d[4] for d in done)}


def _write_bucket(task: tuple[Path, str, list[Path]]) -> tuple[int, int, int, list[str], int]:
    """Sort one bucket's postings (from every spill), cut and write its shards and directory; for names, also the
    pair postings of its common tokens (in `../p/`). Returns postings, shards, largest shard, the paired tokens and
    the pair postings."""
    out, name, paths = task
    lines: list[str] = []
    for path in paths:
        lines.extend(path.read_text(encoding="utf-8").split("\n")[:-1])
    pairs = sorted(zip(lines[0::2], lines[1::2]))
    count, shards, largest = _write_sorted(out, name, pairs)
    paired, tokens = 0, []
    if out.name == "n":
        tokens, pair_postings = _pair_postings(pairs)
        if pair_postings:
            pair_postings.sort()
            paired = _write_sorted(out.parent / "p", name, pair_postings)[0]
    return count, shards, largest, tokens, paired


def _pair_postings(pairs: list[tuple[str, str]]) -> tuple[list[str], list[tuple[str, str]]]:
    """`token SPACE other TAB full` for every token whose postings would not fit in one shard; and those tokens."""
    out: list[tuple[str, str]] = []
    tokens: list[str] = []
    start, n = 0, len(pairs)
    while start < n:
        token = pairs[start][0].partition(SEP)[0]
        prefix = token + SEP
        end, size = start, 0
        while end < n and pairs[end][0].startswith(prefix):
            size += len(pairs[end][1]) + 2
            end += 1
        if size > SHARD_BYTES:
            tokens.append(token)
            for key, posting in pairs[start:end]:
                full = key[len(prefix):]
                for other in set(full.split()) - PARTICLES - {token}:
                    out.append((f"{token} {other}{SEP}{full}", posting))
        start = end
    return tokens, out


def _write_sorted(out: Path, name: str, pairs: list[tuple[str, str]]) -> tuple[int, int, int]:
    """Cut sorted (key, posting) pairs into shards of about SHARD_BYTES; write them and the bucket's directory."""
    directory, shard, size, largest = [], [], 0, 0
    for key, posting in pairs:
        if shard and size + len(posting) > SHARD_BYTES:
            largest = max(largest, _flush(out, name, directory, shard))
            shard, size = [], 0
        if not shard:
            directory.append(key)
        shard.append(posting)
        size += (len(posting) if posting.isascii() else len(posting.encode())) + 2  # bytes, without encoding ASCII
    if shard:
        largest = max(largest, _flush(out, name, directory, shard))
    _dump(out / f"{name}.json", directory)
    return len(pairs), len(directory), largest


def _flush(out: Path, name: str, directory: list[str], shard: list[str]) -> int:
    """Write shard number len(directory)-1 of a bucket; return its size."""
    path = out / f"{name}-{len(directory) - 1}.json"
    path.write_text("[" + ",\n".join(shard) + "]\n", encoding="utf-8")
    return path.stat().st_size


def _dump(path: Path, value) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
