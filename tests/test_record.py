"""The record is the truth (issue 19 item 1): a published exam's site shows only what its acts published.

- working files edited after the last published act, with no act declared: `check` and `build` stop, naming the
  file, the first rows that differ and the two ways out; nothing is written;
- the same files computed differently (rules changed since): the same stop;
- a declared act not yet published: every page and every PDF page of that exam is marked as a preview."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import synth
from generator.build import build
from generator.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
EXAM = "ms-2024-pss"
PREVIEW = "PRÉVIA — não publicado"


def _content(base: Path, exams: tuple[str, ...] = (EXAM,)) -> Path:
    content = base / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name not in exams:
            shutil.rmtree(other)
    return content


def _edit_score(exam: Path) -> tuple[str, str, str]:
    """Change the first candidate's score in candidatos.csv; (inscrição, old score, new score)."""
    path = exam / "candidatos.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = lines[1].split(";")
    old = cells[3]
    new = "99,99" if old != "99,99" else "10,00"
    cells[3] = new
    lines[1] = ";".join(cells)
    path.write_text("".join(lines), encoding="utf-8")
    return cells[0], old, new


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOURCE_DATE_EPOCH": "1718000000"}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_an_unpublished_edit_stops_check_and_build_and_writes_nothing(tmp_path):
    content = _content(tmp_path)
    site = tmp_path / "site"
    assert _cli("build", str(content), "--site", str(site), "--sem-pdf", cwd=tmp_path).returncode == 0
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    registration, old, new = _edit_score(content / "certames" / EXAM)
    for command in (("check", str(content)), ("build", str(content), "--site", str(site), "--sem-pdf")):
        done = _cli(*command, cwd=tmp_path)
        assert done.returncode != 0, command
        assert "Traceback" not in done.stderr
        message = done.stderr
        assert "candidatos.csv" in message and "nenhum ato novo foi declarado" in message
        assert f"inscrição {registration}: nota publicada {old}, agora {new}" in message
        assert 'tipo = "retificacao"' in message and "restaure o arquivo" in message
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("beside", [False, True], ids=["na-hora", "ao-lado-do-build"])
def test_a_result_the_rules_now_compute_differently_stops_the_build(tmp_path, monkeypatch, beside):
    """The same files, another result: the build stops, and the site it had built is left as it was. `beside`: the
    exam counts as national (PARALLEL_FROM 1), so its gate's last check (the contract computed now hashes to the
    archived one) runs in a forked process beside the build (record.verdict, background), which reads its answer
    before putting anything in place: the same stop, the same message, nothing changed."""
    from generator import pipeline, record

    if beside:
        monkeypatch.setattr(pipeline, "PARALLEL_FROM", 1)
    seen: list = []
    real = record.verdict
    monkeypatch.setattr(record, "verdict", lambda *a, **k: seen.append(k.get("background", False)) or real(*a, **k))
    content = _content(tmp_path)
    site = tmp_path / "site"
    build(content, site, pdf=False)
    assert seen == [beside]
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    beside_site = sorted(p.name for p in tmp_path.iterdir())
    rules = content / "jurisdicoes" / "mato-grosso-do-sul.toml"
    text = rules.read_text(encoding="utf-8")
    # The article cited for ampla places: the published lists cite "art. 3º, § 3º".
    changed, count = re.subn(r'^ampla_fundamento = "[^"]+"', 'ampla_fundamento = "art. 99"', text, flags=re.M)
    assert count == 1, "the MS rule file no longer has ampla_fundamento: update the test"
    rules.write_text(changed, encoding="utf-8")
    with pytest.raises(InputError) as error:
        build(content, site, pdf=False)
    text = str(error.value)
    assert "resultado calculado agora difere do publicado" in text and "art. 99" in text
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == beside_site  # no folder of the failed build left
    assert seen == [beside, beside]


def test_the_unchanged_published_examples_pass(tmp_path):
    done = _cli("check", str(ROOT / "content"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def _declare_call(exam: Path) -> None:
    """Declare one more convocação, not published."""
    toml = exam / "certame.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[[atos]]\ntipo = "convocacao"\nnumero = "77/2024"\n'
                    'data = 2024-09-02\nedicao = "11.550"\ncargo = "ENF"\nvagas = 1\n', encoding="utf-8")


def test_a_declared_act_not_yet_published_marks_every_page_of_its_exam(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    content = _content(tmp_path, (EXAM, "lins-2024-gcm"))
    _declare_call(content / "certames" / EXAM)
    site = tmp_path / "site"
    build(content, site, pdf=False)
    exam = site / "certames" / EXAM
    pages = [p for p in exam.rglob("index.html") if not p.is_relative_to(exam / "atos")]
    assert len(pages) > 10
    unmarked = [str(p.relative_to(site)) for p in pages if PREVIEW not in p.read_text(encoding="utf-8")]
    assert not unmarked, f"páginas da prévia sem a marca: {unmarked[:5]}"
    published = list((exam / "atos").glob("*/index.html"))  # the published acts' own pages stay as published
    assert len(published) == 3 and not any(PREVIEW in p.read_text(encoding="utf-8") for p in published)
    assert "Edital de Convocação nº 77/2024" in (site / "certames" / EXAM / "index.html").read_text("utf-8")
    other = list((site / "certames" / "lins-2024-gcm").rglob("index.html"))
    assert other and not any(PREVIEW in p.read_text(encoding="utf-8") for p in other)
    assert not (site / "certames" / EXAM / "atos" / "ato-77-2024").exists()  # no permanent URL for a preview


def test_every_page_of_a_preview_pdf_is_marked(tmp_path, monkeypatch):
    pypdf = pytest.importorskip("pypdf")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    content = tmp_path / "content"
    synth.write_exam(content / "certames" / "sintetico", candidates=600, positions=2, vacancies=20, seed=3)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    site = tmp_path / "site"
    build(content, site, pdf=True)
    pdf = next((site / "certames" / "sintetico").glob("*.pdf"))
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) >= 2
    for number, page in enumerate(reader.pages, 1):
        assert "PRÉVIA — NÃO PUBLICADO" in page.extract_text(), f"página {number} sem a marca de prévia"


def test_the_pdf_address_of_a_preview_still_works_after_publication(tmp_path, monkeypatch):
    """A link to the exam's PDF taken from a build before `publicar` opens the published PDF after it."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    content = tmp_path / "content"
    exam = content / "certames" / "sintetico"
    synth.write_exam(exam, candidates=400, positions=2, vacancies=12, seed=5)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    before = tmp_path / "antes"
    build(content, before, pdf=True)
    assert (before / "certames" / "sintetico" / "sintetico.pdf").is_file()
    (tmp_path / "mkdocs.yml").write_text("site_name: Exemplópolis\nsite_url: https://diario.exemplopolis.gov.br/\n",
                                         encoding="utf-8")
    done = _cli("publicar", str(exam), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    after = tmp_path / "depois"
    build(content, after, pdf=True)
    alias = after / "certames" / "sintetico" / "sintetico.pdf"
    published = next((after / "certames" / "sintetico" / "atos").glob("*/*.pdf"))
    assert alias.read_bytes() == published.read_bytes()


def test_a_retificacao_of_a_convocacao_is_refused(tmp_path):
    """A retificação quotes the lists it corrects; a convocação has none (issue 19 item 4): declaring one that
    corrects the MS convocação 50/2024 is an error naming retifica, never an act quoting lists it never had."""
    content = _content(tmp_path)
    toml = content / "certames" / EXAM / "certame.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[[atos]]\ntipo = "retificacao"\nretifica = "50/2024"\n'
                    'numero = "51/2024"\ndata = 2024-08-06\nmotivo = "Correção"\n', encoding="utf-8")
    done = _cli("check", str(content), cwd=tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "retifica" in done.stderr and "é uma convocação" in done.stderr
