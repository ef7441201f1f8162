"""Inline SVG charts drawn at build time, each with a text alternative; no chart library in the browser."""

from __future__ import annotations

from itertools import count
from markupsafe import Markup, escape

from ...labels import GROUP, VACANCY

# Colours with ≥ 4.5:1 against white (WCAG 1.4.11 asks 3:1 for graphics); a letter in each square keeps the
# information when colour is not perceived (WCAG 1.4.1).
COLOURS = {"ampla": "#4a5568", "negro": "#9a4a06", "pcd": "#1d4ed8", "indigena": "#15803d", "quilombola": "#0f766e",
           "mulher": "#7e22ce"}
LETTERS = {"ampla": "A", "negro": "N", "pcd": "D", "indigena": "I", "quilombola": "Q", "mulher": "M"}
OUTCOME_COLOURS = {"confirmado": "#15803d", "nao_confirmado": "#9a4a06", "ausente": "#4a5568", "fraude": "#b91c1c"}


class Ids:
    """Unique ids per page for aria-labelledby, deterministic in drawing order."""

    def __init__(self, prefix: str = "g") -> None:
        self.prefix, self.n = prefix, count(1)

    def __call__(self) -> str:
        return f"{self.prefix}{next(self.n)}"


def _figure(ids: Ids, svg_body: str, width: int, height: int, title: str, desc: str, caption: str) -> Markup:
    """Wrap an SVG body with its title, description and a visible caption."""
    t, d = ids(), ids()
    return Markup(
        f'<figure class="grafico"><svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" aria-labelledby="{t} {d}"><title id="{t}">{escape(title)}</title>'
        f'<desc id="{d}">{escape(desc)}</desc>{svg_body}</svg><figcaption>{escape(caption)}</figcaption></figure>')


def _legend(groups: list[str], words: dict[str, str] | None = None) -> str:
    words = words or VACANCY
    # A class, not a style attribute: the Content-Security-Policy (style-src 'self') refuses inline styles.
    items = "".join(f'<li><span class="vaga-{g}"></span>{LETTERS[g]} = vaga '
                    f'{escape(words.get(g) or VACANCY[g])}</li>' for g in groups)
    return f'<ul class="legenda" aria-hidden="true">{items}</ul>'


def nomination_strip(nominations: list[dict], ids: Ids, per_row: int = 25, words: dict[str, str] | None = None) -> Markup:
    """The nomination order within the vacancies as a strip of squares coloured (and lettered) by vacancy type."""
    within = [n for n in nominations if not n.get("cadastro_reserva")]
    if not within:
        return Markup("<p>Não há posições de nomeação dentro das vagas.</p>")
    size, gap = 22, 3
    rows = (len(within) + per_row - 1) // per_row
    width, height = min(len(within), per_row) * (size + gap), rows * (size + gap)
    cells = []
    for k, n in enumerate(within):
        x, y = (k % per_row) * (size + gap), (k // per_row) * (size + gap)
        g = n["vaga"] if n["vaga"] in COLOURS else "ampla"
        cells.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{COLOURS[g]}"/>'
                     f'<text x="{x + size / 2}" y="{y + 15}" text-anchor="middle" font-size="12" fill="#fff" '
                     f'font-family="sans-serif">{LETTERS[g]}</text>')
    words = words or VACANCY
    order = ", ".join(f"{n['posicao']}ª {words.get(n['vaga']) or VACANCY.get(n['vaga'], n['vaga'])}"
                      for n in within if n["vaga"] != "ampla")
    desc = (f"{len(within)} posições; as reservadas são: {order}. As demais são de ampla concorrência."
            if order else f"{len(within)} posições, todas de ampla concorrência.")
    groups = [g for g in COLOURS if any(n["vaga"] == g for n in within)]
    return _figure(ids, "".join(cells), width, height, "Ordem de nomeação por tipo de vaga", desc,
                   "Cada quadrado é uma posição da ordem de nomeação, da esquerda para a direita e de cima para "
                   "baixo.") + Markup(_legend(groups, words))


def _bars(rows: list[tuple[str, int, str]], ids: Ids, title: str, caption: str, unit: str) -> Markup:
    """Horizontal bars with their value written beside them."""
    if not rows:
        return Markup("")
    label_w, bar_w, h = 190, 260, 24
    top = max(v for _, v, _ in rows) or 1
    body = []
    for k, (label, value, colour) in enumerate(rows):
        y, w = k * h, round(bar_w * value / top)
        short = label if len(label) <= 26 else label[:25] + "…"
        body.append(f'<text x="{label_w - 6}" y="{y + 16}" text-anchor="end" font-size="13" font-family="sans-serif" '
                    f'fill="#1a1a1a">{escape(short)}</text><rect x="{label_w}" y="{y + 3}" width="{w}" height="{h - 6}" '
                    f'fill="{colour}"/><text x="{label_w + w + 5}" y="{y + 16}" font-size="13" '
                    f'font-family="sans-serif" fill="#1a1a1a">{escape(_num(value))}</text>')
    desc = "; ".join(f"{label}: {_num(value)} {unit}" for label, value, _ in rows) + "."
    return _figure(ids, "".join(body), label_w + bar_w + 70, len(rows) * h, title, desc, caption)


def _num(value) -> str:
    text = f"{value:,.1f}" if isinstance(value, float) else f"{value:,}"
    return text.replace(",", "\u202f").replace(".", ",")


def vacancies_by_type(position: dict, ids: Ids) -> Markup:
    """Vacancies of a cargo by the type through which they are filled within V (from the nomination order)."""
    within = [n for n in position["nomeacao"] if not n.get("cadastro_reserva")]
    counted = {g: sum(1 for n in within if n["vaga"] == g) for g in COLOURS}
    words = position.get("rotulos", {}).get("grupos", GROUP)
    rows = [((words.get(g) or GROUP[g]).capitalize(), c, COLOURS[g]) for g, c in counted.items() if c]
    return _bars(rows, ids, "Vagas por tipo", "Vagas preenchidas na ordem de nomeação, por tipo de vaga.", "vagas")


def commission_outcomes(counts: dict[str, dict[str, int]], labels: dict[str, str], procedures: dict[str, str],
                        ids: Ids) -> Markup:
    """Commission outcomes by category, one small chart per procedure."""
    out = Markup("")
    for proc, by in counts.items():
        rows = [(labels.get(o, o).capitalize(), n, OUTCOME_COLOURS.get(o, "#4a5568")) for o, n in by.items() if n]
        name = procedures.get(proc, proc)
        out += _bars(rows, ids, f"Resultados: {name}", f"{name.capitalize()}: candidatos por resultado final.",
                     "candidatos")
    return out


def candidates_per_vacancy(cargos: list[tuple[str, int, int]], ids: Ids, limit: int = 30) -> Markup:
    """Candidates per vacancy of each cargo (the `limit` most disputed when there are many)."""
    rows = sorted(((name, round(c / v, 1) if v else 0.0) for name, c, v in cargos), key=lambda r: -r[1])
    shown = rows[:limit]
    caption = "Candidatos na lista geral divididos pelas vagas de cada cargo."
    if len(rows) > limit:
        caption += f" Mostram-se os {limit} cargos mais concorridos de {len(rows)}; a tabela acima traz todos."
    return _bars([(n, r, COLOURS["ampla"]) for n, r in shown], ids, "Candidatos por vaga", caption,
                 "candidatos por vaga")
