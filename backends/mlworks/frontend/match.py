"""Pattern-match compilation: each pattern becomes a list of tests and bindings on *paths*
(cheap IR expressions: a variable, ``EnvVar``, ``Select`` and ``Deref`` chains from it).

A match ``p1 => e1 | ... | pn => en`` on a value in variable ``v`` is lowered to
``If(tests(p1), bind(p1) in e1, If(tests(p2), ...,  fail))``: the failure continuation
appears once, so code size is linear in the patterns; a rule's tests are a short-circuit
conjunction evaluated left to right, so a test may assume the ones before it succeeded
(``Select`` of a constructor's argument only after its tag was checked). Rules whose first
tests are all tags of one datatype (or int/char constants) become a ``Switch``.

Data representation (see ``types.ConInfo``): nullary constructors are ``Int(tag)``, a
constructor with an argument is the pair ``(Int(tag), arg)``; lists are nil = ``Int(0)``,
cons = the pair ``(head, tail)`` itself; booleans 0/1; exceptions are records
``(name string, arg)`` compared by ``eqptr`` on field 0; tuples and records are pairs (2
fields) or records with fields in SML's label order.
"""

from __future__ import annotations

from typing import Callable

from profkit.errors import SourceError

from .. import ir
from . import syntax as S
from .types import (
    INTINF,
    ConInfo,
    ExnInfo,
    PrimInfo,
    TCon,
    TRec,
    VarInfo,
    prune,
    sorted_labels,
    word_rep,
)

Binds = list[tuple[VarInfo, ir.Expr]]


def record_labels(t) -> list[str]:
    t = prune(t)
    if not isinstance(t, TRec):
        raise SourceError("type error: unresolved flexible record type", "<input>", 0, 0)
    return sorted_labels(t.fields)


def select(labels: list[str], lab: str, v: ir.Expr) -> ir.Expr:
    return ir.Select(labels.index(lab), v)


def is_intinf_const(p: S.PConst) -> bool:
    """An integer constant pattern at type IntInf.int (compared structurally)."""
    t = prune(p.ty) if p.ty is not None else None
    return isinstance(t, TCon) and t.con is INTINF


def is_int(v: ir.Expr) -> ir.Expr:
    return ir.Prim("is_int", [v])


def not_(e: ir.Expr) -> ir.Expr:
    return ir.Prim("not", [e])


class PatternCompiler:
    """``exn_id(info)`` gives the IR expression of an exception's identity."""

    def __init__(self, exn_id: Callable[[ExnInfo], ir.Expr],
                 intinf_const: Callable[[int, S.PConst], ir.Expr] | None = None):
        self.exn_id = exn_id
        self.intinf_const = intinf_const  # an IntInf.int constant (lowerprims.intinf_const)

    def compile(self, p: S.Pat, v: ir.Expr, tests: list[ir.Expr], binds: Binds) -> None:
        if isinstance(p, S.PWild):
            return
        if isinstance(p, S.PTyped):
            self.compile(p.pat, v, tests, binds)
            return
        if isinstance(p, S.PAs):
            binds.append((p.bind, v))
            self.compile(p.pat, v, tests, binds)
            return
        if isinstance(p, S.PVar):
            if isinstance(p.bind, VarInfo):
                binds.append((p.bind, v))
            else:
                tests.extend(self.con_tests(p.bind, v))
            return
        if isinstance(p, S.PConst):
            if is_intinf_const(p):
                assert self.intinf_const is not None
                tests.append(ir.Runtime("structural_eq", [ir.Alloc("pair", [
                    v, self.intinf_const(int(p.value), p)])]))
                return
            if p.kind == "string":
                tests.append(ir.Runtime("string_eq", [ir.Alloc("pair", [
                    v, ir.String(p.value.encode("latin-1"))])]))
            else:
                c = (ord(p.value) if p.kind == "char" else word_rep(p.value)
                     if p.kind == "word" else p.value)
                tests.append(ir.Prim("eq", [v, ir.Int(c)]))
            return
        if isinstance(p, S.PRecord):
            labels = record_labels(p.ty)
            for lab, q in p.fields:
                self.compile(q, field_path(labels, lab, v), tests, binds)
            return
        if isinstance(p, S.PList):
            cur = v
            for q in p.items:
                tests.append(not_(is_int(cur)))
                self.compile(q, ir.Select(0, cur), tests, binds)
                cur = ir.Select(1, cur)
            tests.append(is_int(cur))
            return
        if isinstance(p, S.PCon):
            info = p.bind
            if isinstance(info, PrimInfo):  # ref
                self.compile(p.arg, ir.Deref(v), tests, binds)
                return
            tests.extend(self.con_tests(info, v))
            self.compile(p.arg, con_arg(info, v), tests, binds)
            return
        raise AssertionError(p)  # pragma: no cover

    def con_tests(self, info, v: ir.Expr) -> list[ir.Expr]:
        if isinstance(info, ExnInfo):
            return [ir.Prim("eqptr", [ir.Select(0, v), self.exn_id(info)])]
        assert isinstance(info, ConInfo)
        dt = info.datatype
        if dt.is_list:
            return [is_int(v)] if not info.has_arg else [not_(is_int(v))]
        if dt.name == "bool" and dt.n_valued == 0 and dt.n_nullary == 2 and dt.tycon.name == "bool":
            return [v] if info.tag == 1 else [not_(v)]
        if not info.has_arg:
            if dt.n_valued == 0:
                return [] if dt.n_nullary == 1 else [ir.Prim("eq", [v, ir.Int(info.tag)])]
            if dt.n_nullary == 1:
                return [is_int(v)]
            return [is_int(v), ir.Prim("eq", [v, ir.Int(info.tag)])]
        out: list[ir.Expr] = []
        if dt.n_nullary:
            out.append(not_(is_int(v)))
        if dt.n_valued > 1:
            out.append(ir.Prim("eq", [ir.Select(0, v), ir.Int(info.tag)]))
        return out


def field_path(labels: list[str], lab: str, v: ir.Expr) -> ir.Expr:
    return ir.Select(labels.index(lab), v)


def con_arg(info, v: ir.Expr) -> ir.Expr:
    """The argument of a constructed value (cons cells *are* their (head, tail) argument)."""
    if isinstance(info, ConInfo) and info.datatype.is_list:
        return v
    return ir.Select(1, v)


def conjunction(tests: list[ir.Expr]) -> ir.Expr:
    """Short-circuit AND of boolean IR expressions (non-empty list)."""
    out = tests[-1]
    for t in reversed(tests[:-1]):
        out = ir.If(t, out, ir.Int(0))
    return out


def is_irrefutable(p: S.Pat) -> bool:
    if isinstance(p, (S.PWild,)):
        return True
    if isinstance(p, S.PVar):
        return isinstance(p.bind, VarInfo)
    if isinstance(p, (S.PTyped,)):
        return is_irrefutable(p.pat)
    if isinstance(p, S.PAs):
        return is_irrefutable(p.pat)
    if isinstance(p, S.PRecord):
        return all(is_irrefutable(q) for _, q in p.fields)
    return False
