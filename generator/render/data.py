"""Open data: per cargo and list CSV + JSON, a Frictionless Data Package per exam, and SHA256SUMS."""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path
from typing import Iterable

from .paths import Slugs

# pt-BR Excel opens these with a double click: `;` separator (the comma is the decimal mark), UTF-8 with BOM (or
# Excel guesses Windows-1252 and breaks accents), CRLF line ends, every text field quoted only when needed.
DIALECT = {"delimiter": ";", "lineTerminator": "\r\n", "quoteChar": '"', "doubleQuote": True, "header": True}
ENCODING = "utf-8-sig"

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

TITLES = {"nomeacao": "Ordem de nomeação", "comissao": "Resultados das comissões (anonimizados)",
          "eliminados": "Eliminados", "desistencias": "Desistências"}


def _rows(kind: str, items: Iterable[dict]) -> Iterable[list]:
    """Rows of a resource in column order, values as the public view gives them."""
    for item in items:
        row = []
        for column, _, _ in COLUMNS[kind]:
            value = item.get(column)
            if column == "fundamento" and isinstance(value, dict):
                value = value.get("texto", "")
            if column == "cadastro_reserva":
                value = "sim" if value else "não"
            row.append("" if value is None else value)
        yield row


def _json_value(column: str, value):
    """JSON keeps numbers as numbers (dot decimal), booleans as booleans."""
    if column == "nota" and isinstance(value, str) and value:
        return json.loads(value.replace(".", "").replace(",", "."), parse_float=lambda s: _RawNumber(s))
    if column == "cadastro_reserva":
        return value == "sim"
    return value


class _RawNumber(float):
    """A float that prints as written (85.50 stays 85.50), so JSON keeps the board's precision."""

    def __new__(cls, text: str):
        obj = super().__new__(cls, text)
        obj.text = text
        return obj

    def __repr__(self) -> str:
        return self.text


def _write_pair(kind: str, items: Iterable[dict], csv_path: Path, json_path: Path) -> int:
    """Write one resource as CSV and JSON in one pass; return its row count."""
    columns = [c for c, _, _ in COLUMNS[kind]]
    count = 0
    with csv_path.open("w", encoding=ENCODING, newline="") as fc, json_path.open("w", encoding="utf-8") as fj:
        writer = csv.writer(fc, delimiter=";", lineterminator="\r\n")
        writer.writerow(columns)
        fj.write("[")
        for row in _rows(kind, items):
            writer.writerow(row)
            obj = {c: _json_value(c, v) for c, v in zip(columns, row)}
            fj.write(("\n" if count == 0 else ",\n") + _dumps(obj))
            count += 1
        fj.write("\n]\n" if count else "]\n")
    return count


def _dumps(obj: dict) -> str:
    """Compact, key-ordered, UTF-8 JSON; numbers from the board written exactly."""
    parts = []
    for key, value in obj.items():
        text = value.text if isinstance(value, _RawNumber) else json.dumps(value, ensure_ascii=False)
        parts.append(f"{json.dumps(key)}:{text}")
    return "{" + ",".join(parts) + "}"


def _schema(kind: str, json_format: bool) -> dict:
    fields = []
    for column, props, description in COLUMNS[kind]:
        field = {"name": column, **props, "description": description}
        if json_format:
            field.pop("decimalChar", None)
            if field["type"] == "boolean":
                field.pop("trueValues"), field.pop("falseValues")
        fields.append(field)
    return {"fields": fields}


def _resources(position: dict, slug: str) -> Iterable[tuple[str, str, str, Iterable[dict]]]:
    """(key, kind, title, items) of every resource of one cargo, lists first, in publication order."""
    for lst in position["listas"]:
        yield lst["grupo"], "lista", lst["titulo"], lst["entradas"]
    yield "nomeacao", "nomeacao", TITLES["nomeacao"], position["nomeacao"]
    yield "comissao", "comissao", TITLES["comissao"], position["comissao"]["resultados"]
    yield "eliminados", "eliminados", TITLES["eliminados"], position.get("eliminados", [])
    yield "desistencias", "desistencias", TITLES["desistencias"], position.get("desistencias", [])


def write_open_data(exam: dict, position_views: Iterable[dict], out_dir: Path) -> dict:
    """Write every resource of an exam to out_dir; return the paths (per (codigo, key)) and the package's SHA-256."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    slugs, resources, files = Slugs(), [], {}
    for position in position_views:
        cargo = slugs(position["codigo"])
        for key, kind, title, items in _resources(position, cargo):
            base = f"{cargo}-{key}"
            csv_path, json_path = out_dir / f"{base}.csv", out_dir / f"{base}.json"
            rows = _write_pair(kind, items, csv_path, json_path)
            files[(position["codigo"], key)] = {"csv": csv_path, "json": json_path, "rows": rows}
            label = f"{position['codigo']} — {position['nome']}: {title}"
            resources.append(_resource(base, label, kind, csv_path, json_path))
    package = _package(exam, resources)
    package_path = out_dir / "datapackage.json"
    package_path.write_text(json.dumps(package, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sums_path = _write_sums(out_dir, [p for f in files.values() for p in (f["csv"], f["json"])] + [package_path])
    return {"dir": out_dir, "files": files, "datapackage": package_path, "sha256sums": sums_path,
            "datapackage_sha256": sha256_file(package_path)}


def _resource(base: str, title: str, kind: str, csv_path: Path, json_path: Path) -> list[dict]:
    """The CSV and JSON resources of one table, with their schemas and hashes."""
    common = {"title": title, "profile": "tabular-data-resource"}
    return [
        {"name": f"{base}-csv", "path": csv_path.name, "format": "csv", "mediatype": "text/csv",
         "encoding": ENCODING, "dialect": DIALECT, "hash": f"sha256:{sha256_file(csv_path)}",
         "bytes": csv_path.stat().st_size, "schema": _schema(kind, False), **common},
        {"name": f"{base}-json", "path": json_path.name, "format": "json", "mediatype": "application/json",
         "encoding": "utf-8", "hash": f"sha256:{sha256_file(json_path)}", "bytes": json_path.stat().st_size,
         "schema": _schema(kind, True), **common},
    ]


def _package(exam: dict, resources: list[list[dict]]) -> dict:
    """Frictionless Data Package descriptor (v1 profile `tabular-data-package`)."""
    pub = exam["publicacao"]
    package = {
        "profile": "tabular-data-package",
        "name": exam["slug"],
        "title": f"{exam['titulo']} — {exam['orgao']}",
        "description": (f"{exam.get('edital', '')}. Publicado em {pub['diario']}, edição {pub['edicao']}, "
                        f"{pub.get('data_extenso', pub['data'])}, seção {pub['secao']}.").lstrip(". "),
        "sources": [{"title": f"{pub['diario']}, edição {pub['edicao']}"}],
        "licenses": [{"name": "other-pd", "title": "Ato oficial (Lei nº 9.610/1998, art. 8º, IV): domínio público"}],
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
