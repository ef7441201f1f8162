"""A gazette journalists can verify (issue 21 item 4): every page of an act's PDF prints the act's verification code
and the address of its verification page, which resolves the code to the PDF's SHA-256, signature and edition."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pypdf
import pytest

from generator.render.site import verification
from generator.render.pdf.document import build_pdf
from generator.render.pdf.sample import exam_view
from pdf_fakes import SHA, URL, attachments, views

SITE = "https://concursos.exemplo.gov.br/"


def test_the_code_is_the_acts_own_short_and_stable():
    urn = "urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-14;12.2024"
    code = verification.code_of_urn(urn)
    assert re.fullmatch(r"\d{4}-\d{4}-\d{4}", code)
    assert verification.code_of_urn(urn) == code  # no salt, no clock: the same act, the same code
    assert verification.code_of_urn(urn + ";retificacao.1") != code  # a retificação is another act
    assert verification.page_url(SITE, code) == f"https://concursos.exemplo.gov.br/verificar/{code}/"
    assert verification.page_url("", code) == ""


def test_every_page_prints_the_code_its_page_and_says_whose_hash_it_prints(tmp_path):
    exam = exam_view()
    out = tmp_path / "ato.pdf"
    build_pdf(exam, views(), out, attachments=attachments(tmp_path), data_sha256=SHA, permanent_url=URL,
              site_url=SITE, workers=1)
    code = verification.code(exam)
    texts = [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(out).pages]
    assert len(texts) > 3
    for number, text in enumerate(texts, 1):
        assert f"Código de verificação {code}" in text, number
        assert f"{SITE}verificar/{code}/" in text, number
        # the other hash of the footer is named for what it is: the attached open data, not this file
        assert f"SHA-256 dos dados abertos anexados ao PDF do ato (pacote datapackage.json): {SHA}" in text
        assert hashlib.sha256(out.read_bytes()).hexdigest() not in text


def test_lists_are_annexes_after_the_signatures_and_the_outline_follows(tmp_path):
    """Issue 21 item 4: the signature block closes the act's text; the lists come after it as annexes, numbered
    across the act, and the bookmarks and the structure tree name them so."""
    import pikepdf

    exam = exam_view()
    out = tmp_path / "ato.pdf"
    info = build_pdf(exam, views(), out, attachments=[], data_sha256=SHA, permanent_url=URL, workers=1)
    texts = [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(out).pages]
    front = " ".join(texts[:info["front_pages"]])
    signer = exam["ato"]["assinaturas"][0]["nome"].upper() if exam.get("ato", {}).get("assinaturas") else None
    closing = front.index(signer) if signer else front.index(exam["publicacao"]["data_extenso"] + ".")
    assert front.index("constam dos Anexos I a ") < closing < front.index("Anexos ", closing) \
        < front.index("Anexo I — Lista geral", closing)
    if exam.get("notas"):
        assert front.index("Notas: leituras adotadas") < closing
    body = " ".join(texts[info["front_pages"]:])
    assert "Anexo I — Lista geral" in body and "Anexo II — " in body
    with pikepdf.open(out) as pdf, pdf.open_outline() as outline:
        top = [item.title for item in outline.root]
        annexes = [child.title for child in outline.root[1].children]
    assert top[0] == (exam["ato"]["titulo"] if exam.get("ato", {}).get("numero") else exam["titulo"])
    assert annexes[0].startswith("Anexo I — Lista geral") and annexes[1].startswith("Anexo II — ")


def test_a_reserve_the_rules_leave_at_zero_is_a_check_hint_not_a_pdf_note(capsys):
    """Issue 21: the PDF printed «informe a contagem do edital em `reservas` do cargo», a staff instruction. The
    note now says what applies to the citizen; gazeta check tells staff what to fill in."""
    from generator.cli import main
    from generator.law.rules import load_rules

    root = Path(__file__).resolve().parents[1] / "content"
    assert main(["check", str(root / "certames" / "cariacica-2023-concurso")]) == 0
    err = capsys.readouterr().err
    assert "informe a contagem do edital em reservas = { pcd = N } do cargo no certame.toml" in err
    rules = load_rules(root / "jurisdicoes" / "cariacica.toml")
    assert all("`" not in (rule.basis.note or "") and "informe" not in (rule.basis.note or "")
               for rule in rules.groups.values())


PUBLIC_WORDS = re.compile(r"LEGAL-NOTES|`|\binforme\b|\breservas\b\s*=", re.IGNORECASE)


@pytest.mark.parametrize("pdf", sorted((Path(__file__).resolve().parents[1] / "content" / "certames")
                                       .glob("*/arquivo/*/*.pdf")), ids=lambda p: p.name)
def test_the_published_pdfs_print_no_staff_instruction_nor_internal_document(pdf):
    """What reaches an official PDF concerns the citizen: no internal document name (LEGAL-NOTES, published nowhere),
    no instruction to staff, no code markup. Every example act's archived PDF, every page."""
    for number, page in enumerate(pypdf.PdfReader(pdf).pages, 1):
        text = page.extract_text()
        assert not PUBLIC_WORDS.search(text), (pdf.name, number, PUBLIC_WORDS.search(text)[0])


def test_a_convocation_archived_with_the_rule_files_vacancy_words_reads_back():
    """Republishing the examples (this branch's PDFs) met a reader/writer mismatch: act_body writes a convocação's
    «vaga» with the rule file's words (Lins «reservada a mulheres (Guarda Civil Municipal)»), and the frozen reader
    knew only labels.VACANCY, so every build stopped on «a lista de convocados deste ato publicado está ilegível».
    The reader now also takes the words of the rules the act itself published."""
    from generator.store import frozen

    view = {"regras": {"grupos": [{"grupo": "mulher", "rotulo": "mulheres (Guarda Civil Municipal)"}]},
            "corpo": {"convocados": [
                {"posicao": "3ª", "vaga": "reservada a mulheres (Guarda Civil Municipal)", "inscricao": "0101",
                 "fundamento": "Decreto, art. 6º (nota 6)"},
                {"posicao": "1ª", "vaga": "de ampla concorrência", "inscricao": "0102", "fundamento": "art. 5º"}]}}
    problems: list = []
    calls = frozen._calls(view, "ato-20-2024", problems)
    assert problems == [] and [(c.position, c.group, c.registration) for c in calls] == [
        (3, "mulher", "0101"), (1, "ampla", "0102")]
    problems = []
    assert frozen._calls({"corpo": view["corpo"]}, "ato-20-2024", problems) is None and problems  # words unknown


def test_an_act_published_now_cites_the_rules_page_which_shows_the_readings_it_prints(tmp_path, own_site_url, capsys):
    """Issue 21 item 4: official PDFs print «the readings adopted (cited to the published "Regras aplicadas" page),
    and no staff instruction or internal document name». An act published now (`gazeta publicar`; the examples'
    archived PDFs never change, so they cannot catch a regression) prints the page's address after its notes, as
    text and as a link; the address is a page of the site built from the same folder, whose «Notas» section shows
    every reading the PDF prints; and no page of the PDF prints a staff instruction nor LEGAL-NOTES."""
    import html
    import sys
    from urllib.parse import urlsplit

    sys.path.insert(0, str(Path(__file__).parent))
    from generator.build import build
    from generator.cli import main
    from generator.pipeline import prepare
    from generator.public import notes_view
    from test_stage_calls import _exam

    folder = _exam(tmp_path / "conteudo", "")  # the corpus's Lins exam with its result act, not yet published
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    [pdf] = (folder / "arquivo").glob("*/*.pdf")
    reader = pypdf.PdfReader(pdf)
    pages = [page.extract_text() for page in reader.pages]
    for number, page in enumerate(pages, 1):
        assert not PUBLIC_WORDS.search(page), (number, PUBLIC_WORDS.search(page)[0])
    text = " ".join(" ".join(pages).split())
    address = f"{own_site_url}certames/exemplo/regras/#notas"
    assert ("As mesmas notas, com todas as regras que o cálculo aplicou e seus fundamentos, estão publicadas na "
            f"página «Regras aplicadas»: {address}.") in text
    links = [a.get_object()["/A"].get("/URI") for page in reader.pages for a in page.get("/Annots") or ()
             if a.get_object().get("/A") is not None]
    assert address in links, links
    notes = notes_view(prepare(folder))
    assert len(notes) >= 3
    def bare(words: str) -> str:  # the words without their spacing: the PDF breaks lines after a dash too
        return re.sub(r"\s+", "", words)

    readings = [bare(n["texto"]) for n in notes]
    assert [r for r in readings if r not in bare(text)] == []  # the PDF prints each reading…
    site = tmp_path / "site"
    build(folder.parent.parent, site, pdf=False)
    page = (site / urlsplit(address).path.lstrip("/") / "index.html").read_text(encoding="utf-8")
    section = page[page.index('id="notas"'):]  # the address's fragment is the «Notas» section
    shown = bare(html.unescape(re.sub(r"<[^>]+>", " ", section)))
    assert [r for r in readings if r not in shown] == []  # …and the page it cites shows each one
