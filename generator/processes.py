"""Functions run in a forked process (it sees the parent's memory as it was), their result handed back by a pipe."""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import FaultError


class Forked:
    """A function run in a forked process (it sees this process's memory as it was), its result or exception
    handed back through a pipe; the process is ended if the caller leaves early. With `early`, the function is
    called with `tell`, which hands values back before the result (`first`, then `told`)."""

    def __init__(self, function: Callable[..., object], *, early: bool = False):
        self.function, self.early = function, early
        self.done = False
        self.value: object = None
        self.told_values: list = []

    def __enter__(self) -> "Forked":
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self.receive, send = context.Pipe(duplex=False)
        self.process = context.Process(target=_forked_main, args=(self.function, send, self.early), daemon=True)
        self.process.start()
        send.close()
        return self

    def _next(self) -> None:
        """Take the next message (waiting for it)."""
        try:
            kind, value = self.receive.recv()
        except EOFError:  # the process died without a word (killed, out of memory)
            self.process.join()
            kind, value = "error", RuntimeError(f"o processo dos dados abertos terminou com o código "
                                                f"{self.process.exitcode}")
        if kind == "told":
            self.told_values.append(value)
            return
        self.done, self.ok, self.value = True, kind == "ok", value
        self.process.join()

    def ready(self) -> bool:
        """Whether `first` would return at once (never waits)."""
        while not (self.done or (self.early and self.told_values)) and self.receive.poll():
            self._next()
        return self.done or bool(self.early and self.told_values)

    def first(self) -> object:
        """The value told first (without `early`: the result), waiting for it; the function's exception if it
        failed before telling, raised here."""
        return self.told(0)

    def told(self, k: int) -> object:
        """The k-th value told (from 0), waiting for it; the result when the function ended without telling so
        many; the function's exception if it failed before, raised here."""
        while not (self.done or (self.early and len(self.told_values) > k)):
            self._next()
        if self.early and len(self.told_values) > k:
            return self.told_values[k]
        return self.get()

    def get(self) -> object:
        """The function's result (waiting for it); its exception, raised here."""
        while not self.done:
            self._next()
        if not self.ok:
            raise self.value
        return self.value

    def __exit__(self, *exc) -> bool:
        if self.process.is_alive() and not self.done:
            self.process.terminate()
        self.process.join()
        self.receive.close()
        return False


def _forked_main(function: Callable[..., object], send, early: bool = False) -> None:
    """Body of a Forked process: no progress bars of its own (the parent's terminal), the value told early (with
    `early`), then the result or the error."""
    from . import progress

    progress._ACTIVE[0] = None
    try:
        result = ("ok", function(lambda value: send.send(("told", value))) if early else function())
    except BaseException as error:  # handed to the parent, which raises it
        result = ("error", error)
    try:
        send.send(result)
    except Exception as error:  # an exception that does not pickle: its text
        send.send(("error", RuntimeError(f"{type(result[1]).__name__}: {result[1]}")))
    send.close()


@contextmanager
def folder_lock(folder: Path, busy: str) -> Iterator[None]:
    """Hold an exclusive lock on `folder` for the block; FaultError(`busy`) when another process holds it.

    flock(2) on the folder itself: no lock file to leave behind, and the kernel releases it when the process ends,
    even by kill -9. Forked children (render workers, `Forked`) close their copy of the descriptor at once, so a
    killed parent's lock does not live on in them. Used by the site build (generator/sitedir.py) and by publicar
    on the exam folder (generator/store/archive.py)."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    _HELD.add(fd)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FaultError(busy) from None
        yield
    finally:
        _HELD.discard(fd)
        os.close(fd)  # closing the descriptor releases the lock


# The lock descriptors this process holds. Not a job's state but the process's own, like its descriptor table: a
# fork copies every descriptor, so the child must know which to close (os.register_at_fork takes no per-lock
# handler that could be removed again).
_HELD: set[int] = set()


def _close_in_child() -> None:
    for fd in list(_HELD):
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


os.register_at_fork(after_in_child=_close_in_child)
