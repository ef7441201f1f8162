"""No state in module globals (developers' guide, «One house»): a module-level container that the code changes after
import, or a `global` statement, is state shared by every job of the process — a build inside `gazeta serve`, a
library caller, two exams — and is refused unless it is the process's own and listed here with its reason.

Read from the source (ast), as tests/test_layers.py reads the imports: a module-level name bound to a list, dict,
set (a display, a comprehension, or a call of list/dict/set/deque/defaultdict/Counter/OrderedDict) counts as state
when any code of its module changes it (a method that mutates, an item or slice assigned or deleted, an augmented
assignment), or when another module of gazeta reaches it through its module (`progress._ACTIVE[0] = …`). Caches of
facts that never change within a process (`functools.lru_cache` on fonts, the code's own fingerprint) are not state
of a job and are not looked at."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"
MUTATING = {"append", "extend", "add", "update", "pop", "clear", "setdefault", "insert", "remove", "discard",
            "popitem", "sort", "reverse", "appendleft", "extendleft", "popleft", "rotate", "difference_update",
            "intersection_update", "symmetric_difference_update"}
CONTAINERS = {"list", "dict", "set", "deque", "defaultdict", "Counter", "OrderedDict"}

# module name → the reason the state is the process's own, not a job's
ALLOWED = {
    ("generator.processes", "_HELD"): "the lock descriptors this process holds: a fork copies them, the child closes "
                                      "them (os.register_at_fork takes no per-lock handler)",
    ("generator.progress", "_ACTIVE"): "the one live display of the process's terminal (rich allows one per console)",
    ("generator.memory", "_frozen_depth"): "gc.freeze is process-wide: nested phases count how deep it is frozen",
}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _containers(tree: ast.Module) -> set[str]:
    """Module-level names bound to a mutable container."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        call = value.func if isinstance(value, ast.Call) else None
        called = call.id if isinstance(call, ast.Name) else call.attr if isinstance(call, ast.Attribute) else None
        if isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)) or \
                called in CONTAINERS:
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _changed(tree: ast.Module, owner) -> set[str]:
    """Names (as `owner(node)` reads them off an expression) that the code of `tree` changes, and names declared
    `global` anywhere in it."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found.update(node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING:
            found.add(owner(node.func.value))
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript):
                    found.add(owner(target.value))
                elif isinstance(node, ast.AugAssign):
                    found.add(owner(target))
    found.discard(None)
    return found


def module_state(package: Path = PACKAGE, root: Path = ROOT) -> set[tuple[str, str]]:
    """(module, name) of every module-level container or `global` that code changes after import."""
    paths = sorted(package.rglob("*.py"))
    trees = {_module_name(p, root): ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in paths}
    packages = {_module_name(p, root) for p in paths if p.name == "__init__.py"}
    containers = {name: _containers(tree) for name, tree in trees.items()}
    state = set()
    for module, tree in trees.items():
        own = _changed(tree, lambda e: e.id if isinstance(e, ast.Name) else None)
        state |= {(module, n) for n in own if n in containers[module] or _declared_global(tree, n)}
        # another module's container, reached as `alias.NAME`: the alias bound by an import of that module
        aliases = _imported_modules(tree, module, module in packages)
        reached = _changed(tree, lambda e: (aliases.get(e.value.id), e.attr)
                           if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) else None)
        state |= {pair for pair in reached if isinstance(pair, tuple) and pair[0] in containers
                  and pair[1] in containers[pair[0]]}
    return state


def _declared_global(tree: ast.Module, name: str) -> bool:
    return any(isinstance(node, ast.Global) and name in node.names for node in ast.walk(tree))


def _imported_modules(tree: ast.Module, module: str, is_package: bool) -> dict[str, str]:
    """Local alias → absolute module name, for imports that bind a module of gazeta."""
    package = module.split(".")
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + (1 if is_package else 0)] if node.level else []
            prefix = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                out[alias.asname or alias.name] = f"{prefix}.{alias.name}" if prefix else alias.name
    return out


def test_no_module_keeps_state_a_job_could_share():
    state = module_state()
    unexplained = sorted(state - set(ALLOWED))
    assert not unexplained, ("estado em variáveis de módulo (guarde-o num objeto do trabalho, ou explique-o em "
                             f"ALLOWED): {unexplained}")


def test_every_allowed_state_still_exists():
    """An allowance outlives nothing: when the state goes, its line here goes too."""
    assert set(ALLOWED) <= module_state()


@pytest.mark.parametrize("source, expected", [
    ("CACHE = {}\ndef f(k):\n    CACHE[k] = 1\n", {("generator.m", "CACHE")}),
    ("SEEN = []\ndef f(x):\n    SEEN.append(x)\n", {("generator.m", "SEEN")}),
    ("N = 0\ndef f():\n    global N\n    N += 1\n", {("generator.m", "N")}),
    ("TABLE = {'a': 1}\nTABLE['b'] = 2\n", {("generator.m", "TABLE")}),  # a constant finished after its literal
    ("TABLE = {'a': 1, 'b': 2}\ndef f(k):\n    return TABLE[k]\n", set()),  # read only: a constant
    ("def f():\n    local = {}\n    local['a'] = 1\n", set()),
])
def test_the_scan_sees_state_and_only_state(tmp_path, source, expected):
    package = tmp_path / "generator"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "m.py").write_text(source)
    assert module_state(package, tmp_path) == expected


def test_the_scan_sees_another_modules_state_reached_through_its_module(tmp_path):
    package = tmp_path / "generator"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "bars.py").write_text("ACTIVE = [None]\n")
    (package / "child.py").write_text("from . import bars\n\ndef start():\n    bars.ACTIVE[0] = None\n")
    assert module_state(package, tmp_path) == {("generator.bars", "ACTIVE")}
