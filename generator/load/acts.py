"""certame.toml's `[[atos]]`: the exam's ordered history of acts, read strictly (LEGAL-NOTES reading 13)."""

from __future__ import annotations

from datetime import date

from ..errors import Collector
from ..labels import GENDER_WORDS
from ..plain import identifier_problem
from .keys import check_keys  # the one strict key checker of certame.toml
from ..acts.model import ACT_TYPES, CALL, CORRECTING_KINDS, HOMOLOGATION, RESULT, STAGE_ORDERS, Act, Edition, Signer

FILE = "certame.toml"

# Each key: (required, what it must hold, an example written as TOML), as in generator/load/exam_file.py.
ACT_KEYS = {
    "tipo": (True, "text", '"resultado"'),
    "numero": (False, "label", '"41/2024"'),  # optional: an unnumbered act is named by type and date (issue 18)
    "data": (True, "date", "2024-07-22"),
    "edicao": (False, "label", '"11.514"'),
    "extra": (False, "bool", "true"),
    "suplemento": (False, "bool", "true"),
    "diario": (False, "text", '"Diário Oficial do Estado de Mato Grosso do Sul"'),
    "secao": (False, "text", '"Poder Executivo"'),
    "subsecao": (False, "text", '"Concursos Públicos"'),
    "url": (False, "url", '"https://www.exemplo.gov.br/diario/11514.pdf"'),
    "titulo": (False, "text", '"Edital nº 12/2024 — Homologação do resultado final"'),
    "titulo_genero": (False, "text", '"feminino"'),  # the title's gender when its first word does not say it
    "retifica": (False, "label", '"41/2024"'),
    "motivo": (False, "text", '"Revisão de nota após recurso"'),
    "cargo": (False, "text", '"ENF"'),
    "vagas": (False, "count", "3"),
    "local": (False, "text", '"Campo Grande"'),
    "assinaturas": (False, "tables", '[[atos.assinaturas]]\nnome = "Maria da Silva"\ncargo = "Secretária de Estado"'),
    # The act's own text, in Markdown (issue 18 item 2), sanitised as ato.md is: any act may carry one.
    "texto": (False, "markdown", '"""\nO Prefeito Municipal, no uso de suas atribuições, torna público…\n"""'),
    # A convocação's presentation: where, when, until when and with what the called present themselves.
    "local_apresentacao": (False, "text", '"Academia da Guarda Municipal, Rua Exemplo, 100, Centro"'),
    "datas": (False, "text", '"de 15 a 19 de julho de 2024"'),
    "horario": (False, "text", '"das 8h às 17h"'),
    "prazo": (False, "date", "2024-07-19"),
    "documentos": (False, "texts", '["documento de identidade com foto", "CPF"]'),
    # A convocação to a stage (LEGAL-NOTES reading 18): curso de formação, TAF, exame médico…
    "etapa": (False, "text", '"Curso de Formação Profissional"'),
    "ordem": (False, "text", '"alfabetica"'),
    "quantos": (False, "count", "96"),
    "fundamento": (False, "text", '"Capítulo 9, item 9.1"'),
}
# Length limits of each text key (characters): above any real act, and what keeps an act's number a usable folder
# and file name (it makes the act's slug: `publicar` failed with ENAMETOOLONG at 300 characters) and its page, PDF
# and messages sane. `vagas` is bounded with the cargos' own (load/keys.BOUNDS: VACANCY_LIMIT).
LIMITS = {"numero": 40, "retifica": 40, "edicao": 30, "diario": 200, "secao": 200, "subsecao": 200, "titulo": 300,
          "titulo_genero": 20, "motivo": 1_000, "local": 120, "url": 2_000, "cargo": 60, "tipo": 20, "texto": 20_000,
          "local_apresentacao": 300, "datas": 300, "horario": 120, "etapa": 200, "ordem": 20, "fundamento": 300}
MAX_DOCUMENTS, DOCUMENT_LIMIT = 50, 300  # items of `documentos`, and characters of each
# Keys only a convocação takes: its presentation, and what makes it a stage convocação.
PRESENTATION = ("local_apresentacao", "datas", "horario", "prazo", "documentos")
STAGE_KEYS = ("ordem", "quantos", "fundamento")  # with `etapa`; `etapa` itself is the switch
SIGNER_LIMITS = {"nome": 200, "cargo": 200}
MAX_SIGNERS = 20
SIGNER_KEYS = {
    "nome": (True, "text", '"Maria da Silva"'),
    "cargo": (True, "text", '"Secretária de Estado de Educação"'),
}
# Keys that identify: matched against other acts and cargos, and part of permanent addresses (issue 22 item 7).
IDENTIFIERS = ("numero", "retifica", "cargo")
# Keys of [publicacao] that, with [[atos]], belong to each act instead.
PER_ACT = ("edicao", "data")
FIRST_KINDS = (RESULT, HOMOLOGATION)


def read_acts(entries: list[dict], defaults: dict, codes: set[str] | None, problems: Collector) -> list[Act]:
    """The `[[atos]]` entries as Acts, in declaration order; every problem goes to `problems`.

    `defaults` are [publicacao]'s checked values (gazette, section…), which each act may override; `codes` the
    declared cargo codes (None when [[cargos]] had problems, so an unknown cargo is not reported twice)."""
    acts: list[Act] = []
    seen: dict[str, Act] = {}  # by slug: "41/2024" and "41-2024" would share a permanent address
    per_day: dict[tuple, int] = {}  # unnumbered acts by (type, date) and by date: their identifier and `lex-N`
    for n, entry in enumerate(entries, 1):
        act = _act(entry, n, defaults, codes, problems)
        if act is None:
            continue
        if not act.number:
            act = _identified(act, per_day, seen)
        other = seen.get(act.slug)
        if other is not None:
            same = "já foi usado" if other.id == act.id else f"dá o mesmo endereço que «{other.id}», usado"
            problems.add(FILE, f"o número «{act.id}» {same} em atos[{other.line}]. Cada ato do certame precisa "
                         "de um número diferente.", column=f"atos[{n}].numero")
            continue
        seen[act.slug] = act
        acts.append(act)
    if len(acts) == len(entries):  # the order checks need every act; otherwise they would report phantoms
        acts = _history(acts, problems)
    return acts


def _identified(act: Act, per_day: dict[tuple, int], seen: dict[str, Act]) -> Act:
    """An act without `numero` gets its identifier from type and date, unique within the exam: "resultado-2024-06-10",
    then "resultado-2024-06-10-2" for a second of the same type and day (issue 18 item 5), skipping one a number
    already made (numero = "resultado-2024-06-10"). `day_order` numbers the unnumbered acts of one date, of any type:
    LexML names undated-number documents of one date `lex-1`, `lex-2` … (Parte 2, sec. 5)."""
    base = f"{act.kind}-{act.date.isoformat()}"
    k = per_day.get((act.kind, act.date), 0)
    while True:
        k += 1
        ident = base if k == 1 else f"{base}-{k}"
        if ident not in seen and all(a.number != ident for a in seen.values()):
            break
    per_day[(act.kind, act.date)] = k
    per_day[(act.date,)] = per_day.get((act.date,), 0) + 1
    return _replace(act, ident=ident, day_order=per_day[(act.date,)])


def legacy_act(defaults: dict) -> Act:
    """[publicacao] alone: one `resultado` act, without a number of its own (the masthead shows the edition)."""
    return Act(kind=RESULT, number="", date=defaults["data"], edition=_edition(defaults, defaults), line=0)


def _act(entry: dict, n: int, defaults: dict, codes: set[str] | None, problems: Collector) -> Act | None:

    prefix = f"atos[{n}]."
    before = len(problems.problems)
    values = _too_long(check_keys(entry, ACT_KEYS, prefix, problems), LIMITS, prefix, problems)
    for key in IDENTIFIERS:
        wrong = identifier_problem(values[key]) if key in values else ""
        if wrong:
            problems.add(FILE, f"o identificador «{values.pop(key)}» {wrong}", column=prefix + key)
    kind = values.get("tipo")
    if kind is not None and kind not in ACT_TYPES:
        problems.add(FILE, f"o tipo «{kind}» não existe. Use {_words(list(ACT_TYPES), 'ou')}.", column=prefix + "tipo")
    elif kind is not None:
        _kind_keys(kind, values, prefix, codes, problems, given=set(entry))
    signers = _signers(values.get("assinaturas", []), prefix, problems)
    gender = values.get("titulo_genero", "")
    if gender and gender not in GENDER_WORDS:
        problems.add(FILE, "use feminino ou masculino: o gênero do título do ato, que decide «pelo»/«pela» (ex.: "
                     "«pela Portaria nº 5/2024»).", column=prefix + "titulo_genero")
    elif gender and "titulo" not in values:
        problems.add(FILE, "titulo_genero vem com titulo: o gênero é o do título próprio do ato.",
                     column=prefix + "titulo_genero")
    documents = _documents(values.get("documentos", []), prefix, problems)
    if len(problems.problems) > before:
        return None
    return Act(kind=kind, number=values.get("numero", ""), date=values["data"], edition=_edition(values, defaults),
               signers=signers, title=values.get("titulo", ""), corrects=values.get("retifica"),
               reason=values.get("motivo", ""), position=values.get("cargo"), places=values.get("vagas"),
               place=values.get("local", ""), line=n, title_gender=values.get("titulo_genero", ""),
               text=values.get("texto", ""), deadline=values.get("prazo"),
               report_place=values.get("local_apresentacao", ""), dates=values.get("datas", ""),
               hours=values.get("horario", ""), documents=documents, stage=values.get("etapa", ""),
               stage_order=values.get("ordem", ""), count=values.get("quantos"), basis=values.get("fundamento", ""))


def _kind_keys(kind: str, values: dict, prefix: str, codes: set[str] | None, problems: Collector,
               given: set[str] = frozenset()) -> None:
    """Keys that only some types take, and those they require (`given`: the keys written, even if refused)."""
    correcting, call = kind in CORRECTING_KINDS, kind == CALL
    stage = call and ("etapa" in values or "etapa" in given)
    if stage and "vagas" in given:  # a stage convocação consumes no nomination position (LEGAL-NOTES reading 18)
        problems.add(FILE, "uma convocação de etapa (com «etapa») não chama vagas da ordem de nomeação: ela chama os "
                     "aptos. Para chamar só uma parte deles, pelos primeiros da classificação, use quantos = 96; "
                     "para chamar todos, apague «vagas».", column=prefix + "vagas")
    if not call:
        for key in (*PRESENTATION, "etapa", *STAGE_KEYS):
            if key in given:
                problems.add(FILE, f"só atos do tipo convocacao levam esta chave; este ato é do tipo «{kind}».",
                             column=prefix + key)
    elif not stage:
        for key in STAGE_KEYS:
            if key in given:
                problems.add(FILE, "só uma convocação de etapa leva esta chave: diga qual etapa ela chama, por "
                             f"exemplo etapa = {ACT_KEYS['etapa'][2]}.", column=prefix + key)
    else:
        for key in ("ordem", "fundamento"):
            if key not in given:
                why = ("a ordem da lista de convocados que o edital manda: classificacao ou alfabetica"
                       if key == "ordem" else "o item do edital que manda convocar para a etapa")
                problems.add(FILE, f"uma convocação de etapa precisa desta chave ({why}). Exemplo: {key} = "
                             f"{ACT_KEYS[key][2]}", column=prefix + key)
        order = values.get("ordem")
        if order is not None and order not in STAGE_ORDERS:
            import difflib

            close = difflib.get_close_matches(order, list(STAGE_ORDERS), n=1, cutoff=0.6)
            hint = f" Você quis dizer «{close[0]}»?" if close else ""
            problems.add(FILE, f"a ordem «{order}» não existe.{hint} Use {_words(list(STAGE_ORDERS), 'ou')} (sem "
                         "acento): a ordem em que o edital manda listar os convocados.", column=prefix + "ordem")
    for key, wanted in (("retifica", correcting), ("motivo", correcting), ("cargo", call),
                        ("vagas", call and not stage)):
        if key in values and not wanted:
            if key == "vagas" and call:
                continue  # reported above
            which = "retificacao ou republicacao" if key in ("retifica", "motivo") else "convocacao"
            problems.add(FILE, f"só atos do tipo {which} levam esta chave; este ato é do tipo «{kind}».",
                         column=prefix + key)
        elif wanted and key not in values and key not in given:
            example = ACT_KEYS[key][2]
            problems.add(FILE, f"um ato do tipo «{kind}» precisa desta chave. Exemplo: {key} = {example}",
                         column=prefix + key)
    code = values.get("cargo")
    if call and code is not None and codes is not None and code not in codes:
        problems.add(FILE, f"o cargo «{code}» não está em [[cargos]]. Cargos declarados: "
                     f"{_words(sorted(codes))}.", column=prefix + "cargo")


def _signers(entries: list[dict], prefix: str, problems: Collector) -> tuple[Signer, ...]:

    signers = []
    if len(entries) > MAX_SIGNERS:
        problems.add(FILE, f"são {len(entries)} assinaturas; um ato tem no máximo {MAX_SIGNERS}.",
                     column=prefix + "assinaturas")
        return ()
    for k, entry in enumerate(entries, 1):
        values = _too_long(check_keys(entry, SIGNER_KEYS, f"{prefix}assinaturas[{k}].", problems), SIGNER_LIMITS,
                           f"{prefix}assinaturas[{k}].", problems)
        if len(values) == len(SIGNER_KEYS):
            signers.append(Signer(values["nome"], values["cargo"]))
    return tuple(signers)


def _documents(items: list[str], prefix: str, problems: Collector) -> tuple[str, ...]:
    """`documentos`: at most MAX_DOCUMENTS items of at most DOCUMENT_LIMIT characters each."""
    if len(items) > MAX_DOCUMENTS:
        problems.add(FILE, f"são {len(items)} documentos; um ato lista no máximo {MAX_DOCUMENTS}. Agrupe-os ou "
                     "escreva-os no «texto» do ato.", column=prefix + "documentos")
        return ()
    for k, item in enumerate(items, 1):
        if len(item) > DOCUMENT_LIMIT:
            problems.add(FILE, f"o {k}º documento é longo demais ({len(item)} caracteres; o máximo é "
                         f"{DOCUMENT_LIMIT}): «{item[:60]}…».", column=prefix + "documentos")
    return tuple(items)


def _too_long(values: dict, limits: dict, prefix: str, problems: Collector) -> dict:
    """The values within their length limits; each longer one is reported and dropped."""
    kept = {}
    for key, value in values.items():
        if key in limits and isinstance(value, str) and len(value) > limits[key]:
            problems.add(FILE, f"é longo demais ({len(value)} caracteres; o máximo é {limits[key]}). Confira o valor: "
                         f"«{value[:60]}…».", column=prefix + key)
        else:
            kept[key] = value
    return kept


def _edition(values: dict, defaults: dict) -> Edition:
    """The edition that carries the act: its own keys, else [publicacao]'s."""
    def pick(key: str) -> str:
        return values.get(key) or defaults.get(key) or ""

    return Edition(gazette=pick("diario"), date=values["data"], number=values.get("edicao") or None,
                   extra=values.get("extra", False), supplement=values.get("suplemento", False),
                   section=pick("secao"), subsection=pick("subsecao"), entity=defaults.get("entidade", ""),
                   year=defaults.get("ano", ""), url=values.get("url", "") or defaults.get("url", ""))


def _history(acts: list[Act], problems: Collector) -> list[Act]:
    """Order and references between acts: the first publishes the result, dates never go back, a retificação
    names an earlier act and is not dated before it. Returns the acts with their retificação ordinals."""
    by_number: dict[str, tuple[int, Act]] = {}
    counts: dict[str, int] = {}
    result = []
    for k, act in enumerate(acts):
        key = f"atos[{act.line}]"
        if k == 0 and act.kind not in FIRST_KINDS:
            problems.add(FILE, f"o primeiro ato deve publicar o resultado (tipo = \"resultado\" ou \"homologacao\"); "
                         f"este é do tipo «{act.kind}».", column=key + ".tipo")
        if k > 0 and act.date < acts[k - 1].date:
            prev = acts[k - 1]
            problems.add(FILE, f"os atos vão em ordem de data: este ato, de {_br(act.date)}, vem depois de "
                         f"atos[{prev.line}] ({prev.id}), de {_br(prev.date)}.", column=key + ".data")
        if act.corrects is not None:
            target = by_number.get(act.corrects)
            if target is None:
                declared = _words([a.id for a in acts[:k]]) or "nenhum"
                problems.add(FILE, f"o ato «{act.corrects}» não existe neste certame: «retifica» deve ser o número de "
                             f"um ato declarado antes deste em [[atos]], ou o identificador de um ato sem número "
                             f"(tipo-data, como \"resultado-2024-06-10\") (declarados antes: {declared}).",
                             column=key + ".retifica")
            elif target[1].kind == CALL:
                # A retificação quotes the lists it corrects ("Onde se lê… Leia-se…", LEGAL-NOTES 13): a convocação
                # has none, and quoting lists it never contained would publish an act that says what it is not
                # (issue 19 item 4). Its calls change only through the acts over time (reading 14).
                problems.add(FILE, f"«{act.corrects}» é uma convocação: uma retificação corrige as listas de um ato de "
                             "resultado, e uma convocação não tem listas. Para mudar quem foi chamado, declare os "
                             "eventos em eventos.csv (desistência, nomeação sem efeito) e uma nova convocação; para "
                             "corrigir o texto, local ou prazo, publique uma nova convocação que o diga.",
                             column=key + ".retifica")
            elif act.date < target[1].date:
                problems.add(FILE, f"o ato é de {_br(act.date)}, anterior ao ato que ele retifica ({act.corrects}, de "
                             f"{_br(target[1].date)}). Confira a data.", column=key + ".data")
            counts[act.corrects] = counts.get(act.corrects, 0) + 1
            act = _replace(act, sequence=counts[act.corrects])
        by_number[act.id] = (k, act)
        result.append(act)
    return result


def _replace(act: Act, **changes) -> Act:
    from dataclasses import replace

    return replace(act, **changes)


def _br(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def _words(items: list[str], last: str = "e") -> str:
    from .text import join_words

    return join_words(items, last)
