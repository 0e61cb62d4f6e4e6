"""Type-directed rewrites of the checked program: where GHC chooses code by type (a class
method's instance, a literal's type) and the machine, whose values carry no type, cannot.

    type_literals(types, user_names, derived)   after the check: literals typed Double,
        fromIntegral/toEnum/minBound at the type found, fmap/<$>, read, printf, the Monoid
        operations, the Maybe/[]/Either monads, the program's Num instances
    num_literals(module, types, derived)        integer literals at a Num instance's type

Each rewrite renames a Prelude variable to the function for the type the checker recorded
(``types.expr_types``), adding the helpers it needs through ``Derived.helper``; uses at a type
left open are refused with a one-line error where the subset cannot choose. Called by
``pipeline._compile`` between the type check and desugaring.
"""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import show_shapes
from . import typecheck_types as T
from .deriving import Derived
from . import mtl
from .directed_ext import (APPLICATIVE_FNS, BIFUNCTOR_FNS, FUNCTOR_OPS, _functor_directed,
                           applicative_directed, bifunctor_directed)
from .directed_monoid import foldmap_directed, monoid_directed
from .directed_exc import EXC_HANDLERS, exc_directed
from .directed_st import ST_CREATE, st_directed
from .numeric import RATIO_NAMES, fractional_literal, ratio_directed
from .readshape import read_directed
from .fixed_ints import FIXED_NAMES, fixed_directed
from .bits_integer import BITS_AT_INTEGER as BITS_Z, integer_bits as bits_z
from .complex import COMPLEX_FNS, complex_directed, complex_literal
from .traversable import (CONTAINER_GENERIC, TRAVERSE_FNS, container_generic, foldmap_user,
                          traversable_directed)
from .directed_monads import (FOLDABLE, MONADIC, foldable_container, foldable_directed,
                              monad_arity, monad_directed, monad_of)


def type_literals(types, user_names: set[str], derived: Derived) -> None:
    """Where the checked types change a value's box (the machine's numbers carry no type):
    an integer literal the checker typed Double (``Rect 2 3`` with Double fields, a
    defaulted ``let x = 3 in x / 2``) becomes the Double literal GHC makes of it, so it
    shows as ``2.0`` and is boxed as a D#; ``fromIntegral``/``fromInteger`` at a Double
    result converts (``fromIntegralD#``), so ``fromIntegral n :: Double`` shows as
    ``3.0`` without the annotation."""
    def prelude_ref(e: object, names: frozenset[str] | tuple[str, ...]) -> bool:
        """``e`` names one of the Prelude's ``names`` (not a binding of the program's own)."""
        return isinstance(e, S.EVar) and e.name in names and not e.local and \
            e.name not in user_names

    def named(e: object, names) -> bool:  # or a section's operator (`map (* 2) rs')
        return prelude_ref(e, names) or isinstance(e, S.OpRef) and not e.is_con and \
            e.name in names and e.name not in user_names

    tagged = getattr(types, "tagged_uses", ())  # (open_methods: replaced by a dispatch)
    for e, _t in list(getattr(types, "expr_types", {}).values()):
        if id(e) in tagged:
            continue
        if (named(e, COMPLEX_FNS) or isinstance(e, S.EVar) and e.name == "toDoubleC#") \
                and complex_directed(e, _t):  # type: ignore[arg-type]
            continue  # Data.Complex's Fractional and Floating (complex.py)
        if prelude_ref(e, CONTAINER_GENERIC):
            container_generic(e, _t, derived, types.file)  # type: ignore[arg-type]
            continue
        if prelude_ref(e, TRAVERSE_FNS) and \
                traversable_directed(e, _t, derived, types.file):  # type: ignore[arg-type]
            continue  # at a program's Traversable type (traversable.py)
        if named(e, RATIO_NAMES) and \
                ratio_directed(e, _t, "Ratio" in derived.num):  # type: ignore[arg-type]
            continue
        if named(e, FIXED_NAMES) and fixed_directed(e, _t):  # type: ignore[arg-type]
            continue  # Data.Word's and Data.Int's types (fixed_ints.py)
        if isinstance(e, S.ELit) and e.kind == "Double":
            fractional_literal(e, types.expr_desc(e), types.file)
            complex_literal(e, types.expr_desc(e), types.file)
        if isinstance(e, S.ELit) and e.kind == "Int" and types.expr_desc(e) == "Double":
            e.kind = "Double"
            e.value = float(e.value)
        elif isinstance(e, (S.ELit, S.PLit)) and e.kind == "Int" and \
                types.expr_desc(e) == "Integer":
            e.integer = True
        elif isinstance(e, (S.ELit, S.PLit)) and e.kind == "Int" and \
                not -(1 << 63) <= e.value < 1 << 63 and types.expr_desc(e) == "Int":
            # GHC warns of the overflowed literal and takes its low 64 bits, signed
            e.value = (e.value + (1 << 63)) % (1 << 64) - (1 << 63)
        elif prelude_ref(e, ("genericLength",)) and types.expr_desc(e) in ("->Double",
                                                                         "->Integer"):
            e.name = "%genericLength" + ("D#" if types.expr_desc(e) == "->Double" else "Z#")
        elif prelude_ref(e, ("show", "shows", "print", "showsPrec", "hPrint")) and \
                _string_arg(e, _t):
            e.name = f"%{e.name}Str#"
        elif prelude_ref(e, ("show", "shows", "print", "showsPrec", "hPrint")):
            _show_directed(e, _t, derived)
        elif isinstance(e, S.ENeg) and _is_int(_t):
            e.at_int = True  # (negate minBound is minBound)
        elif isinstance(e, S.EArith) and _int_list(_t):
            e.at_int = True
        elif isinstance(e, S.EArith) and e.end is not None and \
                (name := _element_type(_t)) in derived.type_index:
            derived.enum_defaults.add(name)
        elif prelude_ref(e, _ENUMS) and _int_enum(_t):
            e.name = f"%{e.name}I#"
        elif prelude_ref(e, ("fromIntegral", "even", "odd", "gcd")) and _integer_arg(_t):
            _integer_directed(e, _t)
        elif named(e, _INTEGER_OPS) and _integer_arg(_t):
            e.name = _INTEGER_OPS[e.name]  # ghc-bignum's shortcuts (prims_numeric.p_addZ)
        elif prelude_ref(e, ("sum", "product")) and _integer_list_arg(_t):
            e.name = f"%{e.name}Z#"  # (its first step, 0 + x or 1 * x, allocates nothing)
        elif named(e, _INT_OPS) and _int_wrapping(e, _t) or named(e, BITS_Z) and bits_z(e, _t):
            pass  # GHC's Int# arithmetic: wraps at 64 bits; Data.Bits at Integer: ghc-bignum
        elif prelude_ref(e, ("fromIntegral", "fromInteger")) and \
                types.expr_desc(e) == "->Double":
            e.name = "%fromIntegralD#" if e.name == "fromIntegral" else "%fromIntegerD#"
        elif prelude_ref(e, ("toEnum", "minBound", "maxBound")):
            _type_directed(e, _desc_at_uses(types, e), derived, types.file, _rigid(_t))
        elif prelude_ref(e, ("fmap", "<$>", "<$")):
            _functor_directed(e, _t, derived, types.file)
        elif prelude_ref(e, FUNCTOR_OPS):
            _functor_directed(e, _t, derived, types.file)
        elif prelude_ref(e, ("foldMap",)):
            if not (derived.foldable and foldmap_user(e, _t, derived, types.file)):
                foldmap_directed(e, _t, derived, types.file)
        elif prelude_ref(e, APPLICATIVE_FNS):
            applicative_directed(e, _t, types.file, derived)
        elif prelude_ref(e, ("read", "readLn", "readMaybe", "readEither", "reads")):
            read_directed(e, _t, derived, types)
        elif prelude_ref(e, ("msum",)):
            _msum_directed(e, _t, types.file)
        elif prelude_ref(e, ("printf",)):
            _printf_directed(e, _t, derived, types.file)
        elif prelude_ref(e, ST_CREATE):
            st_directed(e, _t, derived, types.file)  # an unboxed array's (directed_st.py)
        elif prelude_ref(e, EXC_HANDLERS):
            exc_directed(e, _t, derived, types.file)  # a handler's type (directed_exc.py)
        elif named(e, ("<>", "mappend", "mempty", "mconcat")):  # (a section's too)
            monoid_directed(e, _t, types.file, derived)  # type: ignore[arg-type]
        elif prelude_ref(e, BIFUNCTOR_FNS):
            bifunctor_directed(e, _t)
        if prelude_ref(e, FOLDABLE) and _array_foldable(e, _t, derived):
            continue
        if prelude_ref(e, FOLDABLE) and (derived.foldable or foldable_container(e, _t)):
            inner = e.name  # mapM_ over a Tree in Maybe: Maybe's mapM_ on its elements
            if e.name in MONADIC and monad_of(e, _t) not in ("IO", "ST", "*"):
                at = S.EVar(e.name, e.span)
                monad_directed(at, monad_of(e, _t), types.file, derived)
                inner = at.name.lstrip("%")
            foldable_directed(e, _t, derived, inner)
        if isinstance(e, S.EDo) or prelude_ref(e, MONADIC):
            if monad_of(e, _t) == "State":  # (mtl.dictionary_bytes)
                derived.class_uses.append((mtl.state_of(_t, monad_arity(e)),
                                           getattr(e, "name", "do"), e.span))
            monad_directed(e, monad_of(e, _t), types.file, derived)
        elif isinstance(e, S.EVar) and e.name in mtl.STATE_FUNCTIONS:
            derived.class_uses.append((mtl.state_of(_t, mtl.STATE_FUNCTIONS[e.name]),
                                       e.name, e.span))
        if derived.num and named(e, _NUM_AT):
            _num_directed(e, _t, derived)
        if prelude_ref(e, ("^",)):
            _pow_directed(e, _t)


#: the Prelude's Num operations -> how to find the type they are used at: "arg" (the first
#: argument's), "res" (the result's), "elem" (the element type of the list argument)
_NUM_AT = {"+": "arg", "-": "arg", "*": "arg", "negate": "arg", "abs": "arg",
           "fromIntegral": "res",
           "signum": "arg", "subtract": "arg", "fromInteger": "res", "sum": "elem",
           "product": "elem", "^": "arg"}


_INTEGER_OPS = {"+": "%plusZ#", "-": "%minusZ#", "*": "%timesZ#"}
#: the Prelude's functions at Int whose result can leave the Int range -> their versions
#: that wrap at 64 bits (prelude.hs plusI#, ...) and how the type is found
_INT_OPS = {"+": ("%plusI#", "arg"), "-": ("%minusI#", "arg"), "*": ("%timesI#", "arg"),
            "negate": ("%negateI#", "arg"), "abs": ("%absI#", "arg"),
            "fromInteger": ("%fromIntegerI#", "res"),
            "sum": ("%sumI#", "elem"), "product": ("%productI#", "elem"),
            "shiftL": ("%shiftLI#", "arg"), "unsafeShiftL": ("%shiftLI#", "arg")}


def _int_wrapping(e: S.Expr, t: object) -> bool:
    """Name ``e``, a use of one of _INT_OPS at Int, by its wrapping version."""
    name, at = _INT_OPS[e.name]  # type: ignore[attr-defined]
    sf = T.split_fun(t)
    if sf is None:
        return False
    arg = T.prune(sf[1] if at == "res" else sf[0])
    if at == "elem":
        head, args = T.spine(arg)
        if head != T.LIST or len(args) != 1:
            return False
        arg = args[0]
    if not _is_int(arg):
        return False
    e.name = name  # type: ignore[attr-defined]
    return True


def _pow_directed(e: S.EVar, t: object) -> None:
    """``(^)``: with an Integer exponent base's code costs differ (powZ#); at an Int base
    the result wraps at 64 bits (powI#, powZI#)."""
    sf = T.split_fun(t)
    at_int = sf is not None and _is_int(T.prune(sf[0]))
    if _integer_exponent(t):
        e.name = "%powZI#" if at_int else "%powZ#"
    elif at_int:
        e.name = "%powI#"


_ENUMS = ("enumFrom", "enumFromTo", "enumFromThen", "enumFromThenTo")


def _is_int(t: object) -> bool:
    head, _ = T.spine(t)
    return isinstance(head, T.TCon) and head.name == "Int"


def _int_enum(t: object) -> bool:
    """An enumeration function used at Int (its first argument's type)."""
    sf = T.split_fun(t)
    return sf is not None and _is_int(sf[0])


#: base's Foldable (Array i) methods the Prelude has as loops over the elements
_ARRAY_FOLDS = {"foldr": "foldrArray#", "foldl'": "foldlArray'#", "sum": "sumArray#",
                "product": "productArray#", "length": "lengthArray#", "null": "nullArray#",
                "maximum": "maximumArray#", "minimum": "minimumArray#", "any": "anyArray#",
                "all": "allArray#", "elem": "elemArray#", "notElem": "notElemArray#",
                "and": "andArray#", "or": "orArray#"}


def _array_foldable(e: S.EVar, t: object, derived: Derived) -> bool:
    """A Foldable function at an Array: base's method (``_ARRAY_FOLDS``), else the
    function on ``elems`` of the array (GHC's costs for those are not measured)."""
    arity, pos = FOLDABLE[e.name]
    for _ in range(pos):
        sf = T.split_fun(t)
        if sf is None:
            return False
        t = sf[1]
    sf = T.split_fun(t)
    head, _ = T.spine(T.prune(sf[0])) if sf is not None else (None, [])
    if getattr(head, "key", None) != "Array":
        return False
    if e.name in _ARRAY_FOLDS:
        e.name = "%" + _ARRAY_FOLDS[e.name]
        return True
    vs = [f"a{i}" for i in range(arity)]
    args = " ".join(f"(elems {v})" if i == pos else v for i, v in enumerate(vs))
    stem = e.name.replace("'", "S").rstrip("_")
    e.name = "%" + derived.helper(f"{stem}{'_' if e.name.endswith('_') else ''}Array#",
                                  e.name, f"{' '.join(vs)} = {e.name} {args}")
    return True


def _string_arg(e: S.EVar, t: object) -> bool:
    """``show``/``shows``/``print``/``showsPrec`` used at String (the shown value's type)."""
    sf = T.split_fun(t)
    if sf is not None and e.name in ("showsPrec", "hPrint"):
        sf = T.split_fun(sf[1])
    if sf is None:
        return False
    head, args = T.spine(sf[0])
    if head != T.LIST or len(args) != 1:
        return False
    elem, _ = T.spine(args[0])
    return isinstance(elem, T.TCon) and elem.name == "Char"


def _show_directed(e: S.EVar, t: object, derived: Derived) -> None:
    """``show``/``shows``/``print``/``showsPrec`` at a type with a String inside a list,
    tuple, Maybe or Either: the generated code's showsPrec for the type's shape
    (``Derived.shows``), so that an empty String there shows as "" (``print (Just "")``),
    as GHC's instances at the type show it."""
    sf = T.split_fun(t)
    if sf is not None and e.name in ("showsPrec", "hPrint"):
        sf = T.split_fun(sf[1])
    if sf is not None and e.name == "showsPrec":
        head, _ = T.spine(sf[0])
        if isinstance(head, T.TCon) and head.name in derived.shows_method:
            e.name = "%" + derived.shows_method[head.name]  # the instance's own method
            return
    code = show_shapes.of_type(sf[0]) if sf is not None else None
    if code is None or code == "S":
        return
    shows = derived.shows(code)
    params, text = {"show": ("x", f'{shows} 0 x ""'), "shows": ("x s", f"{shows} 0 x s"),
                    "showsPrec": ("d x s", f"{shows} d x s"),
                    "print": ("x w", f'putStrLn ({shows} 0 x "") w'),
                    "hPrint": ("h x w", f'hPutStrLn h ({shows} 0 x "") w')}[e.name]
    e.name = "%" + derived.helper(f"{e.name}_{code}#", "show", f"{params} = {text}")


def _element_type(t: object) -> str | None:
    """The name of a list type's element type (a type constructor), if it is one."""
    head, args = T.spine(t)
    if head != T.LIST or len(args) != 1:
        return None
    inner, _ = T.spine(args[0])
    return inner.name if isinstance(inner, T.TCon) else None


def _int_list(t: object) -> bool:
    head, args = T.spine(t)
    return head == T.LIST and len(args) == 1 and _is_int(args[0])


def _is_integer(t: object) -> bool:
    head, _ = T.spine(t)
    return isinstance(head, T.TCon) and head.name == "Integer"


def _integer_arg(t: object) -> bool:
    """A function type ``t`` from or to Integer (fromIntegral's, even's at Integer)."""
    sf = T.split_fun(t)
    return sf is not None and (_is_integer(sf[0]) or _is_integer(sf[1]))


def _integer_directed(e: S.EVar, t: object) -> None:
    """base's generic even/odd, gcd and fromIntegral at Integer: their cost differs from
    Int's (binds.GENERIC_OVERHEAD, gcd's zero), the function is the same."""
    sf = T.split_fun(t)
    assert sf is not None
    if e.name != "fromIntegral":
        if _is_integer(sf[0]):
            e.name = f"%{e.name}Z#"
        return
    head, _ = T.spine(sf[1])
    if isinstance(head, T.TCon) and head.name == "Double":
        e.name = "%fromIntegralZD#"
    elif _is_integer(sf[0]) and _is_integer(sf[1]):
        e.name = "%fromIntegralZZ#"
    elif _is_integer(sf[0]) and _is_int(sf[1]):
        e.name = "%fromIntegralZI#"
    else:
        e.name = "%fromIntegralZ#"


def _integer_list_arg(t: object) -> bool:
    """A function type ``t`` from a list of Integers (sum's, product's)."""
    sf = T.split_fun(t)
    if sf is None:
        return False
    head, args = T.spine(T.prune(sf[0]))
    return head == T.LIST and len(args) == 1 and _is_integer(args[0])


def _integer_exponent(t: object) -> bool:
    """``(^)`` used at type ``t`` takes an Integer exponent (a literal's default)."""
    sf = T.split_fun(t)
    sf = T.split_fun(sf[1]) if sf is not None else None
    if sf is None:
        return False
    return _is_integer(sf[0])


def _num_type(t: object) -> str | None:
    """The name of the program's type ``t`` is headed by (None: another type, or open)."""
    head, _ = T.spine(t)
    return head.name if isinstance(head, T.TCon) and not head.rigid else None


def _num_directed(e: S.EVar, t: object, derived: Derived) -> None:
    """A Num operation at a program's type with a Num instance (the checked type): the
    instance's method, or base's code over the methods (subtract, sum and product:
    ``foldl (+) 0``, the 0 the instance's fromInteger) as GHC selects them from the
    statically known dictionary."""
    sf = T.split_fun(t)
    if sf is None:
        return
    how = _NUM_AT[e.name]
    at = sf[1] if how == "res" else sf[0]
    if how == "elem":
        _, args = T.spine(at)
        if not args:
            return
        at = args[-1]
    binds = derived.num.get(_num_type(at) or "")
    zero, one = "0", "1"
    if binds is None:
        head, _ = T.spine(at)
        if not (isinstance(head, T.TVar) or isinstance(head, T.TCon) and head.rigid) or \
                e.name in ("fromInteger", "fromIntegral"):
            return
        binds, k = _num_dispatchers(derived), "Num#"  # open: chosen by the values
    else:
        k = binds["fromInteger"]
        zero, one = f"({k} 0)", f"({k} 1)"
    if e.name in binds:
        e.name = "%" + binds[e.name]
    elif e.name == "subtract":
        e.name = "%" + derived.helper(f"subtract_{k}", "subtract",
                                      f"x y = {binds['-']} y x")
    elif e.name == "fromIntegral":  # (base's: fromInteger . toInteger)
        e.name = "%" + derived.helper(f"fromIntegral_{k}", "fromIntegral",
                                      f"x = {k} (toInteger x)")
    elif e.name == "^":  # base's (^) (GHC.Real), its products the instance's
        cost = "powCostZ#" if _integer_exponent(t) else "powCost#"
        k = k.rstrip("#") + "Z#" if _integer_exponent(t) else k  # (a name of letters, then #)
        t = binds["*"]
        f = derived.helper(f"powF_{k}", "^",
                           f"x y\n  | even y = powF_{k} ({t} x x) (y `quot` 2)\n"
                           f"  | y == 1 = x\n  | otherwise = powG_{k} ({t} x x) (y `quot` 2) x")
        derived.helper(f"powG_{k}", "^",
                       f"x y z\n  | even y = powG_{k} ({t} x x) (y `quot` 2) z\n"
                       f"  | y == 1 = {t} x z\n"
                       f"  | otherwise = powG_{k} ({t} x x) (y `quot` 2) ({t} x z)")
        # base's generic code with the instance's dictionary (prelude.hs: powCost#,
        # foldableCost#)
        e.name = "%" + derived.helper(
            f"pow_{k}", "^", f"x0 y0\n  | y0 < 0 = errorWithoutStackTrace \"Negative "
            f"exponent\"\n  | y0 == 0 = case {cost} y0 of () -> {one}\n"
            f"  | otherwise = case {cost} y0 of () -> {f} x0 y0")
    else:
        op = binds["+"] if e.name == "sum" else binds["*"]
        unit = one if e.name == "product" else zero
        e.name = "%" + derived.helper(f"{e.name}_{k}", e.name,
                                      f"xs = case foldableCost# xs of () -> "
                                      f"foldl {op} {unit} xs")


def _num_dispatchers(derived: Derived) -> dict[str, str]:
    """The Num operations where the checked type is left open (``Num a =>`` code, the
    methods of ``instance Num a => Num (V a)``) in a program with Num instances: each
    evaluates its arguments and takes the instance of a constructor (``numWhich#``), or the
    Prelude's arithmetic on boxes; a box met with a constructor (a literal of the open
    type, sum's 0) goes through that instance's fromInteger first."""
    types = sorted(derived.num)
    which = ["x = case conIndex# x of", "  -1 -> 0", "  _ -> case x of"]
    for i, t in enumerate(types, 1):
        for con, arity in derived.num_cons[t]:
            pat = con if arity == 0 else "(" + " ".join([con] + ["_"] * arity) + ")"
            if not (con[0].isalpha() or con[0] == "_"):
                pat = f"(_ {con} _)"
            which.append(f"    {pat} -> {i}")
    which.append("    _ -> 0")
    derived.helper("numWhich#", "numWhich", "\n".join(which))
    out = {"fromInteger": "fromInteger"}
    for method, stem in (("+", "plus"), ("-", "minus"), ("*", "times")):
        alts = [f"x y = case numWhich# x of", "  0 -> case numWhich# y of",
                f"    0 -> x {method} y"]
        alts += [f"    {i} -> {derived.num[t][method]} ({derived.num[t]['fromInteger']} x) y"
                 for i, t in enumerate(types, 1)]
        alts += [f"  {i} -> case numWhich# y of\n"
                 f"    0 -> {derived.num[t][method]} x ({derived.num[t]['fromInteger']} y)\n"
                 f"    _ -> {derived.num[t][method]} x y" for i, t in enumerate(types, 1)]
        out[method] = derived.helper(f"{stem}Num#", method, "\n".join(alts))
    for method in ("negate", "abs", "signum"):
        alts = ["x = case numWhich# x of", f"  0 -> {method} x"]
        alts += [f"  {i} -> {derived.num[t][method]} x" for i, t in enumerate(types, 1)]
        out[method] = derived.helper(f"{method}Num#", method, "\n".join(alts))
    return out


def num_literals(module: S.Module, types, derived: Derived) -> None:
    """An integer literal the checker typed as a program's type with a Num instance is
    ``fromInteger`` of the instance applied to it, and ``-e`` at such a type its
    ``negate``, as GHC desugars them."""
    def rewrite(e: object, walk) -> object | None:
        if isinstance(e, (S.ELit, S.ENeg)) and (not isinstance(e, S.ELit) or e.kind == "Int"):
            hit = types.expr_types.get(id(e))
            binds = derived.num.get(_num_type(hit[1]) or "") if hit and hit[0] is e else None
            if binds is not None:
                if isinstance(e, S.ENeg):
                    return S.EApp(S.EVar("%" + binds["negate"], e.span),
                                  [walk(e.expr)], e.span)  # type: ignore[list-item]
                return S.EApp(S.EVar("%" + binds["fromInteger"], e.span), [e], e.span)
        return None

    if derived.num:
        _rewrite_exprs(module, rewrite)


def open_literals(module: S.Module, types) -> None:
    """An integer literal at a type variable (of a generalised binding or a signature's
    context) is GHC's ``fromInteger $dNum (IS n)``: a thunk where it is an argument, which
    allocates the Integer and the result when forced, even where the binding is later
    inlined at Int (typecheck_inline.open_literals). ``fromIntegerLit#`` (prelude.hs) does
    that allocation and returns the number."""
    from .typecheck_inline import is_open_literal

    def rewrite(e: object, walk) -> object | None:
        if isinstance(e, S.ELit) and is_open_literal(types, e):
            # inlined at Integer: GHC's fromInteger is the identity (no result box)
            f = S.EVar("%fromIntegerLitZ#" if e.integer else "%fromIntegerLit#", e.span)
            use = getattr(types, "dict_uses", {}).get(id(e))
            if use is not None and use[0] is e:  # at a signature's variable: its dictionary
                types.dict_uses[id(f)] = (f, use[1])
            new = S.EApp(f, [e], e.span)
            hit = types.expr_types.get(id(e))
            if hit is not None and hit[0] is e:  # its thunk's -hy type is the literal's
                types.expr_types[id(new)] = (new, hit[1])
            return new
        return None

    if getattr(types, "open_lits", None):
        _rewrite_exprs(module, rewrite)


def _rewrite_exprs(module: S.Module, rewrite) -> None:
    """Replace each node of the module's declarations for which ``rewrite(node, walk)``
    gives a new one (its parts are not visited again unless ``rewrite`` walks them)."""
    seen: set[int] = set()

    def walk(node: object) -> object:
        new = rewrite(node, walk)
        if new is not None:
            return new
        if id(node) in seen or not hasattr(node, "__dataclass_fields__"):
            return node
        seen.add(id(node))
        for name in node.__dataclass_fields__:
            setattr(node, name, walk_value(getattr(node, name)))
        return node

    def walk_value(v: object) -> object:
        if isinstance(v, list):
            for i, x in enumerate(v):
                v[i] = walk_value(x)
            return v
        if isinstance(v, tuple):
            return tuple(walk_value(x) for x in v)
        if hasattr(v, "__dataclass_fields__"):
            return walk(v)
        return v

    for d in module.decls:
        walk(d)


def _printf_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """printf at its checked type ``String -> t1 .. tn -> IO () / String``: a helper of the
    derived code taking n arguments (a String one deep-forced) for machine/printf.py."""
    args: list[str] = []
    sf = T.split_fun(t)
    res = sf[1] if sf is not None else t
    while True:
        sf = T.split_fun(res)
        if sf is None:
            break
        h, hargs = T.spine(sf[0])
        is_string = getattr(h, "key", "") == "[]" and hargs and \
            getattr(T.spine(hargs[0])[0], "key", "") == "Char"
        args.append("s" if is_string else "v")
        res = sf[1]
    head, _ = T.spine(res)
    kind = {"IO": "IO", "[]": "Str"}.get(getattr(head, "key", ""))
    if kind is None:
        raise SourceError("`printf' is supported with its result in IO or as a String (the "
                          "types leave it open here: see SUBSET.md)", file, e.span[0],
                          e.span[1])
    params = [f"a{i}" for i in range(len(args))]
    items = [f"forceStr# {p}" if a == "s" else p for p, a in zip(params, args)]
    name = f"printf{kind}_{''.join(args)}#"  # printfIO_sv#: an IO printf of a String and a value
    run = "printfIO#" if kind == "IO" else "printfS#"
    e.name = "%" + derived.helper(name, "printf", f"fmt {' '.join(params)} = {run} fmt "
                                                  f"[{', '.join(items)}]")


def _msum_directed(e: S.EVar, t: object, file: str) -> None:
    """msum at lists is concat; the Prelude's is Maybe's; other monads are refused."""
    sf = T.split_fun(t)
    head = T.spine(sf[1])[0] if sf is not None else None
    name = head.name if isinstance(head, T.TCon) and not head.rigid else "*"
    if name == "[]":
        e.name = "%msumList#"
    elif name not in ("Maybe", "*"):
        raise SourceError(f"`msum' at {name} is not supported by the Haskell subset (Maybe and "
                          "lists are)", file, e.span[0], e.span[1])


def _rigid(t: object) -> str | None:
    """The key of a signature's type variable ``t`` is, if it is one."""
    t = T.prune(t)
    return t.key if isinstance(t, T.TCon) and t.rigid else None


def _desc_at_uses(types, e: S.EVar) -> str | None:
    """``expr_desc``, with a signature's variables at the one type all its uses give them
    (typecheck_inline._uniform)."""
    hit = types.expr_types.get(id(e))
    if hit is None or hit[0] is not e:
        return None
    return T.describe(hit[1], {**getattr(types, "uniform_subst", {}), **types.skolem_subst})


def _type_directed(e: S.EVar, desc: str | None, derived: Derived, file: str,
                   key: str | None = None) -> None:
    """toEnum/minBound/maxBound at the type the checker found: the program's derived
    instance, or base's Int/Char/Bool/Ordering one. At a type variable (a function generic
    in Bounded used at two types or more) no dictionary tells them their type: refused."""
    if desc is None:
        return
    if desc == "*" and e.name != "toEnum" and key is not None:
        derived.open_bounds.append((e, key))  # (a witness of the type: bounded_witness.py)
        return
    if desc == "*" and e.name != "toEnum":
        raise SourceError(f"`{e.name}' at a type variable (a function generic in Bounded "
                          "used at more than one type) is not supported by the Haskell "
                          "subset", file, e.span[0], e.span[1])
    t = desc[2:] if e.name == "toEnum" and desc.startswith("->") else desc
    k = derived.type_index.get(t)
    name = f"{e.name}_{k}#" if k is not None else None
    if name is not None and name in derived.labels:
        e.name = name
    elif e.name == "toEnum" and t == "Char":
        e.name = "%chr"
    elif e.name == "toEnum" and t in ("Bool", "Ordering"):
        e.name = f"%toEnum{t}#"
    elif e.name != "toEnum" and t in ("Int", "Char", "Bool", "Ordering"):
        e.name = f"%{e.name}{t}#"


def bound_named(e: S.EVar, desc: str, derived: Derived, file: str) -> None:
    """minBound ``e`` named at the type ``desc`` (bounded_witness.py's witnesses)."""
    _type_directed(e, desc, derived, file)
