"""`gazeta build` with archived acts: copies byte for byte, verified; act pages, editions and feed (issue 8)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator import pipeline
from generator.acts import archive
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
