"""Open data: per cargo and list CSV + JSON, a Frictionless Data Package per exam, and SHA256SUMS."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
from json.encoder import encode_basestring
from pathlib import Path
from typing import Callable, Iterable

from . import downloads
from ...paths import Slugs

ZIP_NAME = "{slug}-dados.zip"  # in dados/: the exam's whole data package in one file

# pt-BR Excel opens these with a double click: `;` separator (the comma is the decimal mark), UTF-8 with BOM (or
# Excel guesses Windows-1252 and breaks accents), CRLF line ends, every text field quoted only when needed.
DIALECT = {"delimiter": ";", "lineTerminator": "\r\n", "quoteChar": '"', "doubleQuote": True, "header": True}
ENCODING = "utf-8-sig"  # how Python writes it; the descriptor says "utf-8" (the IANA name; readers skip the BOM)

_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean", "trueValues": ["sim"], "falseValues": ["não"]}

_LIST_COLUMNS = [
    ("classificacao", _INT, "Classificação nesta lista"),
    ("inscricao", _STR, "Número de inscrição"),
    ("nome", _STR, "Nome do candidato"),
    ("nota", {"type": "number", "decimalChar": ","}, "Nota final"),
    ("classificacao_geral", _INT, "Classificação na lista geral"),
]
# kind → ordered (column, Frictionless field properties, description)
COLUMNS = {
    "lista": _LIST_COLUMNS,
    # A list of a cargo where a later act withdrew, voided or annulled someone's nomination (issue 19 item 5): the
    # list's columns and the mark, with the act that did it.
    "lista_validade": _LIST_COLUMNS + [
        ("situacao", _STR, "Durante a validade: desistencia, sem_efeito (nomeação tornada sem efeito) ou anulacao "
         "(nomeação anulada); vazio quando nenhum ato posterior alterou a situação do candidato"),
        ("situacao_ato", _STR, "O ato que publicou a desistência, a nomeação sem efeito ou a anulação"),
    ],
    "nomeacao": [
        ("posicao", _INT, "Posição na ordem de nomeação"),
        ("vaga", _STR, "Tipo de vaga: ampla, negro, pcd, indigena ou mulher"),
        ("inscricao", _STR, "Número de inscrição"),
        ("nome", _STR, "Nome do candidato"),
        ("classificacao_geral", _INT, "Classificação na lista geral"),
        ("cadastro_reserva", _BOOL, "Posição projetada do cadastro de reserva (além das vagas)"),
        ("fundamento", _STR, "Fundamento legal"),
    ],
    # the nomination order after the convocações and events (public view «ordem_vigente», law/calls.py): what the
    # cargo's nomination page shows, so the download and the page agree (LEGAL-NOTES 14; issue 19 item 3)
    "ordem_vigente": [
        ("posicao", _INT, "Posição na ordem de nomeação"),
        ("vaga", _STR, "Tipo de vaga: ampla, negro, pcd, indigena ou mulher"),
        ("inscricao", _STR, "Número de inscrição"),
        ("nome", _STR, "Nome do candidato"),
        ("classificacao_geral", _INT, "Classificação na lista geral"),
        ("cadastro_reserva", _BOOL, "Posição do cadastro de reserva (além das vagas)"),
        ("convocado_por", _STR, "Ato que convocou o candidato para esta posição (vazio: posição projetada, ainda "
                                "não convocada)"),
        ("vaga_deixada", _BOOL, "A posição foi convocada e deixada (desistência, nomeação sem efeito ou anulada); "
                                "a projeção a preenche"),
        ("fundamento", _STR, "Fundamento legal"),
    ],
    "comissao": [
        ("inscricao", _STR, "Número de inscrição"),
        ("procedimento", _STR, "heteroidentificacao, indigena ou pcd"),
        ("resultado", _STR, "confirmado, nao_confirmado, ausente ou fraude"),
    ],
    "eliminados": [
        ("inscricao", _STR, "Número de inscrição"),
        ("fundamento", _STR, "Fundamento legal da eliminação"),
    ],
    "desistencias": [("inscricao", _STR, "Número de inscrição")],
}

# A list with rows an archived retificação changed (issue 19 item 5): its columns and, on each changed row, what
# changed and what it was, with the act (public view «retificadas», generator/corrected.py).
CORRECTED = [
    ("retificacao", _STR, "O que uma retificação publicada mudou nesta linha, e o que era antes; vazio quando "
     "nenhuma retificação mudou a linha"),
    ("retificacao_ato", _STR, "A retificação (ou as retificações, separadas por «; ») que mudou a linha"),
]

TITLES = {"nomeacao": "Ordem de nomeação", "ordem_vigente": "Ordem de nomeação em vigor, após as convocações",
          "comissao": "Resultados das comissões (por inscrição, sem nomes)",
          "eliminados": "Eliminados", "desistencias": "Desistências"}


# CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ (or a tab or
# carriage return before one) as a formula. In the CSV, such text gets a leading apostrophe, which Excel and
# LibreOffice show as text and do not display; plain numbers (-1,50) are left alone. The JSON keeps the exact value.
FORMULA_STARTS = "=+-@\t\r"
_FORMULA_SCREEN = re.compile(r"(?:\A|\n)[=+\-@\t\r]")
_NUMBER = re.compile(r"-?[0-9]+(?:[.,][0-9]+)*\Z")
CSV_NOTE = ("No CSV, textos que começam com =, +, -, @, tabulação ou retorno de carro recebem um apóstrofo (') no "
            "início, para que a planilha não os execute como fórmula (recomendação OWASP contra injeção de "
            "fórmulas em CSV); o JSON traz os valores exatos.")


def spreadsheet_safe(value):
    """The value, or the text with a leading apostrophe when a spreadsheet would run it as a formula."""
    if isinstance(value, str) and value[:1] and value[0] in FORMULA_STARTS and not _NUMBER.match(value):
        return "'" + value
    return value


def _cell(column: str, value):
    """CSV text of one value as the public view gives it."""
    if column == "fundamento" and isinstance(value, dict):
        return value.get("texto", "")
    if column in _BOOLEANS:
        return "sim" if value else "não"
    return "" if value is None else value


def _json_cell(column: str, value, numbers: frozenset = frozenset()):
    """JSON keeps numbers as numbers (dot decimal), booleans as booleans. `numbers`: other score columns (the
    published tie-break columns) read like `nota`."""
    if column == "fundamento" and isinstance(value, dict):
        return value.get("texto", "")
    if isinstance(value, int) and not isinstance(value, bool) and column in numbers:
        return value
    if column in numbers and value == "":
        return None
    if (column == "nota" or column in numbers) and isinstance(value, str) and value:
        return float(value.replace(".", "").replace(",", "."))  # shortest repr: 85,50 → 85.5, exact
    if column in _BOOLEANS:
        return bool(value)
    return value


_BOOLEANS = {"cadastro_reserva", "vaga_deixada"}  # «sim»/«não» in the CSV (_BOOL), true/false in the JSON
_CSV_SPECIAL = {"fundamento", *_BOOLEANS}  # columns whose CSV text is not the value itself
_JSON_SPECIAL = {"fundamento", "nota", *_BOOLEANS}


TIE_WORDS = ("desempate", _STR, "Critério que decidiu o empate na nota com o vizinho da lista (vazio sem empate); "
             "nunca a data de nascimento")


def list_spec(position: dict) -> list[tuple[str, dict, str]] | None:
    """The columns of a cargo's lists when it publishes tie-break columns or has ties (LEGAL-NOTES 19): the usual
    ones, each published column (a score, or the draw's number) after the score, and «desempate»; None: the usual."""
    shown = position.get("colunas_desempate") or []
    if not shown and not position.get("tem_desempate"):
        return None
    spec = list(COLUMNS["lista"])
    at = [c for c, _, _ in spec].index("nota") + 1
    spec[at:at] = [(c["chave"], _INT if c["tipo"] == "sorteio" else {"type": "number", "decimalChar": ","},
                    f"Critério de desempate publicado: {c['rotulo']}") for c in shown]
    if position.get("tem_desempate"):
        spec.append(TIE_WORDS)
    return spec


# The columns whose description names the group keys: a jurisdiction with a quilombola reserve (Lei nº 15.142/2025,
# art. 1º) says it too; the others keep the usual words.
_GROUP_WORDS = {"vaga": ("indigena ou mulher", "indigena, quilombola ou mulher"),
                "procedimento": ("indigena ou pcd", "indigena, quilombola ou pcd")}


def _group_spec(kind: str, position: dict) -> list[tuple[str, dict, str]] | None:
    """The columns of a resource whose descriptions name the quilombola group, for a cargo whose rules have it;
    None: the kind's usual columns."""
    if "quilombola" not in ((position.get("rotulos") or {}).get("grupos") or {}):
        return None
    return [(c, props, text.replace(*_GROUP_WORDS[c]) if c in _GROUP_WORDS else text)
            for c, props, text in COLUMNS[kind]]


def list_items(position: dict, items: list[dict]) -> list[dict]:
    """A list's entries with the published tie-break values as columns (public.tie_columns_view)."""
    keys = [c["chave"] for c in position.get("colunas_desempate") or []]
    if not keys:
        return items
    return [{**e, **dict(zip(keys, (int(v) if v and k["tipo"] == "sorteio" else v
                                     for v, k in zip(e.get("valores_desempate", ()), position["colunas_desempate"]))))}
            for e in items]


def corrected_items(position: dict, items: list[dict]) -> list[dict]:
    """A list's entries with the CORRECTED columns filled on the rows an archived retificação changed."""
    marks = position["retificadas"]
    return [{**e, "retificacao": " ".join(m["texto"] for m in marks[e["inscricao"]]),
             "retificacao_ato": "; ".join(m["ato"] for m in marks[e["inscricao"]])} if e["inscricao"] in marks else e
            for e in items]


def _column(column: str, items: list[dict]) -> list:
    """One column's values as the public view gives them (None where an item lacks it), fetched in one pass."""
    return [item.get(column) for item in items]


def _csv_column(column: str, values: list) -> list:
    """A column's CSV cells: spreadsheet_safe(_cell(value)) of each value. A regex over the joined text finds the
    rare risky cell at C speed, so a plain column of text or integers is not touched value by value."""
    cells = [_cell(column, v) for v in values] if column in _CSV_SPECIAL else values
    kinds = set(map(type, cells))
    if kinds == {str}:
        return list(map(spreadsheet_safe, cells)) if _FORMULA_SCREEN.search("\n".join(cells)) else cells
    if kinds <= {int}:
        return cells
    return [spreadsheet_safe(_cell(column, v)) for v in values]


def _json_float(value: float) -> str:
    return float.__repr__(value) if math.isfinite(value) else _json_value(value)


def _json_value(value) -> str:
    """One value as json.dumps(..., ensure_ascii=False, separators=(",", ":")) writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# What json.dumps writes for a value of each exact type (its own string encoder for text, int's and float's repr
# for numbers); any other type goes through json.dumps itself.
_JSON_TEXT = {str: encode_basestring, int: int.__repr__, float: _json_float, type(None): lambda v: "null",
              bool: lambda v: "true" if v else "false"}


def _json_column(column: str, values: list, numbers: frozenset) -> list[str]:
    """A column's JSON texts: what json.dumps writes for each value _json_cell gives."""
    kinds = set(map(type, values))
    if (column in _JSON_SPECIAL or column in numbers) and not (kinds == {int} and column in numbers):
        if kinds == {str} and column not in _CSV_SPECIAL:  # scores: each distinct text converted once
            once = {v: _json_cell(column, v, numbers) for v in set(values)}
            values = [once[v] for v in values]
        else:
            values = [_json_cell(column, v, numbers) for v in values]
        kinds = set(map(type, values))
    if len(kinds) == 1 and (kind := next(iter(kinds))) in _JSON_TEXT:
        return list(map(_JSON_TEXT[kind], values))
    return [(_JSON_TEXT.get(type(v)) or _json_value)(v) for v in values]


def _write_pair(kind: str, items: list[dict], csv_path: Path, json_path: Path,
                spec: list[tuple[str, dict, str]] | None = None,
                keep: Iterable[str] = ()) -> tuple[int, dict[str, list], dict[Path, str]]:
    """Write one resource as CSV and JSON (`spec`: its columns, when not the kind's usual ones) from its columns:
    each column is fetched once from the view's items and turned into its CSV and JSON text as a whole; the rows
    are joined from those columns (issue 20 item 3). The bytes are those the row-by-row writer wrote (csv.writer
    of spreadsheet_safe(_cell(v)) per row; json.dumps of the _json_cell objects, one per line).
    Returns the row count, the raw values of the columns named in `keep` (the spreadsheet's, written later from
    them; `fundamento` as its text) and the SHA-256 of both files, taken from the bytes written."""
    spec = spec or COLUMNS[kind]
    columns = [c for c, _, _ in spec]
    numbers = frozenset(c for c, props, _ in spec if props["type"] in ("number", "integer") and c != "nota")
    raw = {c: _column(c, items) for c in dict.fromkeys(columns)}
    text = io.StringIO()
    writer = csv.writer(text, delimiter=";", lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows(zip(*(_csv_column(c, raw[c]) for c in columns)))
    digests = {csv_path: _write_bytes(csv_path, text.getvalue().encode(ENCODING))}
    del text
    if len(raw) != len(columns):  # a repeated column name: the object keeps its last value, as a dict does
        rows = [{c: _json_cell(c, v, numbers) for c, v in zip(columns, values)}
                for values in zip(*(raw[c] for c in columns))]
        body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
        body = body.replace("},{", "},\n{") if body.count("},{") == max(len(rows) - 1, 0) else body
    else:
        # One object per line: diffs and `head` stay readable. A line break goes after each object's "},",
        # unless some value's text contains "},{" itself: then, as before, the list stays on one line.
        encoded = [_json_column(c, raw[c], numbers) for c in columns]
        template = "{" + ",".join(f"{encode_basestring(c).replace('%', '%%')}:%s" for c in columns) + "}"
        inner = any("},{" in value for column in encoded for value in column)
        body = "[" + ("," if inner else ",\n").join([template % values for values in zip(*encoded)]) + "]"
        del encoded
    digests[json_path] = _write_bytes(json_path, (body + "\n").encode("utf-8"))
    kept = {c: raw[c] if c != "fundamento" else [_cell(c, v) for v in raw[c]] for c in keep if c in raw}
    return len(items), kept, digests


def _write_bytes(path: Path, data: bytes) -> str:
    """Write a file's bytes; return their SHA-256 (no second read of a file of hundreds of megabytes)."""
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def _schema(kind: str, spec: list[tuple[str, dict, str]] | None = None) -> dict:
    """Table Schema of the CSV of one kind of resource (`spec`: its columns, when not the kind's usual ones)."""
    return {"fields": [{"name": column, **props, "description": description}
                       for column, props, description in spec or COLUMNS[kind]]}


def _resources(position: dict, slug: str) -> Iterable[tuple[str, str, str, Iterable[dict]]]:
    """(key, kind, title, items) of every resource of one cargo, lists first, in publication order."""
    kind = "lista_validade" if position.get("situacoes") else "lista"
    for lst in position["listas"]:
        yield lst["grupo"], kind, lst["titulo"], lst["entradas"]
    yield "nomeacao", "nomeacao", TITLES["nomeacao"], position["nomeacao"]
    if position.get("ordem_vigente"):
        yield "ordem_vigente", "ordem_vigente", TITLES["ordem_vigente"], position["ordem_vigente"]["posicoes"]
    yield "comissao", "comissao", TITLES["comissao"], position["comissao"]["resultados"]
    yield "eliminados", "eliminados", TITLES["eliminados"], position.get("eliminados", [])
    yield "desistencias", "desistencias", TITLES["desistencias"], position.get("desistencias", [])


class OpenData:
    """Writes an exam's resources one cargo at a time; `finish` adds the package descriptor, the zip and
    SHA256SUMS. With `defer`, the spreadsheets are written by `finish` after the package's hash is known: the PDF
    waits for that hash, not for the spreadsheets, which are outside the package (issue 20 item 3). They are kept
    meanwhile as the few columns they show, not as the view's objects. Without `sheets` (gazeta serve's preview,
    issue 21 item 5: the workbooks cost about a second before the first page), no spreadsheet is written and each
    table's files say so (`sem_xlsx`): its page tells the reader the XLSX comes with `gazeta build`."""

    def __init__(self, exam: dict, out_dir: Path, *, defer: bool = False, sheets: bool = True,
                 deflated: downloads.Deflated | None = None) -> None:
        self.exam, self.out_dir = exam, Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.slugs, self.resources, self.files = Slugs(), [], {}
        self.moment = downloads.epoch(exam)
        self.defer, self.deferred, self.sheets = defer, [], sheets
        self.deflated = deflated  # the zip's deflate streams of a previous build (downloads.write_zip)

    def add(self, position: dict, slug: str | None = None) -> tuple[dict, list]:
        """Write every resource of one cargo; return its files {(codigo, key): {"csv", "json", "rows"}} and its
        package resources (a worker process returns them to the parent, which calls `merge`)."""
        cargo, mine, resources = slug or self.slugs(position["codigo"]), {}, []
        tie_spec = list_spec(position)
        for key, kind, title, items in _resources(position, cargo):
            base = f"{cargo}-{key}"
            csv_path, json_path = self.out_dir / f"{base}.csv", self.out_dir / f"{base}.json"
            spec = tie_spec if kind == "lista" else None
            if spec is not None:
                items = list_items(position, items)
            if kind.startswith("lista") and position.get("retificadas"):
                spec, items = (spec or COLUMNS[kind]) + CORRECTED, corrected_items(position, items)
            label = f"{position['codigo']} — {position['nome']}: {title}"
            sheet = None
            if kind in downloads.XLSX_COLUMNS:  # each list and the nomination order, for spreadsheet users
                sheet = downloads.xlsx_columns(spec) if spec is not None else downloads.XLSX_COLUMNS[kind]
            rows, kept, digests = _write_pair(kind, items, csv_path, json_path, spec,
                                              keep=[c for c, _, _ in sheet or ()])
            mine[(position["codigo"], key)] = {"csv": csv_path, "json": json_path, "rows": rows}
            if sheet is not None and not self.sheets:
                mine[(position["codigo"], key)]["sem_xlsx"] = True
            elif sheet is not None:
                xlsx_path = self.out_dir / f"{base}.xlsx"
                job = (kind, kept, rows, xlsx_path, label, sheet, downloads.epoch(self.exam, position["codigo"]))
                if self.defer:
                    self.deferred.append(job)
                else:
                    downloads.write_xlsx_columns(*job)
                mine[(position["codigo"], key)]["xlsx"] = xlsx_path
            resources.append(_resource(base, label, kind, csv_path, json_path,
                                       spec if spec is not None else _group_spec(kind, position), digests))
        self.merge(mine, resources)
        return mine, resources

    def merge(self, files: dict, resources: list) -> None:
        """Take one cargo's files and resources (in cargo order)."""
        self.files.update(files)
        self.resources.extend(resources)

    def finish(self, early: Callable[[dict], None] | None = None) -> dict:
        """Write datapackage.json, the zip, the deferred spreadsheets and SHA256SUMS; return the paths and the
        package's SHA-256. `early` is handed the package (its files, descriptor and hash: what the PDF prints) as
        soon as the descriptor is written, and then the package with its zip (whose deflated entries the PDF
        embeds as they are: the package is deflated once), before the spreadsheets and SHA256SUMS."""
        package_path = self.out_dir / "datapackage.json"
        body = (json.dumps(_package(self.exam, self.resources), ensure_ascii=False, indent=1) + "\n").encode()
        digests = {package_path: _write_bytes(package_path, body)}
        package = {"dir": self.out_dir, "files": self.files, "datapackage": package_path,
                   "datapackage_sha256": digests[package_path]}
        if early is not None:
            early(package)
        paths = [p for f in self.files.values() for p in (f["csv"], f["json"])] + [package_path]
        for pair in self.resources:  # the hashes taken as each file was written
            digests.update((self.out_dir / r["path"], r["hash"].partition(":")[2]) for r in pair)
        # The zip is the Frictionless package itself (datapackage.json and its resources); the XLSX copies of the
        # lists are conveniences outside the package (the PDF embeds and the footer certifies the package only).
        bundle = downloads.write_zip(paths, self.out_dir / ZIP_NAME.format(slug=self.exam["slug"]), self.moment,
                                     self.exam["slug"], digests=digests, deflated=self.deflated)
        package = {**package, "zip": bundle}
        if early is not None:
            early(package)
        for job in self.deferred:
            downloads.write_xlsx_columns(*job)
        self.deferred.clear()
        sheets = [f["xlsx"] for f in self.files.values() if f.get("xlsx")]
        return {**package, "sha256sums": _write_sums(self.out_dir, paths + sheets + [bundle], digests)}


def write_open_data(exam: dict, position_views: Iterable[dict], out_dir: Path, *,
                    early: Callable[[dict], None] | None = None) -> dict:
    """Write every resource of an exam to out_dir; return the paths (per (codigo, key)) and the package's SHA-256.
    With `early` (see OpenData.finish), the spreadsheets are written after it is called."""
    data = OpenData(exam, out_dir, defer=early is not None)
    for position in position_views:
        data.add(position)
    return data.finish(early)


def _resource(base: str, title: str, kind: str, csv_path: Path, json_path: Path,
              spec: list[tuple[str, dict, str]] | None = None, digests: dict[Path, str] | None = None) -> list[dict]:
    """The CSV and JSON resources of one table, with their schemas and hashes (`digests`: those already known)."""
    digests = digests or {}
    # The CSV is a table (tabular-data-resource, with its schema); the JSON is an array of objects, which the
    # tabular profile does not describe (Frictionless reads it as a byte source), so it is a plain data-resource
    # and the validator checks its bytes and hash.
    return [
        {"name": f"{base}-csv", "path": csv_path.name, "profile": "tabular-data-resource", "title": title,
         "description": CSV_NOTE, "format": "csv", "mediatype": "text/csv", "encoding": "utf-8", "dialect": DIALECT,
         "hash": f"sha256:{digests.get(csv_path) or sha256_file(csv_path)}", "bytes": csv_path.stat().st_size,
         "schema": _schema(kind, spec)},
        {"name": f"{base}-json", "path": json_path.name, "profile": "data-resource", "title": title,
         "format": "json", "mediatype": "application/json", "encoding": "utf-8",
         "hash": f"sha256:{digests.get(json_path) or sha256_file(json_path)}", "bytes": json_path.stat().st_size},
    ]


def _package(exam: dict, resources: list[list[dict]]) -> dict:
    """Frictionless Data Package descriptor (v1 profile `data-package`: the JSON resources are not tabular)."""
    pub = exam["publicacao"]
    edition = f", edição {pub['edicao']}" if pub.get("edicao") else ""  # unknown numbers are left out
    package = {
        "profile": "data-package",
        "name": exam["slug"],
        "title": f"{exam['titulo']} — {exam['orgao']}",
        "description": (f"{exam.get('edital', '')}. Publicado em {pub['diario']}{edition}, "
                        f"{pub.get('data_extenso', pub['data'])}, seção {pub['secao']}. {CSV_NOTE}").lstrip(". "),
        "sources": [{"title": f"{pub['diario']}{edition}"}],
        "licenses": [{"name": "other-pd", "path": "https://creativecommons.org/publicdomain/mark/1.0/",
                      "title": "Ato oficial (Lei nº 9.610/1998, art. 8º, IV): domínio público"}],
        "keywords": ["concurso público", "resultado", exam["jurisdicao"]["nome"]],
        "resources": [r for pair in resources for r in pair],
    }
    if pub.get("url"):
        package["homepage"] = package["sources"][0]["path"] = pub["url"]
    return package


def sha256_file(path: Path) -> str:
    """Hex SHA-256 of a file, read in blocks."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_sums(out_dir: Path, paths: list[Path], known: dict[Path, str] | None = None) -> Path:
    """SHA256SUMS in the format `sha256sum -c` reads, sorted by name (`known`: hashes taken as files were
    written)."""
    known = known or {}
    lines = [f"{known.get(p) or sha256_file(p)}  {p.name}\n" for p in sorted(paths, key=lambda p: p.name)]
    path = out_dir / "SHA256SUMS"
    path.write_text("".join(lines), encoding="utf-8")
    return path
