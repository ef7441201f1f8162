"""Acts as data: certame.toml's [[atos]] loaded strictly, the act's identity in the view (issue 8, LEGAL-NOTES 13)."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from generator.acts.model import CALL, CORRECTION, HOMOLOGATION, RESULT
from generator.errors import InputError
from generator.load import load_exam
from generator.pipeline import prepare
from generator.public import exam_view

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
EXAMPLES = ROOT / "content" / "certames"


def _with_acts(tmp_path: Path, acts_toml: str) -> Path:
    """A copy of a corpus base exam whose [[atos]] are replaced by `acts_toml`."""
    folder = tmp_path / "certame"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    (folder / "esperado.txt").unlink()
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    (folder / "certame.toml").write_text(text[:text.index("[[atos]]")] + acts_toml, encoding="utf-8")
    return folder


ACTS = '''[[atos]]
tipo = "resultado"
numero = "41/2024"
data = 2024-06-10
edicao = "1521"
local = "Lins"

[[atos.assinaturas]]
nome = "Maria da Silva"
cargo = "Prefeita Municipal"

[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "44/2024"
data = 2024-06-10
edicao = "1521"
suplemento = true
motivo = "Revisão de nota após recurso"

[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "45/2024"
data = 2024-06-20
edicao = "1530"
extra = true
secao = "Extra"
motivo = "Inclusão de candidato omitido"

[[atos]]
tipo = "convocacao"
numero = "50/2024"
data = 2024-07-01
cargo = "GCM"
vagas = 2
'''


def test_acts_are_loaded_in_order_with_their_editions(tmp_path):
    exam = load_exam(_with_acts(tmp_path, ACTS))
    assert [(a.kind, a.number, a.sequence) for a in exam.acts] == [
        (RESULT, "41/2024", 0), (CORRECTION, "44/2024", 1), (CORRECTION, "45/2024", 2), (CALL, "50/2024", 0)]
    first, second, third, call = exam.acts
    assert first.signers[0].name == "Maria da Silva" and first.signers[0].office == "Prefeita Municipal"
    assert first.place == "Lins" and first.label == "Edital de Resultado Final nº 41/2024"
    assert second.edition.supplement and second.edition.number == "1521" and second.corrects == "41/2024"
    assert third.edition.extra and third.edition.section == "Extra" and second.edition.section == "Atos Oficiais"
    assert call.position == "GCM" and call.places == 2 and call.edition.number is None
    # the first act's edition is the exam's publication: it selects the rules in force (LEGAL-NOTES 10)
    assert exam.publication.date == date(2024, 6, 10) and exam.publication.edition == "1521"
    assert exam.current_act() is third  # the current lists reflect the last act that publishes or corrects them


def test_the_view_carries_the_acts_identity_not_the_opening_editals(tmp_path):
    result = prepare(_with_acts(tmp_path, ACTS), project=False)
    view = exam_view(result, with_positions=False)
    assert view["edital"] == "Edital nº 01/2024"  # the opening edital stays a separate field
    assert view["ato"]["numero"] == "45/2024" and view["ato"]["retifica"]["numero"] == "41/2024"
    assert view["publicacao"]["edicao"] == "1530" and view["publicacao"]["extra"] is True
    original = exam_view(result, with_positions=False, act=result.exam.acts[0])
    assert original["ato"]["assinaturas"] == [{"nome": "Maria da Silva", "cargo": "Prefeita Municipal"}]
    assert [a["numero"] for a in original["ato"]["retificado_por"]] == ["44/2024", "45/2024"]


def test_publicacao_alone_is_one_result_act_without_a_number(tmp_path):
    folder = _with_acts(tmp_path, "")
    path = folder / "certame.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'diario = "Imprensa Oficial - Lins"\n', 'diario = "Imprensa Oficial - Lins"\nedicao = "1521"\n'
        'data = 2024-06-10\n'), encoding="utf-8")
    (act,) = load_exam(folder).acts
    assert (act.kind, act.number, act.date, act.edition.number) == (RESULT, "", date(2024, 6, 10), "1521")
    assert act.label == "Edital de Resultado Final" and act.slug == "ato-resultado"


@pytest.mark.parametrize("acts_toml, expected", [
    ('[[atos]]\ntipo = "convocacao"\nnumero = "1/2024"\ndata = 2024-06-10\ncargo = "GCM"\nvagas = 1\n',
     "certame.toml, chave «atos[1].tipo»: o primeiro ato deve publicar o resultado (tipo = \"resultado\" ou "
     "\"homologacao\"); este é do tipo «convocacao»."),
    ('[[atos]]\ntipo = "resultado"\nnumero = "1/2024"\ndata = 2024-06-10\nvagas = 1\n',
     "certame.toml, chave «atos[1].vagas»: só atos do tipo convocacao levam esta chave; este ato é do tipo "
     "«resultado»."),
    ('[[atos]]\ntipo = "resultado"\nnumero = "1/2024"\ndata = 2024-06-10\n[[atos]]\ntipo = "resultado"\n'
     'numero = "1-2024"\ndata = 2024-06-10\n',
     "certame.toml, chave «atos[2].numero»: o número «1-2024» dá o mesmo endereço que «1/2024», usado em atos[1]. "
     "Cada ato do certame precisa de um número diferente."),
    ('[[atos]]\ntipo = "resultado"\nnumero = "1/2024"\ndata = 2024-06-10\n[[atos.assinaturas]]\nnome = "A"\n',
     "certame.toml, chave «atos[1].assinaturas[1].cargo»: falta esta chave obrigatória. Exemplo: cargo = "
     "\"Secretária de Estado de Educação\""),
])
def test_bad_acts_are_reported_with_their_key(tmp_path, acts_toml, expected):
    with pytest.raises(InputError) as caught:
        load_exam(_with_acts(tmp_path, acts_toml))
    assert [str(p) for p in caught.value.problems] == [expected]


def test_the_examples_declare_their_acts():
    for folder in sorted(EXAMPLES.iterdir()):
        acts = load_exam(folder).acts
        assert acts and acts[0].kind in (RESULT, HOMOLOGATION) and acts[0].number and acts[0].signers, folder.name
