"""The body of an act that is not the result itself, as plain data for the templates (templates/*/_body.html).

A retificação quotes only what changed ("Onde se lê … Leia-se …", LEGAL-NOTES 13): the passages come from
`law.corrections` (the archived result of the last published act against the current one). A convocação lists
the places it calls, each with its vacancy type and article: from `law.calls` (the exam's timelines) when it ran,
else the next places of the cargo's nomination order. Only public fields travel (LEGAL-NOTES 7).
"""

from __future__ import annotations

from .labels import OUTCOME, ordinal
from .acts.model import CALL, CORRECTING_KINDS, CORRECTION, STAGE_ORDERS, Act


def body(act: Act, result, published: dict | None, exam: dict, current: dict | None = None, correction=None
         ) -> dict | None:
    """{"texto": [paragraphs], "trechos": [passages], "convocados": [places], "fecho": [paragraphs]} of `act`
    (a convocação adds "apresentacao": [{"rotulo", "texto"}] when it names place, dates or documents, and a stage
    convocação "etapa": {…}, its "convocados" being [{"ordem", "inscricao", "nome"}]), None
    for an act that publishes the lists (its text is ato.md); `published` is the result contract of the last
    published act (for a retificação), `exam` the act's public view (names, edition), `current` the result contract
    now (computed here when not given), `correction` a retificação's comparison of the two (law.corrections.diff;
    computed here when not given)."""
    if act.kind in CORRECTING_KINDS:
        return _correction(act, result, published, exam, current, correction)
    if act.kind == CALL:
        return _call(act, result, exam)
    return None


def _correction(act: Act, result, published: dict | None, exam: dict, current: dict | None, correction=None
                ) -> dict:
    target = exam["ato"]["retifica"]
    what = "Retifica-se" if act.kind == CORRECTION else "Republica-se, por ter saído com incorreção,"
    text = [f"{what} o {target['titulo']}, de {target['data_curta']}, referente ao {exam['titulo']}. Motivo: "
            f"{act.reason.rstrip('.')}."]
    passages = []
    if published is not None:
        from .contract import contract
        from .law import corrections

        if correction is None:
            now = current if current is not None else contract(result)
            correction = corrections.diff(published, now, per_candidate=False)
        passages = corrections.body_data(correction)["trechos"]
    if passages:
        text.append("Ficam retificados os trechos abaixo:")
    else:
        text.append("Nenhum nome, nota, classificação ou posição da ordem de nomeação mudou em relação ao último ato "
                    "publicado.")
    closing = [f"Ficam mantidos os demais termos do {target['titulo']}."]
    return {"texto": text, "trechos": passages, "convocados": [], "fecho": closing}


def _call(act: Act, result, exam: dict) -> dict:
    pr = next(p for p in result.positions if p.position.code == act.position)
    names = "nome" in set(result.rules.public_fields)
    if act.is_stage_call:
        return _stage(act, result, exam, pr, names)
    rows = _called(act, result, pr, names)
    text = [f"Ficam convocados, no prazo de validade do {exam['titulo']}, os candidatos abaixo para as próximas "
            f"{act.places} vaga(s) do cargo {pr.position.code} — {pr.position.name}, na ordem de nomeação, cada "
            "vaga com o seu tipo e fundamento legal."]
    return {"texto": text, **_events(act, result, names), "trechos": [], "convocados": rows, "fecho": [],
            **_presentation(act)}


def _events(act: Act, result, names: bool) -> dict:
    """What eventos.csv says this act published (its `ato` column names the act): the withdrawals, nominations
    made void or annulled, new vacancies and commission outcomes, one sentence each, in the file's order. A card or
    a list row citing the act for a desistência then opens a page that shows it (the record is the truth: every
    citation shows what it cites). {"publica": [{"tipo", "cargo", "inscricao", "nome", "texto"}]}, or {} when the
    act published none (absent, not empty: acts archived before it stay as they were)."""
    from .law.calls import when
    from .load.events import ANNULMENT, COMMISSION, NEW_VACANCIES, VOID, WITHDRAWAL

    declared = {a.id: a for a in result.exam.acts}
    found = []
    for e in getattr(result.exam, "events", None) or []:
        if e.act != act.id:
            continue
        pr = next((p for p in result.positions if p.position.code == e.position), None)
        if pr is None:
            continue
        cargo = f"cargo {pr.position.code} — {pr.position.name}"
        if e.kind == NEW_VACANCIES:
            found.append({"tipo": e.kind, "cargo": pr.position.code, "inscricao": "", "nome": "",
                          "texto": f"Fica(m) acrescida(s) {e.vacancies} vaga(s) ao {cargo}, a partir de "
                                   f"{when(e.date)}."})
            continue
        person = next((c for c in pr.order if c.registration == e.registration), None)
        name = person.name if person is not None and names else ""
        who = f"{name}, inscrição {e.registration}" if name else f"a inscrição {e.registration}"
        held = _held_place(result, pr.position.code, e, declared)
        if e.kind == WITHDRAWAL:
            text = f"Torna-se pública a desistência de {who}, do {cargo}{held}."
        elif e.kind == VOID:
            text = f"Fica tornada sem efeito a nomeação de {who}, do {cargo}{held}."
        elif e.kind == ANNULMENT:
            text = f"Fica anulada, por declaração falsa, a nomeação de {who}, do {cargo}{held}."
        elif e.kind == COMMISSION:  # by inscrição only, as every commission outcome (LEGAL-NOTES 7)
            who, name = f"a inscrição {e.registration}", ""
            text = f"Torna-se público o resultado da comissão para {who}, do {cargo}: {OUTCOME.get(e.outcome, e.outcome)}."
        else:
            continue
        found.append({"tipo": e.kind, "cargo": pr.position.code, "inscricao": e.registration, "nome": name,
                      "texto": text})
    return {"publica": found} if found else {}


def _held_place(result, code: str, event, declared: dict) -> str:
    """", que ocupava a 3ª posição da ordem de nomeação, convocado pelo Edital nº 50/2024": the place the event
    ended (law.calls' timeline), or "" when none ran or the candidate held no place."""
    from .law.calls import act_name, by

    timeline = (getattr(result, "timelines", None) or {}).get(code)
    if timeline is None:
        return ""
    for place in timeline.places:
        if place.ended_by == event.act and timeline.people and \
                timeline.people[place.index].registration == event.registration:
            return (f", convocado(a) para a {ordinal(place.position, True)} posição da ordem de nomeação "
                    f"{by(act_name(place.act.id, declared), place.act.title_gender)}")
    return ""


def presentation(act: Act) -> list[dict]:
    """Where, when, until when and with what the called present themselves, as the act prints it (issue 18 item 2);
    [] when the act names none of them."""
    items = []
    if act.report_place:
        items.append({"rotulo": "Local de apresentação", "texto": act.report_place})
    if act.dates:
        items.append({"rotulo": "Datas", "texto": act.dates})
    if act.hours:
        items.append({"rotulo": "Horário", "texto": act.hours})
    if act.deadline is not None:
        items.append({"rotulo": "Prazo", "texto": f"até {act.deadline:%d/%m/%Y}"})
    if act.documents:
        items.append({"rotulo": "Documentos", "texto": "; ".join(d.rstrip(".;") for d in act.documents) + "."})
    return items


def _presentation(act: Act) -> dict:
    items = presentation(act)
    return {"apresentacao": items} if items else {}  # absent, not empty: acts archived before it stay as they were


def _stage(act: Act, result, exam: dict, pr, names: bool) -> dict:
    """A convocação to a stage (LEGAL-NOTES 18): the aptos it calls, in its order, without nomination positions."""
    from .law.calls import stage_aptos

    timeline = (getattr(result, "timelines", None) or {}).get(pr.position.code)
    if timeline is not None and act.id in timeline.stages:
        called, people = timeline.stages[act.id], timeline.people or pr.order
    else:  # no timeline ran (a preview of the body alone): the aptos of the result, without later events
        called, people = stage_aptos(pr.order, set(pr.withdrawn), act), pr.order
        called = [] if isinstance(called, str) else called
    rows = [{"ordem": k, "inscricao": people[i].registration, "nome": people[i].name if names else ""}
            for k, i in enumerate(called, 1)]
    who = (f"os {act.count} primeiros classificados aptos" if act.count is not None
           else "todos os candidatos aptos")
    text = [f"Ficam convocados para a etapa «{act.stage}» do {exam['titulo']}, cargo {pr.position.code} — "
            f"{pr.position.name}, {who} ({len(rows)} candidato{'s' if len(rows) != 1 else ''}), listados abaixo em "
            f"{STAGE_ORDERS[act.stage_order]} ({act.basis}).",
            "Esta convocação não é nomeação: não ocupa posição da ordem de nomeação nem altera o cadastro de reserva."]
    stage = {"nome": act.stage, "ordem": act.stage_order, "ordem_texto": STAGE_ORDERS[act.stage_order],
             "quantos": act.count, "fundamento": act.basis, "total": len(rows)}
    return {"texto": text, **_events(act, result, names), "trechos": [], "convocados": rows, "fecho": [],
            "etapa": stage, **_presentation(act)}


def _called(act: Act, result, pr, names: bool) -> list[dict]:
    """The places this act calls: law.calls' timeline when it exists, else the next places of the order."""
    from .contract import basis_text, place_basis

    timeline = (getattr(result, "timelines", None) or {}).get(pr.position.code)
    if timeline is not None:  # a refill after a commission outcome cites "vaga não preenchida" (LEGAL-NOTES 7)
        places = [(p.position, p.group, p.index, p.bases, place_basis(p)) for p in timeline.places
                  if p.act.id == act.id]
    else:  # the same allocation, continued: skip the places earlier convocações of this cargo called
        before = sum(a.places or 0 for a in result.exam.acts[:result.exam.acts.index(act)]
                     if a.kind == CALL and a.position == act.position)
        chosen = pr.allocation.nominations[before:before + (act.places or 0)]
        places = [(n.position, n.group, n.index, n.bases, basis_text(n.bases)) for n in chosen]
    from .public import note_numbers

    numbers = note_numbers(result)  # the act's own PDF lists these notes (its "Notas" section)
    rows = []
    for position, group, index, bases, text in sorted(places, key=lambda p: p[0]):
        person = pr.order[index]
        notes = sorted({numbers[b.note] for b in bases if b.note in numbers})
        marks = f" (nota{'s' if len(notes) > 1 else ''} {', '.join(map(str, notes))})" if notes else ""
        rows.append({"posicao": f"{ordinal(position, True)}", "vaga": result.rules.vacancy_label(group),  # the rule file's words
                     "inscricao": person.registration, "nome": person.name if names else "",
                     "fundamento": text + marks})
    return rows
