"""Static search index: each posting stored once, in its cargo's table; words, pairs and registrations are sorted
keys holding id lists, cut into small shards, so a query downloads a few tens of kilobytes (issue 20 item 4).

Pagefind 1.5.2 was measured first (bench/pagefind_probe.py, this 2-core machine): its Python API adds about 10
records/s (the client polls the service every 0.1 s), so 1,000,000 per-candidate records would take a day; indexing
the rendered list pages instead (1,000,000 rows in 2,000 pages) took 62 s and 3.2 GB peak — over the whole build's
45 s and 2 GB budgets on its own — wrote index chunks of up to 210 kB (a query also loads 72 kB of WebAssembly and
46 kB of script: > 300 kB), and its results point at a 500-row page rather than at the entry. Hence this index.

Layout under `busca/`:
- `cargos.json`: where each cargo's general list lives, with the exam's body and place; `tabelas`, the first id of
  each cargo's table, and `linhas`, the rows per table file.
- `t/<cargo>-<k>.json`: the cargo's table, TABLE_ROWS rows a file: `[name, inscrição, page, rank, status]` (the
  posting without its cargo, see `SearchIndex.add`). A person's id is the cargo's first id plus the row's place in
  the table, which is ordered by normalized name then inscrição: a changed score changes a row (its rank, page and
  status), never an id, so it rewrites that cargo's table and nothing else.
- for words (`n/`), word pairs (`p/`), registrations (`r/`) and reversed registrations (`s/`, the end of an
  inscrição): one directory file per first two characters listing each shard's first key, plus the shards. A shard
  is `[[key, ids], …]`, ids ascending and delta-coded (`[first, +d, +d…]`); a key whose ids outgrow a shard goes on
  in the next one (its directory key then ends in U+0001); such a key has shards of its own (its first part opens
  one, its last closes it), so the directory tells whether any other key shares its range.
  - a word's key is the word: any word or word beginning ("soar" for Soares) is one key range, and that range holds
    *every* name with such a word.
  - a word too common to fetch whole (its ids fill more than one shard: "silva", "maria" at national scale) is also
    keyed `word SPACE other` for each other word of the same names, in `p/`: "batista gomes", "gomes batista" and
    "gomes bat" are each one small range holding every name with both words.
  - a registration is keyed by its letters and digits without leading zeros, so "04.374.221" and "4374221" meet;
    reversed (zeros kept) in `s/`, so its last digits are a key range too (`s/` has one directory, `s/_.json`).
- `d/`: one-letter typos (issue 21 item 2): for every word of at least TYPO_FROM letters, the word and each form of
  it with one letter deleted, keyed by that form, holding the words (`[[form, [word, …]], …]`). Two words one edit
  apart (a letter changed, missing, added, or two neighbours swapped) share a form. Each such word is a key (a
  form of itself), so d/ also tells busca.js, before any id is read, that no word of the index begins with a query
  word: the exact search then cannot find anybody, and the approximate one starts at once (busca.js
  `Engine.begin`; the person's d/ shards are fetched while they type).
- `atos.json` (at `busca/` only): every published act, by title, type, number and date.
busca.js picks, among the word ranges, the cheapest that is complete for the query, narrows it by the other words'
ranges when they are cheap (for a common word alone in its range, by its pairs with them: the same ids, fewer
shards), and checks every word on the names of the rows it reads; nothing is found by a narrower guess that could
miss someone.

Segments (issue 8 item 7): an exam of SEGMENT_FROM approved candidates or more has an index of its own, the same
layout under `busca/s/<exam>/` with its own `cargos.json`; every other exam shares the one at `busca/`. The search
page lists the segments (`data-segmentos`) and busca.js asks each of them at once, merging the results. A national
exam's index then depends on that exam alone: an incremental build that reuses the exam hard-links its segment
instead of sorting its millions of postings again with a small exam published beside it.
"""

from __future__ import annotations

import json
import os
import sys
from array import array
from dataclasses import dataclass
from json.encoder import encode_basestring  # C-accelerated string quoting: one call per field, not per posting
import tempfile
import unicodedata
from pathlib import Path

from ...paths import link_if, link_or_copy

SEGMENT_FROM = 100_000  # approved candidates from which an exam's index is a segment of its own
SHARD_BYTES = 40_000  # a query reads its directories, the cargo table and a few shards: < 300 KB
TABLE_ROWS = 64  # rows per table file: a result costs one small file, shared by its neighbours in the table
TYPO_FROM = 3  # words of at least this many letters are in d/ (busca.js corrects words of 4 letters or more)
SEP = "\t"
FORK_FROM = 200_000  # postings from which a segment's d/ and p/ are written by a forked process beside n/, r/, s/
NEXT = "\x01"  # directory key of a shard that goes on with the previous shard's last key
# Name particles: in almost every name, so useless to look a name up by (busca.js skips them too).
PARTICLES = frozenset({"da", "das", "de", "des", "do", "dos", "e"})


def normalize(text: str) -> str:
    """Accent- and case-insensitive form, the same as busca.js: NFD, drop marks, lower, non-alphanumerics → space."""
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch if ch.isalnum() else " " for ch in decomposed if not unicodedata.category(ch).startswith("M"))
    return " ".join(kept.lower().split())


class WordCache:
    """normalize() memoised per word, owned by one index (no module state): names repeat their words, a million
    names hold a few thousand distinct ones. Bounded: hostile input cannot grow it without limit."""

    def __init__(self, limit: int = 1_000_000) -> None:
        self.limit = limit
        self.words: dict[str, str] = {}

    def name(self, name: str) -> str:
        words, out = self.words, []
        for word in name.split():
            norm = words.get(word)
            if norm is None:
                norm = sys.intern(normalize(word))
                if len(words) < self.limit:
                    words[word] = norm
            if norm:
                out.append(norm)
        return " ".join(out)


def normalize_name(name: str, cache: WordCache | None = None) -> str:
    """normalize() of a name, word by word through `cache` when one is given."""
    return (cache or WordCache(0)).name(name)


def registration_key(registration: str) -> str:
    """Search key of an inscrição: letters and digits, lower case, without leading zeros (as busca.js)."""
    plain = registration.isascii() and registration.isalnum()
    key = registration.lower() if plain else normalize(registration).replace(" ", "")
    return key.lstrip("0") or key[-1:]


def suffix_key(registration: str) -> str:
    """Key of an inscrição read from its end: letters and digits, lower case, zeros kept, reversed (as busca.js)."""
    plain = registration.isascii() and registration.isalnum()
    return (registration.lower() if plain else normalize(registration).replace(" ", ""))[::-1]


def bucket(key: str) -> str:
    """File-safe name of the first two characters of a key (busca.js computes the same)."""
    return "".join(ch if ("a" <= ch <= "z" or "0" <= ch <= "9") else f"_{ord(ch):x}" for ch in key[:2]) or "_"


def typo_forms(word: str) -> set[str]:
    """The word and each form of it with one letter deleted (busca.js `forms`)."""
    return {word, *(word[:k] + word[k + 1:] for k in range(len(word)))}


class SearchIndex:
    """Collects postings while pages are rendered (spilled to temporary files), then writes tables and shards."""

    def __init__(self, spill_dir: Path | None = None, words: WordCache | None = None) -> None:
        self._tmp = None if spill_dir else tempfile.TemporaryDirectory(prefix="gazeta-busca-")
        self.spill_dir = Path(spill_dir or self._tmp.name)
        self.spill_dir.mkdir(parents=True, exist_ok=True)
        self._root = self.spill_dir
        self.words = words or WordCache()
        # spill folders and the segment each belongs to: worker processes' (generator/render/parallel.py), each
        # exam's section and those of exams reused from the previous build (generator/incremental.py)
        self.spills: list[tuple[str, Path]] = []
        self._out = None
        self.tables: dict[str, dict[str, list]] = {"": {"cargos": [], "exams": []}}  # per segment: cargos.json
        self.prebuilt: list[str] = []  # segments hard-linked from the previous build, already written
        self.segment = ""  # where the following cargos and postings go
        self._file = "t-0"  # the spill file the following postings go to (`part`)
        # segment → Keys: what the previous build wrote of it, to keep its key shards when its keys are the same
        self.earlier: dict[str, Keys] = {}
        self.keys: dict[str, dict] = {}  # segment → {"chaves", "contagens"} of what `write` wrote, for the next build

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
        self._out, self._file = None, "t-0"
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

    def add(self, registration: str, name: str, cargo: int, page: int, rank: int = 0, status: str = "") -> None:
        """Post one candidate; page -n = eliminados/ page n (posted without a name: eliminated names are not
        published). A posting is `[name, inscrição, cargo, page, rank in the general list, status]`, status being
        `n<k>` (k-th nomination within the vacancies), `c<k>` (k-th of the projected cadastro), `d` (withdrew)
        or empty: enough for busca.js to say where the person stands without another download. The spill holds
        two lines a candidate: `normalized name TAB registration key TAB suffix key`, then the posting
        (generator/incremental.py renumbers the cargo of the second)."""
        if self._out is None:
            self._out = open(os.path.join(self.spill_dir, self._file), "a", encoding="utf-8")
        posting = f"[{encode_basestring(name)},{encode_basestring(registration)},{cargo},{page},{rank},\"{status}\"]"
        self._out.write(f"{self.words.name(name)}{SEP}{registration_key(registration)}{SEP}"
                        f"{suffix_key(registration)}\n{posting}\n")

    def part(self, name: str) -> Path:
        """Spill the following postings into a file of their own (one cargo's, so the next build can reuse them
        without the others: generator/incremental.py); return its path."""
        self.flush()
        self._file = name
        return self.spill_dir / name

    def flush(self) -> None:
        """Close the spill file, keeping it for `write`."""
        if self._out is not None:
            self._out.close()
            self._out = None

    def close(self) -> None:
        """Close and remove the spill files (also after a failed build)."""
        self.flush()
        if self._tmp is not None:
            self._tmp.cleanup()

    def write(self, out_dir: Path, workers: int = 1, acts: list[dict] = ()) -> dict:
        """Write each segment's tables and shards, and the acts; return counts and the largest file size.
        `workers` > 1: the segments' shard kinds are written by that many forked processes."""
        self.flush()
        folders = [("", self._root), *self.spills]
        written = [k for k in self.segments() if k not in self.prebuilt]
        files: dict[str, list[Path]] = {k: [] for k in written}
        for segment, folder in dict.fromkeys(folders):
            if segment in files and folder.is_dir():
                files[segment] += sorted(p for p in folder.iterdir() if p.is_file())
        stats = {"postings": 0, "shards": 0, "largest": 0, "pares": 0}
        for segment in written:
            found, self.keys[segment] = _write_segment(Path(out_dir) / segment, self.tables[segment], files[segment],
                                                       workers, self.earlier.get(segment))
            for key, value in found.items():
                stats[key] = max(stats[key], value) if key == "largest" else stats[key] + value
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        _dump(out_dir / "atos.json", act_rows(acts))
        self.close()
        return stats


def act_rows(acts) -> list[list[str]]:
    """busca/atos.json: `[título, tipo, número, data ISO, data dd/mm/aaaa, página, certame, órgão]` for every
    published act (site.acts, each a public page), newest first."""
    rows = []
    for a in acts:
        act = a["ato"]
        rows.append([act.get("titulo") or "", act.get("tipo_nome") or "", act.get("numero") or "",
                     act.get("data") or "", act.get("data_curta") or "", a["href"], a.get("titulo") or "",
                     a.get("orgao") or ""])
    return sorted(rows, key=lambda r: (r[3], r[5]), reverse=True)


def _delta(ids) -> str:
    """`[first,+d,+d…]` of ascending ids."""
    return "[" + ",".join([str(ids[0]), *(str(b - a) for a, b in zip(ids, ids[1:]))]) + "]"


def _id_entries(key: str, ids) -> list[tuple[str, str]]:
    """A key's shard entries `(directory key, "[key,[ids]]")`: one, or parts of about SHARD_BYTES when its ids
    outgrow a shard (directory key of the parts after the first: key + NEXT)."""
    quoted, text = encode_basestring(key), _delta(ids)
    if len(text) <= SHARD_BYTES:
        return [(key, f"[{quoted},{text}]")]
    parts = -(-len(text) // SHARD_BYTES)
    size = -(-len(ids) // parts)
    return [(key if k == 0 else key + NEXT, f"[{quoted},{_delta(ids[k:k + size])}]")
            for k in range(0, len(ids), size)]


KEYED = ("n", "p", "r", "s", "d")  # the kinds of shards made from the keys alone (names, inscrições), not the rows


@dataclass
class Keys:
    """What the previous build wrote of a segment's key shards: the SHA-256 of its keys (each cargo's normalized
    names and inscrições, in table order: what every id and every key shard is made of), the counts it reported,
    and, for each of its files, its path in the segment and the SHA-256 that build sealed; `folder` is the segment
    in that build's site."""

    digest: str
    stats: dict
    files: dict[str, str]
    folder: Path


def _write_segment(out: Path, table: dict, paths: list[Path], workers: int, earlier: Keys | None = None
                   ) -> tuple[dict, dict]:
    """One segment: read its spills, order each cargo's rows, write the tables, then every kind of key; (counts,
    {"chaves": the keys' SHA-256, "contagens": the key shards' counts}, which the next build's Keys is made of). Memory: the rows, one id array per word and one `key TAB id` string per registration and
    reversed registration.

    Issue 20 item 4, a changed score rewrites its cargo's table: a row's id is its place in the tables, ordered by
    normalized name then inscrição, and the key shards (KEYED) are made of those keys and ids only. When the keys
    are those of the previous build (`earlier`: the same digest; a retificação of scores changes ranks, pages and
    status, which live in the tables), its key shards are hard-linked instead of made again, once each file is
    checked against the hash that build sealed: the bytes are the same."""
    import hashlib

    cargos = table["cargos"]
    rows: list[list[tuple[str, str]] | None] = [[] for _ in cargos]
    for path in paths:
        with open(path, encoding="utf-8") as spill:
            for keys in spill:
                posting = next(spill)[:-1]
                rows[int(posting.rsplit(",", 4)[1])].append((keys[:-1], posting))
    for kind in ("t", *KEYED):
        (out / kind).mkdir(parents=True, exist_ok=True)
    bases, words, regs, ends, names = [], {}, [], [], []
    intern = sys.intern
    next_id, largest, tables = 0, 0, 0
    digest, ordered = hashlib.sha256(f"{len(rows)}\0".encode()), []
    for cargo in range(len(rows)):
        cargo_rows, rows[cargo] = rows[cargo], None
        cargo_rows.sort()
        bases.append(next_id)
        for k in range(0, len(cargo_rows), TABLE_ROWS):
            body = ",\n".join(_row(posting) for _, posting in cargo_rows[k:k + TABLE_ROWS])
            rel = f"t/{cargo}-{k // TABLE_ROWS}.json"
            data = f"[{body}]\n".encode("utf-8")
            if not _link_same(earlier, rel, data, out / rel):
                (out / rel).write_bytes(data)
            largest, tables = max(largest, len(data)), tables + 1
        keyed = [keys for keys, _ in cargo_rows]
        digest.update("\n".join(keyed).encode() + b"\0")
        ordered.append(keyed)
        next_id += len(keyed)
        del cargo_rows
    del rows
    _dump(out / "cargos.json", {"certames": table["exams"], "cargos": cargos, "tabelas": bases, "linhas": TABLE_ROWS})
    digest_hex = digest.hexdigest()

    def with_tables(keyed: dict) -> tuple[dict, dict]:  # the key shards' counts, and the whole segment's
        return ({**keyed, "shards": keyed["shards"] + tables, "largest": max(keyed["largest"], largest)},
                {"chaves": digest_hex, "contagens": keyed})

    if earlier is not None and earlier.digest == digest_hex and _link_keyed(earlier, out):
        return with_tables(earlier.stats)
    next_id = 0
    for keyed in ordered:
        for keys in keyed:
            full, reg, end = keys.split(SEP)
            tokens = tuple(sorted({intern(w) for w in full.split()} - PARTICLES)) if full else ()
            for token in tokens:
                ids = words.get(token)
                if ids is None:
                    words[token] = array("l", (next_id,))
                else:
                    ids.append(next_id)
            names.append(tokens)
            if reg:
                regs.append(f"{reg}{SEP}{next_id}")
            if end:
                ends.append(f"{end}{SEP}{next_id}")
            next_id += 1
    del ordered
    stats = {"postings": next_id, "shards": 0, "largest": 0, "pares": 0}  # the key shards' (the tables' added below)

    def kind(name: str, entries: list[tuple[str, str]], one: bool = False) -> None:
        done = _write_kind(out / name, entries, one)
        stats["shards"] += done[1]
        stats["largest"] = max(stats["largest"], done[2])

    n_entries = sorted((e for t, ids in words.items() for e in _id_entries(t, ids)), key=_first)
    common = sorted({key.rstrip(NEXT) for key, text in n_entries if key.endswith(NEXT) or len(text) > SHARD_BYTES})

    def words_and_registrations() -> None:  # n/, r/, s/
        kind("n", n_entries)
        for name, keyed in (("r", regs), ("s", ends)):
            keyed.sort()
            kind(name, _keyed_entries(keyed), name == "s")
            keyed.clear()

    def typos_and_pairs() -> dict:  # d/, p/: made of the words alone, nothing the others write
        typos, pairs = _write_typos(out / "d", words), _write_pairs(out / "p", words, names, common)
        return {"shards": typos[0] + pairs[0], "largest": max(typos[1], pairs[1]), "pares": pairs[2]}

    if workers > 1 and next_id >= FORK_FROM:  # the two halves at once, d/ and p/ by a forked process
        from ...processes import Forked

        with Forked(typos_and_pairs, what="do índice de busca") as half:
            words_and_registrations()
            other = half.get()
    else:
        words_and_registrations()
        other = typos_and_pairs()
    del n_entries
    stats["shards"] += other["shards"]
    stats["largest"] = max(stats["largest"], other["largest"])
    stats["pares"] += other["pares"]
    return with_tables(dict(stats))


def _write_typos(out: Path, words: dict) -> tuple[int, int]:
    """d/: each word of at least TYPO_FROM letters under each of its one-deletion forms. (shards, largest)."""
    forms: dict[str, set[str]] = {}
    for word in words:
        if len(word) >= TYPO_FROM:
            for form in typo_forms(word):
                forms.setdefault(form, set()).add(word)
    done = _write_kind(out, sorted((form, f"[{encode_basestring(form)},"
                                          f"{json.dumps(sorted(found), ensure_ascii=False)}]")
                                   for form, found in forms.items()))
    return done[1], done[2]


def _write_pairs(out: Path, words: dict, names: list, common: list[str]) -> tuple[int, int, int]:
    """p/: each common word's pairs with the other words of the same names, bucket by bucket, and buckets.json
    (bucket → its paired words: busca.js plans only those). (shards, largest, ids stored)."""
    shards = largest = stored = 0
    paired: dict[str, list[str]] = {}
    pair_buckets: dict[str, list[str]] = {}
    for token in common:
        pair_buckets.setdefault(bucket(token), []).append(token)
    for name, tokens in sorted(pair_buckets.items()):
        pairs: dict[str, array] = {}
        for token in tokens:
            for i in words[token]:
                for other in names[i]:
                    if other != token:
                        key = f"{token} {other}"
                        ids = pairs.get(key)
                        if ids is None:
                            pairs[key] = array("l", (i,))
                        else:
                            ids.append(i)
        entries = sorted((e for key, ids in pairs.items() for e in _id_entries(key, ids)), key=_first)
        stored += sum(len(ids) for ids in pairs.values())
        del pairs
        done = _write_bucket((out, name, entries))
        shards, largest = shards + done[0], max(largest, done[1])
        paired[name] = tokens
    _dump(out / "buckets.json", paired)
    return shards, largest, stored


def _link_keyed(earlier: Keys, out: Path) -> bool:
    """Hard-link the previous build's key shards of the segment (earlier.files under KEYED) into `out`, each first
    checked against the hash that build sealed; False (nothing linked) when one is missing or changed."""
    from ..data.package import sha256_file

    found = []
    for rel, sealed in earlier.files.items():
        if rel.partition("/")[0] not in KEYED:
            continue
        source = earlier.folder / rel
        if not source.is_file() or sha256_file(source) != sealed:
            return False
        found.append((source, out / rel))
    for source, target in found:
        target.parent.mkdir(parents=True, exist_ok=True)
        link_or_copy(source, target)
    return bool(found)


def _link_same(earlier: Keys | None, rel: str, data: bytes, target: Path) -> bool:
    """Hard-link the previous build's file `rel` of the segment as `target` when it holds exactly `data` (read and
    compared, not trusted); False otherwise. A retificação of scores at 1M changes the tables of the cargos it
    touches only, and creating the 15,724 small files of the others again cost 4.9 s here against 0.35 s to read
    and link them (issue 20 item 4: a changed score rewrites one cargo's table)."""
    if earlier is None or rel not in earlier.files:
        return False
    return link_if(earlier.folder / rel, target, lambda path: path.stat().st_size == len(data)
                   and path.read_bytes() == data)


def _keyed_entries(keyed: list[str]) -> list[tuple[str, str]]:
    """Sorted `key TAB id` strings → each key's shard entries (`_id_entries` of its ascending ids). Nearly every
    inscrição is one person's: such a key's entry `[key,[id]]` is written here at once (2M keys at 1M: 0.7 s
    against 2.9 s through the general path)."""
    out: list[tuple[str, str]] = []
    append, quote = out.append, encode_basestring
    key, ids = None, []

    def close() -> None:
        if len(ids) == 1:  # the id as the spill wrote it: str(int), the same text _delta makes
            append((key, f"[{quote(key)},[{ids[0]}]]"))
        else:
            out.extend(_id_entries(key, sorted(map(int, ids))))

    for line in keyed:
        k, _, i = line.partition(SEP)
        if k != key:
            if ids:
                close()
            key, ids = k, [i]
        else:
            ids.append(i)
    if ids:
        close()
    return out


def _first(entry: tuple[str, str]) -> str:
    return entry[0]


def _row(posting: str) -> str:
    """A table row: the posting without its cargo (`[name,inscrição,page,rank,"status"]`)."""
    head, _, page, rank, status = posting.rsplit(",", 4)
    return f"{head},{page},{rank},{status}"


def _write_kind(out: Path, entries: list[tuple[str, str]], one: bool = False) -> tuple[list[str], int, int]:
    """Sorted entries of one kind, bucket by bucket; buckets.json lists the buckets. Returns them, the shards and
    the largest shard. `one`: a single bucket "_" (s/: a reversed key's first characters are the last ones typed,
    so its directory could not be fetched while the person types; one directory is fetched with the page)."""
    if one:
        count, size = _write_bucket((out, "_", entries)) if entries else (0, 0)
        _dump(out / "buckets.json", ["_"] if entries else [])
        return ["_"] if entries else [], count, size
    names, shards, largest, start = [], 0, 0, 0
    while start < len(entries):
        name = bucket(entries[start][0].rstrip(NEXT))
        end = start
        while end < len(entries) and bucket(entries[end][0].rstrip(NEXT)) == name:
            end += 1
        count, size = _write_bucket((out, name, entries[start:end]))
        names.append(name)
        shards, largest, start = shards + count, max(largest, size), end
    _dump(out / "buckets.json", names)
    return names, shards, largest


def _write_bucket(task: tuple[Path, str, list[tuple[str, str]]]) -> tuple[int, int]:
    """Cut one bucket's sorted entries (task: folder, bucket, entries) into shards of about SHARD_BYTES; write them
    and the bucket's directory. Returns the shards and the largest."""
    out, name, entries = task
    directory, shard, size, largest = [], [], 0, 0
    for k, (key, text) in enumerate(entries):
        opens = k + 1 < len(entries) and entries[k + 1][0] == key + NEXT  # the first part of a key cut over shards
        if shard and (opens or size + len(text) > SHARD_BYTES):
            largest = max(largest, _flush(out, name, directory, shard))
            shard, size = [], 0
        if not shard:
            directory.append(key)
        shard.append(text)
        size += (len(text) if text.isascii() else len(text.encode())) + 2  # bytes, without encoding ASCII
        if key.endswith(NEXT) and (k + 1 == len(entries) or entries[k + 1][0] != key):
            # a key cut over shards has shards of its own (its first part opens one, its last closes it): the
            # directory then shows whether any other key shares the word's range (busca.js `opens` and `pure`:
            # "santos" alone, or "silva" with "silvana" after it)
            largest = max(largest, _flush(out, name, directory, shard))
            shard, size = [], 0
    if shard:
        largest = max(largest, _flush(out, name, directory, shard))
    _dump(out / f"{name}.json", directory)
    return len(directory), largest


def _flush(out: Path, name: str, directory: list[str], shard: list[str]) -> int:
    """Write shard number len(directory)-1 of a bucket; return its size."""
    path = out / f"{name}-{len(directory) - 1}.json"
    path.write_text("[" + ",\n".join(shard) + "]\n", encoding="utf-8")
    return path.stat().st_size


def _dump(path: Path, value) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
