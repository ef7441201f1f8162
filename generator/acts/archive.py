"""The archive of published acts: `arquivo/<ato>/` in each exam folder, one frozen record per act with a manifest.

Records are data, like the rules: this module is the only one that writes into an archive (atomically: a record
is complete or absent) and the one that reads and verifies it. A published file is never rendered again; `gazeta
build` copies it byte for byte after checking its SHA-256 against the manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Callable

from ..errors import InputError, Problem
from .model import Act

ARCHIVE = "arquivo"  # folder inside the exam folder
MANIFEST = "manifesto.json"
ACT_FILE = "ato.json"  # the act's public view and body, as published (the act page is rendered from it)
RESULT_FILE = "resultado.json"  # `gazeta resultado --json` at publication: what a later retificação compares
FORMAT = 1
CHUNK = 1 << 20


@dataclass
class Record:
    """One archived act: its folder and what its manifest says."""

    folder: Path
    manifest: dict
    files: dict[str, str] = field(default_factory=dict)  # path relative to the folder → SHA-256

    @property
    def slug(self) -> str:
        return self.folder.name

    @property
    def act(self) -> dict:
        """The act's identity as published (tipo, numero, data, edição…)."""
        return self.manifest["ato"]

    @property
    def pdf(self) -> str | None:
        """The PDF's path inside the record."""
        return self.manifest.get("pdf")

    def published(self) -> dict[str, str]:
        """The files the site publishes (the PDF and the open data), not the archive's own records."""
        return {rel: sha for rel, sha in self.files.items() if rel not in (ACT_FILE, RESULT_FILE)}

    def view(self) -> dict:
        """ato.json: the public view of the exam as this act published it, with the act's body."""
        return json.loads((self.folder / ACT_FILE).read_text(encoding="utf-8"))

    def contract(self) -> dict | None:
        """resultado.json, the result contract at publication (None if the act stored none)."""
        path = self.folder / RESULT_FILE
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def pdf_digests(exam_dir: Path) -> dict[str, str]:
    """Act number → SHA-256 of its archived PDF, as the manifests record it (for `gazeta resultado --json`)."""
    return {r.act["numero"]: r.files[r.pdf] for r in read(exam_dir, verify=False) if r.pdf in r.files}


def sha256_file(path: Path) -> str:
    """SHA-256 of a file, read in chunks (archived PDFs of national exams are large)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def gazeta_version() -> str:
    try:
        return metadata.version("gazeta")
    except metadata.PackageNotFoundError:  # running from a source tree that was never installed
        return "desconhecida"


def act_identity(act: Act) -> dict:
    """What identifies an act in its manifest: a published act may not change it later."""
    ed = act.edition
    return {"tipo": act.kind, "numero": act.number, "data": act.date.isoformat(), "titulo": act.label,
            "retifica": act.corrects, "diario": ed.gazette, "edicao": ed.number or "", "extra": ed.extra,
            "suplemento": ed.supplement, "secao": ed.section}


# -- reading ---------------------------------------------------------------------------------------------------
def root(exam_dir: Path) -> Path:
    return Path(exam_dir) / ARCHIVE


def read(exam_dir: Path, *, verify: bool = True) -> list[Record]:
    """The exam's archived acts, in the order they were published; with `verify`, every file's SHA-256 is checked
    against its manifest and InputError names each changed, missing or extra file."""
    base = root(exam_dir)
    if not base.is_dir():
        return []
    records, problems = [], []
    for folder in sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")):
        record = _record(folder, problems)
        if record is not None:
            if verify:
                problems += check(record)
            records.append(record)
    if problems:
        raise InputError(problems)
    return sorted(records, key=lambda r: r.manifest.get("ordem", 0))


def _record(folder: Path, problems: list[Problem]) -> Record | None:
    where = _where(folder / MANIFEST)
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        files = manifest["arquivos"]
        manifest["ato"]["numero"]
    except FileNotFoundError:
        problems.append(Problem(where, "falta o manifesto deste ato arquivado. Restaure a pasta do ato a partir do "
                                "backup ou do controle de versão; um ato publicado não é gerado de novo."))
        return None
    except (ValueError, KeyError, TypeError):
        problems.append(Problem(where, "o manifesto está ilegível ou incompleto. Restaure-o a partir do backup ou do "
                                "controle de versão."))
        return None
    return Record(folder, manifest, dict(files))


# Files whose SHA-256 matched their manifest, with the inode's signature at that moment (size, mtime, ctime, inode,
# device): a file whose signature is unchanged has not been written since it was hashed — ctime moves on every
# write and cannot be set back by any program — so it is not hashed again (as git and rsync trust their index).
# `_TRUSTED` comes from the previous build's cache (generator/incremental.py); `_SEEN` is what this run verified,
# saved for the next. Hashing the archive of a national exam (about 1 GB) took 2–3 s at every build.
_TRUSTED: dict[str, list] = {}
_SEEN: dict[str, list] = {}


def trust(signatures: dict[str, list]) -> None:
    """Signatures of files verified by the previous build (its cache); a new build starts its own record."""
    _SEEN.clear()
    _TRUSTED.clear()
    _TRUSTED.update(signatures)


def verified() -> dict[str, list]:
    """Signatures of the files this process verified (by hash or unchanged signature)."""
    return dict(_SEEN)


def _signature(path: Path, digest: str) -> list:
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, digest]


def _matches(path: Path, digest: str) -> bool:
    """Whether the file's content is the manifest's: unchanged since verified, or hashed now."""
    key, signature = str(path.resolve()), _signature(path, digest)
    if _TRUSTED.get(key) == signature or _SEEN.get(key) == signature:
        _SEEN[key] = signature
        return True
    hashed_at = time.time_ns()
    if sha256_file(path) != digest:
        return False
    signature = _signature(path, digest)
    if signature[2] < hashed_at - RACY_NS:  # a file written just before (within the clock's grain) is hashed again
        _SEEN[key] = signature
    return True


RACY_NS = 2_000_000_000  # "racy" files, as git calls them: changed too recently for their timestamps to tell


def check(record: Record) -> list[Problem]:
    """Every file of the record as its manifest says: none changed, missing or added."""
    problems = []
    on_disk = {p.relative_to(record.folder).as_posix() for p in record.folder.rglob("*") if p.is_file()}
    on_disk.discard(MANIFEST)
    for rel, digest in sorted(record.files.items()):
        path = record.folder / rel
        if rel not in on_disk:
            problems.append(Problem(_where(path), "este arquivo publicado sumiu do arquivo do ato. Restaure-o a partir "
                                    "do backup ou do controle de versão."))
        elif not _matches(path, digest):
            problems.append(Problem(_where(path), "este arquivo publicado foi alterado depois da publicação (o SHA-256 "
                                    "não confere com o manifesto). Um ato publicado não muda: restaure o arquivo "
                                    "original e, para corrigir o ato, declare uma retificação em certame.toml."))
    for rel in sorted(on_disk - set(record.files)):
        problems.append(Problem(_where(record.folder / rel), "arquivo que não consta do manifesto deste ato "
                                "publicado. Tire-o da pasta do ato."))
    return problems


def _where(path: Path) -> str:
    """A path as messages show it: from the exam folder on (certame/arquivo/ato/…)."""
    parts = path.parts
    if ARCHIVE in parts:
        k = len(parts) - 1 - parts[::-1].index(ARCHIVE)
        return "/".join(parts[k - 1:])
    return str(path)


def copy(record: Record, dest: Path) -> None:
    """Copy the record's published files into dest, byte for byte, verifying each copy against the manifest, and
    write beside them the act's public manifest (`public_manifest`), which `gazeta verificar` finds there."""
    for rel, digest in sorted(record.published().items()):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        source = record.folder / rel
        _copy_verified(source, target, digest)
    dest.mkdir(parents=True, exist_ok=True)
    (dest / MANIFEST).write_text(json.dumps(public_manifest(record), ensure_ascii=False, indent=1, sort_keys=True)
                                 + "\n", encoding="utf-8")


def public_manifest(record: Record) -> dict:
    """What the site publishes of an act's manifest: the act, its PDF and the SHA-256 of each published file. Not
    the archive's own records (ato.json, resultado.json) nor the hashes of the input spreadsheets, which are never
    published."""
    return {"formato": FORMAT, "certame": record.manifest.get("certame", ""), "ato": record.act, "pdf": record.pdf,
            "arquivos": record.published()}


def _copy_verified(source: Path, target: Path, digest: str) -> None:
    sha = hashlib.sha256()
    with open(source, "rb") as src, open(target, "wb") as out:
        while chunk := src.read(CHUNK):
            sha.update(chunk)
            out.write(chunk)
    if sha.hexdigest() != digest:
        target.unlink()
        raise InputError([Problem(_where(source), "este arquivo publicado foi alterado depois da publicação (o "
                                  "SHA-256 não confere com o manifesto). Restaure o arquivo original.")])


# -- writing ---------------------------------------------------------------------------------------------------
def freeze(exam_dir: Path, act: Act, order: int, inputs: dict[str, str], fill: Callable[[Path], dict]) -> Record:
    """Archive one act: `fill(folder)` writes its files into a private folder and returns extra manifest fields
    (e.g. {"pdf": "…pdf"}); then the manifest is written, everything is flushed to disk and the folder is renamed
    into place in one step. A crash or kill before the rename leaves no trace of the act but a hidden folder
    (removed by the next run); after it, the act is complete."""
    base = root(exam_dir)
    base.mkdir(exist_ok=True)
    final = base / act.slug
    if final.exists():
        raise FileExistsError(final)
    _clean(base)
    tmp = Path(tempfile.mkdtemp(prefix=f".{act.slug}-", dir=base))
    try:
        extra = fill(tmp) or {}
        files = {p.relative_to(tmp).as_posix(): sha256_file(p) for p in sorted(tmp.rglob("*")) if p.is_file()}
        manifest = {"formato": FORMAT, "gazeta": gazeta_version(), "certame": Path(exam_dir).resolve().name,
                    "ordem": order, "ato": act_identity(act), **extra, "arquivos": files, "entradas": inputs}
        (tmp / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                    encoding="utf-8")
        _fsync_tree(tmp)
        os.chmod(tmp, 0o755)
        os.rename(tmp, final)
        _fsync_dir(base)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Record(final, manifest, files)


def _clean(base: Path) -> None:
    """Hidden folders left by a run that was killed before its rename: never part of the archive."""
    for leftover in base.glob(".*"):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)


def _fsync_tree(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_file():
            with open(path, "rb") as handle:
                os.fsync(handle.fileno())
        else:
            _fsync_dir(path)
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def input_hashes(exam_dir: Path) -> dict[str, str]:
    """SHA-256 of the exam's input files (certame.toml, candidatos, comissão…): what the act was rendered from."""
    folder = Path(exam_dir)
    return {p.name: sha256_file(p) for p in sorted(folder.iterdir()) if p.is_file() and not p.name.startswith(".")}
