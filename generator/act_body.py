"""The body of an act that is not the result itself, as plain data for the templates (templates/*/_body.html).

A retificação quotes only what changed ("Onde se lê … Leia-se …", LEGAL-NOTES 13): the passages come from
`law.corrections` (the archived result of the last published act against the current one). A convocação lists
the places it calls, each with its vacancy type and article: from `law.calls` (the exam's timelines) when it ran,
else the next places of the cargo's nomination order. Only public fields travel (LEGAL-NOTES 7).
"""

from __future__ import annotations

from .labels import ordinal
from .acts.model import CALL, CORRECTING_KINDS, CORRECTION, Act


def body(act: Act, result, published: dict | None, exam: dict, current: dict | None = None) -> dict | None:
    """{"texto": [paragraphs], "trechos": [passages], "convocados": [places], "fecho": [paragraphs]} of `act`, None
    for an act that publishes the lists (its text is ato.md); `published` is the result contract of the last
    published act (for a retificação), `exam` the act's public view (names, edition), `current` the result contract
    now (computed here when not given)."""
    if act.kind in CORRECTING_KINDS:
        return _correction(act, result, published, exam, current)
    if act.kind == CALL:
        return _call(act, result, exam)
    return None


def _correction(act: Act, result, published: dict | None, exam: dict, current: dict | None) -> dict:
    target = exam["ato"]["retifica"]
    what = "Retifica-se" if act.kind == CORRECTION else "Republica-se, por ter saído com incorreção,"
    text = [f"{what} o {target['titulo']}, de {target['data_curta']}, referente ao {exam['titulo']}. Motivo: "
            f"{act.reason.rstrip('.')}."]
    passages = []
    if published is not None:
        from .contract import contract
        from .law import corrections

        now = current if current is not None else contract(result)
        passages = corrections.body_data(corrections.diff(published, now, per_candidate=False))["trechos"]
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
    rows = _called(act, result, pr, names)
    text = [f"Ficam convocados, no prazo de validade do {exam['titulo']}, os candidatos abaixo para as próximas "
            f"{act.places} vaga(s) do cargo {pr.position.code} — {pr.position.name}, na ordem de nomeação, cada "
            "vaga com o seu tipo e fundamento legal."]
    return {"texto": text, "trechos": [], "convocados": rows, "fecho": []}


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
