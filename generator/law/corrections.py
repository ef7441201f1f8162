"""Retificação: what changed between the archived result of an act and the current one, quoted as the gazette does.

A retificação quotes only the changed passages, "Onde se lê: … Leia-se: …" (LEGAL-NOTES 13; federal model: Decreto
12.002/2024 arts. 73–74). Both sides are the JSON contract of `gazeta resultado --json` (generator/contract.py):
the archived one of the corrected act, and the current one. Pure functions, no I/O; deterministic order (cargos
as in the current contract, then cargos that disappeared; rows as in each list).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..labels import ELIMINATION, GROUP, VACANCY, ordinal, score_text

GENERAL = "geral"

# Fields of a candidate a retificação can change, in the order they are reported.
RANK = "classificacao"  # rank in the general list
SCORE = "nota"
LIST = "lista"  # membership and rank in a group list: field "lista_<grupo>"
NOMINATION = "nomeacao"  # position and vacancy type in the nomination order
ELIMINATION_FIELD = "eliminacao"
ADDED = "inclusao"  # a forgotten candidate added
REMOVED = "exclusao"  # a candidate who should not have been there


@dataclass(frozen=True, slots=True)
class Change:
    """One field of one candidate, before and after (None: absent on that side)."""

    field: str
    before: str | None
    after: str | None


@dataclass(frozen=True, slots=True)
class CandidateChanges:
    """Everything that changed for one candidate of one cargo."""

    position: str  # cargo code
    registration: str
    name: str
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Passage:
    """One quoted passage: the rows as published (onde se lê) and as corrected (leia-se)."""

    position: str
    position_name: str
    section: str  # "Lista geral", "Lista específica — pessoas negras", "Ordem de nomeação", "Eliminações"
    before: tuple[str, ...]
    after: tuple[str, ...]

    @property
    def verbs(self) -> tuple[str, str]:
        """The gazette's words for this passage: a pure addition is "Inclua-se", a pure removal "Exclua-se"."""
        if not self.before:
            return "", "Inclua-se"
        if not self.after:
            return "Exclua-se", ""
        return "Onde se lê", "Leia-se"


@dataclass(frozen=True, slots=True)
class Correction:
    """The body of a retificação: per-candidate changes and the passages that quote them."""

    candidates: tuple[CandidateChanges, ...]
    passages: tuple[Passage, ...]

    def __bool__(self) -> bool:
        return bool(self.passages or self.candidates)


def diff(old: dict, new: dict, *, per_candidate: bool = True) -> Correction:
    """Compare two result contracts (the archived one of the corrected act, the current one). One pass per cargo;
    a cargo whose data is identical on both sides is skipped whole (a retificação usually touches few cargos).
    `per_candidate=False`: only the passages (what the act's body quotes)."""
    old_by_code = {c["codigo"]: c for c in old.get("cargos", ())}
    new_by_code = {c["codigo"]: c for c in new.get("cargos", ())}
    codes = [c["codigo"] for c in new.get("cargos", ())] + [c for c in old_by_code if c not in new_by_code]
    candidates: list[CandidateChanges] = []
    passages: list[Passage] = []
    for code in codes:
        if old_by_code.get(code) == new_by_code.get(code):
            continue
        texts: dict[str, str] = {}  # a score's text, by its decimal string: both sides print the same way
        before, after = _Cargo(old_by_code.get(code), texts), _Cargo(new_by_code.get(code), texts)
        name = after.name or before.name
        if per_candidate:
            candidates.extend(_candidate_changes(code, before, after))
        for section, rows_before, rows_after in _sections(before, after):
            quoted = _quote(rows_before, rows_after)
            if quoted is not None:
                passages.append(Passage(code, name, section, *quoted))
    return Correction(tuple(candidates), tuple(passages))


class _Cargo:
    """One cargo of a contract (or an empty one), indexed by inscrição."""

    def __init__(self, data: dict | None, texts: dict[str, str] | None = None):
        data = data or {}
        self.texts = {} if texts is None else texts  # "87.5" → "87,50", each score formatted once
        self.name = data.get("nome", "")
        self.people = {p["inscricao"]: p for p in data.get("candidatos", ())}
        self.lists = {g: regs for g, regs in data.get("listas", {}).items() if g in data.get("listas_publicadas", ())}
        self.published = list(data.get("listas_publicadas", ()))
        self.nominations = {n["inscricao"]: n for n in data.get("nomeacao", ())}
        self.nomination_order = [n["inscricao"] for n in data.get("nomeacao", ())]
        self.eliminations = {e["inscricao"]: e for e in data.get("eliminacoes", ())}
        self.general = list(self.lists.get(GENERAL, self.people))
        self.rank = {reg: i for i, reg in enumerate(self.general, start=1)}
        self.list_rank = {g: {reg: i for i, reg in enumerate(regs, start=1)} for g, regs in self.lists.items()}

    def known(self, reg: str) -> bool:
        return reg in self.rank or reg in self.eliminations or reg in self.nominations

    def person(self, reg: str) -> dict:
        found = self.people.get(reg)
        return found if found is not None else {"inscricao": reg}

    def score(self, reg: str) -> str | None:
        """The person's score as printed (None without one): `_score`, formatted once per distinct score."""
        person = self.people.get(reg)
        if person is None or "nota" not in person:
            return None
        text = self.texts.get(person["nota"])
        if text is None:
            text = self.texts[person["nota"]] = _score(person)
        return text


def _score(person: dict) -> str | None:
    return score_text(Decimal(person["nota"])) if "nota" in person else None


def _nomination_text(n: dict | None) -> str | None:
    if n is None:
        return None
    text = f"{ordinal(n['posicao'], feminine=True)} posição, vaga {VACANCY.get(n['vaga'], n['vaga'])}"
    return text + " (cadastro de reserva)" if n.get("cadastro_reserva") else text


def _elimination_text(e: dict | None) -> str | None:
    return None if e is None else ELIMINATION.get(e["motivo"]) or e.get("rotulo") or e["motivo"]


def _candidate_changes(code: str, before: _Cargo, after: _Cargo) -> list[CandidateChanges]:
    """Per candidate, in the current general order, then eliminated ones, then those that disappeared."""
    order = after.general + [r for r in after.eliminations if r not in after.rank]
    order += [r for r in after.nominations if r not in after.rank and r not in after.eliminations]
    seen = set(order)
    order += [r for r in [*before.general, *before.eliminations, *before.nominations] if r not in seen]
    groups = [g for g in dict.fromkeys([*after.published, *before.published]) if g != GENERAL]
    out, done = [], set()
    for reg in order:
        if reg in done:
            continue
        done.add(reg)
        was, now = before.known(reg), after.known(reg)
        changes: list[Change] = []
        if not was:
            changes.append(Change(ADDED, None, reg))
        elif not now:
            changes.append(Change(REMOVED, reg, None))
        pairs = [
            (RANK, _opt(before.rank.get(reg)), _opt(after.rank.get(reg))),
            (SCORE, before.score(reg), after.score(reg)),
            *((f"{LIST}_{g}", _opt(before.list_rank.get(g, {}).get(reg)), _opt(after.list_rank.get(g, {}).get(reg)))
              for g in groups),
            (NOMINATION, _nomination_text(before.nominations.get(reg)), _nomination_text(after.nominations.get(reg))),
            (ELIMINATION_FIELD, _elimination_text(before.eliminations.get(reg)),
             _elimination_text(after.eliminations.get(reg))),
        ]
        changes += [Change(f, b, a) for f, b, a in pairs if b != a]
        if changes:
            name = after.person(reg).get("nome") or before.person(reg).get("nome", "")
            out.append(CandidateChanges(code, reg, name, tuple(changes)))
    return out


def _opt(n: int | None) -> str | None:
    return None if n is None else str(n)


def _sections(before: _Cargo, after: _Cargo):
    """(section title, rows before, rows after), each row a (inscrição, text) pair, in each side's order."""
    groups = list(dict.fromkeys([*after.published, *before.published]))
    for g in groups:
        title = "Lista geral" if g == GENERAL else f"Lista específica — {GROUP.get(g, g)}"
        yield title, _list_rows(before, g), _list_rows(after, g)
    yield "Ordem de nomeação", _nomination_rows(before), _nomination_rows(after)
    yield "Eliminações", _elimination_rows(before), _elimination_rows(after)


def _who(cargo: _Cargo, reg: str) -> str:
    name = cargo.person(reg).get("nome")
    return f"{reg} — {name}" if name else reg


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of a quoted section: its place number (rank or position, 0 where none), how that place is written,
    and the rest of the row. The text is "label — rest"."""

    key: str
    number: int
    label: str
    rest: str
    sep: str = " — "

    @property
    def text(self) -> str:
        return f"{self.label}{self.sep}{self.rest}" if self.label else self.rest


def _list_rows(cargo: _Cargo, group: str) -> list[_Row]:
    rows = []
    for i, reg in enumerate(cargo.lists.get(group, ()), start=1):
        score = cargo.score(reg)
        rows.append(_Row(reg, i, ordinal(i), _who(cargo, reg) + (f" — {score}" if score else "")))
    return rows


def _nomination_rows(cargo: _Cargo) -> list[_Row]:
    rows = []
    for reg in cargo.nomination_order:
        n = cargo.nominations[reg]
        text = _nomination_text(n)
        label = f"{ordinal(n['posicao'], feminine=True)} posição"  # _nomination_text starts with it, then ", "
        rows.append(_Row(reg, n["posicao"], label, f"{text[len(label) + 2:]} — {_who(cargo, reg)}", ", "))
    return rows


def _elimination_rows(cargo: _Cargo) -> list[_Row]:
    return [_Row(reg, 0, "", f"{reg} — {_elimination_text(e)}") for reg, e in cargo.eliminations.items()]


# A run of at least this many consecutive rows that only moved together (each one the same number of places,
# nothing else changed) is quoted by its bounds instead of row by row.
MIN_RUN = 5


def _quote(before: list[_Row], after: list[_Row]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The changed rows of a section, each side in its own order (None when nothing changed).

    Reading adopted (not in LEGAL-NOTES): a retificação quotes only the changed passage (LEGAL-NOTES 13; Decreto
    nº 12.002/2024, arts. 73–74). When one candidate climbs or falls, everyone between moves one place with
    nothing else changed: that block is one passage and is quoted by its bounds — first and last row as
    published, "os mesmos N candidatos, na mesma ordem" at the corrected places — not copied row by row (a
    national exam would otherwise republish thousands of unchanged names). In the nomination order the reserved
    places keep their holders while the ampla ones move on: the block then says "salvo as linhas que não mudaram"
    (those rows stay as published, and no other changed row lies within its bounds). Runs shorter than MIN_RUN are
    quoted in full, as before."""
    old, new = {r.key: r for r in before}, {r.key: r for r in after}
    changed = {k for k in old.keys() | new.keys() if (k in old) != (k in new) or old[k].text != new[k].text}
    if not changed:
        return None
    changed_before = [r for r in before if r.key in changed]
    changed_after = [r for r in after if r.key in changed]
    runs = _runs(changed_after, changed_before, old)
    return _lines(changed_before, runs, side=0), _lines(changed_after, runs, side=1)


def _runs(changed_after: list[_Row], changed_before: list[_Row], old: dict[str, _Row]
          ) -> dict[str, tuple[int, list[tuple[_Row, _Row]]]]:
    """Runs of rows that only moved together: key of each member → (run id, [(before, after) pairs]). Members are
    next to each other among the changed rows of both sides; rows that did not change may lie between them (the
    reserved places of a nomination order keep their holders while the ampla ones move on)."""
    at_before = {r.key: i for i, r in enumerate(changed_before)}
    runs: list[list[tuple[_Row, _Row]]] = []
    current: list[tuple[_Row, _Row]] = []
    for row in changed_after:
        was = old.get(row.key)
        shifted = was is not None and was.rest == row.rest and bool(was.number) and bool(row.number) \
            and was.number != row.number
        if not shifted:
            if current:
                runs.append(current)
            current = []
            continue
        if current and at_before[was.key] != at_before[current[-1][0].key] + 1:
            runs.append(current)
            current = []
        current.append((was, row))
    if current:
        runs.append(current)
    out = {}
    for k, run in enumerate(r for r in runs if len(r) >= MIN_RUN):
        for was, _ in run:
            out[was.key] = (k, run)
    return out


def _lines(rows: list[_Row], runs: dict, side: int) -> tuple[str, ...]:
    lines, done = [], set()
    for row in rows:
        found = runs.get(row.key)
        if found is None:
            lines.append(row.text)
            continue
        k, run = found
        if k in done:
            continue
        done.add(k)
        first, last = run[0][side], run[-1][side]
        span = f"{first.label} a {last.label}"
        if last.number - first.number + 1 != len(run):  # rows that did not change lie between: they stay
            span += ", salvo as linhas que não mudaram"
        if side == 0:
            lines.append(f"{span} — {len(run)} candidatos, de {first.rest} a {last.rest}, nesta ordem")
        else:
            lines.append(f"{span} — os mesmos {len(run)} candidatos, na mesma ordem")
    return tuple(lines)


def body_text(correction: Correction) -> str:
    """The act's body as plain text, in the gazette's convention."""
    lines: list[str] = []
    last = None
    for p in correction.passages:
        if p.position != last:
            lines += ["", f"Cargo {p.position} — {p.position_name}".rstrip(" —")]
            last = p.position
        lines.append(f"{p.section}:")
        quote, correct = p.verbs
        if quote:
            lines += [f"{quote}:", *(f"  {row}" for row in p.before)]
        if correct:
            lines += [f"{correct}:", *(f"  {row}" for row in p.after)]
    return "\n".join(lines).strip() + "\n" if lines else ""


def body_data(correction: Correction) -> dict:
    """The act's body as plain data for the site and PDF templates (public fields only: see contract.py)."""
    return {
        "trechos": [{"cargo": p.position, "cargo_nome": p.position_name, "secao": p.section,
                     "onde_se_le_rotulo": p.verbs[0], "leia_se_rotulo": p.verbs[1],
                     "onde_se_le": list(p.before), "leia_se": list(p.after)} for p in correction.passages],
        "candidatos": [{"cargo": c.position, "inscricao": c.registration, "nome": c.name,
                        "mudancas": [{"campo": ch.field, "antes": ch.before, "depois": ch.after}
                                     for ch in c.changes]} for c in correction.candidates],
    }


# -- the per-candidate changes as `gazeta publicar` archives them beside a retificação (store: mudancas.json) ----
def changes_data(candidates: tuple[CandidateChanges, ...]) -> dict:
    """What the archive keeps of an act's per-candidate changes: cargo, inscrição and each changed field with what
    it was and what it is (no name: the lists have it). Written once, at publication, from the same comparison the
    act's body quotes; a build then reads this small file instead of two national result contracts."""
    return {"formato": 1, "candidatos": [{"cargo": c.position, "inscricao": c.registration,
                                          "mudancas": [[ch.field, ch.before, ch.after] for ch in c.changes]}
                                         for c in candidates]}


def changes_of(data: object) -> tuple[CandidateChanges, ...]:
    """The per-candidate changes archived by `changes_data`; ValueError when the data is not of that shape."""
    if not isinstance(data, dict) or data.get("formato") != 1 or not isinstance(data.get("candidatos"), list):
        raise ValueError("not a changes file")
    out = []
    for item in data["candidatos"]:
        if not isinstance(item, dict) or not isinstance(item.get("cargo"), str) \
                or not isinstance(item.get("inscricao"), str) or not isinstance(item.get("mudancas"), list):
            raise ValueError("not a changes entry")
        changes = []
        for change in item["mudancas"]:
            if not (isinstance(change, list) and len(change) == 3 and isinstance(change[0], str)
                    and all(v is None or isinstance(v, str) for v in change[1:])):
                raise ValueError("not a change")
            changes.append(Change(*change))
        out.append(CandidateChanges(item["cargo"], item["inscricao"], "", tuple(changes)))
    return tuple(out)
