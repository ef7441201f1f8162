"""PAdES signature of published PDFs (issue 8 item 6) and `gazeta verificar`; a throwaway CA made at test time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pikepdf
from pikepdf.models.metadata import decode_pdf_date
import pytest
from conftest import OWN_SITE
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

from generator.store import sign
from generator.store.verify import sha256_file
from generator import build as build_module
from generator.cli import main
from generator.errors import InputError
from generator.render.pdf.document import build_pdf
from generator.render.pdf.sample import exam_view
from pdf_fakes import SHA, URL, attachments, views
from sign_kit import PASSWORD, SIGNER, TimestampServer, authority, pkcs12_file


@pytest.fixture(scope="module")
def unsigned(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("assinatura")
    out = folder / "ato.pdf"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
        build_pdf(exam_view(), views()[1:], out, attachments=attachments(folder), data_sha256=SHA,
                  permanent_url=URL, workers=1)
    return out


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("chaves")
    pkcs12_file(folder, "valido.p12")
    pkcs12_file(folder, "expirado.p12", days_left=-2)
    authority().pem(folder)
    return folder


def env(keys: Path, name: str = "valido.p12", password: str = PASSWORD, **more) -> dict:
    return {sign.ENV_CERTIFICATE: str(keys / name), sign.ENV_PASSWORD: password, **more}


@pytest.fixture(scope="module")
def signed(unsigned, keys, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("assinado") / "ato.pdf"
    shutil.copyfile(unsigned, path)
    key = sign.key_from_env(environ=env(keys))
    sign.sign_file(path, key, reason="Publicação oficial do ato", location="Teste")
    return path


def archive(content: Path, pdf: Path) -> Path:
    """A manifest as `gazeta publicar` writes it, recording the PDF's SHA-256."""
    folder = content / "certames" / "teste" / "arquivo" / "ato-41-2024"
    folder.mkdir(parents=True)
    (folder / "manifesto.json").write_text(json.dumps({"arquivos": {pdf.name: sha256_file(pdf)}}), encoding="utf-8")
    return folder


def test_no_variables_means_no_signing(keys):
    assert sign.key_from_env(environ={}) is None


def test_signature_is_pades_incremental_and_holds(unsigned, signed, keys):
    before = unsigned.read_bytes()
    after = signed.read_bytes()
    assert after.startswith(before) and len(after) > len(before)  # incremental: the rendered bytes untouched
    result = sign.read_signature(signed, sign.load_roots([keys / "raiz-de-teste.pem"]))
    assert result.holds and result.trusted
    assert result.subfilter == "ETSI.CAdES.detached"
    assert SIGNER in result.subject and "AC Raiz de Teste" in result.issuer
    assert result.signed_at is not None and result.timestamp is None  # B-B: no timestamp
    assert sign.read_signature(unsigned) is None


def test_signing_keeps_pdfa_metadata_and_output_intent(unsigned, signed):
    with pikepdf.open(unsigned) as a, pikepdf.open(signed) as b:
        meta_a, meta_b = a.open_metadata(), b.open_metadata()
        for key in ("pdfaid:part", "pdfaid:conformance", "pdfuaid:part", "dc:title", "xmp:CreateDate"):
            assert meta_b[key] == meta_a[key], key
        assert b.Root.OutputIntents[0].S == "/GTS_PDFA1"
        assert b.Root.OutputIntents[0].DestOutputProfile.read_bytes() == \
            a.Root.OutputIntents[0].DestOutputProfile.read_bytes()
        assert len(b.attachments) == len(a.attachments) > 0
        assert len(b.pages) == len(a.pages)
        # PDF/A: the Info dictionary and the XMP say the same thing (ISO 19005-3 §6.6.2.3.1).
        assert str(b.docinfo.Producer) == meta_b["pdf:Producer"]
        assert "pyHanko" in meta_b["pdf:Producer"]
        modified = decode_pdf_date(str(b.docinfo.ModDate))
        assert modified == datetime.fromisoformat(meta_b["xmp:ModifyDate"]) != decode_pdf_date(str(a.docinfo.ModDate))
        assert "/Filter" not in b.Root.Metadata.stream_dict  # metadata stays uncompressed (§6.6.2.1)
        widget = b.Root.AcroForm.Fields[0]
        assert widget.FT == "/Sig" and list(widget.Rect) == [0, 0, 0, 0] and int(widget.F) & 4  # printable, no AP


def test_timestamp_server_makes_it_b_t(unsigned, keys, tmp_path):
    path = tmp_path / "ato.pdf"
    shutil.copyfile(unsigned, path)
    with TimestampServer() as url:
        key = sign.key_from_env(environ=env(keys, **{sign.ENV_TIMESTAMP: url}))
        result = sign.sign_file(path, key, reason="Publicação")
    assert result.holds and result.timestamp is not None and result.timestamp_ok


@pytest.mark.parametrize("name, password, message", [
    ("valido.p12", "errada", "não foi possível abrir o certificado: senha incorreta (GAZETA_CERTIFICADO_SENHA)."),
    ("expirado.p12", PASSWORD, "expirou em"),
    ("nao-existe.p12", PASSWORD, "certificado não encontrado (variável GAZETA_CERTIFICADO)."),
    ("raiz-de-teste.pem", PASSWORD, "o arquivo não é um certificado PKCS#12 (.p12 ou .pfx) legível."),
])
def test_a_key_that_cannot_sign_is_an_input_error_in_portuguese(keys, name, password, message):
    with pytest.raises(InputError) as caught:
        sign.key_from_env(environ=env(keys, name, password))
    (problem,) = caught.value.problems
    assert message in str(problem) and problem.file.endswith(name)


def test_the_certificate_cannot_live_in_content(keys, tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    shutil.copyfile(keys / "valido.p12", content / "cert.p12")
    with pytest.raises(InputError, match="dentro de"):
        sign.key_from_env(content, environ={sign.ENV_CERTIFICATE: str(content / "cert.p12"),
                                            sign.ENV_PASSWORD: PASSWORD})
    with pytest.raises(InputError, match="GAZETA_CERTIFICADO não"):
        sign.key_from_env(environ={sign.ENV_PASSWORD: PASSWORD})


def test_verificar_prints_signer_and_time_of_an_archived_signed_pdf(signed, keys, tmp_path, capsys):
    content = tmp_path / "content"
    archive(content, signed)
    status = main(["verificar", str(signed), "--conteudo", str(content), "--raiz", str(keys / "raiz-de-teste.pem")])
    out = capsys.readouterr().out
    assert status == 0, out
    assert f"Assinado por: {SIGNER} (ICP-Teste (descartável), BR)" in out, out
    assert "Assinado em: " in out and "Assinatura: íntegra, cobre o arquivo inteiro" in out
    assert "Cadeia de confiança: confere com a raiz informada." in out
    assert f"SHA-256: {sha256_file(signed)}" in out and out.rstrip().endswith("CONFERE")


def test_verificar_without_roots_points_to_the_iti_verifier(signed, tmp_path, capsys):
    content = tmp_path / "content"
    archive(content, signed)
    assert main(["verificar", str(signed), "--conteudo", str(content)]) == 0
    assert "validar.iti.gov.br" in capsys.readouterr().out


def tampered_copies(signed: Path, folder: Path) -> dict[str, Path]:
    data = signed.read_bytes()
    with pikepdf.open(signed) as pdf:
        start, length = (int(v) for v in pdf.Root.AcroForm.Fields[0].V.ByteRange[:2])
    copies = {}
    # One byte of the rendered content changed: inside a stream's data in the middle of the signed range, so the
    # file still parses and only the signature can tell.
    middle = bytearray(data)
    position = data.index(b"stream\n", length // 2, length) + 200
    middle[position] ^= 0x01
    copies["conteudo"] = bytes(middle)
    # An incremental update appended after the signature (e.g. another tool re-saving the file).
    with signed.open("rb") as handle, (folder / "apendado.pdf").open("wb") as out:
        writer = IncrementalPdfFileWriter(handle)
        writer.root["/PageMode"] = generic.NameObject("/UseNone")
        writer.update_root()
        writer.write(out)
    copies["apendado"] = (folder / "apendado.pdf").read_bytes()
    paths = {}
    for name, body in copies.items():
        paths[name] = folder / f"{name}.pdf"
        paths[name].write_bytes(body)
    return paths


def test_verificar_rejects_tampered_copies(signed, tmp_path, capsys):
    content = tmp_path / "content"
    archive(content, signed)
    for name, path in tampered_copies(signed, tmp_path).items():
        status = main(["verificar", str(path), "--conteudo", str(content)])
        out = capsys.readouterr().out
        assert status == 1, (name, out)
        assert "NÃO CONFERE" in out and "Manifesto: NÃO confere — nenhum ato registrado" in out, (name, out)
        assert "Traceback" not in out


def test_a_content_change_breaks_the_signature_itself(signed, tmp_path):
    path = tampered_copies(signed, tmp_path)["conteudo"]
    result = sign.read_signature(path)
    assert not result.holds and not (result.intact and result.valid)


def test_an_update_after_signing_is_named(signed, tmp_path, capsys):
    path = tampered_copies(signed, tmp_path)["apendado"]
    result = sign.read_signature(path)
    assert result.intact and not result.whole_file and not result.holds
    archive(tmp_path / "content", path)  # even if someone archived the altered copy
    assert main(["verificar", str(path), "--conteudo", str(tmp_path / "content")]) == 1
    assert "ALTERAÇÕES DEPOIS" in capsys.readouterr().out


def test_an_unsigned_archived_file_says_so(unsigned, tmp_path, capsys):
    content = tmp_path / "content"
    archive(content, unsigned)
    assert main(["verificar", str(unsigned), "--conteudo", str(content)]) == 0
    out = capsys.readouterr().out
    assert "o arquivo não está assinado" in out and "não tem assinatura digital" in out and "CONFERE" in out


def test_a_signed_file_without_any_manifest_is_not_checked_rather_than_called_altered(signed, tmp_path, capsys):
    """Issue 19 Why 5: a folder with no manifest is "não encontrei o manifesto" (exit 3), never "NÃO CONFERE";
    a signature that holds, with no root given, does not by itself vouch for the publisher."""
    (tmp_path / "content").mkdir()
    assert main(["verificar", str(signed), "--conteudo", str(tmp_path / "content")]) == 3
    out = capsys.readouterr().out
    assert "Assinatura: íntegra" in out and "Manifesto: não conferido — não encontrei manifesto" in out, out
    assert "NÃO CONFERE" not in out and "alterad" not in out.lower().replace("alterações depois", "")
    assert out.rstrip().splitlines()[-1].startswith("NÃO FOI POSSÍVEL CONFERIR")


def test_verificar_a_missing_file(tmp_path, capsys):
    assert main(["verificar", str(tmp_path / "nada.pdf")]) == 2
    err = capsys.readouterr().err
    assert "nada.pdf: arquivo não encontrado." in err and "Traceback" not in err


def test_verificar_garbage(tmp_path, capsys):
    path = tmp_path / "lixo.pdf"
    path.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    assert main(["verificar", str(path), "--conteudo", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "NÃO CONFERE" in out and "Traceback" not in out


def test_an_e_cpf_holder_is_printed_with_the_cpf_masked():
    assert sign.mask_cpf("FULANA DE TAL:12345678901") == "FULANA DE TAL:***.456.789-**"
    assert sign.mask_cpf("PREFEITURA MUNICIPAL DE LINS:12345678000199") == "PREFEITURA MUNICIPAL DE LINS:12345678000199"


def test_verificar_never_prints_an_e_cpf_in_clear(unsigned, tmp_path, capsys):
    pkcs12_file(tmp_path, "ecpf.p12", common="FULANA DE TAL:12345678901")
    path = tmp_path / "ato.pdf"
    shutil.copyfile(unsigned, path)
    key = sign.key_from_env(environ=env(tmp_path, "ecpf.p12"))
    sign.sign_file(path, key, reason="Publicação")
    main(["verificar", str(path), "--conteudo", str(tmp_path)])
    out = capsys.readouterr().out
    assert "FULANA DE TAL:***.456.789-**" in out and "12345678901" not in out


def test_a_signed_tagged_pdf_still_passes_the_pdfua_checker(signed):
    from pdfua import validate

    report = validate(str(signed))
    assert [(f.rule_id, f.message) for f in report.findings] == []


def _publish_exam(tmp_path: Path) -> Path:
    from test_publish import _exam
    return _exam(tmp_path / "content")


@pytest.mark.parametrize("name, password, message", [
    ("valido.p12", "errada", "{path}: não foi possível abrir o certificado: senha incorreta "
                             "(GAZETA_CERTIFICADO_SENHA)."),
    ("expirado.p12", PASSWORD, "{path}: o certificado de {who} expirou em {day}. Renove-o na autoridade "
                               "certificadora; nada foi publicado."),
])
def test_publicar_with_a_certificate_that_cannot_be_opened_archives_nothing(keys, tmp_path, capsys, monkeypatch,
                                                                            name, password, message, own_site_url):
    """Issue 8, bad input: a wrong password or an expired certificate — the exact message in Portuguese naming the
    file, exit 1, no traceback, and nothing archived (not even the acts before the key is needed)."""
    folder = _publish_exam(tmp_path)
    monkeypatch.setenv(sign.ENV_CERTIFICATE, str(keys / name))
    monkeypatch.setenv(sign.ENV_PASSWORD, password)
    status = main(["publicar", str(folder)])
    err = capsys.readouterr().err
    cert = _certificate(keys / name)
    expected = message.format(path=keys / name, who=sign.name_of(cert.subject),
                              day=cert["tbs_certificate"]["validity"]["not_after"].native.strftime("%d/%m/%Y"))
    assert status == 1 and "Traceback" not in err
    assert expected in err, err
    assert not (folder / "arquivo").exists() or not any((folder / "arquivo").iterdir())


def _certificate(path: Path):
    from cryptography.hazmat.primitives.serialization import pkcs12
    from asn1crypto import x509
    from cryptography.hazmat.primitives.serialization import Encoding
    _, cert, _ = pkcs12.load_key_and_certificates(path.read_bytes(), PASSWORD.encode())
    return x509.Certificate.load(cert.public_bytes(Encoding.DER))


def test_a_signed_act_shows_its_signer_beside_its_pdf(keys, tmp_path, capsys, monkeypatch, own_site_url):
    """Issue 8 item 6 on the site: a signed act's page names the signer and the certificate's issuer beside the PDF,
    with the archived file's SHA-256 (what the ITI verifier and `sha256sum` will show)."""
    folder = _publish_exam(tmp_path)
    monkeypatch.setenv(sign.ENV_CERTIFICATE, str(keys / "valido.p12"))
    monkeypatch.setenv(sign.ENV_PASSWORD, PASSWORD)
    assert main(["publicar", str(folder)]) == 0
    monkeypatch.delenv(sign.ENV_CERTIFICATE)
    monkeypatch.delenv(sign.ENV_PASSWORD)
    from generator.store import archive as archive_module
    (record,) = archive_module.read(folder)
    signer = record.manifest["assinatura"]["assinante"]
    assert signer and sha256_file(record.folder / record.pdf) == record.files[record.pdf]
    site = tmp_path / "site"
    assert main(["build", str(tmp_path / "content"), "--site", str(site), "--sem-pdf"]) == 0
    page = (site / "certames" / "exemplo" / "atos" / record.slug / "index.html").read_text(encoding="utf-8")
    assert (f'Assinado digitalmente por <strong>{signer}</strong> (certificado emitido por '
            f'{record.manifest["assinatura"]["emissor"]}). SHA-256: <code class="hash">{record.files[record.pdf]}'
            '</code>') in page
    assert "não tem assinatura digital" not in page
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert f"PDF assinado digitalmente por {signer}; SHA-256 {record.files[record.pdf]}." in feed


# -- `gazeta verificar` on any copy, anywhere (issue 19 Why 5, issue 22 item 6) -----------------------------------
class _Served:
    """A folder served over http on localhost (the network is closed: a site's address is tested this way)."""

    def __init__(self, folder: Path):
        import functools
        import threading
        from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

        class Quiet(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()
        return False


@pytest.fixture(scope="module")
def published_site(keys, tmp_path_factory) -> dict:
    """An exam published with a signed act and built into a site, as staff do."""
    root = tmp_path_factory.mktemp("publicado")
    folder = _publish_exam(root)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(sign.ENV_CERTIFICATE, str(keys / "valido.p12"))
        mp.setenv(sign.ENV_PASSWORD, PASSWORD)
        mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
        mp.setattr(build_module, "site_url", lambda config_file=None: OWN_SITE)  # publicar refuses the example's
        assert main(["publicar", str(folder)]) == 0
    site = root / "site"
    assert main(["build", str(root / "content"), "--site", str(site), "--sem-pdf"]) == 0
    # the act's folder (beside it, atos/registro.json: the public copy of the exam's ledger)
    (act,) = (p for p in (site / "certames" / "exemplo" / "atos").iterdir() if p.is_dir())
    (pdf,) = act.glob("*.pdf")
    return {"exam": folder, "site": site, "act": act, "pdf": pdf, "sha256": sha256_file(pdf)}


def _downloaded(published_site: dict, tmp_path: Path, monkeypatch) -> Path:
    """The act's PDF as a reader has it: saved in a downloads folder, gazeta run from another folder."""
    downloads = tmp_path / "Downloads"
    downloads.mkdir()
    copy = downloads / published_site["pdf"].name
    shutil.copyfile(published_site["pdf"], copy)
    (tmp_path / "outro").mkdir()
    monkeypatch.chdir(tmp_path / "outro")
    return copy


def test_a_genuine_download_checks_out_against_the_site_folder_address_or_printed_hash(published_site, keys, tmp_path,
                                                                                        capsys, monkeypatch):
    """Issue 19 Why 5: an unmodified PDF downloaded from the site, checked outside the repository: alone it cannot be
    checked (exit 3, "não encontrei o manifesto", never "NÃO CONFERE"); against the site's folder, its address or
    the SHA-256 on the act's page it checks out (exit 0), and the summary says which checks ran."""
    copy = _downloaded(published_site, tmp_path, monkeypatch)
    assert main(["verificar", str(copy)]) == 3
    out = capsys.readouterr().out
    assert "não encontrei o manifesto (manifesto.json) na pasta do arquivo" in out, out
    assert "NÃO CONFERE" not in out and "ALTERADO" not in out and "Assinatura: íntegra" in out
    assert "  SHA-256 × manifesto: não feita: não encontrei o manifesto" in out
    assert "  cadeia de confiança: não feita: nenhuma raiz informada" in out

    assert main(["verificar", str(copy), "--site", str(published_site["site"])]) == 0
    out = capsys.readouterr().out
    assert "  SHA-256 × manifesto: confere" in out and out.rstrip().endswith("\nCONFERE"), out

    assert main(["verificar", str(copy), "--sha256", published_site["sha256"].upper()]) == 0
    out = capsys.readouterr().out
    assert "  SHA-256 informado: confere" in out and "  SHA-256 × manifesto: não feita" in out, out

    with _Served(published_site["site"]) as url:
        assert main(["verificar", str(copy), "--site", url, "--raiz", str(keys / "raiz-de-teste.pem")]) == 0
        out = capsys.readouterr().out
    assert f"registrado em {url}verificar/sha256.json" in out, out
    assert "  cadeia de confiança: confere com a raiz informada" in out and out.rstrip().endswith("\nCONFERE")
    with _Served(published_site["site"]) as url:  # the address of the act's page: the manifest beside it
        page = f"{url}{published_site['act'].relative_to(published_site['site']).as_posix()}/"
        assert main(["verificar", str(copy), "--site", page]) == 0
        assert f"registrado em {page}manifesto.json" in capsys.readouterr().out

    assert main(["verificar", str(published_site["pdf"])]) == 0  # on the site's own folder: the manifest beside it
    assert f"registrado em {published_site['act'] / 'manifesto.json'}" in capsys.readouterr().out


def test_a_site_without_a_manifest_is_not_an_altered_file(published_site, tmp_path, capsys, monkeypatch):
    """Issue 19 item 6: "não encontrei o manifesto" (an address that has none: exit 3) is told apart from "o arquivo
    foi alterado" (exit 1, the manifest found records another SHA-256 for that file)."""
    copy = _downloaded(published_site, tmp_path, monkeypatch)
    (tmp_path / "vazio").mkdir()
    with _Served(tmp_path / "vazio") as url:
        assert main(["verificar", str(copy), "--site", url]) == 3
        out = capsys.readouterr().out
    assert f"não encontrei o manifesto em {url}verificar/sha256.json (o servidor respondeu 404)" in out, out
    assert "NÃO CONFERE" not in out and "ALTERADO" not in out

    data = bytearray(copy.read_bytes())
    data[len(data) // 3] ^= 0x01
    copy.write_bytes(bytes(data))
    with _Served(published_site["site"]) as url:
        assert main(["verificar", str(copy), "--site", url]) == 1
        out = capsys.readouterr().out
    assert "Manifesto: o arquivo foi ALTERADO" in out and published_site["sha256"] in out, out
    assert out.rstrip().endswith("NÃO CONFERE: não use este arquivo como cópia do ato publicado.")
    assert main(["verificar", str(copy), "--sha256", published_site["sha256"]]) == 1
    assert "SHA-256 informado (--sha256): NÃO confere" in capsys.readouterr().out


def test_the_site_publishes_each_act_manifest_without_the_input_hashes(published_site):
    """What `verificar` reads on the site: each act's public manifest beside its files, and verificar/sha256.json;
    the archive's records and the hashes of the input spreadsheets (candidatos…) stay in the archive."""
    manifest = json.loads((published_site["act"] / "manifesto.json").read_text(encoding="utf-8"))
    assert manifest["arquivos"][published_site["pdf"].name] == published_site["sha256"]
    assert "entradas" not in manifest and "ato.json" not in manifest["arquivos"]
    assert "resultado.json" not in manifest["arquivos"]
    index = json.loads((published_site["site"] / "verificar" / "sha256.json").read_text(encoding="utf-8"))
    (entry,) = index["atos"]
    assert entry["sha256"] == published_site["sha256"]
    assert (published_site["site"] / entry["pdf"]).is_file() and (published_site["site"] / entry["manifesto"]).is_file()


def test_a_root_that_did_not_issue_the_certificate_does_not_check_out(published_site, tmp_path, capsys, monkeypatch):
    """Issue 22 item 6: "CONFERE" needs the chain to verify against the given root; another root is exit 1."""
    from sign_kit import new_authority

    copy = _downloaded(published_site, tmp_path, monkeypatch)
    other = tmp_path / "outra-raiz.pem"
    other.write_bytes(new_authority("AC Raiz Que Não Emitiu").pem(tmp_path).read_bytes())
    for extra in (["--conteudo", str(published_site["exam"].parents[1])], [], ["--site", str(published_site["site"])]):
        assert main(["verificar", str(copy), "--raiz", str(other), *extra]) == 1, extra
        out = capsys.readouterr().out
        assert "Cadeia de confiança: NÃO confere com a raiz informada" in out, out
        assert out.rstrip().endswith("NÃO CONFERE: não use este arquivo como cópia do ato publicado."), out


def test_the_issuing_root_alone_vouches_for_a_signed_copy(published_site, keys, tmp_path, capsys, monkeypatch):
    copy = _downloaded(published_site, tmp_path, monkeypatch)
    assert main(["verificar", str(copy), "--raiz", str(keys / "raiz-de-teste.pem")]) == 0
    out = capsys.readouterr().out
    assert "  cadeia de confiança: confere com a raiz informada" in out and "  SHA-256 × manifesto: não feita" in out


@pytest.mark.parametrize("kind", ["lixo", "vazio", "pasta", "chave", "ausente"])
def test_an_unreadable_root_is_an_error_about_the_root(published_site, tmp_path, capsys, monkeypatch, kind):
    """Issue 22 item 6: a root that cannot be read is an argument error naming it (exit 2), never a verdict that
    calls the genuine PDF "danificado ou adulterado"."""
    copy = _downloaded(published_site, tmp_path, monkeypatch)
    root = tmp_path / "raiz.pem"
    if kind == "lixo":
        root.write_bytes(bytes(range(256)))
    elif kind == "vazio":
        root.write_bytes(b"")
    elif kind == "pasta":
        root.mkdir()
    elif kind == "chave":
        root.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    assert main(["verificar", str(copy), "--raiz", str(root)]) == 2
    captured = capsys.readouterr()
    assert f"{root} (opção --raiz)" in captured.err and "Traceback" not in captured.err, captured.err
    assert captured.out == "" and "danificado" not in captured.err


def test_an_input_spreadsheet_is_not_a_published_file(published_site, tmp_path, capsys, monkeypatch):
    """Issue 22 item 6: verificar on candidatos.csv said "Arquivo publicado: confere" (its hash is in the manifest's
    inputs). It is answered as what it is: not a PDF, an input spreadsheet that is never published (exit 1); a
    published open-data file still checks out against the manifest beside it."""
    monkeypatch.chdir(tmp_path)
    spreadsheet = next(published_site["exam"].glob("candidatos.*"))
    for extra in (["--conteudo", str(published_site["exam"].parents[1])], []):
        assert main(["verificar", str(spreadsheet), *extra]) == 1, extra
        out = capsys.readouterr().out
        assert "não é um PDF" in out and f"é a planilha de entrada {spreadsheet.name}" in out, out
        assert "Manifesto: confere" not in out and out.rstrip().endswith("NÃO CONFERE: não use este arquivo como "
                                                                          "cópia do ato publicado.")
    data = next((published_site["act"] / "dados").glob("*.csv"))
    assert main(["verificar", str(data)]) == 0
    assert f"Manifesto: confere — é o arquivo publicado dados/{data.name}" in capsys.readouterr().out


@pytest.mark.parametrize("args, where", [(["--sha256", "abc"], "--sha256"), (["--site", "/nao/existe"], "/nao/existe")])
def test_verificar_bad_arguments_exit_2(published_site, capsys, args, where):
    assert main(["verificar", str(published_site["pdf"]), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{where}: ") and "Traceback" not in err


REPORT = ("import json, sys\n"
          "from generator.store import verify\n"
          "report = verify.signature_report(sys.argv[1])\n"
          "print(json.dumps([report, sorted({m.split('.')[0] for m in sys.modules} & {'pyhanko', 'aiohttp'})]))")


def _report(pdf: Path, cache: Path) -> tuple[dict, list]:
    """The verification page's signature report of `pdf`, from a fresh process, and whether it imported pyHanko."""
    done = subprocess.run([sys.executable, "-c", REPORT, str(pdf)], cwd=Path(__file__).resolve().parents[1],
                          capture_output=True, text=True, env={**os.environ, "GAZETA_CACHE": str(cache)}, check=True)
    report, imported = json.loads(done.stdout)
    return report, imported


def test_a_signature_report_is_read_once_then_taken_from_the_cache_without_pyhanko(signed, tmp_path):
    """An archived act's verification page shows its signature report (store/verify.signature_report). Reading it
    imports pyHanko and parses the PDF: about 2.6 s of `gazeta serve`'s first page on the example (issue 21 item 5).
    The report depends only on the file's bytes and the reading code, so it is kept under the file's SHA-256 in the
    user's cache: a second process gets the same report without importing pyHanko; a file changed by one byte is
    read again, and its report says so; without the cache it is the same report."""
    cache = tmp_path / "cache"
    first, imported = _report(signed, cache)
    assert first["assinado"] and first["confere"] and imported == ["aiohttp", "pyhanko"], (first, imported)
    assert any(SIGNER in line for line in first["linhas"]), first
    again, imported = _report(signed, cache)
    assert again == first and imported == [], imported
    changed = tmp_path / "alterado.pdf"
    changed.write_bytes(signed.read_bytes() + b"\n%alterado\n")
    report, imported = _report(changed, cache)
    assert imported == ["aiohttp", "pyhanko"] and not report["confere"], report
    assert any("ALTERAÇÕES DEPOIS" in line for line in report["linhas"]), report
    assert _report(signed, "")[0] == first  # GAZETA_CACHE empty: no cache, the same report


@pytest.mark.parametrize("signing", [True, False], ids=["assinado", "sem-assinatura"])
def test_publicar_leaves_the_report_a_reading_of_the_file_gives(keys, tmp_path, monkeypatch, own_site_url, signing):
    """`gazeta publicar` reads the signature back right after signing (store/sign.sign_file): it keeps that reading's
    report in the user's cache (store/verify.remember_signature), so the first build does not parse the act's PDF
    again (1.2 s at 10,000 candidates). What it keeps must be what reading the archived file gives, in a process
    with a cache of its own; an unsigned act's report says it is not signed, and is kept without importing pyHanko."""
    from generator.store import archive as archive_module
    from generator.store import verify

    cache = tmp_path / "cache"
    monkeypatch.setenv("GAZETA_CACHE", str(cache))
    folder = _publish_exam(tmp_path)
    if signing:
        monkeypatch.setenv(sign.ENV_CERTIFICATE, str(keys / "valido.p12"))
        monkeypatch.setenv(sign.ENV_PASSWORD, PASSWORD)
    if signing:
        assert main(["publicar", str(folder)]) == 0
    else:  # in a process of its own: an act without a certificate never imports pyHanko for its report
        script = ("import sys\nfrom generator.publish import publish\n"
                  f"publish({str(folder)!r}, site_url='https://concursos.teste.example.org/')\n"
                  "print(sorted({m.split('.')[0] for m in sys.modules} & {'pyhanko', 'aiohttp'}))")
        done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[1],
                              capture_output=True, text=True, env={**os.environ, "GAZETA_CACHE": str(cache)},
                              check=True)
        assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout
    (record,) = archive_module.read(folder)
    (kept,) = (cache / "assinaturas").glob(f"{record.files[record.pdf]}-*.json")
    read, imported = _report(record.folder / record.pdf, tmp_path / "outro-cache")
    assert imported == ["aiohttp", "pyhanko"]  # that one parsed the file
    assert json.loads(kept.read_text(encoding="utf-8")) == read
    assert read["assinado"] is signing and read["confere"] is True, read
    assert verify.signature_report(record.folder / record.pdf) == read


@pytest.mark.parametrize("package", ["pyHanko", "pyhanko-certvalidator", "cryptography", "asn1crypto"])
def test_the_cached_report_is_keyed_by_every_library_that_decides_the_checks(monkeypatch, package):
    """A cached signature report stands for a new reading only while nothing that reads changed: an upgrade of
    pyHanko, of its path validator (algorithm policy) or of the cryptography under them may accept or refuse what
    the old one did not, so each changes the cache key."""
    from importlib import metadata

    from generator.store import verify

    real = metadata.version
    before = verify._reader_version.__wrapped__()
    monkeypatch.setattr(verify.metadata, "version", lambda name: "999.0" if name == package else real(name))
    assert verify._reader_version.__wrapped__() != before


def test_a_signed_acts_verification_page_shows_its_hash_and_what_its_signature_says(published_site):
    """Issue 21 item 4: the page the PDF's printed code opens (verificar/<código>/) shows, for a signed act, the
    archived file's SHA-256 and what `gazeta verificar` reads in its signature (signer, an unaltered file), not the
    unsigned wording the examples get (test_archive_build covers those)."""
    from generator.render.site import verification

    site = published_site["site"]
    index = json.loads((site / "verificar" / "sha256.json").read_text(encoding="utf-8"))
    rel = published_site["pdf"].relative_to(site).as_posix()
    [code] = [a["codigo"] for a in index["atos"] if a["pdf"] == rel]
    html = (site / verification.page_rel(code) / "index.html").read_text(encoding="utf-8")
    assert f'<code class="hash">{published_site["sha256"]}</code>' in html
    assert "não tem assinatura digital" not in html and 'class="conferencias"' in html
    assert SIGNER in html, html[html.find("Assinatura digital"):][:600]
