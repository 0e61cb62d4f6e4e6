"""Types of the SML subset: representation, unification, environments and the builtins.

Hindley-Milner with SML's refinements:
* equality type variables (``''a``): a variable with ``eq`` set only unifies with types
  that admit equality (no functions, no ``real``, no ``exn``, datatypes whose constructors'
  arguments admit equality; ``ref``/``array`` always do);
* overloading: ``+ - * ~ abs`` on int/real and ``< <= > >=`` on int/real/string/char are
  type variables with an overload class; they are never generalised and default to ``int``
  at the end of the enclosing top-level declaration, as SML does;
* flexible records (``#lab`` and ``{a, ...}``): a variable with known fields, which must be
  resolved to a record type by the end of the top-level declaration.

The inference pass itself is ``typecheck.Checker``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Union

_ids = itertools.count()

# overload classes (type names): + - * ~ abs; < <= > >=; div mod; word literals
NUM = frozenset({"int", "real", "word", "Word8.word", "IntInf.int"})
ORD = frozenset({"int", "real", "string", "char", "word", "Word8.word", "IntInf.int"})
INTEGRAL = frozenset({"int", "word", "Word8.word", "IntInf.int"})
WORDS = frozenset({"word", "Word8.word"})
# integer literals in a program that uses IntInf/LargeInt (typecheck.Checker.intinf_lits)
INTLITS = frozenset({"int", "IntInf.int"})


class TVar:
    __slots__ = ("ref", "level", "eq", "ovl", "rec", "id")

    def __init__(self, level: int, eq: bool = False, ovl: frozenset | None = None,
                 rec: dict | None = None):
        self.ref: Type | None = None
        self.level = level
        self.eq = eq
        self.ovl = ovl
        self.rec = rec
        self.id = next(_ids)


@dataclass(eq=False, slots=True)
class Tycon:
    """A type constructor: builtin (``int``, ``->``, ``list``...) or a datatype declaration
    (each declaration a new ``Tycon``, compared by identity)."""

    name: str
    arity: int
    eq: bool = True
    datatype: Any = None  # DatatypeInfo for datatypes


@dataclass(eq=False, slots=True)
class TCon:
    con: Tycon
    args: list["Type"]


@dataclass(eq=False, slots=True)
class TRec:
    """A record type; tuples have labels "1".."n"; unit is the empty record."""

    fields: dict[str, "Type"]


Type = Union[TVar, TCon, TRec]

INT = Tycon("int", 0)
REAL = Tycon("real", 0, eq=False)
STRING = Tycon("string", 0)
CHAR = Tycon("char", 0)
ARROW = Tycon("->", 2, eq=False)
REF = Tycon("ref", 1)
ARRAY = Tycon("array", 1)
EXN = Tycon("exn", 0, eq=False)
WORD = Tycon("word", 0)
WORD8 = Tycon("Word8.word", 0)
VECTOR = Tycon("vector", 1)
# representation (basis.sml converts with Unsafe.cast): word and Word8.word are tagged
# integers (word: the 30-bit pattern, 2's complement); 'a vector is an ARRAY object like
# 'a array; Word8Array.array and CharArray.array are BYTEARRAY objects (REFPTR-tagged, made
# and accessed through the Unsafe.byte* builtins); Word8Vector.vector is a STRING object.
W8VECTOR = Tycon("Word8Vector.vector", 0)
W8ARRAY = Tycon("Word8Array.array", 0)
CHARARRAY = Tycon("CharArray.array", 0)
# IntInf.int (= LargeInt.int): basis.sml's IntInf structure, a sign and base-10000 digits
INTINF = Tycon("IntInf.int", 0)
BASIC_TYCONS = {"int": INT, "real": REAL, "string": STRING, "char": CHAR, "ref": REF,
                "array": ARRAY, "exn": EXN, "word": WORD, "Word8.word": WORD8,
                "vector": VECTOR, "Word8Vector.vector": W8VECTOR,
                "Word8Array.array": W8ARRAY, "CharArray.array": CHARARRAY,
                "IntInf.int": INTINF, "LargeInt.int": INTINF}
# types compared by identity (mutable objects: always admit equality)
IDENTITY_TYCONS = (REF, ARRAY, W8ARRAY, CHARARRAY)


def word_rep(value: int) -> int:
    """The integer holding a word's 30-bit pattern (words at or above 2^29 are negative)."""
    return value - (1 << 30) if value >= (1 << 29) else value


def label_key(lab: str) -> tuple:
    """SML's canonical label order: numeric labels numerically, then names."""
    return (0, int(lab), "") if lab.isdigit() else (1, 0, lab)


def sorted_labels(labels) -> list[str]:
    return sorted(labels, key=label_key)


def prune(t: Type) -> Type:
    while isinstance(t, TVar) and t.ref is not None:
        t = t.ref
    return t


def fun(a: Type, b: Type) -> TCon:
    return TCon(ARROW, [a, b])


def tuple_of(items: list[Type]) -> TRec:
    return TRec({str(i + 1): t for i, t in enumerate(items)})


UNIT = TRec({})


def tcon(c: Tycon, *args: Type) -> TCon:
    return TCon(c, list(args))


# ------------------------------------------------------------------------------- env items


@dataclass(eq=False)
class VarInfo:
    """A value variable. ``scheme`` = (generic vars, type)."""

    name: str
    scheme: tuple[list[TVar], Type] = ([], UNIT)
    uid: int = field(default_factory=lambda: next(_ids))


@dataclass(eq=False)
class DatatypeInfo:
    name: str
    tycon: Tycon
    cons: list["ConInfo"] = field(default_factory=list)
    is_list: bool = False

    @property
    def n_nullary(self) -> int:
        return sum(1 for c in self.cons if not c.has_arg)

    @property
    def n_valued(self) -> int:
        return sum(1 for c in self.cons if c.has_arg)


@dataclass(eq=False)
class ConInfo:
    """A datatype constructor. ``tag`` numbers nullary and valued constructors separately
    (representation: nullary = ``Int(tag)``, valued = pair ``(Int(tag), arg)``; lists are
    nil = ``Int(0)`` and cons = pair ``(head, tail)``)."""

    name: str
    has_arg: bool
    tag: int
    datatype: DatatypeInfo
    scheme: tuple[list[TVar], Type] = ([], UNIT)


@dataclass(eq=False)
class ExnInfo:
    """An exception constructor; ``builtin`` for the predefined ones (their identity is the
    interned name string, ``ir.Program.exn_names``)."""

    name: str
    has_arg: bool
    scheme: tuple[list[TVar], Type] = ([], UNIT)
    builtin: bool = False
    uid: int = field(default_factory=lambda: next(_ids))


@dataclass(eq=False)
class PrimInfo:
    """A builtin value implemented by the lowering (``lower.py`` knows each ``name``)."""

    name: str
    scheme: tuple[list[TVar], Type] = ([], UNIT)


@dataclass(eq=False)
class TypeAbbrev:
    params: list[TVar]
    body: Type


ValueBinding = Union[VarInfo, ConInfo, ExnInfo, PrimInfo]


class Env:
    """Chained scopes of values and types; names may be qualified (``List.map``)."""

    def __init__(self, parent: "Env | None" = None):
        self.parent = parent
        self.values: dict[str, ValueBinding] = {}
        self.types: dict[str, Tycon | TypeAbbrev] = {}

    def lookup_value(self, name: str) -> ValueBinding | None:
        e: Env | None = self
        while e is not None:
            v = e.values.get(name)
            if v is not None:
                return v
            e = e.parent
        return None

    def lookup_type(self, name: str) -> Tycon | TypeAbbrev | None:
        e: Env | None = self
        while e is not None:
            v = e.types.get(name)
            if v is not None:
                return v
            e = e.parent
        return None

    def visible(self) -> tuple[dict, dict]:
        """All visible value and type bindings (innermost wins)."""
        chain = []
        e: Env | None = self
        while e is not None:
            chain.append(e)
            e = e.parent
        vals: dict = {}
        tys: dict = {}
        for scope in reversed(chain):
            vals.update(scope.values)
            tys.update(scope.types)
        return vals, tys


# ------------------------------------------------------------------------------- unification


class UnifyError(Exception):
    def __init__(self, a: Type, b: Type, why: str = ""):
        super().__init__(why)
        self.a, self.b, self.why = a, b, why


def admits_eq(t: Type, make_eq: bool = True) -> bool:
    """Whether ``t`` admits equality; with ``make_eq``, free variables become eq vars."""
    t = prune(t)
    if isinstance(t, TVar):
        if make_eq:
            if t.ovl is not None:
                t.ovl = t.ovl - {"real"}
            t.eq = True
            if t.rec:
                return all(admits_eq(x, make_eq) for x in t.rec.values())
        return True
    if isinstance(t, TRec):
        return all(admits_eq(x, make_eq) for x in t.fields.values())
    if t.con in IDENTITY_TYCONS:
        return True
    if not t.con.eq:
        return False
    return all(admits_eq(x, make_eq) for x in t.args)


def occurs_adjust(v: TVar, t: Type) -> None:
    t = prune(t)
    if t is v:
        raise UnifyError(v, t, "circular type")
    if isinstance(t, TVar):
        if t.level > v.level:
            t.level = v.level
        if t.rec:
            for x in t.rec.values():
                occurs_adjust(v, x)
    elif isinstance(t, TRec):
        for x in t.fields.values():
            occurs_adjust(v, x)
    else:
        for x in t.args:
            occurs_adjust(v, x)


def bind_var(v: TVar, t: Type) -> None:
    if isinstance(t, TVar):
        occurs_adjust(v, t)
        if v.ovl is not None:
            t.ovl = v.ovl if t.ovl is None else (t.ovl & v.ovl)
            if not t.ovl:
                raise UnifyError(v, t)
            if t.rec:
                raise UnifyError(v, t)
        if v.rec is not None:
            if t.ovl is not None:
                raise UnifyError(v, t)
            if t.rec is None:
                t.rec = dict(v.rec)
            else:
                for lab, ft in v.rec.items():
                    if lab in t.rec:
                        unify(t.rec[lab], ft)
                    else:
                        t.rec[lab] = ft
        if v.eq and not t.eq:
            admits_eq(t)
        v.ref = t
        return
    occurs_adjust(v, t)
    if v.ovl is not None:
        if not (isinstance(t, TCon) and t.con.name in v.ovl and t.con in BASIC_TYCONS.values()):
            raise UnifyError(v, t, "overload")
    if v.rec is not None:
        if not isinstance(t, TRec):
            raise UnifyError(v, t)
        for lab in v.rec:
            if lab not in t.fields:
                raise UnifyError(v, t, f"record has no field '{lab}'")
    if v.eq and not admits_eq(t):
        raise UnifyError(v, t, "equality")
    v.ref = t
    if v.rec is not None:
        for lab, ft in v.rec.items():
            unify(ft, t.fields[lab])  # type: ignore[union-attr]


def unify(a: Type, b: Type) -> None:
    a, b = prune(a), prune(b)
    if a is b:
        return
    if isinstance(a, TVar):
        bind_var(a, b)
        return
    if isinstance(b, TVar):
        bind_var(b, a)
        return
    if isinstance(a, TCon) and isinstance(b, TCon):
        if a.con is not b.con:
            raise UnifyError(a, b)
        for x, y in zip(a.args, b.args):
            unify(x, y)
        return
    if isinstance(a, TRec) and isinstance(b, TRec):
        if set(a.fields) != set(b.fields):
            raise UnifyError(a, b)
        for lab in a.fields:
            unify(a.fields[lab], b.fields[lab])
        return
    raise UnifyError(a, b)


# ------------------------------------------------------------------------------- printing


class TypePrinter:
    """Prints types with ``'a``, ``'b``... named consistently within one message."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def var(self, v: TVar) -> str:
        if v.id not in self.names:
            n = len(self.names)
            self.names[v.id] = ("''" if v.eq else "'") + (chr(97 + n) if n < 26 else f"t{n}")
        return self.names[v.id]

    def show(self, t: Type, prec: int = 0) -> str:
        t = prune(t)
        if isinstance(t, TVar):
            if t.rec is not None:
                inner = ", ".join(f"{k}: {self.show(x)}" for k, x in t.rec.items())
                return "{" + inner + ", ...}"
            return self.var(t)
        if isinstance(t, TRec):
            labs = sorted_labels(t.fields)
            if not labs:
                return "unit"
            if labs == [str(i + 1) for i in range(len(labs))] and len(labs) > 1:
                s = " * ".join(self.show(t.fields[k], 2) for k in labs)
                return f"({s})" if prec >= 2 else s
            return "{" + ", ".join(f"{k}: {self.show(t.fields[k])}" for k in labs) + "}"
        if t.con is ARROW:
            s = f"{self.show(t.args[0], 1)} -> {self.show(t.args[1], 0)}"
            return f"({s})" if prec >= 1 else s
        if not t.args:
            return t.con.name
        if len(t.args) == 1:
            return f"{self.show(t.args[0], 3)} {t.con.name}"
        return "(" + ", ".join(self.show(x) for x in t.args) + ") " + t.con.name


def free_vars(t: Type, out: list[TVar]) -> None:
    t = prune(t)
    if isinstance(t, TVar):
        if t not in out:
            out.append(t)
        if t.rec:
            for x in t.rec.values():
                free_vars(x, out)
    elif isinstance(t, TRec):
        for x in t.fields.values():
            free_vars(x, out)
    else:
        for x in t.args:
            free_vars(x, out)


def subst(t: Type, m: dict[int, Type]) -> Type:
    t = prune(t)
    if isinstance(t, TVar):
        return m.get(t.id, t)
    if isinstance(t, TRec):
        return TRec({k: subst(x, m) for k, x in t.fields.items()})
    if not t.args:
        return t
    return TCon(t.con, [subst(x, m) for x in t.args])


def show_type(t: Type) -> str:
    return TypePrinter().show(t)


# ------------------------------------------------------------------------------- builtins

# name -> type written in SML syntax ('n = int/real overloaded, 'o = int/real/string/char)
BUILTIN_TYPES: dict[str, str] = {
    "+": "'n * 'n -> 'n", "-": "'n * 'n -> 'n", "*": "'n * 'n -> 'n", "~": "'n -> 'n",
    "abs": "'n -> 'n",
    "/": "real * real -> real", "div": "'i * 'i -> 'i", "mod": "'i * 'i -> 'i",
    "<": "'o * 'o -> bool", "<=": "'o * 'o -> bool", ">": "'o * 'o -> bool",
    ">=": "'o * 'o -> bool",
    "=": "''a * ''a -> bool", "<>": "''a * ''a -> bool",
    "not": "bool -> bool", "!": "'a ref -> 'a", ":=": "'a ref * 'a -> unit",
    "print": "string -> unit",
    "Int.toString": "int -> string", "Real.toString": "real -> string",
    "^": "string * string -> string", "String.concat": "string list -> string",
    "String.size": "string -> int", "String.sub": "string * int -> char",
    "String.substring": "string * int * int -> string",
    "String.implode": "char list -> string", "String.explode": "string -> char list",
    "Char.ord": "char -> int", "Char.unsafeChr": "int -> char", "Unsafe.cast": "'a -> 'b",
    "Real.fromInt": "int -> real", "Real.floor": "real -> int", "Real.ceil": "real -> int",
    "Real.trunc": "real -> int", "Real.round": "real -> int", "Math.sqrt": "real -> real",
    "Array.array": "int * 'a -> 'a array", "Array.sub": "'a array * int -> 'a",
    "Array.update": "'a array * int * 'a -> unit", "Array.length": "'a array -> int",
    "String.<": "string * string -> bool", "String.=": "string * string -> bool",
    "General.exit": "int -> 'a",
    "General.exnName": "exn -> string", "String.str": "char -> string",
    "Unsafe.stringCompare": "string * string -> int", "Array.fromList": "'a list -> 'a array",
    "Int.quot": "int * int -> int", "Int.rem": "int * int -> int",
    "Real.==": "real * real -> bool",
    # byte arrays (Word8Array.array, CharArray.array): basis.sml gives them their types
    "Unsafe.byteArray": "int * int -> 'a", "Unsafe.byteSub": "'a * int -> int",
    "Unsafe.byteUpdate": "'a * int * int -> unit", "Unsafe.byteLength": "'a -> int",
    # bitwise operations on (two's complement) integers: Word's andb, orb, xorb
    "Unsafe.andb": "int * int -> int", "Unsafe.orb": "int * int -> int",
    "Unsafe.xorb": "int * int -> int",
    # Real.fmt's formatting (the real_fmt service): (kind, digits, x)
    "Unsafe.realFmt": "int * int * real -> string",
    # Real.fromString (the real_from_string service): NONE or SOME r (basis.sml casts)
    "Unsafe.realFromString": "string -> int",
}
# unqualified aliases of builtins (the rest of the top-level basis is in basis.sml)
BUILTIN_ALIASES = {
    "concat": "String.concat", "size": "String.size", "substring": "String.substring",
    "implode": "String.implode", "explode": "String.explode", "ord": "Char.ord",
    "real": "Real.fromInt", "floor": "Real.floor", "ceil": "Real.ceil",
    "trunc": "Real.trunc", "round": "Real.round", "TextIO.print": "print",
    "str": "String.str", "exnName": "General.exnName",
}
BUILTIN_EXNS = {"Overflow": None, "Div": None, "Subscript": None, "Match": None,
                "Bind": None, "Fail": "string", "Empty": None, "Size": None, "Chr": None,
                "Option": None}
