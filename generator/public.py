"""The public view: the only data templates and downloads ever see, built from an allow-list.

CPF, birth date, sex, the commission's parecer and anything not named here never leave this module
(LEGAL-NOTES 7; MS art. 33; Lei Federal nº 12.527/2011, art. 31). Plain dicts, lists, str, int and bool only.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import compress, count, islice
from operator import attrgetter, eq
from typing import Iterator

from .acts.model import ACT_TYPES, RESULT, Act, Edition
from .contract import basis_text
from .labels import ELIMINATION, OUTCOME, PROCEDURE, score_text
from .law.basis import Basis
from .law.rules import PUBLIC_FIELDS, VOCABULARY
from .load.text import MONTHS, date_in_full  # noqa: F401  (re-exported: renderers import them from here)
from .model import OPEN, listed_groups
from .results import GENERAL, ExamResult, PositionResult, cargo_register_basis
from .tiebreak import deciding, published

OFFICIAL_ROW = "desempate: classificação oficial da banca"
AGE_ROW = "desempate: idade"  # the default criterion (the older first): never the birth date (LEGAL-NOTES 19)



class _Bases:
    """Basis → dict, shared so a million nominations citing the same article share one object (read-only).
    A basis that rests on a reading carries the number of its note (`nota_numero`; the numbering of `note_numbers`),
    so every page and the PDF can point at the note instead of repeating it on each row."""

    def __init__(self, numbers: dict[str, int] | None = None) -> None:
        self._one: dict[Basis, dict] = {}
        self._many: dict[tuple[Basis, ...], dict] = {}
        self._numbers = numbers or {}
        # The last tuple asked for and its dict: the nominations of a national cadastro share one tuple object
        # (allocate.py), and hashing it (each Basis and its Norm, dataclass __hash__ in Python) was ~4 CPU s at 1M
        self._last: tuple[tuple[Basis, ...] | None, dict | None] = (None, None)

    def one(self, basis: Basis | None) -> dict | None:
        if basis is None:
            return None
        found = self._one.get(basis)
        if found is None:
            found = self._one[basis] = {"texto": basis.text, "pagina": basis.norm.page, "ancora": basis.anchor,
                                        "urn": basis.urn, "nota": basis.note,
                                        "nota_numero": self._numbers.get(basis.note)}
        return found

    def many(self, bases: tuple[Basis, ...]) -> dict:
        """Several bases: the first one's link, the whole text, and each one for its own link; `notas`: the numbers
        of the notes any of them rests on, each once."""
        last, found = self._last
        if bases is last:
            return found
        found = self._many.get(bases)
        if found is None:
            first = self.one(bases[0])
            unique = list({(b.norm.key, b.article): b for b in reversed(bases)}.values())[::-1]
            notes = sorted({self._numbers[b.note] for b in bases if b.note in self._numbers})
            found = self._many[bases] = {**first, "texto": basis_text(bases), "todos": [self.one(b) for b in unique],
                                         "notas": notes}
        self._last = (bases, found)
        return found


def _register_text(pos, rules) -> str:
    """«75 posição(ões) além das vagas; pessoas negras: 15»: a cargo's own cadastro, in words."""
    size = pos.register_size if pos.register_size is not None else rules.register_size
    parts = [f"{size} posição(ões) além das vagas; ninguém é projetado além delas" if size is not None
             else "sem tamanho fixado"]
    parts += [f"{rules.group_label(g)}: {n}" for g, n in (pos.register_reserves or {}).items()]
    return "; ".join(parts)


def _labelled_bases(result: ExamResult) -> list[tuple[str, Basis | None]]:
    """Every citation the exam's outputs may show, with the rule it supports, in the order of the "Regras
    aplicadas" page (then what that page does not show)."""
    rules = result.rules
    out: list[tuple[str, Basis | None]] = []
    for g, rule in rules.groups.items():
        name = f"Reserva de {rules.group_label(g)}"
        out += [(f"{name}: percentual e quem concorre", rule.basis), (f"{name}: modelo", rule.model_basis),
                (f"{name}: arredondamento", rules.rounding_for(g)[1]),
                (f"{name}: mínimo de vagas do cargo", rules.min_for(g)[1]),
                (f"{name}: posições na ordem de nomeação", rule.positions_basis),
                (f"{name}: vagas no cadastro de reserva", rule.register_basis),
                (f"{name}: lista específica", rule.list_basis)]
    for pr in result.positions:
        for g, b in pr.count_bases.items():
            out.append((f"Cargo {pr.position.code}: contagem da reserva de {rules.group_label(g)}", b))
        own = cargo_register_basis(pr.position, result.exam.notice)
        if own is not None:  # the cargo's own cadastro (certame.toml `cadastro`, `cadastro_reservas`)
            out.append((f"Cargo {pr.position.code}: cadastro de reserva", own))
    out += [("Ordem de nomeação: ampla concorrência", rules.open_basis),
            ("Ordem de nomeação: alternância e proporcionalidade", rules.alternation_basis),
            *((f"Ordem de nomeação: alternância — {rules.group_label(g)}", rule.alternation_basis)
              for g, rule in rules.groups.items() if rule.alternation_basis is not None),
            ("Ordem de nomeação: coincidência de posições", rules.collision_basis),
            ("Ordem de nomeação: reversão", rules.reversion_basis),
            ("Ordem de nomeação: desistência", rules.withdrawal_basis),
            ("Ordem de nomeação: cadastro de reserva", rules.register_basis),
            ("Cadastro de reserva: posições que aguardam a comissão", rules.register_check_basis),
            ("Tamanho do cadastro de reserva", rules.register_size_basis),
            ("Candidato alcançado por duas reservas", rules.precedence_basis),
            ("Candidato alcançado por duas reservas: a escolha do candidato", rules.choice_basis)]
    out += [(f"Precedência: {rules.group_label(a)} antes de {rules.group_label(b)}", basis)
            for a, b, basis in rules.fixed_precedence]
    out.append(("Desempate", rules.tiebreak_basis))
    out += [(f"Desempate: {c.text}", c.basis) for c in result.tiebreak or ()]
    out += [(f"Comissão — {rules.procedure_label(p)}: {rule.label or OUTCOME.get(o, o)}", rule.basis)
            for (p, o), rule in rules.commission.items()]
    out += [("Lista geral", rules.general_basis), ("Listas", rules.lists_basis),
            ("Listas específicas publicadas", rules.specific_lists_basis),
            ("Mínimo de vagas para haver reserva", rules.min_vacancies_basis),
            ("Abaixo do mínimo de vagas", rules.below_min_basis), ("Arredondamento", rules.rounding_basis),
            ("O que é público", rules.public_basis), ("Vigência das regras", rules.validity_basis),
            ("Editais alcançados pelas regras", rules.notice_basis)]
    return out


def note_numbers(result: ExamResult) -> dict[str, int]:
    """Each distinct note (the reading a citation rests on) numbered 1, 2 … in the order of `_labelled_bases`."""
    numbers: dict[str, int] = {}
    for _, basis in _labelled_bases(result):
        if basis is not None and basis.note and basis.note not in numbers:
            numbers[basis.note] = len(numbers) + 1
    return numbers


def notes_view(result: ExamResult) -> list[dict]:
    """The exam's notes, numbered: each with its text, the rules it qualifies and their citations."""
    numbers = note_numbers(result)
    notes = {n: {"numero": n, "texto": text, "regras": [], "fundamentos": []} for text, n in numbers.items()}
    for label, basis in _labelled_bases(result):
        if basis is None or not basis.note:
            continue
        note = notes[numbers[basis.note]]
        if label not in note["regras"]:
            note["regras"].append(label)
        if basis.text not in note["fundamentos"]:
            note["fundamentos"].append(basis.text)
    return list(notes.values())


def exam_view(result: ExamResult, with_positions: bool = True, act: Act | None = None) -> dict:
    """The exam's public metadata as published by `act` (default: the act the current lists reflect); with its
    cargos' full views, or (at scale) only their summaries."""
    exam, rules = result.exam, result.rules
    act = act or exam.current_act() or _publication_act(exam)
    # The act and those before it (issue 19 item 1): what an act publishes depends only on them, never on acts
    # declared after it, so its archived bytes do not depend on how `gazeta publicar` runs were split.
    known = exam.acts[:exam.acts.index(act) + 1] if act in exam.acts else exam.acts
    bases = _Bases(note_numbers(result))
    return {
        "slug": exam.slug,
        "titulo": exam.title,
        "orgao": exam.agency,
        "edital": exam.notice,  # the opening edital: another act, never the published one's identity
        "jurisdicao": {"id": rules.id, "nome": rules.name},
        "normas": [{"chave": n.key, "titulo": n.title, "sigla": n.short, "urn": n.urn, "pagina": n.page}
                   for n in rules.norms.values()],
        "publicacao": edition_view(act.edition),
        "ato": act_view(act, known),
        "atos": [act_view(a, known) for a in known],
        "preambulo_md": act.text or exam.preamble_md,  # the act's own `texto` prevails over ato.md (issue 18)
        "fundamento_publicidade": bases.one(rules.public_basis),
        "regras": rules_view(result, bases),
        "notas": notes_view(result),
        "cargos": [position_view(result, pr, bases) if with_positions else position_summary(pr)
                   for pr in result.positions],
    }


def _publication_act(exam) -> Act:
    """An exam built without acts (legal scenarios, tools): its [publicacao] as one result act without a number."""
    pub = exam.publication
    return Act(kind=RESULT, number="", date=pub.date, edition=Edition(
        gazette=pub.gazette, date=pub.date, number=pub.edition or None, section=pub.section,
        subsection=pub.subsection, entity=pub.entity, year=pub.year, url=pub.url))


def edition_view(edition: Edition) -> dict:
    """The gazette coordinates of an act, for the masthead and citations."""
    return {"diario": edition.gazette, "edicao": edition.number or "", "data": edition.date.isoformat(),
            "data_extenso": date_in_full(edition.date), "secao": edition.section, "subsecao": edition.subsection,
            "entidade": edition.entity, "ano": edition.year, "url": edition.url, "extra": edition.extra,
            "suplemento": edition.supplement}


def act_view(act: Act, acts: list[Act]) -> dict:
    """One act's identity and closing block (signers sign public acts: their names and offices are public)."""
    by_number = {a.id: a for a in acts}
    corrected = by_number.get(act.corrects) if act.corrects else None
    return {
        "tipo": act.kind, "tipo_nome": ACT_TYPES[act.kind], "numero": act.number, "titulo": act.label,
        # the own title's stated gender (certame.toml `titulo_genero`; issue 18 item 4), only when stated
        **({"titulo_genero": act.title_gender} if act.title and act.title_gender else {}),
        **({"identificador": act.ident, "ordem_no_dia": act.day_order} if act.ident else {}),
        "slug": act.slug, "data": act.date.isoformat(), "data_extenso": date_in_full(act.date),
        "data_curta": act.date.strftime("%d/%m/%Y"),
        "retifica": None if corrected is None else {
            "numero": corrected.number, "titulo": corrected.label, "slug": corrected.slug,
            **({"identificador": corrected.ident, "ordem_no_dia": corrected.day_order} if corrected.ident else {}),
            "data": corrected.date.isoformat(), "data_curta": corrected.date.strftime("%d/%m/%Y")},
        "sequencia": act.sequence, "motivo": act.reason, "cargo": act.position, "vagas": act.places,
        "local": act.place, "assinaturas": [{"nome": s.name, "cargo": s.office} for s in act.signers],
        **own_fields(act),
        "retificado_por": [{"numero": a.number, "titulo": a.label, "slug": a.slug, "data": a.date.isoformat(),
                            "data_curta": a.date.strftime("%d/%m/%Y"),
                            **({"genero": a.title_gender} if a.title and a.title_gender else {})}
                           for a in acts if a.corrects == act.id and act.id],
    }


def own_fields(act: Act) -> dict:
    """An act's own text and a convocação's presentation and stage (issue 18 item 2), only those it declares: what
    the citizen card shows («apresentar-se até 10/07/2024 em …»). `texto` is Markdown (render it through
    render/safe_markdown.py); `prazo` is ISO and `prazo_curto` DD/MM/AAAA; `etapa` names the stage of a stage
    convocação, with its `ordem` (classificacao | alfabetica), `quantos` (absent: every apto) and `fundamento`.
    Absent keys, not empty ones: the views of acts archived before these keys existed stay byte-identical."""
    fields = {"texto": act.text, "local_apresentacao": act.report_place, "datas": act.dates, "horario": act.hours,
              "prazo": act.deadline.isoformat() if act.deadline else None,
              "prazo_curto": act.deadline.strftime("%d/%m/%Y") if act.deadline else None,
              "documentos": list(act.documents), "etapa": act.stage, "ordem": act.stage_order, "quantos": act.count,
              "fundamento": act.basis}
    return {k: v for k, v in fields.items() if v not in (None, "", [])}


def iter_position_views(result: ExamResult) -> Iterator[dict]:
    """Full views one cargo at a time, so renderers stream at national scale."""
    bases = _Bases(note_numbers(result))
    for pr in result.positions:
        yield position_view(result, pr, bases)


def position_summary(pr: PositionResult) -> dict:
    """A cargo without its entries: for indexes and the home page."""
    alloc = pr.allocation
    return {
        "codigo": pr.position.code,
        "nome": pr.position.name,
        "vagas": pr.position.vacancies,
        "guarda_municipal": pr.position.municipal_guard,
        "reservas": {g: alloc.counts.get(g, 0) for g in listed_groups(alloc.counts)},
        "totais": {"aprovados": len(pr.order), "eliminados": len(pr.eliminated), "desistencias": len(pr.withdrawn),
                   "nomeados": sum(1 for n in alloc.nominations if not n.register),
                   "cadastro": sum(1 for n in alloc.nominations if n.register),
                   **{f"lista_{g}": len(idx) for g, idx in pr.lists.items()}},
        "listas_publicadas": list(pr.lists),
    }


def position_view(result: ExamResult, pr: PositionResult, bases: _Bases | None = None) -> dict:
    """Everything published about one cargo."""
    bases = bases or _Bases(note_numbers(result))
    rules = result.rules
    fields = set(rules.public_fields) & set(PUBLIC_FIELDS)
    people = [_person(c, i + 1, fields) for i, c in enumerate(pr.order)]
    shown = tie_columns_view(result)
    if shown:
        _tie_values(result, pr.order, people, shown)
    for k, words in _tie_words(result, pr.order).items():
        people[k]["desempate"] = words
    marks = _marks(result, pr)
    for i, mark in marks.items():  # the current lists say what a later act did (issue 19 item 5)
        if i < len(people):  # (one called, then eliminated, is on no list)
            people[i] = {**people[i], "situacao": mark.kind, "situacao_ato": mark.act}
    view = position_summary(pr)
    view["fundamentos_reservas"] = {g: bases.one(b) for g, b in pr.count_bases.items()}
    view["rotulos"] = labels_view(rules)
    view["colunas_desempate"] = [{**c, "fundamento": bases.one(c["fundamento"])} for c in shown]
    view["listas"] = [_list_view(g, idx, people, rules, bases, result, pr.order) for g, idx in pr.lists.items()]
    view["tem_desempate"] = any("desempate" in e for lst in view["listas"] for e in lst["entradas"])
    view["nomeacao"] = [
        {"posicao": n.position, "vaga": n.group, "vaga_devida": n.due, "motivo": n.reason,
         **_entry_person(people[n.index]), "fundamento": bases.many(n.bases), "cadastro_reserva": n.register}
        for n in pr.allocation.nominations]
    view["comissao"] = _commission_view(pr, bases)
    view["eliminados"] = [{"inscricao": e.candidate.registration, "motivo": elimination_label(e),
                           "fundamento": bases.one(e.basis)} for e in pr.eliminated]
    view["desistencias"] = [{"inscricao": pr.order[i].registration} for i in pr.withdrawn]
    view["historico"] = _history(result, pr)
    view["convocacoes"] = _called_at(result, pr)
    in_force = _order_in_force(result, pr, bases, people, fields)
    if in_force is not None:
        view["ordem_vigente"] = in_force
    stages = _stage_calls(result, pr)
    if stages:  # only when there are some: the views of exams without stage convocações stay as they were
        view["convocacoes_etapa"] = stages
    who = _people_of(result, pr)
    view["situacoes"] = {who[i].registration: {"situacao": m.kind, "ato": m.act, "numero": m.number,
                                                    "data": m.date.isoformat(), "texto": m.text}
                         for i, m in sorted(marks.items())}
    # rows an archived retificação changed, with that act (issue 19 item 5; generator/corrected.py)
    corrected = result.corrected.get(pr.position.code, {})
    view["retificadas"] = {reg: [{k: m[k] for k in ("ato", "ato_slug", "numero", "data", "texto")} for m in ms]
                           for reg, ms in corrected.items()}
    return view


def labels_view(rules) -> dict:
    """The words for each group and vacancy type, from the rule file (a "Guarda Municipal" is not a "Guarda Civil")."""
    groups = [OPEN, *rules.groups]
    return {"grupos": {g: rules.group_label(g) for g in groups},
            "vagas": {g: rules.vacancy_label(g) for g in groups},
            "minimos": [g for g, rule in rules.groups.items() if rule.model == "minimo"],
            # the edital's names of the commission procedures, only when the rule file gives them (issue 18 item 4)
            **({"procedimentos": {p: rules.procedure_label(p) for p in PROCEDURE}} if rules.procedure_labels else {})}


def elimination_label(e) -> str:
    """Why a candidate is out: the usual words, else the rule file's label of the commission outcome."""
    return ELIMINATION.get(e.reason) or e.label or e.reason


def _people_of(result: ExamResult, pr: PositionResult) -> list:
    """The candidate of each index the timeline uses: the general list, then anyone called and eliminated since."""
    timeline = result.timelines.get(pr.position.code)
    return timeline.people if timeline is not None and timeline.people else pr.order


def _marks(result: ExamResult, pr: PositionResult) -> dict:
    """General-list index → law.calls.Mark: withdrawals, nominations made void or annulled during the validity,
    with the act that published each (never a commission outcome: LEGAL-NOTES 7)."""
    timeline = result.timelines.get(pr.position.code)
    return timeline.marks if timeline is not None else {}


def _order_in_force(result: ExamResult, pr: PositionResult, bases: _Bases, people: list[dict], fields: set[str]
                    ) -> dict | None:
    """The nomination order as it stands after the convocações and events (issue 19 item 3; law/calls.py): each
    position's candidate called by which act, then the projection after them — the places the next convocações
    would take (Timeline.ahead), vacated places refilled first. None when nothing was called or happened: the
    nomination order is then the published projection itself. {"vagas": V now, "posicoes": rows}; a row is the
    nomination row's fields plus «convocado_por» (the act's title; None for a projected place) and «vaga_deixada»
    (the place was called and left, and the projection refills it)."""
    from .law.calls import CALLED

    timeline = result.timelines.get(pr.position.code)
    if timeline is None or not (timeline.places or timeline.ahead):
        return None
    holders: dict[int, object] = {}
    for place in timeline.places:  # by position, then in call order: the last is the one holding it now
        holders[place.position] = place
    ahead = {place.position: place for place in timeline.ahead}
    rows = []
    for position in sorted(holders.keys() | ahead.keys()):
        held = holders.get(position)
        place = held if held is not None and (held.status == CALLED or position not in ahead) else ahead[position]
        i = place.index
        who = (_entry_person(people[i]) if i < len(people) else
               {"inscricao": timeline.people[i].registration,
                **({"nome": timeline.people[i].name} if "nome" in fields else {})})
        rows.append({"posicao": position, "vaga": place.group, **who, "fundamento": bases.many(place.bases),
                     "cadastro_reserva": position > timeline.vacancies,
                     "convocado_por": place.act.label if place is held else None,
                     "vaga_deixada": held is not None and place is not held})
    return {"vagas": timeline.vacancies, "posicoes": rows}


def _called_at(result: ExamResult, pr: PositionResult) -> dict[str, list[int]]:
    """Inscrição → the positions the convocações called the candidate to (law/calls.py), in order: where a call
    differs from the projected position, the row shows the call, not the projection (issue 19 item 3)."""
    timeline = result.timelines.get(pr.position.code)
    if timeline is None:
        return {}
    out: dict[str, list[int]] = {}
    for place in timeline.places:
        out.setdefault(timeline.people[place.index].registration, []).append(place.position)
    return {reg: sorted(positions) for reg, positions in sorted(out.items())}


def _stage_calls(result: ExamResult, pr: PositionResult) -> dict[str, list[str]]:
    """Inscrição → the stage convocações (LEGAL-NOTES 18) that called the candidate, by act id (number or
    identifier), in date order: with the act's view in `atos` (etapa, prazo, local_apresentacao…), what the citizen
    card tells («convocado para o Curso de Formação; apresentar-se até …»)."""
    timeline = result.timelines.get(pr.position.code)
    if timeline is None or not timeline.stages:
        return {}
    out: dict[str, list[str]] = {}
    for act, called in timeline.stages.items():
        for i in called:
            out.setdefault(timeline.people[i].registration, []).append(act)
    return dict(sorted(out.items()))


def _history(result: ExamResult, pr: PositionResult) -> dict[str, list[str]]:
    """Each candidate's public history over the validity period (law/calls.py): convocações, withdrawals, voided
    and annulled nominations — acts published with the name by law. Commission outcomes are never among them
    (LEGAL-NOTES 7): they stay in the anonymized commission table."""
    timeline = result.timelines.get(pr.position.code)
    if timeline is None:
        return {}
    return {timeline.people[i].registration: [h.text for h in lines] for i, lines in sorted(timeline.history.items())}


def _person(c, general_rank: int, fields: set[str]) -> dict:
    """The allow-list: inscrição, name, score, classification — nothing else of the candidate. Doubles as the
    candidate's entry in the general list (shared, read-only), so a million entries are not copied."""
    person = {"classificacao": general_rank, "inscricao": c.registration, "classificacao_geral": general_rank}
    if "nome" in fields:
        person["nome"] = c.name
    if "nota" in fields:
        person["nota"] = score_text(c.score)
    return person


def _entry_person(person: dict) -> dict:
    if "nome" in person:  # the usual case, without a comprehension per nomination
        return {"inscricao": person["inscricao"], "nome": person["nome"],
                "classificacao_geral": person["classificacao_geral"]}
    return {k: person[k] for k in ("inscricao", "classificacao_geral") if k in person}


def tie_columns_view(result: ExamResult) -> list[dict]:
    """The tie-break columns the lists show (`publicar = true`): scores and the draw's number, each with its words
    and citation — never a birth date nor an hour (tiebreak.published; LEGAL-NOTES 19). `fundamento` is a Basis
    here; position_view turns it into its dict."""
    columns = result.exam.tie_columns
    return [{"chave": c.column, "rotulo": c.shown, "tipo": "sorteio" if c.kind == "sorteio" else "nota",
             "fundamento": c.basis} for c in published(result.tiebreak) if c.column in columns]


def _tie_values(result: ExamResult, order: list, people: list[dict], shown: list[dict]) -> None:
    """Each person's values of the published tie-break columns, as text ("" where the board left the cell empty)."""
    at = [result.exam.tie_columns.index(c["chave"]) for c in shown]
    for c, person in zip(order, people):
        values = c.tie or ()
        person["valores_desempate"] = [_tie_text(values[k] if k < len(values) else None) for k in at]


def _tie_text(value) -> str:
    if value is None:
        return ""
    return str(value) if isinstance(value, int) else score_text(value)


def _tie_words(result: ExamResult, seq: list) -> dict[int, str]:
    """Position k in `seq` (candidates in list order) → the words of the criterion that decided its tie in the
    score with a neighbour: the one before it, or for the first of a run the one after it (LEGAL-NOTES 19: "why am I
    44th and not 43rd"). A run decided by the board's classification says so; age never shows the date."""
    scores = list(map(attrgetter("score"), seq))
    tied = list(compress(count(), map(eq, scores, islice(scores, 1, None))))
    out: dict[int, str] = {}
    exam, criteria = result.exam, result.tiebreak
    for i in tied:
        a, b = seq[i], seq[i + 1]
        if a.rank is not None:
            words = OFFICIAL_ROW
        elif criteria:
            criterion = deciding(a, b, criteria, exam.tie_columns, exam.registration_end)
            words = criterion.row_text if criterion is not None else None
        else:
            words = AGE_ROW
        if words:
            out[i + 1] = words
            out.setdefault(i, words)
    return out


def _list_view(group: str, indexes: list[int], people: list[dict], rules, bases: _Bases,
               result: ExamResult | None = None, order: list | None = None) -> dict:
    if group == GENERAL:
        title, basis, gender = rules.general_title, rules.general_basis, rules.general_gender
        entries = people
    else:
        rule = rules.groups[group]
        title, basis, gender = rule.list_title, rule.list_basis, rule.list_gender
        entries = [{**people[i], "classificacao": r} for r, i in enumerate(indexes, start=1)]
        for e in entries:
            e.pop("desempate", None)  # a group list's ties are with its own neighbours
        if result is not None and order is not None:
            for k, words in _tie_words(result, [order[i] for i in indexes]).items():
                entries[k]["desempate"] = words
    # `genero`: the title's gender, when the rule file states it (lista_genero, geral_genero; issue 18 item 4)
    return {"grupo": group, "titulo": title, **({"genero": gender} if gender else {}), "fundamento": bases.one(basis),
            "entradas": entries}


def _commission_view(pr: PositionResult, bases: _Bases) -> dict:
    """Anonymized: inscrição and outcome category only, plus counts (MS art. 13 p.u.; art. 33)."""
    rows = sorted(pr.commission, key=lambda rr: (rr[0].procedure, rr[0].registration))
    counts: dict[str, Counter] = {}
    for row, _ in rows:
        counts.setdefault(row.procedure, Counter())[row.outcome] += 1
    return {
        "resultados": [{"inscricao": row.registration, "procedimento": row.procedure, "resultado": row.outcome,
                        "rotulo": rule.label or OUTCOME.get(row.outcome, row.outcome), "efeito": rule.effect, "fundamento": bases.one(rule.basis)} for row, rule in rows],
        "contagens": {p: dict(sorted(c.items())) for p, c in sorted(counts.items())},
    }


def _percent_text(value) -> str:
    """Decimal("5") → "5%", Decimal("2.5") → "2,5%"."""
    return f"{value.normalize():f}".replace(".", ",") + "%"


def _fraction_text(value: Fraction) -> str:
    """percent × vacancies / 100 as written: exact, since a decimal percentage times an integer always terminates."""
    return f"{Decimal(value.numerator) / Decimal(value.denominator):f}".replace(".", ",")


def _sequence_text(rule) -> str:
    listed = ", ".join(f"{p}ª" for p in rule.positions)
    if rule.interval is None:
        return listed
    after = [rule.positions[-1] + rule.interval * k for k in (1, 2)]
    return f"{listed} e, depois, a cada {rule.interval} ({after[0]}ª, {after[1]}ª…), também além das vagas"


def _count_text(pr: PositionResult, rules, group: str) -> str:
    """How the cargo's count of a group was reached, in words a citizen can check."""
    pos, rule = pr.position, rules.groups[group]
    n = pr.allocation.counts.get(group, 0)
    if (pos.reserves or {}).get(group) is not None:
        return f"{n}: contagem fixada para o cargo, que prevalece sobre o percentual"
    if (pos.reserved_positions or {}).get(group):
        return f"{n}: posições fixadas para o cargo ({', '.join(map(str, pos.reserved_positions[group]))})"
    minimum = rules.min_for(group)[0]
    if pos.vacancies < minimum:
        return f"0: o cargo tem menos de {minimum} vagas"
    if rule.positions is not None:
        return f"{n}: posições da sequência até a {pos.vacancies}ª"
    exact = Fraction(pos.vacancies) * Fraction(rule.percent) / 100
    word = rules.rounding_for(group)[0]
    return f"{n}: {_percent_text(rule.percent)} de {pos.vacancies} = {_fraction_text(exact)} → {n} ({VOCABULARY[word]})"


def rules_view(result: ExamResult, bases: _Bases | None = None) -> dict:
    """The rules actually applied to an exam, each with its citation and note: the "Regras aplicadas" page."""
    bases = bases or _Bases(note_numbers(result))
    rules = result.rules
    one = bases.one
    groups = []
    for g, rule in rules.groups.items():
        word, rounding_basis = rules.rounding_for(g)
        minimum, minimum_basis = rules.min_for(g)
        groups.append({
            "grupo": g, "rotulo": rules.group_label(g), "percentual": _percent_text(rule.percent),
            "fundamento": one(rule.basis), "elegibilidade": VOCABULARY[rule.eligibility],
            "modelo": rule.model, "modelo_texto": VOCABULARY[rule.model], "modelo_fundamento": one(rule.model_basis),
            "arredondamento": word, "arredondamento_texto": VOCABULARY[word],
            "arredondamento_fundamento": one(rounding_basis),
            "vagas_minimas": minimum, "vagas_minimas_fundamento": one(minimum_basis),
            "posicoes": _sequence_text(rule) if rule.positions is not None else None,
            "posicoes_fundamento": one(rule.positions_basis),
            "cadastro": rule.register, "cadastro_fundamento": one(rule.register_basis),
            "lista": rule.list_title, "lista_fundamento": one(rule.list_basis),
            # the words after «vaga» when the rule file sets its own (`rotulo_vaga`): an archived convocação's rows
            # say them, and store/frozen.py reads its places back from the rules it published, not from today's
            # file. Only when they differ from «reservada a» + rotulo, which frozen.py derives: the rules of acts
            # archived before this key existed stay byte-identical.
            **({"rotulo_vaga": rule.vacancy_label}
               if rule.vacancy_label and rule.vacancy_label != f"reservada a {rules.group_label(g)}" else {}),
        })
    nomination = [
        ("Ampla concorrência", "os mais bem classificados da lista geral, cotistas incluídos", rules.open_basis),
        ("Alternância e proporcionalidade", "a posição k é reservada quando a contagem proporcional de k vagas "
         "alcança o inteiro seguinte; posições fixadas pelo edital prevalecem", rules.alternation_basis),
        ("Coincidência de posições", "chama-se primeiro o de maior nota geral", rules.collision_basis),
        ("Reversão", "vaga reservada sem candidatos elegíveis volta à ampla concorrência", rules.reversion_basis),
        ("Desistência", "chama-se o seguinte da mesma lista", rules.withdrawal_basis),
        ("Cadastro de reserva", "a posição V+k vai a quem a alocação para V+k vagas acrescenta",
         rules.register_basis),
    ]
    official = [pr.position.code for pr in result.positions if pr.order and pr.order[0].rank is not None]
    return {
        "grupos": groups,
        "nomeacao": [{"regra": name, "texto": text, "fundamento": one(b)} for name, text, b in nomination],
        "cadastro": {"total": rules.register_size, "fundamento": one(rules.register_size_basis)}
        if rules.register_size is not None else None,
        # a cargo's own cadastro (certame.toml `cadastro`, `cadastro_reservas`; issue 18)
        "cadastros": [{"codigo": pr.position.code, "texto": _register_text(pr.position, rules),
                       "fundamento": one(cargo_register_basis(pr.position, result.exam.notice))}
                      for pr in result.positions if cargo_register_basis(pr.position, result.exam.notice)],
        "precedencia": {
            "texto": VOCABULARY[rules.precedence_rule] + "; persistindo o empate, a ordem: "
            + ", ".join(rules.group_label(g) for g in rules.precedence_tiebreak),
            "fundamento": one(rules.precedence_basis),
            "fixas": [{"texto": f"{rules.group_label(a)} antes de {rules.group_label(b)}", "fundamento": one(basis)}
                      for a, b, basis in rules.fixed_precedence],
            "escolha": {"texto": "o candidato pode escolher a reserva pela qual é nomeado (coluna «escolha» da "
                        "planilha da banca); sem escolha, vale a regra acima"
                        + ("; a escolha não altera a precedência fixada pela norma" if rules.fixed_precedence
                           else ""),
                        "fundamento": one(rules.choice_basis)} if rules.choice_basis is not None else None},
        "desempate": {"fundamento": one(rules.tiebreak_basis), "classificacao_oficial": official,
                      "criterios": [{"texto": c.text, "fundamento": one(c.basis)} for c in result.tiebreak]
                      if result.tiebreak else None,
                      "origem": "o edital do certame" if result.exam.tiebreak else "o arquivo de regras"},
        "comissao": [{"procedimento": p, "resultado": o, "rotulo": rule.label or OUTCOME.get(o, o),
                      **({"procedimento_nome": rules.procedure_labels[p]} if p in rules.procedure_labels else {}),
                      "efeito": rule.effect, "efeito_texto": VOCABULARY[rule.effect], "fundamento": one(rule.basis)}
                     for (p, o), rule in rules.commission.items()],
        "cargos": [{"codigo": pr.position.code, "nome": pr.position.name, "vagas": pr.position.vacancies,
                    "reservas": [{"rotulo": rules.group_label(g), "texto": _count_text(pr, rules, g),
                                  "fundamento": one(pr.count_bases[g])} for g in pr.allocation.counts]}
                   for pr in result.positions],
    }
