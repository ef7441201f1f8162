"""`gazeta build` with archived acts: copies byte for byte, verified; act pages, editions and feed (issue 8)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from generator import pipeline
from generator.store import archive
from generator.build import build
from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMS = sorted((ROOT / "content" / "certames").iterdir())


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The example site, built while the PDF renderer is broken: a published act is never rendered again."""
    out = tmp_path_factory.mktemp("site") / "site"
    patch = pytest.MonkeyPatch()

    def broken(*args, **kwargs):
        raise AssertionError("um ato publicado foi renderizado de novo")

    patch.setattr(pipeline, "pdf_renderer", lambda: broken)
    try:
        build(ROOT / "content", out, pdf=True)
    finally:
        patch.undo()
    return out


def test_every_example_carries_result_correction_and_call():
    for folder in EXAMS:
        kinds = [r.act["tipo"] for r in archive.read(folder)]
        assert kinds[0] in ("resultado", "homologacao") and kinds[1:] == ["retificacao", "convocacao"], folder.name


def test_published_files_are_copied_byte_for_byte(site):
    for folder in EXAMS:
        for record in archive.read(folder):
            for rel in record.published():
                copy = site / "certames" / folder.name / "atos" / record.slug / rel
                assert copy.read_bytes() == (record.folder / rel).read_bytes(), copy
            # the archive's own records (the act's view, the result contract) are not site downloads
            assert not (site / "certames" / folder.name / "atos" / record.slug / archive.RESULT_FILE).exists()


def test_history_links_both_ways_and_current_lists_name_their_act(site):
    ms = site / "certames" / "ms-2024-pss"
    original = (ms / "atos" / "ato-41-2024" / "index.html").read_text(encoding="utf-8")
    assert ('Retificado pelo <a href="../../../../certames/ms-2024-pss/atos/ato-44-2024/">Edital de Retificação '
            "nº 44/2024, de 29/07/2024</a>") in original
    correction = (ms / "atos" / "ato-44-2024" / "index.html").read_text(encoding="utf-8")
    assert 'Retifica o <a href="../../../../certames/ms-2024-pss/atos/ato-41-2024/">' in correction
    assert "Onde se lê" in correction and "Leia-se" in correction
    assert "urn:lex:br;mato.grosso.sul:estadual:edital:2024-07-22;41.2024;retificacao.1" in correction
    current = (ms / "index.html").read_text(encoding="utf-8")
    assert 'refletem o <a href="atos/ato-44-2024/">Edital de Retificação nº 44/2024</a>, de 29/07/2024' in current
    assert 'id="historico"' in current and current.count('href="atos/ato-') >= 3
    # the lists cite the archived PDF that carries them (the result's), not a fresh rendering
    assert "atos/ato-41-2024/ms-2024-pss-ato-41-2024.pdf" in (ms / "enf" / "index.html").read_text(encoding="utf-8")


def test_editions_and_feed_list_every_act(site):
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert feed.count("<entry>") == 9 and "Edital de Convocação nº 50/2024" in feed
    editions = (site / "edicoes" / "index.html").read_text(encoding="utf-8")
    assert editions.count("<li><h2>") == 9 and "edição nº 11.519" in editions
    page = (site / "edicoes" / "diario-oficial-do-estado-de-mato-grosso-do-sul-11-524" / "index.html")
    assert "Edital de Convocação nº 50/2024" in page.read_text(encoding="utf-8")


def test_a_changed_archived_file_stops_the_build(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    (record,) = archive.read(content / "certames" / "ms-2024-pss")[2:]
    with open(record.folder / record.pdf, "r+b") as handle:
        handle.seek(100)
        handle.write(b"X")
    out = tmp_path / "site"
    status = main(["build", str(content), "--site", str(out), "--sem-pdf"])
    err = capsys.readouterr().err
    assert status == 1 and not out.exists() and "Traceback" not in err
    assert (f"ms-2024-pss/arquivo/ato-50-2024/{record.pdf}: este arquivo publicado foi alterado depois da "
            "publicação") in err


def test_each_act_pdf_shows_its_sha256_and_that_it_is_not_signed(site):
    """Issue 8 item 6: beside every link to an act's PDF — its page, the exam's page and history, its edition, the
    "Como citar" box of the lists — the SHA-256 of the archived file and its signer; these examples are unsigned
    and say so plainly. The verification page explains the ITI verifier, sha256sum and `gazeta verificar`."""
    import hashlib
    for folder in EXAMS:
        exam = site / "certames" / folder.name
        current = (exam / "index.html").read_text(encoding="utf-8")
        for record in archive.read(folder):
            if not record.pdf:
                continue
            sha = hashlib.sha256((record.folder / record.pdf).read_bytes()).hexdigest()
            assert record.files[record.pdf] == sha
            page = (exam / "atos" / record.slug / "index.html").read_text(encoding="utf-8")
            seal = (f'<strong>Este PDF não tem assinatura digital.</strong> SHA-256: <code class="hash">{sha}</code>. '
                    '<a href="../../../../verificar/">Como verificar</a>.')
            assert seal in page, (folder.name, record.slug)
            assert f'<a href="atos/{record.slug}/{record.pdf}">PDF</a> — <span class="selo">' in current
            assert f'<code class="hash">{sha}</code>' in current
            feed = (site / "feed.xml").read_text(encoding="utf-8")
            assert f"PDF sem assinatura digital; SHA-256 {sha}." in feed
            assert (f'<link rel="enclosure" type="application/pdf" href="https://concursos.exemplo.gov.br/certames/'
                    f'{folder.name}/atos/{record.slug}/{record.pdf}"/>') in feed
    ms = site / "certames" / "ms-2024-pss"
    lists = (ms / "enf" / "index.html").read_text(encoding="utf-8")
    (result,) = [r for r in archive.read(ROOT / "content" / "certames" / "ms-2024-pss") if r.slug == "ato-41-2024"]
    assert f'<code class="hash">{result.files[result.pdf]}</code>' in lists.split('id="como-citar"')[1]
    edition = (site / "edicoes" / "diario-oficial-do-estado-de-mato-grosso-do-sul-11-524" / "index.html")
    assert 'Este PDF não tem assinatura digital' in edition.read_text(encoding="utf-8")
    how = (site / "verificar" / "index.html").read_text(encoding="utf-8")
    for words in ('href="https://validar.iti.gov.br"', "Baixe o PDF", "Escolher arquivo", "Aprovado",
                  "<code>sha256sum ARQUIVO.pdf</code>", "gazeta verificar ARQUIVO.pdf"):
        assert words in how


# -- the ledger: the archive is append-only (issue 19 item 1) ----------------------------------------------------
MS = "ms-2024-pss"


def _ms(tmp_path: Path) -> tuple[Path, Path]:
    """A content folder with the MS example only; (content, exam folder)."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name != MS:
            shutil.rmtree(other)
    return content, content / "certames" / MS


def _build(capsys, content: Path, site: Path) -> tuple[int, str]:
    status = main(["build", str(content), "--site", str(site), "--sem-pdf"])
    return status, capsys.readouterr().err


def test_a_deleted_act_folder_stops_the_build_and_publicar(tmp_path, capsys, own_site_url):
    content, exam = _ms(tmp_path)
    shutil.rmtree(exam / "arquivo" / "ato-50-2024")
    status, err = _build(capsys, content, tmp_path / "site")
    assert status == 1 and "Traceback" not in err and not (tmp_path / "site").exists()
    assert ("ms-2024-pss/arquivo/ato-50-2024: o ato nº 50/2024, de 05/08/2024, foi publicado (consta de "
            "ms-2024-pss/arquivo/registro.json), mas a sua pasta sumiu do arquivo") in err
    # publicar does not issue the same convocação again with another PDF
    assert main(["publicar", str(exam)]) == 1
    assert "a sua pasta sumiu" in capsys.readouterr().err and not (exam / "arquivo" / "ato-50-2024").exists()


def test_a_deleted_archive_is_seen_by_the_ledgers_copies(tmp_path, capsys):
    content, exam = _ms(tmp_path)
    site = tmp_path / "site"
    assert _build(capsys, content, site)[0] == 0
    public = site / "certames" / MS / "atos" / archive.WITNESS_SITE
    assert archive.read_ledger(public) == archive.read_ledger(exam / "arquivo" / archive.LEDGER)
    saved = tmp_path / "arquivo"
    shutil.move(exam / "arquivo", saved)
    status, err = _build(capsys, content, site)  # the copy in the exam folder
    assert status == 1 and "a pasta «arquivo/» sumiu, mas" in err and "nº 41/2024 (22/07/2024)" in err
    (exam / archive.WITNESS).unlink()
    status, err = _build(capsys, content, site)  # the public copy in the previous site
    assert status == 1 and "a pasta «arquivo/» sumiu" in err and f"atos/{archive.WITNESS_SITE}" in err
    # the last act's folder gone with its ledger line (the ledger edited to match): the site's copy names it
    shutil.move(saved, exam / "arquivo")
    shutil.rmtree(exam / "arquivo" / "ato-50-2024")
    ledger = archive.read_ledger(exam / "arquivo" / archive.LEDGER)
    (exam / "arquivo" / archive.LEDGER).write_bytes(archive.ledger_bytes(ledger[:2]))
    status, err = _build(capsys, content, site)
    assert status == 1 and "faltam 1 ato(s) publicado(s) (nº 50/2024 (05/08/2024))" in err


def test_a_manifest_rehashed_to_match_a_changed_pdf_differs_from_the_ledger(tmp_path, capsys):
    content, exam = _ms(tmp_path)
    (record,) = archive.read(exam)[2:]
    pdf = record.folder / record.pdf
    with open(pdf, "r+b") as handle:
        handle.seek(100)
        handle.write(b"X")
    manifest = json.loads((record.folder / archive.MANIFEST).read_text(encoding="utf-8"))
    manifest["arquivos"][record.pdf] = archive.sha256_file(pdf)
    (record.folder / archive.MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True)
                                                  + "\n", encoding="utf-8")
    status, err = _build(capsys, content, tmp_path / "site")
    assert status == 1 and "Traceback" not in err
    assert (f"ms-2024-pss/arquivo/ato-50-2024/{archive.MANIFEST}: o manifesto mudou depois da publicação: o SHA-256 "
            f"registrado em ms-2024-pss/arquivo/registro.json é {record.manifest_sha256}") in err


def test_an_archive_without_ledger_is_migrated_by_publicar(tmp_path, capsys, own_site_url):
    """An archive made before the ledger: build says to run publicar once; publicar writes the ledger from the
    manifests it verified, changing no archived byte; then the build passes."""
    content, exam = _ms(tmp_path)
    (exam / "arquivo" / archive.LEDGER).unlink()
    (exam / archive.WITNESS).unlink()
    before = {p: p.read_bytes() for p in (exam / "arquivo").rglob("*") if p.is_file()}
    status, err = _build(capsys, content, tmp_path / "site")
    assert status == 1 and "falta o registro dos atos publicados deste certame" in err
    assert "Rode «gazeta publicar ms-2024-pss» uma vez" in err
    # the site this test built (the default, site/ of the working folder, may be the example's: `make build`)
    assert main(["publicar", str(exam), "--site", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert "registro dos atos publicados gravado em ms-2024-pss/arquivo/registro.json" in out
    assert {p: p.read_bytes() for p in before} == before
    assert (exam / "arquivo" / archive.LEDGER).read_bytes() == (ROOT / "content" / "certames" / MS / "arquivo" /
                                                               archive.LEDGER).read_bytes()
    assert _build(capsys, content, tmp_path / "site")[0] == 0


def _rewrite(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def test_edited_manifests_and_act_files_are_named(tmp_path, capsys):
    """Strict, typed reading (issue 22 item 5): each edit is one message naming the file, never a traceback."""
    content, exam = _ms(tmp_path)
    act = exam / "arquivo" / "ato-44-2024"
    _rewrite(act / archive.MANIFEST, lambda m: m.update(ordem="2"))
    status, err = _build(capsys, content, tmp_path / "site")
    assert status == 1 and "Traceback" not in err
    assert ("ms-2024-pss/arquivo/ato-44-2024/manifesto.json: o manifesto não tem a forma que gazeta publicar grava "
            "(«ordem» deve ser um número inteiro a partir de 1)") in err

    content, exam = _ms(tmp_path / "b")
    act = exam / "arquivo" / "ato-44-2024"
    (act / archive.ACT_FILE).write_text('{"ato": ', encoding="utf-8")  # broken, with its hash made to match
    _rewrite(act / archive.MANIFEST, lambda m: m["arquivos"].update({archive.ACT_FILE: archive.sha256_file(
        act / archive.ACT_FILE)}))
    status, err = _build(capsys, content, tmp_path / "b" / "site")
    assert status == 1 and "Traceback" not in err
    assert "ms-2024-pss/arquivo/ato-44-2024/ato.json: o arquivo está ilegível ou incompleto" in err

    content, exam = _ms(tmp_path / "c")
    shutil.rmtree(exam / "arquivo")
    (exam / "arquivo").write_text("", encoding="utf-8")
    status, err = _build(capsys, content, tmp_path / "c" / "site")
    assert status == 1 and "Traceback" not in err
    assert "ms-2024-pss/arquivo: «arquivo» deveria ser a pasta dos atos publicados, mas é um arquivo" in err


@pytest.mark.parametrize(("old", "new", "key", "field"), [
    ('nome = "Ana Paula Modelo"', 'nome = "Outra Pessoa"', "atos[1].assinaturas", "assinaturas"),
    ('motivo = "Revisão de nota após recurso"', 'motivo = "Outro motivo"', "atos[2].motivo", "motivo"),
    ('numero = "50/2024"\ndata = 2024-08-05\nedicao = "11.524"\ncargo = "ENF"\nvagas = 3\nlocal = "Campo Grande"',
     'numero = "50/2024"\ndata = 2024-08-05\nedicao = "11.524"\ncargo = "ENF"\nvagas = 3\nlocal = "Dourados"',
     "atos[3].local", "local"),
    ('subsecao = "Secretaria de Estado de Educação"', 'subsecao = "Outra"', "atos[1].subsecao", "subsecao"),
])
def test_a_published_acts_fields_come_from_the_archive(tmp_path, capsys, old, new, key, field):
    content, exam = _ms(tmp_path)
    toml = exam / "certame.toml"
    text = toml.read_text(encoding="utf-8")
    assert old in text
    toml.write_text(text.replace(old, new, 1), encoding="utf-8")
    status, err = _build(capsys, content, tmp_path / "site")
    assert status == 1 and "Traceback" not in err
    assert f"chave «{key}»" in err and field in err and "retifica" in err  # named, pointing to the retificação


def test_a_published_acts_urn_is_frozen(tmp_path, capsys):
    """A `urn` changed in the rule file after publication does not give the published act a second URN."""
    content, exam = _ms(tmp_path)
    site = tmp_path / "site"
    assert _build(capsys, content, site)[0] == 0
    page = (site / "certames" / MS / "index.html").read_text(encoding="utf-8")
    urns = set(re.findall(r"urn:lex:[^<\"\s]*edital[^<\"\s]*", page))
    assert urns and all("mato.grosso.sul:estadual" in u for u in urns)
    rules = content / "jurisdicoes" / "mato-grosso-do-sul.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("urn:lex:br;mato.grosso.sul:estadual:decreto", "urn:lex:br;ms:estadual:decreto"),
                     encoding="utf-8")
    assert _build(capsys, content, site)[0] == 0
    again = (site / "certames" / MS / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r"urn:lex:[^<\"\s]*edital[^<\"\s]*", again)) == urns


def test_each_act_code_resolves_to_its_pdf_sha256_signature_and_edition(site):
    """Issue 21 item 4: the code every page of an act's PDF prints (render/verification, from the act's URN) has a
    page at verificar/<código>/ with the archived file's SHA-256, what `gazeta verificar` reads in its signature,
    the edition and the download; verificar/ lists the codes and sha256.json carries them."""
    import hashlib

    import pypdf

    from generator.render.site import verification

    index = json.loads((site / "verificar" / "sha256.json").read_text(encoding="utf-8"))
    codes = {a["pdf"]: a["codigo"] for a in index["atos"]}
    how = (site / "verificar" / "index.html").read_text(encoding="utf-8")
    for folder in EXAMS:
        for record in archive.read(folder):
            if not record.pdf:
                continue
            path = record.folder / record.pdf
            sha = hashlib.sha256(path.read_bytes()).hexdigest()
            code = codes[f"certames/{folder.name}/atos/{record.slug}/{record.pdf}"]
            url = f"https://concursos.exemplo.gov.br/verificar/{code}/"
            for page in pypdf.PdfReader(path).pages:
                text = " ".join(page.extract_text().split())
                assert f"Código de verificação {code}" in text and url in text, (record.slug, code)
            html = (site / verification.page_rel(code) / "index.html").read_text(encoding="utf-8")
            assert f'<code class="hash">{sha}</code>' in html
            assert f'href="../../certames/{folder.name}/atos/{record.slug}/{record.pdf}"' in html
            assert "Este PDF não tem assinatura digital" in html  # the examples are unsigned, and say so
            pub = record.view()["publicacao"]
            assert pub["data_extenso"] in html and (not pub.get("edicao") or f"edição nº {pub['edicao']}" in html)
            assert f'href="../{verification.page_rel(code)}">{code}</a>' in how
