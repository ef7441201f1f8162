"""Live-reload preview: MkDocs' server, rebuilding the whole pipeline when content/ or the theme changes."""

from __future__ import annotations

from pathlib import Path

from . import build as pipeline


def serve(content_dir: Path, *, address: str = "127.0.0.1:8000", pdf: bool = False, open_browser: bool = False,
          config_file: Path | None = None) -> None:
    """Serve the site built from content_dir at http://address/ until interrupted (the PDF is off by default)."""
    import tempfile

    from mkdocs.commands.serve import serve as mkdocs_serve

    from .render.site import preview_policy

    content_dir = pipeline.content_folder(content_dir)
    config_file = pipeline.project_config(content_dir, config_file)
    # The first build is checked here, before MkDocs takes the port: a problem ends the command with the messages.
    first = pipeline.prepare_all(content_dir, pdf=pdf)
    pipeline.SERVE.update(pdf=pdf, running=True)  # from now on a bad save is shown, and serving goes on
    preview_policy(True)  # MkDocs' live reload runs an inline script
    print(f"Pré-visualização em http://{address}/ (Ctrl+C para parar; o site é regerado a cada mudança).",
          flush=True)
    pipeline.use_job(first)
    defaults = None
    if config_file is None:  # MkDocs reads its file again at every rebuild: the defaults go in a file of their own
        defaults = tempfile.NamedTemporaryFile("w", suffix=".yml", prefix="gazeta-", encoding="utf-8")
        defaults.write(f"site_name: {pipeline.DEFAULT_NAME}\n")
        defaults.flush()
    try:
        mkdocs_serve(config_file=str(config_file or defaults.name), livereload=True, watch_theme=True,
                     watch=[str(pipeline.PROJECT / "templates" / "theme")], open_in_browser=open_browser,
                     docs_dir=str(content_dir), dev_addr=address, **pipeline.ENGINE)
    finally:
        if defaults is not None:
            defaults.close()
        pipeline.SERVE["running"] = False
        pipeline.use_job(None)
        preview_policy(False)
