"""Open data: per cargo and list CSV + JSON, a Frictionless Data Package per exam, and SHA256SUMS."""

from __future__ import annotations

import csv
import hashlib
import json
import re
from operator import itemgetter
from pathlib import Path
from typing import Callable, Iterable

from . import downloads
from ..paths import Slugs

ZIP_NAME = "{slug}-dados.zip"  # in dados/: the exam's whole data package in one file

# pt-BR Excel opens these with a double click: `;` separator (the comma is the decimal mark), UTF-8 with BOM (or
# Excel guesses Windows-1252 and breaks accents), CRLF line ends, every text field quoted only when needed.
DIALECT = {"delimiter": ";", "lineTerminator": "\r\n", "quoteChar": '"', "doubleQuote": True, "header": True}
ENCODING = "utf-8-sig"  # how Python writes it; the descriptor says "utf-8" (the IANA name; readers skip the BOM)

_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean", "trueValues": ["sim"], "falseValues": ["não"]}

# kind → ordered (column, Frictionless field properties, description)
COLUMNS = {
    "lista": [
        ("classificacao", _INT, "Classificação nesta lista"),
        ("inscricao", _STR, "Número de inscrição"),
        ("nome", _STR, "Nome do candidato"),
        ("nota", {"type": "number", "decimalChar": ","}, "Nota final"),
        ("classificacao_geral", _INT, "Classificação na lista geral"),
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

# A list of a cargo where a later act withdrew, voided or annulled someone's nomination (issue 19 item 5): the
# list's columns and the mark, with the act that did it.
COLUMNS["lista_validade"] = COLUMNS["lista"] + [
    ("situacao", _STR, "Durante a validade: desistencia, sem_efeito (nomeação tornada sem efeito) ou anulacao "
     "(nomeação anulada); vazio quando nenhum ato posterior alterou a situação do candidato"),
    ("situacao_ato", _STR, "O ato que publicou a desistência, a nomeação sem efeito ou a anulação"),
]

# A list with rows an archived retificação changed (issue 19 item 5): its columns and, on each changed row, what
# changed and what it was, with the act (public view «retificadas», generator/corrected.py).
CORRECTED = [
    ("retificacao", _STR, "O que uma retificação publicada mudou nesta linha, e o que era antes; vazio quando "
     "nenhuma retificação mudou a linha"),
    ("retificacao_ato", _STR, "A retificação (ou as retificações, separadas por «; ») que mudou a linha"),
]

TITLES = {"nomeacao": "Ordem de nomeação", "comissao": "Resultados das comissões (por inscrição, sem nomes)",
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


def _guarded(rows: list[tuple], text_columns: list[int]) -> list[tuple]:
    """Rows with spreadsheet_safe text; a regex over each joined text column finds the rare risky cell in C speed."""
    for i in text_columns:
        column = [row[i] for row in rows]
        if all(isinstance(v, str) for v in column) and not _FORMULA_SCREEN.search("\n".join(column)):
            continue
        return [tuple(map(spreadsheet_safe, row)) for row in rows]
    return rows


def _cell(column: str, value):
    """CSV text of one value as the public view gives it."""
    if column == "fundamento" and isinstance(value, dict):
        return value.get("texto", "")
    if column == "cadastro_reserva":
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
    if column == "cadastro_reserva":
        return bool(value)
    return value


_CSV_SPECIAL = {"fundamento", "cadastro_reserva"}  # columns whose CSV text is not the value itself
_JSON_SPECIAL = {"fundamento", "nota", "cadastro_reserva"}


def _plain_rows(columns: list[str], items: list[dict]):
    """Rows of values in column order, fetched in C (itemgetter); None when some item lacks a column."""
    get = itemgetter(*columns)
    try:
        return [get(item) for item in items] if len(columns) > 1 else [(get(item),) for item in items]
    except KeyError:
        return None


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


def _write_pair(kind: str, items: list[dict], csv_path: Path, json_path: Path,
                spec: list[tuple[str, dict, str]] | None = None) -> int:
    """Write one resource as CSV and JSON (`spec`: its columns, when not the kind's usual ones); return its row
    count."""
    spec = spec or COLUMNS[kind]
    columns = [c for c, _, _ in spec]
    numbers = frozenset(c for c, props, _ in spec if props["type"] in ("number", "integer") and c != "nota")
    plain = _plain_rows(columns, items)  # the hot path at national scale: list rows are plain values
    with csv_path.open("w", encoding=ENCODING, newline="") as fc:
        writer = csv.writer(fc, delimiter=";", lineterminator="\r\n")  # writes None as an empty field
        writer.writerow(columns)
        if plain is not None and not _CSV_SPECIAL & set(columns):
            writer.writerows(_guarded(plain, _text_columns(spec)))
        else:
            writer.writerows([spreadsheet_safe(_cell(c, item.get(c))) for c in columns] for item in items)
    if plain is not None and not (_JSON_SPECIAL - {"nota"}) & set(columns) and not numbers:
        rows = [dict(zip(columns, values)) for values in plain]
        if "nota" in columns:
            for row in rows:
                row["nota"] = _json_cell("nota", row["nota"])
    else:
        rows = [{c: _json_cell(c, item.get(c), numbers) for c in columns} for item in items]
    # One object per line: diffs and `head` stay readable, and one dumps call keeps it fast.
    body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    if body.count("},{") == max(len(rows) - 1, 0):  # no value contains "},{" itself: safe to split there
        body = body.replace("},{", "},\n{")
    json_path.write_text(body + "\n", encoding="utf-8")
    return len(rows)


def _text_columns(spec: list[tuple[str, dict, str]]) -> list[int]:
    """Positions of the string columns of a resource (where a formula could hide)."""
    return [k for k, (_, props, _) in enumerate(spec) if props["type"] == "string"]


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
    yield "comissao", "comissao", TITLES["comissao"], position["comissao"]["resultados"]
    yield "eliminados", "eliminados", TITLES["eliminados"], position.get("eliminados", [])
    yield "desistencias", "desistencias", TITLES["desistencias"], position.get("desistencias", [])


class OpenData:
    """Writes an exam's resources one cargo at a time; `finish` adds the package descriptor and SHA256SUMS."""

    def __init__(self, exam: dict, out_dir: Path, *, defer_rows: int = 0) -> None:
        self.exam, self.out_dir = exam, Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.slugs, self.resources, self.files = Slugs(), [], {}
        self.moment = downloads.epoch(exam)
        # XLSX of up to `defer_rows` rows in all are written by `finish` after the package's hash is known (the
        # PDF waits for that hash, not for the spreadsheets, which are outside the package); larger lists at once.
        self.defer, self.defer_rows, self.deferred = defer_rows > 0, defer_rows, []

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
            rows = _write_pair(kind, items, csv_path, json_path, spec)
            mine[(position["codigo"], key)] = {"csv": csv_path, "json": json_path, "rows": rows}
            label = f"{position['codigo']} — {position['nome']}: {title}"
            if kind in downloads.XLSX_COLUMNS:  # each list and the nomination order, for spreadsheet users
                xlsx_path = self.out_dir / f"{base}.xlsx"
                sheet = downloads.xlsx_columns(spec) if spec is not None else None
                if self.defer and len(items) <= self.defer_rows:
                    self.defer_rows -= len(items)
                    self.deferred.append((kind, items, xlsx_path, label, sheet))
                else:
                    downloads.write_xlsx(kind, items, xlsx_path, label, self.moment, columns=sheet)
                mine[(position["codigo"], key)]["xlsx"] = xlsx_path
            resources.append(_resource(base, label, kind, csv_path, json_path,
                                       spec if spec is not None else _group_spec(kind, position)))
        self.merge(mine, resources)
        return mine, resources

    def merge(self, files: dict, resources: list) -> None:
        """Take one cargo's files and resources (in cargo order)."""
        self.files.update(files)
        self.resources.extend(resources)

    def finish(self, early: Callable[[dict], None] | None = None) -> dict:
        """Write datapackage.json and SHA256SUMS; return the paths and the package's SHA-256. `early` is handed
        the package (its files, descriptor and hash: what the PDF embeds and prints) as soon as it is written,
        before the deferred spreadsheets, the zip and SHA256SUMS."""
        package_path = self.out_dir / "datapackage.json"
        package_path.write_text(json.dumps(_package(self.exam, self.resources), ensure_ascii=False, indent=1) + "\n",
                                encoding="utf-8")
        package = {"dir": self.out_dir, "files": self.files, "datapackage": package_path,
                   "datapackage_sha256": sha256_file(package_path)}
        if early is not None:
            early(package)
        for kind, items, xlsx_path, label, sheet in self.deferred:
            downloads.write_xlsx(kind, items, xlsx_path, label, self.moment, columns=sheet)
        self.deferred.clear()
        paths = [p for f in self.files.values() for p in (f["csv"], f["json"])] + [package_path]
        # The zip is the Frictionless package itself (datapackage.json and its resources); the XLSX copies of the
        # lists are conveniences outside the package (the PDF embeds and the footer certifies the package only).
        bundle = downloads.write_zip(paths, self.out_dir / ZIP_NAME.format(slug=self.exam["slug"]), self.moment,
                                     self.exam["slug"])
        sheets = [f["xlsx"] for f in self.files.values() if f.get("xlsx")]
        return {**package, "zip": bundle, "sha256sums": _write_sums(self.out_dir, paths + sheets + [bundle])}


DEFER_ROWS = 200_000  # spreadsheet rows write_open_data keeps for after the package's hash (the views they hold)


def write_open_data(exam: dict, position_views: Iterable[dict], out_dir: Path, *,
                    early: Callable[[dict], None] | None = None) -> dict:
    """Write every resource of an exam to out_dir; return the paths (per (codigo, key)) and the package's SHA-256.
    With `early` (see OpenData.finish), the spreadsheets of up to DEFER_ROWS rows are written after it is called."""
    data = OpenData(exam, out_dir, defer_rows=DEFER_ROWS if early is not None else 0)
    for position in position_views:
        data.add(position)
    return data.finish(early)


def _resource(base: str, title: str, kind: str, csv_path: Path, json_path: Path,
              spec: list[tuple[str, dict, str]] | None = None) -> list[dict]:
    """The CSV and JSON resources of one table, with their schemas and hashes."""
    # The CSV is a table (tabular-data-resource, with its schema); the JSON is an array of objects, which the
    # tabular profile does not describe (Frictionless reads it as a byte source), so it is a plain data-resource
    # and the validator checks its bytes and hash.
    return [
        {"name": f"{base}-csv", "path": csv_path.name, "profile": "tabular-data-resource", "title": title,
         "description": CSV_NOTE, "format": "csv", "mediatype": "text/csv", "encoding": "utf-8", "dialect": DIALECT,
         "hash": f"sha256:{sha256_file(csv_path)}", "bytes": csv_path.stat().st_size, "schema": _schema(kind, spec)},
        {"name": f"{base}-json", "path": json_path.name, "profile": "data-resource", "title": title,
         "format": "json", "mediatype": "application/json", "encoding": "utf-8",
         "hash": f"sha256:{sha256_file(json_path)}", "bytes": json_path.stat().st_size},
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


def _write_sums(out_dir: Path, paths: list[Path]) -> Path:
    """SHA256SUMS in the format `sha256sum -c` reads, sorted by name."""
    lines = [f"{sha256_file(p)}  {p.name}\n" for p in sorted(paths, key=lambda p: p.name)]
    path = out_dir / "SHA256SUMS"
    path.write_text("".join(lines), encoding="utf-8")
    return path
