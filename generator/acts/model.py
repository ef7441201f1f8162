"""Acts as data: what certame.toml's `[[atos]]` declares (LEGAL-NOTES reading 13).

This is the shared contract of the acts package. `load` (certame.toml), `archive`/`publish` (freezing acts),
`corrections` (retificação: "Onde se lê … Leia-se …"), `calls` (convocações and events) and `sign` (PAdES)
all speak these types; renderers receive them only through the public view.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date

# Act types (`tipo`). Labels are the gazette's words, used in mastheads, citations and banners.
RESULT = "resultado"
HOMOLOGATION = "homologacao"
CORRECTION = "retificacao"
REPUBLICATION = "republicacao"
CALL = "convocacao"
ACT_TYPES = {
    RESULT: "Edital de Resultado Final",
    HOMOLOGATION: "Edital de Homologação",
    CORRECTION: "Edital de Retificação",
    REPUBLICATION: "Edital de Republicação",
    CALL: "Edital de Convocação",
}

# A convocação to a stage (`etapa`: curso de formação, TAF, exame médico…; LEGAL-NOTES reading 18): the orders an
# edital states for its list of called candidates (`ordem`), in the words the act prints.
STAGE_ORDERS = {"classificacao": "ordem de classificação", "alfabetica": "ordem alfabética"}
STAGE = "etapa"  # FrozenCall.group of a stage convocação's called candidate (it holds no vacancy type)

# Acts that publish the lists, and acts that point at another act (`retifica`).
RESULT_KINDS = (RESULT, HOMOLOGATION, CORRECTION, REPUBLICATION)
CORRECTING_KINDS = (CORRECTION, REPUBLICATION)


@dataclass(frozen=True, slots=True)
class Signer:
    """Who signs the act: printed as its closing block (name and office)."""

    name: str  # nome
    office: str  # cargo, e.g. "Prefeito Municipal"


@dataclass(frozen=True, slots=True)
class Edition:
    """The gazette edition that carries an act; one edition may carry acts of several exams."""

    gazette: str  # diario, e.g. "Imprensa Oficial - Lins"
    date: date
    number: str | None = None  # edicao; None when unknown (the masthead then omits it)
    extra: bool = False  # edição extra
    supplement: bool = False  # suplemento
    section: str = ""
    subsection: str = ""
    entity: str = ""  # entidade, e.g. "Poder Executivo"
    year: str = ""  # ano of the gazette, e.g. "VIII"
    url: str = ""  # permanent URL of the edition, when the gazette has one

    @property
    def key(self) -> tuple:
        """What makes two acts share an edition (one edition may carry acts of several exams)."""
        return (self.gazette, self.number or "", self.date, self.extra, self.supplement)


@dataclass(frozen=True, slots=True)
class Act:
    """One published act of an exam: its own identity (type, number, date) and where it was published."""

    kind: str  # key of ACT_TYPES
    number: str  # numero, e.g. "41/2024": unique within the exam; "" when the act has none (issue 18 item 5)
    date: date
    edition: Edition
    signers: tuple[Signer, ...] = ()
    title: str = ""  # optional own title; default: ACT_TYPES[kind] + " nº " + number
    corrects: str | None = None  # retifica / republica: number of the act it corrects
    reason: str = ""  # motivo of a retificação/republicação
    position: str | None = None  # cargo code of a convocação
    places: int | None = None  # vagas: how many next places of that cargo's nomination order a convocação calls
    place: str = ""  # local of the closing block, e.g. "Lins"
    line: int = 0  # order in certame.toml (1-based), for messages
    sequence: int = 0  # a retificação's ordinal among those of the act it corrects (LexML `;retificacao.N`)
    extra: dict = field(default_factory=dict)  # reserved for keys added later; never rendered directly
    # An [[atos]] act without `numero`: its identifier from type and date, unique within the exam
    # ("resultado-2024-06-10", a second of the same type and day "resultado-2024-06-10-2"), and its ordinal among
    # the exam's unnumbered acts of that date (the LexML URN's `lex-N`). Both empty/0 for numbered acts and for
    # [publicacao] alone.
    ident: str = ""
    day_order: int = 0
    # `titulo_genero` (feminino | masculino): the grammatical gender of the own `title`, for «pelo»/«pela» (issue 18
    # item 4); "": read from the title's first word (labels.is_feminine)
    title_gender: str = ""
    # The act's own Markdown text (`texto`, issue 18 item 2): printed before its body, sanitised as ato.md is.
    text: str = ""
    # A convocação's presentation (issue 18 item 2): where, when and with what the called present themselves.
    deadline: date | None = None  # prazo: the last day to present oneself
    report_place: str = ""  # local_apresentacao (`local` is the closing block's place)
    dates: str = ""  # datas, as the edital writes them ("de 15 a 19 de julho de 2024")
    hours: str = ""  # horario ("das 8h às 17h")
    documents: tuple[str, ...] = ()  # documentos to bring, in the edital's order
    # A convocação to a stage (LEGAL-NOTES reading 18): it calls the aptos (all, or the first `count` by
    # classification) in `stage_order`, and consumes no nomination position.
    stage: str = ""  # etapa, e.g. "Curso de Formação Profissional"; "" for a nomination convocação
    stage_order: str = ""  # ordem: a key of STAGE_ORDERS
    count: int | None = None  # quantos; None: every apto
    basis: str = ""  # fundamento: the edital's item that orders the call ("Capítulo 9, item 9.1")

    @property
    def id(self) -> str:
        """How certame.toml (`retifica`), the archive and the calls name the act: its number, else its identifier."""
        return self.number or self.ident

    @property
    def label(self) -> str:
        """'Edital de Convocação nº 50/2024' — how the act is named in banners, history lines and citations."""
        if self.title:
            return self.title
        if self.number:
            return f"{ACT_TYPES[self.kind]} nº {self.number}"
        if self.ident:  # unnumbered: named by its date, as the gazette does («Edital …, de 10 de junho de 2024»)
            from ..load.text import date_in_full

            return f"{ACT_TYPES[self.kind]}, de {date_in_full(self.date)}"
        return ACT_TYPES[self.kind]

    @property
    def is_stage_call(self) -> bool:
        """A convocação to a stage (curso de formação, TAF…), not to nomination (LEGAL-NOTES reading 18)."""
        return self.kind == CALL and bool(self.stage)

    @property
    def carries_result(self) -> bool:
        """Whether the act publishes (or corrects) the lists and the nomination order."""
        return self.kind in RESULT_KINDS

    @property
    def slug(self) -> str:
        """Path segment of the act's permanent page and PDF: 'ato-50-2024'."""
        if not self.number and self.ident:  # unnumbered [[atos]] act: "resultado-2024-06-10"
            return self.ident
        if not self.number:  # [publicacao] alone: the one result act has no number of its own
            return f"ato-{self.kind}"
        ascii_number = unicodedata.normalize("NFKD", self.number).encode("ascii", "ignore").decode().lower()
        return "ato-" + "".join(c if c.isascii() and c.isalnum() else "-" for c in ascii_number).strip("-")


@dataclass(frozen=True, slots=True)
class FrozenCall:
    """One place an archived convocação called, as its record says (store/frozen.py reads it from ato.json): replayed
    by law/calls.py as published, never recomputed."""

    position: int  # a stage convocação: the called candidate's order in its list (1-based)
    group: str  # vacancy type: ampla, negro, pcd, indigena, mulher; STAGE for a stage convocação
    registration: str
    basis: str  # the «fundamento» as published
