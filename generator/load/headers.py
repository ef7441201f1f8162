"""Board headers that resemble one of our columns but are not read (issue 18, item 6): «COTA NEGRO» left out of
[colunas] silently sent the reserved places to ampla. A header is compared word by word, accents and case folded,
with the words boards use for each field; a column already read (ours, renamed in [colunas], or a tie-break column)
or listed in `[colunas] ignorar` is never reported, nor a field another column already fills.

Checked once per file, on the header only: nothing here runs per row.
"""

from __future__ import annotations

import re
import unicodedata

# Words that say nothing about the field («Nº DA INSCRIÇÃO», «CÓDIGO DO CARGO», «DATA DE NASCIMENTO»).
_FILLER = frozenset({"de", "do", "da", "dos", "das", "e", "o", "a", "n", "no", "nr", "nro", "num", "numero", "cod",
                     "codigo", "em", "por", "para", "com", "ao", "se", "s", "sn", "data", "dt", "final", "geral",
                     "candidato", "candidata"})
# Field → words (folded) that name it. A header word matches a word exactly, or starts or ends with one of at
# least five letters («DATANASC», «NOTAFINAL», «NUMINSCRICAO»).
SYNONYMS: dict[str, frozenset[str]] = {
    "inscricao": frozenset({"inscricao", "inscricoes", "insc", "inscr", "inscrito", "numinsc", "nrinsc"}),
    "nome": frozenset({"nome", "nomes"}),
    "cargo": frozenset({"cargo", "cargos", "funcao", "emprego"}),
    "nota": frozenset({"nota", "notas", "notafinal", "pontuacao", "pontos", "media"}),
    "classificacao": frozenset({"classificacao", "classif", "clas", "colocacao", "posicao", "ranking"}),
    "nascimento": frozenset({"nascimento", "nasc", "nascto", "nascida", "nascido", "datanasc", "dtnasc"}),
    "cpf": frozenset({"cpf"}),
    "sexo": frozenset({"sexo", "genero"}),
    "negro": frozenset({"negro", "negros", "negra", "negras", "preto", "pretos", "preta", "pretas", "pardo",
                        "pardos", "parda", "pardas", "afrodescendente", "afrodescendentes", "ppp"}),
    "pcd": frozenset({"pcd", "pcds", "pne", "deficiencia", "deficiencias", "deficiente", "deficientes"}),
    "indigena": frozenset({"indigena", "indigenas", "indio", "indios"}),
    "quilombola": frozenset({"quilombola", "quilombolas", "quilombo", "quilombos"}),
    "situacao": frozenset({"situacao", "status", "resultado"}),
    "escolha": frozenset({"escolha"}),
}
# A reserve named without its group («COTA», «MODALIDADE DE CONCORRÊNCIA»): the board keeps the quotas in one
# column, and gazeta reads one S/N column per group.
RESERVE_WORDS = frozenset({"cota", "cotas", "cotista", "cotistas", "reserva", "reservas", "modalidade",
                           "concorrencia", "vagareservada"})
RESERVE = "reserva"
GROUPS = ("negro", "pcd", "indigena", "quilombola")
_PREFIX = 5
_LONG = {field: frozenset(w for w in words if len(w) >= _PREFIX) for field, words in SYNONYMS.items()}
_ENDS = {field: names if field in GROUPS else _LONG[field] for field, names in SYNONYMS.items()}  # «COTAPCD»


def words(header: str) -> list[str]:
    """The header's words, accents and case folded, fillers left out: «Nº DA INSCRIÇÃO» → ['inscricao']."""
    decomposed = unicodedata.normalize("NFKD", header)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return [w for w in re.split(r"[^0-9a-z]+", plain) if w and w not in _FILLER]


def resembles(header: str) -> tuple[str, ...]:
    """The fields a header seems to name, in our column order; () for an unrelated one. A group's own word wins
    over a generic reserve word («COTA NEGRO» is `negro`); a reserve word alone gives RESERVE."""
    found = []
    tokens = words(header)
    for field, names in SYNONYMS.items():
        starts, ends = _LONG[field], _ENDS[field]
        if any(t in names or t.startswith(tuple(starts)) or t.endswith(tuple(ends)) for t in tokens):
            found.append(field)
    if not found and any(t in RESERVE_WORDS for t in tokens):
        found.append(RESERVE)
    return tuple(found)


# What each field is, and what reading the file without it does: the message says why it matters.
MEANING = {
    "inscricao": ("o número de inscrição", ""),
    "nome": ("o nome do candidato", ""),
    "cargo": ("o cargo", ""),
    "nota": ("a nota final", ""),
    "classificacao": ("a classificação oficial da banca",
                      "sem ela, a ordem é calculada pela nota e pelos critérios de desempate, não a da banca"),
    "nascimento": ("a data de nascimento", "sem ela, o desempate por idade fica sem a data"),
    "cpf": ("o CPF", "sem ela, o CPF não é lido"),
    "sexo": ("o sexo (F/M)", "sem ela, a lista de mulheres fica sem o dado"),
    "negro": ("a opção pela reserva de vagas para pessoas negras, S ou N",
              "sem ela, ninguém concorre a essa reserva e as vagas reservadas vão para a ampla concorrência"),
    "pcd": ("a opção pela reserva de vagas para pessoas com deficiência, S ou N",
            "sem ela, ninguém concorre a essa reserva e as vagas reservadas vão para a ampla concorrência"),
    "indigena": ("a opção pela reserva de vagas para indígenas, S ou N",
                 "sem ela, ninguém concorre a essa reserva e as vagas reservadas vão para a ampla concorrência"),
    "quilombola": ("a opção pela reserva de vagas para quilombolas, S ou N",
                   "sem ela, ninguém concorre a essa reserva e as vagas reservadas vão para a ampla concorrência"),
    "situacao": ("a situação do candidato (aprovado, eliminado, ausente)",
                 "sem ela, todos contam como aprovados"),
    "escolha": ("a reserva escolhida por quem é alcançado por duas",
                "sem ela, vale a regra do arquivo de regras"),
}


def toml_text(text: str) -> str:
    """A TOML basic string: «"COTA NEGRO"»."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def shown(cell: str) -> str:
    """A header cell on one line (a line break typed in the cell becomes a space)."""
    return " ".join(cell.split())


def unmapped_message(cell: str, fields: tuple[str, ...], ignored: tuple[str, ...]) -> str:
    """The message for a header cell that resembles `fields` (none of them read from another column)."""
    name = shown(cell)
    ignore = "ignorar = [" + ", ".join(toml_text(shown(c)) for c in (*ignored, cell)) + "]"
    skip = (f"Se a coluna não deve ser lida, acrescente-a à lista de colunas ignoradas, na mesma seção: {ignore}.")
    if fields == (RESERVE,):
        return ("esta coluna parece dizer a reserva (cota) de cada candidato, mas não é lida: gazeta lê a opção por "
                "reserva em uma coluna para cada grupo (negro, pcd, indigena, quilombola), com S ou N, e sem elas as vagas "
                "reservadas vão para a ampla concorrência. Crie essas colunas na planilha a partir desta (ou, se "
                "já existem com outros nomes, indique-os em certame.toml, na seção [colunas], por exemplo "
                f"negro = \"COTA NEGRO\"). {skip}")
    lines = [f"{field} = {toml_text(name)}" for field in fields]
    if len(fields) == 1:
        what, why = MEANING[fields[0]]
        why = f": {why}" if why else ""
        return (f"esta coluna parece ser a nossa coluna «{fields[0]}» ({what}), mas não está em [colunas] e não é "
                f"lida{why}. Se é, acrescente em certame.toml, na seção [colunas]: {lines[0]}. {skip}")
    options = " ou ".join(f"«{f}» ({MEANING[f][0]})" for f in fields)
    return (f"esta coluna parece ser {options}, mas não está em [colunas] e não é lida. Se é uma delas, acrescente "
            f"em certame.toml, na seção [colunas], a linha dela: {' ou '.join(lines)}. {skip}")


def unmapped(header: list[str], read: set[int], ignored: tuple[str, ...], present: set[str]
             ) -> list[tuple[str, str]]:
    """(cell, message) for each header cell that resembles a field no column fills: `read` are the positions of
    the columns read, `present` the fields they fill, `ignored` the cells of `[colunas] ignorar`."""
    from .text import fold
    skip = {fold(c) for c in ignored}
    out = []
    for i, cell in enumerate(header):
        if i in read or not cell.strip() or fold(cell) in skip:
            continue
        fields = resembles(cell)
        if RESERVE in fields and present.intersection(GROUPS):
            continue  # a quota column beside the group columns read: their S/N already say it
        fields = tuple(f for f in fields if f not in present)
        if fields:
            out.append((cell, unmapped_message(cell, fields, ignored)))
    return out


def suggestion(name: str, header: list[str]) -> str | None:
    """A header cell that resembles our required column `name`, to name in the «missing column» message."""
    found = [cell for cell in header if cell.strip() and name in resembles(cell)]
    return found[0] if len(found) == 1 else None
