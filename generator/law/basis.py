"""Legal bases: a norm plus an article, with the LexML anchor of the article."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


@dataclass(frozen=True, slots=True)
class Norm:
    """A legal act the rules cite."""

    key: str
    title: str  # full name: "Decreto Municipal de Lins nº 13.760, de 8 de fevereiro de 2024"
    short: str  # used in every basis: "Decreto Municipal de Lins nº 13.760/2024"
    urn: str | None = None  # LexML URN of the act
    page: str | None = None  # legislation page slug in content/legislacao/, when we publish the text


@dataclass(frozen=True, slots=True)
class Basis:
    """The legal basis of one decision: norm + article (+ the reading adopted, when any)."""

    norm: Norm
    article: str  # "art. 6º, § 2º"
    note: str | None = None  # the reading adopted (LEGAL-NOTES) when the text is silent or conflicts

    @property
    def text(self) -> str:
        return f"{self.norm.short}, {self.article}"

    @property
    def anchor(self) -> str | None:
        return lexml_anchor(self.article)

    @property
    def urn(self) -> str | None:
        if not self.norm.urn:
            return None
        anchor = self.anchor
        return f"{self.norm.urn}!{anchor}" if anchor else self.norm.urn


def _roman(numeral: str) -> int:
    total = 0
    for i, ch in enumerate(numeral):
        value = _ROMAN[ch]
        if i + 1 < len(numeral) and _ROMAN[numeral[i + 1]] > value:
            total -= value
        else:
            total += value
    return total


_ART = re.compile(r"art\.\s*(\d+)", re.I)
_PAR = re.compile(r"§\s*(\d+)")
_PAR_UNICO = re.compile(r"par[áa]grafo\s+[úu]nico", re.I)
_INC = re.compile(r"(?:^|[,\s])([IVXLC]+)(?=$|[,;\s])")


def lexml_anchor(article: str) -> str | None:
    """LexML fragment id of the first provision cited: "art. 10, parágrafo único, II" → "art10_par1u_inc2"."""
    first = article.split(";")[0]
    art = _ART.search(first)
    if not art:
        return None
    parts = [f"art{int(art.group(1))}"]
    rest = first[art.end():]
    par = _PAR.search(rest)
    if par:
        parts.append(f"par{int(par.group(1))}")
        rest = rest[par.end():]
    elif _PAR_UNICO.search(rest):
        parts.append("par1u")
        rest = rest[_PAR_UNICO.search(rest).end():]
    inc = _INC.search(rest.replace("º", " "))
    if inc:
        if len(parts) == 1:
            parts.append("cpt")
        parts.append(f"inc{_roman(inc.group(1))}")
    return "_".join(parts)
