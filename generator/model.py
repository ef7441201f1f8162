"""Plain data for one exam (certame): what the loader produces and the allocator consumes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path

from .acts.model import Act

# Group keys, exactly as in the JSON contract and the data files (GLOSSARY.md).
OPEN = "ampla"
# quilombola: Lei Federal nº 15.142/2025, art. 1º (30% às pessoas pretas e pardas, indígenas e quilombolas), split by
# the Decreto nº 12.536/2025 into 25%, 3% and 2% (issue 18).
QUILOMBOLA = "quilombola"
RESERVE_GROUPS = ("negro", "pcd", "indigena", QUILOMBOLA, "mulher")
ALL_GROUPS = (OPEN, *RESERVE_GROUPS)
# The groups the JSON contract and the summaries always list (with 0 where the jurisdiction has no such reserve), in
# this order; a group outside it (quilombola) is listed only by the jurisdictions whose rule file has it.
ALWAYS_LISTED = ("negro", "pcd", "indigena", "mulher")


def listed_groups(groups) -> tuple[str, ...]:
    """The reserve groups a contract or summary lists for a jurisdiction with `groups`: the usual four, and any other
    group the rule file has, in RESERVE_GROUPS order."""
    return tuple(g for g in RESERVE_GROUPS if g in ALWAYS_LISTED or g in groups)

# Candidate status in the board's file (coluna `situacao`).
APPROVED = "aprovado"
STATUSES = ("aprovado", "eliminado", "ausente")

# Commission procedures and the reserve each one checks (MS arts. 2º VII–IX; Lins art. 7º).
# quilombola: the «confirmação complementar à autodeclaração de indígenas e quilombolas» the Lei nº 15.142/2025, art. 3º,
# § 4º, leaves to regulation (a documental check, not heteroidentificação, which art. 3º, caput, gives to pretos e pardos).
PROCEDURES = {"heteroidentificacao": "negro", "indigena": "indigena", "quilombola": QUILOMBOLA, "pcd": "pcd"}
OUTCOMES = ("confirmado", "nao_confirmado", "ausente", "fraude")


@dataclass(slots=True)
class Candidate:
    """One row of candidatos.csv. `cpf`, `birth` and `sex` are restricted: never published."""

    registration: str  # inscrição, kept as given (a string)
    name: str
    position: str  # cargo code
    score: Decimal
    rank: int | None = None  # the board's official general classification
    birth: date | None = None
    cpf: str | None = None
    sex: str | None = None  # "F" or "M"
    opts: frozenset[str] = frozenset()  # reserves opted for at registration: negro, pcd, indigena, quilombola
    status: str = APPROVED
    line: int = 0  # line in the source file, for messages
    choice: str | None = None  # reserve chosen when reached by two (column `escolha`; LEGAL-NOTES 9)
    tie: tuple | None = None  # values of the tie-break columns (Exam.tie_columns): Decimal, int or None each


@dataclass(frozen=True, slots=True)
class CommissionOutcome:
    """Final outcome of one commission procedure, after appeals. `opinion` (parecer) is restricted."""

    registration: str
    procedure: str  # key of PROCEDURES
    outcome: str  # one of OUTCOMES
    opinion: str | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Position:
    """One cargo offered by the exam, as stated in certame.toml."""

    code: str
    name: str
    vacancies: int
    reserves: dict[str, int] | None = None  # the edital's own counts: prevail over percentages
    reserved_positions: dict[str, tuple[int, ...]] | None = None  # edital's explicit nomination positions
    municipal_guard: bool = False  # Guarda Civil Municipal: women's list (Lins LC 1.745/2023 art. 16 §2)
    # The edital's cadastro de reserva of this cargo (certame.toml `cadastro`, `cadastro_reservas`,
    # `cadastro_fundamento`; issue 18): positions beyond V, and each group's reserved places among them. They prevail
    # over the rule file's [cadastro] total and the groups' `cadastro` for this cargo; None: the rule file's.
    register_size: int | None = None
    register_reserves: dict[str, int] | None = None
    register_article: str = ""  # the edital's item that fixes them («item 2.1»); the exam's edital is the norm


@dataclass(frozen=True, slots=True)
class Publication:
    """Where the act is published: the gazette's coordinates, for the masthead and for citation."""

    gazette: str  # e.g. "Imprensa Oficial - Lins"
    edition: str  # "" when unknown: the masthead then omits it
    date: date
    section: str
    subsection: str = ""
    entity: str = ""  # Entidade, e.g. "Poder Executivo"
    year: str = ""  # "Ano VIII"
    url: str = ""  # permanent URL of the edition


@dataclass(slots=True)
class Exam:
    """One certame: metadata, positions and the board's and commissions' data."""

    slug: str
    jurisdiction: str
    title: str
    agency: str  # órgão
    notice: str  # edital
    publication: Publication
    positions: list[Position]
    candidates: list[Candidate] = field(default_factory=list)
    commission: list[CommissionOutcome] = field(default_factory=list)
    withdrawals: list[str] = field(default_factory=list)
    source: Path | None = None
    preamble_md: str = ""  # ato.md: the act's title/preamble, editorial Markdown
    notice_date: date | None = None  # publication date of the opening edital (certame.toml `edital_data`)
    events: list = field(default_factory=list)  # eventos.csv: events.Event, in file order
    acts: list[Act] = field(default_factory=list)  # the exam's history of acts ([[atos]]), in order
    tie_columns: tuple[str, ...] = ()  # the board's columns the tie-break criteria read (Candidate.tie)
    tiebreak: list[dict] = field(default_factory=list)  # the edital's tie-break criteria (certame.toml [[desempate]])
    registration_end: date | None = None  # last day of registration (inscricoes_fim): who is 60 or more
    statuses: dict[str, str] = field(default_factory=dict)  # [situacoes]: the edital's reasons of elimination

    def current_act(self) -> Act | None:
        """The latest act that publishes or corrects the lists: the one the current pages reflect."""
        return next((a for a in reversed(self.acts) if a.carries_result), None)
