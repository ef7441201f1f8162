"""Rules for real editais (issue 10): edition numbers, words and outcomes from the rule file."""

from __future__ import annotations

import shutil
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator import public
from generator.explain import explain
from generator.pipeline import prepare
from generator.render.pdf_html import edition_line
from generator.render.site import act_jsonld, environment

ROOT = Path(__file__).resolve().parents[1]
MS_EXAM = ROOT / "content" / "certames" / "ms-2024-pss"


def _without_edition(tmp_path: Path) -> Path:
    exam = tmp_path / "certame"
    shutil.copytree(MS_EXAM, exam)
    toml = exam / "certame.toml"
    text = toml.read_text(encoding="utf-8")
    assert 'edicao = "11.514"\n' in text
    toml.write_text(text.replace('edicao = "11.514"\n', ""), encoding="utf-8")
    return exam


def test_an_unknown_edition_is_left_out_of_masthead_provenance_and_metadata(tmp_path):
    """Issue 10 item 8: `publicacao.edicao` may be left out; the masthead omits it, never «a confirmar»."""
    view = public.exam_view(prepare(_without_edition(tmp_path), ROOT / "content" / "jurisdicoes"), False)
    pub = view["publicacao"]
    assert pub["edicao"] == ""
    pdf_env = Environment(loader=FileSystemLoader(ROOT / "templates"), undefined=StrictUndefined)
    masthead = pdf_env.get_template("pdf/_masthead.html").render(exam=view)
    provenance = environment().get_template("_provenance.html").render(exam=view)
    for text in (masthead, provenance, edition_line(pub)):
        assert "dição" not in text and "confirmar" not in text, text
        assert pub["data_extenso"] in text
    assert "issueNumber" not in act_jsonld(view, "https://x/", None)["isPartOf"]


def test_with_an_edition_the_masthead_names_it():
    view = public.exam_view(prepare(MS_EXAM, ROOT / "content" / "jurisdicoes"), False)
    assert edition_line(view["publicacao"]).startswith("Edição nº 11.514 · ")


LINS_EXAM = ROOT / "content" / "certames" / "lins-2024-gcm"
LINS_RULES = ROOT / "content" / "jurisdicoes" / "lins.toml"


def _lins_with(tmp_path: Path, rules_edit, commission_edit=None) -> tuple[Path, Path]:
    """The Lins example under a copy of its rule file changed by `rules_edit` (and its comissao.csv)."""
    rules_dir = tmp_path / "jurisdicoes"
    rules_dir.mkdir()
    (rules_dir / "lins.toml").write_text(rules_edit(LINS_RULES.read_text(encoding="utf-8")), encoding="utf-8")
    exam = tmp_path / "certame"
    shutil.copytree(LINS_EXAM, exam)
    if commission_edit:
        path = exam / "comissao.csv"
        path.write_text(commission_edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return exam, rules_dir


def test_group_words_come_from_the_rule_file(tmp_path):
    """Issue 10 item 7: the women's group of a «Guarda Municipal» is not called «Guarda Civil Municipal»."""
    exam, rules_dir = _lins_with(tmp_path, lambda t: t.replace(
        'rotulo = "mulheres (Guarda Civil Municipal)"', 'rotulo = "mulheres (Guarda Municipal)"'))
    result = prepare(exam, rules_dir)
    gcm = public.position_view(result, result.positions[0])
    assert gcm["rotulos"]["grupos"]["mulher"] == "mulheres (Guarda Municipal)"
    assert gcm["rotulos"]["vagas"]["mulher"] == "reservada a mulheres (Guarda Municipal)"
    woman = next(n for n in gcm["nomeacao"] if n["vaga"] == "mulher")
    said = "\n".join(explain(result, woman["inscricao"]))
    assert "vaga reservada a mulheres (Guarda Municipal)" in said and "mulheres (Guarda Civil" not in said


def test_an_outcome_defined_by_the_rule_file_eliminates_with_its_words(tmp_path):
    """Issue 10 item 7: a disability judged incompatible with the duties eliminates (edital's outcome)."""
    outcome = ('[comissao.pcd.incompativel]\nefeito = "elimina"\nfundamento = "art. 6º, II"\n'
               'rotulo = "deficiência incompatível com as atribuições do cargo"\n\n[publico]')
    exam, rules_dir = _lins_with(tmp_path, lambda t: t.replace("[publico]", outcome),
                                 lambda t: t.replace("01347878,pcd,confirmado", "01347878,pcd,Incompatível"))
    result = prepare(exam, rules_dir)
    views = [public.position_view(result, pr) for pr in result.positions]
    view = next(v for v in views if any(r["inscricao"] == "01347878" for r in v["comissao"]["resultados"]))
    gone = next(e for e in view["eliminados"] if e["inscricao"] == "01347878")
    assert gone["motivo"] == "deficiência incompatível com as atribuições do cargo"
    assert gone["fundamento"]["texto"] == "Decreto Municipal de Lins nº 13.760/2024, art. 6º, II"
    assert not any(n["inscricao"] == "01347878" for v in views for n in v["nomeacao"])
    row = next(r for r in view["comissao"]["resultados"] if r["inscricao"] == "01347878")
    assert (row["resultado"], row["efeito"]) == ("incompativel", "elimina")
    assert "deficiência incompatível" in "\n".join(explain(result, "01347878"))
