"""`gazeta novo PASTA --jurisdicao X`: a new exam folder for staff to fill in (issue 21 item 6).

It writes a commented certame.toml (every key staff need, in Portuguese, the jurisdiction's reserves named) and an
empty board template, candidatos.csv and candidatos.xlsx, with the columns the loader reads (load/candidates.py
COLUMNS) and one column per reserve of the jurisdiction. No comissao.csv: a folder without one has no commission
outcomes, while a copied example brings another exam's inscrições (21 errors). `gazeta check` on the new folder then
lists what is still missing, file by file.
"""

from __future__ import annotations

from pathlib import Path

from .errors import InputError, Problem
from .law.rules import Rules, find_rules_dir, rules_for

TOML = "certame.toml"
CSV = "candidatos.csv"
XLSX = "candidatos.xlsx"

# Column → what staff put in it (the first row of the XLSX template's instructions sheet and the TOML comment).
BASE_COLUMNS = {
    "inscricao": "número de inscrição, como texto (os zeros à esquerda contam)",
    "nome": "nome completo do candidato",
    "cargo": "código do cargo, igual a um `codigo` de [[cargos]] em certame.toml",
    "nota": "nota final, com vírgula (72,50)",
    "nascimento": "data de nascimento DD/MM/AAAA: desempata a favor do mais velho; nunca é publicada",
}
GROUP_COLUMNS = {  # the column that says who competes for a reserve (load/candidates.py)
    "negro": ("negro", "Sim ou Não: concorre às vagas reservadas a pessoas negras"),
    "pcd": ("pcd", "Sim ou Não: concorre às vagas reservadas a pessoas com deficiência"),
    "indigena": ("indigena", "Sim ou Não: concorre às vagas reservadas a indígenas"),
    "quilombola": ("quilombola", "Sim ou Não: concorre às vagas reservadas a quilombolas"),
    "mulher": ("sexo", "F ou M: as vagas reservadas a mulheres leem esta coluna"),
}
TAIL_COLUMNS = {"situacao": "aprovado, eliminado ou ausente (vazio: aprovado)"}


def columns(rules: Rules) -> dict[str, str]:
    """The board template's columns for a jurisdiction, in order, with what each holds."""
    out = dict(BASE_COLUMNS)
    for group in rules.groups:
        if group in GROUP_COLUMNS:
            name, words = GROUP_COLUMNS[group]
            out[name] = words
    return out | TAIL_COLUMNS


def certame_toml(rules: Rules, cols: dict[str, str]) -> str:
    """The commented certame.toml: the jurisdiction set, every other key to fill in, commented out."""
    groups = ", ".join(f"{g} ({rules.group_label(g)}, {rules.groups[g].percent}%)" for g in rules.groups) or "nenhuma"
    reserve_example = ", ".join(f"{g} = 1" for g in rules.groups) or "negro = 1"
    lines = [
        "# Certame novo, criado por `gazeta novo`. Preencha cada chave abaixo, tire o «#» da frente e rode",
        "# `gazeta check PASTA`: ele diz o que ainda falta, arquivo por arquivo. Datas sem aspas: AAAA-MM-DD.",
        "",
        f"# As regras de {rules.name} (jurisdicoes/{rules.id}.toml). Reservas desta jurisdição: {groups}.",
        f'jurisdicao = "{rules.id}"',
        "",
        "# Obrigatórias: o título do resultado, o órgão que o publica e o edital de abertura.",
        '# titulo = "Concurso Público nº 01/2025 — Resultado final"',
        '# orgao = "Prefeitura Municipal de …"',
        '# edital = "Edital nº 01/2025"',
        "# edital_data = 2025-01-10          # opcional: a data do edital de abertura (confere a vigência das regras)",
        "# inscricoes_fim = 2025-02-10       # opcional: o fim das inscrições (critério «idoso» do desempate)",
        "# casas_decimais = 2                # opcional: casas da nota como a banca publica (padrão 2)",
        "# nota_maxima = 100                 # opcional (padrão 100)",
        '# planilha = "Resultado final"      # opcional: a aba do candidatos.xlsx, se houver mais de uma visível',
        "",
        "# Obrigatória: onde os atos saem. A edição e a data vão em cada ato ([[atos]]).",
        "# [publicacao]",
        '# diario = "Diário Oficial do Município de …"',
        '# secao = "Atos Oficiais"',
        "# data = 2025-03-10                 # sem [[atos]]: a data da publicação (com [[atos]], cada ato tem a sua)",
        '# subsecao = "Concursos Públicos"   # opcional',
        "",
        "# Obrigatório: um bloco [[cargos]] por cargo, com o código usado na coluna «cargo» da planilha.",
        "# [[cargos]]",
        '# codigo = "AGA"',
        '# nome = "Agente Administrativo"',
        "# vagas = 10",
        f"# reservas = {{ {reserve_example} }}   # opcional: as contagens do edital prevalecem sobre os percentuais",
        "# cadastro = 20                     # opcional: o cadastro de reserva do cargo no edital, além das vagas,",
        f"# cadastro_reservas = {{ {reserve_example} }}   # as vagas de cada grupo nele",
        '# cadastro_fundamento = "item 1.2"  # e o item do edital que os fixa (obrigatório com eles)',
        "",
        "# Os atos a publicar, em ordem; `gazeta publicar` arquiva cada um (pasta arquivo/).",
        "# [[atos]]",
        '# tipo = "homologacao"               # resultado, homologacao, retificacao, republicacao ou convocacao',
        '# numero = "01/2025"',
        "# data = 2025-03-10",
        '# edicao = "1234"',
        '# local = "…"',
        "#",
        "# [[atos.assinaturas]]",
        '# nome = "…"',
        '# cargo = "Prefeito Municipal"',
        "",
        f"# A planilha da banca: {CSV} (ou {XLSX}; apague o que não usar), com estas colunas:",
    ]
    lines += [f"#   {name}: {words}" for name, words in cols.items()]
    lines += ["# Comissões (heteroidentificação, perícia): ponha comissao.csv nesta pasta só quando houver resultados.",
              ""]
    return "\n".join(lines)


def create(folder: Path, jurisdiction: str, rules_dir: Path | None = None) -> list[Path]:
    """Write the new exam folder; refuse one that already has files (nothing is overwritten)."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InputError([Problem(str(folder), "a pasta já existe e não está vazia: `gazeta novo` não sobrescreve "
                                  "nada. Escolha uma pasta nova, ex.: content/certames/cidade-2025-concurso.")])
    try:
        rules = rules_for(jurisdiction, rules_dir or find_rules_dir(folder.parent))
    except InputError as error:  # the id came from the command line, not from a certame.toml
        raise InputError([Problem("--jurisdicao", p.message) if p.column == "jurisdicao" else p
                          for p in error.problems]) from None
    cols = columns(rules)
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / TOML, folder / CSV, folder / XLSX]
    (folder / TOML).write_text(certame_toml(rules, cols), encoding="utf-8")
    # UTF-8 with BOM and «;»: what a Brazilian spreadsheet opens as columns (the examples' format).
    (folder / CSV).write_text("\ufeff" + ";".join(cols) + "\n", encoding="utf-8", newline="")
    _xlsx(folder / XLSX, cols)
    return written


def _xlsx(path: Path, cols: dict[str, str]) -> None:
    """The same header in a workbook, every column formatted as text (the inscrição keeps its zeros)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "candidatos"
    sheet.append(list(cols))
    for k in range(1, len(cols) + 1):
        letter = sheet.cell(row=1, column=k).column_letter
        sheet.column_dimensions[letter].number_format = "@"
        sheet.column_dimensions[letter].width = max(12, len(list(cols)[k - 1]) + 4)
    book.save(path)
