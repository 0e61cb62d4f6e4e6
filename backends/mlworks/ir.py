"""The MLWorks backend's intermediate form: closure-converted, first-order, data lowered.

This is the contract between the SML front end (``frontend.compile_sml``) and the code
generators (x86 and SPARC). By the time a program is in this form:

* types are gone; every value is one tagged 32-bit word at run time (MLWorks's tagging:
  integers are ``i << 2``, pairs are PAIRPTR-tagged, records/strings/reals POINTER-tagged,
  refs and arrays REFPTR-tagged; see CONVENTIONS.md);
* pattern matching is compiled to ``If``/``Switch``/``Select`` trees;
* datatypes are lowered: nullary constructors are small integers, constructors with an
  argument are ``Alloc`` records ``(tag, value)`` (or the representation the front end
  documents: lists are ``nil`` = ``Int(0)`` ... see ``frontend.py``);
* every ``fn`` is a ``CodeItem``; a closure is a record whose field 0 is the code item and
  whose other fields are its free variables (``MakeClosure``), as in MLWorks. Mutually
  recursive functions share one closure record (``LetRecClosures``).
* functions take exactly one argument (a tuple argument is an allocated record, as in a
  simple ML compiler).

Names of code items follow MLWorks (``f[file:line]``, ``<anon>[file:line]``,
``f argument 2[file:line]`` for curried clauses' inner functions, ``<Setup>[file:1,1]`` for
the top level).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

# ------------------------------------------------------------------------------- expressions


@dataclass(slots=True)
class Int:
    """An untagged ML integer constant (codegen tags it: ``value << 2``). Also chars, words
    and booleans (false 0, true 1), unit (0)."""

    value: int


@dataclass(slots=True)
class Real:
    """A real constant: allocates a boxed real (16 bytes, BYTEARRAY header) when evaluated."""

    value: float


@dataclass(slots=True)
class String:
    """A string constant: a STRING object created once when the program is loaded (not on
    each evaluation); evaluates to its POINTER-tagged address."""

    value: bytes


@dataclass(slots=True)
class Var:
    """A local variable: the current function's argument, or a Let/LetRecClosures binder."""

    name: str


@dataclass(slots=True)
class EnvVar:
    """Field ``index`` (1-based; field 0 is the code pointer) of the current closure.

    Counted from the closure pointer the function was called with: for a member ``k`` of a
    ``LetRecClosures`` record ``[code_0 .. code_{n-1}, free_0 ..]`` the front end emits
    ``EnvVar(n + m - k)`` for ``free_m`` (added by the front-end helper; the codegen just
    loads the word at closure pointer + 4 * index, as for any closure)."""

    index: int


@dataclass(slots=True)
class SelfClosure:
    """The current closure itself (for direct recursion)."""


@dataclass(slots=True)
class SiblingClosure:
    """Inside code item ``codes[k]`` of a ``LetRecClosures``: the closure value of
    ``names[k + offset]`` (the current closure pointer plus ``4 * offset``, same tag).
    ``offset`` is never 0 (that is ``SelfClosure``) and may be negative. (Added by the
    front-end helper: mutually recursive local functions need their siblings.)"""

    offset: int


@dataclass(slots=True)
class Global:
    """Top-level value number ``index`` of the program (kept in the globals vector, a GC
    root)."""

    index: int


@dataclass(slots=True)
class SetGlobal:
    index: int
    value: "Expr"


@dataclass(slots=True)
class Let:
    name: str
    value: "Expr"
    body: "Expr"


@dataclass(slots=True)
class Seq:
    """Evaluate all, return the last."""

    exprs: list["Expr"]


@dataclass(slots=True)
class Alloc:
    """Allocate an object with an inline allocation sequence (the sites the space profiler
    patches). ``kind``: ``"pair"`` (2 fields, unheaded), ``"record"`` (n fields, RECORD
    header), ``"ref"`` (ARRAY of 1 element, REFPTR), ``"real"`` (boxed real from a Real or
    a computed float held in ``fields[0]``).

    ``what`` and ``type_desc`` name what is built, for heap profiles by closure description
    (``-hd``) and type (``-hy``) (the front end sets them: a constructor and its datatype,
    ``"::"``/``"list"`` for a cons cell, a record's labels, an exception's name and
    ``"exn"``); empty means a tuple, ref or real named by its shape (``codegen/hooks.py``
    ``alloc_name``). They do not change the code."""

    kind: str
    fields: list["Expr"]
    what: str = ""
    type_desc: str = ""


@dataclass(slots=True)
class Select:
    """Field ``index`` (0-based) of a pair or record."""

    index: int
    value: "Expr"


@dataclass(slots=True)
class MakeClosure:
    """Allocate a closure record ``[code item, free...]`` (a pair when it has one free
    variable, a record otherwise; a closure with no free variables is still allocated)."""

    code: str
    free: list["Expr"]


@dataclass(slots=True)
class LetRecClosures:
    """Mutually recursive functions: one shared closure record
    ``[code_1, code_2, ..., free...]``; binder ``names[i]`` is the closure value pointing at
    field i (MLWorks's "shared closure": pointers into the middle of the record)."""

    names: list[str]
    codes: list[str]
    free: list["Expr"]
    body: "Expr"


@dataclass(slots=True)
class Call:
    """Call closure ``fn`` with ``arg``: code pointer from field 0 of the closure."""

    fn: "Expr"
    arg: "Expr"


@dataclass(slots=True)
class Prim:
    """A primitive on tagged values. Integer ops raise Overflow/Div as SML requires:
    ``add sub mul div mod quot rem neg abs``, comparisons ``lt le gt ge eq ne`` (ints and
    chars; results are booleans 0/1), ``eqptr`` (word equality of two values), ``is_int``
    (true if the value is a tagged integer, to tell nullary from non-nullary constructors),
    real ops ``radd rsub rmul rdiv rneg rlt rle rgt rge req real_of_int floor trunc round
    ceil sqrt``, ``not``, bitwise ``andb orb xorb`` (on the two's complement integers).

    The SML front end emits the float-valued ones (``radd rsub rmul rdiv rneg real_of_int
    sqrt``) only as the single field of ``Alloc("real", [...])``, with boxed-real
    arguments; ``div``/``mod`` are SML's (rounding towards minus infinity)."""

    op: str
    args: list["Expr"]


@dataclass(slots=True)
class Runtime:
    """A call of a runtime service. Most are written in Python (no inline allocation;
    objects the runtime allocates are not seen by the space profiler, as in MLWorks); the
    string, array and byte-array services listed in ``codegen/inline.py`` (``INLINE``) are
    emitted as instructions instead, with MLWorks's variable-size allocation sequence, and
    a literal tuple argument of theirs is not allocated. Services:
    ``print`` (string -> unit), ``int_to_string``, ``real_to_string``, ``string_concat``
    (pair of strings), ``string_concat_list``, ``string_size``, ``string_sub``,
    ``substring`` (triple), ``implode`` (char list), ``explode``, ``string_eq``,
    ``string_lt`` (compare), ``array_make`` (pair n, init), ``array_sub``, ``array_update``,
    ``array_length``, ``int_from_string`` (option), ``structural_eq`` (polymorphic
    equality on data), ``exit`` (int), ``bytearray_make`` (pair n, byte),
    ``bytearray_sub``, ``bytearray_update``, ``bytearray_length`` (byte arrays:
    ``Word8Array``, ``CharArray``).

    The SML front end always passes exactly one argument (several values go as a pair or
    record, in the order listed above); results that are options use the front end's
    representation (NONE = ``Int(0)``, SOME x = pair ``(Int(0), x)``)."""

    service: str
    args: list["Expr"]


@dataclass(slots=True)
class Deref:
    value: "Expr"


@dataclass(slots=True)
class Assign:
    ref: "Expr"
    value: "Expr"


@dataclass(slots=True)
class If:
    cond: "Expr"
    then: "Expr"
    else_: "Expr"


@dataclass(slots=True)
class Switch:
    """Compare an *integer* value against constants (nullary constructor tags, int/char
    literals)."""

    value: "Expr"
    cases: list[tuple[int, "Expr"]]
    default: "Expr"


@dataclass(slots=True)
class Raise:
    """Raise an exception value (a record ``(exn-name string, argument)``; exception
    identity is the name string object's address, unique per declaration)."""

    exn: "Expr"


@dataclass(slots=True)
class Handle:
    """Evaluate ``body``; if it raises, bind the exception to ``name`` and evaluate
    ``handler`` (which re-raises to propagate unmatched exceptions)."""

    body: "Expr"
    name: str
    handler: "Expr"


Expr = Union[
    Int, Real, String, Var, EnvVar, SelfClosure, SiblingClosure, Global, SetGlobal, Let, Seq,
    Alloc, Select, MakeClosure, LetRecClosures, Call, Prim, Runtime, Deref, Assign, If, Switch,
    Raise, Handle,
]

# ------------------------------------------------------------------------------- program


@dataclass(slots=True)
class CodeItem:
    """One function: ``param`` is bound to the argument; the closure is available through
    EnvVar/SelfClosure. ``name`` is the MLWorks-style name, ``line`` its source line."""

    name: str
    param: str
    body: Expr
    line: int = 0


@dataclass(slots=True)
class Program:
    """``items`` in source order; ``setup`` names the item run at start (with unit as its
    argument and a closure of no free variables). ``n_globals`` top-level slots.
    ``exn_names`` maps the predefined exceptions (Overflow, Div, Subscript, Match, Bind,
    Fail, Empty, Size, Chr, Option) to the String objects raised for them."""

    items: list[CodeItem]
    setup: str
    n_globals: int
    source_file: str
    exn_names: dict[str, bytes] = field(default_factory=dict)
