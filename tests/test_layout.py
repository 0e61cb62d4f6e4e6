"""The layout shows the architecture (issue 14): no import cycles between modules, no backend
stage importing a later stage, no module over 650 lines.

The import graph is built from the source (``ast``) of every module of the ``profkit``
package: ``core/`` (``profkit``), ``backends/`` (``profkit.backends``) and ``plugins/``
(``profkit.plugins``), including imports inside functions (they still close a cycle when the
function runs); imports under ``if TYPE_CHECKING:`` are left out (they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

ROOTS = {"core": "profkit", "backends": "profkit.backends", "plugins": "profkit.plugins",
         "study": "profkit.study"}
MAX_LINES = 650

# Which parts of a backend a module in each part may import (parts: a stage subpackage, or
# a top-level module of the backend). The top-level contracts (the IR, the value layout,
# the code/runtime ABI) import nothing of the backend but each other as listed; the
# backend object and the plugin registration sit on top and may import anything.
STAGES: dict[str, dict[str, set[str]]] = {
    "mlworks": {  # frontend < codegen < runtime < profiling
        "ir": set(),
        "values": set(),
        "abi": set(),
        "frontend": {"frontend", "ir"},
        "codegen": {"codegen", "ir", "values", "abi"},
        "runtime": {"runtime", "values", "abi", "codegen"},
        "profiling": {"profiling", "runtime", "codegen", "values", "abi", "ir"},
    },
    "stg": {  # frontend < machine, heap
        "ir": set(),
        "irprint": {"ir"},
        "frontend": {"frontend", "ir", "irprint"},
        "heap": {"heap", "ir"},
        "machine": {"machine", "heap", "ir", "irprint"},
    },
}
# what a runtime module may take from the code generators: the load image it consumes and
# the assembler layers (decoding, patching), never the instruction selection itself
RUNTIME_FROM_CODEGEN = {"codevector", "asm_common", "asm_x86", "asm_sparc"}


def module_files() -> dict[str, Path]:
    """Module name -> file, for every module of the package."""
    out: dict[str, Path] = {}
    for folder, pkg in ROOTS.items():
        base = REPO / folder
        for p in sorted(base.rglob("*.py")):
            rel = p.relative_to(base).with_suffix("").parts
            if any(part.startswith(".") or part == "__pycache__" for part in rel):
                continue
            if folder == "core" and rel and rel[0] in ("backends", "plugins", "study"):
                continue
            parts = rel[:-1] if rel[-1] == "__init__" else rel
            out[".".join((pkg, *parts))] = p
    return out


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                out.update(id(n) for n in ast.walk(sub))
    return out


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of the package it imports."""
    files = module_files()
    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(), str(path))
        skip = _type_checking_only(tree)
        deps: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".")
                    base = base[: len(base) - node.level + (1 if is_pkg else 0)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                names = [f"{origin}.{a.name}" if f"{origin}.{a.name}" in files else origin
                         for a in node.names]
            else:
                continue
            for name in names:
                while name and name not in files:  # `import a.b.c` of a package's module
                    name = name.rpartition(".")[0]
                if name and name != mod:
                    deps.add(name)
        graph[mod] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a path that returns to its start) per strongly connected component with
    more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return [_cycle_in(graph, set(c), c[0]) for c in comps]


def _cycle_in(graph: dict[str, set[str]], comp: set[str], start: str) -> list[str]:
    """A shortest path start -> ... -> start inside one component (breadth first)."""
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & comp):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return path[::-1] + [start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return sorted(comp)  # pragma: no cover - a component always has a cycle


def _part(mod: str, backend: str) -> tuple[str, str] | None:
    """(part, rest) of a module of ``backend``: its stage subpackage or top-level module."""
    prefix = f"profkit.backends.{backend}."
    if not mod.startswith(prefix):
        return None
    head, _, rest = mod[len(prefix):].partition(".")
    return head, rest


def backwards_imports(graph: dict[str, set[str]]) -> list[str]:
    bad = []
    for backend, table in STAGES.items():
        for mod, deps in sorted(graph.items()):
            p = _part(mod, backend)
            if p is None or p[0] not in table:
                continue  # the backend object and the plugin may import anything
            for dep in sorted(deps):
                q = _part(dep, backend)
                if q is None:
                    continue
                allowed = q[0] in table[p[0]]
                if backend == "mlworks" and p[0] == "runtime" and q[0] == "codegen":
                    allowed = q[1].split(".")[0] in RUNTIME_FROM_CODEGEN
                if not allowed:
                    bad.append(f"{mod} imports {dep}")
    return bad


# ---------------------------------------------------------------------- tests
def test_the_graph_is_real():
    graph = import_graph()
    assert "profkit.backends.mlworks.codegen.walker" in graph
    assert "profkit.backends.mlworks.abi" in graph["profkit.backends.mlworks.codegen.walker"]
    # function-level imports count: the backend loads its front end inside ``load``
    assert "profkit.backends.mlworks.frontend.pipeline" in graph[
        "profkit.backends.mlworks.backend"]
    assert "profkit.runner" in graph


def test_the_checks_can_fail():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(g) == [["a", "b", "c", "a"]]
    g = {"profkit.backends.mlworks.codegen.x86": {"profkit.backends.mlworks.runtime.gc"},
         "profkit.backends.mlworks.runtime.gc": {"profkit.backends.mlworks.codegen.x86"},
         "profkit.backends.mlworks.frontend.lower": {"profkit.backends.mlworks.values"}}
    assert backwards_imports(g) == [
        "profkit.backends.mlworks.codegen.x86 imports profkit.backends.mlworks.runtime.gc",
        "profkit.backends.mlworks.frontend.lower imports profkit.backends.mlworks.values",
        "profkit.backends.mlworks.runtime.gc imports profkit.backends.mlworks.codegen.x86"]


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_backend_stage_imports_a_later_stage():
    bad = backwards_imports(import_graph())
    assert not bad, "imports across a stage boundary backwards:\n" + "\n".join(bad)


def test_modules_are_small():
    big = sorted(f"{p.relative_to(REPO)}: {n} lines" for p in module_files().values()
                 if (n := len(p.read_text().splitlines())) > MAX_LINES)
    assert not big, f"modules over {MAX_LINES} lines:\n" + "\n".join(big)
