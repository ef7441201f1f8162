"""Incremental build: unchanged exams are reused, and the site is byte-identical to a full build (issue 8 item 7)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator import pipeline
from generator.store import archive
from generator.build import build
from generator.errors import InputError
from test_publish import _exam

ROOT = Path(__file__).resolve().parents[1]


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def content(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    (tmp_path / "a").mkdir()
    folder = _exam(tmp_path / "a")  # tmp/a/certames/exemplo
    root = tmp_path / "a"
    shutil.copytree(ROOT / "content" / "jurisdicoes", root / "jurisdicoes")
    shutil.copytree(folder, root / "certames" / "outro")
    return root


def _prepared(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = pipeline.prepare

    def counting(folder, *args, **kwargs):
        calls.append(Path(folder).name)
        return real(folder, *args, **kwargs)

    monkeypatch.setattr(pipeline, "prepare", counting)
    return calls


def test_unchanged_exams_are_reused_and_the_site_is_the_same(content, tmp_path, monkeypatch):
    site = tmp_path / "site"
    build(content, site, pdf=False)
    first = _tree(site)
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert calls == [] and _tree(site) == first  # nothing checked, allocated nor rendered: the same bytes

    # one exam's score changes: only that exam is prepared again; the result equals a full build
    path = content / "certames" / "outro" / "candidatos.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("81.50", "91.50"), encoding="utf-8")
    build(content, site, pdf=False)
    assert calls == ["outro"]
    fresh = tmp_path / "fresh"
    build(content, fresh, pdf=False)
    assert _tree(site) == _tree(fresh) != first


def test_a_new_exam_before_the_others_shifts_the_reused_search_postings(content, tmp_path, monkeypatch):
    site = tmp_path / "site"
    build(content, site, pdf=False)
    shutil.copytree(content / "certames" / "outro", content / "certames" / "aaa")
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert calls == ["aaa"]
    fresh = tmp_path / "fresh"
    build(content, fresh, pdf=False)
    assert _tree(site) == _tree(fresh)


def test_a_code_change_renders_everything_again(content, tmp_path, monkeypatch):
    from generator import incremental

    site = tmp_path / "site"
    build(content, site, pdf=False)
    calls = _prepared(monkeypatch)
    monkeypatch.setattr(incremental, "code_fingerprint", lambda: "outra versão")
    build(content, site, pdf=False)
    assert sorted(calls) == ["exemplo", "outro"]


def test_a_cache_that_does_not_describe_the_site_is_ignored(content, tmp_path, monkeypatch):
    site = tmp_path / "site"
    build(content, site, pdf=False)
    (site / "sitemap.xml").write_text("outro site\n", encoding="utf-8")
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert sorted(calls) == ["exemplo", "outro"]


def test_a_reused_exam_is_still_verified_against_its_archive(tmp_path, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    site = tmp_path / "site"
    build(content, site, pdf=False)
    calls = _prepared(monkeypatch)
    (record,) = archive.read(content / "certames" / "lins-2024-gcm")[:1]
    (record.folder / "dados" / "datapackage.json").write_bytes(b"{}")
    with pytest.raises(InputError) as caught:
        build(content, site, pdf=False)
    assert calls == [] and "lins-2024-gcm/arquivo/ato-12-2024/dados/datapackage.json" in str(caught.value)


def test_a_new_coat_of_arms_of_the_jurisdiction_renders_its_exams_again(content, tmp_path, monkeypatch):
    """content/jurisdicoes/<id>.svg goes into the masthead (pipeline.COAT_OF_ARMS): a reused exam would keep the old."""
    import tomllib

    site = tmp_path / "site"
    build(content, site, pdf=False)
    ids = {tomllib.loads((f / "certame.toml").read_text(encoding="utf-8"))["jurisdicao"]
           for f in (content / "certames").iterdir()}
    for jurisdiction in ids:
        (content / "jurisdicoes" / f"{jurisdiction}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n',
            encoding="utf-8")
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert sorted(calls) == ["exemplo", "outro"]


def test_a_changed_exam_reuses_the_extracts_of_its_unchanged_archived_pdf(tmp_path, monkeypatch):
    """A retificação changes the inputs, so the exam is rendered again, but its lists still cite the archived
    result: the cargo extracts of that PDF are hard-linked from the previous build, not extracted again — unless
    anything they depend on changed (here: gazeta's code)."""
    from generator import incremental
    from generator.render.pdf import extract as pdf_extract

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    content, site, exam = tmp_path / "content", tmp_path / "site", "lins-2024-gcm"
    shutil.copytree(ROOT / "content", content)
    build(content, site)
    pattern = f"certames/{exam}/*/{exam}-ato-*-*.pdf"
    before = {p.relative_to(site): p.stat().st_ino for p in site.glob(pattern)}
    assert before, "the example should have cargo extracts"

    made: list[int] = []
    real = pdf_extract.extract_all
    monkeypatch.setattr(pdf_extract, "extract_all", lambda *a, **k: made.append(1) or real(*a, **k))
    calls = _prepared(monkeypatch)
    toml = content / "certames" / exam / "certame.toml"
    # A new act declared (not yet published): the exam is rendered again, as a preview (generator/record.py)
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[[atos]]\ntipo = "convocacao"\nnumero = "21/2024"\n'
                    'data = 2024-08-01\ncargo = "GCM"\nvagas = 1\n', encoding="utf-8")
    build(content, site)
    assert calls == [exam] and made == []  # rendered again, but its extracts were linked
    assert {p.relative_to(site): p.stat().st_ino for p in site.glob(pattern)} == before
    fresh = tmp_path / "fresh"
    build(content, fresh)
    assert made and _tree(site) == _tree(fresh)  # the same bytes a full build makes

    made.clear()
    monkeypatch.setattr(incremental, "code_fingerprint", lambda: "outra versão")
    build(content, site)
    assert made  # another gazeta: everything, extracts included, is made again


def test_an_exam_with_its_own_search_segment_reuses_it_when_a_new_exam_is_added(content, tmp_path, monkeypatch):
    """A national exam's search index is a segment of its own (render/search.SEGMENT_FROM, here lowered): when a
    new exam is published beside it, the big exam is reused and its segment hard-linked, not sorted again; the
    site is the one a full build makes."""
    from generator.render.site import search

    monkeypatch.setattr(search, "SEGMENT_FROM", 1)
    site = tmp_path / "site"
    build(content, site, pdf=False)
    segments = sorted(p.relative_to(site / "busca").as_posix() for p in (site / "busca" / "s").iterdir())
    assert segments == ["s/exemplo", "s/outro"]
    shard = next((site / "busca" / "s" / "outro" / "n").glob("*-0.json"))
    inode = shard.stat().st_ino
    writes: list[str] = []
    real = search._write_bucket
    monkeypatch.setattr(search, "_write_bucket", lambda task: writes.append(str(task[0])) or real(task))
    shutil.copytree(content / "certames" / "outro", content / "certames" / "zzz")
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert calls == ["zzz"] and writes and all("/s/zzz/" in w for w in writes)  # only the new segment is written
    assert shard.stat().st_ino == inode  # the reused segment is the previous build's files
    assert 'data-segmentos=\'["s/exemplo/", "s/outro/", "s/zzz/"]\'' in (site / "busca" / "index.html").read_text()
    fresh = tmp_path / "fresh"
    build(content, fresh, pdf=False)
    assert _tree(site) == _tree(fresh)


def test_archived_files_unchanged_since_the_last_build_are_not_hashed_again(tmp_path, monkeypatch):
    """The archive is verified at every build; a file whose inode signature (size, mtime, ctime, inode) is the one
    the previous build hashed is not hashed again. A file rewritten with the same size and its old mtime put back
    still changed its ctime, so it is hashed and refused."""
    import os

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    monkeypatch.setattr(archive, "RACY_NS", 0)  # the copied files count as settled at once
    content, site = tmp_path / "content", tmp_path / "site"
    shutil.copytree(ROOT / "content", content)
    build(content, site, pdf=False)
    hashed: list[str] = []
    real = archive.sha256_file
    monkeypatch.setattr(archive, "sha256_file", lambda p: hashed.append(str(p)) or real(p))
    build(content, site, pdf=False)
    assert not [h for h in hashed if f"/{archive.ARCHIVE}/" in h]

    (record,) = archive.read(content / "certames" / "lins-2024-gcm")[:1]
    path = record.folder / "dados" / "datapackage.json"
    before, data = path.stat(), path.read_bytes()
    path.write_bytes(data[:-2] + (b"X" if data[-2:-1] != b"X" else b"Y") + data[-1:])  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    with pytest.raises(InputError) as caught:
        build(content, site, pdf=False)
    assert "lins-2024-gcm/arquivo/ato-12-2024/dados/datapackage.json" in str(caught.value)


def test_the_archive_trust_belongs_to_one_build_not_to_the_process(tmp_path, monkeypatch):
    """Issue 19 item 7: which archived files are known intact is state of one build (store.archive.Trust, kept
    by its job), not of the process. A second job prepared in the same process hashes the archive again and
    records only what it verified; a job given the first one's signatures (as the cache hands them over) hashes
    nothing of the archive."""
    from generator.build import prepare_all

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    monkeypatch.setattr(archive, "RACY_NS", 0)  # the copied files count as settled at once
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "lins-2024-gcm", content / "certames" / "lins-2024-gcm")
    first = prepare_all(content, pdf=False)
    verified = first.trust.verified()
    assert verified and all(f"/{archive.ARCHIVE}/" in k for k in verified)
    hashed: list[str] = []
    real = archive.sha256_file
    monkeypatch.setattr(archive, "sha256_file", lambda p: hashed.append(str(p)) or real(p))
    second = prepare_all(content, pdf=False)
    assert sorted(h for h in hashed if f"/{archive.ARCHIVE}/" in h) == sorted(verified)
    assert second.trust is not first.trust and second.trust.verified() == verified
    hashed.clear()
    third = prepare_all(content, pdf=False, trust=archive.Trust(verified))
    assert not [h for h in hashed if f"/{archive.ARCHIVE}/" in h] and third.trust.verified() == verified


def test_an_unchanged_previous_site_is_known_by_its_inodes_and_edits_are_still_seen(tmp_path, monkeypatch):
    """Issue 20: a build with nothing to do read every file of the previous site again to know it unchanged (2.7 GB
    at 1M). Each sealed page and data file now has its inode's signature (size, mtime, inode, device; not ctime,
    which the hard links between sites move): unchanged, it is not read. A same-size edit in place (a new mtime) is
    read and the exam rendered again. The copies of published acts are always read (incremental._signatures): a
    same-size edit of one with its mtime put back is still found, and the copy restored from the archive."""
    import os

    from generator import incremental

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    monkeypatch.setattr(archive, "RACY_NS", 0)  # every file sealed counts as settled at once
    content, site = tmp_path / "content", tmp_path / "site"
    shutil.copytree(ROOT / "content", content)
    build(content, site, pdf=False)
    first = _tree(site)
    entry = json.loads(next((tmp_path / ".site.gazeta-cache").rglob(incremental.ENTRY)).read_text(encoding="utf-8"))
    signed = set(entry[incremental.STATS])
    assert signed and signed < set(entry[incremental.FILES]) and not [r for r in signed if "/atos/" in r]
    hashed: list[str] = []
    real = archive.sha256_file
    monkeypatch.setattr(archive, "sha256_file", lambda p: hashed.append(str(p)) or real(p))
    calls = _prepared(monkeypatch)
    build(content, site, pdf=False)
    assert calls == [] and _tree(site) == first
    read = [h for h in hashed if h.startswith(str(site))]
    assert read and all("/atos/" in h for h in read)  # of the previous site, only the acts' copies were read

    page = site / "certames" / "lins-2024-gcm" / "index.html"
    data = page.read_bytes()
    page.write_bytes(data.replace(b"</body>", b"</BODY>", 1))  # same size, in place: a new mtime
    build(content, site, pdf=False)
    assert calls == ["lins-2024-gcm"] and _tree(site) == first

    copy = site / "certames" / "ms-2024-pss" / "atos" / "ato-41-2024" / "dados" / "datapackage.json"
    before, data = copy.stat(), copy.read_bytes()
    copy.write_bytes(data[:-2] + (b"X" if data[-2:-1] != b"X" else b"Y") + data[-1:])  # same size
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))
    build(content, site, pdf=False)
    assert calls == ["lins-2024-gcm", "ms-2024-pss"] and _tree(site) == first


def test_a_build_that_reuses_an_exam_keeps_its_data_zips_deflate_streams(content, tmp_path, monkeypatch):
    """Found measuring a retificação at 1M: a build that took an exam whole from the previous one (nothing changed)
    left its data zip's deflate streams out of the new cache, so the next build that changed one score deflated
    every file of the package again (280 MB, about 7 s). Now only the changed cargo's files are deflated."""
    from generator.render.data import downloads

    site = tmp_path / "site"
    build(content, site, pdf=False)
    build(content, site, pdf=False)  # the exams taken whole
    data = site / "certames" / "outro" / "dados"
    before = {p.name: p.read_bytes() for p in data.iterdir() if p.suffix in (".csv", ".json")}
    deflated: list[str] = []
    real = downloads._deflate
    monkeypatch.setattr(downloads, "_deflate", lambda path, *a: deflated.append(Path(path).name) or real(path, *a))
    path = content / "certames" / "outro" / "candidatos.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("81.50", "91.50"), encoding="utf-8")
    build(content, site, pdf=False)
    changed = {p.name for p in data.iterdir() if p.suffix in (".csv", ".json") and before.get(p.name) != p.read_bytes()}
    assert changed and sorted(deflated) == sorted(changed)  # the files the score changed, not the whole package
    fresh = tmp_path / "fresh"
    build(content, fresh, pdf=False)
    assert _tree(site) == _tree(fresh)
