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

from ..errors import FaultError, InputError, Problem, os_fault, require_space
from ..paths import link_if
from ..processes import folder_lock
from ..acts.model import Act

ARCHIVE = "arquivo"  # folder inside the exam folder
MANIFEST = "manifesto.json"
ACT_FILE = "ato.json"  # the act's public view and body, as published (the act page is rendered from it)
RESULT_FILE = "resultado.json"  # `gazeta resultado --json` at publication: what a later retificação compares
# A retificação's per-candidate changes (law/corrections.changes_data), from the same comparison its body quotes:
# what the lists' marks and the «Sua situação» cards show of it. Archived by `publicar` since issue 20; an act
# archived before has none, and a build compares its result contracts instead (pipeline.changes).
CHANGES_FILE = "mudancas.json"
# One PDF per cargo, cut from the act's PDF by `publicar` (issue 20 item 2): extratos/<cargo>/<pdf>-<cargo>.pdf.
EXTRACTS = "extratos"
# The exam's ledger of published acts (issue 19 "What to build" 1): one line per act — its folder, number, date and
# the SHA-256 of its manifest — appended by `gazeta publicar` after each act's folder is in place. A manifest's hash
# recorded at publication is then kept in two places, and an act whose folder went missing is named.
LEDGER = "registro.json"
# A copy of the ledger outside arquivo/, in the exam folder (hidden: not an input of the exam, see input_hashes):
# deleting arquivo/ as a whole leaves it, so the loss is seen. The site keeps a third, public copy (WITNESS_SITE).
WITNESS = ".gazeta-publicados.json"
WITNESS_SITE = "registro.json"  # in site/certames/<exame>/atos/: written by `gazeta build`, read by the next one
FORMAT = 1
CHUNK = 1 << 20
HEX = frozenset("0123456789abcdef")


@dataclass
class Record:
    """One archived act: its folder and what its manifest says."""

    folder: Path
    manifest: dict
    files: dict[str, str] = field(default_factory=dict)  # path relative to the folder → SHA-256
    manifest_sha256: str = ""  # SHA-256 of manifesto.json's bytes, as the ledger records it
    _view: dict | None = field(default=None, repr=False)

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
        return {rel: sha for rel, sha in self.files.items() if rel not in (ACT_FILE, RESULT_FILE, CHANGES_FILE)}

    def view(self) -> dict:
        """ato.json: the public view of the exam as this act published it, with the act's body (read strictly:
        InputError naming the file when it is not the object publicar wrote)."""
        if self._view is None:
            problems: list[Problem] = []
            view = _act_view(self.folder / ACT_FILE, problems)
            if problems:
                raise InputError(problems)
            self._view = view
        return self._view

    def changes(self) -> object | None:
        """mudancas.json, the act's per-candidate changes as published, as JSON data (None if the act has none: not
        a retificação, or archived before the file existed). Listed in the manifest, so verified with the rest."""
        if CHANGES_FILE not in self.files:
            return None
        return _json(self.folder / CHANGES_FILE)

    def contract_bytes(self) -> bytes | None:
        """resultado.json's bytes (None if the act stored none), for a reader that parses only what it needs
        (contract.published_contract)."""
        path = self.folder / RESULT_FILE
        if not path.is_file():
            return None
        return path.read_bytes()

    def unreadable(self) -> InputError:
        """resultado.json is not the JSON `publicar` wrote."""
        return InputError([Problem(_where(self.folder / RESULT_FILE), _UNREADABLE)])

    def contract(self) -> dict | None:
        """resultado.json, the result contract at publication (None if the act stored none)."""
        path = self.folder / RESULT_FILE
        if not path.is_file():
            return None
        data = _json(path)
        if not isinstance(data, dict):
            raise InputError([Problem(_where(path), _UNREADABLE)])
        return data


def pdf_digests(exam_dir: Path) -> dict[str, str]:
    """Act number → SHA-256 of its archived PDF, as the manifests record it (for `gazeta resultado --json`)."""
    return {(r.act.get("identificador") or r.act["numero"]): r.files[r.pdf]
            for r in read(exam_dir, verify=False) if r.pdf in r.files}


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
            "suplemento": ed.supplement, "secao": ed.section,
            **({"identificador": act.ident} if act.ident else {})}


# -- reading ---------------------------------------------------------------------------------------------------
def root(exam_dir: Path) -> Path:
    return Path(exam_dir) / ARCHIVE


def read(exam_dir: Path, *, verify: bool = True, witnesses: tuple[Path, ...] = (), publishing: bool = False,
         trust: Trust | None = None) -> list[Record]:
    """The exam's archived acts, in the order they were published; with `verify`, every file's SHA-256 is checked
    against its manifest, every manifest against the ledger (and the ledger against its copies: the exam folder's
    WITNESS and `witnesses`, e.g. the previous site's), and InputError names each changed, missing or extra file
    and each act gone. `publishing` (gazeta publicar, holding the exam's lock): an archive made before the ledger
    existed is accepted without one, and complete acts after the ledger's last (a run killed between an act's
    rename and its ledger line) are adopted; publicar then writes the ledger (`record_ledger`). `trust`: files
    this build already verified (see Trust)."""
    exam_dir = Path(exam_dir)
    base = root(exam_dir)
    problems: list[Problem] = []
    if os.path.lexists(base) and (base.is_symlink() or not base.is_dir()):
        raise InputError([Problem(_where(base), f"«{ARCHIVE}» deveria ser a pasta dos atos publicados, mas é um "
                                  "arquivo (ou um atalho). Restaure a pasta a partir do backup ou do controle de "
                                  "versão; se o arquivo está ali por engano, tire-o do caminho.")])
    records = []
    if base.is_dir():
        for folder in sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")):
            record = _record(folder, problems)
            if record is not None:
                if verify:
                    problems += check(record, trust)
                records.append(record)
    if verify:
        problems += _check_ledger(exam_dir, records, witnesses, publishing)
    if problems:
        raise InputError(problems)
    return sorted(records, key=lambda r: r.manifest["ordem"])


_UNREADABLE = ("o arquivo está ilegível ou incompleto (não é o JSON que gazeta publicar gravou). Restaure-o a "
               "partir do backup ou do controle de versão; um ato publicado não é gerado de novo.")


def _json(path: Path):
    """A JSON file of the archive; InputError naming it when it cannot be read as JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise InputError([Problem(_where(path), _UNREADABLE)]) from None
    except IsADirectoryError:
        raise InputError([Problem(_where(path), "deveria ser um arquivo, mas é uma pasta. Restaure-o a partir do "
                                  "backup ou do controle de versão.")]) from None


def _record(folder: Path, problems: list[Problem]) -> Record | None:
    path = folder / MANIFEST
    where = _where(path)
    if not path.is_file():
        problems.append(Problem(where, "falta o manifesto deste ato arquivado. Restaure a pasta do ato a partir do "
                                "backup ou do controle de versão; um ato publicado não é gerado de novo."))
        return None
    try:
        raw = path.read_bytes()
        manifest = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        problems.append(Problem(where, _UNREADABLE))
        return None
    wrong = _manifest_problem(manifest)
    if wrong:
        problems.append(Problem(where, f"o manifesto não tem a forma que gazeta publicar grava ({wrong}). Restaure-o "
                                "a partir do backup ou do controle de versão."))
        return None
    return Record(folder, manifest, dict(manifest["arquivos"]), hashlib.sha256(raw).hexdigest())


# What each key of a manifest holds (act_identity's keys, then the record's): strict types, so an edited manifest
# is named instead of failing later (issue 22 item 5: `ordem` as text was a TypeError).
_IDENTITY_TYPES = {"tipo": str, "numero": str, "data": str, "titulo": str, "retifica": (str, type(None)),
                   "diario": str, "edicao": str, "extra": bool, "suplemento": bool, "secao": str}


def _manifest_problem(manifest) -> str:
    """What is wrong with a manifest's shape, or ''."""
    if not isinstance(manifest, dict):
        return "não é um objeto JSON"
    order = manifest.get("ordem")
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        return "«ordem» deve ser um número inteiro a partir de 1"
    if not isinstance(manifest.get("formato"), int) or isinstance(manifest.get("formato"), bool):
        return "«formato» deve ser um número inteiro"
    act = manifest.get("ato")
    if not isinstance(act, dict):
        return "falta o objeto «ato»"
    for key, kind in _IDENTITY_TYPES.items():
        if key in act and not isinstance(act[key], kind) or key in ("tipo", "numero", "data") and key not in act:
            return f"«ato.{key}» ausente ou de tipo errado"
    if not _iso_date(act["data"]):
        return "«ato.data» deve ser uma data AAAA-MM-DD"
    files = manifest.get("arquivos")
    if not isinstance(files, dict) or not files:
        return "falta a lista «arquivos»"
    for rel, digest in files.items():
        if not _safe_relative(rel):
            return f"o caminho «{rel}» de «arquivos» sai da pasta do ato"
        if not isinstance(digest, str) or len(digest) != 64 or not set(digest) <= HEX:
            return f"o SHA-256 de «{rel}» não tem 64 dígitos hexadecimais"
    pdf = manifest.get("pdf")
    if pdf is not None and (not isinstance(pdf, str) or pdf not in files):
        return "«pdf» deve nomear um arquivo de «arquivos»"
    if "assinatura" in manifest and not isinstance(manifest["assinatura"], dict):
        return "«assinatura» deve ser um objeto"
    if not isinstance(manifest.get("entradas", {}), dict):
        return "«entradas» deve ser um objeto"
    return ""


def _iso_date(text: str) -> bool:
    from datetime import date

    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def _safe_relative(rel) -> bool:
    """A path inside the act's folder: relative, POSIX, without '..' (a manifest never points outside)."""
    if not isinstance(rel, str) or not rel or "\\" in rel or "\0" in rel or rel.startswith("/"):
        return False
    return all(part not in ("", ".", "..") for part in rel.split("/"))


def _act_view(path: Path, problems: list[Problem]) -> dict | None:
    """ato.json, strictly: an object with the act ("ato"), its edition ("publicacao"), the PDF and data."""
    try:
        view = _json(path)
    except InputError as error:
        problems += error.problems
        return None
    wrong = ""
    if not isinstance(view, dict):
        wrong = "não é um objeto JSON"
    elif not isinstance(view.get("ato"), dict) or not isinstance(view["ato"].get("numero"), str):
        wrong = "falta o objeto «ato» com o seu «numero»"
    elif not isinstance(view.get("publicacao"), dict):
        wrong = "falta o objeto «publicacao»"
    elif not isinstance(view.get("pdf"), (dict, type(None))) or not isinstance(view.get("dados"), (dict, type(None))):
        wrong = "«pdf» e «dados» devem ser objetos (ou null)"
    if wrong:
        problems.append(Problem(_where(path), f"o arquivo não tem a forma que gazeta publicar grava ({wrong}). "
                                "Restaure-o a partir do backup ou do controle de versão."))
        return None
    return view


# -- the ledger ------------------------------------------------------------------------------------------------
def ledger_entry(record: Record) -> dict:
    """One line of the ledger: the act's folder, number and date, and the SHA-256 of its manifest."""
    act = record.act
    return {"ordem": record.manifest["ordem"], "ato": record.slug, "numero": act["numero"], "data": act["data"],
            "manifesto_sha256": record.manifest_sha256}


def ledger_bytes(entries: list[dict]) -> bytes:
    return (json.dumps({"formato": FORMAT, "atos": entries}, ensure_ascii=False, indent=1, sort_keys=True)
            + "\n").encode("utf-8")


_ENTRY_TYPES = {"ordem": int, "ato": str, "numero": str, "data": str, "manifesto_sha256": str}


def read_ledger(path: Path) -> list[dict] | None:
    """The entries of a ledger (or of one of its copies); None when the file does not exist; InputError naming it
    when it is not a ledger."""
    if not os.path.lexists(path):
        return None
    data = _json(path)
    entries = data.get("atos") if isinstance(data, dict) else None
    ok = isinstance(entries, list) and all(
        isinstance(e, dict) and set(e) == set(_ENTRY_TYPES) and all(
            isinstance(e[k], t) and not isinstance(e[k], bool) for k, t in _ENTRY_TYPES.items()) for e in entries)
    if not ok:
        raise InputError([Problem(_where(path), "o registro de atos publicados não tem a forma que gazeta publicar "
                                  "grava. Restaure-o a partir do backup ou do controle de versão.")])
    return entries


def _check_ledger(exam_dir: Path, records: list[Record], witnesses: tuple[Path, ...], publishing: bool
                  ) -> list[Problem]:
    """The archive as the ledger says: every act it lists present with the same manifest, none it does not list;
    the ledger itself as long as every copy of it (a copy may lag behind, never lead or differ)."""
    path = root(exam_dir) / LEDGER
    where = _where(path)
    try:
        ledger = read_ledger(path)
    except InputError as error:
        return error.problems
    problems = []
    copies = [Path(exam_dir) / WITNESS, *witnesses]
    longest: tuple[list[dict], Path] | None = None
    for copy_path in copies:
        try:
            entries = read_ledger(copy_path)
        except InputError as error:
            if copy_path == Path(exam_dir) / WITNESS:  # the exam folder's own copy; a damaged site copy proves nothing
                problems += error.problems
            continue
        if entries and (longest is None or len(entries) > len(longest[0])):
            longest = (entries, copy_path)
    if ledger is None:
        if longest is not None:
            gone = "a pasta «arquivo/» sumiu" if not root(exam_dir).is_dir() else f"o registro {where} sumiu"
            problems.append(Problem(where, f"{gone}, mas {_shown(longest[1])} (gravado na publicação) registra "
                                    f"{len(longest[0])} ato(s) publicado(s) deste certame: "
                                    f"{_acts_text(longest[0])}. O arquivo de atos só cresce: restaure "
                                    f"«{ARCHIVE}/» inteira a partir do backup ou do controle de versão."))
            return problems
        if records and not publishing:
            problems.append(Problem(where, "falta o registro dos atos publicados deste certame (o arquivo foi feito "
                                    "por uma versão anterior do gazeta, ou o registro foi apagado). Rode «gazeta "
                                    f"publicar {Path(exam_dir).name}» uma vez: ele confere cada ato contra o seu "
                                    "manifesto e grava o registro. Se o registro foi apagado, restaure-o do backup."))
        return problems
    by_slug = {r.slug: r for r in records}
    listed = set()
    for entry in ledger:
        listed.add(entry["ato"])
        record = by_slug.get(entry["ato"])
        folder = f"{Path(exam_dir).name}/{ARCHIVE}/{entry['ato']}"
        if record is None:
            if not (root(exam_dir) / entry["ato"] / MANIFEST).is_file():  # a folder without manifest: named already
                problems.append(Problem(folder, f"o ato nº {entry['numero']}, de {_br(entry['data'])}, foi publicado "
                                        f"(consta de {where}), mas a sua pasta sumiu do arquivo. Um ato publicado não "
                                        "sai do arquivo nem é gerado de novo: restaure a pasta a partir do backup "
                                        "ou do controle de versão."))
        elif record.manifest_sha256 != entry["manifesto_sha256"] or record.manifest["ordem"] != entry["ordem"]:
            problems.append(Problem(f"{folder}/{MANIFEST}", f"o manifesto mudou depois da publicação: o SHA-256 "
                                    f"registrado em {where} é {entry['manifesto_sha256']}, o do arquivo agora é "
                                    f"{record.manifest_sha256}. Restaure a pasta do ato (manifesto e arquivos) a "
                                    "partir do backup; para corrigir um ato, declare uma retificação."))
    newest = max((e["ordem"] for e in ledger), default=0)
    for record in records:
        if record.slug not in listed and publishing and record.manifest["ordem"] > newest:
            continue  # archived by a run killed before its ledger line: complete and verified, publicar adopts it
        if record.slug not in listed:
            problems.append(Problem(f"{Path(exam_dir).name}/{ARCHIVE}/{record.slug}", f"esta pasta de ato não consta "
                                    f"de {where}. Se um gazeta publicar foi interrompido, rode «gazeta publicar "
                                    f"{Path(exam_dir).name}»: ele confere o ato e completa o registro. Se não, ela não "
                                    "foi gravada por gazeta publicar: tire-a do arquivo (os atos novos são declarados "
                                    "em certame.toml e publicados com gazeta publicar)."))
    if longest is not None and ledger[:len(longest[0])] != longest[0]:
        problems.append(Problem(where, f"o registro não confere com {_shown(longest[1])}, gravado antes: "
                                f"{_divergence(ledger, longest[0])}. O arquivo de atos só cresce e um ato publicado "
                                "não muda: restaure arquivo/ a partir do backup ou do controle de versão."))
    return problems


def _divergence(ledger: list[dict], other: list[dict]) -> str:
    for k, entry in enumerate(other):
        if k >= len(ledger):
            return f"faltam {len(other) - k} ato(s) publicado(s) ({_acts_text(other[k:])})"
        if ledger[k] != entry:
            return f"o {k + 1}º ato publicado era o nº {entry['numero']}, de {_br(entry['data'])}, com manifesto " \
                   f"{entry['manifesto_sha256']}"
    return ""


def _acts_text(entries: list[dict]) -> str:
    return ", ".join(f"nº {e['numero']} ({_br(e['data'])})" for e in entries)


def _br(iso: str) -> str:
    return "/".join(reversed(iso.split("-"))) if _iso_date(iso) else iso


def _shown(path: Path) -> str:
    parts = Path(path).parts
    return "/".join(parts[-4:]) if len(parts) > 4 else str(path)


def record_ledger(exam_dir: Path, records: list[Record]) -> bool:
    """Write the ledger (and its copy in the exam folder) from `records`, verified; True when a file changed.
    Used after each act is archived, and once on an archive made before the ledger existed."""
    data = ledger_bytes([ledger_entry(r) for r in sorted(records, key=lambda r: r.manifest["ordem"])])
    changed = False
    for path in (root(exam_dir) / LEDGER, Path(exam_dir) / WITNESS):
        for leftover in path.parent.glob(f".{path.name}-*"):  # a run killed while writing it (see below)
            leftover.unlink(missing_ok=True)
        if path.is_file() and path.read_bytes() == data:
            continue
        _write_atomically(path, data)
        changed = True
    return changed


def _write_atomically(path: Path, data: bytes) -> None:
    """Write a small file by a temporary beside it, fsync and rename: the old or the new content, never half."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.rename(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Trust:
    """Files of the archive whose SHA-256 matched their manifest, each with its inode's signature at that moment
    (size, mtime, ctime, inode, device): a file whose signature is unchanged has not been written since it was
    hashed — ctime moves on every write and cannot be set back by any program — so it is not hashed again (as git
    and rsync trust their index). Hashing the archive of a national exam (about 1 GB) took 2–3 s at every build.

    One object per build (or per `gazeta serve` session), passed to `read` and `check`: `signatures` are those the
    previous build recorded in its cache (generator/incremental.py); `verified()` is what this one verified, saved
    for the next. Without one, every file is hashed."""

    def __init__(self, signatures: dict[str, list] | None = None) -> None:
        self._trusted: dict[str, list] = dict(signatures or {})
        self._seen: dict[str, list] = {}

    def verified(self) -> dict[str, list]:
        """Signatures of the files verified through this object (by hash or unchanged signature)."""
        return dict(self._seen)

    def matches(self, path: Path, digest: str) -> bool:
        """Whether the file's content is the manifest's: unchanged since verified, or hashed now."""
        key, signature = str(path.resolve()), _signature(path, digest)
        if self._trusted.get(key) == signature or self._seen.get(key) == signature:
            self._seen[key] = signature
            return True
        hashed_at = time.time_ns()
        if sha256_file(path) != digest:
            return False
        signature = _signature(path, digest)
        if signature[2] < hashed_at - RACY_NS:  # a file written just before (within the clock's grain) is hashed again
            self._seen[key] = signature
        return True


def _signature(path: Path, digest: str) -> list:
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev, digest]


RACY_NS = 2_000_000_000  # "racy" files, as git calls them: changed too recently for their timestamps to tell


def check(record: Record, trust: Trust | None = None) -> list[Problem]:
    """Every file of the record as its manifest says: none changed, missing or added (`trust`: see Trust)."""
    trust = trust if trust is not None else Trust()
    problems = []
    on_disk = {p.relative_to(record.folder).as_posix() for p in record.folder.rglob("*") if p.is_file()}
    on_disk.discard(MANIFEST)
    for rel, digest in sorted(record.files.items()):
        path = record.folder / rel
        if rel not in on_disk:
            problems.append(Problem(_where(path), "este arquivo publicado sumiu do arquivo do ato. Restaure-o a partir "
                                    "do backup ou do controle de versão."))
        elif not trust.matches(path, digest):
            problems.append(Problem(_where(path), "este arquivo publicado foi alterado depois da publicação (o SHA-256 "
                                    "não confere com o manifesto). Um ato publicado não muda: restaure o arquivo "
                                    "original e, para corrigir o ato, declare uma retificação em certame.toml."))
    for rel in sorted(on_disk - set(record.files)):
        problems.append(Problem(_where(record.folder / rel), "arquivo que não consta do manifesto deste ato "
                                "publicado. Tire-o da pasta do ato."))
    if not problems and ACT_FILE in record.files and record._view is None:
        record._view = _act_view(record.folder / ACT_FILE, problems)  # its hash matched: now its shape
    return problems


def _where(path: Path) -> str:
    """A path as messages show it: from the exam folder on (certame/arquivo/ato/…)."""
    parts = path.parts
    if ARCHIVE in parts:
        k = len(parts) - 1 - parts[::-1].index(ARCHIVE)
        return "/".join(parts[k - 1:])
    return str(path)


def copy(record: Record, dest: Path, earlier: Path | None = None) -> None:
    """Copy the record's published files into dest, byte for byte, verifying each copy against the manifest, and
    write beside them the act's public manifest (`public_manifest`), which `gazeta verificar` finds there.
    `earlier`: the act's folder in the previous site; a file of it that hashes to the manifest's SHA-256 is
    hard-linked instead of copied (the same bytes, checked): after a retificação at 1M, the build wrote the
    result act's 300 MB PDF and its data again, about 5 s."""
    for rel, digest in sorted(record.published().items()):
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if earlier is not None and link_if(earlier / rel, target, lambda path: sha256_file(path) == digest):
            continue
        _copy_verified(record.folder / rel, target, digest)
    dest.mkdir(parents=True, exist_ok=True)
    (dest / MANIFEST).write_text(json.dumps(public_manifest(record), ensure_ascii=False, indent=1, sort_keys=True)
                                 + "\n", encoding="utf-8")


def public_manifest(record: Record) -> dict:
    """What the site publishes of an act's manifest: the act, its PDF and the SHA-256 of each published file. Not
    the archive's own records (ato.json, resultado.json, mudancas.json) nor the hashes of the input spreadsheets,
    which are never published."""
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
        raw = (json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8")
        (tmp / MANIFEST).write_bytes(raw)
        _fsync_tree(tmp)
        os.chmod(tmp, 0o755)
        os.rename(tmp, final)
        _fsync_dir(base)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Record(final, manifest, files, hashlib.sha256(raw).hexdigest())


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


# -- publishing safely: one run at a time, enough disk, one sentence when the machine refuses ------------------
def locked(exam_dir: Path):
    """Hold an exclusive lock on the exam folder while acts are archived; FaultError if another `gazeta publicar`
    holds it (two runs at once: one's cleanup of hidden leftovers removed the other's temporary folder). The lock is
    generator/processes.folder_lock, the site build's too."""
    return folder_lock(exam_dir, f"outro gazeta publicar já está em andamento no certame «{Path(exam_dir).name}». "
                       "Espere ele terminar e rode de novo; este não publicou nada.")


# Bytes an act needs in arquivo/ at least: a fixed part (the PDF's fonts and front matter, the act's view) and, per
# candidate of the exam, its share of the lists, open data and result contract. Measured on the examples: a
# convocação or retificação 150–210 kB; a result act 630 kB (Cariacica, 235 candidates) to 780 kB (Lins, 100; MS,
# 340). A lower bound (the MS result: 256 kB + 340 kB < 768 kB): refused only when clearly short.
BYTES_PER_CANDIDATE = 1_000
BYTES_PER_ACT = 256_000


def check_space(exam_dir: Path, candidates: int, acts: int) -> None:
    """FaultError, before anything is rendered, when the disk clearly cannot hold the acts to archive."""
    require_space(exam_dir, acts * BYTES_PER_ACT + BYTES_PER_CANDIDATE * candidates, "publicar",
                  "nada foi publicado")


def dropped(record: "Record") -> Problem:
    """An archived act no longer declared in [[atos]]: the archive is append-only (issue 19 item 1)."""
    return Problem("certame.toml", f"o ato «{record.act.get('titulo', record.slug)}» já foi publicado (pasta "
                   f"{ARCHIVE}/{record.slug}), mas não está mais em [[atos]]. Um ato publicado não sai do histórico: "
                   "declare-o de novo como foi publicado.", column="atos")


def fault(error: BaseException, exam_dir: Path) -> FaultError | None:
    """One Portuguese sentence for a machine fault while archiving (full disk, file too large, read-only disk, name
    too long…), or None for other errors (bugs keep their traceback)."""
    found = os_fault(error)
    if found is None:
        return None
    what, filename = found
    where = f" («{filename}»)" if filename else ""
    return FaultError(f"não foi possível gravar o ato no arquivo do certame «{Path(exam_dir).name}»: {what}{where}. "
                      "Corrija e rode de novo; nada deste ato foi publicado (a pasta temporária foi removida).")


def input_hashes(exam_dir: Path) -> dict[str, str]:
    """SHA-256 of the exam's input files (certame.toml, candidatos, comissão…): what the act was rendered from."""
    folder = Path(exam_dir)
    return {p.name: sha256_file(p) for p in sorted(folder.iterdir()) if p.is_file() and not p.name.startswith(".")}
