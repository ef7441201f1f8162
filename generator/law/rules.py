"""Strict loading of jurisdiction rule files (content/jurisdicoes/<id>.toml)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from ..errors import Collector, InputError
from ..labels import GENDER_WORDS, GROUP, OUTCOME, PROCEDURE, VACANCY
from ..model import OUTCOMES, PROCEDURES, RESERVE_GROUPS
from .basis import Basis, Norm
from ..tiebreak import AGE, COLUMN, CRITERION_WORDS, DRAW, DRAW_COLUMN, ELDERLY, WINS_WORDS, TieCriterion

ROUNDING_WORDS = ("half_up", "ceil", "floor")
ELIGIBILITY_WORDS = ("opcao", "mulher_guarda")  # opted at registration | woman in a Guarda Civil Municipal cargo
PRECEDENCE_WORDS = ("melhor_classificacao",)
SPECIFIC_LIST_WORDS = ("todos", "dentro_das_vagas")
EFFECT_WORDS = ("mantem", "sai_da_reserva", "elimina")
PUBLIC_FIELDS = ("inscricao", "nome", "nota", "classificacao")  # the hard allow-list; rule files may narrow it
OUTCOME_WORD = re.compile(r"[a-z][a-z0-9_]*")  # a commission outcome a rule file defines (e.g. «incompativel»)
# A citation names a provision: an article, paragraph or inciso of a norm, or an item (or annex) of an edital.
CITATION = re.compile(r"\bart\.\s*\d+|§\s*\d+|par[áa]grafo\s+[úu]nico|\bincisos?\s+[IVXLC]+\b"
                      r"|\b(?:sub)?ite(?:m|ns)\s+\d+(?:\.\d+)*|\banexo\s+(?:[IVXLC]+|\d+)\b", re.I)

# Every rule word, documented (a test checks each word used in code appears here).
VOCABULARY = {
    "half_up": "fração ≥ 0,5 arredonda para cima, < 0,5 para baixo",
    "ceil": "qualquer fração arredonda para cima",
    "floor": "qualquer fração arredonda para baixo",
    "opcao": "concorre quem optou pela reserva na inscrição",
    "mulher_guarda": "concorrem as candidatas (sexo F) dos cargos de guarda municipal (guarda_municipal = true)",
    "melhor_classificacao": "alcançado por duas reservas, nomeia-se pela lista em que estiver melhor classificado",
    "mantem": "a autodeclaração é confirmada: nada muda",
    "sai_da_reserva": "sai da lista específica e permanece na lista geral",
    "elimina": "eliminado do concurso: sai de todas as listas",
    "reserva": "reserva concomitante: o cotista classificado na ampla concorrência é nomeado por ela e não conta "
               "para a reserva",
    "minimo": "mínimo do grupo no cargo: os membros classificados na ampla concorrência contam para ele; só o que "
              "faltar vai aos seguintes da lista do grupo, na ordem de classificação",
    "todos": "a lista específica publica todos os inscritos na reserva, por classificação",
    "dentro_das_vagas": "a lista específica publica só os aprovados dentro do número de vagas",
}


@dataclass(frozen=True, slots=True)
class GroupRule:
    """One reserve: its percentage, who may compete, its list."""

    key: str
    percent: Decimal
    basis: Basis
    eligibility: str
    list_title: str
    list_basis: Basis
    min_vacancies: int | None = None  # this reserve's own minimum, when it differs from the jurisdiction's
    min_vacancies_basis: Basis | None = None
    label: str = ""  # "mulheres (Guarda Municipal)": the group in running text (rule file `rotulo`)
    vacancy_label: str = ""  # "reservada a mulheres (Guarda Municipal)": after "vaga" (rule file `rotulo_vaga`)
    rounding: str | None = None  # this group's own rounding word (e.g. PcD: any fraction up)
    rounding_basis: Basis | None = None
    positions: tuple[int, ...] | None = None  # positions fixed by the edital: 2, 21 …
    interval: int | None = None  # … then every `interval` (20: 41, 61, …), within V and beyond
    positions_basis: Basis | None = None
    register: int | None = None  # reserved places of this group in the edital's cadastro de reserva
    register_basis: Basis | None = None
    model: str = "reserva"  # reserva (concurrent) | minimo (a floor members within ampla count toward)
    model_basis: Basis | None = None  # None: the default model, `reserva`
    # `alternancia_fundamento` of the group (issue 18): the edital's own item for this group's alternation (e.g. the
    # PcD places of item 5.4 and the negros' of item 6.2); None: [nomeacao] alternancia_fundamento for all groups
    alternation_basis: Basis | None = None
    # `lista_genero` (feminino | masculino): the grammatical gender of the custom list title, for «na»/«no»,
    # «pela»/«pelo» (issue 18 item 4); "": read from the title's first word (labels.is_feminine)
    list_gender: str = ""


@dataclass(frozen=True, slots=True)
class OutcomeRule:
    """What one commission outcome does to a candidate."""

    effect: str
    basis: Basis
    label: str = ""  # the outcome in plain Portuguese (rule file `rotulo`, else labels.OUTCOME)


@dataclass(frozen=True, slots=True)
class Rules:
    """A jurisdiction's rules, every value with its legal basis."""

    id: str
    name: str
    norms: dict[str, Norm]
    valid_from: date
    valid_to: date | None
    validity_basis: Basis
    notice_from: date | None  # editais published before this date stay under the previous regime
    notice_basis: Basis | None
    rounding: str
    rounding_basis: Basis
    min_vacancies: int
    min_vacancies_basis: Basis
    below_min_basis: Basis | None
    groups: dict[str, GroupRule]
    list_order: tuple[str, ...]
    lists_basis: Basis
    general_title: str
    general_basis: Basis
    specific_lists: str  # SPECIFIC_LIST_WORDS: whom the specific lists publish (LEGAL-NOTES 8)
    specific_lists_basis: Basis | None
    open_basis: Basis
    alternation_basis: Basis
    collision_basis: Basis
    reversion_basis: Basis
    withdrawal_basis: Basis
    register_basis: Basis
    register_check_basis: Basis | None  # reserved places beyond V await the commission (Lins art. 7º § 3º)
    register_check_groups: tuple[str, ...]  # the reserves it concerns
    precedence_rule: str
    precedence_tiebreak: tuple[str, ...]
    precedence_basis: Basis
    fixed_precedence: tuple[tuple[str, str, Basis], ...]
    tiebreak_basis: Basis
    commission: dict[tuple[str, str], OutcomeRule]
    public_fields: tuple[str, ...]
    public_basis: Basis
    source: str = field(default="")
    register_size: int | None = None  # the edital's cadastro de reserva, in positions beyond V
    register_size_basis: Basis | None = None
    choice_basis: Basis | None = None  # the candidate reached by two reserves chooses (column `escolha`); None: no
    tiebreak: tuple[TieCriterion, ...] = ()  # [[desempate.criterios]]; empty: score, then the older (the default)
    # [comissao.<procedimento>] rotulo: the edital's own name of a commission procedure («Aferição de Deficiência»
    # where gazeta says «avaliação biopsicossocial»; issue 18 item 4). Empty: the generic names (labels.PROCEDURE).
    procedure_labels: dict[str, str] = field(default_factory=dict)
    general_gender: str = ""  # [listas] geral_genero: the general list title's gender (see GroupRule.list_gender)

    def group_label(self, group: str) -> str:
        """The group in running text: the rule file's words, else the generic ones."""
        rule = self.groups.get(group)
        return rule.label if rule and rule.label else GROUP.get(group, group)

    def procedure_label(self, procedure: str) -> str:
        """A commission procedure in running text: the rule file's words, else the generic ones."""
        return self.procedure_labels.get(procedure) or PROCEDURE.get(procedure, procedure)

    def vacancy_label(self, group: str) -> str:
        """What follows "vaga" for a place of this group."""
        rule = self.groups.get(group)
        return rule.vacancy_label if rule and rule.vacancy_label else VACANCY.get(group, group)

    def rounding_for(self, group: str) -> tuple[str, Basis]:
        """The rounding word of a group and its basis: its own, else the jurisdiction's."""
        rule = self.groups[group]
        if rule.rounding is not None:
            return rule.rounding, rule.rounding_basis
        return self.rounding, self.rounding_basis

    def min_for(self, group: str) -> tuple[int, Basis]:
        """The minimum number of vacancies for a reserve to apply, and its basis."""
        rule = self.groups[group]
        if rule.min_vacancies is not None:
            return rule.min_vacancies, rule.min_vacancies_basis
        return self.min_vacancies, self.min_vacancies_basis


class _Audited(dict):
    """A table of the rule file that records which of its keys the code reads (see `audit_keys`)."""

    def __init__(self, data: dict, path: str, reads: set[tuple[str, str]]):
        super().__init__(data)
        self._path, self._reads = path, reads

    def get(self, key, default=None):
        self._reads.add((self._path, key))
        return super().get(key, default)

    def __getitem__(self, key):
        self._reads.add((self._path, key))
        return super().__getitem__(key)

    def __contains__(self, key):
        self._reads.add((self._path, key))
        return super().__contains__(key)


def _shape(path: str) -> str:
    """A table's path with its variable parts generalised: "grupos.negro" → "grupos.*", "fixa[2]" → "fixa[]"."""
    path = re.sub(r"\[\d+\]", "[]", path)
    for prefix in ("grupos.", "normas.", "comissao."):
        if path.startswith(prefix):
            parts = path.split(".")
            path = ".".join([parts[0], *("*" for _ in parts[1:])])
    return path


class _Reader:
    """Reads one rule file, recording every problem with the key it concerns."""

    def __init__(self, path: Path, errors: Collector):
        self.file = path.name
        self.errors = errors
        self.norms: dict[str, Norm] = {}
        self.main_norm = ""
        self.accepted: set[tuple[str, str]] = set()  # (table shape, key) the loader accepts
        self.reads: set[tuple[str, str]] = set()  # (table shape, key) the code reads

    def error(self, key: str, message: str) -> None:
        self.errors.add(self.file, message, column=key)

    def table(self, data: dict, key: str, required: set[str], optional: set[str] = frozenset()) -> dict:
        """Check a table's keys: missing and unknown ones are errors. Only keys accepted here may be read."""
        shape = _shape(key)
        self.accepted.update((shape, name) for name in required | optional)
        if not isinstance(data, dict):
            self.error(key, "deveria ser uma tabela.")
            return _Audited({}, shape, self.reads)
        for name in sorted(required - data.keys()):
            self.error(f"{key}.{name}" if key else name, "chave obrigatória ausente.")
        for name in sorted(data.keys() - required - optional):
            self.error(f"{key}.{name}" if key else name, "chave desconhecida (confira a grafia).")
        return _Audited(data, shape, self.reads)

    def text(self, data: dict, key: str, path: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str) or (key in data and not value.strip()):
            self.error(path, "deveria ser um texto não vazio.")
            return ""
        return value

    def basis(self, data: dict, key: str, path: str, note_key: str = "nota", norm_key: str = "norma") -> Basis:
        """A citation: `fundamento` (article) + optional `norma` (key of [normas]) + optional `nota` (reading)."""
        article = self.text(data, key, f"{path}.{key}" if path else key)
        if key in data and article and not CITATION.search(article):
            self.error(f"{path}.{key}" if path else key,
                       f"a citação «{article}» não cita um dispositivo: escreva o artigo, parágrafo ou inciso da "
                       "norma (ex.: «art. 6º, § 2º») ou o item do edital (ex.: «item 2.8»).")
        norm_name = data.get(norm_key, self.main_norm)
        norm = self.norms.get(norm_name)
        if norm is None:
            self.error(f"{path}.{norm_key}" if path else norm_key, f"a norma «{norm_name}» não está em [normas].")
            norm = Norm(norm_name or "?", "?", "?")
        note = data.get(note_key)
        return Basis(norm, article, note if isinstance(note, str) else None)


def load_rules(path: Path) -> Rules:
    """Load and validate one rule file; raise InputError naming the file and keys."""
    errors = Collector()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        errors.add(path.name, f"erro de sintaxe TOML: {_pt_toml_message(str(exc))}")
        errors.raise_if_any()
    except (OSError, UnicodeDecodeError) as exc:
        errors.add(path.name, f"não foi possível ler o arquivo ({exc.__class__.__name__}).")
        errors.raise_if_any()
    rules = _build(raw, _Reader(path, errors))
    errors.raise_if_any()
    return rules


def audit_keys(path: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The (table, key) pairs the loader accepts and those the code reads, loading one rule file (for tests)."""
    reader = _Reader(path, Collector())
    _build(tomllib.loads(path.read_text(encoding="utf-8")), reader)
    return reader.accepted, reader.reads


def _pt_toml_message(message: str) -> str:
    line = re.search(r"line (\d+), column (\d+)", message)
    where = f" (linha {line.group(1)}, coluna {line.group(2)})" if line else ""
    if "overwrite" in message or "Cannot declare" in message:
        return f"chave ou tabela repetida{where}."
    return f"{message.split(' (at')[0]}{where}."


_TOP = {"id", "nome", "norma_principal", "vigencia_inicio", "vigencia_fundamento", "normas", "arredondamento",
        "vagas_minimas", "grupos", "listas", "nomeacao", "precedencia", "desempate", "comissao", "publico"}
_CITED = {"arredondamento": "rounding", "posicoes": "positions", "cadastro": "register", "modelo": "model"}
MODEL_WORDS = ("reserva", "minimo")  # group keys with a citation
_CITE = {"fundamento", "norma", "nota"}


def _build(raw: dict, r: _Reader) -> Rules:
    raw = r.table(raw, "", _TOP, {"vigencia_fim", "vigencia_nota", "vigencia_norma", "edital_a_partir_de",
                                  "edital_fundamento", "edital_nota", "edital_norma", "cadastro"})
    notice_from = raw.get("edital_a_partir_de")
    if notice_from is not None and not isinstance(notice_from, date):
        r.error("edital_a_partir_de", "deveria ser uma data (AAAA-MM-DD, sem aspas).")
    if notice_from is not None and "edital_fundamento" not in raw:
        r.error("edital_fundamento", "chave obrigatória quando há edital_a_partir_de.")
    r.main_norm = raw.get("norma_principal", "")
    for key, norm in (raw.get("normas") or {}).items():
        norm = r.table(norm, f"normas.{key}", {"titulo", "sigla"}, {"urn", "pagina"})
        r.norms[key] = Norm(key, norm.get("titulo", ""), norm.get("sigla", ""), norm.get("urn"), norm.get("pagina"))
    if r.main_norm not in r.norms:
        r.error("norma_principal", f"a norma «{r.main_norm}» não está em [normas].")

    valid_from, valid_to = raw.get("vigencia_inicio"), raw.get("vigencia_fim")
    for key, value in (("vigencia_inicio", valid_from), ("vigencia_fim", valid_to)):
        if value is not None and not isinstance(value, date):
            r.error(key, "deveria ser uma data (AAAA-MM-DD, sem aspas).")

    rounding = r.table(raw.get("arredondamento", {}), "arredondamento", {"regra", "fundamento"}, _CITE)
    if rounding.get("regra") not in ROUNDING_WORDS:
        r.error("arredondamento.regra", f"use uma de: {', '.join(ROUNDING_WORDS)}.")
    minimum = r.table(raw.get("vagas_minimas", {}), "vagas_minimas", {"valor", "fundamento"},
                      _CITE | {"abaixo_fundamento", "abaixo_nota", "abaixo_norma"})
    if not isinstance(minimum.get("valor"), int) or minimum.get("valor", 0) < 1:
        r.error("vagas_minimas.valor", "deveria ser um número inteiro ≥ 1.")

    groups = {key: _group(r, key, value) for key, value in (raw.get("grupos") or {}).items()}
    lists = r.table(raw.get("listas", {}), "listas", {"ordem", "fundamento", "geral", "geral_fundamento"},
                    _CITE | {"geral_nota", "geral_norma", "especificas", "especificas_fundamento", "especificas_nota",
                             "especificas_norma", "geral_genero"})
    specific = lists.get("especificas", "todos")
    if specific not in SPECIFIC_LIST_WORDS:
        r.error("listas.especificas", f"use uma de: {', '.join(SPECIFIC_LIST_WORDS)}.")
    if "especificas" in lists and "especificas_fundamento" not in lists:
        r.error("listas.especificas_fundamento", "chave obrigatória quando há listas.especificas.")
    order = tuple(lists.get("ordem", ()))
    if order[:1] != ("geral",) or set(order[1:]) != set(groups) or len(set(order)) != len(order):
        r.error("listas.ordem", f"deveria começar por «geral» e trazer cada grupo uma vez: {', '.join(groups)}.")

    nom_keys = {"ampla", "alternancia", "colisao", "reversao", "desistencia", "cadastro"}
    nomination = r.table(raw.get("nomeacao", {}), "nomeacao", {f"{k}_fundamento" for k in nom_keys},
                         {f"{k}_nota" for k in nom_keys} | {f"{k}_norma" for k in nom_keys}
                         | {"cadastro_comissao_fundamento", "cadastro_comissao_nota", "cadastro_comissao_norma",
                            "cadastro_comissao_grupos"})
    check_groups = nomination.get("cadastro_comissao_grupos", [])
    if not isinstance(check_groups, list) or not set(check_groups) <= set(groups):
        r.error("nomeacao.cadastro_comissao_grupos", f"deveria listar grupos desta jurisdição: {', '.join(groups)}.")
        check_groups = []
    if ("cadastro_comissao_fundamento" in nomination) != bool(check_groups):
        r.error("nomeacao.cadastro_comissao_grupos", "cadastro_comissao_fundamento e cadastro_comissao_grupos vêm "
                "juntos: quais reservas aguardam a comissão além das vagas, e com que fundamento.")

    def nom(k: str) -> Basis:
        return r.basis(nomination, f"{k}_fundamento", "nomeacao", f"{k}_nota", f"{k}_norma")

    prec = r.table(raw.get("precedencia", {}), "precedencia", {"regra", "desempate", "fundamento"},
                   _CITE | {"fixa", "escolha", "escolha_fundamento", "escolha_nota", "escolha_norma"})
    choice = prec.get("escolha", False)
    if not isinstance(choice, bool):
        r.error("precedencia.escolha", "deveria ser true ou false (sem aspas).")
        choice = False
    if choice and "escolha_fundamento" not in prec:
        r.error("precedencia.escolha_fundamento", "chave obrigatória quando escolha = true.")
        choice = False
    if not choice and any(f"escolha{s}" in prec for s in ("_fundamento", "_nota", "_norma")):
        r.error("precedencia.escolha", "a citação da escolha vem com escolha = true.")
    if prec.get("regra") not in PRECEDENCE_WORDS:
        r.error("precedencia.regra", f"use uma de: {', '.join(PRECEDENCE_WORDS)}.")
    tiebreak = tuple(prec.get("desempate", ()))
    if set(tiebreak) != set(groups):
        r.error("precedencia.desempate", f"deveria listar cada grupo uma vez: {', '.join(groups)}.")
    fixed = []
    for i, item in enumerate(prec.get("fixa", ())):
        path = f"precedencia.fixa[{i + 1}]"
        item = r.table(item, path, {"primeiro", "depois", "fundamento"}, _CITE)
        if item.get("primeiro") not in groups or item.get("depois") not in groups:
            r.error(path, "«primeiro» e «depois» devem ser grupos desta jurisdição.")
        fixed.append((item.get("primeiro"), item.get("depois"), r.basis(item, "fundamento", path)))

    public = r.table(raw.get("publico", {}), "publico", {"campos", "fundamento"}, _CITE)
    fields = tuple(public.get("campos", ()))
    if not set(fields) <= set(PUBLIC_FIELDS):
        r.error("publico.campos", f"só podem ser publicados: {', '.join(PUBLIC_FIELDS)}.")

    register_size, register_size_basis = None, None
    if "cadastro" in raw:
        register = r.table(raw.get("cadastro"), "cadastro", {"total", "fundamento"}, _CITE)
        register_size = register.get("total")
        if not isinstance(register_size, int) or isinstance(register_size, bool) or register_size < 0:
            r.error("cadastro.total", "deveria ser um número inteiro ≥ 0 (posições do cadastro de reserva).")
            register_size = None
        register_size_basis = r.basis(register, "fundamento", "cadastro")
        shares = sum(g.register or 0 for g in groups.values())
        if register_size is not None and shares > register_size:
            r.error("cadastro.total", f"as vagas dos grupos no cadastro ({shares}) passam do total ({register_size}).")

    tie = r.table(raw.get("desempate", {}), "desempate", {"fundamento"}, _CITE | {"criterios"})
    criteria = tie.get("criterios", [])
    if not isinstance(criteria, list):
        r.error("desempate.criterios", "deveria ser uma lista de tabelas [[desempate.criterios]].")
        criteria = []
    tie_criteria = tuple(tie_criterion(item, f"desempate.criterios[{i + 1}]", r.error,
                                       lambda data, path: r.basis(data, "fundamento", path), r.table)
                         for i, item in enumerate(criteria))
    check_tie_criteria(tie_criteria, "desempate.criterios", r.error)
    below = minimum.get("abaixo_fundamento")
    return Rules(
        id=raw.get("id", ""), name=raw.get("nome", ""), norms=dict(r.norms),
        valid_from=valid_from if isinstance(valid_from, date) else date.min,
        valid_to=valid_to if isinstance(valid_to, date) else None,
        validity_basis=r.basis(raw, "vigencia_fundamento", "", "vigencia_nota", "vigencia_norma"),
        notice_from=notice_from if isinstance(notice_from, date) else None,
        notice_basis=r.basis(raw, "edital_fundamento", "", "edital_nota", "edital_norma")
        if "edital_fundamento" in raw else None,
        rounding=rounding.get("regra", "half_up"), rounding_basis=r.basis(rounding, "fundamento", "arredondamento"),
        min_vacancies=minimum.get("valor", 1) if isinstance(minimum.get("valor"), int) else 1,
        min_vacancies_basis=r.basis(minimum, "fundamento", "vagas_minimas"),
        below_min_basis=r.basis(minimum, "abaixo_fundamento", "vagas_minimas", "abaixo_nota", "abaixo_norma")
        if below else None,
        groups=groups, list_order=order, lists_basis=r.basis(lists, "fundamento", "listas"),
        general_title=lists.get("geral", ""), general_basis=_general_basis(r, lists),
        specific_lists=specific if specific in SPECIFIC_LIST_WORDS else "todos",
        specific_lists_basis=r.basis(lists, "especificas_fundamento", "listas", "especificas_nota", "especificas_norma")
        if "especificas_fundamento" in lists else None,
        open_basis=nom("ampla"), alternation_basis=nom("alternancia"), collision_basis=nom("colisao"),
        reversion_basis=nom("reversao"), withdrawal_basis=nom("desistencia"), register_basis=nom("cadastro"),
        register_check_basis=nom("cadastro_comissao") if "cadastro_comissao_fundamento" in nomination else None,
        register_check_groups=tuple(check_groups),
        precedence_rule=prec.get("regra", ""), precedence_tiebreak=tiebreak,
        precedence_basis=r.basis(prec, "fundamento", "precedencia"), fixed_precedence=tuple(fixed),
        tiebreak_basis=r.basis(tie, "fundamento", "desempate"),
        commission=_commission(r, raw.get("comissao", {}), groups),
        procedure_labels=_procedure_labels(r, raw.get("comissao", {})),
        public_fields=fields, public_basis=r.basis(public, "fundamento", "publico"),
        source=r.file, register_size=register_size, register_size_basis=register_size_basis,
        choice_basis=r.basis(prec, "escolha_fundamento", "precedencia", "escolha_nota", "escolha_norma")
        if choice else None,
        tiebreak=tie_criteria, general_gender=_gender(r, lists, "geral_genero", "listas"),
    )


COLUMN_NAME = re.compile(r"[a-z][a-z0-9_]*")


# Words in a column's name that say it holds restricted data (LEGAL-NOTES 7): never published as a tie-break column.
RESTRICTED_WORDS = ("nasc", "cpf", "sexo", "genero", "hora", "idade", "rg", "endereco", "telefone", "email", "mae",
                    "pai", "parecer", "cor", "raca", "etnia", "deficien", "laudo")


def tie_criterion(data, path: str, error, basis, table) -> TieCriterion:
    """One tie-break criterion (rule file [[desempate.criterios]] or certame.toml [[desempate]]): `criterio`
    (idoso, idade, coluna or sorteio); for a column `coluna`, `vence` (maior or menor), optional `rotulo` and
    `publicar`; for a draw `ato` (the act that recorded it), optional `coluna` (default «sorteio»), `vence` (default
    menor), `rotulo` and `publicar`; for idade and idoso optional `hora` (the column with the hour of birth); its
    citation."""
    data = table(data, path, {"criterio", "fundamento"},
                 _CITE | {"coluna", "vence", "rotulo", "publicar", "hora", "ato"})
    kind = data.get("criterio")
    if kind not in CRITERION_WORDS:
        error(f"{path}.criterio", f"use um de: {', '.join(CRITERION_WORDS)}.")
    draw = kind == DRAW
    column = data.get("coluna", DRAW_COLUMN if draw else "")
    wins, label = data.get("vence", "menor" if draw else "maior"), data.get("rotulo", "")
    publish, hour, act = data.get("publicar", False), data.get("hora", ""), data.get("ato", "")
    allowed = {COLUMN: {"coluna", "vence", "rotulo", "publicar"}, DRAW: {"coluna", "vence", "rotulo", "publicar", "ato"},
               AGE: {"hora"}, ELDERLY: {"hora"}}.get(kind, set())
    for key in ("coluna", "vence", "rotulo", "publicar", "hora", "ato"):
        if key in data and key not in allowed and kind in CRITERION_WORDS:
            where = {"hora": "criterio = \"idade\" ou \"idoso\"", "ato": "criterio = \"sorteio\""}.get(
                key, "criterio = \"coluna\" ou \"sorteio\"")
            if key == "publicar":  # birth data decides, and is never published (LEGAL-NOTES 7, 19)
                error(f"{path}.publicar", "só notas e o número do sorteio podem ser publicados: a data e a hora de "
                      "nascimento decidem o desempate, mas são dados pessoais e nunca aparecem nas listas (a linha "
                      "diz só «desempate: idade»). Retire publicar deste critério.")
            else:
                error(f"{path}.{key}", f"só vale com {where}.")
    if kind in (COLUMN, DRAW):
        if not isinstance(column, str) or not COLUMN_NAME.fullmatch(column):
            error(f"{path}.coluna", "deveria ser o nome da coluna da planilha da banca, em minúsculas, sem acento "
                  "nem espaço (ex.: \"nota_conhecimentos_especificos\"" + (" ou \"sorteio\"" if draw else "")
                  + "); um cabeçalho diferente da banca vai em [colunas] de certame.toml.")
            column = ""
        if wins not in WINS_WORDS:
            error(f"{path}.vence", f"use uma de: {', '.join(WINS_WORDS)} (o maior ou o menor valor vem antes).")
            wins = "maior"
        if not isinstance(label, str):
            error(f"{path}.rotulo", "deveria ser um texto.")
            label = ""
        if not isinstance(publish, bool):
            error(f"{path}.publicar", "deveria ser true ou false (se a coluna aparece nas listas).")
            publish = False
        elif publish and column and any(word in column for word in RESTRICTED_WORDS):
            error(f"{path}.publicar", f"a coluna «{column}» parece trazer dado pessoal restrito (data ou hora de "
                  "nascimento, CPF, sexo…), que nunca é publicado. Só publique colunas de notas; para esta, retire "
                  "publicar.")
            publish = False
    if draw and (not isinstance(act, str) or not act.strip()):
        error(f"{path}.ato", "chave obrigatória no sorteio: o ato que registrou o sorteio, como sai nas listas "
              "(ex.: ato = \"Ata da sessão pública de sorteio de 10/04/2024\" ou \"Edital nº 5/2024, item 3\").")
        act = ""
    if kind in (AGE, ELDERLY) and "hora" in data and (not isinstance(hour, str) or not COLUMN_NAME.fullmatch(hour)):
        error(f"{path}.hora", "deveria ser o nome da coluna da planilha da banca com a hora de nascimento (HH:MM), "
              "em minúsculas, sem acento nem espaço (ex.: \"hora_nascimento\").")
        hour = ""
    return TieCriterion(kind if kind in CRITERION_WORDS else COLUMN, basis(data, path),
                        column if kind in (COLUMN, DRAW) else "", wins if kind in (COLUMN, DRAW) else "maior",
                        label if kind in (COLUMN, DRAW) else "", hour if kind in (AGE, ELDERLY) else "",
                        bool(publish) if kind in (COLUMN, DRAW) else False, act.strip() if draw else "")


def check_tie_criteria(criteria: tuple[TieCriterion, ...], path: str, error) -> None:
    """What the criteria say together: a column read by two criteria in two ways (an hour as a score, a draw as a
    score), which would publish a restricted value or misread one."""
    seen: dict[str, tuple[int, str]] = {}
    for i, c in enumerate(criteria, start=1):
        for column, how in ((c.column, c.kind), (c.hour, "hora")):
            if not column:
                continue
            if column in seen and seen[column][1] != how:
                error(f"{path}[{i}]", f"a coluna «{column}» já é lida pelo critério {seen[column][0]} como "
                      f"«{seen[column][1]}»: uma coluna serve a um só tipo de critério.")
            seen.setdefault(column, (i, how))


def _general_basis(r: _Reader, lists: dict) -> Basis:
    """The general list's basis: its own `geral_nota`/`geral_norma`, else the lists' `nota`/`norma`."""
    note_key = "geral_nota" if "geral_nota" in lists else "nota"
    norm_key = "geral_norma" if "geral_norma" in lists else "norma"
    return r.basis(lists, "geral_fundamento", "listas", note_key, norm_key)


def _group(r: _Reader, key: str, data: dict) -> GroupRule:
    path = f"grupos.{key}"
    if key not in RESERVE_GROUPS:
        r.error(path, f"grupo desconhecido; use um de: {', '.join(RESERVE_GROUPS)}.")
    data = r.table(data, path, {"percentual", "fundamento", "elegibilidade", "lista", "lista_fundamento"},
                   _CITE | {"vagas_minimas", "vagas_minimas_fundamento", "vagas_minimas_nota", "vagas_minimas_norma",
                            "lista_nota", "lista_norma", "lista_genero", "rotulo", "rotulo_vaga", "posicoes_intervalo",
                            "alternancia_fundamento", "alternancia_nota", "alternancia_norma",
                            *(f"{k}{s}" for k in _CITED for s in ("", "_fundamento", "_nota", "_norma"))})
    minimum = data.get("vagas_minimas")
    if minimum is not None and (not isinstance(minimum, int) or minimum < 1):
        r.error(f"{path}.vagas_minimas", "deveria ser um número inteiro ≥ 1.")
    if minimum is not None and "vagas_minimas_fundamento" not in data:
        r.error(f"{path}.vagas_minimas_fundamento", "chave obrigatória quando há vagas_minimas.")
    try:
        percent = Decimal(str(data.get("percentual", "")))
        if not Decimal(0) <= percent <= Decimal(100):
            raise InvalidOperation
    except InvalidOperation:
        r.error(f"{path}.percentual", "deveria ser um número entre 0 e 100, entre aspas (ex.: \"20\").")
        percent = Decimal(0)
    if isinstance(data.get("percentual"), float):
        r.error(f"{path}.percentual", "escreva o percentual entre aspas (\"20\"): números com ponto viram binário inexato.")
    if data.get("elegibilidade") not in ELIGIBILITY_WORDS:
        r.error(f"{path}.elegibilidade", f"use uma de: {', '.join(ELIGIBILITY_WORDS)}.")
    own_minimum = minimum if isinstance(minimum, int) and "vagas_minimas_fundamento" in data else None
    label = r.text(data, "rotulo", f"{path}.rotulo") if "rotulo" in data else ""
    vacancy = r.text(data, "rotulo_vaga", f"{path}.rotulo_vaga") if "rotulo_vaga" in data else ""
    if label and not vacancy:
        vacancy = f"reservada a {label}"  # "vaga reservada a mulheres (Guarda Municipal)"
    rounding, rounding_basis = _cited(r, data, path, "arredondamento",
                                      lambda v: v in ROUNDING_WORDS, f"use uma de: {', '.join(ROUNDING_WORDS)}.")
    positions, positions_basis = _cited(
        r, data, path, "posicoes", lambda v: isinstance(v, list) and v and all(
            isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in v) and v == sorted(set(v)),
        "deveria ser uma lista crescente de posições (inteiros ≥ 1), ex.: [2, 21].")
    interval = data.get("posicoes_intervalo")
    if interval is not None and (not isinstance(interval, int) or isinstance(interval, bool) or interval < 1):
        r.error(f"{path}.posicoes_intervalo", "deveria ser um número inteiro ≥ 1 (ex.: 20: a cada 20 vagas).")
        interval = None
    if interval is not None and positions is None:
        r.error(f"{path}.posicoes_intervalo", "só vale com «posicoes» (as primeiras posições da sequência).")
    register, register_basis = _cited(r, data, path, "cadastro",
                                      lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
                                      "deveria ser um número inteiro ≥ 0 (vagas do grupo no cadastro de reserva).")
    model, model_basis = _cited(r, data, path, "modelo", lambda v: v in MODEL_WORDS,
                                f"use um de: {', '.join(MODEL_WORDS)}.")
    if model == "minimo" and positions is not None:
        r.error(f"{path}.posicoes", "um mínimo («minimo») segue a ordem de classificação: não tem posições fixas.")
    # read always (so nota/norma without the fundamento are still read keys); used only with alternancia_fundamento
    alternation = r.basis(data, "alternancia_fundamento", path, "alternancia_nota", "alternancia_norma")
    for suffix in ("_nota", "_norma"):
        if f"alternancia{suffix}" in data and "alternancia_fundamento" not in data:
            r.error(f"{path}.alternancia{suffix}", "citação sem o fundamento: falta «alternancia_fundamento».")
    return GroupRule(key, percent, r.basis(data, "fundamento", path), data.get("elegibilidade", "opcao"),
                     data.get("lista", ""), r.basis(data, "lista_fundamento", path, "lista_nota", "lista_norma"),
                     own_minimum, r.basis(data, "vagas_minimas_fundamento", path, "vagas_minimas_nota",
                                          "vagas_minimas_norma") if own_minimum else None, label, vacancy,
                     rounding, rounding_basis, tuple(positions) if positions else None, interval, positions_basis,
                     register, register_basis, model or "reserva", model_basis,
                     alternation if "alternancia_fundamento" in data else None,
                     _gender(r, data, "lista_genero", path))


def _gender(r: _Reader, data: dict, key: str, path: str) -> str:
    """A custom title's grammatical gender (`lista_genero`, `geral_genero`): feminino or masculino; "" when absent."""
    value = data.get(key)
    if value is None:
        return ""
    if value not in GENDER_WORDS:
        r.error(f"{path}.{key}", "use feminino ou masculino: o gênero do título, que decide «na»/«no» e «pela»/«pelo» "
                "(ex.: «na Relação de Candidatas», «no Resultado de Candidatas Mulheres»).")
        return ""
    return value


def _cited(r: _Reader, data: dict, path: str, key: str, valid, message: str):
    """An optional group value that must come with its citation (`<key>_fundamento`): (value, basis) or Nones."""
    value = data.get(key)
    if value is None:
        for suffix in ("_fundamento", "_nota", "_norma"):
            if f"{key}{suffix}" in data:
                r.error(f"{path}.{key}{suffix}", f"citação sem o valor: falta «{key}».")
        return None, None
    if not valid(value):
        r.error(f"{path}.{key}", message)
        return None, None
    if f"{key}_fundamento" not in data:
        r.error(f"{path}.{key}_fundamento", f"chave obrigatória quando há {key}.")
        return None, None
    return value, r.basis(data, f"{key}_fundamento", path, f"{key}_nota", f"{key}_norma")


def _commission(r: _Reader, data: dict, groups: dict) -> dict[tuple[str, str], OutcomeRule]:
    result = {}
    for procedure, outcomes in data.items():
        path = f"comissao.{procedure}"
        if procedure not in PROCEDURES:
            r.error(path, f"procedimento desconhecido; use um de: {', '.join(PROCEDURES)}.")
            continue
        if PROCEDURES[procedure] not in groups:
            r.error(path, f"a jurisdição não tem a reserva «{PROCEDURES[procedure]}» que este procedimento verifica.")
        for outcome, rule in outcomes.items():
            opath = f"{path}.{outcome}"
            if outcome == "rotulo" and not isinstance(rule, dict):  # the procedure's own name: _procedure_labels
                continue
            if not OUTCOME_WORD.fullmatch(outcome):
                r.error(opath, "o nome do resultado deve ter só letras minúsculas sem acento, algarismos e _ "
                        "(ex.: incompativel).")
                continue
            rule = r.table(rule, opath, {"efeito", "fundamento"}, _CITE | {"rotulo"})
            if rule.get("efeito") not in EFFECT_WORDS:
                r.error(f"{opath}.efeito", f"use um de: {', '.join(EFFECT_WORDS)}.")
            if outcome not in OUTCOMES and "rotulo" not in rule:
                r.error(f"{opath}.rotulo", f"chave obrigatória para um resultado fora dos usuais "
                        f"({', '.join(OUTCOMES)}): diga em palavras o que ele significa.")
            label = r.text(rule, "rotulo", f"{opath}.rotulo") if "rotulo" in rule else OUTCOME.get(outcome, outcome)
            result[(procedure, outcome)] = OutcomeRule(rule.get("efeito", "mantem"), r.basis(rule, "fundamento", opath),
                                                       label)
    return result


def _procedure_labels(r: _Reader, data: dict) -> dict[str, str]:
    """`rotulo = "Aferição de Deficiência"` in a `[comissao.<procedimento>]` table: the edital's name for it."""
    out = {}
    for procedure, outcomes in data.items():
        if procedure in PROCEDURES and isinstance(outcomes, dict) and "rotulo" in outcomes \
                and not isinstance(outcomes["rotulo"], dict):
            label = r.text(outcomes, "rotulo", f"comissao.{procedure}.rotulo")
            if label:
                out[procedure] = label
    return out


def available(folder: Path) -> list[str]:
    """Ids of the rule files in a folder."""
    return sorted(p.stem for p in folder.glob("*.toml"))


def find_rules_dir(exam_dir: Path) -> Path:
    """The nearest `jurisdicoes/` folder above the exam folder, else the one shipped in content/."""
    for parent in [exam_dir.resolve(), *exam_dir.resolve().parents]:
        candidate = parent / "jurisdicoes"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[2] / "content" / "jurisdicoes"


def rules_for(jurisdiction: str, folder: Path, on_date: date | None = None, notice_date: date | None = None) -> Rules:
    """Load the rule file for an id, checking it exists, is in force on the publication date and reaches the
    exam's opening edital (when its date is given)."""
    path = folder / f"{jurisdiction}.toml"
    if not re.fullmatch(r"[a-z0-9-]+", jurisdiction or "") or not path.is_file():
        names = ", ".join(available(folder)) or "nenhuma"
        raise InputError([_problem("certame.toml", "jurisdicao",
                                   f"a jurisdição «{jurisdiction}» não existe. Jurisdições disponíveis: {names}.")])
    rules = load_rules(path)
    problems = []
    if rules.id != jurisdiction:
        problems.append(_problem(path.name, "id", f"o id «{rules.id}» difere do nome do arquivo «{jurisdiction}»."))
    if on_date and (on_date < rules.valid_from or (rules.valid_to and on_date > rules.valid_to)):
        end = f" a {rules.valid_to:%d/%m/%Y}" if rules.valid_to else ""
        problems.append(_problem(
            "certame.toml", "publicacao.data",
            f"a data {on_date:%d/%m/%Y} está fora da vigência das regras de {jurisdiction} "
            f"({rules.valid_from:%d/%m/%Y}{end}; {rules.validity_basis.text}, arquivo {path.name})."))
    if notice_date and rules.notice_from and notice_date < rules.notice_from:
        problems.append(_problem(
            "certame.toml", "edital_data",
            f"o edital de abertura ({notice_date:%d/%m/%Y}) é anterior a {rules.notice_from:%d/%m/%Y}: as regras de "
            f"{jurisdiction} não se aplicam a este certame ({rules.notice_basis.text}, arquivo {path.name})."))
    if problems:
        raise InputError(problems)
    return rules


def _problem(file: str, key: str, message: str):
    from ..errors import Problem
    return Problem(file, message, column=key)
