"""`gazeta verificar ARQUIVO.pdf`: is this the PDF the gazette published, and who signed it, when?

Two independent checks: the file's SHA-256 against the manifests of the archive (content/certames/*/arquivo/*/
manifesto.json, written by `gazeta publicar`), and its PAdES signature (integrity, signer, time). The chain of trust
up to ICP-Brasil is left to the ITI's public verifier unless roots are given (`--raiz`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .sign import PUBLIC_VERIFIER, Signature, read_signature

_HEX = set("0123456789abcdef")


@dataclass(frozen=True)
class Published:
    """One archived file whose hash a manifest records."""

    manifest: Path
    name: str


def sha256_file(path: Path) -> str:
    """Hex SHA-256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def find_published(content: Path, sha256: str) -> list[Published]:
    """Every archived file, in any exam's manifests under `content`, whose recorded SHA-256 is `sha256`."""
    found = []
    for manifest in sorted(Path(content).glob("certames/*/arquivo/*/manifesto.json")):
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a broken manifest is `gazeta build`'s to report; here it just cannot vouch for the file
        found += [Published(manifest, name) for name, digest in _recorded(data) if digest == sha256]
    return found


def _recorded(data: object) -> list[tuple[str, str]]:
    """(file name, sha256) pairs a manifest records: `{"arquivos": {name: sha256}}` or `{"arquivos": [{"arquivo":
    name, "sha256": …}]}`, at any depth (inputs and outputs alike)."""
    pairs = []
    if isinstance(data, dict):
        name = data.get("arquivo") or data.get("caminho") or data.get("nome")
        digest = data.get("sha256")
        if isinstance(name, str) and _is_digest(digest):
            pairs.append((name, digest))
        for key, value in data.items():
            if _is_digest(value) and key != "sha256":
                pairs.append((key, value))
            elif isinstance(value, (dict, list)):
                pairs += _recorded(value)
    elif isinstance(data, list):
        for item in data:
            pairs += _recorded(item)
    return pairs


def _is_digest(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def verify(path: Path, content: Path, roots: list[Path] = ()) -> tuple[bool, list[str]]:
    """Whether the file checks out, and the lines that say why (in Portuguese). It checks out when the archive
    records its hash and its signature, if any, holds; a file absent from the archive never checks out."""
    path = Path(path)
    digest = sha256_file(path)
    lines = [f"Arquivo: {path}", f"SHA-256: {digest}"]
    try:
        signature = read_signature(path, roots)
    except Exception as exc:  # noqa: BLE001 - pyHanko raises many kinds on a damaged file; all mean the same here
        signature = exc
    published = find_published(content, digest)
    ok = bool(published)
    if isinstance(signature, Exception):
        ok = False
        lines.append(f"Assinatura: ILEGÍVEL — o arquivo está danificado ou foi adulterado ({type(signature).__name__}).")
    elif signature is None:
        lines.append("Assinatura: o arquivo não está assinado.")
    else:
        ok = ok and signature.holds
        lines += _signature_lines(signature)
    if published:
        for item in published:
            lines.append(f"Arquivo publicado: confere com {item.name} em {item.manifest} (mesmo SHA-256).")
        if signature is None:
            lines.append("Resultado: arquivo publicado pelo diário (o SHA-256 confere com o manifesto), sem assinatura "
                         "digital.")
    else:
        lines.append(f"Arquivo publicado: NENHUM manifesto em {content} registra este SHA-256 — não é uma cópia "
                     "idêntica de um ato publicado.")
    lines.append("CONFERE" if ok else "NÃO CONFERE: não use este arquivo como cópia do ato publicado.")
    return ok, lines


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
    if sig.trusted:
        lines.append("Cadeia de confiança: confere com a raiz informada.")
    else:
        lines.append(f"Cadeia de confiança: não verificada aqui. Confira no verificador público do ITI: "
                     f"{PUBLIC_VERIFIER}")
    return lines


def _when(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%d/%m/%Y %H:%M:%S UTC")
