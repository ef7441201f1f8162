"""What the archived acts published, read back from their records (issue 19): the fields a published act may no
longer change in certame.toml, and whom each archived convocação called.

A published act is what it published (LEGAL-NOTES 13): its record (`arquivo/<ato>/ato.json`, store/archive.py) is
the source of its fields and of its call list, never the working files. This module only reads records, through
archive's public API; it writes nothing.
"""

from __future__ import annotations

import re

from ..errors import Problem
from ..labels import VACANCY
from . import archive
from ..acts.model import CALL, CORRECTION, STAGE, Act, FrozenCall

FILE = "certame.toml"

# Keys of [[atos]] printed in a published act (its body, masthead or closing block) → how they read in ato.json.
# The act's identity (tipo, número, data, edição, título, retifica…) is compared by publish.pending (build,
# publicar).
FIELDS = {
    "cargo": lambda act: act.position,
    "vagas": lambda act: act.places,
    "local": lambda act: act.place,
    "motivo": lambda act: act.reason,
    "assinaturas": lambda act: [{"nome": s.name, "cargo": s.office} for s in act.signers],
    # issue 18 item 2: the act's own text and a convocação's presentation and stage, frozen like the rest
    "texto": lambda act: act.text,
    "local_apresentacao": lambda act: act.report_place,
    "datas": lambda act: act.dates,
    "horario": lambda act: act.hours,
    "prazo": lambda act: act.deadline.isoformat() if act.deadline else None,
    "documentos": lambda act: list(act.documents),
    "etapa": lambda act: act.stage,
    "ordem": lambda act: act.stage_order,
    "quantos": lambda act: act.count,
    "fundamento": lambda act: act.basis,
}
EDITION_FIELDS = {  # per-act keys of the edition, in ato.json's "publicacao"
    "subsecao": lambda act: act.edition.subsection,
    "url": lambda act: act.edition.url,
}
_GROUP_OF = {label: group for group, label in VACANCY.items()}
_ORDINAL = re.compile(r"([0-9]+)ª\Z")
_NOTE_MARKS = re.compile(r" \(notas? [0-9]+(?:, [0-9]+)*\)\Z")  # act_body.py's marks of the act's own notes


def read(records: list[archive.Record], acts: list[Act], trust: archive.Trust | None = None
         ) -> tuple[dict[str, list[FrozenCall]], list[Problem]]:
    """(act number → the places each archived convocação called, problems) from the exam's records (archive.read):
    a declared act whose printed fields differ from its record, or a convocação record that cannot be read, is a
    problem naming certame.toml's key. `trust`: the build's verified files (archive.Trust)."""
    declared = {a.slug: a for a in acts}
    calls: dict[str, list[FrozenCall]] = {}
    problems: list[Problem] = []
    for record in records:
        act = declared.get(record.slug)
        if act is None:
            problems.append(archive.dropped(record))
            continue
        is_call = record.act.get("tipo") == CALL
        damaged = archive.check(record, trust) if is_call else []  # the call list read below must be the published one
        if damaged:
            problems += damaged
            continue
        try:
            view = record.view()
        except (OSError, ValueError):
            problems.append(Problem(f"{archive.ARCHIVE}/{record.slug}/{archive.ACT_FILE}", "o registro deste ato "
                                    "publicado está ilegível. Restaure-o a partir do backup ou do controle de "
                                    "versão."))
            continue
        problems += changed(act, view, record.slug)
        if is_call:
            reader = _stage_calls if (view.get("corpo") or {}).get("etapa") else _calls
            found = reader(view, record.slug, problems)
            if found is not None:
                calls[act.id] = found
    return calls, problems


def changed(act: Act, view: dict, slug: str) -> list[Problem]:
    """The keys of a published act that certame.toml now declares differently from its record."""
    published = view.get("ato") or {}
    edition = view.get("publicacao") or {}
    problems = []
    for key, now in [*((k, f(act)) for k, f in FIELDS.items()), *((k, f(act)) for k, f in EDITION_FIELDS.items())]:
        then = (edition if key in EDITION_FIELDS else published).get(key)
        if _plain(then) == _plain(now):
            continue
        problems.append(Problem(FILE, f"o {act.label} já foi publicado (pasta {archive.ARCHIVE}/{slug}) com "
                                f"{key} = {_shown(then)}, e certame.toml agora diz {_shown(now)}. Um ato publicado "
                                f"não muda: volte ao valor publicado. Para corrigir o que ele publicou, declare uma "
                                f"retificação ([[atos]] com tipo = \"{CORRECTION}\" e retifica = \"{act.id}\").",
                                column=f"atos[{act.line}].{key}" if act.line else key))
    return problems


def _plain(value):
    """None, "" and [] are the same absence; everything else compares as published (JSON)."""
    return value if value not in (None, "", []) else None


def _shown(value) -> str:
    if _plain(value) is None:
        return "(vazio)"
    if isinstance(value, str) and len(value) > 80:  # a long text (texto): its start is enough to find it
        return f"«{value[:77]}…»"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "«" + "; ".join(value) + "»"
    if isinstance(value, list):
        return "; ".join(f"{s.get('nome', '')} ({s.get('cargo', '')})" for s in value if isinstance(s, dict))
    return f"«{value}»"


def _calls(view: dict, slug: str, problems: list[Problem]) -> list[FrozenCall] | None:
    """The places of an archived convocação, from the body it published (`corpo.convocados`)."""
    where = f"{archive.ARCHIVE}/{slug}/{archive.ACT_FILE}"
    out = []
    # The act's rows say «vaga» with the rule file's words when it has them (rules.vacancy_label: `rotulo_vaga`, or
    # «reservada a» + `rotulo`, e.g. Lins «reservada a mulheres (Guarda Civil Municipal)»): read them back from the
    # rules the act itself published, beside the fixed words.
    words = dict(_GROUP_OF)
    for g in ((view.get("regras") or {}).get("grupos") or []):
        if isinstance(g, dict) and g.get("grupo") in VACANCY:
            for label in (g.get("rotulo_vaga"), f"reservada a {g['rotulo']}" if g.get("rotulo") else None):
                if label:
                    words.setdefault(label, g["grupo"])
    for row in (view.get("corpo") or {}).get("convocados") or []:
        match = _ORDINAL.match(str(row.get("posicao", "")))
        group = words.get(row.get("vaga"), row.get("vaga") if row.get("vaga") in VACANCY else None)
        if match is None or group is None or not row.get("inscricao"):
            problems.append(Problem(where, "a lista de convocados deste ato publicado está ilegível. Restaure o "
                                    "arquivo a partir do backup ou do controle de versão."))
            return None
        basis = _NOTE_MARKS.sub("", str(row.get("fundamento", "")))  # the contract's text: without "(nota 6)"
        out.append(FrozenCall(int(match.group(1)), group, str(row["inscricao"]), basis))
    return out


def _stage_calls(view: dict, slug: str, problems: list[Problem]) -> list[FrozenCall] | None:
    """Whom an archived stage convocação called (LEGAL-NOTES 18), in its published order (`corpo.convocados`)."""
    out = []
    for row in (view.get("corpo") or {}).get("convocados") or []:
        order = row.get("ordem")
        if not isinstance(order, int) or isinstance(order, bool) or not row.get("inscricao"):
            problems.append(Problem(f"{archive.ARCHIVE}/{slug}/{archive.ACT_FILE}", "a lista de convocados deste ato "
                                    "publicado está ilegível. Restaure o arquivo a partir do backup ou do controle "
                                    "de versão."))
            return None
        out.append(FrozenCall(order, STAGE, str(row["inscricao"]), ""))
    return out
