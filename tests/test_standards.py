"""The built example site checked by independent validators (issue 11, item 3): Frictionless on every exam's data
package, a BibTeX parser on every citation collected in one file, the LexML URN grammar, and a link checker."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
EXAMS = sorted(p.name for p in (ROOT / "content" / "certames").iterdir() if (p / "certame.toml").exists())


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("padroes") / "site"
    build(ROOT / "content", out)
    return out


# -- Frictionless ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", EXAMS)
def test_frictionless_validates_every_data_package(site, slug):
    from frictionless import validate

    report = validate(str(site / "certames" / slug / "dados" / "datapackage.json"))
    errors = [f"{t.name}: {e.message}" for t in report.tasks for e in t.errors] + [e.message for e in report.errors]
    assert report.valid, errors
    kinds = {t.name.rsplit("-", 1)[1]: t.type for t in report.tasks}
    assert kinds == {"csv": "table", "json": "json"}  # both formats were read, not skipped


def test_frictionless_checks_the_json_bytes_and_hash(site, tmp_path):
    """A JSON file changed after publication is caught: its bytes and hash are declared and checked."""
    from frictionless import validate

    copy = shutil.copytree(site / "certames" / EXAMS[0] / "dados", tmp_path / "dados")
    target = sorted(copy.glob("*-geral.json"))[0]
    target.write_bytes(target.read_bytes().replace(b'"nome":"', b'"nome":"X', 1))
    report = validate(str(copy / "datapackage.json"))
    assert not report.valid
    messages = " ".join(e.message for t in report.tasks for e in t.errors)
    assert "expected hash" in messages and "expected byte count" in messages


def test_package_declares_iana_encoding_and_profiles(site):
    import json

    for slug in EXAMS:
        package = json.loads((site / "certames" / slug / "dados" / "datapackage.json").read_text("utf-8"))
        assert package["profile"] == "data-package"
        for resource in package["resources"]:
            assert resource["encoding"] == "utf-8"
            assert resource["profile"] == ("tabular-data-resource" if resource["format"] == "csv" else "data-resource")
            assert ("schema" in resource) == (resource["format"] == "csv")
