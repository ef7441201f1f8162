"""The orchestrator: check → allocate → view → render, or copy what is archived — the whole way in this module.

    prepare_all(content)          every exam, all problems at once (nothing is written before this succeeds):
      prepare_exam(folder)          check → allocate (`prepare`) → the record (`archived`) → view (`public_views`),
                                    or the previous build's pages when nothing changed (incremental.Reuse)
    generate(job, site_dir)       every exam, then the home page, search, sitemap and feed:
      render_exam(site, prepared)   copy what is archived (`_copy_archived`, `_extracts`), or render open data and
                                    the PDF (`documents`); then the exam's pages

The commands call it thinly: `build.build` takes the site folder's lock and the previous build's cache, calls
`prepare_all`, and runs MkDocs with the job (whose plugin calls `generate`) into a folder it then swaps in;
`serve` calls `prepare_all` at each rebuild through the same plugin; `publish` calls `prepare` and archives each
act (store.archive.freeze).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .law.calls import apply as apply_calls
from .acts.model import CALL
from .labels import card_gender
from .errors import InputError, Problem
from .law.rules import find_rules_dir, rules_for
from .load import exam_slug, load_exam
from .memory import paused_gc
from .processes import PARALLEL_FROM, Forked, wanted, workers_for  # noqa: F401 (PARALLEL_FROM: build)
from .results import ExamResult, compute
from .tiebreak import column_kinds


def prepare(exam_dir: Path, rules_dir: Path | None = None, project: bool = True, trust=None,
            later: list | None = None) -> ExamResult:
    """The allocated exam, or InputError with every problem found — among them, working files that are no longer
    those of the last published act while no new act is declared (generator/record.py). `trust`: the build's
    verified archive files (store.archive.Trust; none: every file read is hashed). `later` (the build's): where a
    national exam's record gate still running beside it is left (a record.Verdict), for the build to read before it
    puts the new site in place; without it the gate is settled here."""
    from . import record
    from .store import archive

    records = archive.read(exam_dir, verify=False)  # manifests only: the files are verified where they are used
    with paused_gc():  # see results.compute: nothing cyclic to collect among a million candidates
        try:
            exam = load_exam(exam_dir, lambda meta: _tie_columns(meta, rules_dir or find_rules_dir(exam_dir)))
        except InputError as error:
            raise InputError(error.problems + _rule_problems(error, rules_dir, exam_dir)) from None
        rules = rules_for(exam.jurisdiction, rules_dir or find_rules_dir(exam_dir), exam.publication.date,
                          exam.notice_date)
        acts = getattr(exam, "acts", None) or []
        over_time = bool(exam.events) or any(a.kind == CALL for a in acts)
        waiting = record.waiting(acts, records)
        as_published = bool(records) and not waiting  # compared with the published result, cadastro included
        # convocações walk the projected order beyond V, so `check` projects too when there are any
        result, problems = compute(exam, rules, project=project or over_time or as_published)
    if problems:
        raise InputError(problems)
    frozen = _published(acts, records, trust)
    if over_time:
        result.timelines = apply_calls(result, acts, exam.events, frozen)  # InputError with every problem
    if records:  # a published act changed or left [[atos]]: that precise message first
        record.pending(acts, records)
    # The newest archived result contract, parsed once for the record gate and the changes of an act archived
    # without them (at 1M it is 280 MB of JSON, 3–9 CPU s); only that one is kept (a parsed national contract takes
    # gigabytes). The gate usually needs none (record.standing compares the contract's SHA-256 first).
    kept: dict = {}

    def contract_of(r):
        if r.slug in kept:
            return kept[r.slug]
        found = r.contract()
        if not kept:
            kept[r.slug] = found
        return found

    if as_published:
        background = later is not None and sum(len(p.order) for p in result.positions) >= PARALLEL_FROM
        found = record.verdict(exam_dir, result, records, waiting, contract_of, background=background)
        if found.running is not None:
            later.append(found)
        elif problems := found.problems():
            raise InputError(problems)
    result.changes = changes(records, contract_of)
    result.corrected = _corrected(records, "nota" in result.rules.public_fields, result.changes)
    return result


def changes(records: list, contract_of=None) -> dict:
    """Archived act slug → its per-candidate changes (law/corrections.CandidateChanges), for each archived
    retificação or republicação that follows an act with a result: what the act published, read once for the
    lists' marks (`_corrected`) and the «Sua situação» cards (`acts_by_person`). From the act's mudancas.json
    (archive.CHANGES_FILE, written by `publicar` from the comparison its body quotes); for an act archived before
    that file existed, from its result contract compared with the one archived just before it (the same comparison,
    made again: each contract read at most once). The build verifies those files against their manifests before
    anything is written (build.archived), so a changed one stops it there. `contract_of(record)`: its contract
    (default `Record.contract`).

    Reading adopted (not in LEGAL-NOTES): what a retificação changed for a candidate is its comparison with the act
    published just before it, not with the act its `retifica` names — a retificação quotes only what it changes
    (LEGAL-NOTES 13; Decreto nº 12.002/2024, arts. 73–74), and an earlier retificação's changes are that act's."""
    from .acts.model import CORRECTING_KINDS
    from .law import corrections
    from .store import archive

    contract_of = contract_of or archive.Record.contract
    correcting = [k for k, r in enumerate(records) if r.act.get("tipo") in CORRECTING_KINDS]
    out: dict = {}
    read: dict[int, dict | None] = {}  # contracts read for acts archived without their changes

    def contract(k: int) -> dict | None:
        if k not in read:
            if len(read) > 2:  # a national contract takes gigabytes: keep the last few
                read.clear()
            read[k] = contract_of(records[k])
        return read[k]

    for k in correcting:
        r = records[k]
        data = r.changes()
        if data is not None:
            try:
                out[r.slug] = corrections.changes_of(data)
            except ValueError:
                raise InputError([Problem(f"{archive.ARCHIVE}/{r.slug}/{archive.CHANGES_FILE}", "o registro das "
                                          "mudanças deste ato não é o que o gazeta publicar grava. Restaure o "
                                          "arquivo a partir do backup ou do controle de versão.")]) from None
            continue
        before = next((c for c in map(contract, range(k - 1, -1, -1)) if c is not None), None)
        after = contract(k) if before is not None else None
        if before is not None and after is not None:
            out[r.slug] = corrections.diff(before, after).candidates
    return out


def _corrected(records: list, scores: bool, found: dict) -> dict:
    """The rows each archived retificação changed (generator/corrected.py), from its changes as published
    (`changes`)."""
    from .corrected import Step, marks

    steps = []
    for r in records:  # in publication order
        if r.slug in found:
            # the manifest's identity lacks the own title's gender (`titulo_genero`): the act's view has it
            gender = (r.view().get("ato") or {}).get("titulo_genero")
            steps.append(Step({**r.act, **({"titulo_genero": gender} if gender else {})}, r.slug, found[r.slug]))
    return marks(steps, scores)


def _published(acts: list, records: list, trust=None) -> dict:
    """What the archived acts published (store/frozen.py): whom each archived convocação called, replayed as it
    was; a published act that certame.toml now declares differently is an InputError (check, build, publicar)."""
    from .store.frozen import read

    if not acts or not records:
        return {}
    calls, problems = read(records, acts, trust)
    if problems:
        raise InputError(problems)
    return calls


def _tie_columns(meta, rules_dir: Path) -> dict[str, str]:
    """The board's columns the rule file's tie-break criteria read (none when the rules cannot be read: their
    problems are reported with the jurisdiction's, below)."""
    try:
        rules = rules_for(meta.jurisdiction, rules_dir)
    except InputError:
        return {}
    return column_kinds(rules.tiebreak)


def _rule_problems(error: InputError, rules_dir: Path | None, exam_dir: Path) -> list[Problem]:
    """The rules' own problems (unknown jurisdiction, dates outside their validity) for an exam whose files have
    problems too, so a second run does not reveal them (issue 11: every problem at once)."""
    meta = getattr(error, "exam_file", None)
    if meta is None or meta.jurisdiction is None:
        return []
    publication = meta.publication.date if meta.publication is not None else None
    try:
        rules_for(meta.jurisdiction, rules_dir or find_rules_dir(exam_dir), publication, meta.notice_date)
    except InputError as rule_error:
        return [p for p in rule_error.problems if p not in error.problems]
    return []


def exam_dirs(content_dir: Path) -> list[Path]:
    """Exam folders under content/certames/ (or the folder itself when it is one), in a stable order."""
    if (content_dir / "certame.toml").is_file():
        return [content_dir]
    root = content_dir / "certames" if (content_dir / "certames").is_dir() else content_dir
    return sorted(p.parent for p in root.glob("*/certame.toml"))


def name_problems(folders: list[Path]) -> list[Problem]:
    """Two exam folders that would publish under the same certames/<nome>/ (same resolved folder, or names equal
    once slugified): one would silently overwrite the other, so both are refused."""
    by_slug: dict[str, list[Path]] = {}
    for folder in folders:
        by_slug.setdefault(exam_slug(folder), []).append(folder)
    problems = []
    for slug, same in by_slug.items():
        if len(same) > 1:
            names = " e ".join(f"«{f.name}»" for f in same)
            problems.append(Problem(same[0].name, f"as pastas {names} seriam publicadas no mesmo endereço, "
                                    f"certames/{slug}/, e uma apagaria a outra. Renomeie uma delas (ou apague a "
                                    "cópia, se for um atalho para a mesma pasta)."))
    return problems


def located(folder: Path, problems: list[Problem]) -> list[Problem]:
    """The problems of one exam among several, each file prefixed with its exam folder."""
    return [Problem(f"{folder.name}/{p.file}", p.message, p.line, p.column) for p in problems]


def prepare_each(folder: Path, rules_dir: Path | None = None, project: bool = True) -> list[ExamResult]:
    """Every exam of a content folder (or the one exam folder given); InputError lists the problems of all of them,
    each located in its exam folder."""
    folders = exam_dirs(Path(folder))
    if folders == [Path(folder)] or not folders:
        return [prepare(folder, rules_dir, project)]
    problems, results = name_problems(folders), []
    for exam_dir in folders:
        try:
            results.append(prepare(exam_dir, rules_dir, project))
        except InputError as error:
            problems.extend(located(exam_dir, error.problems))
    if problems:
        raise InputError(problems)
    return results


def documents(exam: dict, positions: Callable[[], Iterable[dict]], out_dir: Path, name: str, url: str, *,
              with_data: bool = True, beside: bool = False, site_url: str = "") -> tuple[dict | None, dict | None]:
    """Render open data (into out_dir/dados, when `with_data`) and the gazette PDF out_dir/name, which embeds
    them and prints their hash; (data, pdf) — pdf None when the PDF renderer is not installed. The PDF info gives
    its link, page count and the printed page range of each section. `site_url`: where the PDF's footer says its
    verification page is (render/verification).

    `beside` (the site build, on a machine with more than one core): the open data is written by a forked process
    while this one lays out the PDF, whose pages are drawn once the data's hash is known (issue 14: the PDF no
    longer waits for the whole data pass). The bytes are the same either way."""
    from .render.data.package import write_open_data

    build_pdf = pdf_renderer()
    out_dir = Path(out_dir)
    if not (beside and with_data and build_pdf is not None and (os.cpu_count() or 1) > 1
            and os.environ.get("GAZETA_PROCESSOS") != "1"):
        data = write_open_data(exam, positions(), out_dir / "dados") if with_data else None
        if build_pdf is None:
            return data, None
        info = build_pdf(exam, positions(), out_dir / name, attachments=_attachments(data),
                         data_sha256=data["datapackage_sha256"] if data else "", permanent_url=url,
                         site_url=site_url)
        return data, _pdf_link(name, info)
    # The child hands over the package's hash (what the PDF prints) as soon as the descriptor is written, then the
    # zip (whose deflated entries the PDF embeds), then writes the spreadsheets and SHA256SUMS while the PDF is drawn.
    with Forked(lambda tell: write_open_data(exam, positions(), out_dir / "dados", early=tell),
                early=True) as data_job:
        info = build_pdf(exam, positions(), out_dir / name, attachments=lambda: _attachments(data_job.told(1)),
                         data_sha256=lambda wait: data_job.first()["datapackage_sha256"]
                         if wait or data_job.ready() else None, permanent_url=url, site_url=site_url)
        data = data_job.get()
    return data, _pdf_link(name, info)


def _attachments(data: dict | None) -> list[Path]:
    """The open data files the PDF embeds: every CSV and JSON, then the package descriptor; with the zip that
    holds them deflated, which the PDF embeds as they are (render.pdf.attach.Package: deflated once)."""
    from .render.pdf.attach import Package

    if not data:
        return []
    files = [Path(f[k]) for f in data["files"].values() for k in ("csv", "json")] + [data["datapackage"]]
    return Package(files, data["zip"]) if data.get("zip") else files


def _pdf_link(name: str, info: dict) -> dict:
    """The PDF as the site links it; "structure": its body's structure events, for the extracts (taken off by
    `_extracts`: a national exam's are tens of megabytes, which no page or cache should carry)."""
    return {"href": name, "name": name, "pages": info.get("pages"), "ranges": info.get("ranges", {}),
            "structure": info.get("structure")}


COAT_OF_ARMS = ("brasao.svg", "brasao.png")  # in the exam folder; else jurisdicoes/<id>.svg or .png
_SVG_EXTERNAL = re.compile(rb"""(?:href|src)\s*=\s*["'](?!#|data:image/)|@import|url\(\s*["']?(?!#|data:image/)""",
                           re.IGNORECASE)


def coat_of_arms(exam_dir: Path, jurisdiction: str, rules_dir: Path | None = None) -> str:
    """The coat of arms the masthead prints: the exam folder's brasao.svg/png (an entity other than the
    jurisdiction), else content/jurisdicoes/<id>.svg/png; '' when content/ has none. An SVG may not fetch anything
    (links to other files or addresses, @import): the PDF renderer would follow them."""
    from .law.rules import find_rules_dir

    folder = rules_dir or find_rules_dir(exam_dir)
    candidates = [Path(exam_dir) / name for name in COAT_OF_ARMS]
    candidates += [folder / f"{jurisdiction}{suffix}" for suffix in (".svg", ".png")]
    for path in candidates:
        if path.is_symlink():
            raise InputError([Problem(path.name, "o brasão não pode ser um link simbólico; copie o arquivo para a "
                                      "pasta.")])
        if not path.is_file():
            continue
        head = path.read_bytes()
        if path.suffix == ".png" and not head.startswith(b"\x89PNG\r\n\x1a\n"):
            raise InputError([Problem(path.name, "o brasão não é uma imagem PNG válida.")])
        if path.suffix == ".svg" and _SVG_EXTERNAL.search(head):
            raise InputError([Problem(path.name, "o brasão em SVG aponta para outro arquivo ou endereço "
                                      "(href, src, url() ou @import); use um SVG autocontido ou um PNG.")])
        return str(path.resolve())
    return ""


def pdf_renderer():
    """generator.render.pdf.document.build_pdf, or None when the PDF renderer is not installed."""
    try:
        from .render.pdf.document import build_pdf
    except ImportError:
        return None
    return build_pdf


# -- the orchestrator: every exam checked → allocated → viewed, then rendered or copied from the archive ------
DEFAULT_NAME = "Resultados de concursos públicos"


@dataclass
class Prepared:
    """One checked and allocated exam, ready for the renderers."""

    exam: dict  # the exam's public view, without its cargos
    positions: Callable[[], Iterable[dict]]  # a fresh stream of PositionViews at each call
    cargos: list[dict] = field(default_factory=list)  # summaries (codigo, nome, totais), for parallel rendering
    position: Callable[[int], dict] | None = None  # the k-th cargo's full view, built on demand (in a worker)
    records: list = field(default_factory=list)  # the exam's archived acts (generator.store.archive.Record)
    changes: dict = field(default_factory=dict)  # each archived retificação's per-candidate changes (`changes`)
    fingerprint: str = ""  # what its pages depend on (generator/incremental.py)
    earlier: object = None  # incremental.Earlier: what the previous build made of this exam, to reuse by parts

    def size(self) -> int:
        """Approved candidates over all cargos (0 when unknown)."""
        return sum(c.get("totais", {}).get("aprovados", 0) for c in self.cargos)


@dataclass
class Job:
    """Everything one build renders; `transient` jobs are prepared by MkDocs itself (gazeta serve)."""

    exams: list  # Prepared, or incremental.Reuse for an exam unchanged since the previous build
    pdf: bool = True
    transient: bool = False
    report: dict = field(default_factory=dict)
    staging: Path | None = None  # the new incremental cache, put in place after the swap (generator/incremental)
    trust: object = None  # store.archive.Trust: the archived files this build verified, saved in its cache
    gates: list = field(default_factory=list)  # (folder, located, record.Verdict) still running (`settle`)

    def settle(self) -> list[Problem]:
        """The problems of the record gates left running beside the build (prepare_all with `deferred`), each
        waited for; located in its exam's folder as prepare_all locates the others."""
        problems: list[Problem] = []
        try:
            for folder, locate, found in self.gates:
                found_problems = found.problems()
                problems.extend(located(folder, found_problems) if locate else found_problems)
        finally:
            self.close()
        return problems

    def close(self) -> None:
        """End the gates still running unread (the build failed before it could use them)."""
        gates, self.gates = self.gates, []
        for _, _, found in gates:
            found.close()


def prepare_all(content_dir: Path, *, pdf: bool = True, transient: bool = True, previous: Path | None = None,
                cache: Path | None = None, site_url: str = "", trust=None, deferred: bool = False) -> Job:
    """Check and allocate every exam under content_dir (`prepare_exam`); InputError lists the problems of all of
    them at once. With `previous` (the site of the last build), an exam unchanged since then is reused instead
    (generator/incremental). `trust` (store.archive.Trust): archived files known intact, e.g. from the previous
    build's cache; a new one when not given. The job keeps it. `deferred` (`gazeta build`): a national exam's
    record gate may still be running when this returns (Job.gates); the caller must `settle` the job before it
    publishes anything, and `close` it if it stops before."""
    from . import progress
    from .store import archive

    trust = trust if trust is not None else archive.Trust()
    folders = exam_dirs(Path(content_dir))
    problems: list[Problem] = name_problems(folders)
    prepared, later = [], []
    try:
        for folder in progress.ticking("Conferindo e alocando os certames", len(folders), folders):
            running = [] if deferred else None
            try:
                prepared.append(prepare_exam(folder, pdf=pdf, transient=transient, previous=previous, cache=cache,
                                             site_url=site_url, trust=trust, later=running))
            except InputError as error:
                problems.extend(located(folder, error.problems) if len(folders) > 1 else error.problems)
            later += [(folder, len(folders) > 1, found) for found in running or ()]
        job = Job(prepared, pdf=pdf, transient=transient, trust=trust, gates=later)
        if problems:
            problems.extend(job.settle())
            raise InputError(problems)
    except BaseException:
        for _, _, found in later:
            found.close()
        raise
    return job


def prepare_exam(folder: Path, *, pdf: bool, transient: bool, previous: Path | None, cache: Path | None,
                 site_url: str, trust, later: list | None = None):
    """One exam, up to its public view: check → allocate → the record → view; or, when nothing it depends on
    changed since the previous build and every file it put in that site is intact, that build's pages
    (incremental.Reuse), its archive still verified. InputError with every problem found."""
    from . import incremental

    print_ = incremental.fingerprint(folder, find_rules_dir(folder), f"{site_url}\0{pdf}\0"
                                     f"{os.environ.get('SOURCE_DATE_EPOCH', '')}")
    entry = incremental.lookup(previous, cache, folder.resolve().name, print_)
    # a live PDF's dates follow the newest exam: only exams whose PDFs are archived copies are reused then;
    # and only when every file it put in the previous site is still the one it wrote
    if entry is not None and (entry["acts"] or not pdf) and incremental.intact(Path(previous), entry):
        incremental.check_archive(folder, witness(previous, folder), trust)
        return incremental.Reuse(folder.resolve().name, folder, entry, Path(previous), Path(cache))
    result = prepare(folder, trust=trust, later=later)  # check → allocate (and the law over time)
    records = archived(folder, result.exam.acts, witness(previous, folder), trust)  # what was published
    item = public_views(result, records)  # the allow-listed view, as of the act in force
    item.exam["previa"] = preview(result.exam.acts, records)
    item.exam["brasao"] = coat_of_arms(folder, item.exam["jurisdicao"]["id"])
    item.fingerprint = "" if transient else print_
    item.earlier = incremental.earlier(previous, cache, folder.resolve().name)
    return item


def public_views(result, records: list | None = None) -> Prepared:
    """The allow-listed public view of an allocated exam (generator.public, written by the legal core), as of the
    last archived act that publishes or corrects the lists (the declared one while nothing is archived). That act's
    identity, edition, signers, place and reason are the archive's (ato.json), and so is its URN: computed from the
    norms as they were at its publication, so a `urn` added to the rule file later does not give it a second one."""
    from . import public

    records = records or []
    act = None
    by_slug = {a.slug: a for a in result.exam.acts}
    carrier = None
    for record in reversed(records):
        if by_slug[record.slug].carries_result:
            act, carrier = by_slug[record.slug], record
            break
    exam = public.exam_view(result, with_positions=False, act=act)
    if carrier is not None:
        _frozen(exam, carrier.view())
    return Prepared({**exam, "cargos": []}, lambda: public.iter_position_views(result), exam["cargos"],
                    lambda k: public.position_view(result, result.positions[k]), records, result.changes)


def preview(acts: list, records: list) -> list[str]:
    """The titles of the declared acts not yet published: what every page and PDF page of the exam marks as a
    preview (issue 19 item 1); [] when the exam shows only what was published."""
    from .record import waiting

    return [act.label for act in waiting(acts, records)]


def _frozen(exam: dict, view: dict) -> None:
    """The published act's fields in the exam's view, from its archived view: what the site presents as published
    is what the archive holds (issue 19 item 1), never certame.toml read again."""
    from .render import cite

    exam["ato"] = {**exam["ato"], **{k: v for k, v in view["ato"].items() if k != "retificado_por"},
                   "urn": cite.urn(view)}
    exam["publicacao"] = dict(view["publicacao"])


def witness(previous: Path | None, folder: Path) -> tuple[Path, ...]:
    """The previous site's public copy of an exam's ledger of published acts (written by `_copy_archived`): the
    build checks the archive against it, so an act folder or a whole arquivo/ deleted since is named."""
    from .store import archive
    from .load import exam_slug

    if previous is None:
        return ()
    return (Path(previous) / "certames" / exam_slug(folder) / "atos" / archive.WITNESS_SITE,)


def site_witness(site_dir: Path | None, folder: Path) -> tuple[Path, ...]:
    """`witness` of a site folder given on the command line (`gazeta publicar --site`), when it exists."""
    return witness(Path(site_dir), folder) if site_dir is not None and Path(site_dir).is_dir() else ()


def archived(folder: Path, acts: list, witnesses: tuple[Path, ...] = (), trust=None) -> list:
    """The exam's archived acts, verified (a changed published file is an InputError naming it, and so is an act
    the ledger or one of its copies records but the archive lost) and still declared as published in certame.toml
    (`acts`) with the fields they were published with."""
    from .store import archive
    from .record import pending

    records = archive.read(folder, witnesses=witnesses, trust=trust)
    if records:
        pending(acts, records)
    return records


def generate(job: Job, site_dir: Path, *, site_url: str = "", extra_urls: Iterable[str] = (),
             markdown_pages: Iterable[tuple[str, str]] = (), site_name: str = DEFAULT_NAME, preview: bool = False,
             first_page_ready: Callable[[list[str]], None] | None = None) -> dict:
    """Open data, PDF (when available) and site pages of every exam into site_dir. `first_page_ready` (gazeta
    serve's first build): the home page and its assets are written first, and it is called with their site-relative
    paths before any exam is rendered; the files are the same either way."""
    from .render.site.pages import Site, content_security_policy
    from .memory import frozen_heap

    extra_urls = list(extra_urls)
    site = Site(site_dir, site_url=site_url, pages=extra_urls, site_name=site_name,
                csp=content_security_policy(preview))  # preview: gazeta serve's live reload (an inline script)
    try:
        with frozen_heap():
            return _generate(job, site, site_dir, site_url, extra_urls, markdown_pages, first_page_ready)
    finally:
        site.search.close()


def _generate(job: Job, site, site_dir: Path, site_url: str, extra_urls, markdown_pages,
              first_page_ready=None) -> dict:
    from . import incremental, progress
    from .render.site.pages import home_entry

    pdfs, recorded = [], []
    # gazeta serve answers its first page before the exams are rendered (issue 21 item 5): the home page needs only
    # each exam's prepared summaries (an exam reused from a previous build has none here: then it waits for all)
    if first_page_ready is not None and all(isinstance(p, Prepared) for p in job.exams):
        first_page_ready(site.first_page([home_entry(p.exam, p.cargos) for p in job.exams]))
    with progress.session(), tempfile.TemporaryDirectory(prefix="gazeta-busca-") as spill:
        for prepared in job.exams:
            if isinstance(prepared, incremental.Reuse):  # unchanged since the last build: its pages as they were
                incremental.replay(site, prepared, site_dir, job.staging)
            else:
                recorded += render_exam(site, job, prepared, site_dir, Path(spill), site_url, pdfs)
        if job.staging is not None:
            incremental.save(job.staging, recorded, site.search, job.trust)
        finishing = progress.task("Site: início, busca, sitemap e feed", 1)
        stats = site.finish(extra_urls)
        if job.staging is not None:  # what each rendered exam wrote, hashed for the next build's reuse
            incremental.seal(job.staging, recorded, site_dir, site.search)
        finishing()
    site.legislation_index(markdown_pages)
    job.report = {**stats, "exams": len(job.exams), "pages": len(site.urls), "pdfs": pdfs}
    return job.report


def render_exam(site, job: Job, prepared: Prepared, site_dir: Path, spill: Path, site_url: str, pdfs: list
                ) -> list:
    """One exam's files in the site: what is archived is copied (its acts byte for byte, the PDF that carries the
    lists, that PDF's per-cargo extracts); otherwise its open data and PDF are rendered (the PDF embeds the data,
    and the pages cite the PDF's pages); then its pages. Appends each PDF to `pdfs` (the build's summary);
    returns the exam's incremental cache record, if it keeps one."""
    from . import incremental, progress
    from .render.data.package import OpenData

    exam = prepared.exam
    site.search.exam(exam["slug"], prepared.size())  # its search segment (render/site/search.py)
    recorder = incremental.Recorder.start(site, exam["slug"], prepared.fingerprint, prepared.earlier) \
        if job.staging is not None and prepared.fingerprint else None
    if recorder is not None:  # its own search segment's key shards, kept when its keys did not change
        incremental.earlier_keys(site.search, prepared.earlier)
    exam_dir = site_dir / "certames" / exam["slug"]
    workers = _workers(prepared)
    site.workers = max(site.workers, workers)
    data = pdf = None
    pages_bar = f"Site {exam['slug']}: cargos"
    if prepared.records:  # published acts are copies; the lists cite the archived PDF that carries them
        pdf, carrier = _copy_archived(site, prepared, exam_dir)
        if pdf is not None:  # the summary names it too: a copy of the published act, not a new render
            pdfs.append({"path": f"certames/{exam['slug']}/{pdf['href']}", "pages": pdf["pages"],
                         "bytes": (exam_dir / pdf["href"]).stat().st_size, "archived": True})
        if pdf is not None and carrier is not None:
            _extracts(carrier["view"], prepared, exam_dir, pdf,
                      (carrier.get("dados") or {}).get("datapackage_sha256", ""),
                      f"{site_url.rstrip('/')}/{carrier['href']}" if site_url else "", recorder,
                      per_cargo=not job.transient, site_url=site_url)
    elif job.pdf and pdf_renderer() is not None:
        # The PDF embeds the data and the site cites the PDF's pages: data, PDF, then the pages.
        url = exam["publicacao"].get("url") or (f"{site_url.rstrip('/')}/certames/{exam['slug']}/"
                                                if site_url else "")
        data, pdf = documents(exam, lambda: progress.ticking(f"Dados abertos e PDF {exam['slug']}: cargos",
                                                             len(prepared.cargos), prepared.positions()),
                              exam_dir, f"{exam['slug']}.pdf", url, beside=True, site_url=site_url)
        pdfs.append({"path": f"certames/{exam['slug']}/{pdf['name']}", "pages": pdf["pages"],
                     "bytes": (exam_dir / pdf["name"]).stat().st_size})
        _extracts(exam, prepared, exam_dir, pdf, data["datapackage_sha256"] if data else "", url, recorder,
                  per_cargo=not job.transient, site_url=site_url)
    # an incremental build: each cargo's fingerprint is recorded, and a cargo unchanged since the previous build is
    # taken from it (incremental.CargoCache; issue 20 item 5)
    cargos = incremental.CargoCache.of(prepared.earlier, f"{site_url}\0{job.pdf}\0{not job.transient}\0"
                                       f"{os.environ.get('SOURCE_DATE_EPOCH', '')}") \
        if recorder is not None and prepared.position is not None else None
    if workers > 1 or cargos is not None:
        from .render import parallel

        parallel.render_exam(site, exam, prepared, workers, spill, pdf=pdf, data=data,
                             on_cargo=progress.task(pages_bar, len(prepared.cargos)), cargos=cargos,
                             sheets=not job.transient,
                             deflated=incremental.deflated(job.staging, prepared.earlier, exam["slug"])
                             if cargos is not None else None)
        if cargos is not None:
            recorder.per_cargo = cargos.records
    else:
        positions = progress.ticking(pages_bar, len(prepared.cargos), prepared.positions())
        if data is not None:
            site.render_exam(exam, positions, pdf=pdf, data=data)
        else:  # one pass: each cargo's view is built once, for its data files and its pages
            # gazeta serve (a transient job) writes no XLSX: about a second before the first page; the pages say so
            site.render_exam(exam, positions, pdf=pdf, open_data=OpenData(exam, exam_dir / "dados",
                                                                          sheets=not job.transient))
    return [(recorder, recorder.finish(site))] if recorder is not None else []


def _copy_archived(site, prepared: Prepared, exam_dir: Path) -> dict | None:
    """Copy every archived act of the exam byte for byte (verified against its manifest) beside its permanent page;
    return the PDF that carries the current lists."""
    from .store import archive, verify
    from .render.site import acts as act_pages

    exam = prepared.exam
    entries = act_pages.history(exam["slug"], prepared.records)
    before = prepared.earlier.folder / "atos" if prepared.earlier is not None else None
    for order, (record, entry) in enumerate(zip(prepared.records, entries), 1):
        # the previous site's copies of the same acts are linked once their bytes check out (archive.copy)
        archive.copy(record, exam_dir / "atos" / record.slug, before / record.slug if before else None)
        if entry["pdf"]:  # its verification page says what `gazeta verificar` reads in the signature
            # the copy was checked against the archive's SHA-256 just above: not hashed again for the report
            entry["verificacao"] = verify.signature_report(exam_dir / "atos" / record.slug / entry["pdf"]["href"],
                                                           sha256=entry["pdf_sha256"] or None)
        site.act_page(exam["slug"], entry, order)
    exam["historico"] = [{k: e[k] for k in ("slug", "ato", "publicacao", "pdf", "retificado_por", "seal")} for e in entries]
    # The public copy of the exam's ledger: anyone can compare it with the archive, and the next build does (witness)
    (exam_dir / "atos").mkdir(parents=True, exist_ok=True)
    (exam_dir / "atos" / archive.WITNESS_SITE).write_bytes(
        archive.ledger_bytes([archive.ledger_entry(r) for r in prepared.records]))
    pdf = act_pages.pdf_of(entries)
    carrier = next((e for e in entries if pdf and f"atos/{e['slug']}/{(e['pdf'] or {}).get('href')}" == pdf["href"]),
                   None)
    if pdf is not None:  # the address the exam's PDF had while it was a preview keeps working (issue 19 item 4)
        alias = exam_dir / f"{exam['slug']}.pdf"
        if not alias.exists():
            os.link(exam_dir / pdf["href"], alias)
    if carrier is not None:  # what the lists cite: their own act, then each correction of their cargo since
        exam["citado"] = {"ato": carrier["view"]["ato"], "publicacao": carrier["publicacao"]}
        exam["retificacoes"] = act_pages.corrections_by_cargo(entries, carrier)
    exam["atos_por_inscricao"] = acts_by_person(prepared.records, entries, prepared.changes)
    return pdf, carrier


def acts_by_person(records: list, entries: list[dict], found: dict | None = None
                   ) -> dict[str, dict[str, list[dict]]]:
    """Cargo code → inscrição → what each archived act did to that person, oldest first, for the «Sua situação»
    card (render/site/pages.py): a convocação's place (position, vacancy type and basis; or the stage it calls to,
    LEGAL-NOTES 18) with where, when and with what to present oneself as the act's body prints it (`apresentacao`,
    when the act declares them), or what a retificação changed in their rank, score, published lists, nomination
    or elimination — its changes as published (`changes`: archived beside it, or the comparison of the archived
    contracts of the act before it and its own), the same comparison whose passages the act quotes. No name: the
    card has it from the list row. `found`: `changes(records)`, computed here when not given."""
    from .acts.model import CALL, CORRECTING_KINDS

    found = changes(records) if found is None else found
    out: dict[str, dict[str, list[dict]]] = {}
    for e in entries:
        act = e["ato"]
        link = {"tipo": act["tipo"], "titulo": act["titulo"], "data": act["data"], "data_curta": act["data_curta"],
                "href": e["href"], **card_gender(act["titulo"], act.get("titulo_genero", ""))}
        if act["tipo"] == CALL and act.get("cargo"):
            body = e["view"].get("corpo") or {}
            called = {**link, **({"apresentacao": body["apresentacao"]} if body.get("apresentacao") else {})}
            if (body.get("etapa") or {}).get("nome"):  # a stage: no position in the nomination order
                called["etapa"] = body["etapa"]["nome"]
            for row in body.get("convocados", []):
                out.setdefault(act["cargo"], {}).setdefault(row["inscricao"], []).append(
                    {**called, **{k: row[k] for k in ("posicao", "vaga", "fundamento") if row.get(k)}})
        elif act["tipo"] in CORRECTING_KINDS and act.get("retifica"):
            for person in found.get(e["slug"], ()):
                out.setdefault(person.position, {}).setdefault(person.registration, []).append(
                    {**link, "mudancas": [[c.field, c.before, c.after] for c in person.changes]})
    return out


def _extracts(view: dict, prepared: Prepared, exam_dir: Path, pdf: dict, data_sha256: str, url: str,
              recorder=None, *, per_cargo: bool = True, site_url: str = "") -> None:
    """The PDF's size label, and one PDF per cargo extracted from it (render/pdf/extract.py), beside each cargo's
    page. An act published since issue 20 archived its extracts (publish._archive_extracts): they are copies of
    its files, linked here. For an act archived before, and a PDF of this build, this is a post-processing step on
    the finished file (new files; an archived PDF is only read). The extracts depend only on the full PDF's bytes
    and what their covers print: when the previous build made them from the same (the usual case after a
    retificação, whose lists still cite the archived result), they are hard-linked from it instead of extracted
    again (generator/incremental.py)."""
    from .render.data import downloads

    full = exam_dir / pdf["href"]
    structure = pdf.pop("structure", None)  # what the PDF just drawn was tagged from; None for an archived PDF
    archived = pdf.pop("archived_extracts", None)
    pdf["label"] = downloads.label(full, pdf.get("pages"))
    ranges = pdf.get("ranges") or {}
    if archived is not None:  # made by publicar with the act, and copied with its files (_copy_archived): each
        # is also linked where an extract has always been, in its cargo page's folder
        from .paths import link_or_copy
        from .render.pdf.cargos import cargos_of
        folders = {c.codigo: c.slug for c in cargos_of(prepared.cargos, ranges)}
        pdf["extracts"] = {}
        for code, extract in archived.items():
            if code not in folders:
                continue
            copy = exam_dir / extract["href"]
            (exam_dir / folders[code]).mkdir(parents=True, exist_ok=True)
            extract["href"] = f"{folders[code]}/{copy.name}"
            link_or_copy(copy, exam_dir / extract["href"])
            extract["label"] = downloads.label(copy, extract["pages"])
            pdf["extracts"][code] = extract
        return
    if not per_cargo:  # gazeta serve (issue 21 item 5): each extract costs a WeasyPrint cover (and its import),
        return         # seconds before the first page; the cargo pages then link the full PDF at the cargo's pages
    from . import incremental
    from .render.pdf import extract as pdf_extract
    cargos = pdf_extract.cargos_of(prepared.cargos, ranges)
    if not cargos:
        return
    from .render.data.package import sha256_file

    pdf_sha256 = sha256_file(full)  # once: the key and the covers both need it (270 MB at 1M)
    # the covers' footer also names the act's verification page, on the site's address
    key = incremental.extracts_key(pdf_sha256, view, cargos, ranges, f"{url}\0{site_url}", data_sha256, pdf["href"],
                                   structure is not None)
    extracts = incremental.reuse_extracts(prepared.earlier, key, exam_dir)
    if extracts is None:
        extracts = pdf_extract.extract_all(full, view, cargos, ranges, exam_dir, url=url, data_sha256=data_sha256,
                                           pdf_href=pdf["href"], workers=_extract_workers(),
                                           pdf_sha256=pdf_sha256, site_url=site_url, structure=structure)
    for extract in extracts.values():
        extract["label"] = downloads.label(exam_dir / extract["href"], extract["pages"])
    pdf["extracts"] = extracts
    if recorder is not None:
        recorder.extracts = incremental.extracts_entry(key, extracts, exam_dir)


def _extract_workers() -> int:
    """Processes for the per-cargo PDF extracts, whatever the exam's size: each costs a WeasyPrint cover and a
    pikepdf copy and save (about 0.2 s), far more than a fork (10k exam, 10 cargos: 1.9 s in one process)."""
    return wanted()


def _workers(prepared: Prepared) -> int:
    """Processes for an exam's cargos: one for small exams (forking costs more than it saves)."""
    if prepared.position is None or len(prepared.cargos) < 2:
        return 1
    return workers_for(prepared.size())
