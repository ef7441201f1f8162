"""The house keeps its shape (issue 19 item 7): every import of generator/ is allowed by generator/LAYERS.md, every
module has a layer there, and no modules import each other in a cycle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"
TABLE = PACKAGE / "LAYERS.md"


def _rows(section: str) -> list[list[str]]:
    """The table rows (cells without backticks) under a `## section` heading of LAYERS.md."""
    text = TABLE.read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in body.splitlines():
        if line.startswith("|") and not re.match(r"\|\s*-", line):
            rows.append([c.strip().replace("`", "") for c in line.strip().strip("|").split("|")])
    return rows[1:]  # without the header


def _allowed() -> dict[str, set[str]]:
    layers = {}
    for name, _, may in _rows("Which package may import which"):
        layers[name] = set() if may == "—" else {m.strip() for m in may.split(",")}
    every = set(layers)
    return {name: (every if may == {"every layer"} else may) | {name} for name, may in layers.items()}


def _placements() -> dict[str, str]:
    return {pattern: layer for pattern, layer in _rows("Where each module sits")}


def _exceptions() -> set[tuple[str, str]]:
    edges = set()
    for cells in _rows("Exceptions"):
        match = re.match(r"(\S+)\s*(↔|→)\s*(\S+)", cells[0])
        assert match, f"exceção ilegível em LAYERS.md: {cells[0]}"
        a, arrow, b = match.groups()
        edges.add((a, b))
        if arrow == "↔":
            edges.add((b, a))
    return edges


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """module → the generator modules it imports anywhere in its body (function-level imports included)."""
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    targets.add(sub if sub in modules else source)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def _layer(module: str, placements: dict[str, str]) -> str | None:
    if module in placements:
        return placements[module]
    best = None
    for pattern, layer in placements.items():
        if pattern.endswith(".*") and module.startswith(pattern[:-1]):
            if best is None or len(pattern) > len(best[0]):
                best = (pattern, layer)
    return best[1] if best else None


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


@pytest.fixture(scope="module")
def graph():
    return _imports(_modules())


def test_every_module_has_a_layer(graph):
    placements = _placements()
    layers = set(_allowed())
    assert set(placements.values()) <= layers, "LAYERS.md usa uma camada que a primeira tabela não define"
    missing = sorted(m for m in graph if _layer(m, placements) is None)
    assert not missing, f"módulos sem camada em generator/LAYERS.md: {missing}"
    stale = sorted(p for p in placements if not p.endswith(".*") and p not in graph)
    assert not stale, f"LAYERS.md cita módulos que não existem mais: {stale}"


def test_no_import_climbs_a_layer(graph):
    placements, allowed, exceptions = _placements(), _allowed(), _exceptions()
    wrong = []
    for module, targets in sorted(graph.items()):
        here = _layer(module, placements)
        for target in sorted(targets):
            there = _layer(target, placements)
            if there not in allowed[here] and (module, target) not in exceptions:
                wrong.append(f"{module} ({here}) → {target} ({there})")
    assert not wrong, "imports que a tabela de camadas não permite:\n" + "\n".join(wrong)


def test_no_import_cycle(graph):
    exceptions = _exceptions()
    pruned = {m: {t for t in ts if (m, t) not in exceptions} for m, ts in graph.items()}
    cycles = _cycles(pruned)
    assert not cycles, f"módulos que se importam em ciclo: {cycles}"


def test_every_exception_is_still_needed(graph):
    placements, allowed = _placements(), _allowed()
    for a, b in sorted(_exceptions()):
        used = b in graph.get(a, set())
        assert used, f"exceção de LAYERS.md sem uso: {a} → {b} (apague a linha)"
        climbs = _layer(b, placements) not in allowed[_layer(a, placements)]
        in_cycle = any(a in c and b in c for c in _cycles(graph))
        assert climbs or in_cycle, f"exceção de LAYERS.md desnecessária: {a} → {b} já é permitido"


def test_the_checker_sees_a_climbing_import(tmp_path):
    """The reader of imports is not blind: a load module importing a renderer is reported."""
    fake = {"generator.load.x": tmp_path / "x.py", "generator.render.site": tmp_path / "site.py"}
    fake["generator.load.x"].write_text("def f():\n    from ..render.site import Site\n", encoding="utf-8")
    fake["generator.render.site"].write_text("", encoding="utf-8")
    graph = _imports(fake)
    assert graph["generator.load.x"] == {"generator.render.site"}
    assert "render" not in _allowed()["load"]
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
