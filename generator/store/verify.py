"""`gazeta verificar ARQUIVO`: is this a copy of what the gazette published, and who signed it, when?

Up to three independent checks, and the report says which of them could be run:

- the PAdES signature (integrity, signer, time), and its chain up to a root the user gives (`--raiz`); without a
  root the chain is left to the ITI's public verifier (MP 2.200-2/2001 art. 10: ICP-Brasil roots);
- the file's SHA-256 against a manifest: the `manifesto.json` beside the file (the archive's `arquivo/<ato>/`, or
  the site's `atos/<ato>/`), or the ones a folder or a site's address holds (`--site`: the site publishes
  `verificar/sha256.json`, the index of every archived act's PDF);
- the file's SHA-256 against the one the user read on the act's page (`--sha256`).

Verdicts (exit codes in cli.py): CONFERE when no check that ran failed and at least one of them ties the file to
the publisher (a matching SHA-256, or a signature that holds and chains to the given root); NÃO CONFERE when any
failed; NÃO FOI POSSÍVEL CONFERIR when none failed but none of them could vouch for the file (no manifest found, no
SHA-256 given, no root). "Não encontrei o manifesto" is never reported as "o arquivo foi alterado".
"""

from __future__ import annotations

import hashlib
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from typing import TYPE_CHECKING

from ..errors import InputError, Problem
from ..paths import user_cache
from .archive import ACT_FILE, CHANGES_FILE, EXTRACTS, RESULT_FILE, sha256_file

if TYPE_CHECKING:
    from .sign import Signature

# pyHanko (store/sign.py) is imported only where a signature is read: importing it takes about a second, which
# `gazeta serve`'s first page would wait for even when every report is in the cache (signature_report)
PUBLIC_VERIFIER = "https://validar.iti.gov.br"

CONFERE, ALTERED, UNCHECKED = "confere", "alterado", "nao_conferido"
MANIFEST = "manifesto.json"  # beside the act's files, in the archive and on the site (archive.public_manifest)
SITE_INDEX = "verificar/sha256.json"  # every archived act's PDF and SHA-256, written by the site (render/site/pages.py)
# the archive's own records: never published, so never "a published file"
PRIVATE = (ACT_FILE, RESULT_FILE, CHANGES_FILE)
MAX_JSON = 64 << 20  # a manifest or index fetched from a site; a national exam's index is far below
TIMEOUT = 30  # seconds, for each request to a site
_HEX = frozenset("0123456789abcdef")
UNSIGNED, NOT_A_PDF = "ausente: o PDF não tem assinatura digital", "não se aplica: o arquivo não é um PDF"


@dataclass(frozen=True)
class Recorded:
    """One published file whose SHA-256 a manifest (or the site's index) records."""

    name: str  # as the manifest names it: "lins-2024-gcm-ato-12-2024.pdf", "dados/gcm-geral.csv"
    sha256: str
    act: str  # the act's title, e.g. "Edital de Homologação nº 12/2024"
    where: str  # the manifest's path or URL


@dataclass
class Records:
    """What the manifests that could be read record, and where they were looked for."""

    files: list[Recorded] = field(default_factory=list)
    inputs: list[Recorded] = field(default_factory=list)  # the archive's input spreadsheets: never published
    sources: list[str] = field(default_factory=list)  # manifests read (paths or URLs)
    missing: list[str] = field(default_factory=list)  # why none could be read, one sentence each
    origin: str = ""  # where they were looked for: the file's folder, the --site folder or address


@dataclass(frozen=True)
class Report:
    verdict: str  # CONFERE | ALTERED | UNCHECKED
    lines: list[str]

    @property
    def ok(self) -> bool:
        return self.verdict == CONFERE


def is_digest(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def parse_digest(text: str) -> str:
    """A SHA-256 as the act's page prints it (64 hexadecimal digits; case and surrounding spaces do not matter);
    InputError naming the option otherwise."""
    value = text.strip().lower()
    if not is_digest(value):
        raise InputError([Problem("--sha256", f"«{text}» não é um SHA-256: são 64 caracteres de 0 a 9 e a a f, "
                                  "como aparece ao lado do link do PDF na página do ato.")])
    return value


def is_pdf(path: Path) -> bool:
    """A PDF's header is within its first 1024 bytes (ISO 32000-1 §7.5.2, as readers accept it)."""
    with Path(path).open("rb") as handle:
        return b"%PDF-" in handle.read(1024)


# -- where the manifests are -------------------------------------------------------------------------------------
def is_url(text: str) -> bool:
    return urllib.parse.urlsplit(str(text)).scheme in ("http", "https")


def records_beside(path: Path) -> Records:
    """The manifest of the act folder that holds `path` (itself, its `dados/` subfolder, or a cargo's folder of its
    `extratos/`); for a file in an exam's folder (its input spreadsheets), the manifests of that exam's archive."""
    folder = Path(path).resolve().parent
    records = Records(origin=str(folder))
    for candidate in (folder, folder.parent) + ((folder.parent.parent,) if folder.parent.name == EXTRACTS else ()):
        manifest = candidate / MANIFEST
        if manifest.is_file():
            _read_manifest(manifest, records)
            return records
    for manifest in sorted(folder.glob(f"arquivo/*/{MANIFEST}")):
        _read_manifest(manifest, records)
    if not records.sources and not records.missing:
        records.missing.append(f"não encontrei o manifesto ({MANIFEST}) na pasta do arquivo ({folder})")
    return records


def records_in_folder(folder: Path) -> Records:
    """Every manifest a folder holds: a site (its index and each act's manifest), a content folder, one exam's
    folder or one act's folder. InputError when the folder does not exist."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError([Problem(str(folder), "pasta não encontrada (opção --site). Informe a pasta do site, a pasta "
                                  "content/ ou o endereço do site (https://…).")])
    records = Records(origin=str(folder))
    patterns = (MANIFEST, f"arquivo/*/{MANIFEST}", f"certames/*/arquivo/*/{MANIFEST}", f"atos/*/{MANIFEST}",
                f"certames/*/atos/*/{MANIFEST}", f"content/certames/*/arquivo/*/{MANIFEST}",
                f"site/certames/*/atos/*/{MANIFEST}")  # an act, an exam, content/, a site, or the project
    for manifest in sorted({p for pattern in patterns for p in folder.glob(pattern) if p.is_file()}):
        _read_manifest(manifest, records)
    if not records.sources and not records.missing:
        records.missing.append(f"não encontrei manifesto ({MANIFEST}) em {folder}: informe a pasta do site, a "
                               "pasta content/ ou a de um certame")
    return records


def records_at_url(url: str, want_data: bool) -> Records:
    """The site's index of archived PDFs (verificar/sha256.json under the site's address; or, for the address of
    an act's page, the manifest beside it); with `want_data`, also each act's manifest the index names (for a data
    file, which the index does not list)."""
    records = Records(origin=url)
    if url.endswith(".json"):
        index_url = url
        data = _fetch_json(url, records)
    else:
        index_url = urllib.parse.urljoin(url.rstrip("/") + "/", SITE_INDEX)
        data = _fetch_json(index_url, records)
        if data is None:  # the address of an act's page: its manifest is beside it
            act_manifest = urllib.parse.urljoin(url.rstrip("/") + "/", MANIFEST)
            manifest = _fetch_json(act_manifest, records)
            if manifest is not None:
                _add_manifest(manifest, act_manifest, records)
            return records
    if data is None:
        return records
    if isinstance(data, dict) and "arquivos" in data:  # an act's manifest given by its own address
        _add_manifest(data, index_url, records)
        return records
    acts = data.get("atos") if isinstance(data, dict) else None
    if not isinstance(acts, list):
        records.missing.append(f"{index_url} não é o índice de atos do gazeta (falta a lista «atos»)")
        return records
    records.sources.append(index_url)
    for act in acts:
        if not isinstance(act, dict):
            continue
        title = str(act.get("titulo") or act.get("numero") or "")
        if isinstance(act.get("pdf"), str) and is_digest(act.get("sha256")):
            records.files.append(Recorded(act["pdf"], act["sha256"], title, index_url))
        if want_data and isinstance(act.get("manifesto"), str):
            manifest_url = urllib.parse.urljoin(index_url, "../" + act["manifesto"])
            manifest = _fetch_json(manifest_url, records)
            if manifest is not None:
                _add_manifest(manifest, manifest_url, records)
    return records


def _fetch_json(url: str, records: Records):
    """JSON at `url`, or None with the reason in `records.missing`."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "gazeta-verificar"}),
                                    timeout=TIMEOUT) as response:
            body = response.read(MAX_JSON + 1)
    except urllib.error.HTTPError as exc:
        records.missing.append(f"não encontrei o manifesto em {url} (o servidor respondeu {exc.code})")
        return None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        records.missing.append(f"não consegui acessar {url} ({reason})")
        return None
    if len(body) > MAX_JSON:
        records.missing.append(f"{url} é grande demais para um manifesto (mais de {MAX_JSON >> 20} MB)")
        return None
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        records.missing.append(f"{url} não é um manifesto legível (JSON)")
        return None


def _read_manifest(path: Path, records: Records) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        records.missing.append(f"o manifesto {path} está ilegível")
        return
    _add_manifest(data, str(path), records)


def _add_manifest(data, where: str, records: Records) -> None:
    """The files an act's manifest records as published (`arquivos`, less the archive's own records); the input
    spreadsheets (`entradas`) apart, so that running verificar on one is answered as what it is."""
    files = data.get("arquivos") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        records.missing.append(f"o manifesto {where} não tem a lista de arquivos publicados («arquivos»)")
        return
    act = data.get("ato") if isinstance(data.get("ato"), dict) else {}
    title = str(act.get("titulo") or act.get("numero") or "")
    records.sources.append(where)
    records.files += [Recorded(name, sha, title, where) for name, sha in sorted(files.items())
                      if isinstance(name, str) and is_digest(sha) and name not in PRIVATE]
    inputs = data.get("entradas")
    if isinstance(inputs, dict):
        records.inputs += [Recorded(name, sha, title, where) for name, sha in sorted(inputs.items())
                           if isinstance(name, str) and is_digest(sha)]


def find_records(path: Path, site: str | None) -> Records:
    """The manifests to check `path` against: those at `site` (folder or address) when given, else the one beside
    the file."""
    if site is None:
        return records_beside(path)
    if is_url(site):
        return records_at_url(site, want_data=not is_pdf(path))
    return records_in_folder(Path(site))


# -- the checks ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Check:
    """One check's outcome: its detailed lines, and one phrase for the summary."""

    name: str  # "assinatura digital", "cadeia de confiança", "SHA-256 × manifesto", "SHA-256 informado"
    summary: str  # e.g. "confere", "NÃO confere", "não feita: …"
    lines: tuple[str, ...] = ()
    failed: bool = False  # the file is not the published one
    vouches: bool = False  # ties the file to its publisher (a matching hash, a chain to the given root)


def verify(path: Path, *, site: str | None = None, sha256: str | None = None, roots: list | None = None,
           records: Records | None = None) -> Report:
    """Check `path` and say which checks could be run. `roots`: certificates loaded by `sign.load_roots` (None:
    the chain is not checked here); `sha256`: a digest from `parse_digest`; `site`: a folder or an http(s)
    address. InputError for a bad argument (a folder that does not exist)."""
    path = Path(path)
    try:
        digest, pdf = sha256_file(path), is_pdf(path)
    except OSError as exc:
        raise InputError([Problem(str(path), f"não consegui ler o arquivo ({exc.strerror or exc}).")]) from None
    records = records if records is not None else find_records(path, site)
    checks = [*_signature_checks(path, pdf, roots), _manifest_check(path, digest, pdf, records)]
    if sha256 is not None:
        checks.append(Check("SHA-256 informado", "confere", ("SHA-256 informado (--sha256): confere.",),
                            vouches=True) if digest == sha256 else
                      Check("SHA-256 informado", "NÃO confere", (
                          f"SHA-256 informado (--sha256): NÃO confere — o informado é {sha256}. O arquivo foi "
                          "alterado ou não é o arquivo daquele ato.",), failed=True))
    else:
        checks.append(Check("SHA-256 informado", "não feita: nenhum informado (--sha256)"))
    lines = [f"Arquivo: {path}", f"SHA-256: {digest}"]
    for check in checks:
        lines += check.lines
    lines.append("Conferências:")
    lines += [f"  {check.name}: {check.summary}" for check in checks]
    if any(c.failed for c in checks):
        verdict = ALTERED
        lines.append("NÃO CONFERE: não use este arquivo como cópia do ato publicado.")
    elif any(c.vouches for c in checks):
        verdict = CONFERE
        lines.append("CONFERE")
    else:
        verdict = UNCHECKED
        lines.append("NÃO FOI POSSÍVEL CONFERIR: nenhuma das conferências que dependem do publicador pôde ser feita. "
                     "Informe onde está o manifesto (--site com o endereço do site ou a pasta), o SHA-256 impresso "
                     f"na página do ato (--sha256) ou a raiz da cadeia (--raiz), ou use {PUBLIC_VERIFIER}.")
    return Report(verdict, lines)


def signature_report(path: Path, *, sha256: str | None = None) -> dict | None:
    """The signature checks `verify` runs, on a published PDF, for its verification page (render/verification):
    one phrase per check ("íntegra", "ausente: …") and their lines (signer, issuer, time). No root is given here,
    so the chain is left to the ITI's public verifier, as `gazeta verificar` without --raiz says. None when
    signatures cannot be read in this installation (no pyHanko).

    Without a root, with no fetching and no clock, the report is a function of the file's bytes and of the code that
    reads them: it is kept in the user's cache (paths.user_cache) under the file's SHA-256 and that code's version, so
    a build or `gazeta serve` that finds it there neither imports pyHanko nor parses the PDF again (issue 21: the
    preview's first page waited about 2.6 s for these reports). A changed file has another SHA-256: it is read.
    `sha256`: the file's, when the caller has just checked it (the archive's copy); else it is computed here."""
    path = Path(path)
    entry = _report_entry(path, sha256)
    if entry is not None:
        try:
            found = json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
        if isinstance(found, dict) and set(found) == {"assinado", "confere", "conferencias", "linhas"}:
            return found
    try:
        report = _report(_signature_checks(path, is_pdf(path), None))
    except ImportError:
        return None
    if entry is not None:
        _write_quietly(entry, json.dumps(report, ensure_ascii=False, sort_keys=True))
    return report


def remember_signature(path: Path, signature) -> None:
    """Keep the report of a PDF `gazeta publicar` has just finished, from the signature it read back after signing
    (store/sign.sign_file), or None when it did not sign: the same report `signature_report` would compute by
    parsing the file (its cross-reference table, about 1.2 s for a 10,000-candidate act and far more at 1M), which
    the first build after publicar then takes from the cache. Nothing is kept without pyHanko (no report then)."""
    path = Path(path)
    if signature is None and not _installed("pyHanko"):  # no reader: signature_report gives no report either
        return
    entry = _report_entry(path, None)
    if entry is None:
        return
    # an unsigned act's report needs no import of pyHanko (0.34 s of every `publicar` without a certificate)
    _write_quietly(entry, json.dumps(_report(_checks_of(signature, None)), ensure_ascii=False, sort_keys=True))


def _installed(package: str) -> bool:
    """Whether the distribution is installed (its metadata, without importing it)."""
    try:
        metadata.version(package)
    except metadata.PackageNotFoundError:
        return False
    return True


def _report_entry(path: Path, sha256: str | None) -> Path | None:
    """The cache file of a PDF's signature report (None without a user cache or when the file cannot be read)."""
    cache = user_cache("assinaturas")
    if cache is None:
        return None
    try:
        return cache / f"{sha256 or sha256_file(path)}-{_reader_version()}.json"
    except OSError:  # unreadable: the checks say so
        return None


def _report(checks: list) -> dict:
    return {"assinado": checks[0].summary not in (UNSIGNED, NOT_A_PDF),
            "confere": not any(c.failed for c in checks),
            "conferencias": [{"nome": c.name, "resultado": c.summary} for c in checks],
            "linhas": [line for c in checks for line in c.lines]}


@lru_cache(maxsize=1)
def _reader_version() -> str:
    """What the report depends on besides the file: this module, store/sign.py, and the pyHanko installed with the
    libraries that decide what it accepts (certificate paths and algorithm policy, the cryptography behind them):
    upgrading any of them reads the signatures again."""
    digest = hashlib.sha256()
    for name in ("verify.py", "sign.py"):
        digest.update(Path(__file__).with_name(name).read_bytes())
    for package in READER_PACKAGES:
        try:
            digest.update(f"{package}={metadata.version(package)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package}=-\0".encode())
    return digest.hexdigest()[:16]


READER_PACKAGES = ("pyHanko", "pyhanko-certvalidator", "cryptography", "asn1crypto")


def _write_quietly(path: Path, text: str) -> None:
    """Write a cache entry whole or not at all (another process may be writing the same one); a cache that cannot be
    written is only slower."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)


def _signature_checks(path: Path, pdf: bool, roots: list | None) -> list[Check]:
    """The signature and its chain of trust."""
    from .sign import read_signature  # ImportError without pyHanko, before any check is reported

    sig, chain = "assinatura digital", "cadeia de confiança"
    if not pdf:
        return [Check(sig, NOT_A_PDF, (
            "Tipo: este arquivo não é um PDF (não começa com %PDF-), então não há assinatura digital a conferir.",))]
    try:
        signature = read_signature(path, roots or ())
    except Exception as exc:  # noqa: BLE001 - pyHanko raises many kinds on a damaged file; all mean the same here
        return [Check(sig, "ILEGÍVEL", (f"Assinatura: ILEGÍVEL — o PDF está danificado ou foi adulterado "
                                        f"({type(exc).__name__}).",), failed=True)]
    return _checks_of(signature, roots)


def _checks_of(signature, roots: list | None) -> list[Check]:
    """The checks of a signature read (store/sign.read_signature; None: the file is not signed)."""
    sig, chain = "assinatura digital", "cadeia de confiança"
    if signature is None:
        return [Check(sig, UNSIGNED, ("Assinatura: o arquivo não está assinado.",)),
                Check(chain, "não se aplica: sem assinatura")]
    lines = tuple(_signature_lines(signature))
    if not signature.holds:
        return [Check(sig, "NÃO confere", lines, failed=True), Check(chain, "não feita: a assinatura não confere")]
    checks = [Check(sig, "íntegra", lines)]
    if not roots:
        checks.append(Check(chain, f"não feita: nenhuma raiz informada (--raiz); confira em {PUBLIC_VERIFIER}", (
            "Cadeia de confiança: não verificada aqui (nenhuma raiz informada com --raiz). Confira no verificador "
            f"público do ITI: {PUBLIC_VERIFIER}",)))
    elif signature.trusted:
        checks.append(Check(chain, "confere com a raiz informada",
                            ("Cadeia de confiança: confere com a raiz informada.",), vouches=True))
    else:
        checks.append(Check(chain, "NÃO confere com a raiz informada", (
            "Cadeia de confiança: NÃO confere com a raiz informada — o certificado de quem assinou não foi emitido "
            "por ela (nem por uma autoridade abaixo dela).",), failed=True))
    return checks


def _manifest_check(path: Path, digest: str, pdf: bool, records: Records) -> Check:
    """The SHA-256 against what the manifests record as published."""
    name = "SHA-256 × manifesto"
    if not records.sources:
        reasons = "; ".join(records.missing) or "nenhum manifesto informado"
        return Check(name, f"não feita: {reasons}", (f"Manifesto: não conferido — {reasons}.",))
    where = f"em {records.sources[0]}" if len(records.sources) == 1 else \
        f"nos {len(records.sources)} manifestos lidos em {records.origin}"
    same = [r for r in records.files if r.sha256 == digest]
    if same:
        return Check(name, "confere", tuple(f"Manifesto: confere — é o arquivo publicado {r.name} ({r.act}), "
                                           f"registrado em {r.where}." for r in same), vouches=True)
    if not pdf:
        entry = next((r for r in records.inputs if r.sha256 == digest), None)
        lines = [f"Manifesto: este arquivo é a planilha de entrada {entry.name} ({entry.act}, registrada em "
                 f"{entry.where}), que não é publicada."] if entry else []
        lines.append(f"Manifesto: NÃO é um arquivo publicado — nenhum dos arquivos publicados (PDF do ato e dados "
                     f"abertos) registrados {where} tem este SHA-256.")
        return Check(name, "NÃO confere: não é um arquivo publicado", tuple(lines), failed=True)
    named = [r for r in records.files if Path(r.name).name == path.name]
    if named:
        return Check(name, "NÃO confere: o arquivo foi alterado", tuple(
            f"Manifesto: o arquivo foi ALTERADO — {r.where} registra para {r.name} ({r.act}) o SHA-256 {r.sha256}, "
            "e este arquivo tem outro." for r in named), failed=True)
    return Check(name, "NÃO confere", (
        f"Manifesto: NÃO confere — nenhum ato registrado {where} tem um PDF com este SHA-256: o arquivo foi alterado "
        "ou não é um ato publicado ali (os PDFs por cargo são extratos para leitura; o ato oficial é o PDF da página "
        "do ato).",), failed=True)


def _signature_lines(sig: Signature) -> list[str]:
    """Who signed, when, and each check's outcome."""
    lines = []
    if not (sig.intact and sig.valid):
        lines.append("Assinatura: INVÁLIDA — o conteúdo foi alterado depois da assinatura (ou ela não confere com o "
                     "certificado).")
    elif not sig.whole_file:
        lines.append("Assinatura: íntegra, mas o arquivo recebeu ALTERAÇÕES DEPOIS dela (a assinatura não cobre o "
                     "arquivo inteiro).")
    else:
        lines.append(f"Assinatura: íntegra, cobre o arquivo inteiro ({sig.subfilter}).")
    lines.append(f"Assinado por: {sig.subject}")
    lines.append(f"Emitido por: {sig.issuer}")
    if sig.timestamp is not None:
        state = "válido" if sig.timestamp_ok else "INVÁLIDO"
        lines.append(f"Assinado em: {_when(sig.timestamp)} (carimbo do tempo {state})")
    elif sig.signed_at is not None:
        lines.append(f"Assinado em: {_when(sig.signed_at)} (declarado pelo signatário, sem carimbo do tempo)")
    return lines


def _when(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%d/%m/%Y %H:%M:%S UTC")
