"""Open data at national scale (issue 20 item 3): CSV and JSON written from columns with the bytes of the row-by-row
writer, the package deflated once (the zip's entries are the PDF's attachment streams), the spreadsheets written
after the package's hash, and a forked writer that tells the hash and then the zip."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
import zlib
from datetime import datetime, timezone

import pikepdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.processes import Forked
from generator.render.data import package as data, downloads
from generator.render.pdf import attach as pdf_attach


# -- the reference: the row-by-row writer the columns replace (generator/render/data/package.py before issue 20) --------
def reference_pair(kind, items, spec=None) -> tuple[bytes, bytes]:
    """CSV and JSON bytes as the row-by-row writer made them: csv.writer of spreadsheet_safe(_cell(v)) per item,
    json.dumps of the _json_cell objects with a line break between objects unless a value holds "},{"."""
    spec = spec or data.COLUMNS[kind]
    columns = [c for c, _, _ in spec]
    numbers = frozenset(c for c, props, _ in spec if props["type"] in ("number", "integer") and c != "nota")
    text = io.StringIO(newline="")
    writer = csv.writer(text, delimiter=";", lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows([data.spreadsheet_safe(data._cell(c, item.get(c))) for c in columns] for item in items)
    rows = [{c: data._json_cell(c, item.get(c), numbers) for c in columns} for item in items]
    body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    if body.count("},{") == max(len(rows) - 1, 0):
        body = body.replace("},{", "},\n{")
    return text.getvalue().encode("utf-8-sig"), (body + "\n").encode("utf-8")


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=10) | st.sampled_from(
    ["", " ", "=SOMA(A1)", "+1", "-1,50", "@x", "\tx", "a;b", 'a"b', "a\r\nb", "a\nb", "},{", "x},{y", "%s", "%",
     "Ação & <b>", "03024501", "😀", "\u2028", "\\"])
_NOTA = st.sampled_from(["85,50", "7,125", "10", "1.000,5", "0,0001", "", "-2,5"])
_INT = st.none() | st.integers(-10**20, 10**20)
_ANY = _INT | _TEXT | st.booleans() | st.floats() | st.just({"a": [1, {"b": "},{"}]})
_FUNDAMENTO = st.none() | _TEXT | st.fixed_dictionaries({"texto": _TEXT, "pagina": _TEXT})


def _items(kind):
    columns = {"lista": {"classificacao": _INT, "inscricao": _TEXT, "nome": _TEXT, "nota": _NOTA | _TEXT | _ANY,
                         "classificacao_geral": _INT, "desempate": _TEXT, "t1": _NOTA | _INT, "t2": _INT | _TEXT},
               "nomeacao": {"posicao": _INT, "vaga": _TEXT, "inscricao": _TEXT, "nome": _TEXT | _ANY,
                            "classificacao_geral": _INT, "cadastro_reserva": st.booleans() | st.none(),
                            "fundamento": _FUNDAMENTO},
               "comissao": {"inscricao": _TEXT, "procedimento": _TEXT, "resultado": _TEXT},
               "desistencias": {"inscricao": _TEXT | _ANY}}[kind]
    # some keys missing (the view leaves out an empty «desempate»), some extra (never written)
    return st.dictionaries(st.sampled_from(sorted(columns) + ["cpf"]), st.none()).flatmap(
        lambda keys: st.fixed_dictionaries({k: columns.get(k, _TEXT) for k in keys}))


TIE_SPEC = data.COLUMNS["lista"][:4] + [("t1", {"type": "number", "decimalChar": ","}, "Critério: t1"),
                                        ("t2", {"type": "integer"}, "Critério: sorteio")] + \
    data.COLUMNS["lista"][4:] + [data.TIE_WORDS]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(["lista", "tie", "nomeacao", "comissao", "desistencias"]).flatmap(
    lambda case: st.tuples(st.just(case), st.lists(_items("lista" if case == "tie" else case), max_size=8))))
def test_columns_write_the_bytes_the_row_by_row_writer_wrote(tmp_path, case):
    """Whatever the values (formulas, separators, quotes, line breaks, "},{", %, missing keys, floats, nested
    objects): the CSV and JSON written from columns are the row-by-row writer's bytes, and their hashes are the
    files' own."""
    name, items = case
    kind, spec = ("lista", TIE_SPEC) if name == "tie" else (name, None)
    try:
        expected = reference_pair(kind, items, spec)
    except (ValueError, UnicodeEncodeError):  # json.dumps of a value it refuses: both writers refuse it
        return
    rows, kept, digests = data._write_pair(kind, items, tmp_path / "a.csv", tmp_path / "a.json", spec,
                                           keep=["nome", "fundamento"])
    assert ((tmp_path / "a.csv").read_bytes(), (tmp_path / "a.json").read_bytes()) == expected
    assert rows == len(items)
    assert digests == {tmp_path / n: hashlib.sha256((tmp_path / n).read_bytes()).hexdigest()
                       for n in ("a.csv", "a.json")}
    if "nome" in [c for c, _, _ in spec or data.COLUMNS[kind]]:
        assert kept["nome"] == [item.get("nome") for item in items]


def test_a_json_value_holding_the_object_separator_keeps_the_list_on_one_line(tmp_path):
    items = [{"inscricao": "1"}, {"inscricao": "x},{y"}, {"inscricao": "3"}]
    data._write_pair("desistencias", items, tmp_path / "a.csv", tmp_path / "a.json")
    assert (tmp_path / "a.json").read_text() == '[{"inscricao":"1"},{"inscricao":"x},{y"},{"inscricao":"3"}]\n'
    data._write_pair("desistencias", items[::2], tmp_path / "a.csv", tmp_path / "a.json")
    assert (tmp_path / "a.json").read_text() == '[{"inscricao":"1"},\n{"inscricao":"3"}]\n'


# -- the package deflated once ---------------------------------------------------------------------------------
def _package(tmp_path):
    folder = tmp_path / "dados"
    folder.mkdir()
    files = []
    for k, body in enumerate([b"", b"a;b\r\n" * 50_000, bytes(range(256)) * 999, "ação".encode() * 3]):
        files.append(folder / f"f{k}.csv")
        files[-1].write_bytes(body)
    bundle = downloads.write_zip(files, folder / "d.zip", datetime(2024, 6, 10, tzinfo=timezone.utc), "certame")
    return files, bundle


def _embedded(tmp_path, name, files):
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf_attach.embed(pdf, files, datetime(2024, 6, 10, tzinfo=timezone.utc), 2)
    path = tmp_path / name
    pdf.save(path, deterministic_id=True)
    return path


def test_the_pdf_embeds_the_zips_deflated_entries_without_deflating_again(tmp_path, monkeypatch):
    """The attachments of a Package (the files and the data zip) are the zip's deflate streams, wrapped: the same
    PDF bytes as when each file was compressed for the PDF, and not one byte deflated for it."""
    files, bundle = _package(tmp_path)
    alone = _embedded(tmp_path, "alone.pdf", files).read_bytes()
    compress = []
    monkeypatch.setattr(pdf_attach, "_compressed", lambda path: compress.append(path))
    shared = _embedded(tmp_path, "shared.pdf", pdf_attach.Package(files, bundle)).read_bytes()
    assert compress == [] and shared == alone
    with pikepdf.open(tmp_path / "shared.pdf") as pdf:
        assert {n: s.get_file().read_bytes() for n, s in pdf.attachments.items()} == \
            {p.name: p.read_bytes() for p in files}


def test_a_zip_entry_that_is_not_the_file_is_not_embedded(tmp_path):
    """A file changed after the zip was written (its CRC differs): the PDF compresses the file itself."""
    files, bundle = _package(tmp_path)
    files[1].write_bytes(b"x;y\r\n" * 50_000)
    _embedded(tmp_path, "p.pdf", pdf_attach.Package(files, bundle))
    with pikepdf.open(tmp_path / "p.pdf") as pdf:
        assert pdf.attachments["f1.csv"].get_file().read_bytes() == b"x;y\r\n" * 50_000


def test_zip_entries_are_zlib_level_6_streams(tmp_path):
    files, bundle = _package(tmp_path)
    with zipfile.ZipFile(bundle) as archive:
        for path in files:
            info = archive.getinfo(f"certame/{path.name}")
            with open(bundle, "rb") as raw:
                raw.seek(info.header_offset + 30 + len(info.filename.encode()))
                deflated = raw.read(info.compress_size)
            assert zlib.compress(path.read_bytes(), 6)[2:-4] == deflated


# -- the spreadsheets after the hash ---------------------------------------------------------------------------
def _exam():
    return {"slug": "t", "titulo": "T", "orgao": "O", "edital": "E", "jurisdicao": {"nome": "J"},
            "publicacao": {"diario": "D", "data": "2024-06-10", "secao": "S"}}


def _position(rows: int):
    entry = {"classificacao": 1, "inscricao": "0001", "nome": "Ana", "nota": "85,50", "classificacao_geral": 1}
    return {"codigo": "C1", "nome": "Cargo", "listas": [{"grupo": "geral", "titulo": "Lista geral",
                                                          "entradas": [entry] * rows}],
            "nomeacao": [], "comissao": {"resultados": []}}


def test_no_spreadsheet_is_written_before_the_package_hash_is_told(tmp_path):
    """The PDF waits for the hash, not for the spreadsheets (outside the package): with `early`, every XLSX is
    written after the hash and the zip are told, however long the lists (before: lists beyond 200,000 rows in all
    were written first, 1.86M rows at 1M)."""
    told = []

    def early(package):
        told.append((sorted(p.name for p in package["dir"].glob("*.xlsx")), "zip" in package))

    out = data.write_open_data(_exam(), [_position(200_001)], tmp_path / "dados", early=early)
    assert told == [([], False), ([], True)]
    assert out["zip"].is_file() and (tmp_path / "dados" / "c1-geral.xlsx").is_file()
    rows = list(openpyxl_rows(tmp_path / "dados" / "c1-geral.xlsx"))
    assert len(rows) == 200_002 and rows[1] == (1, "0001", "Ana", 85.5, 1)
    sums = (tmp_path / "dados" / "SHA256SUMS").read_text().splitlines()
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((tmp_path / "dados" / name).read_bytes()).hexdigest() == digest


def openpyxl_rows(path):
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return list(book.active.values)
    finally:
        book.close()


def test_deferred_and_immediate_spreadsheets_are_the_same_bytes(tmp_path):
    for defer in (False, True):
        writer = data.OpenData(_exam(), tmp_path / str(defer), defer=defer)
        writer.add(_position(5))
        writer.finish()
    assert (tmp_path / "False" / "c1-geral.xlsx").read_bytes() == (tmp_path / "True" / "c1-geral.xlsx").read_bytes()


# -- a forked writer tells more than once ----------------------------------------------------------------------
def _tells(tell):
    tell("hash")
    tell("zip")
    return "done"


def test_forked_hands_back_each_told_value_in_order():
    with Forked(_tells, early=True) as job:
        assert job.first() == "hash" and job.told(1) == "zip" and job.told(2) == "done" and job.get() == "done"


@pytest.mark.parametrize("k", [0, 1])
def test_forked_raises_the_error_of_a_function_that_failed_before_telling(k):
    def fails(tell):
        if k:
            tell("hash")
        raise ValueError("sem zip")

    with Forked(fails, early=True) as job:
        if k:
            assert job.first() == "hash"
        with pytest.raises(ValueError):
            job.told(k)
