"""Acts without a number (issue 18 item 5): real gazettes often publish a result act with no number. Such an act is
named by its type and date, unique within the exam: slug «resultado-2024-06-10», title «Edital de Resultado Final,
de 10 de junho de 2024» (no «nº»), LexML URN `…;lex-N`; «retifica» names it by that identifier."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import InputError
from generator.load import load_exam
from generator.public import exam_view
from generator.render.cite import urn

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"

ACTS = '''[[atos]]
tipo = "resultado"
data = 2024-06-10
edicao = "1521"

[[atos.assinaturas]]
nome = "Maria da Silva"
cargo = "Prefeita Municipal"
'''
CORRECTION = '''
[[atos]]
tipo = "retificacao"
retifica = "resultado-2024-06-10"
data = 2024-06-17
edicao = "1526"
motivo = "Revisão de nota após recurso"

[[atos.assinaturas]]
nome = "Maria da Silva"
cargo = "Prefeita Municipal"
'''


def _exam(tmp_path: Path, acts: str = ACTS) -> Path:
    """The corpus base exam under content/certames/, its [[atos]] replaced by `acts`, with a project mkdocs.yml."""
    folder = tmp_path / "content" / "certames" / "exemplo"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    shutil.copytree(ROOT / "content" / "jurisdicoes", tmp_path / "content" / "jurisdicoes")
    (folder / "esperado.txt").unlink()
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    (folder / "certame.toml").write_text(text[:text.index("[[atos]]")] + acts, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Diário de Teste\nsite_url: https://diario.teste.gov.br/\n",
                                         encoding="utf-8")
    return folder


def test_an_unnumbered_result_act_is_named_by_type_and_date(tmp_path):
    (act,) = load_exam(_exam(tmp_path)).acts
    assert act.number == "" and act.id == act.slug == "resultado-2024-06-10"
    assert act.label == "Edital de Resultado Final, de 10 de junho de 2024"


def test_two_unnumbered_acts_of_one_type_and_day_get_distinct_identifiers(tmp_path):
    second = ACTS.replace('edicao = "1521"', 'edicao = "1522"')
    acts = load_exam(_exam(tmp_path, ACTS + "\n" + second.replace('tipo = "resultado"', 'tipo = "homologacao"')
                           + "\n" + second)).acts
    assert [a.slug for a in acts] == ["resultado-2024-06-10", "homologacao-2024-06-10", "resultado-2024-06-10-2"]
    assert [a.day_order for a in acts] == [1, 2, 3]  # LexML lex-1, lex-2, lex-3: one URN each


def test_retifica_names_an_unnumbered_act_by_its_identifier(tmp_path):
    acts = load_exam(_exam(tmp_path, ACTS + CORRECTION)).acts
    assert acts[1].corrects == "resultado-2024-06-10" and acts[1].sequence == 1
    assert acts[1].slug == "retificacao-2024-06-17"


def test_retifica_of_an_unknown_identifier_says_how_to_name_it(tmp_path):
    with pytest.raises(InputError) as caught:
        load_exam(_exam(tmp_path, ACTS + CORRECTION.replace("resultado-2024-06-10", "resultado-2024-06-11")))
    (problem,) = caught.value.problems
    assert problem.column == "atos[2].retifica" and "resultado-2024-06-10" in problem.message


def test_an_unnumbered_exam_checks_builds_and_publishes_without_no(tmp_path, capsys):
    from tests.test_standards import LEXML_URN

    folder = _exam(tmp_path)
    assert main(["check", str(folder)]) == 0
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr()
    assert "resultado-2024-06-10" in capsys.readouterr().out
    # a score revised after an appeal, then the retificação that names the unnumbered act by its identifier
    rows = (folder / "candidatos.csv").read_text(encoding="utf-8")
    assert "1004,Diego Reis,GCM,85.00" in rows
    (folder / "candidatos.csv").write_text(rows.replace("1004,Diego Reis,GCM,85.00", "1004,Diego Reis,GCM,95.00"),
                                           encoding="utf-8")
    path = folder / "certame.toml"
    path.write_text(path.read_text(encoding="utf-8") + CORRECTION, encoding="utf-8")
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr()
    assert "retificacao-2024-06-17" in capsys.readouterr().out
    records = sorted(p for p in (folder / "arquivo").iterdir() if p.is_dir())
    assert [r.name for r in records] == ["resultado-2024-06-10", "retificacao-2024-06-17"]
    manifest = json.loads((records[0] / "manifesto.json").read_text(encoding="utf-8")) \
        if (records[0] / "manifesto.json").is_file() else None
    view = exam_view_of(folder)
    own = view["ato"]
    assert own["titulo"] == "Edital de Retificação, de 17 de junho de 2024"
    assert own["retifica"]["titulo"] == "Edital de Resultado Final, de 10 de junho de 2024"
    # the corrected act's URN with ;retificacao.1 (LexML Parte 2, sec. 5), without any number component
    assert urn(view) == "urn:lex:br;sao.paulo;lins:municipal:edital:2024-06-10;lex-1;retificacao.1"
    assert LEXML_URN.fullmatch(urn(view))
    site = tmp_path / "site"
    assert main(["build", str(tmp_path / "content"), "--sem-pdf", "--site", str(site)]) == 0, capsys.readouterr()
    pages = [p for p in site.rglob("*.html") if "resultado-2024-06-10" in p.as_posix()]
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "Edital de Resultado Final, de 10 de junho de 2024" in text
        assert not re.search(r"Edital de Resultado Final nº", text)
        for found in re.findall(r"urn:lex:[^\s<\"'}`]+", text):
            assert LEXML_URN.fullmatch(found) and "nº" not in found
    assert manifest is None or manifest["ato"]["identificador"] == "resultado-2024-06-10"


def exam_view_of(folder: Path) -> dict:
    from generator.pipeline import prepare

    return exam_view(prepare(folder))
