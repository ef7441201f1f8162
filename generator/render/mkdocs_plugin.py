"""MkDocs hooks: check and allocate before MkDocs writes, then add the generated pages from data after it."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.structure.files import Files

from generator import build as pipeline
from generator.errors import InputError, Problem
from generator.render.site import Site, content_security_policy

log = logging.getLogger("mkdocs.plugins.gazeta")
_markdown_urls: list[str] = []
_markdown_pages: dict[str, str] = {}  # url → title, for the legislation index


def on_pre_build(config) -> None:
    """Prepare every exam unless `gazeta build` already did (serve: each rebuild re-reads content/)."""
    if pipeline.current_job() is None:
        try:
            job = pipeline.prepare_all(Path(config.docs_dir), pdf=pipeline.SERVE["pdf"])
        except InputError as error:
            if not pipeline.SERVE["running"]:
                raise  # gazeta build, or serve's first build: the command reports the problems and stops
            # A rebuild: MkDocs would print a traceback and keep the old pages. Say what is wrong, in the terminal
            # and in the browser (live reload shows the page), and keep serving.
            problems = [str(p) for p in error.problems]
            print("\n".join(problems + [f"\n{len(problems)} problema(s) encontrado(s). A pré-visualização mostra a "
                                         "lista; corrija e salve de novo."]), file=sys.stderr)
            job = pipeline.Job([], pdf=False, transient=True, problems=problems)
        pipeline.use_job(job)


def on_files(files: Files, config) -> Files:
    """Keep only Markdown pages (the theme assets are copied by the site renderer): no exam input reaches the site."""
    kept = [f for f in files if f.is_documentation_page() and not f.src_uri.startswith(("certames/", "jurisdicoes/"))
            and _editorial(Path(f.abs_src_path), Path(config.docs_dir))]
    _markdown_urls[:] = sorted(f.url for f in kept)
    _markdown_pages.clear()
    return Files(kept)


def _editorial(path: Path, docs: Path) -> bool:
    """A Markdown page that is not exam input (never one beside a certame.toml); InputError for a page that links
    into certames/ or jurisdicoes/, whose files hold restricted data."""
    real, docs = path.resolve(), docs.resolve()
    if any(real.is_relative_to(docs / folder) for folder in ("certames", "jurisdicoes")):
        raise InputError([Problem(str(path.relative_to(docs)), "é um link simbólico para um arquivo de certames/ ou "
                                  "jurisdicoes/, que guardam dados restritos: ele não é publicado. Apague o link ou "
                                  "copie o texto para um arquivo comum.")])
    return not (path.parent / "certame.toml").exists() and not (real.parent / "certame.toml").exists()


def on_page_context(context, page, config, nav):
    """Give Markdown pages the same context names the generated pages use."""
    _markdown_pages[page.url] = page.title or page.url
    depth = page.url.count("/")
    context.update(root="../" * depth, title=page.title or "", site_name=config.site_name, crumbs=None,
                   cite=None, jsonld=None, exam=None, description=_description(page),
                   has_page=lambda rel: rel in _markdown_urls, csp=content_security_policy)
    return context


def _description(page) -> str:
    """The page's first paragraph as its meta description (at most 160 characters, cut at a word)."""
    import re
    from html import unescape

    match = re.search(r"<p>(.*?)</p>", page.content or "", re.S)
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", match.group(1))).split()) if match else ""
    return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "…"


def on_post_build(config) -> None:
    """Open data, PDF and generated pages, written into the build directory."""
    job = pipeline.current_job()
    try:
        if job is not None and job.problems:
            site = Site(Path(config.site_dir), site_name=config.site_name)
            try:
                site.page("", "problems.html", title="Problemas na entrada", problems=job.problems)
            finally:
                site.search.close()
            return
        pipeline.generate(job, Path(config.site_dir), site_url=config.site_url or "", extra_urls=_markdown_urls,
                          markdown_pages=sorted(_markdown_pages.items()), site_name=config.site_name)
    finally:
        if job is not None and job.transient:
            pipeline.use_job(None)
