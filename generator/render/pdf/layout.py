"""Pagination of the gazette body: cargos, lists and orders laid out line by line into two-column pages.

We break lines and pages ourselves (font metrics from pdf_fonts) so that the number of pages, the page of every list
and the total "Página X de Y" are known before WeasyPrint draws anything; WeasyPrint then renders each page as
preformatted blocks, which is several times faster than letting it flow a table, and lets chunks render in parallel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterator

from ...labels import GROUP
from .fonts import clean, width

FIG = "\u2007"  # figure space: as wide as a digit, so padded numbers line up
SEP = FIG * 2
_DIGITS = str.maketrans("123456789", "000000000")


@dataclass(frozen=True)
class Geometry:
    """A4 page in points; one source for the layout and the CSS."""

    page_w: float = 595.28
    page_h: float = 841.89
    margin_top: float = 62.0
    margin_bottom: float = 64.0
    margin_x: float = 40.0
    gap: float = 14.0
    size: float = 7.5  # body text
    leading: float = 9.0
    head_size: float = 10.5  # cargo heading
    head_leading: float = 13.0
    head_after: float = 7.0
    fill: float = 0.96  # share of a column's width we fill: slack against rounding in the renderer

    @property
    def body_w(self) -> float:
        return self.page_w - 2 * self.margin_x

    @property
    def body_h(self) -> float:
        return self.page_h - self.margin_top - self.margin_bottom

    @property
    def col_w(self) -> float:
        return (self.body_w - self.gap) / 2

    def lines_below(self, heading_h: float) -> int:
        """Body lines that fit in a column under a heading of `heading_h` points."""
        return int((self.body_h - heading_h) // self.leading)


GEOMETRY = Geometry()

GROUP_TITLES = {
    "geral": "Lista geral de classificação",
    "negro": "Lista específica — pessoas negras",
    "pcd": "Lista específica — pessoas com deficiência",
    "indigena": "Lista específica — pessoas indígenas",
    "quilombola": "Lista específica — pessoas quilombolas",
    "mulher": "Lista específica — candidatas do sexo feminino",
}
VACANCY_LABELS = {"ampla": "Ampla", "negro": "Negra", "pcd": "PcD", "indigena": "Indígena", "mulher": "Mulher",
                  "quilombola": "Quilombola"}
# the width of the «Vaga» column: the usual five labels, or a longer one an exam uses (quilombola)
_VACANCY_WIDTH = max(len(VACANCY_LABELS[g]) for g in ("ampla", "negro", "pcd", "indigena", "mulher"))
RESERVE_LABELS = {"negro": "pessoas negras", "pcd": "pessoas com deficiência", "indigena": "pessoas indígenas",
                  "quilombola": "pessoas quilombolas", "mulher": "mulheres"}
PROCEDURE_LABELS = {"heteroidentificacao": "Heteroidentificação", "indigena": "Verificação indígena",
                    "quilombola": "Confirmação quilombola", "pcd": "Perícia PcD"}
OUTCOME_LABELS = {"confirmado": "confirmado", "nao_confirmado": "não confirmado", "ausente": "ausente",
                  "fraude": "fraude"}
EMPTY = "Não houve candidatos aprovados."
EMPTY_ORDER = "Não há nomeações nesta ordem."

# A line: (class, text) or (class, text, structure). Classes (they also pick the face: bold t T h H, italic n p b e):
#   t  title line (H3)                 T  a title repeated in a new column, "(continuação)": an artifact
#   h  column labels (a header row)    H  labels repeated in a new column: an artifact
#   r  first line of a row (its structure: where each cell starts, and (offset, k) for a note marker [k]) or,
#      without structure, of a paragraph
#   s  a row's or paragraph's next line (structure: an (offset, k) marker, if it falls there)
#   n  first line of legal-basis note k (structure: k)    p  first line of an italic paragraph    b  its next lines
#   e  empty-list note                  g  gap
Line = tuple


@dataclass
class Page:
    """One body page: an optional full-width cargo heading and two columns of lines."""

    heading: list[str] | None
    summary: str | None
    capacity: int
    head_h: float = 0.0
    cols: list[list[Line]] = field(default_factory=lambda: [[], []])

    def blocks(self) -> list[list[tuple[str, str]]]:
        """Each column as blocks of consecutive lines of the same class (one HTML element each)."""
        out = []
        for col in self.cols:
            blocks: list[tuple[str, str]] = []
            for cls, text, *_ in col:
                if blocks and blocks[-1][0] == cls:
                    blocks[-1] = (cls, blocks[-1][1] + "\n" + text)
                else:
                    blocks.append((cls, text))
            out.append(blocks)
        return out


@dataclass
class Entry:
    """A table-of-contents and outline entry: level 1 = cargo, 2 = a list or order inside it."""

    level: int
    title: str
    key: tuple[str, str]
    first: int  # body page index, 0-based
    last: int


def wrap(text: str, avail: float, face: str = "regular", size: float = GEOMETRY.size) -> list[str]:
    """Break `text` into lines no wider than `avail` points, at spaces, or inside a word too long for a line."""
    text = clean(text)
    if len(text) * size * 0.9 <= avail or width(text, face, size) <= avail:  # 0.9 em: the widest DejaVu glyph
        return [text]
    avail = max(avail, size)  # a column squeezed to nothing still gets a glyph a line: never an endless loop
    space = width(" ", face, size)
    lines: list[str] = []
    current: list[str] = []
    current_w = 0.0
    for word in text.split(" "):
        # Widths are summed as words arrive (linear, not quadratic in a 100,000-character name); near the limit
        # the exact width decides, so breaks stay those of measuring each candidate line whole.
        word_w = width(word, face, size)
        joined_w = current_w + space + word_w if current else word_w
        if _fits(joined_w, " ".join([*current, word]) if abs(joined_w - avail) < _EPS else "", avail, face, size):
            current.append(word)
            current_w = joined_w
            continue
        if current:
            lines.append(" ".join(current))
        while word and not _fits(word_w, word if abs(word_w - avail) < _EPS else "", avail, face, size):
            cut, cut_w = _fit(word, avail, face, size)
            lines.append(word[:cut])
            word, word_w = word[cut:], word_w - cut_w
        current, current_w = [word] if word else [], word_w if word else 0.0
    if current:
        lines.append(" ".join(current))
    return lines


_EPS = 1e-6  # points: below this, summed and measured widths may disagree in the last bit


def _fits(summed: float, exact_text: str, avail: float, face: str, size: float) -> bool:
    """Whether a piece fits: by its summed width, or by measuring `exact_text` when the sum is too close to call."""
    return (width(exact_text, face, size) if exact_text else summed) <= avail


def _blank(prefix: str, prefix_w: float, size: float) -> str:
    """Invisible text as wide as `prefix`: digits become figure spaces and commas punctuation spaces."""
    if all(c.isdigit() or c in ",." or c == FIG for c in prefix):
        return "".join("\u2008" if c in ",." else FIG for c in prefix)
    return FIG * math.ceil(prefix_w / width(FIG, "regular", size))


def _fit(word: str, avail: float, face: str, size: float) -> tuple[int, float]:
    """How many leading characters of `word` fit in `avail` (at least one), and their width."""
    total = 0.0
    for i, ch in enumerate(word):
        advance = width(ch, face, size)
        if total + advance > avail:
            return (i, total) if i else (1, advance)
        total += advance
    return len(word), total


class Typesetter:
    """Lays out position views one at a time into pages handed to `emit`, recording page ranges and outline."""

    def __init__(self, emit: Callable[[Page], None], geometry: Geometry = GEOMETRY):
        self.emit = emit
        self.g = geometry
        self.avail = geometry.col_w * geometry.fill
        self.page: Page | None = None
        self.col = 0
        self.count = 0  # pages emitted
        self.entries: list[Entry] = []
        self.rows = 0  # data rows typeset (list entries, nominations, commission outcomes)
        self._continuation: list[Line] = []
        self._prefix_widths: dict[str, float] = {}
        self.tie_columns: list[dict] = []  # the cargo's published tie-break columns (public.tie_columns_view)
        self.annexes = 0  # annexes numbered so far: every list, order and table is an annex of the act

    # -- pages and columns -------------------------------------------------------------------------------------
    def _open(self, heading: list[str] | None = None, summary: str | None = None) -> None:
        if self.page is not None:
            self._close()
        head_h = 0.0
        if heading:
            head_h = len(heading) * self.g.head_leading + self.g.leading + self.g.head_after
        self.page = Page(heading, summary, self.g.lines_below(head_h), head_h)
        self.col = 0
        self._col_start = 0

    def _close(self) -> None:
        self.emit(self.page)
        self.page = None
        self.count += 1

    def _room(self) -> int:
        return self.page.capacity - len(self.page.cols[self.col])

    def _next_column(self) -> None:
        if self.col == 0:
            self.col = 1
        else:
            self._open()
        self.page.cols[self.col].extend(self._continuation)
        self._col_start = len(self.page.cols[self.col])

    def _place(self, lines: list[Line], gap: bool = False) -> None:
        """Put lines that must stay together in the current column, or at the top of the next one."""
        at_top = len(self.page.cols[self.col]) == self._col_start
        if not at_top and len(lines) + gap > self._room():
            self._next_column()
        elif gap and not at_top:
            self.page.cols[self.col].append(("g", ""))
        if len(lines) > self._room():  # a unit taller than a column: split it rather than loop forever
            for line in lines:
                if self._room() <= 0:
                    self._next_column()
                self.page.cols[self.col].append(line)
            return
        self.page.cols[self.col].extend(lines)

    @property
    def _index(self) -> int:
        return self.count  # index of the page being filled

    # -- content -----------------------------------------------------------------------------------------------
    def position(self, view: dict) -> None:
        """Lay out one cargo: heading, mandated lists, nomination order, commission outcomes."""
        code = view["codigo"]
        heading = wrap(f"{code} — {view['nome']}", self.g.body_w * self.g.fill, "bold", self.g.head_size)
        self._continuation = []
        self.tie_columns = view.get("colunas_desempate") or []
        self._open(heading, self._summary(view))
        cargo = Entry(1, f"{clean(code)} — {clean(view['nome'])}", (code, "cargo"), self._index, self._index)
        self.entries.append(cargo)
        corrected = view.get("retificadas") or {}  # rows an archived retificação changed (issue 19 item 5)
        for lst in view.get("listas", []):
            labels, rows, legend = self._list_rows(lst, corrected)
            self._section(code, lst["grupo"], self._list_title(lst), lst.get("fundamento"), labels, rows, legend)
        self._nominations(code, view.get("nomeacao", []))
        self._commission(code, view.get("comissao") or {}, (view.get("rotulos") or {}).get("procedimentos") or {})
        self._extras(view)
        self._continuation = []
        cargo.last = self._index

    def finish(self) -> None:
        """Emit the last page."""
        if self.page is not None:
            self._close()

    def _summary(self, view: dict) -> str:
        reserves = view.get("reservas") or {}
        words = view.get("rotulos") or {}
        floors = set(words.get("minimos", ()))  # `modelo = "minimo"`: a floor, not a reserve
        # the group as the rule file names it (`rotulo`: «mulheres (Guarda Civil Municipal)», «pessoas pretas e
        # pardas»; issue 18 item 4), else the PDF's own words (the view's generic ones, labels.GROUP, are not the
        # rule file's)
        names = {**RESERVE_LABELS, **{g: clean(str(w)) for g, w in (words.get("grupos") or {}).items()
                                      if w and w != GROUP.get(g)}}
        parts = [f"{names[g]}: {n}" for g, n in reserves.items() if n and g in names and g not in floors]
        minimums = [f"{names[g]}: {n}" for g, n in reserves.items() if n and g in names and g in floors]
        text = f"Vagas: {view['vagas']}"
        if parts or not minimums:
            text += f" · Vagas reservadas — {'; '.join(parts) if parts else 'nenhuma'}"
        if minimums:  # the edital's own word: «mínimo de vagas» (issue 18 item 4)
            text += f" · Mínimo de vagas — {'; '.join(minimums)}"
        return text

    @staticmethod
    def _list_title(lst: dict) -> str:
        return lst.get("titulo") or GROUP_TITLES.get(lst["grupo"], lst["grupo"])

    def _italic(self, text: str, note: int | None = None) -> list[Line]:
        """An italic paragraph, or legal-basis note number `note`, wrapped to the column."""
        lines = wrap(text, self.avail, "italic")
        first = ("n", lines[0], note) if note is not None else ("p", lines[0])
        return [first] + [("b", t) for t in lines[1:]]

    def _section(self, code: str, key: str, title: str, basis: dict | None, labels: str,
                 rows: Iterator[list[Line]], legend: list = (), empty: str = EMPTY) -> None:
        """A titled run of rows that keeps its title with the first row and repeats it on every new column.
        `legend`: paragraphs, or (text, k) for legal-basis note k. The run is the act's next annex: «Anexo IV —
        Lista específica …», after the act's text and its signatures (the front matter says which annexes)."""
        title = self._annex(title)
        head = [("t", t) for t in wrap(title, self.avail, "bold")]
        if basis and basis.get("texto"):
            head += self._italic(f"Fundamento: {basis['texto']}{note_suffix(basis)}")
        for item in legend:
            head += self._italic(*item) if isinstance(item, tuple) else self._italic(item)
        label_lines = [("h", t) for t in wrap(labels, self.avail, "bold")]
        first = next(rows, None)
        first_lines = first if first else [("e", empty)]
        self._place(head + label_lines + first_lines, gap=True)
        entry = Entry(2, clean(title), (code, key), self._index, self._index)
        self.entries.append(entry)
        self._continuation = [("T", t) for t in wrap(f"{title} (continuação)", self.avail, "bold")] + \
            [("H", t) for _, t in label_lines]
        if first:
            self.rows += 1
        for row in rows:
            self._place(row)
            self.rows += 1
        self._continuation = []
        entry.last = self._index

    def _annex(self, title: str) -> str:
        """The title of the next annex: «Anexo N — title», N in Roman numerals, counted across the whole act."""
        self.annexes += 1
        return f"Anexo {roman(self.annexes)} — {title}"

    def _row(self, cells: list[str], name: str, note: int | None = None) -> list[Line]:
        """One entry: fixed-width cells, then the name (wrapped under itself), then an optional note marker " [k]".
        The first line records where each cell starts (and where the marker is), for the structure tree."""
        prefix = SEP.join(cells) + SEP
        starts, at = [], 0
        for cell in cells:
            at += len(cell) + len(SEP)
            starts.append(at)
        lines = self._wrapped(prefix, name, f" [{note}]" if note is not None else "")
        rows = [("r", lines[0], tuple(starts))] + [("s", t) for t in lines[1:]]
        if note is not None:  # the marker closes the last line (wrap keeps "[k]" whole)
            cls, text, *structure = rows[-1]
            marker = (len(text) - len(f"[{note}]"), note)
            rows[-1] = (cls, text, tuple(structure[0]) + (marker,) if structure else (marker,))
        return rows

    def _wrapped(self, prefix: str, name: str, suffix: str = "") -> list[str]:
        """Fixed-width prefix, then the name (wrapped under itself), then an optional suffix."""
        shape = prefix.translate(_DIGITS)  # all digits are as wide as "0": one measure per prefix shape
        prefix_w = self._prefix_widths.get(shape)
        if prefix_w is None:
            prefix_w = self._prefix_widths[shape] = width(shape, "regular", self.g.size)
        lines = wrap(f"{name}{suffix}", self.avail - prefix_w)
        if len(lines) == 1:
            return [prefix + lines[0]]
        indent = _blank(prefix, prefix_w, self.g.size)
        return [prefix + lines[0]] + [indent + line for line in lines[1:]]

    def _list_rows(self, lst: dict, corrected: dict | None = None) -> tuple[str, Iterator[list[str]], list]:
        """The list's column labels, its rows, and the legend of the rows an archived retificação changed (each
        such row ends in a note marker «[k]», the legend says what changed and the act: generator/corrected.py)."""
        entries = lst.get("entradas", [])
        marks: dict[str, int] = {}
        legend: list = []
        for e in entries if corrected else ():
            changed = corrected.get(e["inscricao"])
            if changed:
                marks[e["inscricao"]] = k = len(marks) + 1
                legend.append((f"[{k}] {clean(str(e['inscricao']))}: {clean(' '.join(m['texto'] for m in changed))}", k))
        if legend:
            legend.insert(0, "Linhas alteradas por retificação publicada:")
        group = lst["grupo"] != "geral"
        rank_w = max((len(str(e["classificacao"])) for e in entries), default=1)
        general_w = max((len(str(e.get("classificacao_geral", ""))) for e in entries), default=1)
        insc_w = max((len(clean(str(e["inscricao"]))) for e in entries), default=1)
        nota_w = max((len(str(e["nota"])) for e in entries), default=1)
        # the published tie-break columns after the score, and the deciding criterion after the name of each tied
        # row (LEGAL-NOTES 19): one label per cell, so the tagged table keeps one TH per TD (pdf_direct)
        shown = [clean(c["rotulo"]) for c in self.tie_columns]
        tie_w = [max([len(label), *(len(e.get("valores_desempate", [""] * len(shown))[k] or "—") for e in entries)])
                 for k, label in enumerate(shown)]
        words = any("desempate" in e for e in entries)
        name = "Nome e desempate" if words else "Nome"
        labels = " · ".join(["Classificação", *(["Classificação geral"] if group else []), "Inscrição", "Nota",
                             *shown, name])

        def rows() -> Iterator[list[str]]:
            for e in entries:
                cells = [str(e["classificacao"]).rjust(rank_w, FIG)]
                if group:
                    cells.append(str(e.get("classificacao_geral", "")).rjust(general_w, FIG))
                cells += [clean(str(e["inscricao"])).ljust(insc_w, FIG), str(e["nota"]).rjust(nota_w, FIG)]
                if shown:
                    values = e.get("valores_desempate") or [""] * len(shown)
                    cells += [(v or "—").rjust(w, FIG) for v, w in zip(values, tie_w)]
                tie = e.get("desempate")
                yield self._row(cells, f"{e['nome']} — {tie}" if tie else e["nome"], marks.get(e["inscricao"]))
        return labels, rows(), legend

    def _nominations(self, code: str, nominations: list[dict]) -> None:
        bases: dict[str, int] = {}
        suffixes: dict[str, str] = {}
        for n in nominations:
            basis = n.get("fundamento") or {}
            text = basis.get("texto")
            if text and text not in bases:
                bases[text] = len(bases) + 1
                suffixes[text] = note_suffix(basis)
        legend = [(f"[{k}] {text}{suffixes[text]}", k) for text, k in bases.items()]
        within = [n for n in nominations if not n.get("cadastro_reserva")]
        reserve = [n for n in nominations if n.get("cadastro_reserva")]
        labels = "Posição · Vaga · Inscrição · Nome [fundamento]"
        self._section(code, "nomeacao", "Ordem de nomeação (vagas do edital)", None, labels,
                      self._nomination_rows(within, bases, nominations), legend, EMPTY_ORDER)
        if reserve:
            self._section(code, "cadastro_reserva", "Cadastro de reserva — ordem projetada de nomeação", None, labels,
                          self._nomination_rows(reserve, bases, nominations),
                          ["Nomeações além das vagas dependem de conveniência da Administração."])
            # The site's nomination page shows both parts: its citation range covers the cadastro too.
            self.entries[-2].last = self.entries[-1].last

    def _nomination_rows(self, items: list[dict], bases: dict[str, int], every: list[dict]) -> Iterator[list[str]]:
        pos_w = max((len(str(n["posicao"])) for n in every), default=1) + 1
        insc_w = max((len(clean(str(n["inscricao"]))) for n in every), default=1)
        label_w = max([_VACANCY_WIDTH, *(len(VACANCY_LABELS.get(n["vaga"], "")) for n in every)])
        for n in items:
            vaga = VACANCY_LABELS.get(n["vaga"], clean(str(n["vaga"])))
            cells = [f"{n['posicao']}ª".rjust(pos_w, FIG), vaga.ljust(label_w, FIG),
                     clean(str(n["inscricao"])).ljust(insc_w, FIG)]
            yield self._row(cells, n["nome"], bases.get((n.get("fundamento") or {}).get("texto")))

    def _commission(self, code: str, commission: dict, names: dict | None = None) -> None:
        # the rule file's names of the procedures (issue 18 item 4), as written by the edital; else the PDF's own
        labels = {**PROCEDURE_LABELS, **{k: clean(str(v)) for k, v in (names or {}).items()}}
        results = commission.get("resultados") or []
        counts = commission.get("contagens") or {}
        if not results and not counts:
            return
        legend = []
        for procedure, by_outcome in counts.items():
            parts = [f"{OUTCOME_LABELS.get(o, o)} {n}" for o, n in by_outcome.items()]
            legend.append(f"{labels.get(procedure, procedure)}: " + ", ".join(parts))
        insc_w = max((len(clean(str(r["inscricao"]))) for r in results), default=1)

        def rows() -> Iterator[list[str]]:
            for r in results:
                cells = [clean(str(r["inscricao"])).ljust(insc_w, FIG),
                         labels.get(r["procedimento"], clean(str(r["procedimento"])))]
                yield self._row(cells, OUTCOME_LABELS.get(r["resultado"], str(r["resultado"])))
        # Not "anonimizados": the general list publishes each inscrição with its name (see content/sobre.md).
        legend.append("Resultados por inscrição, sem nomes: somente inscrição e categoria do resultado final.")
        self._section(code, "comissao", "Resultados das comissões (após recursos)", None,
                      "Inscrição · Procedimento · Resultado", rows(), legend)

    def _extras(self, view: dict) -> None:
        """Withdrawals and eliminations, by inscrição only (with the reason and basis of an elimination)."""
        code = view["codigo"]
        withdrawn = [clean(str(i["inscricao"])) for i in view.get("desistencias") or []]
        if withdrawn:
            title = self._annex("Desistências")
            self._place([("t", t) for t in wrap(title, self.avail, "bold")]
                        + _paragraph(wrap(f"Inscrições: {', '.join(withdrawn)}.", self.avail)), gap=True)
            self.entries.append(Entry(2, title, (code, "desistencias"), self._index, self._index))
        eliminated = view.get("eliminados") or []
        heading = [("t", t) for t in wrap(self._annex("Eliminados"), self.avail, "bold")] if eliminated else []
        for k, item in enumerate(eliminated):
            basis = item.get("fundamento") or {}
            reason = " — ".join(clean(str(part)) for part in (item.get("motivo"), basis.get("texto")) if part)
            reason += note_suffix(basis) if basis.get("texto") else ""
            text = f"{clean(str(item['inscricao']))}{f' ({reason})' if reason else ''}"
            lines = _paragraph(wrap(text, self.avail))
            # The title stays with the first entry; each entry's lines stay together.
            self._place((heading + lines) if k == 0 else lines, gap=k == 0)
            if k == 0:
                self.entries.append(Entry(2, " ".join(t for _, t in heading), (code, "eliminados"), self._index,
                                          self._index))
        if eliminated:
            self.entries[-1].last = self._index


_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(number: int) -> str:
    """An annex's number as the gazettes print it: 1 → "I", 14 → "XIV"."""
    out = []
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def annexes_sentence(count: int) -> str:
    """The act's sentence that makes its annexes part of it (before the signatures); '' without annexes."""
    if not count:
        return ""
    where = "do Anexo I, que integra" if count == 1 else f"dos Anexos I a {roman(count)}, que integram"
    return (f"As listas de classificação, a ordem de nomeação e os resultados das comissões de cada cargo constam "
            f"{where} este ato.")


def note_suffix(basis: dict | None) -> str:
    """" (nota 3)": the numbered notes (the "Notas" section of the front matter) a basis rests on."""
    if not basis:
        return ""
    numbers = basis["notas"] if "notas" in basis else ([basis["nota_numero"]] if basis.get("nota_numero") else [])
    if not numbers:
        return ""
    return f" (nota{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))})"


def _paragraph(lines: list[str]) -> list[Line]:
    """A regular paragraph: its first line, then its next lines."""
    return [("r", lines[0])] + [("s", t) for t in lines[1:]]
