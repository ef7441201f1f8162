"""The cargos of a gazette PDF with their page ranges and site slugs: what the per-cargo extracts are cut by, in a
module of its own so that a build that only copies archived extracts does not import the PDF writers (0.2–0.4 s of
fontTools, pikepdf and the cover's typesetter)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Cargo:
    codigo: str
    nome: str
    slug: str
    first: int  # 1-based pages of the full PDF
    last: int


def cargos_of(exam_cargos: list[dict], ranges: dict) -> list[Cargo]:
    """The cargos with a page range, with the site's slugs (assigned in cargo order, as the pages are)."""
    from ...paths import Slugs

    slugs, out = Slugs(), []
    for c in exam_cargos:
        slug = slugs(c["codigo"])
        found = ranges.get((c["codigo"], "cargo"))
        if found:
            out.append(Cargo(c["codigo"], c["nome"], slug, int(found[0]), int(found[1])))
    return out

