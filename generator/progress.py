"""Progress bars shared by every phase of one command (check, open data, PDF, pages), so no phase sits at 0 %.

Rich allows one live display per console: the first `session()` opens it and nested ones (the PDF inside the site
build, a library caller inside the CLI) add their bars to it. Off a terminal, or under CI, every call is a no-op.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")
# The open rich Progress, if any: the one live display of this process's terminal (rich allows one per console),
# not a job's state; a forked child forgets it (`detach`). tests/test_module_state.py allows it by name.
_ACTIVE: list = [None]


def interactive() -> bool:
    """Bars only on an interactive terminal outside CI (pipes and logs get the one-line summary instead)."""
    return sys.stderr.isatty() and not os.environ.get("CI")


@contextmanager
def session() -> Iterator[None]:
    """Open the bars for the duration of a command (reused when one is already open); they stay on screen."""
    if _ACTIVE[0] is not None or not interactive():
        yield
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bars = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=Console(stderr=True), transient=False)
    _ACTIVE[0] = bars
    try:
        with bars:
            try:
                yield
            finally:
                for t in bars.tasks:  # counters (no total) end as full bars
                    if t.total is None:
                        bars.update(t.id, total=t.completed)
    finally:
        _ACTIVE[0] = None


def detach() -> None:
    """In a forked child: forget the parent's bars (the parent's terminal draws them; the child's copy would draw
    over them)."""
    _ACTIVE[0] = None


class Tick:
    """Advances one bar by a step; `end()` closes a counter (a bar with no total) where its phase ends."""

    def __init__(self, bars=None, tid=None) -> None:
        self.bars, self.tid = bars, tid

    def __call__(self) -> None:
        if self.bars is not None:
            self.bars.advance(self.tid)

    def end(self) -> None:
        if self.bars is not None:
            self.bars.update(self.tid, total=self.bars.tasks[self.tid].completed)


def task(label: str, total: int | None = None) -> Tick:
    """A bar (a counter when total is None) in the open session, and the function that advances it by one."""
    bars = _ACTIVE[0]
    if bars is None:
        return Tick()
    return Tick(bars, bars.add_task(label, total=total))


def ticking(label: str, total: int, count: Iterable[T]) -> Iterator[T]:
    """Yield from `count`, advancing a bar `label` of `total` steps after each item has been used."""
    advance = task(label, total)
    for item in count:
        yield item
        advance()
