"""The edital's own words from the rule file (issue 18): the commission procedure's name («Aferição de Deficiência»
where gazeta said «avaliação biopsicossocial»)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import InputError
from generator.pipeline import prepare

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
PCD = "[comissao.pcd.confirmado]"


def _project(tmp_path: Path, rules_edit=None) -> Path:
    """The corpus base exam (Lins, unpublished) with a copy of the rule files, `rules_edit` applied to lins.toml."""
    shutil.copytree(ROOT / "content" / "jurisdicoes", tmp_path / "content" / "jurisdicoes")
    folder = tmp_path / "content" / "certames" / "exemplo"
    shutil.copytree(CORPUS / "ato-retifica-inexistente", folder)
    (folder / "esperado.txt").unlink()
    text = (folder / "certame.toml").read_text(encoding="utf-8")
    (folder / "certame.toml").write_text(text[:text.index("[[atos]]\ntipo = \"retificacao\"")], encoding="utf-8")
    rows = (folder / "comissao.csv").read_text(encoding="utf-8")
    (folder / "comissao.csv").write_text(rows.replace("1004,pcd,confirmado", "1004,pcd,nao_confirmado"),
                                         encoding="utf-8")
    if rules_edit:
        path = tmp_path / "content" / "jurisdicoes" / "lins.toml"
        path.write_text(rules_edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def _named(text: str) -> str:
    assert text.count(PCD) == 1
    return text.replace(PCD, '[comissao.pcd]\nrotulo = "Aferição de Deficiência"\n\n' + PCD)


def test_the_procedure_takes_the_name_the_rule_file_gives(tmp_path, capsys):
    folder = _project(tmp_path, _named)
    assert prepare(folder).rules.procedure_label("pcd") == "Aferição de Deficiência"
    assert main(["explicar", str(folder), "1004"]) == 0
    out = capsys.readouterr().out
    assert "Aferição de Deficiência" in out and "avaliação biopsicossocial" not in out
    site = tmp_path / "site"
    assert main(["build", str(tmp_path / "content"), "--sem-pdf", "--site", str(site)]) == 0, capsys.readouterr()
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")
             if "/exemplo/" in p.as_posix() and ("comissao" in p.as_posix() or "regras" in p.as_posix())}
    assert any("comissao" in p.as_posix() for p in pages) and any("regras" in p.as_posix() for p in pages)
    for page, text in pages.items():
        assert "avaliação biopsicossocial" not in text, page
    named = sorted(p.relative_to(site).as_posix() for p, t in pages.items() if "Aferição de Deficiência" in t)
    assert "certames/exemplo/gcm/comissao/index.html" in named and any("regras" in p for p in named), named


def test_without_a_name_the_generic_words_stay(tmp_path, capsys):
    folder = _project(tmp_path)
    assert prepare(folder).rules.procedure_label("pcd") == "avaliação biopsicossocial (PcD)"


def test_an_empty_procedure_name_is_refused_with_its_key(tmp_path):
    folder = _project(tmp_path, lambda t: _named(t).replace('"Aferição de Deficiência"', '""'))
    with pytest.raises(InputError) as caught:
        prepare(folder)
    assert any("comissao.pcd.rotulo" in (p.column or "") + p.message for p in caught.value.problems)


# -- a citation per group for the alternation (issue 18): [grupos.<g>] alternancia_fundamento -------------------------
def _reserved_bases(folder: Path, group: str) -> list[list[str]]:
    """The citations of the reserved places of `group`, with one more GCM negro candidate below the others (the
    base exam's only negro in GCM is first and takes ampla)."""
    with open(folder / "candidatos.csv", "a", encoding="utf-8") as out:
        out.write("1006,Elisa Rocha,GCM,70.00,1993-05-04,,F,S,N,N,aprovado\n")
    with open(folder / "comissao.csv", "a", encoding="utf-8") as out:
        out.write("1006,heteroidentificacao,confirmado\n")
    result = prepare(folder)
    return [[b.article for b in n.bases] for pr in result.positions for n in pr.allocation.nominations
            if n.group == group and n.reason == "reserva"]


def test_a_groups_own_alternation_citation_is_used_on_its_reserved_places(tmp_path):
    def own(text: str) -> str:
        assert text.count("[grupos.negro]") == 1
        k = text.index("[grupos.negro]")
        return text[:k] + text[k:].replace("\n\n", '\nalternancia_fundamento = "art. 5º, parágrafo único"\n\n', 1)

    plain = _reserved_bases(_project(tmp_path / "a"), "negro")
    assert plain and all("art. 5º" in b for b in plain)  # [nomeacao] alternancia_fundamento of lins.toml
    named = _reserved_bases(_project(tmp_path / "b", own), "negro")
    assert named and all("art. 5º, parágrafo único" in b and "art. 5º" not in b for b in named), named
