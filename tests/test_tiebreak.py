"""Tie-break as data (issue 10 item 5; LEGAL-NOTES 11): with any list of criteria the order is total or an error is
raised — never an order decided by row position."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.law.basis import Basis, Norm
from generator.model import Candidate
from generator.results import general_order
from generator.tiebreak import AGE, COLUMN, ELDERLY, TieCriterion, sixty_on

NORM = Norm("edital", "Edital nº 1/2024", "Edital nº 1/2024")
COLUMNS = ("a", "b")
END = date(2024, 3, 15)


def _criteria():
    one = st.one_of(
        st.just(TieCriterion(ELDERLY, Basis(NORM, "item 1"))),
        st.just(TieCriterion(AGE, Basis(NORM, "item 2"))),
        st.builds(lambda col, wins: TieCriterion(COLUMN, Basis(NORM, "item 3"), col, wins),
                  st.sampled_from(COLUMNS), st.sampled_from(["maior", "menor"])))
    return st.lists(one, min_size=1, max_size=4)


@st.composite
def runs(draw):
    """Candidates with few distinct scores, birth dates around the 60th birthday and column values (some empty)."""
    n = draw(st.integers(2, 12))
    births = [None, date(1964, 3, 15), date(1964, 3, 16), date(1950, 1, 1), date(1990, 5, 5), date(1964, 3, 15)]
    values = [None, Decimal("1"), Decimal("2"), Decimal("2.50")]
    people = []
    for i in range(n):
        people.append(Candidate(str(100 + i), f"C{i}", "C1", Decimal(draw(st.sampled_from([70, 80]))), None,
                                draw(st.sampled_from(births)), None, "M", frozenset(), "aprovado", i + 2))
        people[-1].tie = (draw(st.sampled_from(values)), draw(st.sampled_from(values)))
    return people


def _key(c, criterion):
    """The criterion's key for c, as the edital says it in words (None: missing)."""
    if criterion.kind == COLUMN:
        v = c.tie[COLUMNS.index(criterion.column)]
        return None if v is None else (-v if criterion.wins == "maior" else v)
    if c.birth is None:
        return None
    if criterion.kind == AGE:
        return c.birth
    return (0, c.birth) if c.birth <= sixty_on(END) else (1, date.min)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runs(), _criteria(), st.randoms(use_true_random=False))
def test_the_order_is_total_or_an_error_never_the_row_order(people, criteria, rnd):
    tie = (tuple(criteria), COLUMNS, END)
    order, problems = general_order(list(people), "candidatos.csv", "C1", tie)
    shuffled = list(people)
    rnd.shuffle(shuffled)
    again, problems_again = general_order(shuffled, "candidatos.csv", "C1", tie)
    assert bool(problems) == bool(problems_again)
    if problems:
        for p in problems:  # each names two inscrições and their two lines
            assert len(p.line) == 2 and "empate não resolvido" in p.message
        return
    assert [c.registration for c in order] == [c.registration for c in again]  # row order never decides
    for a, b in zip(order, order[1:]):
        assert a.score >= b.score
        if a.score == b.score:  # some criterion, in the edital's order, tells them apart, with both values known
            for criterion in criteria:
                ka, kb = _key(a, criterion), _key(b, criterion)
                assert ka is not None and kb is not None
                if ka != kb:
                    assert ka < kb
                    break
            else:
                raise AssertionError("tied on every criterion, yet ordered")


def test_the_sixtieth_birthday_on_the_last_day_of_registration_counts():
    assert sixty_on(END) == date(1964, 3, 15)
    assert sixty_on(date(2024, 2, 29)) == date(1964, 2, 29)
    assert sixty_on(date(2023, 2, 28)) == date(1963, 2, 28)


def test_explicar_names_the_criterion_that_decided_each_tie():
    from generator.explain import explain
    from generator.results import compute
    from scenario_kit import SCENARIOS, load_scenario, rules

    data, exam = load_scenario(SCENARIOS / "guarda-exemplo-desempate-do-edital.toml")
    result, problems = compute(exam, rules(data["jurisdicao"]))
    assert not problems
    lines = explain(result, "6005")
    assert ("Empate na nota com a inscrição 6002: vem depois pelo critério de desempate «maior nota na prova de "
            "conhecimentos específicos». Fundamento: Edital nº 1/2024, item 7.3, b.") in lines
    assert ("Empate na nota com a inscrição 6001: vem antes pelo critério de desempate «maior nota na prova de "
            "conhecimentos gerais». Fundamento: Edital nº 1/2024, item 7.3, c.") in lines


def _exam_folder(tmp_path, rows: list[str]):
    from test_fast_paths import TOML

    (tmp_path / "certame.toml").write_text(TOML, encoding="utf-8")
    (tmp_path / "candidatos.csv").write_text("\n".join(
        ["inscricao,nome,cargo,nota,nascimento,nota_especifica,HORA_NASCIMENTO,SORTEIO,jurado", *rows]) + "\n",
        encoding="utf-8")
    return tmp_path


def test_the_board_columns_of_a_draw_and_an_hour_are_read_each_by_its_own_rule(tmp_path):
    """sorteio: an integer ≥ 1; hora_nascimento: HH:MM, never repeated in a message (personal data); a published
    score column takes no S/N; each message names the file, the line and the column."""
    import pytest

    from generator.errors import InputError
    from generator.load import load_exam

    folder = _exam_folder(tmp_path, ["101,Ana,ADM,70,1990-05-05,30,08:30,1,S",
                                     "102,Bia,ADM,70,1990-05-05,S,25:17,1.5,N"])
    with pytest.raises(InputError) as caught:
        load_exam(folder)
    text = str(caught.value)
    assert "candidatos.csv, linha 3, coluna «hora_nascimento»: a hora de nascimento é inválida" in text
    assert "25:17" not in text
    assert "candidatos.csv, linha 3, coluna «sorteio»: o número de sorteio «1.5» não é um inteiro ≥ 1" in text
    assert "candidatos.csv, linha 3, coluna «nota_especifica»: o valor «S» não é uma nota" in text
    exam = load_exam(_exam_folder(tmp_path, ["101,Ana,ADM,70,1990-05-05,30,08:30,1,S",
                                             "102,Bia,ADM,70,1990-05-05,30,8h,2,N"]))
    values = dict(zip(exam.tie_columns, zip(*(c.tie for c in exam.candidates))))
    assert values["hora_nascimento"] == (8 * 3600 + 30 * 60, 8 * 3600)
    assert values["sorteio"] == (1, 2)
    assert values["jurado"] == (Decimal(1), Decimal(0))


def test_birth_data_can_never_be_published(tmp_path):
    """publicar on an age criterion, or on a column whose name says it holds restricted data, is refused; a column
    read both as an hour and as a score is refused."""
    import pytest

    from generator.errors import InputError
    from generator.load import load_exam
    from test_fast_paths import TOML

    cases = {
        'criterio = "idade"\npublicar = true\nfundamento = "item 9.1, b"': "só notas e o número do sorteio",
        'criterio = "coluna"\ncoluna = "data_nascimento"\npublicar = true\nfundamento = "item 9.1"':
            "parece trazer dado pessoal restrito",
        'criterio = "coluna"\ncoluna = "hora_nascimento"\nfundamento = "item 9.1"':
            "uma coluna serve a um só tipo de critério",
        'criterio = "sorteio"\nfundamento = "item 9.1"': "chave «desempate[5].ato»: chave obrigatória no sorteio",
    }
    for extra, expected in cases.items():
        (tmp_path / "certame.toml").write_text(TOML + "\n[[desempate]]\n" + extra + "\n", encoding="utf-8")
        (tmp_path / "candidatos.csv").write_text("inscricao,nome,cargo,nota\n101,Ana,ADM,70\n", encoding="utf-8")
        with pytest.raises(InputError) as caught:
            load_exam(tmp_path)
        assert expected in str(caught.value), (extra, str(caught.value))
