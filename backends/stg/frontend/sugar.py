"""Source-to-source rewrites done before STG generation: ``do`` blocks, list comprehensions,
arithmetic sequences. Generated nodes carry ``NOSPAN`` so that no automatic cost centre is
put on them (GHC adds its cost centres before desugaring, so they never see these)."""

from __future__ import annotations

import itertools

from . import syntax as S

NOSPAN = S.NOSPAN
_fresh = itertools.count(1)


def builtin(name: str) -> S.EVar:
    """A reference to a Prelude function that user definitions cannot shadow."""
    return S.EVar("%" + name, NOSPAN)


def fresh_name(base: str) -> str:
    return f"%{base}{next(_fresh)}"


def numbering(start: int = 1) -> itertools.count:
    """Make ``fresh_name`` number from ``start``; returns the numbering it replaces (to put
    back with ``resume``). A compile starts its own (pipeline: the names of a program do
    not depend on what the process compiled before), and the Prelude's desugaring has one
    apart (prelude_desugar: what it makes is the same with or without its cache entry)."""
    global _fresh
    old, _fresh = _fresh, itertools.count(start)
    return old


def resume(old: itertools.count) -> None:
    global _fresh
    _fresh = old


#: the Prelude's (>>), (>>=) and the value of a failed pattern (MonadFail's fail) per monad
MONAD_OPS = {"IO": (">>", ">>=", None), "Maybe": ("thenMaybe#", "bindMaybe#", "Nothing"),
             "[]": ("thenList#", "bindList#", "[]"), "Either": ("thenEither#", "bindEither#", None)}


def _fail(fail: str, span: S.Span, file: str) -> S.Expr:
    """The value of a failed pattern: base's Nothing or [], or a program's MonadFail
    instance's ``fail`` (a binding, ``failI3#``) applied to GHC's message."""
    if not fail.endswith("#"):
        return S.ECon(fail, NOSPAN)
    msg = "Pattern match failure in do expression at " + S.format_span(file, span)
    return S.EApp(builtin(fail), [S.ELit(msg, "String", NOSPAN)], NOSPAN)


def desugar_do(stmts: list[S.Stmt], monad: str = "IO",
               ops: tuple[str, str, str | None] | None = None, file: str = "") -> S.Expr:
    """``do`` in ``monad``: ``e; rest`` -> ``e >> rest``; ``p <- e; rest`` -> ``e >>= \\p ->
    rest``; ``let ds; rest`` -> ``let ds in rest``. In Maybe and lists a pattern that does
    not match gives ``fail``'s Nothing or [] (the report's translation), elsewhere an
    error. ``ops``: a program's monad's operations (directed_monads._user_monad)."""
    then_, bind, fail = ops or MONAD_OPS[monad]
    last = stmts[-1]
    assert isinstance(last, S.SExpr)
    result: S.Expr = last.expr
    for s in reversed(stmts[:-1]):
        if isinstance(s, S.SExpr):
            result = S.EApp(builtin(then_), [s.expr, result], NOSPAN)
        elif isinstance(s, S.SBind):
            if fail is not None and not isinstance(s.pat, (S.PVar, S.PWild)):
                v = fresh_name("p")
                rhs = S.Rhs(result, [], [], NOSPAN)
                other = S.Rhs(_fail(fail, getattr(s.pat, "span", s.span), file), [], [],
                              NOSPAN)
                body = S.ECase(S.EVar(v, NOSPAN), [S.Alt(s.pat, rhs, NOSPAN),
                                                  S.Alt(S.PWild(NOSPAN), other, NOSPAN)],
                               NOSPAN)
                lam = S.ELam([S.PVar(v, NOSPAN)], body, NOSPAN)
            else:
                lam = S.ELam([s.pat], result, NOSPAN)
            result = S.EApp(builtin(bind), [s.expr, lam], NOSPAN)
        else:
            result = S.ELet(s.decls, result, NOSPAN)
    return result


def desugar_arith(e: S.EArith) -> S.Expr:
    at = "I#" if e.at_int else ""  # base's Int instance: the Prelude's enumFromI# ...
    if e.then is None and e.end is None:
        return S.EApp(builtin("enumFrom" + at), [e.start], NOSPAN)
    if e.then is None:
        return S.EApp(builtin("enumFromTo" + at), [e.start, e.end], NOSPAN)  # type: ignore
    if e.end is None:
        return S.EApp(builtin("enumFromThen" + at), [e.start, e.then], NOSPAN)
    return S.EApp(builtin("enumFromThenTo" + at), [e.start, e.then, e.end], NOSPAN)


def desugar_comp(e: S.EComp) -> S.Expr:
    """Wadler's translation (as in the Haskell report's reference semantics, without
    concatMap): no intermediate lists, one local loop function per generator."""
    return _comp(e.expr, e.quals, S.ECon("[]", NOSPAN))


def _comp(body: S.Expr, quals: list[S.Stmt], tail: S.Expr) -> S.Expr:
    if not quals:
        return S.EApp(S.ECon(":", NOSPAN), [body, tail], NOSPAN)
    q, rest = quals[0], quals[1:]
    if isinstance(q, S.SExpr):
        return S.EIf(q.expr, _comp(body, rest, tail), tail, NOSPAN)
    if isinstance(q, S.SLet):
        return S.ELet(q.decls, _comp(body, rest, tail), NOSPAN)
    # generator: let h us = case us of [] -> tail; (p:us') -> [body|rest] ++ h us';
    #                                  (_:us') -> h us'  in h list
    h, us, us2 = fresh_name("h"), fresh_name("us"), fresh_name("us")
    call_rest = S.EApp(S.EVar(h, NOSPAN), [S.EVar(us2, NOSPAN)], NOSPAN)
    alts = [
        S.Alt(S.PCon("[]", [], NOSPAN), _rhs(tail), NOSPAN),
        S.Alt(S.PCon(":", [q.pat, S.PVar(us2, NOSPAN)], NOSPAN),
              _rhs(_comp(body, rest, call_rest)), NOSPAN),
        S.Alt(S.PCon(":", [S.PWild(NOSPAN), S.PVar(us2, NOSPAN)], NOSPAN),
              _rhs(call_rest), NOSPAN),
    ]
    case = S.ECase(S.EVar(us, NOSPAN), alts, NOSPAN)
    clause = S.Clause(h, [S.PVar(us, NOSPAN)], _rhs(case), NOSPAN, NOSPAN)
    fun = S.DFun(h, [clause], NOSPAN, NOSPAN)
    return S.ELet([fun], S.EApp(S.EVar(h, NOSPAN), [q.expr], NOSPAN), NOSPAN)


def _rhs(e: S.Expr) -> S.Rhs:
    return S.Rhs(e, [], [], NOSPAN)
