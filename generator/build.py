"""The whole pipeline: check every exam → allocate → open data → PDF → site, built aside and swapped in."""

from __future__ import annotations

import calendar
import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .errors import InputError, Problem

PROJECT = Path(__file__).resolve().parents[1]
CONFIG = PROJECT / "mkdocs.yml"
EXAMPLE_HOST = "concursos.exemplo.gov.br"  # the example's placeholder `site_url` in mkdocs.yml


@dataclass
class Prepared:
    """One checked and allocated exam, ready for the renderers."""

    exam: dict  # the exam's public view, without its cargos
    positions: Callable[[], Iterable[dict]]  # a fresh stream of PositionViews at each call
    cargos: list[dict] = field(default_factory=list)  # summaries (codigo, nome, totais), for parallel rendering
    position: Callable[[int], dict] | None = None  # the k-th cargo's full view, built on demand (in a worker)

    def size(self) -> int:
        """Approved candidates over all cargos (0 when unknown)."""
        return sum(c.get("totais", {}).get("aprovados", 0) for c in self.cargos)


@dataclass
class Job:
    """Everything one build renders; `transient` jobs are prepared by MkDocs itself (gazeta serve)."""

    exams: list[Prepared]
    pdf: bool = True
    transient: bool = False
    report: dict = field(default_factory=dict)


_JOB: list[Job | None] = [None]
SERVE = {"pdf": False}  # options of `gazeta serve`, read by the MkDocs hooks when they prepare a job themselves


def current_job() -> Job | None:
    """The job the MkDocs hooks should render, if `build` set one."""
    return _JOB[0]


def use_job(job: Job | None) -> None:
    """Hand a job to the MkDocs hooks (None clears it)."""
    _JOB[0] = job


def prepare_all(content_dir: Path, *, pdf: bool = True, transient: bool = True) -> Job:
    """Check and allocate every exam under content_dir; InputError lists the problems of all of them at once."""
    from . import progress
    from .pipeline import exam_dirs, located, name_problems, prepare

    folders = exam_dirs(Path(content_dir))
    problems: list[Problem] = name_problems(folders)
    prepared = []
    for folder in progress.ticking("Conferindo e alocando os certames", len(folders), folders):
        try:
            prepared.append(public_views(prepare(folder)))
        except InputError as error:
            problems.extend(located(folder, error.problems) if len(folders) > 1 else error.problems)
    if problems:
        raise InputError(problems)
    return Job(prepared, pdf=pdf, transient=transient)


def public_views(result) -> Prepared:
    """The allow-listed public view of an allocated exam (generator.public, written by the legal core)."""
    from . import public

    exam = public.exam_view(result, with_positions=False)
    return Prepared({**exam, "cargos": []}, lambda: public.iter_position_views(result), exam["cargos"],
                    lambda k: public.position_view(result, result.positions[k]))


def source_date_epoch(job: Job) -> int:
    """SOURCE_DATE_EPOCH if set, else the newest publication date: a build never depends on the clock."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    dates = [date.fromisoformat(p.exam["publicacao"]["data"]) for p in job.exams] or [date(1970, 1, 1)]
    return calendar.timegm(max(dates).timetuple())


def generate(job: Job, site_dir: Path, *, site_url: str = "", extra_urls: Iterable[str] = (),
             markdown_pages: Iterable[tuple[str, str]] = ()) -> dict:
    """Open data, PDF (when available) and site pages of every exam into site_dir."""
    from .render.site import Site
    from .memory import frozen_heap

    extra_urls = list(extra_urls)
    site = Site(site_dir, site_url=site_url, pages=extra_urls)
    try:
        with frozen_heap():
            return _generate(job, site, site_dir, site_url, extra_urls, markdown_pages)
    finally:
        site.search.close()


def _generate(job: Job, site, site_dir: Path, site_url: str, extra_urls, markdown_pages) -> dict:
    from . import progress
    from .render.data import OpenData, write_open_data

    pdfs = []
    with progress.session(), tempfile.TemporaryDirectory(prefix="gazeta-busca-") as spill:
        for prepared in job.exams:
            exam = prepared.exam
            exam_dir = site_dir / "certames" / exam["slug"]
            workers = _workers(prepared)
            site.workers = max(site.workers, workers)
            data = pdf = None
            pages_bar = f"Site {exam['slug']}: cargos"
            if job.pdf and _pdf_renderer() is not None:
                # The PDF embeds the data and the site cites the PDF's pages: data, PDF, then the pages.
                data = write_open_data(exam, progress.ticking(f"Dados abertos {exam['slug']}: cargos",
                                                              len(prepared.cargos), prepared.positions()),
                                       exam_dir / "dados")
                pdf = _pdf(prepared, exam_dir, data, site_url)
                pdfs.append({"path": f"certames/{exam['slug']}/{pdf['name']}", "pages": pdf["pages"],
                             "bytes": (exam_dir / pdf["name"]).stat().st_size})
            if workers > 1:
                from .render import parallel

                parallel.render_exam(site, exam, prepared, workers, Path(spill), pdf=pdf, data=data,
                                     on_cargo=progress.task(pages_bar, len(prepared.cargos)))
            else:
                positions = progress.ticking(pages_bar, len(prepared.cargos), prepared.positions())
                if data is not None:
                    site.render_exam(exam, positions, pdf=pdf, data=data)
                else:  # one pass: each cargo's view is built once, for its data files and its pages
                    site.render_exam(exam, positions, open_data=OpenData(exam, exam_dir / "dados"))
        finishing = progress.task("Site: início, busca, sitemap e feed", 1)
        stats = site.finish(extra_urls)
        finishing()
    site.legislation_index(markdown_pages)
    job.report = {**stats, "exams": len(job.exams), "pages": len(site.urls), "pdfs": pdfs}
    return job.report


PARALLEL_FROM = 20_000  # approved candidates from which cargos are rendered in several processes


def _workers(prepared: Prepared) -> int:
    """Processes for an exam's cargos: one for small exams (forking costs more than it saves)."""
    wanted = int(os.environ.get("GAZETA_PROCESSOS", "0")) or min(os.cpu_count() or 1, 4)
    if prepared.position is None or len(prepared.cargos) < 2:
        return 1
    if os.environ.get("GAZETA_PROCESSOS") or prepared.size() >= PARALLEL_FROM:
        return wanted
    return 1


def _pdf_renderer():
    """generator.render.pdf.build_pdf, or None when the PDF renderer is not installed."""
    try:
        from .render.pdf import build_pdf
    except ImportError:
        return None
    return build_pdf


def _pdf(prepared: Prepared, exam_dir: Path, data: dict, site_url: str) -> dict:
    """Render the gazette PDF; return its link and the printed page range of each section."""
    exam = prepared.exam
    name = f"{exam['slug']}.pdf"
    attachments = [Path(f[k]) for f in data["files"].values() for k in ("csv", "json")] + [data["datapackage"]]
    url = exam["publicacao"].get("url") or (f"{site_url.rstrip('/')}/certames/{exam['slug']}/" if site_url else "")
    info = _pdf_renderer()(exam, prepared.positions(), exam_dir / name, attachments=attachments,
                           data_sha256=data["datapackage_sha256"], permanent_url=url)
    return {"href": name, "name": name, "pages": info.get("pages"), "ranges": info.get("ranges", {})}


def site_url(config_file: Path | None = None) -> str:
    """The `site_url` of mkdocs.yml ('' when unset)."""
    import yaml

    return (yaml.safe_load(Path(config_file or CONFIG).read_text(encoding="utf-8")) or {}).get("site_url") or ""


def site_url_warning(config_file: Path | None = None) -> str:
    """A warning while `site_url` is still the example's: it goes into the PDF footer, feed, sitemap and citations."""
    from urllib.parse import urlsplit

    url = site_url(config_file)
    if urlsplit(url).hostname == EXAMPLE_HOST:
        return (f"o endereço do site em mkdocs.yml (site_url: {url}) ainda é o do exemplo. Ele vai para o rodapé "
                "do PDF, o feed, o sitemap e o «Como citar»: troque-o pelo endereço onde o site será publicado.")
    return ""


def build(content_dir: Path, site_dir: Path, *, pdf: bool = True, config_file: Path | None = None) -> dict:
    """Build the site from content_dir into site_dir; on any failure the previous site_dir is left untouched."""
    from . import progress

    content_dir = Path(content_dir).resolve()
    with progress.session():
        job = prepare_all(content_dir, pdf=pdf, transient=False)  # InputError here: nothing written at all
        return build_job(job, content_dir, site_dir, config_file=config_file)


def build_job(job: Job, content_dir: Path, site_dir: Path, *, config_file: Path | None = None) -> dict:
    """Run MkDocs with `job` into a fresh folder beside site_dir, then swap it in."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    content_dir, site_dir = Path(content_dir).resolve(), Path(site_dir).resolve()
    epoch = source_date_epoch(job)
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}-novo-", dir=site_dir.parent))
    try:
        with _environ("SOURCE_DATE_EPOCH", str(epoch)), _quiet_mkdocs():
            config = load_config(str(config_file or CONFIG), docs_dir=str(content_dir), site_dir=str(tmp))
            use_job(job)
            try:
                mkdocs_build(config)
            finally:
                use_job(None)
        swap(tmp, site_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return job.report


def swap(new: Path, target: Path) -> None:
    """Put `new` in place of `target` with two renames on the same file system; the old tree is removed after."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}-antigo-{os.getpid()}")
        os.rename(target, old)
    os.rename(new, target)
    os.chmod(target, 0o755)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


@contextmanager
def _environ(name: str, value: str) -> Iterator[None]:
    before = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before


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
