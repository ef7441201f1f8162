"""Fuzz test (issue 9): mutated example inputs have exactly two possible outcomes under `gazeta check`.

- refused: exit 1, every line a message naming a file of the exam, the mutated file among them, no traceback,
  nothing written;
- accepted: the rows gazeta would publish are the rows of the mutated file, read independently with the stdlib's
  strict csv reader: same count, same scores.

Mutations: truncation, quotes, separators, deleted or duplicated spans, control and bidi characters, other
encodings, huge cells. The board's workbook (the Lins example) is mutated cell by cell as a spreadsheet editor would:
formulas without a cached value, float noise and extra decimals on scores, escaped control characters, huge cells,
rows with empty trailing cells, a hidden draft sheet in front, a header pasted again, a renamed sheet, a cut file;
its oracle reads the visible sheet with openpyxl. Bounded for CI: a fixed number of examples, derandomized.
"""

from __future__ import annotations

import csv
import io
import shutil
import tempfile
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.errors import InputError
from generator.pipeline import prepare

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {"cariacica-2023-concurso": "nota", "ms-2024-pss": "NOTA_FINAL"}  # exam → its score column's header
RULES = ROOT / "content" / "jurisdicoes"
FILES = ("certame.toml", "candidatos.csv", "comissao.csv", "desistencias.csv")
ODD = ["\"", ",", ";", "\t", "\n", "\r", "\r\n", "\x00", "\x0b", "\x1b", "\u202e", "\u00a0", "\ufeff", "ã", "'",
       "=", "\\", "1e3", "NaN", "-", "9" * 27, ",5"]


@st.composite
def mutation(draw):
    """(name, function of bytes → bytes) for one mutation."""
    kind = draw(st.sampled_from(["truncate", "insert", "delete", "duplicate", "encode", "huge"]))
    where = draw(st.floats(min_value=0, max_value=1))
    if kind == "truncate":
        return kind, lambda data: data[: int(len(data) * where)]
    if kind == "insert":
        text = draw(st.sampled_from(ODD)).encode("utf-8")
        return kind, lambda data: data[: int(len(data) * where)] + text + data[int(len(data) * where):]
    if kind == "delete":
        size = draw(st.integers(min_value=1, max_value=40))
        return kind, lambda data: data[: int(len(data) * where)] + data[int(len(data) * where) + size:]
    if kind == "duplicate":
        def duplicate(data: bytes) -> bytes:
            lines = data.splitlines(keepends=True)
            k = int(len(lines) * where) if lines else 0
            return b"".join(lines[: k + 1] + lines[k:])
        return kind, duplicate
    if kind == "encode":
        encoding = draw(st.sampled_from(["utf-16", "utf-16-le", "cp1252", "utf-8-sig"]))
        return kind, lambda data: data.decode("utf-8-sig", errors="replace").encode(encoding, errors="replace")
    return kind, lambda data: data[: int(len(data) * where)] + b"A" * 200_000 + data[int(len(data) * where):]


def _reference_rows(data: bytes, score_column: str) -> list[Decimal]:
    """The scores of the data rows, read with the stdlib alone (the oracle)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252")
    header_line = text.split("\n", 1)[0]  # not splitlines(): \v, \f and U+2028 are not line ends in a CSV
    delimiter = max((",", ";", "\t"), key=header_line.count)
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    column = [c.strip().casefold() for c in rows[0]].index(score_column.casefold())
    scores = []
    for row in rows[1:]:
        if any(cell.strip() for cell in row):
            cell = row[column].strip().replace(",", ".")
            scores.append(Decimal(cell) if cell else Decimal(0))
    return scores


def _checked(folder: Path, files: tuple[str, ...]) -> tuple[list[str] | None, str]:
    """`gazeta check` of a mutated exam: refused (exit 1) with problems each naming one of `files`, or accepted
    (exit 0); never a traceback, never a file written. (problems or None when accepted, stderr)."""
    before = sorted(p.name for p in folder.iterdir())
    status, err = _check(folder)
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing written
    assert "Traceback" not in err
    event("recusado" if status == 1 else "aceito")
    if status == 1:
        problems = err.split("\n\n")[0].splitlines()
        assert problems and all(line.split(",")[0].split(":")[0] in files for line in problems), err
        return problems, err
    assert status == 0, err
    return None, err


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(exam=st.sampled_from(sorted(EXAMPLES)), target=st.sampled_from(FILES[:3] * 3 + FILES[3:]),
       mutations=st.lists(mutation(), min_size=1, max_size=3))
def test_a_mutated_input_is_refused_with_a_message_or_published_exactly(exam, target, mutations):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / exam
        shutil.copytree(ROOT / "content" / "certames" / exam, folder)
        path = folder / target
        data = path.read_bytes()
        for _, change in mutations:
            data = change(data)
        path.write_bytes(data)
        problems, err = _checked(folder, FILES)
        if problems is not None:
            assert any(target in line for line in problems), err
            return
        result = prepare(folder, RULES, project=False)
        published = sorted([c.score for p in result.positions for c in p.order]
                           + [e.candidate.score for p in result.positions for e in p.eliminated])
        expected = sorted(_reference_rows((folder / "candidatos.csv").read_bytes(), EXAMPLES[exam]))
        assert published == expected


def _check(folder: Path) -> tuple[int, str]:
    """`gazeta check` in-process, with stderr captured (no subprocess: a few hundred runs must take seconds)."""
    import contextlib
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["--regras", str(RULES), "check", str(folder)])
        except InputError as error:  # main handles it; a leak here would be a third outcome
            raise AssertionError(f"InputError escaped main: {error}") from None
    return status, err.getvalue()


# -- the board's workbook (candidatos.xlsx) --------------------------------------------------------------------------
XLSX_EXAM = "lins-2024-gcm"  # the example published from a workbook
XLSX_ODD = ["=A1+1", "=SUM(D2:D9)", "_x000B_", "\u202e", "A" * 200_000, "", " ", "NaN", "inf", "-1", "1e3", "72,5",
            " 80 ", "72,105", True, 0, -3.5, 72.105, 10 ** 27, "_x0000_"]  # a workbook escapes control characters


@st.composite
def cell_mutation(draw):
    """(name, function of a workbook → None) for one change of the kind a spreadsheet editor makes."""
    kind = draw(st.sampled_from(["cell", "noise", "trailing", "hidden_first", "header_again", "rename"]))
    row = draw(st.integers(min_value=2, max_value=331))
    column = draw(st.integers(min_value=1, max_value=10))
    if kind == "cell":
        value = draw(st.sampled_from(XLSX_ODD))
        return kind, lambda book: book.worksheets[0].cell(row, column, value)
    if kind == "noise":  # a formula's binary float noise on a score: read at the exam's precision
        def noise(book):
            cell = book.worksheets[0].cell(row, 4)
            if isinstance(cell.value, (int, float)):
                cell.value = cell.value + 1e-12
        return kind, noise
    if kind == "trailing":  # the row's last cells left empty (a workbook stores no empty trailing cell)
        def trailing(book):
            for k in range(column, 11):
                book.worksheets[0].cell(row, k, None)
        return kind, trailing
    if kind == "hidden_first":  # a hidden draft sheet in front of the real one
        def hidden(book):
            draft = book.create_sheet("Rascunho", 0)
            draft.append(["inscricao", "nome", "cargo", "nota"])
            draft.append(["99999999", "Rascunho", "GCM", 100])
            draft.sheet_state = "hidden"
        return kind, hidden
    if kind == "header_again":  # two exports pasted one under the other
        def again(book):
            sheet = book.worksheets[0]
            for k, value in enumerate(next(sheet.iter_rows(min_row=1, max_row=1, values_only=True)), start=1):
                sheet.cell(row, k, value)
        return kind, again
    return kind, lambda book: setattr(book.worksheets[0], "title", "Planilha1")


def _xlsx_reference(path: Path) -> list[Decimal] | None:
    """The scores of the workbook's data rows read with openpyxl alone (the oracle), or None when a score is not a
    number at 2 decimals (then gazeta must refuse the file)."""
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    sheets = [s for s in book.worksheets if s.sheet_state == "visible"]
    rows = list(sheets[0].iter_rows(values_only=True))
    book.close()
    scores = []
    for row in rows[1:]:
        if not any(v not in (None, "") and str(v).strip() for v in row):
            continue
        value = row[3] if len(row) > 3 else None
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, (int, float)):
            exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
            rounded = exact.quantize(Decimal("0.01"))
            if abs(exact - rounded) > Decimal("1e-9") or not Decimal(0) <= rounded <= Decimal(100):
                return None
            scores.append(rounded)
        else:
            text = str(value).strip().replace(",", ".")
            try:
                number = Decimal(text)
            except ArithmeticError:
                return None
            if not number.is_finite() or number != number.quantize(Decimal("0.01")) or not 0 <= number <= 100:
                return None
            scores.append(number)
    return scores


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutations=st.lists(cell_mutation(), min_size=1, max_size=3), truncate=st.sampled_from([None, None, None, 0.5]))
def test_a_mutated_workbook_is_refused_with_a_message_or_published_exactly(mutations, truncate):
    """The same two outcomes for the board's workbook, mutated cell by cell as a spreadsheet editor would (or cut)."""
    import openpyxl

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / XLSX_EXAM
        shutil.copytree(ROOT / "content" / "certames" / XLSX_EXAM, folder)
        path = folder / "candidatos.xlsx"
        book = openpyxl.load_workbook(path)
        for _, change in mutations:
            change(book)
        book.save(path)
        if truncate:
            data = path.read_bytes()
            path.write_bytes(data[: int(len(data) * truncate)])
        problems, err = _checked(folder, (*FILES, "candidatos.xlsx"))
        if problems is not None:
            return
        expected = _xlsx_reference(path)
        assert expected is not None, f"aceito, mas a planilha tem nota que não é número de 2 casas: {err}"
        result = prepare(folder, RULES, project=False)
        published = sorted([c.score for p in result.positions for c in p.order]
                           + [e.candidate.score for p in result.positions for e in p.eliminated])
        assert published == sorted(expected)
