"""Rules for real editais (issue 10): edition numbers, words and outcomes from the rule file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import tomllib

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator import public
from generator.errors import InputError
from generator.explain import explain
from generator.law.rules import load_rules
from generator.pipeline import prepare
from generator.render.pdf.html import edition_line, masthead as pdf_masthead
from generator.render.site.pages import act_jsonld, environment

ROOT = Path(__file__).resolve().parents[1]
MS_EXAM = ROOT / "content" / "certames" / "ms-2024-pss"


def _without_edition(tmp_path: Path) -> Path:
    exam = tmp_path / "certame"
    shutil.copytree(MS_EXAM, exam, ignore=shutil.ignore_patterns("arquivo"))  # never published: free to edit
    toml = exam / "certame.toml"
    text = toml.read_text(encoding="utf-8")
    assert 'edicao = "11.514"\n' in text
    toml.write_text(text.replace('edicao = "11.514"\n', ""), encoding="utf-8")
    return exam


def test_an_unknown_edition_is_left_out_of_masthead_provenance_and_metadata(tmp_path):
    """Issue 10 item 8: `publicacao.edicao` may be left out; the masthead omits it, never «a confirmar»."""
    result = prepare(_without_edition(tmp_path), ROOT / "content" / "jurisdicoes")
    view = public.exam_view(result, False, act=result.exam.acts[0])  # the act whose edition is left out
    pub = view["publicacao"]
    assert pub["edicao"] == ""
    pdf_env = Environment(loader=FileSystemLoader(ROOT / "templates"), undefined=StrictUndefined)
    masthead = pdf_env.get_template("pdf/_masthead.html").render(exam=view, **pdf_masthead(view))
    provenance = environment().get_template("_provenance.html").render(exam=view)
    for text in (masthead, provenance, edition_line(pub)):
        assert "dição" not in text and "confirmar" not in text, text
        assert pub["data_extenso"] in text
    assert "issueNumber" not in act_jsonld(view, "https://x/", None)["isPartOf"]


def test_with_an_edition_the_masthead_names_it():
    result = prepare(MS_EXAM, ROOT / "content" / "jurisdicoes")
    view = public.exam_view(result, False, act=result.exam.acts[0])
    assert edition_line(view["publicacao"]).startswith("Edição nº 11.514 · ")


LINS_EXAM = ROOT / "content" / "certames" / "lins-2024-gcm"
LINS_RULES = ROOT / "content" / "jurisdicoes" / "lins.toml"


def _lins_with(tmp_path: Path, rules_edit, commission_edit=None) -> tuple[Path, Path]:
    """The Lins example under a copy of its rule file changed by `rules_edit` (and its comissao.csv)."""
    rules_dir = tmp_path / "jurisdicoes"
    rules_dir.mkdir()
    (rules_dir / "lins.toml").write_text(rules_edit(LINS_RULES.read_text(encoding="utf-8")), encoding="utf-8")
    exam = tmp_path / "certame"
    shutil.copytree(LINS_EXAM, exam, ignore=shutil.ignore_patterns("arquivo"))  # unpublished: free to edit
    if commission_edit:
        path = exam / "comissao.csv"
        path.write_text(commission_edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return exam, rules_dir


def test_group_words_come_from_the_rule_file(tmp_path):
    """Issue 10 item 7: the women's group of a «Guarda Municipal» is not called «Guarda Civil Municipal»."""
    exam, rules_dir = _lins_with(tmp_path, lambda t: t.replace(
        'rotulo = "mulheres (Guarda Civil Municipal)"', 'rotulo = "mulheres (Guarda Municipal)"'))
    result = prepare(exam, rules_dir)
    gcm = public.position_view(result, result.positions[0])
    assert gcm["rotulos"]["grupos"]["mulher"] == "mulheres (Guarda Municipal)"
    assert gcm["rotulos"]["vagas"]["mulher"] == "reservada a mulheres (Guarda Municipal)"
    woman = next(n for n in gcm["nomeacao"] if n["vaga"] == "mulher")
    said = "\n".join(explain(result, woman["inscricao"]))
    assert "vaga reservada a mulheres (Guarda Municipal)" in said and "mulheres (Guarda Civil" not in said


def test_an_outcome_defined_by_the_rule_file_eliminates_with_its_words(tmp_path):
    """Issue 10 item 7: a disability judged incompatible with the duties eliminates (edital's outcome)."""
    outcome = ('[comissao.pcd.incompativel]\nefeito = "elimina"\nfundamento = "art. 6º, II"\n'
               'rotulo = "deficiência incompatível com as atribuições do cargo"\n\n[publico]')
    exam, rules_dir = _lins_with(tmp_path, lambda t: t.replace("[publico]", outcome),
                                 lambda t: t.replace("01347878,pcd,confirmado", "01347878,pcd,Incompatível"))
    result = prepare(exam, rules_dir)
    views = [public.position_view(result, pr) for pr in result.positions]
    view = next(v for v in views if any(r["inscricao"] == "01347878" for r in v["comissao"]["resultados"]))
    gone = next(e for e in view["eliminados"] if e["inscricao"] == "01347878")
    assert gone["motivo"] == "deficiência incompatível com as atribuições do cargo"
    assert gone["fundamento"]["texto"] == "Decreto Municipal de Lins nº 13.760/2024, art. 6º, II"
    assert not any(n["inscricao"] == "01347878" for v in views for n in v["nomeacao"])
    row = next(r for r in view["comissao"]["resultados"] if r["inscricao"] == "01347878")
    assert (row["resultado"], row["efeito"]) == ("incompativel", "elimina")
    assert "deficiência incompatível" in "\n".join(explain(result, "01347878"))


TEST_RULES = ROOT / "tests" / "editais"


def test_a_sequence_of_positions_continues_beyond_the_vacancies():
    """Issue 10 item 3: 2, 21, 41, 61… as a rule (first positions + interval), counted without a scan."""
    from generator.allocate import Sequence
    seq = Sequence((2, 21), 20)
    assert [seq.nth(c) for c in range(1, 6)] == [2, 21, 41, 61, 81]
    positions = {seq.nth(c) for c in range(1, 60)}
    for k in range(0, 300):
        assert seq.count_upto(k) == sum(1 for p in positions if p <= k), k
    assert Sequence((3, 8)).nth(3) is None and Sequence((3, 8)).count_upto(100) == 2


@pytest.mark.parametrize("old,new,expected", [
    ("posicoes = [2, 21]\n", "", "chave «grupos.pcd.posicoes_intervalo»: só vale com «posicoes»"),
    ("posicoes = [2, 21]", "posicoes = [21, 2]", "chave «grupos.pcd.posicoes»: deveria ser uma lista crescente"),
    ('arredondamento_fundamento = "item 2.5"\n', "", "chave «grupos.pcd.arredondamento_fundamento»: chave obrigatória"),
    ('arredondamento = "ceil"', 'arredondamento = "sobe"', "chave «grupos.pcd.arredondamento»: use uma de"),
    ("posicoes_intervalo = 20", "posicoes_intervalo = 0", "chave «grupos.pcd.posicoes_intervalo»: deveria ser"),
])
def test_group_rules_are_checked_with_their_key(tmp_path, old, new, expected):
    text = (TEST_RULES / "guarda-exemplo.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "guarda-exemplo.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_rules(path)
    assert expected in str(exc.value)


def test_group_shares_of_the_cadastro_cannot_exceed_its_size(tmp_path):
    text = (TEST_RULES / "cadastro-exemplo.toml").read_text(encoding="utf-8")
    path = tmp_path / "cadastro-exemplo.toml"
    path.write_text(text.replace("total = 6", "total = 1"), encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_rules(path)
    assert "chave «cadastro.total»: as vagas dos grupos no cadastro (2) passam do total (1)" in str(exc.value)


def test_explain_says_a_candidate_is_beyond_the_cadastro():
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from scenario_kit import load_scenario, rules
    from generator.results import compute
    _, exam = load_scenario(ROOT / "tests" / "scenarios" / "cadastro-exemplo-12-vagas-cadastro-de-6.toml")
    result, _ = compute(exam, rules("cadastro-exemplo"))
    said = "\n".join(explain(result, "9014"))
    assert "o cadastro de reserva tem 6 posição(ões) além das vagas. Fundamento: Edital nº 2/2025, item 3.5." in said
    assert "9013" in "\n".join(explain(result, "9013")) and "cadastro de reserva" in "\n".join(explain(result, "9013"))


def _scenario(name: str):
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from scenario_kit import load_scenario, rules
    from generator.results import compute
    data, exam = load_scenario(ROOT / "tests" / "scenarios" / f"{name}.toml")
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    return result


def test_explain_a_floor_place_and_a_woman_counted_within_ampla():
    """Issue 10 item 1: the `minimo` model holds in `explicar` too."""
    result = _scenario("guarda-exemplo-minimo-de-mulheres-nao-alcancado")
    extra = "\n".join(explain(result, "5002"))
    assert "30ª posição, dentro das 30 vagas, em vaga reservada a mulheres (Guarda Municipal)" in extra
    assert "não alcançaram o mínimo do grupo" in extra and "Edital nº 1/2024, item 2.8" in extra
    within = "\n".join(explain(result, "5001"))
    assert "Conta para o mínimo de mulheres (Guarda Municipal) (Edital nº 1/2024, item 2.8)" in within


SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_stepwise_cadastro_agrees_with_the_incremental_one(path):
    """Floors (`minimo`) project the cadastro by reading 5's definition, one static allocation per position; on every
    scenario without a floor, that definition and the incremental walk give the same order and vacancy types."""
    from generator import allocate as alloc
    from generator.results import policy_for
    if "problemas" in tomllib.loads(path.read_text(encoding="utf-8"))["esperado"]:
        pytest.skip("an unresolved case: nothing is allocated")
    result = _scenario(path.stem)
    pr = result.positions[0]
    policy, _ = policy_for(pr.position, result.rules)
    if any(g.model == alloc.MINIMUM for g in policy.groups):
        pytest.skip("a floor: only the stepwise projection applies")
    pools = {g.key: list(pr.lists.get(g.key, [])) for g in policy.groups}
    withdrawn = set(pr.withdrawn)
    walked = alloc.allocate(len(pr.order), pools, withdrawn, policy)
    stepped = alloc.allocate(len(pr.order), pools, withdrawn, policy, project=False)
    alloc._project_stepwise(stepped, len(pr.order), pools, withdrawn, policy)
    assert [(n.index, n.group) for n in stepped.nominations] == [(n.index, n.group) for n in walked.nominations]


def _rules_page(view: dict) -> str:
    """rules.html rendered as the site renders it (Site.page's context), whitespace collapsed."""
    html = environment().get_template("rules.html").render(
        exam=view, title="Regras aplicadas", root="../", crumbs=None, cite=None, jsonld=None, description=None,
        has_page=lambda rel: True)
    return " ".join(html.split())


def test_the_rules_page_shows_what_was_applied_with_citations_and_notes(tmp_path):
    """Issue 10 item 9: percentages, models, rounding, positions, cadastro, precedence and tie-break, each cited."""
    result = _scenario("guarda-exemplo-minimo-de-mulheres-nao-alcancado")
    view = public.exam_view(result, False)
    text = _rules_page(view)
    for expected in (
        "Mulheres (Guarda Municipal)", "Mínimo do grupo no cargo: os membros classificados na ampla concorrência contam para ele", "Edital nº 1/2024, item 2.8",
        "Um mínimo, não uma reserva",  # the note of the model, in the page's Notas
        "2ª, 21ª e, depois, a cada 20 (41ª, 61ª…), também além das vagas", "Edital nº 1/2024, item 2.6",
        "qualquer fração arredonda para cima", "Edital nº 1/2024, item 2.5",
        "2: posições da sequência até a 30ª",
        "2: 5% de 30 = 1,5 → 2 (fração ≥ 0,5 arredonda para cima, &lt; 0,5 para baixo)",
        "Mulheres (Guarda Municipal) antes de pessoas com deficiência", "Edital nº 1/2024, item 2.12",
        "deficiência incompatível com as atribuições do cargo", "eliminado do concurso", "item 5.9",
        "Lei Federal nº 10.741/2003, art. 27, parágrafo único",
        # the edital's tie-break, criterion by criterion, each cited (issue 10 item 5)
        "estes critérios, nesta ordem (o arquivo de regras)",
        "Quem tem 60 anos ou mais no último dia das inscrições vem antes", "Edital nº 1/2024, item 7.3, a",
        "Maior nota na prova de conhecimentos específicos", "Edital nº 1/2024, item 7.3, b",
        "Maior nota na prova de conhecimentos gerais", "O mais velho", "Edital nº 1/2024, item 7.3, d",
        "Maior valor na coluna «jurado» (S = exerceu a função de jurado, vale 1; N vale 0)", "Edital nº 1/2024, item 7.3, e",
    ):
        assert expected in text, expected
    # the model's citation points at its numbered note, which the page lists (issue 7: notes reach the citizen)
    number = next(n["numero"] for n in view["notas"] if n["texto"].startswith("Um mínimo, não uma reserva"))
    assert f'href="#nota-{number}"' in text and f'<li id="nota-{number}"' in text
    for private in ("nascimento", "cpf", "parecer"):
        assert private not in view["regras"].__repr__().lower()


def test_the_rules_page_of_a_seed_states_its_counts(tmp_path):
    result = prepare(LINS_EXAM, ROOT / "content" / "jurisdicoes")
    text = _rules_page(public.exam_view(result, False))
    assert "6: contagem fixada para o cargo, que prevalece sobre o percentual" in text
    assert "2: 20% de 10 = 2 → 2" in text and "Reserva concomitante: o cotista classificado na ampla" in text
    assert 'href="../legislacao/lins-decreto-13760-2024/#art6_cpt_inc2"' in text


def test_every_rule_key_is_documented_for_staff():
    """Issue 10 item 10: the README's section on writing a rule file names every key the loader accepts."""
    from generator.law.rules import audit_keys
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Escrever o arquivo de regras de um novo edital")[1].split("\n## ")[0]
    accepted = set()
    for path in [*(ROOT / "content" / "jurisdicoes").glob("*.toml"), *TEST_RULES.glob("*.toml")]:
        accepted |= audit_keys(path)[0]
    # a key is documented as `key`, or, when it is itself a table, by its header: [grupos.<grupo>], [[precedencia.fixa]]
    missing = sorted((table, key) for table, key in accepted if f"`{key}`" not in section
                     and f"[{key}" not in section and f"[{table}.{key}]" not in section)
    assert not missing, missing
    for table in {t.split(".")[0].split("[")[0] for t, _ in accepted if t}:
        assert f"[{table}" in section, table


def test_a_rule_file_alone_publishes_an_edital_of_another_shape(tmp_path):
    """Done when (issue 10): a new jurisdiction file, an exam folder and the site — lists, order within V,
    cadastro, eliminations and the rules page — with no code; the edition number unknown and left out."""
    from generator.build import build
    content = tmp_path / "content"
    (content / "jurisdicoes").mkdir(parents=True)
    shutil.copy(TEST_RULES / "guarda-exemplo.toml", content / "jurisdicoes")
    exam = content / "certames" / "gm-2024"
    exam.mkdir(parents=True)
    (exam / "certame.toml").write_text(
        'jurisdicao = "guarda-exemplo"\ntitulo = "Concurso Público nº 1/2024 — Resultado final"\n'
        'orgao = "Prefeitura do Município Exemplo A"\nedital = "Edital nº 1/2024"\n\n[publicacao]\n'
        'diario = "Diário Oficial do Município Exemplo A"\ndata = 2024-07-01\nsecao = "Atos Oficiais"\n\n'
        '[[cargos]]\ncodigo = "GM"\nnome = "Guarda Municipal"\nvagas = 4\nguarda_municipal = true\n',
        encoding="utf-8")
    rows = [("1001", "Ana Lima", "90", "F", "N"), ("1002", "Bruno Dias", "89", "M", "N"),
            ("1003", "Caio Reis", "88", "M", "S"), ("1004", "Davi Melo", "87", "M", "N"),
            ("1005", "Edu Sá", "86", "M", "N"), ("1006", "Fábio Luz", "85", "M", "S"), ("1007", "Gil Rocha", "84", "M", "N")]
    (exam / "candidatos.csv").write_text("inscricao,nome,cargo,nota,sexo,pcd\n" + "".join(
        f"{r},{n},GM,{s},{x},{d}\n" for r, n, s, x, d in rows), encoding="utf-8")
    (exam / "comissao.csv").write_text("inscricao,procedimento,resultado\n1003,pcd,Incompatível\n1006,pcd,confirmado\n",
                                       encoding="utf-8")
    site = tmp_path / "site"
    build(content, site, pdf=False)
    order = (site / "certames" / "gm-2024" / "gm" / "nomeacao" / "index.html").read_text(encoding="utf-8")
    rows_html = re.findall(r'<tr id="n-(\d+)">.*?<span class="vaga[^"]*">([^<]+)</span>.*?>(\d{4})</a>', order)
    # 4 vacancies: PcD 5% of 4 = 0,2 → 1 (item 2.5, any fraction up) at the 2nd place (item 2.6); women: at least
    # 5% of 4 = 0,2 → 0 (item 2.8): Ana counts anyway, nominated by ampla. 1003 is eliminated (item 5.9); the PcD
    # place goes to 1006. Ampla: 1001, 1002, 1004. Cadastro: 1005, 1007.
    assert [(p, r) for p, _, r in rows_html] == [("1", "1001"), ("2", "1006"), ("3", "1002"), ("4", "1004"),
                                                 ("5", "1005"), ("6", "1007")]
    assert rows_html[1][1] == "Pessoas com deficiência"
    gone = (site / "certames" / "gm-2024" / "gm" / "eliminados" / "index.html").read_text(encoding="utf-8")
    assert "1003" in gone and "deficiência incompatível com as atribuições do cargo" in gone
    rules_page = (site / "certames" / "gm-2024" / "regras" / "index.html").read_text(encoding="utf-8")
    assert "Edital nº 1/2024, item 2.8" in rules_page and "1: posições da sequência até a 4ª" in rules_page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "edição nº" not in home and "confirmar" not in home


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def floor_cases(draw):
    """A cargo under the test edital guarda-exemplo: women's floor, PcD by sequence, random sexes, options and
    withdrawals."""
    from generator.model import Candidate, Exam, Position, Publication
    from datetime import date, timedelta
    from decimal import Decimal
    vacancies = draw(st.integers(1, 45) | st.integers(10, 45))  # from 10 on, 5% rounds to a floor ≥ 1
    n = draw(st.integers(0, 70) | st.integers(vacancies, vacancies + 30) | st.integers(vacancies, vacancies + 30))
    people = []
    women = draw(st.sampled_from([0, 1, 1, 4]))  # in 20, among the best ranked: so the floor is often not met
    below = draw(st.sampled_from([0, 5, 10]))  # in 20, among those ranked below the vacancies
    for i in range(n):
        reg = str(1000 + i)
        share = women if i < vacancies else below
        people.append(Candidate(reg, f"C {reg}", "GM", Decimal(1000 - i) / 10, None,
                                date(1980, 1, 1) + timedelta(days=i), None,
                                draw(st.sampled_from("M" * (20 - share) + "F" * share)), frozenset({"pcd"}) if draw(st.integers(0, 9)) == 0
                                else frozenset(), "aprovado", i + 2))
    withdrawn = [c.registration for c in people if draw(st.integers(0, 14)) == 0]
    exam = Exam("t", "guarda-exemplo", "T", "O", "E", Publication("D", "", date(2024, 7, 1), "S"),
                [Position("GM", "Guarda Municipal", vacancies, municipal_guard=True)], people, [], withdrawn)
    return exam


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(floor_cases())
def test_a_floor_is_met_by_the_fewest_changes_and_keeps_the_classification(exam):
    """LEGAL-NOTES 12 (`minimo`): women within ampla count; the floor is met whenever women are left; extra women
    enter only for the shortfall, each displacing a man ranked below every kept one; non-PcD places follow the
    classification; V places are filled."""
    from generator.results import compute
    from generator.law.rules import load_rules
    rules = load_rules(TEST_RULES / "guarda-exemplo.toml")
    result, problems = compute(exam, rules)
    assert not problems
    pr = result.positions[0]
    floor = pr.allocation.counts["mulher"]
    within = [n for n in pr.allocation.nominations if not n.register]
    out = set(pr.withdrawn)
    assert len(within) == min(exam.positions[0].vacancies, len(pr.order) - len(out))
    general = [n for n in within if n.group != "pcd"]  # ampla and the floor's places
    assert [n.index for n in general] == sorted(n.index for n in general)  # classification order
    woman = [c.sex == "F" for c in pr.order]
    women_in_ampla = sum(1 for n in general if n.group == "ampla" and woman[n.index])
    extra = [n for n in general if n.group == "mulher"]
    taken = {n.index for n in within}
    women_left = sum(1 for i, w in enumerate(woman) if w and i not in taken and i not in out)
    assert len(extra) == max(0, min(floor - women_in_ampla, len(extra) + women_left))
    if extra:  # every displaced man ranks below every man kept in ampla
        men_kept = [n.index for n in general if n.group == "ampla" and not woman[n.index]]
        skipped = [i for i in range(max(n.index for n in general)) if i not in taken and i not in out
                   and not woman[i] and "pcd" not in pr.order[i].opts]
        assert not men_kept or not skipped or min(skipped) > max(men_kept)


def test_the_pdf_summary_says_minimum_for_a_floor_group():
    """Issue 18 item 4: a `modelo = "minimo"` group is what the edital calls a minimum; the PDF's cargo summary said
    «Vagas reservadas — mulheres: 2» for it. It says «Mínimo de vagas — …» (the site already said «mínimo»)."""
    from generator.render.pdf.layout import Typesetter
    result = _scenario("guarda-exemplo-minimo-de-mulheres-nao-alcancado")
    view = public.position_view(result, result.positions[0])
    floors = view["rotulos"]["minimos"]
    assert floors and any(view["reservas"].get(g) for g in floors)
    summary = Typesetter(lambda page: None)._summary(view)
    # the group as the rule file names it (`rotulo`), not the PDF's fixed «mulheres» (issue 18 item 4)
    label = view["rotulos"]["grupos"]["mulher"]
    assert label == "mulheres (Guarda Municipal)"
    assert f"Mínimo de vagas — {label}: 2" in summary, summary
    assert "Vagas reservadas — mulheres" not in summary and "Vagas reservadas — pessoas com" in summary or \
        "Vagas reservadas" not in summary


def test_custom_titles_take_the_article_of_their_gender():
    """Issue 18 item 4: a custom title got a fixed article: «pelo Lista …», «na resultado de Candidatas Mulheres»."""
    from generator.law.calls import by
    from generator.render.site.pages import Status
    assert by("Lista de Convocação nº 2/2024") == "pela Lista de Convocação nº 2/2024"
    assert by("Edital nº 3/2024") == "pelo Edital nº 3/2024" and by("Portaria nº 1") == "pela Portaria nº 1"
    view = {"nomeacao": [], "listas": [{"grupo": "mulher", "titulo": "Resultado de Candidatas Mulheres",
                        "entradas": [{"inscricao": "1", "classificacao": 1}]},
                       {"grupo": "pcd", "titulo": "Lista de pessoas com deficiência",
                        "entradas": [{"inscricao": "1", "classificacao": 2}]}]}
    rows = Status(view)
    assert rows.other["1"] == ["1º no resultado de Candidatas Mulheres", "2º na lista de pessoas com deficiência"]
