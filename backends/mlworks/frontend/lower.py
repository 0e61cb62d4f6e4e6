"""Typed AST -> ``ir.Program``: closure conversion, data representation, MLWorks names.

* Every ``fn``/``fun`` becomes an ``ir.CodeItem``. Free variables are captured lazily: a
  reference to a variable of an enclosing function adds it to the current function's capture
  list (and, recursively, the enclosing function's), and is read with ``EnvVar``. Top-level
  values are ``Global`` slots, never captured.
* ``fun f x y = e`` is ``f[file:line]`` returning the closure ``f argument 2[file:line]``
  (MLWorks's derived-form naming, research §7); ``fn`` is ``<anon>[file:line]``; the top level
  is ``<Setup>[file:1,1]``; ``while`` loops are ``<while>[file:line]``. When two items would
  get the same name, the later ones get ``[file:line,col]`` (MLWorks's POSITION form).
* Mutually recursive local functions share one closure (``LetRecClosures``); code item k reads
  free variable m at ``EnvVar(n + m - k)`` (n functions: fields are counted from the closure
  pointer it was called with) and its sibling j with ``SiblingClosure(j - k)``.
* Builtins (``types.BUILTIN_TYPES``) applied to an argument become ``Prim``/``Runtime``/
  ``Alloc`` inline; used as values they become closures of ``Builtin function _name`` items.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from profkit.errors import SourceError

from .. import ir
from . import syntax as S
from .lowerprims import PrimLowering
from .match import (
    PatternCompiler,
    conjunction,
    is_intinf_const,
    is_irrefutable,
    record_labels,
)
from .types import INTINF, ConInfo, ExnInfo, PrimInfo, TCon, VarInfo, prune, word_rep


# the runtime's globals vector has 16384 words: 16000 slots, then up to 384 words holding
# the arrays of further top-level slots
GLOBALS_DIRECT = 16000
GLOBAL_CHUNK = 4096
GLOBAL_CHUNKS = 384


@dataclass(eq=False)
class FnCtx:
    """The code item being lowered."""

    parent: "FnCtx | None"
    locals: dict[int, str] = field(default_factory=dict)
    captured: list[int] = field(default_factory=list)
    cap_index: dict[int, int] = field(default_factory=dict)
    self_uid: int | None = None
    group: list[int] | None = None
    k: int = 0
    n_codes: int = 1


class Lowerer(PrimLowering):
    def __init__(self) -> None:
        self.items: list[ir.CodeItem] = []
        self.globals: dict[int, int] = {}
        self.n_globals = 0
        self.names = itertools.count()
        self.file = ""
        self.item_names: set[str] = set()
        self.eta_items: dict[tuple, str] = {}
        self.eta_keep: list = []
        self.pc = PatternCompiler(self.exn_id_current, self.intinf_const)
        self.ctx: FnCtx = FnCtx(None)
        self.top = True
        self.basis_env = None  # the environment after basis.sml (overloads at word)
        self.n_chunks = 0
        self.top_exns: list[ExnInfo] = []  # exceptions declared at top level, in order

    # ------------------------------------------------------------------ names
    def fresh(self, stem: str) -> str:
        stem = "".join(c if c.isalnum() or c == "_" else "_" for c in stem) or "v"
        return f"{stem}_{next(self.names)}"

    def item_name(self, stem: str, pos: S.Pos) -> str:
        name = f"{stem}[{self.file}:{pos[0]}]"
        if name in self.item_names:
            name = f"{stem}[{self.file}:{pos[0]},{pos[1]}]"
            n = 2
            while name in self.item_names:  # only for generated items at one position
                name = f"{stem}[{self.file}:{pos[0]},{pos[1]}]#{n}"
                n += 1
        self.item_names.add(name)
        return name

    def new_global(self, uid: int) -> int:
        """A top-level slot. The first ``GLOBALS_DIRECT`` are words of the runtime's globals
        vector (64 KB); later ones are elements of ``GLOBAL_CHUNK``-element arrays, each
        held in one of the vector's last words, so a program may have any number of
        top-level bindings (``chunk_inits`` creates the arrays before the program runs)."""
        i = self.n_globals
        if i >= GLOBALS_DIRECT + GLOBAL_CHUNK * GLOBAL_CHUNKS:
            raise SourceError(f"too many top-level bindings (more than {i})", self.file, 1, 1)
        self.n_globals += 1
        self.globals[uid] = i
        return i

    def chunk_of(self, i: int) -> tuple[ir.Expr, int]:
        k, off = divmod(i - GLOBALS_DIRECT, GLOBAL_CHUNK)
        self.n_chunks = max(self.n_chunks, k + 1)
        return ir.Global(GLOBALS_DIRECT + k), off

    def global_read(self, i: int) -> ir.Expr:
        if i < GLOBALS_DIRECT:
            return ir.Global(i)
        chunk, off = self.chunk_of(i)
        return ir.Runtime("array_sub", [ir.Alloc("pair", [chunk, ir.Int(off)])])

    def global_write(self, i: int, value: ir.Expr) -> ir.Expr:
        if i < GLOBALS_DIRECT:
            return ir.SetGlobal(i, value)
        chunk, off = self.chunk_of(i)
        return ir.Runtime("array_update", [ir.Alloc("record", [chunk, ir.Int(off), value])])

    def chunk_inits(self) -> list[ir.Expr]:
        """Statements creating the arrays of the top-level slots beyond the vector."""
        return [ir.SetGlobal(GLOBALS_DIRECT + k, ir.Runtime("array_make", [
            ir.Alloc("pair", [ir.Int(GLOBAL_CHUNK), ir.Int(0)])])) for k in range(self.n_chunks)]

    def globals_used(self) -> int:
        """Words of the globals vector the program uses."""
        if self.n_chunks:
            return GLOBALS_DIRECT + self.n_chunks
        return min(self.n_globals, GLOBALS_DIRECT)

    # ------------------------------------------------------------------ variable access
    def access(self, uid: int, ctx: FnCtx | None = None) -> ir.Expr:
        ctx = ctx or self.ctx
        if uid in ctx.locals:
            return ir.Var(ctx.locals[uid])
        if uid in self.globals:
            return self.global_read(self.globals[uid])
        if ctx.group is not None and uid in ctx.group:
            j = ctx.group.index(uid)
            return ir.SelfClosure() if j == ctx.k else ir.SiblingClosure(j - ctx.k)
        if ctx.self_uid == uid:
            return ir.SelfClosure()
        if ctx.parent is None:
            raise AssertionError(f"unbound variable uid {uid}")  # checker guarantees scope
        if uid not in ctx.cap_index:
            ctx.cap_index[uid] = len(ctx.captured)
            ctx.captured.append(uid)
        return ir.EnvVar(ctx.n_codes + ctx.cap_index[uid] - ctx.k)

    def exn_id_current(self, info: ExnInfo) -> ir.Expr:
        if info.builtin:
            return ir.String(info.name.encode())
        return self.access(info.uid)

    def bind_local(self, v: VarInfo | ExnInfo, name: str | None = None) -> str:
        name = name or self.fresh(v.name)
        self.ctx.locals[v.uid] = name
        return name

    # ------------------------------------------------------------------ code items
    def new_item(self, name: str, pos: S.Pos, param_uids: list[int], build, *,
                 self_uid: int | None = None) -> ir.Expr:
        """Lower a function body in a new context; returns the MakeClosure in the current
        context. ``build(param_name)`` lowers the body."""
        parent = self.ctx
        ctx = FnCtx(parent, self_uid=self_uid)
        param = self.fresh("arg")
        for uid in param_uids:
            ctx.locals[uid] = param
        self.ctx = ctx
        saved_top, self.top = self.top, False
        try:
            body = build(param)
        finally:
            self.ctx = parent
            self.top = saved_top
        self.items.append(ir.CodeItem(name, param, body, pos[0]))
        return ir.MakeClosure(name, [self.access(uid, parent) for uid in ctx.captured])

    def raise_builtin(self, name: str) -> ir.Expr:
        return ir.Raise(_packet(name, ir.String(name.encode()), ir.Int(0)))

    # ------------------------------------------------------------------ matches
    def match(self, rules: list[S.Rule], scrut: ir.Expr, fail: ir.Expr) -> ir.Expr:
        """``scrut`` must be cheap to re-evaluate (a Var/EnvVar)."""
        return self.rows([([r.pat], r.exp) for r in rules], [scrut], fail)

    def rows(self, rows: list, scruts: list[ir.Expr], fail: ir.Expr) -> ir.Expr:
        """Compile rules ``(patterns, body)`` over the values ``scruts``: an ``If`` chain
        (bodies lowered in source order so item names are assigned in source order), or a
        ``Switch`` when one value is matched against int/char constants or constructors of
        an enumeration."""
        if len(scruts) == 1:
            sw = self.try_switch(rows, scruts[0], fail)
            if sw is not None:
                return sw
        compiled = []
        known: set[str] = set()  # tests known true because an earlier one-test row failed
        for pats, exp in rows:
            tests: list[ir.Expr] = []
            binds: list = []
            for p, s in zip(pats, scruts):
                self.pc.compile(p, s, tests, binds)
            tests = [t for t in tests if repr(t) not in known]
            compiled.append((tests, self.with_binds(binds, lambda e=exp: self.exp(e))))
            if not tests:
                break  # later rows are unreachable
            if len(tests) == 1:
                t = tests[0]
                known.add(repr(ir.Prim("not", [t])))
                if isinstance(t, ir.Prim) and t.op == "not":
                    known.add(repr(t.args[0]))
        out = fail
        for tests, body in reversed(compiled):
            out = ir.If(conjunction(tests), body, out) if tests else body
        return out

    def try_switch(self, rows: list, scrut: ir.Expr, fail: ir.Expr) -> ir.Expr | None:
        keys: list[int] = []
        default = None
        for pats, exp in rows:
            p = pats[0]
            while isinstance(p, S.PTyped):
                p = p.pat
            if is_irrefutable(p):
                default = (pats[0], exp)
                break
            if isinstance(p, S.PConst) and p.kind in ("int", "char") and not is_intinf_const(p):
                keys.append(ord(p.value) if p.kind == "char" else p.value)
            elif (isinstance(p, S.PVar) and isinstance(p.bind, ConInfo)
                  and not p.bind.datatype.is_list and p.bind.datatype.n_valued == 0
                  and p.bind.datatype.name != "bool"):
                keys.append(p.bind.tag)
            else:
                return None
        if len(keys) < 2:
            return None
        cases: list[tuple[int, ir.Expr]] = []
        seen: set[int] = set()
        for key, (_, exp) in zip(keys, rows):
            body = self.exp(exp)  # lowered even if shadowed, like the If chain does
            if key not in seen:
                seen.add(key)
                cases.append((key, body))
        if default is not None:
            binds: list = []
            self.pc.compile(default[0], scrut, [], binds)
            dflt = self.with_binds(binds, lambda: self.exp(default[1]))
        else:
            dflt = fail
        return ir.Switch(scrut, cases, dflt)

    def with_binds(self, binds: list, k) -> ir.Expr:
        names = []
        for v, path in binds:
            if isinstance(path, (ir.Var,)):
                self.ctx.locals[v.uid] = path.name
                continue
            names.append((self.bind_local(v), path))
        body = k()
        for name, path in reversed(names):
            body = ir.Let(name, path, body)
        return body

    # ------------------------------------------------------------------ expressions
    def exp(self, e: S.Exp) -> ir.Expr:
        # declarations inside expressions are local, even within a top-level `val`
        saved, self.top = self.top, False
        try:
            return getattr(self, "exp_" + type(e).__name__)(e)
        finally:
            self.top = saved

    def exp_EConst(self, e: S.EConst) -> ir.Expr:
        if e.kind == "int":
            t = prune(e.ty) if e.ty is not None else None
            if isinstance(t, TCon) and t.con is INTINF:
                return self.intinf_const(int(e.value), e)
            return ir.Int(int(e.value))
        if e.kind == "word":
            return ir.Int(word_rep(e.value))
        if e.kind == "char":
            return ir.Int(ord(e.value))
        if e.kind == "string":
            return ir.String(e.value.encode("latin-1"))
        return ir.Alloc("real", [ir.Real(float(e.value))])

    def exp_EVar(self, e: S.EVar) -> ir.Expr:
        b = e.bind
        if isinstance(b, VarInfo):
            return self.access(b.uid)
        if isinstance(b, ConInfo):
            if not b.has_arg:
                return ir.Int(b.tag)
            return self.eta(b.name, e, lambda a: self.construct(b, a), ident=b)
        if isinstance(b, ExnInfo):
            if not b.has_arg:
                return _packet(b.name, self.exn_id_current(b), ir.Int(0))
            return self.eta(b.name, e, lambda a: _packet(b.name, self.exn_id_current(b), a),
                            shared=b.builtin)
        assert isinstance(b, PrimInfo)
        return self.prim_value(b, e)

    def construct(self, info: ConInfo, arg: ir.Expr) -> ir.Expr:
        if info.datatype.is_list:
            # the (head, tail) pair is the cons cell: a tuple built here is named so
            inner = arg
            while isinstance(inner, ir.Let):
                inner = inner.body
            if isinstance(inner, ir.Alloc) and inner.kind == "pair" and not inner.what:
                inner.what, inner.type_desc = "::", "list"
            return arg
        return ir.Alloc("pair", [ir.Int(info.tag), arg], info.name, info.datatype.name)

    def eta(self, key: str, e: S.EVar, body, shared: bool = True, ident: object = None
            ) -> ir.Expr:
        """A constructor or builtin used as a value: the closure of a small code item, one
        per program for each (key, ident) (``ident`` tells apart same-named constructors
        or equalities on same-named types)."""
        cache = (key, id(ident))
        if shared and cache in self.eta_items:
            return ir.MakeClosure(self.eta_items[cache], [])
        name = f"Builtin function _{key}"
        if not shared or name in self.item_names:
            name = self.item_name(f"<eta {key}>", e.pos)
        self.item_names.add(name)
        clo = self.new_item(name, e.pos, [], lambda p: body(ir.Var(p)))
        if shared and not clo.free:  # type: ignore[union-attr]
            self.eta_items[cache] = name
            self.eta_keep.append(ident)  # keeps id(ident) unique while cached
        return clo

    def exp_ERecord(self, e: S.ERecord) -> ir.Expr:
        if not e.fields:
            return ir.Int(0)
        labels = sorted(e.fields, key=lambda f: _label_key(f[0]))
        if [f[0] for f in labels] == [f[0] for f in e.fields] or all(
                _pure(x) for _, x in e.fields):
            vals = [self.exp(x) for _, x in labels]
            return _alloc_tuple(vals, [lab for lab, _ in labels])
        # evaluate in source order, allocate in label order
        names = {lab: self.fresh("f") for lab, _ in e.fields}
        out: ir.Expr = _alloc_tuple([ir.Var(names[lab]) for lab, _ in labels],
                                    [lab for lab, _ in labels])
        for lab, x in reversed(e.fields):
            out = ir.Let(names[lab], self.exp(x), out)
        return out

    def exp_ESelector(self, e: S.ESelector) -> ir.Expr:
        labels = record_labels(e.ty)
        i = labels.index(e.label)
        return self.new_item(self.item_name(f"#{e.label}", e.pos), e.pos, [],
                             lambda p: ir.Select(i, ir.Var(p)))

    def exp_EList(self, e: S.EList) -> ir.Expr:
        vals = [self.exp(x) for x in e.items]
        out: ir.Expr = ir.Int(0)
        for v in reversed(vals):
            out = ir.Alloc("pair", [v, out], "::", "list")
        # build in evaluation order: the nested Allocs evaluate the heads left to right
        return out

    def exp_EApp(self, e: S.EApp) -> ir.Expr:
        f = e.fn
        while isinstance(f, S.ETyped):
            f = f.exp
        if isinstance(f, S.ESelector):
            labels = record_labels(f.ty)
            return ir.Select(labels.index(f.label), self.exp(e.arg))
        if isinstance(f, S.EVar):
            b = f.bind
            if isinstance(b, ConInfo) and b.has_arg:
                return self.construct(b, self.exp(e.arg))
            if isinstance(b, ExnInfo) and b.has_arg:
                return _packet(b.name, self.exn_id_current(b), self.exp(e.arg))
            if isinstance(b, PrimInfo):
                return self.prim_apply(b, f, e.arg)
        return ir.Call(self.exp(e.fn), self.exp(e.arg))

    def exp_EFn(self, e: S.EFn) -> ir.Expr:
        name = self.item_name(e.name, e.pos)
        return self.new_item(name, e.pos, [], lambda p: self.match(
            e.rules, ir.Var(p), self.raise_builtin("Match")))

    def exp_ELet(self, e: S.ELet) -> ir.Expr:
        return self.decs(e.decs, lambda: self.exp(e.body))

    def exp_ESeq(self, e: S.ESeq) -> ir.Expr:
        return ir.Seq([self.exp(x) for x in e.exps])

    def exp_ECase(self, e: S.ECase) -> ir.Expr:
        v = self.exp(e.exp)
        if isinstance(v, ir.Var):
            return self.match(e.rules, v, self.raise_builtin("Match"))
        name = self.fresh("case")
        return ir.Let(name, v, self.match(e.rules, ir.Var(name), self.raise_builtin("Match")))

    def exp_EIf(self, e: S.EIf) -> ir.Expr:
        return ir.If(self.exp(e.cond), self.exp(e.then), self.exp(e.else_))

    def exp_EAndalso(self, e: S.EAndalso) -> ir.Expr:
        return ir.If(self.exp(e.left), self.exp(e.right), ir.Int(0))

    def exp_EOrelse(self, e: S.EOrelse) -> ir.Expr:
        return ir.If(self.exp(e.left), ir.Int(1), self.exp(e.right))

    def exp_EHandle(self, e: S.EHandle) -> ir.Expr:
        body = self.exp(e.exp)
        name = self.fresh("exn")
        return ir.Handle(body, name, self.match(e.rules, ir.Var(name), ir.Raise(ir.Var(name))))

    def exp_ERaise(self, e: S.ERaise) -> ir.Expr:
        return ir.Raise(self.exp(e.exp))

    def exp_ETyped(self, e: S.ETyped) -> ir.Expr:
        return self.exp(e.exp)

    def exp_EWhile(self, e: S.EWhile) -> ir.Expr:
        uid = -next(self.names) - 1  # a private identity for the loop function
        name = self.item_name("<while>", e.pos)
        clo = self.new_item(name, e.pos, [], lambda p: ir.If(
            self.exp(e.cond), ir.Seq([self.exp(e.body), ir.Call(ir.SelfClosure(), ir.Int(0))]),
            ir.Int(0)), self_uid=uid)
        return ir.Call(clo, ir.Int(0))

    # ------------------------------------------------------------------ functions
    def fun_closure(self, fb: S.FunBind, self_uid: int | None, make_ctx=None
                    ) -> tuple[str, ir.Expr]:
        """Lower ``fun`` binding ``fb``: returns (item name, its MakeClosure in the current
        context). ``make_ctx`` makes item 1's context (shared-closure members)."""
        n = len(fb.clauses[0].pats)
        arg_uids = [-next(self.names) - 1 for _ in range(n)]
        first_name = self.item_name(fb.name, fb.pos)

        def innermost() -> ir.Expr:
            scruts = [self.access(u) for u in arg_uids]
            return self.rows([(cl.pats, cl.body) for cl in fb.clauses], scruts,
                             self.raise_builtin("Match"))

        def level(i: int):
            def build(param: str) -> ir.Expr:
                if i == n - 1:
                    return innermost()
                name = self.item_name(f"{fb.name} argument {i + 2}", fb.pos)
                return self.new_item(name, fb.pos, [arg_uids[i + 1]], level(i + 1))
            return build

        parent = self.ctx
        ctx = make_ctx(parent) if make_ctx else FnCtx(parent, self_uid=self_uid)
        param = self.fresh("arg")
        ctx.locals[arg_uids[0]] = param
        self.ctx = ctx
        saved_top, self.top = self.top, False
        try:
            body = level(0)(param)
        finally:
            self.ctx = parent
            self.top = saved_top
        self.items.append(ir.CodeItem(first_name, param, body, fb.pos[0]))
        if make_ctx:
            return first_name, ir.MakeClosure(first_name, [])  # unused: LetRecClosures
        return first_name, ir.MakeClosure(first_name,
                                          [self.access(uid, parent) for uid in ctx.captured])

    # ------------------------------------------------------------------ declarations
    def decs(self, decs: list[S.Dec], k) -> ir.Expr:
        if self.top:
            # top-level bindings are globals, so each declaration is a statement of its
            # own (iterative: programs may have thousands of declarations)
            return _seq([self.dec(d, lambda: ir.Int(0)) for d in decs], k())
        if not decs:
            return k()
        return self.dec(decs[0], lambda: self.decs(decs[1:], k))

    def dec(self, d: S.Dec, k) -> ir.Expr:
        if isinstance(d, S.DVal):
            if d.rec:
                return self.dec_fun([_valrec_as_fun(vb) for vb in d.binds], k)
            return self.dec_val(d, k)
        if isinstance(d, S.DFun):
            return self.dec_fun(d.binds, k)
        if isinstance(d, S.DException):
            stmts = []
            for eb in d.binds:
                info = eb.bind
                if info.name != eb.name or (eb.alias is not None):
                    # `exception E = F`: E is F (the checker bound the same ExnInfo)
                    continue
                if self.top:
                    self.top_exns.append(info)
                    stmts.append(self.global_write(self.new_global(info.uid),
                                                   ir.String(info.name.encode())))
                else:
                    name = self.bind_local(info)
                    rest = self.dec(S.DException([b for b in d.binds if b is not eb], d.pos), k)
                    return ir.Let(name, ir.String(info.name.encode()), rest)
            return _seq(stmts, k())
        if isinstance(d, S.DLocal):
            return self.decs(d.local + d.body, k)
        if isinstance(d, S.DStructure):
            return self.decs(d.decs, k)
        return k()  # types, datatypes, open: no code

    def dec_val(self, d: S.DVal, k) -> ir.Expr:
        # `val p1 = e1 and p2 = e2`: evaluate all, then bind all
        temps = []
        for vb in d.binds:
            temps.append((vb, self.exp(vb.exp)))
        stmts: list[ir.Expr] = []
        lets: list[tuple[str, ir.Expr]] = []
        binds_all: list = []
        checks: list[ir.Expr] = []
        for vb, val in temps:
            pat = vb.pat
            while isinstance(pat, S.PTyped):
                pat = pat.pat
            if isinstance(pat, S.PVar) and isinstance(pat.bind, VarInfo):
                if self.top:
                    stmts.append(self.global_write(self.new_global(pat.bind.uid), val))
                else:
                    lets.append((self.bind_local(pat.bind), val))
                continue
            if isinstance(pat, S.PWild):
                stmts.append(val) if self.top else lets.append((self.fresh("_"), val))
                continue
            tmp = self.fresh("val")
            lets.append((tmp, val))
            tests: list[ir.Expr] = []
            binds: list = []
            self.pc.compile(vb.pat, ir.Var(tmp), tests, binds)
            if tests:
                checks.append(conjunction(tests))
            binds_all.extend(binds)
        if self.top:
            for v, path in binds_all:
                stmts.append(self.global_write(self.new_global(v.uid), path))
            body = _seq(stmts, k())
        else:
            body = self.with_binds(binds_all, k) if binds_all else k()
        for c in reversed(checks):
            body = ir.If(c, body, self.raise_builtin("Bind"))
        for name, val in reversed(lets):
            body = ir.Let(name, val, body)
        return body

    def dec_fun(self, binds: list[S.FunBind], k) -> ir.Expr:
        if self.top:
            stmts: list[ir.Expr] = []
            for fb in binds:
                self.new_global(fb.bind.uid)
            for fb in binds:
                _, clo = self.fun_closure(fb, None)
                stmts.append(self.global_write(self.globals[fb.bind.uid], clo))
            return _seq(stmts, k())
        if len(binds) == 1:
            fb = binds[0]
            _, clo = self.fun_closure(fb, fb.bind.uid)
            name = self.bind_local(fb.bind)
            return ir.Let(name, clo, k())
        return self.dec_letrec(binds, k)

    def dec_letrec(self, binds: list[S.FunBind], k) -> ir.Expr:
        parent = self.ctx
        group = [fb.bind.uid for fb in binds]
        captured: list[int] = []
        cap_index: dict[int, int] = {}
        codes = []
        for j, fb in enumerate(binds):
            # every member's context shares the capture list: one closure record for all
            def make_ctx(par: FnCtx, j: int = j) -> FnCtx:
                return FnCtx(par, captured=captured, cap_index=cap_index, group=group, k=j,
                             n_codes=len(group))
            name, _ = self.fun_closure(fb, None, make_ctx)
            codes.append(name)
        names = [self.bind_local(fb.bind) for fb in binds]
        free = [self.access(uid, parent) for uid in captured]
        return ir.LetRecClosures(names, codes, free, k())


def _valrec_as_fun(vb: S.ValBind) -> S.FunBind:
    pat = vb.pat
    while isinstance(pat, S.PTyped):
        pat = pat.pat
    fn = vb.exp
    assert isinstance(pat, S.PVar) and isinstance(fn, S.EFn)
    # `val rec f = fn p1 => e1 | p2 => e2` is `fun f p1 = e1 | f p2 = e2`
    clauses = [S.Clause([r.pat], None, r.exp, r.pos) for r in fn.rules]
    return S.FunBind(pat.name, clauses, fn.pos, bind=pat.bind)


def _seq(stmts: list[ir.Expr], rest: ir.Expr) -> ir.Expr:
    """``Seq(stmts + [rest])``, flattening nested sequences and dropping unit results."""
    flat: list[ir.Expr] = []
    for s in stmts:
        parts = s.exprs if isinstance(s, ir.Seq) else [s]
        flat.extend(p for p in parts if not (isinstance(p, ir.Int) and p.value == 0))
    if not flat:
        return rest
    if isinstance(rest, ir.Seq):
        return ir.Seq(flat + rest.exprs)
    return ir.Seq(flat + [rest])


def _label_key(lab: str) -> tuple:
    return (0, int(lab), "") if lab.isdigit() else (1, 0, lab)


def _pure(e: S.Exp) -> bool:
    return isinstance(e, (S.EConst, S.EVar, S.EFn, S.ESelector))


def _alloc_tuple(vals: list[ir.Expr], labels: list[str] | None = None) -> ir.Expr:
    """A tuple, or a record with ``labels`` (sorted): named ``{a,b}`` unless the labels
    are a tuple's ``1 .. n`` (then the walker names it by its shape, ``(,)``)."""
    what = ""
    if labels is not None and labels != [str(i) for i in range(1, len(labels) + 1)]:
        what = "{" + ",".join(labels) + "}"
    if len(vals) == 2:
        return ir.Alloc("pair", vals, what, what)
    return ir.Alloc("record", vals, what, what)


def _packet(name: str, exn_id: ir.Expr, arg: ir.Expr) -> ir.Alloc:
    """An exception packet ``(identity, argument)``, named by the exception."""
    return ir.Alloc("record", [exn_id, arg], name, "exn")

