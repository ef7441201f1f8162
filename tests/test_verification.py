"""A gazette journalists can verify (issue 21 item 4): every page of an act's PDF prints the act's verification code
and the address of its verification page, which resolves the code to the PDF's SHA-256, signature and edition."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pypdf
import pytest

from generator.render import verification
from generator.render.pdf import build_pdf
from generator.render.pdf_sample import exam_view
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
