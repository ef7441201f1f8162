"""Incremental build: an exam whose inputs, archive, rules and code did not change since the last build is neither
checked, allocated nor rendered again — its pages are hard-linked from the previous site and its search postings,
sitemap entries and summaries replayed from a cache beside the site (`.site.gazeta-cache/`). The cache's stamp is
removed before a new site is swapped in and the new cache put in place only after: a build killed between the two
leaves no stamp, so the next build renders everything (the sitemap alone cannot tell two sites apart when only a
text changed). The stamp records the SHA-256 of the sitemap of the site it describes: a cache that does not match
the site beside it is ignored. Anything else is rendered as usual.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import sitedir
from .paths import link_or_copy
from .render.site import verification

ENTRY = "entrada.json"
STAMP = "site.sha256"  # SHA-256 of the sitemap.xml of the site the cache describes
FORMAT = 1
PROJECT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Every source file and template of gazeta: any change to the code renders everything again."""
    digest = hashlib.sha256()
    for root in (PROJECT / "generator", PROJECT / "templates"):
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(PROJECT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def fingerprint(folder: Path, rules_dir: Path | None, options: str) -> str:
    """What an exam's pages depend on: its input files, its archive's manifests (each file is checked against its
    manifest at every build), the jurisdiction rules, gazeta's code and the build options."""
    from .store import archive

    digest = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{options}\0".encode())
    for name, sha in archive.input_hashes(folder).items():
        digest.update(f"{name}\0{sha}\n".encode())
    for manifest in sorted(Path(folder).glob(f"{archive.ARCHIVE}/*/{archive.MANIFEST}")):
        digest.update(manifest.read_bytes())
    for ledger in (Path(folder) / archive.ARCHIVE / archive.LEDGER, Path(folder) / archive.WITNESS):
        digest.update(ledger.read_bytes() if ledger.is_file() else b"\0")
    if rules_dir is not None and Path(rules_dir).is_dir():
        # the rule files and the jurisdictions' coats of arms (pipeline.COAT_OF_ARMS: <id>.svg or <id>.png)
        for path in sorted(p for p in Path(rules_dir).iterdir() if p.suffix in (".toml", ".svg", ".png")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cache_dir(site_dir: Path) -> Path:
    """Where the cache of a site lives: beside it, never inside (the site is published as it is)."""
    site_dir = Path(site_dir)
    return site_dir.with_name(f".{site_dir.name}.gazeta-cache")


def previous_cache(site_dir: Path) -> Path | None:
    """The cache of the site at site_dir, if it describes that very site."""
    cache, sitemap = cache_dir(site_dir), Path(site_dir) / "sitemap.xml"
    if not (cache / STAMP).is_file() or not sitemap.is_file():
        return None
    return cache if (cache / STAMP).read_text().strip() == _sha(sitemap) else None


def invalidate(site_dir: Path) -> None:
    """Before the swap: the cache stops describing any site (one unlink, so a kill leaves it valid or stampless)."""
    (cache_dir(site_dir) / STAMP).unlink(missing_ok=True)


def commit(site_dir: Path, staging: Path) -> None:
    """After the swap: stamp the new cache with the new site's sitemap and put it in place of the old one."""
    (staging / STAMP).write_text(_sha(Path(site_dir) / "sitemap.xml") + "\n")
    target = cache_dir(site_dir)
    if target.exists():
        old = target.with_name(sitedir.cache_prefixes(site_dir)[1] + str(os.getpid()))
        os.rename(target, old)
        shutil.rmtree(old, ignore_errors=True)
    os.rename(staging, target)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Reuse:
    """An exam taken from the previous build: its cache entry and where its pages and postings are."""

    slug: str
    folder: Path  # the exam's folder in content/
    entry: dict
    previous: Path  # the previous site
    cache: Path  # its cache


def check_archive(folder: Path, witnesses: tuple[Path, ...] = (), trust=None) -> None:
    """A reused exam's archive is still verified file by file and against its ledger: a changed published file, or
    an act lost, stops the build."""
    from .store import archive

    archive.read(folder, witnesses=witnesses, trust=trust)


def lookup(previous: Path | None, cache: Path | None, slug: str, print_: str) -> dict | None:
    """The previous build's cache entry of an exam, if it was built from the same fingerprint."""
    if previous is None or cache is None:
        return None
    path = Path(cache) / slug / ENTRY
    if not path.is_file() or not (Path(previous) / "certames" / slug).is_dir():
        return None
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    return entry if entry.get("impressao") == print_ else None


@dataclass
class Earlier:
    """What the previous build made of an exam that changed since: parts of it may still be reused (its cargo
    extracts, when made from the same full PDF; each cargo whose fingerprint did not change, CargoCache)."""

    folder: Path  # the exam's folder in the previous site
    entry: dict  # its cache entry
    cache: Path | None = None  # its folder in the previous cache (the cargos' postings, POSTINGS)

    @property
    def site(self) -> Path:
        """The previous site (`folder` is its certames/<exame>/)."""
        return self.folder.parent.parent


def earlier(previous: Path | None, cache: Path | None, slug: str) -> Earlier | None:
    """The previous build's entry of an exam, whatever its fingerprint (None without one)."""
    if previous is None or cache is None:
        return None
    path, folder = Path(cache) / slug / ENTRY, Path(previous) / "certames" / slug
    if not path.is_file() or not folder.is_dir():
        return None
    try:
        return Earlier(folder, json.loads(path.read_text(encoding="utf-8")), path.parent)
    except ValueError:
        return None


def extracts_key(pdf_sha256: str, view: dict, cargos: list, ranges: dict, url: str, data_sha256: str,
                 href: str, from_events: bool = False) -> str:
    """Everything a cargo extract's bytes depend on: the full PDF's bytes (their SHA-256), what the covers print
    (the act's view, the cargos, their pages, the addresses and the data's hash), gazeta's code, and whether the
    extracts were tagged from the events the PDF was drawn with or copied out of its tree (`from_events`: the two
    write the same structure in different bytes; render/pdf/extract.py)."""
    digest = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{pdf_sha256}\0{url}\0{data_sha256}\0{href}\0"
                            f"{'eventos' if from_events else 'arvore'}\0".encode())
    digest.update(json.dumps([view, [[c.codigo, c.nome, c.slug, c.first, c.last] for c in cargos],
                              sorted([list(k), list(v)] for k, v in ranges.items())],
                             sort_keys=True, default=str, ensure_ascii=False).encode())
    return digest.hexdigest()


def extracts_entry(key: str, extracts: dict, exam_dir: Path) -> dict:
    """The cache's record of an exam's extracts: their key, and each file with its SHA-256."""
    return {"chave": key, "itens": {code: {**{k: v for k, v in e.items() if k != "label"},
                                           "sha256": _sha(Path(exam_dir) / e["href"])}
                                    for code, e in extracts.items()}}


def reuse_extracts(before: Earlier | None, key: str, exam_dir: Path) -> dict | None:
    """The extracts the previous build made from the same inputs, hard-linked into exam_dir; None when there are
    none to reuse (another key, or a file missing or changed: then everything is extracted again)."""
    record = (before.entry.get("extratos") or {}) if before is not None else {}
    if record.get("chave") != key or not record.get("itens"):
        return None
    items = record["itens"]
    for item in items.values():
        path = before.folder / item["href"]
        if not path.is_file() or _sha(path) != item["sha256"]:
            return None
    out = {}
    for code, item in items.items():
        target = Path(exam_dir) / item["href"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.unlink(missing_ok=True)
        link_or_copy(before.folder / item["href"], target)
        out[code] = {k: v for k, v in item.items() if k != "sha256"}
    return out


ZIPS = "zip"  # the cache's folder, by exam, of its data zip's deflate streams (render/data/downloads.Deflated)


def deflated(staging: Path, before: Earlier | None, slug: str):
    """The exam's data zip's deflate streams: those of the previous build (when it has some), and this build's
    folder of them in the new cache (`staging`)."""
    from .render.data.downloads import Deflated

    previous = before.cache.parent / ZIPS / slug if before is not None and before.cache is not None else None
    return Deflated(previous, Path(staging) / ZIPS / slug)


CARGOS = "porcargo"  # an entry's record of each cargo (CargoCache.record), by the cargo's folder name
POSTINGS = "cargos"  # the folder, in an exam's cache, of each cargo's search postings (one file a cargo)


@dataclass
class CargoCache:
    """Issue 20 item 5, only what changed, by the cargo: inside an exam rendered again, each cargo whose fingerprint
    (render/parallel.fingerprint: what its pages and files are handed, gazeta's code, the options) is the one the
    previous build recorded, and whose every file is still in the previous site with the SHA-256 that build sealed
    (as `intact` for a whole exam), is taken from that build: its pages, cards and data files hard-linked, its
    search postings copied (with its new number in the index), its summary, sitemap entries and package resources
    replayed. Used inside the worker processes (forked: read only there); `keep` collects, in the parent, the
    record of every cargo for the next build."""

    salt: str  # FORMAT, gazeta's code and the build options
    previous: Path | None = None  # the previous site
    entry: dict = field(default_factory=dict)  # the exam's entry in the previous cache
    postings: Path | None = None  # the exam's POSTINGS folder in the previous cache
    records: dict = field(default_factory=dict)  # this build's, by cargo folder

    @classmethod
    def of(cls, before: "Earlier | None", options: str) -> "CargoCache":
        salt = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{options}".encode()).hexdigest()
        if before is None or not isinstance(before.entry.get(CARGOS), dict) or not before.entry.get(FILES):
            return cls(salt)
        return cls(salt, before.site, before.entry,
                   before.cache / POSTINGS if before.cache is not None else None)

    @staticmethod
    def postings_name(slug: str) -> str:
        return f"c-{slug}"

    def record(self, slug: str, print_: str, number: int, summary: dict, urls: list, largest: tuple, files: dict,
               resources: list, written: list[str]) -> dict:
        """What the next build needs to take the cargo without rendering it."""
        return {"impressao": print_, "numero": number, "resumo": summary, "urls": [list(u) for u in urls],
                "largest": list(largest), "arquivos": written, "recursos": resources,
                "dados": [[list(key), {k: Path(v).name if k != "rows" else v for k, v in f.items()}]
                          for key, f in files.items()]}

    def take(self, slug: str, print_: str, number: int, spill: Path, site_dir: Path, dados: Path) -> tuple | None:
        """The cargo as the previous build made it, its files linked into the new site (site_dir; its data files
        in `dados`) and its postings into the folder `spill`; None (render it) when its fingerprint changed or
        any file of it is missing or changed since that build sealed it."""
        record = (self.entry.get(CARGOS) or {}).get(slug) if self.previous is not None else None
        if not record or record.get("impressao") != print_ or self.postings is None:
            return None
        source = self.postings / self.postings_name(slug)
        sealed = self.entry.get(FILES) or {}
        if not source.is_file() or not record["arquivos"]:
            return None
        signatures = self.entry.get(STATS) if isinstance(self.entry.get(STATS), dict) else {}
        if not all(_unchanged(self.previous, rel, sealed, signatures) for rel in record["arquivos"]):
            return None
        _link_files(self.previous, Path(site_dir), record["arquivos"])
        _copy_postings(source, Path(spill) / self.postings_name(slug), number)
        files = {tuple(key): {k: (Path(dados) / v if k != "rows" else v) for k, v in f.items()}
                 for key, f in record["dados"]}
        record = {**record, "numero": number}
        return (record["resumo"], [tuple(u) for u in record["urls"]], tuple(record["largest"]), files,
                record["recursos"], record)

    def keep(self, slug: str, record: dict | None) -> None:
        if record is not None:
            self.records[slug] = record


@dataclass
class Recorder:
    """What one exam adds to the site while it is rendered, to save as its cache entry."""

    slug: str
    print_: str
    urls: int
    exams: int
    acts: int
    cargos: int
    spills: list[Path] = field(default_factory=list)
    extracts: dict | None = None  # extracts_entry of the exam's cargo extracts, for the next build
    codes: int = 0  # verification codes the site held when the exam began (its acts' pages are under verificar/)
    per_cargo: dict | None = None  # CargoCache.records: each cargo's record, for the next build to take it
    earlier: Earlier | None = None  # the previous build's entry: its files' hashes, for `seal`

    @classmethod
    def start(cls, site, slug: str, print_: str, earlier: Earlier | None = None) -> "Recorder":
        spill = site.search.spill_dir  # the exam's own spill folder (SearchIndex.exam)
        return cls(slug, print_, len(site.urls), len(site.exams), len(site.acts), len(site.search.cargos), [spill],
                   codes=len(site.codes), earlier=earlier)

    def finish(self, site) -> dict:
        """The entry (search spill folders are taken when the whole build is done, see `save`)."""
        cargos = site.search.cargos[self.cargos:]
        self.spills += [d for _, d in site.search.spills if d.parent.name == self.slug and d not in self.spills]
        return {"impressao": self.print_, "segmento": site.search.segment, "offset": self.cargos,
                "certame": site.search.exams[cargos[0][3]] if cargos else [], "cargos": [c[:3] for c in cargos],
                "urls": site.urls[self.urls:],
                "exam": site.exams[self.exams:], "acts": site.acts[self.acts:], "largest": list(site.largest),
                # the verification pages of its acts (verificar/<código>/, outside its folder): reused with it
                "codigos": dict(list(site.codes.items())[self.codes:]),
                **({"extratos": self.extracts} if self.extracts else {}),
                **({CARGOS: self.per_cargo} if self.per_cargo else {})}


VERIFIED = "verificados.json"  # archived files verified by this build, with their signatures (store/archive.py)


def signatures(cache: Path | None) -> dict:
    """The archive signatures the previous build verified ({} without a valid cache)."""
    path = Path(cache) / VERIFIED if cache is not None else None
    if path is None or not path.is_file():
        return {}
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def save(staging: Path, recorded: list[tuple["Recorder", dict]], search, trust=None) -> None:
    """Write each rendered exam's cache entry and search postings into the new cache, and the archive files this
    build verified (`trust`, the job's store.archive.Trust)."""
    verified = trust.verified() if trust is not None else {}
    (Path(staging) / VERIFIED).write_text(json.dumps(verified, sort_keys=True) + "\n", encoding="utf-8")
    search.flush()
    for recorder, entry in recorded:
        target = Path(staging) / recorder.slug
        shutil.rmtree(target, ignore_errors=True)
        # an exam with a search segment of its own reuses the segment itself, written in the site: no postings
        for k, spill in enumerate(d for d in recorder.spills if d.is_dir() and not entry.get("segmento")):
            _copy_tree(spill, target / "busca" / str(k))
        if entry.get(CARGOS):  # each cargo's postings, whatever the segment: a later build may take the cargo
            for spill in (d for d in recorder.spills if d.is_dir()):
                for path in sorted(spill.glob(CargoCache.postings_name("*"))):
                    (target / POSTINGS).mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target / POSTINGS / path.name)
        target.mkdir(parents=True, exist_ok=True)
        (target / ENTRY).write_text(json.dumps(entry, ensure_ascii=False) + "\n", encoding="utf-8")


FILES = "arquivos"  # an entry's manifest: site-relative path → SHA-256 of every file the exam put in the site
ROOTS = "pastas"  # the site-relative folders the manifest covers
STATS = "inodes"  # each file's inode as sealed, [size, mtime, inode, device]: unchanged, it is not hashed again


def _stat(path: str) -> list[int]:
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev]


def _signatures(site_dir: Path, rels, sealed_at: int) -> dict[str, list[int]]:
    """The inode of each sealed file, by which a later build knows it unchanged without reading it (as git's index
    does; the archive's store.archive.Trust likewise). Size, mtime, inode and device, not ctime: the site's files are
    hard-linked from one build's site into the next and the old site's links removed, each of which moves an inode's
    ctime, and neither moves its mtime. An edit or a restore from a backup writes a new mtime or a new inode; a file
    written within the clock's grain before sealing (store.archive.RACY_NS) gets no signature and is hashed again.
    Before, a build with nothing to do read the whole national exam again (2.7 GB, 2–3 s of CPU), and a retificação
    every untouched cargo's files, in one thread.

    A same-size edit in place with its mtime set back to the nanosecond would go unseen here (as by rsync's quick
    check): so no signature is kept for what is under an exam's `atos/`, the copies of its published acts, which
    are read at every build; the archive's own files are checked by store.archive.Trust, ctime included."""
    from .store.archive import RACY_NS

    out = {}
    for rel in rels:
        if "/atos/" in rel:  # a published act's copy (and its page) is always read: what the act published
            continue
        stat = _stat(os.path.join(os.fspath(site_dir), rel))
        if stat[1] < sealed_at - RACY_NS:
            out[rel] = stat
    return out


def _unchanged(site_dir: Path, rel: str, sealed: dict, signatures: dict) -> bool:
    """Whether the site's file `rel` still has the SHA-256 sealed for it: by its inode's signature when it has one
    and it matches, else by reading it (False when it is gone)."""
    from .store.archive import sha256_file

    path = os.path.join(os.fspath(site_dir), rel)
    if rel not in sealed or not os.path.isfile(path):
        return False
    known = signatures.get(rel)
    if known is not None and _stat(path) == known:
        return True
    return sha256_file(path) == sealed[rel]


def seal(staging: Path, recorded: list[tuple["Recorder", dict]], site_dir: Path, search=None) -> None:
    """After the site is finished: record in each rendered exam's entry the SHA-256 of every file it put in the site
    (its folder, and its search segment when it has one of its own). A later build reuses the exam only if every
    file still has that hash (issue 22 item 2). `search` (the site's SearchIndex, written): the keys of each
    segment of its own, for the next build to keep its key shards (`earlier_keys`)."""
    for recorder, entry in recorded:
        roots = ([f"certames/{recorder.slug}"] + ([f"busca/{entry['segmento']}"] if entry.get("segmento") else [])
                 + [verification.page_rel(code).rstrip("/") for code in entry.get("codigos", {})])
        keys = (search.keys.get(entry["segmento"]) if search is not None and entry.get("segmento") else None)
        sealed_at = time.time_ns()
        files = _hashes(Path(site_dir), roots, _linked(recorder.earlier))
        entry = {**entry, ROOTS: roots, FILES: files, STATS: _signatures(Path(site_dir), files, sealed_at),
                 **({KEYS: {**keys, "codigo": code_fingerprint()}} if keys else {})}
        path = Path(staging) / recorder.slug / ENTRY
        path.unlink(missing_ok=True)  # the entry may be a hard link shared with the previous cache
        path.write_text(json.dumps(entry, ensure_ascii=False) + "\n", encoding="utf-8")


KEYS = "busca_chaves"  # an entry's record of its own search segment's keys (render/site/search.Keys)


def earlier_keys(search, before: Earlier | None) -> None:
    """Hand the search index what the previous build wrote of the exam's own segment (render/site/search.Keys), so
    that its key shards are kept when its keys did not change (a retificação of scores); only when that build ran
    the same gazeta (the shards' format is the code's) and sealed the segment's files."""
    from .render.site.search import Keys

    segment = search.segment
    entry = before.entry if before is not None else {}
    record, files = entry.get(KEYS), entry.get(FILES)
    if not segment or entry.get("segmento") != segment or not isinstance(record, dict) \
            or record.get("codigo") != code_fingerprint() or not isinstance(files, dict):
        return
    prefix = f"busca/{segment}"
    search.earlier[segment] = Keys(record["chaves"], record["contagens"],
                                   {rel[len(prefix):]: sha for rel, sha in files.items() if rel.startswith(prefix)},
                                   before.site / "busca" / segment)


def _linked(before: Earlier | None) -> tuple[str, dict] | None:
    """(the previous site, its sealed hashes of the exam's files), for `_hashes` to know the files this build
    hard-linked from it; None without a previous entry."""
    if before is None or not isinstance(before.entry.get(FILES), dict):
        return None
    return os.fspath(before.site), before.entry[FILES]


def _hashes(site_dir: Path, roots: list[str], linked: tuple[str, dict] | None = None,
            known: tuple[dict, dict] | None = None) -> dict[str, str]:
    """SHA-256 of every file under the given site-relative folders, read by two threads (hashlib releases the GIL:
    a national exam's 2.7 GB hash at about twice one core's 400 MB/s). `linked` (`_linked`): a file that is the
    previous site's file of the same path — the same inode: this build hard-linked it from there, and every way it
    does so (CargoCache.take, reuse_extracts, replay, the search segment's shards) first checked that file against
    the hash sealed then — keeps that hash instead of being read again (after a retificação at 1M, most of the
    exam's 2.7 GB). `known` (`_signatures`, the sealed hashes): a file whose inode still has the sealed signature
    keeps its sealed hash."""
    from concurrent.futures import ThreadPoolExecutor

    rels = []
    for root in roots:
        base = os.path.join(os.fspath(site_dir), root)
        for folder, dirs, files in os.walk(base):
            dirs.sort()
            rels += [os.path.relpath(os.path.join(folder, name), site_dir) for name in sorted(files)]
    from .store.archive import sha256_file

    def digest(rel: str) -> str:
        path = os.path.join(os.fspath(site_dir), rel)
        if known is not None and rel in known[0] and rel in known[1] and _stat(path) == known[0][rel]:
            return known[1][rel]
        if linked is not None and rel in linked[1]:
            try:
                here, there = os.stat(path), os.stat(os.path.join(linked[0], rel))
            except OSError:
                pass
            else:
                if (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino):
                    return linked[1][rel]
        return sha256_file(path)

    with ThreadPoolExecutor(2) as pool:
        digests = list(pool.map(digest, rels))
    return dict(zip(rels, digests))


def intact(previous: Path, entry: dict) -> bool:
    """Whether every file the entry lists is in the previous site with the SHA-256 recorded when it was made: a
    page edited, restored from a backup or deleted since makes the exam render again (issue 22 item 2)."""
    files, roots, signatures = entry.get(FILES), entry.get(ROOTS), entry.get(STATS)
    if not isinstance(files, dict) or not files or not isinstance(roots, list):
        return False
    try:
        found = _hashes(Path(previous), roots, known=(signatures, files) if isinstance(signatures, dict) else None)
    except OSError:
        return False
    return found == files


def replay(site, reuse: Reuse, site_dir: Path, staging: Path) -> None:
    """Put a reused exam in the new site: its pages (hard links), search postings, sitemap entries, summaries."""
    entry, slug = reuse.entry, reuse.slug
    # only the files its manifest lists, verified by `intact` before the exam was chosen for reuse: anything else
    # found in the previous site's folder was not made by gazeta and is left out
    _link_files(reuse.previous, Path(site_dir), sorted(entry[FILES]))
    cache = Path(staging) / slug
    _link_tree(reuse.cache / slug, cache)
    # and its data zip's deflate streams: else the build after one that reused the exam deflates the whole package
    # again (after a retificação at 1M, 280 MB in one process, about 7 s)
    _link_tree(reuse.cache / ZIPS / slug, Path(staging) / ZIPS / slug)
    if entry.get("segmento"):  # its own search segment, as written in the previous site (linked above)
        site.search.own_segment(entry["segmento"])
        numbers = []
    else:
        site.search.use("")
        numbers = [site.search.add_cargo(*row, *entry["certame"]) for row in entry["cargos"]]
    shift = (numbers[0] - entry["offset"]) if numbers else 0
    for spill in sorted((cache / "busca").glob("*")) if (cache / "busca").is_dir() else []:
        if shift:
            _renumber(spill, shift)
        site.search.add_spill(spill)
    if shift:  # the postings now carry the new numbers: the entry says so for the next build
        entry = {**entry, "offset": numbers[0]}
        (cache / ENTRY).unlink()
        (cache / ENTRY).write_text(json.dumps(entry, ensure_ascii=False) + "\n", encoding="utf-8")
    site.urls.extend(tuple(u) for u in entry["urls"])
    site.exams.extend(entry["exam"])
    site.acts.extend(entry["acts"])
    site.codes.update(entry.get("codigos", {}))
    if entry["largest"][0] > site.largest[0]:
        site.largest = tuple(entry["largest"])


def _link_tree(source: Path, target: Path) -> None:
    """Hard-link every file of source under target (a copy where links are impossible). One os.walk over plain
    strings, each folder made once: the 1M exam's 33,000 files took 4.8 s through pathlib (a mkdir per file)."""
    source, target = os.fspath(source), os.fspath(target)
    if not os.path.isdir(source):
        return
    os.makedirs(target, exist_ok=True)
    for folder, dirs, files in os.walk(source):
        dirs.sort()
        rel = os.path.relpath(folder, source)
        dest = target if rel == "." else os.path.join(target, rel)
        for name in dirs:
            os.makedirs(os.path.join(dest, name), exist_ok=True)
        for name in sorted(files):
            link_or_copy(os.path.join(folder, name), os.path.join(dest, name))


def _link_files(source: Path, target: Path, rels: list[str]) -> None:
    """Hard-link the given relative files of source under target (a copy where links are impossible), each folder
    made once."""
    source, target = os.fspath(source), os.fspath(target)
    made: set[str] = set()
    for rel in rels:
        dest = os.path.join(target, rel)
        folder = os.path.dirname(dest)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        link_or_copy(os.path.join(source, rel), dest)


def _copy_tree(source: Path, target: Path) -> None:
    """Copy every file of source under target, stopping at the first failure: shutil.copytree goes on through every
    file and then raises one shutil.Error listing them all (hundreds of paths on a full disk, issue 22)."""
    for folder, dirs, files in os.walk(source):
        dirs.sort()
        dest = Path(target) / os.path.relpath(folder, source)
        dest.mkdir(parents=True, exist_ok=True)
        for name in sorted(files):
            shutil.copyfile(os.path.join(folder, name), dest / name)


def _renumber(folder: Path, shift: int) -> None:
    """Shift the cargo number of every posting (`[name,inscrição,cargo,page,rank,"status"]` lines, see
    render/site/search.py) of a spill folder, rewriting its files."""
    for path in sorted(folder.iterdir()):
        lines = path.read_text(encoding="utf-8").split("\n")
        out = []
        for k, line in enumerate(lines):
            if k % 2 == 1:  # key line, posting line, …
                head, cargo, *rest = line.rsplit(",", 4)
                line = ",".join([head, str(int(cargo) + shift), *rest])
            out.append(line)
        path.unlink()  # a hard link to the previous site's cache: never write through it
        path.write_text("\n".join(out), encoding="utf-8")


def _copy_postings(source: Path, target: Path, number: int) -> None:
    """A cargo's postings file (render/search.SearchIndex.add: key line, posting line, …) with its cargo number
    set to `number` (its place in the index may have moved)."""
    out = []
    with open(source, encoding="utf-8") as lines:
        for keys in lines:
            head, _, *rest = next(lines).rsplit(",", 4)
            out.append(f"{keys}{','.join([head, str(number), *rest])}")
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    Path(target).write_text("".join(out), encoding="utf-8")
