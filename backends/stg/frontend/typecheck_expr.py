"""Expressions, patterns and statements for the type checker (a mixin of
``typecheck.Checker``, split off for size), and the free variables a binding group's
dependency analysis needs."""

from __future__ import annotations

from . import syntax as S
from . import typecheck_types as T
from .lexer import Token
from .rename import decl_binders, pat_binders
from .typecheck_env import Scheme


class ExprChecker:
    """Needs from ``Checker``: fresh, inst_var, inst_con, cons, exist, exist_given, pred,
    unify_at, err, bind, mark, restore, bind_group, level, env, prelude, last_vs,
    section_uses."""

    # -- expressions ---------------------------------------------------------------------------
    def infer(self, e: S.Expr) -> T.Type:
        m = getattr(self, "_i_" + type(e).__name__)
        t = m(e)
        self.expr_types[id(e)] = (e, t)
        return t

    def check(self, e: S.Expr, expected: T.Type) -> None:
        """``e`` must have type ``expected``; a mismatch is reported at ``e``."""
        # the node is kept with its type: ids of nodes made here and dropped are reused
        self.expr_types[id(e)] = (e, expected)
        if isinstance(e, (S.EParen, S.ESCC)):
            self.check(e.expr, expected)
        elif isinstance(e, S.ELet):
            mark = self.mark()
            self.bind_group(e.decls)
            self.check(e.body, expected)
            self.restore(mark)
        elif isinstance(e, S.EIf):
            self.check(e.cond, T.BOOL)
            self.check(e.then, expected)
            self.check(e.else_, expected)
        elif isinstance(e, S.ECase):
            self.case_alts(e, expected)
        else:
            self.unify_at(expected, self.infer(e), e.span)

    def _i_EVar(self, e: S.EVar) -> T.Type:
        return self.use_var(e)

    def _i_ECon(self, e: S.ECon) -> T.Type:
        return self.inst_con(e.name, e.span)

    def _i_ELit(self, e: S.ELit) -> T.Type:
        return self.literal(e.kind, e.value, e.span)

    def literal(self, kind: str, value: object, span: S.Span, pattern: bool = False
                ) -> T.Type:
        if kind == "Char":
            return T.CHAR
        if kind == "String":
            # GHC's type checker gives a string literal the synonym String (a binder whose
            # type comes from one is String: `f k = ["ab", "cd"] !! k` is Int -> String);
            # the literal's own thunk is [Char] (desugar_types.expr_desc)
            return T.STRING
        v = self.fresh()
        text = repr(value) if kind == "Double" else str(value)
        origin = f"the literal `{text}'"
        self.pred("Num" if kind == "Int" else "Fractional", v, origin, span)
        if pattern:
            self.pred("Eq", v, origin, span)
        return v

    def _i_EApp(self, e: S.EApp) -> T.Type:
        ft = self.infer(e.fun)
        where = e.fun.span if e.is_op else e.span
        return self.apply(ft, e.fun, e.args, where)

    def apply(self, ft: T.Type, fun: S.Expr, args: list[S.Expr], where: S.Span) -> T.Type:
        orig = ft
        for i, a in enumerate(args):
            ft = T.prune(ft)
            sf = T.split_fun(ft)
            if sf is None:
                if isinstance(ft, T.TVar):
                    sf = (self.fresh(), self.fresh())
                    T.unify(ft, T.fn(*sf))
                else:
                    self.too_many_args(orig, ft, fun, len(args), i, where)
            self.check(a, sf[0])
            ft = sf[1]
        return ft

    def too_many_args(self, orig: T.Type, ft: T.Type, fun: S.Expr, n: int, have: int,
                      where: S.Span) -> None:
        namer = T.Namer()
        want = T.fn(self.fresh(), self.fresh())
        name = getattr(fun, "name", None)
        what = f"`{name}'" if name else "expression"
        plural = "argument" if n == 1 else "arguments"
        has = "none" if have == 0 else f"only {have}"
        raise self.err(f"Couldn't match expected type `{namer.show(want)}' with actual type "
                       f"`{namer.show(ft)}'; the function {what} is applied to {n} {plural}, "
                       f"but its type `{namer.show(orig)}' has {has}", where)

    def _i_ENeg(self, e: S.ENeg) -> T.Type:
        t = self.fresh()
        self.pred("Num", t, "a use of `negate'", e.span)
        self.check(e.expr, t)
        return t

    def _i_ELam(self, e: S.ELam) -> T.Type:
        mark = self.mark()
        binds: list[tuple[str, T.Type]] = []
        params = [self.infer_pat(p, binds) for p in e.pats]
        self.bind_all(binds)
        body = self.infer(e.body)
        self.restore(mark)
        return T.fns(params, body)

    def _i_ELet(self, e: S.ELet) -> T.Type:
        mark = self.mark()
        self.bind_group(e.decls)
        t = self.infer(e.body)
        self.restore(mark)
        return t

    def _i_EIf(self, e: S.EIf) -> T.Type:
        t = self.fresh()
        self.check(e, t)
        return t

    def _i_ECase(self, e: S.ECase) -> T.Type:
        t = self.fresh()
        self.case_alts(e, t)
        return t

    def case_alts(self, e: S.ECase, result: T.Type) -> None:
        st = self.infer(e.scrut)
        for alt in e.alts:
            mark = self.mark()
            binds: list[tuple[str, T.Type]] = []
            pt = self.infer_pat(alt.pat, binds)
            self.unify_at(st, pt, alt.pat.span)
            self.bind_all(binds)
            self.rhs(alt.rhs, result)
            self.restore(mark)

    def _i_EDo(self, e: S.EDo) -> T.Type:
        m = self.fresh()
        self.pred("Monad", m, "a do statement", e.span)
        mark = self.mark()
        for s in e.stmts[:-1]:
            if isinstance(s, S.SExpr):
                self.check(s.expr, T.TAp(m, self.fresh()))
            elif isinstance(s, S.SBind):
                a = self.fresh()
                self.check(s.expr, T.TAp(m, a))
                binds: list[tuple[str, T.Type]] = []
                pt = self.infer_pat(s.pat, binds)
                self.unify_at(a, pt, s.pat.span)
                self.bind_all(binds)
            else:
                self.bind_group(s.decls)
        last = e.stmts[-1]
        r = T.TAp(m, self.fresh())
        assert isinstance(last, S.SExpr)
        self.check(last.expr, r)
        self.restore(mark)
        return r

    def _i_ETuple(self, e: S.ETuple) -> T.Type:
        return T.tuple_of([self.infer(x) for x in e.items])

    def _i_EList(self, e: S.EList) -> T.Type:
        t = self.fresh()
        for x in e.items:
            self.check(x, t)
        return T.list_of(t)

    def _i_EArith(self, e: S.EArith) -> T.Type:
        t = self.fresh()
        self.pred("Enum", t, "an arithmetic sequence", e.span)
        for x in (e.start, e.then, e.end):
            if x is not None:
                self.check(x, t)
        return T.list_of(t)

    def _i_EComp(self, e: S.EComp) -> T.Type:
        mark = self.mark()
        for q in e.quals:
            self.qualifier(q, list_gen=True)
        t = self.infer(e.expr)
        self.restore(mark)
        return T.list_of(t)

    def qualifier(self, q: S.Stmt, list_gen: bool) -> None:
        """A comprehension qualifier (``list_gen``) or a guard; binds into the scope."""
        if isinstance(q, S.SExpr):
            self.check(q.expr, T.BOOL)
        elif isinstance(q, S.SBind):
            binds: list[tuple[str, T.Type]] = []
            if list_gen:
                a = self.fresh()
                self.check(q.expr, T.list_of(a))
            else:
                a = self.infer(q.expr)
            pt = self.infer_pat(q.pat, binds)
            self.unify_at(a, pt, q.pat.span)
            self.bind_all(binds)
        else:
            self.bind_group(q.decls)

    def _op_type(self, op: S.OpRef) -> T.Type:
        t = self.inst_con(op.name, op.span) if op.is_con else self.inst_var(op.name, op.span)
        self.expr_types[id(op)] = (op, t)  # a section's operator (fixed_ints.fixed_directed)
        sc = None if op.is_con else self.env.get(op.name) or self.prelude.get(op.name)
        if isinstance(sc, Scheme) and sc.preds:  # its context's types (open_methods' tags)
            self.section_uses.append((op, [(c, T.inst(pt, self.last_vs)) for c, pt in sc.preds]))
        return t

    def _op_expr(self, op: S.OpRef) -> S.Expr:
        return S.ECon(op.name, op.span) if op.is_con else S.EVar(op.name, op.span)

    def _i_ELeftSection(self, e: S.ELeftSection) -> T.Type:
        return self.apply(self._op_type(e.op), self._op_expr(e.op), [e.expr], e.op.span)

    def _i_ERightSection(self, e: S.ERightSection) -> T.Type:
        ft = self._op_type(e.op)
        a, b, c = self.fresh(), self.fresh(), self.fresh()
        self.unify_at(T.fn(a, T.fn(b, c)), ft, e.op.span)
        self.check(e.expr, b)
        return T.fn(a, c)

    def _i_ESCC(self, e: S.ESCC) -> T.Type:
        return self.infer(e.expr)

    def _i_EParen(self, e: S.EParen) -> T.Type:
        return self.infer(e.expr)

    def _i_ETyped(self, e: S.ETyped) -> T.Type:
        t = self.annotation(e)
        if t is None:
            return self.infer(e.expr)
        self.check(e.expr, t)
        return t

    # -- right-hand sides ------------------------------------------------------------------------
    def rhs(self, r: S.Rhs, result: T.Type) -> None:
        mark = self.mark()
        self.bind_group(r.where)
        if r.body is not None:
            self.check(r.body, result)
        for g in r.guards:
            gmark = self.mark()
            for q in g.quals:
                self.qualifier(q, list_gen=False)
            self.check(g.expr, result)
            self.restore(gmark)
        self.restore(mark)

    # -- patterns -------------------------------------------------------------------------------
    def open_con(self, name: str) -> T.Type:
        """The type of an existential constructor in a pattern: its existential variables
        are rigid there (new ones at each pattern), its context given (``exist_given``)."""
        sc = self.cons[name]
        n = self.exist[name]
        vs: list[T.Type] = [self.fresh() for _ in range(n)]
        for j in range(n, sc.n):  # (a fresh variable's number makes the key unique)
            k = self.fresh().id  # type: ignore[attr-defined]
            vs.append(T.TCon(f"!ex{k}", f"x{j - n}", True, f"a pattern of `{name}'"))
        self.exist_given += [(c, T.inst(t, vs)) for c, t in sc.preds]
        return T.inst(sc.type, vs)

    def infer_pat(self, p: S.Pat, binds: list[tuple[str, T.Type]]) -> T.Type:
        if isinstance(p, S.PVar):
            v = self.fresh()
            binds.append((p.name, v))
            return v
        if isinstance(p, S.PWild):
            return self.fresh()
        if isinstance(p, S.PLit):
            t = self.literal(p.kind, p.value, p.span, pattern=True)
            self.expr_types[id(p)] = (p, t)  # typecheck_inline.open_literals reads it
            return t
        if isinstance(p, S.PCon):
            t = self.inst_con(p.con, p.span) if p.con not in self.exist else \
                self.open_con(p.con)
            for a in p.args:
                sf = T.split_fun(t)
                if sf is None:
                    sf = (self.fresh(), self.fresh())
                    self.unify_at(T.fn(*sf), t, p.span)
                self.unify_at(sf[0], self.infer_pat(a, binds), a.span)
                t = sf[1]
            return t
        if isinstance(p, S.PTuple):
            return T.tuple_of([self.infer_pat(x, binds) for x in p.items])
        if isinstance(p, S.PList):
            t = self.fresh()
            for x in p.items:
                self.unify_at(t, self.infer_pat(x, binds), x.span)
            return T.list_of(t)
        if isinstance(p, S.PAs):
            t = self.infer_pat(p.pat, binds)
            binds.append((p.name, t))
            return t
        if isinstance(p, (S.PBang, S.PLazy)):
            return self.infer_pat(p.pat, binds)
        return self.fresh()


# ------------------------------------------------------------------------------ free variables


def fv_decl(d: S.Decl, bound: frozenset[str], targets: set[str], out: set[str]) -> None:
    """Names of ``targets`` that ``d`` refers to (not shadowed by a local binding)."""
    if isinstance(d, S.DFun):
        for c in d.clauses:
            names: list[tuple[str, S.Span]] = []
            for p in c.pats:
                pat_binders(p, names)
            fv_rhs(c.rhs, bound | {n for n, _ in names}, targets, out)
    elif isinstance(d, S.DPat):
        fv_rhs(d.rhs, bound, targets, out)


def _decls(decls: list[S.Decl], bound: frozenset[str], targets: set[str], out: set[str]
           ) -> frozenset[str]:
    inner = bound | {n for n, _ in decl_binders(decls)}
    for d in decls:
        fv_decl(d, inner, targets, out)
    return inner


def fv_rhs(r: S.Rhs, bound: frozenset[str], targets: set[str], out: set[str]) -> None:
    inner = _decls(r.where, bound, targets, out)
    if r.body is not None:
        fv_expr(r.body, inner, targets, out)
    for g in r.guards:
        b = _stmts(g.quals, inner, targets, out)
        fv_expr(g.expr, b, targets, out)


def _stmts(stmts: list[S.Stmt], bound: frozenset[str], targets: set[str], out: set[str]
           ) -> frozenset[str]:
    for q in stmts:
        if isinstance(q, S.SBind):
            fv_expr(q.expr, bound, targets, out)
            names: list[tuple[str, S.Span]] = []
            pat_binders(q.pat, names)
            bound = bound | {n for n, _ in names}
        elif isinstance(q, S.SLet):
            bound = _decls(q.decls, bound, targets, out)
        else:
            fv_expr(q.expr, bound, targets, out)
    return bound


def fv_expr(e: S.Expr, bound: frozenset[str], targets: set[str], out: set[str]) -> None:
    if isinstance(e, S.EVar):
        if e.name in targets and e.name not in bound:
            out.add(e.name)
    elif isinstance(e, S.EApp):
        fv_expr(e.fun, bound, targets, out)
        for a in e.args:
            fv_expr(a, bound, targets, out)
    elif isinstance(e, (S.ENeg, S.ESCC, S.ETyped, S.EParen)):
        fv_expr(e.expr, bound, targets, out)
    elif isinstance(e, S.ELam):
        names: list[tuple[str, S.Span]] = []
        for p in e.pats:
            pat_binders(p, names)
        fv_expr(e.body, bound | {n for n, _ in names}, targets, out)
    elif isinstance(e, S.ELet):
        fv_expr(e.body, _decls(e.decls, bound, targets, out), targets, out)
    elif isinstance(e, S.EIf):
        for x in (e.cond, e.then, e.else_):
            fv_expr(x, bound, targets, out)
    elif isinstance(e, S.ECase):
        fv_expr(e.scrut, bound, targets, out)
        for a in e.alts:
            names = []
            pat_binders(a.pat, names)
            fv_rhs(a.rhs, bound | {n for n, _ in names}, targets, out)
    elif isinstance(e, S.EDo):
        _stmts(e.stmts, bound, targets, out)
    elif isinstance(e, S.EComp):
        fv_expr(e.expr, _stmts(e.quals, bound, targets, out), targets, out)
    elif isinstance(e, (S.ETuple, S.EList)):
        for x in e.items:
            fv_expr(x, bound, targets, out)
    elif isinstance(e, S.EArith):
        for x in (e.start, e.then, e.end):
            if x is not None:
                fv_expr(x, bound, targets, out)
    elif isinstance(e, (S.ELeftSection, S.ERightSection)):
        if not e.op.is_con and e.op.name in targets and e.op.name not in bound:
            out.add(e.op.name)
        fv_expr(e.expr, bound, targets, out)


_TYPE_END = {"then", "else", "of", "in", "where", "let", "do", "if", "case", "=", "|", "<-",
             "..", "::", ",", ";", "}", "=", "\\"}


def type_tokens(toks: list[Token], k: int) -> list[Token]:
    """The tokens of the type after the ``::`` at ``toks[k - 1]``: up to a closing bracket,
    a comma or keyword outside brackets, or a line that starts left of the ``::`` (a type
    continued on the next line is indented past it, the next binding or statement is not)."""
    out: list[Token] = []
    depth = 0
    dcol = toks[k - 1].col
    while k < len(toks):
        t = toks[k]
        if t.kind == "scc" or depth == 0 and t.text in _TYPE_END and t.kind not in (
                "string", "char"):
            break
        if out and t.bol and depth == 0 and t.col <= dcol and not (
                t.kind == "reservedop" and t.text in ("->", "=>")):
            break
        if t.kind == "special" and t.text in "([":
            depth += 1
        elif t.kind == "special" and t.text in ")]":
            depth -= 1
            if depth < 0:
                break
        out.append(t)
        k += 1
    return out


def sccs(nodes: list[S.Decl]) -> list[list[S.Decl]]:
    """Strongly connected components of the bindings (by the names they use), in dependency
    order (Tarjan's algorithm, iterative)."""
    owner: dict[str, int] = {}
    for k, d in enumerate(nodes):
        for n, _ in decl_binders([d]):
            owner[n] = k
    targets = set(owner)
    edges: list[list[int]] = []
    for d in nodes:
        out: set[str] = set()
        fv_decl(d, frozenset(), targets, out)
        edges.append(sorted({owner[n] for n in out}))
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    result: list[list[S.Decl]] = []
    for root in range(len(nodes)):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            recurse = False
            while i < len(edges[v]):
                w = edges[v][i]
                i += 1
                if w not in index:
                    work.append((v, i))
                    work.append((w, 0))
                    recurse = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if recurse:
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                result.append([nodes[k] for k in sorted(comp)])
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return result
