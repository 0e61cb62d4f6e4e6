"""Types as GHC -O0's one simplifier pass leaves them, for -hy (called by
``typecheck.Checker.run`` once the module is checked).

GHC 9.0.2 at -O0 still runs one "non-opt" simplifier pass, which inlines a binding used
exactly once that is not exported: a let-generalised binding (local or top level, its
type-abstraction wrapper when it is recursive) then becomes a copy at its one use site's
types. So `where go acc k = ...` used once at Int has `go :: Int -> Int -> Int` (``->>Int``),
and its thunks are ``Int``, not ``*`` (tests/reference/ghc-9.0.2/hy_types/README.md). A
binding used twice keeps its polymorphic type (``->>*``); so does a recursive top-level
function with a signature (its own loop breaker: never inlined).

Only the descriptions change: the module has been checked before this runs. Before the
inlining, what GHC -O0 decides on the types as checked is read off for the desugarer
(issue 18): the integer literals at a type variable (``open_literals``: ``fromInteger`` of
a dictionary), the uses of constrained functions at type variables (``prep.dict_uses``) and
the bindings whose closures hold dictionaries (``prep.dict_params``: a function GHC passes
them to, or the superclasses an inlined generalised binding selects).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import syntax as S
from . import typecheck_types as T
from .typecheck_expr import fv_decl

if TYPE_CHECKING:  # pragma: no cover
    from .typecheck import Checker

# `module Main (main) where', or no header at all (Haskell 2010 5.1: the same thing)
_ONLY_MAIN = re.compile(r"^module\s+Main\s*\(\s*main\s*\)\s*where\b", re.M)
_HEADER = re.compile(r"^module\b", re.M)


def only_main_exported(source: str) -> bool:
    return bool(_ONLY_MAIN.search(source)) or not _HEADER.search(source)


def _recursive(d: S.Decl, name: str) -> bool:
    out: set[str] = set()
    fv_decl(d, frozenset(), {name}, out)
    return name in out


def open_literals(ch: "Checker") -> dict[int, object]:
    """The integer literals (expressions and patterns) whose type is a type variable of a
    generalised binding or of a signature: GHC desugars a literal by its type as checked,
    before the simplifier inlines anything (``dsOverLit``: ``I# 1#`` at Int, ``fromInteger
    $dNum 1`` at a type variable), so these stay calls of a dictionary's ``fromInteger`` even
    where the binding is later inlined at Int. Read before ``specialise_single_uses``; by
    node id, with the node (``is_open_literal``)."""
    out: dict[int, object] = {}
    for key, (node, t) in ch.expr_types.items():
        if isinstance(node, (S.ELit, S.PLit)) and node.kind == "Int":
            t = T.prune(t)
            if isinstance(t, T.TVar) or isinstance(t, T.TCon) and t.rigid:
                out[key] = node  # its thunk holds the dictionary (dictionary_uses)
                ch.__dict__.setdefault("dict_uses", []).append((node, [("Num", t)]))
    return out


def _key(t: T.Type) -> str:
    return t.key if isinstance(t, T.TCon) else f"%{t.id}"  # type: ignore[union-attr]


def _context(sc, generic: list, supers: dict) -> list[tuple[str, str]]:
    """A generalised binding's context as (class, variable) keys, as GHC simplifies it: only
    what no other constraint of it implies (Integral a, not Num a as well); the rest is
    selected from it."""
    given = [(c, _key(T.prune(T.inst(t, generic)))) for c, t in sc.preds]
    return [(c, k) for c, k in given if not any(
        k2 == k and c2 != c and c in T.superclass_closure(c2, supers) for c2, k2 in given)]


def _generic_dicts(sc, generic: list, passed: bool, supers: dict) -> tuple[list, bool]:
    """The dictionaries the closures of a generalised binding hold, as (class, variable)
    keys: all of its context when GHC passes them (not inlined: then any class at those
    variables reaches them, by superclass), else only the superclasses it selects from
    its context (let-bound thunks where it is inlined at a type: the context itself is
    then static, GHC's ``$fNumInt``)."""
    given = _context(sc, generic, supers)
    if passed:
        return given, True
    derived = []
    for c, k in given:
        for s in T.superclass_closure(c, supers) - {c}:
            if (s, k) not in given and (s, k) not in derived:
                derived.append((s, k))
    return derived, False


def _nodes(root: object, out: set[int]) -> None:
    """The ids of the syntax nodes under ``root`` (iteratively: deep expressions)."""
    todo = [root]
    while todo:
        x = todo.pop()
        if isinstance(x, (list, tuple)):
            todo.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            out.add(id(x))
            todo.extend(getattr(x, f) for f in x.__dataclass_fields__)


def _selections(ch: "Checker", sc, generic: list, d: S.Decl) -> list[int]:
    """Where GHC -O0 inlines a generalised local binding at its one use (a static instance
    dictionary, ``$fIntegralInteger``), it let-binds there a thunk per superclass its body
    selects (``$dReal = $p1Integral $fIntegralInteger; $dNum = $p1Real $dReal``, rsa.hs's
    powMod): the classes the body uses at the binding's type variables (its constrained
    calls, its literals' Num) reached from the context through base's superclasses, each
    a thunk of 16 bytes (selected from the static dictionary) or 24 (from another thunk).
    Their sizes, in the order GHC binds them."""
    sizes, held = _selection_parts(ch, sc, generic, d)
    if sizes:  # (binds.local_binds: the words of the selections the closure holds)
        ch.prep.dict_held[id(d)] = held
    return sizes


def _call_selections(ch: "Checker", sc, generic: list, d: S.Decl) -> list[int]:
    """The selections of a generalised local function GHC calls (used more than once):
    made in it, at each call, before its cost centre (``h = \\$dIntegral n -> let $dReal
    = $p1Integral $dIntegral; $dNum = $p1Real $dReal in scc<h> ...``), each a thunk holding
    the dictionary or the selection it selects from: their depths along base's superclass
    chains (1: from the argument). The body's closures hold the selections, one word each
    as the model's hold the argument."""
    sizes, _ = _selection_parts(ch, sc, generic, d)
    return [1 if n == 16 else 2 for n in sizes]


def _captured(ch: "Checker", sc, generic: list, d: S.Decl) -> int:
    """How many dictionaries a recursive generalised local function's monomorphic loop holds
    (GHC's ``f = \\$dEq $dNum -> letrec f' = .. in f'``, made at each use of ``f``): the
    classes its body uses at its type variables, given or selected."""
    return len(_needed(ch, _context(sc, generic, ch.supers), d))


def _needed(ch: "Checker", given: list, d: S.Decl) -> set[tuple[str, str]]:
    """The classes the body of ``d`` uses at its type variables (its constrained calls, its
    literals' Num, a literal pattern's Eq)."""
    inside: set[int] = set()
    _nodes(d, inside)
    needed: set[tuple[str, str]] = set()
    for key, (node, preds) in ch.prep.dict_uses.items():
        if key in inside:
            needed.update(preds)
    variables = {k for _, k in given}
    for key, node in ch.prep.open_lits.items():
        if key in inside:  # fromInteger's Num, and a literal pattern's == (Eq), at the
            hit = ch.expr_types.get(key)  # literal's own type variable
            own = _key(T.prune(hit[1])) if hit is not None else None
            for k in [own] if own in variables else sorted(variables):
                needed.add(("Num", k))
                if isinstance(node, S.PLit):
                    needed.add(("Eq", k))
    return needed


def _selection_parts(ch: "Checker", sc, generic: list, d: S.Decl) -> tuple[list[int], int]:
    """``_selections`` without the held words' cell, and how many are held."""
    given = _context(sc, generic, ch.supers)
    needed = _needed(ch, given, d)
    sizes: list[int] = []
    made: set[tuple[str, str]] = set(given)
    for c, k in sorted(needed - set(given)):
        for g, gk in given:
            path = _super_path(g, c, ch.supers) if gk == k else None
            if path is not None:
                for depth, s in enumerate(path[1:], 1):
                    if (s, k) not in made:
                        made.add((s, k))
                        sizes.append(16 if depth == 1 else 24)
                break
    return sizes, len({(c, k) for c, k in needed} - set(given))


def _super_path(frm: str, to: str, supers: dict) -> list[str] | None:
    """Base's superclass selections from class ``frm`` to ``to`` (breadth first)."""
    paths = [[frm]]
    while paths:
        p = paths.pop(0)
        if p[-1] == to:
            return p
        paths.extend(p + [s] for s in (supers or {}).get(p[-1]) or
                     T.SUPERCLASSES.get(p[-1], ()))
    return None


def _open_uses(uses: list) -> list:
    """The uses of constrained functions whose constraints are at a type variable (of a
    signature, rigid, or of a generalised binding): (node, [(class, variable)])."""
    out = []
    for e, preds in uses:
        ps = [(c, T.prune(t)) for c, t in preds]
        ps = [(c, t) for c, t in ps if isinstance(t, T.TVar) or
              isinstance(t, T.TCon) and t.rigid]
        if ps:
            out.append((e, ps))
    return out


def is_open_literal(types: object, node: object) -> bool:
    """Is ``node`` (an ``ELit``/``PLit`` of the checked module) a literal at an open type?"""
    lits = getattr(types, "open_lits", None)
    return bool(lits) and lits.get(id(node)) is node  # type: ignore[union-attr]


def specialise_single_uses(ch: "Checker") -> dict[str, T.Type]:
    """Give each binding used once the types of its use; returns the substitution of the
    rigid type variables (skolems, by key) of signatures so used."""
    ch.prep.open_lits = open_literals(ch)
    ch.prep.dict_uses = {id(e): (e, [(c, _key(t)) for c, t in ps])
                         for e, ps in _open_uses(getattr(ch, "dict_uses", []))}
    ch.prep.dict_params = {}
    ch.prep.dict_selections = {}
    ch.prep.dict_held = {}  # id(decl) -> the selections its closure holds (_selections)
    ch.prep.call_selections = {}  # id(decl) -> _call_selections(..): used more than once
    ch.prep.rec_instances = {}  # id(decl) -> (selections' sizes, dictionaries held)
    # at the types as checked: a binding inlined later binds its dictionaries where it goes
    uses = getattr(ch, "dict_uses", [])
    ch.prep.main_dict_bytes = _dictionary_cafs([u for u in uses
                                                if id(u[0]) not in ch.dict_owner])
    ch.prep.local_dict_bytes = local_dictionaries(uses, ch.dict_owner)
    # the uses of each: binds._local_dictionaries forces the dictionaries there
    ch.prep.local_dict_uses = {id(u[0]): o for u in uses
                               if (o := ch.dict_owner.get(id(u[0]))) in ch.prep.local_dict_bytes}
    ch.prep.local_dict_owners = set(ch.prep.local_dict_uses.values())
    subst: dict[str, T.Type] = {}
    top_ok = only_main_exported(ch.prep.source)
    for key, (sc, d, name, generic, top) in ch.own_schemes.items():
        uses = ch.instances.get(key, [])
        if generic is None and sc.preds and name in ch.prep.inst_methods:
            # an instance's method: GHC passes it its context's dictionaries, always
            uses = [None, None]
        if not uses or name == "main" or top and not top_ok:
            continue
        vs = uses[0] if len(uses) == 1 else None
        if generic is None:  # a signature: rigid; recursive, it is its own loop breaker
            skolems = ch.skolems_of.get(id(d))
            if skolems is None:
                continue
            _uniform(ch, skolems, uses)
            if vs is None or _recursive(d, name):
                if sc.preds:  # a function of dictionaries, not inlined (dictionary_uses)
                    ch.prep.dict_params[id(d)] = ([(c, T.prune(T.inst(t, skolems)).key)
                                                   for c, t in sc.preds], True)
                continue
            for sk, v in zip(skolems, vs):
                assert isinstance(sk, T.TCon)
                subst[sk.key] = v
            continue
        if sc.preds and generic:
            ch.prep.dict_params[id(d)] = _generic_dicts(sc, generic, vs is None, ch.supers)
            if not top and vs is None and _recursive(d, name):
                # its instantiations: per use, its selections and its monomorphic loop
                sizes, _ = _selection_parts(ch, sc, generic, d)
                ch.prep.rec_instances[id(d)] = (sizes, _captured(ch, sc, generic, d))
            elif not top and (vs is not None or not _recursive(d, name)):
                # used once: where it is inlined; else in it, at each call
                sizes = (_selections if vs is not None else _call_selections)(
                    ch, sc, generic, d)
                if sizes:
                    table = ch.prep.dict_selections if vs is not None else \
                        ch.prep.call_selections
                    table[id(d)] = sizes
        if vs is None:
            continue
        for g, v in zip(generic, vs):
            fv: dict[int, T.TVar] = {}
            T.free_vars(v, fv)
            g = T.prune(g)
            if isinstance(g, T.TVar) and g.id not in fv:
                g.ref = v
    return subst


def _uniform(ch: "Checker", skolems: list, uses: list) -> None:
    """A function with a signature used at several calls all at the same types: its rigid
    variables are those types for the methods no dictionary tells their type here
    (minBound, maxBound, toEnum: ``directed._desc_at_uses``), as GHC's dictionaries tell them.
    Its other costs stay a generic function's (it is not specialised)."""
    descs = {tuple(T.describe(v) for v in vs) for vs in uses if vs is not None}
    if len(descs) != 1 or None in uses or any("*" in d for d in next(iter(descs))):
        return
    table = ch.prep.__dict__.setdefault("uniform_subst", {})
    for sk, v in zip(skolems, uses[0]):
        if isinstance(sk, T.TCon):
            table[sk.key] = v


# What GHC 9.0.2's instance functions allocate when applied, by class and type constructor
# (one-line programs: Main's CAF with `print "hi"` 136 bytes, without 32): Show [] 104,
# Maybe 80, Either 104, n-tuples 56 + 24 n; Eq 40 + 16 per type argument; Ord 144 + 64.
_DFUN_BYTES = {("Show", "[]"): 104, ("Show", "Maybe"): 80, ("Show", "Either"): 104}


def _dfun_bytes(cls: str, con: str, nargs: int) -> int:
    if cls == "Show":
        if con.startswith("(,"):
            # a tuple's Show dictionary: 24 bytes a component over a base that steps up
            # past 6 and past 12 components (GHC 9.0.2, `print` of Int tuples of 2 .. 15)
            return (56 if nargs <= 6 else 128 if nargs <= 12 else 248) + 24 * nargs
        return _DFUN_BYTES.get((cls, con), 56 + 24 * nargs)
    return {"Eq": 40 + 16 * nargs, "Ord": 144 + 64 * nargs}.get(cls, 0)


def local_dictionaries(uses: list, owner: dict[int, int]) -> dict[int, int]:
    """The bytes of the instance dictionaries of compound types each local binding's own
    code needs at known types (id of the binding -> bytes). GHC -O0 binds them with the
    binding (its evidence), so they are made each time it is: a 2-word thunk per class and
    type, and the dictionary when first used, both under the enclosing stack (GHC 9.0.2:
    `f i = r where r = M.member (i, i) m` costs `f` 288 bytes a call; shapes/localdicts)."""
    by_owner: dict[int, list] = {}
    for e, preds in uses:
        o = owner.get(id(e))
        if o is not None:
            by_owner.setdefault(o, []).append((e, preds))
    out = {}
    for o, us in by_owner.items():
        n, total = _dictionary_set(us, open_ok=True)
        if total:
            out[o] = total + 16 * n
    return out


def _dictionary_cafs(uses: list) -> int:
    return _dictionary_set(uses)[1]


def _dictionary_set(uses: list, open_ok: bool = False) -> tuple[int, int]:
    """Main's dictionary CAFs: GHC -O0 let-binds at the top level each instance dictionary
    of a compound type the module's code needs at a known type (``$dShow = $fShow[]
    $fShowChar`` for `print "hi"`), one per class and type, evaluated once under ``CAF
    Main``. Their bytes (only Show, Eq and Ord of lists, Maybe, Either and tuples).
    ``open_ok``: a local binding's, whose compound types may hold its type variables (a
    generalised `ins acc v = S.insert (v, d) acc` builds `Ord (a, Int)` from its
    dictionary argument: the tuple's dictionary is made, a variable's is given)."""
    made: set[tuple[str, str]] = set()
    # (a local function's dictionaries are bound where GHC inlines or calls it)
    todo = [(c, t) for e, preds in uses if not getattr(e, "local", False)
            for c, t in preds if c in ("Show", "Eq", "Ord")]
    total = 0
    while todo:
        cls, t = todo.pop()
        head, args = T.spine(t)
        if not isinstance(head, T.TCon) or head.rigid or not args:
            continue
        fv: dict[int, T.TVar] = {}
        T.free_vars(t, fv)
        con = head.name
        if fv and not open_ok or T.INSTANCES.get(cls, {}).get(con) != "args":
            continue
        key = T.show_type(t)
        if (cls, key) in made:
            continue
        made.add((cls, key))
        total += _dfun_bytes(cls, con, len(args))
        todo.extend((cls, a) for a in args)
    return len(made), total
