"""Scope checking and fixity resolution.

Unknown variables and constructors raise ``SourceError`` at their position
(``Variable not in scope: foo``). Operator sequences are resolved with the Haskell 2010
algorithm (report section 10.6) using the Prelude's and the program's fixity declarations;
the result uses ``EApp(is_op=True)`` for operator applications and ``ENeg`` for negation.
"""

from __future__ import annotations

from . import syntax as S
from profkit.errors import SourceError

Fixity = tuple[str, int]  # (infixl | infixr | infix, precedence)
OpFix = tuple[str, int, str]  # fixity and the operator's name (for messages)
DEFAULT_FIXITY: Fixity = ("infixl", 9)
MAX_TUPLE = 15  # the largest tuple constructor in ir.BUILTIN_CONS (GHC's Show/Eq/Ord stop there)


def pat_binders(p: S.Pat, out: list[tuple[str, S.Span]]) -> None:
    if isinstance(p, S.PVar):
        out.append((p.name, p.span))
    elif isinstance(p, S.PAs):
        out.append((p.name, p.span))
        pat_binders(p.pat, out)
    elif isinstance(p, (S.PBang, S.PLazy)):
        pat_binders(p.pat, out)
    elif isinstance(p, S.PCon):
        for a in p.args:
            pat_binders(a, out)
    elif isinstance(p, (S.PTuple, S.PList)):
        for a in p.items:
            pat_binders(a, out)


def decl_binders(decls: list[S.Decl]) -> list[tuple[str, S.Span]]:
    out: list[tuple[str, S.Span]] = []
    for d in decls:
        if isinstance(d, S.DFun):
            out.append((d.name, d.name_span))
        elif isinstance(d, S.DPat):
            pat_binders(d.pat, out)
    return out


class Renamer:
    def __init__(self, file: str, globals_: set[str], cons: dict[str, int],
                 fixities: dict[str, Fixity]):
        self.file = file
        self.globals = globals_
        self.cons = cons  # constructor -> arity
        self.fix = fixities
        self._scope: frozenset[str] = frozenset()  # of the operator sequence being resolved

    def err(self, msg: str, span: S.Span) -> SourceError:
        return SourceError(msg, self.file, span[0], span[1])

    # -- scopes ----------------------------------------------------------------------------
    def check_var(self, name: str, span: S.Span, scope: frozenset[str]) -> None:
        if name not in scope and name not in self.globals:
            raise self.err(f"Variable not in scope: {name}", span)

    def check_con(self, name: str, span: S.Span) -> None:
        if name not in self.cons:
            raise self.err(f"Data constructor not in scope: {name}", span)

    def bind(self, scope: frozenset[str], names: list[tuple[str, S.Span]],
             distinct: bool = True) -> frozenset[str]:
        if distinct:
            seen: set[str] = set()
            for n, sp in names:
                if n in seen:
                    raise self.err(f"Conflicting definitions for `{n}'", sp)
                seen.add(n)
        return scope | {n for n, _ in names}

    # -- declarations -------------------------------------------------------------------------
    def decls(self, decls: list[S.Decl], scope: frozenset[str]) -> tuple[list[S.Decl],
                                                                          frozenset[str]]:
        binders = decl_binders(decls)
        inner = self.bind(scope, binders)
        bound = {n for n, _ in binders}
        out: list[S.Decl] = []
        for d in decls:
            if isinstance(d, S.DFun):
                for c in d.clauses:
                    self.clause(c, inner)
                out.append(d)
            elif isinstance(d, S.DPat):
                self.pat(d.pat)
                d.rhs = self.rhs(d.rhs, inner)
                out.append(d)
            elif isinstance(d, S.DSig):
                for n in d.names:  # GHC's check, in the signature's own group
                    if n not in bound:
                        raise self.err(f"The type signature for `{n}' lacks an accompanying "
                                       "binding", d.span)
                continue
            elif isinstance(d, S.DFixity) and not 0 <= d.prec <= 9:
                raise self.err(f"Precedence out of range: {d.prec}", d.span)
            else:
                out.append(d)
        return out, inner

    def clause(self, c: S.Clause, scope: frozenset[str]) -> None:
        names: list[tuple[str, S.Span]] = []
        for p in c.pats:
            self.pat(p)
            pat_binders(p, names)
        c.rhs = self.rhs(c.rhs, self.bind(scope, names))

    def rhs(self, r: S.Rhs, scope: frozenset[str]) -> S.Rhs:
        where, inner = self.decls(r.where, scope)
        r.where = where
        if r.body is not None:
            r.body = self.expr(r.body, inner)
        for g in r.guards:
            gscope = inner
            quals = []
            for q in g.quals:
                q2, gscope = self.stmt(q, gscope)
                quals.append(q2)
            g.quals = quals
            g.expr = self.expr(g.expr, gscope)
        return r

    def stmt(self, q: S.Stmt, scope: frozenset[str]) -> tuple[S.Stmt, frozenset[str]]:
        if isinstance(q, S.SBind):
            q.expr = self.expr(q.expr, scope)
            self.pat(q.pat)
            names: list[tuple[str, S.Span]] = []
            pat_binders(q.pat, names)
            return q, self.bind(scope, names)
        if isinstance(q, S.SLet):
            q.decls, inner = self.decls(q.decls, scope)
            return q, inner
        q.expr = self.expr(q.expr, scope)
        return q, scope

    def pat(self, p: S.Pat) -> None:
        if isinstance(p, S.PCon):
            self.check_con(p.con, p.span)
            if len(p.args) != self.cons[p.con]:
                n = self.cons[p.con]
                given = len(p.args) or "none"
                raise self.err(f"The constructor `{p.con}' should have {n} argument"
                               f"{'' if n == 1 else 's'}, but has been given {given}", p.span)
            for a in p.args:
                self.pat(a)
        elif isinstance(p, (S.PTuple, S.PList)):
            if isinstance(p, S.PTuple) and len(p.items) > MAX_TUPLE:
                raise self.err(f"tuples of more than {MAX_TUPLE} components are not supported",
                               p.span)
            for a in p.items:
                self.pat(a)
        elif isinstance(p, (S.PAs, S.PBang, S.PLazy)):
            self.pat(p.pat)
        names: list[tuple[str, S.Span]] = []
        pat_binders(p, names)
        self.bind(frozenset(), names)  # conflicting binders in one pattern

    # -- expressions ----------------------------------------------------------------------------
    def expr(self, e: S.Expr, scope: frozenset[str]) -> S.Expr:
        if isinstance(e, S.EVar):
            self.check_var(e.name, e.span, scope)
            e.local = e.name in scope
            return e
        if isinstance(e, S.ECon):
            self.check_con(e.name, e.span)
            return e
        if isinstance(e, S.ELit):
            return e
        if isinstance(e, S.EApp):
            e.fun = self.expr(e.fun, scope)
            e.args = [self.expr(a, scope) for a in e.args]
            return e
        if isinstance(e, S.EOpSeq):
            items = []
            for it in e.items:
                if isinstance(it, S.OpRef):
                    self.check_op(it, scope)
                    items.append(it)
                elif isinstance(it, S.NegMark):
                    items.append(it)
                else:
                    items.append(self.expr(it, scope))
            self._scope = scope  # operators bound locally are not the Prelude's (EVar.local)
            return self.resolve(items)
        if isinstance(e, S.ENeg):
            e.expr = self.expr(e.expr, scope)
            return e
        if isinstance(e, S.ELam):
            names: list[tuple[str, S.Span]] = []
            for p in e.pats:
                self.pat(p)
                pat_binders(p, names)
            e.body = self.expr(e.body, self.bind(scope, names))
            return e
        if isinstance(e, S.ELet):
            e.decls, inner = self.decls(e.decls, scope)
            e.body = self.expr(e.body, inner)
            return e
        if isinstance(e, S.EIf):
            e.cond = self.expr(e.cond, scope)
            e.then = self.expr(e.then, scope)
            e.else_ = self.expr(e.else_, scope)
            return e
        if isinstance(e, S.ECase):
            if not e.alts and self.file != "<generated>":
                raise self.err("Empty list of alternatives in case expression (use EmptyCase "
                               "to allow this)", e.span)
            e.scrut = self.expr(e.scrut, scope)
            for a in e.alts:
                self.pat(a.pat)
                names = []
                pat_binders(a.pat, names)
                a.rhs = self.rhs(a.rhs, self.bind(scope, names))
            return e
        if isinstance(e, (S.EDo, S.EComp)):
            stmts_scope = scope
            stmts = e.stmts if isinstance(e, S.EDo) else e.quals
            out = []
            for q in stmts:
                q2, stmts_scope = self.stmt(q, stmts_scope)
                out.append(q2)
            if isinstance(e, S.EDo):
                e.stmts = out
                if not isinstance(out[-1], S.SExpr):
                    raise self.err("The last statement in a 'do' block must be an expression",
                                   out[-1].span)
            else:
                e.quals = out
                e.expr = self.expr(e.expr, stmts_scope)
            return e
        if isinstance(e, (S.ETuple, S.EList)):
            if isinstance(e, S.ETuple) and len(e.items) > MAX_TUPLE:
                raise self.err(f"tuples of more than {MAX_TUPLE} components are not supported",
                               e.span)
            e.items = [self.expr(a, scope) for a in e.items]
            return e
        if isinstance(e, S.EArith):
            e.start = self.expr(e.start, scope)
            e.then = None if e.then is None else self.expr(e.then, scope)
            e.end = None if e.end is None else self.expr(e.end, scope)
            return e
        if isinstance(e, (S.ELeftSection, S.ERightSection)):
            self.check_op(e.op, scope)
            e.expr = self.expr(e.expr, scope)
            return e
        if isinstance(e, (S.ESCC, S.ETyped, S.EParen)):
            e.expr = self.expr(e.expr, scope)
            return e
        raise AssertionError(f"unknown expression {e!r}")

    def check_op(self, op: S.OpRef, scope: frozenset[str]) -> None:
        if op.is_con:
            self.check_con(op.name, op.span)
        else:
            self.check_var(op.name, op.span, scope)

    # -- fixity resolution (Haskell 2010 report, 10.6) ----------------------------------------
    def fixity(self, op: S.OpRef) -> Fixity:
        return self.fix.get(op.name, DEFAULT_FIXITY)

    def resolve(self, items: list) -> S.Expr:
        self._items = items
        self._pos = 0
        e = self.parse_neg(("infix", -1, ""))
        if self._pos != len(items):
            raise AssertionError("operator resolution did not consume everything")
        return e

    def parse_neg(self, op1: OpFix) -> S.Expr:
        t = self._items[self._pos]
        if isinstance(t, S.NegMark):
            if op1[1] >= 6:
                raise self.err(f"cannot mix `{op1[2]}' [{op1[0]} {op1[1]}] and prefix `-' "
                               "[infixl 6] in the same infix expression", t.span)
            self._pos += 1
            r = self.parse_neg(("infixl", 6, "-"))
            return self.parse1(op1, S.ENeg(r, S.join(t.span, r.span)))
        self._pos += 1
        return self.parse1(op1, t)

    def parse1(self, op1: OpFix, e1: S.Expr) -> S.Expr:
        while self._pos < len(self._items):
            op2ref = self._items[self._pos]
            fix1, prec1, name1 = op1
            fix2, prec2 = self.fixity(op2ref)
            if prec1 == prec2 and (fix1 != fix2 or fix1 == "infix"):
                raise self.err(f"Precedence parsing error: cannot mix `{name1}' [{fix1} "
                               f"{prec1}] and `{op2ref.name}' [{fix2} {prec2}] in the same "
                               "infix expression", op2ref.span)
            if prec1 > prec2 or (prec1 == prec2 and fix1 == "infixl"):
                return e1
            self._pos += 1
            r = self.parse_neg((fix2, prec2, op2ref.name))
            if op2ref.is_con:
                fun: S.Expr = S.ECon(op2ref.name, op2ref.span)
            else:
                fun = S.EVar(op2ref.name, op2ref.span)
                fun.local = op2ref.name in self._scope
            e1 = S.EApp(fun, [e1, r], S.join(e1.span, r.span), is_op=True)
        return e1


def collect_fixities(decls: list[S.Decl], into: dict[str, Fixity]) -> None:
    """Top-level fixity declarations (and, for simplicity, local ones) apply module-wide."""
    for d in decls:
        if isinstance(d, S.DFixity):
            for op in d.ops:
                into[op] = (d.assoc, d.prec)
        elif isinstance(d, S.DFun):
            for c in d.clauses:
                collect_fixities(c.rhs.where, into)


def rename_module(mod: S.Module, globals_: set[str], cons: dict[str, int],
                  fixities: dict[str, Fixity]) -> S.Module:
    """Check scopes and resolve operators of ``mod`` in place (returns it)."""
    r = Renamer(mod.file, globals_, cons, fixities)
    decls, _ = r.decls(mod.decls, frozenset())
    mod.decls = decls
    return mod
