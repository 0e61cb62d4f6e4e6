"""Semigroup and Monoid by type: ``<>``, ``mappend``, ``mempty``, ``mconcat`` and
``foldMap`` at the type the checker found at each use.

The subset passes no dictionaries, so a use is rewritten to the operation of its type:
the Prelude's list definitions, base's Ordering and (), containers' Map and Set (a
left-biased union), the program's own instances (``instances._monoids``, base's newtypes of
``Data.Monoid`` among them: ``libraries``), and base's instances built from their
components' (``Maybe a`` and tuples of up to five components): for those a helper per type is
generated, base's code (no cost centre), with the components' operations written in:
``Just a <> Just b = Just (a <> b)`` (``Nothing`` the unit), ``(a, b) <> (c, d) =
(a <> c, b <> d)`` (its components lazy, as base's), ``mempty = (mempty, mempty)``, and
``mconcat = foldr (<>) mempty`` for both.

    monoid_directed(e, t, file, derived)    rewrite the use ``e`` of type ``t``
    foldmap_directed(e, t, derived, file)   foldMap over a list or a Maybe
"""

from __future__ import annotations

import re

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

# base's instances the Prelude has functions for: Ordering and (), and containers'
MONOID = {"Ordering": {"<>": "appendOrdering#", "mappend": "appendOrdering#",
                       "mempty": "memptyOrdering#", "mconcat": "mconcatOrdering#"},
          "()": {"<>": "appendUnit#", "mappend": "appendUnit#", "mempty": "memptyUnit#",
                 "mconcat": "mconcatUnit#"},
          # containers: a left-biased union
          "Map": {"<>": "union_M#", "mappend": "union_M#", "mempty": "empty_M#",
                  "mconcat": "unions_M#"},
          "Set": {"<>": "union_S#", "mappend": "union_S#", "mempty": "empty_S#",
                  "mconcat": "unions_S#"}}
#: the list's (the Prelude's own definitions)
_LIST = {"<>": "++", "mappend": "++", "mempty": "[]", "mconcat": "concat"}
_TUPLES = ("(,)", "(,,)", "(,,,)", "(,,,,)")


class _Unsupported(Exception):
    pass


def monoid_directed(e: S.EVar, t: object, file: str, derived: Derived) -> None:
    """<>, mappend, mempty and mconcat at the type the checker found."""
    if e.name == "mempty":
        at = t
    else:
        sf = T.split_fun(t)
        if sf is None:
            return
        at = sf[1] if e.name == "mconcat" else sf[0]
    head, _ = T.spine(at)
    arity, res = 0, at
    while e.name in ("<>", "mappend") and T.split_fun(res) is not None and arity < 3:
        arity, res = arity + 1, T.split_fun(res)[1]  # type: ignore[index]
    if 1 <= arity <= 2:  # functions into a semigroup, pointwise
        rh, _ = T.spine(res)
        kind = {"[]": "List", "Ordering": "Ordering"}.get(getattr(rh, "key", ""))
        if kind is not None:
            e.name = f"%appendFun{arity}{kind}#"
            return
    if isinstance(head, T.TVar) or isinstance(head, T.TCon) and head.rigid:
        # left open (or a signature's variable, as a method's monoid in an instance):
        # the list definitions (defaulting has nothing to say)
        return
    if getattr(head, "key", "") == "[]":
        return
    try:
        e.name = "%" + _op(at, e.name, derived)
    except _Unsupported:
        raise SourceError(f"`{e.name}' at the type `{T.show_type(at)}' is not supported by the "
                          "Haskell subset (lists, Ordering, (), Maybe and tuples of those, "
                          "Map, Set, the program's monoids and functions into lists or "
                          "Ordering are: see SUBSET.md)", file,
                          e.span[0], e.span[1]) from None


def _op(at: object, op: str, derived: Derived) -> str:
    """The name of ``op`` (``<>``, ``mappend``, ``mempty``, ``mconcat``) at the type ``at``,
    for generated code; raises ``_Unsupported``."""
    head, args = T.spine(T.prune(at))
    if isinstance(head, T.TVar) or not isinstance(head, T.TCon) or head.rigid or \
            head.key == "[]":
        return _LIST[op]
    if head.key in MONOID:
        return MONOID[head.key][op]
    if head.key == "Maybe" or head.key in _TUPLES:
        return _composite(at, head.key, args, op, derived)
    ops = derived.monoid.get(head.name)
    if ops is None or op not in ops:
        raise _Unsupported
    return ops[op].lstrip("%")


def _ref(name: str) -> str:
    return name if name[0].isalpha() or name[0] in "[_" else f"({name})"


def _composite(at: object, key: str, args: list, op: str, derived: Derived) -> str:
    """base's instance at ``Maybe a`` or a tuple: a helper per type and operation."""
    tag = re.sub(r"\W", lambda m: f"_{ord(m.group()):x}", T.show_type(at))
    if op in ("mappend", "mconcat"):
        app = _composite(at, key, args, "<>", derived)
        if op == "mappend":
            return app
        emp = _composite(at, key, args, "mempty", derived)
        return derived.helper(f"mconcatAt{tag}#", "mconcat",
                              f"xs = foldr {app} {emp} xs")
    if key == "Maybe":
        if op == "mempty":
            return "Nothing"
        inner = _ref(_op(args[0], "<>", derived))
        return derived.helper(f"appendAt{tag}#", "<>",
                              f"x y = case x of {{ Nothing -> y; Just a -> case y of "
                              f"{{ Nothing -> x; Just b -> Just ({inner} a b) }} }}")
    n = len(args)
    if op == "mempty":
        parts = ", ".join(_ref(_op(a, "mempty", derived)) for a in args)
        return derived.helper(f"memptyAt{tag}#", "mempty", f"= ({parts})")
    xs, ys = [f"a{i}" for i in range(n)], [f"b{i}" for i in range(n)]
    parts = ", ".join(f"{_ref(_op(a, '<>', derived))} {x} {y}"
                      for a, x, y in zip(args, xs, ys))
    return derived.helper(f"appendAt{tag}#", "<>",
                          f"({', '.join(xs)}) ({', '.join(ys)}) = ({parts})")


def foldmap_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """``foldMap f xs`` (base's default, ``foldr (mappend . f) mempty``) over a list or a
    Maybe, at the monoid of its result."""
    sf = T.split_fun(t)  # (a -> m) -> t a -> m
    rest = T.split_fun(sf[1]) if sf is not None else None
    if rest is None:
        return
    cont, _ = T.spine(rest[0])
    mon, _ = T.spine(rest[1])
    ok = isinstance(cont, T.TCon) and not cont.rigid and cont.key in ("[]", "Maybe") and \
        isinstance(mon, T.TCon) and not mon.rigid
    try:
        app, emp = (_ref(_op(rest[1], "<>", derived)), _ref(_op(rest[1], "mempty", derived))) \
            if ok else ("", "")
    except _Unsupported:
        ok = False
    if not ok:
        raise SourceError(f"`foldMap' at the type `{T.show_type(t)}' is not supported by the "
                          "Haskell subset (over lists and Maybe, into lists, Ordering, (), "
                          "Maybe, tuples, Map, Set and the program's monoids: see SUBSET.md)",
                          file, e.span[0], e.span[1])
    elems = "xs" if cont.key == "[]" else "(maybeToList xs)"
    tag = re.sub(r"\W", lambda m: f"_{ord(m.group()):x}", T.show_type(rest[1]))
    e.name = "%" + derived.helper(
        f"foldMap{cont.key.strip('[]')}{tag}#", "foldMap",
        f"f xs = foldr (\\x r -> {app} (f x) r) {emp} {elems}")
