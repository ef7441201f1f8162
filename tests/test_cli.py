"""The three legal-core commands: check, resultado --json (the contract) and explicar."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from generator.cli import main
from generator.pipeline import exam_dirs

ROOT = Path(__file__).resolve().parents[1]
EXAMS = exam_dirs(ROOT / "content")
GOLDEN = ROOT / "tests" / "golden" / "resultado"
GROUPS = {"ampla", "negro", "pcd", "indigena", "mulher"}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("folder", EXAMS, ids=[e.name for e in EXAMS])
def test_check_accepts_each_example(capsys, folder):
    status, out, err = run(capsys, "check", str(folder))
    assert status == 0, err
    assert out.startswith("OK: ")


@pytest.mark.parametrize("folder", EXAMS, ids=[e.name for e in EXAMS])
def test_resultado_prints_the_contract(capsys, folder):
    status, out, err = run(capsys, "resultado", str(folder), "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["cargos"]
    withdrawn_total = 0
    for cargo in data["cargos"]:
        assert set(cargo["reservas"]) == GROUPS - {"ampla"}
        assert set(cargo["listas"]) == {"geral", "negro", "pcd", "indigena", "mulher"}
        general = cargo["listas"]["geral"]
        assert all(isinstance(i, str) for i in general)
        for group, members in cargo["listas"].items():
            assert set(members) <= set(general)
        noms = cargo["nomeacao"]
        assert [n["posicao"] for n in noms] == list(range(1, len(noms) + 1))
        within = [n for n in noms if not n["cadastro_reserva"]]
        assert len(within) == min(cargo["vagas"], len(general) - len(cargo["desistencias"]))
        assert noms[: len(within)] == within  # the cadastro de reserva comes after the vacancies
        assert all(n["vaga"] in GROUPS and "art." in n["fundamento"] for n in noms)
        assert not {n["inscricao"] for n in noms} & set(cargo["desistencias"])
        assert not set(cargo["eliminados"]) & set(general)
        withdrawn_total += len(cargo["desistencias"])
    assert withdrawn_total >= 1  # every example exercises a withdrawal


@pytest.mark.parametrize("folder", EXAMS, ids=[e.name for e in EXAMS])
def test_resultado_matches_golden(capsys, folder):
    """Regenerate with `make golden-core` after a reviewed change of behaviour."""
    status, out, _ = run(capsys, "resultado", str(folder), "--json")
    golden = GOLDEN / f"{folder.name}.json"
    if os.environ.get("GAZETA_GOLDEN") == "regenerate":
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


def test_explicar_tells_where_and_why(capsys):
    folder = ROOT / "content" / "certames" / "ms-2024-pss"
    data = json.loads(run(capsys, "resultado", str(folder), "--json")[1])
    reserved = next(n for c in data["cargos"] for n in c["nomeacao"] if n["vaga"] == "pcd")
    status, out, err = run(capsys, "explicar", str(folder), reserved["inscricao"])
    assert status == 0, err
    assert "Lista geral:" in out and "Lista específica de pessoas com deficiência:" in out
    assert f"{reserved['posicao']}ª posição" in out and "reservada a pessoas com deficiência" in out
    assert "Decreto Estadual MS nº 16.358/2024, art. 3º, III" in out


def test_explicar_eliminated_candidate_cites_the_article(capsys):
    folder = ROOT / "content" / "certames" / "lins-2024-gcm"
    data = json.loads(run(capsys, "resultado", str(folder), "--json")[1])
    fraud = next(e for c in data["cargos"] for e in c["eliminacoes"] if e["motivo"] == "fraude")
    status, out, _ = run(capsys, "explicar", str(folder), fraud["inscricao"])
    assert status == 0
    assert "declaração falsa" in out and "art. 10, parágrafo único, I" in out


def test_explicar_unknown_registration(capsys):
    status, _, err = run(capsys, "explicar", str(EXAMS[0]), "000000")
    assert status == 1 and "não consta" in err


def test_check_reports_problems_without_traceback(capsys, tmp_path):
    status, out, err = run(capsys, "check", str(tmp_path))
    assert status == 1
    assert "certame.toml" in err and "Traceback" not in err


def test_resultado_does_not_depend_on_hash_seed():
    """Same input, same output: set iteration order (PYTHONHASHSEED) must never leak into the allocation."""
    import subprocess
    import sys
    folder = ROOT / "content" / "certames" / "ms-2024-pss"
    outs = {subprocess.run([sys.executable, "-m", "generator.cli", "resultado", str(folder), "--json"],
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed},
                           cwd=ROOT, check=True).stdout for seed in ("1", "2", "3")}
    assert len(outs) == 1
