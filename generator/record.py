"""What the site may present as published (issue 19 item 1): the working files and the result computed from them must
be the last published act's, unless a new act is declared, which is then a marked preview.

A published act is frozen in `arquivo/` with the SHA-256 of every input it was rendered from (`entradas`) and the
result contract at that moment (`resultado.json`). With every declared act published, a build may only show that:
an input that changed since, or a result the code or the rules now compute differently, stops the build with the
file, the first rows that differ, and the two ways out. Nothing is written.
"""

from __future__ import annotations

from .errors import InputError, Problem

FILE = "certame.toml"
SHOWN = 6  # differences quoted in one message: enough to recognise the edit, short enough to read


def waiting(acts: list, records: list) -> list:
    """Declared acts not yet published (the build previews them)."""
    published = {r.slug for r in records}
    return [a for a in acts if a.slug not in published]


def standing(folder, result, records: list, pending: list, contract_of=None) -> list[Problem]:
    """Problems that forbid presenting the exam's working files as its published record (none when they agree, or
    when a declared act is pending: the build is then a preview of it). `contract_of(record)`: its archived result
    contract (the caller's, read once for its other uses too; default `Record.contract`)."""
    return verdict(folder, result, records, pending, contract_of).problems()


class Verdict:
    """The record gate's answer (`verdict`): known now, or still being computed by a forked process beside the
    caller. `problems()` waits for it (and, when the contract computed now is not the archived one, compares the two
    row by row for the message); `close()` ends a check the caller will not read (the build failed first)."""

    def __init__(self, problems: list[Problem] | None = None, running=None, slow=None) -> None:
        self._problems, self.running, self._slow = problems, running, slow

    def problems(self) -> list[Problem]:
        if self.running is not None:
            running, self.running = self.running, None
            try:
                same = running.get()
            finally:
                running.__exit__(None, None, None)
            self._problems = [] if same else self._slow()
        return self._problems or []

    def close(self) -> None:
        if self.running is not None:
            running, self.running = self.running, None
            running.__exit__(None, None, None)


def verdict(folder, result, records: list, pending: list, contract_of=None, background: bool = False) -> Verdict:
    """`standing`'s checks. With `background`, when the inputs are those of the last act, the one check left (the
    contract computed now hashes to the one it archived, `_as_archived`: at 1M, 10+ CPU s of serialising) runs in a
    forked process while the caller goes on; the build reads its answer before it puts the new site in place
    (build._build_locked), so nothing is published before the record is confirmed."""
    from .store import archive

    if not records or pending:
        return Verdict([])
    last = records[-1]
    published = last.manifest.get("entradas") or {}
    now = archive.input_hashes(folder)
    changed = sorted(name for name in set(published) | set(now) if published.get(name) != now.get(name))
    digests = _digests(records[:-1])

    def slow() -> list[Problem]:
        return _problems(result, records, digests, changed, published, now, contract_of)

    if changed:
        return Verdict(slow())
    sealed = last.files.get(archive.RESULT_FILE)
    if background and sealed:
        from .contract import result_digest
        from .processes import Forked

        running = Forked(lambda: result_digest(result, digests, 1) == sealed, what="da conferência do registro")
        return Verdict(running=running.__enter__(), slow=slow)
    return Verdict([] if _as_archived(last, result, digests) else slow())


def _problems(result, records: list, digests: dict, changed: list[str], published: dict, now: dict,
              contract_of=None) -> list[Problem]:
    """The messages of a record gate that failed: each input changed since the last act, or the result the code or
    the rules now compute differently, with the first rows that differ and the two ways out."""
    from .store import archive
    from .contract import contract

    current = contract(result, digests)
    # the newest archived contract, each read once (hundreds of megabytes of JSON at national scale)
    archived = next((c for c in map(contract_of or archive.Record.contract, reversed(records)) if c is not None),
                    None)
    differences = _differences(archived, current) if archived is not None else []
    if not changed and not differences:
        return []
    act = records[-1].act
    when = _br(act.get("data", ""))
    head = f"o último ato publicado é o {act.get('titulo') or act.get('numero')}, de {when}"
    shown = "; ".join(differences[:SHOWN]) + ("; …" if len(differences) > SHOWN else "")
    target = _result_act(records)
    exits = ("Há duas saídas: (1) se a mudança deve valer, declare em certame.toml o ato que a publica — por exemplo "
             f"[[atos]] tipo = \"retificacao\", retifica = \"{target}\", com número, data e motivo — e rode "
             "gazeta publicar; ou (2) restaure o arquivo como estava na publicação. Nada foi gerado.")
    problems = []
    for name in changed:
        what = ("foi apagado" if name not in now else "é novo" if name not in published
                else "mudou")
        detail = f" No resultado: {shown}." if differences else " O resultado calculado é o mesmo, mas o arquivo " \
                 "não é o que foi publicado."
        problems.append(Problem(name, f"{what} depois da publicação ({head}) e nenhum ato novo foi declarado: o site "
                                f"só mostra o que foi publicado.{detail} {exits}"))
    if not changed:  # same files, another result: the rules or gazeta itself now compute something else
        problems.append(Problem(FILE, f"os arquivos são os da publicação ({head}), mas o resultado calculado agora "
                                f"difere do publicado — as regras da jurisdição ou a versão do gazeta mudaram: "
                                f"{shown}. O site só mostra o que foi publicado: volte às regras e à versão da "
                                f"publicação, ou publique a correção como um ato (retificação de «{target}»). "
                                "Nada foi gerado."))
    return problems


def _digests(records: list) -> dict[str, str | None]:
    """Act → SHA-256 of its archived PDF, as `publicar` hands them to the contract of the act after them
    (publish._publish: the acts archived before its run)."""
    return {(r.act.get("identificador") or r.act["numero"]): r.files.get(r.pdf or "") for r in records}


def _as_archived(last, result, digests: dict) -> bool:
    """Whether the contract computed now is, byte for byte, the one the last act archived (its SHA-256 in the
    manifest): then nothing differs, and the archived one (280 MB of JSON at 1M) need not be read. A shortcut only:
    any other outcome (the acts archived in one run, whose contracts name fewer PDF hashes; another gazeta) is
    settled by comparing the two contracts row by row, as before. A national exam's contract is serialised by
    forked processes, cargo by cargo, and hashed part by part (contract.result_digest): the same bytes."""
    from .contract import result_digest
    from .processes import workers_for
    from .store import archive

    sealed = last.files.get(archive.RESULT_FILE)
    if not sealed:
        return False
    workers = workers_for(sum(len(p.order) for p in result.positions))
    return result_digest(result, digests, workers) == sealed


def _result_act(records: list) -> str:
    """The number of the act whose lists a retificação would correct (the first that published them)."""
    for record in records:
        if record.act.get("tipo") in ("resultado", "homologacao", "republicacao"):
            return record.act.get("numero") or record.slug
    return records[0].act.get("numero") or records[0].slug


def _differences(before: dict, after: dict) -> list[str]:
    """The first differences between two result contracts, in Portuguese, cargo by cargo, row by row."""
    out: list[str] = []
    old = {c["codigo"]: c for c in before.get("cargos", [])}
    new = {c["codigo"]: c for c in after.get("cargos", [])}
    for code in [*old, *(c for c in new if c not in old)]:
        if code not in new:
            out.append(f"cargo {code} não existe mais")
            continue
        if code not in old:
            out.append(f"cargo {code} é novo")
            continue
        out += _cargo_differences(code, old[code], new[code])
    return out


def _cargo_differences(code: str, a: dict, b: dict) -> list[str]:
    out = []
    people_a = {p["inscricao"]: p for p in a.get("candidatos", [])}
    people_b = {p["inscricao"]: p for p in b.get("candidatos", [])}
    for reg, p in people_a.items():
        q = people_b.get(reg)
        if q is None:
            out.append(f"cargo {code}, inscrição {reg}: saiu da lista")
        elif p != q:
            what = [f"{k} publicada {_v(p.get(k))}, agora {_v(q.get(k))}" for k in sorted(set(p) | set(q))
                    if k != "inscricao" and p.get(k) != q.get(k)]
            out.append(f"cargo {code}, inscrição {reg}: " + ", ".join(what))
    out += [f"cargo {code}, inscrição {reg}: entrou na lista" for reg in people_b if reg not in people_a]
    for key, label in (("nomeacao", "ordem de nomeação"), ("convocacoes", "convocações")):
        rows_a, rows_b = a.get(key, []), b.get(key, [])
        for k, (x, y) in enumerate(zip(rows_a, rows_b), 1):
            if x != y:
                fields = ", ".join(f"{f} publicado «{_v(x.get(f))}», agora «{_v(y.get(f))}»"
                                   for f in sorted(set(x) | set(y)) if x.get(f) != y.get(f))
                out.append(f"cargo {code}, {label}, {k}ª linha: {fields}")
                break
        else:
            if len(rows_a) != len(rows_b):
                out.append(f"cargo {code}, {label}: {len(rows_a)} linhas publicadas, agora {len(rows_b)}")
    known = {"candidatos", "nomeacao", "convocacoes"}
    for key in sorted((set(a) | set(b)) - known):
        if a.get(key) != b.get(key):
            out.append(f"cargo {code}, {key}: difere do publicado")
    return out


def _v(value) -> str:
    return "" if value is None else str(value).replace(".", ",") if isinstance(value, str) and \
        value.replace(".", "", 1).isdigit() else str(value)


def _br(iso: str) -> str:
    parts = str(iso).split("-")
    return "/".join(reversed(parts)) if len(parts) == 3 else str(iso)


def pending(acts: list[Act], records: list) -> list[Act]:
    """Declared acts not yet archived; InputError when a published act changed or left [[atos]], or when a new
    act is declared before one already published (history only grows at its end). Every field of a published act
    — identity, edition, signers, place, reason, cargo and vagas — is compared with its archive (issue 19 item 1):
    what the site shows of it is what was published."""
    from .store import archive

    declared = {a.slug: a for a in acts}
    problems = []
    for record in records:
        act = declared.get(record.slug)
        if act is None:
            problems.append(archive.dropped(record))
            continue
        now = archive.act_identity(act)
        changed = [k for k, v in now.items() if record.act.get(k) != v]
        if changed:
            what = ", ".join(f"{k}: publicado «{_show(record.act.get(k))}», agora «{_show(now[k])}»" for k in changed)
            problems.append(Problem(FILE, f"o ato «{act.label}» já foi publicado e não pode mudar ({what}). Volte "
                                    "ao que foi publicado; para corrigir o ato, declare uma retificação.",
                                    column=act_key(act)))
        elif "ato.json" in record.files:  # archive.ACT_FILE: the act's view as published
            problems += _frozen_fields(act, acts, record)
    archived = {r.slug for r in records}
    last = max((k for k, a in enumerate(acts) if a.slug in archived), default=0)  # 0: nothing archived yet
    for k, act in enumerate(acts[:last]):
        if act.slug not in archived:
            problems.append(Problem(FILE, f"o ato «{act.label}» ainda não foi publicado, mas vem antes de um ato já "
                                    f"publicado ({acts[last].label}). Um ato novo vai no fim de [[atos]].",
                                    column=act_key(act)))
    if problems:
        raise InputError(problems)
    return [a for a in acts if a.slug not in archived]


# The fields of an act's view (public.act_view, public.edition_view) that certame.toml declares and the archive
# freezes, with the certame.toml key each comes from. Derived fields (dates in words, slugs, who corrects it
# later) are not compared: they are computed from these.
FROZEN_ACT = {"motivo": "motivo", "local": "local", "assinaturas": "assinaturas", "cargo": "cargo",
              "vagas": "vagas", "texto": "texto", "local_apresentacao": "local_apresentacao", "datas": "datas",
              "horario": "horario", "prazo": "prazo", "documentos": "documentos", "etapa": "etapa", "ordem": "ordem",
              "quantos": "quantos", "fundamento": "fundamento"}
FROZEN_EDITION = {"diario": "diario", "edicao": "edicao", "data": "data", "secao": "secao", "subsecao": "subsecao",
                  "url": "url", "extra": "extra", "suplemento": "suplemento", "entidade": "publicacao.entidade",
                  "ano": "publicacao.ano"}


def _frozen_fields(act: Act, acts: list[Act], record) -> list[Problem]:
    """The act's own fields against its archived view (ato.json): each difference named, pointing to the
    retificação (the archive, not certame.toml, is what was published)."""
    from . import public

    view = record.view()
    published_act, published_edition = view["ato"], view["publicacao"]
    now_act, now_edition = public.act_view(act, acts), public.edition_view(act.edition)
    problems = []
    for fields, before, now in ((FROZEN_ACT, published_act, now_act), (FROZEN_EDITION, published_edition,
                                                                        now_edition)):
        for field_name, toml_key in fields.items():
            if field_name in before and before[field_name] != now.get(field_name):
                key = toml_key if "." in toml_key else f"{act_key(act)}.{toml_key}"
                problems.append(Problem(FILE, f"o ato «{act.label}» já foi publicado com {field_name} "
                                        f"«{_value(before[field_name])}»; certame.toml diz agora "
                                        f"«{_value(now.get(field_name))}». O que foi publicado não muda: volte ao valor "
                                        "publicado e, para corrigi-lo, declare uma retificação do ato "
                                        f"(tipo = \"retificacao\", retifica = \"{act.id}\").", column=key))
    return problems


def _value(value) -> str:
    if isinstance(value, list):
        return "; ".join(f"{v.get('nome', '')}, {v.get('cargo', '')}" if isinstance(v, dict) else str(v)
                         for v in value) or "nenhuma"
    return _show(value)


def act_key(act: Act) -> str:
    return f"atos[{act.line}]" if act.line else "publicacao"


def _show(value) -> str:
    return "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
