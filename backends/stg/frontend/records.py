"""Record syntax, resolved right after parsing into the subset's plain forms.

In: a parsed module whose data declarations may name their fields (``data P = P { px ::
Int, py, pz :: Double }``) and whose expressions and patterns may use them: construction
``P { px = 1, py = 2, pz = 3 }``, update ``p { px = 0 }`` and patterns ``P { px = x }`` /
``P {}``. Out: the same module with none of that left, as GHC's desugarer treats it:

* each field gets a selector function (``px (P x _ _) = x``, one clause per constructor that
  has the field), with ``-fprof-auto`` a cost centre named after the field at its declaration
  (GHC 9.0.2 gives selectors one), and ``No match in record selector px`` for a constructor
  without it;
* a construction is the constructor applied to the fields in declaration order, a missing
  field being ``error "...: Missing field in record construction px"``;
* an update is a ``case`` over the constructors that have every updated field, rebuilding the
  value with the new fields (``No match in record update`` otherwise), so it allocates what
  GHC -O0 allocates: one new constructor;
* a record pattern is the constructor pattern with wildcards for the fields not named.

A field that no constructor has, a field given twice, or a construction of a constructor
without it is a one-line ``SourceError`` at the field.
"""

from __future__ import annotations

import dataclasses
import itertools

from profkit.errors import SourceError

from . import syntax as S


class Fields:
    """Field tables of the module's data declarations."""

    def __init__(self, decls: list[S.Decl]) -> None:
        #: constructor -> its field names in order ("" for a positional field)
        self.of_con: dict[str, list[str]] = {}
        #: field -> the constructors that have it, in declaration order
        self.cons_of: dict[str, list[str]] = {}
        #: every constructor of the module's own types -> its arity
        self.arity: dict[str, int] = {}
        #: constructor -> all the constructors of its type
        self.siblings: dict[str, list[str]] = {}
        #: field -> the span of its name where it is declared
        self.span: dict[str, S.Span] = {}
        for d in decls:
            if isinstance(d, S.DData):
                self.span.update(d.field_spans)
                self.arity.update(d.cons)
                for con, _arity in d.cons:
                    self.siblings[con] = [c for c, _ in d.cons]
                for (con, _arity), names in zip(d.cons, d.fields):
                    if names:
                        self.of_con[con] = names
                        for f in names:
                            self.cons_of.setdefault(f, []).append(con)


def resolve(module: S.Module) -> None:
    """Rewrite every record form of ``module`` in place and add the selector functions."""
    fields = Fields(module.decls)
    counter = itertools.count(1)
    file = module.file
    for d in list(module.decls):
        _walk(d, fields, counter, file)
    selectors: list[S.Decl] = []
    for f, cons in fields.cons_of.items():
        clauses = []
        for con in cons:
            names = fields.of_con[con]
            pats: list[S.Pat] = [S.PVar("x", S.NOSPAN) if n == f else S.PWild(S.NOSPAN)
                                 for n in names]
            clauses.append(S.Clause(f, [S.PCon(con, pats, S.NOSPAN)],
                                    S.Rhs(S.EVar("x", S.NOSPAN), [], [], S.NOSPAN), S.NOSPAN))
        if len(cons) < len(fields.siblings[cons[0]]):  # GHC's message for the others
            clauses.append(S.Clause(f, [S.PWild(S.NOSPAN)], S.Rhs(
                _fail(f"No match in record selector {f}"), [], [], S.NOSPAN), S.NOSPAN))
        # -fprof-auto gives a selector its cost centre at the field's declaration, as GHC
        sp = fields.span.get(f, S.NOSPAN)
        selectors.append(S.DFun(f, clauses, sp, sp))
    module.decls.extend(selectors)


def _walk(node: object, fields: Fields, counter, file: str) -> object:
    """Replace record nodes below ``node`` (a dataclass, list or tuple); returns the node
    to put in its place."""
    if isinstance(node, list):
        for i, x in enumerate(node):
            node[i] = _walk(x, fields, counter, file)
        return node
    if isinstance(node, tuple):
        return tuple(_walk(x, fields, counter, file) for x in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        if isinstance(v, (list, tuple)) or dataclasses.is_dataclass(v):
            setattr(node, f.name, _walk(v, fields, counter, file))
    if isinstance(node, S.ERecord):
        return _expr(node, fields, counter, file)
    if isinstance(node, S.PRecord):
        return _pat(node, fields, file)
    return node


def _fail(msg: str) -> S.Expr:
    """``errorWithoutStackTrace msg``: GHC's run-time record errors have no call stack."""
    return S.EApp(S.EVar("errorWithoutStackTrace", S.NOSPAN), [S.ELit(msg, "String", S.NOSPAN)],
                  S.NOSPAN)


def _err(msg: str, file: str, span: S.Span) -> SourceError:
    return SourceError(msg, file, span[0], span[1])


def _wildcard(given: list[tuple[str, object, S.Span]], names: list[str], file: str,
              make) -> None:
    """``C {f = x, ..}`` (RecordWildCards): each field not named is ``make(field, span)``, a
    variable of the field's name (bound by a pattern, taken from scope by an expression)."""
    if not given or given[-1][0] != "..":
        return
    sp = given.pop()[2]
    if not names or not all(names):
        raise _err("Illegal `..' in record construction or pattern (the constructor has no "
                   "fields)", file, sp)
    named = {n for n, _v, _sp in given}
    given.extend((n, make(n, sp), sp) for n in names if n not in named)


def _check_fields(given: list[tuple[str, object, S.Span]], fields: Fields, file: str) -> None:
    seen: set[str] = set()
    for name, _v, sp in given:
        if name not in fields.cons_of:
            raise _err(f"`{name}' is not a (visible) field of any constructor", file, sp)
        if name in seen:
            raise _err(f"duplicate field name `{name}' in record", file, sp)
        seen.add(name)


def _expr(e: S.ERecord, fields: Fields, counter, file: str) -> S.Expr:
    if e.fields and e.fields[-1][0] == "..":
        if e.con is None:
            raise _err("Illegal `..' in record update", file, e.fields[-1][2])
        _wildcard(e.fields, fields.of_con.get(e.con, []), file, S.EVar)
    _check_fields(e.fields, fields, file)
    given = {name: (v, sp) for name, v, sp in e.fields}
    if e.con is not None:  # construction
        names = fields.of_con.get(e.con)
        if names is None:
            if e.fields:
                raise _err(f"Constructor `{e.con}' does not have field `{e.fields[0][0]}'",
                           file, e.fields[0][2])
            names = [""] * fields.arity.get(e.con, 0)  # C {} of a positional constructor
        for name, _v, sp in e.fields:
            if name not in names:
                raise _err(f"Constructor `{e.con}' does not have field `{name}'", file, sp)
        args: list[S.Expr] = []
        for n in names:
            if n in given:
                args.append(given[n][0])  # type: ignore[arg-type]
            else:
                where = S.format_span(file, e.span)
                args.append(_fail(f"{where}: Missing field in record construction {n}"
                                  .rstrip()))
        return S.EApp(S.ECon(e.con, e.span), args, e.span) if args else S.ECon(e.con, e.span)
    # update: the constructors that have every updated field
    assert e.expr is not None
    cons = [c for c in fields.of_con if all(n in fields.of_con[c] for n in given)]
    if not cons:
        raise _err("No constructor has all these fields: " + ", ".join(given), file, e.span)
    alts = []
    for c in cons:
        k = next(counter)
        olds = [f"upd'{k}'{i}" for i in range(len(fields.of_con[c]))]
        pat = S.PCon(c, [S.PVar(v, e.span) for v in olds], e.span)
        args = [given[n][0] if n in given else S.EVar(v, S.NOSPAN)  # type: ignore[misc]
                for n, v in zip(fields.of_con[c], olds)]
        alts.append(S.Alt(pat, S.Rhs(S.EApp(S.ECon(c, e.span), args, e.span), [], [],
                                     S.NOSPAN), S.NOSPAN))
    if len(cons) < len(fields.siblings[cons[0]]):
        msg = f"{S.format_span(file, e.span)}: Non-exhaustive patterns in record update"
        alts.append(S.Alt(S.PWild(S.NOSPAN), S.Rhs(_fail(msg), [], [], S.NOSPAN), S.NOSPAN))
    return S.ECase(e.expr, alts, e.span)


def _pat(p: S.PRecord, fields: Fields, file: str) -> S.Pat:
    _wildcard(p.fields, fields.of_con.get(p.con, []), file, S.PVar)
    names = fields.of_con.get(p.con)
    if names is None:
        if p.fields:
            raise _err(f"Constructor `{p.con}' does not have field `{p.fields[0][0]}'",
                       file, p.fields[0][2])
        # C {} matches any constructor, whatever its fields
        return S.PCon(p.con, [S.PWild(p.span)] * fields.arity.get(p.con, 0), p.span)
    given = {}
    for name, sub, sp in p.fields:
        if name not in names:
            raise _err(f"Constructor `{p.con}' does not have field `{name}'", file, sp)
        if name in given:
            raise _err(f"duplicate field name `{name}' in record", file, sp)
        given[name] = sub
    return S.PCon(p.con, [given.get(n, S.PWild(p.span)) for n in names], p.span)
