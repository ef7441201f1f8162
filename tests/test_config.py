"""The site's settings come from the user's project (issue 19 item 4): the mkdocs.yml beside content/, or --config;
never the mkdocs.yml of the folder gazeta's code is installed in. The site_url warning names the file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAM = "lins-2024-gcm"


def _project(base: Path, url: str) -> Path:
    project = base / "prefeitura"
    content = project / "content"
    shutil.copytree(ROOT / "content", content)
    for other in (content / "certames").iterdir():
        if other.name != EXAM:
            shutil.rmtree(other)
    (project / "mkdocs.yml").write_text(f"site_name: Diário de Exemplópolis\nsite_url: {url}\n", encoding="utf-8")
    return project


def _gazeta(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOURCE_DATE_EPOCH": "1718000000"}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_mkdocs_yml_beside_content_sets_the_site(tmp_path):
    project = _project(tmp_path, "https://diario.exemplopolis.gov.br/")
    elsewhere = tmp_path / "outra"
    elsewhere.mkdir()
    done = _gazeta("build", str(project / "content"), "--site", str(tmp_path / "site"), "--sem-pdf", cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert "concursos.exemplo.gov.br" not in done.stderr  # the installed checkout's example address is not read
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Diário de Exemplópolis" in home
    sitemap = (tmp_path / "site" / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://diario.exemplopolis.gov.br/certames/" in sitemap and "exemplo.gov.br" not in sitemap


def test_config_names_another_file_and_the_warning_names_it(tmp_path):
    project = _project(tmp_path, "https://diario.exemplopolis.gov.br/")
    other = tmp_path / "config-exemplo.yml"
    other.write_text("site_name: Exemplo\nsite_url: https://concursos.exemplo.gov.br/\n", encoding="utf-8")
    done = _gazeta("build", "content", "--site", str(tmp_path / "site"), "--sem-pdf", "--config", str(other),
                   cwd=project)
    assert done.returncode == 0, done.stderr
    assert f"o endereço do site em {other}" in done.stderr
    assert "https://concursos.exemplo.gov.br/certames/" in (tmp_path / "site" / "sitemap.xml").read_text("utf-8")


def test_without_any_mkdocs_yml_the_site_has_no_address_and_says_so(tmp_path):
    project = _project(tmp_path, "x")
    (project / "mkdocs.yml").unlink()
    done = _gazeta("build", "content", "--site", str(tmp_path / "site"), "--sem-pdf", cwd=project)
    assert done.returncode == 0, done.stderr
    assert "não encontrei mkdocs.yml" in done.stderr
    assert "exemplo.gov.br" not in (tmp_path / "site" / "sitemap.xml").read_text("utf-8")


def test_a_missing_config_file_is_one_clear_error(tmp_path):
    project = _project(tmp_path, "https://diario.exemplopolis.gov.br/")
    done = _gazeta("build", "content", "--config", "nao-existe.yml", cwd=project)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "nao-existe.yml" in done.stderr and "--config" in done.stderr
