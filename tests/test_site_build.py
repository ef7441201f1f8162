"""The example site: stable anchors, links to the articles, open data, feeds, safe swap, reproducibility."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.build import Job, Prepared, build, build_job, prepare_all
from generator.errors import InputError
from generator.paths import PAGE_SIZE, Slugs
from site_fakes import fake_exam, fake_position
from site_server import HOSTILE, ROOT, build_fake

CONTENT = ROOT / "content"


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("exemplo") / "site"
    build(CONTENT, site, pdf=False)
    return site


@pytest.fixture(scope="module")
def views():
    job = prepare_all(CONTENT)
    return [(p.exam, list(p.positions())) for p in job.exams]


def _files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def test_every_entry_has_its_anchor_on_its_fixed_page(example, views):
    for exam, positions in views:
        slugs = Slugs()
        for p in positions:
            folder = example / "certames" / exam["slug"] / slugs(p["codigo"])
            for lst in p["listas"]:
                for k, e in enumerate(lst["entradas"]):
                    page = k // PAGE_SIZE + 1
                    html = (folder / lst["grupo"] / ("" if page == 1 else f"{page}/") / "index.html")
                    assert f'id="i-{e["inscricao"]}"' in html.read_text("utf-8")


def test_every_legal_basis_link_points_at_an_existing_anchor(example):
    anchors: dict[str, set[str]] = {}
    for page in (example / "legislacao").glob("*/index.html"):
        anchors[page.parent.name] = set(re.findall(r'id="([^"]+)"', page.read_text("utf-8")))
    links = 0
    for html in example.rglob("*.html"):
        for slug, anchor in re.findall(r'href="[./]*legislacao/([^/"]+)/#([^"]+)"', html.read_text("utf-8")):
            assert anchor in anchors[slug], (html, slug, anchor)
            links += 1
    assert links > 0


def test_no_input_file_reaches_the_site(example):
    names = {p.name for p in example.rglob("*")}
    assert not names & {"candidatos.csv", "candidatos.xlsx", "comissao.csv", "desistencias.csv", "certame.toml",
                        "ato.md"}
    assert not list(example.rglob("*.toml"))
    # the only spreadsheets are the lists the site writes (issue 12), never the board's candidatos.xlsx
    board = (CONTENT / "certames" / "lins-2024-gcm" / "candidatos.xlsx").read_bytes()
    sheets = list(example.rglob("*.xlsx"))
    assert sheets and all(p.parent.name == "dados" and p.read_bytes() != board for p in sheets)


def test_sitemap_feed_and_jsonld_parse(example):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "a": "http://www.w3.org/2005/Atom"}
    locs = [e.text for e in ET.parse(example / "sitemap.xml").getroot().findall("s:url/s:loc", ns)]
    assert len(locs) == len(set(locs)) and all(loc.startswith("https://") for loc in locs)
    feed = ET.parse(example / "feed.xml").getroot()
    updated = [e.find("a:updated", ns).text for e in feed.findall("a:entry", ns)]
    # one entry per published act: each example has a result, a retificação and a convocação (issue 8)
    assert len(updated) == 9 and updated == sorted(updated, reverse=True)
    for html in list(example.glob("certames/*/index.html")) + [example / "index.html"]:
        block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html.read_text("utf-8"), re.S)
        data = json.loads(block.group(1))
        assert data["@context"] == "https://schema.org"


def test_como_citar_on_every_generated_page(example):
    for html in example.glob("certames/**/index.html"):
        text = html.read_text("utf-8")
        assert 'id="como-citar"' in text and "urn:lex:" in text and "@article{" in text, html


def test_open_data_package_hashes_and_dialect(example):
    for dados in example.glob("certames/*/dados"):
        package = json.loads((dados / "datapackage.json").read_text("utf-8"))
        # the JSON twin of a CSV has the same columns (its resource is a plain data-resource, without a schema)
        columns = {r["name"].rsplit("-", 1)[0]: [f["name"] for f in r["schema"]["fields"]]
                   for r in package["resources"] if r["format"] == "csv"}
        for resource in package["resources"]:
            body = (dados / resource["path"]).read_bytes()
            assert resource["hash"] == "sha256:" + hashlib.sha256(body).hexdigest()
            assert resource["bytes"] == len(body)
            names = columns[resource["name"].rsplit("-", 1)[0]]
            if resource["format"] == "csv":
                assert body.startswith(b"\xef\xbb\xbf")
                rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline=""), delimiter=";"))
                assert rows[0] == names
            else:
                rows = json.loads(body)
                assert all(list(r) == names for r in rows)
        for line in (dados / "SHA256SUMS").read_text("utf-8").splitlines():
            digest, name = line.split("  ")
            assert hashlib.sha256((dados / name).read_bytes()).hexdigest() == digest


def test_hostile_name_is_escaped_everywhere(tmp_path):
    site = tmp_path / "site"
    build_fake(site, candidates=30)
    seen = 0
    for html in site.rglob("*.html"):
        text = html.read_text("utf-8")
        assert "<script>alert" not in text, html
        seen += "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; O&#39;Brien" in text
    assert seen >= 2  # the general list and the nomination order show it, as text
    index = "".join(p.read_text("utf-8") for p in (site / "busca" / "t").glob("*-*.json"))  # the cargo tables
    assert json.dumps(HOSTILE, ensure_ascii=False) in index


def test_failed_build_leaves_the_previous_site_untouched(tmp_path):
    site = tmp_path / "site"
    build_fake(site, candidates=30)
    before = _files(site)

    def broken():
        yield fake_position("X", 10, 2)
        raise RuntimeError("falha no meio da geração")

    cache = _files(tmp_path / ".site.gazeta-cache")  # the incremental cache of the previous build
    with pytest.raises(RuntimeError):
        build_job(Job([Prepared(fake_exam(), broken)], pdf=False), CONTENT, site)
    assert _files(site) == before and _files(tmp_path / ".site.gazeta-cache") == cache
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.gazeta-cache", "site"]


def test_failure_in_a_worker_process_leaves_the_previous_site_untouched(tmp_path, monkeypatch):
    site = tmp_path / "site"
    build_fake(site, candidates=30)
    before = _files(site)
    views = [fake_position("A", 20, 2), fake_position("B", 20, 2, first_reg=20_000_000)]

    def position(k: int) -> dict:
        if k == 1:
            raise RuntimeError("falha num processo auxiliar")
        return views[k]

    prepared = Prepared(fake_exam(), lambda: iter(views), [{"codigo": v["codigo"], "nome": v["nome"]} for v in views],
                        position)
    monkeypatch.setenv("GAZETA_PROCESSOS", "2")
    cache = _files(tmp_path / ".site.gazeta-cache")
    with pytest.raises(RuntimeError, match="falha num processo auxiliar"):
        build_job(Job([prepared], pdf=False), CONTENT, site)
    assert _files(site) == before and _files(tmp_path / ".site.gazeta-cache") == cache
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.gazeta-cache", "site"]


def test_bad_input_writes_nothing(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    exam = next((content / "certames").iterdir())
    (exam / "certame.toml").write_text((exam / "certame.toml").read_text("utf-8").replace("vagas = ", "vagas = -"),
                                       encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    (site / ".gazeta-site").write_text("um site anterior do gazeta")
    (site / "marca.txt").write_text("anterior")
    with pytest.raises(InputError):
        build(content, site, pdf=False)
    assert _files(site) == {".gazeta-site": b"um site anterior do gazeta", "marca.txt": b"anterior"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "site"]


def test_same_input_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    build(CONTENT, tmp_path / "a", pdf=True)
    build(CONTENT, tmp_path / "b", pdf=True)
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert list(a) == list(b)
    assert [name for name in a if a[name] != b[name]] == []
    assert any(name.endswith(".pdf") for name in a)


# -- the open data written beside the PDF (generator.processes.Forked) ------------------------------------------
def _tell_then(tell, fail_after: bool, fail_before: bool = False):
    import time

    if fail_before:
        raise ValueError("antes")
    tell({"hash": "abc"})
    time.sleep(0.3)  # the parent reads the told value while this one is still working
    if fail_after:
        raise ValueError("depois")
    return {"hash": "abc", "zip": "dados.zip"}


def test_forked_data_tells_the_package_before_it_finishes():
    from generator.processes import Forked

    with Forked(lambda tell: _tell_then(tell, False), early=True) as job:
        assert job.first() == {"hash": "abc"}
        assert not job.done  # the spreadsheets, zip and sums are still being written
        assert job.get() == {"hash": "abc", "zip": "dados.zip"}
        assert job.first() == {"hash": "abc"}


def test_forked_data_errors_reach_the_parent_before_or_after_telling():
    from generator.processes import Forked

    with Forked(lambda tell: _tell_then(tell, False, fail_before=True), early=True) as job:
        with pytest.raises(ValueError, match="antes"):
            job.first()
    with Forked(lambda tell: _tell_then(tell, True), early=True) as job:
        assert job.first() == {"hash": "abc"}
        with pytest.raises(ValueError, match="depois"):
            job.get()
