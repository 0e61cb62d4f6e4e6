"""Type inference for the SML subset (algorithm W with levels), filling the AST's binding
slots for the lowering. Types, unification and the builtins are in ``types.py``."""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from .lexer import BigLit
from .types import (
    ARROW,
    BASIC_TYCONS,
    BUILTIN_ALIASES,
    BUILTIN_EXNS,
    BUILTIN_TYPES,
    CHAR,
    EXN,
    INT,
    INTEGRAL,
    INTINF,
    INTLITS,
    NUM,
    ORD,
    REAL,
    STRING,
    UNIT,
    ConInfo,
    DatatypeInfo,
    Env,
    ExnInfo,
    PrimInfo,
    TCon,
    TRec,
    TVar,
    Tycon,
    Type,
    TypeAbbrev,
    TypePrinter,
    UnifyError,
    VarInfo,
    WORD,
    WORD8,
    WORDS,
    admits_eq,
    free_vars,
    fun,
    prune,
    subst,
    tcon,
    tuple_of,
    unify,
)

CONST_TYPES = {"int": INT, "real": REAL, "string": STRING, "char": CHAR}


class Checker:
    def __init__(self, file: str):
        self.file = file
        self.level = 0
        self.pending_ovl: list[TVar] = []
        self.pending_rec: list[tuple[TVar, S.Pos]] = []
        self.bool_t: Type = UNIT
        self.pending_words: list = []
        self.pending_ints: list = []
        self.list_tc: Tycon | None = None
        # integer literals are overloaded (int / IntInf.int, default int) in a program that
        # uses IntInf or LargeInt (pipeline.uses_intinf); elsewhere they are int
        self.intinf_lits = False

    # ------------------------------------------------------------------ helpers
    def error(self, msg: str, pos: S.Pos) -> SourceError:
        return SourceError(msg, self.file, pos[0], pos[1])

    def fresh(self, **kw) -> TVar:
        v = TVar(self.level, **kw)
        if v.ovl is not None:
            self.pending_ovl.append(v)
        return v

    def unify_at(self, a: Type, b: Type, pos: S.Pos, context: str) -> None:
        try:
            unify(a, b)
        except UnifyError as e:
            p = TypePrinter()
            x, y = prune(e.a), prune(e.b)
            if e.why == "equality":
                msg = f"type error: {p.show(y)} does not admit equality in {context}"
            elif e.why == "circular type":
                msg = f"type error: circular type in {context}"
            elif e.why.startswith("record has no field"):
                msg = f"type error: {e.why} ({p.show(y)}) in {context}"
            else:
                msg = f"type error: cannot unify {p.show(x)} with {p.show(y)} in {context}"
            raise self.error(msg, pos) from None

    def instantiate(self, scheme: tuple[list[TVar], Type]) -> Type:
        gens, t = scheme
        if not gens:
            return t
        m: dict[int, Type] = {}
        for g in gens:
            m[g.id] = self.fresh(eq=g.eq, ovl=g.ovl)
        return subst(t, m)

    def generalize(self, t: Type) -> tuple[list[TVar], Type]:
        fvs: list[TVar] = []
        free_vars(t, fvs)
        gens = [v for v in fvs if v.level > self.level and v.ovl is None and v.rec is None]
        # vars under a flexible record or overloaded var must stay monomorphic too
        for v in fvs:
            if v.rec:
                inner: list[TVar] = []
                for x in v.rec.values():
                    free_vars(x, inner)
                gens = [g for g in gens if g not in inner]
        return gens, t

    def list_of(self, t: Type) -> Type:
        assert self.list_tc is not None
        return TCon(self.list_tc, [t])

    # ------------------------------------------------------------------ initial env
    def initial_env(self) -> Env:
        env = Env()
        for name, tc in BASIC_TYCONS.items():
            env.types[name] = tc
        env.types["unit"] = TypeAbbrev([], UNIT)
        bool_tc = Tycon("bool", 0)
        bool_dt = DatatypeInfo("bool", bool_tc)
        self.bool_t = TCon(bool_tc, [])
        for tag, n in enumerate(("false", "true")):
            c = ConInfo(n, False, tag, bool_dt, ([], self.bool_t))
            bool_dt.cons.append(c)
            env.values[n] = c
        bool_tc.datatype = bool_dt
        env.types["bool"] = bool_tc
        a = TVar(1)
        list_tc = Tycon("list", 1)
        self.list_tc = list_tc
        list_dt = DatatypeInfo("list", list_tc, is_list=True)
        list_tc.datatype = list_dt
        la = TCon(list_tc, [a])
        nil = ConInfo("nil", False, 0, list_dt, ([a], la))
        cons = ConInfo("::", True, 0, list_dt, ([a], fun(tuple_of([a, la]), la)))
        list_dt.cons = [nil, cons]
        env.values["nil"] = nil
        env.values["::"] = cons
        env.types["list"] = list_tc
        b = TVar(1)
        opt_tc = Tycon("option", 1)
        opt_dt = DatatypeInfo("option", opt_tc)
        opt_tc.datatype = opt_dt
        ob = TCon(opt_tc, [b])
        none = ConInfo("NONE", False, 0, opt_dt, ([b], ob))
        some = ConInfo("SOME", True, 0, opt_dt, ([b], fun(b, ob)))
        opt_dt.cons = [none, some]
        env.values["NONE"] = none
        env.values["SOME"] = some
        env.types["option"] = opt_tc
        r = TVar(1)
        env.values["ref"] = PrimInfo("ref", ([r], fun(r, tcon(BASIC_TYCONS["ref"], r))))
        from .parser import Parser
        for name, text in BUILTIN_TYPES.items():
            ty = Parser(text, "<builtin>").ty()
            tvmap: dict[str, TVar] = {
                "'n": TVar(1, ovl=NUM), "'o": TVar(1, ovl=ORD), "''a": TVar(1, eq=True),
                "'i": TVar(1, ovl=INTEGRAL)}
            t = self.elab(ty, env, tvmap, level=1)
            fvs: list[TVar] = []
            free_vars(t, fvs)
            env.values[name] = PrimInfo(name, (fvs, t))
        for alias, name in BUILTIN_ALIASES.items():
            env.values[alias] = env.values[name]
        for name, arg in BUILTIN_EXNS.items():
            scheme = ([], fun(TCon(STRING, []), TCon(EXN, []))) if arg else ([], TCon(EXN, []))
            env.values[name] = ExnInfo(name, arg is not None, scheme, builtin=True)
        return env

    # ------------------------------------------------------------------ type expressions
    def elab(self, ty: S.Ty, env: Env, tvmap: dict[str, TVar], level: int | None = None
             ) -> Type:
        if isinstance(ty, S.TyVarS):
            v = tvmap.get(ty.name)
            if v is None:
                v = TVar(self.level if level is None else level, eq=ty.name.startswith("''"))
                tvmap[ty.name] = v
            return v
        if isinstance(ty, S.TyTupleS):
            return tuple_of([self.elab(x, env, tvmap, level) for x in ty.items])
        if isinstance(ty, S.TyRecordS):
            labs = [lab for lab, _ in ty.fields]
            if len(set(labs)) != len(labs):
                raise self.error("type error: duplicate label in record type", ty.pos)
            return TRec({lab: self.elab(x, env, tvmap, level) for lab, x in ty.fields})
        if isinstance(ty, S.TyFunS):
            return fun(self.elab(ty.arg, env, tvmap, level), self.elab(ty.res, env, tvmap, level))
        args = [self.elab(x, env, tvmap, level) for x in ty.args]
        tc = env.lookup_type(ty.name)
        if tc is None:
            raise self.error(f"unbound type constructor '{ty.name}'", ty.pos)
        if isinstance(tc, TypeAbbrev):
            if len(tc.params) != len(args):
                raise self.error(f"type error: type '{ty.name}' expects {len(tc.params)} "
                                 f"argument(s), given {len(args)}", ty.pos)
            return subst(tc.body, {p.id: a for p, a in zip(tc.params, args)})
        if tc.arity != len(args):
            raise self.error(f"type error: type '{ty.name}' expects {tc.arity} argument(s), "
                             f"given {len(args)}", ty.pos)
        return TCon(tc, args)

    # ------------------------------------------------------------------ top level
    def top_decs(self, decs: list[S.Dec], env: Env) -> None:
        # overloads (and literal ranges) are resolved at the end of each top-level
        # declaration, as SML/NJ does, or with defer_overloads (a program, pipeline.py) at
        # the end of the whole program, as Poly/ML does for a script without semicolons:
        # `fun sort a = ... Array.sub (a, i) > ...` then `sort realArray` is accepted
        whole = getattr(self, "defer_overloads", False)
        self.pending_ovl, self.pending_words, self.pending_ints = [], [], []
        for d in decs:
            if not whole:
                self.pending_ovl, self.pending_words, self.pending_ints = [], [], []
            self.pending_rec = []
            self.dec(d, env)
            if not whole:
                self.resolve_overloads()
            for v, pos in self.pending_rec:
                if isinstance(prune(v), TVar):
                    raise self.error("type error: unresolved flexible record type (the "
                                     "record's other fields are unknown; add a type "
                                     "annotation)", pos)
        if whole:
            self.resolve_overloads()

    def resolve_overloads(self) -> None:
        """Default the pending overloaded type variables (int, else word, real, string) and
        check the pending literals' ranges at their resolved types."""
        for v in self.pending_ovl:
            v = prune(v)  # type: ignore[assignment]
            if isinstance(v, TVar) and v.ovl is not None:
                default = (INT if "int" in v.ovl else WORD if "word" in v.ovl
                           else REAL if "real" in v.ovl else STRING)
                unify(v, TCon(default, []))
        for t, value, pos in self.pending_ints:
            t = prune(t)
            if not (isinstance(t, TCon) and t.con is INTINF):
                raise self.int_range_error(value, pos)
        for t, value, pos in self.pending_words:
            t = prune(t)
            if isinstance(t, TCon) and t.con is WORD8 and value > 0xFF:
                raise self.error(f"constant 0wx{value:X} is out of range for Word8.word",
                                 pos)

    # ------------------------------------------------------------------ declarations
    def dec(self, d: S.Dec, env: Env) -> None:
        if isinstance(d, S.DVal):
            self.dval(d, env)
        elif isinstance(d, S.DFun):
            self.dfun(d, env)
        elif isinstance(d, S.DType):
            for tvs, name, body in d.binds:
                params = [TVar(1) for _ in tvs]
                env.types[name] = TypeAbbrev(params, self.elab(body, env, dict(zip(tvs, params))))
        elif isinstance(d, S.DDatatype):
            self.ddatatype(d, env)
        elif isinstance(d, S.DException):
            for eb in d.binds:
                if eb.alias is not None:
                    info = env.lookup_value(eb.alias)
                    if not isinstance(info, ExnInfo):
                        raise self.error(f"unbound exception '{eb.alias}'", eb.pos)
                else:
                    exn = TCon(EXN, [])
                    arg = None if eb.arg is None else self.elab(eb.arg, env, {})
                    info = ExnInfo(eb.name, arg is not None, ([], exn if arg is None else
                                                              fun(arg, exn)))
                eb.bind = info
                env.values[eb.name] = info
        elif isinstance(d, S.DLocal):
            inner = Env(env)
            for x in d.local:
                self.dec(x, inner)
            body = Env(inner)
            for x in d.body:
                self.dec(x, body)
            env.values.update(body.values)
            env.types.update(body.types)
        elif isinstance(d, S.DStructure):
            inner = Env(env)
            for x in d.decs:
                self.dec(x, inner)
            for k, v in inner.values.items():
                env.values[f"{d.name}.{k}"] = v
            for k, t in inner.types.items():
                env.types[f"{d.name}.{k}"] = t
        elif isinstance(d, S.DOpen):
            vals, tys = env.visible()
            for name in d.names:
                pre = name + "."
                found = False
                for k, v in vals.items():
                    if k.startswith(pre):
                        env.values[k[len(pre):]] = v
                        found = True
                for k, t in tys.items():
                    if k.startswith(pre):
                        env.types[k[len(pre):]] = t
                        found = True
                if not found:
                    raise self.error(f"unbound structure '{name}'", d.pos)
        else:  # pragma: no cover - parser produces only the above
            raise self.error("unsupported declaration", d.pos)

    def dval(self, d: S.DVal, env: Env) -> None:
        if d.rec:
            self.dval_rec(d, env)
            return
        new: dict[str, VarInfo] = {}
        for vb in d.binds:
            self.level += 1
            te = self.exp(vb.exp, env)
            bound: dict[str, VarInfo] = {}
            tp = self.pat(vb.pat, env, bound)
            self.unify_at(tp, te, vb.pos, "the value binding")
            self.level -= 1
            gen = self.nonexpansive(vb.exp)
            for name, v in bound.items():
                t = v.scheme[1]
                v.scheme = self.generalize(t) if gen else ([], t)
                if name in new:
                    raise self.error(f"'{name}' is bound twice in 'val ... and'", vb.pos)
                new[name] = v
        env.values.update(new)

    def dval_rec(self, d: S.DVal, env: Env) -> None:
        inner = Env(env)
        self.level += 1
        infos = []
        for vb in d.binds:
            pat = vb.pat
            while isinstance(pat, S.PTyped):
                pat = pat.pat
            if not isinstance(pat, S.PVar) or not isinstance(vb.exp, S.EFn):
                raise self.error("syntax error: 'val rec' binds a variable to 'fn'", vb.pos)
            bound: dict[str, VarInfo] = {}
            tp = self.pat(vb.pat, env, bound, allow_con=False)
            v = bound[pat.name]
            vb.exp.name = pat.name
            inner.values[pat.name] = v
            infos.append((vb, v, tp))
        for vb, v, tp in infos:
            self.unify_at(tp, self.exp(vb.exp, inner), vb.pos, f"the binding of '{v.name}'")
        self.level -= 1
        for vb, v, tp in infos:
            v.scheme = self.generalize(tp)
            env.values[v.name] = v

    def dfun(self, d: S.DFun, env: Env) -> None:
        inner = Env(env)
        self.level += 1
        for fb in d.binds:
            v = VarInfo(fb.name, ([], self.fresh()))
            fb.bind = v
            inner.values[fb.name] = v
        for fb in d.binds:
            ftype = fb.bind.scheme[1]
            n = len(fb.clauses[0].pats)
            args = [self.fresh() for _ in range(n)]
            res = self.fresh()
            t: Type = res
            for a in reversed(args):
                t = fun(a, t)
            self.unify_at(ftype, t, fb.pos, f"the definition of '{fb.name}'")
            for cl in fb.clauses:
                cenv = Env(inner)
                bound: dict[str, VarInfo] = {}
                tvmap: dict[str, TVar] = {}
                for a, p in zip(args, cl.pats):
                    self.unify_at(a, self.pat(p, env, bound, tvmap=tvmap), p.pos,
                                  f"the arguments of '{fb.name}'")
                cenv.values.update(bound)
                tb = self.exp(cl.body, cenv)
                if cl.result_ty is not None:
                    self.unify_at(tb, self.elab(cl.result_ty, env, tvmap), cl.pos,
                                  f"the result type annotation of '{fb.name}'")
                self.unify_at(res, tb, cl.body.pos, f"the result of '{fb.name}'")
        self.level -= 1
        for fb in d.binds:
            fb.bind.scheme = self.generalize(fb.bind.scheme[1])
            env.values[fb.name] = fb.bind

    def ddatatype(self, d: S.DDatatype, env: Env) -> None:
        infos = []
        for db in d.binds:
            tc = Tycon(db.name, len(db.tyvars))
            dt = DatatypeInfo(db.name, tc)
            tc.datatype = dt
            env.types[db.name] = tc
            infos.append((db, tc, dt))
        for tvs, name, body in d.withtype:
            params = [TVar(1) for _ in tvs]
            env.types[name] = TypeAbbrev(params, self.elab(body, env, dict(zip(tvs, params))))
        arg_types = []
        for db, tc, dt in infos:
            params = [TVar(1) for _ in db.tyvars]
            res = TCon(tc, list(params))
            tvmap = dict(zip(db.tyvars, params))
            n_null = n_val = 0
            for cb in db.cons:
                if cb.arg is None:
                    c = ConInfo(cb.name, False, n_null, dt, (params, res))
                    n_null += 1
                else:
                    at = self.elab(cb.arg, env, tvmap, level=1)
                    fvs: list[TVar] = []
                    free_vars(at, fvs)
                    for v in fvs:
                        if v not in params:
                            raise self.error("type error: free type variable in datatype "
                                             "constructor", cb.pos)
                    c = ConInfo(cb.name, True, n_val, dt, (params, fun(at, res)))
                    n_val += 1
                    arg_types.append((tc, at))
                dt.cons.append(c)
                env.values[cb.name] = c
        # equality: greatest fixpoint over the group
        changed = True
        while changed:
            changed = False
            for tc, at in arg_types:
                if tc.eq and not admits_eq(at, make_eq=False):
                    tc.eq = False
                    changed = True

    # ------------------------------------------------------------------ expansiveness
    def nonexpansive(self, e: S.Exp) -> bool:
        if isinstance(e, (S.EConst, S.EVar, S.EFn, S.ESelector)):
            return True
        if isinstance(e, S.ERecord):
            return all(self.nonexpansive(x) for _, x in e.fields)
        if isinstance(e, S.EList):
            return all(self.nonexpansive(x) for x in e.items)
        if isinstance(e, S.ETyped):
            return self.nonexpansive(e.exp)
        if isinstance(e, S.EApp) and isinstance(e.fn, S.EVar):
            return isinstance(e.fn.bind, (ConInfo, ExnInfo)) and self.nonexpansive(e.arg)
        return False

    # ------------------------------------------------------------------ patterns
    def pat(self, p: S.Pat, env: Env, bound: dict[str, VarInfo], allow_con: bool = True,
            tvmap: dict[str, TVar] | None = None) -> Type:
        if isinstance(p, S.PWild):
            return self.fresh()
        if isinstance(p, S.PVar):
            info = env.lookup_value(p.name) if allow_con else None
            if isinstance(info, (ConInfo, ExnInfo)):
                if info.has_arg:
                    raise self.error(f"type error: constructor '{p.name}' needs an argument "
                                     "in this pattern", p.pos)
                p.bind = info
                return self.instantiate(info.scheme)
            if "." in p.name:
                raise self.error(f"unbound constructor '{p.name}'", p.pos)
            return self.new_var(p.name, p, bound)
        if isinstance(p, S.PConst):
            if p.kind == "real":
                raise self.error("type error: real constants are not allowed in patterns "
                                 "(real is not an equality type)", p.pos)
            return self.const_type(p)
        if isinstance(p, S.PRecord):
            fields = {}
            for lab, q in p.fields:
                if lab in fields:
                    raise self.error(f"type error: duplicate label '{lab}' in record pattern",
                                     p.pos)
                fields[lab] = self.pat(q, env, bound, allow_con, tvmap)
            if p.flexible:
                t: Type = self.fresh(rec=fields)
                self.pending_rec.append((t, p.pos))  # type: ignore[arg-type]
            else:
                t = TRec(fields)
            p.ty = t
            return t
        if isinstance(p, S.PList):
            el = self.fresh()
            for q in p.items:
                self.unify_at(el, self.pat(q, env, bound, allow_con, tvmap), q.pos,
                              "the list pattern")
            return self.list_of(el)
        if isinstance(p, S.PCon):
            info = env.lookup_value(p.name)
            if isinstance(info, PrimInfo) and info.name == "ref":
                pass
            elif not isinstance(info, (ConInfo, ExnInfo)):
                raise self.error(f"unbound constructor '{p.name}' in pattern", p.pos)
            elif not info.has_arg:
                raise self.error(f"type error: constructor '{p.name}' takes no argument",
                                 p.pos)
            p.bind = info
            ft = prune(self.instantiate(info.scheme))
            assert isinstance(ft, TCon) and ft.con is ARROW
            self.unify_at(ft.args[0], self.pat(p.arg, env, bound, allow_con, tvmap), p.arg.pos,
                          f"the argument of constructor '{p.name}'")
            return ft.args[1]
        if isinstance(p, S.PAs):
            t = self.pat(p.pat, env, bound, allow_con, tvmap)
            v = self.new_var(p.name, p, bound)
            self.unify_at(v, t, p.pos, "the 'as' pattern")
            return t
        if isinstance(p, S.PTyped):
            t = self.pat(p.pat, env, bound, allow_con, tvmap)
            self.unify_at(t, self.elab(p.ty, env, tvmap if tvmap is not None else {}), p.pos,
                          "the pattern's type annotation")
            return t
        raise self.error("unsupported pattern", p.pos)  # pragma: no cover

    def const_type(self, c) -> Type:
        """A constant's type; word literals are overloaded (word / Word8.word), range-checked
        when the declaration's types are known."""
        if c.kind == "int" and getattr(self, "intinf_lits", False):
            t = self.fresh(ovl=INTLITS)
            c.ty = t
            if isinstance(c.value, BigLit):
                self.pending_ints.append((t, c.value, c.pos))
            return t
        if c.kind == "int" and isinstance(c.value, BigLit):
            raise self.int_range_error(c.value, c.pos)
        if c.kind != "word":
            return TCon(CONST_TYPES[c.kind], [])
        t = self.fresh(ovl=WORDS)
        self.pending_words.append((t, c.value, c.pos))
        return t

    def int_range_error(self, value: BigLit, pos: S.Pos) -> SourceError:
        return self.error(f"constant {value.text} is out of range for int (30 bits: "
                          f"-536870912..536870911)", pos)

    def new_var(self, name: str, p, bound: dict[str, VarInfo]) -> Type:
        if name in bound:
            raise self.error(f"variable '{name}' is bound twice in one pattern", p.pos)
        t = self.fresh()
        v = VarInfo(name, ([], t))
        bound[name] = v
        p.bind = v
        return t

    # ------------------------------------------------------------------ expressions
    def exp(self, e: S.Exp, env: Env) -> Type:
        if isinstance(e, S.EConst):
            return self.const_type(e)
        if isinstance(e, S.EVar):
            info = env.lookup_value(e.name)
            if info is None:
                raise self.error(f"unbound identifier '{e.name}'", e.pos)
            e.bind = info
            t = self.instantiate(info.scheme)
            e.ty = t
            return t
        if isinstance(e, S.ERecord):
            labs = [lab for lab, _ in e.fields]
            if len(set(labs)) != len(labs):
                raise self.error("type error: duplicate label in record", e.pos)
            return TRec({lab: self.exp(x, env) for lab, x in e.fields})
        if isinstance(e, S.ESelector):
            a = self.fresh()
            r = self.fresh(rec={e.label: a})
            self.pending_rec.append((r, e.pos))
            e.ty = r
            return fun(r, a)
        if isinstance(e, S.EList):
            el = self.fresh()
            for x in e.items:
                self.unify_at(el, self.exp(x, env), x.pos, "the list elements")
            return self.list_of(el)
        if isinstance(e, S.EApp):
            tf = prune(self.exp(e.fn, env))
            ta = self.exp(e.arg, env)
            what = f"'{e.fn.name}'" if isinstance(e.fn, S.EVar) else "the function"
            if isinstance(tf, TCon) and tf.con is ARROW:
                self.unify_at(tf.args[0], ta, e.arg.pos, f"the argument of {what}")
                return tf.args[1]
            res = self.fresh()
            self.unify_at(tf, fun(ta, res), e.pos, f"the application of {what}")
            return res
        if isinstance(e, S.EFn):
            arg, res = self.fresh(), self.fresh()
            self.rules(e.rules, env, arg, res, "fn")
            return fun(arg, res)
        if isinstance(e, S.ELet):
            inner = Env(env)
            for d in e.decs:
                self.dec(d, inner)
            return self.exp(e.body, inner)
        if isinstance(e, S.ESeq):
            t: Type = UNIT
            for x in e.exps:
                t = self.exp(x, env)
            return t
        if isinstance(e, S.ECase):
            arg, res = self.exp(e.exp, env), self.fresh()
            self.rules(e.rules, env, arg, res, "case")
            return res
        if isinstance(e, S.EIf):
            self.unify_at(self.exp(e.cond, env), self.bool_t, e.cond.pos, "the 'if' condition")
            t = self.exp(e.then, env)
            self.unify_at(t, self.exp(e.else_, env), e.else_.pos, "the branches of 'if'")
            return t
        if isinstance(e, (S.EAndalso, S.EOrelse)):
            kw = "andalso" if isinstance(e, S.EAndalso) else "orelse"
            self.unify_at(self.exp(e.left, env), self.bool_t, e.left.pos, f"'{kw}'")
            self.unify_at(self.exp(e.right, env), self.bool_t, e.right.pos, f"'{kw}'")
            return self.bool_t
        if isinstance(e, S.EHandle):
            t = self.exp(e.exp, env)
            self.rules(e.rules, env, TCon(EXN, []), t, "handle")
            return t
        if isinstance(e, S.ERaise):
            self.unify_at(self.exp(e.exp, env), TCon(EXN, []), e.exp.pos, "'raise'")
            return self.fresh()
        if isinstance(e, S.ETyped):
            t = self.exp(e.exp, env)
            self.unify_at(t, self.elab(e.ty, env, {}), e.pos, "the type annotation")
            return t
        if isinstance(e, S.EWhile):
            self.unify_at(self.exp(e.cond, env), self.bool_t, e.cond.pos, "the 'while' condition")
            self.exp(e.body, env)
            return UNIT
        raise self.error("unsupported expression", e.pos)  # pragma: no cover

    def rules(self, rules: list[S.Rule], env: Env, arg: Type, res: Type, what: str) -> None:
        for r in rules:
            bound: dict[str, VarInfo] = {}
            self.unify_at(arg, self.pat(r.pat, env, bound), r.pat.pos, f"the patterns of '{what}'")
            inner = Env(env)
            inner.values.update(bound)
            self.unify_at(res, self.exp(r.exp, inner), r.exp.pos, f"the rules of '{what}'")


def check_program(decs: list[S.Dec], file: str, checker: Checker | None = None,
                  env: Env | None = None) -> tuple[Checker, Env]:
    """Type-check top-level declarations (into ``env``, created if not given)."""
    checker = checker or Checker(file)
    checker.file = file
    if env is None:
        env = checker.initial_env()
    checker.top_decs(decs, env)
    return checker, env
