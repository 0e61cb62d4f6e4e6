"""Applications for the desugarer (a mixin of ``desugar.Desugarer``): constructor
applications, calls, the Prelude functions treated specially (``seq``, ``$``, ``$!``,
``.``, ``&&``, ``||``, ``error``), arithmetic inlined as primops, and the Prelude's
``prim "op"`` escape."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .. import ir
from . import syntax as S
from .inline_size import CLASS_METHODS
from .typecheck_env import prelude_env
from profkit.errors import SourceError

if TYPE_CHECKING:  # pragma: no cover
    from .desugar import Desugarer, Env

# Prelude functions inlined as primops when applied to all their arguments.
INLINE_PRIMOPS: dict[str, tuple[str, int]] = {
    "+": ("+", 2), "-": ("-", 2), "*": ("*", 2), "/": ("/", 2), "negate": ("negate", 1),
    "plusZ#": ("+Z", 2), "minusZ#": ("-Z", 2), "timesZ#": ("*Z", 2),
    "plusI#": ("+I", 2), "minusI#": ("-I", 2), "timesI#": ("*I", 2), "negateI#": ("negI#", 1),
    "absI#": ("absI#", 1), "fromIntegerI#": ("toInt#", 1),
    "abs": ("abs", 1), "signum": ("signum", 1), "quot": ("quot", 2), "rem": ("rem", 2),
    "div": ("div", 2), "mod": ("mod", 2), "**": ("**", 2), "sqrt": ("sqrt", 1),
    "exp": ("exp", 1), "log": ("log", 1), "sin": ("sin", 1), "cos": ("cos", 1),
    "tan": ("tan", 1), "asin": ("asin", 1), "acos": ("acos", 1), "atan": ("atan", 1),
    "atan2": ("atan2", 2), "truncate": ("truncate", 1), "round": ("round", 1),
    "floor": ("floor", 1), "ceiling": ("ceiling", 1), "fromIntegral": ("fromIntegral", 1),
    "fromInteger": ("fromIntegral", 1), "toInteger": ("fromIntegral", 1),
    "realToFrac": ("toDouble", 1), "ord": ("ord", 1), "chr": ("chr", 1),
}
# Words base's RealFrac Double methods allocate per call from -O0 code beyond the result's
# box (no rewrite rule fires: the class method runs with the Integral dictionary, through
# properFraction and Integers). GHC 9.0.2, Double -> Int on 0.3 .. 99.3: round 318 bytes
# per call, floor 318, ceiling 374, truncate 302 (-> Integer 16 bytes less; round of a
# tie x.5 482: not modelled).
ROUNDING_OVERHEAD = {"round": 38, "floor": 38, "ceiling": 45, "truncate": 36}
# Words `sum`/`product` allocate through Foldable's dictionary when -O0 code calls them
# saturated: 104 bytes per call whatever the length (GHC 9.0.2, sum xs and sum (take k
# xs) at Int and Double); passed unsaturated (`map sum`) about 30, not modelled. At Integer
# (sumZ#/productZ#: directed.py) 88 bytes (GHC 9.0.2, shapes/intzero).
SATURATED_OVERHEAD = {"sum": 13, "product": 13, "sumZ#": 11, "productZ#": 11,
                      "sumI#": 13, "productI#": 13}  # (at Int: directed.py)
PRINTS = {"print": "printD#", "printStr#": "printStrD#"}
# Comparisons are generic (lists, tuples, constructors); inlined only next to a literal.
INLINE_COMPARE = {"==", "/=", "<", "<=", ">", ">="}




class AppMixin:
    def overloaded_value(self: "Desugarer", e: S.EVar, g: str, env: "Env",
                         binds: list[ir.Bind]) -> ir.Var | None:
        """The Prelude's overloaded function ``e`` (not a class method) passed as a value
        (`filter even`, `map sort`): at -O0 a thunk of its application to its
        dictionaries, a partial application when evaluated (GHC 9.0.2: 48 bytes with one
        dictionary, 56 with two; shapes ovlvalue25). None for any other name."""
        name = e.name
        if name.startswith("%fromIntegral"):  # (its versions by type: directed.py)
            name = "fromIntegral"
        elif name in CLASS_METHODS or not self.is_prelude(name, env, name):
            return None
        sc = prelude_env()[0].get(name)
        if sc is None or not sc.preds:
            return None
        thunk = self.fresh("sat_s")
        cost = ir.App(self.prelude["wordsCost#"], [ir.Lit(3 + len(sc.preds), "Int")])
        info = self.info(thunk.replace("_s_", "_s"), desc=self.expr_desc(e))
        binds.append(ir.Bind(thunk, ir.Closure([], ir.Case(cost, "_", [], ir.App(g, [])),
                                               info, True)))
        return ir.Var(thunk)


    # -- applications ----------------------------------------------------------------------------
    def app(self, head: S.Expr, args: list[S.Expr], env: Env, path: list[str],
            partial_ok: bool = False) -> ir.Expr:
        out = self.app_(head, args, env, path)
        dk = self.local_dk.get(getattr(self.types, "local_dict_uses", {}).get(id(head)))
        if dk is not None:  # a local binding's dictionary, built at its first use
            out = ir.Case(ir.App(dk, []), "_", [], out)
        if self.cur_dicts and isinstance(head, S.EVar):
            use = getattr(self.types, "dict_uses", {}).get(id(head))
            if use is not None and use[0] is head:
                # a constrained function at the enclosing function's type variable: GHC
                # passes it the dictionary, so a closure around this call holds it
                needed: list[str] = []
                for c, k in use[1]:
                    var = self.cur_dicts.get((c, k))
                    if var is None and k in self.dicts_by_var:  # by superclass selection
                        var = next(v for (_, k2), v in self.cur_dicts.items() if k2 == k)
                    if var is not None and var not in needed:
                        needed.append(var)
                for var in needed:
                    out = ir.Case(ir.App(var, []), "_", [], out)
        return out

    def app_(self, head: S.Expr, args: list[S.Expr], env: Env, path: list[str]) -> ir.Expr:
        if isinstance(head, S.ECon):
            dc = self.datacons[head.name]
            arity = dc.arity
            if (dc.strict or dc.newtype) and len(args) == arity:
                # a newtype's box in a value's place: GHC's value is the field's own, so
                # the field is evaluated here (`V a + V b = V (a + b)`: no thunk for a + b)
                return self.strict_con(head, args, env, path)
            binds: list[ir.Bind] = []
            atoms = [self.atom(a, env, path, binds) for a in args]
            if len(atoms) == arity:
                return self.wrap(binds, ir.ConApp(head.name, atoms))
            if len(atoms) > arity:
                raise SourceError(f"The constructor `{head.name}' should have {arity} "
                                  f"argument{'' if arity == 1 else 's'}, but has been given "
                                  f"{len(atoms)}", self.file, head.span[0], head.span[1])
            return self.wrap(binds, ir.App(self.wrapper(head.name), atoms))
        if isinstance(head, S.EVar) and head.name not in env:
            special = self.special_app(head, args, env, path)
            if special is not None:
                return special
        binds = []
        if isinstance(head, S.EVar) and isinstance(env.get(head.name), str):
            fname = env[head.name]
            binds.extend(self.instantiation(fname))
        elif isinstance(head, S.EVar) and head.name not in env:
            fname = self.global_name(head.name)
            if fname is None:  # e.g. `1 + True`: a constructor where a function goes
                name = head.name.removeprefix("$W")
                raise SourceError(f"`{name}' cannot be applied here (no instance of a "
                                  "class it would need)", self.file, *head.span[:2])
        else:
            f_atom = self.atom(head, env, path, binds)
            if isinstance(f_atom, ir.Lit):
                sp = _strip(head).span
                raise SourceError(f"a {f_atom.kind} literal cannot be applied to arguments "
                                  "(No instance for Num (a -> b))", self.file, sp[0], sp[1])
            fname = f_atom.name
        atoms = [self.atom(a, env, path, binds) for a in args]
        return self.wrap(binds, ir.App(fname, atoms))  # type: ignore[arg-type]

    def strict_con(self, head: S.ECon, args: list[S.Expr], env: Env, path: list[str]
                   ) -> ir.Expr:
        """A saturated constructor with strict fields: GHC -O0 inlines its wrapper, so each
        strict field's argument is evaluated in place, in field order (a case: no thunk),
        unless it is a literal or a variable already evaluated; then the lazy fields'
        arguments are bound and the constructor built (-ddump-stg-final)."""
        scruts: list[tuple[str, S.Expr]] = []
        env2 = dict(env)
        new_args = list(args)
        dc = self.datacons[head.name]
        for i, (a, strict) in enumerate(zip(args, dc.strict or (dc.newtype,))):
            if not strict or not self.unevaluated(a, env):
                continue
            v = self.fresh("dt")
            self.evaluated.add(v)
            env2[v] = v
            scruts.append((v, a))
            new_args[i] = S.EVar(v, S.NOSPAN)
        binds: list[ir.Bind] = []
        atoms = [self.atom(a, env2, path, binds) for a in new_args]
        out = self.wrap(binds, ir.ConApp(head.name, atoms))
        for v, a in reversed(scruts):
            out = ir.Case(self.expr(a, env, path), v, [], out)
            self.strict_field_cases.add(id(out))
        return out

    def con_closure(self, con: str, binds: list[ir.Bind]) -> ir.Var:
        """A constructor passed as a function (``map Just xs``, ``maybe n Right m``):
        CorePrep's saturating ``\\eta -> Just eta``, a closure allocated where the argument
        is (16 bytes; GHC 9.0.2 -O0, shapes/conreuse24)."""
        dc = self.datacons[con]
        params = [self.fresh("eta") for _ in range(dc.arity)]
        args: list[ir.Atom] = [ir.Var(p) for p in params]
        body: ir.Expr = ir.App(self.wrapper(con), args) if any(dc.strict or ()) else \
            ir.ConApp(con, args)
        name = self.fresh("sat_s")
        binds.append(ir.Bind(name, ir.Closure(params, body, self.info(
            name.replace("_s_", "_s"), desc="->"), False)))
        return ir.Var(name)

    def special_app(self, head: S.EVar, args: list[S.Expr], env: Env,
                    path: list[str]) -> ir.Expr | None:
        name = head.name
        p = name[1:] if name.startswith("%") else name
        if not self.is_prelude(name, env, p):
            if self.module == "Prelude" and name == "prim":
                return self.prim(args, env, path)
            return None
        n = len(args)
        if p == "seq" and n >= 2:
            v = self.fresh("sq")
            self.evaluated.add(v)
            self.seqs.add(v)
            rest = self.expr(args[1], env, path) if n == 2 else \
                self.app(_strip(args[1]), args[2:], env, path)
            return ir.Case(self.expr(args[0], env, path), v, [], rest)
        if p in ("$", "$!") and self.module == "Main" and n >= 2:
            # GHC -O0 inlines nothing of base's: ``f $ x`` calls ($), its operands atoms
            # (``when c $ act`` allocates a thunk for ``when c``; -ddump-stg-final)
            return None
        if p == "$" and n >= 2:
            return self.app_expr(args[0], args[1:], env, path)
        if p in PRINTS and n == 1 and self.module == "Main":
            # base's print (eta-expanded by -O2) applied to its dictionary and value: a
            # partial application of two arguments, a word more than one (shapes/showtup)
            binds: list[ir.Bind] = []
            a = self.atom(args[0], env, path, binds)
            return self.wrap(binds, ir.App(self.prelude[PRINTS[p]], [ir.Lit(0, "Int"), a]))
        if p == "$!" and n >= 2:
            v = self.fresh("x")
            self.evaluated.add(v)
            env2 = dict(env)
            env2[v] = v
            rest = self.app_expr(args[0], [S.EVar(v, S.NOSPAN)] + args[2:], env2, path)
            return ir.Case(self.expr(args[1], env, path), v, [], rest)
        if p in ("&&", "||") and n == 2 and self.module != "Main":
            # base (-O) inlines them; GHC -O0 calls them, each non-atomic operand a thunk
            short = ir.ConApp("False" if p == "&&" else "True", [])
            long_ = self.expr(args[1], env, path)
            alts = [ir.ConAlt("True", [], long_ if p == "&&" else short),
                    ir.ConAlt("False", [], short if p == "&&" else long_)]
            return ir.Case(self.expr(args[0], env, path), "_", alts)
        if p == "." and n >= 3:
            inner = S.EApp(args[1], [args[2]], S.NOSPAN)
            return self.app_expr(args[0], [inner] + args[3:], env, path)
        if self.module == "Main" and p in ("error", "undefined") and head.span != S.NOSPAN:
            loc = f"{self.file}:{head.span[0]}:{head.span[1]} in main:Main"
            target = "%errorCalledAt" if p == "error" else "%undefinedCalledAt"
            return self.app(S.EVar(target, S.NOSPAN), [S.ELit(loc, "String", S.NOSPAN)] + args,
                            env, path)
        if p in ("fromIntegerLit#", "fromIntegerLitZ#") and n == 1 and \
                self.lit_of(args[0]) is not None:
            # the Integer is fromIntegerLit#'s to allocate: the literal goes as it is
            lit = self.lit_of(args[0])
            return ir.App(self.prelude[p], [ir.Lit(lit.value, lit.kind)])  # type: ignore
        if p in SATURATED_OVERHEAD and n == 1 and self.module == "Main" and \
                not getattr(self, "alias_call", False):  # (an alias's CAF made it: binds.py)
            from .binds import _garbage
            binds: list[ir.Bind] = []
            a = self.atom(args[0], env, path, binds)
            if isinstance(a, ir.Var):
                call = ir.App(self.prelude[p], [a])
                return self.wrap(binds, _garbage(self, SATURATED_OVERHEAD[p], a.name, call))
        if p == "fromIntegral" and self.module == "Main":
            return None  # a call of base's generic fromInteger . toInteger (binds.py)
        if p in INLINE_PRIMOPS and n == INLINE_PRIMOPS[p][1]:
            # GHC -O0 compiles an arithmetic operator in user code as a call of the class
            # method, whose arguments are lazy: each non-atomic argument is a thunk
            # allocated before the call (nfib's `nfib (n-1) + nfib (n-2)` allocates two),
            # then the method forces them. The Prelude stands for base, built with -O,
            # where strictness analysis evaluates the arguments in place.
            out = self.inline_prim(INLINE_PRIMOPS[p][0], args, env, path,
                                   lazy=self.module == "Main")
            if p in ROUNDING_OVERHEAD and self.module == "Main":
                from .binds import _garbage
                r = self.fresh("x")
                self.evaluated.add(r)
                out = ir.Case(out, r, [], _garbage(self, ROUNDING_OVERHEAD[p], r,
                                                   ir.App(r, [])))
            return out
        if p in INLINE_COMPARE and n == 2 and any(self.lit_of(a) is not None for a in args):
            return self.inline_prim(p, args, env, path, lazy=self.module == "Main")
        return None

    def app_expr(self, f: S.Expr, args: list[S.Expr], env: Env, path: list[str]) -> ir.Expr:
        f = _strip(f)
        if isinstance(f, S.EApp) and not (self.auto and self.auto.calls):
            head, a0 = self.flatten(f)
            return self.app(head, a0 + args, env, path)
        return self.app(f, args, env, path)

    def inline_prim(self, op: str, args: list[S.Expr], env: Env, path: list[str],
                    lazy: bool = False) -> ir.Expr:
        atoms: list[ir.Atom] = []
        cases: list[tuple[ir.Expr, str]] = []
        thunks: list[ir.Bind] = []
        if lazy:  # non-atomic arguments become thunks first (see special_app); pi is a
            # method call (Floating's), not a variable, in GHC's Core
            args = [a if _is_atomic(self, a) and not self.is_prelude(getattr(_strip(a), "name", ""),
                                                               env, "pi") else
                    S.EVar(self.atom(a, env, path, thunks).name, S.NOSPAN) for a in args]
            env = dict(env)
            for b in thunks:
                env[b.name] = b.name
        for a in args:
            lit = self.lit_of(a)
            if lit is not None:
                atoms.append(self.lit_atom(lit, thunks) if lazy else lit)
                continue
            sa = _strip(a)
            if isinstance(sa, S.EVar) and isinstance(env.get(sa.name), ir.Lit):
                atoms.append(env[sa.name])  # type: ignore[arg-type]
                continue
            if isinstance(sa, S.EVar) and isinstance(env.get(sa.name), str) and \
                    env[sa.name] in self.evaluated:
                atoms.append(ir.Var(env[sa.name]))  # type: ignore[arg-type]
                continue
            v = self.fresh("x")
            self.evaluated.add(v)
            scrut = self.expr(a, env, path)
            if isinstance(scrut, ir.App) and not scrut.args:
                # in GHC's Core the variable is an argument of the operator's call
                self.arg_evals[id(scrut)] = scrut
            cases.append((scrut, v))
            atoms.append(ir.Var(v))
        body: ir.Expr = ir.PrimOp(op, atoms)
        for scrut, v in reversed(cases):
            body = ir.Case(scrut, v, [], body)
        return self.wrap(thunks, body)

    def prim(self, args: list[S.Expr], env: Env, path: list[str]) -> ir.Expr:
        """``prim "op" a b`` in the Prelude: a primitive on evaluated arguments."""
        op_e = _strip(args[0])
        assert isinstance(op_e, S.ELit) and op_e.kind == "String", "prim needs an op name"
        op = str(op_e.value)
        if op not in ir.PRIMOPS:
            raise AssertionError(f"unknown primop {op}")
        rest = args[1:]
        if op in ir.LAZY_LAST:
            binds: list[ir.Bind] = []
            world = self.atom(rest[-1], env, path, binds)
            inner = self.inline_prim(op, rest[:-1], env, path)
            assert isinstance(inner, (ir.PrimOp, ir.Case))
            node = inner
            while isinstance(node, ir.Case):
                node = node.default  # type: ignore[assignment]
            assert isinstance(node, ir.PrimOp)
            node.args.append(world)
            return self.wrap(binds, inner)
        return self.inline_prim(op, rest, env, path)


def _is_atomic(self: "Desugarer", e: S.Expr) -> bool:
    return self.lit_of(e) is not None or isinstance(_strip(e), S.EVar)


def _strip(e: S.Expr) -> S.Expr:
    from .literals import strip
    return strip(e)


def operand_named_ds(binds: list[ir.Bind], a: ir.Atom) -> None:
    """A section's operand thunk among ``binds``: GHC's desugarer binds the operand to a
    fresh ``ds`` around the lambda (used under it, the simplifier leaves it): -hd
    ``<Main.ds>`` (iorefleak24's ``modifyIORef ref (+ (i `mod` 7))``), not ``sat``."""
    if not isinstance(a, ir.Var):
        return
    for b in binds:
        r = b.rhs
        if b.name == a.name and isinstance(r, ir.Closure) and not r.params and \
                r.info.name.startswith("sat_"):
            r.info = dataclasses.replace(r.info, name="ds" + r.info.name[3:])
