"""The board's spreadsheets (CSV or XLSX) as a header plus rows of text cells, numbered like the spreadsheet."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, islice
from itertools import count as counter
from pathlib import Path

from ..errors import Collector
from .source import CELL_LIMIT, Source
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
    delimiter: str | None = None
    used: int = 0  # header width without its trailing blank cells
    header_words: frozenset[str] = frozenset()  # spellings of the key column's name that send a row to `tidy`
    numbers: Iterator[int] = field(default_factory=lambda: counter(FIRST_DATA_LINE))
    malformed: list[str] = field(default_factory=list)  # key cells of rows refused for their width
    broken: bool = False  # parsing stopped or quotes swallowed rows: the rows read are not the file's rows
    empty_cell: Callable[[int, int], str | None] | None = None  # see Source.empty_cell
    numeric_keys: list[int] = field(default_factory=list)  # see Source.numeric_keys
    ignored: tuple[str, ...] = ()  # header cells of `[colunas] ignorar`: never read, never reported as unmapped
    origin: tuple[Path, str, int] | None = None  # see Source.origin
    read_whole: bool = False  # load/columns.py read and counted every data row itself: `rows` is left unread

    def numbered(self) -> Iterator[tuple[int, list[str]]]:
        """(line, row) pairs; a zip with a counter, so `records` knows afterwards how many rows there were."""
        return zip(self.numbers, self.rows)

    def blocks(self, size: int) -> Iterator[tuple[range, list[list[str]]]]:
        """The data rows in blocks of `size` (the last one shorter), each with its lines; `records` works after
        them as after `numbered`. Rows read before a csv.Error come as a block of their own, then it is raised."""
        rows, line = self.rows, next(self.numbers)
        while True:
            block: list[list[str]] = []
            try:
                block.extend(islice(rows, size))  # the rows read before the error stay in the block
            except csv.Error:
                if block:
                    yield range(line, line + len(block)), block
                raise
            if block:
                yield range(line, line + len(block)), block
            line += len(block)
            if len(block) < size:
                self.numbers = counter(line + 1)  # as `numbered` leaves it: one number drawn past the last row
                return

    def records(self) -> int:
        """Data rows read by `numbered` once it is exhausted (zip drew one number more than it used)."""
        return next(self.numbers) - FIRST_DATA_LINE - 1

    def irregular(self, row: list[str]) -> bool:
        """Cheap test that sends only unusual rows (wrong width, blank, header repeated) to `tidy`."""
        return len(row) != len(self.header) or not row[self.key] or row[self.key] in self.header_words

    def tidy(self, line: int, row: list[str]) -> list[str] | None:
        """The row with the header's width, or None for a blank row, a repeated header or a row of the wrong width
        (reported: its cells cannot be matched with the columns, so none of them is read)."""
        if not any(cell.strip() for cell in row):
            return None
        if self.key < len(row) and fold(row[self.key]) == fold(self.header[self.key]):
            self.problems.add(self.file, "esta linha repete o cabeçalho (talvez duas planilhas tenham sido coladas "
                              "uma embaixo da outra). Apague a linha.", line)
            return None
        width = len(row)
        while width > self.used and not row[width - 1].strip():
            width -= 1
        if width > self.used:
            self.problems.add(self.file, self._long_message(row, width), line)
            self.malformed.append(row[self.key].strip())
            return None
        if width < self.used and self.delimiter is not None:
            if self.key < width:
                self.malformed.append(row[self.key].strip())
            self.problems.add(self.file, f"esta linha tem {width} campos, e o cabeçalho tem {self.used}: faltam "
                              "campos no fim da linha. Complete-a (um campo vazio também precisa do separador "
                              f"«{_shown(self.delimiter)}»).", line)
            return None
        return row[: len(self.header)] + [""] * (len(self.header) - len(row))

    def _long_message(self, row: list[str], width: int) -> str:
        if self.delimiter is None:
            from openpyxl.utils import get_column_letter
            extra = next(i for i in range(self.used, width) if row[i].strip())
            return (f"há um valor na coluna {get_column_letter(extra + 1)}, fora das {self.used} colunas do "
                    "cabeçalho. Apague-o, ou dê um nome à coluna no cabeçalho.")
        hint = ("vírgula decimal num arquivo separado por vírgulas? Escreva a nota com ponto (88.66) ou entre aspas "
                "(\"88,66\"), ou salve o arquivo separado por ponto e vírgula." if self.delimiter == "," else
                f"há um «{_shown(self.delimiter)}» a mais dentro de algum campo? Ponha esse campo entre aspas ou "
                "apague o separador a mais.")
        return f"esta linha tem {width} campos, e o cabeçalho tem {self.used} — {hint}"

    def cell(self, row: list[str], column: str) -> str:
        """The cell of an optional column, or "" when the file does not have it."""
        position = self.index.get(column)
        return "" if position is None else row[position]


def _short(cell: str, limit: int = 40) -> str:
    """A header cell as shown in a message: one line, cut short (a broken file may hold rows of data there)."""
    cell = " ".join(cell.split())
    return cell if len(cell) <= limit else cell[: limit - 1] + "…"


def _shown(delimiter: str) -> str:
    return "tabulação" if delimiter == "\t" else delimiter


@contextmanager
def open_table(path: Path, columns: Columns, renames: dict[str, str], problems: Collector,
               places: int = 2, sheet: str | None = None, ignored: tuple[str, ...] = ()) -> Iterator[Table | None]:
    """Open a CSV or XLSX file; yields None (with problems reported) when it cannot be read past its header.
    `ignored`: header cells never read (`[colunas] ignorar`).

    XLSX numbers are read at `places` decimals (the exam's precision), so binary float noise never reaches a score.
    """
    if path.suffix.lower() == ".xlsx":
        from .xlsx import open_xlsx
        known = {fold(n) for n in (*columns.all, *renames.values())}
        opener = open_xlsx(path, problems, places, sheet, known)
    else:
        opener = _open_csv(path, problems)
    mark = len(problems.problems)
    with opener as source:
        table = None if source is None else _with_header(path.name, source, columns, renames, problems, mark,
                                                         ignored)
        try:
            yield table
        except csv.Error as error:  # raised from the caller's loop: the rest of the file cannot be trusted
            if table is not None:
                table.broken = True
            _broken(path.name, source, str(error), mark, problems)
            return
        if table is not None and source.stopped:
            table.broken = True
        if table is not None and source.lines_read is not None and not table.read_whole:
            if source.lines_read() != 1 + table.records():
                table.broken = _broken(path.name, source, "", mark, problems)


def _broken(file: str, source: Source, error: str, mark: int, problems: Collector) -> bool:
    """Report why a CSV stopped parsing, or which record swallowed other lines through an unclosed quote. The
    problems already reported for that record are dropped: its cells are shifted, so they would only mislead."""
    line, swallowed = _span(source, error)
    if line is None and not error:
        return False  # every record that spans lines is a quoted line break inside a cell, as spreadsheets write them
    if line is not None:
        rest = ("o resto do arquivo virou parte deste campo" if swallowed is None else
                f"as {count(swallowed)} linhas seguintes do arquivo viraram parte deste campo" if swallowed > 1 else
                "a linha seguinte do arquivo virou parte deste campo")
        message = f"as aspas (\") abertas nesta linha não se fecham nela, e {rest}. Feche as aspas ou apague-as."
    else:
        line = source.lines_read() if source.lines_read is not None else None
        if "field larger than field limit" in error:
            message = (f"um campo tem mais de {count(CELL_LIMIT)} caracteres; a leitura parou aqui. Apague o texto "
                       "colado por engano nessa célula.")
        elif "expected after" in error:
            message = ("depois das aspas que fecham um campo (\") vem texto, e não o separador; a leitura parou "
                       "aqui. Apague essas aspas, ou ponha o campo inteiro entre aspas e dobre as aspas internas "
                       "(\"\").")
        elif "NUL" in error:
            message = ("o arquivo contém o caractere nulo (NUL), que não existe num CSV de texto; a leitura parou "
                       "aqui. Abra-o na planilha e salve de novo como «CSV UTF-8».")
        else:
            message = ("o texto não pôde ser lido como CSV; a leitura parou aqui. Confira se há aspas (\") sem par "
                       "nesta linha ou logo acima, e salve o arquivo de novo como CSV.")
    kept = [p for p in problems.problems[mark:] if p.file != file or line is None or p.line != line]
    del problems.problems[mark:]
    problems.extend(kept)
    problems.add(file, message, line)
    return True


def _span(source: Source, error: str) -> tuple[int | None, int | None]:
    """The record (numbered like the spreadsheet's rows) whose quotes swallowed other lines, and how many lines
    (None: to the end of the file); (None, None) when there is none. A record spanning lines is a swallow when a
    cell holds a line break and the delimiter: a quoted line break in a name (Alt+Enter) holds no delimiter."""
    if source.rescan is None:
        return None, None
    reader = source.rescan()
    record, before = 0, 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return None, None
        except csv.Error:
            if reader.line_num > before + 1 or "unexpected end of data" in error:
                return record + 1, None
            return None, None
        record += 1
        lines, before = reader.line_num - before, reader.line_num
        if lines > 1 and any(("\n" in c or "\r" in c) and source.delimiter in c for c in row):
            return record, lines - 1


def _with_header(file: str, source: Source, columns: Columns, renames: dict[str, str],
                 problems: Collector, mark: int, ignored: tuple[str, ...] = ()) -> Table | None:
    rows = source.rows
    try:
        header = next(rows, None)
    except csv.Error as error:
        _broken(file, source, str(error), mark, problems)
        return None
    if header is not None and source.lines_read is not None and source.lines_read() > 1:
        if _broken(file, source, "", mark, problems):  # the header's quotes swallowed the rows below it
            return None
    if header is None or not any(cell.strip() for cell in header):
        if len(problems.problems) == mark:  # else reading failed, and that problem says why
            problems.add(file, _empty_message(columns), 1 if header is not None else None)
        return None
    index = _locate(file, header, columns, renames, problems, ignored)
    if index is None:
        return None
    key = index[columns.required[0]]
    source.key_at = key
    word = header[key]
    spellings = {w for v in (word, word.strip()) for w in (v, v.upper(), v.lower(), v.capitalize(), v.title())}
    words = frozenset(spellings | {"\ufeff" + w for w in spellings})  # a second export keeps its BOM
    used = len(header)
    while used > 1 and not header[used - 1].strip():
        used -= 1
    return Table(file, header, index, rows, key, problems, source.delimiter, used, words,
                 empty_cell=source.empty_cell, numeric_keys=source.numeric_keys, ignored=ignored, origin=source.origin)


def _empty_message(columns: Columns) -> str:
    names = join_words(list(columns.required))
    return (f"o arquivo está vazio. A primeira linha deve ser o cabeçalho com as colunas {names}, "
            "e cada linha seguinte um registro.")


def _locate(
    file: str, header: list[str], columns: Columns, renames: dict[str, str], problems: Collector,
    ignored: tuple[str, ...] = ()
) -> dict[str, int] | None:
    """Find each of our columns in the header (by folded name); None if the header cannot be used. A cell of
    `ignored` is never taken."""
    skip = {fold(cell) for cell in ignored}
    folded = [fold(cell) if fold(cell) not in skip else "\0" for cell in header]
    index: dict[str, int] = {}
    broken = False
    for name in columns.all:
        if name in renames and fold(renames[name]) in skip:
            problems.add(file, f"a coluna «{renames[name]}» está em [colunas] duas vezes: como {name} = "
                         f"\"{renames[name]}\" e na lista ignorar. Tire-a de uma das duas.", 1)
            broken = True
            continue
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
    present = join_words([f"«{_short(cell)}»" for cell in header if cell.strip()]) or "nenhuma"
    if name in renames:
        return (f"falta a coluna obrigatória «{name}»: nem «{renames[name]}» (indicada em certame.toml, [colunas]) "
                f"nem «{name}» estão no cabeçalho. Colunas encontradas: {present}.")
    from .headers import shown, suggestion, toml_text
    like = suggestion(name, header)
    if like is not None:
        return (f"falta a coluna obrigatória «{name}». A coluna «{shown(like)}» parece ser ela: se é, acrescente "
                f"em certame.toml, na seção [colunas]: {name} = {toml_text(shown(like))}. Colunas encontradas: "
                f"{present}.")
    return (f"falta a coluna obrigatória «{name}». Colunas encontradas: {present}. Se a banca usa outro nome, "
            f"informe-o em certame.toml, na seção [colunas], por exemplo: {name} = \"NOME_DA_BANCA\".")


@contextmanager
def _open_csv(path: Path, problems: Collector) -> Iterator[Source | None]:
    data = path.read_bytes()
    if not data.strip(b" \t\r\n\xef\xbb\xbf;,"):
        problems.add(path.name, "o arquivo está vazio. A primeira linha deve ser o cabeçalho e cada linha "
                     "seguinte um registro.")
        yield None
        return
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in data[:200]:
        problems.add(path.name, "o arquivo está em UTF-16 (ou outra codificação de 2 bytes por letra). Abra-o na "
                     "planilha e salve como «CSV UTF-8 (delimitado por vírgulas)».")
        yield None
        return
    encoding, encoding_name, bad = detect_encoding(data)
    del data
    if bad:
        _report_unreadable(path.name, encoding_name, bad, problems)
        yield None
        return
    # The limit is process-wide and libraries raise it (frictionless sets it to sys.maxsize): set ours while we read.
    limit = csv.field_size_limit(CELL_LIMIT)
    try:
        with path.open(encoding=encoding, newline="") as stream:
            yield from _csv_source(path, stream, encoding)
    finally:
        csv.field_size_limit(limit)


def _csv_source(path: Path, stream, encoding: str) -> Iterator[Source]:
    """_open_csv's body once the file is open: the delimiter, Excel's «sep=» line, the strict reader."""
    first = stream.readline()
    delimiter, offset = _sniff(first), 0
    if first[:4].lower() == "sep=":  # Excel's delimiter hint: Excel hides this line, so it is not line 1
        delimiter, first, offset = first[4:5] or ",", stream.readline(), 1
    reader = csv.reader(chain([first], stream), delimiter=delimiter, strict=True)

    def rescan() -> Iterator[list[str]]:  # only after a problem: reading the file whole is fine then
        with path.open(encoding=encoding, newline="") as again:
            lines = again.readlines()[offset:]
        return csv.reader(lines, delimiter=delimiter, strict=True)

    yield Source(reader, delimiter, lambda: reader.line_num, rescan, origin=(path, encoding, offset))


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
