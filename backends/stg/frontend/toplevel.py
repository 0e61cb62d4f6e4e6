"""Shapes GHC gives top-level bindings that the source does not show.

* ``main_wrapper``: GHC's ``:Main.main = runMainIO main``, under which main's IO runs.
* ``wrapper_binds``: each constructor's wrapper ``$WC``, the function a constructor
  passed or partly applied is.
* ``dictionary_functions``: a binding without arguments whose signature has a context
  (``fromList :: Ord a => [a] -> Tree a; fromList = foldr insert Leaf``) is a function of
  its dictionaries in GHC, not a CAF: each use calls it (with -fprof-auto its cost centre
  counts an entry per use, under the user's stack, and no ``CAF`` stack holds it).
"""

from __future__ import annotations

import dataclasses

from . import syntax as S
from .. import ir


def main_wrapper(program: ir.Program, main: str) -> None:
    """GHC's ``:Main.main = runMainIO main``: with a ``main`` cost centre it is a static
    closure of the stack MAIN/main (0 entries), and main's IO action runs there: applying
    the action (a function of CAF/main) under MAIN/main appends CAF/main's stack, which
    stops at the CAF, so every IO step, and every thunk an IO step makes (print's ``show
    x``, a lambda's ``putStrLn (...)`` applied by ``mapM_``), is charged under MAIN/main,
    while the thunks main's CAF made stay under CAF/main. The machine runs the program
    from ``Program.main``: this wrapper, which pushes ``main`` without counting an entry
    and applies main's action to the world token."""
    top = next((b for b in program.binds if b.name == main), None)
    if top is None or not isinstance(top.rhs, ir.Closure) or top.rhs.params:
        return
    body = top.rhs.body
    if not (isinstance(body, ir.SCC) and body.cc.label == "main" and body.cc.module == "Main"):
        return
    name = ":Main.main"
    rhs = ir.Closure(["w"], ir.SCC(body.cc, ir.App(main, [ir.Var("w")]), count=False),
                     ir.ClosureInfo(name, "Main", "->IO", top.rhs.info.src), False)
    program.binds.append(ir.TopBind(name, rhs, "Main"))
    program.main = name


def _has_context(sig: S.DSig, source_lines: list[str]) -> bool:
    """Whether signature ``sig`` (its text in the source) has a class context."""
    l0, c0, l1, c1 = sig.span
    if l0 == l1:
        text = source_lines[l0 - 1][c0 - 1:c1]
    else:
        text = "\n".join([source_lines[l0 - 1][c0 - 1:]] + source_lines[l0:l1 - 1] +
                         [source_lines[l1 - 1][:c1]])
    return "=>" in text.split("::", 1)[-1]


def dictionary_functions(module: S.Module, sigs: dict[object, S.DSig], source: str,
                         main: str = "main", also: frozenset[str] = frozenset()) -> set[str]:
    """Make each top-level binding without arguments whose signature has a context a
    function of one argument (its dictionaries, which the subset does not pass: a ``()``),
    and every use of it (a top-level reference) an application to ``()``. Run after the
    type check (the checker sees the program as written). Returns the names so changed.
    ``also``: bindings so treated whatever their signatures (library code's)."""
    lines = source.split("\n")
    names: set[str] = {d.name for d in module.decls if isinstance(d, S.DFun) and
                       d.name in also and len(d.clauses) == 1 and not d.clauses[0].pats}
    for d in module.decls:
        if (isinstance(d, S.DFun) and d.name != main and len(d.clauses) == 1
                and not d.clauses[0].pats and id(d) in sigs
                and _has_context(sigs[id(d)], lines)):
            names.add(d.name)
    names -= _local_binders(module.decls)  # a name some local binding shadows: left alone
    if not names:
        return names
    for d in module.decls:
        if isinstance(d, S.DFun) and d.name in names:
            cl = d.clauses[0]
            cl.pats = [S.PWild(cl.name_span if hasattr(cl, "name_span") else cl.span)]
    _apply_uses(module.decls, names)
    return names


def method_dictionary_functions(module: S.Module, env: object, source: str) -> set[str]:
    """The point-free bindings of a class method with a context of its own (``fromListQ ::
    Ord a => [a] -> q a; fromListQ = foldr insertQ emptyQ``, an instance's or a default
    copied to it) made functions of their dictionaries, as ``dictionary_functions`` does
    top-level ones: GHC's method takes the ``Ord`` dictionary, so its cost centre is entered
    at each use, not once (GHC 9.0.2, test_unseen25's heapq25). Only methods with no
    argument of the class's type (no dispatcher calls them: every use is resolved by its
    checked type, a ``%`` name). Run after ``classes.resolve_methods``."""
    lines = source.split("\n")
    names: set[str] = set()
    for info in env.classes.values():  # type: ignore[attr-defined]
        for m in info.methods:
            sig = info.sigs.get(m)
            if sig is None or env.dispatch_pos.get(m, 0) is not None or \
                    not _has_context(sig, lines):  # type: ignore[attr-defined]
                continue
            for (cls, _), binds in env.instances.items():  # type: ignore[attr-defined]
                if cls == info.name and m in binds:
                    names.add(binds[m])
    funs = [d for d in module.decls if isinstance(d, S.DFun) and d.name in names and
            len(d.clauses) == 1 and not d.clauses[0].pats]
    for d in funs:
        cl = d.clauses[0]
        cl.pats = [S.PWild(cl.name_span if hasattr(cl, "name_span") else cl.span)]
    done = {"%" + d.name for d in funs}
    if done:
        _apply_uses(module.decls, done)
    return done


def _apply_uses(root: object, names: set[str]) -> None:
    """Replace each top-level ``EVar`` of ``names`` under ``root`` by ``EApp(v, [()])``."""
    stack = [root]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            for i, x in enumerate(n):
                if _is_use(x, names):
                    n[i] = _applied(x)
                elif isinstance(x, tuple) and any(_is_use(y, names) for y in x):
                    n[i] = x = tuple(_applied(y) if _is_use(y, names) else y for y in x)
                    stack.extend(x)
                else:
                    stack.append(x)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            for f in dataclasses.fields(n):
                x = getattr(n, f.name)
                if _is_use(x, names):
                    setattr(n, f.name, _applied(x))
                elif isinstance(x, (list, tuple)) or dataclasses.is_dataclass(x):
                    stack.append(x)
        elif isinstance(n, tuple):
            stack.extend(n)


def _local_binders(decls: list) -> set[str]:
    """Every name bound below the top level: pattern variables, as-patterns, local
    function bindings (the renamer keeps the source names)."""
    out: set[str] = set()
    stack: list = [[getattr(d, f.name) for f in dataclasses.fields(d)] for d in decls
                   if dataclasses.is_dataclass(d)]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            if isinstance(n, (S.PVar, S.PAs, S.DFun)):
                out.add(n.name)
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n))
    return out


def _is_use(x: object, names: set[str]) -> bool:
    return isinstance(x, S.EVar) and x.name in names


def _applied(v: S.EVar) -> S.EApp:
    return S.EApp(v, [S.ECon("()", v.span)], v.span)


def wrapper_binds(cons: dict, used: set[str]) -> list[ir.TopBind]:
    """The wrappers ``$WC`` of the constructors ``used`` (``cons``: their declarations):
    a static constructor when nullary, else a function that evaluates the strict fields,
    in order (GHC's ``$WC``), and builds the constructor."""
    out = []
    for con in sorted(used):
        dc = cons[con]
        module = "Main" if dc.module == "Main" else "Prelude"
        if dc.arity == 0:
            rhs: ir.Rhs = ir.ConRhs(con, [])
        else:
            params = [f"a{i}" for i in range(dc.arity)]
            strict = dc.strict or (False,) * dc.arity
            fields = [f"s{i}" if s else p for i, (p, s) in enumerate(zip(params, strict))]
            body: ir.Expr = ir.ConApp(con, [ir.Var(f) for f in fields])
            for i in reversed(range(dc.arity)):
                if strict[i]:
                    body = ir.Case(ir.App(params[i], []), fields[i], [], body)
            rhs = ir.Closure(params, body, ir.ClosureInfo(con, module), False)
        out.append(ir.TopBind("$W" + con, rhs, module))
    return out
