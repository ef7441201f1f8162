"""Stage convocações and a text per act (issue 18 item 2; LEGAL-NOTES readings 14 and 18): a convocação to a stage
(curso de formação, TAF…) calls the aptos in the edital's order and consumes no nomination position; every act may
carry its own Markdown text; a convocação names where, when, until when and with what its called present
themselves; all of it is frozen at publication."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from generator.acts.model import CALL, STAGE, Act, Edition, FrozenCall
from generator.errors import InputError
from generator.law.calls import apply, stage_sort_key
from generator.load import load_exam
from generator.pipeline import prepare
from generator.store import archive
from generator.cli import main

CORPUS = Path(__file__).parent / "corpus"

# GCM of the corpus exam (Lins, 3 vacancies, 1 negro): 1003 (90,25, negra) and 1004 (85,00) approved, 1005 absent
# (eliminated). Five more approved, with names whose alphabetical order needs the documented collation.
MORE = ("1006,Ângela Prado,GCM,80.00,1990-01-01,,F,N,N,N,aprovado\n"
        "1007,Angela Braga,GCM,79.00,1990-01-02,,F,N,N,N,aprovado\n"
        "1008,Ana Maria Costa,GCM,78.00,1990-01-03,,F,N,N,N,aprovado\n"
        "1009,Anabela Rocha,GCM,77.00,1990-01-04,,F,N,N,N,aprovado\n"
        "1010,Érico Alves,GCM,76.00,1990-01-05,,M,N,N,N,aprovado\n")
RESULT = '''[[atos]]
tipo = "resultado"
numero = "41/2024"
data = 2024-06-10
edicao = "1521"

[[atos.assinaturas]]
nome = "Maria da Silva"
cargo = "Prefeita Municipal"
'''
STAGE_CALL = '''
[[atos]]
tipo = "convocacao"
numero = "48/2024"
data = 2024-06-20
edicao = "1530"
cargo = "GCM"
etapa = "Curso de Formação Profissional"
ordem = "alfabetica"
fundamento = "item 9.1 do Edital nº 01/2024"
local_apresentacao = "Academia da Guarda Municipal, Rua Exemplo, 100"
datas = "de 1º a 5 de julho de 2024"
horario = "das 8h às 17h"
prazo = 2024-07-05
documentos = ["documento de identidade com foto", "atestado médico"]
texto = """
O **Prefeito Municipal** convoca os candidatos abaixo. <script>alert(1)</script>
[mais](javascript:alert(1))
"""
'''
NOMINATION = '''
[[atos]]
tipo = "convocacao"
numero = "50/2024"
data = 2024-07-10
edicao = "1535"
cargo = "GCM"
vagas = 2
local_apresentacao = "Departamento de Pessoal, Rua da Prefeitura, 1"
prazo = 2024-07-24
documentos = ["RG", "CPF"]
'''


def _exam(tmp_path: Path, acts: str) -> Path:
    folder = tmp_path / "certames" / "exemplo"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    (folder / "esperado.txt").unlink()
    (folder / "candidatos.csv").write_text((folder / "candidatos.csv").read_text(encoding="utf-8") + MORE,
                                           encoding="utf-8")
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    (folder / "certame.toml").write_text(text[:text.index("[[atos]]")] + RESULT + acts, encoding="utf-8")
    return folder


def _edit(folder: Path, old: str, new: str, name: str = "certame.toml") -> None:
    text = (folder / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (folder / name).write_text(text.replace(old, new), encoding="utf-8")


def _gcm(result) -> dict:
    from generator.contract import contract
    return next(c for c in contract(result)["cargos"] if c["codigo"] == "GCM")


# -- the collation -----------------------------------------------------------------------------------------------
def test_alphabetical_order_is_accent_folded_word_by_word_then_as_published():
    names = ["Érico Alves", "Ângela Prado", "Anabela Rocha", "Angela Braga", "Ana Maria Costa", "angela braga"]
    ordered = sorted(names, key=lambda n: stage_sort_key(n, "1"))
    # «Ana Maria» before «Anabela» (a space before any letter); «Angela»/«angela»/«Ângela» fold alike, then
    # the name as published decides (code points: «A» < «a» < «Â»); «Érico» among the E's, not after Z
    assert ordered == ["Ana Maria Costa", "Anabela Rocha", "Angela Braga", "angela braga", "Ângela Prado",
                       "Érico Alves"]
    assert stage_sort_key("Ana", "2") > stage_sort_key("Ana", "1")  # same name: the inscrição decides


# -- reading [[atos]] ----------------------------------------------------------------------------------------------
def test_a_stage_convocation_and_the_presentation_fields_are_read(tmp_path):
    acts = load_exam(_exam(tmp_path, STAGE_CALL + NOMINATION)).acts
    stage, nomination = acts[1], acts[2]
    assert stage.is_stage_call and not nomination.is_stage_call
    assert (stage.stage, stage.stage_order, stage.count, stage.basis, stage.places) == (
        "Curso de Formação Profissional", "alfabetica", None, "item 9.1 do Edital nº 01/2024", None)
    assert stage.report_place.startswith("Academia") and stage.deadline == date(2024, 7, 5)
    assert stage.documents == ("documento de identidade com foto", "atestado médico")
    assert stage.text.startswith("O **Prefeito Municipal**") and "\n" in stage.text  # lines kept
    assert (nomination.deadline, nomination.documents) == (date(2024, 7, 24), ("RG", "CPF"))


@pytest.mark.parametrize("old, new, column, words", [
    ('ordem = "alfabetica"', 'ordem = "alfabetico"', "atos[2].ordem",
     "a ordem «alfabetico» não existe. Você quis dizer «alfabetica»? Use classificacao ou alfabetica"),
    ('ordem = "alfabetica"\n', '', "atos[2].ordem", "uma convocação de etapa precisa desta chave"),
    ('fundamento = "item 9.1 do Edital nº 01/2024"\n', '', "atos[2].fundamento",
     "uma convocação de etapa precisa desta chave (o item do edital"),
    ('ordem = "alfabetica"', 'ordem = "alfabetica"\nvagas = 3', "atos[2].vagas",
     "uma convocação de etapa (com «etapa») não chama vagas da ordem de nomeação"),
    ('ordem = "alfabetica"', 'ordem = "alfabetica"\nquantos = 0', "atos[2].quantos", "um número inteiro maior"),
    ('prazo = 2024-07-05', 'prazo = "05/07/2024"', "atos[2].prazo", "escrita como DD/MM/AAAA"),
    ('documentos = ["documento de identidade com foto", "atestado médico"]', 'documentos = "RG"',
     "atos[2].documentos", "uma lista de textos entre aspas"),
    ('etapa = "Curso de Formação Profissional"', 'etapas = "Curso de Formação Profissional"', "atos[2].etapas",
     "Você quis dizer «etapa»?"),
])
def test_bad_stage_keys_are_portuguese_messages_naming_file_and_key(tmp_path, old, new, column, words):
    folder = _exam(tmp_path, STAGE_CALL)
    _edit(folder, old, new)
    with pytest.raises(InputError) as caught:
        load_exam(folder)
    found = [p for p in caught.value.problems if p.column == column]
    assert found and found[0].file == "certame.toml" and words in found[0].message, \
        [str(p) for p in caught.value.problems]


def test_stage_and_presentation_keys_belong_to_convocations_only(tmp_path):
    folder = _exam(tmp_path, "")
    _edit(folder, 'edicao = "1521"\n', 'edicao = "1521"\netapa = "TAF"\nprazo = 2024-07-01\ntexto = "Torna público."\n')
    with pytest.raises(InputError) as caught:
        load_exam(folder)
    assert sorted(p.column for p in caught.value.problems) == ["atos[1].etapa", "atos[1].prazo"]
    folder = _exam(tmp_path / "2", NOMINATION.replace("vagas = 2", "vagas = 2\nordem = \"alfabetica\""))
    with pytest.raises(InputError) as caught:
        load_exam(folder)
    (problem,) = caught.value.problems
    assert problem.column == "atos[2].ordem" and "só uma convocação de etapa leva esta chave" in problem.message


# -- who is called ---------------------------------------------------------------------------------------------------
ALPHABETICAL = ["1008", "1009", "1007", "1006", "1003", "1004", "1010"]  # Ana Maria, Anabela, Angela, Ângela, Carla,
# Diego, Érico: every approved candidate of GCM; 1005 (absent at the exam: eliminated) is not called


def test_a_stage_call_calls_every_apto_alphabetically_and_moves_no_nomination(tmp_path):
    with_stage = prepare(_exam(tmp_path / "a", STAGE_CALL + NOMINATION))
    without = prepare(_exam(tmp_path / "b", NOMINATION))
    gcm = _gcm(with_stage)
    assert gcm["etapas"] == [{"ato": "48/2024", "convocados": ALPHABETICAL}]
    # no position taken: the nomination convocação after it calls exactly what it calls without it, and the
    # projection (the cadastro) is the same
    assert gcm["convocacoes"] == _gcm(without)["convocacoes"] and len(gcm["convocacoes"]) == 2
    assert gcm["nomeacao"] == _gcm(without)["nomeacao"]
    assert "etapas" not in _gcm(without)  # exams without stage calls: the contract is as before
    line = gcm["historico"]["1008"][0]["texto"]
    assert line == ("Convocado para a etapa «Curso de Formação Profissional» pelo Edital de Convocação nº 48/2024, "
                    "de 20/06/2024.")


def test_quantos_calls_the_first_aptos_by_classification_skipping_who_left(tmp_path):
    folder = _exam(tmp_path, STAGE_CALL.replace('ordem = "alfabetica"', 'ordem = "classificacao"\nquantos = 3'))
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        "15/06/2024,Portaria nº 7/2024,desistencia,1004,GCM,,\n", encoding="utf-8")
    gcm = _gcm(prepare(folder))
    # general list: 1003 (90,25), 1004 (85,00, withdrew on 15/06), 1006 (80,00), 1007 (79,00)…
    assert gcm["etapas"] == [{"ato": "48/2024", "convocados": ["1003", "1006", "1007"]}]
    _edit(folder, "quantos = 3", "quantos = 7")
    with pytest.raises(InputError) as caught:
        prepare(folder)
    (problem,) = caught.value.problems
    assert problem.column == "atos[2].quantos" and "chama 7 candidato(s) aptos, mas o cargo só tem 6" in str(problem)


def test_an_annulled_nomination_is_not_called_to_a_later_stage(tmp_path):
    folder = _exam(tmp_path, NOMINATION + STAGE_CALL.replace("2024-06-20", "2024-07-20").replace("48/2024", "52/2024"))
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        "15/07/2024,Portaria nº 9/2024,anulacao,1003,GCM,,\n", encoding="utf-8")
    gcm = _gcm(prepare(folder))
    called = gcm["etapas"][0]["convocados"]
    assert "1003" not in called and "1004" in called and "1005" not in called
