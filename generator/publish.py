"""`gazeta publicar`: freeze every declared act not yet archived, in order (issue 8 item 2).

Each act is rendered once — its PDF (signed when a certificate is configured), its open data when it publishes the
lists, the result contract at that moment and its public view — and archived with a manifest by `archive.freeze`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from .errors import InputError, Problem
from .store import archive
from .act_body import body
from .acts.model import CORRECTION, Act
from .record import act_key, pending

FILE = "certame.toml"


@dataclass(frozen=True)
class Published:
    """One act archived by this run (or, with `dry_run`, that would be)."""

    act: Act
    pdf: Path | None
    sha256: str
    text: tuple[str, ...] = ()  # the act's text as published: ato.md for an act with the lists, else its body
    warnings: tuple[str, ...] = ()


class Outcome(list):
    """The acts a run archived, in order, and what it has to tell staff besides (e.g. the ledger it wrote)."""

    def __init__(self, done=(), notes=()):
        super().__init__(done)
        self.notes = list(notes)


# Brazil's earliest civil time (UTC−02:00, Fernando de Noronha, Decreto nº 2.784/1913 as amended by Lei nº
# 12.876/2013): an act dated "today" anywhere in the country is not in the future.
BRAZIL_EARLIEST = timezone(timedelta(hours=-2))


def today() -> date:
    """The day `publicar` runs on, by the machine's clock. SOURCE_DATE_EPOCH does not move it: it fixes the
    timestamps written into files (reproducible bytes), and is commonly set to a past date; what an act may be dated
    is a fact of the calendar, not of the build (see `future_problems`)."""
    return datetime.now(BRAZIL_EARLIEST).date()


def publish(exam_dir: Path, rules_dir: Path | None = None, *, site_url: str = "", witnesses: tuple[Path, ...] = (),
            dry_run: bool = False, on: date | None = None) -> Outcome:
    """Archive the exam's pending acts; [] when there is nothing new. InputError (nothing archived) when the input,
    the archive or the certificate has a problem; FaultError (nothing of the act archived) when the machine refuses
    (another run holds the exam, full disk…). `witnesses`: copies of the ledger made elsewhere (the site's);
    `dry_run`: check everything and return what would be published, archiving nothing; `on`: the day of
    publication (default: today)."""
    exam_dir = Path(exam_dir)
    if not exam_dir.is_dir():  # prepare names the missing folder
        from .pipeline import prepare

        prepare(exam_dir, rules_dir)
    with archive.locked(exam_dir):  # one run at a time: its cleanup of leftovers must not hit another's
        try:
            return _publish(exam_dir, rules_dir, site_url, witnesses, dry_run, on or today())
        except OSError as error:
            translated = archive.fault(error, exam_dir)
            if translated is not None:
                raise translated from error
            raise


def _publish(exam_dir: Path, rules_dir: Path | None, site_url: str, witnesses: tuple[Path, ...], dry_run: bool,
             day: date) -> Outcome:
    from .pipeline import coat_of_arms, prepare

    result = prepare(exam_dir, rules_dir)
    records = archive.read(exam_dir, witnesses=witnesses, publishing=True)
    todo = pending(result.exam.acts, records)
    notes = []
    if records and not dry_run and archive.record_ledger(exam_dir, records):
        notes.append(f"registro dos atos publicados gravado em {exam_dir.name}/{archive.ARCHIVE}/{archive.LEDGER} "
                     f"(e a cópia {exam_dir.name}/{archive.WITNESS}) a partir dos {len(records)} ato(s) já "
                     "arquivado(s), conferidos contra os seus manifestos.")
    if not todo:
        return Outcome([], notes)
    problems = future_problems(todo, day)
    digests = {(r.act.get("identificador") or r.act["numero"]): r.files.get(r.pdf or "") for r in records}
    from .contract import contract_parts
    from .memory import paused_gc

    # plain data (a national exam's contracts: millions of small dicts and strings, no cycles): the collector
    # walking them again and again as they are built was a quarter of this phase at 1M
    with paused_gc():
        # Each act as of itself: its result and contract from the acts up to it, never from those declared after it
        states = [(act, *_as_of(result, act, digests)) for act in todo]
        # the first new act's contract as text, made once: what the archived one is read against, and what it
        # archives
        parts = {todo[0].slug: contract_parts(states[0][2])}
        last = _last_contract(records, states[0][2], parts[todo[0].slug])
        found = _corrections(states, last)
    problems += empty_corrections(states, found)
    if problems:
        raise InputError(problems)
    texts, before = {}, last
    for act, state, current in states:
        texts[act.slug] = act_text(act, state, before, current, found.get(act.slug))
        before = current
    if dry_run:
        return Outcome([Published(a, None, "", *texts[a.slug]) for a in todo], notes)
    key = signing_key(exam_dir)  # before rendering anything: a certificate that cannot be used archives nothing
    arms = coat_of_arms(exam_dir, result.rules.id, rules_dir)  # a bad coat-of-arms file archives nothing either
    archive.check_space(exam_dir, sum(len(p.order) + len(p.eliminated) for p in result.positions), len(todo))
    inputs = archive.input_hashes(exam_dir)
    done = []
    for act, state, current in states:
        order = result.exam.acts.index(act) + 1
        record = archive.freeze(exam_dir, act, order, inputs,
                                lambda folder, act=act, state=state, current=current, last=last: render_act(
                                    state, act, folder, last, current, key, site_url, arms, found.get(act.slug),
                                    parts.pop(act.slug, None)))
        records.append(record)
        archive.record_ledger(exam_dir, records)  # a kill before this line: the next run adopts the act (read)
        last = current
        pdf = record.folder / record.pdf if record.pdf else None
        done.append(Published(act, pdf, record.files.get(record.pdf, ""), *texts[act.slug]))
    return Outcome(done, notes)


def _as_of(result, act: Act, digests: dict[str, str]):
    """(the result as of `act`, its contract): the exam with the acts up to `act` only, and the convocações'
    timelines run again over them (law/calls.py). What an act archives — its result contract, its view, its body —
    then depends only on it and the acts before it (issue 19 item 1), not on how `publicar` runs were split."""
    from dataclasses import replace

    from .contract import contract
    from .law.calls import apply as apply_calls
    from .acts.model import CALL

    acts = result.exam.acts
    upto = acts[:acts.index(act) + 1]
    state = result
    if len(upto) < len(acts):
        state = replace(result, exam=replace(result.exam, acts=upto))
        events = result.exam.events
        state.timelines = apply_calls(state, upto, events) if events or any(a.kind == CALL for a in upto) else {}
    return state, contract(state, digests)


def future_problems(acts: list[Act], day: date) -> list[Problem]:
    """An act dated after the day it is published is refused: publicar runs on the day of publication, and an act
    dated in the future would, once archived, make the date-order rule (load/acts.py `_history`) refuse every real
    act after it (issue 19 item 1). Reading adopted (extends LEGAL-NOTES 13, "a publication is an act with its own
    type, number and date, published in a gazette edition"): an act's date is the date of the edition that carries
    it (load._edition: Edition.date is the act's `data`), and an edition cannot be archived before it exists."""
    return [Problem(FILE, f"o ato «{a.label}» tem data de {a.date:%d/%m/%Y}, depois de hoje ({day:%d/%m/%Y}): um ato "
                    "só é publicado no dia da edição que o traz, ou depois dela. Confira a data; se a edição ainda "
                    "não saiu, publique o ato no dia dela.", column=f"{act_key(a)}.data") for a in acts if a.date > day]


def _last_contract(records: list, current: dict, parts=None) -> dict | None:
    """The newest archived result contract (None without one), read against `current`, the first new act's: only
    the cargos whose archived text differs from it are parsed (contract.published_contract), the others are
    `current`'s own, so the comparison a retificação quotes skips them (at 1M, 280 MB of JSON parsed in 6.5 s)."""
    from .contract import published_contract

    record = next((r for r in reversed(records) if (r.folder / archive.RESULT_FILE).is_file()), None)
    raw = record.contract_bytes() if record is not None else None
    if raw is None:
        return None
    try:
        data = published_contract(raw, current, parts)
    except ValueError:  # json's errors, UnicodeDecodeError among them
        raise record.unreadable() from None
    if not isinstance(data, dict):
        raise record.unreadable()
    return data


def _corrections(states: list[tuple], published: dict | None) -> dict:
    """Act slug → its Correction (law/corrections.diff), for each correcting act to publish with a published result
    before it: the archived contract of the last act against the act's own, compared once for its body, its check
    and the per-candidate changes it archives (CHANGES_FILE)."""
    from .acts.model import CORRECTING_KINDS
    from .law import corrections

    found, before = {}, published
    for act, _, current in states:
        if act.kind in CORRECTING_KINDS and before is not None:
            found[act.slug] = corrections.diff(before, current)
        before = current
    return found


def empty_corrections(states: list[tuple], found: dict) -> list[Problem]:
    """A retificação that changes nothing is refused (issue 19 item 4): it would be published saying only "nenhum
    nome, nota, classificação ou posição mudou". LEGAL-NOTES 13: a retificação corrects what its act published;
    an act republished as it was is a `republicacao`. `states`: (act, result, contract) of each act to publish;
    `found`: their corrections (`_corrections`)."""
    from .law import corrections

    problems = []
    for act, _, current in states:
        if act.kind == CORRECTION:
            changed = found.get(act.slug)
            if not changed or not corrections.body_data(changed)["trechos"]:
                problems.append(Problem(FILE, f"o ato «{act.label}» é uma retificação, mas nada mudou em relação ao "
                                        "último ato publicado (nenhum nome, nota, classificação ou posição). Corrija "
                                        "primeiro a planilha (por exemplo candidatos.csv) e rode de novo; para "
                                        "publicar o ato outra vez sem mudança, use tipo = \"republicacao\".",
                                        column=f"{act_key(act)}.tipo"))
    return problems


def act_text(act: Act, result, published: dict | None, current: dict, correction=None
             ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the act's text as it will be published, warnings): ato.md for an act that publishes the lists, else the
    paragraphs of its body (act_body.py)."""
    if act.carries_result and act.kind != CORRECTION:
        text = (act.text or result.exam.preamble_md or "").strip()
        if text:
            return tuple(text.splitlines()), ()
        folder = Path(result.exam.source).name if getattr(result.exam, "source", None) else "a pasta do certame"
        return (), (f"o ato «{act.label}» não tem texto: falta o arquivo ato.md em {folder} (ou ele está vazio), e "
                    "o ato sai só com as listas. Para publicar um texto (título, preâmbulo, considerandos), escreva-o "
                    "em ato.md antes de publicar.",)
    from . import public

    exam = public.exam_view(result, with_positions=False, act=act)
    done = body(act, result, published, exam, current, correction) or {}
    own = tuple(act.text.splitlines()) if act.text else ()
    shown = tuple(f"{item['rotulo']}: {item['texto']}" for item in done.get("apresentacao", ()))
    return own + tuple(done.get("texto", ())) + shown + tuple(done.get("fecho", ())), ()


def act_url(site_url: str, exam_slug: str, act: Act | dict) -> str:
    """Permanent address of an act's page (empty without a configured site address)."""
    slug = act.slug if isinstance(act, Act) else act["slug"]
    return f"{site_url.rstrip('/')}/certames/{exam_slug}/atos/{slug}/" if site_url else ""


def render_act(result, act: Act, folder: Path, published: dict | None, current: dict, key, site_url: str,
               arms: str = "", correction=None, parts=None) -> dict:
    """Write the act's files into `folder`; return the manifest's extra fields. `correction`: a correcting act's
    comparison with the last published result (`_corrections`), whose per-candidate changes it archives; `parts`:
    contract.contract_parts(current), when already made."""
    from . import public
    from .contract import contract_bytes
    from .pipeline import documents

    view = public.exam_view(result, with_positions=False, act=act)
    lists = act.carries_result and act.kind != CORRECTION  # a retificação quotes only what changed
    if not lists:  # ato.md is the text of the act that publishes the lists, not of a retificação or convocação;
        view["preambulo_md"] = act.text  # their own text is their `texto` (issue 18 item 2)
    exam = {**view, "cargos": [], "brasao": arms}  # the coat of arms' path is for the renderer, not the record
    exam["corpo"] = body(act, result, published, exam, current, correction)
    name = f"{exam['slug']}-{act.slug}.pdf"
    data, pdf = documents(exam, (lambda: public.iter_position_views(result)) if lists else (lambda: iter(())),
                          folder, name, act_url(site_url, exam["slug"], act), with_data=lists,
                          site_url=site_url)
    (folder / archive.RESULT_FILE).write_bytes(contract_bytes(current, parts))
    if correction is not None:  # what the lists' marks and the cards show of it: read by every build after
        from .law.corrections import changes_data

        (folder / archive.CHANGES_FILE).write_text(json.dumps(changes_data(correction.candidates),
                                                              ensure_ascii=False, separators=(",", ":")) + "\n",
                                                   encoding="utf-8")
    extra = {}
    if pdf is not None:
        from .store import verify

        signature = _sign(folder / name, key, act) if key is not None else None
        if signature is not None:
            extra["assinatura"] = {"assinante": getattr(key, "subject", ""), "emissor": getattr(key, "issuer", ""),
                                   "valida": bool(getattr(signature, "valid", False))}
        verify.remember_signature(folder / name, signature)  # the first build's verification page takes it
    record = {**view, "corpo": exam["corpo"], "pdf": _pdf_info(pdf), "dados": _data_info(data, folder)}
    if pdf is not None and lists:
        record["pdf"]["extratos"] = _archive_extracts(exam, view["cargos"], folder, pdf, data, act_url(
            site_url, exam["slug"], act), site_url)
    if act.is_stage_call:  # its own open data: whom it called (LEGAL-NOTES 18)
        from .render.data.called import write_called

        record["convocados_dados"] = write_called(exam["corpo"], view["ato"], folder)
    (folder / archive.ACT_FILE).write_text(json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                                           encoding="utf-8")
    return {"pdf": name if pdf is not None else None, **extra}


def _archive_extracts(exam: dict, cargos: list[dict], folder: Path, pdf: dict, data: dict | None, url: str,
                      site_url: str) -> dict:
    """One PDF per cargo of the act's (signed) PDF, archived with it under extratos/ (issue 20 item 2): made here
    from the events its body was just tagged with (render/pdf/extract.py), with the covers printing the PDF's final
    SHA-256, the act's address and verification code, and its coat of arms. Archived, they are copies in every
    build after (no qpdf re-reading of the national PDF), and like every file of a published act they never change
    whatever changes in the code. Returns cargo code → href (in the act's folder), pages in the PDF, page count."""
    from .processes import wanted
    from .render.pdf import extract as pdf_extract

    ranges = pdf.get("ranges") or {}
    chosen = pdf_extract.cargos_of(cargos, ranges)
    if not chosen:
        return {}
    made = pdf_extract.extract_all(folder / pdf["href"], exam, chosen, ranges, folder / archive.EXTRACTS, url=url,
                                   data_sha256=(data or {}).get("datapackage_sha256", ""), pdf_href=pdf["href"],
                                   workers=wanted(), site_url=site_url, structure=pdf.pop("structure", None))
    return {code: {**info, "href": f"{archive.EXTRACTS}/{info['href']}"} for code, info in sorted(made.items())}


def _pdf_info(pdf: dict | None) -> dict | None:
    if pdf is None:
        return None
    ranges = [[list(k), list(v)] for k, v in sorted(pdf.get("ranges", {}).items())]
    return {"href": pdf["href"], "name": pdf["name"], "pages": pdf.get("pages"), "ranges": ranges}


def _data_info(data: dict | None, folder: Path) -> dict | None:
    if data is None:
        return None
    return {"datapackage": Path(data["datapackage"]).relative_to(folder).as_posix(),
            "datapackage_sha256": data["datapackage_sha256"]}


# -- signing (generator.store.sign, when installed) -------------------------------------------------------------
def signing_key(exam_dir: Path):
    """The key GAZETA_CERTIFICADO / GAZETA_CERTIFICADO_SENHA name, or None when unset (or signing unavailable)."""
    if not (os.environ.get("GAZETA_CERTIFICADO") or os.environ.get("GAZETA_CERTIFICADO_SENHA")):
        return None
    try:
        from .store import sign
    except ImportError:
        raise InputError([Problem("GAZETA_CERTIFICADO", "a assinatura digital não está disponível nesta instalação "
                                  "(módulo generator.store.sign); nada foi publicado.")]) from None
    return sign.key_from_env(Path(exam_dir).resolve().parents[1])


def _sign(path: Path, key, act: Act):
    """Sign the act's PDF; the signature as read back from the signed file (store/sign.Signature)."""
    from .store import sign

    return sign.sign_file(path, key, reason=f"Publicação do {act.label}", location=act.place)
