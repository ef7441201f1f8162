"""Legal scenarios as data: each file in tests/scenarios/ names the articles it exercises."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.results import compute
from generator.law.calls import apply
from generator.errors import InputError
from scenario_kit import RULES, SCENARIOS, load_acts, load_scenario, registration_range, registrations, rules

FILES = sorted(SCENARIOS.glob("*.toml"))


@pytest.fixture(params=FILES, ids=[f.stem for f in FILES])
def scenario(request):
    data, exam = load_scenario(request.param)
    if "falha_conhecida" in data:  # a fault named in an issue, not fixed yet: the hand-computed result must fail
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=data["falha_conhecida"]))
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert data.get("artigos"), "every scenario names the articles it exercises"
    if not (RULES / f"{data['jurisdicao']}.toml").is_file():  # a test edital: the computation by hand, in words
        assert len(data.get("calculo", "")) > 200, "a test edital's scenario shows its computation as text"
    if "problemas" in data["esperado"]:  # the data leave the case open: problems, and nothing computed
        return data["esperado"], problems, exam
    assert not problems, [str(p) for p in problems]
    return data["esperado"], result.positions[0], exam


CALLS = [f for f in FILES if "atos" in load_scenario(f)[0]]  # with [[etapas]] too: they must not shift these


@pytest.mark.parametrize("path", CALLS, ids=[f.stem for f in CALLS])
def test_calls_over_validity(path):
    """Convocações and events as data: each called place with its act, status and commission wait."""
    data, exam = load_scenario(path)
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    acts, events = load_acts(data, exam.positions[0].code)
    expected = data["esperado"]
    if "erro" in expected:
        with pytest.raises(InputError) as caught:
            apply(result, acts, events)
        assert expected["erro"] in str(caught.value)
        return
    timeline = apply(result, acts, events)[exam.positions[0].code]
    reg = [c.registration for c in result.positions[0].order]
    got = [" ".join([str(p.position), reg[p.index], p.group, p.act.number]
                    + ([p.status] if p.status != "convocado" else []) + (["aguardando"] if p.awaiting else []))
           for p in timeline.places]
    assert got == expected["convocacoes"]
    for registration, lines in expected.get("historico", {}).items():
        assert [h.text for h in timeline.history.get(reg.index(registration), [])] == lines
    if "vagas" in expected:
        assert timeline.vacancies == expected["vagas"]
    for g, n in expected.get("reservas_apos", {}).items():
        assert timeline.counts[g] == n
    # every place cites its articles; a place is held by one candidate at a time
    assert all(p.bases and all(b.article for b in p.bases) for p in timeline.places)
    held = [p.index for p in timeline.places if p.status == "convocado"]
    assert len(held) == len(set(held))


STAGES = [f for f in FILES if "etapas" in load_scenario(f)[0]]


@pytest.mark.parametrize("path", STAGES, ids=[f.stem for f in STAGES])
def test_stage_convocations(path):
    """Convocações to a stage (LEGAL-NOTES 18): whom each calls, in its order, computed by hand in the scenario; no
    nomination position taken (the scenario's nomination convocações, in test_calls_over_validity, run beside
    them)."""
    data, exam = load_scenario(path)
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    acts, events = load_acts(data, exam.positions[0].code)
    timeline = apply(result, acts, events)[exam.positions[0].code]
    reg = [c.registration for c in result.positions[0].order]
    expected = data["esperado"]["etapas"]
    assert {act: [reg[i] for i in called] for act, called in timeline.stages.items()} == \
        {act: registrations(items) for act, items in expected.items()}
    assert all(p.act.id not in expected for p in timeline.places)  # a stage call holds no place


def test_scenario(scenario):
    expected, pr, exam = scenario
    if "problemas" in expected:
        texts = [str(p) for p in pr]
        assert texts, "a problem was expected"
        for fragment in expected["problemas"]:
            assert any(fragment in t for t in texts), (fragment, texts)
        return
    reg = [c.registration for c in pr.order]
    noms = pr.allocation.nominations
    vacancies = exam.positions[0].vacancies
    within = [f"{reg[n.index]} {n.group}" for n in noms if not n.register]
    if "reservas" in expected:
        assert {g: pr.allocation.counts.get(g, 0) for g in expected["reservas"]} == expected["reservas"]
    if "nomeacao" in expected:
        assert within == expected["nomeacao"]
    if "inicio" in expected:  # the first positions of the order within V (a long order computed by hand in part)
        assert within[: len(expected["inicio"])] == expected["inicio"]
    if "reservadas" in expected:
        got = [f"{n.position} {reg[n.index]} {n.group}" for n in noms if not n.register and n.group != "ampla"]
        assert got == expected["reservadas"]
    if "ampla" in expected:
        assert [reg[n.index] for n in noms if not n.register and n.group == "ampla"] == \
            registration_range(expected["ampla"])
    if "cadastro" in expected:
        register = [f"{reg[n.index]} {n.group}" for n in noms if n.register]
        assert register[: len(expected["cadastro"])] == expected["cadastro"]
    if "cadastro_tamanho" in expected:  # the edital's cadastro size: nobody projected beyond it
        assert sum(1 for n in noms if n.register) == expected["cadastro_tamanho"]
    for item in expected.get("motivos", []):
        position, reason = item.split()
        assert noms[int(position) - 1].reason == reason, item
    for group, members in expected.get("listas", {}).items():  # the full lists (substitutes, cadastro)
        assert [reg[i] for i in (pr.lists if group == "geral" else pr.pools)[group]] == members, group
    for group, members in expected.get("publicadas", {}).items():  # what the norm has published
        assert [reg[i] for i in pr.lists[group]] == members, group
    if "eliminados" in expected:
        assert sorted(e.candidate.registration for e in pr.eliminated) == sorted(expected["eliminados"])
    if "substitutos" in expected:
        assert sorted(reg[i] for i in pr.allocation.replacements) == sorted(expected["substitutos"])
    # every scenario: V places exactly (when there are enough candidates), each with its legal basis
    assert len(within) == min(vacancies, len(pr.order) - len(pr.withdrawn))
    assert all(n.bases and all(b.article for b in n.bases) for n in noms)
    counts = Counter(n.group for n in noms if not n.register)
    for g, n in pr.allocation.counts.items():
        assert counts[g] <= n


def test_lins_reserved_places_beyond_v_await_the_commission():
    """Lins art. 7º § 3º: a reserved place beyond the vacancies cites that the CAPPC analyses it only once the new
    nominations are authorised; MS has no such rule."""
    data, exam = load_scenario(SCENARIOS / "lins-listas-especificas-so-dentro-das-vagas.toml")
    pr = compute(exam, rules("lins"))[0].positions[0]
    waiting = [n for n in pr.allocation.nominations if any(b.article == "art. 7º, § 3º" for b in n.bases)]
    assert {pr.order[n.index].registration for n in waiting} == {"2003", "2004"}
    assert all(n.register and n.group == "negro" for n in waiting)
    data, exam = load_scenario(SCENARIOS / "ms-49-vagas-cadastro-degrau-duplo.toml")
    pr = compute(exam, rules("mato-grosso-do-sul"))[0].positions[0]
    assert not any(b.article == "art. 7º, § 3º" for n in pr.allocation.nominations for b in n.bases)
