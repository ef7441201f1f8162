"""Plain-Portuguese answer to "where do I stand and why" for one candidate, citing the articles."""

from __future__ import annotations

from dataclasses import dataclass

from .contract import basis_text
from .labels import GROUP, OUTCOME, PROCEDURE, VACANCY, ordinal, score_text
from .public import elimination_label
from .results import GENERAL, ExamResult, PositionResult, register_for
from .tiebreak import deciding


@dataclass(slots=True)
class PositionIndex:
    """Lookups for one cargo, built once: registration → general index, list ranks, nomination."""

    by_registration: dict[str, int]
    list_rank: dict[str, dict[int, int]]
    nomination: dict[int, object]

    @classmethod
    def of(cls, pr: PositionResult) -> "PositionIndex":
        return cls(
            {c.registration: i for i, c in enumerate(pr.order)},
            {g: {i: r for r, i in enumerate(idx, start=1)} for g, idx in pr.lists.items() if g != GENERAL},
            {n.index: n for n in pr.allocation.nominations},
        )


def explain(result: ExamResult, registration: str) -> list[str] | None:
    """Sentences about one candidate, or None when the registration is not in the exam."""
    for pr in result.positions:
        for e in pr.eliminated:
            if e.candidate.registration == registration:
                return _eliminated(pr, e)
        index = PositionIndex.of(pr)
        if registration in index.by_registration:
            i = index.by_registration[registration]
            timeline = result.timelines.get(pr.position.code)
            return explain_in(pr, index, i, result.rules, result) + (_over_time(timeline, i, result.rules) if timeline
                                                                             else [])
    return None


def notes(*bases) -> list[str]:
    """"Nota: …" for each reading the cited bases rest on (each note once), to follow the line that cites them."""
    seen: list[str] = []
    for b in bases:
        if b is not None and b.note and b.note not in seen:
            seen.append(b.note)
    return [f"Nota: {n}" for n in seen]


def _over_time(timeline, i: int, rules=None) -> list[str]:
    """What the convocações and events did to the candidate (law/calls.py), and where the order in force puts
    them after those (Timeline.ahead: what the nomination page shows, issue 19 item 3). This is the staff's CLI:
    unlike the public history, it says when a place ended by a commission outcome."""
    lines = [f"Durante a validade: {h.text}" for h in timeline.history.get(i, [])]
    for p in timeline.places:
        if p.index != i:
            continue
        if p.replaces is None and p.published == "" and p.position <= len(timeline.projection) \
                and timeline.projection[p.position - 1].index != i:
            lines.append(f"A {ordinal(p.position, feminine=True)} posição era, na projeção publicada, de outro(a) "
                         "candidato(a), que já não podia ser convocado(a) por ela: a posição passou ao seguinte da "
                         f"mesma lista. Fundamento: {basis_text(p.bases)}.")
        if p.awaiting:
            lines.append(f"A {ordinal(p.position, feminine=True)} posição aguarda o procedimento da comissão, feito só "
                         f"depois da convocação além das vagas. Fundamento: {p.bases[-1].text}.")
            lines += notes(p.bases[-1])
        if p.status in ("saiu_da_reserva", "eliminado"):
            what = "saiu da lista reservada" if p.status == "saiu_da_reserva" else "eliminado(a)"
            lines.append(f"Deixou a {ordinal(p.position, feminine=True)} posição pelo resultado da comissão "
                         f"(ato {p.ended_by}): {what}. Fundamento: {p.cause.text}.")
            lines += notes(p.cause)
    ahead = next((p for p in timeline.ahead if p.index == i), None)
    if ahead is not None:
        vacancy = rules.vacancy_label(ahead.group) if rules is not None else VACANCY.get(ahead.group, ahead.group)
        where = (f"no cadastro de reserva, além das {timeline.vacancies} vagas" if ahead.position > timeline.vacancies
                 else f"dentro das {timeline.vacancies} vagas")
        lines.append(f"Na ordem em vigor, depois das convocações: {ordinal(ahead.position, feminine=True)} posição, "
                     f"{where}, em vaga {vacancy} — ainda não convocado(a); é a posição em que a próxima convocação "
                     f"o(a) chamaria. Fundamento: {basis_text(ahead.bases)}.")
    return lines


def _eliminated(pr: PositionResult, e) -> list[str]:
    c = e.candidate
    lines = [f"Inscrição {c.registration} — {c.name}, cargo {pr.position.code} ({pr.position.name})."]
    why = elimination_label(e)
    cite = f" Fundamento: {e.basis.text}." if e.basis else ""
    lines.append(f"Não figura nas listas nem na ordem de nomeação: {why}.{cite}")
    return lines + notes(e.basis)


def _ties(pr: PositionResult, i: int, result) -> list[str]:
    """The criterion that placed the candidate against those with the same score (the board's classification, or
    the tie-break criteria actually applied)."""
    c, lines = pr.order[i], []
    for j in (i - 1, i + 1):
        if not 0 <= j < len(pr.order) or pr.order[j].score != c.score:
            continue
        other = pr.order[j]
        where = "antes" if i < j else "depois"
        if c.rank is not None:
            lines.append(f"Empate na nota com a inscrição {other.registration}: vem {where} pela classificação oficial "
                         "da banca.")
            continue
        first, second = (c, other) if i < j else (other, c)
        if result.tiebreak:
            criterion = deciding(first, second, result.tiebreak, result.exam.tie_columns, result.exam.registration_end)
            basis = criterion.basis if criterion else None
            what = criterion.text if criterion else "—"
        else:
            basis, what = result.rules.tiebreak_basis, "o mais velho"
        lines.append(f"Empate na nota com a inscrição {other.registration}: vem {where} pelo critério de desempate "
                     f"«{what}». Fundamento: {basis.text if basis else '—'}.")
        lines += notes(basis)
    return lines


def explain_in(pr: PositionResult, index: PositionIndex, i: int, rules=None, result=None) -> list[str]:
    """Sentences for the candidate at general index i of a cargo (group words from the rule file when given)."""
    c, pos, alloc = pr.order[i], pr.position, pr.allocation
    group = rules.group_label if rules else (lambda g: GROUP.get(g, g))
    vacancy = rules.vacancy_label if rules else (lambda g: VACANCY.get(g, g))
    lines = [f"Inscrição {c.registration} — {c.name}, cargo {pos.code} ({pos.name}), {pos.vacancies} vaga(s)."]
    lines.append(f"Lista geral: {ordinal(i + 1)} de {len(pr.order)}, nota {score_text(c.score)}.")
    if result is not None:
        lines += _ties(pr, i, result)
    for g, ranks in index.list_rank.items():
        if i in ranks:
            lines.append(f"Lista específica de {group(g)}: {ordinal(ranks[i])} de {len(pr.lists[g])}.")
    for g, basis in pr.left_reserve.get(i, ()):
        outcome = next(((row, rule) for row, rule in pr.commission
                        if row.registration == c.registration and row.procedure in PROCEDURE), None)
        what = (f"resultado «{outcome[1].label or OUTCOME.get(outcome[0].outcome, outcome[0].outcome)}» na "
                f"{rules.procedure_label(outcome[0].procedure) if rules is not None else PROCEDURE[outcome[0].procedure]}"
                if outcome else "comissão")
        lines.append(f"Saiu da lista de {group(g)} ({what}) e permanece na lista geral. Fundamento: {basis.text}.")
        lines += notes(basis)
    for d in alloc.precedence:
        if d.index == i:
            lost = ", ".join(group(g) for g in d.losers)
            how = " (a reserva que escolheu)" if rules is not None and d.basis == rules.choice_basis else ""
            lines.append(f"Alcançado(a) ao mesmo tempo por mais de uma reserva: nomeado(a) pela de {group(d.winner)}"
                         f"{how} e excluído(a) da de {lost}. Fundamento: {d.basis.text}.")
            lines += notes(d.basis)
    if i in pr.withdrawn:
        lines.append("Desistiu da nomeação: não figura na ordem de nomeação.")
        return lines
    nom = index.nomination.get(i)
    if nom is None:
        size, size_basis = register_for(pos, rules, result.exam.notice if result else "") if rules else (None, None)
        if size is not None:  # the cargo's cadastro (certame.toml), else the rule file's
            lines.append(f"Não alcançado(a) pela ordem de nomeação projetada: o cadastro de reserva tem "
                         f"{size} posição(ões) além das vagas. Fundamento: {size_basis.text}.")
            lines += notes(size_basis)
        else:
            lines.append("Não alcançado(a) pela ordem de nomeação projetada.")
        return lines
    where = (f"na projeção do cadastro de reserva, além das {pos.vacancies} vagas" if nom.register
             else f"dentro das {pos.vacancies} vagas")
    lines.append(f"Ordem de nomeação: {ordinal(nom.position, feminine=True)} posição, {where}, "
                 f"em vaga {vacancy(nom.group)}.")
    lines.append(_why(nom, c, group) + f" Fundamento: {basis_text(nom.bases)}.")
    lines += notes(*nom.bases)
    if i in alloc.replacements:
        lines.append("Entrou no lugar de candidato(a) que desistiu, pela mesma lista.")
    for g, rule in (rules.groups.items() if rules else ()):
        if rule.model == "minimo" and nom.group == "ampla" and i in index.list_rank.get(g, {}):
            lines.append(f"Conta para o mínimo de {group(g)} ({rule.model_basis.text}): classificada na ampla "
                         "concorrência, é nomeada por ela.")
            lines += notes(rule.model_basis)
    return lines


def _why(nom, c, group) -> str:
    if nom.reason == "reversao":
        return (f"A vaga era reservada a {group(nom.due)}, mas não havia candidatos elegíveis nessa lista: "
                "foi revertida à ampla concorrência e preenchida pela ordem da lista geral.")
    if nom.reason == "minimo":
        return (f"Vaga de {group(nom.group)}: as classificadas na ampla concorrência não alcançaram o mínimo do grupo, "
                "e a falta vai às seguintes da lista do grupo, na ordem de classificação.")
    if nom.reason == "reserva":
        return (f"Vaga reservada a {group(nom.group)}, na posição que a alternância e a proporcionalidade "
                "lhe destinam.")
    if c.opts:
        return ("Classificação suficiente para a ampla concorrência: por isso não ocupa vaga reservada, "
                "que passa ao seguinte da lista específica.")
    return "Classificação suficiente para a ampla concorrência, pela ordem da lista geral."
