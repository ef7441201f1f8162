"""Live-reload preview: a local server that rebuilds the whole pipeline when content/ or the theme changes."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from . import build as pipeline


def serve(content_dir: Path, *, address: str = "127.0.0.1:8000", pdf: bool = False, open_browser: bool = False,
          config_file: Path | None = None) -> None:
    """Serve the site built from content_dir at http://address/ until interrupted (the PDF is off by default).

    MkDocs' own `serve` reloads its configuration from the file at every rebuild, which would lose the plugin object
    that holds the job; this is the same loop (MkDocs' LiveReloadServer) with gazeta's configuration and plugin."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.livereload import LiveReloadServer

    from .mkdocs_plugin import GazetaPlugin
    from .store import archive

    content_dir = pipeline.content_folder(content_dir)
    config_file = pipeline.project_config(content_dir, config_file)
    # The first build is checked here, before the server takes the port: a problem ends the command with the messages.
    trust = archive.Trust()  # the session's: a rebuild does not hash again the archived files it already verified
    first = pipeline.prepare_all(content_dir, pdf=pdf, trust=trust)
    plugin = GazetaPlugin(first, pipeline.generate,
                          prepare=lambda docs: pipeline.prepare_all(docs, pdf=pdf, trust=trust), serving=True)
    host, port = address.rsplit(":", 1)
    url = f"http://{host}:{port}/"
    site_dir = tempfile.mkdtemp(prefix="gazeta-previa-")

    def builder(config=None) -> None:
        config = config or pipeline.engine_config(config_file, plugin, docs_dir=str(content_dir), site_dir=site_dir)
        config.site_url = url
        mkdocs_build(config, serve_url=url)

    server = LiveReloadServer(builder=builder, host=host, port=int(port), root=site_dir, mount_path="/")
    # A missing address gets the site's own 404 page, or, after a save with input problems, the problems page
    # (render/site/pages.py problems_page writes it as 404.html too): the page open in the browser shows the problems and
    # reloads itself when they are fixed, never MkDocs' plain «404 Not Found» (issue 21 item 5).
    server.error_handler = lambda code: error_page(Path(site_dir), code)
    try:
        builder()
        for path in (content_dir, pipeline.PROJECT / "templates" / "theme", config_file):
            if path is not None:
                server.watch(str(path))
        print(f"Pré-visualização em {url} (Ctrl+C para parar; o site é regerado a cada mudança).", flush=True)
        try:
            server.serve(open_in_browser=open_browser)
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)


def error_page(site_dir: Path, code: int) -> bytes | None:
    """The body the preview sends with an error status: the built 404.html for a missing address (None: MkDocs'
    own words, for any other error or before the first build)."""
    page = Path(site_dir) / "404.html"
    if code != 404 or not page.is_file():
        return None
    return page.read_bytes()
