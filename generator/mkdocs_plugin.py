"""The MkDocs plugin of a build: MkDocs writes the Markdown pages, then gazeta's generated pages from the job.

One object per build (or per `gazeta serve` session), holding its job: nothing lives in module globals. `build`
prepares the job before MkDocs starts; `serve` lets the plugin prepare a fresh one at each rebuild and shows input
problems in the browser instead of stopping.
"""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files

from .errors import InputError, Problem
from .render.site.pages import Site, content_security_policy


class GazetaPlugin(BasePlugin):
    """MkDocs events of one build: the job to render, the Markdown pages MkDocs made, and how to prepare again."""

    def __init__(self, job, render, *, prepare=None, serving: bool = False, first_page_ready=None) -> None:
        super().__init__()
        self.job = job  # the prepared exams to render; None: `prepare` makes one at the next build
        self.render = render  # build.generate: (job, site_dir, site_url=…, …) → report
        self.prepare = prepare  # docs_dir → Job (gazeta serve)
        self.serving = serving  # a rebuild under `gazeta serve`: input problems are shown, serving goes on
        # gazeta serve's first build: told the home page's files as soon as they are written (pipeline.generate);
        # serve clears it once that build is over. Not named on_…: MkDocs takes those for its events
        self.first_page_ready = first_page_ready
        self.csp = content_security_policy(serving)  # serve's live reload runs an inline script
        self.problems: list[str] = []  # what the last preparation found (gazeta serve shows them in the browser)
        self.markdown_urls: list[str] = []
        self.markdown_pages: dict[str, str] = {}  # url → title, for the legislation index

    def on_pre_build(self, config) -> None:
        """Prepare every exam unless the job is already there (serve: each rebuild re-reads content/)."""
        if self.job is not None or self.prepare is None:
            return
        try:
            self.job = self.prepare(Path(config.docs_dir))
        except InputError as error:
            if not self.serving:
                raise
            # A rebuild: MkDocs would print a traceback and keep the old pages. Say what is wrong, in the terminal
            # and in the browser (live reload shows the page), and keep serving.
            problems = [str(p) for p in error.problems]
            print("\n".join(problems + [f"\n{len(problems)} problema(s) encontrado(s). A pré-visualização mostra a "
                                         "lista; corrija e salve de novo."]), file=sys.stderr)
            self.problems = problems

    def on_files(self, files: Files, config) -> Files:
        """Keep only Markdown pages (the theme assets are copied by the site renderer): no exam input reaches the
        site."""
        kept = [f for f in files if f.is_documentation_page()
                and not f.src_uri.startswith(("certames/", "jurisdicoes/"))
                and _editorial(Path(f.abs_src_path), Path(config.docs_dir))]
        self.markdown_urls = sorted(f.url for f in kept)
        self.markdown_pages = {}
        return Files(kept)

    def on_page_context(self, context, page, config, nav):
        """Give Markdown pages the same context names the generated pages use."""
        self.markdown_pages[page.url] = page.title or page.url
        depth = page.url.count("/")
        urls = self.markdown_urls
        context.update(root="../" * depth, title=page.title or "", site_name=config.site_name, crumbs=None,
                       cite=None, jsonld=None, exam=None, description=_description(page),
                       has_page=lambda rel: rel in urls, csp=lambda: self.csp)
        return context

    def on_post_build(self, config) -> None:
        """Open data, PDF and generated pages, written into the build directory."""
        job, problems = self.job, self.problems
        try:
            if problems:
                site = Site(Path(config.site_dir), site_name=config.site_name, site_url=config.site_url or "",
                            csp=self.csp)
                try:
                    site.problems_page(problems)
                finally:
                    site.search.close()
                return
            self.render(job, Path(config.site_dir), site_url=config.site_url or "", extra_urls=self.markdown_urls,
                        markdown_pages=sorted(self.markdown_pages.items()), site_name=config.site_name,
                        preview=self.serving,
                        **({"first_page_ready": self.first_page_ready} if self.first_page_ready is not None else {}))
        finally:
            self.problems = []
            if job is not None and job.transient:
                self.job = None  # the next rebuild prepares again


def _editorial(path: Path, docs: Path) -> bool:
    """A Markdown page that is not exam input (never one beside a certame.toml); InputError for a page that links
    into certames/ or jurisdicoes/, whose files hold restricted data."""
    real, docs = path.resolve(), docs.resolve()
    if any(real.is_relative_to(docs / folder) for folder in ("certames", "jurisdicoes")):
        raise InputError([Problem(str(path.relative_to(docs)), "é um link simbólico para um arquivo de certames/ ou "
                                  "jurisdicoes/, que guardam dados restritos: ele não é publicado. Apague o link ou "
                                  "copie o texto para um arquivo comum.")])
    return not (path.parent / "certame.toml").exists() and not (real.parent / "certame.toml").exists()


def _description(page) -> str:
    """The page's first paragraph as its meta description (at most 160 characters, cut at a word)."""
    match = re.search(r"<p>(.*?)</p>", page.content or "", re.S)
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", match.group(1))).split()) if match else ""
    return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "…"
