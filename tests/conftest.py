"""Shared fixtures."""

from __future__ import annotations

import pytest

OWN_SITE = "https://concursos.lins.sp.gov.br/"


@pytest.fixture
def own_site_url(monkeypatch):
    """A real `site_url` instead of the example's placeholder, which `gazeta publicar` refuses (it would be frozen
    into every archived PDF): as staff configure it before their first publication."""
    from generator import build

    monkeypatch.setattr(build, "site_url", lambda config_file=None: OWN_SITE)
    return OWN_SITE
