"""A CSV table's data rows as columns (issue 20 item 3): pyarrow splits the file into one string column per header
cell, and a column with few distinct texts (cargo, nota, situação, dates, S/N) is handed over as those texts plus,
per row, the position of its text, so that each distinct text is parsed once (load/candidates.py, _Reader.columns).

`read_columns` gives None whenever pyarrow's reading could differ from csv.reader's (load/table._csv_source):
quotes, NUL, a lone carriage return, a blank line, a row of another width, a cell longer than csv's field limit, a
header that is not the one the strict reader read. The caller then reads the rows one by one, as before.
"""

from __future__ import annotations

import csv

from .source import CELL_LIMIT

BOM = b"\xef\xbb\xbf"


def read_columns(table) -> list | None:
    """The data rows as one pyarrow string column per header cell, or None when pyarrow's reading could differ
    from csv.reader's (load/table._csv_source) or the file is not a CSV."""
    if table.origin is None or table.delimiter is None or len(table.header) < 2:
        return None
    path, encoding, skip = table.origin
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
        import pyarrow.csv as pcsv
    except ImportError:  # pragma: no cover - pyarrow is a dependency; without it the row loop reads the file
        return None
    data = path.read_bytes()
    if encoding == "cp1252":
        data = data.decode("cp1252").encode("utf-8")  # the strict path decodes it whole too (no unreadable byte)
    start = len(BOM) if data.startswith(BOM) else 0
    for _ in range(skip + 1):  # Excel's «sep=» line, then the header (already read by the strict reader)
        end = data.find(b"\n", start)
        if end < 0:
            return None
        header, start = data[start:end], end + 1
    if (start == len(data) or data.startswith(BOM, start) or data.find(b'"', start) >= 0
            or data.find(b"\x00", start) >= 0
            or data.find(b"\r", start) >= 0 and data.count(b"\r", start) != data.count(b"\r\n", start)):
        return None  # quotes, NUL, lone CRs, a second BOM (pyarrow skips one): left to csv.reader
    try:
        same = next(csv.reader([header.decode("utf-8")], delimiter=table.delimiter, strict=True), None)
    except (csv.Error, UnicodeDecodeError):
        return None
    if same != table.header:
        return None  # not the header the strict reader read (it may be quoted: only the data rows may not)
    rows = data.count(b"\n", start) + (not data.endswith(b"\n"))
    width = len(table.header)
    try:
        parsed = pcsv.read_csv(
            pa.py_buffer(data)[start:],
            read_options=pcsv.ReadOptions(column_names=[f"c{i}" for i in range(width)]),
            parse_options=pcsv.ParseOptions(delimiter=table.delimiter, quote_char=False, double_quote=False,
                                            escape_char=False, newlines_in_values=False, ignore_empty_lines=False),
            convert_options=pcsv.ConvertOptions(column_types=dict.fromkeys((f"c{i}" for i in range(width)),
                                                                           pa.string()),
                                                strings_can_be_null=False, quoted_strings_can_be_null=False))
    except (pa.ArrowInvalid, UnicodeDecodeError):
        return None  # a row of another width, or bytes that are not UTF-8: the row loop says which
    if parsed.num_rows != rows:
        return None  # a blank line, which csv.reader counts and skips
    columns = [parsed.column(i) for i in range(width)]
    if any(pc.max(pc.binary_length(c)).as_py() > CELL_LIMIT for c in columns):
        return None  # csv.reader stops at its field limit
    return columns


def release_unused() -> None:
    """Give the memory of the columns let go back to the system now (pyarrow's allocator keeps freed pages for a
    while): the candidates made next take it instead of adding to the peak (issue 20 item 3: 735 → 642 MB at 1M)."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()


def distinct(column) -> tuple[list[str], object]:
    """A column's distinct texts and, per row, the position of its text among them (an Int32 array)."""
    import pyarrow as pa

    encoded = column.combine_chunks().dictionary_encode() if isinstance(column, pa.ChunkedArray) else \
        column.dictionary_encode()
    return encoded.dictionary.to_pylist(), encoded.indices


def spread(values: list, indices) -> list:
    """Each row's value, from the values of the distinct texts."""
    return list(map(values.__getitem__, indices.to_pylist()))




def cpf_digits(column) -> list[str] | None:
    """cells.cpf_digits of every cell of a column whose cells are all written 123.456.789-09 or 12345678909 (the
    two forms it reads without help: ASCII digits only), by masks and slices over the column; None otherwise (the
    caller then tries cells.cpf_column, which reads every form)."""
    import pyarrow.compute as pc

    dotted = pc.match_substring_regex(column, r"^[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}$")
    if pc.all(dotted).as_py():
        return pc.binary_join_element_wise(*(pc.utf8_slice_codeunits(column, a, b)
                                             for a, b in ((0, 3), (4, 7), (8, 11), (12, 14))), "").to_pylist()
    if pc.all(pc.match_substring_regex(column, r"^[0-9]{11}$")).as_py():
        return column.to_pylist()
    return None
