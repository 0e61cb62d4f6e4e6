"""Pattern-match compilation into STG case trees (the classic column-wise algorithm of
Wadler / Augustsson, SPJ's book chapter 5).

A row is a list of patterns (one per scrutinee variable), the source names its earlier
columns bound, and a right-hand side builder. Rows are split into blocks by the kind of their
first pattern (variable, constructor/literal, bang); a failing block falls through to the
remaining rows by *regenerating* their code at each failure point (no run-time join point
closure is allocated, so a multi-clause function costs nothing extra per call).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import ir
from .typecheck_inline import is_open_literal
from . import syntax as S

RhsBuilder = Callable[[dict[str, str], "FailK"], ir.Expr]


@dataclass
class FailK:
    """What to do when matching fails: raise ``msg`` or run ``build()``."""

    msg: str | None = None
    build: Callable[[], ir.Expr] | None = None

    def expr(self) -> ir.Expr:
        if self.build is not None:
            return self.build()
        return raise_expr(self.msg or "Non-exhaustive patterns")

    def default(self) -> tuple[ir.Expr | None, str]:
        """(Case default, fail_msg) for a Case whose alternatives may not cover the value."""
        if self.build is not None:
            return self.build(), "Non-exhaustive patterns in case"
        return None, self.msg or "Non-exhaustive patterns"


def raise_expr(msg: str) -> ir.Expr:
    """An expression that fails with ``msg``: a case with no alternative that matches."""
    return ir.Case(ir.ConApp("()", []), "_", [], None, msg)


@dataclass
class Row:
    pats: list[S.Pat]
    binds: dict[str, str] = field(default_factory=dict)
    rhs: RhsBuilder | None = None


def _chars_to_pat(s: str, span: S.Span) -> S.Pat:
    p: S.Pat = S.PCon("[]", [], span)
    for ch in reversed(s):
        p = S.PCon(":", [S.PLit(ch, "Char", span), p], span)
    return p


def normalise(p: S.Pat, var: str, binds: dict[str, str], strings: bool = False) -> S.Pat:
    """Strip as-patterns, lazy marks and variables (recording bindings) and turn tuples,
    lists and string literals into constructor patterns (``strings``: a literal of two
    characters or more is kept, for GHC's ``eqString`` test)."""
    while True:
        if isinstance(p, S.PAs):
            binds[p.name] = var
            p = p.pat
        elif isinstance(p, S.PLazy):
            p = p.pat  # (a ~p binding variables is Matcher._lazy's; the rest are strict)
        elif isinstance(p, S.PVar):
            binds[p.name] = var
            return S.PWild(p.span)
        elif isinstance(p, S.PTuple):
            return S.PCon("(" + "," * (len(p.items) - 1) + ")", p.items, p.span)
        elif isinstance(p, S.PList):
            out: S.Pat = S.PCon("[]", [], p.span)
            for item in reversed(p.items):
                out = S.PCon(":", [item, out], p.span)
            return out
        elif isinstance(p, S.PLit) and p.kind == "String":
            if strings and len(str(p.value)) >= 2:
                return p
            return _chars_to_pat(str(p.value), p.span)
        else:
            return p


def _kind(p: S.Pat) -> str:
    if isinstance(p, S.PWild):
        return "var"
    if isinstance(p, S.PBang):
        return "bang"
    if isinstance(p, S.PLit) and p.kind == "String":
        return "str"
    return "con"


class Matcher:
    """Mixin for the desugarer: needs ``fresh(base)``, ``datacons``, ``evaluated``."""

    datacons: dict[str, ir.DataCon]
    evaluated: set[str]
    #: the ``let``s of irrefutable patterns' selector thunks (a lambda's note goes inside)
    lazy_lets: set[int]

    def fresh(self, base: str) -> str:  # pragma: no cover - provided by the desugarer
        raise NotImplementedError

    def match(self, vars_: list[str], rows: list[Row], fail: FailK,
              scrut: ir.Expr | None = None) -> ir.Expr:
        """Match ``vars_`` against ``rows``. ``scrut``, if given, is the not yet evaluated
        expression that ``vars_[0]`` stands for (a ``case`` scrutinee)."""
        if not rows:
            if scrut is not None:
                return self._bind_lazily(vars_[0], scrut, fail.expr())
            return fail.expr()
        if not vars_:
            first = rows[0]
            assert first.rhs is not None
            if len(rows) == 1:
                return first.rhs(first.binds, fail)
            rest = rows[1:]
            return first.rhs(first.binds,
                             FailK(build=lambda: self.match([], rest, fail)))
        v = vars_[0]
        norm: list[Row] = []
        for r in rows:
            r = self._lazy(r, v)
            binds = dict(r.binds)
            p0 = normalise(r.pats[0], v, binds, self.module_name() == "Main")
            norm.append(Row([p0] + r.pats[1:], binds, r.rhs))
        kind = _kind(norm[0].pats[0])
        n = 1
        while n < len(norm) and _kind(norm[n].pats[0]) == kind:
            n += 1
        block, rest = norm[:n], norm[n:]
        sub_fail = fail if not rest else FailK(
            build=lambda: self.match(vars_, rest, fail))
        if kind == "var":
            if scrut is not None:
                return self._bind_lazily(v, scrut, self.match(vars_, rows, fail))
            return self.match(vars_[1:], [Row(r.pats[1:], r.binds, r.rhs) for r in block],
                              sub_fail)
        if kind == "bang":
            if scrut is not None:
                ev, scrut_e = v, scrut
            else:
                ev, scrut_e = self.fresh("bang"), ir.App(v, [])
            self.evaluated.add(ev)
            inner = [Row([r.pats[0].pat] + r.pats[1:], r.binds, r.rhs)  # type: ignore
                     for r in block]
            body = self.match([ev] + vars_[1:], inner, sub_fail)
            return ir.Case(scrut_e, ev, [], body)
        if kind == "str":
            if scrut is not None:  # the scrutinee evaluated, then tested
                self.evaluated.add(v)
                return ir.Case(scrut, v, [], self._string_tests(v, vars_[1:], block,
                                                                 sub_fail))
            return self._string_tests(v, vars_[1:], block, sub_fail)
        return self._con_block(v, vars_[1:], block, sub_fail, scrut)

    def _lazy(self, r: Row, v: str) -> Row:
        """An irrefutable pattern ``~p`` binding variables: nothing is matched; each
        variable is a selector thunk of ``v`` (``case v of p -> x``), made before the
        right-hand side, as GHC's desugarer makes them (no cost centre of their own)."""
        from .rename import pat_binders
        p = r.pats[0]
        if not isinstance(p, S.PLazy) or isinstance(p.pat, (S.PVar, S.PWild)):
            return r
        names: list[tuple[str, S.Span]] = []
        pat_binders(p.pat, names)
        if not names or r.rhs is None:
            return Row([S.PWild(p.span)] + r.pats[1:], r.binds, r.rhs)
        inner, rhs = p.pat, r.rhs
        msg = f"{S.format_span(self.file, p.span)}: Irrefutable pattern failed for pattern"

        def lazily(bs: dict[str, str], fail: FailK) -> ir.Expr:
            sels, bs = [], dict(bs)
            for n, _ in names:
                def pick(b: dict[str, str], _f: FailK, n: str = n) -> ir.Expr:
                    return ir.App(b[n], [])
                sel = self.match([v], [Row([inner], {}, pick)], FailK(msg))
                t = self.fresh(n)
                info = ir.ClosureInfo(t, self.module_name())
                sels.append(ir.Bind(t, ir.Closure([], sel, info, True)))
                bs[n] = t
            out = ir.Let(sels, rhs(bs, fail))
            self.lazy_lets.add(id(out))
            return out
        return Row([S.PWild(p.span)] + r.pats[1:], r.binds, lazily)

    def _string_tests(self, v: str, others: list[str], block: list[Row], fail: FailK
                      ) -> ir.Expr:
        """String literal patterns of two characters or more: GHC tests ``eqString v sat``
        with ``sat`` a thunk of ``unpackCString# "lit"#`` (2 words), made for each test and
        unpacked as far as the comparison goes (shapes/strpats). GHC's matchLiterals groups
        the rows by literal and tests the literals in their sorted order (a Map), each
        group's rows under its test, falling through to the next literal's test (ledger's
        "dep", "tr", "wd"). GHC's fall-through is a join point; here a group's failing rows
        run the later tests (all false: their cost, GHC's) then ``fail``, so the code grows
        with the literals' number, not exponentially (a dispatcher of 14 commands)."""
        groups: dict[str, list[Row]] = {}
        for r in block:
            groups.setdefault(str(r.pats[0].value), []).append(r)  # type: ignore[union-attr]
        order = sorted(groups, key=lambda t: t.encode())

        def eq_test(i: int, alts: list[ir.ConAlt | ir.LitAlt], default: ir.Expr | None
                    ) -> ir.Expr:
            lit = self.fresh("sat_s")
            unpack = ir.App("unpackCString#", [ir.Lit(order[i], "String")])
            thunk = ir.Closure([], unpack, ir.ClosureInfo(lit.replace("_s_", "_s"),
                                                          self.module_name()), True)
            eq = ir.App(self.prelude["eqString#"], [ir.Var(v), ir.Var(lit)])  # type: ignore
            return ir.Let([ir.Bind(lit, thunk)], ir.Case(eq, "_", alts, default))

        def after(i: int) -> ir.Expr:  # literal i matched, its rows failed
            out = fail.expr()
            for j in reversed(range(i + 1, len(order))):
                out = eq_test(j, [], out)
            return out

        out = fail.expr()
        for i in reversed(range(len(order))):
            rows = [Row(r.pats[1:], r.binds, r.rhs) for r in groups[order[i]]]
            yes = self.match(others, rows, FailK(build=lambda i=i: after(i)))
            out = eq_test(i, [ir.ConAlt("True", [], yes), ir.ConAlt("False", [], out)], None)
        return out

    def _bind_lazily(self, v: str, scrut: ir.Expr, body: ir.Expr) -> ir.Expr:
        # GHC's desugarer binds a case scrutinee it must keep lazy to ds_sNNN
        name = "ds_s" + v.rsplit("_", 1)[-1] if "_" in v else "ds"
        thunk = ir.Closure([], scrut, ir.ClosureInfo(name, self.module_name()), True)
        return ir.Let([ir.Bind(v, thunk)], body)

    def _num_dict(self, pats: list[S.Pat]) -> str | None:
        """The variable of the Num dictionary an open literal pattern's thunk holds (a
        generalised function's own: ``dict_uses``), if any."""
        uses = getattr(self.types, "dict_uses", {})
        for p in pats:
            use = uses.get(id(p))
            if use is None or use[0] is not p:
                continue
            for c, k in use[1]:
                var = self.cur_dicts.get((c, k))
                if var is None and k in self.dicts_by_var:
                    var = next((x for (_, k2), x in self.cur_dicts.items() if k2 == k), None)
                if var is not None:
                    return var
        return None

    def _open_lit_tests(self, scrut_e: ir.Expr, v: str, binder: str,
                        alts: list[ir.ConAlt | ir.LitAlt], default: ir.Expr | None,
                        msg: str | None, integer: bool = False,
                        dict_var: str | None = None) -> ir.Expr:
        """Literal patterns at a type variable: GHC tests ``== $dEq v lit`` one literal
        after the other, each literal a ``fromInteger $dNum (IS n)`` thunk made and forced
        by its test (typecheck_inline.open_literals), holding the dictionary ``dict_var``
        where the function has it; ``integer``: the binding is inlined at Integer, whose
        fromInteger is the identity."""
        lit_fn = "fromIntegerLitZ#" if integer else "fromIntegerLit#"
        out: ir.Expr | None = None
        for alt in reversed(alts):
            assert isinstance(alt, ir.LitAlt)
            test = ir.Case(ir.App(v, []), "_", [alt], out if out is not None else default,
                           msg if out is None else None)
            lit = self.fresh("sat_s")
            lit_e: ir.Expr = ir.App(self.prelude[lit_fn], [alt.lit])
            if dict_var is not None:
                lit_e = ir.Case(ir.App(dict_var, []), "_", [], lit_e)
            thunk = ir.Closure([], lit_e,
                               ir.ClosureInfo(lit.replace("_s_", "_s"), self.module_name()),
                               True)
            out = ir.Let([ir.Bind(lit, thunk)], ir.Case(ir.App(lit, []), "_", [], test))
        assert out is not None
        return ir.Case(scrut_e, binder, [], out)

    def _boxed_lit_tests(self, scrut_e: ir.Expr, v: str, binder: str,
                         alts: list[ir.ConAlt | ir.LitAlt], default: ir.Expr | None,
                         msg: str | None, negated: set[object]) -> ir.Expr:
        """Literal patterns at Integer or Double: GHC tests ``== v (IS n)`` one literal after
        the other, allocating each literal's box for its test (16 bytes, GHC 9.0.2); a
        negative one (value in ``negated``) is a thunk of ``negate`` on the box, made before
        its test and forced by it (48 bytes: shapes/neglit2)."""
        from .literals import box_alloc
        out: ir.Expr | None = None
        for alt in reversed(alts):
            assert isinstance(alt, ir.LitAlt)
            test = ir.Case(ir.App(v, []), "_", [alt], out if out is not None else default,
                           msg if out is None else None)
            value = alt.lit.value
            if value not in negated:
                out = ir.Case(box_alloc(alt.lit), self.fresh("sat_s"), [], test)
                continue
            x, lit = self.fresh("x"), self.fresh("sat_s")
            pos = ir.Lit(-value, alt.lit.kind)  # type: ignore[operator]
            body = ir.Case(box_alloc(pos), x, [], ir.PrimOp("negate", [ir.Var(x)]))
            thunk = ir.Closure([], body, ir.ClosureInfo(lit.replace("_s_", "_s"),
                                                        self.module_name()), True)
            out = ir.Let([ir.Bind(lit, thunk)], ir.Case(ir.App(lit, []), "_", [], test))
        assert out is not None
        return ir.Case(scrut_e, binder, [], out)

    def module_name(self) -> str:  # pragma: no cover - provided by the desugarer
        raise NotImplementedError

    def _con_block(self, v: str, others: list[str], block: list[Row], fail: FailK,
                   scrut: ir.Expr | None) -> ir.Expr:
        first = block[0].pats[0]
        binder = v if scrut is not None else "_"
        scrut_e = scrut if scrut is not None else ir.App(v, [])
        if scrut is not None:
            self.evaluated.add(v)
        if isinstance(first, S.PLit):
            order: list[tuple[object, str]] = []
            for r in block:
                p = r.pats[0]
                assert isinstance(p, S.PLit)
                key = (p.value, p.kind)
                if key not in order:
                    order.append(key)
            lit_alts: list[ir.ConAlt | ir.LitAlt] = []
            for value, kind in order:
                sub = [Row(r.pats[1:], r.binds, r.rhs) for r in block
                       if (r.pats[0].value, r.pats[0].kind) == (value, kind)]  # type: ignore
                lit_alts.append(ir.LitAlt(ir.Lit(value, kind), self.match(others, sub, fail)))
            default, msg = fail.default()
            types = getattr(self, "types", None)
            if types is not None and any(is_open_literal(types, r.pats[0]) for r in block):
                z = any(getattr(r.pats[0], "integer", False) for r in block)
                dict_var = self._num_dict([r.pats[0] for r in block])
                return self._open_lit_tests(scrut_e, v, binder, lit_alts, default, msg, z,
                                            dict_var)
            if self.module_name() == "Main" and \
                    any(getattr(r.pats[0], "integer", False) or
                        r.pats[0].kind == "Double" for r in block):  # type: ignore
                negated = {r.pats[0].value for r in block if r.pats[0].negated}  # type: ignore
                return self._boxed_lit_tests(scrut_e, v, binder, lit_alts, default, msg,
                                             negated)
            return ir.Case(scrut_e, binder, lit_alts, default, msg)
        cons: list[str] = []
        for r in block:
            c = r.pats[0].con  # type: ignore[union-attr]
            if c not in cons:
                cons.append(c)
        alts: list[ir.ConAlt | ir.LitAlt] = []
        for c in cons:
            arity = self.datacons[c].arity
            fields = [self.fresh("ds") for _ in range(arity)]
            sub = [Row(list(r.pats[0].args) + r.pats[1:], r.binds, r.rhs)  # type: ignore
                   for r in block if r.pats[0].con == c]  # type: ignore[union-attr]
            alts.append(ir.ConAlt(c, fields, self.match(fields + others, sub, fail)))
        types = {self.datacons[c].type_name for c in cons}
        tname = next(iter(types))
        all_cons = [d.name for d in self.datacons.values() if d.type_name == tname]
        # a case over several types (the Prelude's run-time dispatch) is never complete
        # (the Prelude dispatches on run-time types, so there a later row is kept even
        # after a complete set of constructors of one type)
        complete = len(types) == 1 and set(all_cons) <= set(cons)
        if complete and (fail.build is None or self.module_name() != "Prelude"):
            return ir.Case(scrut_e, binder, alts, None, fail.msg or "Non-exhaustive patterns")
        default, msg = fail.default()
        return ir.Case(scrut_e, binder, alts, default, msg)
