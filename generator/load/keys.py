"""certame.toml's one strict key checker: known keys with the right type, unknown, missing and mistyped keys reported
with an example of the right line. Shared by the exam file (load/exam_file.py) and its `[[atos]]` (load/acts.py)."""

from __future__ import annotations

import difflib
import re
from datetime import date
from decimal import Decimal

from ..errors import Collector
from ..plain import multiline, one_line
from .text import join_words

FILE = "certame.toml"
MISSING_KEY = "falta esta chave obrigatória"
MAX_PLACES = 6
SCALE_LIMIT = 1_000_000
CODE_LIMIT = 60  # characters of a cargo code: it names folders and files of the site
VACANCY_LIMIT = 100_000  # per cargo: above any real exam, and the allocation's work grows with it
YEARS = (1900, 2100)  # a date outside is a typo; 2106 would not even fit the gzip and ZIP headers of the site
# Limits beyond the kind of a key: key → (test, message).
BOUNDS = {
    "codigo": (lambda v: len(v) <= CODE_LIMIT,
               f"é longo demais: um código de cargo tem no máximo {CODE_LIMIT} caracteres. Use a sigla do cargo."),
    "vagas": (lambda v: v <= VACANCY_LIMIT,
              f"passa do limite de {VACANCY_LIMIT:,} vagas por cargo. Confira o número no edital.".replace(",", ".")),
    "data": (lambda v: YEARS[0] <= v.year <= YEARS[1], f"a data deve estar entre {YEARS[0]} e {YEARS[1]}."),
    "edital_data": (lambda v: YEARS[0] <= v.year <= YEARS[1], f"a data deve estar entre {YEARS[0]} e {YEARS[1]}."),
    "inscricoes_fim": (lambda v: YEARS[0] <= v.year <= YEARS[1], f"a data deve estar entre {YEARS[0]} e {YEARS[1]}."),
}
KIND_WORDS = {
    "text": "um texto entre aspas",
    "label": "um texto entre aspas ou um número",
    "date": "uma data no formato AAAA-MM-DD, sem aspas",
    "url": "um endereço que começa com https:// ou http://, entre aspas",
    "count": "um número inteiro maior que zero, sem aspas",
    "size": "um número inteiro, zero ou maior, sem aspas",
    "bool": "true ou false, sem aspas",
    "markdown": "um texto entre aspas (várias linhas entre três aspas: \"\"\"…\"\"\")",
    "texts": "uma lista de textos entre aspas, como [\"RG\", \"CPF\"]",
    "table": "uma tabela",
    "tables": "uma lista de tabelas",
    "places": f"um número inteiro de 0 a {MAX_PLACES}, sem aspas",
    "scale": f"um número maior que zero e até {SCALE_LIMIT:_}, sem aspas".replace("_", "."),
}
_BR_DATE = re.compile(r"""^\s*["']?(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})["']?\s*$""")


def iso_date(text: str) -> str | None:
    """«10/03/2025» → «2025-03-10» (a real date), else None."""
    found = _BR_DATE.match(text)
    if found is None:
        return None
    day, month, year = (int(part) for part in found.groups())
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def date_hint(key: str, written: str) -> str:
    """The message for a date written DD/MM/AAAA in certame.toml, with the line as it should be."""
    name = key.rsplit(".", 1)[-1]
    return (f"a data «{written.strip()}» está escrita como DD/MM/AAAA, mas em certame.toml as datas se escrevem "
            f"AAAA-MM-DD (ano, mês, dia), sem aspas. Escreva: {name} = {iso_date(written)}")


def check_keys(table: dict, spec: dict, prefix: str, problems: Collector) -> dict:
    """Values of known keys with the right type; unknown, missing and mistyped keys are reported."""
    values = {}
    for key in table:
        if key not in spec:
            problems.add(FILE, _unknown_key(key, spec), column=prefix + key)
    for key, (required, kind, example) in spec.items():
        if key not in table:
            if required:
                problems.add(FILE, f"{MISSING_KEY}. Exemplo: {_example(key, kind, example)}",
                             column=prefix + key)
            continue
        value = _typed(table[key], kind)
        if isinstance(table[key], str) and not table[key].strip():
            problems.add(FILE, f"está vazia. Exemplo: {_example(key, kind, example)}", column=prefix + key)
        elif value is None and kind == "date" and isinstance(table[key], str) and iso_date(table[key]):
            problems.add(FILE, date_hint(key, table[key]), column=prefix + key)
        elif value is None:
            problems.add(FILE, f"deve ser {KIND_WORDS[kind]}. Exemplo: {_example(key, kind, example)}",
                         column=prefix + key)
        elif key in BOUNDS and not BOUNDS[key][0](value):
            problems.add(FILE, BOUNDS[key][1], column=prefix + key)
        else:
            values[key] = value
    return values


def _example(key: str, kind: str, example: str) -> str:
    return example if kind in ("table", "tables") else f"{key} = {example}"


def _unknown_key(key: str, spec: dict) -> str:
    close = difflib.get_close_matches(key, list(spec), n=1)
    hint = f" Você quis dizer «{close[0]}»?" if close else ""
    return f"chave desconhecida.{hint} As chaves possíveis aqui são: {join_words(list(spec))}."


def _typed(value: object, kind: str) -> object | None:
    """The value if it has the expected kind (text is stripped), else None."""
    if kind in ("text", "url", "label"):
        if kind == "label" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            return None
        value = one_line(value)  # a vertical tab, NUL or U+202E here would reach the feed, the HTML and the masthead
        if not value or kind == "url" and not value.startswith(("https://", "http://")):
            return None
        return value
    if kind == "markdown":  # free text keeping its lines, as ato.md (render/safe_markdown.py renders it)
        text = multiline(value).strip() if isinstance(value, str) else ""
        return text or None
    if kind == "texts":
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            return None
        items = [one_line(v) for v in value]
        return items if all(items) else None
    if kind == "date":
        return value if isinstance(value, date) and not hasattr(value, "hour") else None
    if kind == "count":
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
    if kind == "size":
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
    if kind == "bool":
        return value if isinstance(value, bool) else None
    if kind == "places":
        ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_PLACES
        return value if ok else None
    if kind == "scale":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= SCALE_LIMIT:
            return None
        return Decimal(str(value))
    if kind == "table":
        return value if isinstance(value, dict) else None
    return value if isinstance(value, list) and all(isinstance(v, dict) for v in value) and value else None
