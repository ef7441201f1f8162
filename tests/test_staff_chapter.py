"""The staff chapter «Do edital ao arquivo de regras» (issue 18 item 8)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_RULES = ROOT / "tests" / "editais"


def test_the_staff_chapter_maps_every_cargo_key_and_works_every_real_edital():
    """Issue 18 item 8: «Do edital ao arquivo de regras» names every certame.toml cargo key that carries an edital's
    rule, every table of the rule file, and gives the worked example of each edital fixture (by its file name)."""
    from generator.load.exam_file import POSITION_KEYS
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    chapter = readme.split("### Do edital ao arquivo de regras")[1].split("\n## ")[0].split("\n### ")[0]
    missing = [key for key in POSITION_KEYS if f"`{key}`" not in chapter]
    for key in ("inscricoes_fim", "edital_data", "[[desempate]]", "site_url", "--config"):
        if f"`{key}`" not in chapter:
            missing.append(key)
    for table in ("[grupos.", "[cadastro]", "[arredondamento]", "[vagas_minimas]", "[listas]", "[nomeacao]",
                  "[precedencia]", "[[precedencia.fixa]]", "[[desempate.criterios]]", "[comissao."):
        if table not in chapter:
            missing.append(table)
    fixtures = [p.name for p in sorted(TEST_RULES.glob("*.toml")) if "[R]" in p.read_text(encoding="utf-8")
                or p.stem in ("guarda-replay-2024", "pmce-2022-soldado", "federal-lei-15142-2025",
                              "camaragibe-gm-2024", "prf-2018")]
    assert len(fixtures) >= 5, fixtures
    missing += [name for name in fixtures if f"`{name}`" not in chapter]
    assert not missing, missing


def test_the_acts_chapter_names_every_key_of_atos_and_the_staff_chapter_the_stage_call():
    """Issue 18 item 2: every `[[atos]]` key is documented where staff declare acts, and the edital's phrases for a
    stage convocação and a convocação's presentation map to their keys in «Do edital ao arquivo de regras» (no
    longer among what cannot be expressed)."""
    from generator.load.acts import ACT_KEYS
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    acts = readme.split("#### Os atos do certame")[1].split("\n### ")[0]
    named = [f"`{{}}`", "{} = ", "[[atos.{}]]"]
    assert [key for key in ACT_KEYS if not any(form.format(key) in acts for form in named)] == []
    chapter = readme.split("### Do edital ao arquivo de regras")[1].split("\n## ")[0].split("\n### ")[0]
    stage = ("etapa", "ordem", "quantos", "fundamento", "prazo", "local_apresentacao", "documentos", "horario",
             "datas", "texto")
    assert [key for key in stage if f"`{key}" not in chapter] == []
    cannot = chapter.split("**Ainda não se expressa**")[1].split("\n\n")[0]
    assert "que chama todos os aptos" not in cannot and "curso de formação" not in cannot.lower()
