"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

# A test that skips because a tool is missing (node, Chromium, pdftotext) proves nothing. CI sets GAZETA_CI=1
# (.ci/run), and there such a skip is a failure: a fresh machine that lost a package must not pass silently.
MISSING_TOOL = ("não instalado", "ausente")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("GAZETA_CI") and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if any(word in reason for word in MISSING_TOOL):
            report.outcome = "failed"
            report.longrepr = f"GAZETA_CI: ferramenta ausente na máquina de CI — {reason}"

OWN_SITE = "https://concursos.lins.sp.gov.br/"


@pytest.fixture(scope="session", autouse=True)
def _own_user_cache(tmp_path_factory):
    """The run's own user cache (generator/paths.user_cache: compiled templates, signature reports), shared by its
    tests and the processes they start, never the developer's ~/.cache: the suite stays hermetic."""
    if "GAZETA_CACHE" in os.environ:  # a test run that chose one (bench, CI)
        yield
        return
    os.environ["GAZETA_CACHE"] = str(tmp_path_factory.mktemp("cache-do-usuario"))
    try:
        yield
    finally:
        os.environ.pop("GAZETA_CACHE", None)


@pytest.fixture
def own_site_url(monkeypatch):
    """A real `site_url` instead of the example's placeholder, which `gazeta publicar` refuses (it would be frozen
    into every archived PDF): as staff configure it before their first publication."""
    from generator import build

    monkeypatch.setattr(build, "site_url", lambda config_file=None: OWN_SITE)
    return OWN_SITE
