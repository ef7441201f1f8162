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
    # an act's view depends only on it and the acts before it (issue 19 item 1): the retificações that came later
    # are linked by the site from the archive (render/acts.history), not written into the act
    assert original["ato"]["retificado_por"] == [] and [a["numero"] for a in original["atos"]] == ["41/2024"]


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


# -- an archived convocação is what it published (issue 19: "the site rewrites whom an archived convocação called")
def _ms_copy(tmp_path: Path) -> Path:
    """The MS example (its convocação 50/2024 archived) with the rule files beside it."""
    shutil.copytree(ROOT / "content" / "jurisdicoes", tmp_path / "content" / "jurisdicoes")
    folder = tmp_path / "content" / "certames" / "ms-2024-pss"
    shutil.copytree(EXAMPLES / "ms-2024-pss", folder)
    return folder


def _edit(folder: Path, old: str, new: str, name: str = "certame.toml") -> None:
    text = (folder / name).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (folder / name).write_text(text.replace(old, new), encoding="utf-8")


def _archived_calls(folder: Path, slug: str) -> list[tuple[int, str]]:
    import json
    view = json.loads((folder / "arquivo" / slug / "ato.json").read_text(encoding="utf-8"))
    return [(int(r["posicao"].rstrip("ª")), r["inscricao"]) for r in view["corpo"]["convocados"]]


def _calls_of(result, code: str, act: str) -> list[tuple[int, str]]:
    from generator.contract import contract
    cargo = next(c for c in contract(result)["cargos"] if c["codigo"] == code)
    return [(c["posicao"], c["inscricao"]) for c in cargo["convocacoes"] if c["ato"] == act]


@pytest.mark.parametrize("old, new, key", [
    ('cargo = "ENF"\nvagas = 3\n', 'cargo = "ENF"\nvagas = 5\n', "atos[3].vagas"),
    ('cargo = "ENF"\nvagas = 3\n', 'cargo = "PROF-AI"\nvagas = 3\n', "atos[3].cargo"),
    ('vagas = 3\nlocal = "Campo Grande"', 'vagas = 3\nlocal = "Dourados"', "atos[3].local"),
    ('motivo = "Revisão de nota após recurso"', 'motivo = "Outro motivo"', "atos[2].motivo"),
])
def test_a_published_acts_fields_cannot_change_in_certame_toml(tmp_path, old, new, key):
    folder = _ms_copy(tmp_path)
    _edit(folder, old, new)
    with pytest.raises(InputError) as caught:
        prepare(folder)
    (problem,) = caught.value.problems
    assert problem.file == "certame.toml" and problem.column == key
    assert "já foi publicado" in problem.message and "retificação" in problem.message


def test_a_published_acts_signer_cannot_change(tmp_path):
    folder = _ms_copy(tmp_path)
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    k = text.rindex('nome = "Ana Paula Modelo"')
    (folder / "certame.toml").write_text(text[:k] + 'nome = "Outra Pessoa"' + text[k + 25:], encoding="utf-8")
    with pytest.raises(InputError) as caught:
        prepare(folder)
    assert [p.column for p in caught.value.problems] == ["atos[3].assinaturas"]


def test_an_archived_convocation_is_replayed_after_a_correction_and_later_calls(tmp_path):
    """A retificação that puts a new candidate first does not change whom 50/2024 called; the next convocação
    follows the corrected projection and calls her."""
    folder = _ms_copy(tmp_path)
    _edit(folder, "20248545495;Helena Prado;ENF;91,75", "20248545495;Helena Prado;ENF;99,75", "candidatos.csv")
    (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "60/2024"
data = 2024-09-02
edicao = "11.550"
motivo = "Revisão de nota após recurso"
local = "Campo Grande"

[[atos]]
tipo = "convocacao"
numero = "61/2024"
data = 2024-09-09
edicao = "11.555"
cargo = "ENF"
vagas = 1
local = "Campo Grande"
''', encoding="utf-8")
    result = prepare(folder)
    assert _calls_of(result, "ENF", "50/2024") == _archived_calls(folder, "ato-50-2024")
    assert _calls_of(result, "ENF", "61/2024") == [(4, "20248545495")]
    history = exam_view(result)["cargos"][1]["historico"]
    assert sorted(history) == sorted(r for _, r in _archived_calls(folder, "ato-50-2024")) + ["20248545495"]


def test_an_event_before_a_published_convocation_that_it_did_not_consider_is_an_error(tmp_path):
    folder = _ms_copy(tmp_path)
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        "01/08/2024,Portaria nº 1/2024,desistencia,20247295292,,,\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        prepare(folder)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.column) == ("eventos.csv", 2, "data")
    assert "Edital de Convocação nº 50/2024, já publicado" in problem.message


def test_ms_new_vacancies_and_a_withdrawal_follow_the_projection_that_gazeta_published(tmp_path):
    """Issue 19 item 3 (LEGAL-NOTES 14): ENF 10 → 13 vacancies and the withdrawal of the 9th of the general list
    (projected at the 12th position) before being called. The next 10 places go to the candidates the published
    projection puts there — the 8th, a negro place, to the 15th of the general list, not to the 21st as a
    recomputed order did — and only the 12th, whose candidate withdrew, to the next of the general list."""
    folder = _ms_copy(tmp_path)
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        "15/08/2024,Portaria nº 5/2024,desistencia,20241550298,,,\n"
                                        "20/08/2024,Decreto nº 9/2024,novas_vagas,,ENF,3,\n", encoding="utf-8")
    (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "convocacao"
numero = "62/2024"
data = 2024-09-02
edicao = "11.550"
cargo = "ENF"
vagas = 10
local = "Campo Grande"
''', encoding="utf-8")
    result = prepare(folder)
    pr = result.positions[1]
    projected = [(n.position, pr.order[n.index].registration) for n in pr.allocation.nominations[3:13]]
    assert projected[8] == (12, "20241550298")
    called = set(r for _, r in _calls_of(result, "ENF", "50/2024"))
    eleventh = next(c.registration for c in pr.order if c.registration not in called | {r for _, r in projected})
    assert _calls_of(result, "ENF", "62/2024") == projected[:8] + [(12, eleventh)] + projected[9:]
    # explicar, the cargo page and the convocação agree: the row shows the call, not the projected position
    from generator.explain import explain
    from generator.render.site.pages import Status
    cargo = exam_view(result)["cargos"][1]
    cell = Status(cargo).at(1, False)(eleventh)
    assert "Nomeação:" not in cell and "Cadastro de reserva (projeção)" not in cell and "(12ª posição" in cell
    assert any(line.startswith("A 12ª posição era, na projeção publicada, de outro(a) candidato(a)")
               for line in explain(result, eleventh))


def test_a_called_candidate_eliminated_by_a_later_correction_keeps_the_call_until_an_act_ends_it(tmp_path):
    """Reading 14: nobody is un-called. The 1st called by 50/2024 is eliminated by retificação 60/2024: 50/2024
    still called them, and the next convocação goes on at the 4th position; once an act makes the nomination void
    (eventos.csv), the following convocação refills the 1st place from the general list."""
    folder = _ms_copy(tmp_path)
    first = _archived_calls(folder, "ato-50-2024")[0][1]
    text = (folder / "candidatos.csv").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith(first + ";"))
    _edit(folder, row, row.rsplit(";", 1)[0] + ";eliminado", "candidatos.csv")
    (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "60/2024"
data = 2024-09-02
edicao = "11.550"
motivo = "Eliminação após recurso"
local = "Campo Grande"

[[atos]]
tipo = "convocacao"
numero = "61/2024"
data = 2024-09-09
edicao = "11.555"
cargo = "ENF"
vagas = 1
local = "Campo Grande"

[[atos]]
tipo = "convocacao"
numero = "63/2024"
data = 2024-10-07
edicao = "11.575"
cargo = "ENF"
vagas = 1
local = "Campo Grande"
''', encoding="utf-8")
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        f"16/09/2024,Portaria nº 7/2024,sem_efeito,{first},,,\n", encoding="utf-8")
    result = prepare(folder)
    assert _calls_of(result, "ENF", "50/2024") == _archived_calls(folder, "ato-50-2024")
    assert [p for p, _ in _calls_of(result, "ENF", "61/2024")] == [4]
    (refill,) = _calls_of(result, "ENF", "63/2024")
    assert refill[0] == 1 and refill[1] != first
