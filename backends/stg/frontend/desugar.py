"""AST -> STG IR: A-normal form, explicit allocation, pattern matching, cost centres.

Conventions of the generated IR (see ``ir.py``):
* arguments are atoms; a non-atomic argument becomes a ``Let``-bound thunk ``sat_sN`` (or a
  constructor allocation, or a function closure for a lambda), as GHC's CorePrep does;
* arithmetic on known numbers is inlined as ``PrimOp`` under ``Case``s that evaluate the
  operands (no thunks for operands), other Prelude functions are called;
* local IR names are unique (``x_12``) so closures' free-variable lists are unambiguous;
* cost centres: ``SCC`` nodes for explicit pragmas and for ``-fprof-auto*`` (see ``cc.py``).
"""

from __future__ import annotations

import itertools

from .. import ir
from . import syntax as S
from .cc import AutoCC
from .desugar_app import INLINE_PRIMOPS, AppMixin, operand_named_ds
from .desugar_types import TypeDescMixin
from .literals import (  # noqa: F401 - re-exported (desugar.strip etc.)
    BOXES,
    DOUBLE_LIST_TYPES,
    DOUBLE_TYPES,
    allocates,
    box_alloc,
    literal_of,
    IntegerLit,
    strip,
)
from .lazy_scc import has_lazy, lazy_scc, peel_lazy, product_pat as _product_pat
from .match import FailK, Matcher, Row, raise_expr
from .parser_ext import AUTO_LAMBDA
from .stgpass import pad_cells
from .sugar import desugar_arith, desugar_comp, desugar_do

Env = dict[str, object]  # source name -> IR local name (str) or ir.Lit


#: class methods of one dictionary (the method's own type adds no constraint: not Foldable's
#: sum, elem or maximum), measured by GHC 9.0.2: `foldr (+) 0 xs`, `map show xs`, `foldr max`
#: 16 bytes more per evaluation than the method alone (shapes/README.md, issue 18)
METHOD_VALUES = frozenset((
    "+", "-", "*", "negate", "abs", "signum", "fromInteger", "==", "/=", "compare", "<",
    "<=", ">", ">=", "max", "min", "show", "showsPrec", "succ", "pred", "toEnum",
    "fromEnum", "div", "mod", "quot", "rem", "divMod", "quotRem", "toInteger", "/",
    "recip", "sqrt", "exp", "log", "sin", "cos", "tan", "truncate", "round", "floor",
    "ceiling", "length", "null", "<>", "mappend", "mconcat"))

#: Num's methods at Integer and at Int, as directed.py names them (values as METHOD_VALUES)
TYPED_METHODS = frozenset(("%plusZ#", "%minusZ#", "%timesZ#", "%plusI#", "%minusI#",
                             "%timesI#", "%negateI#", "%absI#", "%fromIntegerI#"))


class Desugarer(AppMixin, Matcher, TypeDescMixin):
    def __init__(self, file: str, module: str, globals_: dict[str, str],
                 datacons: dict[str, ir.DataCon], prelude_names: dict[str, str],
                 auto: AutoCC | None, counter: itertools.count):
        self.file = file
        self.module = module
        self.globals = globals_  # source name -> IR global name (this module's view)
        self.prelude = prelude_names  # Prelude source name -> IR name (for %name)
        self.datacons = datacons
        self.auto = auto
        self.counter = counter
        self.evaluated: set[str] = set()
        self.lazy_lets: set[int] = set()  # (match._lazy's selector lets)
        self.dict_funs: set[str] = set()  # local functions GHC passes dictionaries to
        self.local_names: set[str] = set()  # IR names of let/where bindings (inline_once)
        self.pattern_names: set[str] = set()  # of local pattern bindings' variables (same)
        # generalised local functions -> the words of the compound dictionaries each use
        # of them builds from its dictionary arguments (binds._local_dictionaries), and
        # those whose body is being desugared (their own uses build none)
        self.inst_dicts: dict[str, int] = {}
        self.inside: list[str] = []
        # (by id, holding the node so that its id is not reused): the operators' argument
        # evaluations, the notes mkTick's split pushes inwards (inline_once's marks)
        self.arg_evals: dict[int, ir.Expr] = {}
        self.split_sccs: dict[int, ir.Expr] = {}
        # a clause's code built again at a fall-through (match.py): GHC has it once
        self.regenerated: dict[int, ir.Expr] = {}
        self.selections_of: dict[str, list[str]] = {}  # a binding's $dsel companions
        self.garbage: set[str] = set()  # bindings standing for base's garbage (binds._garbage)
        self.local_dk: dict = {}  # id(local binding) -> its dictionaries' thunk (binds)
        # recursive generalised local functions: (selections' sizes, dictionaries held)
        self.rec_instances: dict[str, tuple[list[int], int]] = {}
        # the module closure descriptions name (-hd): Main, or GHC's base module of the
        # Prelude function being compiled (set by the front end per binding)
        self.closure_module = module
        self.used_wrappers: set[str] = set()
        #: ids of the cases evaluating strict fields' arguments (binds._split_leaf)
        self.strict_field_cases: set[int] = set()
        #: the thunks of strict constructors' applications (known_con.py)
        self.strict_thunks: set[str] = set()
        self.seqs: set[str] = set()  # the binders of seq's cases (case_chain.py)
        # a function of dictionaries being desugared (binds.fun_rhs): (class, type variable)
        # -> the local standing for GHC's dictionary argument
        self.cur_dicts: dict[tuple[str, str], str] = {}
        self.dicts_by_var: set[str] = set()  # type variables whose dictionaries are passed
        # let-bound literal boxes that GHC -O0 allocates where they are bound (see lit_atom)
        self.alloc_boxes: set[str] = set()
        # in a top-level constructor application (binds.value_rhs): static data in GHC
        self.static_data = False
        # `f x = \y -> ..' lambdas (by id) whose function pushes f's note (binds.fun_rhs)
        self.split_notes: dict[int, ir.CostCentre] = {}
        self.taken: set[str] = set(globals_.values()) | set(prelude_names.values()) | \
            set(ir.PRIMOPS)
        # the checked module's types (typecheck.Prepared) for -hy; None: every closure `*'
        self.types = None
        self.once_tops: dict = {}  # (desugar_types.inlined_desc)
        #: derived instance methods: binding name -> (cost-centre label, class span, closure
        #: name) (frontend/deriving.py)
        self.derived_labels: dict[str, tuple[str, S.Span, str]] = {}
        self.own_code: set[str] = set()  # instance methods among derived_labels
        self.synth_types: dict[object, tuple[object, str]] = {}

    # -- names ----------------------------------------------------------------------------------
    def module_name(self) -> str:
        return self.module

    def fresh(self, base: str) -> str:
        base = base.lstrip("%") or "v"
        while True:
            name = f"{base}_{next(self.counter)}"
            if name not in self.taken:
                self.taken.add(name)
                return name

    def info(self, name: str, span: S.Span = S.NOSPAN, desc: str | None = None
             ) -> ir.ClosureInfo:
        """``desc``: the -hy type description (``*`` when unknown)."""
        src = S.format_span(self.file, span) if span != S.NOSPAN else ""
        return ir.ClosureInfo(name, self.closure_module, desc or "*", src)

    def local_info(self, name: str, span: S.Span = S.NOSPAN, desc: str | None = None
                   ) -> ir.ClosureInfo:
        """The closure description of a local binding as GHC prints it in -hd: the binder's
        name and a unique (``<Main.go_s1388>``, ``<Main.ps_s1Wi>``); names the desugarer made
        up (comprehension loops, pattern-bound tuples) are GHC's ``ds``."""
        base = name.split("_")[0].rstrip("#") if not name.startswith("%") else "ds"
        if not base or not (base[0].isalpha() or base[0] == "_"):
            base = "ds"
        return self.info(f"{base}_s{next(self.counter)}", span, desc)

    def wrapper(self, con: str) -> str:
        self.used_wrappers.add(con)
        return "$W" + con

    def global_name(self, name: str) -> str | None:
        if name.startswith("%") and name != "%":  # (Data.Ratio's (%) is a name)
            return self.prelude[name[1:]]
        return self.globals.get(name)

    def is_prelude(self, name: str, env: Env, pname: str) -> bool:
        """Does source name ``name`` refer to the Prelude's ``pname`` here?"""
        if name == "%" + pname:
            return True
        return name not in env and name == pname and pname in self.prelude and \
            self.globals.get(name) == self.prelude[pname]

    def instantiation(self, name: str) -> list[ir.Bind]:
        """The cells a use of generalised local function ``name`` allocates: GHC -O0 builds
        the compound dictionaries its body needs from the dictionaries it is given, at each
        use outside its own body (`foldl ins s xs` with `ins acc v = S.insert (v, d) acc`)."""
        words = self.inst_dicts.get(name, 0)
        if not words or name in self.inside:
            return []
        cells = pad_cells(words, self.fresh, ir.Lit(0, "Int"))
        self.garbage.update(b.name for b in cells)
        return cells

    def strict_field_vars(self, decls: list[S.Decl], body: S.Expr) -> set[str]:
        """The group's value bindings that ``body``, a saturated constructor application,
        passes to a strict field (`let a' = a + x in Reg a' f`): GHC's wrapper evaluates
        them, and the let becomes a case on the binding's right-hand side, every other use
        the evaluated value (GHC 9.0.2, shapes/strictrec: no thunk for a'; binds.let_expr)."""
        con_args = self.saturated_con(strip(body))
        if con_args is None:
            return set()
        con, args = con_args
        values = {d.name for d in decls if isinstance(d, S.DFun) and len(d.clauses) == 1 and
                  not d.clauses[0].pats}
        out: set[str] = set()
        for a, strict in zip(args, self.datacons[con].strict):
            a = strip(a)
            if strict and isinstance(a, S.EVar) and a.name in values:
                out.add(a.name)
        return out

    def lit_of(self, e: S.Expr) -> ir.Lit | None:
        """The literal ``e`` is: in the program's code ``-n`` is a call of negate."""
        return literal_of(e, self.module != "Main")

    # -- atoms -----------------------------------------------------------------------------------
    def atom(self, e: S.Expr, env: Env, path: list[str], binds: list[ir.Bind]) -> ir.Atom:
        lit = self.lit_of(e)
        if lit is not None:
            return self.lit_atom(lit, binds)
        e = strip(e)
        if isinstance(e, S.EVar):
            local = env.get(e.name)
            if isinstance(local, ir.Lit):
                return local
            if isinstance(local, str):
                binds.extend(self.instantiation(local))
                return ir.Var(local)
            if self.module == "Main" and (self.is_prelude(e.name, env, "error") or
                                          self.is_prelude(e.name, env, "undefined") or
                                          self.is_prelude(e.name, env, "pi") or
                                          e.name in METHOD_VALUES and
                                          self.is_prelude(e.name, env, e.name) or
                                          e.name in TYPED_METHODS):
                # pi is Floating's method: a call of the dictionary's, so a thunk here; so
                # is any class method passed as a value (`foldr (+)`, `map show`): at -O0
                # the method's selection from the instance's dictionary is an argument
                # CorePrep binds to a thunk (16 bytes, no free variable)
                return self.bind_thunk(e, env, path, binds)
            g = self.global_name(e.name)
            assert g is not None, e.name
            pap = self.overloaded_value(e, g, env, binds) \
                if self.module == "Main" and e.name not in METHOD_VALUES else None
            return pap or ir.Var(g)
        if isinstance(e, S.ECon):
            dc = self.datacons[e.name]
            if self.module == "Main" and dc.arity and not dc.newtype:
                return self.con_closure(e.name, binds)
            return ir.Var(self.wrapper(e.name))
        if isinstance(e, S.ELit) and e.kind == "String" and e.value == "":
            return ir.Var(self.wrapper("[]"))
        if isinstance(e, S.EList) and e.items:
            return self.list_atom(e.items, env, path, binds)
        calls = self.auto is not None and self.auto.calls and e.span != S.NOSPAN
        if not calls and isinstance(e, (S.EApp, S.ETuple, S.EList)):
            con_args = self.saturated_con(e)
            if con_args is not None and self.strict_needs_eval(*con_args, env):
                thunk = self.bind_thunk(e, env, path, binds)
                self.strict_thunks.add(thunk.name)  # known_con.py
                return thunk
            if con_args is not None:
                con, args = con_args
                atoms = [self.atom(a, env, path, binds) for a in args]
                name = self.fresh("con" if con not in (":",) else "cons")
                binds.append(ir.Bind(name, ir.ConRhs(con, atoms)))
                return ir.Var(name)
        if isinstance(e, S.ELam):
            name = self.fresh("lam")
            binds.append(ir.Bind(name, self.lambda_closure(e, env, path, name, None)))
            return ir.Var(name)
        if isinstance(e, S.ERightSection) or isinstance(e, S.ELeftSection) and \
                self.module == "Main":  # (the Prelude's: base's -O2 code, as calibrated)
            return ir.Var(self.section_closure(e, env, path, binds))
        return self.bind_thunk(e, env, path, binds)

    def strict_needs_eval(self, con: str, args: list[S.Expr], env: Env) -> bool:
        """Must the constructor's wrapper evaluate an argument (a strict field's argument
        neither a literal nor an evaluated variable)? Then the application is not a value:
        as an argument it is a thunk (GHC's ``sat = \\u [] case .. of dt -> P [dt ..]``)."""
        strict = self.datacons[con].strict
        return any(s and self.unevaluated(a, env) for a, s in zip(args, strict))

    def unevaluated(self, a: S.Expr, env: Env) -> bool:
        """Is argument ``a`` neither a literal nor a variable known to be evaluated?"""
        if self.lit_of(a) is not None:
            return False
        e = strip(a)
        return not (isinstance(e, S.EVar) and isinstance(env.get(e.name), str) and
                    env[e.name] in self.evaluated)

    def lit_atom(self, lit: ir.Lit, binds: list[ir.Bind]) -> ir.Atom:
        """A literal argument. GHC -O0 let-binds the box of every literal argument
        (``let sat = I#! [1000#]``) and allocates it each time the binding is reached, except
        where the code generator hands out a precomputed static closure (Ints -16..255 and
        Chars below 256). Only the program's own code does this (base is built with -O,
        which floats such boxes to the top level); a top-level binding stays static."""
        if self.module != "Main" or not allocates(lit):
            return lit
        if self.static_data and type(lit) is IntegerLit and \
                -16 <= lit.value <= 255:  # type: ignore[operator]
            return ir.Lit(lit.value, lit.kind)
        name = self.fresh("sat_s")
        self.alloc_boxes.add(name)
        self.evaluated.add(name)
        binds.append(ir.Bind(name, ir.ConRhs(BOXES[lit.kind], [lit])))
        return ir.Var(name)

    def list_atom(self, items: list[S.Expr], env: Env, path: list[str],
                  binds: list[ir.Bind]) -> ir.Var:
        """``[a, b, c]``: cons cells allocated from the end (iteratively: long literal
        lists must not exhaust Python's stack)."""
        atoms = [self.atom(a, env, path, binds) for a in items]
        tail: ir.Atom = ir.Var(self.wrapper("[]"))
        for a in reversed(atoms):
            name = self.fresh("cons")
            binds.append(ir.Bind(name, ir.ConRhs(":", [a, tail])))
            tail = ir.Var(name)
        assert isinstance(tail, ir.Var)
        return tail

    def bind_thunk(self, e: S.Expr, env: Env, path: list[str],
                   binds: list[ir.Bind]) -> ir.Var:
        name = self.fresh("sat_s")
        body = self.expr(e, env, path)
        # GHC's CorePrep names these sat_sNNN (shown by -hd as <Main.sat_sNNN>)
        desc = self.inlined_desc(e, env) or self.expr_desc(e) or self.library_desc(e, env)
        info = self.info(name.replace("_s_", "_s"), desc=desc)
        binds.append(ir.Bind(name, ir.Closure([], body, info,
                                              True)))
        return ir.Var(name)

    def saturated_con(self, e: S.Expr) -> tuple[str, list[S.Expr]] | None:
        if isinstance(e, S.ETuple):
            return "(" + "," * (len(e.items) - 1) + ")", e.items
        if isinstance(e, S.EList):
            if not e.items:
                return None
            # the rest is a list literal too: list_atom builds it without recursion (a
            # 20,000-element literal nested 20,000 deep here)
            rest = e.items[1:]
            tail: S.Expr = S.EList(rest, S.NOSPAN) if rest else S.ECon("[]", S.NOSPAN)
            return ":", [e.items[0], tail]
        if isinstance(e, S.EApp):
            head, args = self.flatten(e)
            if isinstance(head, S.ECon) and len(args) == self.datacons[head.name].arity:
                return head.name, args
        return None

    def flatten(self, e: S.EApp) -> tuple[S.Expr, list[S.Expr]]:
        head, args = strip(e.fun), list(e.args)
        while isinstance(head, S.EApp) and not (self.auto and self.auto.calls):
            args = list(head.args) + args
            head = strip(head.fun)
        return head, args

    def wrap(self, binds: list[ir.Bind], body: ir.Expr) -> ir.Expr:
        for b in reversed(binds):
            if b.name in self.alloc_boxes and isinstance(b.rhs, ir.ConRhs):
                lit = b.rhs.args[0]
                assert isinstance(lit, ir.Lit)
                body = ir.Case(box_alloc(lit), b.name, [], body)
            else:
                body = ir.Let([b], body)
        return body

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, e: S.Expr, env: Env, path: list[str]) -> ir.Expr:
        if self.auto is not None and self.auto.calls and isinstance(e, S.EApp) and \
                e.span != S.NOSPAN:
            return ir.SCC(self.auto.call_cc(path, e.span), self.expr_(e, env, path), False)
        return self.expr_(e, env, path)

    def expr_(self, e: S.Expr, env: Env, path: list[str]) -> ir.Expr:
        lit = self.lit_of(e)
        if lit is not None:
            if self.module == "Main" and allocates(lit):
                return box_alloc(lit)  # a returned `I# [1000#]` is allocated (lit_atom)
            return ir.LitE(lit)
        if isinstance(e, S.ETyped) and e.type_text in DOUBLE_TYPES:
            # `fromIntegral n :: Double`: the only place a type changes a value's box
            return self.inline_prim("toDouble", [e.expr], env, path)
        if isinstance(e, S.ETyped) and e.type_text in DOUBLE_LIST_TYPES:
            inner = e.expr
            while isinstance(inner, S.EParen):
                inner = inner.expr
            if isinstance(inner, S.EArith):
                # `[a, b .. c] :: [Double]`: GHC enumerates at Double from its bounds
                # (fromRational once each); the Double bounds make the Prelude's enumeration
                # a Double one, with no conversion of every element (a map: 88 bytes each)
                def dbl(x: S.Expr | None) -> S.Expr | None:
                    return None if x is None else S.ETyped(x, S.NOSPAN, "Double")
                return self.expr(S.EArith(dbl(inner.start), dbl(inner.then),  # type: ignore
                                          dbl(inner.end), inner.span), env, path)
            return self.app(S.EVar("%map", S.NOSPAN),
                            [S.EVar("%realToFrac", S.NOSPAN), e.expr], env, path)
        if isinstance(e, (S.EParen, S.ETyped)):
            return self.expr(e.expr, env, path)
        if isinstance(e, S.EVar):
            local = env.get(e.name)
            if isinstance(local, str):
                return self.wrap(self.instantiation(local), ir.App(local, []))
            if isinstance(local, ir.Lit):
                return ir.LitE(local)
            return self.app(e, [], env, path)
        if isinstance(e, S.ECon):
            if self.datacons[e.name].arity == 0:
                return ir.ConApp(e.name, [])
            return ir.App(self.wrapper(e.name), [])
        if isinstance(e, S.ELit):  # a string
            if e.value == "":
                return ir.ConApp("[]", [])
            return ir.App("unpackCString#", [ir.Lit(e.value, "String")])
        if isinstance(e, S.EApp):
            head, args = self.flatten(e)
            return self.app(head, args, env, path)
        if isinstance(e, S.ENeg):
            v = self.fresh("x")
            self.evaluated.add(v)
            return ir.Case(self.expr(e.expr, env, path), v, [],
                           ir.PrimOp("negI#" if e.at_int else "negate", [ir.Var(v)]))
        if isinstance(e, S.ELam):
            name = self.fresh("lam")
            clo = self.lambda_closure(e, env, path, name, None)
            return ir.Let([ir.Bind(name, clo)], ir.App(name, []))
        if isinstance(e, S.ELet):
            return self.let_expr(e.decls, e.body, env, path)
        if isinstance(e, S.EIf):
            return ir.Case(self.expr(e.cond, env, path), "_", [
                ir.ConAlt("False", [], self.expr(e.else_, env, path)),
                ir.ConAlt("True", [], self.expr(e.then, env, path))])
        if isinstance(e, S.ECase):
            return self.case(e, env, path)
        if isinstance(e, S.EDo):
            out = desugar_do(e.stmts, e.monad, e.ops, self.file)
            self.note_do(e, out)
            return self.expr(out, env, path)
        if isinstance(e, S.EList) and e.items:
            binds = []
            return self.wrap(binds, ir.App(self.list_atom(e.items, env, path, binds).name, []))
        if isinstance(e, (S.ETuple, S.EList)):
            con_args = self.saturated_con(e)
            if con_args is None:
                return ir.ConApp("[]", [])
            binds: list[ir.Bind] = []
            atoms = [self.atom(a, env, path, binds) for a in con_args[1]]
            return self.wrap(binds, ir.ConApp(con_args[0], atoms))
        if isinstance(e, S.EArith):
            out = desugar_arith(e)
            self.note_arith(e, out)
            return self.expr(out, env, path)
        if isinstance(e, S.EComp):
            out = desugar_comp(e)
            self.note_comp(e, out)
            return self.expr(out, env, path)
        if isinstance(e, S.ELeftSection) and self.module != "Main":
            fn = S.ECon(e.op.name, e.op.span) if e.op.is_con else S.EVar(e.op.name, e.op.span)
            return self.app(fn, [e.expr], env, path, partial_ok=True)
        if isinstance(e, (S.ERightSection, S.ELeftSection)):
            return self.right_section(e, env, path)
        if isinstance(e, S.ESCC) and e.name == AUTO_LAMBDA:  # a `\\case' alternative's
            if self.auto is None:
                return self.expr(e.expr, env, path)
            lcc, lpath = self.auto.lambda_cc(path, e.span)
            inner = self.expr(e.expr, env, lpath)
            return inner if lcc is None else self.value_scc(lcc, inner, e.expr)
        if isinstance(e, S.ESCC):
            cc = ir.CostCentre(e.name, self.module, S.format_span(self.file, e.span))
            return ir.SCC(cc, self.expr(e.expr, env, path), True)
        raise AssertionError(f"cannot desugar {e!r}")

    def right_section(self, e: S.ERightSection | S.ELeftSection, env: Env, path: list[str]
                      ) -> ir.Expr:
        binds: list[ir.Bind] = []
        lam = self.section_closure(e, env, path, binds)
        return self.wrap(binds, ir.App(lam, []))

    def section_closure(self, e: S.ERightSection | S.ELeftSection, env: Env,
                        path: list[str], binds: list[ir.Bind]) -> str:
        """``(op e)`` = ``\\y -> y op e`` and ``(e op)`` = ``\\y -> e op y`` (GHC's
        desugarer), with e shared between calls: the closure is let-bound (added to
        ``binds``) and its name returned; as an argument it is a value, like a lambda, not a
        thunk that would build it."""
        lit = self.lit_of(e.expr)
        # a section's Integer literal stays a literal: its box would be an evaluated free
        # variable of the closure (16 bytes once per section; not modelled)
        before = len(binds)
        a = ir.Lit(lit.value, lit.kind) if type(lit) is IntegerLit else \
            self.atom(e.expr, env, path, binds)
        if self.module == "Main":
            operand_named_ds(binds[before:], a)
        y, lam = self.fresh("y"), self.fresh("sec")
        fn = S.ECon(e.op.name, e.op.span) if e.op.is_con else S.EVar(e.op.name, e.op.span)
        arg_name = self.fresh("arg")
        env2 = dict(env)
        env2[y] = y
        env2[arg_name] = a if isinstance(a, ir.Lit) else a.name
        args = [S.EVar(y, S.NOSPAN), S.EVar(arg_name, S.NOSPAN)]
        if isinstance(e, S.ELeftSection):
            args.reverse()
        body = self.app(fn, args, env2, path)
        info = self.local_info("sat", desc=self.expr_desc(e))
        binds.append(ir.Bind(lam, ir.Closure([y], body, info, False)))
        return lam

    def case(self, e: S.ECase, env: Env, path: list[str]) -> ir.Expr:
        msg = f"{S.format_span(self.file, e.span)}: Non-exhaustive patterns in case"
        scrut = strip(e.scrut)
        if isinstance(scrut, S.ECon) and scrut.name == "()" and len(e.alts) == 1 and \
                isinstance(e.alts[0].pat, S.PWild):  # MultiWayIf's (parser_ext.py)
            msg = f"{S.format_span(self.file, e.span)}: Non-exhaustive guards in multi-way if"
            return self.rhs_expr(e.alts[0].rhs, env, path, FailK(msg))
        rows = [Row([a.pat], {}, self.rhs_builder(a.rhs, env, path)) for a in e.alts]
        if isinstance(scrut, S.EVar) and isinstance(env.get(scrut.name), str):
            return self.match([env[scrut.name]], rows, FailK(msg))  # type: ignore[list-item]
        v = self.fresh("scrut")
        return self.match([v], rows, FailK(msg), scrut=self.expr(e.scrut, env, path))

    def rhs_builder(self, rhs: S.Rhs, env: Env, path: list[str]):
        built = [0]

        def build(binds: dict[str, str], fail: FailK) -> ir.Expr:
            env2 = dict(env)
            env2.update(binds)
            out = self.rhs_expr(rhs, env2, path, fail)
            if built[0]:
                self.regenerated[id(out)] = out
            built[0] += 1
            return out
        return build

    def rhs_expr(self, rhs: S.Rhs, env: Env, path: list[str], fail: FailK) -> ir.Expr:
        if rhs.body is not None and rhs.where:
            return self.let_expr(rhs.where, rhs.body, env, path)
        binds, env2 = self.local_binds(rhs.where, env, path)
        if rhs.body is not None:
            body = self.expr(rhs.body, env2, path)
        else:
            body = self.guards(rhs.guards, 0, env2, path, fail)
        for d in reversed(rhs.where):  # `where !x = ..' before guards: forced before them
            if isinstance(d, S.DFun) and d.clauses[0].bang:
                body = ir.Case(ir.App(env2[d.name], []), "_", [], body)  # type: ignore
        return self.wrap_group(binds, body)

    def guards(self, gs: list[S.GuardedExpr], i: int, env: Env, path: list[str],
               fail: FailK) -> ir.Expr:
        if i == len(gs):
            return fail.expr()
        nxt = FailK(fail.msg, fail.build) if i + 1 == len(gs) else \
            FailK(build=lambda: self.guards(gs, i + 1, env, path, fail))
        return self.quals(gs[i].quals, 0, gs[i].expr, env, path, nxt)

    def quals(self, qs: list[S.Stmt], i: int, body: S.Expr, env: Env, path: list[str],
              fail: FailK) -> ir.Expr:
        if i == len(qs):
            return self.expr(body, env, path)
        q = qs[i]
        if isinstance(q, S.SExpr):
            cond = strip(q.expr)
            if isinstance(cond, S.ECon) and cond.name == "True" or \
                    isinstance(cond, S.EVar) and self.is_prelude(cond.name, env, "otherwise"):
                return self.quals(qs, i + 1, body, env, path, fail)
            default, msg = fail.default()
            return ir.Case(self.expr(q.expr, env, path), "_",
                           [ir.ConAlt("True", [], self.quals(qs, i + 1, body, env, path,
                                                             fail))], default, msg)
        if isinstance(q, S.SLet):
            binds, env2 = self.local_binds(q.decls, env, path)
            return self.wrap_group(binds, self.quals(qs, i + 1, body, env2, path, fail))
        v = self.fresh("pg")

        def rest(bs: dict[str, str], f: FailK) -> ir.Expr:
            env2 = dict(env)
            env2.update(bs)
            return self.quals(qs, i + 1, body, env2, path, f)
        return self.match([v], [Row([q.pat], {}, rest)], fail,
                          scrut=self.expr(q.expr, env, path))

    # -- lambdas and bindings --------------------------------------------------------------------
    def lambda_closure(self, lam: S.ELam, env: Env, path: list[str], name: str,
                       outer_cc: ir.CostCentre | None, desc: str | None = None
                       ) -> ir.Closure:
        """``desc``: the closure's -hy type when known (a binding's), else the lambda's."""
        params = [self.param_name(p, "arg") for p in lam.pats]
        lam_path = path
        inner_cc = None
        helper = bool(path) and self.derived_labels.get(path[0], ("",))[0] in (None, "readPrec",
                                                                          "readListPrec")
        if self.auto is not None and lam.span != S.NOSPAN and not helper:  # (base's code)
            inner_cc, lam_path = self.auto.lambda_cc(path, lam.body.span)
        msg = f"{S.format_span(self.file, lam.span)}: Non-exhaustive patterns in lambda"
        if lam.span == S.NOSPAN:  # a `pat <- e` statement of a do block
            where = S.format_span(self.file, lam.pats[0].span)
            msg = f"user error (Pattern match failure in do expression at {where})"
        inner_lam = strip(lam.body)
        split_inner = inner_cc is not None and self.module == "Main" and \
            isinstance(inner_lam, S.ELam)
        if split_inner:  # `\x -> \y -> ..': the note split as on `f x = \y -> ..'
            self.split_notes[id(inner_lam)] = inner_cc
        row = Row(list(lam.pats), {}, lambda bs, f: self.expr(lam.body, {**env, **bs},
                                                               lam_path))
        body = self.match(params, [row], FailK(msg))
        if split_inner:
            self.split_notes.pop(id(inner_lam), None)
            body = ir.Case(ir.SCC(inner_cc, ir.ConApp("()", []), True), "_", [], body)
        elif inner_cc is not None and has_lazy(self, body):
            # GHC's note of a lambda is on its body, inside the matching: the selector
            # thunks of its irrefutable patterns are the caller's
            body = peel_lazy(self, body, lambda b: lazy_scc(self, inner_cc, lam, b))
        elif inner_cc is not None:
            body = _lambda_scc(self, inner_cc, lam, body)
        if outer_cc is not None:
            body = ir.SCC(outer_cc, body, True)
        split = self.split_notes.pop(id(lam), None)  # `f x = \y -> ..' (binds.fun_rhs)
        if split is not None:
            body = ir.SCC(split, body, False)
        desc = desc or self.expr_desc(lam)
        if lam.span == S.NOSPAN or name.startswith("lam"):  # CorePrep names lambdas sat_s
            info = self.local_info("sat", lam.span, desc)
        else:
            info = self.info(name, lam.span, desc) if len(path) <= 1 else \
                self.local_info(name, lam.span, desc)
        return ir.Closure(params, body, info, False)

    def param_name(self, p: S.Pat, default: str) -> str:
        while isinstance(p, (S.PBang, S.PLazy)):
            p = p.pat
        if isinstance(p, S.PVar):
            return self.fresh(p.name)
        if isinstance(p, S.PAs):
            return self.fresh(p.name)
        return self.fresh(default)

    def wrap_group(self, binds: list[ir.Bind], body: ir.Expr) -> ir.Expr:
        # literal boxes allocated by the group depend on nothing: bound around it
        boxes = [b for b in binds if b.name in self.alloc_boxes]
        binds = [b for b in binds if b.name not in self.alloc_boxes]
        if binds:
            body = ir.Let(binds, body, rec=True)  # the free-variable pass clears rec if unneeded
        return self.wrap(boxes, body)

    from .binds import local_binds, fun_rhs, value_rhs, pattern_binds, let_expr, value_scc


def _lambda_scc(self: Desugarer, cc: ir.CostCentre, lam: S.ELam, body: ir.Expr) -> ir.Expr:
    simple = all(isinstance(p, (S.PVar, S.PWild)) for p in lam.pats)  # (no matching)
    if not simple and all(_product_pat(self, p) for p in lam.pats):
        return _product_scc(self, cc, body, lam.body)
    return self.value_scc(cc, body, lam.body if simple else None)


def _split_leaf(self: Desugarer, cc: ir.CostCentre, leaf: ir.Expr) -> bool:
    from .binds import _split_leaf as split
    return split(self, cc, leaf)


def _product_scc(self: Desugarer, cc: ir.CostCentre, body: ir.Expr, src: S.Expr) -> ir.Expr:
    """A lambda matching tuples whose body is a constructor application
    (``\\(a, b) -> (b, a + 1)``): GHC puts its note inside the lambda, around the `case`
    of the tuple, and mkTick pushes it into the one alternative, where it is split as on
    any constructor application (GHC 9.0.2: 0 bytes under the lambda's cost centre, the
    caller pays the pair and its thunks; a function binding `swap (a, b) = ..` keeps its
    note whole)."""
    leaf, holder = body, None
    while isinstance(leaf, ir.Case) and leaf.default is None and len(leaf.alts) == 1:
        holder, leaf = leaf.alts[0], leaf.alts[0].body
    if holder is None or self.saturated_con(strip(src)) is None or \
            not _split_leaf(self, cc, leaf):
        return self.value_scc(cc, body, None)
    return ir.Case(ir.SCC(cc, ir.ConApp("()", []), True), "_", [], body)


__all__ = ["Desugarer", "INLINE_PRIMOPS", "raise_expr", "strip", "literal_of"]
