"""Build content/legislacao/*.md from the seed texts, with a LexML anchor on every provision.

Usage: .venv/bin/python tools/make_legislation.py [--seeds DIR] [--out DIR]

The seed texts are copied byte for byte into tools/seeds/ (so the build does not depend on /work/shared); pass
`--seeds /work/shared/seeds --refresh` to copy them again. The legal text is never rewritten: each line of the seed
becomes one Markdown paragraph, with the provision's label in bold and a `<span id>` anchor in front.
"""

from __future__ import annotations

import argparse
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCAL_SEEDS = ROOT / "tools" / "seeds"
OUT = ROOT / "content" / "legislacao"

ART = re.compile(r"^(Art\. (\d+)(?:º|\.)?)")
PAR = re.compile(r"^(§ (\d+)º)")
SOLE = re.compile(r"^(Parágrafo único\.?)")
INCISO = re.compile(r"^([IVXLCDM]+) - ")
DIVISION = re.compile(r"^(TÍTULO|CAPÍTULO|Seção) ([IVXLCDM]+)$")
EPIGRAPH = re.compile(r"^(DECRETO|LEI)\b.*\bNº")
ARTIFACTS = {"|"}  # stray table pipe at the end of the MS seed: not part of the text
DIVISION_KEY = {"TÍTULO": "tit", "CAPÍTULO": "cap", "Seção": "sec"}
ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@dataclass(frozen=True)
class Norm:
    """One legislation page: which seed, and the editorial heading and source note around it."""

    slug: str
    seed: str
    title: str
    note: tuple[str, ...]
    urn: str
    urn_caveat: str = ""  # shown after the URN when part of it is unconfirmed


NORMS = (
    Norm(
        slug="lins-decreto-13760-2024",
        seed="000_ee96b71c54b9144c.txt",
        title="Decreto nº 13.760, de 8 de fevereiro de 2024 — Município de Lins/SP",
        note=(
            "**Publicação:** Imprensa Oficial - Lins, Edição nº 1490, Ano VIII, de 8 de fevereiro de 2024 "
            "(Entidade: Poder Executivo; Seção: Atos Oficiais; Subseção: Decretos).",
            "Regulamenta o art. 8º da Lei Municipal de Lins nº 7.739/2023 e o § 2º do art. 16 da Lei Complementar "
            "Municipal de Lins nº 1.745/2023.",
        ),
        urn="urn:lex:br;sao.paulo;lins:municipal:decreto:2024-02-08;13760",
    ),
    Norm(
        slug="ms-decreto-16358-2024",
        seed="003_91c43f259427d7fe.txt",
        title="Decreto nº 16.358, de 3 de janeiro de 2024 — Estado de Mato Grosso do Sul",
        note=(
            "**Publicação:** Diário Oficial do Estado de Mato Grosso do Sul nº 11.374, de 4 de janeiro de 2024.",
            "A epígrafe e a ementa não constam do texto-fonte utilizado; o texto começa no preâmbulo.",
        ),
        urn="urn:lex:br;mato.grosso.sul:estadual:decreto:2024-01-03;16358",
    ),
    Norm(
        slug="cariacica-lei-2023-08-30",
        seed="004_3ba0c1eebbea3e5c.txt",
        title="Lei Municipal de Cariacica/ES, de 30 de agosto de 2023 — reserva de vagas para negros",
        note=(
            "**Número da lei:** muito provavelmente Lei nº 6.508/2023 (a confirmar antes de citar). "
            "O texto-fonte não traz a epígrafe; a lei revoga a Lei Municipal de Cariacica nº 5.909/2018.",
            "**Publicação:** dados da publicação oficial a confirmar; texto conforme arquivado na Prefeitura "
            "Municipal de Cariacica.",
        ),
        urn="urn:lex:br;espirito.santo;cariacica:municipal:lei:2023-08-30;6508",
        urn_caveat=" (número a confirmar)",
    ),
)

DISCLAIMER = ("Reprodução para consulta, com âncoras para citação. Este texto não substitui o publicado "
              "oficialmente.")


def roman(text: str) -> int:
    """Value of a Roman numeral (I–MMM)."""
    values = [ROMAN[ch] for ch in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def escape(text: str) -> str:
    """Escape the few characters Markdown would read as markup (none occur in the seeds today)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_\[\]#])", r"\\\1", text)


def anchored(anchor: str, text: str, label: str = "") -> str:
    """One paragraph: the anchor, the bold label (if any), then the rest of the line untouched."""
    rest = escape(text[len(label):])
    bold = f"**{escape(label)}**" if label else ""
    return f'<span id="{anchor}"></span>{bold}{rest}'


class Parser:
    """Walks the seed line by line, tracking the current article, paragraph and division."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.article: int | None = None
        self.paragraph: str | None = None  # None = caput; "1u" = parágrafo único; "2" = § 2º
        self.divisions: dict[str, int] = {}
        self.heading: list[str] | None = None  # lines of the division heading being read
        self.epigraph_seen = False
        self.ementa_pending = False
        self.closing = False
        self.preamble = 0  # preamble lines seen: anchors preambulo, preambulo_2…

    def feed(self, line: str) -> None:
        """Route one non-empty line to the right kind of block."""
        if line in ARTIFACTS:
            return
        if self.article is None and not self.divisions and self._head(line):
            return
        for handler in (self._division, self._article, self._paragraph, self._inciso):
            if handler(line):
                return
        if self.heading is not None and not self.closing:
            self.heading.append(line)
        else:
            self._flush_heading()
            self.closing = True
            self.blocks.append(escape(line))

    def _head(self, line: str) -> bool:
        """Epigraph, ementa and preamble: everything before the first article or division."""
        if ART.match(line) or DIVISION.match(line):
            return False
        if EPIGRAPH.match(line):
            # Lines above the epigraph are the gazette masthead: the source note carries them instead.
            self.blocks, self.preamble = [f'<span id="epigrafe"></span>**{escape(line)}**'], 0
            self.epigraph_seen = self.ementa_pending = True
        elif self.ementa_pending:
            self.blocks.append(f'<span id="ementa"></span>*{escape(line)}*')
            self.ementa_pending = False
        else:
            self.preamble += 1
            self.blocks.append(anchored("preambulo" + (f"_{self.preamble}" if self.preamble > 1 else ""), line))
        return True

    def _division(self, line: str) -> bool:
        match = DIVISION.match(line)
        if not match:
            return False
        self._flush_heading()
        key = DIVISION_KEY[match.group(1)]
        order = list(DIVISION_KEY.values())
        for deeper in order[order.index(key) + 1:]:
            self.divisions.pop(deeper, None)
        self.divisions[key] = roman(match.group(2))
        self.heading = [line]
        return True

    def finish(self) -> list[str]:
        """The blocks, once the last line has been fed."""
        self._flush_heading()
        return self.blocks

    def _flush_heading(self) -> None:
        if self.heading is None:
            return
        anchor = "_".join(f"{k}{v}" for k, v in self.divisions.items())
        level = 2 + len(self.divisions) - 1
        inner = "<br>".join(escape(part) for part in self.heading)
        self.blocks.append(f'<h{level} id="{anchor}">{inner}</h{level}>')
        self.heading = None

    def _article(self, line: str) -> bool:
        match = ART.match(line)
        if not match:
            return False
        self._flush_heading()
        self.article, self.paragraph = int(match.group(2)), None
        self.blocks.append(anchored(f"art{self.article}", line, match.group(1)))
        return True

    def _paragraph(self, line: str) -> bool:
        match = PAR.match(line) or SOLE.match(line)
        if not match or self.article is None:
            return False
        self.paragraph = "1u" if match.re is SOLE else match.group(2)
        self.blocks.append(anchored(f"art{self.article}_par{self.paragraph}", line, match.group(1)))
        return True

    def _inciso(self, line: str) -> bool:
        match = INCISO.match(line)
        if not match or self.article is None:
            return False
        parent = "cpt" if self.paragraph is None else f"par{self.paragraph}"
        self.blocks.append(anchored(f"art{self.article}_{parent}_inc{roman(match.group(1))}", line))
        return True


def render(norm: Norm, seed_text: str) -> str:
    """The whole Markdown page for one norm."""
    parser = Parser()
    for raw in seed_text.splitlines():
        line = raw.strip()
        if line:
            parser.feed(line)
    note = [f"> {part}" for part in (*norm.note, f"**Identificador LexML:** `{norm.urn}`{norm.urn_caveat}", DISCLAIMER)]
    head = [f"# {norm.title}", "\n>\n".join(note)]
    return "\n\n".join(head + parser.finish()) + "\n"


def build(seeds: Path = LOCAL_SEEDS) -> dict[str, str]:
    """Slug → page text for every norm, from the seed directory."""
    return {n.slug: render(n, (seeds / n.seed).read_text(encoding="utf-8")) for n in NORMS}


def main(argv: list[str] | None = None) -> int:
    """Write the pages (and, with --refresh, copy the seeds into tools/seeds first)."""
    parser = argparse.ArgumentParser(description="Gera as páginas de legislação a partir dos textos-fonte.")
    parser.add_argument("--seeds", type=Path, default=LOCAL_SEEDS, help="pasta com os textos-fonte")
    parser.add_argument("--refresh", action="store_true", help="copiar os textos-fonte para tools/seeds/")
    parser.add_argument("--out", type=Path, default=OUT, help="pasta de saída")
    args = parser.parse_args(argv)
    if args.refresh:
        LOCAL_SEEDS.mkdir(parents=True, exist_ok=True)
        for norm in NORMS:
            shutil.copyfile(args.seeds / norm.seed, LOCAL_SEEDS / norm.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for slug, text in build(LOCAL_SEEDS if args.refresh else args.seeds).items():
        (args.out / f"{slug}.md").write_text(text, encoding="utf-8")
        print(f"gravado: {args.out / f'{slug}.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
