"""Gazette PDF: pagination, printed page numbers, bookmarks, PDF/A-3 metadata, attachments, reproducibility, edge cases."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pypdf
import pytest
from hypothesis import given, settings, strategies as st

from generator.render.pdf.document import build_pdf
from generator.render.pdf.sample import exam_view, position_view
from pdf_fakes import LONG, SHA, URL, attachments, views

def build(folder: Path, name: str = "gazeta.pdf", **options) -> tuple[Path, dict]:
    out = folder / name
    result = build_pdf(exam_view(), views(), out, attachments=attachments(folder), data_sha256=SHA,
                       permanent_url=URL, **{"workers": 1, **options})
    return out, result


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, dict, list[str]]:
    folder = tmp_path_factory.mktemp("pdf")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", "1718000000")
        path, result = build(folder)
    texts = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    return path, result, texts


def test_page_count_matches_the_printed_total(built):
    path, result, texts = built
    assert result["pages"] == len(texts) == len(pikepdf.open(path).pages)
    for number, text in enumerate(texts, start=1):
        assert f"Página {number} de {len(texts)}" in text


def test_ranges_point_at_the_pages_that_print_them(built):
    _, result, texts = built
    ranges = result["ranges"]
    assert {("ADM", "geral"), ("ADM", "nomeacao"), ("ADM", "comissao"), ("MED", "geral"), ("ENG", "pcd")} <= set(ranges)
    for (code, key), (first, last) in ranges.items():
        assert 1 < first <= last <= result["pages"]
    first, _ = ranges[("ADM", "cargo")]
    assert "ADM — Analista" in texts[first - 1]
    first, _ = ranges[("ENG", "pcd")]
    assert "Lista específica — pessoas com deficiência" in texts[first - 1]
    # The site's nomination page shows the cadastro de reserva too: its range runs to the cadastro's end.
    assert ranges[("ADM", "nomeacao")][1] == ranges[("ADM", "cadastro_reserva")][1]
    assert ranges[("ADM", "nomeacao")][0] <= ranges[("ADM", "cadastro_reserva")][0]


def test_masthead_and_verification_line(built):
    _, _, texts = built
    front = texts[0]
    assert "IMPRENSA OFICIAL - MATO GROSSO DO SUL" in front
    assert "Publicado em 10 de junho de 2024 | Edição nº 11.520 | Ano XLVI" in front
    assert "Entidade: Poder Executivo | Seção: Atos Oficiais | Subseção: Concursos Públicos" in front
    for text in texts:
        assert SHA in text and URL in text


def test_table_of_contents_prints_the_range_start(built):
    _, result, texts = built
    first, _ = result["ranges"][("MED", "cargo")]
    assert re.search(rf"MED — Médico — clínica geral[ .]*{first}\b", "\n".join(texts[:result["front_pages"]]))


def test_bookmarks_per_cargo_and_list(built):
    path, result, _ = built
    with pikepdf.open(path) as pdf, pdf.open_outline() as outline:
        cargos = [item.title for item in outline.root]
        children = [child.title.split(" — ", 1)[1] for child in outline.root[1].children]
    # the act's text (notes and signatures) first; then each cargo with its annexes (issue 21 item 4)
    assert cargos == ["Edital de Resultado Final nº 12/2024", "ADM — Analista — especialidade ADM", "MED — Médico — clínica geral",
                      "ENG — Analista — especialidade ENG"]
    assert children[0] == "Lista geral" and "Ordem de nomeação (vagas do edital)" in children
    assert "Resultados das comissões (após recursos)" in children


def test_attachments_round_trip_to_the_same_bytes(built, tmp_path):
    path, _, _ = built
    expected = {p.name: p.read_bytes() for p in attachments(tmp_path)}
    with pikepdf.open(path) as pdf:
        files = pdf.attachments
        assert sorted(files) == sorted(expected)
        for name, spec in files.items():
            assert spec.get_file().read_bytes() == expected[name]
            assert spec.obj.AFRelationship == pikepdf.Name.Data
        assert len(pdf.Root.AF) == len(expected)


def test_pdfa_identification_and_metadata(built):
    path, _, _ = built
    with pikepdf.open(path) as pdf:
        meta = pdf.open_metadata()
        assert meta["pdfaid:part"] == "3" and meta["pdfaid:conformance"] == "A"  # tagged: PDF/A-3a (pdf_tags)
        assert meta["pdfuaid:part"] == "1"
        assert str(pdf.Root.Lang) == "pt-BR"
        intent = pdf.Root.OutputIntents[0]
        assert intent.S == pikepdf.Name.GTS_PDFA1 and "/DestOutputProfile" in intent
        assert str(pdf.docinfo.Author) == "Secretaria de Estado de Administração"
        # the published act first (issue 8: the act has its own identity), then the exam
        assert str(pdf.docinfo.Title).startswith("Edital de Resultado Final nº 12/2024: Concurso Público nº 01/2024")
        assert "ordem de nomeação" in str(pdf.docinfo.Subject)
        assert len(pdf.trailer.ID) == 2 and not pdf.is_encrypted
        assert pdf.check_pdf_syntax() == []  # qpdf reads every object and stream without complaint
        for page in pdf.pages:  # PDF/A: every font embedded
            for font in page.Resources.Font.values():
                descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                assert "/FontFile2" in descendant.FontDescriptor or "/FontFile3" in descendant.FontDescriptor


def test_edge_cases_render_as_text(built):
    _, _, texts = built
    body = "\n".join(texts)
    flat = " ".join(body.split())  # names wrap under themselves: compare without line breaks
    assert '<script>alert("x")</script> O\'Brien "Aspas" REVERSO' in flat
    assert "\u202e" not in body  # a bidi override would reverse the printed line
    assert LONG.split()[-1] in flat and "CAVALCANTI" in flat
    assert body.count("X") >= 140
    assert "Não houve candidatos aprovados." in body
    assert "Vagas: 1 · Vagas reservadas — nenhuma" in body


def test_same_input_same_bytes_whatever_the_workers(built, tmp_path, monkeypatch):
    path, _, _ = built
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    again, _ = build(tmp_path, workers=2)
    assert again.read_bytes() == path.read_bytes()


def test_direct_drawing_matches_the_html_templates(built, tmp_path, monkeypatch):
    """The fast body renderer prints the same text, page by page, as the WeasyPrint templates."""
    path, result, texts = built
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    html, html_result = build(tmp_path, engine="html")
    assert html_result["ranges"] == result["ranges"]
    html_texts = [page.extract_text() for page in pypdf.PdfReader(html).pages]
    assert len(html_texts) == len(texts)
    for ours, theirs in zip(texts, html_texts):  # same words; drawing order and line grouping may differ
        assert sorted(ours.split()) == sorted(theirs.split())


def test_right_to_left_names_go_through_weasyprint(tmp_path):
    view = position_view("RTL", 20, 2)
    view["listas"][0]["entradas"][0]["nome"] = "שרה כהן"
    out = tmp_path / "rtl.pdf"
    result = build_pdf(exam_view(), [view], out, attachments=[], data_sha256=SHA, permanent_url="", workers=1)
    assert result["pages"] == len(pypdf.PdfReader(out).pages)
    with pikepdf.open(out) as pdf:
        producers = {str(f.BaseFont).split("+")[-1] for p in pdf.pages[1:] for f in p.Resources.Font.values()}
    assert any("Gazeta" in name for name in producers)  # the @font-face faces WeasyPrint embeds



def test_font_widths_match_the_embedded_programs(built):
    """PDF/A (ISO 19005-3, 6.2.11.5): the widths a font dictionary declares are those of its embedded program."""
    import io

    from fontTools.ttLib import TTFont

    path, _, _ = built
    with pikepdf.open(path) as pdf:
        fonts = {f.objgen: f for page in pdf.pages for f in page.Resources.Font.values()}
        checked = 0
        for font in fonts.values():
            cid = font.DescendantFonts[0]
            program = TTFont(io.BytesIO(cid.FontDescriptor.FontFile2.read_bytes()))
            scale = 1000 / program["head"].unitsPerEm
            order = program.getGlyphOrder()
            w = list(cid.get("/W", []))
            for i in range(0, len(w), 2):
                start, values = int(w[i]), w[i + 1]
                if not isinstance(values, pikepdf.Array):  # c_first c_last w form
                    continue
                for gid, declared in enumerate(values, start=start):
                    assert abs(float(declared) - program["hmtx"][order[gid]][0] * scale) <= 1
                    checked += 1
    assert checked > 50


def test_xmp_agrees_with_the_document_information(built):
    path, _, _ = built
    with pikepdf.open(path) as pdf:
        meta = pdf.open_metadata()
        assert meta["dc:title"] == str(pdf.docinfo.Title)
        assert str(pdf.docinfo.Author) in str(meta["dc:creator"])


def test_text_the_fonts_cannot_draw_goes_to_weasyprint():
    from generator.render.pdf.direct import needs_shaping

    assert not needs_shaping("JOSÉ DA CONCEIÇÃO Ñ ß Ø")
    assert needs_shaping("שרה כהן")  # right to left
    assert needs_shaping("A\u0301\u0327")  # combining marks left after NFC
    assert needs_shaping("王秀英")  # not in DejaVu: WeasyPrint looks for a fallback font


_LINE = st.text(st.sampled_from("ABCÇÉãõ ß-.0\t\x01\u0301\u05e9\u0627王Ø"), max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(st.tuples(st.sampled_from("tThHbnperesg"), _LINE), max_size=6),
                          st.lists(_LINE, max_size=2), _LINE), min_size=1, max_size=3))
def test_a_chunk_needs_shaping_when_one_of_its_lines_does(pages):
    """Chars (a chunk's texts by face, asked once per face) answers what needs_shaping of every line answers,
    ASCII lines with characters the font lacks included; and the characters it lists are every line's."""
    from generator.render.pdf.direct import LINE_FACE, Chars, needs_shaping
    from generator.render.pdf.layout import Page

    built = [Page(heading or None, summary, 60, cols=[lines, lines[::-1]]) for lines, heading, summary in pages]
    lines = [(LINE_FACE[cls], text) for page in built for col in page.cols for cls, text in col]
    lines += [("bold", t) for page in built for t in page.heading or []] + [("regular", p.summary) for p in built]
    chars = Chars(built)
    assert chars.need_shaping() == any(needs_shaping(text, face) for face, text in lines)
    expected = {face: set() for face in chars.used()}
    for face, text in lines:
        expected[face].update(text)
    assert chars.used() == expected


def test_table_of_contents_links_to_the_pages(built):
    path, result, _ = built
    with pikepdf.open(path) as pdf:
        targets = [pikepdf.Page(annot.Dest[0]).index + 1 for page in pdf.pages[:result["front_pages"]]
                   for annot in page.get("/Annots", []) if "/Dest" in annot]
        uris = [str(annot.A.URI) for page in pdf.pages for annot in page.get("/Annots", []) if "/A" in annot]
    assert result["ranges"][("MED", "cargo")][0] in targets and uris == []
    assert len(targets) == len(result["ranges"])  # one table-of-contents entry per cargo and section


def test_a_cargo_nobody_passed_and_an_exam_without_cargos(tmp_path):
    view = position_view("VAZ", 0, 3)
    view["comissao"] = {"resultados": [], "contagens": {}}
    out = tmp_path / "vazio.pdf"
    result = build_pdf(exam_view(), [view], out, attachments=[], data_sha256=SHA, permanent_url="", workers=1)
    body = " ".join(pypdf.PdfReader(out).pages[1].extract_text().split())
    assert body.count("Não houve candidatos aprovados.") == 4 and "Não há nomeações nesta ordem." in body
    assert result["ranges"][("VAZ", "nomeacao")] == (2, 2)
    none = build_pdf(exam_view(), [], tmp_path / "nada.pdf", attachments=[], data_sha256=SHA, permanent_url="")
    assert none["pages"] == 1 and none["ranges"] == {}


def _index_of(cargos: int):
    """The typesetter of `cargos` small cargos (every list present): its entries and annexes, as the front sees them."""
    from generator.render.pdf.layout import Typesetter
    from generator.render.pdf.sample import position_views

    setter = Typesetter(lambda page: None)
    for view in position_views(cargos * 40, cargos, vacancies=cargos * 4, seed=5):
        setter.position(view)
    setter.finish()
    return setter


def _front_passes(monkeypatch, setter, tmp_path, guess=None):
    """Render the front matter of `setter`'s index; return its page count, the page counts of every WeasyPrint
    pass that laid out the index (the probe without it is not one), and the file's pages."""
    import weasyprint

    from generator.render.pdf import document
    from generator.render.pdf.html import verification_text

    passes, render, html, last = [], weasyprint.HTML.render, document.front_html, [False]

    def front_html(exam, meta, toc, *args, **kwargs):
        last[0] = bool(toc)
        return html(exam, meta, toc, *args, **kwargs)

    def counted(self, *args, **kwargs):
        done = render(self, *args, **kwargs)
        if last[0]:
            passes.append(len(done.pages))
        return done

    monkeypatch.setattr(document, "front_html", front_html)
    monkeypatch.setattr(weasyprint.HTML, "render", counted)
    if guess is not None:
        monkeypatch.setattr(document, "_front_guess", lambda *args: guess)
    view = exam_view(cargos=len(setter.entries))
    tmp_path.mkdir(exist_ok=True)
    path, pages = document._render_front(view, setter, 900, verification_text(SHA, URL), URL,
                                         document._created(view), tmp_path, True, "")
    return pages, passes, len(pikepdf.open(path).pages)


def test_a_long_index_is_laid_out_once(monkeypatch, tmp_path):
    """Issue 20: the front matter's index of 100 cargos (~600 entries, several pages) is laid out by WeasyPrint
    once, not once per guess of its own length (each pass over 200 cargos' index costs seconds): the guess is made
    from where the act ends and from the entries wrapped with our own font metrics."""
    setter = _index_of(100)
    pages, passes, written = _front_passes(monkeypatch, setter, tmp_path)
    assert pages == written > 3
    assert passes == [pages], f"o índice foi diagramado {len(passes)} vezes: {passes}"


def test_a_wrong_guess_costs_a_pass_never_a_wrong_page_number(monkeypatch, tmp_path):
    setter = _index_of(25)
    right, _, _ = _front_passes(monkeypatch, setter, tmp_path / "a")
    monkeypatch.undo()
    pages, passes, written = _front_passes(monkeypatch, setter, tmp_path / "b", guess=right + 1)
    assert pages == written == right and passes == [right, right]
