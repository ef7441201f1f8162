"""Rows a retificação changed, marked on the current lists with that act (issue 19 item 5).

A retificação publishes only the changed passages (LEGAL-NOTES 13; Decreto nº 12.002/2024, arts. 73–74); the lists
in force are the corrected ones. A reader who finds a row on the current list must see that it is not the row the
first act published, and which act changed it: «Nota alterada pelo Edital de Retificação nº 11/2023 (era 88,66)».
The changes are those between the archived result contracts (store: resultado.json) of the act before each
retificação and of the retificação itself — what was published, never the working files — computed by
law/corrections.py, the same comparison that wrote the act's body. Pure: data in, data out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .labels import GROUP, contracted
from .law import corrections as c


@dataclass(frozen=True, slots=True)
class Step:
    """One archived retificação: its identity (the manifest's «ato»), its folder name in the archive (its page's
    address), and its per-candidate changes as published (law/corrections: archived beside it, or the comparison of
    the result contracts published just before it and by it)."""

    act: dict
    slug: str
    candidates: tuple[c.CandidateChanges, ...]


def marks(steps: list[Step], scores: bool = True) -> dict[str, dict[str, list[dict]]]:
    """Cargo code → inscrição → one mark per retificação that changed the row, in publication order: {"ato" (its
    title), "ato_slug", "numero", "data", "partes": [(what changed, what it was, or None)], "texto"}. A candidate
    a retificação removed or eliminated is on no current list, so it gets none. `scores`: whether the rule file
    publishes the score (`publico`); when not, a changed score is not told, nor what it was."""
    out: dict[str, dict[str, list[dict]]] = {}
    for step in steps:
        for person in step.candidates:
            parts = _parts(tuple(ch for ch in person.changes if scores or ch.field != c.SCORE))
            if parts:
                title = step.act.get("titulo", "")
                out.setdefault(person.position, {}).setdefault(person.registration, []).append(
                    {"ato": title, "ato_slug": step.slug, "numero": step.act.get("numero", ""),
                     "data": step.act.get("data", ""), "partes": parts,
                     "texto": text(parts, title, step.act.get("titulo_genero", ""))})
    return out


def _parts(changes: tuple[c.Change, ...]) -> list[tuple[str, str | None]]:
    """What changed on the row, in words (feminine nouns: nota, classificação, posição, inscrição — whatever the
    candidate's gender), each with what it was."""
    fields = {ch.field for ch in changes}
    if c.REMOVED in fields or any(ch.field == c.ELIMINATION_FIELD and ch.after is not None for ch in changes):
        return []  # out of the lists: the eliminated table and the retificação's body say so
    parts: list[tuple[str, str | None]] = []
    if c.ADDED in fields:
        parts.append(("inscrição incluída", None))
    for ch in sorted(changes, key=lambda ch: _ORDER.get(ch.field.split("_")[0], len(_ORDER))):
        if ch.field == c.ELIMINATION_FIELD:  # eliminated before, ranked now
            parts.append(("eliminação desfeita", f"era: {ch.before}"))
        elif c.ADDED in fields:
            continue  # a row the act added: what it now shows is all new
        elif ch.field == c.SCORE:
            parts.append(("nota alterada", f"era {ch.before}") if ch.before is not None else ("nota atribuída", None))
        elif ch.field == c.RANK:
            parts.append(("classificação geral alterada", f"era {ch.before}º") if ch.before is not None
                         else ("classificação geral atribuída", None))
        elif ch.field.startswith(f"{c.LIST}_"):
            group = GROUP.get(ch.field[len(c.LIST) + 1:], ch.field[len(c.LIST) + 1:])
            if ch.before is None:
                parts.append((f"inclusão na lista específica — {group}", None))
            elif ch.after is None:
                parts.append((f"exclusão da lista específica — {group}", f"era {ch.before}º"))
            else:
                parts.append((f"classificação na lista específica — {group} alterada", f"era {ch.before}º"))
        elif ch.field == c.NOMINATION:
            if ch.before is None:
                parts.append(("posição na ordem de nomeação atribuída", None))
            elif ch.after is None:
                parts.append(("saída da ordem de nomeação", f"era {_place(ch.before)}"))
            else:
                parts.append(("posição na ordem de nomeação alterada", f"era {_place(ch.before)}"))
    return parts


# The order the row's changes are told in: what the act corrected first (the score), then where it put the row.
_ORDER = {c.ELIMINATION_FIELD: 0, c.SCORE: 1, c.RANK: 2, c.LIST: 3, c.NOMINATION: 4}


def _place(nomination: str) -> str:
    """law/corrections' «9ª posição, vaga de ampla concorrência (cadastro de reserva)», without nested brackets."""
    return nomination.replace(" (cadastro de reserva)", ", no cadastro de reserva")


def text(parts: list[tuple[str, str | None]], title: str, gender: str = "") -> str:
    """«Nota alterada pelo Edital de Retificação nº 11/2023 (era 88,66); classificação alterada (era 7º).» — «pela»
    when the act's own title is stated feminine (certame.toml `titulo_genero`; issue 18 item 4)."""
    def one(what: str, was: str | None) -> str:
        return f"{what} ({was})" if was else what

    (what, was), rest = parts[0], parts[1:]
    first = f"{what[:1].upper()}{what[1:]} {contracted('por', title, gender)}{f' ({was})' if was else ''}"
    return "; ".join([first, *(one(w, v) for w, v in rest)]) + "."
