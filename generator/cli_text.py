"""argparse in Portuguese, and the build summary's wording (numbers and sizes written the Brazilian way)."""

from __future__ import annotations

import argparse
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

# argparse passes its own messages through gettext (`argparse._`, `argparse.ngettext`); these are its msgids
# (Python 3.11–3.13). A message missing here stays in English rather than breaking.
MESSAGES = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opções",
    "optional arguments": "opções",
    "show this help message and exit": "mostra esta ajuda e sai",
    "the following arguments are required: %s": "faltam argumentos obrigatórios: %s",
    "one of the arguments %s is required": "um destes argumentos é obrigatório: %s",
    "expected one argument": "falta o valor",
    "expected at most one argument": "aceita no máximo um valor",
    "expected at least one argument": "falta pelo menos um valor",
    "ambiguous option: %(option)s could match %(matches)s": "opção ambígua: %(option)s pode ser %(matches)s",
    "invalid %(type)s value: %(value)r": "valor inválido: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "%(value)r não existe (escolha entre %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s: erro: %(message)s\n",
    "unrecognized arguments: %s": "argumentos não reconhecidos: %s",
    "not allowed with argument %s": "não pode ser usado com %s",
    "ignored explicit argument %r": "valor %r ignorado",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "comando %(parser_name)r não existe (escolha entre "
                                                             "%(choices)s)",
    "subcommands": "comandos",
}
PLURALS = {"expected %s argument": ("espera %s valor", "espera %s valores")}


def _gettext(message: str) -> str:
    return MESSAGES.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    pair = PLURALS.get(singular)
    if pair is None:
        return singular if n == 1 else plural
    return pair[0] if n == 1 else pair[1]


@contextmanager
def portuguese() -> Iterator[None]:
    """Build and run parsers with argparse's messages in Portuguese (restored after, even on SystemExit)."""
    before = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _gettext, _ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = before


def port(text: str) -> int:
    """A TCP port for `--porta`."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a porta deve ser um número de 1 a 65535, não «{text}»")
    return int(text)


def number(n: int) -> str:
    """1234567 → '1.234.567'."""
    return f"{n:,}".replace(",", ".")


def decimal(value: float, places: int = 1) -> str:
    """1.25 → '1,2' (display only: sizes and seconds, never legal arithmetic)."""
    return f"{value:.{places}f}".replace(".", ",")


def size(n: int) -> str:
    """Bytes as kB/MB (powers of 1000, as the SI prefixes mean)."""
    if n < 1000:
        return f"{n} B"
    if n < 1000**2:
        return f"{decimal(n / 1000)} kB"
    return f"{decimal(n / 1000**2)} MB"


def plural(n: int, one: str, many: str) -> str:
    return f"{number(n)} {one if n == 1 else many}"


def summary(report: dict, site_dir: Path, seconds: float, *, multiline: bool) -> str:
    """What `gazeta build` prints at the end: several lines on a terminal, one line in logs and pipes."""
    pdfs = report.get("pdfs", [])
    where = f"{Path(site_dir).resolve()}/"
    exams, pages = plural(report.get("exams", 0), "certame", "certames"), plural(report.get("pages", 0), "página",
                                                                                 "páginas")
    took = f"{decimal(seconds)} s"
    if not multiline:
        pdf = ""
        if pdfs:
            total_pages = sum(p["pages"] or 0 for p in pdfs)
            pdf = (f", {plural(len(pdfs), 'PDF', 'PDFs')} ({plural(total_pages, 'página', 'páginas')}, "
                   f"{size(sum(p['bytes'] for p in pdfs))})")
        return f"Site gerado em {where}: {exams}, {pages} do site{pdf}, em {took}."
    lines = [f"Site gerado em {where}", f"  {exams}, {pages} do site, em {took}"]
    for p in pdfs:
        copied = " (ato publicado, copiado do arquivo)" if p.get("archived") else ""
        lines.append(f"  PDF {p['path']}: {plural(p['pages'] or 0, 'página', 'páginas')}, {size(p['bytes'])}{copied}")
    if not pdfs:
        lines.append("  sem PDF")
    return "\n".join(lines)
