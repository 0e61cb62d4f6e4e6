"""The SML subset front end: ``compile_sml(source, filename) -> ir.Program``.

Pipeline: ``parser`` (with ``lexer``) -> ``typecheck`` (types, bindings, overloading)
-> ``lower`` (match compilation, closure conversion, data representation) -> ``ir``.
The Basis subset (``basis.sml``) is compiled in front of every program; its top-level
definitions that the program does not use (transitively) are dropped, so the code
generators only see what runs.
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from typing import TYPE_CHECKING

from profkit.errors import SourceError

from .. import ir
from . import syntax as S
from .basisfile import BASIS_FILE, basis_source  # noqa: F401 - pipeline.basis_source
from . import types
from .lower import FnCtx, Lowerer
from .parser import parse_program
from .typecheck import Checker
from .types import BUILTIN_EXNS, Env, TypePrinter
from .uncaught import wrap_uncaught

if TYPE_CHECKING:
    from .basiscache import BasisState

def compile_sml(source: str, filename: str) -> ir.Program:
    """Compile an SML program. Raises ``SourceError`` (file, line, column) for syntax, scope
    and type errors. Code items are named after the file's basename."""
    # the passes recurse over the syntax tree: allow deep (but finite) nesting
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20000))
    try:
        return _compile(source, filename)
    except RecursionError:
        raise SourceError("program is nested too deeply for the front end", filename, 1,
                          1) from None
    finally:
        sys.setrecursionlimit(old)


def build_basis() -> "BasisState":
    """``basis.sml`` parsed, type-checked and lowered: the state a program continues from."""
    from .basiscache import BasisState

    basis = parse_program(basis_source(), BASIS_FILE)
    checker = Checker(BASIS_FILE)
    env = checker.initial_env()
    checker.top_decs(basis.decs, env)
    lw = Lowerer()
    lw.basis_env = env
    lw.file = BASIS_FILE
    basis_setup = lower_setup(lw, basis.decs)
    next_id = next(types._ids)
    types._ids = itertools.count(next_id)
    return BasisState(checker, env, lw, basis_setup, len(lw.items), next_id)


def basis_state() -> "BasisState":
    """A fresh ``build_basis()`` state, from the per-user cache when it holds one
    (``basiscache``)."""
    from .basiscache import basis_state as cached

    return cached(build_basis)


def _compile(source: str, filename: str) -> ir.Program:
    base = os.path.basename(filename) or filename
    prog = parse_program(source, filename)
    st = basis_state()
    checker = st.checker
    checker.file = filename
    checker.intinf_lits = uses_intinf(source)
    checker.defer_overloads = True
    user_env = Env(st.env)
    checker.top_decs(prog.decs, user_env)
    return lower_user(st, prog.decs, base)


def uses_intinf(source: str) -> bool:
    """Whether a program names IntInf or LargeInt: then its integer literals are overloaded
    at int and IntInf.int (default int), as in the Basis; otherwise they are int (which keeps
    every other program's types and error messages as they were)."""
    return re.search(r"\b(IntInf|LargeInt)\s*\.", source) is not None


def infer_sml(source: str, filename: str = "input.sml") -> dict[str, str]:
    """Type-check a program; returns each top-level value's type as SML prints it
    (``'a list -> int``). Raises ``SourceError`` like ``compile_sml``."""
    prog = parse_program(source, filename)
    st = basis_state()
    checker = st.checker
    checker.file = filename
    checker.intinf_lits = uses_intinf(source)
    checker.defer_overloads = True
    user_env = Env(st.env)
    checker.top_decs(prog.decs, user_env)
    out = {}
    for name, info in user_env.values.items():
        printer = TypePrinter()
        out[name] = printer.show(info.scheme[1])
    return out


def lower_user(st: "BasisState", decs: list[S.Dec], base: str) -> ir.Program:
    """Lower the program's declarations after the Basis's (``st``, used up) and prune."""
    lw = st.lw
    lw.file = base
    lw.top_exns = []
    return _finish(lw, decs, base, st.basis_setup, st.n_basis_items)


def lower_program(basis_decs: list[S.Dec], decs: list[S.Dec], base: str,
                  basis_env: Env | None = None) -> ir.Program:
    """Lower the Basis and the program in one go (``compile_sml`` continues from a
    ``basis_state()`` instead, which gives the same program)."""
    lw = Lowerer()
    lw.basis_env = basis_env
    lw.file = BASIS_FILE
    basis_setup = lower_setup(lw, basis_decs)
    n_basis_items = len(lw.items)
    lw.file = base
    lw.top_exns = []
    return _finish(lw, decs, base, basis_setup, n_basis_items)


def _finish(lw: Lowerer, decs: list[S.Dec], base: str, basis_setup: str,
            n_basis_items: int) -> ir.Program:
    user_setup = lower_setup(lw, decs, wrap=lambda body: wrap_uncaught(lw, body, lw.top_exns))
    for item in lw.items:
        if item.name == user_setup:
            item.body = ir.Seq([*lw.chunk_inits(),
                                ir.Call(ir.MakeClosure(basis_setup, []), ir.Int(0)), item.body])
    basis_names = {it.name for it in lw.items[:n_basis_items]}
    items = prune_basis(lw.items, n_basis_items, basis_setup, user_setup)
    # source order (items are created innermost first): basis, then the program, by line
    items.sort(key=lambda it: (it.name not in basis_names, it.line))
    return ir.Program(items=items, setup=user_setup, n_globals=max(lw.globals_used(), 1),
                      source_file=base,
                      exn_names={n: n.encode() for n in BUILTIN_EXNS})


def lower_setup(lw: Lowerer, decs: list[S.Dec], wrap=None) -> str:
    name = f"<Setup>[{lw.file}:1,1]"
    lw.item_names.add(name)
    lw.ctx = FnCtx(None)
    lw.top = True
    try:
        body = lw.decs(decs, lambda: ir.Int(0))
        if wrap is not None:
            body = wrap(body)
    except SourceError as e:
        if e.file == "<input>":
            e.file = lw.file
        raise
    lw.items.append(ir.CodeItem(name, "unit", body, 1))
    return name


# ------------------------------------------------------------------------------- pruning


def walk(e, out_globals: set[int], out_codes: set[str]) -> None:
    """Collect the globals read and the code items referenced by an expression."""
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Global):
            out_globals.add(x.index)
        elif isinstance(x, ir.MakeClosure):
            out_codes.add(x.code)
        elif isinstance(x, ir.LetRecClosures):
            out_codes.update(x.codes)
        for f in getattr(x, "__slots__", ()):
            v = getattr(x, f)
            if isinstance(v, list):
                for y in v:
                    if isinstance(y, tuple):
                        stack.append(y[1])
                    elif not isinstance(y, (str, int)):
                        stack.append(y)
            elif v is not None and not isinstance(v, (str, int, float, bytes)):
                stack.append(v)


def prune_basis(items: list[ir.CodeItem], n_basis: int, basis_setup: str,
                user_setup: str) -> list[ir.CodeItem]:
    by_name = {it.name: it for it in items}
    setup = by_name[basis_setup]
    stmts = setup.body.exprs if isinstance(setup.body, ir.Seq) else [setup.body]
    kept = [False] * len(stmts)
    need_g: set[int] = set()
    need_c: set[str] = {user_setup}
    done: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name in list(need_c - done):
            done.add(name)
            if name != basis_setup:
                walk(by_name[name].body, need_g, need_c)
            changed = True
        for i, s in enumerate(stmts):
            if kept[i]:
                continue
            if not isinstance(s, ir.SetGlobal) or s.index in need_g:
                kept[i] = True
                walk(s, need_g, need_c)
                changed = True
    setup.body = ir.Seq([s for s, k in zip(stmts, kept) if k] or [ir.Int(0)])
    return [it for it in items if it.name in done]
