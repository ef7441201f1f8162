"""generator/processes.py: the one module that starts worker processes (issue 20 item 1).

What it must keep: results in task order whatever the process count, the caller's memory inherited (never
pickled), a task's error raised in the caller with its number, and never a caller left waiting forever on a
child that died (multiprocessing.Pool waits forever for a task whose worker was killed, e.g. by the kernel's
out-of-memory killer at national scale)."""

from __future__ import annotations

import ast
import os
import signal
import threading
from pathlib import Path

import pytest

from generator.errors import FaultError
from generator.processes import TaskError, Workers, each_forked

GENERATOR = Path(__file__).resolve().parents[1] / "generator"


def _within(seconds: float, function):
    """function() run in a thread; its result, or a failure if it has not returned after `seconds`."""
    box: dict = {}

    def target():
        try:
            box["value"] = function()
        except BaseException as error:  # handed to the test
            box["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: a dead child left the caller hanging"
    if "error" in box:
        raise box["error"]
    return box["value"]


@pytest.mark.parametrize("workers, per_process", [(1, 0), (2, 0), (3, 1), (2, 5), (3, 4)])
def test_results_follow_the_tasks_and_the_memory_is_inherited(workers, per_process):
    big = {k: str(k) * 3 for k in range(20_000)}  # reaches the children by the fork, not by pickling
    ends = []

    def start(number):
        return (lambda k: (big[k * 7], os.getpid(), number)), lambda: ends.append(number)

    done = each_forked(12, workers, start, what="de teste", per_process=per_process)
    assert [done[k][0] for k in range(12)] == [str(k * 7) * 3 for k in range(12)]
    pids = [pid for _, pid, _ in done.values()]
    if workers == 1:
        assert set(pids) == {os.getpid()} and ends == [0]
        return
    assert os.getpid() not in pids
    if per_process:  # none did more than its share, and the processes were numbered in launch order
        assert max(pids.count(pid) for pid in pids) <= per_process
        assert len(set(pids)) >= -(-12 // per_process)
        numbers = {number for _, _, number in done.values()}
        assert numbers <= set(range(len(set(pids)) + workers))
    else:
        assert 1 <= len(set(pids)) <= workers


def test_on_result_is_called_here_for_each_task():
    seen = []
    each_forked(5, 2, lambda n: ((lambda k: k * k), lambda: None), what="de teste",
                on_result=lambda k, value: seen.append((k, value, os.getpid())))
    assert sorted(seen) == [(k, k * k, os.getpid()) for k in range(5)]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_task_error_names_the_task(workers):
    def run(k):
        if k == 3:
            raise ValueError("nota ilegível")
        return k

    with pytest.raises((TaskError, ValueError)) as caught:
        each_forked(6, workers, lambda n: (run, lambda: None), what="de teste")
    if workers > 1:
        assert caught.value.index == 3 and isinstance(caught.value.error, ValueError)
        assert "nota ilegível" in caught.value.text


@pytest.mark.parametrize("per_process", [0, 1, 2])
def test_a_killed_child_is_an_error_not_a_wait(per_process):
    def run(k):
        if k == 2:
            os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer does
        return k

    with pytest.raises(FaultError) as caught:
        _within(60, lambda: each_forked(5, 2, lambda n: (run, lambda: None), what="de teste",
                                                per_process=per_process))
    assert "sinal 9" in str(caught.value) and "memória esgotada" in str(caught.value)


def _suicide(_):
    os.kill(os.getpid(), signal.SIGKILL)


def _square(k):
    return k * k


def test_the_pool_of_pickled_tasks_gives_results_and_survives_no_dead_worker():
    with Workers(2, "de teste") as pool:
        pending = [pool.submit(_square, k) for k in range(8)]
        assert [p.get() for p in pending] == [k * k for k in range(8)]
    with Workers(1, "de teste") as pool:
        assert pool.submit(_square, 4).get() == 16

    def killed():
        with Workers(2, "de teste") as pool:
            return pool.submit(_suicide, 0).get()

    with pytest.raises(FaultError) as caught:
        _within(60, killed)
    assert "de teste" in str(caught.value)


def test_only_the_processes_module_starts_processes():
    """Issue 20 item 1: one process-pool module, not a fork mechanism per renderer."""
    starters = {"multiprocessing", "concurrent.futures.process", "ProcessPoolExecutor"}  # threads are fine
    found = []
    for path in sorted(GENERATOR.rglob("*.py")):
        if path == GENERATOR / "processes.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [a.name for a in node.names]
            elif isinstance(node, ast.Attribute) and node.attr == "fork" and getattr(node.value, "id", "") == "os":
                names = ["os.fork"]
            found += [f"{path.relative_to(GENERATOR)}: {n}" for n in names
                      if n in starters or n.startswith("multiprocessing.") or n == "os.fork"]
    assert found == []


def test_a_process_that_cannot_start_is_named_as_such():
    def start(number):
        raise OSError("sem pasta de busca")

    with pytest.raises(TaskError) as caught:
        each_forked(4, 2, start, what="de teste")
    assert caught.value.index == -1 and "ao começar" in str(caught.value) and "sem pasta de busca" in caught.value.text


def test_processes_with_a_share_leave_no_task_behind():
    """Processes ending at their share while others still run: every task done once, whatever the timing."""
    import time

    def run(k):
        time.sleep((k * 7 % 5) * 0.004)
        return k, os.getpid()

    done = each_forked(23, 3, lambda n: (run, lambda: None), what="de teste", per_process=3)
    assert sorted(done) == list(range(23)) and all(done[k][0] == k for k in done)
    pids = [pid for _, pid in done.values()]
    assert max(pids.count(pid) for pid in pids) <= 3
