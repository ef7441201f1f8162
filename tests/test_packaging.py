"""pyproject.toml stays in the form today's setuptools reads without warnings, and `make build` prints only what staff
need to read (issue 21 item 5)."""
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_an_spdx_string():
    # PEP 639: a table (`{ text = ... }`) is deprecated and makes setuptools >= 77 print a warning on every install.
    license = _pyproject()["project"]["license"]
    assert isinstance(license, str) and re.fullmatch(r"[A-Za-z0-9.\-+ ]+", license)


def test_build_backend_pinned_to_a_pep639_setuptools():
    requires = _pyproject()["build-system"]["requires"]
    pins = [r for r in requires if r.startswith("setuptools")]
    assert len(pins) == 1
    m = re.fullmatch(r"setuptools==(\d+)\.\d+\.\d+", pins[0])
    assert m and int(m.group(1)) >= 77, pins


def test_makefile_pip_is_quiet():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    calls = [line for line in text.splitlines() if "pip install" in line or "$(PIP) install" in line]
    assert calls
    pip = re.search(r"^PIP :=(.*)$", text, re.M)
    for line in calls:
        flags = line + (pip.group(1) if pip and "$(PIP)" in line else "")
        # -qq: pip's warnings too (a machine's pip configuration can add one per package), errors still print
        assert "-qq" in flags.split() and "--disable-pip-version-check" in flags, line


# What `make build` may print: make's echo of the command, the site_url warning (the example's address: staff must
# change it) and the summary. Anything more is noise staff would have to learn to skip.
BUILD_LINES = 3
NOISE = re.compile(r"warning|deprecat|setuptools|\bpip\b|traceback|\bINFO\b|\bDEBUG\b|^\s*(?:File|raise)\b",
                   re.IGNORECASE)


def test_make_build_prints_only_what_staff_read(tmp_path):
    """Issue 21 item 5: «`make build` is quiet apart from what staff need to read». The Makefile's own `build`
    target, run by make in a copy of the project's inputs (Makefile, pyproject.toml, mkdocs.yml, content/) with
    the test's venv as VENV: the install step is taken as done (`make -o STAMP`: it needs the package index, so a
    test cannot run it offline; its flags are checked above), the build runs as staff run it. Its output is
    make's echo of the command, the site_url warning and the summary, nothing else."""
    import os
    import shutil
    import subprocess
    import sys

    make = shutil.which("make")
    if make is None:
        pytest.skip("make não instalado")
    venv = Path(sys.prefix)  # the venv running the tests: `make .venv/.installed` made it
    if not (venv / "bin" / "gazeta").is_file():
        pytest.skip(f"gazeta ausente em {venv}/bin: os testes não rodam no venv do projeto")
    project = tmp_path / "projeto"
    project.mkdir()
    for name in ("Makefile", "pyproject.toml", "mkdocs.yml"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(ROOT / "content", project / "content")
    # staff run make at the top level: under `make test` (the README's command, CI) the inherited MAKELEVEL and
    # MAKEFLAGS would make this inner make print «Entering directory» lines staff never see
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHONWARNINGS", "PYTEST")) and k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    run = subprocess.run([make, "-o", str(venv / ".installed"), f"VENV={venv}", "build"], cwd=project, env=env,
                         capture_output=True, text=True, timeout=300)
    out = (run.stdout + run.stderr).splitlines()
    assert run.returncode == 0, "\n".join(out)
    said = [line for line in out if line.strip()]
    assert [line for line in said if NOISE.search(line)] == [], said
    assert len(said) <= BUILD_LINES, said
    assert any(line.startswith("Site gerado em ") for line in said), said  # stdout; the warning is on stderr
    assert (project / "site" / "index.html").is_file()
