"""XLSX workbooks as rows of text cells: the chosen sheet, numbers at the exam's precision, every failure a message."""

from __future__ import annotations

import math
import warnings
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path

from ..errors import Collector
from .source import CELL_LIMIT, Source
from .text import count, fold, join_words

UNPACKED_LIMIT = 2_000_000_000  # bytes a workbook may unpack to: a million candidates take about a tenth of it
NOISE = Decimal("1e-9")  # relative distance from a value at the exam's precision that is binary noise, not data
_NOT_XLSX = ("o arquivo não é uma planilha XLSX válida. Abra-o no Excel ou LibreOffice e salve de novo como «Pasta "
             "de Trabalho do Excel (.xlsx)», ou exporte como CSV.")


@contextmanager
def open_xlsx(path: Path, problems: Collector, places: int, sheet: str | None = None,
              known: set[str] = frozenset()) -> Iterator[Source | None]:
    """The rows of the one sheet to read: the one named in certame.toml (`planilha`), else the only visible one.
    `known`: our column names and the board's in [colunas], folded, to suggest the sheet that holds the data."""
    import openpyxl  # imported here: only XLSX inputs pay for it

    if not _size_ok(path, problems):
        yield None
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and extensions it drops: not our concern
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception:  # noqa: BLE001 — a damaged zip or XML surfaces as any of a dozen exception types
        problems.add(path.name, _NOT_XLSX)
        yield None
        return
    try:
        chosen = _pick(path.name, book, sheet, problems, known)
        if chosen is None:
            yield None
            return
        source = Source(iter(()))
        source.rows = _rows(path.name, chosen, places, problems, source)
        source.empty_cell = _FormulaCells(path, chosen.title).explain
        yield source
    finally:
        book.close()


def _size_ok(path: Path, problems: Collector) -> bool:
    """Refuse a workbook that would unpack to more than UNPACKED_LIMIT (a «zip bomb» or a pasted blob)."""
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return True  # openpyxl reports it as not an XLSX
    if unpacked > UNPACKED_LIMIT:
        problems.add(path.name, f"a planilha ocupa {count(unpacked // 1_000_000)} MB quando aberta, mais que o "
                     f"limite de {count(UNPACKED_LIMIT // 1_000_000)} MB. Apague o conteúdo que não é da lista de "
                     "candidatos (imagens, abas de rascunho) ou exporte como CSV.")
        return False
    return True


def _pick(file: str, book, wanted: str | None, problems: Collector, known: set[str] = frozenset()):
    """The sheet to read, or None with the reason reported. Only visible sheets are read, named and counted (a
    hidden one is never read: issue 21)."""
    sheets = book.worksheets
    visible = [s for s in sheets if s.sheet_state == "visible"]
    names = join_words([f"«{s.title}»" for s in visible])
    if not sheets:
        problems.add(file, "a pasta de trabalho não tem nenhuma planilha (aba) com dados. Abra-a e confira se a "
                     "lista de candidatos foi salva nela.")
        return None
    if wanted is not None:
        found = [s for s in sheets if s.title == wanted] or [s for s in sheets if fold(s.title) == fold(wanted)]
        if len(found) == 1 and found[0].sheet_state == "visible":
            return found[0]
        if len(found) == 1:
            problems.add(file, f"a aba «{found[0].title}», indicada em certame.toml (chave «planilha»), está oculta, "
                         "e uma aba oculta nunca é lida. Reexiba a aba na planilha (clique com o botão direito "
                         "numa aba → Reexibir) e salve de novo.")
            return None
        hint = f"Abas visíveis da pasta de trabalho: {names}." if visible else "A pasta de trabalho não tem aba visível."
        problems.add(file, f"a aba «{wanted}», indicada em certame.toml (chave «planilha»), não existe. {hint}")
        return None
    if len(visible) == 1:
        return visible[0]
    if not visible:
        problems.add(file, "a pasta de trabalho não tem nenhuma aba visível, e uma aba oculta nunca é lida. Reexiba a "
                     "aba com a lista de candidatos (clique com o botão direito numa aba → Reexibir) e salve de novo.")
        return None
    best = _likely(visible, known)
    problems.add(file, f"a pasta de trabalho tem {len(visible)} abas visíveis ({names}), e não se sabe qual "
                 f"publicar. Indique a aba em certame.toml, por exemplo: planilha = \"{best.title}\"")
    return None


def _likely(sheets: list, known: set[str]):
    """The sheet that looks like the candidates' list: the most cells of its first rows naming one of our columns
    (an instructions sheet has none), then the most rows; the first one on a tie."""
    from .headers import resembles

    def score(sheet) -> tuple[int, int]:
        named = 0
        try:
            for row in sheet.iter_rows(min_row=1, max_row=5, values_only=True):
                cells = [str(v) for v in row if isinstance(v, str) and v.strip()]
                named = max(named, sum(1 for c in cells if fold(c) in known or resembles(c)))
            rows = sheet.max_row or 0
        except Exception:  # noqa: BLE001 — a damaged sheet is no suggestion; reading it reports the damage
            return (0, 0)
        return (named, rows)

    scores = [score(s) for s in sheets]
    return sheets[scores.index(max(scores))]


def _rows(file: str, sheet, places: int, problems: Collector, source: Source) -> Iterator[list[str]]:
    """Each row as text cells; a sheet whose XML breaks off stops with a message instead of a traceback."""
    sheet.reset_dimensions()  # a stale dimension record would cut the sheet short, silently
    line = 0
    numeric = source.numeric_keys
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for line, row in enumerate(sheet.iter_rows(values_only=True), 1):
                cells = [_cell_text(value, places) for value in row]
                at = source.key_at  # known once the header (line 1) is read
                if at is not None and at < len(row) and type(row[at]) in _NUMBERS:
                    numeric.append(line)  # a number has no leading zeros to keep (025000246 → 25000246)
                if any(len(cell) > CELL_LIMIT for cell in cells):
                    problems.add(file, f"uma célula tem mais de {count(CELL_LIMIT)} caracteres; a leitura parou "
                                 "aqui. Apague o texto colado por engano nessa célula.", line)
                    source.stopped = True
                    return
                yield cells
    except Exception:  # noqa: BLE001 — malformed sheet XML surfaces as parser, key or value errors
        source.stopped = True
        where = " depois desta linha" if line else ""
        problems.add(file, f"o conteúdo da planilha está danificado e não pôde ser lido{where}. Abra-a no Excel ou "
                     "LibreOffice e salve de novo, ou exporte como CSV.", line or None)


_NUMBERS = (int, float)  # openpyxl's numeric cells (bool is not one: its type is bool)


class _FormulaCells:
    """Why a cell reads empty when it holds a formula with no stored result (a workbook written by a program that
    does not calculate). Looked up only when an empty cell is a problem: it reads the sheet's XML once more."""

    def __init__(self, path: Path, title: str) -> None:
        self.path, self.title, self.cells = path, title, None

    def explain(self, line: int, column: int) -> str | None:
        """The message for the empty cell at (line, column from 0), or None if it holds no formula."""
        from openpyxl.utils import get_column_letter
        if self.cells is None:
            self.cells = self._scan()
        reference = f"{get_column_letter(column + 1)}{line}"
        if reference not in self.cells:
            return None
        return (f"a célula {reference} tem uma fórmula sem o valor calculado (a planilha foi gravada por um programa "
                "que não calcula fórmulas). Abra-a no Excel ou LibreOffice, deixe calcular e salve de novo.")

    def _scan(self) -> set[str]:
        """The cells of the sheet that hold a formula: the workbook read again with formulas instead of their stored
        values (openpyxl's public API). The caller asks only about cells whose stored value is empty."""
        import openpyxl

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                book = openpyxl.load_workbook(self.path, read_only=True, data_only=False)
            try:
                return {cell.coordinate for row in book[self.title].iter_rows() for cell in row
                        if getattr(cell, "data_type", None) == "f"}
            finally:
                book.close()
        except Exception:  # noqa: BLE001 — the sheet was already read once; without it, the plain message stands
            return set()


def _cell_text(value: object, places: int) -> str:
    """A typed XLSX cell as the text a CSV export would hold, so one parser serves both formats."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "S" if value else "N"
    if isinstance(value, float):
        return _number_text(value, places)
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _number_text(value: float, places: int) -> str:
    """A float at the exam's precision when it is that value plus binary noise (72.100000000000009 → «72.1»);
    otherwise every digit it has, so a real extra decimal (72.105) is seen and refused, never rounded away."""
    if not math.isfinite(value) or abs(value) >= 1e15:
        return repr(value)
    if value.is_integer():
        return str(int(value))
    exact = Decimal(value)
    rounded = exact.quantize(Decimal(1).scaleb(-places))
    if abs(exact - rounded) <= NOISE * max(1, abs(rounded)):
        return format(rounded.normalize(), "f")  # «72.1», as a CSV export writes it
    return repr(value)
