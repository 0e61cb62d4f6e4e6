"""Binding groups (``let``, ``where``, top level) for the desugarer: functions with several
clauses, value bindings (thunks, constructor allocations, lambdas), pattern bindings.

These functions are methods of ``Desugarer`` (imported into its class body)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from . import syntax as S
from .syntax_uses import _all_inlined, _bound_names, mentions, simple_body
from .match import FailK, Row
from .rename import pat_binders
from .inline_size import AT_INT
from .statics import alias_arity, box_of
from .stgpass import pad_cells

if TYPE_CHECKING:  # pragma: no cover
    from .desugar import Desugarer, Env


# the key under which the checker records the type of a pattern binding's whole value
PATTERN = "(...)"


def _strip(e: S.Expr) -> S.Expr:
    from .literals import strip
    return strip(e)


def _binding_cc(self: "Desugarer", path: list[str], name: str,
                span: S.Span) -> ir.CostCentre | None:
    if self.auto is None or span == S.NOSPAN:
        return None
    if path and path[0] in self.derived_labels and path[0] not in self.own_code:
        return None  # the derived code's own local bindings: GHC's have no cost centres
    derived = self.derived_labels.get(name) if not path else None
    if derived is not None:  # a derived method: its cost centre is the method's, at the class
        if derived[0] is None:  # a derived helper (tag2con): none
            return None
        return self.auto.binding_cc(path, derived[0], derived[1])
    return self.auto.binding_cc(path, name, span)


def local_binds(self: "Desugarer", decls: list[S.Decl], env: "Env",
                path: list[str]) -> tuple[list[ir.Bind], "Env"]:
    """Compile a recursive binding group; returns the bindings and the extended env."""
    from .literals import allocates

    env2: "Env" = dict(env)
    plan: list[tuple[S.Decl, str | None]] = []
    for d in decls:
        if isinstance(d, S.DFun):
            c = d.clauses[0]
            if not c.pats and c.rhs.body is not None and not c.rhs.where and \
                    _binding_cc(self, path, d.name, d.span) is None:
                lit = self.lit_of(c.rhs.body)
                # GHC -O0 allocates a big literal's box once, where it is bound
                if lit is not None and not (self.module == "Main" and allocates(lit)):
                    env2[d.name] = lit  # a literal binding costs nothing: substitute it
                    continue
            name = self.fresh(d.name)
            env2[d.name] = name
            plan.append((d, name))
            if d.clauses[0].pats and id(d) in getattr(self.types, "dict_params", {}) and \
                    self.module == "Main":  # generalised: Desugarer.instantiation
                size = getattr(self.types, "local_dict_bytes", {}).get(id(d), 0)
                if size:
                    self.inst_dicts[name] = size // 8
            if self.module == "Main":
                self.local_names.add(name)
        elif isinstance(d, S.DPat):
            names: list[tuple[str, S.Span]] = []
            pat_binders(d.pat, names)
            for n, _ in names:
                env2[n] = self.fresh(n)
                if self.module == "Main":  # its selector thunk (inline_once)
                    self.pattern_names.add(env2[n])
            plan.append((d, None))
    binds: list[ir.Bind] = []
    selections = getattr(self.types, "dict_selections", {})
    for d, name in plan:
        if isinstance(d, S.DFun):
            assert name is not None
            # a generalised binding GHC inlines: its superclass-selection thunks
            # (typecheck_inline._selections), allocated where its copy is, before its cost
            # centre: where it is bound, unless inline_once moves the function (with them)
            sels = []
            sizes = list(selections.get(id(d), ())) if self.module == "Main" else []
            if sizes:
                # its closure holds the selected dictionaries its body uses (GHC's free
                # variables, a word each): the model's closure has a word for a function
                # with no free variable of its own, the rest is one cell more (or a word
                # more on the last selection)
                extra = 8 * getattr(self.types, "dict_held", {}).get(id(d), 0)
                if extra and not _own_free(d, env2):
                    extra -= 8
                if extra >= 16:
                    sizes.append(extra)
                elif extra:
                    sizes[-1] += extra
            for size in sizes:
                zero = ir.Lit(0, "Int")
                con = {2: "Just", 3: "(,)"}.get(size // 8, "(" + "," * (size // 8 - 2) + ")")
                sels.append(ir.Bind(self.fresh("$dsel"),
                                    ir.ConRhs(con, [zero] * (size // 8 - 1))))
            if name not in self.inst_dicts:  # (a generalised function's uses build them)
                sels += _local_dictionaries(self, d)
            if sels:
                self.selections_of[name] = [b.name for b in sels]
            binds.extend(sels)
            binds.extend(self.fun_rhs(d, env2, path, name))
        else:
            assert isinstance(d, S.DPat)
            binds.extend(_local_dictionaries(self, d))
            binds.extend(self.pattern_binds(d, env2, path, env2))
    return binds, env2


def _local_dictionaries(self: "Desugarer", d: S.Decl) -> list[ir.Bind]:
    """Cells for the instance dictionaries of compound types that local binding ``d``'s
    code needs at known types (``Ord (Int, Int)`` for a Map's keys: GHC -O0 builds them
    with the binding, each time it is bound; typecheck_inline.local_dictionaries)."""
    if self.module != "Main":
        return []
    size = getattr(self.types, "local_dict_bytes", {}).get(id(d), 0)
    if size > 16 and isinstance(d, S.DFun) and d.clauses[0].pats and \
            id(d) in getattr(self.types, "local_dict_owners", ()):
        # a function's: GHC binds a 2-word thunk of each dictionary with it, built where
        # first forced, at a use (AppMixin.app forces it there), not when no use runs
        dk = self.fresh("$dk")
        cells = pad_cells((size - 16) // 8, self.fresh, ir.Lit(0, "Int"))
        self.garbage.update([dk, *(b.name for b in cells)])
        self.local_dk[id(d)] = dk
        body = ir.Let(cells, ir.ConApp("()", []))
        return [ir.Bind(dk, ir.Closure([], body, self.local_info(dk)))]
    cells = pad_cells(size // 8, self.fresh, ir.Lit(0, "Int"))
    self.garbage.update(b.name for b in cells)
    return cells


def _own_free(d: S.DFun, env: "Env") -> bool:
    """Does local function ``d`` refer to a local variable (other than itself)?"""
    from .typecheck_expr import fv_decl

    out: set[str] = set()
    fv_decl(d, frozenset(), {n for n, v in env.items() if isinstance(v, str)} - {d.name},
            out)
    return bool(out)


def fun_rhs(self: "Desugarer", d: S.DFun, env: "Env", path: list[str],
            ir_name: str) -> list[ir.Bind]:
    """The binding(s) for function or value ``d``: the main one last, helpers first."""
    cc = _binding_cc(self, path, d.name, d.span)
    new_path = path + [d.name] if d.span != S.NOSPAN else path
    if not path and d.name in self.own_code:  # an instance method: locals are `show.go'
        new_path = [self.derived_labels[d.name][0]]
    arity = len(d.clauses[0].pats)
    if arity == 0:
        return self.value_rhs(d, env, new_path, ir_name, cc)
    if path and id(d) in getattr(self.types, "dict_locals", ()):
        self.dict_funs.add(ir_name)  # takes dictionaries in GHC: never a join point
    params = []
    for i in range(arity):
        names = {c.pats[i].name for c in d.clauses if isinstance(c.pats[i], S.PVar)}
        all_vars = all(isinstance(c.pats[i], S.PVar) for c in d.clauses)
        params.append(self.fresh(names.pop() if all_vars and len(names) == 1 else "ds"))
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive patterns in function {d.name}"
    # GHC passes it dictionaries (or it selects superclasses from them): its closures that
    # use them hold them (typecheck_inline._generic_dicts)
    dicts, by_var = getattr(self.types, "dict_params", {}).get(id(d), ((), False))
    outer, outer_by_var = self.cur_dicts, self.dicts_by_var
    mine = {(c, k): self.fresh("$d" + c) for c, k in dicts}
    if mine:
        self.cur_dicts = {**outer, **mine}
        self.dicts_by_var = outer_by_var | ({k for _, k in dicts} if by_var else set())
    lam = _strip(d.clauses[0].rhs.body) if len(d.clauses) == 1 and \
        d.clauses[0].rhs.body is not None and not d.clauses[0].rhs.where else None
    split = cc is not None and self.module == "Main" and isinstance(lam, S.ELam)
    if split:  # `f x = \y -> ..': GHC's mkTick splits f's note on the lambda (value_rhs)
        self.split_notes[id(lam)] = cc
    rows = [Row(list(c.pats), {}, self.rhs_builder(c.rhs, env, new_path)) for c in d.clauses]
    self.inside.append(ir_name)  # its own uses are of its monomorphic self
    body = self.match(params, rows, FailK(msg))
    self.inside.pop()
    if mine:
        self.cur_dicts, self.dicts_by_var = outer, outer_by_var
    if self.module == "Prelude" and d.name in GENERIC_OVERHEAD:
        body = _garbage(self, GENERIC_OVERHEAD[d.name], params[-1], body)
    if split:  # the entry counted at the call, the function made under the caller's stack
        self.split_notes.pop(id(lam), None)
        body = ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], body)
    elif cc is not None:
        src = simple_body(d.clauses)
        if self.module == "Main" and (src is None or isinstance(_strip(src), S.ECase)):
            body = alts_scc(self, cc, body, d)
        else:
            body = value_scc(self, cc, body, src, d.clauses[0].rhs.where)
    inst = getattr(self.types, "rec_instances", {}).get(id(d)) if mine else None
    if inst is not None and self.module == "Main":  # (frontend/instantiate.py)
        self.rec_instances[ir_name] = inst
    depths = getattr(self.types, "call_selections", {}).get(id(d)) if mine else None
    if depths and self.module == "Main":  # typecheck_inline._call_selections
        body = _call_selections(self, depths, next(iter(mine.values())), body)
    for var in mine.values():  # outside the cost centre: value_scc sees the body itself
        self.evaluated.add(var)
        body = ir.Case(ir.ConApp("()", []), var, [], body)
    desc = self.bind_desc(d, d.name)
    derived = self.derived_labels.get(d.name) if not path else None
    if derived is not None:
        info = self.info(derived[2], derived[1], desc)
    else:
        info = self.info(d.name, d.span, desc) if not path else \
            self.local_info(d.name, d.span, desc)
    return [ir.Bind(ir_name, ir.Closure(params, body, info, False))]


# Words that base's class-polymorphic code allocates per call beyond what the Prelude's own
# definition does, when GHC -O0 calls it with a dictionary (no specialisation happens at
# -O0): superclass selections and lazy method arguments become thunks. Measured with GHC
# 9.0.2 (tests/reference/ghc-9.0.2/shapes/programs/micro.hs, bools.hs): `filter even` 136
# bytes per test against the Prelude's 16; `and`/`or`/`all`/`any` 120 bytes per call, of
# which the Prelude's foldMap-shaped loop makes 56 (its per-element 64 bytes are real
# thunks, as base's).
# `fromIntegral` (fromInteger . toInteger with both dictionaries) 64 bytes per call: a thunk
# for toInteger's result and the Integer, besides the result's box; `shows k s` 32 bytes
# (base's shows = showsPrec 0 through the dictionary: literals' s1/s8, 1 and 8 characters;
# 40 until a string literal's last thunk and a thunk with no free variable cost GHC's sizes).
# At Integer (GHC 9.0.2, pzlit/pconv probes): even/odd 104 bytes per call; fromIntegral
# 48 from or to Integer, 32 from Integer to Integer.
# all/any: base's all has arity 2 with its dictionary, so a partial application (`filter
# (all isSpace)`) makes part of it once (allF#: 24 bytes) and each call the rest (allP#)
# notElem (Data.Foldable's `not . elem x`, arity 3 with its dictionaries): a thunk of
# `elem x` and the composition's closure, 64 bytes a call (GHC 9.0.2, el probe)
# An alias of a constrained Prelude function (`total = sum`) is not eta-expanded by GHC:
# its CAF applies the function to its dictionaries once, allocating these words (GHC
# 9.0.2, shapes/aliasdicts; sum's and product's per-call overhead, SATURATED_OVERHEAD, is
# this, made once); a class method's selection (`render = show`, `length`) allocates none
ALIAS_CAF_WORDS = {"sum": 13, "product": 13, "fromIntegral": 5, "maximum": 4, "minimum": 4,
                   "concat": 4, "elem": 4}
GENERIC_OVERHEAD = {"even": 15, "odd": 15, "and": 8, "or": 8, "allF#": 3, "anyF#": 3,
                    "allP#": 3, "anyP#": 3, "notElem": 8,
                    "fromIntegral": 6, "fromIntegralD#": 6, "shows": 4,
                    "evenZ#": 11, "oddZ#": 11, "fromIntegralZ#": 4, "fromIntegralZD#": 4,
                    "fromIntegralZZ#": 2, "fromIntegralZI#": 4}


def _call_selections(self: "Desugarer", depths: list[int], arg: str, body: ir.Expr
                     ) -> ir.Expr:
    """``body`` after the superclass selections a generalised function makes at each call:
    thunks never entered, the first of each chain holding the dictionary argument, the
    others the selection before them (a copy inlined at a call holds base's static
    instance instead: inline_calls). Named ``$dsel`` (inline_calls sizes them as GHC's
    selector calls)."""
    binds: list[ir.Bind] = []
    prev = arg
    for depth in depths:
        src = arg if depth == 1 else prev
        prev = self.fresh("$dsel")
        thunk = ir.Case(ir.App(src, []), "_", [], ir.ConApp("()", []))
        binds.append(ir.Bind(prev, ir.Closure([], thunk, self.local_info(prev))))
    for b in reversed(binds):
        body = ir.Let([b], body)
    return body


def _garbage(self: "Desugarer", words: int, var: str, body: ir.Expr) -> ir.Expr:
    """``body`` after allocating ``words`` words that nothing keeps (they die at the next
    collection, as base's dictionary-selection thunks do)."""
    for b in pad_cells(words, self.fresh, ir.Var(var)):
        self.garbage.add(b.name)
        body = ir.Let([b], body)
    return body


def _split_lambda_note(self: "Desugarer", d: S.DFun, path: list[str], cc: ir.CostCentre,
                       clo: ir.Closure, ir_name: str, caf_words: int = 0) -> list[ir.Bind]:
    """``f = \\x -> e`` under a note: GHC's mkTick splits the counting note on a lambda, so
    ``f`` is a thunk whose evaluation counts the entry and allocates the function under the
    enclosing stack, and each call pushes ``f`` (not counted) inside the function.
    ``caf_words``: allocated under ``f``'s note at its evaluation (ALIAS_CAF_WORDS)."""
    assert isinstance(clo.body, ir.SCC) and clo.body.cc is cc
    lam = self.fresh("lam")
    fun = ir.Closure(clo.params, ir.SCC(cc, clo.body.body, False),
                     self.local_info("sat", d.span, clo.info.type_desc), False)
    unit: ir.Expr = ir.ConApp("()", [])
    if caf_words:
        cells = pad_cells(caf_words, self.fresh, ir.Lit(0, "Int"))
        self.garbage.update(b.name for b in cells)
        unit = self.wrap(cells, unit)
    if len(path) <= 1:
        # a top-level binding's function has no free variable: GHC's is static, nothing
        # allocated for it
        e: ir.Expr = ir.Case(ir.SCC(cc, unit, True), "_", [], ir.App(lam, []))
        info = self.info(d.name, d.span, clo.info.type_desc)
        return [ir.Bind(lam, fun), ir.Bind(ir_name, ir.Closure([], e, info, True))]
    e = ir.Case(ir.SCC(cc, unit, True), "_", [],
                ir.Let([ir.Bind(lam, fun)], ir.App(lam, [])))
    info = self.local_info(d.name, d.span, clo.info.type_desc)
    return [ir.Bind(ir_name, ir.Closure([], e, info, True))]


def value_rhs(self: "Desugarer", d: S.DFun, env: "Env", path: list[str], ir_name: str,
              cc: ir.CostCentre | None) -> list[ir.Bind]:
    rhs = d.clauses[0].rhs
    calls = self.auto is not None and self.auto.calls
    if rhs.body is not None and not rhs.where:
        body = _strip(rhs.body)
        n = alias_arity(self, body, env) if cc is not None and len(path) <= 1 else 0
        caf_words = 0
        if n:  # `f = words`: GHC eta-expands it, so it is `f = \x -> words x` (split note)
            xs = [S.PVar(f"eta{i}#", body.span) for i in range(n)]
            at_int = body.name[1:] in AT_INT  # type: ignore[union-attr]
            name = AT_INT[body.name[1:]] if at_int else body.name  # type: ignore[union-attr]
            if at_int or self.is_prelude(name, env, name):
                caf_words = ALIAS_CAF_WORDS.get(name, 0)
            body = S.ELam(xs, S.EApp(body, [S.EVar(x.name, body.span) for x in xs],
                                     body.span), S.NOSPAN)  # (no cost centre of its own)
        if isinstance(body, S.ELam):
            self.alias_call = bool(caf_words)
            try:
                clo = self.lambda_closure(body, env, path, d.name, cc,
                                          self.bind_desc(d, d.name))
            finally:
                self.alias_call = False
            if cc is None:
                return [ir.Bind(ir_name, clo)]
            return _split_lambda_note(self, d, path, cc, clo, ir_name, caf_words)
        if cc is None and not calls:
            con_args = self.saturated_con(body)
            if con_args is not None:
                extra: list[ir.Bind] = []
                atoms = [self.atom(a, env, path, extra) for a in con_args[1]]
                return extra + [ir.Bind(ir_name, ir.ConRhs(con_args[0], atoms))]
            if isinstance(body, S.ECon) and self.datacons[body.name].arity == 0:
                return [ir.Bind(ir_name, ir.ConRhs(body.name, []))]
            lit = self.lit_of(body)
            if lit is not None:  # a static box, as GHC's `n = 100 :: Int` (not a CAF)
                box = {"Int": "I#", "Double": "D#", "Char": "C#"}[lit.kind]
                from .literals import allocates
                if self.module == "Main" and allocates(lit):
                    self.alloc_boxes.add(ir_name)  # allocated where a local group binds it
                return [ir.Bind(ir_name, ir.ConRhs(box, [lit]))]
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive guards in function {d.name}"
    # a top-level constructor application is static data in GHC, its small Integers too
    outer = self.static_data
    self.static_data = len(path) <= 1 and rhs.body is not None and not rhs.where and \
        self.saturated_con(_strip(rhs.body)) is not None
    e = self.rhs_expr(rhs, env, path, FailK(msg))
    self.static_data = outer
    if cc is not None:
        e = value_scc(self, cc, e, simple_body(d.clauses), d.clauses[0].rhs.where)
    desc = self.bind_desc(d, d.name)
    info = self.info(d.name, d.span, desc) if len(path) <= 1 else \
        self.local_info(d.name, d.span, desc)
    return [ir.Bind(ir_name, ir.Closure([], e, info, True))]


def pattern_binds(self: "Desugarer", d: S.DPat, env: "Env", path: list[str],
                  names_env: "Env") -> list[ir.Bind]:
    """``(a, b) = e``: one thunk for ``e`` and a selector thunk per variable (lazy, as in
    Haskell); a failing match raises GHC's irrefutable-pattern error."""
    cc = _binding_cc(self, path, "(...)", d.span)
    new_path = path + ["(...)"]
    whole = self.fresh("pat")
    msg = f"{S.format_span(self.file, d.span)}: Non-exhaustive patterns in pattern binding"
    e = self.rhs_expr(d.rhs, env, new_path, FailK(msg))
    if cc is not None:
        e = ir.SCC(cc, e, True)
    whole_info = self.local_info("ds", d.span, self.bind_desc(d, PATTERN))
    names: list[tuple[str, S.Span]] = []
    pat_binders(d.pat, names)
    if len(names) >= 2 and not _flat(self, d.pat):
        return _tuple_binds(self, d, e, whole, whole_info, names, names_env, path, msg)
    binds = [ir.Bind(whole, ir.Closure([], e, whole_info, True))]
    for n, _ in names:
        target = names_env[n]
        assert isinstance(target, str)

        def pick(bs: dict[str, str], fail: FailK, n: str = n) -> ir.Expr:
            return ir.App(bs[n], [])
        sel = self.match([whole], [Row([d.pat], {}, pick)], FailK(msg))
        sel_cc = _binding_cc(self, path, n, d.span)
        if sel_cc is not None:  # GHC: each variable of the pattern has its own CC
            sel = ir.SCC(sel_cc, sel, True)
        desc = self.bind_desc(d, n)
        info = self.info(n, d.span, desc) if not path else self.local_info(n, d.span, desc)
        binds.append(ir.Bind(target, ir.Closure([], sel, info, True)))
    return binds


def _flat(self: "Desugarer", p: S.Pat) -> bool:
    """A tuple, or a constructor of a type of one constructor, of variables and wildcards
    (GHC's is_flat_prod_pat): ``x : xs = e`` is not one."""
    if isinstance(p, S.PCon):
        dc = self.datacons.get(p.con)
        if dc is None or sum(1 for o in self.datacons.values()
                             if o.type_name == dc.type_name) != 1:
            return False
    args = p.items if isinstance(p, S.PTuple) else p.args if isinstance(p, S.PCon) else None
    return args is not None and all(isinstance(a, (S.PVar, S.PWild)) for a in args)


def _tuple_binds(self: "Desugarer", d: S.DPat, e: ir.Expr, whole: str, info: ir.ClosureInfo,
                 names: list[tuple[str, S.Span]], names_env: "Env", path: list[str],
                 msg: str) -> list[ir.Bind]:
    """A nested pattern of two or more variables (``(l, x : r) = e``), as GHC's
    desugarer (mkSelectorBinds' general case): one thunk matching ``e`` that returns a
    tuple of the variables, ``t = case e of (l, x : r) -> (l, x, r)``, and a selector thunk
    per variable on the tuple: the tuple's words on evaluation (treetwiceb26's `build`, 32
    bytes a call the model lacked), no thunk of ``e`` of its own."""
    tup = "(" + "," * (len(names) - 1) + ")"
    w = self.fresh("ds")

    def pick(bs: dict[str, str], fail: FailK) -> ir.Expr:
        return ir.ConApp(tup, [ir.Var(bs[n]) for n, _ in names])
    body = ir.Case(e, w, [], self.match([w], [Row([d.pat], {}, pick)], FailK(msg)))
    binds = [ir.Bind(whole, ir.Closure([], body, info, True))]
    for i, (n, _) in enumerate(names):
        target = names_env[n]
        assert isinstance(target, str)
        vs = [self.fresh(m) for m, _ in names]
        sel: ir.Expr = ir.Case(ir.App(whole, []), "_", [ir.ConAlt(tup, vs, ir.App(vs[i], []))],
                               None, msg)
        sel_cc = _binding_cc(self, path, n, d.span)
        if sel_cc is not None:
            sel = ir.SCC(sel_cc, sel, True)
        desc = self.bind_desc(d, n)
        vinfo = self.info(n, d.span, desc) if not path else self.local_info(n, d.span, desc)
        binds.append(ir.Bind(target, ir.Closure([], sel, vinfo, True)))
    return binds


def _seq_let(self: "Desugarer", decls: list[S.Decl], body: S.Expr,
             env: "Env") -> tuple[S.DFun, S.Expr] | None:
    """``let x = e in x `seq` b`` (x used nowhere else in the group): the binding GHC -O0
    turns into ``case e of x -> b`` (the desugarer's seq rule, then the simple optimiser
    inlines the let, used once, into the scrutinee), so no thunk is allocated for x."""
    b = _strip(body)
    if not isinstance(b, S.EApp):
        return None
    head, args = self.flatten(b)
    if not (isinstance(head, S.EVar) and len(args) == 2 and
            self.is_prelude(head.name, env, "seq")):
        return None
    x = _strip(args[0])
    if not isinstance(x, S.EVar):
        return None
    for d in decls:
        if isinstance(d, S.DFun) and d.name == x.name:
            c = d.clauses[0]
            if len(d.clauses) != 1 or c.pats or c.rhs.body is None or c.rhs.where or \
                    mentions(c.rhs.body, x.name):
                return None
            if any(mentions(o, x.name) for o in decls if o is not d):
                return None
            return d, args[1]
    return None


def let_expr(self: "Desugarer", decls: list[S.Decl], body: S.Expr, env: "Env",
             path: list[str]) -> ir.Expr:
    """A ``let``/``where`` group around ``body``."""
    bangs = [d for d in decls if isinstance(d, S.DFun) and d.clauses[0].bang]
    group = {o.name for o in decls if isinstance(o, S.DFun)}
    strict = self.strict_field_vars(decls, body) if self.module == "Main" else set()
    for d in bangs + [d for d in decls if isinstance(d, S.DFun) and d.name in strict]:
        if self.module == "Main" and not any(mentions(d.clauses[0].rhs, n) for n in group):
            # ``let !x = e; y = .. x .. in b`` with e independent of the group: GHC's
            # ``case e of x -> let y = .. in b`` (no thunk for x)
            v = self.fresh(d.name)
            self.evaluated.add(v)
            cc = _binding_cc(self, path, d.name, d.span)
            new_path = path + [d.name] if d.span != S.NOSPAN else path
            scrut = self.rhs_expr(d.clauses[0].rhs, env, new_path,
                                  FailK(f"{S.format_span(self.file, d.span)}: "
                                        "Non-exhaustive guards in pattern binding"))
            if cc is not None:
                scrut = ir.SCC(cc, scrut, True)
            env2 = dict(env)
            env2[d.name] = v
            rest = [o for o in decls if o is not d and
                    not (isinstance(o, S.DSig) and d.name in o.names)]
            inner = let_expr(self, rest, body, env2, path) if rest else \
                self.expr(body, env2, path)
            return ir.Case(scrut, v, [], inner)
    # ``let !x = e in b`` is GHC's ``let x = e in x `seq` b`` (then a case, below, when
    # nothing else in the group needs x); ``let !(p, q) = e`` forces the match through p
    forced = [d.name for d in bangs]
    for d in decls:
        if isinstance(d, S.DPat) and isinstance(d.pat, S.PBang):
            names: list[tuple[str, S.Span]] = []
            pat_binders(d.pat, names)
            forced += [n for n, _ in names[:1]]
    for name in reversed(forced):  # the first forced outermost
        body = S.EApp(S.EVar("%seq", S.NOSPAN), [S.EVar(name, S.NOSPAN), body], S.NOSPAN)
    hit = _seq_let(self, decls, body, env) if self.module == "Main" else None
    if hit is None:
        binds, env2 = self.local_binds(decls, env, path)
        return self.wrap_group(binds, self.expr(body, env2, path))
    d, rest = hit
    others = [o for o in decls if o is not d]
    rhs = d.clauses[0].rhs.body
    if not any(mentions(rhs, n) for o in others for n in _bound_names(o)):
        # `let a' = ..; n' = .. in a' `seq` n' `seq` b': the others, independent of x, are
        # bound inside the case (GHC floats them in), where the next seq may case them too
        v = self.fresh(d.name)
        self.evaluated.add(v)
        cc = _binding_cc(self, path, d.name, d.span)
        new_path = path + [d.name] if d.span != S.NOSPAN else path
        scrut = self.expr(rhs, env, new_path)
        env3 = dict(env)
        env3[d.name] = v
        inner = let_expr(self, others, rest, env3, path) if any(
            isinstance(o, (S.DFun, S.DPat)) for o in others) else self.expr(rest, env3, path)
        return ir.Case(ir.SCC(cc, scrut, True) if cc is not None else scrut, v, [], inner)
    binds, env2 = self.local_binds(others, env, path)
    v = self.fresh(d.name)
    self.evaluated.add(v)
    cc = _binding_cc(self, path, d.name, d.span)
    new_path = path + [d.name] if d.span != S.NOSPAN else path
    rhs = d.clauses[0].rhs.body
    assert rhs is not None
    scrut = self.expr(rhs, env2, new_path)
    if cc is not None:
        scrut = ir.SCC(cc, scrut, True)
    env3 = dict(env2)
    env3[d.name] = v
    return self.wrap_group(binds, ir.Case(scrut, v, [], self.expr(rest, env3, path)))


def value_scc(self: "Desugarer", cc: ir.CostCentre, body: ir.Expr, src: S.Expr | None,
              where: list[S.Decl] | None = None) -> ir.Expr:
    """The automatic cost centre ``cc`` on ``body``, desugared from source ``src`` (with the
    ``where`` bindings around it). On a saturated constructor application (``(head g,
    length g)``, ``Just x``, ``[x, x + 1]``) GHC's mkTick splits the note: the entry is
    counted, the constructors and the thunks of their arguments are allocated under the
    enclosing stack, and each thunk's evaluation runs under ``cc`` (GHC 9.0.2: `\\g ->
    (head g, length g)' costs its cost centre only length's 16-byte result; the caller pays
    the pair and both thunks). Bindings around the application (``let``, ``where``) must all
    be inlined by GHC's simplifier first (``_all_inlined``): ``Just w where w = x + 7`` is
    split, ``(w, w) where w = ..`` is not (mkTick meets a ``let``)."""
    decls = list(where or ())
    while src is not None and isinstance(_strip(src), S.ELet):  # `let y = .. in Just y'
        decls += _strip(src).decls  # type: ignore[union-attr]
        src = _strip(src).body  # type: ignore[union-attr]
    if src is not None and self.saturated_con(_strip(src)) is not None \
            and _all_inlined(decls, src) and _split_leaf(self, cc, body, bool(decls)):
        return ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], body)
    return ir.SCC(cc, body, True)


def _split_leaf(self: "Desugarer", cc: ir.CostCentre, body: ir.Expr, rec: bool = False,
                alternative: bool = False) -> bool:
    """If ``body`` is a constructor application in A-normal form (lets of its argument
    thunks and constructors; ``rec``: and of the source's lets), put each thunk's and
    function's body under ``cc`` (not counted; GHC's mkTick pushes the note into a lambda:
    `(h, x) where h y = ..' enters `h' under the function's cost centre) and say so.
    ``alternative``: ``body`` is a function's result
    (``alts_scc``), where GHC keeps the note whole on a closed tree of constructors (no
    variable of the function's in it, a cell inside a cell: ``exits Hall = [(North,
    Kitchen)]``, ``f H = Just (1, K)``, ``f H = [1, 2]``): its cells are allocated under
    the function's cost centre at each call (GHC 9.0.2, shapes/splitleaf23)."""
    lets = []
    strict_cases = []  # a strict field's argument evaluated in place (desugar_app.strict_con)
    boxes: set[str] = set()
    e = body
    while True:
        if isinstance(e, ir.Let) and (rec or not e.rec):
            lets.append(e)
            e = e.body
        elif isinstance(e, ir.Case) and id(e) in self.strict_field_cases:
            strict_cases.append(e)
            e = e.default
        elif isinstance(e, ir.Case) and not e.alts and e.default is not None and \
                box_of(e.scrut) is not None:  # a literal's box (literals.box_alloc)
            boxes.add(e.binder)
            e = e.default
        else:
            break
    cons = {b.name for let in lets for b in let.binds if isinstance(b.rhs, ir.ConRhs)}
    if not (isinstance(e, ir.ConApp) or (isinstance(e, ir.App) and not e.args
                                         and e.fun in cons)):  # a list literal's last cell
        return False
    if alternative and cons and not strict_cases and _closed_cells(self, lets, e,
                                                                   cons | boxes):
        return False
    for let in lets:  # (a function's note goes into its lambda: `Just (\y -> y + x)')
        for b in let.binds:
            if isinstance(b.rhs, ir.Closure):
                b.rhs.body = ir.SCC(cc, b.rhs.body, False)
                self.split_sccs[id(b.rhs.body)] = b.rhs.body
    for case in strict_cases:  # mkTick pushed the note into the wrapper's arguments
        case.scrut = ir.SCC(cc, case.scrut, False)
        self.split_sccs[id(case.scrut)] = case.scrut
    return True


def _closed_cells(self: "Desugarer", lets: list[ir.Let], e: ir.Expr, local: set[str]
                  ) -> bool:
    """Whether the constructor cells ``lets`` bind and ``e`` refer to nothing but
    literals, top-level names and each other (``local``: the cells' and literal boxes'
    binders), with no thunk among them."""
    top = set(self.globals.values())
    args: list[ir.Atom] = list(e.args) if isinstance(e, ir.ConApp) else []
    for let in lets:
        for b in let.binds:
            if not isinstance(b.rhs, ir.ConRhs):
                return False
            args.extend(b.rhs.args)
    return all(not isinstance(a, ir.Var) or a.name in local or a.name in top or
               a.name.startswith("$W") for a in args)


def alts_scc(self: "Desugarer", cc: ir.CostCentre, body: ir.Expr, d: S.DFun) -> ir.Expr:
    """A function defined by clauses (or a `case' of an argument). GHC keeps the note whole
    around a match decided at run time: `check True _ = Right ()' allocates its cell under
    `check' at each call, `m True x = Just (x + 1)' the cell, the thunk and its value (GHC
    9.0.2, shapes/altsplit24). Where GHC inlines the function at a call whose argument
    decides the match (`apply '+' x y', `map (h True) xs'), its simplifier drops the `case'
    and splits the note on the constructor application left: known_con does that after the
    model's inliners. Clauses matching nothing (`f _ = P 1 2'): the application's split."""
    if isinstance(body, ir.Case) or len(d.clauses) != 1 or d.clauses[0].rhs.body is None \
            or d.clauses[0].rhs.where:
        return ir.SCC(cc, body, True)
    src = _strip(d.clauses[0].rhs.body)
    if (self.saturated_con(src) is not None or isinstance(src, S.ECon)) and \
            _split_leaf(self, cc, body, alternative=True):
        return ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], body)
    return ir.SCC(cc, body, True)
