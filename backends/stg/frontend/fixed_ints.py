"""Data.Word's and Data.Int's fixed-width integers (Word, Word8 .. Word64, Int8 .. Int64) in
the front end: their types are ``typecheck_sigs_word.py``'s, their arithmetic the machine's
``fx#`` (machine/prims_word.py).

A value of these types is an ``I#`` box holding a number in the type's range (GHC's ``W8#``
and ``I64#`` are two words, as ``I#``), so comparison, ``show``, ``quot``/``rem``/``mod``,
``toInteger``, ``fromEnum`` and Data.Bits' ``.&.``/``.|.``/``xor``/``shiftR`` need nothing of
their own. What can leave the range goes, at the checked type, to a function of the
Prelude written here for each type (``prelude_source``: ``plusW8#``, ``shiftLI32#``, ...)
that wraps around as GHC's instances do (``fixed_directed``); an integer literal at such a
type is GHC's ``fromInteger $fNumWord8 (IS n)`` (``fixed_literals``: an Integer box and the
result when forced, a thunk where it is an argument), ``-e`` its ``negate``, and ``[a ..
b]`` base's enumeration of the type. Their costs are GHC 9.0.2's (-O0 code calling base's
-O2 instances: shapes ``fixed*``), charged by ``fxCost#`` where base does more work than
the Prelude's code.
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .typecheck_sigs_word import FIXED_TYPES

#: the functions' name stem for each type: plusW8#, plusI64#, plusW# (Word)
SUFFIX = {t: t[0] + t[4:] if t.startswith("Word") else "I" + t[3:] for t in FIXED_TYPES}

#: type -> (minBound, maxBound)
BOUNDS = {t: ((-(1 << (k % 100 - 1)), (1 << (k % 100 - 1)) - 1) if k > 100
              else (0, (1 << k) - 1)) for t, k in FIXED_TYPES.items()}

_SUFFIXES = set(SUFFIX.values())

#: the Prelude's name -> the stem of the function at a fixed type, chosen by the type of the
#: first argument ("arg"), of the result ("res"), of the value itself ("val"), of the list
#: argument's elements ("elem")
_AT = {"+": ("plus", "arg"), "-": ("minus", "arg"), "*": ("times", "arg"),
       "negate": ("negate", "arg"), "abs": ("abs", "arg"), "subtract": ("subtract", "arg"),
       "shiftL": ("shiftL", "arg"), "shift": ("shift", "arg"),
       "unsafeShiftL": ("shiftL", "arg"),  # (shiftR and unsafeShiftR need nothing)
       "complement": ("complement", "arg"), "popCount": ("popCount", "arg"),
       "testBit": ("testBit", "arg"), "setBit": ("setBit", "arg"),
       "rotateL": ("rotateL", "arg"), "rotateR": ("rotateR", "arg"),
       "rotate": ("rotateL", "arg"), "succ": ("succ", "arg"), "pred": ("pred", "arg"),
       "finiteBitSize": ("finiteBitSize", "arg"),
       "countLeadingZeros": ("countLeadingZeros", "arg"),
       "countTrailingZeros": ("countTrailingZeros", "arg"),
       "div": ("div", "arg"), "quot": ("quot", "arg"), "divMod": ("divMod", "arg"),
       "^": ("pow", "arg"), "lcm": ("lcm", "arg"), "enumFrom": ("enumFrom", "arg"),
       "enumFromTo": ("enumFromTo", "arg"), "enumFromThen": ("enumFromThen", "arg"),
       "enumFromThenTo": ("enumFromThenTo", "arg"),
       "fromInteger": ("fromInteger", "res"), "toEnum": ("toEnum", "res"),
       "bit": ("bit", "res"), "truncate": ("truncate", "res"), "round": ("round", "res"),
       "floor": ("floor", "res"), "ceiling": ("ceiling", "res"),
       "minBound": ("minBound", "val"), "maxBound": ("maxBound", "val"),
       "sum": ("sum", "elem"), "product": ("product", "elem")}
FIXED_NAMES = (*_AT, "fromIntegral", "read", "show", "shows", "showsPrec", "print")


def fixed_type(t: object) -> str | None:
    """The fixed-width type ``t`` is (None: another type, or one left open)."""
    h, _ = T.spine(T.prune(t))
    if isinstance(h, T.TCon) and not h.rigid and h.name in FIXED_TYPES:
        return h.name
    return None


def fixed_directed(e: S.EVar, t: object) -> bool:
    """``e`` (a Prelude name of FIXED_NAMES at the checked type ``t``) renamed to the
    Prelude's function for a fixed-width type where the type decides; False where it does
    not (another type: the other rewrites of directed.py apply)."""
    sf = T.split_fun(t)
    if e.name == "fromIntegral":
        if sf is None:
            return False
        res, arg = fixed_type(sf[1]), fixed_type(sf[0])
        h, _ = T.spine(T.prune(sf[0]))
        from_integer = isinstance(h, T.TCon) and h.name == "Integer"
        if res is not None:
            e.name = f"%fromIntegral{'Z' if from_integer else ''}{SUFFIX[res]}#"
            return True
        rh, _ = T.spine(T.prune(sf[1]))
        if arg in ("Word", "Word64") and isinstance(rh, T.TCon) and rh.name == "Int":
            e.name = "%fromIntegralI64#"  # an Int wraps at 64 bits here
            return True
        return False
    if e.name in ("show", "shows", "showsPrec", "print"):  # Word64's: through Integer
        if sf is not None and e.name == "showsPrec":
            sf = T.split_fun(sf[1])
        if sf is None or fixed_type(sf[0]) != "Word64":
            return False
        e.name = f"%{e.name}W64#"
        return True
    if e.name == "read":
        at = fixed_type(sf[1]) if sf is not None else None
        if at is None:
            return False
        e.name = f"%read{SUFFIX[at]}#"
        return True
    stem, how = _AT[e.name]
    if how == "val":
        at = fixed_type(t)
    elif sf is None:
        return False
    elif how == "elem":
        _, args = T.spine(T.prune(sf[0]))
        at = fixed_type(args[-1]) if args else None
    else:
        at = fixed_type(sf[0] if how == "arg" else sf[1])
    if at is None:
        return False
    if stem in ("div", "quot") and FIXED_TYPES[at] < 100 or \
            stem == "divMod" and FIXED_TYPES[at] > 100:
        return False  # (the Prelude's do: no overflow at unsigned types, the same cost)
    if stem == "pow" and _integer_exponent(t):
        stem = "powZ"  # (the exponent a literal's default: base's (^) costs less)
    e.name = f"%{stem}{SUFFIX[at]}#"
    return True


def _integer_exponent(t: object) -> bool:
    sf = T.split_fun(t)
    sf = T.split_fun(sf[1]) if sf is not None else None
    h, _ = T.spine(T.prune(sf[0])) if sf is not None else (None, [])
    return isinstance(h, T.TCon) and h.name == "Integer"


def fixed_literals(module: S.Module, types) -> None:
    """An integer literal the checker typed as a fixed-width type is GHC's ``fromInteger
    $fNumT (IS n)`` (``fromIntegerLitW8#``: its Integer and result allocated when forced,
    the value wrapped: ``300 :: Word8`` is 44), ``-e`` at such a type its ``negate``, and an
    arithmetic sequence ``[a .. b]`` of them the type's enumeration; a literal pattern is
    tested against such a literal."""
    def at(e: object) -> str | None:
        hit = types.expr_types.get(id(e))
        return fixed_type(hit[1]) if hit is not None and hit[0] is e else None

    def rewrite(e: object, walk) -> object | None:
        if isinstance(e, S.EApp) and isinstance(e.fun, S.EVar) and \
                e.fun.name in ("%fromIntegerLit#", "%fromIntegerLitZ#"):
            t = at(e)  # a literal at a type variable (directed.open_literals) used here
            if t is not None:
                e.fun.name = f"%fromIntegerLitO{SUFFIX[t]}#"
            return e
        if isinstance(e, S.PLit) and e.kind == "Int" and at(e) is not None:
            # tested as GHC does: == against fromInteger $fNumT (IS n), a thunk each test
            # (match._open_lit_tests, the open literals' test at a known dictionary)
            lits = getattr(types, "open_lits", None)
            if lits is None:
                types.open_lits = lits = {}
            lits[id(e)] = e
            return e
        if isinstance(e, S.ELit) and e.kind == "Int":
            t = at(e)
            if t is not None:
                return S.EApp(S.EVar(f"%fromIntegerLit{SUFFIX[t]}#", e.span), [e], e.span)
        elif isinstance(e, S.EVar) and e.name.startswith(("%minBound", "%maxBound")) and \
                e.name[9:-1] in _SUFFIXES:  # base's method: a call (a thunk as an argument)
            return S.EApp(S.EVar(f"%bound{e.name[9:]}", e.span), [e], e.span)
        elif isinstance(e, S.ENeg):
            t = at(e)
            if t is not None:
                return S.EApp(S.EVar(f"%negate{SUFFIX[t]}#", e.span), [walk(e.expr)], e.span)
        elif isinstance(e, S.EArith):
            hit = types.expr_types.get(id(e))
            _, args = T.spine(T.prune(hit[1])) if hit is not None and hit[0] is e else (0, [])
            t = fixed_type(args[0]) if args else None
            if t is not None:
                parts = [p for p in (e.start, e.then, e.end) if p is not None]
                stem = "enumFrom" + ("Then" if e.then is not None else "") + \
                    ("To" if e.end is not None else "")
                return S.EApp(S.EVar(f"%{stem}{SUFFIX[t]}#", e.span),
                              [walk(p) for p in parts], e.span)  # type: ignore[misc]
        return None

    if any(fixed_type(hit[1]) for hit in types.expr_types.values()):
        _rewrite(module.decls, rewrite, set())


def _rewrite(v: object, rewrite, seen: set[int]) -> object:
    """``v`` (a node, a list or a tuple of them) with each expression for which
    ``rewrite(node, walk)`` gives a new one replaced (lists in place)."""
    if isinstance(v, list):
        v[:] = [_rewrite(x, rewrite, seen) for x in v]
        return v
    if isinstance(v, tuple):
        return tuple(_rewrite(x, rewrite, seen) for x in v)
    if not hasattr(v, "__dataclass_fields__"):
        return v
    new = rewrite(v, lambda x: _rewrite(x, rewrite, seen))
    if new is not None:
        return new
    if id(v) not in seen:
        seen.add(id(v))
        for name in v.__dataclass_fields__:
            setattr(v, name, _rewrite(getattr(v, name), rewrite, seen))
    return v


#: the classes whose methods wrap at these types (a function generic in them computes
#: without the wrap-around where its types stay open)
_WRAPPING = {"Num", "Real", "Integral", "Bits", "Enum", "Bounded", "Read", "Fractional"}


def check_fixed_uses(ch) -> None:
    """A function of the program generic in its numbers (``Integral a =>``, or inferred so)
    whose types stay open where it runs (used at two types or more, or a recursive one with
    a signature: not specialised at its one use, typecheck_inline.specialise_single_uses)
    and used at a fixed-width type is refused: the subset passes no dictionaries, so its
    arithmetic would not wrap."""
    from .typecheck_inline import _recursive, only_main_exported

    top_ok = only_main_exported(ch.prep.source)
    for key, (sc, d, name, generic, top) in ch.own_schemes.items():
        uses = ch.instances.get(key, [])
        if not sc.preds or not uses or generic is None and name in ch.prep.inst_methods:
            continue
        once = len(uses) == 1 and not (top and not top_ok) and \
            (generic is not None or not _recursive(d, name))
        if once:
            continue
        for vs in uses:
            for cls, t in sc.preds:
                at = fixed_type(T.inst(t, vs)) if cls in _WRAPPING else None
                if at is not None:
                    line, col = getattr(d, "span", (1, 1))[:2]
                    raise SourceError(
                        f"`{name}' is generic in its numbers (a{'n' * (cls[0] in 'AEIOU')} "
                        f"{cls} constraint): its use at "
                        f"{at} is not supported by the Haskell subset, which would compute it "
                        f"without {at}'s wrap-around (give it a signature at {at}: see "
                        "SUBSET.md)", ch.prep.file, max(line, 1), max(col, 1))


def _type_source(t: str, k: int) -> str:
    """The Prelude's functions at type ``t`` (code ``k``)."""
    s = SUFFIX[t]
    lo, hi = BOUNDS[t]
    fx = f'prim "fx#" {k}'
    lines = [f"minBound{s}# = {lo}", f"maxBound{s}# = {hi}",
             f"finiteBitSize{s}# x = {k % 100}"]
    for stem, op in (("plus", 1), ("minus", 2), ("times", 3), ("shiftL", 6), ("shift", 7),
                     ("testBit", 10), ("setBit", 11), ("rotateL", 12), ("rotateR", 13),
                     ("div", 14), ("quot", 15)):
        lines.append(f"{stem}{s}# x y = {fx} {op} x y")
    for stem, op in (("negate", 4), ("abs", 5), ("complement", 8), ("popCount", 9),
                     ("fromInteger", 0), ("countLeadingZeros", 20),
                     ("countTrailingZeros", 21)):
        lines.append(f"{stem}{s}# x = {fx} {op} x 0")
    for stem in ("truncate", "round", "floor", "ceiling"):
        lines.append(f"{stem}{s}# x = case {stem} x of !v -> {fx} 16 v 0")
    read_cost = 384 if k % 100 == 64 and k < 100 else 424
    lines += [
        f"subtract{s}# x y = {fx} 2 y x",
        f"bit{s}# n = {fx} 6 1 n",
        f"pow{s}# x n = case x ^ n of !v -> {fx} 16 v 0",
        f"powZ{s}# x n = case powZ# x n of !v -> {fx} 16 v 0",
        f"lcm{s}# x y = if prim \"==\" x 0 || prim \"==\" y 0 then 0 else case gcd x y of\n"
        f"  !g -> case quot x g of !q -> case {fx} 3 q y of !p -> {fx} 5 p 0",
        f"fromIntegerLit{s}# n = {fx} 18 n 0",
        f"fromIntegerLitO{s}# n = {fx} 18 n 0",
        f"bound{s}# x = x",
        f'fromIntegral{s}# x = case prim "fxCost#" 48 of () -> {fx} 0 x 0',
        f'fromIntegralZ{s}# x = case prim "fxCost#" 32 of () -> {fx} 0 x 0',
        f'read{s}# s = case readAt# "I" s of\n'
        f'  !v -> case prim "fxCost#" {read_cost} of () -> {fx} 16 v 0',
        f"sum{s}# xs = case foldableCost# xs of () -> foldl plus{s}# 0 xs",
        f"product{s}# xs = case foldableCost# xs of () -> foldl times{s}# 1 xs",
        f"toEnum{s}# i = if prim \"fx#\" {k} 17 i 0 then {fx} 0 i 0\n"
        f'  else fxEnumError# "{t}" i minBound{s}# maxBound{s}#',
        f"succ{s}# x = if prim \"==\" x maxBound{s}# then fxSuccError# \"succ\" \"{t}\" "
        f'"maxBound" else {fx} 1 x 1',
        f"pred{s}# x = if prim \"==\" x minBound{s}# then fxSuccError# \"pred\" \"{t}\" "
        f'"minBound" else {fx} 2 x 1']
    if k % 100 < 64:  # base's Enum of the narrow types: through Int, a larger tail thunk
        lines += [
            f"enumFrom{s}# a = case a + 0 of !a' -> eftI# a' maxBound{s}#",
            f"enumFromTo{s}# a b = if prim \">\" a b then [] else eftFx# a b",
            f"enumFromThen{s}# a b = enumFromThenTo{s}# a b "
            f"(if b >= a then maxBound{s}# else minBound{s}#)",
            f"enumFromThenTo{s}# a b c = efdtFx# a b c"]
    else:  # Int64, Word64 and Word: Int's shapes
        lines += [
            f"enumFrom{s}# a = case a + 0 of !a' -> eftI# a' maxBound{s}#",
            f"enumFromTo{s}# a b = enumFromToI# a b",
            f"enumFromThen{s}# a b = enumFromThenTo{s}# a b "
            f"(if b >= a then maxBound{s}# else minBound{s}#)",
            f"enumFromThenTo{s}# a b c = efdtFxB# a b c"]
    if k < 100:  # base's divMod at the unsigned types: 64 bytes more than quotRem's
        lines.append(f'divMod{s}# x y = case prim "fxCost#" 64 of () -> divMod x y')
    return "\n".join(lines) + "\n"


#: base's Show Word64 shows toInteger of the number (an Integer beyond 2^63: fx# op 19)
_SHOW_WORD64 = """showW64# x = case prim "fx#" 64 19 x 0 of () -> show x
showsW64# x s = case prim "fx#" 64 19 x 0 of () -> shows x s
showsPrecW64# d x s = case prim "fx#" 64 19 x 0 of () -> showsPrec d x s
printW64# x w = putStrLn (showW64# x) w
"""


def prelude_source() -> str:
    """The Prelude's functions at each fixed-width type (part of the Prelude module, after
    prelude_word.hs)."""
    return "".join(_type_source(t, k) for t, k in FIXED_TYPES.items()) + _SHOW_WORD64


def modules_of() -> dict[str, str]:
    """The functions -> the base module GHC defines them in (-hd's closure names)."""
    out = dict.fromkeys(("eftFx#", "fxElem#", "efdtFx#", "efdtFxU#", "efdtFxD#", "efdtFxB#",
                         "efdtFxBU#", "efdtFxBD#", "fxEnumError#", "fxSuccError#"), "GHC.Word")
    out.update(dict.fromkeys(("showW64#", "showsW64#", "showsPrecW64#", "printW64#"),
                             "GHC.Word"))
    out.update(dict.fromkeys(("rotateL", "rotateR", "rotate", "finiteBitSize",
                              "countLeadingZeros", "countTrailingZeros"), "GHC.Bits"))
    for t in FIXED_TYPES:
        mod = "GHC.Word" if t.startswith("Word") and t != "Word" else \
            "GHC.Enum" if t == "Word" else "GHC.Int"
        for line in _type_source(t, FIXED_TYPES[t]).splitlines():
            if line and not line.startswith(" "):
                out[line.split()[0]] = mod
    return out
