"""The built example site checked by independent validators (issue 11, item 3): Frictionless on every exam's data
package, a BibTeX parser on every citation collected in one file, the LexML URN grammar, and a link checker."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
EXAMS = sorted(p.name for p in (ROOT / "content" / "certames").iterdir() if (p / "certame.toml").exists())


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("padroes") / "site"
    build(ROOT / "content", out)
    return out


# -- Frictionless ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", EXAMS)
def test_frictionless_validates_every_data_package(site, slug):
    from frictionless import validate

    report = validate(str(site / "certames" / slug / "dados" / "datapackage.json"))
    errors = [f"{t.name}: {e.message}" for t in report.tasks for e in t.errors] + [e.message for e in report.errors]
    assert report.valid, errors
    kinds = {t.name.rsplit("-", 1)[1]: t.type for t in report.tasks}
    assert kinds == {"csv": "table", "json": "json"}  # both formats were read, not skipped


def test_frictionless_checks_the_json_bytes_and_hash(site, tmp_path):
    """A JSON file changed after publication is caught: its bytes and hash are declared and checked."""
    from frictionless import validate

    copy = shutil.copytree(site / "certames" / EXAMS[0] / "dados", tmp_path / "dados")
    target = sorted(copy.glob("*-geral.json"))[0]
    target.write_bytes(target.read_bytes().replace(b'"nome":"', b'"nome":"X', 1))
    report = validate(str(copy / "datapackage.json"))
    assert not report.valid
    messages = " ".join(e.message for t in report.tasks for e in t.errors)
    assert "expected hash" in messages and "expected byte count" in messages


def test_package_declares_iana_encoding_and_profiles(site):
    import json

    for slug in EXAMS:
        package = json.loads((site / "certames" / slug / "dados" / "datapackage.json").read_text("utf-8"))
        assert package["profile"] == "data-package"
        for resource in package["resources"]:
            assert resource["encoding"] == "utf-8"
            assert resource["profile"] == ("tabular-data-resource" if resource["format"] == "csv" else "data-resource")
            assert ("schema" in resource) == (resource["format"] == "csv")


# -- LexML URN -------------------------------------------------------------------------------------------------
# The productions of LexML Brasil, Parte 2 – LexML URN, versão 1.0 (RC1), dez. 2008, that our identifiers use
# (http://projeto.lexml.gov.br/documentacao/Parte-2-LexML-URN.pdf; sec. 4 for names, sec. 5 for the parts):
#   URN         = "urn:lex:" local ":" autoridade ":" tipo-documento ":" descritor ["!" fragmento]
#   local       = "br" *2(";" nome)                     ; país; unidade da federação; município
#   autoridade  = nome *(";" nome)                      ; "federal", "estadual", "municipal", órgãos
#   descritor   = data ";" identificador *(";" nome)    ; the identifier (número) is required
#   data        = AAAA ["-" MM "-" DD]
#   identificador = nome | "lex-" 1*DIGIT               ; "lex-N" for a document without a number
#   nome        = palavra *("." palavra), palavra = 1*(a-z / 0-9), lower case, without accents, and without
#                 articles and prepositions ("mato.grosso.sul", "camara.deputados")
_WORD = r"(?!(?:a|as|o|os|e|de|da|das|do|dos|em|na|nas|no|nos)(?=[.;:!]|$))[a-z0-9]+"
_NAME = rf"{_WORD}(?:\.{_WORD})*"
LEXML_URN = re.compile(
    rf"urn:lex:br(?:;{_NAME}){{0,2}}:{_NAME}(?:;{_NAME})*:{_NAME}:"
    rf"\d{{4}}(?:-\d{{2}}-\d{{2}})?;(?:{_NAME}|lex-\d+)(?:;{_NAME})*(?:![a-z0-9_]+)?")

URN_TABLE = [
    ("urn:lex:br:federal:lei:2002-01-10;10406", True),  # Código Civil (LexML's own example)
    ("urn:lex:br:federal:lei:2003-10-01;10741", True),
    ("urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760!art6_par2", True),
    ("urn:lex:br;sao.paulo;lins:municipal:lei:2023;7739", True),
    ("urn:lex:br;mato.grosso.sul:estadual:edital:2024-07-22;03.2024", True),
    ("urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-14;41.2024;retificacao.1", True),
    ("urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-14;lex-1", True),
    ("urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-10;lex-2", True),  # 2nd unnumbered act of a day (issue 18)
    ("urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-10;resultado-2024-06-10", False),  # slug is no URN id
    # the failures quoted in issue 11
    ("urn:lex:br;mato.grosso.do.sul:estadual:decreto:2024-01-03;16358", False),  # "do" kept
    ("urn:lex:br;espirito.santo;cariacica:municipal:lei:2023-08-30", False),  # no ;número
    ("urn:lex:br;mato.grosso.sul:estadual:edital:2024-07-22;sed.pss.no.03.2024", False),  # "no" of "nº"
    ("urn:lex:br;São.Paulo:estadual:lei:2020;1", False),  # upper case and accents
    ("urn:lex:br:federal:lei:10-01-2003;10741", False),  # date order
]


@pytest.mark.parametrize("value, valid", URN_TABLE, ids=[u for u, _ in URN_TABLE])
def test_lexml_grammar_table(value, valid):
    assert bool(LEXML_URN.fullmatch(value)) is valid


def test_every_urn_we_publish_follows_the_grammar(site):
    """Norms of every jurisdiction file, the act of every exam, and every URN printed on the site."""
    import tomllib

    urns = set()
    for toml in (ROOT / "content" / "jurisdicoes").glob("*.toml"):
        urns |= {n["urn"] for n in tomllib.loads(toml.read_text("utf-8")).get("normas", {}).values() if n.get("urn")}
    for page in site.rglob("*.html"):
        urns |= set(re.findall(r"urn:lex:[^\s<\"'}`]+", page.read_text("utf-8")))
    # one URN per published act: each example has a result, a retificação (;retificacao.N) and a convocação
    assert sum(":edital:" in u for u in urns) == 3 * len(EXAMS) and len(urns) >= 9
    bad = sorted(u for u in urns if not LEXML_URN.fullmatch(u))
    assert not bad


# -- BibTeX ----------------------------------------------------------------------------------------------------
def test_every_bibtex_entry_of_the_site_in_one_file(site, tmp_path):
    """All entries of all pages in one .bib: pybtex (strict) rejects a repeated key; each keeps journal and number,
    and pages where the PDF gives them."""
    from pybtex.database import parse_file

    entries = []
    for page in sorted(site.rglob("index.html")):
        found = re.findall(r"<summary>BibTeX</summary><pre><code>(.*?)</code></pre>", page.read_text("utf-8"), re.S)
        entries += [html.unescape(e) for e in found]
    bib = tmp_path / "todas.bib"
    bib.write_text("\n\n".join(entries) + "\n", encoding="utf-8")
    data = parse_file(str(bib), "bibtex")
    assert len(data.entries) == len(entries) > 50
    for key, entry in data.entries.items():
        assert entry.type == "article"
        assert {"journal", "number", "year", "url", "title"} <= set(entry.fields), key
    with_pages = [k for k, e in data.entries.items() if "pages" in e.fields]
    assert len(with_pages) > len(entries) // 2


# -- links -----------------------------------------------------------------------------------------------------
def broken_links(site: Path, site_url: str = "https://concursos.exemplo.gov.br/") -> list[str]:
    """A small crawler over the built files: every href/src of every HTML page must reach a file of the site (a
    folder means its index.html) and, with a #fragment, an element with that id. Absolute links under site_url are
    checked as local ones; other schemes (mailto:, external sites) are out of scope."""
    ids: dict[Path, set[str]] = {}

    def anchors(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = set(re.findall(r'\bid="([^"]+)"', path.read_text("utf-8"))) if path.suffix == ".html" else set()
        return ids[path]

    broken = []
    for page in sorted(site.rglob("*.html")):
        for link in re.findall(r'\b(?:href|src)="([^"]*)"', page.read_text("utf-8")):
            link = html.unescape(link)
            if link.startswith(site_url):
                target_path, base = link[len(site_url):], site
            elif re.match(r"^[a-z][a-z0-9+.-]*:", link) or link.startswith("//"):
                continue
            elif link.startswith("/"):
                target_path, base = link[1:], site
            else:
                target_path, base = link, page.parent
            path_part, _, fragment = target_path.partition("#")
            path_part = path_part.split("?")[0]
            target = (base / path_part).resolve() if path_part else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file() or not str(target).startswith(str(site.resolve())):
                broken.append(f"{page.relative_to(site)}: {link}")
            elif fragment and target.suffix == ".pdf":  # RFC 8118: #page=N opens the PDF at an existing page
                number = re.fullmatch(r"page=(\d+)", fragment)
                if not number or not 1 <= int(number[1]) <= _pdf_pages(target):
                    broken.append(f"{page.relative_to(site)}: {link} (página)")
            elif fragment and fragment not in anchors(target):
                broken.append(f"{page.relative_to(site)}: {link} (âncora)")
    return broken


def _pdf_pages(path: Path) -> int:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def test_no_broken_link_in_the_example_site(site):
    assert broken_links(site) == []


def test_link_checker_finds_a_broken_link(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text('<a href="a/">ok</a> <a href="b/">x</a> <a href="a/#nada">y</a>', "utf-8")
    (tmp_path / "a" / "index.html").write_text('<p id="aqui"><a href="../busca/certames/x/">z</a></p>', "utf-8")
    assert broken_links(tmp_path) == ["a/index.html: ../busca/certames/x/", "index.html: b/",
                                      "index.html: a/#nada (âncora)"]


def test_no_broken_link_without_markdown_pages(tmp_path):
    """A content folder with exams only (as the national-scale synthetic one): no link to a 'Sobre' page or a
    legislation page that the build does not have."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "ms-2024-pss", content / "certames" / "ms-2024-pss")
    out = tmp_path / "site"
    build(content, out, pdf=False)
    assert not (out / "sobre").exists() and not (out / "legislacao" / "ms-decreto-16358-2024").exists()
    assert broken_links(out) == []
    assert "legislacao/ms-decreto" not in (out / "certames" / "ms-2024-pss" / "index.html").read_text("utf-8")


# -- smaller items ---------------------------------------------------------------------------------------------
def test_favicon_robots_and_meta_description(site):
    assert (site / "assets" / "favicon.svg").read_text("utf-8").startswith("<svg")
    assert (site / "robots.txt").read_text("utf-8") == ("User-agent: *\nAllow: /\n"
                                                        "Sitemap: https://concursos.exemplo.gov.br/sitemap.xml\n")
    for page in site.rglob("*.html"):
        text = page.read_text("utf-8")
        assert '<link rel="icon" href="' in text, page
        description = re.search(r'<meta name="description" content="([^"]+)">', text)
        assert description and len(description.group(1)) > 40, page


def test_jsonld_cites_the_norms_and_states_the_license(site):
    import json

    for slug in EXAMS:
        page = (site / "certames" / slug / "index.html").read_text("utf-8")
        data = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', page, re.S).group(1))
        assert "legislationApplies" not in data
        assert data["citation"] and all(LEXML_URN.fullmatch(c["legislationIdentifier"]) for c in data["citation"])
        assert data["license"].startswith("https://creativecommons.org/publicdomain/")
    lists = [json.loads(m) for p in site.glob("certames/*/*/geral/index.html")
             for m in re.findall(r'<script type="application/ld\+json">(.*?)</script>', p.read_text("utf-8"), re.S)]
    assert lists and all(d["@type"] == "Dataset" and d["license"] for d in lists)


@pytest.mark.parametrize("slug", EXAMS)
def test_pdf_creation_date_is_the_acts_date(site, slug):
    import pikepdf

    # every published act's PDF (archived, copied byte for byte) is dated by its own act
    for page in sorted((site / "certames" / slug / "atos").glob("*/index.html")):
        act_date = re.search(r'"legislationDate": "([\d-]+)"', page.read_text("utf-8")).group(1)
        (pdf_path,) = page.parent.glob("*.pdf")
        with pikepdf.open(pdf_path) as pdf:
            assert str(pdf.docinfo["/CreationDate"]).startswith("D:" + act_date.replace("-", ""))


def test_link_checker_opens_pdfs_only_at_pages_they_have(tmp_path):
    import pikepdf

    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.add_blank_page()
        pdf.save(tmp_path / "a.pdf")
    (tmp_path / "index.html").write_text('<a href="a.pdf#page=2">ok</a> <a href="a.pdf#page=3">x</a>', "utf-8")
    assert broken_links(tmp_path) == ["index.html: a.pdf#page=3 (página)"]
