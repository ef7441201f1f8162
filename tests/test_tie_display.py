"""Tie-breaks a citizen can check (issue 18 item 3; LEGAL-NOTES 19): the deciding criterion on each tied row and
the published tie-break columns, on the site, in the PDF and in the open data; the hour and the date of birth in
none of them."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from generator.build import build
from test_fast_paths import TOML
from test_site_privacy import _texts

ROOT = Path(__file__).resolve().parents[1]
HOURS = ("07:43", "05:29", "07:43")  # restricted canaries: never in any file of the site
BIRTH = ("1977-07-17", "17/07/1977")
HEADER = "inscricao,nome,cargo,nota,nascimento,nota_especifica,hora_nascimento,sorteio,jurado"
ROWS = ["101,Ana Lima,ADM,87,1977-07-17,30,07:43,2,N",   # same date as 102 and 103: the hour, then the draw
        "102,Bia Reis,ADM,87,1977-07-17,30,05:29,,N",    # born earlier that day: before 101 and 103
        "103,Caio Dias,ADM,87,1977-07-17,30,07:43,1,N",  # same hour as 101: the draw (1) puts 103 before 101
        "104,Davi Melo,ADM,87,1980-01-01,35,,,N",        # higher specific score: first of the 87s
        "105,Eva Cruz,ADM,90,1990-01-01,10,,,N",         # no tie
        "106,Fabio Luz,ADM,86,1985-01-01,30,,,N"]        # no tie


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    base = tmp_path_factory.mktemp("desempate")
    content = base / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    exam = content / "certames" / "desempate-publico"
    exam.mkdir(parents=True)
    (exam / "certame.toml").write_text(TOML.replace("[[desempate]]\ncriterio = \"coluna\"\ncoluna = \"nota_especifica\"",
                                                    "[[desempate]]\ncriterio = \"coluna\"\ncoluna = \"nota_especifica\"\n"
                                                    "rotulo = \"nota específica\"", 1), encoding="utf-8")
    (exam / "candidatos.csv").write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="utf-8")
    build(content, base / "site", pdf=True)
    return base / "site"


def _general_csv(site: Path) -> list[dict]:
    path = next(site.rglob("adm-geral.csv"))
    return list(csv.DictReader(path.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))


def test_each_tied_row_says_what_decided_it_and_the_scores_are_shown(site):
    rows = _general_csv(site)
    assert [r["inscricao"] for r in rows] == ["105", "104", "102", "103", "101", "106"]
    assert [r["desempate"] for r in rows] == [
        "", "desempate: nota específica", "desempate: nota específica", "desempate: idade",
        "desempate: sorteio (Ata da sessão pública de sorteio de 10/04/2024)", ""]
    assert [r["nota_especifica"] for r in rows] == ["10,00", "35,00", "30,00", "30,00", "30,00", "30,00"]
    assert "sorteio" not in rows[0] and "hora_nascimento" not in rows[0]  # the draw is not published here
    page = next(p for p in site.rglob("geral/index.html") if "/adm/" in str(p)).read_text("utf-8")
    assert '<th scope="col">Desempate</th>' in page and "Nota específica</th>" in page
    assert "desempate: sorteio (Ata da sessão pública de sorteio de 10/04/2024)" in page
    package = json.loads(next(site.rglob("datapackage.json")).read_text("utf-8"))
    fields = [f["name"] for r in package["resources"] if r["name"].endswith("adm-geral-csv")
              for f in r["schema"]["fields"]]
    assert fields[:5] == ["classificacao", "inscricao", "nome", "nota", "nota_especifica"] and "desempate" in fields
    data = json.loads(next(site.rglob("adm-geral.json")).read_text("utf-8"))
    assert data[1]["nota_especifica"] == 35.0 and data[1]["desempate"] == "desempate: nota específica"


def test_the_hour_and_the_date_of_birth_are_in_no_file(site):
    found = [(str(p), m) for p, text in _texts(site) for m in (*HOURS, *BIRTH) if m in text]
    assert found == []


def test_the_pdf_shows_the_deciding_criterion(site):
    pdf = next(p for p in site.rglob("*.pdf") if p.stem == "desempate-publico")
    from pypdf import PdfReader

    text = " ".join((page.extract_text() or "") for page in PdfReader(pdf).pages)
    assert "desempate: idade" in text and "Nota específica" in text
    assert "desempate: sorteio (Ata da sessão pública de sorteio de 10/04/2024)" in " ".join(text.split())
