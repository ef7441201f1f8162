"""The JSON contract printed by `gazeta resultado DIR --json`."""

from __future__ import annotations

import json

from .model import listed_groups
from .results import GENERAL, ExamResult, PositionResult



def basis_text(bases) -> str:
    """Several legal bases as one line, naming each norm once: "Decreto …, art. 3º, I; art. 6º"."""
    parts, last, seen = [], None, set()
    for b in bases:
        if (b.norm.key, b.article) in seen:  # the same article cited for two reasons: say it once
            continue
        seen.add((b.norm.key, b.article))
        parts.append(b.article if b.norm is last else b.text)
        last = b.norm
    return "; ".join(parts)


def place_basis(place) -> str:
    """A called place's «fundamento» (law/calls.py Place): as its archived act published it; a refill after a
    commission outcome as "Vaga não preenchida: …" with the article that passes the place on (LEGAL-NOTES 7)."""
    if place.published:
        return place.published
    return ("Vaga não preenchida: " if place.unfilled else "") + basis_text(place.bases)


def contract(result: ExamResult, digests: dict[str, str] | None = None) -> dict:
    """The allocation as plain JSON data, in the order of certame.toml. `digests`: act number → SHA-256 of its
    archived PDF (store/archive.py), for the acts already published."""
    return _contract(result, digests, [_position(p, result.rules, result.timelines.get(p.position.code))
                                       for p in result.positions])


def _contract(result: ExamResult, digests: dict[str, str] | None, cargos: list[dict]) -> dict:
    data = {"certame": result.exam.slug, "jurisdicao": result.rules.id, "cargos": cargos}
    acts = getattr(result.exam, "acts", None) or []
    if acts:
        data["atos"] = [{"numero": a.number, "tipo": a.kind, "data": a.date.isoformat(),
                         "sha256": (digests or {}).get(a.id)} for a in acts]
    return data


def contract_bytes(data: dict, parts: tuple[bytes, list[bytes], bytes] | None = None) -> bytes:
    """The contract as `gazeta publicar` archives it (store: resultado.json): one line, by the C encoder (an indent
    makes json use its pure-Python encoder, ~10× slower on a national exam). The same bytes as `contract_parts`
    joined (`parts`: those already made of `data`; 6 CPU s at 1M)."""
    return b"".join(_pieces(*(parts or contract_parts(data))))


def _pieces(head: bytes, cargos, tail: bytes):
    """The bytes of a contract in order: the head, the cargos' parts with "," between them, the tail."""
    yield head
    for k, cargo in enumerate(cargos):
        if k:
            yield b","
        yield cargo
    yield tail


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _encoded(value) -> bytes:
    """_dump as UTF-8, each part encoded alone: one «—» in any cargo makes a joined text two bytes per character,
    and encoding the national contract so took 3.4 s against 0.3 s part by part."""
    return _dump(value).encode("utf-8")


def contract_parts(data: dict) -> tuple[bytes, list[bytes], bytes]:
    """The archived bytes of a contract in three parts: what comes before its first cargo, each cargo's object, and
    what follows the last one; joined with "," between cargos they are json.dumps of the whole in UTF-8, byte for
    byte (a JSON object is its members in order, `"key":value`, separated by ","; tests/test_corrections.py)."""
    keys = list(data)
    at = keys.index("cargos")
    before, after = _dump({k: data[k] for k in keys[:at]}), _dump({k: data[k] for k in keys[at + 1:]})
    head = before[:-1] + ("," if at else "") + '"cargos":['
    tail = "]" + ("," + after[1:] if after != "{}" else "}") + "\n"
    return head.encode("utf-8"), [_encoded(c) for c in data["cargos"]], tail.encode("utf-8")


def published_contract(data: bytes, current: dict, parts: tuple[bytes, list[bytes], bytes] | None = None) -> dict:
    """The archived contract `data` (resultado.json as published, its bytes) as data, parsing only the cargos whose
    text is not `current`'s: an unchanged cargo is `current`'s own object (the same text means the same data), so
    comparing the two contracts (law/corrections.diff) skips it at once. After a retificação of 10 scores at 1M, 10
    of 200 cargos are parsed instead of 280 MB of JSON. Compared as bytes (contract_parts'): decoding the whole file
    into one text took 2.6 s at 1M (one «—» makes it two bytes per character). Anything else than cargo after cargo
    (another head) is parsed whole: json.loads, the same data. `parts`: contract_parts(current), when already
    made."""
    start, encoded, _ = parts or contract_parts(current)
    if not data.startswith(start):
        return json.loads(data)
    decoder, cargos, at = json.JSONDecoder(), [], len(start)
    while data[at:at + 1] != b"]":
        k = len(cargos)
        if k < len(encoded) and data.startswith(encoded[k], at) \
                and data[at + len(encoded[k]):at + len(encoded[k]) + 1] in (b",", b"]"):
            cargos.append(current["cargos"][k])
            at += len(encoded[k])
        else:
            value, at = _decode_at(decoder, data, at, len(encoded[k]) if k < len(encoded) else WINDOW)
            cargos.append(value)
        if data[at:at + 1] == b",":
            at += 1
        elif data[at:at + 1] != b"]":
            return json.loads(data)
    rest = data[at + 1:].strip()
    if not rest.startswith((b"}", b",")):
        return json.loads(data)
    found = json.loads(b"{" + rest[1:]) if rest.startswith(b",") else {}
    keys = list(current)
    at_cargos = keys.index("cargos")
    return {**{k: current[k] for k in keys[:at_cargos]}, "cargos": cargos, **found}


def result_digest(result: ExamResult, digests: dict[str, str] | None = None, workers: int = 1) -> str:
    """The SHA-256 of contract_bytes(contract(result, digests)), what `publicar` seals, without making those bytes
    whole: each cargo's part is built, serialised and encoded by one of `workers` forked processes
    (processes.each_forked) and hashed here in cargo order, between the head and the tail and with the "," of
    `_pieces`. At 1M the record gate (record.standing) otherwise spends 10 CPU s in one process before anything else
    can start, then joined 280 MB of text and encoded it again to hash it."""
    import hashlib

    from .processes import each_forked

    head, _, tail = contract_parts(_contract(result, digests, []))

    def part(k: int) -> bytes:
        position = result.positions[k]
        return _encoded(_position(position, result.rules, result.timelines.get(position.position.code)))

    count = len(result.positions)
    # in one process, each part is hashed as soon as it is made (nothing kept); else they come back in any order
    found = each_forked(count, workers, lambda _: (part, lambda: None), what="do contrato do resultado") \
        if workers > 1 else None
    digest = hashlib.sha256()
    for piece in _pieces(head, (found[k] if found is not None else part(k) for k in range(count)), tail):
        digest.update(piece)
    return digest.hexdigest()


WINDOW = 1 << 16  # bytes: the smallest window `_decode_at` reads a value from


def _decode_at(decoder: json.JSONDecoder, data: bytes, at: int, guess: int) -> tuple[object, int]:
    """The JSON value that starts at byte `at` and the byte where it ends, read from a window of the file that grows
    until it holds the value (an object cut short never decodes): a changed cargo costs about its own length, not the
    rest of the file's. The window ends on a character's first byte (UTF-8: never inside a character), so it decodes
    strictly: a file that is not UTF-8 still fails as json.loads would."""
    size = max(2 * guess, WINDOW)
    while True:
        end = min(at + size, len(data))
        while end < len(data) and end > at and data[end] & 0xC0 == 0x80:  # a continuation byte: back to its start
            end -= 1
        window = data[at:end].decode("utf-8")
        try:
            value, stop = decoder.raw_decode(window)
            return value, at + len(window[:stop].encode("utf-8"))
        except json.JSONDecodeError:
            if end >= len(data):
                raise
            size *= 4


def _timeline(t, reg: list[str]) -> dict:
    """Convocações and events of one cargo (law/calls.py): every place called, and the candidates' history."""
    reg = reg + [c.registration for c in t.people[len(reg):]]  # called, then eliminated: they keep the call
    return {
        "vagas_atuais": t.vacancies,
        "reservas_atuais": {g: t.counts.get(g, 0) for g in listed_groups(t.counts)},
        "convocacoes": [{"posicao": p.position, "vaga": p.group, "inscricao": reg[p.index], "ato": p.act.id,
                         "data": p.act.date.isoformat(), "situacao": p.status, "encerrada_por": p.ended_by or None,
                         "substitui": reg[p.replaces] if p.replaces is not None else None,
                         "cadastro_reserva": p.register, "aguardando_comissao": p.awaiting,
                         "fundamento": place_basis(p)} for p in t.places],
        "historico": {reg[i]: [{"data": h.date.isoformat(), "ato": h.act, "texto": h.text} for h in lines]
                      for i, lines in sorted(t.history.items())},
        # stage convocações (LEGAL-NOTES 18): whom each called, in its order; no position. Only when there are
        # some, so the contracts of exams without them stay byte-identical.
        **({"etapas": [{"ato": act, "convocados": [reg[i] for i in called]} for act, called in t.stages.items()]}
           if t.stages else {}),
    }


def _list_basis(rules, group: str):
    """The article that mandates a published list."""
    return rules.general_basis if group == GENERAL else rules.groups[group].list_basis


def _people(pr: PositionResult, rules) -> list[dict]:
    """Each approved candidate in general-list order, with the public fields only (LEGAL-NOTES 7): what a
    retificação compares (law/corrections.py). The score stays an exact decimal string, never a float."""
    fields = set(rules.public_fields)
    name, score = "nome" in fields, "nota" in fields
    # one comprehension per combination (the same keys in the same order): at 1M, merging two small dicts into
    # each row was most of this function's time
    if name and score:
        return [{"inscricao": c.registration, "nome": c.name, "nota": str(c.score)} for c in pr.order]
    if name:
        return [{"inscricao": c.registration, "nome": c.name} for c in pr.order]
    if score:
        return [{"inscricao": c.registration, "nota": str(c.score)} for c in pr.order]
    return [{"inscricao": c.registration} for c in pr.order]


def _position(pr: PositionResult, rules, timeline=None) -> dict:
    reg = [c.registration for c in pr.order]
    alloc = pr.allocation
    data = {
        "codigo": pr.position.code,
        "nome": pr.position.name,
        "vagas": pr.position.vacancies,
        "reservas": {g: alloc.counts.get(g, 0) for g in listed_groups(rules.groups)},
        "fundamento_reservas": {g: b.text for g, b in pr.count_bases.items()},
        "candidatos": _people(pr, rules),
        "listas": {g: [reg[i] for i in pr.lists.get(g, ())] for g in (GENERAL, *listed_groups(rules.groups))},
        "listas_publicadas": list(pr.lists),
        "fundamento_listas": {g: _list_basis(rules, g).text for g in pr.lists},
        "nomeacao": [{"posicao": n.position, "vaga": n.group, "inscricao": reg[n.index],
                      "fundamento": basis_text(n.bases), "cadastro_reserva": n.register,
                      "motivo": n.reason, "vaga_devida": n.due} for n in alloc.nominations],
        "eliminados": [e.candidate.registration for e in pr.eliminated],
        "eliminacoes": [{"inscricao": e.candidate.registration, "motivo": e.reason,
                         "fundamento": e.basis.text if e.basis else None,
                         # an edital's own reason ([situacoes] of certame.toml): its words, for the retificação
                         **({"rotulo": e.label} if e.basis is None and e.label else {})} for e in pr.eliminated],
        "desistencias": [reg[i] for i in pr.withdrawn],
        "comissao": [{"inscricao": row.registration, "procedimento": row.procedure, "resultado": row.outcome,
                      "efeito": rule.effect, "fundamento": rule.basis.text} for row, rule in pr.commission],
    }
    if timeline is not None:
        called = timeline.called_by()
        for n, entry in zip(alloc.nominations, data["nomeacao"]):
            entry["convocado_por"] = called.get(n.index)  # the act that called this candidate, once called
        data.update(_timeline(timeline, reg))
    return data
