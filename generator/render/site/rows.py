"""Table rows of the long pages, formatted in Python: a million rows through Jinja2 loops would cost minutes.

Every value passes through markupsafe.escape (C speedups); the templates only place the finished rows.
"""

from __future__ import annotations

from typing import Callable

from markupsafe import Markup, escape

from ...labels import GROUP, OUTCOME, PROCEDURE, VACANCY, contracted


class Bases:
    """Legal-basis links for one page depth, rendered once per distinct basis (the views share basis objects).
    `notes`: the address of the exam's numbered notes (its "Regras aplicadas" page); a basis that rests on a
    reading then carries a link "nota k" to it — the note itself is not repeated on every row."""

    def __init__(self, root: str, has_page: Callable[[str], bool] = lambda rel: True, notes: str | None = None) -> None:
        self.root, self.cache, self.has_page, self.notes = root, {}, has_page, notes

    def __call__(self, b: dict | None) -> str:
        if not b:
            return ""
        key = id(b)
        hit = self.cache.get(key)
        if hit is None or hit[0] is not b:
            if b.get("pagina") and self.has_page(f"legislacao/{b['pagina']}/"):
                anchor = f"#{escape(b['ancora'])}" if b.get("ancora") else ""
                html = f'<a href="{self.root}legislacao/{escape(b["pagina"])}/{anchor}">{escape(b["texto"])}</a>'
            else:
                html = str(escape(b.get("texto", "")))
            hit = self.cache[key] = (b, html + note_marks(b, self.notes))
        return hit[1]


def note_numbers_of(b: dict | None) -> list[int]:
    """The numbers of the notes a basis (or several, `notas`) rests on."""
    if not b:
        return []
    if "notas" in b:
        return list(b["notas"])
    return [b["nota_numero"]] if b.get("nota_numero") else []


def note_marks(b: dict | None, notes: str | None) -> str:
    """" (nota 3)": a link to each note the basis rests on, when the exam's notes have a page."""
    numbers = note_numbers_of(b)
    if not numbers or notes is None:
        return ""
    links = ", ".join(f'<a class="nota-ref" href="{escape(notes)}#nota-{k}" '
                      f'aria-label="nota {k}: a leitura adotada, em Regras aplicadas">nota {k}</a>' for k in numbers)
    return f" ({links})"


def vacancy_label(group: str, words: dict[str, str] | None = None) -> str:
    """Short label of a vacancy type for tables (the rule file's words when given)."""
    if group == "ampla":
        return "Ampla concorrência"
    text = (words or {}).get(group) or VACANCY.get(group, group)
    return text.replace("reservada a ", "").capitalize()


def _vacancy(group: str, words: dict[str, str] | None, made: dict[str, str]) -> str:
    """The vacancy type's label as HTML, made once per type in `made` (the caller's, one table's)."""
    html = made.get(group)
    if html is None:
        html = made[group] = f'<span class="vaga vaga-{escape(group)}">{escape(vacancy_label(group, words))}</span>'
    return html


def corrected_marks(marks: list[dict], act_href: Callable[[str], str]) -> str:
    """What each archived retificação changed on a row (public view «retificadas», generator/corrected.py), with
    a link to that act's page: «Nota alterada pelo <a>Edital de Retificação nº 11/2023</a> (era 88,66).»"""
    out = []
    for m in marks:
        title, text = m["ato"], m["texto"]
        head, found, tail = text.partition(title) if title else (text, "", "")
        link = f'<a href="{escape(act_href(m["ato_slug"]))}">{escape(title)}</a>' if found else ""
        out.append(f'<span class="retificada">{escape(head)}{link}{escape(tail)}</span>')
    return " ".join(out)


def list_rows(entries: list[dict], group: bool, status: Callable[[str], str], tie_columns: int = 0,
              tie_words: bool = False) -> Markup:
    """Rows of a classification list: anchor `i-<inscrição>` on each. `tie_columns`: how many published tie-break
    columns follow the score (public.tie_columns_view); `tie_words`: a «Desempate» column with the criterion that
    decided each tied row (LEGAL-NOTES 19)."""
    out = []
    for e in entries:
        reg = escape(e["inscricao"])
        general = f'<td class="num">{_int(e["classificacao_geral"])}</td>' if group else ""
        ties = "".join(f'<td class="num">{escape(v) if v else "—"}</td>'
                       for v in e.get("valores_desempate", ())[:tie_columns]) if tie_columns else ""
        words = f'<td>{escape(e.get("desempate", ""))}</td>' if tie_words else ""
        out.append(f'<tr id="i-{reg}"><td class="num">{_int(e["classificacao"])}</td><td>{reg}</td>'
                   f'<th scope="row">{escape(e.get("nome", "—"))}</th><td class="num">{escape(e.get("nota", "—"))}</td>'
                   f'{ties}{general}{words}<td>{status(e["inscricao"])}</td></tr>\n')
    return Markup("".join(out))


def _int(value) -> str:
    """Integers need no escaping (the common case, kept cheap); anything else is escaped."""
    return str(value) if type(value) is int else escape(value)


def nomination_rows(rows: list[dict], href: Callable[[str], str], bases: Bases,
                    words: dict[str, str] | None = None) -> Markup:
    """Rows of the nomination order: anchor `n-<posição>`, link to the entry in the general list. Rows of the order
    in force (public view «ordem_vigente») end with a «Situação» cell: the act that called the candidate, or
    «Projeção» for a place no convocação has called yet (called_cell)."""
    out, labels = [], {}
    for n in rows:
        reg = escape(n["inscricao"])
        state = f'<td>{called_cell(n)}</td>' if "convocado_por" in n else ""
        out.append(f'<tr id="n-{escape(n["posicao"])}"><td class="num">{escape(n["posicao"])}</td>'
                   f'<td>{_vacancy(n["vaga"], words, labels)}</td><td><a href="{escape(href(n["inscricao"]))}">{reg}</a></td>'
                   f'<th scope="row">{escape(n.get("nome", "—"))}</th>'
                   f'<td class="num">{escape(n.get("classificacao_geral", "—"))}</td><td>{bases(n.get("fundamento"))}</td>'
                   f'{state}</tr>\n')
    return Markup("".join(out))


def called_cell(n: dict) -> str:
    """Who holds a position of the order in force: called by an act, or projected (issue 19 item 3)."""
    if n.get("convocado_por"):
        return str(escape(f"Convocado(a) {contracted('por', n['convocado_por'])}."))
    if n.get("vaga_deixada"):
        return "Projeção: a vaga foi deixada por quem a ocupava e passa a este(a) candidato(a) na próxima convocação."
    return "Projeção: ainda não convocado(a)."


def eliminated_rows(rows: list[dict], bases: Bases) -> Markup:
    """Eliminated candidates: anchor `e-<inscrição>`, reason and legal basis (no name: they are not ranked)."""
    out = []
    for e in rows:
        reg = escape(e["inscricao"])
        out.append(f'<tr id="e-{reg}"><td>{reg}</td><td>{escape(e.get("motivo", ""))}</td>'
                   f'<td>{bases(e.get("fundamento"))}</td></tr>\n')
    return Markup("".join(out))


def commission_rows(rows: list[dict], bases: Bases, effects: dict[str, str],
                    procedures: dict[str, str] = PROCEDURE) -> Markup:
    """Anonymized commission outcomes: inscrição, procedure, outcome and its consequence — never a name."""
    out = []
    for r in rows:
        reg, proc = escape(r["inscricao"]), escape(r["procedimento"])
        effect = escape(effects.get(r.get("efeito", ""), r.get("efeito", "")))
        basis = bases(r.get("fundamento"))
        out.append(f'<tr id="c-{reg}-{proc}"><td>{reg}</td><td>{escape(procedures.get(r["procedimento"], proc))}</td>'
                   f'<td>{escape(r.get("rotulo") or OUTCOME.get(r["resultado"], r["resultado"]))}</td>'
                   f'<td>{effect}{" — " + basis if basis else ""}</td></tr>\n')
    return Markup("".join(out))


def group_label(group: str) -> str:
    """Name of a group for headings."""
    return GROUP.get(group, group)
