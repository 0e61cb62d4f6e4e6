"""GHC -O0's unfolding guidance of a function, read off the model's STG: its size as GHC
counts its Core, the discounts a call's arguments and context earn, and the decision for a
saturated call or a partial application (CoreUnfold's rules, as ``-ddump-verbose-inlinings``
shows them; ``inline_calls`` has the account). Used by ``inline_calls``."""

from __future__ import annotations

import dataclasses

from .. import ir

USE_THRESHOLD = 90  # GHC 9.0.2's -funfolding-use-threshold
_APP_DISCOUNT = 60  # -funfolding-fun-discount: a parameter the function applies
_TRIV, _NONTRIV, _VALUE = 0, 1, 2
_BORING, _CASE, _RULE, _RHS = "boring", "case", "rule", "rhs"
_BIG = 10_000

# GHC base's class methods (an argument of one is in a rule's argument context: the
# ClassOp rule), by source name
CLASS_METHODS = frozenset("""
    + - * negate abs signum fromInteger == /= compare < <= > >= max min show showsPrec
    showList succ pred toEnum fromEnum enumFrom enumFromThen enumFromTo enumFromThenTo foldr
    foldl foldr' foldl' foldr1 foldl1 toList null length elem maximum minimum sum product
    foldMap fmap <$ >>= >> return pure <*> *> <* quot rem div mod quotRem divMod toInteger /
    recip fromRational pi exp log sqrt ** logBase sin cos tan asin acos atan sinh cosh tanh
    toRational truncate round ceiling floor properFraction <> mempty mappend mconcat
    readsPrec readList minBound maxBound traverse mapM sequence sequenceA atan2
    """.split())
# primitive operations that are not a class method's code, by their calls' dictionaries
_PRIM_DICTS = {"fromIntegral": 2, "toDouble": 2, "ord": 0, "chr": 0, "unpackCString#": 0}


#: the Prelude's functions directed.py names by their versions at Int, which wrap at 64
#: bits (prelude.hs plusI#, ...) -> the function's own name
AT_INT = {"plusI#": "+", "minusI#": "-", "timesI#": "*", "negateI#": "negate", "absI#": "abs",
          "sumI#": "sum", "productI#": "product", "shiftLI#": "shiftL", "powI#": "^",
          "powZI#": "powZ#", "fromIntegerI#": "fromInteger",
          # (Data.Bits at Integer, bits_integer.py)
          "bitsAndZ#": ".&.", "bitsOrZ#": ".|.", "bitsXorZ#": "xor",
          "bitsComplementZ#": "complement", "bitsShiftLZ#": "shiftL", "bitsShiftRZ#": "shiftR",
          "bitsBitZ#": "bit", "bitsSetBitZ#": "setBit", "bitsClearBitZ#": "clearBit",
          "bitsPopCountZ#": "popCount"}


def source_name(name: str) -> str:
    """The Prelude's source name of an IR global (``Prelude.<``, ``enumFromToI#``,
    ``%showsPrecStr#``, ``plusI#``: the versions the desugarer picks by type)."""
    n = name.removeprefix("Prelude.").lstrip("%")
    if n in AT_INT:
        return AT_INT[n]
    for suffix in ("Str#", "I#", "#"):
        if n.endswith(suffix) and n[: -len(suffix)] in CLASS_METHODS:
            return n[: -len(suffix)]
    return n


@dataclasses.dataclass
class Guidance:
    """A function's unfolding guidance: its size, per parameter the discount for a value
    passed to it, the discount for a result that is used."""

    arity: int
    size: int
    arg_discounts: list[int]
    res_discount: int

    @property
    def always(self) -> bool:  # CoreUnfold.uncondInline
        return self.size <= 10 * (self.arity + 1)

    def inline_partial(self, args: list[int], ctx: str) -> bool:
        """Does GHC inline a partial application (fewer arguments than the arity) that is
        an argument or a binding's right-hand side (CoreUnfold's Note [Unsaturated
        applications]: a benefit when an argument is interesting or the context is, e.g.
        an argument of base's map, which has rules)?"""
        if not any(args) and ctx == _BORING:
            return False
        return self.size - self.discount(args) <= USE_THRESHOLD

    def discount(self, args: list[int]) -> int:
        """What the arguments of a call earn: 10, 10 each, and a value's or an
        expression's discount for its parameter."""
        out = 10 + 10 * len(args)
        for a, d in zip(args, self.arg_discounts):
            out += d if a == _VALUE else 10 if a == _NONTRIV else 0
        return out

    def inline(self, args: list[int], ctx: str) -> bool:
        """Does GHC inline a saturated call with these arguments (_TRIV, _NONTRIV, _VALUE)
        in this context?"""
        if self.always:
            return True
        if not any(args) and ctx == _BORING:  # no benefit
            return False
        discount = self.discount(args)
        if ctx == _CASE:
            discount += self.res_discount
        elif ctx != _BORING:
            discount += min(40, self.res_discount)
        return self.size - discount <= USE_THRESHOLD


class _Size:
    """The size of a function's body as GHC's CoreUnfold.sizeExpr counts the Core it stands
    for (see the module's doc)."""

    def __init__(self, params: list[str], ctx: "_Program"):
        self.params = set(params)
        self.discounts = dict.fromkeys(params, 0)
        self.p = ctx

    def atoms(self, args: list[ir.Atom]) -> int:
        n = 0
        for a in args:
            if isinstance(a, ir.Var):  # an overloaded function passed: `(+) $dNum`
                d = self.p.dicts(a.name) if a.name in self.p.globals else 0
                n += 10 * (1 + d) if d else 0
            elif isinstance(a, ir.Lit):
                if a.kind == "String":
                    n += 10 + 10 * ((len(str(a.value)) + 3) // 4)
                elif a.kind != "World":
                    n += 10  # I# 1#
        return n

    def expr(self, e: ir.Expr) -> tuple[int, int]:
        """(size, result discount); at most about _BIG."""
        total = 0
        cons: set[str] = set()  # let-bound constructors: a result that is one is a value
        while True:
            if isinstance(e, ir.SCC):
                e = e.body
                continue
            if isinstance(e, ir.Let):
                for b in e.binds:
                    total += self.bind(b)
                    if isinstance(b.rhs, ir.ConRhs):
                        cons.add(b.name)
                if total > _BIG:
                    return _BIG, 0
                e = e.body
                continue
            break
        if isinstance(e, ir.App):
            if self.p.marked(e):
                return total, 0
            if e.fun == "fromIntegerLit#":  # fromInteger $dNum 1 (an Integer literal: 100)
                return total + 130, 0
            if e.fun in cons and not e.args:
                return total, 10
            n = len(e.args)
            if e.fun in self.params and n:
                self.discounts[e.fun] = _APP_DISCOUNT
            else:
                n += self.p.dicts(e.fun)
            return total + (10 * (1 + n) if n else 0) + self.atoms(e.args), 0
        if isinstance(e, ir.ConApp):
            return total + (10 if e.args else 0) + self.atoms(e.args), 10
        if isinstance(e, ir.PrimOp):
            if e.op == "+" and e.args[1:] == [ir.Lit(0, "Int")] and \
                    isinstance(e.args[0], ir.Lit):  # literals.box_alloc: I# n#
                return total + 10, 10
            n = len(e.args) + _PRIM_DICTS.get(e.op, 1)
            return total + 10 * (1 + n) + self.atoms(e.args), 0
        if isinstance(e, ir.LitE):
            return total + 10, 10
        assert isinstance(e, ir.Case)
        scrut = e.scrut
        if e.default is not None and not e.alts and _no_core(scrut, self.p):
            s, r = self.expr(e.default)
            return total + s, r
        sizes = [self.expr(a.body) for a in e.alts]
        if e.default is not None:
            sizes.append(self.expr(e.default))
        alts = sum(s for s, _ in sizes) + 10 * len(sizes)
        res = sum(r for _, r in sizes)
        if isinstance(scrut, ir.App) and not scrut.args and scrut.fun in self.params:
            self.discounts[scrut.fun] += 20 + alts - max(s + 10 for s, _ in sizes)
            return total + alts, res
        s, _ = self.expr(scrut)
        return total + s + alts, res

    def bind(self, b: ir.Bind) -> int:
        r = b.rhs
        own = 10 if b.name in self.p.local_names else 0  # an argument's let is its Core
        if b.name in self.p.garbage:
            return 0
        if b.name.startswith("$dsel"):  # $p1Integral $dIntegral: a let and a selector call
            return 30
        if isinstance(r, ir.ConRhs):
            return own + (10 if r.args else 0) + self.atoms(r.args)
        return own + 10 * len(r.params) + self.expr(r.body)[0]


def _no_core(scrut: ir.Expr, p: "_Program") -> bool:
    """Is ``case scrut of _ -> ..`` the model's, with nothing in GHC's Core for it: an
    operator's argument evaluated (the operator is the call), a dictionary's (its method
    selection is), a dictionary bound, or the entry a constructor's split note counts?"""
    while isinstance(scrut, ir.SCC):
        scrut = scrut.body
    if isinstance(scrut, ir.App):
        return p.marked(scrut) or not scrut.args and scrut.fun.startswith("$d")
    return isinstance(scrut, ir.ConApp) and not scrut.args


def dictionaries(c: ir.Closure) -> int:
    """The dictionaries GHC passes to a local function (binds.fun_rhs binds them first)."""
    n, e = 0, c.body
    while isinstance(e, ir.Case) and isinstance(e.scrut, ir.ConApp) and \
            e.scrut.con == "()" and e.binder.startswith("$d") and e.default is not None:
        n, e = n + 1, e.default
    return n
