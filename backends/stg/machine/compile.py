"""Compile STG IR to Python source, once per program ("closure compilation" taken one step
further: each lambda form and each case continuation becomes one Python function).

Variables are resolved at compile time to slots of a flat environment list ``env`` laid out
per lambda form as ``[free vars..., params..., locals...]``; globals and literals become
constants of the machine namespace. The generated functions follow the protocol of
``rt.py``: a code block returns ``(code, env)`` to the trampoline; returning a value is
``return ret(v)``.

Case expressions: a scrutinee that is a primitive, a literal or a constructor is computed
inline (comparisons feeding a Bool case become a plain ``if``); a variable that is already
evaluated selects its alternative inline; anything else pushes a continuation frame
``(K_n, env, CCS)`` and evaluates the scrutinee in tail position. ``S_n(env)`` selects the
alternative given the value in the binder's slot; ``K_n`` is its frame handler.
"""

from __future__ import annotations

import math
import re
from typing import Any

from profkit.errors import SourceError
from profkit.kinds import ObjKind
from profkit.tables import CostCentre as TCostCentre
from profkit.tables import Info

from .. import ir
from ..heap.heapobj import (CON_TYPES, LF, Box, Con, Fun, Thunk, con_class, con_size, fun_size,
                             thunk_size)
from .case import BOX_CONS, CaseCodegen, Ctx, Em, free_names
from .prims import COMPARISONS, PRIM_FUNCTIONS


_HEAP_CLASSES = {"Box": Box, "Fun": Fun, "Thunk": Thunk}


def _past_ind(atom: str) -> str:
    """A constructor field's expression: a local that is an updated thunk stands for its
    value. GHC's collector short-cuts such indirections at the next collection and the
    collector model follows them (so no profile changes), but Python keeps an updated
    thunk as long as a field points at it: a list whose elements were forced before its
    cells were built (a merge sort's output) kept one for every element."""
    if not atom.startswith("env["):
        return atom
    return f"(_x if type(_x := {atom}) is not Thunk or _x.val is None else _x.val)"


def con_package(module: str) -> str:
    if module == "Main":
        return "main"
    if module in ("GHC.Types", "GHC.Tuple", "GHC.Prim", "GHC.CString"):
        return "ghc-prim"
    if module in ("Data.Map.Internal", "Data.Set.Internal"):
        return "containers-0.6.4.1"
    return "base"


def _chain_link(e: Any) -> bool:
    """A link of a let/case chain ``gen_tail`` emits in a loop: a let binding constructors
    only, or a case with only a default on a primitive, literal or constructor value."""
    t = type(e)
    if t is ir.Let:
        return all(type(b.rhs) is ir.ConRhs for b in e.binds)
    return t is ir.Case and not e.alts and e.default is not None and \
        type(e.scrut) in (ir.PrimOp, ir.LitE, ir.ConApp)


#: GHC makes a selector thunk only for a field within this many words of the constructor's
#: payload start (MAX_SPEC_SELECTEE_SIZE)
MAX_SELECTEE_FIELD = 15


def selector_field(clo: ir.Closure, fvs: list[str]) -> tuple[str, int] | None:
    """``(constructor, field index)`` if ``clo`` is what GHC's code generator compiles to a
    selector thunk (THUNK_SELECTOR): an updatable thunk whose one free variable ``x`` is
    scrutinised by its whole body, ``case x of C y1 .. yn -> yk``, with one alternative
    and no default (a pattern binding's variable, a lazy pattern's, or the same written by
    hand; an SCC around the body, as GHC's profiling ticks, makes it an ordinary thunk)."""
    if clo.params or not clo.updatable or len(fvs) != 1:
        return None
    e = clo.body
    if type(e) is not ir.Case or e.default is not None or len(e.alts) != 1:
        return None
    scrut, alt = e.scrut, e.alts[0]
    if not (type(scrut) is ir.App and not scrut.args and scrut.fun == fvs[0]
            and type(alt) is ir.ConAlt and type(alt.body) is ir.App and not alt.body.args):
        return None
    name = alt.body.fun
    if name not in alt.vars or alt.vars.count(name) != 1 or name == e.binder:
        return None
    k = alt.vars.index(name)
    return (alt.con, k) if k <= MAX_SELECTEE_FIELD else None


class Codegen(CaseCodegen):
    """Generates the source of every code block; the Machine execs it in its namespace."""

    def __init__(self, machine: Any, program: ir.Program) -> None:
        self.m = machine
        self.ns: dict = machine.ns
        self.program = program
        self.tables = machine.session.tables
        self.src: list[str] = []
        self.n = 0
        self.memo: dict[int, frozenset] = {}
        self.consts: dict[Any, str] = {}
        self.gref: dict[str, str] = {}  # global name -> namespace name of its object
        self.gobj: dict[str, Any] = {}
        self.gfun: dict[str, tuple[str, str, int]] = {}  # global fun -> (code, pad, arity)
        # let-bound function -> its arity (binders are unique in the program): GHC's known
        # local functions, whose over-saturated calls restore the caller's stack (gen_app)
        self.lfun: dict[str, int] = {}
        # let-bound name -> its slot, for a binding that allocates a constructor or a
        # function (never a thunk: a constructor field holding it needs no _past_ind)
        self.whnf: dict[str, int] = {}
        self.lf_code: list[tuple[LF, str]] = []
        self.aliases: dict[str, str] = {}  # generated function name -> the one it forwards to
        # the program's own top-level names, and what each code block and heap closure's
        # info refers to among them (cafsrt: which CAFs live code can still reach)
        self.user_globals = {tb.name for tb in program.binds if tb.module != "Prelude"}
        self.code_refs: dict[str, frozenset] = {}
        self.info_refs: dict[int, set] = {}
        self._refs = frozenset()
        self.cons_per_type: dict[str, int] = {}
        for dc in machine.datacons.values():
            self.cons_per_type[dc.type_name] = self.cons_per_type.get(dc.type_name, 0) + 1

    # ------------------------------------------------------------------ helpers
    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, obj: Any, prefix: str = "K") -> str:
        name = self.fresh(prefix)
        self.ns[name] = obj
        return name

    def dc_ref(self, name: str) -> str:
        key = ("dc", name)
        if key not in self.consts:
            self.consts[key] = self.const(self.m.datacon(name), "DC")
        return self.consts[key]

    def dc_static(self, name: str) -> str:
        key = ("nullary", name)
        if key not in self.consts:
            self.consts[key] = self.const(self.m.nullary[name], "N")
        return self.consts[key]

    def lit(self, lit: ir.Lit) -> str:
        kind, v = lit.kind, lit.value
        if kind == "String":
            return repr(v)
        if kind == "World":
            return "WORLD"
        key = (kind, repr(v))
        if key not in self.consts:
            self.consts[key] = self.const(self.m.static_lit(kind, v), "L")
        return self.consts[key]

    def atom(self, a: Any, scope: dict) -> str:
        if type(a) is ir.Var:
            s = scope.get(a.name)
            if s is not None:
                return f"env[{s}]"
            return self.global_ref(a.name)
        return self.lit(a)

    def global_ref(self, name: str) -> str:
        r = self.gref.get(name)
        if r is None:
            if name in ir.PRIMOPS:
                return self.prim_wrapper(name)
            if name in self.m.nullary:  # a nullary constructor used as an atom
                return self.dc_static(name)
            raise SourceError(f"Variable not in scope: {name}", self.program.source_file)
        return r

    def info_of(self, info: ir.ClosureInfo, kind: ObjKind) -> int:
        # a known type is described as GHC describes the binder's type: a function whose
        # type came through a synonym is the synonym (`f :: ShowS` is `ShowS`, as GHC's
        # getTyDescription of a synonym's TyConApp); an unknown function's is `->*`
        td = info.type_desc
        if td is None:
            td = "->*" if kind == ObjKind.FUN else "*"
        return self.tables.infos.intern(Info(f"<{info.module}.{info.name}>", td, info.module, kind))

    def selector_info(self, info: int) -> int:
        """A selector thunk's -hd/-hy name: GHC's code generator gives it the run-time
        system's shared info table (stg_sel_N_upd), described `stg_sel_upd` by both
        (transformers' lazy StateT's `~(a, s')`: shapes/out/stateleakb26)."""
        old = self.tables.infos[info]
        new = self.tables.infos.intern(Info("stg_sel_upd", "stg_sel_upd", old.module,
                                            ObjKind.THUNK))
        if info in self.info_refs:
            self.info_refs.setdefault(new, set()).update(self.info_refs[info])
        return new

    def alloc(self, target: str, cls: str, **fields: str) -> str:
        """One line allocating a heap object of class ``cls`` into ``target`` with the next
        header id: the object is made with ``object.__new__`` and its slots stored, which
        is a third cheaper than calling the class (CPython 3.11 runs a Python ``__init__``
        in a frame of its own). ``fields`` must name every slot but ``id``. A machine that
        never reads an object's id back (``Machine.object_ids``) gives every one id 0."""
        if cls.startswith("Con"):  # a constructor class per arity (``con_class``)
            self.ns.setdefault(cls, con_class(int(cls[3:])))
            assert {"dc", *fields} == {"dc", *self.ns[cls].__slots__}, (cls, fields)
        else:
            assert {"id", *fields} == set(_HEAP_CLASSES[cls].__slots__), (cls, fields)
        stores = "".join(f"; _o.{k} = {v}" for k, v in fields.items())
        oid = "len(HI)" if self.m.object_ids else "0"
        return f"_o = NEW({cls}); _o.id = {oid}{stores}; {target} = _o"

    def _single_con(self, con: str) -> bool:
        """Whether ``con``'s type has no other constructor (a case on it with one
        alternative cannot fail: GHC's desugarer adds a failing one to the others)."""
        dc = self.m.datacons.get(con)
        return dc is not None and con not in BOX_CONS and \
            self.cons_per_type.get(dc.type_name) == 1

    def hdr(self, em: Em, info: int, size: int) -> None:
        em(f"HIa({self.m.session.header.site_id(info, size)}); HPa(CCS)")

    # ------------------------------------------------------------------ globals
    def declare_globals(self) -> None:
        """Create the static objects of every top-level binding (bodies compiled later)."""
        m = self.m
        transient = self.transient_main()
        for i, tb in enumerate(self.program.binds):
            rhs = tb.rhs
            name = f"GV{i}"
            if type(rhs) is ir.Closure and rhs.params:
                lf = LF(tb.name, len(rhs.params), 0, self.info_of(rhs.info, ObjKind.FUN), 0)
                obj: Any = Fun(-1, lf, [], None)
                code, pad = f"GB{i}", f"GP{i}"
                self.gfun[tb.name] = (code, pad, len(rhs.params))
            elif type(rhs) is ir.Closure:
                lf = LF(tb.name, 0, 0, self.info_of(rhs.info, ObjKind.THUNK), 0)
                obj = Thunk(-1, lf, [], m.caf_stack(tb), None)
                if tb.name != transient:
                    m.cafs.append(obj)
                if tb.module == "Main" and tb.name not in self.program.library and \
                        tb.name != "main" and tb.name[0] != ":" or \
                        tb.module == "Prelude" and tb.name.startswith("showStr"):
                    m.caf_locked.add(obj)  # (base's names of its constructors: GHC.Show's)
            else:
                obj = self.static_con(rhs)
            self.ns[name] = obj
            self.gref[tb.name] = name
            self.gobj[tb.name] = obj

    def transient_main(self) -> str | None:
        """``main`` when it is a CAF that no code but ``:Main.main`` refers to: GHC keeps a
        CAF only while live code's SRT refers to it, and once the top handler has entered it
        nothing does, so what main's value holds (``newIORef (mkTable n)``'s table, a ``xs <-
        return big``'s list) dies once the running code is done with it. The model lists
        every other CAF as a root for the whole run (a recursive main stays one)."""
        main = [tb for tb in self.program.binds if tb.name == "main" and tb.module == "Main"]
        if not main or type(main[0].rhs) is not ir.Closure or main[0].rhs.params:
            return None
        for tb in self.program.binds:
            if tb.name not in ("main", ":Main.main") and tb.module == "Main" and \
                    "main" in free_names(tb.rhs, self.memo):
                return None
        return None if "main" in free_names(main[0].rhs, self.memo) else "main"

    def static_con(self, rhs: ir.ConRhs) -> Any:
        if rhs.con in BOX_CONS and rhs.args and isinstance(rhs.args[0], ir.Lit):
            # (an Integer literal's too, literals.IntegerLit: GHC's static IS box)
            return self.m.static_lit(rhs.args[0].kind, rhs.args[0].value)
        dc = self.m.datacon(rhs.con)
        if dc.arity == 0:
            return self.m.nullary[rhs.con]
        return Con(-1, dc, (None,) * dc.arity)  # (fields filled by compile_globals)

    def reachable_globals(self) -> set[str]:
        """Top-level names reachable from the program's own (non-Prelude) bindings. Only
        these Prelude closures get code: most of the Prelude is unused by any one program,
        and generating and compiling it all was a third of a small program's run."""
        binds = {tb.name: tb for tb in self.program.binds}
        todo = [tb.name for tb in self.program.binds if tb.module != "Prelude"]
        seen = set(todo)
        while todo:
            tb = binds[todo.pop()]
            for n in free_names(tb.rhs, self.memo):
                if n in binds and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    def compile_globals(self) -> None:
        live = self.reachable_globals()
        for i, tb in enumerate(self.program.binds):
            rhs = tb.rhs
            obj = self.gobj[tb.name]
            if type(rhs) is ir.Closure and tb.name not in live:
                continue  # never entered: no code (see reachable_globals)
            if type(rhs) is ir.Closure:
                fname = f"GB{i}" if rhs.params else self.fresh("C")
                self.compile_lf(rhs, {}, obj.lf, fname, pad_name=f"GP{i}" if rhs.params else None)
            elif type(obj) in CON_TYPES and obj.id == -1 and obj.dc.arity:
                obj.fields = tuple(self.resolve_static(a) for a in rhs.args)

    def resolve_static(self, a: Any) -> Any:
        if type(a) is ir.Var:
            return self.ns[self.global_ref(a.name)]
        if a.kind == "World":
            return self.ns["WORLD"]
        return self.ns[self.lit(a)]

    def prim_wrapper(self, op: str) -> str:
        """A static function wrapping primitive ``op`` so that it can be used as a value."""
        key = ("prim", op)
        if key in self.consts:
            return self.consts[key]
        arity = ir.PRIMOPS[op]
        ps = [f"p{j}" for j in range(arity)]
        body: Any = ir.PrimOp(op, [ir.Var(f"e{j}") for j in range(arity)])
        for j in reversed(range(arity)):
            body = ir.Case(ir.App(ps[j], []), f"e{j}", [], default=body)
        clo = ir.Closure(ps, body, ir.ClosureInfo(op, "GHC.Prim"))
        lf = LF(op, arity, 0, self.info_of(clo.info, ObjKind.FUN), 0)
        ref = self.const(Fun(-1, lf, [], None), "PW")
        self.consts[key] = ref
        self.compile_lf(clo, {}, lf, self.fresh("B"))
        return ref

    def finish(self) -> str:
        """The whole generated source, with direct calls' environment padding filled in."""
        src = "".join(self.src)

        def pad(mo: re.Match) -> str:
            return ", None" * len(self.ns[mo.group(1)])

        return re.sub(r"@@(\w+)@@", pad, src)

    # ------------------------------------------------------------------ lambda forms
    def compile_lf(self, clo: ir.Closure, outer: dict, lf: LF | None, fname: str,
                   pad_name: str | None = None, self_name: str | None = None
                   ) -> tuple[LF, list[str]]:
        fvs = sorted(n for n in free_names(clo, self.memo) if n in outer)
        kind = ObjKind.FUN if clo.params else ObjKind.THUNK
        if lf is None:
            # a recursive local function reaches itself through its own closure pointer
            # (GHC's node register), so GHC does not store it among its free variables
            nfree = len(fvs) - (clo.params != [] and self_name in fvs)
            size = fun_size(nfree) if clo.params else thunk_size(len(fvs))
            lf = LF(clo.info.name, len(clo.params), len(fvs), self.info_of(clo.info, kind), size)
        ctx = Ctx()
        scope: dict[str, int] = {}
        for n in fvs:
            scope[n] = ctx.new()
        for p in clo.params:
            scope[p] = ctx.new()
        em = Em(f"def {fname}(env):")
        outer_refs = self._refs
        self._refs = refs = free_names(clo, self.memo) & self.user_globals
        if refs:
            self.code_refs[fname] = refs
            self.info_refs.setdefault(lf.info, set()).update(refs)
        self.gen_tail(clo.body, scope, ctx, em)
        self._refs = outer_refs
        body = em.lines[2:]
        if len(body) == 1 and body[0].startswith("    return R") and body[0].endswith("(env)"):
            # the body is just a force chain: run its R function directly (saves a call)
            self.aliases[fname] = body[0][len("    return "):-len("(env)")]
        else:
            self.src.append(em.text())
        lf.pad = [None] * (ctx.n - len(fvs) - len(clo.params))
        if pad_name:
            self.ns[pad_name] = lf.pad
        self.lf_code.append((lf, fname))
        return lf, fvs

    # ------------------------------------------------------------------ expressions
    def gen_tail(self, e: Any, scope: dict, ctx: Ctx, em: Em) -> None:
        if _chain_link(e):
            # lets of constructors and default-only cases on a computed value (a long list
            # literal's cells and number boxes) are emitted in a loop, one scope for the whole
            # chain: recursing per link ran out of Python frames (and copied the scope at
            # each of thousands of links)
            scope = dict(scope)
            while _chain_link(e):
                if type(e) is ir.Let:
                    self.gen_let(e, scope, ctx, em, inplace=True)
                    e = e.body
                else:
                    b = ctx.new()
                    scrut = e.scrut
                    if type(scrut) is ir.PrimOp:
                        v = self.primop(scrut, scope, em)
                    elif type(scrut) is ir.LitE:
                        v = self.lit(scrut.lit)
                    else:
                        v = self.conapp(scrut.con, scrut.args, scope, em)
                    em(f"v = env[{b}] = {v}")
                    if e.binder != "_":
                        scope[e.binder] = b
                    e = e.default
        t = type(e)
        if em.ind > 40 and (t is ir.Case or t is ir.Let or t is ir.SCC):
            # Python's tokenizer allows 100 indentation levels: continue deeply nested
            # alternatives in a function of their own (same environment)
            sub = Em(f"def {self.fresh('X')}(env):")
            if self._refs:
                self.code_refs[sub.lines[0][4:-6]] = self._refs
            self.gen_tail(e, scope, ctx, sub)
            self.src.append(sub.text())
            em(f"return {sub.lines[0][4:-6]}(env)")
            return
        if t is ir.App:
            self.gen_app(e, scope, em)
        elif t is ir.ConApp:
            em(f"return ret({self.conapp(e.con, e.args, scope, em)})")
        elif t is ir.PrimOp:
            em(f"return ret({self.primop(e, scope, em)})")
        elif t is ir.LitE:
            em(f"return ret({self.lit(e.lit)})")
        elif t is ir.Let:
            self.gen_tail(e.body, self.gen_let(e, scope, ctx, em), ctx, em)
        elif t is ir.Case:
            self.gen_case(e, scope, ctx, em)
        elif t is ir.SCC:
            self.gen_scc(e, em)
            self.gen_tail(e.body, scope, ctx, em)
        else:
            raise TypeError(f"not an STG expression: {e!r}")

    def gen_app(self, e: ir.App, scope: dict, em: Em) -> None:
        local = e.fun in scope
        ref = self.atom(ir.Var(e.fun), scope)
        if not e.args:
            obj = None if local else self.ns.get(ref)
            if obj is not None and type(obj) is not Thunk:
                em(f"return ret({ref})")
            else:
                # an unevaluated thunk is entered inline (gen_enter_thunk)
                em(f"o = {ref}")
                em("if type(o) is Thunk and o.val is None:")
                self.gen_enter_thunk(em, "    ")
                # rt.enter for what is left, a value or an evaluated thunk (a call less)
                em("if type(o) is Thunk:")
                em("    o = o.val")
                em("return ret(o)")
            return
        args = ", ".join(self.atom(a, scope) for a in e.args)
        g = None if local else self.gfun.get(e.fun)
        if g is not None and g[2] == len(e.args):
            # the callee's padding is spliced in by finish() once every body is compiled
            em(f"return {g[0]}, [{args}@@{g[1]}@@]")
        elif 0 < (g[2] if g is not None else self.lfun.get(e.fun, 0)) < len(e.args):
            # GHC's direct call of a known function (global or let-bound) with more
            # arguments: the rest are applied to its result under the caller's stack
            # (StgCmmLayout.slowArgs's stg_restore_cccs frame), not under the callee's
            n = g[2] if g is not None else self.lfun[e.fun]
            atoms = [self.atom(a, scope) for a in e.args]
            em(f"push((AP, [{', '.join(atoms[n:])}], CCS))")
            em(f"return apply({ref}, [{', '.join(atoms[:n])}])")
        else:
            em(f"return apply({ref}, [{args}])")

    def conapp(self, con: str, args: list, scope: dict, em: Em) -> str:
        dc = self.m.datacon(con)
        if dc.arity == 0:
            return self.dc_static(con)
        if con in BOX_CONS:
            a = args[0]
            return self.lit(a) if type(a) is ir.Lit else self.atom(a, scope)
        atoms = [self.atom(a, scope) for a in args]
        n = len(atoms)
        if con.startswith("(#"):
            self.ns.setdefault(f"Con{n}", con_class(n))
            return f"Con{n}.make(-1, {self.dc_ref(con)}, {', '.join(atoms)})"
        fields: dict[str, str] = {}
        shared: dict[str, str] = {}
        for k, (arg, a) in enumerate(zip(args, atoms)):
            if type(arg) is ir.Var and self.whnf.get(arg.name, -1) == scope.get(arg.name):
                fields[f"f{k}"] = a  # a constructor or a function: never a thunk
            elif a in em.fresh:
                fields[f"f{k}"] = a  # a thunk allocated by this code block: unevaluated
            elif a.startswith("env[") and atoms.count(a) > 1:
                # the same local in several fields: past its indirection once
                loc = shared.get(a)
                if loc is None:
                    loc = shared[a] = f"_p{k}"
                    em(f"{loc} = {_past_ind(a)}")
                fields[f"f{k}"] = loc
            else:
                fields[f"f{k}"] = _past_ind(a)
        em(self.alloc("o", f"Con{n}", dc=self.dc_ref(con), **fields))
        self.hdr(em, dc.info, con_size(len(args)))
        return "o"

    def val(self, a: Any, scope: dict) -> str:
        """Python expression for the unboxed value of a boxed atom."""
        if type(a) is ir.Lit and a.kind in ("Int", "Double", "Char") and (
                a.kind != "Double" or math.isfinite(a.value)):
            v = float(a.value) if a.kind == "Double" else a.value
            return f"({v!r})" if a.kind != "Char" else repr(v)
        return f"{self.atom(a, scope)}.val"

    def primop(self, e: ir.PrimOp, scope: dict, em: Em) -> str:
        """The Python expression of primitive ``e`` (statements it needs first go to ``em``)."""
        if e.op in COMPARISONS:
            x, y = (self.val(a, scope) for a in e.args)
            return f"(TRUE if {x} {COMPARISONS[e.op]} {y} else FALSE)"
        if e.op in ("+", "-", "*", "+I", "-I", "*I"):
            x, y = (self.val(a, scope) for a in e.args)
            # prims.mknum inline for Ints and Doubles (a small Int's box is a static
            # closure, GHC's INTLIKE, allocated all the same: its header row)
            em(f"_n = {x} {e.op[0]} {y}")
            em("if type(_n) is int:")
            em("    if -16 <= _n <= 255:")
            em("        _n = INTLIKE[_n + 16]")
            em("        HIa(S_IBOX); HPa(CCS)")
            em("    elif -0x8000000000000000 <= _n < 0x8000000000000000:")
            em("        " + self.alloc("_n", "Box", dc="DC_I", val="_n"))
            em("        HIa(S_IBOX); HPa(CCS)")
            if len(e.op) == 2:  # at Int: the low 64 bits, signed (prims_word.wrap_int)
                em("    else:")
                em("        _n = mkint(((_n + 0x8000000000000000) & 0xFFFFFFFFFFFFFFFF)"
                   " - 0x8000000000000000)")
            else:
                em("    else:  # past the Int range: an Integer's (prims_bignum)")
                em(f"        _n = z_arith({e.op!r}, {x}, {y})")
            em("elif type(_n) is float:")
            em("    " + self.alloc("_n", "Box", dc="DC_D", val="_n"))
            em("    HIa(S_DBOX); HPa(CCS)")
            em("else:")
            em("    _n = mknum(_n)")
            return "_n"
        if e.op == "+#":  # prims.p_uadd inline: an unboxed result, never in the heap
            x, y = (self.val(a, scope) for a in e.args)
            em(f"_u = {x} + {y}")
            em("_b = NEW(Box); _b.id = -1; _b.dc = DC_D if type(_u) is float else DC_I; "
               "_b.val = _u")  # (no Python __init__)
            return "_b"
        args = [self.atom(a, scope) for a in e.args]
        fn = PRIM_FUNCTIONS.get(e.op)
        if fn is None:
            raise SourceError(f"unknown primitive {e.op}", self.program.source_file)
        return f"{fn.__name__}({', '.join(args)})"

    def gen_scc(self, e: ir.SCC, em: Em) -> None:
        cc = e.cc
        ccid = self.tables.ccs.intern(TCostCentre(cc.label, cc.module, cc.src, cc.is_caf))
        memo = self.const({}, "SM")
        em(f"c = {memo}.get(CCS)")
        em("if c is None:")
        em(f"    c = {memo}[CCS] = scc_push(CCS, {ccid})")
        em("CCS = c")
        if e.count:
            em("ENT[c] += 1")

    def gen_let(self, e: ir.Let, scope: dict, ctx: Ctx, em: Em, inplace: bool = False
                ) -> dict:
        """Bind ``e``'s right-hand sides; the scope of its body (``scope`` itself, extended,
        when ``inplace``: the program's names are unique, so a right-hand side never sees
        a binder it should not)."""
        inner = scope if inplace else dict(scope)
        slots = []
        for b in e.binds:
            if type(b.rhs) is ir.Closure and b.rhs.params:
                self.lfun[b.name] = len(b.rhs.params)
            s = ctx.new()
            slots.append(s)
            inner[b.name] = s
        rhs_scope = inner if e.rec else scope
        fills = []
        for b, s in zip(e.binds, slots):
            rhs = b.rhs
            if type(rhs) is ir.ConRhs:
                if rhs.con not in BOX_CONS:
                    self.whnf[b.name] = s
                if rhs.con in BOX_CONS or self.m.datacon(rhs.con).arity == 0 or not e.rec:
                    em(f"env[{s}] = {self.conapp(rhs.con, rhs.args, rhs_scope, em)}")
                else:
                    dc = self.m.datacon(rhs.con)
                    n = len(rhs.args)
                    em(self.alloc(f"env[{s}]", f"Con{n}", dc=self.dc_ref(rhs.con),
                                  **{f"f{k}": "None" for k in range(n)}))
                    self.hdr(em, dc.info, con_size(n))
                    fills.append("; ".join(f"env[{s}].f{k} = {self.atom(a, rhs_scope)}"
                                           for k, a in enumerate(rhs.args)))
                continue
            lf, fvs = self.compile_lf(rhs, rhs_scope, None, self.fresh("F" if rhs.params else "T"),
                                      self_name=b.name if e.rec else None)
            lfref = self.const(lf, "LF")
            fvl = "[" + ", ".join(f"env[{rhs_scope[n]}]" for n in fvs) + "]"
            if e.rec and fvs:
                fills.append(f"env[{s}].fv = {fvl}")
                fvl = "None" if not rhs.params else "[]"
            if rhs.params:
                self.whnf[b.name] = s
                em(self.alloc(f"env[{s}]", "Fun", lf=lfref, fv=fvl, ccs="CCS"))
            else:
                em(self.alloc(f"env[{s}]", "Thunk", lf=lfref, fv=fvl, ccs="CCS", val="None"))
                em.fresh.add(f"env[{s}]")
                sel = selector_field(rhs, fvs)
                if sel is not None and self._single_con(sel[0]):
                    lf.sel = (self.m.datacon(sel[0]), sel[1])
                    lf.info = self.selector_info(lf.info)
                    em(f"SELa(env[{s}])")  # the collector model's list (a no-op without)
            self.hdr(em, lf.info, lf.size)
        for line in fills:
            em(line)
        return inner

    # ------------------------------------------------------------------ case
