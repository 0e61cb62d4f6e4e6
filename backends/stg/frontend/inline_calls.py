"""Small local functions inlined at their calls, as GHC -O0's simplifier inlines them
(issue 18).

GHC 9.0.2's one "non-opt" simplifier pass at -O0 also has its call-site inliner: a
function of the module (local, or top-level: the same rule) that is not a loop breaker and
is used more than once (``inline_once`` takes the local ones used once; a top-level one
used once, when only main is exported, goes here, its binding left dead) is copied into a
saturated call when its size, less the discounts the call earns, is at most the use
threshold (90). The closure of such a function is never allocated
when every use is inlined (``p x = h 1 + h 2 where h y = y * x + 1``: 16 bytes a call of
``p`` less than a model that calls ``h``). GHC's rule (CoreUnfold.callSiteInline), as its
``-ddump-inlinings -ddump-verbose-inlinings`` shows it for each call:

* the function's *size* counts its right-hand side's Core after its lambdas: a call
  ``10 * (1 + value arguments)`` (dictionaries are value arguments, so ``x + y`` at Int,
  ``+ $fNumInt x y``, is 40), a constructor application 10, a boxed literal 10 (``I# 1#``),
  an Integer literal 100, a string literal ``unpackCString# "..."#`` 20 plus ``10 + 10``
  per four characters, a lambda 10 per binder, an allocated ``let`` 10, a ``case`` its
  scrutinee and 10 per alternative; variables, notes and argument ``let``s nothing;
* a function whose size is at most ``10 * (arity + 1)`` is inlined at every saturated call;
* otherwise a call must be of some benefit (an argument that is a value or an expression, or
  a call whose result is scrutinised, passed to a class method, or bound by a ``let``), and
  the size less ``10 + 10`` per argument, the argument's discount (a value passed for a
  parameter the function scrutinises: ``20 + `` its alternatives' total ``-`` the largest;
  one it applies: 60; an expression: 10) and the result's (10 a constructor, scrutinised or
  at most 40 elsewhere, nothing in a boring context) must be at most 90;
* the simplifier iterates: a function left with one use (the others inlined) is inlined
  there, as any binding used once, and a lambda that was an argument of an inlined call is
  now let-bound and called, so considered in its turn (``_ROUNDS``).

This pass reads that off the model's STG after ``inline_once`` (whose arithmetic is already
the class methods' inline code: ``case`` evaluations of operator arguments, which the
desugarer marks, cost nothing here, the operator its call). A function GHC passes
dictionaries to counts them in its arity (the model binds them first: ``dictionaries``),
and a local function's copies use base's instances, static closures (``DICTIONARY``); a
top-level one's use the dictionaries the caller evaluates around the call (its own
parameters, captured by the copy's closures as GHC's are). Recursive functions
are loop breakers, never inlined. ``tests/reference/ghc-9.0.2/shapes/out/
callsite.inlinings`` is GHC's own account of 29 such functions, each called twice.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from .. import ir
from .inline_copy import Copy, binder_names, mentioned, push, pushable, source
from .inline_once import _recursive, beta
from .inline_size import (_BORING, _CASE, _NONTRIV, _RHS, _RULE, _TRIV, _VALUE,
                          CLASS_METHODS, USE_THRESHOLD, Guidance, _Size, dictionaries,
                          source_name)
from .stgpass import FreeVars, map_case, subexprs

_ROUNDS = 4
# the dictionaries of an inlined copy of a function GHC passes them to: base's instances,
# static closures (the copy's closures do not capture them)
DICTIONARY = "$fDictionary#"


class _Program:
    """What the pass knows of the program: its globals' kinds and dictionaries, the marks."""

    def __init__(self, program: ir.Program, local_names: set[str], marks: dict[int, ir.Expr],
                 dicts: Callable[[str], int], garbage: set[str]):
        self.local_names, self.marks, self.dicts, self.garbage = \
            local_names, marks, dicts, garbage
        self.serial = 0  # the copies' binder names: name~serial, unique in the program
        self.globals = {b.name: (_VALUE if isinstance(b.rhs, ir.ConRhs) or b.rhs.params
                                 else _TRIV) for b in program.binds}

    def marked(self, e: ir.Expr) -> bool:
        return self.marks.get(id(e)) is e

    def method(self, fun: str) -> bool:
        return fun not in self.local_names and source_name(fun) in CLASS_METHODS


class _Analyse:
    """The calls of the candidate functions in one top-level binding, each with its
    arguments' kinds and its context."""

    def __init__(self, p: _Program, candidates: set[str]):
        self.p, self.candidates = p, candidates
        self.kinds: dict[str, int] = {}
        self.consumer: dict[str, str] = {}
        self.calls: list[tuple[ir.App, list[int], str]] = []
        #: thunks whose body is a partial application of a candidate (``sat = f a``)
        self.partials: list[tuple[ir.Bind, list[int], str]] = []
        self.count: dict[str, int] = dict.fromkeys(candidates, 0)

    def kind(self, a: ir.Atom) -> int:
        if isinstance(a, ir.Lit):
            return _VALUE
        k = self.kinds.get(a.name)
        return k if k is not None else self.p.globals.get(a.name, _TRIV)

    def uses(self, e: ir.Expr) -> None:
        """Who consumes each argument thunk (a rule's argument or not), and the candidates'
        occurrences."""
        stack = [e]
        while stack:
            e = stack.pop()
            if isinstance(e, (ir.App, ir.ConApp, ir.PrimOp)):
                if isinstance(e, ir.App):
                    if e.fun in self.count:
                        self.count[e.fun] += 1
                    ctx = _RULE if self.p.method(e.fun) else _BORING
                else:  # an operator's code is its class method's
                    ctx = _RULE if isinstance(e, ir.PrimOp) else _BORING
                for a in e.args:
                    if isinstance(a, ir.Var):
                        self.consumer.setdefault(a.name, ctx)
                        if a.name in self.count:
                            self.count[a.name] += 1
            elif isinstance(e, ir.Let):
                stack.extend(ir.ConApp(b.rhs.con, b.rhs.args) for b in e.binds
                             if isinstance(b.rhs, ir.ConRhs))
            elif isinstance(e, ir.Case):
                s = e.scrut
                if isinstance(s, ir.App) and not s.args:
                    self.consumer.setdefault(s.fun, _RULE if self.p.marked(s) else _CASE)
            stack.extend(subexprs(e))

    def expr(self, e: ir.Expr, ctx: str) -> None:
        while True:
            if isinstance(e, ir.SCC):
                e = e.body
                continue
            if isinstance(e, ir.Let):
                for b in e.binds:
                    r = b.rhs
                    if isinstance(r, ir.ConRhs) or r.params:
                        self.kinds[b.name] = _VALUE
                    elif b.name in self.p.local_names:
                        self.kinds[b.name] = _TRIV
                    else:  # an argument: an expression, unless a literal or constructor
                        body = r.body
                        while isinstance(body, ir.SCC):
                            body = body.body
                        self.kinds[b.name] = _VALUE if isinstance(
                            body, (ir.LitE, ir.ConApp)) else _NONTRIV
                for b in e.binds:
                    r = b.rhs
                    if isinstance(r, ir.Closure):
                        inner = _BORING if r.params else _RHS if \
                            b.name in self.p.local_names else \
                            self.consumer.get(b.name, _BORING)
                        if not r.params and isinstance(r.body, ir.App) and \
                                r.body.fun in self.candidates and r.body.args:
                            self.partials.append((b, [self.kind(a) for a in r.body.args],
                                                  inner))
                        self.expr(r.body, inner)
                e = e.body
                continue
            if isinstance(e, ir.App):
                if e.fun in self.candidates and e.args:
                    self.calls.append((e, [self.kind(a) for a in e.args], ctx))
                return
            if isinstance(e, ir.Case):
                if not (isinstance(e.scrut, ir.App) and self.p.marked(e.scrut)):
                    self.expr(e.scrut, _CASE)
                for a in e.alts:
                    self.expr(a.body, ctx)
                if e.default is None:
                    return
                e = e.default
                continue
            return


def inline_calls(program: ir.Program, local_names: set[str], marks: dict[int, ir.Expr],
                 dicts: Callable[[str], int], keep: set[str],
                 garbage: set[str] = frozenset(), top_level: set[str] = frozenset(),
                 private: bool = False, tables: tuple = (),
                 base: set[str] = frozenset(),
                 regenerated: dict[int, ir.Expr] | None = None) -> None:
    """Inline the program's own functions at the calls GHC -O0 inlines them (see the
    module's doc). ``local_names``: the IR names of ``let``/``where`` bindings;
    ``marks``: the desugarer's operator-argument evaluations (``inline_once``'s);
    ``dicts``: the number of dictionaries GHC passes to a global; ``keep``: functions not
    to inline (those taking dictionaries); ``garbage``: bindings standing for base's
    allocation, not Core; ``top_level``: the program's own top-level functions (their
    bindings stay); ``private``: only main is exported (a top-level function used once is
    then inlined there, as a local one); ``tables``: the sets and dicts keyed by binding
    names (the desugarer's), which get each copy's names where the original has its;
    ``base``: generated code standing for base's (class defaults, mapM at a program's
    monad), which GHC compiled apart: nothing is inlined into it. ``regenerated``: the
    clauses' code the match compiler built again at a fall-through, whose calls GHC's
    Core has once (not counted in a function's uses)."""
    p = _Program(program, local_names, marks, dicts, set(garbage))
    tops = _top_functions(program, top_level)
    again = regenerated or {}
    once = _used_once(program, tops, top_level, again) if private else set()
    dictionary = False
    # the top-level functions' guidance (a body changes only in its own turn)
    sized: dict[str, Guidance] = {}
    todo = [top for top in program.binds if top.module == "Main" and
            isinstance(top.rhs, ir.Closure) and top.name not in base]
    for sweep in range(2):
        for top in todo:
            mine = {n: c for n, c in tops.items() if n != top.name}
            sized.pop(top.name, None)
            for _ in range(_ROUNDS):  # the copies' calls: of a lambda that was an argument
                rw = _inline_round(top, p, keep, mine, once, sized)
                if rw is None:
                    break
                dictionary |= rw.dictionary
                for table in (p.local_names, p.garbage, *tables):
                    for old, new in rw.renamed:
                        if old in table:
                            if isinstance(table, dict):
                                table[new] = table[old]
                            else:
                                table.add(new)
        if not private or sweep:
            break
        # the simplifier's next iteration: a function whose other uses were inlined is
        # now used once (by the live code), and is inlined there in its turn
        fresh = _used_once(program, tops, top_level, again) - once
        once |= fresh
        todo = [t for t in todo if set(_occurrences(t.rhs.body, fresh))]  # type: ignore
    if dictionary:
        program.binds.append(ir.TopBind(DICTIONARY, ir.ConRhs("()", []), "Main"))


def _top_functions(program: ir.Program, names: set[str]) -> dict[str, ir.Closure]:
    """The program's own top-level functions that are no loop breakers (in no cycle of
    calls), with or without dictionaries (GHC inlines ``popH :: Ord a => ..`` as any
    function: shapes/inltop22's ``firstOf``)."""
    funs = {b.name: b.rhs for b in program.binds if b.name in names and b.module == "Main"
            and isinstance(b.rhs, ir.Closure) and b.rhs.params}
    refs = {n: set(_occurrences(c.body, set(funs))) for n, c in funs.items()}
    out = {}
    for n, c in funs.items():
        seen: set[str] = set()
        todo = list(refs[n])
        while todo and n not in seen:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(refs[m])
        if n not in seen:
            out[n] = c
    return out  # type: ignore[return-value]


def _used_once(program: ir.Program, tops: dict[str, ir.Closure], top_level: set[str],
               again: dict[int, ir.Expr]) -> set[str]:
    """The functions of ``tops`` the live code (what main, base's code and the generated
    code reach; an inlined function's own binding is dead) uses once (``again``: code
    regenerated by the match compiler, not counted)."""
    binds = {b.name: b for b in program.binds if isinstance(b.rhs, ir.Closure)}
    names = set(top_level) & set(binds)  # (followed whether inlinable or not)
    todo = [b.name for b in program.binds if (b.module != "Main" or b.name not in top_level)
            and b.name not in program.settled]  # (the Prelude's: they name none of them)
    seen = set(todo)
    uses = dict.fromkeys(tops, 0)
    while todo:
        b = binds.get(todo.pop())
        if b is None:
            continue
        for n, k in _occurrences(b.rhs.body, names, again).items():  # type: ignore
            if n in uses:
                uses[n] += k
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return {n for n, k in uses.items() if k == 1}


def _occurrences(e: ir.Expr, names: set[str], skip: dict[int, ir.Expr] | None = None
                 ) -> dict[str, int]:
    """How many times each of ``names`` occurs in ``e`` (not in the parts ``skip``)."""
    out: dict[str, int] = {}
    stack = [e]
    while stack:
        x = stack.pop()
        if skip and skip.get(id(x)) is x:
            continue
        atoms: list[ir.Atom] = []
        if isinstance(x, ir.App):
            atoms = [ir.Var(x.fun), *x.args]
        elif isinstance(x, (ir.ConApp, ir.PrimOp)):
            atoms = x.args
        elif isinstance(x, ir.Let):
            atoms = [a for b in x.binds if isinstance(b.rhs, ir.ConRhs) for a in b.rhs.args]
        for a in atoms:
            if isinstance(a, ir.Var) and a.name in names:
                out[a.name] = out.get(a.name, 0) + 1
        stack.extend(subexprs(x))
    return out


def _inline_round(top: ir.TopBind, p: "_Program", keep: set[str],
                  tops: dict[str, ir.Closure], once: set[str],
                  sized: dict[str, Guidance]) -> "_Rewrite | None":
    assert isinstance(top.rhs, ir.Closure)
    funs = {**tops, **_functions(top.rhs.body, keep)}
    if not funs:
        return None
    a = _Analyse(p, set(funs))
    a.uses(top.rhs.body)
    a.expr(top.rhs.body, _BORING)
    guide = {n: sized[n] if n in sized else _guidance(c, p) for n, c in funs.items()}
    sized.update((n, guide[n]) for n in tops)
    # by id, with the node (kept alive: its id is not reused by a copy's)
    chosen: dict[int, tuple[str, ir.App]] = {}
    calls = {n: sum(1 for app, _, _ in a.calls if app.fun == n) for n in funs}
    branches = _one_per_branch(top.rhs.body, {n for n in funs if n not in tops and
                                              calls[n] == a.count[n] > 1})
    for app, kinds, ctx in a.calls:
        g = guide[app.fun]
        kinds = [_TRIV] * (g.arity - len(funs[app.fun].params)) + kinds
        # a function left with one use (the others inlined) goes in the simplifier's next
        # iteration, as every binding used once does (inline_once)
        single = app.fun in once if app.fun in tops else a.count[app.fun] == 1
        # called once in each of several branches: GHC's postInlineUnconditionally (its
        # OneOcc in_lam occurrences are calls, interesting) copies a small one into each
        single |= app.fun in branches and g.size <= USE_THRESHOLD
        if len(kinds) == g.arity and (single or g.inline(kinds, ctx)) or \
                len(kinds) > g.arity and single and pushable(funs[app.fun].body):
            chosen[id(app)] = (app.fun, app)  # (over-saturated: the rest applied inside)
    partial: dict[int, tuple[str, ir.Bind]] = {}
    for b, kinds, ctx in a.partials:
        app = b.rhs.body  # type: ignore[union-attr]
        c = funs[app.fun]
        g = guide[app.fun]
        single = app.fun in once if app.fun in tops else a.count[app.fun] == 1
        if len(app.args) < len(c.params) and not dictionaries(c) and \
                (single or g.inline_partial(kinds, ctx)):
            partial[id(b)] = (app.fun, b)  # a function closure of the rest: no PAP
    if not chosen and not partial:
        return None
    done = {n: sum(1 for f, _ in [*chosen.values(), *partial.values()] if f == n)
            for n in funs}
    drop = {n for n in funs if done[n] and done[n] == a.count[n] and n not in tops}
    rw = _Rewrite(funs, chosen, drop, p.marks, partial, set(tops))
    rw.in_scope = binder_names(top)
    rw.serial = p.serial  # copies of copies get names no earlier round gave
    top.rhs.body = rw.expr(top.rhs.body)
    p.serial = rw.serial
    args = rw.unused - p.local_names
    if args:  # their bindings: dropped as the functions (a literal's box: its case)
        dead = args - mentioned(top.rhs.body, args)
        top.rhs.body = _Rewrite({}, {}, dead).expr(top.rhs.body)
    return rw


def _one_per_branch(body: ir.Expr, names: set[str]) -> set[str]:
    """Those of ``names`` no two of whose occurrences in ``body`` are on one path (each in
    another alternative of some ``case``): the occurrence analyser's OneOcc."""
    if not names:
        return set()

    def both(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
        for n, k in b.items():
            a[n] = 2 if n in a else k
        return a

    def occ(e: ir.Expr) -> dict[str, int]:
        out: dict[str, int] = {}
        while True:
            if isinstance(e, ir.SCC):
                e = e.body
                continue
            if isinstance(e, ir.Let):
                for b in e.binds:
                    r = b.rhs
                    both(out, atoms(r.args) if isinstance(r, ir.ConRhs) else occ(r.body))
                e = e.body
                continue
            if isinstance(e, ir.Case):
                both(out, occ(e.scrut))
                alts: dict[str, int] = {}
                for x in [a.body for a in e.alts] + ([e.default] if e.default else []):
                    for n, k in occ(x).items():
                        alts[n] = max(alts.get(n, 0), k)
                return both(out, alts)
            if isinstance(e, ir.App):
                return both(both(out, atoms([ir.Var(e.fun)])), atoms(e.args))
            if isinstance(e, (ir.ConApp, ir.PrimOp)):
                return both(out, atoms(e.args))
            return out

    def atoms(args: list[ir.Atom]) -> dict[str, int]:
        out: dict[str, int] = {}
        for a in args:
            if isinstance(a, ir.Var) and a.name in names:
                both(out, {a.name: 1})
        return out

    return {n for n, k in occ(body).items() if k == 1}


def _functions(body: ir.Expr, keep: set[str]) -> dict[str, ir.Closure]:
    """The local non-recursive functions of a top-level binding's body (the program's
    ``let``s and ``where``s, and lambdas: an argument of an inlined call is bound to one)."""
    out: dict[str, ir.Closure] = {}
    stack = [body]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Let):
            mine = {b.name for b in e.binds if b.name not in keep and
                    isinstance(b.rhs, ir.Closure) and b.rhs.params}
            rec = _recursive(e.binds, mine) if mine else set()
            out.update((b.name, b.rhs) for b in e.binds  # type: ignore[misc]
                       if b.name in mine and b.name not in rec)
        stack.extend(subexprs(e))
    return out


def _guidance(c: ir.Closure, p: _Program) -> Guidance:
    s = _Size(c.params, p)
    size, res = s.expr(c.body)
    d = dictionaries(c)  # GHC's arguments: the dictionaries (a global each: trivial) first
    return Guidance(d + len(c.params), size, [0] * d + [s.discounts[x] for x in c.params],
                    res)


class _Rewrite:
    """Replace the chosen calls by renamed copies of the functions' bodies; drop the
    functions every use of which was inlined."""

    def __init__(self, funs: dict[str, ir.Closure], chosen: dict[int, tuple[str, ir.App]],
                 drop: set[str], marks: dict[int, ir.Expr] | None = None,
                 partial: dict[int, tuple[str, ir.Bind]] | None = None,
                 tops: set[str] = frozenset()):
        self.funs, self.chosen, self.drop, self.tops = funs, chosen, drop, tops
        #: the caller's dictionaries its code evaluates around the node being rewritten
        #: (``case $dOrd of _ -> f x``: the dictionaries it passes to ``f``)
        self.passed: list[str] = []
        self.partial = partial or {}
        self.marks = marks if marks is not None else {}
        self.serial = 0
        self.unused: set[str] = set()  # arguments of inlined calls their copies do not use
        self.dictionary = False  # a copy refers to DICTIONARY
        self.renamed: list[tuple[str, str]] = []  # (a binder, its copy's)
        self.lets: dict[str, ir.Bind] = {}  # the let bindings met on the way
        self.in_scope: set[str] = set()  # source names bound in the top-level binding

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.App):
            hit = self.chosen.get(id(e))
            if hit is None or hit[1] is not e:
                return e
            c = self.funs[hit[0]]
            cp = Copy(self, self.chosen)
            body = c.body
            nd = dictionaries(c)
            # a top-level function's copy uses the dictionaries its caller passes (its own
            # parameters' or those it built: variables its closures capture); a local one's
            # are base's instances, GHC's globals
            given = self.passed[len(self.passed) - nd:] if hit[0] in self.tops and \
                len(self.passed) >= nd else []
            for i in range(nd):
                assert isinstance(body, ir.Case) and body.default is not None
                cp.names[body.binder] = given[i] if given else DICTIONARY
                body = body.default
                self.dictionary |= not given
            body = cp.expr(body)
            used = FreeVars(set()).expr(c.body)
            for x, a in zip(c.params, e.args):
                if isinstance(a, ir.Var) and x not in used:
                    self.unused.add(a.name)  # GHC drops the argument's binding
            n = len(c.params)
            if isinstance(body, ir.SCC) and not isinstance(body.body, ir.ConApp):
                for x, a in zip(c.params, e.args):
                    if isinstance(a, ir.Var):
                        self.name_argument(x, a.name)
            out = beta(c.params, e.args[:n], body, cp.fresh)
            return self.expr(push(out, e.args[n:], cp.fresh) if len(e.args) > n else out)
        if isinstance(e, ir.SCC):
            e.body = self.expr(e.body)
            return e
        if isinstance(e, ir.Case) and not e.alts and e.default is not None and \
                isinstance(e.scrut, ir.App) and not e.scrut.args and \
                e.scrut.fun.startswith("$d"):
            self.passed.append(e.scrut.fun)
            try:
                e.default = self.expr(e.default)
            finally:
                self.passed.pop()
            return e
        if isinstance(e, ir.Case):
            if e.binder in self.drop and not e.alts and e.default is not None and \
                    isinstance(e.scrut, (ir.LitE, ir.PrimOp)):  # a literal's box
                return self.expr(e.default)
            return map_case(e, self.expr)
        if isinstance(e, ir.Let):
            chain: list[ir.Let] = []
            x: ir.Expr = e
            while isinstance(x, ir.Let):
                x.binds = [b for b in x.binds if b.name not in self.drop]
                self.lets.update((b.name, b) for b in x.binds)
                for b in x.binds:
                    hit = self.partial.get(id(b))
                    if hit is not None and hit[1] is b:
                        b.rhs = self.eta(self.funs[hit[0]], b)
                    if isinstance(b.rhs, ir.Closure):
                        b.rhs.body = self.expr(b.rhs.body)
                chain.append(x)
                x = x.body
            out = self.expr(x)
            for let in reversed(chain):
                if let.binds:
                    let.body = out
                    out = let
            return out
        return e


    def name_argument(self, param: str, arg: str) -> None:
        """The thunk of an argument expression, named by the parameter it is passed for:
        GHC's simplifier let-binds a non-trivial argument whose occurrence is under the
        copy's note by the parameter's name (CoreTidy adds a number if the name is taken
        there), and names the thunks of a constructor argument's fields from it too
        (bfsqueue22's ``push (p, d + 1) acc``: ``<Main.x1>``, not ``<Main.sat>``); a
        function whose body is a constructor has its note pushed into the arguments, and
        the argument is substituted (CorePrep's ``sat``)."""
        b = self.lets.get(arg)
        if b is None:
            return
        thunks = [b] if isinstance(b.rhs, ir.Closure) else [
            t for a in b.rhs.args if isinstance(a, ir.Var) and (t := self.lets.get(a.name))]
        base = source(param)
        for t in thunks:
            r = t.rhs
            if isinstance(r, ir.Closure) and not r.params and r.info.name.startswith("sat_"):
                name, k = base, 0
                while name in self.in_scope:
                    k += 1
                    name = f"{base}{k}"
                self.in_scope.add(name)
                r.info = dataclasses.replace(r.info, name=name + r.info.name[3:])

    def eta(self, c: ir.Closure, b: ir.Bind) -> ir.Closure:
        """``sat = f a`` (a partial application) as GHC's inlined copy: ``sat = \\y -> body
        of f [a, y]``, a function closure where the thunk and, when evaluated, its PAP
        were."""
        app = b.rhs.body  # type: ignore[union-attr]
        assert isinstance(b.rhs, ir.Closure) and isinstance(app, ir.App)
        cp = Copy(self, self.chosen)
        n = len(app.args)
        rest = [cp.fresh(x) for x in c.params[n:]]
        body = beta(c.params[:n], app.args, cp.expr(c.body), cp.fresh)
        return ir.Closure(rest, body, dataclasses.replace(b.rhs.info), False)
