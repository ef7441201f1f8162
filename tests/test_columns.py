"""The candidates read as columns (load/columns.py, candidates._Reader.columns) against the row loop, the reference.

The columnar reader is all or nothing: it must give the same candidates, in the same order, with the same
by-inscrição lookup and no problem, or give way to the row loop, which then reports as it always did. Files are
generated with every delimiter, line end, encoding and quoting the strict reader accepts, and cells drawn from the
usual and the unusual ones of test_fast_paths.
"""

from __future__ import annotations

import csv
import io
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fast_paths import TOML, _outcome, table

from generator.load import candidates as reader
from generator.load import load_exam


def _write(folder: Path, header, rows, delimiter=";", ending="\n", encoding="utf-8", sep=False, quoting=csv.QUOTE_MINIMAL,
           last=True) -> None:
    text = io.StringIO()
    csv.writer(text, delimiter=delimiter, lineterminator=ending, quoting=quoting).writerows([header, *rows])
    body = text.getvalue() if last else text.getvalue()[: -len(ending)]
    if sep:
        body = f"sep={delimiter}{ending}{body}"
    (folder / "certame.toml").write_text(TOML, encoding="utf-8")
    (folder / "candidatos.csv").write_bytes(body.encode(encoding))


@pytest.fixture
def taken(monkeypatch):
    """What each call of the columnar reader gave: the number of candidates, or None when it gave way."""
    calls: list[int | None] = []
    columns = reader._Reader.columns

    def spy(self):
        made = columns(self)
        calls.append(None if made is None else len(made))
        return made

    monkeypatch.setattr(reader._Reader, "columns", spy)
    return calls


def _row_loop(monkeypatch, folder: Path):
    """The outcome with the columnar reader and the row loop's block fast path both off."""
    with monkeypatch.context() as patch:
        patch.setattr(reader._Reader, "columns", lambda self: None)
        patch.setattr(reader._Reader, "_fast", lambda self, lines, rows, candidates: False)
        return _outcome(folder)


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(table(), st.sampled_from([",", ";", "\t"]), st.sampled_from(["\n", "\r\n"]),
       st.sampled_from(["utf-8", "utf-8-sig", "cp1252"]), st.booleans(), st.booleans(), st.booleans())
def test_columns_read_and_report_as_the_row_loop(monkeypatch, drawn, delimiter, ending, encoding, sep, quote_all,
                                                 last):
    header, rows = drawn
    if encoding == "cp1252":
        rows = [[cell.replace("\u202e", "") for cell in row] for row in rows]  # not in Windows-1252
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        _write(folder, header, rows, delimiter, ending, encoding, sep,
               csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL, last)
        columns = _outcome(folder)
        assert columns == _row_loop(monkeypatch, folder)


def _clean(n: int = 30) -> tuple[list[str], list[list[str]]]:
    header = ["inscricao", "nome", "cargo", "nota", "cpf", "nascimento", "sexo", "negro", "pcd", "situacao",
              "nota_especifica", "sorteio", "quilombola"]
    rows = [[f"{1000 + k}", f"Pessoa {k} da Conceição", "GCM" if k % 3 else "ADM", f"{50 + k % 7},5",
             f"{k:03d}.982.247-25", f"19{60 + k % 30}-0{1 + k % 9}-1{k % 9}", "FM"[k % 2], "SN"[k % 4 > 0],
             "N", "aprovado" if k % 5 else "ausente", f"{k % 4},25", str(k + 1), "S" if k == 4 else "N"]
            for k in range(n)]
    rows[3][3] = ""  # an absent candidate (k = 3 is not a multiple of 5): made ausente below, so no score is right
    rows[3][9] = "ausente"
    return header, rows


def test_a_clean_file_is_read_as_columns(monkeypatch, taken, tmp_path):
    """The equivalence above would also hold if the columns never committed: a clean file must be read by them, with
    the values the row loop gives (scores exact, CPF digits, reserves, ties)."""
    header, rows = _clean()
    _write(tmp_path, header, rows, ";", "\r\n", "cp1252", sep=True)
    exam = load_exam(tmp_path)
    assert taken == [30]
    assert exam.candidates[1].score == Decimal("51.5") and str(exam.candidates[1].score) == "51.5"
    assert exam.candidates[3].score == 0 and exam.candidates[3].status == "ausente"
    assert exam.candidates[2].cpf == "00298224725" and exam.candidates[1].name == "Pessoa 1 da Conceição"
    assert exam.candidates[0].opts == frozenset({"negro"}) and exam.candidates[1].opts == frozenset()
    assert exam.candidates[4].opts == frozenset({"negro", "quilombola"})  # k = 4: negro (4 % 4 == 0), quilombola
    assert exam.candidates[5].tie == (Decimal("1.25"), None, 6, None)  # nota_especifica, hora, sorteio, jurado
    assert _outcome(tmp_path) == _row_loop(monkeypatch, tmp_path)


@pytest.mark.parametrize("change", ["nota 72,505", "quotes", "blank line", "repeated", "no score", "bad byte",
                                    "long row", "footer", "second BOM"])
def test_any_problem_gives_way_to_the_row_loop(monkeypatch, taken, tmp_path, change):
    """A cell the row loop reports, or a file pyarrow could read otherwise: the columns commit nothing, and every
    problem keeps the row loop's file, line, column and message (casas_decimais 2: «72,505» is an error)."""
    header, rows = _clean(8)
    quoting, encoding = csv.QUOTE_MINIMAL, "utf-8"
    if change == "nota 72,505":
        rows[4][3] = "72,505"
    elif change == "quotes":
        quoting = csv.QUOTE_ALL
    elif change == "repeated":
        rows[6][0] = rows[2][0]
    elif change == "no score":
        rows[1][3] = ""
    elif change == "long row":
        rows[5].append("x")
    elif change == "footer":
        rows.append(["Total: 8"] + [""] * (len(header) - 1))
    elif change == "second BOM":
        rows[0][0] = "\ufeff" + rows[0][0]  # the first data row begins with a BOM: pyarrow would drop it
    _write(tmp_path, header, rows, ";", "\n", encoding, quoting=quoting)
    if change == "blank line":
        path = tmp_path / "candidatos.csv"
        path.write_bytes(path.read_bytes().replace(b"\n", b"\n\n", 3))
    if change == "bad byte":
        path = tmp_path / "candidatos.csv"
        path.write_bytes(path.read_bytes().replace("Conceição".encode(), "Concei\xe7\xe3o".encode("cp1252"), 1))
    columns = _outcome(tmp_path)
    assert taken == ([] if change == "bad byte" else [None])  # unreadable bytes: reported before any row is read
    assert columns == _row_loop(monkeypatch, tmp_path)
    if change in ("nota 72,505", "repeated", "no score", "long row", "footer", "bad byte"):
        assert columns[2], "the row loop reports it"
    if change == "nota 72,505":
        assert [p for p in columns[2] if "72,505" in p] == [
            "candidatos.csv, linha 6, coluna «nota»: a nota «72,505» tem 3 casas decimais, e o certame usa 2 "
            "(casas_decimais em certame.toml). Confira a nota; se o edital dá notas com mais casas, escreva "
            "casas_decimais = 3 em certame.toml."]


def test_a_cell_read_under_two_names(monkeypatch, taken, tmp_path):
    """[colunas] may send two of our columns to one header cell: the columnar reader reads that column twice (it lets
    a column go after its last use), as the row loop does."""
    (tmp_path / "certame.toml").write_text(TOML.replace("[publicacao]", '[colunas]\nnome = "X"\ncargo = "X"\n\n'
                                                        "[publicacao]"), encoding="utf-8")
    (tmp_path / "candidatos.csv").write_text("inscricao;X;nota\n1;GCM;5\n2;ADM;6\n", encoding="utf-8")
    exam = load_exam(tmp_path)
    assert taken == [2]
    assert [(c.name, c.position) for c in exam.candidates] == [("GCM", "GCM"), ("ADM", "ADM")]
    assert _outcome(tmp_path) == _row_loop(monkeypatch, tmp_path)
