"""Error corpus: each folder in tests/corpus/ has one fault; `gazeta check` must report exactly esperado.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main

CORPUS = Path(__file__).parent / "corpus"
CASES = sorted(p for p in CORPUS.iterdir() if (p / "esperado.txt").is_file())


def test_corpus_is_not_empty():
    assert len(CASES) >= 30


@pytest.mark.parametrize("folder", CASES, ids=[p.name for p in CASES])
def test_check_reports_exactly_the_expected_problems(folder, capsys):
    expected = [line for line in (folder / "esperado.txt").read_text(encoding="utf-8").splitlines() if line]
    status = main(["check", str(folder)])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    for line in expected:
        assert line in err.splitlines(), f"falta a linha:\n{line}\n\nsaída:\n{err}"
    # The problems come first, then a blank line and a summary: no problem beyond the one fault of the case.
    reported = err.split("\n\n")[0].splitlines()
    assert sorted(reported) == sorted(expected)
