"""Fast paths at national scale against the general code they skip, which is the reference.

- The candidates' column-wise reader (load/candidates.py, _Reader._fast) against the row loop (`_slow`), which
  reads and reports every cell: same candidates and same problems, in the same order, for any file; it may only
  commit a block of rows in which the row loop would find nothing to report. Blocks are made tiny here so that good
  and bad blocks alternate.
"""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import Collector
from generator.load import COLUMN_NAMES, _candidates, _files, load_exam
from generator.load import candidates as reader
from generator.load.exam_file import read_exam_file
from generator.tiebreak import column_kinds

TOML = """jurisdicao = "lins"
titulo = "Concurso Público nº 01/2024 — Resultado final"
orgao = "Prefeitura Municipal de Lins"
edital = "Edital nº 01/2024"

[publicacao]
diario = "Imprensa Oficial - Lins"
edicao = 1521
data = 2024-06-10
secao = "Atos Oficiais"

[[cargos]]
codigo = "GCM"
nome = "Guarda Civil Municipal"
vagas = 30

[[cargos]]
codigo = "ADM"
nome = "Agente Administrativo"
vagas = 3

[[desempate]]
criterio = "coluna"
coluna = "nota_especifica"
publicar = true
fundamento = "item 9.1, a"

[[desempate]]
criterio = "idade"
hora = "hora_nascimento"
fundamento = "item 9.1, b"

[[desempate]]
criterio = "sorteio"
ato = "Ata da sessão pública de sorteio de 10/04/2024"
fundamento = "item 9.1, c"

[[desempate]]
criterio = "coluna"
coluna = "jurado"
fundamento = "item 9.1, d"
"""

# Usual and unusual spellings of each column, bad ones included; mostly usual, so that whole blocks are clean.
CELLS = {
    "inscricao": ["101", "102", "103", " 104 ", "", "INSCRICAO", "Total: 30", "Gerado em 10/06/2024"],
    "nome": ["Ana Souza", " Bia ", "Caio\u202e", "", "José"],
    "cargo": ["GCM", "ADM", "gcm", "Adm ", "XYZ", "Guarda Civil Municipal", "AGENTE  ADMINISTRATIVO", ""],
    "nota": ["7", "7,5", "70.25", "0", "", "abc", "101", "7,123", "-1", " 8 "],
    "classificacao": ["1", "2", "3º", "", "x", "0"],
    "nascimento": ["1990-01-02", "02/01/1990", "", "1990-13-01", "3000-01-01", "2/1/1990"],
    "cpf": ["529.982.247-25", "52998224725", "", "529982247", "123", "529.982.247-2a", "529 982 247 25"],
    "sexo": ["F", "M", "", "feminino", "x"],
    "negro": ["S", "N", "", "Sim", "não", "talvez"],
    "pcd": ["N", "S", "", "1", "?"],
    "indigena": ["N", "", "S", "0", "x"],
    "situacao": ["aprovado", "", "ausente", "ELIMINADA", "reprovado"],
    "escolha": ["", "negro", "pcd", "qualquer"],
    # the tie-break columns of [[desempate]], each with its own parser (tiebreak.parser)
    "nota_especifica": ["30", "", "30,5", "S", "abc", "7,123"],
    "hora_nascimento": ["08:30", "", "8h", "25:00", "x", "10:00:59"],
    "sorteio": ["1", "", "2.0", "0", "1,5", "x"],
    "jurado": ["S", "", "N", "3", "x"],
}
OPTIONAL = [c for c in CELLS if c not in ("inscricao", "nome", "cargo", "nota")]


@st.composite
def table(draw):
    """(header, rows): the required columns and some optional ones, in a drawn order; rows of usual cells, some
    with one unusual cell, unique inscrições unless a repetition is drawn, and now and then a row of the wrong
    width."""
    columns = ["inscricao", "nome", "cargo", "nota"] + draw(st.lists(st.sampled_from(OPTIONAL), unique=True))
    columns = draw(st.permutations(columns))
    count = draw(st.integers(min_value=1, max_value=30))
    odd = draw(st.floats(min_value=0, max_value=0.5))
    rows = []
    for n in range(count):
        unusual = draw(st.sampled_from(columns)) if draw(st.floats(min_value=0, max_value=1)) < odd else None
        row = []
        for column in columns:
            cell = {"inscricao": str(1000 + n), "cpf": f"{n:03d}.982.247-25"}.get(column, CELLS[column][0])
            if column == unusual:
                cell = draw(st.sampled_from(CELLS[column]))
            row.append(cell)
        if draw(st.integers(min_value=0, max_value=40)) == 0:
            row = row[:-1] if draw(st.booleans()) else row + ["extra"]
        rows.append(row)
    return columns, rows


def _outcome(folder: Path):
    """The candidates, the by-inscrição lookup and the problems, all of them also when there are problems."""
    problems = Collector()
    meta = read_exam_file(folder / "certame.toml", COLUMN_NAMES, problems)
    kinds = column_kinds(meta.tie_criteria)
    people, by_registration, _ = _candidates(folder, _files(folder, problems), meta, problems, tuple(kinds), kinds)
    return ([(c.registration, c.name, c.position, str(c.score), c.rank, c.birth, c.cpf, c.sex, sorted(c.opts),
              c.status, c.line, c.choice, c.tie) for c in people or ()],
            [(r, c.line) for r, c in (by_registration or {}).items()], [str(p) for p in problems.problems])


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(table(), st.integers(min_value=1, max_value=7))
def test_fast_path_reads_and_reports_as_the_row_loop(monkeypatch_module, drawn, chunk):
    header, rows = drawn
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows([header, *rows])
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "certame.toml").write_text(TOML, encoding="utf-8")
        (folder / "candidatos.csv").write_text(text.getvalue(), encoding="utf-8")
        monkeypatch_module.setattr(reader, "CHUNK", chunk)
        monkeypatch_module.setattr(reader._Reader, "columns", lambda self: None)  # test_columns.py tests those
        fast = _outcome(folder)
        monkeypatch_module.setattr(reader._Reader, "_fast", lambda self, lines, rows, candidates: False)
        slow = _outcome(folder)
        monkeypatch_module.undo()
    assert fast == slow


def test_fast_path_is_taken_for_a_clean_file(monkeypatch_module, tmp_path):
    """The equivalence above would also hold if the fast path never ran: a clean file must go through it."""
    rows = [["inscricao", "nome", "cargo", "nota", "cpf", "nascimento", "negro"]]
    rows += [[str(100 + n), f"Pessoa {n}", "ADM", f"{50 + n},5", f"{n:03d}.982.247-25", "1990-01-02", "N"]
             for n in range(20)]
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    (tmp_path / "certame.toml").write_text(TOML, encoding="utf-8")
    (tmp_path / "candidatos.csv").write_text(text.getvalue(), encoding="utf-8")
    taken = []
    fast = reader._Reader._fast
    monkeypatch_module.setattr(reader, "CHUNK", 8)
    monkeypatch_module.setattr(reader._Reader, "_fast",
                               lambda self, lines, rows, made: taken.append(fast(self, lines, rows, made)) or taken[-1])
    exam = load_exam(tmp_path)
    assert taken == [True, True, True]
    assert [c.cpf for c in exam.candidates][:2] == ["00098224725", "00198224725"]
    assert exam.candidates[3].score == reader.Decimal("53.5")


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch
