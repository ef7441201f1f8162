"""certame.toml: the exam's metadata, publication and positions, read strictly (unknown keys are errors)."""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path

from ..acts.model import Act
from ..errors import Collector
from ..model import RESERVE_GROUPS, Position, Publication
from ..plain import identifier_problem, one_line
from ..law.rules import CITATION
from .keys import FILE, MISSING_KEY, check_keys, date_hint, iso_date
from .text import join_words

IGNORE = "ignorar"  # [colunas] ignorar = [...]: the board's columns left unread on purpose

# Each key: (required, what it must hold, an example written as TOML).
TOP_KEYS = {
    "jurisdicao": (True, "text", '"lins"'),
    "titulo": (True, "text", '"Concurso Público nº 01/2024 — Resultado final"'),
    "orgao": (True, "text", '"Prefeitura Municipal de Lins"'),
    "edital": (True, "text", '"Edital nº 01/2024"'),
    "edital_data": (False, "date", "2024-03-01"),
    "publicacao": (True, "table", "[publicacao]"),
    "colunas": (False, "table", "[colunas]"),
    "casas_decimais": (False, "places", "2"),
    "nota_maxima": (False, "scale", "100"),
    "planilha": (False, "text", '"Resultado final"'),
    "cargos": (True, "tables", "[[cargos]]"),
    "atos": (False, "tables", "[[atos]]"),
    "desempate": (False, "tables", "[[desempate]]"),
    "inscricoes_fim": (False, "date", "2024-03-15"),
    "inscricoes_sem_zeros": (False, "bool", "true"),
    "situacoes": (False, "table", '[situacoes.eliminado_taf]\nrotulo = "eliminado no TAF"'),
}
# [situacoes.<palavra>]: the edital's own reasons of elimination, beyond aprovado/eliminado/ausente (issue 18). The
# board writes the word (or the rotulo) in the `situacao` column; the candidate is out of the exam, and the lists,
# the PDF and the open data say the rotulo as written by the edital («eliminado no TAF»).
STATUS_WORD = re.compile(r"[a-z][a-z0-9_]*")
STATUS_LIMIT = 200
DEFAULT_PLACES = 2  # the board's scores as published: 72,50
DEFAULT_MAX_SCORE = Decimal(100)
SYNTAX_ERRORS_SHOWN = 5
PUBLICATION_KEYS = {
    "diario": (True, "text", '"Imprensa Oficial - Lins"'),
    "edicao": (False, "label", '"1521"'),  # optional: unknown numbers are left out, never "a confirmar"
    "data": (True, "date", "2024-06-10"),
    "secao": (True, "text", '"Atos Oficiais"'),
    "subsecao": (False, "text", '"Concursos Públicos"'),
    "entidade": (False, "text", '"Poder Executivo"'),
    "ano": (False, "label", '"VIII"'),
    "url": (False, "url", '"https://www.lins.sp.gov.br/imprensa/1521.pdf"'),
}
POSITION_KEYS = {
    "codigo": (True, "text", '"GCM"'),
    "nome": (True, "text", '"Guarda Civil Municipal"'),
    "vagas": (True, "count", "30"),
    "reservas": (False, "table", "{ negro = 6, pcd = 2 }"),
    "posicoes": (False, "table", "{ negro = [3, 8, 13] }"),
    "guarda_municipal": (False, "bool", "true"),
    # the edital's cadastro de reserva of this cargo (issue 18): «cadastro de reserva de 60 + 15 cotistas»
    "cadastro": (False, "size", "75"),
    "cadastro_reservas": (False, "table", "{ negro = 15 }"),
    "cadastro_fundamento": (False, "text", '"item 1.1"'),
}
_TOML_MESSAGES = {
    "Invalid statement": "linha que não é do formato chave = valor",
    "Cannot overwrite a value": "chave repetida (a mesma chave aparece duas vezes)",
    "Expected '=' after a key in a key/value pair": "falta o sinal = depois da chave",
    "Expected ']' at the end of a table declaration": "falta o ] que fecha o nome da seção",
    "Expected ']]' at the end of an array declaration": "falta o ]] que fecha o nome da seção",
    "Expected newline or end of document after a statement": "há texto a mais depois do valor",
    "Invalid date or datetime": "data inválida (use AAAA-MM-DD)",
    "Invalid initial character for a key part": "a chave começa com um caractere inválido",
    "Invalid value": "valor inválido (textos vão entre aspas)",
    "Unclosed array": "lista sem o ] final",
    "Unclosed inline table": "tabela sem a } final",
    "Unterminated string": "texto sem as aspas finais",
    "Unescaped '\\' in a string": "barra invertida \\ dentro de texto (escreva \\\\ ou use aspas simples)",
}
_DATE_LIKE = re.compile(r"=\s*\d{4}-\d{1,2}-\d{1,2}\s*(#.*)?$")
# A date written the Brazilian way, DD/MM/AAAA (also with - or .), as a bare value or between quotes.
_BR_DATE_LINE = re.compile(r"""^\s*([A-Za-z0-9_.-]+)\s*=\s*(["']?\d{1,2}[/.-]\d{1,2}[/.-]\d{4}["']?)\s*(#.*)?$""")
_TOML_POSITION = re.compile(r"^(.*?)(?: \(at line (\d+), column (\d+)\))?$", re.S)


@dataclass(slots=True)
class ExamFile:
    """What certame.toml says; fields stay None where the file has a problem."""

    jurisdiction: str | None = None
    title: str | None = None
    agency: str | None = None
    notice: str | None = None
    notice_date: date | None = None  # when the opening edital was published (transitional rules, e.g. MS art. 35)
    publication: Publication | None = None
    positions: list[Position] = field(default_factory=list)
    renames: dict[str, str] = field(default_factory=dict)  # our column name → the board's header
    positions_ok: bool = False  # every [[cargos]] entry was valid, so an unknown cargo is really unknown
    codes: list[str] = field(default_factory=list)  # the cargo codes, when every entry has one (valid entry or not)
    cargo_names: dict[str, str] = field(default_factory=dict)  # code → nome, so the board may write either
    places: int = DEFAULT_PLACES  # decimals of a score (casas_decimais)
    max_score: Decimal = DEFAULT_MAX_SCORE  # top of the score scale (nota_maxima)
    sheet: str | None = None  # the XLSX sheet to read (planilha)
    acts: list[Act] = field(default_factory=list)  # [[atos]], or the one `resultado` act of [publicacao] alone
    tiebreak: list[dict] = field(default_factory=list)  # [[desempate]]: the edital's criteria (checked shape)
    tie_criteria: tuple = ()  # the same as tiebreak.TieCriterion (without their citations): the columns they read
    registration_end: date | None = None  # inscricoes_fim: last day of registration (Estatuto, art. 27 p.u.)
    ignored: tuple[str, ...] = ()  # [colunas] ignorar: the board's columns left unread on purpose
    no_zeros: bool = False  # inscricoes_sem_zeros: the inscrições have no leading zeros (lengths may differ)
    statuses: dict[str, str] = field(default_factory=dict)  # [situacoes]: word → rotulo (the edital's words)


def read_exam_file(path: Path, column_names: tuple[str, ...], problems: Collector) -> ExamFile:
    """Parse and check certame.toml; every problem goes to `problems`."""
    document, recovered = _parse(path, problems)
    result = ExamFile()
    if document is None:
        return result
    mark = len(problems.problems)
    _read(document, column_names, problems, result)
    if recovered:  # lines with syntax errors were left out: a key missing may be on one of them
        kept = [p for p in problems.problems[mark:] if not p.message.startswith(MISSING_KEY)]
        del problems.problems[mark:]
        problems.extend(kept)
    return result


def _read(document: dict, column_names: tuple[str, ...], problems: Collector, result: ExamFile) -> None:
    """Check the parsed document's keys into `result`."""
    values = check_keys(document, TOP_KEYS, "", problems)
    result.jurisdiction = values.get("jurisdicao")
    result.title, result.agency, result.notice = (values.get(k) for k in ("titulo", "orgao", "edital"))
    result.notice_date = values.get("edital_data")
    result.places = values.get("casas_decimais", DEFAULT_PLACES)
    result.max_score = values.get("nota_maxima", DEFAULT_MAX_SCORE)
    result.sheet = values.get("planilha")
    result.registration_end = values.get("inscricoes_fim")
    result.no_zeros = values.get("inscricoes_sem_zeros", False)
    if "situacoes" in values:
        result.statuses = _statuses(values["situacoes"], problems)
    if "desempate" in values:
        result.tiebreak, result.tie_criteria = _tiebreak(values["desempate"], problems)
    act_entries = document.get("atos")
    defaults = _publication(values["publicacao"], act_entries is not None, problems) if "publicacao" in values else None
    if "colunas" in values:
        result.renames, result.ignored = _renames(values["colunas"], column_names, problems)
    if "cargos" in values:
        result.positions, result.positions_ok = _positions(values["cargos"], problems)
    entries = document.get("cargos")
    if isinstance(entries, list) and all(isinstance(e, dict) and isinstance(e.get("codigo"), str)
                                         and e["codigo"].strip() for e in entries):
        result.codes = [e["codigo"].strip() for e in entries]  # so a wrong `vagas` does not hide a cargo typo
        result.cargo_names = {e["codigo"].strip(): one_line(e["nome"]) for e in entries
                              if isinstance(e.get("nome"), str) and one_line(e["nome"])}
    if defaults is not None:
        _acts(result, defaults, act_entries, "atos" in values, problems)


def _tiebreak(entries: list, problems: Collector) -> tuple[list[dict], tuple]:
    """[[desempate]]: the edital's tie-break criteria, checked like the rule file's (law.rules.tie_criterion); their
    citations are checked against the rules' norms once the rules are known (results.check)."""
    from ..law.rules import check_tie_criteria, tie_criterion

    def error(key: str, message: str) -> None:
        problems.add(FILE, message, column=key)

    def table(data, path: str, required: set, optional: set) -> dict:
        if not isinstance(data, dict):
            error(path, "deveria ser uma tabela [[desempate]].")
            return {}
        for name in sorted(required - data.keys()):
            error(f"{path}.{name}", "chave obrigatória ausente.")
        for name in sorted(data.keys() - required - optional):
            error(f"{path}.{name}", "chave desconhecida (confira a grafia).")
        return data

    out, criteria = [], []
    for i, entry in enumerate(entries, start=1):
        criteria.append(tie_criterion(entry, f"desempate[{i}]", error, lambda data, path: None, table))
        out.append(entry if isinstance(entry, dict) else {})
    check_tie_criteria(tuple(criteria), "desempate", error)
    return out, tuple(criteria)


def _statuses(table: dict, problems: Collector) -> dict[str, str]:
    """[situacoes.<palavra>] rotulo = "…": each word a lower-case key, not one of the usual ones, with its words."""
    from ..model import STATUSES

    out = {}
    for word, entry in table.items():
        key = f"situacoes.{word}"
        if not STATUS_WORD.fullmatch(word) or word in STATUSES:
            problems.add(FILE, f"«{word}» não serve como situação: use uma palavra só com letras minúsculas sem "
                         f"acento, algarismos e _ (ex.: eliminado_taf), diferente de {join_words(list(STATUSES))}.",
                         column=key)
            continue
        if not isinstance(entry, dict) or set(entry) != {"rotulo"} or not isinstance(entry["rotulo"], str) \
                or not one_line(entry["rotulo"]) or len(entry["rotulo"]) > STATUS_LIMIT:
            problems.add(FILE, f"cada situação é uma tabela só com «rotulo», o motivo como o edital o escreve (até "
                         f"{STATUS_LIMIT} caracteres). Exemplo: [{key}] rotulo = \"eliminado no TAF\"", column=key)
            continue
        out[word] = one_line(entry["rotulo"])
    return out


def _publication(table: dict, with_acts: bool, problems: Collector) -> dict | None:
    """[publicacao]'s checked values, or None when a required one is missing. With [[atos]] it holds what all acts
    share (gazette, section…): the edition and the date are each act's own."""
    from .acts import PER_ACT

    if not with_acts:
        values = check_keys(table, PUBLICATION_KEYS, "publicacao.", problems)
        spec = PUBLICATION_KEYS
    else:
        for key in PER_ACT:
            if key in table:
                problems.add(FILE, f"com [[atos]], a chave «{key}» vai em cada ato (atos[1].{key}, atos[2].{key}…), "
                             "não em [publicacao]. Tire-a daqui.", column="publicacao." + key)
        spec = {k: v for k, v in PUBLICATION_KEYS.items() if k not in PER_ACT}
        values = check_keys({k: v for k, v in table.items() if k not in PER_ACT}, spec, "publicacao.", problems)
    return values if all(key in values for key, (required, _, _) in spec.items() if required) else None


def _acts(result: ExamFile, defaults: dict, entries: list | None, entries_ok: bool, problems: Collector) -> None:
    """The history of acts, and the first one's publication (it selects the rules in force, LEGAL-NOTES 10)."""
    from .acts import legacy_act, read_acts

    if entries is None:
        result.acts = [legacy_act(defaults)]
    elif entries_ok:
        codes = {p.code for p in result.positions} if result.positions_ok else None
        result.acts = read_acts(entries, defaults, codes, problems)
    if result.acts:
        first = result.acts[0]
        pub = first.edition
        result.publication = Publication(
            gazette=pub.gazette, edition=pub.number or "", date=first.date, section=pub.section,
            subsection=pub.subsection, entity=pub.entity, year=pub.year, url=pub.url)


def _parse(path: Path, problems: Collector) -> tuple[dict | None, bool]:
    """The document, and whether lines with syntax errors had to be left out to read the rest."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        problems.add(FILE, "bytes ilegíveis: certame.toml deve ser salvo em UTF-8. Abra-o no editor de texto e "
                     "salve com a codificação UTF-8.", line)
        return None, False
    lines, left_out = text.split("\n"), set()
    while True:
        try:
            return tomllib.loads("\n".join(lines)), bool(left_out)
        except RecursionError:
            problems.add(FILE, "o arquivo tem listas ou tabelas umas dentro das outras em profundidade absurda, e "
                         "não pode ser lido. Confira se não foi colado texto por engano.")
            return None, False
        except tomllib.TOMLDecodeError as error:
            what, line, column = _TOML_POSITION.match(str(error)).groups()
            words = _TOML_MESSAGES.get(what) or _toml_message(what)
            if line and 1 <= int(line) <= len(lines) and _DATE_LIKE.search(lines[int(line) - 1]):
                words, column = _TOML_MESSAGES["Invalid date or datetime"], None  # tomllib read «2024-13» as a number
            at = f" (na coluna {column})" if column else ""
            brazilian = _BR_DATE_LINE.match(lines[int(line) - 1]) if line and 1 <= int(line) <= len(lines) else None
            if brazilian and iso_date(brazilian[2]):  # «data = 10/03/2025»: tomllib only says «text after the value»
                problems.add(FILE, f"erro de sintaxe TOML: {date_hint(brazilian[1], brazilian[2])}", int(line))
            else:
                problems.add(FILE, f"erro de sintaxe TOML{at}: {words}. Corrija o texto nesse ponto.",
                             int(line) if line else None)
            # Leave the line out and read on, so one typo does not hide the other problems (issue 11: all at
            # once); a line that fails twice, or many, means the structure itself is lost.
            number = int(line) if line else 0
            if (not 1 <= number <= len(lines) or number in left_out or len(left_out) >= SYNTAX_ERRORS_SHOWN
                    or lines[number - 1].lstrip().startswith("[")):  # without its header, a table's keys stray
                return None, False
            left_out.add(number)
            lines[number - 1] = ""


def _toml_message(what: str) -> str:
    """Portuguese for tomllib's messages that carry a detail (a key or a character)."""
    if what == "Illegal character '\\n'":
        return "texto sem as aspas finais (a linha acabou antes de fechar as aspas)"
    if what.startswith("Cannot declare"):
        return "seção declarada duas vezes"
    if what.startswith(("Illegal character", "Found invalid character")):
        return "caractere inválido"
    if what.startswith("Duplicate inline table key"):
        return "chave repetida dentro das chaves { }"
    return "texto que não segue o formato TOML"


def _renames(table: dict, column_names: tuple[str, ...], problems: Collector
             ) -> tuple[dict[str, str], tuple[str, ...]]:
    """[colunas]: our column name → the board's header, and the `ignorar` list (the board's columns not read)."""
    renames: dict[str, str] = {}
    ignored: tuple[str, ...] = ()
    for key, value in table.items():
        if key == IGNORE:
            if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
                ignored = tuple(value)
            else:
                problems.add(FILE, "deve ser a lista dos nomes de colunas da planilha da banca que não devem ser "
                             'lidas, cada um entre aspas. Exemplo: ignorar = ["OBSERVAÇÃO", "COTA NEGRO"]',
                             column=f"colunas.{key}")
        elif key not in column_names:
            close = difflib.get_close_matches(key, list(column_names), n=1)
            hint = f" Você quis dizer «{close[0]}»?" if close else ""
            problems.add(FILE, f"coluna desconhecida.{hint} À esquerda do = vai o nosso nome da coluna "
                         f"({join_words(list(column_names))}); à direita, o nome usado pela banca.",
                         column=f"colunas.{key}")
        elif not isinstance(value, str) or not value.strip():
            problems.add(FILE, f"deve ser o nome da coluna na planilha da banca, entre aspas. Exemplo: "
                         f'{key} = "{key.upper()}_BANCA"', column=f"colunas.{key}")
        else:
            renames[key] = value
    return renames, ignored


def _positions(entries: list[dict], problems: Collector) -> tuple[list[Position], bool]:
    """The [[cargos]] entries, and whether all of them were valid."""
    positions: list[Position] = []
    seen: dict[str, int] = {}
    ok = True
    for number, entry in enumerate(entries, 1):
        code = entry.get("codigo")
        repeated = isinstance(code, str) and code.strip() in seen
        if repeated:
            problems.add(FILE, f"o código «{code.strip()}» já foi usado em cargos[{seen[code.strip()]}]. Cada cargo "
                         "precisa de um código diferente.", column=f"cargos[{number}].codigo")
        elif isinstance(code, str):
            seen[code.strip()] = number
        wrong = identifier_problem(code.strip()) if isinstance(code, str) and code.strip() else ""
        if wrong:  # a lookalike code would be a second cargo that reads as the first (issue 22 item 7)
            problems.add(FILE, f"o código «{code.strip()}» {wrong}", column=f"cargos[{number}].codigo")
        position = _position(entry, f"cargos[{number}].", problems)
        if wrong:
            ok = False
            continue
        if position is None or repeated:
            ok = False
        else:
            positions.append(position)
    return positions, ok


def _position(entry: dict, prefix: str, problems: Collector) -> Position | None:
    """One [[cargos]] entry, or None if anything in it is wrong (the problems say what)."""
    before = len(problems.problems)
    values = check_keys(entry, POSITION_KEYS, prefix, problems)
    vacancies = values.get("vagas")
    reserves = _reserves(values.get("reservas"), vacancies, values.get("codigo"), prefix, problems)
    reserved = _reserved_positions(values.get("posicoes"), vacancies, reserves, prefix, problems)
    register, register_reserves, article = _register(values, prefix, problems)
    if len(problems.problems) > before:
        return None
    return Position(values["codigo"], values["nome"], vacancies, reserves, reserved,
                    values.get("guarda_municipal", False), register, register_reserves, article)


def _register(values: dict, prefix: str, problems: Collector) -> tuple[int | None, dict[str, int] | None, str]:
    """The cargo's own cadastro de reserva: `cadastro` (positions beyond V), `cadastro_reservas` (each group's places
    among them) and `cadastro_fundamento` (the edital's item, required with either). The groups' places never add
    up to more than the cadastro; whether the jurisdiction has each group is checked with its rules
    (results.check)."""
    size, table, article = values.get("cadastro"), values.get("cadastro_reservas"), values.get("cadastro_fundamento")
    if (size is not None or table is not None) and article is None:
        problems.add(FILE, "chave obrigatória quando há cadastro ou cadastro_reservas: o item do edital que fixa o "
                     "cadastro de reserva do cargo (ex.: cadastro_fundamento = \"item 1.1\").",
                     column=f"{prefix}cadastro_fundamento")
    elif article is not None and size is None and table is None:
        problems.add(FILE, "a citação vem com cadastro ou cadastro_reservas: retire-a ou escreva o cadastro do "
                     "edital (ex.: cadastro = 75).", column=f"{prefix}cadastro_fundamento")
    elif article is not None and not CITATION.search(article):
        problems.add(FILE, f"a citação «{article}» não cita um dispositivo: escreva o item do edital (ex.: «item "
                     "1.1») ou o artigo da norma.", column=f"{prefix}cadastro_fundamento")
    reserves = None
    if table is not None:
        reserves = {}
        for group, value in _group_keys(table, "cadastro_reservas", prefix, problems).items():
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                reserves[group] = value
            else:
                problems.add(FILE, "deve ser o número de vagas do grupo no cadastro de reserva do edital: um inteiro, "
                             f"zero ou maior, sem aspas. Exemplo: {group} = 1",
                             column=f"{prefix}cadastro_reservas.{group}")
        total = sum(reserves.values())
        if size is not None and total > size:
            problems.add(FILE, f"as vagas dos grupos no cadastro somam {total}, mais que o cadastro do cargo "
                         f"({size}). Corrija conforme o quadro do edital.", column=f"{prefix}cadastro_reservas")
    return size, reserves, article or ""


def _group_keys(table: dict, key: str, prefix: str, problems: Collector) -> dict:
    """The entries whose key is a reserve group; others are reported."""
    valid = {}
    for group, value in table.items():
        if group in RESERVE_GROUPS:
            valid[group] = value
        else:
            problems.add(FILE, f"o grupo «{group}» não existe. Use {join_words(list(RESERVE_GROUPS), 'ou')}.",
                         column=f"{prefix}{key}.{group}")
    return valid


def _reserves(table: dict | None, vacancies: int | None, code: str | None, prefix: str,
              problems: Collector) -> dict[str, int] | None:
    if table is None:
        return None
    reserves = {}
    for group, value in _group_keys(table, "reservas", prefix, problems).items():
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            reserves[group] = value
        else:
            problems.add(FILE, "deve ser o número de vagas reservadas pelo edital: um inteiro, zero ou maior, "
                         f"sem aspas. Exemplo: {group} = 2", column=f"{prefix}reservas.{group}")
    total = sum(reserves.values())
    if vacancies is not None and total > vacancies:
        name = f"o cargo «{code}»" if code else "o cargo"
        problems.add(FILE, f"as reservas somam {total} vagas, mais que as {vacancies} vagas que {name} oferece. "
                     "Corrija os números conforme o edital.", column=f"{prefix}reservas")
    return reserves


def _reserved_positions(table: dict | None, vacancies: int | None, reserves: dict[str, int] | None, prefix: str,
                        problems: Collector) -> dict[str, tuple[int, ...]] | None:
    if table is None:
        return None
    result: dict[str, tuple[int, ...]] = {}
    taken: dict[int, str] = {}
    for group, value in _group_keys(table, "posicoes", prefix, problems).items():
        key = f"{prefix}posicoes.{group}"
        if not (isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            problems.add(FILE, f"deve ser a lista das vagas reservadas, em números inteiros. Exemplo: "
                         f"{group} = [3, 8, 13]", column=key)
            continue
        result[group] = tuple(value)
        _check_position_list(group, value, vacancies, reserves, taken, key, problems)
    return result


def _check_position_list(group: str, value: list[int], vacancies: int | None, reserves: dict[str, int] | None,
                         taken: dict[int, str], key: str, problems: Collector) -> None:
    if vacancies is not None:
        outside = [str(v) for v in value if not 1 <= v <= vacancies]
        if outside:
            which = f"as posições {join_words(outside)} estão" if len(outside) > 1 else f"a posição {outside[0]} está"
            problems.add(FILE, f"{which} fora do intervalo de 1 a {vacancies} (o número de vagas do cargo).",
                         column=key)
    repeated = sorted({v for v in value if value.count(v) > 1})
    if repeated:
        numbers = join_words([str(v) for v in repeated])
        which = f"as posições {numbers} aparecem" if len(repeated) > 1 else f"a posição {numbers} aparece"
        problems.add(FILE, f"{which} mais de uma vez na lista.", column=key)
    if reserves is not None and group in reserves and reserves[group] != len(value):
        problems.add(FILE, f"a lista tem {len(value)} posições, mas reservas.{group} = {reserves[group]}. "
                     "As duas devem dizer o mesmo número de vagas.", column=key)
    for v in dict.fromkeys(value):
        if v in taken:
            problems.add(FILE, f"a posição {v} também está reservada para «{taken[v]}». Cada vaga só pode ser "
                         "reservada para um grupo.", column=key)
        taken.setdefault(v, group)
