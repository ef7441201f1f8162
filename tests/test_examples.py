"""Example exams in content/certames: reproducible, valid input, and covering the legal cases they promise."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from generator.synth_people import cpf_is_valid

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_examples", ROOT / "tools" / "make_examples.py")
make_examples = importlib.util.module_from_spec(_spec)
sys.modules["make_examples"] = make_examples  # dataclasses look the module up
_spec.loader.exec_module(make_examples)
SLUGS = [exam.slug for exam in make_examples.EXAMS]


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A fresh generation into a temp dir, and the people behind it."""
    out = tmp_path_factory.mktemp("certames")
    return out, make_examples.build(out)


def _outcomes(people, procedure: str) -> set[str]:
    return {result for p in people for g, result in p.opts.items()
            if result and make_examples.PROCEDURE[g] == procedure}


def test_committed_examples_are_up_to_date(generated):
    out, _ = generated
    for slug in SLUGS:
        fresh = sorted(f.name for f in (out / slug).iterdir())
        # arquivo/ holds the published acts: written by `gazeta publicar` (tools/publish_examples.py), not here
        # (and .gazeta-publicados.json, its ledger's copy)
        committed = sorted(f.name for f in (make_examples.OUT / slug).iterdir()
                           if f.name not in ("arquivo", ".gazeta-publicados.json"))
        assert fresh == committed, slug
        for name in fresh:
            same = (out / slug / name).read_bytes() == (make_examples.OUT / slug / name).read_bytes()
            assert same, f"regenerate with tools/make_examples.py: {slug}/{name}"


def test_examples_load_with_the_project_loader():
    from generator.load import load_exam

    for slug in SLUGS:
        exam = load_exam(make_examples.OUT / slug)
        assert exam.candidates and exam.commission and exam.withdrawals
        assert all(c.cpf and c.birth and c.sex for c in exam.candidates)


def test_formats_differ_between_examples():
    lins, ms, cariacica = (make_examples.OUT / slug for slug in SLUGS)
    assert (lins / "candidatos.xlsx").exists() and not (lins / "candidatos.csv").exists()
    ms_head = (ms / "candidatos.csv").read_bytes().splitlines()[:2]
    assert ms_head[0].startswith(b"\xef\xbb\xbfinscricao;") and b";" in ms_head[1] and b"," in ms_head[1]
    assert (cariacica / "candidatos.csv").read_text(encoding="utf-8").startswith("inscricao,nome,cargo,nota,")
    from openpyxl import load_workbook

    book = load_workbook(lins / "candidatos.xlsx", read_only=True)
    try:
        header = [c.value for c in next(book.active.iter_rows())]
    finally:
        book.close()
    assert "classificacao" in header


def test_identity_invariants(generated):
    _, people_by_slug = generated
    for slug, people in people_by_slug.items():
        assert len(people) >= 200, slug
        assert len({p.registration for p in people}) == len(people)
        assert len({(p.cargo, p.centi, p.birth) for p in people}) == len(people)  # no unresolved tie
        assert all(cpf_is_valid(p.cpf) for p in people)
        ties = Counter((p.cargo, p.centi) for p in people)
        assert any(n == 2 for n in ties.values()), f"{slug}: a tie broken by age is part of the example"


def test_lins_cases(generated):
    people = generated[1]["lins-2024-gcm"]
    gcm = [p for p in people if p.cargo == "GCM"]
    assert _outcomes(people, "heteroidentificacao") == {"confirmado", "nao_confirmado", "ausente", "fraude"}
    assert any({"negro", "pcd"} <= set(p.opts) for p in gcm)
    assert any(p.sex == "F" and "pcd" in p.opts for p in gcm)
    withdrawn = [p for p in people if p.withdrew]
    assert withdrawn and all(p.opts.get("negro") == "confirmado" and p.rank > 19 for p in withdrawn)


def test_ms_cases(generated):
    people = generated[1]["ms-2024-pss"]
    for procedure in ("heteroidentificacao", "indigena", "pcd"):
        assert _outcomes(people, procedure) == {"confirmado", "nao_confirmado", "ausente"}, procedure
    prof = [p for p in people if p.cargo == "PROF-AI"]
    beyond_open = [p for p in prof if p.rank > 36]
    assert sum(p.opts.get("indigena") == "confirmado" for p in beyond_open) >= 4  # 2 places to fill
    assert sum(p.opts.get("pcd") == "confirmado" for p in beyond_open) >= 5  # 3 places to fill
    assert sum(p.opts.get("pcd") == "confirmado" for p in people if p.cargo == "ENF") >= 2
    assert {p.status for p in people} == {"aprovado", "eliminado", "ausente"}
    assert any(p.withdrew for p in people)


def test_cariacica_cases(generated):
    people = generated[1]["cariacica-2023-concurso"]
    assert {"fraude", "nao_confirmado", "confirmado"} <= _outcomes(people, "heteroidentificacao")
    assert any(p.withdrew and p.opts.get("negro") == "confirmado" for p in people)
    vacancies = {plan.code: plan.vacancies for plan in make_examples.CARIACICA.cargos}
    assert sorted(vacancies.values()) == [2, 5, 12]
