"""PDF line wrapping on hostile names (issue 9 item 6): it ends, and its lines fit, however narrow the column."""

from __future__ import annotations

from generator.render.pdf.fonts import clean, width
from generator.render.pdf.layout import wrap

SIZE = 9.0


def test_a_column_squeezed_to_nothing_still_ends():
    """A 60-character inscrição left the name no width: this looped forever, appending empty lines."""
    for avail in (0.0, -50.0):
        lines = wrap("Ana Souza", avail, size=SIZE)
        assert "".join(lines) == "AnaSouza" and all(lines)


def test_long_names_wrap_into_lines_that_fit_and_keep_every_character():
    for name in ("Maria " * 20_000, "X" * 100_000, "Ana " + "Y" * 500 + " de Souza"):
        lines = wrap(name, 120.0, size=SIZE)
        assert all(width(line, "regular", SIZE) <= 120.0 for line in lines)
        assert "".join(lines).replace(" ", "") == clean(name).replace(" ", "")
        assert all(line == line.strip() and line for line in lines)
