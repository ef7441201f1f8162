"""Convocações in the outputs: the contract's convocacoes/convocado_por/historico and the public history lines."""

from __future__ import annotations

import json

import pytest

from generator.law.calls import apply
from generator.contract import contract
from generator.public import exam_view
from generator.render.site.pages import Status
from generator.results import compute
from scenario_kit import SCENARIOS, load_acts, load_scenario, rules


def _result(name: str):
    data, exam = load_scenario(SCENARIOS / f"{name}.toml")
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    acts, events = load_acts(data, exam.positions[0].code)
    result.timelines = apply(result, acts, events)
    return result


def test_contract_says_who_was_called_by_which_act_and_what_happened():
    data = contract(_result("lins-desistencia-apos-convocacao"))
    cargo = data["cargos"][0]
    by_reg = {n["inscricao"]: n["convocado_por"] for n in cargo["nomeacao"]}
    assert by_reg["1001"] == "50/2024" and by_reg["1003"] == "51/2024" and by_reg["1008"] is None
    quit_, refill = [c for c in cargo["convocacoes"] if c["posicao"] == 3]
    assert (quit_["inscricao"], quit_["situacao"], quit_["encerrada_por"]) == ("1006", "desistiu", "310/2024")
    assert (refill["inscricao"], refill["substitui"], refill["ato"]) == ("1007", "1006", "51/2024")
    assert "art. 5º, § 1º" in refill["fundamento"]
    assert cargo["historico"]["1006"][1]["texto"] == "Desistência publicada pelo Ato nº 310/2024, de 20/08/2024."
    json.dumps(data)  # plain JSON


def test_public_history_reaches_the_candidate_row_escaped():
    view = exam_view(_result("lins-desistencia-apos-convocacao"))
    p = view["cargos"][0]
    assert p["historico"]["1007"] == [
        "Convocado pelo Edital de Convocação nº 51/2024, de 02/09/2024 (3ª posição, vaga reservada a pessoas negras)."]
    cell = Status(p).at(1, False)("1007")
    assert '<ul class="historico"><li>Convocado pelo Edital de Convocação nº 51/2024' in cell
    assert "historico" not in Status(p).at(1, False)("1010")  # never called: no history


def test_commission_outcomes_stay_out_of_the_named_history():
    result = _result("lins-comissao-alem-das-vagas")
    p = exam_view(result)["cargos"][0]
    text = json.dumps(p["historico"], ensure_ascii=False)
    assert "confirmad" not in text and "comissão" not in text.lower() and "10, parágrafo único" not in text
    assert len(p["historico"]["1007"]) == 3  # two convocações and the neutral line of the refill, no reason


def test_without_acts_or_events_nothing_changes():
    data, exam = load_scenario(SCENARIOS / "lins-desistencia-vaga-reservada.toml")
    result, _ = compute(exam, rules(data["jurisdicao"]))
    out = contract(result)
    assert "atos" not in out and "convocacoes" not in out["cargos"][0]
    assert all("convocado_por" not in n for n in out["cargos"][0]["nomeacao"])
    assert exam_view(result)["cargos"][0]["historico"] == {}


def test_explicar_tells_the_staff_what_happened_over_time():
    from generator.explain import explain
    result = _result("lins-comissao-alem-das-vagas")
    lines = explain(result, "1007")
    assert "Durante a validade: Convocado pelo Edital de Convocação nº 52/2024, de 07/10/2024 (7ª posição, vaga " \
        "reservada a pessoas negras, cadastro de reserva)." in lines
    assert any(line.startswith("Deixou a 7ª posição pelo resultado da comissão (ato 53/2024): saiu da lista reservada")
               and "art. 10, parágrafo único, II" in line for line in lines)
    waiting = explain(result, "1009")
    assert any("aguarda o procedimento da comissão" in line and "art. 7º, § 3º" in line for line in waiting)


def test_a_refill_after_a_commission_outcome_cites_a_neutral_basis_and_the_row_says_the_same():
    """Issue 22 item 3 (LEGAL-NOTES 7, extended): 1007 was called to the 7th place (negro, beyond V) by 52/2024
    and not confirmed by the CAPPC (event of act 53/2024). The convocação that refills the place (54/2024) cites
    "vaga não preenchida" and the article that passes the place to the next of the same list, never the outcome's
    article; 1007's row says, citing 54/2024, that the place was not filled and passed on — neither naming the
    reason nor the commission's act."""
    from generator.act_body import body
    from generator.acts.model import CALL, Act, Edition
    result = _result("lins-comissao-alem-das-vagas")
    act = next(p.act for p in result.timelines["C1"].places if p.act.number == "54/2024")
    rows = body(act, result, None, {"titulo": "Concurso"})["convocados"]
    seventh = next(r for r in rows if r["posicao"] == "7ª")
    assert seventh["fundamento"].startswith("Vaga não preenchida: ") and "art. 5º, § 1º" in seventh["fundamento"]
    assert all("10, parágrafo único" not in r["fundamento"] for r in rows)
    lines = exam_view(result)["cargos"][0]["historico"]["1007"]
    assert lines[1] == ("A 7ª posição (vaga reservada a pessoas negras) não foi preenchida e passou ao candidato "
                        "seguinte, pelo Edital de Convocação nº 54/2024, de 11/11/2024.")
    assert "53/2024" not in json.dumps(exam_view(result)["cargos"][0], ensure_ascii=False)


@pytest.mark.parametrize("name, registration, kind, words", [
    ("cariacica-anulacao-declaracao-falsa-substituto-da-mesma-lista", "2006", "anulacao",
     "Nomeação anulada, com eliminação do concurso, pelo Ato nº 63/2024, de 21/10/2024."),
    ("cariacica-sem-efeito-vaga-ampla", "2002", "sem_efeito",
     "Nomeação tornada sem efeito pelo Ato nº 61/2024, de 02/09/2024."),
    ("lins-desistencia-apos-convocacao", "1006", "desistencia",
     "Desistiu da nomeação (desistência publicada pelo Ato nº 310/2024, de 20/08/2024)."),
])
def test_a_later_act_is_marked_on_the_current_lists_site_and_data(tmp_path, name, registration, kind, words):
    """Issue 19 item 5: annulled, made void or withdrawn — the current list says so, with the act, on the site and in
    the open data (the archived act's files are copies, never rendered again)."""
    import csv
    from generator.render.data.package import write_open_data
    result = _result(name)
    view = exam_view(result)
    p = view["cargos"][0]
    assert p["situacoes"][registration]["situacao"] == kind and p["situacoes"][registration]["texto"] == words
    cell = Status(p).at(1, False)(registration)
    assert cell.startswith(f'<strong class="situacao">{words}</strong>')
    assert "situacao" not in Status(p).at(1, False)(p["listas"][0]["entradas"][-1]["inscricao"]) or \
        p["listas"][0]["entradas"][-1]["inscricao"] in p["situacoes"]
    data = write_open_data(view, [p], tmp_path / "dados")
    with open(data["files"][("C1", "geral")]["csv"], encoding="utf-8-sig", newline="") as handle:
        rows = {r["inscricao"]: r for r in csv.DictReader(handle, delimiter=";")}
    assert (rows[registration]["situacao"], rows[registration]["situacao_ato"]) == (kind, p["situacoes"][registration]["ato"])
    assert all(r["situacao"] == "" for reg, r in rows.items() if reg != registration)
