"""The board's spreadsheets (CSV or XLSX) as a header plus rows of text cells, numbered like the spreadsheet."""

from __future__ import annotations

import csv
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, time
from itertools import chain
from pathlib import Path

from ..errors import Collector
from .text import UNREADABLE_LINES_SHOWN, count, detect_encoding, fold, join_words

FIRST_DATA_LINE = 2  # the header is line 1, as in the spreadsheet


@dataclass(frozen=True, slots=True)
class Columns:
    """The columns one kind of file has: our names, the required ones first."""

    required: tuple[str, ...]
    optional: tuple[str, ...] = ()

    @property
    def all(self) -> tuple[str, ...]:
        return self.required + self.optional


@dataclass(slots=True)
class Table:
    """An open spreadsheet: where each of our columns is, and its data rows (line 2 onwards)."""

    file: str
    header: list[str]
    index: dict[str, int]  # our column name → cell position; absent optional columns are missing
    rows: Iterator[list[str]]
    key: int  # position of the first required column, which no data row leaves empty
    problems: Collector

    def irregular(self, row: list[str]) -> bool:
        """Cheap test that sends only unusual rows (short, blank, header repeated) to `tidy`."""
        return len(row) < len(self.header) or not row[self.key] or row[self.key] == self.header[self.key]

    def tidy(self, line: int, row: list[str]) -> list[str] | None:
        """The row padded to the header's width, or None for a blank row or a repeated header."""
        if not any(cell.strip() for cell in row):
            return None
        if [fold(c) for c in row if c.strip()] == [fold(c) for c in self.header if c.strip()]:
            self.problems.add(self.file, "esta linha repete o cabeçalho (talvez duas planilhas tenham sido coladas "
                              "uma embaixo da outra). Apague a linha.", line)
            return None
        return row + [""] * (len(self.header) - len(row))

    def cell(self, row: list[str], column: str) -> str:
        """The cell of an optional column, or "" when the file does not have it."""
        position = self.index.get(column)
        return "" if position is None else row[position]


@contextmanager
def open_table(path: Path, columns: Columns, renames: dict[str, str], problems: Collector) -> Iterator[Table | None]:
    """Open a CSV or XLSX file; yields None (with problems reported) when it cannot be read past its header."""
    opener = _open_xlsx if path.suffix.lower() == ".xlsx" else _open_csv
    with opener(path, problems) as rows:
        try:
            yield None if rows is None else _with_header(path.name, rows, columns, renames, problems)
        except csv.Error as error:  # raised from the caller's loop: the rest of the file cannot be trusted
            problems.add(path.name, f"o texto não pôde ser lido como CSV ({error}); a leitura parou aqui. Confira "
                         "se há aspas (\") sem par nesta linha ou logo acima, e salve o arquivo de novo como CSV.",
                         getattr(rows, "line_num", None))


def _with_header(
    file: str, rows: Iterator[list[str]], columns: Columns, renames: dict[str, str], problems: Collector
) -> Table | None:
    header = next(rows, None)
    if header is None or not any(cell.strip() for cell in header):
        problems.add(file, _empty_message(columns), 1 if header is not None else None)
        return None
    index = _locate(file, header, columns, renames, problems)
    if index is None:
        return None
    return Table(file, header, index, rows, index[columns.required[0]], problems)


def _empty_message(columns: Columns) -> str:
    names = join_words(list(columns.required))
    return (f"o arquivo está vazio. A primeira linha deve ser o cabeçalho com as colunas {names}, "
            "e cada linha seguinte um registro.")


def _locate(
    file: str, header: list[str], columns: Columns, renames: dict[str, str], problems: Collector
) -> dict[str, int] | None:
    """Find each of our columns in the header (by folded name); None if the header cannot be used."""
    folded = [fold(cell) for cell in header]
    index: dict[str, int] = {}
    broken = False
    for name in columns.all:
        wanted = [fold(renames[name])] if name in renames else []
        for target in [*wanted, fold(name)]:
            found = [i for i, cell in enumerate(folded) if cell == target]
            if found:
                break
        if len(found) > 1:
            places = join_words([str(i + 1) for i in found])
            problems.add(file, f"o cabeçalho tem mais de uma coluna «{name}» (colunas {places}). "
                         "Apague ou renomeie as repetidas.", 1)
            broken = True
        elif found:
            index[name] = found[0]
        elif name in columns.required:
            problems.add(file, _missing_message(name, header, renames), 1)
            broken = True
    return None if broken else index


def _missing_message(name: str, header: list[str], renames: dict[str, str]) -> str:
    present = join_words([f"«{cell}»" for cell in header if cell.strip()]) or "nenhuma"
    if name in renames:
        return (f"falta a coluna obrigatória «{name}»: nem «{renames[name]}» (indicada em certame.toml, [colunas]) "
                f"nem «{name}» estão no cabeçalho. Colunas encontradas: {present}.")
    return (f"falta a coluna obrigatória «{name}». Colunas encontradas: {present}. Se a banca usa outro nome, "
            f"informe-o em certame.toml, na seção [colunas], por exemplo: {name} = \"NOME_DA_BANCA\".")


@contextmanager
def _open_csv(path: Path, problems: Collector) -> Iterator[Iterator[list[str]] | None]:
    data = path.read_bytes()
    if not data.strip(b" \t\r\n\xef\xbb\xbf;,"):
        problems.add(path.name, "o arquivo está vazio. A primeira linha deve ser o cabeçalho e cada linha "
                     "seguinte um registro.")
        yield None
        return
    encoding, encoding_name, bad = detect_encoding(data)
    del data
    if bad:
        _report_unreadable(path.name, encoding_name, bad, problems)
        yield None
        return
    with path.open(encoding=encoding, newline="") as stream:
        first = stream.readline()
        delimiter = _sniff(first)
        if first[:4].lower() == "sep=":  # Excel's delimiter hint: Excel hides this line, so it is not line 1
            delimiter, first = first[4:5] or ",", stream.readline()
        reader = csv.reader(chain([first], stream), delimiter=delimiter)
        yield reader


def _sniff(header_line: str) -> str:
    """The delimiter is whichever of ; , or tab the header line uses most (comma if none)."""
    counts = {d: header_line.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=counts.__getitem__)
    return best if counts[best] else ","


def _report_unreadable(file: str, encoding_name: str, lines: list[int], problems: Collector) -> None:
    shown = tuple(lines[:UNREADABLE_LINES_SHOWN])
    more = f" (e mais {count(len(lines) - len(shown))} linhas)" if len(lines) > len(shown) else ""
    if encoding_name == "UTF-8":
        why = ("o arquivo está em UTF-8, mas estes caracteres estão corrompidos. Redigite os caracteres estranhos "
               "(em geral letras acentuadas) e salve de novo como «CSV UTF-8».")
    else:
        why = ("o arquivo não está em UTF-8 nem em Windows-1252. Abra-o na planilha e salve como «CSV UTF-8 "
               "(delimitado por vírgulas)».")
    problems.add(file, f"bytes ilegíveis{more}: {why}", shown)


@contextmanager
def _open_xlsx(path: Path, problems: Collector) -> Iterator[Iterator[list[str]] | None]:
    import openpyxl  # imported here: only XLSX inputs pay for it

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError):
        problems.add(path.name, "o arquivo não é uma planilha XLSX válida. Abra-o no Excel ou LibreOffice e salve "
                     "de novo como «Pasta de Trabalho do Excel (.xlsx)», ou exporte como CSV.")
        yield None
        return
    try:
        sheet = book.worksheets[0]
        yield ([_cell_text(value) for value in row] for row in sheet.iter_rows(values_only=True))
    finally:
        book.close()


def _cell_text(value: object) -> str:
    """A typed XLSX cell as the text a CSV export would hold, so one parser serves both formats."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "S" if value else "N"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value)
