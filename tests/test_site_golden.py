"""Golden test of the example site: build content/ (without the PDF) and compare every file with tests/golden/exemplo/.

Regenerate after an intended change with `make golden` (GAZETA_GOLDEN=regenerate), then review `git diff`.
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest

from generator.build import build

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "exemplo"  # not "site": .gitignore ignores every site/ folder


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("processes", ["1", "2"])
def test_example_site_matches_golden(tmp_path, monkeypatch, processes):
    """One process or several (generator/render/parallel.py): the same bytes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1718000000")
    monkeypatch.setenv("GAZETA_PROCESSOS", processes)
    site = tmp_path / "site"
    build(ROOT / "content", site, pdf=False)
    if os.environ.get("GAZETA_GOLDEN") == "regenerate" and processes == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(site, GOLDEN)
    got, want = _tree(site), _tree(GOLDEN)
    assert sorted(got) == sorted(want), "arquivos diferentes; `make golden` regenera após revisão"
    for name in want:
        if got[name] != want[name]:
            diff = difflib.unified_diff(want[name].decode("utf-8", "replace").splitlines(),
                                        got[name].decode("utf-8", "replace").splitlines(), "esperado", "obtido",
                                        lineterm="", n=1)
            raise AssertionError(f"{name} mudou (`make golden` regenera):\n" + "\n".join(list(diff)[:40]))
