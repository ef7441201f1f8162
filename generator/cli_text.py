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


def pdf_files(site_dir: Path) -> dict[str, int]:
    """Every PDF file the site holds, by kind (issue 21: the summary is true about PDFs): the acts' own PDFs (under
    `atos/`), an exam's full PDF of this build that no act carries yet, and the per-cargo extracts (an act's archived
    ones are under `atos/<ato>/extratos/`). A hard link (an exam's `<certame>.pdf` is its act's PDF, an archived
    extract is linked beside its cargo's page) is one file."""
    kinds: dict[tuple[int, int], set[str]] = {}
    for path in Path(site_dir).glob("certames/**/*.pdf"):
        stat = path.stat()
        parts = path.relative_to(site_dir).parts
        kind = "atos" if "atos" in parts and parts[-3] != "extratos" else "completos" if len(parts) == 3 \
            else "extratos"
        kinds.setdefault((stat.st_dev, stat.st_ino), set()).add(kind)
    counts = {"atos": 0, "completos": 0, "extratos": 0}
    for found in kinds.values():
        counts[next(k for k in counts if k in found)] += 1
    return counts


def _pdf_words(counts: dict[str, int]) -> str:
    """«17 arquivos PDF (9 de atos, 8 extratos por cargo)», or «sem PDF»."""
    total = sum(counts.values())
    if not total:
        return "sem PDF"
    words = [w for n, w in ((counts["atos"], plural(counts["atos"], "de ato", "de atos")),
                            (counts["completos"], plural(counts["completos"], "completo", "completos")),
                            (counts["extratos"], plural(counts["extratos"], "extrato por cargo", "extratos por cargo")))
             if n]
    return f"{plural(total, 'arquivo PDF', 'arquivos PDF')} ({', '.join(words)})"


def summary(report: dict, site_dir: Path, seconds: float, *, multiline: bool) -> str:
    """What `gazeta build` prints at the end: several lines on a terminal, one line in logs and pipes."""
    pdfs = report.get("pdfs", [])
    counts = pdf_files(site_dir)
    where = f"{Path(site_dir).resolve()}/"
    exams, pages = plural(report.get("exams", 0), "certame", "certames"), plural(report.get("pages", 0), "página",
                                                                                 "páginas")
    took = f"{decimal(seconds)} s"
    every = _pdf_words(counts)
    if not multiline:
        pdf = ""
        if pdfs:  # each exam's whole gazette: its pages and size, the figures staff check against the edition
            total_pages = sum(p["pages"] or 0 for p in pdfs)
            pdf = (f"; os PDFs completos dos certames somam {plural(total_pages, 'página', 'páginas')}, "
                   f"{size(sum(p['bytes'] for p in pdfs))}")
        every = every[:-1] + pdf + ")" if every.endswith(")") else every + pdf
        return f"Site gerado em {where}: {exams}, {pages} do site, {every}, em {took}."
    lines = [f"Site gerado em {where}", f"  {exams}, {pages} do site, {every}, em {took}"]
    for p in pdfs:
        copied = " (ato publicado, copiado do arquivo)" if p.get("archived") else ""
        lines.append(f"  PDF {p['path']}: {plural(p['pages'] or 0, 'página', 'páginas')}, {size(p['bytes'])}{copied}")
    return "\n".join(lines)
