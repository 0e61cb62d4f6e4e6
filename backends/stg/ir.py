"""The STG intermediate form: what the Haskell front end produces and the machine runs.

This is the contract between ``desugar`` (front end) and ``machine`` (runtime). It follows
GHC's STG language closely (Marlow & Peyton Jones, "Making a fast curry"):

* Arguments of applications and constructors are *atoms* (variables or literals).
* Every heap allocation is explicit: a ``Let`` binds closures (``Closure``: functions when
  ``params`` is non-empty, thunks when empty and ``updatable``) or constructor applications
  (``ConRhs``).
* ``Case`` is the only thing that forces evaluation; it evaluates its scrutinee to weak head
  normal form, binds the result to ``binder`` and selects an alternative.
* ``SCC`` pushes a cost centre (GHC's ``{-# SCC #-}`` and the automatic ones).

Values at run time are boxed, as in GHC: an ``Int`` is the constructor ``I#`` holding a Python
int, a ``Double`` is ``D#`` holding a float, a ``Char`` is ``C#`` holding a one-character str.
Numbers are *dynamically* typed: the front end ignores type signatures, so primitive operators
dispatch on the boxes they receive (``I#`` + ``I#`` gives ``I#``, and an ``I#`` meeting a
``D#`` is widened to ``D#``, which models numeric-literal overloading). Int arithmetic does not
wrap at 64 bits (a documented difference from GHC).

Unboxed tuples (constructor names starting ``(#``) are returned in registers and never
allocated, exactly as GHC returns ``(# State# RealWorld, a #)`` from IO actions. IO actions are
functions of one argument, the world token (the atom ``Lit(0, "World")``), returning
``(#,#) token result``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

# --------------------------------------------------------------------------------- atoms


@dataclass(slots=True, frozen=True)
class Var:
    """A variable: a local (parameter, let or case binder, free variable) or a global
    (top-level binding of the program or the Prelude, or a primitive listed in PRIMOPS)."""

    name: str

    def __reduce__(self) -> tuple:  # (unpickled by a call: the cached Prelude has 7,000)
        return (Var, (self.name,))


@dataclass(slots=True, frozen=True)
class Lit:
    """A literal. ``kind`` is one of ``"Int"`` (value: int), ``"Double"`` (float), ``"Char"``
    (one-character str), ``"String"`` (str: only as the argument of ``unpackCString#``),
    ``"World"`` (the IO token; value 0)."""

    value: object
    kind: str

    def __reduce__(self) -> tuple:
        return (Lit, (self.value, self.kind))


Atom = Union[Var, Lit]

# --------------------------------------------------------------------------------- cost centres


@dataclass(slots=True, frozen=True)
class CostCentre:
    """A cost centre as GHC registers it: label (``nfib``, ``main.a``, ``consume.\\``,
    ``CAF:main``), module (``Main``), source span as printed in the .prof SRC column
    (``nfib.hs:4:1-53``, ``fg.hs:(21,1)-(27,16)``, ``<entire-module>``), and whether it is a
    CAF cost centre. Two CostCentre values are the same cost centre iff they are equal."""

    label: str
    module: str
    src: str
    is_caf: bool = False


# --------------------------------------------------------------------------------- closures


@dataclass(slots=True)
class ClosureInfo:
    """Static description of an allocation site (GHC's info table, for the profilers).

    ``name`` is the binder (``nfib``, ``go``, ``sat_3``); the closure description for -hd is
    ``<module.name>``; ``type_desc`` is the -hy type (``*`` when unknown, ``->Int`` ...)."""

    name: str
    module: str
    type_desc: str = "*"
    src: str = ""


@dataclass(slots=True)
class Closure:
    """A lambda-form: ``\\params -> body``. With no params it is a thunk (``updatable`` True)
    or, for a top-level binding with no params, a CAF. ``free`` lists the free variables that
    are locals (not globals), in a fixed order; the front end fills it (see ``free_vars``)."""

    params: list[str]
    body: "Expr"
    info: ClosureInfo
    updatable: bool = True
    free: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ConRhs:
    """A let-bound saturated constructor application: allocates a constructor object."""

    con: str
    args: list[Atom]
    info: ClosureInfo | None = None


Rhs = Union[Closure, ConRhs]


@dataclass(slots=True)
class Bind:
    name: str
    rhs: Rhs


# --------------------------------------------------------------------------------- expressions


@dataclass(slots=True)
class App:
    """Apply (tail-call) variable ``fun`` to ``args``. With no args, evaluate ``fun`` (enter
    it if it is a thunk, return it if it is a value). Over- and under-saturated calls are the
    machine's business (PAPs and stack frames)."""

    fun: str
    args: list[Atom]


@dataclass(slots=True)
class ConApp:
    """A saturated constructor application in tail position: allocate and return it
    (nullary constructors and unboxed tuples are not allocated)."""

    con: str
    args: list[Atom]


@dataclass(slots=True)
class PrimOp:
    """A primitive operation on *evaluated* atoms (the front end puts a ``Case`` around each
    argument that might be unevaluated). ``op`` is a key of PRIMOPS."""

    op: str
    args: list[Atom]


@dataclass(slots=True)
class LitE:
    """Return a literal value (boxed as ``I#``/``D#``/``C#``)."""

    lit: Lit


@dataclass(slots=True)
class Let:
    """Allocate ``binds`` then evaluate ``body``. When ``rec`` is true the bindings may refer
    to each other (letrec)."""

    binds: list[Bind]
    body: "Expr"
    rec: bool = False


@dataclass(slots=True)
class ConAlt:
    con: str
    vars: list[str]
    body: "Expr"


@dataclass(slots=True)
class LitAlt:
    lit: Lit
    body: "Expr"


@dataclass(slots=True)
class Case:
    """Evaluate ``scrut`` to WHNF, bind it to ``binder`` (may be ``"_"``), then take the first
    matching alternative, or ``default`` (None: a pattern-match failure raises the error
    described by ``fail_msg``, e.g. ``"fg.hs:(3,1)-(4,20): Non-exhaustive patterns in
    function f"``)."""

    scrut: "Expr"
    binder: str
    alts: list[Union[ConAlt, LitAlt]]
    default: "Expr | None" = None
    fail_msg: str = "Non-exhaustive patterns in case"


@dataclass(slots=True)
class SCC:
    """``{-# SCC cc #-} body``: push ``cc`` on the current cost-centre stack (with GHC's loop
    check) and, if ``count`` is true, count an entry."""

    cc: CostCentre
    body: "Expr"
    count: bool = True


Expr = Union[App, ConApp, PrimOp, LitE, Let, Case, SCC]

# --------------------------------------------------------------------------------- programs


@dataclass(slots=True)
class DataCon:
    """A constructor: ``tag`` (0-based in declaration order), ``arity``, the type it belongs
    to (for -hy: ``[]``, ``Maybe``, ``(,)``), the defining module."""

    name: str
    tag: int
    arity: int
    type_name: str
    module: str
    #: the name profiles show, when it is not ``name`` (containers' ``Bin`` for the
    #: Prelude's ``MBin#``)
    display: str = ""
    #: which fields are strict (``data P = P !Int Int``: (True, False)); empty if none is
    strict: tuple[bool, ...] = ()
    #: a newtype's constructor kept as a box (frontend newtypes.erasable: its instances are
    #: chosen by the value's constructor): GHC's cast, so a box returned is made with its
    #: field evaluated (desugar_app.app_)
    newtype: bool = False


@dataclass(slots=True)
class TopBind:
    """A top-level binding. ``rhs`` is a Closure (with params: a function; without: a CAF) or
    a ConRhs (a static constructor). ``module`` is ``Main`` or ``Prelude`` (Prelude bindings
    get no automatic cost centres)."""

    name: str
    rhs: Rhs
    module: str


@dataclass(slots=True)
class Program:
    binds: list[TopBind]
    datacons: dict[str, DataCon]
    main: str = "main"
    source_file: str = "Main.hs"
    # The cost centre GHC puts on CAFs of each module (``CAF`` in module ``Main``), and, with
    # -fprof-cafs, one per CAF: the front end records those here by binding name.
    caf_ccs: dict[str, CostCentre] = field(default_factory=dict)
    # Bytes of Main's dictionary CAFs (compound instances, ``$fShow[] $fShowChar``), which
    # GHC evaluates under ``CAF Main``: the runtime's heap charges them there
    main_dict_bytes: int = 0
    # Bindings whose closures' free variables are filled already (the Prelude's, by the
    # front end's prelude_desugar): no pass changes them (each works on module Main's), so
    # the free-variable pass and the inliner's walk of the live code pass them by
    settled: set[str] = field(default_factory=set)
    # The top-level names of library code compiled in module Main with the program (mtl's
    # State, base's newtypes): their CAFs are not GHC's CAFs of Main (machine's caf_locked)
    library: set[str] = field(default_factory=set)


# Built-in constructors every program has (the front end adds user data types).
BUILTIN_CONS: dict[str, DataCon] = {
    c.name: c
    for c in [
        DataCon("False", 0, 0, "Bool", "GHC.Types"),
        DataCon("True", 1, 0, "Bool", "GHC.Types"),
        DataCon("[]", 0, 0, "[]", "GHC.Types"),
        DataCon(":", 1, 2, "[]", "GHC.Types"),
        DataCon("()", 0, 0, "()", "GHC.Tuple"),
        DataCon("(,)", 0, 2, "(,)", "GHC.Tuple"),
        DataCon("(,,)", 0, 3, "(,,)", "GHC.Tuple"),
        DataCon("(,,,)", 0, 4, "(,,,)", "GHC.Tuple"),
        DataCon("(,,,,)", 0, 5, "(,,,,)", "GHC.Tuple"),
        DataCon("(,,,,,)", 0, 6, "(,,,,,)", "GHC.Tuple"),
        *(DataCon("(" + "," * (n - 1) + ")", 0, n, "(" + "," * (n - 1) + ")", "GHC.Tuple")
          for n in range(7, 16)),
        DataCon("Nothing", 0, 0, "Maybe", "GHC.Maybe"),
        DataCon("Just", 1, 1, "Maybe", "GHC.Maybe"),
        DataCon("LT", 0, 0, "Ordering", "GHC.Types"),
        DataCon("EQ", 1, 0, "Ordering", "GHC.Types"),
        DataCon("GT", 2, 0, "Ordering", "GHC.Types"),
        DataCon("I#", 0, 1, "Int", "GHC.Types"),
        DataCon("D#", 0, 1, "Double", "GHC.Types"),
        DataCon("C#", 0, 1, "Char", "GHC.Types"),
        DataCon("(#,#)", 0, 2, "(#,#)", "GHC.Prim"),
        DataCon("(#,,#)", 0, 3, "(#,,#)", "GHC.Prim"),
        DataCon("(#,,,#)", 0, 4, "(#,,,#)", "GHC.Prim"),
    ]
}

#: exception handlers' tags (frontend/directed_exc.tag_of, read back by machine/exceptions'
#: tag_name): a type name of 7 bytes or fewer is its bytes as an Int, a longer one a hash in
#: 2^62 .. 2^63 registered here (an Int: a tag past the Int range would be built as a big
#: Integer literal, machine/prims_bignum.z_arith)
EXC_TAG_NAMES: dict[int, str] = {}

# Primitive operations: name -> arity. Arguments are evaluated boxed values (or the world
# token); results are boxed values, Bool constructors, or (#,#) for IO primitives.
PRIMOPS: dict[str, int] = {
    # arithmetic, dispatching on I#/D# (I# meeting D# widens to D#)
    "+": 2, "-": 2, "*": 2, "negate": 1, "abs": 1, "signum": 1,
    "+Z": 2, "-Z": 2, "*Z": 2,  # at Integer: an operand or 0 back (prims_numeric.p_addZ)
    "+I": 2, "-I": 2, "*I": 2, "negI#": 1, "absI#": 1,  # at Int: wrapping at 64 bits
    "wordsCost#": 1,  # base's words beyond the Prelude's code (prims_word.p_wordsCost)
    "/": 2,  # always Double
    "quot": 2, "rem": 2, "div": 2, "mod": 2,  # Int only; division by zero -> "divide by zero"
    "**": 2, "sqrt": 1, "exp": 1, "log": 1, "sin": 1, "cos": 1, "tan": 1,
    "asin": 1, "acos": 1, "atan": 1, "atan2": 2,
    "truncate": 1, "round": 1, "floor": 1, "ceiling": 1,
    "fromIntegral": 1,  # identity on I#; the box widens later if it meets a D#
    "toInt#": 1,  # Integer -> Int (wraps to 64 bits: prims_bignum.p_toInt)
    "toInteger#": 1,  # -> Integer: an IS box (prims_bignum.p_toInteger)
    "toDouble": 1,  # I# -> D#
    # unboxed arithmetic for the Prelude's strict loops (base's workers): "+#" adds without
    # allocating (the result stands for an Int#/Double# in a register), "box#" allocates
    # the I#/D# of an unboxed result
    "+#": 2, "box#": 1,
    "coercedMethod#": 2,  # a function under the current stack (prims.p_coercedMethod)
    # containers' unboxed size arithmetic (Int# subtraction, a halving) and its ptrEq (are
    # the two evaluated arguments the same heap object?)
    "-#": 2, "half#": 1, "ptrEq#": 2,
    # Data.Bits at Int (and Integer), each a fresh box as GHC's instance methods return
    ".&.#": 2, ".|.#": 2, "xor#": 2, "shiftL#": 2, "shiftR#": 2, "complement#": 1,
    "popCount#": 1, "testBit#": 2,
    # Data.Bits at Integer, ghc-bignum's bytes (machine/prims_bits.py)
    "andZ#": 2, "orZ#": 2, "xorZ#": 2, "complementZ#": 1, "shiftLZ#": 2, "shiftRZ#": 2,
    "bitZ#": 1, "setBitZ#": 2, "clearBitZ#": 2, "popCountZ#": 1,
    "==": 2, "/=": 2, "<": 2, "<=": 2, ">": 2, ">=": 2,  # on I#/D#/C#; result True/False
    "ord": 1, "chr": 1,
    "ord#": 1,  # a C#'s code point unboxed, allocating nothing (base's ord# in eftChar)
    # GHC.Unicode's toLower/toUpper: a fresh C# whatever the character (base's towlower)
    "toLower#": 1, "toUpper#": 1,
    # the Prelude's run-time type tests (Enum methods): is the value a D# / a C#? allocates
    # nothing, as GHC's statically typed instances do not
    "isDouble#": 1, "isChar#": 1,
    # show for numbers and chars, as GHC prints them; result is a String (list of C#)
    "showInt": 1, "showDouble": 1, "showChar": 1,
    # base's itos: the digits of an Int consed onto argument 2, which is not evaluated
    # (LAZY_LAST in desugar_app): one (:) and one C# per digit, no (++) copy
    "showIntOn#": 2,
    # strings: unpack a literal lazily into a list of C#
    "unpackCString#": 1,
    # IO: argument 1 is a fully evaluated String (the Prelude deep-forces it), argument 2 the
    # world token; result (#,#) token ().
    "putStr#": 2,
    # error: argument is a fully evaluated String; raises the program's runtime error
    "error#": 1,
    # read: argument 1 the type's shape ("I", "D", "B", "C", "S", "[I]" ...), argument 2 the
    # text, both fully evaluated Strings; the value as GHC's Read instances parse it
    "read#": 2, "lexSkip#": 1, "lexLen#": 1,
    # printf: argument 1 the format, argument 2 the list of evaluated arguments (strings
    # fully evaluated); the text Text.Printf makes of them
    "printf#": 2,
    # System.Environment: the program's arguments / name as Strings; the argument is the
    # world token (not evaluated)
    "getArgs#": 1, "getProgName#": 1,
    # what base's generic (^) allocates beyond its products when the exponent is an Integer
    # (argument: the evaluated exponent; result ()), see prims.p_powCostZ
    "powCostZ#": 1,
    # System.IO and System.Exit (machine/prims_io.py; the last argument is the world token,
    # not evaluated): putErr# writes an evaluated String to stderr; hFlush# flushes a
    # handle (0 stdin, 1 stdout, 2 stderr); getLine#, getChar#, getContents# read stdin
    # (GHC's `<stdin>: hGetLine: end of file' at its end), isEOF# tests it; exit# ends the
    # run with the evaluated exit code. charClass# c k: Data.Char's predicate k (prelude_more)
    # hSetBuffering# h mode w: the handle's mode (0 none, 1 line, 2 block)
    "putErr#": 2, "hFlush#": 2, "readFile#": 2, "writeFile#": 4, "getLine#": 1, "getChar#": 1, "getContents#": 1,
    "isEOF#": 1, "exit#": 2, "charClass#": 2, "hSetBuffering#": 3,
    # seq is desugared to case; this is for `seq` used as a value (the Prelude defines it)
    # Data.IORef and Data.Array (machine/prims_array.py): a MutVar read, written, made; an
    # array made from a list, from associations, updated, indexed; accumArray's store
    "newMutVar#": 2, "readMutVar#": 2, "writeMutVar#": 3, "atomicRead#": 2,
    "arrList#": 3, "arrAssocs#": 3, "arrUpdate#": 2, "arrIndex#": 2, "arrIndexB#": 2, "arrAt#": 2,
    "arrOffset#": 2, "arrSize#": 1, "arrBounds#": 1, "arrAccumNew#": 2, "arrThaw#": 1,
    "storeOffset#": 2, "storeRead#": 2, "storeWrite#": 3, "arrFreeze#": 1, "isArray#": 1, "arrShowStr#": 1, "showArrCost#": 1,
    "ixArity#": 1, "ixRange#": 2, "ixSize#": 1, "arrLo#": 1, "arrHi#": 1,
    "ixIndex#": 2, "ixInRange#": 2,
    # mutable and unboxed arrays (machine/prims_st.py): made, read, written, listed, frozen,
    # thawed (the world token before the value written or the initial value)
    "mArrNew#": 4, "mArrRead#": 3, "mArrReadAt#": 3, "mArrWrite#": 4, "mArrWriteAt#": 4,
    "mArrBoxed#": 1, "mArrElems#": 1, "mArrFreeze#": 1, "mArrThaw#": 1,
    "mArrUnsafeFreeze#": 1, "mArrUnsafeThaw#": 1, "mArrNewU#": 2, "stCost#": 2,
    # Numeric and Text.Read (machine/prims_numeric.py): fmtFloat# kind has-digits digits x
    # (showFFloat/showEFloat/showGFloat's String), readOk# shape text (does read# parse it?)
    "fmtFloat#": 4, "readOk#": 2, "readsLen#": 2, "readsVal#": 3,
    # GHC.Float at Double: floatFn# k x (sinh..atanh), floatTest# k x (isNaN..isDenormalized),
    # floatPart# k x (decodeFloat's two parts, significand, exponent), encodeFloat# m e
    "floatFn#": 2, "floatTest#": 2, "floatPart#": 2, "encodeFloat#": 2,
    # Data.Ratio: fromRational n d at Double, a Double's exact numerator and denominator
    "ratioToDouble#": 2, "dblNumerator#": 1, "dblDenominator#": 1, "pfCost#": 1,
    # the bytes of base's code (generic Ratio, ReadP) the subset's does not allocate (())
    "baseCost#": 1,
    # Data.Word and Data.Int (machine/prims_word.py): fx# type op x y, fxCost# bytes
    "fx#": 4, "fxCost#": 1,
    # Control.Exception (machine/exceptions.py): catch# act handler tag w, throw# e s
    "catch#": 5, "throw#": 2, "excLoc#": 1, "excLit#": 2, "excCost#": 1,
    "throwErr#": 2, "errCallStack#": 1, "catchA#": 4, "excProf#": 1,
}

#: primops whose last argument is passed as it is, not evaluated first: putStr#'s world token
#: and showIntOn#'s rest of the string
LAZY_LAST = frozenset({"putStr#", "showIntOn#", "getArgs#", "getProgName#", "newMutVar#",
                       "mArrNew#", "mArrWrite#", "mArrWriteAt#", "mArrRead#", "mArrReadAt#",
                       "writeMutVar#", "arrAccumNew#", "storeWrite#",
                       "putErr#", "hFlush#", "getLine#", "getChar#", "getContents#", "isEOF#",
                       "exit#", "hSetBuffering#", "throw#", "readFile#", "writeFile#",
                       "excLit#", "throwErr#", "catchA#"})
