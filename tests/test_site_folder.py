"""The output folder can never destroy input (issue 22 item 1): a `--site` that is, contains or lies inside the
content folder, the project or the working folder, or that holds anything gazeta did not make, is refused with one
Portuguese sentence, and nothing on disk changes."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAM = "ms-2024-pss"


def _tree(path: Path) -> dict[str, str]:
    return {str(p.relative_to(path)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(path.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path):
    """A user's project: work/content with one example exam, work/notas.txt beside it."""
    work = tmp_path / "work"
    content = work / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name != EXAM:
            shutil.rmtree(other)
    (work / "notas.txt").write_text("rascunho da equipe\n", encoding="utf-8")
    return work


def _build(work: Path, site: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOURCE_DATE_EPOCH": "1718000000"}
    return subprocess.run([sys.executable, "-m", "generator.cli", "build", "content", "--site", site, "--sem-pdf"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("site", ["content", ".", "..", "content/site", "content/certames"])
def test_a_site_folder_that_is_holds_or_lies_in_the_input_is_refused_and_nothing_changes(project, site):
    before = _tree(project.parent)
    done = _build(project, site)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "--site" in done.stderr and "Nada foi alterado" in done.stderr, done.stderr
    assert _tree(project.parent) == before
    assert sorted(p.name for p in project.parent.iterdir()) == ["work"]


def test_a_folder_gazeta_did_not_make_is_never_replaced(project):
    (project / "publico").mkdir()
    (project / "publico" / "index.html").write_text("<p>site da prefeitura</p>\n", encoding="utf-8")
    before = _tree(project)
    done = _build(project, "publico")
    assert done.returncode != 0 and "não foi gerada pelo gazeta" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert _tree(project) == before


def test_a_file_is_never_replaced_by_a_site(project):
    (project / "site").write_text("não sou uma pasta\n", encoding="utf-8")
    done = _build(project, "site")
    assert done.returncode != 0 and "não é uma pasta" in done.stderr, done.stderr
    assert (project / "site").read_text(encoding="utf-8") == "não sou uma pasta\n"


def test_a_site_gazeta_made_is_marked_and_rebuilt_in_place(project):
    assert _build(project, "site").returncode == 0
    assert (project / "site" / ".gazeta-site").is_file()
    (project / "site" / "index.html").write_text("alterado\n", encoding="utf-8")
    assert _build(project, "site").returncode == 0
    assert (project / "site" / "index.html").read_text(encoding="utf-8") != "alterado\n"
