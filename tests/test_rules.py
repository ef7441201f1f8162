"""Jurisdiction rule files: strict loading with citations, rule words documented, a new jurisdiction without code."""

from __future__ import annotations

import re
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from generator.allocate import reserved_count
from generator.errors import InputError
from generator.law import rules as rules_module
from generator.law.rules import VOCABULARY, load_rules, rules_for
from generator.pipeline import prepare

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "content" / "jurisdicoes"
MS = RULES / "mato-grosso-do-sul.toml"

# (jurisdiction, vacancies, guard, expected counts) — LEGAL-NOTES 1; MS art. 3º § 1º; Cariacica art. 1º §§ 1º-2º
COUNTS = [
    ("mato-grosso-do-sul", 10, False, {"negro": 2, "indigena": 0, "pcd": 1}),  # 5% de 10 = 0,5 → 1
    ("mato-grosso-do-sul", 50, False, {"negro": 10, "indigena": 2, "pcd": 3}),  # 3% de 50 = 1,5 → 2
    ("mato-grosso-do-sul", 7, False, {"negro": 1, "indigena": 0, "pcd": 0}),  # 1,4 → 1
    ("mato-grosso-do-sul", 8, False, {"negro": 2, "indigena": 0, "pcd": 0}),  # 1,6 → 2
    ("mato-grosso-do-sul", 17, False, {"negro": 3, "indigena": 1, "pcd": 1}),  # 3,4; 0,51; 0,85
    ("cariacica", 2, False, {"negro": 0, "pcd": 0}),  # abaixo de 3 vagas, sem reserva
    ("cariacica", 3, False, {"negro": 1, "pcd": 0}),  # 0,6 → 1
    ("cariacica", 12, False, {"negro": 2, "pcd": 0}),  # 2,4 → 2
    ("lins", 30, True, {"negro": 6, "pcd": 2, "mulher": 3}),  # o concurso da GCM de 2024: 19 + 6 + 2 + 3
]


@pytest.mark.parametrize("jurisdiction,vacancies,guard,expected", COUNTS)
def test_reserved_counts(jurisdiction, vacancies, guard, expected):
    rules = load_rules(RULES / f"{jurisdiction}.toml")
    got = {g: reserved_count(vacancies, r.percent, rules.rounding, rules.min_vacancies)
           for g, r in rules.groups.items() if g != "mulher" or guard}
    assert got == expected


def test_half_up_is_not_bankers_rounding():
    assert reserved_count(10, Decimal("5"), "half_up", 1) == 1  # round(0.5) would give 0
    assert reserved_count(50, Decimal("5"), "half_up", 1) == 3  # round(2.5) would give 2
    assert reserved_count(10, Decimal("5"), "floor", 1) == 0
    assert reserved_count(21, Decimal("5"), "ceil", 1) == 2


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = MS.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mato-grosso-do-sul.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,expected", [
    ('percentual = "20"', 'percentual = "20"\nnegros = 1', "chave «grupos.negro.negros»: chave desconhecida"),
    ('fundamento = "art. 3º, I"', "", "chave «grupos.negro.fundamento»: chave obrigatória ausente."),
    ('fundamento = "art. 3º, I"', 'fundamento = "ver edital"', "não cita um dispositivo"),
    ('fundamento = "art. 3º, I"', 'fundamento = "Edital nº 1/2024"', "não cita um dispositivo"),
    ('[publico]', '[comissao.pcd.incompativel]\nefeito = "elimina"\nfundamento = "art. 10"\n\n[publico]',
     "chave «comissao.pcd.incompativel.rotulo»: chave obrigatória"),
    ('percentual = "20"', 'percentual = "20"\nrotulo = ""', "chave «grupos.negro.rotulo»: deveria ser um texto"),
    ('regra = "half_up"', 'regra = "bancario"', "chave «arredondamento.regra»: use uma de: half_up, ceil, floor."),
    ('percentual = "3"', 'percentual = "3"\npercentual = "4"', "chave ou tabela repetida"),
    ('percentual = "5"', "percentual = 5.0", "escreva o percentual entre aspas"),
    ('efeito = "sai_da_reserva"', 'efeito = "sumir"', "use um de: mantem, sai_da_reserva, elimina."),
    ('ordem = ["geral", "pcd", "negro", "indigena"]', 'ordem = ["pcd", "negro"]', "chave «listas.ordem»"),
])
def test_strict_loading_names_file_and_key(tmp_path, old, new, expected):
    with pytest.raises(InputError) as exc:
        load_rules(_broken(tmp_path, old, new))
    text = str(exc.value)
    assert text.startswith("mato-grosso-do-sul.toml") and expected in text


def test_publication_outside_validity_is_an_error():
    with pytest.raises(InputError) as exc:
        rules_for("mato-grosso-do-sul", RULES, date(2023, 12, 31))
    assert "fora da vigência das regras de mato-grosso-do-sul" in str(exc.value)
    assert "art. 36" in str(exc.value)


def test_every_rule_word_is_documented():
    words = {*rules_module.ROUNDING_WORDS, *rules_module.ELIGIBILITY_WORDS, *rules_module.PRECEDENCE_WORDS,
             *rules_module.EFFECT_WORDS, *rules_module.MODEL_WORDS, *rules_module.SPECIFIC_LIST_WORDS}
    assert words == set(VOCABULARY)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for word in rules_module.ROUNDING_WORDS:
        assert f"`{word}`" in readme


def test_every_value_cites_an_article():
    for path in RULES.glob("*.toml"):
        rules = load_rules(path)
        bases = [rules.rounding_basis, rules.min_vacancies_basis, rules.lists_basis, rules.general_basis,
                 rules.open_basis, rules.alternation_basis, rules.collision_basis, rules.reversion_basis,
                 rules.withdrawal_basis, rules.register_basis, rules.precedence_basis, rules.tiebreak_basis,
                 rules.public_basis, rules.validity_basis,
                 *(g.basis for g in rules.groups.values()), *(g.list_basis for g in rules.groups.values()),
                 *(o.basis for o in rules.commission.values()), *(b for _, _, b in rules.fixed_precedence)]
        for basis in bases:
            assert rules_module.CITATION.search(basis.article), (path.name, basis)
            assert basis.norm.short and basis.norm.title


def test_a_fourth_jurisdiction_is_a_new_file(tmp_path):
    """A state with its own rules: copy the MS file under a new id, change a percentage; no code changes."""
    rules_dir = tmp_path / "jurisdicoes"
    rules_dir.mkdir()
    text = MS.read_text(encoding="utf-8").replace('id = "mato-grosso-do-sul"', 'id = "atlantis"')
    (rules_dir / "atlantis.toml").write_text(text.replace('percentual = "20"', 'percentual = "30"'), "utf-8")
    exam = tmp_path / "certame"
    shutil.copytree(ROOT / "content" / "certames" / "ms-2024-pss", exam, ignore=shutil.ignore_patterns("arquivo"))
    toml = exam / "certame.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"mato-grosso-do-sul"', '"atlantis"'), "utf-8")
    result = prepare(exam, rules_dir)
    big = next(p for p in result.positions if p.position.vacancies == 50)
    assert result.rules.id == "atlantis" and big.allocation.counts["negro"] == 15


def test_a_group_norm_does_not_leak_into_its_list_basis():
    """Lins: the women's percentage cites the LC (norma = "lc"), but the lists are the decree's art. 6º."""
    rules = load_rules(RULES / "lins.toml")
    assert rules.groups["mulher"].basis.norm.key == "lc"
    for group in ("negro", "pcd", "mulher"):
        assert rules.groups[group].list_basis.norm.key == "decreto", group
    assert rules.groups["mulher"].list_basis.text == "Decreto Municipal de Lins nº 13.760/2024, art. 6º, IV"


@pytest.mark.parametrize("citation,ok", [
    ("art. 6º, § 2º", True), ("§ 1º", True), ("parágrafo único", True), ("inciso IV", True),
    ("item 2.8", True), ("subitem 5.1.2", True), ("itens 2.8 e 2.9", True), ("Anexo II", True),
    ("Edital nº 1/2024", False), ("ver edital", False), ("artigo", False), ("", False),
])
def test_a_citation_names_a_provision_of_a_norm_or_an_item_of_an_edital(citation, ok):
    assert bool(rules_module.CITATION.search(citation)) is ok


def test_an_edital_item_is_a_citation(tmp_path):
    """Issue 10: «Edital nº 1/2024, item 2.8» is a valid basis (the edital is a norm of [normas])."""
    path = _broken(tmp_path, '[arredondamento]', '[normas.edital]\ntitulo = "Edital nº 1/2024 da Guarda"\n'
                   'sigla = "Edital nº 1/2024"\n\n[arredondamento]\nnorma = "edital"')
    text = path.read_text(encoding="utf-8").replace('fundamento = "art. 3º, § 1º"', 'fundamento = "item 2.8"', 1)
    path.write_text(text, encoding="utf-8")
    assert load_rules(path).rounding_basis.text == "Edital nº 1/2024, item 2.8"


def _rule_files() -> list[Path]:
    return sorted([*RULES.glob("*.toml"), *(ROOT / "tests" / "editais").glob("*.toml")])


@pytest.mark.parametrize("path", _rule_files(), ids=lambda p: p.stem)
def test_every_key_the_code_reads_is_accepted_by_the_loader(path):
    """A key read but refused (e.g. `vigencia_nota`) could never be set: issue 10, item 8."""
    accepted, read = rules_module.audit_keys(path)
    assert read <= accepted, sorted(read - accepted)


def test_every_key_the_loader_accepts_is_read_by_the_code():
    """A key accepted but never read would be silently ignored: over all rule files, each accepted key is read."""
    accepted, read = set(), set()
    for path in _rule_files():
        a, r = rules_module.audit_keys(path)
        accepted |= a
        read |= r
    assert accepted <= read, sorted(accepted - read)
