"""Functions run in a forked process (it sees the parent's memory as it was), their result handed back by a pipe."""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from .errors import FaultError

PARALLEL_FROM = 20_000  # approved candidates from which an exam's work is split among several processes


def wanted() -> int:
    """The processes a batch may use: GAZETA_PROCESSOS when set, else the cores (at most 4)."""
    return int(os.environ.get("GAZETA_PROCESSOS", "0")) or min(os.cpu_count() or 1, 4)


def workers_for(size: int) -> int:
    """Processes for the work of an exam of `size` approved candidates: one below PARALLEL_FROM (forking costs
    more than it saves), unless GAZETA_PROCESSOS says how many."""
    return wanted() if os.environ.get("GAZETA_PROCESSOS") or size >= PARALLEL_FROM else 1


class Forked:
    """A function run in a forked process (it sees this process's memory as it was), its result or exception
    handed back through a pipe; the process is ended if the caller leaves early. With `early`, the function is
    called with `tell`, which hands values back before the result (`first`, then `told`)."""

    def __init__(self, function: Callable[..., object], *, early: bool = False, what: str = "dos dados abertos"):
        self.function, self.early, self.what = function, early, what
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
            kind, value = "error", FaultError(_died(self.what, self.process.exitcode))
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
    _child_start()
    try:
        result = ("ok", function(lambda value: send.send(("told", value))) if early else function())
    except BaseException as error:  # handed to the parent, which raises it
        result = ("error", error)
    try:
        send.send(result)
    except Exception as error:  # an exception that does not pickle: its text
        send.send(("error", RuntimeError(f"{type(result[1]).__name__}: {result[1]}")))
    send.close()


def _child_start() -> None:
    """What every forked process does first: no progress bars of its own (the parent's terminal draws them)."""
    from . import progress

    progress.detach()


def _died(what: str, code: int | None = None) -> str:
    """Why a forked process gave no answer, in Portuguese (a negative code is the signal that ended it; None: not
    known, as concurrent.futures does not tell it)."""
    if code is None:
        how, hint = "", " (memória esgotada ou processo encerrado)"
    else:
        how = f" pelo sinal {-code}" if code < 0 else f" com o código {code}"
        hint = " (memória esgotada?)" if code == -9 else ""
    return f"o processo {what} terminou{how} sem responder{hint}; o comando parou antes de concluir: rode de novo"


# -- pools -----------------------------------------------------------------------------------------------------
# The one place gazeta starts worker processes (issue 20 item 1): `Forked` (one function beside the caller),
# `Workers` (a pool for pickled tasks: the PDF's body chunks and font subsets) and `each_forked` (numbered tasks
# run by processes that inherit the caller's memory: the cargos' pages, the PDF extracts). All fork: the children
# see the caller's loaded fonts and views without pickling them. None of them waits forever on a child that died
# (killed, out of memory): multiprocessing.Pool would.


class Workers:
    """`workers` processes forked from this one, running tasks `submit(function, argument)` whose argument and
    result are pickled; with one worker the calls are made here and now. Built on concurrent.futures'
    ProcessPoolExecutor, which notices a worker that died and fails its tasks (BrokenProcessPool, turned here into
    a FaultError in Portuguese) instead of leaving the caller waiting."""

    def __init__(self, workers: int, what: str):
        self.workers, self.what = workers, what
        self.pool = None

    def __enter__(self) -> "Workers":
        if self.workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("fork"),
                                            initializer=_child_start)
        return self

    def submit(self, function: Callable, argument: object) -> "Pending":
        if self.pool is None:
            return Pending(None, self.what, function(argument))
        return Pending(self.pool.submit(function, argument), self.what)

    def __exit__(self, *exc) -> bool:
        if self.pool is not None:
            # on an error, tasks not yet started are dropped; running ones end on their own (a chunk, seconds)
            self.pool.shutdown(wait=exc[0] is None, cancel_futures=exc[0] is not None)
        return False


class Pending:
    """A task's result: `get()` waits for it and raises the task's exception."""

    def __init__(self, future, what: str, value: object = None):
        self.future, self.what, self.value = future, what, value

    def get(self) -> object:
        if self.future is None:
            return self.value
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self.future.result()
        except BrokenProcessPool:
            raise FaultError(_died(self.what)) from None


class TaskError(RuntimeError):
    """A numbered task failed in its process (`index` -1: the process's `start` or `end`, around its tasks): `index`,
    the exception (`error`, None when it does not pickle) and the child's traceback as text."""

    def __init__(self, index: int, error: BaseException | None, text: str):
        where = f"a tarefa nº {index + 1}" if index >= 0 else "um processo, ao começar ou ao terminar as tarefas,"
        super().__init__(f"{where} falhou:\n{text}")
        self.index, self.error, self.text = index, error, text


def each_forked(count: int, workers: int, start: Callable[[int], tuple[Callable[[int], object], Callable[[], None]]],
                *, what: str, on_result: Callable[[int, object], None] = lambda k, value: None,
                per_process: int = 0) -> dict[int, object]:
    """Tasks 0…count-1 run by `workers` forked processes; returns {k: result}. `start(n)` runs in each process as it
    begins (n: the process's number, 0, 1, 2… in launch order; here with one worker, n = 0) and gives `(run, end)`:
    `run(k)` does task k, `end()` runs after the process's last task. The processes inherit this one's memory
    (start and everything it reaches: never pickled); only the results are. `on_result(k, value)` is called here as
    each comes back. `per_process` > 0: a process takes at most that many tasks, then exits with all it allocated,
    and another is forked while tasks remain (at most `workers` alive at once); 0, the first `workers` do them all.
    A task's exception stops the others and is raised here as TaskError; a process that dies without a word, as
    FaultError."""
    if workers <= 1 or count <= 1:
        run, end = start(0)
        done = {}
        for k in range(count):
            done[k] = run(k)
            on_result(k, done[k])
        end()
        return done
    import multiprocessing
    import queue as queues

    context = multiprocessing.get_context("fork")
    results = context.Queue()
    tasks = context.Queue()
    for k in range(count):
        tasks.put(k)
    for _ in range(workers):  # one end mark per process alive at the end: one that stops at `per_process` tasks
        tasks.put(None)       # leaves its mark to the one launched in its place
    alive: dict[int, object] = {}  # worker number → process, until its "end" is read
    started = [0]

    def launch() -> None:
        number = started[0]
        started[0] += 1
        process = context.Process(target=_each_main, args=(start, number, tasks, per_process, results), daemon=True)
        process.start()
        alive[number] = process

    for _ in range(min(workers, count)):
        launch()
    done: dict[int, object] = {}
    try:
        while alive:
            try:
                message = results.get(timeout=0.5)
            except queues.Empty:
                for number, process in list(alive.items()):
                    if process.exitcode is not None:  # gone: its messages, if any, are in the pipe by now
                        try:
                            message = results.get(timeout=0.5)
                        except queues.Empty:
                            raise FaultError(_died(what, process.exitcode)) from None
                        break
                else:
                    continue
            kind, number, *rest = message
            if kind == "ok":
                done[rest[0]] = rest[1]
                on_result(rest[0], rest[1])
            elif kind == "error":
                raise TaskError(*rest)
            else:  # "end": of the queue, or of its share (rest[0]); its results were read before this
                alive.pop(number).join()
                # tasks not yet taken ≥ those not done minus one in hand per process still alive: fork another
                # while some may be left (at worst one that finds only its end mark)
                if rest[0] and count - len(done) - len(alive) > 0:
                    launch()
    finally:
        for process in alive.values():
            if process.is_alive():
                process.terminate()
            process.join()
        results.close()
        tasks.close()
    return done


def _each_main(start, number: int, tasks, per_process: int, results) -> None:
    """Body of an `each_forked` process: tasks from the shared queue until its end mark, or `per_process` of them,
    then its end ("end", number, whether it stopped at its share)."""
    import pickle
    import traceback

    _child_start()
    share = False
    try:
        run, end = start(number)
        for done, k in enumerate(iter(tasks.get, None), 1):
            try:
                results.put(("ok", number, k, run(k)))
            except BaseException as error:  # handed to the parent, which stops the others
                text = traceback.format_exc()
                try:
                    pickle.dumps(error)
                except Exception:
                    error = None
                results.put(("error", number, k, error, text))
                return
            if done == per_process:
                share = True
                break
        end()
    except BaseException:
        results.put(("error", number, -1, None, traceback.format_exc()))
        return
    results.put(("end", number, share))


class Background:
    """A function run in a thread of this process (gazeta serve's first build, while the server answers), its
    exception kept and raised by `join`. `then` is called in the thread when the function has ended, either way."""

    def __init__(self, function: Callable[[], object], *, then: Callable[[], object] = lambda: None):
        import threading

        self.error: BaseException | None = None
        self.function, self.then = function, then
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> "Background":
        self.thread.start()
        return self

    def _run(self) -> None:
        try:
            self.function()
        except BaseException as error:  # raised in the caller's thread by join
            self.error = error
        finally:
            self.then()

    def join(self) -> None:
        """Wait for the function to end (at once if it was never started); its exception, raised here."""
        if self.thread.ident is not None:
            self.thread.join()
        if self.error is not None:
            raise self.error


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
