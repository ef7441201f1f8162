"""PAdES signature of published acts' PDFs with pyHanko, and its reading back for `gazeta verificar`.

Brazilian gazettes are signed with an ICP-Brasil certificate (MP 2.200-2/2001 art. 10: a document signed with it is
presumed authentic). The key comes from the environment, never from content/ (which staff commit and publish):
`GAZETA_CERTIFICADO` (PKCS#12 file), `GAZETA_CERTIFICADO_SENHA`, and optionally `GAZETA_CARIMBO_TEMPO` (an RFC 3161
timestamp server: PAdES B-T instead of B-B). The signature is an incremental update, so every byte the renderer wrote
stays as it was (PDF/A-3 allows it: ISO 19005-3 §6.4.3 asks only that the whole file be covered).
"""

from __future__ import annotations

import logging
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from asn1crypto import pkcs12
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.generic import pdf_name
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.metadata import model as xmp_model
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import signers
from pyhanko.sign.fields import SigSeedSubFilter
from pyhanko.sign.general import load_certs_from_pemder_data
from pyhanko.sign.timestamps import HTTPTimeStamper
from pyhanko.sign.timestamps.common_utils import TimestampRequestError
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from ..errors import InputError, Problem

ENV_CERTIFICATE = "GAZETA_CERTIFICADO"
ENV_PASSWORD = "GAZETA_CERTIFICADO_SENHA"
ENV_TIMESTAMP = "GAZETA_CARIMBO_TEMPO"
FIELD = "Assinatura"  # the (invisible) signature field's name
_E_CPF = re.compile(r"(.*):(\d{11})")


@dataclass(frozen=True)
class SigningKey:
    """A loaded PKCS#12 key ready to sign, with what we print about it."""

    signer: object  # pyhanko.sign.signers.SimpleSigner
    subject: str
    issuer: str
    not_after: datetime
    timestamp_url: str | None


@dataclass(frozen=True)
class Signature:
    """What a PDF's signature says and whether it holds (from `read_signature`)."""

    intact: bool  # the signed bytes hash to the signed digest
    valid: bool  # and the signature over that digest checks with the certificate's key
    whole_file: bool  # the signed byte range is the whole file (nothing appended after signing)
    subject: str
    issuer: str
    signed_at: datetime | None  # the time the signer's software declared
    timestamp: datetime | None  # from a timestamp authority (PAdES B-T), when present
    timestamp_ok: bool | None
    trusted: bool  # chains to a root we were given (`gazeta verificar --raiz`)
    subfilter: str

    @property
    def holds(self) -> bool:
        """Intact, valid, covering the whole file and, if timestamped, with a valid timestamp."""
        return self.intact and self.valid and self.whole_file and self.timestamp_ok is not False


def name_of(name) -> str:
    """'PREFEITURA MUNICIPAL DE LINS:12345678000199 (ICP-Brasil, BR)': the common name, then the rest; an e-CPF's
    CPF masked (see `mask_cpf`)."""
    fields = name.native
    common = fields.get("common_name") or name.human_friendly
    common = mask_cpf(", ".join(common) if isinstance(common, list) else common)
    rest = [fields[k] for k in ("organization_name", "organizational_unit_name", "country_name") if k in fields]
    rest = [", ".join(v) if isinstance(v, list) else v for v in rest]
    return f"{common} ({', '.join(rest)})" if rest else common


def mask_cpf(common_name: str) -> str:
    """An ICP-Brasil e-CPF names its holder 'NOME:CPF' (11 digits): we print the CPF as ***.456.789-**, the
    project's only allowed form of a CPF (privacy by construction, LGPD art. 6º III). An e-CNPJ's 14-digit CNPJ
    identifies a public body and stays."""
    match = _E_CPF.fullmatch(common_name)
    if not match:
        return common_name
    digits = match.group(2)
    return f"{match.group(1)}:***.{digits[3:6]}.{digits[6:9]}-**"


@contextmanager
def _quiet():
    """pyHanko logs every failed check with its traceback; our report says the outcome in Portuguese instead."""
    logger = logging.getLogger("pyhanko")
    level, logger.level = logger.level, logging.CRITICAL + 1
    try:
        yield
    finally:
        logger.setLevel(level)


def _problem(file: str, message: str) -> InputError:
    return InputError([Problem(file, message)])


def key_from_env(content: Path | None = None, environ: dict | None = None, now: datetime | None = None
                 ) -> SigningKey | None:
    """The signing key the environment names, or None when neither variable is set. Raises InputError (in
    Portuguese, naming the variable or file) when the file is missing, inside `content`, cannot be opened with
    the password, or holds a certificate that is expired or not yet valid. Call it before rendering anything, so
    a bad key archives nothing."""
    env = os.environ if environ is None else environ
    path_text, password = env.get(ENV_CERTIFICATE, ""), env.get(ENV_PASSWORD)
    if not path_text and password is None:
        return None
    if not path_text:
        raise _problem(ENV_CERTIFICATE, f"{ENV_PASSWORD} está definida, mas {ENV_CERTIFICATE} não: informe o "
                                        "caminho do arquivo PKCS#12 (.p12 ou .pfx) do certificado.")
    path = Path(path_text)
    if not path.is_file():
        raise _problem(str(path), f"certificado não encontrado (variável {ENV_CERTIFICATE}).")
    if content is not None and path.resolve().is_relative_to(Path(content).resolve()):
        raise _problem(str(path), f"o certificado está dentro de {content}/, que é versionado e publicado. Guarde-o "
                                  f"fora do conteúdo e aponte {ENV_CERTIFICATE} para ele.")
    signer = _load(path, (password or "").encode("utf-8"))
    cert = signer.signing_cert
    not_before, not_after = cert["tbs_certificate"]["validity"]["not_before"].native, \
        cert["tbs_certificate"]["validity"]["not_after"].native
    now = now or datetime.now(timezone.utc)
    if not_after < now:
        raise _problem(str(path), f"o certificado de {name_of(cert.subject)} expirou em "
                                  f"{not_after:%d/%m/%Y}. Renove-o na autoridade certificadora; nada foi publicado.")
    if not_before > now:
        raise _problem(str(path), f"o certificado de {name_of(cert.subject)} só vale a partir de "
                                  f"{not_before:%d/%m/%Y}; nada foi publicado.")
    url = env.get(ENV_TIMESTAMP) or None
    return SigningKey(signer, name_of(cert.subject), name_of(cert.issuer), not_after, url)


def _load(path: Path, password: bytes):
    """pyHanko signer from a PKCS#12 file; a wrong password and a file that is not PKCS#12 get their own words."""
    data = path.read_bytes()
    try:
        return signers.SimpleSigner.load_pkcs12_data(data, other_certs=[], passphrase=password or None)
    except ValueError:
        pass
    try:  # the structure parses: then only the password can be wrong
        pkcs12.Pfx.load(data).native
    except (ValueError, TypeError):
        raise _problem(str(path), "o arquivo não é um certificado PKCS#12 (.p12 ou .pfx) legível.") from None
    raise _problem(str(path), f"não foi possível abrir o certificado: senha incorreta ({ENV_PASSWORD}).") from None


def sign_file(path: Path, key: SigningKey, *, reason: str, location: str = "") -> Signature:
    """Sign `path` in place (PAdES B-B, or B-T with a timestamp server) as an incremental update; returns the
    signature read back. Written to a temporary file and renamed: a crash leaves the unsigned file whole."""
    path = Path(path)
    meta = signers.PdfSignatureMetadata(field_name=FIELD, subfilter=SigSeedSubFilter.PADES, md_algorithm="sha256",
                                        reason=reason or None, location=location or None)
    stamper = HTTPTimeStamper(key.timestamp_url, timeout=30) if key.timestamp_url else None
    tmp = path.with_name(path.name + ".assinando")
    try:
        with path.open("rb") as source, tmp.open("wb") as out:
            writer = _pdfa_writer(source)
            signers.PdfSigner(meta, signer=key.signer, timestamper=stamper).sign_pdf(writer, output=out)
    except TimestampRequestError as exc:
        tmp.unlink(missing_ok=True)
        raise _problem(ENV_TIMESTAMP, f"o servidor de carimbo do tempo {key.timestamp_url} não respondeu como "
                                      f"esperado ({exc}); nada foi publicado.") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(path)
    return read_signature(path)


def _pdfa_writer(source) -> IncrementalPdfFileWriter:
    """pyHanko's incremental writer, with the Info dictionary and the XMP kept consistent as PDF/A requires
    (ISO 19005-3 §6.6.2.3.1). pyHanko writes its own name (`VENDOR`) as the XMP pdf:Producer, and appends it to the
    Info /Producer ("WeasyPrint 70.0; pyHanko …") unless that already names it. So the Info /Producer is set to
    pyHanko's name first, through the writer's public API (the updated Info goes into the signature's incremental
    update), and the two say the same (test_sign checks it): the signed file's producer is what signed it."""
    writer = IncrementalPdfFileWriter(source)
    info = writer.trailer.raw_get("/Info") if "/Info" in writer.trailer else None
    if isinstance(info, generic.IndirectObject):  # WeasyPrint's and pikepdf's: an indirect dictionary
        info.get_object()[pdf_name("/Producer")] = generic.TextStringObject(xmp_model.VENDOR)
        writer.mark_update(info)
    return writer


def load_roots(paths: list[Path]) -> list:
    """The certificates (PEM or DER) given with `gazeta verificar --raiz`, each parsed now: a root that is missing,
    unreadable or not a certificate is an InputError about that root (never a verdict on the PDF)."""
    roots = []
    for path in paths:
        path = Path(path)
        where = f"{path} (opção --raiz)"
        if not path.is_file():
            raise _problem(where, "certificado raiz não encontrado. Informe o arquivo .pem, .crt ou .cer da raiz.")
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise _problem(where, f"não consegui ler o certificado raiz ({exc.strerror or exc}).") from None
        try:
            certs = list(load_certs_from_pemder_data(data))
            for cert in certs:
                _ = cert.subject.human_friendly, cert.public_key.native  # parsed now, not when pyHanko needs it
        except Exception:  # noqa: BLE001 - asn1crypto raises ValueError, TypeError, KeyError… on what is not DER
            certs = None
        if not certs:
            raise _problem(where, "o arquivo não é um certificado legível (PEM ou DER). Baixe de novo a raiz da "
                                  "autoridade certificadora (para a ICP-Brasil, no site do ITI).")
        roots += certs
    return roots


def read_signature(path: Path, roots: list = ()) -> Signature | None:
    """The PDF's last signature and whether it holds, or None when the file is not signed. `roots`: certificates
    to trust, from `load_roots` (the ICP-Brasil roots, or a test CA); without them `trusted` is False and the chain
    is left to the ITI's public verifier."""
    with Path(path).open("rb") as handle, _quiet():
        reader = PdfFileReader(handle, strict=False)
        signatures = reader.embedded_signatures
        if not signatures:
            return None
        embedded = signatures[-1]
        context = ValidationContext(trust_roots=list(roots), allow_fetching=False)
        status = validate_pdf_signature(embedded, context, skip_diff=True)
        cert = status.signing_cert
        timestamp = status.timestamp_validity
        return Signature(
            intact=status.intact, valid=status.valid,
            whole_file=status.coverage == SignatureCoverageLevel.ENTIRE_FILE,
            subject=name_of(cert.subject), issuer=name_of(cert.issuer),
            signed_at=status.signer_reported_dt,
            timestamp=timestamp.timestamp if timestamp else None,
            timestamp_ok=(timestamp.intact and timestamp.valid) if timestamp else None,
            trusted=bool(roots) and status.trusted,
            subfilter=str(embedded.sig_object.get("/SubFilter", "")).lstrip("/"))
