"""Live-reload preview: a local server that rebuilds the whole pipeline when content/ or the theme changes."""

from __future__ import annotations

import posixpath
import shutil
import tempfile
import threading
from pathlib import Path

from . import build as pipeline
from .processes import Background


def serve(content_dir: Path, *, address: str = "127.0.0.1:8000", pdf: bool = False, open_browser: bool = False,
          config_file: Path | None = None) -> None:
    """Serve the site built from content_dir at http://address/ until interrupted (the PDF is off by default).

    MkDocs' own `serve` reloads its configuration from the file at every rebuild, which would lose the plugin object
    that holds the job; this is the same loop (MkDocs' LiveReloadServer) with gazeta's configuration and plugin.

    The first page comes first (issue 21 item 5): the server listens as soon as the input is checked, and the first
    build runs beside it, writing the home page and its assets before any exam; until that build is over, a request
    for any other file waits for it (never a 404, never a page that is not yet the finished one)."""
    from mkdocs.commands.build import build as mkdocs_build

    from .mkdocs_plugin import GazetaPlugin
    from .store import archive

    content_dir = pipeline.content_folder(content_dir)
    config_file = pipeline.project_config(content_dir, config_file)
    # The first build is checked here, before the server takes the port: a problem ends the command with the messages.
    trust = archive.Trust()  # the session's: a rebuild does not hash again the archived files it already verified
    first = pipeline.prepare_all(content_dir, pdf=pdf, trust=trust)
    gate = FirstBuild()
    plugin = GazetaPlugin(first, pipeline.generate,
                          prepare=lambda docs: pipeline.prepare_all(docs, pdf=pdf, trust=trust), serving=True,
                          first_page_ready=gate.publish)
    host, port = address.rsplit(":", 1)
    url = f"http://{host}:{port}/"
    site_dir = tempfile.mkdtemp(prefix="gazeta-previa-")
    one_at_a_time = threading.Lock()  # the first build and a rebuild for a save made during it

    def builder(config=None) -> None:
        with one_at_a_time:
            config = config or pipeline.engine_config(config_file, plugin, docs_dir=str(content_dir),
                                                      site_dir=site_dir)
            config.site_url = url
            mkdocs_build(config, serve_url=url)

    def first_build_over() -> None:
        plugin.first_page_ready = None  # rebuilds: MkDocs' server holds each request until the site is rebuilt
        gate.finish()
        if first_build.error is not None:  # the command ends with the error, as when it ran before serving
            server.shutdown()

    def listening() -> None:
        print(f"Pré-visualização em {url} (Ctrl+C para parar; o site é regerado a cada mudança).", flush=True)
        first_build.start()

    first_build = Background(builder, then=first_build_over)
    server = preview_server(builder=builder, host=host, port=int(port), root=site_dir, gate=gate,
                            on_listening=listening)
    # A missing address gets the site's own 404 page, or, after a save with input problems, the problems page
    # (render/site/pages.py problems_page writes it as 404.html too): the page open in the browser shows the problems and
    # reloads itself when they are fixed, never MkDocs' plain «404 Not Found» (issue 21 item 5).
    server.error_handler = lambda code: error_page(Path(site_dir), code)
    try:
        for path in (content_dir, pipeline.PROJECT / "templates" / "theme", config_file):
            if path is not None:
                server.watch(str(path))
        try:
            server.serve(open_in_browser=open_browser)
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
        first_build.join()  # its error, if it failed; after Ctrl+C, its end before the folder is removed
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)


class FirstBuild:
    """Which files of the preview's first build are finished: those told by `publish` (the home page and its assets,
    pipeline.generate), then, after `finish`, every one. One per serve session."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.ready: set[str] = set()
        self.over = False

    def publish(self, paths: list[str]) -> None:
        with self.changed:
            self.ready.update(paths)
            self.changed.notify_all()

    def finish(self) -> None:
        with self.changed:
            self.over = True
            self.changed.notify_all()

    def wait(self, request_path: str, timeout: float | None = None) -> bool:
        """Whether the file an HTTP path names is finished, or the first build is over (it may not exist), waiting
        up to `timeout` seconds for it (None: as long as it takes)."""
        if request_path.startswith("/livereload/"):  # MkDocs' reload poll, not a file
            return True
        rel = posixpath.normpath("/" + request_path.lstrip("/") + ("index.html" if request_path.endswith("/")
                                                                     else "")).lstrip("/")
        with self.changed:
            return self.changed.wait_for(lambda: self.over or rel in self.ready, timeout)


# How long a request for a page of the first build waits before it gets the «gerando» page instead: a national exam's
# first build takes minutes, longer than a browser waits for an answer (and than a person looks at a blank tab).
HOLD_SECONDS = 15.0
GENERATING = """<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Gerando a pré-visualização…</title>
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<main id="conteudo">
<h1>Gerando a pré-visualização…</h1>
<p role="status">Esta página ainda está sendo gerada. Ela se recarrega sozinha a cada 3 segundos e aparece assim que
estiver pronta.</p>
<p><a href="/">Ir para a página inicial</a>, que já está pronta.</p>
</main>
</body>
</html>
"""


def preview_server(*, builder, host: str, port: int, root: str, gate: FirstBuild, on_listening):
    """MkDocs' LiveReloadServer, which calls `on_listening` once its socket listens (its first build starts then)
    and holds each request until `gate` has the file finished: at most HOLD_SECONDS, then it answers the «gerando»
    page, which reloads itself."""
    from mkdocs.livereload import LiveReloadServer

    class PreviewServer(LiveReloadServer):
        def server_activate(self) -> None:
            super().server_activate()
            on_listening()

        def serve_request(self, environ, start_response):
            # the path as MkDocs decodes it (mkdocs/livereload: the WSGI path is latin-1)
            if not gate.wait(environ["PATH_INFO"].encode("latin-1").decode("utf-8", "ignore"), HOLD_SECONDS):
                # not finished yet: a page that says so and reloads itself (503 + Retry-After: not cached as the
                # page), never a 404 nor a page that is not the finished one
                start_response("503 Service Unavailable", [("Content-Type", "text/html; charset=utf-8"),
                                                           ("Retry-After", "3"), ("Cache-Control", "no-store")])
                return [GENERATING.encode("utf-8")]
            return super().serve_request(environ, start_response)

    return PreviewServer(builder=builder, host=host, port=port, root=root, mount_path="/")


def error_page(site_dir: Path, code: int) -> bytes | None:
    """The body the preview sends with an error status: the built 404.html for a missing address (None: MkDocs'
    own words, for any other error or before the first build)."""
    page = Path(site_dir) / "404.html"
    if code != 404 or not page.is_file():
        return None
    return page.read_bytes()
