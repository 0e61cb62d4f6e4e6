"""Case of a known constructor, as GHC -O0's simplifier does it (issue 18).

When a small function is inlined at a call whose argument is a constructor application
(``g (P i j)`` with ``g (P a b) = a + b``), or a function whose body is one is inlined where
its result is scrutinised, the program's code is left with ``let c = P i j in .. case c of
P a b -> e``. GHC's simplifier replaces such a ``case`` by ``e`` with the fields for ``a``
and ``b``, and the constructor, now unused, is never allocated (GHC 9.0.2: ``f i = g (P i
i)`` allocates nothing in ``f``). A constructor with strict fields is first an application
of its wrapper (``desugar_app.strict_con``): a thunk that evaluates the strict arguments and
builds the constructor; the simplifier inlines that thunk, used once, into the ``case``, so
the evaluations stay and the constructor goes.

This pass does the same on the program's own code after the inliners: a constructor (or a
strict constructor's thunk) bound by a ``let`` and used exactly once, by a ``case`` that
names no binder, is dissolved into the alternative it selects; one whose case binder is used
(or used elsewhere too) gives the alternative its fields, the binder standing for the
constructor, which is allocated where it is used once the cases on it are gone (``sink``).
The steps that bring a thunk's code to a case first are case_chain.py's.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from .case_chain import count_only, is_seq, scrutinee_chain
from .notes import (ends_in_con, peel, push_inside, push_note, rebuild, split_at_con,
                    unnoted)
from .inline_once import beta, count_uses, subst


def case_of_known_con(program: ir.Program, strict_thunks: set[str],
                      seqs: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """Dissolve the program's (module Main's) cases of known constructors, in place.
    ``strict_thunks``: the names of the thunks of strict constructors' applications;
    ``seqs``: the binders of seq's cases."""
    nullary = {b.name: b.rhs.con for b in program.binds  # ($WTrue: static, no fields)
               if isinstance(b.rhs, ir.ConRhs) and not b.rhs.args}
    for top in program.binds:
        if top.module != "Main" or not isinstance(top.rhs, ir.Closure):
            continue
        counts: dict[str, int] = {}
        count_uses(top.rhs.body, counts)
        walk = _Walk(counts, strict_thunks, seqs)
        walk.nullary = nullary
        top.rhs.body = walk.expr(top.rhs.body, {})


# a known value: its binding, the constructor's name and fields (None for a strict
# constructor's thunk), the depth of lambdas it was bound under
Known = tuple[ir.Bind, "str | None", "list[ir.Atom] | None", int]


class _Walk:
    """Binders are unique, so one table of the known values serves every scope."""

    def __init__(self, counts: dict[str, int], strict_thunks: set[str], seqs: set[str]):
        self.counts = counts
        self.strict_thunks = strict_thunks
        self.seqs = seqs
        # a known constructor bound for a case binder (``sink``): placed where it is used
        self.sinks: dict[str, ir.Bind] = {}
        self.dead: set[str] = set()
        self.depth = 0  # lambdas entered
        self.serial = 0  # of the copies' names (case_of_case)
        self.lits: dict[str, ir.Lit] = {}  # variables bound to a literal (``case 3 of n``)
        self.nullary: dict[str, str] = {}  # static nullary constructors' names: their con
        self.pushes = 0  # notes entered
        self.operand = 0  # operands' scrutinees entered (``case e of x -> +# x 1``)
        # the thunks let-bound, with the lambdas and notes they are bound under
        self.thunks: dict[str, tuple[ir.Bind, int, int]] = {}

    def expr(self, e: ir.Expr, known: dict[str, Known]) -> ir.Expr:
        if isinstance(e, ir.Let):
            # a chain of lets (a long list literal's cells) walked without recursion
            chain: list[ir.Let] = []
            while isinstance(e, ir.Let):
                chain.append(e)
                for b in e.binds:
                    if isinstance(b.rhs, ir.Closure):
                        self.depth += bool(b.rhs.params)
                        b.rhs.body = self.expr(b.rhs.body, known)
                        self.depth -= bool(b.rhs.params)
                for b in e.binds:  # (the group's own uses are walked: not inlined)
                    if isinstance(b.rhs, ir.Closure) and not b.rhs.params and \
                            b.name not in self.strict_thunks:
                        self.thunks[b.name] = (b, self.depth, self.pushes)
                if not e.rec:
                    for b in e.binds:
                        if isinstance(b.rhs, ir.ConRhs):
                            known[b.name] = (b, b.rhs.con, b.rhs.args, self.depth)
                        elif b.name in self.strict_thunks and not b.rhs.params:
                            known[b.name] = (b, None, None, self.depth)
                e = e.body
            out = self.expr(e, known)
            for let in reversed(chain):
                let.body = out
                let.binds = [b for b in let.binds if b.name not in self.dead]
                if len(let.binds) == 1 and let.binds[0].name in self.sinks:
                    out = self.sink(let.binds[0], out)
                    continue
                out = let if let.binds else let.body
            return out
        if isinstance(e, ir.SCC):
            branch = e.count and isinstance(e.body, ir.Case) and bool(e.body.alts)
            self.pushes += 1
            e.body = self.expr(e.body, known)
            self.pushes -= 1
            if branch and ends_in_con(e.body):  # a match decided here: mkTick's split
                split_at_con(e.body, e.cc)
                return ir.Case(ir.SCC(e.cc, ir.ConApp("()", []), True), "_", [], e.body)
            return e
        if isinstance(e, ir.Case):
            seq = not e.alts and is_seq(e.binder, self.seqs)
            if e.alts or seq:
                counts, e = scrutinee_chain(self, e, known)
                if counts:
                    return count_only(counts, self.expr(e, known))
            if isinstance(e.scrut, ir.LitE) and e.binder != "_" and not e.alts:
                self.lits[e.binder] = e.scrut.lit
            out = self.dissolve(e, known)
            if out is not None:
                return self.expr(out, known)
            if e.alts or seq:  # a pattern match or a seq
                if isinstance(e.scrut, ir.App) and not e.scrut.args:
                    self.binder_swap(e)
                e.scrut = self.expr(e.scrut, known)
            else:  # the model's evaluation of an operand (GHC passes a thunk to a method:
                # `x + 1`, an open literal's `==` test): left as it is
                self.operand += 1
                e.scrut = self.expr(e.scrut, known)
                self.operand -= 1
            for alt in e.alts:
                alt.body = self.expr(alt.body, known)
            if e.default is not None:
                e.default = self.expr(e.default, known)
            return e
        if isinstance(e, ir.App) and not e.args:
            return self.used_once(e, known)
        return e

    def binder_swap(self, e: ir.Case) -> None:
        """``case t of b { alts }`` with ``t`` a thunk: ``t``'s uses in ``alts`` are ``b``'s
        (GHC's occurrence analyser swaps them), so ``t``, now used once, can be inlined
        into the scrutinee (``used_once``: ``let y = h x in case y of 0 -> ..; _ -> Just y``
        allocates no thunk for ``y`` in GHC 9.0.2)."""
        assert isinstance(e.scrut, ir.App)
        t = e.scrut.fun
        if t not in self.thunks or t in self.dead:
            return
        inside: dict[str, int] = {}
        for body in [a.body for a in e.alts] + ([e.default] if e.default is not None else []):
            count_uses(body, inside)
        n = inside.get(t, 0)
        # (a constructor sunk to its use inside the alternatives holds ``t``: lazyrec22's
        # ``Counts e x y`` after ``x `seq` ..``, GHC's ``case x of wild3 -> Counts .. wild3 ..``)
        holders = [b for b in self.sinks.values() if b.name not in self.dead and
                   inside.get(b.name, 0) == self.counts.get(b.name) and isinstance(
                       b.rhs, ir.ConRhs) and ir.Var(t) in b.rhs.args]
        held = sum(b.rhs.args.count(ir.Var(t)) for b in holders  # type: ignore[union-attr]
                   )
        if not n + held or self.counts.get(t) != n + held + 1:
            return
        if e.binder == "_":
            e.binder = self.fresh(t)
        for b in holders:
            assert isinstance(b.rhs, ir.ConRhs)
            b.rhs.args = [ir.Var(e.binder) if a == ir.Var(t) else a for a in b.rhs.args]
        n += held
        m: dict[str, ir.Atom] = {t: ir.Var(e.binder)}
        for alt in e.alts:
            alt.body = subst(alt.body, m)
        if e.default is not None:
            e.default = subst(e.default, m)
        self.counts[t] = 1
        self.counts[e.binder] = self.counts.get(e.binder, 0) + n

    def used_once(self, e: ir.App, known: dict[str, Known]) -> ir.Expr:
        """A thunk used once, entered where it is bound (a pattern match's scrutinee, the
        value returned): its code in place, no thunk allocated, as GHC's pre-inlining leaves
        it. Not past a lambda (work would be repeated) or a note (a cost centre would
        change)."""
        hit = self.thunks.get(e.fun)
        if hit is None or self.counts.get(e.fun) != 1 or e.fun in self.dead or \
                hit[1:] != (self.depth, self.pushes) or self.operand:
            return e
        bind = hit[0]
        assert isinstance(bind.rhs, ir.Closure)
        self.dead.add(e.fun)
        del self.thunks[e.fun]
        return bind.rhs.body

    def dissolve(self, e: ir.Case, known: dict[str, Known]) -> ir.Expr | None:
        s = e.scrut
        out = self.inlined_value(e)
        if out is None:
            out = self.case_of_case(e)
        if out is not None:
            return out
        if isinstance(s, ir.App) and not s.args and s.fun in self.lits:
            return self.known_literal(e, self.lits[s.fun])
        if isinstance(s, ir.App) and not s.args and s.fun in self.nullary and e.alts:
            return self.known_nullary(e, self.nullary[s.fun])
        if not (isinstance(s, ir.App) and not s.args and s.fun in known):
            return None
        bound = e.binder != "_" and self.counts.get(e.binder, 0)
        bind, con, args, depth = known[s.fun]
        if con is None:  # a strict constructor's thunk: its evaluations, then the case
            # (not under a lambda: its work would be repeated)
            if self.counts.get(s.fun) != 1 or bound:
                return None
            return self.strict_thunk(e, bind) if depth == self.depth else None
        assert args is not None
        alt = next((a for a in e.alts if isinstance(a, ir.ConAlt) and a.con == con), None)
        if alt is None and e.default is None:
            return None  # a pattern-match failure: left to happen at run time
        if alt is None and (bound or self.counts.get(s.fun) != 1):
            return None
        # (used elsewhere too, or as the case binder: the constructor stays for those uses)
        left = self.counts.get(s.fun, 0) - 1 + (self.counts.get(e.binder, 0) if bound else 0)
        self.counts[s.fun] = left
        if not left:
            self.dead.add(s.fun)
        out = e.default if alt is None else self.select(alt, args, kept=bool(left))
        assert out is not None
        return subst(out, {e.binder: ir.Var(s.fun)}) if bound else out

    def known_nullary(self, e: ir.Case, con: str) -> ir.Expr | None:
        """``case True of ..`` (an inlined function's argument, ``map (h True) xs``): the
        alternative it selects; the case binder, if used, is the static constructor."""
        s = e.scrut
        assert isinstance(s, ir.App)
        alt = next((a for a in e.alts if isinstance(a, ir.ConAlt) and a.con == con), None)
        out = e.default if alt is None else alt.body
        if out is None:
            return None  # a pattern-match failure: left to happen at run time
        return subst(out, {e.binder: ir.Var(s.fun)}) if e.binder != "_" and \
            self.counts.get(e.binder) else out

    def known_literal(self, e: ir.Case, lit: ir.Lit) -> ir.Expr | None:
        """``case n of 0 -> a; _ -> b`` with ``n`` bound to a literal (an inlined function's
        argument, ``safeDiv i 3``): the alternative it selects, where ``n`` is the literal
        itself (GHC's case binder, bound to ``I# 3#``, is inlined at its uses: a closure
        there does not capture it). Its note, if whole, is pushed into its constructor's
        arguments (``push_note``), as GHC's simplifier does once the ``case`` is gone."""
        if not e.alts or not all(isinstance(a, ir.LitAlt) for a in e.alts):
            return None
        alt = next((a for a in e.alts if isinstance(a, ir.LitAlt)
                    and a.lit.kind == lit.kind and a.lit.value == lit.value), None)
        body = alt.body if alt is not None else e.default
        if body is None:
            return None  # a pattern-match failure: left to happen at run time
        assert isinstance(e.scrut, ir.App)
        body = push_note(subst(body, {e.scrut.fun: lit}))
        if e.binder != "_" and self.counts.get(e.binder, 0):
            return ir.Case(e.scrut, e.binder, [], body, e.fail_msg)
        return body

    def select(self, alt: ir.ConAlt, args: list[ir.Atom], kept: bool = False) -> ir.Expr:
        """``alt``'s body with its variables bound to the constructor's fields (``kept``:
        the constructor stays, its own uses of them too)."""
        for v, a in zip(alt.vars, args):  # each field now used where its variable was
            if isinstance(a, ir.Var):
                self.counts[a.name] = self.counts.get(a.name, 0) - (not kept) + \
                    self.counts.get(v, 0)
        return beta(alt.vars, args, alt.body)

    def inlined_value(self, e: ir.Case) -> ir.Expr | None:
        """``case (case scc<f> () of _ -> let .. in P [a ..]) of P x .. -> b``: a function
        whose body is a constructor application, inlined where its result is scrutinised
        (``case f i of P x y -> ..``, ``f`` used once): the entry and the bindings stay
        around ``b``, the constructor goes."""
        if isinstance(e.scrut, ir.SCC) and not e.scrut.count:
            # scope-only notes on a constructor application are pushed into its arguments
            # (GHC's mkTick), whether or not the case then goes: recseq23's ``case
            # scc<update> (let .. in Stats [..]) of ..`` once update's case is out, and
            # containcls's newtype ``empty = Queue ([], [])``, GHC's 0 bytes under empty
            e.scrut = push_note(e.scrut)
        outer, s, _ = peel(e.scrut, ticks=False)
        if not isinstance(s, ir.ConApp):
            return None
        alt = next((a for a in e.alts if isinstance(a, ir.ConAlt) and a.con == s.con), None)
        if alt is None and e.default is None:
            return None
        bound = e.binder != "_" and self.counts.get(e.binder, 0)
        if bound and alt is None:
            return None  # (the model's ``case () of $dOrd -> ..``: a dictionary's binding)
        out = self.select(alt, s.args, kept=bool(bound)) if alt is not None else e.default
        assert out is not None
        if bound:
            # the binder is the constructor (GHC's knownCon let-binds it), allocated where
            # it is used once the cases on it are gone (``sink``)
            bind = ir.Bind(e.binder, ir.ConRhs(s.con, list(s.args)))
            self.sinks[e.binder] = bind
            out = ir.Let([bind], out, rec=False)
        return rebuild(outer, out)

    def case_of_case(self, e: ir.Case) -> ir.Expr | None:
        """``case (scc<f> case x of A -> P [..]; B -> Q [..]) of alts``: a function whose
        alternatives all return constructors, inlined where its result is scrutinised
        (``case popMin h of Just (x, h') -> ..``, GHC 9.0.2: ``popMin`` entered, allocating
        nothing): ``alts`` copied into each alternative, where each copy dissolves; the
        function's note keeps only its count (its alternatives' allocation is the
        caller's, as GHC's simplifier leaves it)."""
        outer, s, cc = peel(e.scrut, ticks=True)
        if not isinstance(s, ir.Case) or not s.alts:
            return None
        holders: list[tuple[object, str]] = []
        inner = [s]  # (a nested match's alternatives in their turn: `f '/' _ 0 = ..')
        while inner:
            c = inner.pop()
            for h, f in [(a, "body") for a in c.alts] + \
                    ([(c, "default")] if c.default is not None else []):
                x = getattr(h, f)
                y = unnoted(x)
                if isinstance(y, ir.Case) and y.alts and not ends_in_con(y):
                    if y is not x:  # its notes pushed into its alternatives (simplTick)
                        setattr(h, f, push_inside(x))
                    inner.append(getattr(h, f))
                else:
                    holders.append((h, f))
        if len(holders) > 8 or not all(ends_in_con(unnoted(getattr(h, f)))
                                       for h, f in holders):
            return None
        for i, (h, f) in enumerate(holders):
            setattr(h, f, push_note(getattr(h, f)))
            if cc is not None:  # the note split at the constructor, as mkTick splits it
                split_at_con(getattr(h, f), cc)
            alts, default, binder = e.alts, e.default, e.binder
            if i < len(holders) - 1:  # a renamed copy (binders stay unique)
                copy = _copy(ir.Case(ir.ConApp("()", []), e.binder, e.alts, e.default), self)
                assert isinstance(copy, ir.Case)
                alts, default, binder = copy.alts, copy.default, copy.binder
            setattr(h, f, ir.Case(getattr(h, f), binder, alts, default, e.fail_msg))
        return rebuild(outer, s)

    def sink(self, bind: ir.Bind, e: ir.Expr) -> ir.Expr:
        """``let bind in e`` with the binding moved down ``e``'s cases and lets to the
        innermost point holding all its uses (not into a note: its cost centre would
        change)."""
        del self.sinks[bind.name]
        total = self.counts.get(bind.name, 0)
        if not total:
            return e
        out, holder, field = e, None, ""
        while True:
            parts: list[tuple[object, str]] = []
            if isinstance(e, ir.Case) and not _uses(e.scrut, bind.name):
                parts = [(a, "body") for a in e.alts] + \
                    ([(e, "default")] if e.default is not None else [])
            elif isinstance(e, ir.Let) and not any(
                    _uses(b.rhs.body, bind.name) if isinstance(b.rhs, ir.Closure) else
                    ir.Var(bind.name) in b.rhs.args for b in e.binds):
                parts = [(e, "body")]
            using = [(h, f) for h, f in parts if _uses(getattr(h, f), bind.name)]
            if len(using) != 1:
                break
            holder, field = using[0]
            e = getattr(holder, field)
        let = ir.Let([bind], e, rec=False)
        if holder is None:
            return let
        setattr(holder, field, let)
        return out

    def fresh(self, name: str) -> str:
        self.serial += 1
        return f"{name}~k{self.serial}"

    def strict_thunk(self, e: ir.Case, bind: ir.Bind) -> ir.Expr | None:
        """``case t of alts`` where ``t`` is ``case a of dt -> .. P [dt ..]`` (the wrapper
        applied to variables, ``P i j``): the evaluations around ``case P [dt ..] of alts``,
        dissolved in its turn."""
        assert isinstance(bind.rhs, ir.Closure)
        body = bind.rhs.body
        chain: list[ir.Case] = []
        while isinstance(body, ir.Case) and not body.alts and body.default is not None and \
                isinstance(body.scrut, ir.App) and not body.scrut.args:
            chain.append(body)
            body = body.default
        if not isinstance(body, ir.ConApp):
            # an argument computed (``P (i + 1) j``) or a lazy one's thunk: GHC leaves the
            # thunk (its wrapper inlined into it) and scrutinises it
            return None
        self.dead.add(bind.name)  # moved here
        name = bind.name + "_k"
        self.counts[name] = 1
        e.scrut = ir.App(name, [])
        inner: ir.Expr = ir.Let([ir.Bind(name, ir.ConRhs(body.con, body.args))], e,
                                rec=False)
        for case in reversed(chain):
            case.default = inner
            inner = case
        return inner


def _copy(e: ir.Expr, walk: _Walk) -> ir.Expr:
    """A copy of ``e`` with its binders renamed (``walk.fresh``), their uses counted in
    ``walk.counts`` as the walk counts the original's."""
    m: dict[str, str] = {}

    def bind(n: str) -> str:
        if n == "_":
            return n
        m[n] = walk.fresh(n)
        return m[n]

    def atoms(args: list[ir.Atom]) -> list[ir.Atom]:
        return [ir.Var(m.get(a.name, a.name)) if isinstance(a, ir.Var) else a for a in args]

    def rhs(r: ir.Rhs) -> ir.Rhs:
        if isinstance(r, ir.ConRhs):
            return ir.ConRhs(r.con, atoms(r.args), r.info)
        params = [bind(p) for p in r.params]
        return dataclasses.replace(r, params=params, body=go(r.body))

    def go(x: ir.Expr) -> ir.Expr:
        if isinstance(x, ir.App):
            return ir.App(m.get(x.fun, x.fun), atoms(x.args))
        if isinstance(x, ir.ConApp):
            return ir.ConApp(x.con, atoms(x.args))
        if isinstance(x, ir.PrimOp):
            return ir.PrimOp(x.op, atoms(x.args))
        if isinstance(x, ir.LitE):
            return ir.LitE(x.lit)
        if isinstance(x, ir.SCC):
            return ir.SCC(x.cc, go(x.body), x.count)
        if isinstance(x, ir.Let):
            names = [bind(b.name) for b in x.binds]
            return ir.Let([ir.Bind(n, rhs(b.rhs)) for n, b in zip(names, x.binds)],
                          go(x.body), x.rec)
        assert isinstance(x, ir.Case), x
        scrut = go(x.scrut)
        binder = bind(x.binder)
        alts: list[ir.ConAlt | ir.LitAlt] = []
        for a in x.alts:
            if isinstance(a, ir.ConAlt):
                alts.append(ir.ConAlt(a.con, [bind(v) for v in a.vars], go(a.body)))
            else:
                alts.append(ir.LitAlt(a.lit, go(a.body)))
        return ir.Case(scrut, binder, alts, go(x.default) if x.default is not None else None,
                       x.fail_msg)

    out = go(e)
    count_uses(out, walk.counts)
    return out


def float_into_thunks(program: ir.Program) -> None:
    """An argument thunk an inlined copy binds (``sat_..~n``) and the program's code
    then uses once, inside another thunk of the same chain of lets: bound in that thunk
    instead, allocated only when it runs. GHC's simplifier inlines a binding used once
    outside any lambda at its use, and CorePrep allocates it where it names that argument:
    heapsim's ``drain`` with ``popH`` inlined, ``let h' = merge l r in x : drain h'``, is
    ``let s = \\u (let h' = \\u merge l r in drain h') in x : s`` (104 bytes a call, as
    GHC 9.0.2's, where the model's ``h'`` outside made 96)."""
    for top in program.binds:
        if top.module != "Main" or not isinstance(top.rhs, ir.Closure):
            continue
        counts: dict[str, int] = {}
        count_uses(top.rhs.body, counts)
        stack: list[ir.Expr] = [top.rhs.body]
        while stack:
            e = stack.pop()
            if isinstance(e, ir.Let):
                _float_chain(e, counts)
            stack.extend(_subexprs(e))


def _subexprs(e: ir.Expr) -> list[ir.Expr]:
    if isinstance(e, ir.Let):
        return [b.rhs.body for b in e.binds if isinstance(b.rhs, ir.Closure)] + [e.body]
    if isinstance(e, ir.Case):
        return [e.scrut, *(a.body for a in e.alts)] + ([e.default] if e.default else [])
    return [e.body] if isinstance(e, ir.SCC) else []


def _float_chain(first: ir.Let, counts: dict[str, int]) -> None:
    """Move the chain's once-used copy thunks into the later thunk of the chain using
    them (not past a lambda: work would be repeated)."""
    chain: list[ir.Let] = []
    e: ir.Expr = first
    while isinstance(e, ir.Let):
        chain.append(e)
        e = e.body
    for i, let in enumerate(chain):
        if let.rec or len(let.binds) != 1:
            continue
        b = let.binds[0]
        # (an argument's thunk; not a copy's dictionary selections, `$dsel`: GHC builds
        # those where the copy's code starts, callsite's p9)
        if not b.name.startswith("sat_") or "~" not in b.name or counts.get(b.name) != 1 or \
                not isinstance(b.rhs, ir.Closure) or b.rhs.params:
            continue
        for later in chain[i + 1:]:
            user = next((t for t in later.binds if isinstance(t.rhs, ir.Closure) and
                         not t.rhs.params and _uses(t.rhs.body, b.name)), None)
            if user is None:
                if any(_uses(t.rhs.body, b.name) if isinstance(t.rhs, ir.Closure) else
                       any(isinstance(a, ir.Var) and a.name == b.name for a in t.rhs.args)
                       for t in later.binds):
                    break  # used by a function or a constructor: stays
                continue
            assert isinstance(user.rhs, ir.Closure)
            if _under_lambda(user.rhs.body, b.name):
                break
            user.rhs.body = ir.Let([b], user.rhs.body, rec=False)
            let.binds = []  # (an empty let: its body stands for it below)
            break
    _splice(first)


def _splice(first: ir.Let) -> None:
    """Drop the chain's emptied lets (the first one takes its successor's place)."""
    e: ir.Expr = first
    while isinstance(e, ir.Let):
        while isinstance(e.body, ir.Let) and not e.body.binds:
            e.body = e.body.body
        if not e.binds and isinstance(e.body, ir.Let):
            nxt = e.body
            e.binds, e.body, e.rec = nxt.binds, nxt.body, nxt.rec
            continue
        e = e.body


def _uses(e: ir.Expr, name: str) -> bool:
    counts: dict[str, int] = {}
    count_uses(e, counts)
    return bool(counts.get(name))


def _under_lambda(e: ir.Expr, name: str) -> bool:
    """Is ``name`` used inside a function closure within ``e``?"""
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Let):
            for b in x.binds:
                if isinstance(b.rhs, ir.Closure) and b.rhs.params and _uses(b.rhs.body, name):
                    return True
        stack.extend(_subexprs(x))
    return False
