"""The whole pipeline: check every exam → allocate → open data → PDF → site, built aside and swapped in."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from . import sitedir
from .errors import FaultError, InputError, Problem
from .pipeline import documents, pdf_renderer

PROJECT = Path(__file__).resolve().parents[1]
CONFIG_NAME = "mkdocs.yml"
# What the engine needs from gazeta itself, whatever the user's mkdocs.yml says: these are code, not settings.
ENGINE = {
    "theme": {"name": None, "custom_dir": str(PROJECT / "templates" / "theme"), "static_templates": []},
    "hooks": [],  # the project's file cannot add code; gazeta's plugin object is added per build (mkdocs_plugin)
    "plugins": [],  # no MkDocs plugin (its default search would write search/): gazeta's own is added per build
    "exclude_docs": "/certames/\n/jurisdicoes/\n!*.md\n",  # exam folders hold restricted data: never copied
    "use_directory_urls": True,
    "markdown_extensions": ["toc", "tables"],
}
DEFAULT_NAME = "Resultados de concursos públicos"
EXAMPLE_HOST = "concursos.exemplo.gov.br"  # the example's placeholder `site_url` in mkdocs.yml


@dataclass
class Prepared:
    """One checked and allocated exam, ready for the renderers."""

    exam: dict  # the exam's public view, without its cargos
    positions: Callable[[], Iterable[dict]]  # a fresh stream of PositionViews at each call
    cargos: list[dict] = field(default_factory=list)  # summaries (codigo, nome, totais), for parallel rendering
    position: Callable[[int], dict] | None = None  # the k-th cargo's full view, built on demand (in a worker)
    records: list = field(default_factory=list)  # the exam's archived acts (generator.store.archive.Record)
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


def prepare_all(content_dir: Path, *, pdf: bool = True, transient: bool = True, previous: Path | None = None,
                cache: Path | None = None, site_url: str = "", trust=None) -> Job:
    """Check and allocate every exam under content_dir; InputError lists the problems of all of them at once. With
    `previous` (the site of the last build), an exam unchanged since then is reused instead (generator/incremental).
    `trust` (store.archive.Trust): archived files known intact, e.g. from the previous build's cache; a new one
    when not given. The job keeps it."""
    from . import incremental
    from .store import archive
    from .law.rules import find_rules_dir
    from . import progress
    from .pipeline import coat_of_arms, exam_dirs, located, name_problems, prepare

    trust = trust if trust is not None else archive.Trust()
    folders = exam_dirs(Path(content_dir))
    problems: list[Problem] = name_problems(folders)
    prepared = []
    for folder in progress.ticking("Conferindo e alocando os certames", len(folders), folders):
        try:
            print_ = incremental.fingerprint(folder, find_rules_dir(folder), f"{site_url}\0{pdf}\0"
                                             f"{os.environ.get('SOURCE_DATE_EPOCH', '')}")
            entry = incremental.lookup(previous, cache, folder.resolve().name, print_)
            # a live PDF's dates follow the newest exam: only exams whose PDFs are archived copies are reused then;
            # and only when every file it put in the previous site is still the one it wrote
            if entry is not None and (entry["acts"] or not pdf) and incremental.intact(Path(previous), entry):
                incremental.check_archive(folder, witness(previous, folder), trust)
                prepared.append(incremental.Reuse(folder.resolve().name, folder, entry, Path(previous), Path(cache)))
                continue
            result = prepare(folder, trust=trust)
            records = archived(folder, result.exam.acts, witness(previous, folder), trust)
            item = public_views(result, records)
            item.exam["previa"] = preview(result.exam.acts, records)
            item.exam["brasao"] = coat_of_arms(folder, item.exam["jurisdicao"]["id"])
            item.fingerprint = "" if transient else print_
            item.earlier = incremental.earlier(previous, cache, folder.resolve().name)
            prepared.append(item)
        except InputError as error:
            problems.extend(located(folder, error.problems) if len(folders) > 1 else error.problems)
    if problems:
        raise InputError(problems)
    return Job(prepared, pdf=pdf, transient=transient, trust=trust)


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
                    lambda k: public.position_view(result, result.positions[k]), records)


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
             markdown_pages: Iterable[tuple[str, str]] = (), site_name: str = DEFAULT_NAME, preview: bool = False
             ) -> dict:
    """Open data, PDF (when available) and site pages of every exam into site_dir."""
    from .render.site import Site, content_security_policy
    from .memory import frozen_heap

    extra_urls = list(extra_urls)
    site = Site(site_dir, site_url=site_url, pages=extra_urls, site_name=site_name,
                csp=content_security_policy(preview))  # preview: gazeta serve's live reload (an inline script)
    try:
        with frozen_heap():
            return _generate(job, site, site_dir, site_url, extra_urls, markdown_pages)
    finally:
        site.search.close()


def _generate(job: Job, site, site_dir: Path, site_url: str, extra_urls, markdown_pages) -> dict:
    from . import incremental, progress
    from .render.data import OpenData

    pdfs, recorded = [], []
    with progress.session(), tempfile.TemporaryDirectory(prefix="gazeta-busca-") as spill:
        for prepared in job.exams:
            if isinstance(prepared, incremental.Reuse):  # unchanged since the last build: its pages as they were
                incremental.replay(site, prepared, site_dir, job.staging)
                continue
            exam = prepared.exam
            site.search.exam(exam["slug"], prepared.size())  # its search segment (render/search.py)
            recorder = incremental.Recorder.start(site, exam["slug"], prepared.fingerprint) \
                if job.staging is not None and prepared.fingerprint else None
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
                              per_cargo=not job.transient)
            elif job.pdf and pdf_renderer() is not None:
                # The PDF embeds the data and the site cites the PDF's pages: data, PDF, then the pages.
                url = exam["publicacao"].get("url") or (f"{site_url.rstrip('/')}/certames/{exam['slug']}/"
                                                        if site_url else "")
                data, pdf = documents(exam, lambda: progress.ticking(f"Dados abertos e PDF {exam['slug']}: cargos",
                                                                     len(prepared.cargos), prepared.positions()),
                                      exam_dir, f"{exam['slug']}.pdf", url, beside=True)
                pdfs.append({"path": f"certames/{exam['slug']}/{pdf['name']}", "pages": pdf["pages"],
                             "bytes": (exam_dir / pdf["name"]).stat().st_size})
                _extracts(exam, prepared, exam_dir, pdf, data["datapackage_sha256"] if data else "", url, recorder,
                          per_cargo=not job.transient)
            if workers > 1:
                from .render import parallel

                parallel.render_exam(site, exam, prepared, workers, Path(spill), pdf=pdf, data=data,
                                     on_cargo=progress.task(pages_bar, len(prepared.cargos)))
            else:
                positions = progress.ticking(pages_bar, len(prepared.cargos), prepared.positions())
                if data is not None:
                    site.render_exam(exam, positions, pdf=pdf, data=data)
                else:  # one pass: each cargo's view is built once, for its data files and its pages
                    site.render_exam(exam, positions, pdf=pdf, open_data=OpenData(exam, exam_dir / "dados"))
            if recorder is not None:
                recorded.append((recorder, recorder.finish(site)))
        if job.staging is not None:
            incremental.save(job.staging, recorded, site.search, job.trust)
        finishing = progress.task("Site: início, busca, sitemap e feed", 1)
        stats = site.finish(extra_urls)
        if job.staging is not None:  # what each rendered exam wrote, hashed for the next build's reuse
            incremental.seal(job.staging, recorded, site_dir)
        finishing()
    site.legislation_index(markdown_pages)
    job.report = {**stats, "exams": len(job.exams), "pages": len(site.urls), "pdfs": pdfs}
    return job.report


def _copy_archived(site, prepared: Prepared, exam_dir: Path) -> dict | None:
    """Copy every archived act of the exam byte for byte (verified against its manifest) beside its permanent page;
    return the PDF that carries the current lists."""
    from .store import archive
    from .render import acts as act_pages

    exam = prepared.exam
    entries = act_pages.history(exam["slug"], prepared.records)
    for order, (record, entry) in enumerate(zip(prepared.records, entries), 1):
        archive.copy(record, exam_dir / "atos" / record.slug)
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
    exam["atos_por_inscricao"] = acts_by_person(prepared.records, entries)
    return pdf, carrier


def acts_by_person(records: list, entries: list[dict]) -> dict[str, dict[str, list[dict]]]:
    """Cargo code → inscrição → what each archived act did to that person, oldest first, for the «Sua situação»
    card (render/site.py): a convocação's place (position, vacancy type and basis; or the stage it calls to,
    LEGAL-NOTES 18) with where, when and with what to present oneself as the act's body prints it (`apresentacao`,
    when the act declares them), or what a retificação changed in their rank, score, published lists, nomination
    or elimination — the per-candidate diff of the two archived contracts (law/corrections.py), the same
    comparison whose passages the act quotes. No name: the card has it from the list row."""
    from .acts.model import CALL, CORRECTING_KINDS
    from .law import corrections

    by_slug = {r.slug: r for r in records}
    out: dict[str, dict[str, list[dict]]] = {}
    for e in entries:
        act = e["ato"]
        link = {"tipo": act["tipo"], "titulo": act["titulo"], "data": act["data"], "data_curta": act["data_curta"],
                "href": e["href"]}
        if act["tipo"] == CALL and act.get("cargo"):
            body = e["view"].get("corpo") or {}
            called = {**link, **({"apresentacao": body["apresentacao"]} if body.get("apresentacao") else {})}
            if (body.get("etapa") or {}).get("nome"):  # a stage: no position in the nomination order
                called["etapa"] = body["etapa"]["nome"]
            for row in body.get("convocados", []):
                out.setdefault(act["cargo"], {}).setdefault(row["inscricao"], []).append(
                    {**called, **{k: row[k] for k in ("posicao", "vaga", "fundamento") if row.get(k)}})
        elif act["tipo"] in CORRECTING_KINDS and act.get("retifica"):
            before = by_slug.get(act["retifica"]["slug"])
            after = by_slug.get(e["slug"])
            old, new = (before.contract() if before else None), (after.contract() if after else None)
            if old is None or new is None:
                continue
            for person in corrections.diff(old, new).candidates:
                out.setdefault(person.position, {}).setdefault(person.registration, []).append(
                    {**link, "mudancas": [[c.field, c.before, c.after] for c in person.changes]})
    return out


def _extracts(view: dict, prepared: Prepared, exam_dir: Path, pdf: dict, data_sha256: str, url: str,
              recorder=None, *, per_cargo: bool = True) -> None:
    """The PDF's size label, and one PDF per cargo extracted from it (render/pdf_extract.py), beside each cargo's
    page: a post-processing step on the finished file, so archived PDFs get extracts too (new files; the archived
    PDF itself is only read). The extracts depend only on the full PDF's bytes and what their covers print: when
    the previous build made them from the same (the usual case after a retificação, whose lists still cite the
    archived result), they are hard-linked from it instead of extracted again (generator/incremental.py)."""
    from .render import downloads

    full = exam_dir / pdf["href"]
    pdf["label"] = downloads.label(full, pdf.get("pages"))
    if not per_cargo:  # gazeta serve (issue 21 item 5): each extract costs a WeasyPrint cover (and its import),
        return         # seconds before the first page; the cargo pages then link the full PDF at the cargo's pages
    from . import incremental
    from .render import pdf_extract
    ranges = pdf.get("ranges") or {}
    cargos = pdf_extract.cargos_of(prepared.cargos, ranges)
    if not cargos:
        return
    from .render.data import sha256_file

    pdf_sha256 = sha256_file(full)  # once: the key and the covers both need it (270 MB at 1M)
    key = incremental.extracts_key(pdf_sha256, view, cargos, ranges, url, data_sha256, pdf["href"])
    extracts = incremental.reuse_extracts(prepared.earlier, key, exam_dir)
    if extracts is None:
        extracts = pdf_extract.extract_all(full, view, cargos, ranges, exam_dir, url=url, data_sha256=data_sha256,
                                           pdf_href=pdf["href"], workers=_extract_workers(),
                                           pdf_sha256=pdf_sha256)
    for extract in extracts.values():
        extract["label"] = downloads.label(exam_dir / extract["href"], extract["pages"])
    pdf["extracts"] = extracts
    if recorder is not None:
        recorder.extracts = incremental.extracts_entry(key, extracts, exam_dir)


PARALLEL_FROM = 20_000  # approved candidates from which cargos are rendered in several processes


def _extract_workers() -> int:
    """Processes for the per-cargo PDF extracts, whatever the exam's size: each costs a WeasyPrint cover and a
    pikepdf copy and save (about 0.2 s), far more than a fork (10k exam, 10 cargos: 1.9 s in one process)."""
    return int(os.environ.get("GAZETA_PROCESSOS", "0")) or min(os.cpu_count() or 1, 4)


def _workers(prepared: Prepared) -> int:
    """Processes for an exam's cargos: one for small exams (forking costs more than it saves)."""
    wanted = int(os.environ.get("GAZETA_PROCESSOS", "0")) or min(os.cpu_count() or 1, 4)
    if prepared.position is None or len(prepared.cargos) < 2:
        return 1
    if os.environ.get("GAZETA_PROCESSOS") or prepared.size() >= PARALLEL_FROM:
        return wanted
    return 1


def project_config(content_dir: Path | None = None, explicit: Path | None = None) -> Path | None:
    """The site's settings (issue 19 item 4), always from the user's project, never from where gazeta is installed:
    `--config`; else the mkdocs.yml beside the content folder; else the one in the working folder; else None (the
    defaults: no site address)."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise InputError([Problem(str(path), "arquivo de configuração do site não encontrado (opção --config).")])
        return path.resolve()
    for folder in ([Path(content_dir).resolve().parent] if content_dir is not None else []) + [Path.cwd()]:
        if (folder / CONFIG_NAME).is_file():
            return folder / CONFIG_NAME
    return None


def _settings(config_file: Path | None) -> dict:
    import yaml

    if config_file is None:
        return {}
    try:
        data = yaml.safe_load(Path(config_file).read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise InputError([Problem(str(config_file), f"não é um YAML válido: {getattr(error, 'problem', error)}.",
                                  line=mark.line + 1 if mark else None)]) from None
    if not isinstance(data, dict):
        raise InputError([Problem(str(config_file), "deve ter chaves como «site_name:» e «site_url:».")])
    return data


def site_url(config_file: Path | None = None) -> str:
    """The `site_url` of the project's mkdocs.yml ('' when unset or without one)."""
    return str(_settings(config_file).get("site_url") or "")


def site_url_warning(config_file: Path | None = None) -> str:
    """A warning while `site_url` is still the example's (or missing): it goes into the PDF footer, feed, sitemap and
    citations. The warning names the file to change."""
    from urllib.parse import urlsplit

    if config_file is None:
        return (f"não encontrei {CONFIG_NAME} ao lado da pasta de conteúdo nem na pasta atual: o site sai sem "
                "endereço (site_url), e o rodapé do PDF, o feed, o sitemap e o «Como citar» ficam sem links "
                f"absolutos. Crie {CONFIG_NAME} ao lado de content/ com «site_name:» e «site_url:», ou use --config.")
    url = site_url(config_file)
    if urlsplit(url).hostname == EXAMPLE_HOST:
        return (f"o endereço do site em {config_file} (site_url: {url}) ainda é o do exemplo. Ele vai para o "
                "rodapé do PDF, o feed, o sitemap e o «Como citar»: troque-o pelo endereço onde o site será "
                "publicado.")
    return ""


def engine_config(config_file: Path | None, plugin=None, **overrides):
    """MkDocs' configuration: the project's settings with gazeta's engine (theme, exclusions) on top, and `plugin`
    (a mkdocs_plugin.GazetaPlugin holding the job) as its one plugin."""
    config = _load_config(config_file, **overrides)
    if plugin is not None:
        config.plugins["gazeta"] = plugin
    return config


def _load_config(config_file: Path | None, **overrides):
    from mkdocs.config import load_config

    import io

    options = {**ENGINE, **overrides}
    if config_file is None:  # no file of the project: the defaults, never a mkdocs.yml found by MkDocs itself
        return load_config(io.BytesIO(f"site_name: {DEFAULT_NAME}\n".encode()), **options)
    return load_config(str(config_file), **options)


def build(content_dir: Path, site_dir: Path, *, pdf: bool = True, config_file: Path | None = None) -> dict:
    """Build the site from content_dir into site_dir; on any failure the previous site_dir is left untouched.
    Exams unchanged since the previous build of site_dir are reused, not rendered (generator/incremental.py)."""
    from . import incremental, progress

    content_dir = content_folder(content_dir)
    config_file = project_config(content_dir, config_file)
    site_dir = _site_folder(site_dir, content_dir, config_file)
    with sitedir.locked(site_dir), progress.session():  # the lock first: a second build says so at once
        from .store import archive

        previous = site_dir if site_dir.is_dir() else None
        cache = incremental.previous_cache(site_dir) if previous else None
        trust = archive.Trust(incremental.signatures(cache))  # archived files unchanged since the last build's check
        job = prepare_all(content_dir, pdf=pdf, transient=False, previous=previous, cache=cache,
                          site_url=site_url(config_file), trust=trust)  # InputError here: nothing written at all
        return _build_locked(job, content_dir, site_dir, config_file)


def build_job(job: Job, content_dir: Path, site_dir: Path, *, config_file: Path | None = None) -> dict:
    """Run MkDocs with `job` into a fresh folder beside site_dir, then swap it in (one build at a time)."""
    content_dir = content_folder(content_dir)
    config_file = project_config(content_dir, config_file)
    site_dir = _site_folder(site_dir, content_dir, config_file)
    with sitedir.locked(site_dir):
        return _build_locked(job, content_dir, site_dir, config_file)


def content_folder(content_dir: Path) -> Path:
    """The resolved content folder; InputError unless it holds certames/ (an exam folder is not a content folder:
    MkDocs would publish its ato.md as a raw page)."""
    content_dir = Path(content_dir).resolve()
    if not (content_dir / "certames").is_dir():
        hint = (" Essa é a pasta de um certame: informe a pasta de conteúdo que a contém (por exemplo content)."
                if (content_dir / "certame.toml").is_file() else "")
        raise InputError([Problem(str(content_dir), "a pasta de conteúdo precisa ter a subpasta certames/, com uma "
                                  f"pasta por certame.{hint}")])
    return content_dir


def _site_folder(site_dir: Path, content_dir: Path, config_file: Path | None) -> Path:
    """The resolved site folder, its parent created; FaultError where it cannot be written or swapped, or where
    swapping it could destroy anything but a site gazeta made (the content, the project, the working folder)."""
    from . import incremental

    keep = {"pasta de conteúdo": content_dir, "pasta de trabalho atual": Path.cwd()}
    if config_file is not None:
        keep["pasta do projeto"] = Path(config_file).resolve().parent
    resolved = Path(site_dir).resolve()
    sitedir.refuse_unsafe(Path(site_dir), keep, described=incremental.previous_cache(resolved) is not None)
    site_dir = resolved
    try:
        site_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise sitedir.fault(error, site_dir) or error
    if sitedir.is_mount_point(site_dir):  # rename(2) would say EBUSY, but only after all the work
        raise FaultError(sitedir.MOUNT_POINT.format(site=site_dir))
    return site_dir


# Bytes per approved candidate of a first build (no previous site to compare): a lower bound, so the check refuses
# only when the disk clearly cannot hold the site. Measured: the three examples 2,72 MB for 896 approved (≈3.000 B
# each); a synthetic exam (generator.synth, 10.000 candidates, 5 cargos) 16,2 MB for 9.288 (≈1.740 B each).
BYTES_PER_CANDIDATE = 1_000


def _build_locked(job: Job, content_dir: Path, site_dir: Path, config_file: Path | None) -> dict:
    """build_job's body, run holding the lock: recover, check the disk, build aside, swap."""
    from mkdocs.commands.build import build as mkdocs_build

    tmp = None
    try:
        for line in sitedir.recover(site_dir):
            print(f"gazeta: {line}", file=sys.stderr)
        previous = sitedir.tree_size(site_dir)
        sitedir.check_space(site_dir, previous or BYTES_PER_CANDIDATE * sum(p.size() for p in job.exams))
        tmp = Path(tempfile.mkdtemp(prefix=sitedir.new_prefix(site_dir), dir=site_dir.parent))
        if not job.transient:
            job.staging = Path(tempfile.mkdtemp(prefix=sitedir.cache_prefixes(site_dir)[0], dir=site_dir.parent))
        # No moment of the build's own: each exam's files carry its publication date (or the user's
        # SOURCE_DATE_EPOCH), so adding a newer exam leaves the other exams' bytes as they were (issue 22 item 2)
        with _quiet_mkdocs():
            from .mkdocs_plugin import GazetaPlugin

            plugin = GazetaPlugin(job, generate)
            mkdocs_build(engine_config(config_file, plugin, docs_dir=str(content_dir), site_dir=str(tmp)))
        from . import incremental

        sitedir.mark(tmp)
        incremental.invalidate(site_dir)  # the old cache must never outlive the site it describes
        sitedir.swap(tmp, site_dir, background=previous >= sitedir.BACKGROUND_FROM)
    except BaseException as error:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if job.staging is not None:
            shutil.rmtree(job.staging, ignore_errors=True)
        translated = sitedir.fault(error, site_dir) if isinstance(error, OSError) else None
        if translated is not None:
            raise translated from error
        raise
    if job.staging is not None:
        incremental.commit(site_dir, job.staging)
    return job.report


@contextmanager
def _quiet_mkdocs() -> Iterator[None]:
    """MkDocs logs INFO lines on every build; keep the terminal for our own messages."""
    import logging

    logger = logging.getLogger("mkdocs")
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(level)
