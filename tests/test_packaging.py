"""pyproject.toml stays in the form today's setuptools reads without warnings (issue 21 item 1)."""
import re
import tomllib
from pathlib import Path

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
        assert "-q" in flags.split() and "--disable-pip-version-check" in flags, line
