"""A small exam folder under the federal rule file of tests/editais (Lei nº 15.142/2025), with a quilombola column."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEDERAL = ROOT / "tests" / "editais" / "federal-lei-15142-2025.toml"


def federal_exam(tmp: Path, cargo_extra: str = "", rules_edit=lambda text: text, header_quilombola: str = "quilombola",
                 columns: str = "") -> tuple[Path, Path]:
    """(exam folder, rules folder): one cargo «AN» of 25 vacancies and the candidates of the 25-vacancy scenario
    (tests/scenarios/federal-lei-15142-25-vagas-quilombola-na-25a.toml), read from a real candidatos.csv."""
    rules = tmp / "jurisdicoes"
    rules.mkdir(parents=True)
    (rules / FEDERAL.name).write_text(rules_edit(FEDERAL.read_text(encoding="utf-8")), encoding="utf-8")
    exam = tmp / "certame"
    exam.mkdir()
    (exam / "certame.toml").write_text(f'''jurisdicao = "federal-lei-15142-2025"
titulo = "Concurso federal — Resultado final (exemplo fictício)"
orgao = "Ministério Exemplo"
edital = "Edital nº 1/2025"
edital_data = 2025-07-01
{columns}
[publicacao]
diario = "Diário Oficial da União"
secao = "Seção 3"

[[cargos]]
codigo = "AN"
nome = "Analista"
vagas = 25
{cargo_extra}
[[atos]]
tipo = "resultado"
numero = "5/2025"
data = 2025-09-01
''', encoding="utf-8")
    rows = [f"inscricao,nome,cargo,nota,nascimento,negro,pcd,indigena,{header_quilombola},situacao"]

    def add(reg: int, score: str, n="N", p="N", i="N", q="N") -> None:
        day = len(rows) % 28 + 1
        rows.append(f"{reg},Pessoa {reg},AN,{score},1980-01-{day:02d},{n},{p},{i},{q},aprovado")

    for j in range(20):
        add(9001 + j, f"{99 - j / 10:.2f}")
    add(2000, "99.50", n="S")
    add(5000, "99.40", q="S")
    for j in range(7):
        add(2001 + j, f"{80 - j}.00", n="S")
    add(4001, "70.00", i="S")
    add(4002, "69.00", i="S")
    add(5001, "68.00", q="S")
    add(5002, "67.00", q="S")
    for j in range(3):
        add(3001 + j, f"{65 - j}.00", p="S")
    (exam / "candidatos.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return exam, rules
