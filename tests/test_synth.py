"""Synthetic exam generator: determinism, exact vacancy totals, realistic rates, no unresolved ties."""

from __future__ import annotations

import csv
import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from generator import synth
from generator.synth_people import cpf, cpf_base, cpf_is_valid

FILES = ("certame.toml", "candidatos.csv", "comissao.csv", "desistencias.csv")


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def medium(tmp_path_factory):
    """20 000 candidates, enough for the opt-in rates to be checked with a fair margin."""
    folder = tmp_path_factory.mktemp("medium")
    summary = synth.write_exam(folder, candidates=20_000, positions=12, vacancies=300, seed=7)
    return folder, summary


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    synth.write_exam(a, candidates=2000, positions=5, vacancies=40, seed=1)
    synth.write_exam(b, candidates=2000, positions=5, vacancies=40, seed=1)
    synth.write_exam(c, candidates=2000, positions=5, vacancies=40, seed=2)
    for name in FILES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    assert (a / "candidatos.csv").read_bytes() != (c / "candidatos.csv").read_bytes()


def test_small_exam_counts(tmp_path):
    summary = synth.write_exam(tmp_path, candidates=2000, positions=5, vacancies=40, seed=3)
    exam = tomllib.loads((tmp_path / "certame.toml").read_text(encoding="utf-8"))
    sizes = [c["vagas"] for c in exam["cargos"]]
    assert exam["jurisdicao"] == "mato-grosso-do-sul"
    assert len(sizes) == 5 and sum(sizes) == 40 and min(sizes) >= 1
    assert min(sizes) <= 2  # a cargo below the reserve threshold exercises the edge case
    rows = _rows(tmp_path / "candidatos.csv")
    assert len(rows) == 2000 == summary["candidatos"]
    assert {r["cargo"] for r in rows} == {c["codigo"] for c in exam["cargos"]}


@pytest.mark.parametrize("total, positions", [(6640, 200), (40, 5), (7, 7), (3, 1), (1000, 3), (250, 100)])
def test_vacancies_sum_exactly(total, positions):
    sizes = synth.split_vacancies(random.Random(total), total, positions)
    assert len(sizes) == positions and sum(sizes) == total and min(sizes) >= 1


def test_cnu_shape_has_small_and_large_positions():
    sizes = synth.split_vacancies(random.Random(2024), 6640, 200)
    assert sizes.count(1) >= 5 and sizes.count(2) >= 5
    assert max(sizes) >= 100


def test_rejects_impossible_sizes(tmp_path):
    with pytest.raises(ValueError):
        synth.write_exam(tmp_path, candidates=3, positions=5, vacancies=40)
    with pytest.raises(ValueError):
        synth.write_exam(tmp_path, candidates=100, positions=5, vacancies=4)


def test_rates_are_realistic(medium):
    folder, _ = medium
    rows = _rows(folder / "candidatos.csv")
    n = len(rows)
    share = {k: sum(r[k] == "S" for r in rows) / n for k in ("negro", "pcd", "indigena")}
    assert 0.18 < share["negro"] < 0.22
    assert 0.014 < share["pcd"] < 0.026
    assert 0.002 < share["indigena"] < 0.009
    assert 0.47 < sum(r["sexo"] == "F" for r in rows) / n < 0.53
    status = Counter(r["situacao"] for r in rows)
    assert set(status) == {"aprovado", "ausente", "eliminado"}
    assert 0.85 < status["aprovado"] / n < 0.97


def test_no_unresolved_ties_and_unique_identifiers(medium):
    folder, _ = medium
    rows = _rows(folder / "candidatos.csv")
    keys = [(r["cargo"], r["nota"], r["nascimento"]) for r in rows]
    assert len(set(keys)) == len(keys)
    assert len({r["inscricao"] for r in rows}) == len(rows)
    assert len({r["cpf"] for r in rows}) == len(rows)
    assert all(cpf_is_valid(r["cpf"]) for r in rows)
    # Ties on the score alone do happen (2 decimals), and are then broken by the birth date.
    assert len({(r["cargo"], r["nota"]) for r in rows}) < len(rows)


def test_commission_and_withdrawals_are_consistent(medium):
    folder, summary = medium
    people = {r["inscricao"]: r for r in _rows(folder / "candidatos.csv")}
    outcomes = _rows(folder / "comissao.csv")
    assert len(outcomes) == summary["comissao"] > 0
    group = {"heteroidentificacao": "negro", "pcd": "pcd", "indigena": "indigena"}
    for o in outcomes:
        person = people[o["inscricao"]]
        assert person[group[o["procedimento"]]] == "S" and person["situacao"] == "aprovado"
    results = Counter(o["resultado"] for o in outcomes)
    assert set(results) == {"confirmado", "nao_confirmado", "ausente"}  # MS has no fraud outcome
    assert results["confirmado"] > results["nao_confirmado"] + results["ausente"]
    assert {o["procedimento"] for o in outcomes} == set(group)
    withdrawn = [r["inscricao"] for r in _rows(folder / "desistencias.csv")]
    confirmed = {o["inscricao"] for o in outcomes if o["resultado"] == "confirmado"}
    assert withdrawn and set(withdrawn) <= confirmed


def test_cpf_check_digits():
    assert cpf(111_444_777) == "111.444.777-35"  # the textbook example
    rng = random.Random(5)
    for _ in range(2000):
        assert cpf_is_valid(cpf(rng.randrange(1_000_000_000)))
    assert not cpf_is_valid("111.444.777-36")
    assert not cpf_is_valid("111.111.111-11")
    bases = {cpf_base(i, 12345) for i in range(10_000)}
    assert len(bases) == 10_000


def test_cli_writes_folder_and_reports_errors(tmp_path, capsys):
    assert synth.main([str(tmp_path / "x"), "--candidatos", "300", "--cargos", "3", "--vagas", "9", "--seed", "4"]) == 0
    assert "candidatos: 300" in capsys.readouterr().out
    assert all((tmp_path / "x" / name).exists() for name in FILES)
    assert synth.main([str(tmp_path / "y"), "--candidatos", "2", "--cargos", "3", "--vagas", "9"]) == 2
    assert "erro:" in capsys.readouterr().err
