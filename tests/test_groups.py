"""Every edital's groups and words (issue 18): the quilombola group (Lei nº 15.142/2025, art. 1º; Decreto nº
12.536/2025), a cadastro per cargo, the gender of custom titles, the rule file's group names in the PDF."""

from __future__ import annotations

import json

import pytest

from generator import public
from generator.errors import InputError
from generator.explain import explain
from generator.load.headers import resembles
from generator.pipeline import prepare
from generator.render.data.package import write_open_data
from generator.render.pdf.layout import Typesetter
from groups_kit import federal_exam


def test_a_quilombola_column_is_read_and_its_reserve_takes_the_25th_place(tmp_path):
    """2% of 25 = 0,5 → 1 (art. 5º, § 2º, I): the 25th place is a quilombola's; 5000, a quilombola with the 2nd best
    score, goes by ampla and does not count (art. 7º, § 2º)."""
    exam, rules = federal_exam(tmp_path)
    result = prepare(exam, rules)
    pr = result.positions[0]
    by_reg = {c.registration: c for c in pr.order}
    assert by_reg["5001"].opts == frozenset({"quilombola"})
    view = public.position_view(result, pr)
    assert view["reservas"]["quilombola"] == 1
    places = {n["posicao"]: (n["vaga"], n["inscricao"]) for n in view["nomeacao"]}
    assert places[25] == ("quilombola", "5001")
    assert places[3] == ("ampla", "5000")
    titles = [lst["titulo"] for lst in view["listas"]]
    assert "Lista específica — pessoas quilombolas" in titles
    assert view["rotulos"]["grupos"]["quilombola"] == "pessoas quilombolas"


def test_a_board_header_cota_quilombola_resembles_the_quilombola_column():
    """«COTA QUILOMBOLA» left unmapped is named by `gazeta check` (issue 18 item 6), as «COTA NEGRO» is."""
    assert resembles("COTA QUILOMBOLA") == ("quilombola",)
    assert resembles("Quilombolas") == ("quilombola",)


def test_the_pdf_summary_and_open_data_name_the_quilombola_reserve(tmp_path):
    exam, rules = federal_exam(tmp_path)
    result = prepare(exam, rules)
    view = public.position_view(result, result.positions[0])
    summary = Typesetter(lambda page: None)._summary(view)
    assert "pessoas quilombolas: 1" in summary and "pessoas pretas e pardas: 6" in summary, summary
    out = tmp_path / "dados"
    out.mkdir()
    write_open_data(public.exam_view(result, False), [view], out)
    package = json.loads((out / "datapackage.json").read_text(encoding="utf-8"))
    nomination = next(r for r in package["resources"] if r["path"].endswith("nomeacao.csv"))
    vaga = next(f for f in nomination["schema"]["fields"] if f["name"] == "vaga")
    assert "quilombola" in vaga["description"]
    rows = next(out.glob("*nomeacao.csv")).read_text(encoding="utf-8")
    assert "\n25;quilombola;5001;" in rows


def test_the_quilombola_confirmation_is_its_own_procedure(tmp_path):
    """Lei nº 15.142/2025, art. 3º, § 4º: the confirmation of quilombolas is the regulation's (documents), not the
    heteroidentificação of art. 3º, caput; «não confirmado» keeps the person in ampla (the reading the rule file
    cites, art. 3º, § 2º), and the next quilombola takes the place (art. 7º, § 3º)."""
    exam, rules = federal_exam(tmp_path)
    (exam / "comissao.csv").write_text("inscricao,procedimento,resultado\n5001,quilombola,nao_confirmado\n"
                                       "5002,quilombola,confirmado\n", encoding="utf-8")
    result = prepare(exam, rules)
    view = public.position_view(result, result.positions[0])
    places = {n["posicao"]: (n["vaga"], n["inscricao"]) for n in view["nomeacao"]}
    assert places[25] == ("quilombola", "5002")
    assert view["rotulos"]["procedimentos"]["quilombola"] == "confirmação complementar à autodeclaração quilombola"


# --- a cadastro per cargo (issue 18): certame.toml `cadastro`, `cadastro_reservas`, `cadastro_fundamento`

CADASTRO = 'cadastro = 3\ncadastro_reservas = { negro = 1, quilombola = 1 }\ncadastro_fundamento = "item 1.1"\n'


def _problems(exam, rules) -> list[str]:
    with pytest.raises(InputError) as caught:
        prepare(exam, rules)
    return [str(p) for p in caught.value.problems]


def test_a_cargo_sizes_its_own_cadastro_and_cites_the_edital(tmp_path):
    """The rule file has no [cadastro]: the cargo's `cadastro = 3` ends the projection at the 28th place (26ª
    pretos e pardos, 25% of 26 = 6,5 → 7; 27ª and 28ª ampla), and the explanation of the next candidate cites the
    cargo's item of the exam's edital."""
    exam, rules = federal_exam(tmp_path, cargo_extra=CADASTRO)
    result = prepare(exam, rules)
    pr = result.positions[0]
    reg = [c.registration for c in pr.order]
    register = [f"{reg[n.index]} {n.group}" for n in pr.allocation.nominations if n.register]
    assert register == ["2007 negro", "9014 ampla", "9015 ampla"]
    lines = explain(result, "9016")
    assert any("o cadastro de reserva tem 3 posição(ões) além das vagas. Fundamento: Edital nº 1/2025, item 1.1."
               in line for line in lines), lines
    labelled = [text for text, _ in public._labelled_bases(result)]
    assert "Cargo AN: cadastro de reserva" in labelled
    (row,) = public.rules_view(result)["cadastros"]  # the «Regras aplicadas» page
    assert row["codigo"] == "AN" and row["fundamento"]["texto"] == "Edital nº 1/2025, item 1.1"
    assert row["texto"] == ("3 posição(ões) além das vagas; ninguém é projetado além delas; pessoas pretas e "
                            "pardas: 1; pessoas quilombolas: 1")


def test_without_the_cargo_keys_the_projection_has_no_size(tmp_path):
    exam, rules = federal_exam(tmp_path)
    pr = prepare(exam, rules).positions[0]
    assert sum(1 for n in pr.allocation.nominations if n.register) > 3


def test_a_cargo_cadastro_needs_its_citation(tmp_path):
    exam, rules = federal_exam(tmp_path, cargo_extra="cadastro = 3\n")
    assert any("cargos[1].cadastro_fundamento" in p and "chave obrigatória" in p for p in _problems(exam, rules))


def test_the_groups_places_never_exceed_the_cargo_cadastro(tmp_path):
    exam, rules = federal_exam(tmp_path, cargo_extra='cadastro = 1\ncadastro_reservas = { negro = 1, pcd = 1 }\n'
                                                     'cadastro_fundamento = "item 1.1"\n')
    assert any("cargos[1].cadastro_reservas" in p and "somam 2, mais que o cadastro do cargo (1)" in p
               for p in _problems(exam, rules))


def test_a_cadastro_group_must_be_known_and_of_the_jurisdiction(tmp_path):
    exam, rules = federal_exam(tmp_path, cargo_extra='cadastro = 5\ncadastro_reservas = { negros = 1 }\n'
                                                     'cadastro_fundamento = "item 1.1"\n')
    assert any("cargos[1].cadastro_reservas.negros" in p and "o grupo «negros» não existe" in p
               for p in _problems(exam, rules))
    other = tmp_path / "outro"
    exam, rules = federal_exam(other, cargo_extra='cadastro = 5\ncadastro_reservas = { mulher = 1 }\n'
                                                  'cadastro_fundamento = "item 1.1"\n')
    assert any("cargos[1].cadastro_reservas.mulher" in p and "não há reserva «mulher»" in p
               for p in _problems(exam, rules))


# --- the grammatical gender of a custom title (issue 18 item 4): `lista_genero`, `geral_genero`

GRADE = ('lista = "Lista específica — pessoas quilombolas"',
         'lista = "Grade de classificação — pessoas quilombolas"\nlista_genero = "feminino"')


def test_a_stated_gender_overrides_the_first_word_reading(tmp_path):
    """«Grade» is feminine, but ends like no feminine noun: the heuristic read «no grade …»; `lista_genero =
    "feminino"` makes it «na grade …» on the site's list rows."""
    from generator.labels import contracted
    from generator.render.site.pages import Status
    assert contracted("em", "grade de classificação") == "no grade de classificação"  # the heuristic's reading
    exam, rules = federal_exam(tmp_path, rules_edit=lambda t: t.replace(*GRADE))
    result = prepare(exam, rules)
    view = public.position_view(result, result.positions[0])
    (quilombola,) = [lst for lst in view["listas"] if lst["grupo"] == "quilombola"]
    assert quilombola["genero"] == "feminino"
    assert "1º na grade de classificação — pessoas quilombolas" in Status(view).other["5000"]
    assert "genero" not in next(lst for lst in view["listas"] if lst["grupo"] == "negro")  # not stated: no key


def test_a_masculine_title_can_be_stated_too():
    """«Cronograma» ends in -a but is masculine: «pela Cronograma …» without the key, «pelo» with it."""
    from generator.labels import contracted
    assert contracted("por", "Cronograma de nomeações") == "pela Cronograma de nomeações"
    assert contracted("por", "Cronograma de nomeações", "masculino") == "pelo Cronograma de nomeações"


def test_a_gender_word_is_checked(tmp_path):
    exam, rules = federal_exam(tmp_path, rules_edit=lambda t: t.replace(
        GRADE[0], GRADE[0] + '\nlista_genero = "fem"').replace(
        'geral_fundamento = "art. 7º, § 1º"', 'geral_fundamento = "art. 7º, § 1º"\ngeral_genero = "neutro"'))
    problems = _problems(exam, rules)
    assert any("grupos.quilombola.lista_genero" in p and "use feminino ou masculino" in p for p in problems), problems
    assert any("listas.geral_genero" in p for p in problems), problems


def test_gazeta_novo_gives_a_quilombola_column_and_the_cargo_cadastro_keys(tmp_path):
    """`gazeta novo` under a rule file with quilombolas: the board's template has the `quilombola` column, and the
    commented certame.toml shows the cargo's cadastro keys."""
    from generator.new_exam import create
    _, rules = federal_exam(tmp_path / "x")
    create(tmp_path / "novo", "federal-lei-15142-2025", rules)
    header = (tmp_path / "novo" / "candidatos.csv").read_text(encoding="utf-8").lstrip("\ufeff").split(";")
    assert "quilombola" in header
    toml = (tmp_path / "novo" / "certame.toml").read_text(encoding="utf-8")
    assert "# cadastro = 20" in toml and "# cadastro_reservas = {" in toml and "# cadastro_fundamento" in toml


# --- an act's own title states its gender too (certame.toml [[atos]] titulo_genero)

def test_an_act_title_states_its_gender_for_history_lines_and_links():
    """«Grade» is feminine, but the first-word reading says «pelo Grade …»; `titulo_genero` makes it «pela»."""
    from datetime import date
    from generator.acts.model import Act, Edition
    from generator.labels import contraction
    from generator.law.calls import by
    act = Act("convocacao", "2/2025", date(2025, 9, 1), Edition("Diário", date(2025, 9, 1)),
              title="Grade de convocação nº 2/2025", title_gender="feminino")
    assert by(act.label) == "pelo Grade de convocação nº 2/2025"  # the first-word reading
    assert by(act.label, act.title_gender) == "pela Grade de convocação nº 2/2025"
    assert contraction("por", "Grade de convocação", "feminino") == "pela"


def test_an_act_gender_word_is_checked(tmp_path):
    exam, rules = federal_exam(tmp_path)
    toml = exam / "certame.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'numero = "5/2025"', 'numero = "5/2025"\ntitulo = "Grade de resultado"\ntitulo_genero = "fem"'),
        encoding="utf-8")
    assert any("atos[1].titulo_genero" in p and "use feminino ou masculino" in p for p in _problems(exam, rules))


def test_the_site_says_retificado_pela_for_a_feminine_title():
    from generator.render.site.pages import environment
    template = environment().from_string('retificado {{ contraction("por", r.titulo, r.genero|default("")) }}')
    assert template.render(r={"titulo": "Edital de Retificação nº 2"}) == "retificado pelo"
    assert template.render(r={"titulo": "Portaria nº 5/2024"}) == "retificado pela"
    assert template.render(r={"titulo": "Grade nº 5/2024", "genero": "feminino"}) == "retificado pela"


def test_a_cadastro_share_the_sequence_cannot_reach_is_an_error(tmp_path):
    """PcD at 5ª, 21ª, 41ª…: a cadastro of 3 beyond 25 vacancies (26ª–28ª) holds no PcD position, so a table of
    «1 PcD» in it could never be met; `gazeta check` says so instead of silently giving the place to ampla."""
    exam, rules = federal_exam(tmp_path, cargo_extra='cadastro = 3\ncadastro_reservas = { pcd = 1 }\n'
                                                     'cadastro_fundamento = "item 1.1"\n')
    assert any("cadastro_reservas.pcd = 1" in p and "dá 0 posição(ões) entre a 26ª e a 28ª" in p
               for p in _problems(exam, rules))
    fine = tmp_path / "ok"
    exam, rules = federal_exam(fine, cargo_extra='cadastro = 16\ncadastro_reservas = { pcd = 1 }\n'
                                                 'cadastro_fundamento = "item 1.1"\n')
    prepare(exam, rules)  # 41ª is inside 26ª–41ª


def test_a_list_cites_its_correction_with_the_article_of_the_act_title_gender():
    """«Retificado pela Grade …» when certame.toml states the act's own title as feminine (`titulo_genero`); the
    list's «Como citar» said «pelo» whatever the title."""
    from generator.render.cite import correction_note

    fix = {"publicacao": {"diario": "Diário Oficial", "data": "2024-06-20", "edicao": "99"},
           "ato": {"tipo": "retificacao", "titulo": "Grade de resultado nº 5/2024", "data": "2024-06-20",
                   "titulo_genero": "feminino"}}
    assert correction_note(fix, (1, 2)).startswith("Retificado pela Grade de resultado nº 5/2024, de 20 de junho de 2024 (")
    fix["ato"].pop("titulo_genero")
    assert correction_note(fix, None).startswith("Retificado pelo Grade de resultado")  # the first-word reading
