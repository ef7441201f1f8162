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
    from generator.public import exam_view
    cargo = next(c for c in exam_view(with_stage)["cargos"] if c["codigo"] == "GCM")
    assert cargo["convocacoes_etapa"]["1008"] == ["48/2024"] and "1005" not in cargo["convocacoes_etapa"]
    assert "convocacoes_etapa" not in next(c for c in exam_view(without)["cargos"] if c["codigo"] == "GCM")
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


# -- published: page, PDF, data, and frozen ------------------------------------------------------------------------
@pytest.fixture
def published(tmp_path, own_site_url, capsys):
    """The exam with its result, a stage convocação (quantos 3, classification) and a nomination convocação,
    published."""
    folder = _exam(tmp_path, STAGE_CALL.replace('ordem = "alfabetica"', 'ordem = "classificacao"\nquantos = 3')
                   + NOMINATION)
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    return folder


def test_a_published_stage_call_records_whom_it_called_and_its_fields(published):
    records = {r.slug: r for r in archive.read(published)}
    view = records["ato-48-2024"].view()
    body = view["corpo"]
    assert body["convocados"] == [{"ordem": 1, "inscricao": "1003", "nome": "Carla Dias"},
                                  {"ordem": 2, "inscricao": "1004", "nome": "Diego Reis"},
                                  {"ordem": 3, "inscricao": "1006", "nome": "Ângela Prado"}]
    assert body["etapa"] == {"nome": "Curso de Formação Profissional", "ordem": "classificacao",
                             "ordem_texto": "ordem de classificação", "quantos": 3,
                             "fundamento": "item 9.1 do Edital nº 01/2024", "total": 3}
    assert "não ocupa posição da ordem de nomeação" in " ".join(body["texto"])
    assert {i["rotulo"]: i["texto"] for i in body["apresentacao"]} == {
        "Local de apresentação": "Academia da Guarda Municipal, Rua Exemplo, 100",
        "Datas": "de 1º a 5 de julho de 2024", "Horário": "das 8h às 17h", "Prazo": "até 05/07/2024",
        "Documentos": "documento de identidade com foto; atestado médico."}
    act = view["ato"]  # the public view the citizen card reads
    assert (act["etapa"], act["prazo"], act["prazo_curto"], act["local_apresentacao"]) == (
        "Curso de Formação Profissional", "2024-07-05", "05/07/2024", "Academia da Guarda Municipal, Rua Exemplo, 100")
    assert view["preambulo_md"].startswith("O **Prefeito Municipal**")  # its own text, printed before the body
    nomination = records["ato-50-2024"].view()
    assert nomination["ato"]["documentos"] == ["RG", "CPF"] and nomination["ato"]["prazo_curto"] == "24/07/2024"
    assert [r["posicao"] for r in nomination["corpo"]["convocados"]] == ["1ª", "2ª"]  # nothing taken by 48/2024
    assert records["ato-48-2024"].pdf  # its own PDF
    # its own open data: whom it called, in the act's record and in the contract archived with it
    contract = json.loads((records["ato-48-2024"].folder / "resultado.json").read_text(encoding="utf-8"))
    gcm = next(c for c in contract["cargos"] if c["codigo"] == "GCM")
    assert gcm["etapas"] == [{"ato": "48/2024", "convocados": ["1003", "1004", "1006"]}]
    folder = records["ato-48-2024"].folder
    assert (folder / "dados" / "convocados.csv").read_bytes().decode("utf-8-sig").splitlines() == [
        "ordem;inscricao;nome", "1;1003;Carla Dias", "2;1004;Diego Reis", "3;1006;Ângela Prado"]
    data = json.loads((folder / "dados" / "convocados.json").read_text(encoding="utf-8"))
    assert data["etapa"] == "Curso de Formação Profissional" and [r["inscricao"] for r in data["convocados"]] == [
        "1003", "1004", "1006"]
    assert {"dados/convocados.csv", "dados/convocados.json"} <= set(records["ato-48-2024"].published())


def test_the_pdf_prints_the_text_sanitised_the_presentation_and_the_annex(published):
    from pypdf import PdfReader

    record = next(r for r in archive.read(published) if r.slug == "ato-48-2024")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(record.folder / record.pdf).pages).split())
    assert "Prefeito Municipal convoca os candidatos abaixo." in text
    assert "<script>alert(1)</script>" in text  # raw HTML is printed as text, never run (as ato.md)
    assert "Local de apresentação: Academia da Guarda Municipal" in text and "Prazo: até 05/07/2024" in text
    assert "Anexo — candidatos convocados para a etapa «Curso de Formação Profissional»" in text
    assert text.index("1003") < text.index("1004") < text.index("1006")


def test_a_published_stage_call_is_replayed_as_published_after_a_correction(published):
    """A retificação that puts 1010 first: a stage call in classification order recomputed now would call 1010,
    1003 and 1004; the archived one stays 1003, 1004, 1006 (issue 19's rule, LEGAL-NOTES 14)."""
    _edit(published, "1010,Érico Alves,GCM,76.00", "1010,Érico Alves,GCM,99.00", "candidatos.csv")
    (published / "certame.toml").write_text((published / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "60/2024"
data = 2024-08-01
edicao = "1540"
motivo = "Revisão de nota após recurso"
''', encoding="utf-8")
    gcm = _gcm(prepare(published))
    assert gcm["etapas"] == [{"ato": "48/2024", "convocados": ["1003", "1004", "1006"]}]


def test_a_stage_call_stands_for_who_a_later_correction_eliminates(published):
    """1006 was called to the stage; a later retificação eliminates her: the published call is not undone
    (LEGAL-NOTES 14), and the stage list replays with her."""
    _edit(published, "1006,Ângela Prado,GCM,80.00,1990-01-01,,F,N,N,N,aprovado",
          "1006,Ângela Prado,GCM,80.00,1990-01-01,,F,N,N,N,eliminado", "candidatos.csv")
    (published / "certame.toml").write_text((published / "certame.toml").read_text(encoding="utf-8") + '''
[[atos]]
tipo = "retificacao"
retifica = "41/2024"
numero = "60/2024"
data = 2024-08-01
edicao = "1540"
motivo = "Eliminação após recurso"
''', encoding="utf-8")
    gcm = _gcm(prepare(published))
    assert gcm["etapas"] == [{"ato": "48/2024", "convocados": ["1003", "1004", "1006"]}]


@pytest.mark.parametrize("old, new, key", [
    ('prazo = 2024-07-05', 'prazo = 2024-07-08', "atos[2].prazo"),
    ('etapa = "Curso de Formação Profissional"', 'etapa = "Teste de Aptidão Física"', "atos[2].etapa"),
    ('quantos = 3', 'quantos = 2', "atos[2].quantos"),
    ('horario = "das 8h às 17h"', 'horario = "das 9h às 17h"', "atos[2].horario"),
    ('documentos = ["RG", "CPF"]', 'documentos = ["RG"]', "atos[3].documentos"),
    ('"Departamento de Pessoal, Rua da Prefeitura, 1"', '"Outro lugar"', "atos[3].local_apresentacao"),
    ('convoca os candidatos abaixo.', 'convoca os candidatos a seguir.', "atos[2].texto"),
])
def test_a_published_acts_own_fields_cannot_change(published, old, new, key):
    _edit(published, old, new)
    with pytest.raises(InputError) as caught:
        prepare(published)
    problems = [p for p in caught.value.problems if p.column == key]
    assert problems, [str(p) for p in caught.value.problems]
    assert all(p.file == "certame.toml" and "já foi publicado" in p.message and "retificação" in p.message
               for p in problems)


def test_an_event_before_a_published_stage_call_it_did_not_consider_is_an_error(published):
    (published / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                           "15/06/2024,Portaria nº 7/2024,desistencia,1004,GCM,,\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        prepare(published)
    (problem,) = caught.value.problems
    assert (problem.file, problem.line, problem.column) == ("eventos.csv", 2, "data")
    assert "Edital de Convocação nº 48/2024, já publicado" in problem.message


def test_law_replays_frozen_stage_calls_without_recomputing(tmp_path):
    result = prepare(_exam(tmp_path, ""))
    d = date(2024, 6, 20)
    act = Act(CALL, "48/2024", d, Edition("Diário", d), position="GCM", stage="TAF", stage_order="alfabetica",
              basis="item 5.1", line=2)
    frozen = {"48/2024": [FrozenCall(1, STAGE, "1010", ""), FrozenCall(2, STAGE, "1003", "")]}
    timeline = apply(result, [act], [], frozen)["GCM"]
    reg = [c.registration for c in result.positions[1].order]
    assert [reg[i] for i in timeline.stages["48/2024"]] == ["1010", "1003"]  # as published, not re-sorted
    assert timeline.places == []


def test_the_act_page_shows_the_text_the_presentation_and_the_called(published):
    from generator.build import build

    out = published.parents[2] / "site"
    build(published.parents[1], out, pdf=False)
    page = (out / "certames" / "exemplo" / "atos" / "ato-48-2024" / "index.html").read_text(encoding="utf-8")
    assert "<strong>Prefeito Municipal</strong> convoca os candidatos abaixo." in page
    assert "<script>alert(1)</script>" not in page and "javascript:" not in page  # sanitised as ato.md
    assert "<dt>Prazo</dt><dd>até 05/07/2024</dd>" in page
    assert "Candidatos convocados para a etapa «Curso de Formação Profissional», em ordem de classificação" in page
    rows = page[page.index("<th scope=\"col\">Ordem</th>"):]
    assert rows.index("1003") < rows.index("1004") < rows.index("1006") and "1007" not in rows
    assert '<a href="dados/convocados.csv">CSV</a>' in page
    assert (out / "certames" / "exemplo" / "atos" / "ato-48-2024" / "dados" / "convocados.json").is_file()
    nomination = (out / "certames" / "exemplo" / "atos" / "ato-50-2024" / "index.html").read_text(encoding="utf-8")
    assert "<dt>Documentos</dt><dd>RG; CPF.</dd>" in nomination


def test_a_convocation_published_with_the_rule_files_own_vacancy_words_replays_from_its_archive(
        tmp_path, own_site_url, capsys):
    """A rule file's own `rotulo_vaga` (not «reservada a» + rotulo): the archived convocação's rows say «vaga
    reservada a candidatos negros (cotas raciais)», and the next build reads its places back with the words the act
    published in its rules — even after the rule file's words change (before: «lista de convocados ilegível», and no
    build at all)."""
    rules = tmp_path / "jurisdicoes"
    rules.mkdir()
    text = (Path(__file__).parents[1] / "content" / "jurisdicoes" / "lins.toml").read_text(encoding="utf-8")
    assert text.count("[grupos.negro]\n") == 1
    (rules / "lins.toml").write_text(text.replace(
        "[grupos.negro]\n", '[grupos.negro]\nrotulo_vaga = "reservada a candidatos negros (cotas raciais)"\n'),
        encoding="utf-8")
    folder = _exam(tmp_path, NOMINATION.replace("vagas = 2", "vagas = 3"))
    _edit(folder, "1008,Ana Maria Costa,GCM,78.00,1990-01-03,,F,N", "1008,Ana Maria Costa,GCM,78.00,1990-01-03,,F,S",
          "candidatos.csv")  # a second negra candidate, for the reserved 3rd place (1003 takes the 1st by her score)
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    record = next(r for r in archive.read(folder) if r.slug == "ato-50-2024")
    rows = record.view()["corpo"]["convocados"]
    assert (rows[2]["inscricao"], rows[2]["vaga"]) == ("1008", "reservada a candidatos negros (cotas raciais)")
    expected = [(1, "ampla", "1003"), (2, "ampla", "1004"), (3, "negro", "1008")]
    assert [(c["posicao"], c["vaga"], c["inscricao"]) for c in _gcm(prepare(folder))["convocacoes"]] == expected
    # new words in the rule file: the archived act is still read (its own words), and the record gate says the
    # history it printed («vaga reservada a …») differs, as for any change of rules after a publication
    _edit(rules, "reservada a candidatos negros (cotas raciais)", "reservada a pessoas negras", "lins.toml")
    with pytest.raises(InputError) as stopped:
        prepare(folder)
    (problem,) = stopped.value.problems
    assert "ilegível" not in problem.message and "difere do publicado" in problem.message


# -- what a convocação publishes besides its calls (eventos.csv) ----------------------------------------------------
def test_the_act_an_event_cites_prints_that_event_in_its_pdf_and_record(tmp_path, own_site_url, capsys):
    """eventos.csv says convocação 52/2024 published 1003's withdrawal and 55/2024 made 1004's nomination void: each
    act, as `gazeta publicar` archives it, says so in its own text (PDF and record), with the place the person held
    and the act that had called them; the card and the list cite these acts for it (the record is the truth: every
    citation opens a page that shows what it cites). Before, the acts printed only their calls: «1ª — 1006»."""
    import pypdf

    folder = _exam(tmp_path, NOMINATION)
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    (folder / "eventos.csv").write_text("data,ato,tipo,inscricao,cargo,vagas,resultado\n"
                                        "26/07/2024,52/2024,desistencia,1003,,,\n"
                                        "05/08/2024,55/2024,sem_efeito,1004,,,\n", encoding="utf-8")
    calls = "".join(f'\n[[atos]]\ntipo = "convocacao"\nnumero = "{n}"\ndata = {d}\nedicao = "{e}"\ncargo = "GCM"\n'
                    "vagas = 1\n" for n, d, e in (("52/2024", "2024-07-26", "1540"), ("55/2024", "2024-08-05", "1545")))
    (folder / "certame.toml").write_text((folder / "certame.toml").read_text(encoding="utf-8") + calls,
                                         encoding="utf-8")
    assert main(["publicar", str(folder)]) == 0, capsys.readouterr().err
    expected = {
        "ato-52-2024": ("desistencia", "Torna-se pública a desistência de Carla Dias, inscrição 1003, do cargo GCM — "
                        "Guarda Civil Municipal, convocado(a) para a 1ª posição da ordem de nomeação pelo Edital de "
                        "Convocação nº 50/2024."),
        "ato-55-2024": ("sem_efeito", "Fica tornada sem efeito a nomeação de Diego Reis, inscrição 1004, do cargo GCM "
                        "— Guarda Civil Municipal, convocado(a) para a 2ª posição da ordem de nomeação pelo Edital de "
                        "Convocação nº 50/2024."),
    }
    for slug, (kind, sentence) in expected.items():
        record = _record(folder, slug)
        assert [(e["tipo"], e["texto"]) for e in record["corpo"]["publica"]] == [(kind, sentence)]
        pdf = next((folder / "arquivo" / slug).glob("*.pdf"))
        text = " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages).split())
        assert "Este ato torna público, ainda: " + sentence in text, text[:800]
    # the first convocação published nothing of the kind: its body has no such key (acts archived before stay so)
    assert "publica" not in _record(folder, "ato-50-2024")["corpo"]


def _record(folder: Path, slug: str) -> dict:
    """The archived act's public view and body, as published (store/archive.ACT_FILE)."""
    return json.loads((folder / "arquivo" / slug / archive.ACT_FILE).read_text(encoding="utf-8"))
