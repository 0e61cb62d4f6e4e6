"""Where GHC 9.0.2's simplifier leaves a cost centre's note once code is inlined (issue 18):
mkTick on a constructor application splits a note (the constructor and its arguments'
closures allocated outside it, their code under it), and simplTick pushes a note around a
scrutinised match into the match (its count on the scrutinee, its scope in each
alternative). Used by known_con.py and case_chain.py."""

from __future__ import annotations

from .. import ir


def peel(s: ir.Expr, ticks: bool
          ) -> tuple[list[ir.Case | ir.Let], ir.Expr, ir.CostCentre | None]:
    """The sequencing cases and lets around ``s``'s value, the value, and (``ticks``) the
    cost centre of the counting note met first, made a count only (its note is split)."""
    outer: list[ir.Case | ir.Let] = []
    cc: ir.CostCentre | None = None
    while True:
        if isinstance(s, ir.Case) and not s.alts and s.default is not None and \
                (s.binder == "_" or isinstance(s.scrut, ir.LitE)):  # or a literal's name
            outer.append(s)
            s = s.default
        elif isinstance(s, ir.Let) and not s.rec:
            outer.append(s)
            s = s.body
        elif ticks and isinstance(s, ir.SCC) and s.count and cc is None:
            outer.append(ir.Case(ir.SCC(s.cc, ir.ConApp("()", []), True), "_", [], s.body))
            cc, s = s.cc, s.body
        else:
            return outer, s, cc


def rebuild(outer: list[ir.Case | ir.Let], out: ir.Expr) -> ir.Expr:
    """``out`` inside the cases and lets ``peel`` took off."""
    for w in reversed(outer):
        if isinstance(w, ir.Case):
            w.default = out
        else:
            w.body = out
        out = w
    return out


def ends_in_con(e: ir.Expr) -> bool:
    """Does ``e`` end, past lets and sequencing cases, in a constructor application?"""
    return isinstance(peel(e, ticks=False)[1], ir.ConApp)


def split_at_con(e: ir.Expr, cc: ir.CostCentre) -> None:
    """The closures bound on the way to ``e``'s constructor evaluate under ``cc`` (not
    counted): GHC's note pushed into a constructor application's arguments (a function's
    into its body, past the lambda)."""
    while True:
        if isinstance(e, ir.Case) and not e.alts and e.default is not None:
            e = e.default
        elif isinstance(e, ir.Let) and not e.rec:
            for b in e.binds:
                if isinstance(b.rhs, ir.Closure) and not (
                        isinstance(b.rhs.body, ir.SCC) and b.rhs.body.cc == cc):
                    b.rhs.body = ir.SCC(cc, b.rhs.body, False)
            e = e.body
        else:
            return


def unnoted(e: ir.Expr) -> ir.Expr:
    """``e`` past the uncounted notes around it."""
    while isinstance(e, ir.SCC) and not e.count:
        e = e.body
    return e


def push_inside(e: ir.Expr) -> ir.Case:
    """``scc<f> (case x of alts)`` (uncounted notes around a match) as GHC's simplTick
    leaves it when the match is scrutinised: the notes on the scrutinee and in each
    alternative, split there on a constructor application (``push_note``)."""
    notes: list[ir.CostCentre] = []
    while isinstance(e, ir.SCC):
        notes.append(e.cc)
        e = e.body
    assert isinstance(e, ir.Case)
    if not (isinstance(e.scrut, ir.App) and not e.scrut.args):
        for cc in reversed(notes):
            e.scrut = ir.SCC(cc, e.scrut, False)
    for h, f in [(a, "body") for a in e.alts] + \
            ([(e, "default")] if e.default is not None else []):
        x = getattr(h, f)
        for cc in reversed(notes):
            x = ir.SCC(cc, x, False)
        setattr(h, f, push_note(x))
    return e


def push_note(e: ir.Expr) -> ir.Expr:
    """``scc<f> (let s = .. in P [s])`` (an uncounted note, whole around an alternative of
    an inlined copy) as GHC's mkTick leaves a note on a constructor application: the
    constructor and its arguments' closures allocated outside it, their code under it."""
    notes: list[ir.CostCentre] = []
    body = e
    while isinstance(body, ir.SCC) and not body.count:
        notes.append(body.cc)
        body = body.body
    if not notes or not ends_in_con(body):
        return e
    for cc in reversed(notes):  # (the outer note's scope around the inner one's)
        split_at_con(body, cc)
    return body
