"""Only what changed, by the cargo (issue 20 item 5): inside an exam that changed since the last build, a cargo whose
fingerprint (what its pages and files are handed) did not change is taken from the previous build instead of
rendered — and the site is still, byte for byte and file for file, the one a full build from scratch makes."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator import synth
from generator.build import build
from generator.publish import publish
from generator.render.site import pages as site_pages

ROOT = Path(__file__).resolve().parents[1]
EPOCH = "1718000000"
SITE_URL = "https://concursos.teste.example.org/"
RESULT = '''
[[atos]]
tipo = "resultado"
numero = "100/2024"
data = 2024-10-01
edicao = "11.600"
local = "Campo Grande"

[[atos.assinaturas]]
nome = "Maria Exemplo"
cargo = "Secretária de Estado de Administração"
'''
CORRECTION = '''
[[atos]]
tipo = "retificacao"
retifica = "100/2024"
numero = "104/2024"
data = 2024-10-08
edicao = "11.605"
motivo = "Revisão de notas após recurso"
'''
CALL = '''
[[atos]]
tipo = "convocacao"
numero = "120/2024"
data = 2024-11-01
edicao = "11.630"
cargo = "C001"
vagas = 1
'''


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _content(base: Path, published: bool) -> tuple[Path, Path]:
    """content/ with one synthetic exam of four cargos (and the jurisdiction's rules); its result act declared and
    published when `published`."""
    content = base / "content"
    (content / "certames").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    (base / "mkdocs.yml").write_text(f"site_name: Teste\nsite_url: {SITE_URL}\n", encoding="utf-8")
    exam = content / "certames" / "sintetico"
    synth.write_exam(exam, candidates=400, positions=4, vacancies=12, seed=5)
    if published:
        toml = exam / "certame.toml"
        text = toml.read_text(encoding="utf-8").replace('edicao = "11.600"\n', "").replace("data = 2024-10-01\n", "")
        toml.write_text(text + RESULT, encoding="utf-8")
        publish(exam, site_url=SITE_URL)
    return content, exam


def _raise_score(exam: Path, cargo: str, nth: int = 0, by: float = 3.0) -> None:
    """The nth approved candidate of `cargo` gains `by` points (a revision after an appeal)."""
    path = exam / "candidatos.csv"
    lines = path.read_text(encoding="utf-8").split("\n")
    rows = [k for k, line in enumerate(lines[1:], 1) if line.split(",")[2:3] == [cargo]
            and line.endswith(",aprovado")]
    fields = lines[rows[nth % len(rows)]].split(",")
    fields[3] = f"{min(float(fields[3]) + by, 100.0):.2f}"
    lines[rows[nth % len(rows)]] = ",".join(fields)
    path.write_text("\n".join(lines), encoding="utf-8")


def _rendered(monkeypatch) -> list[str]:
    """The codes of the cargos whose pages are rendered (in this process: small exams are not forked)."""
    calls: list[str] = []
    real = site_pages.ExamPages.position

    def counting(self, p, *args, **kwargs):
        calls.append(p["codigo"])
        return real(self, p, *args, **kwargs)

    monkeypatch.setattr(site_pages.ExamPages, "position", counting)
    return calls


@pytest.fixture
def env(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.delenv("GAZETA_PROCESSOS", raising=False)
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("epoch", [EPOCH, None])
def test_a_correction_of_one_cargo_renders_that_cargo_and_the_site_is_a_full_builds(tmp_path, env, monkeypatch,
                                                                                     epoch):
    """A retificação of one score: the exam is rendered again, but of its four cargos only the corrected one; every
    file, and the list of files, is what a full build of the same inputs makes. Before: all four were rendered.
    Without SOURCE_DATE_EPOCH too: a cargo's spreadsheets are dated by the act that last changed its lists, not by
    the retificação of another cargo (downloads.epoch)."""
    if epoch is None:
        monkeypatch.delenv("SOURCE_DATE_EPOCH")
    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    before = {p.relative_to(site): p.stat().st_ino for p in (site / "certames" / "sintetico" / "c003").rglob("*")}

    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    rendered = _rendered(monkeypatch)
    build(content, site)
    assert rendered == ["C002"]
    # an untouched cargo's pages are the previous build's files (hard links), not new ones
    linked = {p.relative_to(site): p.stat().st_ino for p in (site / "certames" / "sintetico" / "c003").rglob("*")
              if p.is_file() and p.name != "feed.xml" and p.suffix != ".pdf"}
    assert linked and all(before.get(rel) == ino for rel, ino in linked.items())

    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert sorted(rendered) == ["C001", "C002", "C002", "C003", "C004"]  # the full build renders them all
    assert _tree(site) == _tree(fresh)


def test_the_files_taken_from_the_previous_build_are_read_once_and_sealed_with_their_hashes(tmp_path, env,
                                                                                            monkeypatch):
    """A cargo taken from the previous build has each of its files read once, to check it against the hash that
    build sealed (CargoCache.take); sealing the new site keeps that hash for the hard link instead of reading the
    file again (at 1M, most of the exam's 2.7 GB), and the data zip takes their deflate streams from that build.
    The sealed hashes are the files' own."""
    import json
    from collections import Counter

    from generator import incremental
    from generator.store import archive

    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    reads, real = Counter(), archive.sha256_file

    def counting(path):
        reads[Path(path).resolve().relative_to(tmp_path).as_posix().split("/", 1)[1]] += 1
        return real(path)

    monkeypatch.setattr(archive, "sha256_file", counting)
    from generator.render.data import downloads

    deflates, deflate = [], downloads._deflate
    monkeypatch.setattr(downloads, "_deflate", lambda path, *rest: deflates.append(path.name) or deflate(path, *rest))
    build(content, site)
    # the data zip deflates the corrected cargo's files and the package descriptor, not the others again
    assert deflates and all(name.startswith("c002-") or name == "datapackage.json" for name in deflates), deflates
    untouched = [k for k in reads if k.startswith("certames/sintetico/c003/")]
    assert untouched and all(reads[k] == 1 for k in untouched), {k: reads[k] for k in untouched}
    entry = json.loads((incremental.cache_dir(site) / "sintetico" / incremental.ENTRY).read_text(encoding="utf-8"))
    sealed = entry[incremental.FILES]
    assert sealed == {rel: real(site / rel) for rel in sealed} and any(rel in sealed for rel in untouched)


def test_a_correction_of_scores_keeps_the_search_key_shards_and_a_changed_name_makes_them_again(tmp_path, env,
                                                                                               monkeypatch):
    """Issue 20 item 4: a retificação of scores changes ranks, pages and status, which live in the cargo tables
    (busca/.../t/), not the ids nor the keys: the segment's key shards (names, pairs, inscrições, typos) are the
    previous build's files, hard-linked, not made again. A retificação that changes a name changes the keys: they
    are made again. The tables of the cargos it did not touch are the previous build's files too. Either way the site
    is a full build's."""
    from generator.render.site import search

    monkeypatch.setattr(search, "SEGMENT_FROM", 1)  # the exam's index is a segment of its own, as a national one
    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    shards = site / "busca" / "s" / "sintetico"
    inodes = {p.relative_to(shards): p.stat().st_ino for p in shards.rglob("*") if p.is_file()}
    writes: list[str] = []
    real = search._write_bucket
    monkeypatch.setattr(search, "_write_bucket", lambda task: writes.append(str(task[0])) or real(task))
    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    build(content, site)
    assert writes == []
    now = {p.relative_to(shards): p.stat().st_ino for p in shards.rglob("*") if p.is_file()}
    kept = [rel for rel in now if rel.parts[0] in search.KEYED]
    assert kept and all(now[rel] == inodes[rel] for rel in kept)
    # the corrected cargo's tables are written (C002: the segment's cargo 1, t/1-*.json); the others' hold the same
    # bytes and are the previous build's files, compared and hard-linked
    tables = [rel for rel in now if rel.parts[0] == "t"]
    written = {rel for rel in tables if now[rel] != inodes.get(rel)}
    assert written and all(rel.name.startswith("1-") for rel in written), written
    assert len(written) < len(tables)
    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert _tree(site) == _tree(fresh)

    rows = exam / "candidatos.csv"
    lines = rows.read_text(encoding="utf-8").split("\n")
    fields = lines[1].split(",")
    fields[1] = "Zuleica Quixabeira"
    lines[1] = ",".join(fields)
    rows.write_text("\n".join(lines), encoding="utf-8")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION.replace(
        "104/2024", "105/2024").replace("2024-10-08", "2024-10-09"), encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    build(content, site)
    assert writes  # the keys changed: the key shards are made again
    assert any("quixabeira" in p.read_text(encoding="utf-8") for p in (shards / "n").glob("qu*.json"))
    fresh = tmp_path / "fresh2"
    build(content, fresh)
    assert _tree(site) == _tree(fresh)


def test_an_untouched_cargos_pages_name_the_act_that_published_its_lists(tmp_path, env, monkeypatch):
    """After a retificação of one cargo, the pages of the others say they were published in the result act's
    edition (what their «Como citar» cites, LEGAL-NOTES 13), not in the retificação's, which did not touch them;
    their sitemap date is the result's. The corrected cargo's date is the retificação's. Before: every cargo's
    pages printed the retificação's edition and date."""
    content, exam = _content(tmp_path, published=True)
    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    site = tmp_path / "site"
    build(content, site)
    page = (site / "certames" / "sintetico" / "c003" / "index.html").read_text(encoding="utf-8")
    assert "edição nº 11.600, de 1 de outubro de 2024" in page and "11.605" not in page
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{SITE_URL}certames/sintetico/c003/</loc><lastmod>2024-10-01</lastmod>" in sitemap
    assert f"<loc>{SITE_URL}certames/sintetico/c002/</loc><lastmod>2024-10-08</lastmod>" in sitemap
    corrected = (site / "certames" / "sintetico" / "c002" / "index.html").read_text(encoding="utf-8")
    assert "Corrigido depois por" in corrected and "Retificação nº 104/2024" in corrected


def test_a_change_every_cargo_prints_renders_them_all(tmp_path, env, monkeypatch):
    """A convocação declared but not published yet: every page of the exam carries the preview banner, so every
    cargo is rendered again (not only the one called); the site is a full build's."""
    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CALL,
                                       encoding="utf-8")
    rendered = _rendered(monkeypatch)
    build(content, site)
    assert sorted(rendered) == ["C001", "C002", "C003", "C004"]
    assert "PRÉVIA" in (site / "certames" / "sintetico" / "c004" / "index.html").read_text(encoding="utf-8")
    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert _tree(site) == _tree(fresh)


def test_a_cargo_page_edited_in_the_previous_site_is_rendered_again(tmp_path, env, monkeypatch):
    """An untouched cargo whose page was changed by hand in site/ since the last build is not taken from it: its
    files are checked against the SHA-256 that build sealed (as a whole exam's are), and it is rendered again."""
    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    edited = site / "certames" / "sintetico" / "c004" / "geral" / "index.html"
    data = site / "certames" / "sintetico" / "dados" / "c003-geral.csv"
    edited.write_text(edited.read_text(encoding="utf-8").replace("</body>", "<!-- editado --></body>"),
                      encoding="utf-8")
    data.unlink()  # and a data file of another cargo lost
    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    rendered = _rendered(monkeypatch)
    build(content, site)
    assert sorted(rendered) == ["C002", "C003", "C004"]
    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert _tree(site) == _tree(fresh)


CHANGES = st.lists(st.tuples(st.sampled_from(["C001", "C002", "C003", "C004", None]), st.integers(0, 50),
                             st.sampled_from([0.5, 3.0, 12.0, -20.0])), min_size=1, max_size=3)


@pytest.mark.slow
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=CHANGES)
def test_random_small_changes_build_incrementally_as_a_full_build(tmp_path_factory, env, changes):
    """Random score changes (any cargo, any candidate, up or down: ranks, lists, nominations, eliminations by the
    minimum score move), each followed by an incremental build: the site is always a full build's. The exam is
    not published (its open data is written with the pages, by the cargo)."""
    base = tmp_path_factory.mktemp("aleatorio")
    content, exam = _content(base, published=False)
    site = base / "site"
    build(content, site, pdf=False)
    for k, (cargo, nth, by) in enumerate(changes):
        if cargo is not None:
            _raise_score(exam, cargo, nth, by)
        else:  # an exam-level change: its title
            toml = exam / "certame.toml"
            toml.write_text(toml.read_text(encoding="utf-8").replace("(dados sintéticos)", f"(sintéticos {k})", 1),
                            encoding="utf-8")
        build(content, site, pdf=False)
        fresh = base / f"fresh-{k}"
        build(content, fresh, pdf=False)
        assert _tree(site) == _tree(fresh), (k, cargo, nth, by)


def test_after_a_retificacao_the_published_acts_files_are_the_previous_sites_once_their_bytes_check_out(tmp_path, env):
    """The build copies every archived act's files beside its page (store/archive.copy, each copy checked against
    the manifest). After a retificação, the result act's files are in the previous site already: each one that
    hashes to its manifest's SHA-256 is that file, hard-linked, not written again (at 1M, the 300 MB PDF and its
    data, about 5 s). One altered in the previous site is not taken: the new site gets the archive's bytes. Either
    way the site is a full build's."""
    content, exam = _content(tmp_path, published=True)
    site = tmp_path / "site"
    build(content, site)
    act = site / "certames" / "sintetico" / "atos" / "ato-100-2024"
    published = json.loads((act / "manifesto.json").read_text(encoding="utf-8"))["arquivos"]  # the archived files
    files = sorted(act / rel for rel in published)
    assert any(p.suffix == ".pdf" for p in files) and any(p.suffix == ".csv" for p in files), files
    inodes = {p: p.stat().st_ino for p in files}
    altered = max((p for p in files if p.suffix == ".csv"), key=lambda p: p.stat().st_size)
    original = altered.read_bytes()
    altered.write_bytes(original.replace(b",", b";", 1))  # the previous site's copy, edited by hand
    assert altered.read_bytes() != original
    _raise_score(exam, "C002")
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text(encoding="utf-8") + CORRECTION,
                                       encoding="utf-8")
    publish(exam, site_url=SITE_URL)
    build(content, site)
    linked = [p for p in files if p.stat().st_ino == inodes[p]]
    assert altered not in linked and altered.read_bytes() == original
    assert sorted(linked) == sorted(p for p in files if p != altered)
    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert _tree(site) == _tree(fresh)
