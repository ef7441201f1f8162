"""`gazeta serve`'s page policy is its build's, not the process's (issue 19 item 7: no job state in module globals).

MkDocs' live reload injects an inline script, so serve's pages allow one (render/site.CSP_PREVIEW); a published
build never does. The choice used to be a module global that serve switched on and off around its server."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.build import generate, prepare_all
from generator.render.site.pages import CSP, CSP_PREVIEW

ROOT = Path(__file__).resolve().parents[1]


def _policies(site: Path) -> set[str]:
    found = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "Content-Security-Policy" in text:
            found.add(text.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0])
    return found


def test_the_preview_policy_is_the_builds_own_and_reaches_the_forked_workers(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    monkeypatch.setenv("GAZETA_PROCESSOS", "2")  # cargos rendered by forked workers, which build their own Site
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "jurisdicoes", content / "jurisdicoes")
    shutil.copytree(ROOT / "content" / "certames" / "lins-2024-gcm", content / "certames" / "lins-2024-gcm")
    job = prepare_all(content, pdf=False)
    generate(job, tmp_path / "previa", preview=True)
    generate(job, tmp_path / "site")
    entity = CSP_PREVIEW.replace("'", "&#39;"), CSP.replace("'", "&#39;")
    assert _policies(tmp_path / "previa") <= {CSP_PREVIEW, entity[0]} and _policies(tmp_path / "previa")
    assert (tmp_path / "previa" / "certames" / "lins-2024-gcm" / "gcm" / "geral" / "index.html").is_file()
    assert _policies(tmp_path / "site") <= {CSP, entity[1]} and _policies(tmp_path / "site")
