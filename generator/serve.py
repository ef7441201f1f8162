"""Live-reload preview: MkDocs' server, rebuilding the whole pipeline when content/ or the theme changes."""

from __future__ import annotations

from pathlib import Path

from . import build as pipeline


def serve(content_dir: Path, *, address: str = "127.0.0.1:8000", pdf: bool = False, open_browser: bool = False) -> None:
    """Serve the site built from content_dir at http://address/ until interrupted (the PDF is off by default)."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    pipeline.SERVE["pdf"] = pdf
    print(f"Pré-visualização em http://{address}/ (Ctrl+C para parar; o site é regerado a cada mudança).",
          flush=True)
    mkdocs_serve(config_file=str(pipeline.CONFIG), livereload=True, watch_theme=True,
                 watch=[str(pipeline.PROJECT / "templates" / "theme")], open_in_browser=open_browser,
                 docs_dir=str(Path(content_dir).resolve()), dev_addr=address)
