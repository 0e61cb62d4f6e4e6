"""minBound and maxBound at a signature's type variable: a top-level binding without
arguments generic in Bounded (``allValues :: (Bounded a, Enum a) => [a]; allValues =
[minBound .. maxBound]``) used at several types. GHC passes it the Bounded dictionary; the
subset, which passes a ``()`` for a binding's dictionaries (toplevel.dictionary_functions),
passes a witness of the type instead: the type's minBound (the program's derived
instance's, or base's at Int, Char, Bool and Ordering), chosen at each use by the type the
checker gave it there. In the binding, minBound is the witness and maxBound
``maxBoundOf# witness``, which finds the type's maxBound by the witness's constructor
(generated with the program: ``source``). No allocation is added: the witness is a static
value, as GHC's dictionary is."""

from __future__ import annotations

import dataclasses

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

#: the binding's parameter (a name no program writes)
WITNESS = "bounded#w"


def _refuse(e: S.EVar, file: str) -> SourceError:
    return SourceError(f"`{e.name}' at a type variable (a function generic in Bounded used at "
                       "more than one type) is not supported by the Haskell subset", file,
                       e.span[0], e.span[1])


def _contains(root: object, ids: set[int]) -> list[int]:
    found = []
    stack = [root]
    while stack:
        n = stack.pop()
        if id(n) in ids:
            found.append(id(n))
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n))
    return found


def _replace(root: object, swap: dict[int, object]) -> None:
    """Replace each node whose id is in ``swap`` by its replacement."""
    stack = [root]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            for i, x in enumerate(n):
                if id(x) in swap:
                    n[i] = swap[id(x)]
                else:
                    stack.append(x)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            for f in dataclasses.fields(n):
                x = getattr(n, f.name)
                if id(x) in swap:
                    setattr(n, f.name, swap[id(x)])
                elif isinstance(x, (list, tuple)) or dataclasses.is_dataclass(x):
                    stack.append(x)
        elif isinstance(n, tuple):
            stack.extend(n)


def _from_argument(d: S.DFun, own: object, pending: dict) -> None:
    """A function generic in Bounded with an argument of the variable's type (``next x = if
    x == maxBound then minBound else succ x``): that argument is the witness, minBound and
    maxBound ``minBoundOf# x``/``maxBoundOf# x`` (which find the type by its constructor),
    as GHC selects them from the dictionary passed with it."""
    args = []
    sf = T.split_fun(own) if own is not None else None
    while sf is not None:
        args.append(T.prune(sf[0]))
        sf = T.split_fun(sf[1])
    for k, cl in enumerate(d.clauses):
        inside = _contains(cl.rhs, set(pending))
        if not inside:
            continue
        want = {pending[i][1] for i in inside}
        at = next((i for i, a in enumerate(args[:len(cl.pats)]) if isinstance(a, T.TCon)
                   and a.rigid and a.key in want), None)
        if at is None or len(want) != 1:
            continue
        p = cl.pats[at]
        if isinstance(p, (S.PVar, S.PAs)):
            name = p.name
        else:
            name = f"{WITNESS}{k}"
            cl.pats[at] = S.PVar(name, p.span) if isinstance(p, S.PWild) else \
                S.PAs(name, p, p.span)
        swap: dict[int, object] = {}
        for i in inside:
            e, _ = pending.pop(i)
            swap[i] = S.EApp(S.EVar(f"%{e.name}Of#", e.span), [S.EVar(name, e.span, local=True)],
                             e.span)
        _replace(cl.rhs, swap)


def _match(gen: object, inst: object, out: dict[str, object]) -> None:
    """The types ``inst`` gives the rigid variables of ``gen``."""
    gen, inst = T.prune(gen), T.prune(inst)
    if isinstance(gen, T.TCon) and gen.rigid:
        out.setdefault(gen.key, inst)
    elif isinstance(gen, T.TAp) and isinstance(inst, T.TAp):
        _match(gen.f, inst.f, out)
        _match(gen.x, inst.x, out)


def witness_bounds(module: S.Module, types: object, dict_funs: set[str], derived: Derived,
                   witness_of, file: str) -> None:
    """Give the bindings of ``dict_funs`` with minBound/maxBound at their signature's type
    variable (``derived.open_bounds``) a witness parameter, and each use of them the
    witness at its type (``witness_of(evar, desc)``: ``directed._type_directed``'s naming);
    refuse what is left (a use elsewhere, or at a type with no witness)."""
    pending = {id(e): (e, key) for e, key in derived.open_bounds}
    if not pending:
        return
    keys: dict[str, str] = {}  # binding -> its variable's key
    owns = {name: t for (_, name), (_, t) in getattr(types, "bind_types", {}).items()
            if isinstance(name, str)}
    for d in module.decls:
        if isinstance(d, S.DFun) and d.name not in dict_funs and d.clauses and \
                d.clauses[0].pats:
            _from_argument(d, owns.get(d.name), pending)
        if not (isinstance(d, S.DFun) and d.name in dict_funs and len(d.clauses) == 1):
            continue
        inside = _contains(d.clauses[0].rhs, set(pending))
        if not inside or len({pending[i][1] for i in inside}) != 1:
            continue
        cl = d.clauses[0]
        cl.pats = [S.PVar(WITNESS, cl.pats[0].span if cl.pats else cl.span)]
        swap: dict[int, object] = {}
        for i in inside:
            e, keys[d.name] = pending.pop(i)
            w = S.EVar(WITNESS, e.span, local=True)
            swap[i] = w if e.name == "minBound" else S.EApp(S.EVar("%maxBoundOf#", e.span),
                                                              [w], e.span)
        _replace(cl.rhs, swap)
    if pending:
        raise _refuse(next(iter(pending.values()))[0], file)
    binds = {name: t for (_, name), (_, t) in getattr(types, "bind_types", {}).items()
             if isinstance(name, str) and name in keys}
    swap = {}
    for e, t in list(getattr(types, "expr_types", {}).values()):
        if not (isinstance(e, S.EVar) and e.name in keys):  # (no local shadows them)
            continue
        got: dict[str, object] = {}
        _match(binds.get(e.name), t, got)
        at = got.get(keys[e.name])
        w = S.EVar("minBound", e.span)
        if at is not None:
            witness_of(w, T.describe(at, {**getattr(types, "uniform_subst", {}),
                                          **types.skolem_subst}))
        if w.name == "minBound" or at is None:
            raise _refuse(w, file)
        swap[id(e)] = w
    # the uses are `f ()' (dictionary_functions): the () becomes the witness
    apps = {}
    stack: list = [module.decls]
    while stack:
        n = stack.pop()
        if isinstance(n, S.EApp) and id(n.fun) in swap and len(n.args) == 1:
            apps[id(n.args[0])] = swap[id(n.fun)]
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n))
    _replace(module.decls, apps)


def add_source(module: S.Module, derived: Derived) -> None:
    """``minBoundOf#`` and ``maxBoundOf#`` (base's code, no cost centre): a type's bounds
    from a value of it, the witness (a constructor of a derived Bounded type, of Bool's,
    Ordering's, a Char or an Int)."""
    for end, k0, i0 in (("min", "minBoundChar#", "minBoundInt#"),
                        ("max", "maxBoundChar#", "maxBoundInt#")):
        lines = ["w = case conIndex# w of", f"  -1 -> if isChar# w then {k0} else {i0}",
                 "  _ -> case w of"]
        lines += [f"    {c} -> {v}" for c, v in (
            ("False", "False"), ("True", "False"), ("LT", "LT"), ("EQ", "LT"), ("GT", "LT"))
            if end == "min"] + [f"    {c} -> {v}" for c, v in (
                ("False", "True"), ("True", "True"), ("LT", "GT"), ("EQ", "GT"), ("GT", "GT"))
                if end == "max"]
        for d in module.decls:
            k = derived.type_index.get(d.name) if isinstance(d, S.DData) else None
            if k is not None and f"{end}Bound_{k}#" in derived.labels:
                lines += [f"    {c} -> {end}Bound_{k}#" for c, n in d.cons if n == 0]
        lines.append(f'    _ -> errorWithoutStackTrace "{end}Bound: its type is not known here"')
        derived.helper(f"{end}BoundOf#", f"{end}Bound", "\n".join(lines))
