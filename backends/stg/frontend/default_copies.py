"""A class's default method that uses a method with no argument of the class's type
(``sumV = foldr (|+|) zeroV`` with ``zeroV :: v``): the subset resolves such a method by the
type the checker gives it (it passes no dictionaries, and no argument can choose the
instance), which in the one shared default is the class's open variable. So each instance
of the program's class that leaves that method out gets a copy of the default as its own
method, checked at the instance's type, where the nullary method is the instance's: GHC's
instance method ``$csumV = $dmsumV $fVecV2`` with the dictionary known. The copy keeps the
default's name and cost centre (``sumV`` at the class's definition); like GHC's, a
point-free default is then evaluated once per instance (a CAF each). Every point-free
default is copied so (``width = length . pretty``), whatever it uses: GHC's is entered once
per instance dictionary. The shared default, then unused, is dropped."""

from __future__ import annotations

import copy
import dataclasses
import re

from . import syntax as S


def _type_text(sig: S.DSig, lines: list[str]) -> str:
    """The text of a signature's type (after ``::``, context dropped)."""
    text = " ".join(lines[sig.span[0] - 1:sig.span[2]])
    text = text[text.find("::") + 2:] if "::" in text else ""
    depth, cut = 0, 0
    for i, ch in enumerate(text):
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if depth == 0 and text.startswith("=>", i):
            cut = i + 2
    return text[cut:]


def _has_class_argument(text: str, tyvar: str) -> bool:
    """Does a function type ``text`` take an argument mentioning ``tyvar``?"""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if depth == 0 and text.startswith("->", i):
            parts.append(text[start:i])
            start = i + 2
    return any(re.search(rf"\b{re.escape(tyvar)}\b", p) for p in parts)


def _mentions(node: object, names: set[str]) -> bool:
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, S.EVar) and n.name in names or \
                isinstance(n, S.OpRef) and not n.is_con and n.name in names:
            return True
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif dataclasses.is_dataclass(n) and not isinstance(n, type):
            stack.extend(getattr(n, f.name) for f in dataclasses.fields(n))
    return False


def _point_free(d: S.DFun) -> bool:
    """A default bound without arguments (``width = length . pretty``): GHC evaluates it
    once per dictionary (``$dmwidth $fPrettyInt``, a thunk in each instance's dictionary),
    so its cost centre is entered once per instance, not once in all."""
    return all(not cl.pats for cl in d.clauses)


def copy_open_defaults(module: S.Module, source: str) -> None:
    """Give each instance of the program's classes a copy of the defaults it leaves out that
    use a method with no argument of the class's type (see the module docstring)."""
    lines = source.split("\n")
    classes = {c.name: c for c in module.decls if isinstance(c, S.DClass)}
    own = {name: {n for d in c.decls if isinstance(d, S.DSig) for n in d.names
                  if not _has_class_argument(_type_text(d, lines), c.tyvar)}
           for name, c in classes.items()}
    for c in classes.values():
        nullary = set(own[c.name])
        todo, seen = [s for s, _ in c.supers], {c.name}
        while todo:  # a superclass's nullary method too (`zero` in a Scaled default)
            sup = todo.pop()
            if sup in classes and sup not in seen:
                seen.add(sup)
                nullary |= own[sup]
                todo += [s for s, _ in classes[sup].supers]
        needing = {d.name: d for d in c.decls if isinstance(d, S.DFun) and (
            nullary and _mentions(d.clauses, nullary - {d.name}) or _point_free(d))}
        if not needing:
            continue
        for inst in module.decls:
            if isinstance(inst, S.DInst) and inst.cls == c.name:
                have = {d.name for d in inst.decls if isinstance(d, S.DFun)}
                inst.decls += [copy.deepcopy(d) for m, d in needing.items() if m not in have]
        # every instance has the method now: the shared default, unused, would be checked
        # at the open type (and refused there)
        c.decls = [d for d in c.decls if not (isinstance(d, S.DFun) and d.name in needing)]
