"""`gazeta build`: the site folder (lock, recovery, swap), the project's settings and MkDocs, around the orchestrator
(generator/pipeline.py: check → allocate → view → render, or copy what is archived)."""

from __future__ import annotations

import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from . import sitedir
from .errors import FaultError, InputError, Problem
# The orchestrator's steps and the job they make, re-exported: callers and tests name them from here too
from .pipeline import (DEFAULT_NAME, PARALLEL_FROM, Job, Prepared, acts_by_person, archived,  # noqa: F401
                       generate, prepare_all, preview, public_views, site_witness, witness, _frozen)

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
EXAMPLE_HOST = "concursos.exemplo.gov.br"  # the example's placeholder `site_url` in mkdocs.yml


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
        # InputError here: nothing written at all; a national exam's record gate may still run beside the build,
        # which reads it before putting anything in place (_build_locked)
        job = prepare_all(content_dir, pdf=pdf, transient=False, previous=previous, cache=cache,
                          site_url=site_url(config_file), trust=trust, deferred=True)
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
        problems = job.settle()  # the record gates left running (prepare_all `deferred`): before anything is swapped
        if problems:
            raise InputError(problems)
        from . import incremental

        sitedir.mark(tmp)
        incremental.invalidate(site_dir)  # the old cache must never outlive the site it describes
        sitedir.swap(tmp, site_dir, background=previous >= sitedir.BACKGROUND_FROM)
    except BaseException as error:
        job.close()
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
