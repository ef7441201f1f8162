"""A throwaway certificate authority for the signature tests: RSA keys (as ICP-Brasil uses) made at test time, never
committed."""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

PASSWORD = "s3nh@-de-teste"
SIGNER = "PREFEITURA MUNICIPAL DE TESTE:12345678000199"


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Teste (descartável)"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _usage(ca: bool) -> x509.KeyUsage:
    return x509.KeyUsage(digital_signature=not ca, content_commitment=not ca, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                         encipher_only=False, decipher_only=False)


@dataclass(frozen=True)
class Authority:
    key: rsa.RSAPrivateKey
    cert: x509.Certificate

    def issue(self, common: str, not_before: dt.datetime, not_after: dt.datetime, *, tsa: bool = False
              ) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        builder = (x509.CertificateBuilder().subject_name(_name(common)).issuer_name(self.cert.subject)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(not_before).not_valid_after(not_after)
                   .add_extension(_usage(False), critical=True))
        if tsa:
            builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
        return key, builder.sign(self.key, hashes.SHA256())

    def pem(self, folder: Path) -> Path:
        path = folder / "raiz-de-teste.pem"
        path.write_bytes(self.cert.public_bytes(serialization.Encoding.PEM))
        return path


@lru_cache(maxsize=1)
def authority() -> Authority:
    return new_authority("AC Raiz de Teste")


def new_authority(common: str) -> Authority:
    """A self-signed root of its own (e.g. one that did not issue the signer's certificate)."""
    now = dt.datetime.now(dt.timezone.utc)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    cert = (x509.CertificateBuilder().subject_name(_name(common)).issuer_name(_name(common))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=3650)).not_valid_after(now + dt.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(_usage(True), critical=True)
            .sign(key, hashes.SHA256()))
    return Authority(key, cert)


def pkcs12_file(folder: Path, name: str, *, days_left: int = 365, password: str = PASSWORD, common: str = SIGNER
                ) -> Path:
    """A PKCS#12 with a signer certificate valid from a year ago until `days_left` from now (negative: expired)."""
    ca = authority()
    now = dt.datetime.now(dt.timezone.utc)
    key, cert = ca.issue(common, now - dt.timedelta(days=400), now + dt.timedelta(days=days_left))
    path = folder / name
    path.write_bytes(pkcs12.serialize_key_and_certificates(
        b"assinante", key, cert, [ca.cert], serialization.BestAvailableEncryption(password.encode())))
    return path


class TimestampServer:
    """An RFC 3161 server on localhost, answered by pyHanko's test timestamper under our throwaway CA."""

    def __enter__(self) -> str:
        from asn1crypto import tsp
        from asn1crypto import x509 as asn1_x509
        from pyhanko.sign.general import load_private_key_from_pemder_data
        from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

        ca = authority()
        now = dt.datetime.now(dt.timezone.utc)
        key, cert = ca.issue("Carimbo do Tempo de Teste", now - dt.timedelta(days=1), now + dt.timedelta(days=30),
                             tsa=True)
        stamper = DummyTimeStamper(
            tsa_cert=asn1_x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER)),
            tsa_key=load_private_key_from_pemder_data(
                key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()), passphrase=None),
            certs_to_embed=[asn1_x509.Certificate.load(ca.cert.public_bytes(serialization.Encoding.DER))])

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's naming
                request = tsp.TimeStampReq.load(self.rfile.read(int(self.headers["Content-Length"])))
                body = stamper.request_tsa_response(request).dump()
                self.send_response(200)
                self.send_header("Content-Type", "application/timestamp-reply")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
        return False
