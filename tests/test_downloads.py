"""Downloads a journalist can use (issue 12 items 4 and 5): per-cargo PDF extracts (structure carried, pages copied
not re-rendered), size and page labels, #page=N links, XLSX with the inscrição as text, a zip of the data package;
the masthead's name on lines that never split a proper name, "Ano" always, the coat of arms, the closing block."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import openpyxl
import pikepdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfua import validate
from pypdf import PdfReader

from generator.build import build
from generator.errors import InputError
from generator.render.data import downloads
from generator.render.pdf.html import masthead_name
from generator.pipeline import coat_of_arms
from pdf_structure import Document
from test_pdf_tags import KNOWN_SKIPS, assert_structure

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
LABEL = re.compile(r"(PDF|CSV|JSON|ZIP|XLSX), \d+(,\d)? (B|kB|MB)(, [\d.]+ páginas?)?")
SHIELD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 48" width="40" height="48">'
          '<path d="M2 2h36v24c0 12-18 20-18 20S2 38 2 26z" fill="#2a5" stroke="#000"/></svg>\n')


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """The examples rendered anew (no archive), with a coat of arms for Mato Grosso do Sul."""
    folder = tmp_path_factory.mktemp("baixar")
    content = folder / "content"
    shutil.copytree(CONTENT, content, ignore=shutil.ignore_patterns("arquivo", ".gazeta-publicados.json"))
    (content / "jurisdicoes" / "mato-grosso-do-sul.svg").write_text(SHIELD, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
        build(content, folder / "site")
    return folder / "site"


def _extracts(site: Path) -> list[Path]:
    return sorted(p for p in (site / "certames").glob("*/*/*.pdf"))


def test_every_cargo_has_an_extract(fresh):
    for exam in (fresh / "certames").iterdir():
        cargos = [p for p in exam.iterdir() if (p / "geral").is_dir()]
        assert cargos and all(list(c.glob(f"{exam.name}-{c.name}.pdf")) for c in cargos), exam


@pytest.mark.parametrize("exam", ["ms-2024-pss", "lins-2024-gcm", "cariacica-2023-concurso"])
def test_extract_pages_are_the_full_pdfs_pages_not_a_second_rendering(fresh, exam):
    full = pikepdf.open(fresh / "certames" / exam / f"{exam}.pdf")
    with full:
        outline = {}
        with full.open_outline() as tree:
            for item in tree.root:
                outline[item.title.split(" — ")[0]] = full.pages.index(pikepdf.Page(item.destination[0]))
        for path in _extracts(fresh / "certames" / exam / ".."):
            if not path.name.startswith(exam + "-") or path.parent.parent.name != exam:
                continue
            with pikepdf.open(path) as extract:
                labels = extract.Root.PageLabels.Nums
                first = int(labels[3].St)
                code = [c for c in outline if path.stem == f"{exam}-{_slug(c)}"]
                assert code, path
                assert first == outline[code[0]] + 1  # the cover says where; the labels show the full PDF's numbers
                for k, page in enumerate(extract.pages[1:]):
                    source = full.pages[first - 1 + k]
                    assert page.obj.Contents.read_bytes() == source.obj.Contents.read_bytes()
                cover = PdfReader(path).pages[0].extract_text()
                last = first + len(extract.pages) - 2
                assert f"páginas {first} a {last} do PDF completo" in " ".join(cover.split())


def _slug(code: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", code.lower()).strip("-")


def test_extracts_are_tagged_pdf_ua_and_pass_the_checker(fresh):
    for path in _extracts(fresh):
        doc = Document(path)
        try:
            assert_structure(doc)
            headings = [e.kind for e in doc.root.walk() if re.fullmatch(r"H\d", e.kind)]
            assert headings[0] == "H1" and headings.count("H1") == 1 and "H3" in headings
        finally:
            doc.close()
        report = validate(str(path))
        assert [(f.rule_id, f.message) for f in report.findings] == [], path
        assert {o.rule_id for o in report.outcomes if o.skipped_reason} <= KNOWN_SKIPS


def test_masthead_keeps_the_gazette_name_on_one_line_with_the_year_and_coat_of_arms(fresh):
    pdf = fresh / "certames" / "ms-2024-pss" / "ms-2024-pss.pdf"
    text = PdfReader(pdf).pages[0].extract_text()
    assert "DIÁRIO OFICIAL DO ESTADO DE MATO GROSSO DO SUL" in text.splitlines()
    assert "| Ano 2024" in text  # MS gives no `ano`: the edition's calendar year
    assert "| Ano VIII" in PdfReader(fresh / "certames" / "lins-2024-gcm" / "lins-2024-gcm.pdf").pages[0].extract_text()
    shield = b"0.133333 0.666667 0.333333 rg"  # the fill of SHIELD (#2a5), drawn by WeasyPrint as vectors
    assert shield in _page_content(pdf, 0)
    assert shield not in _page_content(fresh / "certames" / "lins-2024-gcm" / "lins-2024-gcm.pdf", 0)  # no coat of
    # arms in content/ for Lins
    extract = fresh / "certames" / "ms-2024-pss" / "enf" / "ms-2024-pss-enf.pdf"
    # the extract's cover carries the same masthead: the coat of arms drawn once per exam by WeasyPrint and placed
    # on each directly drawn cover as a Form XObject, inside the masthead's artifact
    assert shield in _page_content(extract, 0, forms=True)
    assert re.search(rb"/Artifact BMC\n(?:(?!EMC).)*/Brasao Do", _page_content(extract, 0), re.S)


def _page_content(path: Path, index: int, forms: bool = False) -> bytes:
    """A page's content streams; with `forms`, followed by those of the Form XObjects it uses."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[index].obj
        contents = page.Contents
        out = b"".join(c.read_bytes() for c in (contents if isinstance(contents, pikepdf.Array) else [contents]))
        if forms:
            for _, xobject in page.Resources.get("/XObject", {}).items():
                if xobject.get("/Subtype") == "/Form":
                    out += b"\n" + xobject.read_bytes()
        return out


@pytest.mark.parametrize("name", ["Diário Oficial do Estado de Mato Grosso do Sul",
                                  "Diário Oficial Eletrônico do Município de São José dos Campos do Estado de São Paulo",
                                  "Imprensa Oficial - Lins"])
def test_masthead_name_never_breaks_inside_a_name_nor_after_a_particle(name):
    from generator.render.pdf.fonts import width
    from generator.render.pdf.layout import GEOMETRY

    set_ = masthead_name(name)
    assert " ".join(set_["lines"]) == " ".join(name.upper().split())
    assert all(width(line, "bold", set_["size"]) <= GEOMETRY.body_w for line in set_["lines"])
    for line in set_["lines"][:-1]:
        assert line.split()[-1] not in {"DE", "DO", "DA", "DOS", "DAS", "E"}


def test_closing_block_in_a_pdf_without_acts(tmp_path):
    """An exam declared with [publicacao] only (the national synthetic one) still closes with place/date and body."""
    from generator.render.pdf.document import build_pdf
    from generator.render.pdf.sample import exam_view
    from pdf_fakes import SHA, URL, views

    exam = exam_view()
    exam.pop("ato", None)
    out = tmp_path / "sem-atos.pdf"
    build_pdf(exam, views(), out, attachments=[], data_sha256=SHA, permanent_url=URL, workers=1)
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert f"{exam['publicacao']['data_extenso']}." in text and exam["orgao"].upper() in text.upper()


def test_coat_of_arms_convention_and_a_hostile_svg(tmp_path):
    exam = tmp_path / "certames" / "x"
    exam.mkdir(parents=True)
    rules = tmp_path / "jurisdicoes"
    rules.mkdir()
    assert coat_of_arms(exam, "lins", rules) == ""
    (rules / "lins.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 16)
    assert coat_of_arms(exam, "lins", rules).endswith("lins.png")
    (exam / "brasao.svg").write_text(SHIELD, encoding="utf-8")
    assert coat_of_arms(exam, "lins", rules).endswith("brasao.svg")  # the exam folder's entity first
    (exam / "brasao.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>')
    with pytest.raises(InputError, match="brasao.svg"):
        coat_of_arms(exam, "lins", rules)


# -- labels and links ------------------------------------------------------------------------------------------
def test_every_download_link_says_kind_and_size(fresh):
    page = (fresh / "certames" / "ms-2024-pss" / "prof-ai" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="baixar" href="([^"]+)">(.*?)</a>', page, re.S)
    kinds = {href.rsplit(".", 1)[-1] for href, _ in links}
    assert {"pdf", "csv", "json", "xlsx"} <= kinds
    folder = fresh / "certames" / "ms-2024-pss" / "prof-ai"
    for href, text in links:
        text = re.sub(r"<[^>]+>", "", text)
        assert LABEL.search(text), text
        assert downloads.label((folder / href).resolve(), _pages(folder / href)) in text
    exam_page = (fresh / "certames" / "ms-2024-pss" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="dados/ms-2024-pss-dados\.zip">[^<]*<span class="tamanho">\(ZIP, [\d,]+ kB\)', exam_page)
    pages = len(PdfReader(fresh / "certames" / "ms-2024-pss" / "ms-2024-pss.pdf").pages)
    assert re.search(rf'href="ms-2024-pss\.pdf">[^<]*<span class="tamanho">\(PDF, [\d,]+ kB, {pages} páginas\)',
                     exam_page)


def _pages(path: Path) -> int | None:
    return len(PdfReader(path).pages) if path.suffix == ".pdf" else None


def test_page_links_open_the_full_pdf_at_the_section(fresh):
    folder = fresh / "certames" / "ms-2024-pss"
    page = (folder / "enf" / "index.html").read_text(encoding="utf-8")
    with pikepdf.open(folder / "ms-2024-pss.pdf") as pdf, pdf.open_outline() as outline:
        enf = next(i for i in outline.root if i.title.startswith("ENF"))
        first = pdf.pages.index(pikepdf.Page(enf.destination[0])) + 1
        # the lists are annexes of the act: «Anexo I — Lista geral …» (issue 21 item 4)
        general = next(c for c in enf.children if c.title.split(" — ", 1)[-1].startswith("Lista geral"))
        general_page = pdf.pages.index(pikepdf.Page(general.destination[0])) + 1
    assert f'href="../ms-2024-pss.pdf#page={first}"' in page
    assert f'href="../ms-2024-pss.pdf#page={general_page}"' in page
    listing = (folder / "enf" / "geral" / "index.html").read_text(encoding="utf-8")
    assert f"ms-2024-pss.pdf#page={general_page}" in listing  # "Como citar" opens the list's page


# -- data files ------------------------------------------------------------------------------------------------
ITEMS = [{"classificacao": 1, "inscricao": "03024501", "nome": "=HYPERLINK(\"x\")", "nota": "85,50",
          "classificacao_geral": 1, "cpf": "529.982.247-25", "nascimento": "1911-11-11"},
         {"classificacao": 2, "inscricao": "0042", "nome": "Ana", "nota": "7,125", "classificacao_geral": None}]


def test_xlsx_keeps_leading_zeros_as_text_and_only_public_columns(tmp_path):
    path = tmp_path / "lista.xlsx"
    downloads.write_xlsx("lista", ITEMS, path, "Lista", datetime(2024, 7, 22, tzinfo=timezone.utc))
    sheet = openpyxl.load_workbook(path).active
    rows = [[c for c in row] for row in sheet.iter_rows()]
    assert [c.value for c in rows[0]] == ["Classificação", "Inscrição", "Nome", "Nota", "Classificação geral"]
    assert rows[1][1].value == "03024501" and rows[1][1].data_type == "s"
    assert sheet.column_dimensions["B"].number_format == "@"  # a number typed in the column stays text too
    assert rows[1][2].data_type == "s" and rows[1][2].value.startswith("=")  # text, never a formula
    assert rows[1][3].value == 85.5 and rows[1][3].number_format == "0.00"
    assert rows[2][3].number_format == "0.000"
    raw = b"".join(zipfile.ZipFile(path).read(n) for n in zipfile.ZipFile(path).namelist())
    assert b"529.982.247-25" not in raw and b"1911" not in raw


# Any text openpyxl takes (it refuses most control characters, lxml U+FFFE and U+FFFF; tab, line feed and carriage
# return it writes).
_REFUSED = "".join(map(chr, [*range(0, 9), 11, 12, *range(14, 32), 0xFFFE, 0xFFFF]))
_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_REFUSED), max_size=12) | \
    st.sampled_from(["", " ", "=SOMA(A1)", "=", "#N/A", "-1,5", "Ação & <b>", "03024501", "\u00a0x", "😀", "a\tb\r\n",
                     "x" * 32768])
_NOTA = st.sampled_from(["85,50", "7,125", "10", "1.000,5", "0,0001", "", "abc", "NaN", "1E3", "-2,5"]) | _TEXT
_INT = st.none() | st.integers(-10**20, 10**20)
_ITEMS = {
    "lista": st.fixed_dictionaries({"classificacao": _INT, "inscricao": _TEXT, "nome": _TEXT, "nota": _NOTA,
                                    "classificacao_geral": _INT}),
    "nomeacao": st.fixed_dictionaries({"posicao": _INT, "vaga": _TEXT, "inscricao": _TEXT, "nome": _TEXT,
                                       "classificacao_geral": _INT, "cadastro_reserva": st.booleans(),
                                       "fundamento": _TEXT | st.fixed_dictionaries({"texto": _TEXT})}),
}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), kind=st.sampled_from(sorted(_ITEMS)))
def test_xlsx_rows_written_by_gazeta_are_the_bytes_openpyxl_writes(tmp_path, data, kind):
    """write_xlsx serializes the rows itself and splices them into openpyxl's sheet: the file must be the one
    openpyxl writes row by row (`splice=False`), whatever the values (a value it does not handle falls back to
    openpyxl)."""
    items = data.draw(st.lists(_ITEMS[kind], max_size=12))
    moment = datetime(2024, 7, 22, 12, 30, tzinfo=timezone.utc)
    for splice in (True, False):
        downloads.write_xlsx(kind, items, tmp_path / f"{splice}.xlsx", "Lista", moment, splice=splice)
    assert (tmp_path / "True.xlsx").read_bytes() == (tmp_path / "False.xlsx").read_bytes()


def test_xlsx_plain_rows_do_not_go_through_openpyxl_cells(tmp_path, monkeypatch):
    """The fast path is taken for ordinary lists (else the comparison above would compare openpyxl with itself)."""
    def refuse(*args):
        raise AssertionError("linha escrita pelo openpyxl")

    items = ITEMS[1:] + [{**ITEMS[1], "nome": "=SOMA(A1)", "nota": "1.000,5"},
                         {**ITEMS[1], "nome": " Ação & <b> 😀\u00a0", "nota": "0,0001"}]
    moment = datetime(2024, 7, 22, tzinfo=timezone.utc)
    downloads.write_xlsx("lista", items, tmp_path / "openpyxl.xlsx", "Lista", moment, splice=False)
    monkeypatch.setattr(downloads, "_openpyxl_cell", refuse)
    downloads.write_xlsx("lista", items, tmp_path / "l.xlsx", "Lista", moment)
    rows = list(openpyxl.load_workbook(tmp_path / "l.xlsx").active.values)
    assert rows[1:3] == [(2, "0042", "Ana", 7.125, None), (2, "0042", "=SOMA(A1)", 1000.5, None)]
    assert (tmp_path / "l.xlsx").read_bytes() == (tmp_path / "openpyxl.xlsx").read_bytes()


def test_xlsx_and_zip_bytes_do_not_depend_on_the_clock(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    moment = downloads.epoch()
    digests = []
    for run in range(2):
        out = tmp_path / str(run)
        out.mkdir()
        downloads.write_xlsx("lista", ITEMS, out / "l.xlsx", "Lista", moment)
        (out / "a.csv").write_text("x\r\n", encoding="utf-8")
        downloads.write_zip([out / "l.xlsx", out / "a.csv"], out / "d.zip", moment, "certame")
        digests.append([hashlib.sha256((out / n).read_bytes()).hexdigest() for n in ("l.xlsx", "d.zip")])
        time.sleep(2.1)  # the zip format keeps seconds in steps of two: let the clock move past one
    assert digests[0] == digests[1]
    with zipfile.ZipFile(tmp_path / "0" / "d.zip") as bundle:
        assert bundle.namelist() == ["certame/a.csv", "certame/l.xlsx"]
        assert {i.date_time for i in bundle.infolist()} == {(2024, 6, 10, 6, 13, 20)}
    with zipfile.ZipFile(tmp_path / "0" / "l.xlsx") as book:
        assert b"2024-06-10T06:13:20Z</dcterms:modified>" in book.read("docProps/core.xml")


def test_zip_is_the_data_package_and_sums_cover_every_download(fresh):
    dados = fresh / "certames" / "cariacica-2023-concurso" / "dados"
    bundle = dados / "cariacica-2023-concurso-dados.zip"
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        assert names == sorted(names) and "cariacica-2023-concurso/datapackage.json" in names
        for name in names:
            assert archive.read(name) == (dados / name.split("/", 1)[1]).read_bytes()
    sums = dict(reversed(line.split("  ")) for line in (dados / "SHA256SUMS").read_text().splitlines())
    listed = {p.name for p in dados.iterdir() if p.name != "SHA256SUMS"}
    assert set(sums) == listed and any(n.endswith(".xlsx") for n in listed) and bundle.name in listed
    for name, digest in sums.items():
        assert hashlib.sha256((dados / name).read_bytes()).hexdigest() == digest


def test_extracts_do_not_depend_on_how_many_processes_make_them(fresh, tmp_path):
    from generator.render.pdf import extract as pdf_extract

    full = fresh / "certames" / "lins-2024-gcm" / "lins-2024-gcm.pdf"
    with pikepdf.open(full) as pdf, pdf.open_outline() as outline:
        items = list(outline.root)[1:]  # the first bookmark is the act's own text (issue 21 item 4)
        starts = [pdf.pages.index(pikepdf.Page(i.destination[0])) + 1 for i in items]
        ends = [s - 1 for s in starts[1:]] + [len(pdf.pages)]
        ranges = {(i.title.split(" — ")[0], "cargo"): (a, b) for i, a, b in zip(items, starts, ends)}
    cargos = pdf_extract.cargos_of([{"codigo": c, "nome": c} for c, _ in ranges], ranges)
    from generator.render.pdf.sample import exam_view

    exam = exam_view()
    made = {}
    for workers in (1, 2):
        out = tmp_path / str(workers)
        made[workers] = pdf_extract.extract_all(full, exam, cargos, ranges, out, url="", data_sha256="",
                                                pdf_href=full.name, workers=workers)
    assert made[1] == made[2] and len(made[1]) == len(cargos) == 3
    for info in made[1].values():
        assert (tmp_path / "1" / info["href"]).read_bytes() == (tmp_path / "2" / info["href"]).read_bytes()


def test_extracts_tagged_from_events_do_not_depend_on_how_many_each_process_makes(tmp_path, monkeypatch):
    """Extracts tagged from the body's events are made a share of the cargos per forked process (forking a national
    parent once per cargo cost 9 s): the bytes are those of one process making them all, or one per cargo."""
    from generator.pipeline import exam_dirs, prepare
    from generator.public import exam_view, iter_position_views
    from generator.render.pdf import extract as pdf_extract
    from generator.render.pdf.document import build_pdf
    from pdf_fakes import SHA, URL

    folder = next(e for e in exam_dirs(CONTENT) if e.name == "lins-2024-gcm")
    result = prepare(folder)
    view = exam_view(result)
    full = tmp_path / "lins.pdf"
    info = build_pdf(view, iter_position_views(result), full, attachments=[], data_sha256=SHA,
                     permanent_url=URL, workers=1)
    cargos = pdf_extract.cargos_of(view["cargos"], info["ranges"])
    assert len(cargos) == 3
    shares = []
    real = pdf_extract.each_forked
    monkeypatch.setattr(pdf_extract, "each_forked", lambda *a, **k: shares.append(k["per_process"]) or real(*a, **k))
    made = {}
    for workers, split in ((1, 4), (2, 4), (2, 0.75), (2, 0.5)):  # shares of 1 (3 cargos, 8 processes), 2 and 3
        monkeypatch.setattr(pdf_extract, "SHARES", split)
        out = tmp_path / f"{workers}-{split}"
        found = pdf_extract.extract_all(full, view, cargos, info["ranges"], out, url=URL, data_sha256=SHA,
                                        pdf_href=full.name, workers=workers, structure=info["structure"])
        made[workers, split] = (found, {code: (out / e["href"]).read_bytes() for code, e in found.items()})
    assert shares[1:] == [1, 2, 3]
    assert all(value == made[1, 4] for value in made.values()) and len(made[1, 4][1]) == 3


def test_cover_with_the_shared_parsed_stylesheet_is_the_cover_with_it_inline(tmp_path):
    """Covers take the gazette CSS parsed once (pdf_extract._cover_style, cascade origin "user"): the PDF must be
    the one WeasyPrint makes from the same CSS written in the page's <style> (origin "author"), as before."""
    from weasyprint import HTML

    from generator.render.pdf import extract as pdf_extract
    from generator.render.pdf.document import PDF_VARIANTS, _created, _subject, _title
    from generator.render.pdf.html import environment, masthead, stylesheet, verification_text
    from generator.render.pdf.sample import exam_view

    exam = exam_view()
    cargo = pdf_extract.Cargo("GCM", "Guarda Civil Municipal", "gcm", 3, 9)
    full = tmp_path / "completo.pdf"
    covers = [pdf_extract._cover(exam, cargo, full, 12, "a" * 64, "https://x.gov.br/", "b" * 64,
                                 tmp_path / f"capa-{k}.pdf").read_bytes() for k in range(2)]
    assert covers[0] == covers[1]  # the second one reuses the parsed stylesheet
    css = stylesheet(exam, verification_text("b" * 64, "https://x.gov.br/"), '"Extrato — capa"')
    html = environment().get_template("pdf/extract.html").render(
        exam=exam, meta={"title": f"Extrato — GCM — Guarda Civil Municipal — {_title(exam)}",
                         "subject": _subject(exam), "created": _created(exam).strftime("%Y-%m-%dT%H:%M:%SZ")},
        cargo=cargo, full={"name": full.name, "pages": 12, "sha256": "a" * 64, "url": "https://x.gov.br/completo.pdf"},
        **masthead(exam))
    inline = html.replace("</head>", f"<style>{css}\n{pdf_extract._COVER_PAGE}</style>\n</head>", 1)
    HTML(string=inline, base_url=str(tmp_path)).render().write_pdf(
        tmp_path / "inline.pdf", pdf_variant=PDF_VARIANTS[True], custom_metadata=True, output_intent="")
    assert (tmp_path / "inline.pdf").read_bytes() == covers[0]


def _lins_extracts(fresh, tmp_path, exam, *, site_url="", names=None):
    """extract_all on the Lins example's full PDF, with `exam` as the act's view (cargo names from `names`)."""
    from generator.render.pdf import extract as pdf_extract

    full = fresh / "certames" / "lins-2024-gcm" / "lins-2024-gcm.pdf"
    with pikepdf.open(full) as pdf, pdf.open_outline() as outline:
        items = list(outline.root)[1:]
        starts = [pdf.pages.index(pikepdf.Page(i.destination[0])) + 1 for i in items]
        ends = [s - 1 for s in starts[1:]] + [len(pdf.pages)]
        ranges = {(i.title.split(" — ")[0], "cargo"): (a, b) for i, a, b in zip(items, starts, ends)}
    cargos = pdf_extract.cargos_of([{"codigo": c, "nome": (names or {}).get(c, c)} for c, _ in ranges], ranges)
    more = {"site_url": site_url} if site_url else {}
    made = pdf_extract.extract_all(full, exam, cargos, ranges, tmp_path, url="https://x.gov.br/ato/",
                                   data_sha256="b" * 64, pdf_href=full.name, workers=1, **more)
    return [tmp_path / info["href"] for info in made.values()]


def _weasyprint_renders(monkeypatch) -> list:
    """Every WeasyPrint document rendered from now on (one entry each)."""
    import weasyprint

    renders, real = [], weasyprint.HTML.render
    monkeypatch.setattr(weasyprint.HTML, "render", lambda self, *a, **k: renders.append(1) or real(self, *a, **k))
    return renders


def test_extract_covers_are_drawn_without_a_weasyprint_render_per_cargo(fresh, tmp_path, monkeypatch):
    """Issue 20 item 2: the covers were one WeasyPrint document per cargo (201 at national scale, plus a warm-up);
    now they are drawn directly, and the coat of arms, when there is one, is the only WeasyPrint render, once per
    exam. The covers still pass the PDF/UA checker and print what they printed."""
    from generator.render.pdf.sample import exam_view

    renders = _weasyprint_renders(monkeypatch)
    paths = _lins_extracts(fresh, tmp_path / "sem", exam_view())
    assert len(paths) == 3 and renders == []
    arms = tmp_path / "brasao.svg"
    arms.write_text(SHIELD, encoding="utf-8")
    with_arms = _lins_extracts(fresh, tmp_path / "com", {**exam_view(), "brasao": str(arms)})
    assert len(with_arms) == 3 and len(renders) == 1
    assert b"0.133333 0.666667 0.333333 rg" in _page_content(with_arms[0], 0, forms=True)
    for path in paths + with_arms:
        cover = " ".join(PdfReader(path).pages[0].extract_text().split())
        for said in ("IMPRENSA OFICIAL - MATO GROSSO DO SUL", "Publicado em 10 de junho de 2024 | Edição nº 11.520 | "
                     "Ano XLVI", "Entidade: Poder Executivo | Seção: Atos Oficiais | Subseção: Concursos Públicos",
                     "Extrato: GCM — GCM", "sem alteração e com a mesma numeração",
                     "PDF completo: https://x.gov.br/ato/lins-2024-gcm.pdf. SHA-256 do PDF completo:",
                     "Campo Grande, 10 de junho de 2024.", "MARIA DA SILVA Secretária de Estado de Administração",
                     f"SHA-256 dos dados abertos anexados ao PDF do ato (pacote datapackage.json): {'b' * 64}",
                     "Extrato — capa"):
            assert said in cover or said.replace("GCM — GCM", "AGA — AGA") in cover \
                or said.replace("GCM — GCM", "PEB — PEB") in cover, (path, said, cover)
        report = validate(str(path))
        assert [(f.rule_id, f.message) for f in report.findings] == [], path
        with pikepdf.open(path) as pdf:  # the link to the full PDF, tagged and described
            (annot,) = pdf.pages[0].obj.Annots
            assert str(annot.A.URI) == "https://x.gov.br/ato/lins-2024-gcm.pdf"
            assert str(annot.Contents) == "Abrir https://x.gov.br/ato/lins-2024-gcm.pdf"
        doc = Document(path)
        try:
            assert_structure(doc)
        finally:
            doc.close()


def test_extract_cover_prints_the_acts_verification_code_like_its_other_pages(fresh, tmp_path):
    """Issue 21 item 4: every page of an act's PDF prints the act's verification code and its page. The copied
    pages did; the cover printed only the data's hash and the permanent address."""
    from generator.render.site import verification
    from generator.render.pdf.sample import exam_view

    exam = exam_view()
    code = verification.code(exam)
    for path in _lins_extracts(fresh, tmp_path, exam, site_url="https://x.gov.br"):
        cover = " ".join(PdfReader(path).pages[0].extract_text().split())
        assert f"Código de verificação {code}: confira o SHA-256, a assinatura e a edição deste PDF em " \
               f"https://x.gov.br/verificar/{code}/" in cover


def test_extract_cover_with_text_that_needs_shaping_is_left_to_weasyprint(fresh, tmp_path, monkeypatch):
    """A cargo name in a right-to-left script cannot be drawn glyph by glyph (pdf_direct.needs_shaping): that
    exam's covers are rendered by WeasyPrint, as before, and still pass the checker."""
    from generator.render.pdf.sample import exam_view

    renders = _weasyprint_renders(monkeypatch)
    paths = _lins_extracts(fresh, tmp_path, exam_view(), names={"AGA": "אגף"})
    assert len(renders) >= 3
    for path in paths:
        assert [(f.rule_id, f.message) for f in validate(str(path)).findings] == [], path


FILES = st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d", "e"]),
                           st.one_of(st.binary(max_size=3000), st.text(max_size=3000).map(str.encode))),
                 min_size=1, max_size=5, unique_by=lambda f: f[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=FILES, changed=st.sets(st.sampled_from(["a", "b", "c", "d", "e"])))
def test_the_zip_with_kept_deflate_streams_is_byte_for_byte_zipfiles(tmp_path_factory, files, changed):
    """Issue 20: downloads.write_zip keeps each file's deflate stream (by its SHA-256) for the next build, which
    copies the stream of a file it zipped already instead of deflating it again. Either way the zip is the one
    zipfile writes (`_write_zip`), entry for entry and byte for byte; a changed file is deflated again."""
    base = tmp_path_factory.mktemp("zip")
    moment = datetime(2024, 10, 8, 13, 47, 31, tzinfo=timezone.utc)

    def write(folder: Path, contents: dict[str, bytes]) -> list[Path]:
        folder.mkdir()
        for name, data in contents.items():
            (folder / f"{name}.csv").write_bytes(data)
        return sorted(folder.iterdir())

    def sums(paths):
        return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}

    first = write(base / "um", dict(files))
    expected = downloads._write_zip(first, base / "zipfile.zip", moment, "x").read_bytes()
    kept = downloads.Deflated(None, base / "cache-1")
    assert downloads.write_zip(first, base / "um.zip", moment, "x", digests=sums(first),
                               deflated=kept).read_bytes() == expected
    later = {name: (data + b"!" if name in changed else data) for name, data in files}
    second = write(base / "dois", later)
    deflates, real = [], downloads._deflate
    downloads._deflate = lambda path, *rest: deflates.append(path.stem) or real(path, *rest)
    try:
        again = downloads.write_zip(second, base / "dois.zip", moment, "x", digests=sums(second),
                                    deflated=downloads.Deflated(base / "cache-1", base / "cache-2"))
    finally:
        downloads._deflate = real
    assert again.read_bytes() == downloads._write_zip(second, base / "ref.zip", moment, "x").read_bytes()
    known, fresh = {data for _, data in files}, []  # a content zipped before, or just now, is not deflated again
    for name in sorted(later):
        if later[name] not in known:
            known.add(later[name])
            fresh.append(name)
    assert sorted(deflates) == fresh
    with zipfile.ZipFile(again) as archive:
        assert archive.testzip() is None
        assert {i.filename: archive.read(i) for i in archive.infolist()} == \
            {f"x/{n}.csv": d for n, d in later.items()}


def _tree(path: Path) -> list:
    """An extract's structure tree as plain data: each element's kind, its /ID, /Alt, /A and the ID of the note a
    /Ref names, and its kids (elements, or the text of the marked content with its page), so two files that differ
    only in object numbering and order compare equal."""
    doc = Document(path)
    try:
        ids = {e.obj.objgen: str(e.obj.ID) for e in doc.root.walk() if "/ID" in e.obj}

        def plain(element) -> list:
            obj = element.obj
            extra = [str(obj.get(k)) if k != "/Ref" else [ids.get(r.objgen) for r in obj.Ref]
                     for k in ("/ID", "/Alt", "/A", "/Ref") if k in obj] if element.kind != "StructTreeRoot" else []
            kids = [plain(k) if not isinstance(k, tuple) else [k[0], doc.marks.get(k, "")] for k in element.kids]
            return [element.kind, extra, kids]

        return plain(doc.root)
    finally:
        doc.close()


@pytest.mark.parametrize("tables", [True, False], ids=["tabelas", "listas"])
@pytest.mark.parametrize("name", ["lins-2024-gcm", "ms-2024-pss", "cariacica-2023-concurso"])
def test_extracts_tagged_from_the_drawing_events_have_the_tree_copied_out_of_the_full_pdf(
        tmp_path, monkeypatch, name, tables):
    """Issue 20 item 2: an extract of a PDF drawn in this build is tagged from its pages' structure events by the
    full PDF's own BodyTree, and nothing of the full file's tree is read (its reader fails if called). The tree is
    the one the qpdf copy of the cargo's Sect gives, element for element, with the notes' IDs and references, as
    tables and, at national scale (render/pdf/tags.fits_tables), as lists."""
    from generator.pipeline import exam_dirs, prepare
    from generator.public import exam_view, iter_position_views
    from generator.render.pdf import extract as pdf_extract
    from generator.render.pdf import tags
    from generator.render.pdf.document import build_pdf
    from pdf_fakes import SHA, URL

    if not tables:
        monkeypatch.setattr(tags, "TABLE_BUDGET", 0)
    folder = next(e for e in exam_dirs(CONTENT) if e.name == name)
    result = prepare(folder)
    view = exam_view(result)
    full = tmp_path / f"{name}.pdf"
    info = build_pdf(view, iter_position_views(result), full, attachments=[], data_sha256=SHA,
                     permanent_url=URL, workers=1)
    structure = info["structure"]
    assert structure.tables is tables
    cargos = pdf_extract.cargos_of(view["cargos"], info["ranges"])
    common = dict(url=URL, data_sha256=SHA, pdf_href=full.name, workers=1)
    copied = pdf_extract.extract_all(full, view, cargos, info["ranges"], tmp_path / "copia", **common)
    with monkeypatch.context() as patched:
        patched.setattr(pdf_extract._Finder, "__init__", lambda *a: pytest.fail("a árvore do PDF completo foi lida"))
        drawn = pdf_extract.extract_all(full, view, cargos, info["ranges"], tmp_path / "eventos",
                                        structure=structure, **common)
    assert drawn == copied and len(drawn) == len(cargos) > 0
    notes = 0
    for extract in drawn.values():
        made, reference = tmp_path / "eventos" / extract["href"], tmp_path / "copia" / extract["href"]
        assert made.read_bytes() != reference.read_bytes()  # the other path, really
        tree = _tree(made)
        assert tree == _tree(reference)
        notes += json.dumps(tree).count('"Reference"')
        report = validate(str(made))
        assert [(f.rule_id, f.message) for f in report.findings] == [], made
    assert notes or name != "lins-2024-gcm"  # Lins' nomination order cites its notes
