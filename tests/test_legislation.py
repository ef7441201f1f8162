"""Legislation pages: up to date with the seeds, faithful text, one unique LexML anchor per provision."""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from pathlib import Path

import markdown
import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_SEEDS = Path("/work/shared/seeds")
_spec = importlib.util.spec_from_file_location("make_legislation", ROOT / "tools" / "make_legislation.py")
make_legislation = importlib.util.module_from_spec(_spec)
sys.modules["make_legislation"] = make_legislation  # dataclasses look the module up
_spec.loader.exec_module(make_legislation)
NORMS = {n.slug: n for n in make_legislation.NORMS}
MASTHEAD_LINES = 3  # Lins seed: gazette masthead, carried by the source note instead


def _seed_lines(slug: str) -> list[str]:
    text = (make_legislation.LOCAL_SEEDS / NORMS[slug].seed).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _page(slug: str) -> str:
    return (make_legislation.OUT / f"{slug}.md").read_text(encoding="utf-8")


def _ids(slug: str) -> list[str]:
    return re.findall(r'id="([^"]+)"', markdown.markdown(_page(slug)))


def test_pages_are_up_to_date():
    for slug, text in make_legislation.build().items():
        assert _page(slug) == text, f"regenerate with tools/make_legislation.py: {slug}"


@pytest.mark.skipif(not SHARED_SEEDS.is_dir(), reason="shared seeds not available here")
def test_local_seed_copies_match_shared_seeds():
    for norm in NORMS.values():
        assert (make_legislation.LOCAL_SEEDS / norm.seed).read_bytes() == (SHARED_SEEDS / norm.seed).read_bytes()


@pytest.mark.parametrize("slug", sorted(NORMS))
def test_every_provision_has_a_unique_anchor(slug):
    lines = _seed_lines(slug)
    ids = _ids(slug)
    assert len(ids) == len(set(ids)), "duplicate anchors"
    articles = [int(m.group(1)) for line in lines if (m := re.match(r"Art\. (\d+)", line))]
    assert [i for i in ids if re.fullmatch(r"art\d+", i)] == [f"art{n}" for n in articles]
    paragraphs = [line for line in lines if line.startswith(("§ ", "Parágrafo único"))]
    assert len([i for i in ids if "_par" in i and "_inc" not in i]) == len(paragraphs)
    incisos = [line for line in lines if re.match(r"[IVXLCDM]+ - ", line)]
    assert len([i for i in ids if "_inc" in i]) == len(incisos)


@pytest.mark.parametrize("slug, expected", [
    ("lins-decreto-13760-2024", ["art6", "art6_par2", "art4_par1u", "art6_cpt_inc4", "art8_par1_inc1",
                                 "art10_par1u_inc2", "art9_par2"]),
    ("ms-decreto-16358-2024", ["art3_cpt_inc1", "art3_par1", "art6_par1", "art8_par3_inc2", "art22_par2_inc1",
                               "art33", "art36", "tit2_cap3_sec1"]),
    ("cariacica-lei-2023-08-30", ["art1_par1", "art1_par3", "art2_par1", "art3_par2", "art5_par1u"]),
])
def test_known_anchors(slug, expected):
    ids = set(_ids(slug))
    assert set(expected) <= ids


@pytest.mark.parametrize("slug", sorted(NORMS))
def test_text_is_reproduced_in_order(slug):
    rendered = html.unescape(re.sub(r"<[^>]+>", "", markdown.markdown(_page(slug))))
    lines = _seed_lines(slug)
    if slug.startswith("lins"):
        lines = lines[MASTHEAD_LINES:]
    position = 0
    for line in lines:
        if line in make_legislation.ARTIFACTS:
            continue
        found = rendered.find(line, position)
        assert found >= 0, f"missing or out of order: {line[:60]}"
        position = found + len(line)


def test_heading_and_source_note():
    for slug, norm in NORMS.items():
        page = _page(slug)
        assert page.startswith(f"# {norm.title}\n")
        assert "não substitui o publicado oficialmente" in page
    assert "Lei nº 6.508/2023 (a confirmar" in _page("cariacica-lei-2023-08-30")


def test_roman_numerals():
    assert [make_legislation.roman(r) for r in ("I", "IV", "IX", "XIV", "XL", "XC")] == [1, 4, 9, 14, 40, 90]


JURISDICTION_PAGE = {"lins": "lins-decreto-13760-2024", "mato-grosso-do-sul": "ms-decreto-16358-2024",
                     "cariacica": "cariacica-lei-2023-08-30"}


def _citations(table: object, norm: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Every (norm, fundamento) in a rule file; `norma` switches the norm for its table."""
    if isinstance(table, dict):
        norm = table.get("norma", norm)
        for key, value in table.items():
            if key.endswith("fundamento") and isinstance(value, str):
                found.append((norm, value))
            else:
                _citations(value, norm, found)
    elif isinstance(table, list):
        for item in table:
            _citations(item, norm, found)
    return found


@pytest.mark.parametrize("jurisdiction", sorted(JURISDICTION_PAGE))
def test_rule_citations_land_on_an_anchor(jurisdiction):
    """Cross-check with content/jurisdicoes: each article the rules cite from the page's norm has its anchor."""
    import tomllib

    from generator.law.basis import lexml_anchor

    rules = tomllib.loads((ROOT / "content" / "jurisdicoes" / f"{jurisdiction}.toml").read_text(encoding="utf-8"))
    main = rules.get("norma_principal")
    ids = set(_ids(JURISDICTION_PAGE[jurisdiction]))
    cited = [lexml_anchor(text) for norm, text in _citations(rules, main, []) if norm == main]
    assert cited and all(anchor in ids for anchor in cited if anchor), sorted(set(cited) - ids - {None})
