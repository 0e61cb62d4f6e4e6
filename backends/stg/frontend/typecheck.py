"""Hindley-Milner type inference for the Haskell subset, with the Prelude's type classes:
ill-typed programs are refused before they run, with GHC's wording
(``Couldn't match expected type `Int' with actual type `Bool'``,
``No instance for (Num Bool) arising from a use of `+'``).

    prep = prepare(module, source, filename)   # before renaming (signatures still there)
    ...rename...
    prep.check()                                # raises SourceError for a type error

The checker is conservative: a program GHC accepts must never be refused. So whatever it
does not model is left unchecked rather than refused (a signature or annotation it cannot
read is dropped, a constructor field it cannot read gets a fresh type at each use, a name
without a known type gets a fresh type), local signatures only constrain (their type
variables are not rigid, as with ScopedTypeVariables), and an ambiguous constraint is
refused only when it is numeric and defaulting (Integer, then Double) cannot solve it.
Top-level signatures are rigid, as in GHC (``f :: a -> a; f x = x + 1`` is
``No instance for (Num a)``), and the monomorphism restriction applies (``let n = 3000``
used as an Int is an Int).

The types found are kept for -hy: ``Prepared.expr_desc(node)`` and
``Prepared.bind_desc(decl, name)`` give GHC's type description of a closure (``->>Int``,
``String``, ``*``), with the types GHC -O0's inlining of bindings used once gives them
(``typecheck_inline``).
"""

from __future__ import annotations

import bisect

from . import syntax as S
from . import typecheck_types as T
from .lexer import Token, tokenize
from .rename import decl_binders, pat_binders
from .typecheck_env import Scheme, Sig, TypeReader, TypeScope, Unreadable, con_scheme, \
    prelude_env, read_data, read_synonym, tyvar_names
from .typecheck_classes import MONAD_CLASSES, CheckedUses, ClassChecker
from .typecheck_expr import ExprChecker, sccs, type_tokens
from .typecheck_inline import specialise_single_uses
from profkit.errors import SourceError

_MISSING = object()
#: re-raise the checker's own faults instead of letting the program through (tests set it)
STRICT = False

#: classes whose methods the subset picks by the type of their result
TYPE_DIRECTED = frozenset({"Enum", "Bounded", "Read", "Monoid", "Semigroup"})


class Pred:
    __slots__ = ("cls", "type", "origin", "span")

    def __init__(self, cls: str, type_: T.Type, origin: str, span: S.Span):
        self.cls = cls
        self.type = type_
        self.origin = origin
        self.span = span


class Prepared:
    """What must be taken from the module before renaming drops the signatures."""

    def __init__(self, module: S.Module, source: str, filename: str):
        self.module = module
        self.source = source
        self.file = filename
        self.sigs: dict[object, S.DSig] = {}  # id(DFun) or (id(DPat), name) -> signature
        self.needs_tokens = False
        # what the check found (node id -> (node, type)), for the -hy type descriptions
        self.expr_types: dict[int, tuple[object, T.Type]] = {}
        self.bind_types: dict[object, tuple[object, T.Type]] = {}
        self.dict_locals: set[int] = set()
        self.skolem_subst: dict[str, T.Type] = {}
        # binding name -> instances.InstanceMethod: the methods of the program's instances,
        # each checked against its class's type at the instance
        self.inst_methods: dict[str, object] = {}
        # the program's own classes (classes.ClassEnv), and what the check finds of their
        # methods' uses: (EVar node, class, method, instance type name or None if open)
        self.classes: object = None
        self.method_uses: list[tuple[S.EVar, str, str, str | None]] = []
        _collect_sigs(module.decls, self)

    def check(self) -> None:
        try:
            checker = Checker(self)
            checker.run()
        except SourceError:
            raise
        except Exception:
            # a fault of the checker itself (not of the program) must neither crash the
            # compiler nor refuse a program: it then runs unchecked, as before
            if STRICT:
                raise
            return
        self.expr_types, self.bind_types = checker.expr_types, checker.bind_types
        self.skolem_subst, self.dict_locals = checker.skolem_subst, checker.dict_locals
        self.con_schemes = checker.cons  # (open_methods reads the checker's uses:)
        self.checked = CheckedUses(checker.var_insts, getattr(checker, "dict_uses", []),
                                   checker.section_uses, checker.own_schemes,
                                   checker.skolems_of, checker.class_schemes,
                                   checker.monad_refused)
        self.method_uses = checker.resolved_method_uses()

    def expr_desc(self, e: object) -> str | None:
        """GHC's -hy description of a closure whose value is expression ``e`` (a node of
        the checked module, after renaming): None when the checker did not see it."""
        hit = self.expr_types.get(id(e))
        if hit is None or hit[0] is not e:
            return None
        return T.describe(hit[1], self.skolem_subst)

    def bind_desc(self, d: object, name: str) -> str | None:
        """GHC's -hy description of binding ``name`` of declaration ``d`` (a function,
        value or pattern binding, top level or local), with its generalised type: a type
        variable left after generalisation and defaulting is ``*``."""
        hit = self.bind_types.get((id(d), name))
        if hit is None or hit[0] is not d:
            return None
        return T.describe(hit[1], self.skolem_subst)


def prepare(module: S.Module, source: str, filename: str) -> Prepared:
    """Record the type signatures of ``module`` (call before ``rename_module``)."""
    return Prepared(module, source, filename)


def _collect_sigs(decls: list, prep: Prepared) -> None:
    sigs = {n: d for d in decls if isinstance(d, S.DSig) for n in d.names}
    for d in decls:
        if isinstance(d, (S.DSig, S.DData)):
            prep.needs_tokens = True
        if isinstance(d, S.DFun) and d.name in sigs:
            prep.sigs[id(d)] = sigs[d.name]
        elif isinstance(d, S.DPat):
            names: list[tuple[str, S.Span]] = []
            pat_binders(d.pat, names)
            for n, _ in names:
                if n in sigs:
                    prep.sigs[(id(d), n)] = sigs[n]
    for d in decls:
        _walk(d, prep)


def _walk(node: object, prep: Prepared) -> None:
    """Find the nested declaration lists (let, where, do-let) of a parsed node."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            if n and isinstance(n[0], (S.DFun, S.DPat, S.DSig, S.DFixity)):
                _collect_sigs(n, prep)
            else:
                stack.extend(n)
            continue
        slots = getattr(type(n), "__slots__", None)
        if slots is None or not type(n).__module__.endswith("syntax"):
            continue
        if isinstance(n, S.ETyped):
            prep.needs_tokens = True
        for s in slots:
            v = getattr(n, s)
            if isinstance(v, (list,)) or hasattr(type(v), "__slots__") and \
                    type(v).__module__.endswith("syntax"):
                stack.append(v)


class Checker(ClassChecker, ExprChecker):
    def __init__(self, prep: Prepared):
        self.prep = prep
        self.file = prep.file
        self.level = 0
        self.wanted: list[Pred] = []
        self.env: dict[str, object] = {}
        self.undo: list[tuple[str, object]] = []
        self.prelude, builtin_cons = prelude_env()
        self.cons: dict[str, Scheme] = dict(builtin_cons)
        self.exist: dict[str, int] = {}  # existential constructors -> their type's arity
        self.exist_given: list[tuple[str, T.Type]] = []  # their patterns' contexts
        self.scope = TypeScope()
        # the program's types -> the Prelude classes each derives or has an instance of
        self.user_types: dict[str, set[str] | None] = {}
        self.toks: list[Token] = []
        self.tok_pos: list[tuple[int, int]] = []
        self.top_names: set[str] = set()
        self.expr_types: dict[int, tuple[object, T.Type]] = {}
        self.bind_types: dict[object, tuple[object, T.Type]] = {}
        # for typecheck_inline: the program's own schemes (id -> scheme, declaration, name,
        # generalised variables or None for a signature, top level?), their instantiations,
        # the skolems each signature was checked with
        self.own_schemes: dict[int, tuple[Scheme, S.Decl, str, list | None, bool]] = {}
        self.dict_locals: set[int] = set()  # ids of local DFuns generalised with a context
        self.owners: list[int | None] = []  # the local bindings being checked, innermost last
        self.dict_owner: dict[int, int] = {}  # a constrained function's use -> its binding
        self.instances: dict[int, list[list[T.Type]]] = {}
        self.skolems_of: dict[int, list[T.Type]] = {}
        self.skolem_subst: dict[str, T.Type] = {}
        self.generic: list[list[T.TVar]] = []
        # the program's classes: method -> (scheme, type variable names, class variable index)
        self.class_schemes: dict[str, tuple[Scheme, list[str], int]] = {}
        self.supers: dict[str, tuple[str, ...]] = {}
        self.var_insts: list[tuple[S.EVar, str, str, T.Type]] = []
        self.section_uses: list[tuple[S.OpRef, list]] = []  # (typecheck_expr._op_type)
        self.monad_uses: list[tuple[Scheme, list, S.Span]] = []  # check_monad_uses
        if prep.needs_tokens:
            try:
                self.toks = [t for t in tokenize(prep.source, prep.file) if t.kind != "eof"]
            except SourceError:
                self.toks = []
            self.tok_pos = [(t.line, t.col) for t in self.toks]

    # -- errors and helpers ---------------------------------------------------------------
    def err(self, msg: str, span: S.Span) -> SourceError:
        return SourceError(msg, self.file, max(span[0], 1), max(span[1], 1))

    def fresh(self) -> T.TVar:
        return T.TVar(self.level)

    def pred(self, cls: str, t: T.Type, origin: str, span: S.Span) -> None:
        self.wanted.append(Pred(cls, t, origin, span))

    def mark(self) -> int:
        return len(self.undo)

    def bind(self, name: str, val: object) -> None:
        self.undo.append((name, self.env.get(name, _MISSING)))
        self.env[name] = val

    def bind_all(self, binds: list[tuple[str, T.Type]]) -> None:
        for n, t in binds:
            self.bind(n, t)

    def restore(self, mark: int) -> None:
        while len(self.undo) > mark:
            name, old = self.undo.pop()
            if old is _MISSING:
                del self.env[name]
            else:
                self.env[name] = old

    def instantiate(self, sc: Scheme, origin: str, span: S.Span) -> T.Type:
        vs = [self.fresh() for _ in range(sc.n)]
        self.last_vs = vs
        if id(sc) in self.own_schemes:
            self.instances.setdefault(id(sc), []).append(vs)
            if any(MONAD_CLASSES & T.superclass_closure(c, self.supers) for c, _ in sc.preds):
                self.monad_uses.append((sc, vs, span))
        for cls, t in sc.preds:
            self.pred(cls, T.inst(t, vs), origin, span)
        return T.inst(sc.type, vs)

    def inst_var(self, name: str, span: S.Span) -> T.Type:
        v = self.env.get(name)
        if v is None:
            v = self.prelude.get(name)
            if v is None:
                return self.fresh()  # a name this checker has no type for: unchecked
        if isinstance(v, Scheme):
            return self.instantiate(v, f"a use of `{name}'", span)
        return v  # type: ignore[return-value]

    def inst_con(self, name: str, span: S.Span) -> T.Type:
        sc = self.cons.get(name)
        if sc is None:
            return self.fresh()
        return self.instantiate(sc, f"a use of `{name}'", span)

    def unify_at(self, expected: T.Type, actual: T.Type, span: S.Span) -> None:
        try:
            T.unify(expected, actual)
        except T.Mismatch as m:
            raise self.mismatch(m, expected, actual, span) from None

    def mismatch(self, m: T.Mismatch, expected: T.Type, actual: T.Type, span: S.Span
                 ) -> SourceError:
        nm = T.Namer()
        exp, act = nm.show(expected), nm.show(actual)
        if m.occurs:
            msg = (f"Occurs check: cannot construct the infinite type: {nm.show(m.a)} ~ "
                   f"{nm.show(m.b)}; expected type: `{exp}', actual type: `{act}'")
        elif m.a is T.prune(expected) and m.b is T.prune(actual):
            msg = f"Couldn't match expected type `{exp}' with actual type `{act}'"
        else:
            msg = (f"Couldn't match type `{nm.show(m.b)}' with `{nm.show(m.a)}'; "
                   f"expected type: `{exp}', actual type: `{act}'")
        for part in (m.a, m.b):
            if isinstance(part, T.TCon) and part.rigid:
                msg += f"; `{part.name}' is a rigid type variable bound by {part.where}"
                break
        return self.err(msg, span)

    # -- tokens of signatures, annotations and declarations -------------------------------------
    def tokens_in(self, start: tuple[int, int], end: tuple[int, int]) -> list[Token]:
        i = bisect.bisect_left(self.tok_pos, start)
        out = []
        while i < len(self.toks):
            t = self.toks[i]
            if (t.end_line, t.end_col) > end:
                break
            out.append(t)
            i += 1
        return out

    def read_sig(self, d: S.DSig) -> Sig | None:
        toks = self.tokens_in((d.span[0], d.span[1]), (d.span[2], d.span[3]))
        for k, t in enumerate(toks):
            if t.is_("reservedop", "::"):
                break
        else:
            return None
        try:
            r = TypeReader(toks[k + 1:], set(self.supers))
            ctx, rt = r.sig()
            r.done()
            names: list[str] = []
            tyvar_names(rt, names)
            sc = self.scope.scheme(ctx, rt)
        except (Unreadable, AssertionError, IndexError):
            return None
        return Sig(sc, names, d.span)

    def annotation(self, e: S.ETyped) -> T.Type | None:
        if not self.toks:
            return None
        # the annotation's span ends at `::' (the parser takes it before the type)
        k = bisect.bisect_left(self.tok_pos, (e.expr.span[2], e.expr.span[3] + 1))
        if k >= len(self.toks) or not self.toks[k].is_("reservedop", "::"):
            return None
        toks = type_tokens(self.toks, k + 1)
        try:
            r = TypeReader(toks)
            _, rt = r.sig()
            r.done()
            sc = self.scope.scheme([], rt)
        except (Unreadable, AssertionError, IndexError):
            return None
        return T.inst(sc.type, [self.fresh() for _ in range(sc.n)])

    def read_types(self, decls: list[S.Decl]) -> None:
        """The program's data types and synonyms, into the type scope and ``self.cons``."""
        datas = [d for d in decls if isinstance(d, S.DData)]
        for d in datas:
            key = d.name if d.name not in self.scope.tycons else "Main." + d.name
            self.scope.tycons[d.name] = T.TCon(key, d.name)
            declared = getattr(self.prep.classes, "prelude_instances", set())
            self.user_types[key] = {c for c, _ in d.deriving} | \
                {c for c, t in declared if t == d.name}
        for k, t in enumerate(self.toks):
            if t.is_("reserved", "type"):
                j = k + 1
                while j < len(self.toks) and not (self.toks[j].line > t.line and
                                                  self.toks[j].col <= t.col):
                    j += 1
                try:
                    name, params, body = read_synonym(self.toks[k:j])
                    self.scope.synonyms[name] = (params, body)
                except (Unreadable, AssertionError, IndexError):
                    pass
        own_classes = set(getattr(self.prep.classes, "classes", None) or ())
        for d in datas:
            con = self.scope.tycons[d.name]
            info = None
            if self.toks:
                try:
                    info = read_data(self.tokens_in((d.span[0], d.span[1]),
                                                    (d.span[2], d.span[3])), own_classes)
                except (Unreadable, AssertionError, IndexError):
                    info = None
            fields: dict[str, list | None] = dict(info[2]) if info else {}
            params, exist = (info[1], info[3]) if info else ([], {})
            for cname, arity in d.cons:
                if cname in exist and isinstance(exist[cname][1], str):
                    raise self.err(f"Not in scope: type class `{exist[cname][1]}'", d.span)
                self.cons[cname] = con_scheme(self.scope, con, params, fields.get(cname),
                                              arity, exist.get(cname))
                if cname in exist and self.cons[cname].n > len(params):
                    self.exist[cname] = len(params)  # (typecheck_expr.open_con)

    # -- binding groups --------------------------------------------------------------------------
    def bind_group(self, decls: list[S.Decl], top: bool = False) -> None:
        binds = [d for d in decls if isinstance(d, (S.DFun, S.DPat))]
        if not binds:
            return
        rigid: list[tuple[S.DFun, Sig]] = []
        flexible: dict[object, Sig] = {}
        for d in binds:
            keys = [id(d)] if isinstance(d, S.DFun) else \
                [(id(d), n) for n, _ in decl_binders([d])]
            for key in keys:
                dsig = self.prep.sigs.get(key)
                sig = self.read_sig(dsig) if dsig and self.toks else None
                if top and isinstance(d, S.DFun) and d.name in self.prep.inst_methods:
                    sig = self.method_sig(d)
                elif top and isinstance(d, S.DFun) and self.prep.classes is not None and \
                        d.name in self.prep.classes.default_of:  # type: ignore[attr-defined]
                    sig = self.default_sig(d)
                if sig is None:
                    continue
                if top and isinstance(d, S.DFun):
                    rigid.append((d, sig))
                    self.bind(d.name, sig.scheme)
                    self.own_schemes[id(sig.scheme)] = (sig.scheme, d, d.name, None, True)
                else:
                    flexible[key] = sig
        rigid_ids = {id(d) for d, _ in rigid}
        nodes = [d for d in binds if id(d) not in rigid_ids]
        for scc in sccs(nodes):
            self.infer_scc(scc, flexible, top)
        for d, sig in rigid:
            self.check_rigid(d, sig)

    def infer_scc(self, scc: list[S.Decl], flexible: dict[object, Sig], top: bool) -> None:
        self.level += 1
        saved, self.wanted = self.wanted, []
        monos: dict[str, T.Type] = {}
        for d in scc:
            for n, _ in decl_binders([d]):
                monos[n] = self.fresh()
                self.bind(n, monos[n])
                self.bind_types[(id(d), n)] = (d, monos[n])
                key = id(d) if isinstance(d, S.DFun) else (id(d), n)
                sig = flexible.get(key)
                if sig is not None:
                    sc = sig.scheme
                    T.unify(monos[n], T.inst(sc.type, [self.fresh() for _ in range(sc.n)]))
        for d in scc:
            self.owners.append(None if top else id(d))  # typecheck_inline.local_dictionaries
            if isinstance(d, S.DFun):
                self.fun_clauses(d, monos[d.name])
            else:
                binds: list[tuple[str, T.Type]] = []
                pt = self.infer_pat(d.pat, binds)
                self.bind_types[(id(d), "(...)")] = (d, pt)  # the whole value (binds.PATTERN)
                for n, t in binds:
                    self.unify_at(monos[n], t, d.pat.span)
                self.rhs(d.rhs, pt)
            self.owners.pop()
        if top and "main" in monos:
            main = next(d for d in scc if "main" in [n for n, _ in decl_binders([d])])
            self.unify_at(T.TAp(T.IO, self.fresh()), monos["main"], main.span)
        self.level -= 1
        inner, self.wanted = self.wanted, saved
        # Haskell's monomorphism restriction (report 4.5.5): a group with a pattern binding
        # or an argument-less binding without a signature keeps its constrained type
        # variables monomorphic, to be fixed by later uses or defaulted (`let n = 3000' is
        # an Int when used as one: its closures are `Int' in -hy, as in GHC)
        restricted = any(isinstance(d, S.DPat) or not d.clauses[0].pats and
                         not any(k in flexible for k in (id(d), (id(d), d.name)))
                         for d in scc)
        # a local function using toEnum/minBound/read/mempty at an open type is kept at its
        # uses' type: GHC passes it their dictionaries, the subset has none to pass
        signed = any(id(d) in flexible or any((id(d), n) in flexible for n in monos)
                     for d in scc)
        if not top and not signed and not restricted and \
                any(p.cls in TYPE_DIRECTED and self.open_pred(p) for p in inner):
            restricted = True  # GHC still passes it dictionaries: not a join point
            self.dict_locals.update(id(d) for d in scc if isinstance(d, S.DFun))
        schemes = self.generalize(list(monos.values()), inner, restricted)
        for n, sc in zip(monos, schemes):
            self.bind(n, sc)
        if not top:  # a local function of dictionaries (GHC allocates its closure)
            self.dict_locals.update(id(d) for d in scc if isinstance(d, S.DFun) and
                                    schemes[list(monos).index(d.name)].preds)
        if len(scc) == 1 and len(monos) == 1 and isinstance(scc[0], S.DFun):
            self.own_schemes[id(schemes[0])] = (schemes[0], scc[0], scc[0].name,
                                                self.generic[0], top)

    def fun_clauses(self, d: S.DFun, t: T.Type) -> None:
        nargs = len(d.clauses[0].pats)
        params = []
        for i in range(nargs):
            sf = T.split_fun(t)
            if sf is None:
                t = T.prune(t)
                if not isinstance(t, T.TVar):
                    nm = T.Namer()
                    have = "none" if i == 0 else f"only {i}"
                    raise self.err(f"The equation(s) for `{d.name}' have {nargs} argument"
                                   f"{'' if nargs == 1 else 's'}, but its type "
                                   f"`{nm.show(t)}' has {have}", d.clauses[0].span)
                sf = (self.fresh(), self.fresh())
                T.unify(t, T.fn(*sf))
            params.append(sf[0])
            t = sf[1]
        for c in d.clauses:
            mark = self.mark()
            binds: list[tuple[str, T.Type]] = []
            for p, pt in zip(c.pats, params):
                self.unify_at(pt, self.infer_pat(p, binds), p.span)
            self.bind_all(binds)
            self.rhs(c.rhs, t)
            self.restore(mark)

    def check_rigid(self, d: S.DFun, sig: Sig) -> None:
        self.level += 1
        saved, self.wanted = self.wanted, []
        sc = sig.scheme
        names = sig.names + [f"t{i}" for i in range(len(sig.names), sc.n)]
        # what binds the variables, for messages
        owner = "the instance declaration" if d.name in self.prep.inst_methods else \
            f"the type signature for `{d.name}'"
        skolems: list[T.Type] = [T.TCon(f"!{n}{id(sig)}", n, True, owner) for n in names]
        given = [(c, T.inst(t, skolems)) for c, t in sc.preds]
        self.skolems_of[id(d)] = skolems
        own = T.inst(sc.type, skolems)
        self.bind_types[(id(d), d.name)] = (d, own)  # skolems are `*' in -hy
        self.fun_clauses(d, own)
        if d.name == "main":
            self.unify_at(T.TAp(T.IO, self.fresh()), T.inst(sc.type, skolems), d.span)
        self.level -= 1
        inner, self.wanted = self.wanted, saved
        ambiguous = []
        for p in self.simplify_all(inner):
            if T.has_rigid(p.type):
                if not T.entailed(given, p.cls, p.type, self.supers):
                    raise self.no_instance(p, f"; add ({p.cls} {T.show_type(p.type)}) to the "
                                              f"context of {owner}")
            elif T.max_level(p.type) > self.level:
                ambiguous.append(p)
            else:
                self.wanted.append(p)
        self.default(ambiguous)

    # -- constraints ------------------------------------------------------------------------------
    def simplify_all(self, preds: list[Pred]) -> list[Pred]:
        """Reduce by instances to constraints on type variables (or rigid ones)."""
        out: list[Pred] = []
        todo = list(reversed(preds))
        while todo:
            p = todo.pop()
            h, args = T.spine(p.type)
            if isinstance(h, T.TVar) and args and p.cls in T.NUMERIC_CLASSES:
                raise self.no_instance(p)  # no numeric type is an application
            if isinstance(h, T.TCon) and not h.rigid:
                if p.cls in self.supers:  # a class of the program
                    ctx = self.own_instance_context(p.cls, h, args)
                else:
                    ctx = T.instance_context(p.cls, p.type, self.user_types)
                if ctx is None:
                    raise self.no_instance(p)
                todo.extend(Pred(c, t, p.origin, p.span) for c, t in reversed(ctx))
            elif not (self.exist_given and  # a pattern's existential context gives it
                      T.entailed(self.exist_given, p.cls, p.type, self.supers)):
                out.append(p)
        return out

    def open_pred(self, p: Pred) -> bool:  # mentions a variable of the group's level
        fv: dict = {}
        T.free_vars(p.type, fv)
        return any(v.level > self.level for v in fv.values())

    def generalize(self, types: list[T.Type], inner: list[Pred], restricted: bool = False
                   ) -> list[Scheme]:
        inner = self.simplify_all(inner)
        if restricted:
            # the constrained variables stay at this level (monomorphic) with their
            # constraints, which go to the enclosing group
            keep: list[Pred] = []
            for p in inner:
                fv = {}
                T.free_vars(p.type, fv)
                if any(v.level > self.level for v in fv.values()):
                    for v in fv.values():
                        v.level = min(v.level, self.level)
                    self.wanted.append(p)
                else:
                    keep.append(p)
            inner = keep
        per_type: list[dict[int, T.TVar]] = []
        generic: set[int] = set()
        for t in types:
            fv: dict[int, T.TVar] = {}
            T.free_vars(t, fv)
            mine = {i: v for i, v in fv.items() if v.level > self.level}
            per_type.append(mine)
            generic |= mine.keys()
        attached: list[list[Pred]] = [[] for _ in types]
        ambiguous = []
        for p in inner:
            fv = {}
            T.free_vars(p.type, fv)
            if not any(v.level > self.level for v in fv.values()):
                self.wanted.append(p)
            elif generic & fv.keys():
                for k, mine in enumerate(per_type):
                    if mine.keys() & fv.keys():
                        attached[k].append(p)
            else:
                ambiguous.append(p)
        self.default(ambiguous)
        out = []
        self.generic = []
        for t, mine, preds in zip(types, per_type, attached):
            order: dict[int, int] = {}
            objs: list[T.TVar] = []  # the generalised variables in TGen order
            for i, v in mine.items():
                order[i] = len(order)
                objs.append(v)
            for p in preds:
                fv = {}
                T.free_vars(p.type, fv)
                for i, v in fv.items():
                    if v.level > self.level and i not in order:
                        order[i] = len(order)
                        objs.append(v)
            self.generic.append(objs)
            out.append(Scheme(len(order), [(p.cls, T.gen(p.type, order)) for p in preds],
                              T.gen(t, order)))
        return out

    def default(self, preds: list[Pred]) -> None:
        """Haskell's defaulting (Integer, then Double) of variables with numeric classes;
        other ambiguous constraints are let through (GHC refuses some of them)."""
        by_var: dict[int, list[Pred]] = {}
        for p in preds:
            t = T.prune(p.type)
            if isinstance(t, T.TVar):
                by_var.setdefault(t.id, []).append(p)
        for ps in by_var.values():
            classes = {p.cls for p in ps}
            if "IArray" in classes:  # an array type left open: Data.Array's (GHC's at Array)
                T.unify(ps[0].type, T.con("Array"))
            if not classes & T.NUMERIC_CLASSES or not classes <= T.STANDARD_CLASSES:
                continue
            for cand in (T.INTEGER, T.DOUBLE):
                if all(T.instance_context(c, cand, self.user_types) is not None
                       for c in classes):
                    T.unify(ps[0].type, cand)
                    break
            else:
                p = next(p for p in ps if T.instance_context(p.cls, T.INTEGER, {}) is None)
                v = T.Namer().show(p.type)
                raise self.err(f"Ambiguous type variable `{v}' arising from {p.origin} "
                               f"prevents the constraint `({p.cls} {v})' from being solved "
                               f"(no default type satisfies ({', '.join(sorted(classes))}))",
                               p.span)

    # -- the module -------------------------------------------------------------------------------
    def run(self) -> None:
        decls = self.prep.module.decls
        self.read_types(decls)
        self.read_classes()
        self.bind_group(decls, top=True)
        rest = self.simplify_all(self.wanted)
        self.wanted = []
        self.default(rest)
        for sc, d, name, generic, top in self.own_schemes.values() if self.exist else ():
            if top and generic is not None and (x := T.existential_in(sc.type)) is not None:
                raise self.err(f"The type variable `{x.name}' bound by {x.where} would escape "
                               f"its scope in the type of `{name}'", d.span)
        self.skolem_subst = specialise_single_uses(self)
        self.check_monad_uses()
