"""The public view carries only allow-listed data: no CPF, birth date, sex or parecer ever."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.pipeline import exam_dirs, prepare
from generator.public import exam_view

ROOT = Path(__file__).resolve().parents[1]
EXAMS = exam_dirs(ROOT / "content")
ENTRY_KEYS = {"classificacao", "inscricao", "nome", "nota", "classificacao_geral",
              "desempate", "valores_desempate"}  # the deciding criterion and the published tie-break columns


@pytest.fixture(params=EXAMS, ids=[e.name for e in EXAMS])
def prepared(request):
    return prepare(request.param)


def test_restricted_fields_never_reach_the_view(prepared):
    text = json.dumps(exam_view(prepared), ensure_ascii=False)
    for c in prepared.exam.candidates:
        if c.cpf:
            assert c.cpf not in text and f"{c.cpf[3:6]}.{c.cpf[6:9]}" not in text
        if c.birth:
            assert c.birth.isoformat() not in text and c.birth.strftime("%d/%m/%Y") not in text
    for row in prepared.exam.commission:
        if row.opinion:
            assert row.opinion not in text
    assert '"sexo"' not in text and '"cpf"' not in text and '"nascimento"' not in text


def test_entries_are_built_from_the_allow_list(prepared):
    view = exam_view(prepared)
    for cargo in view["cargos"]:
        for lst in cargo["listas"]:
            for entry in lst["entradas"]:
                assert set(entry) <= ENTRY_KEYS
        for row in cargo["comissao"]["resultados"]:
            assert set(row) == {"inscricao", "procedimento", "resultado", "rotulo", "efeito", "fundamento"}


def test_examples_have_opinions_to_hide():
    # the canary above must have something to catch: the examples carry pareceres, CPFs and birth dates
    exams = [prepare(e).exam for e in EXAMS]
    assert any(r.opinion for e in exams for r in e.commission)
    assert any(c.cpf for e in exams for c in e.candidates)
