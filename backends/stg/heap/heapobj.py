"""Heap objects of the STG machine, their GHC sizes, and how a collector walks them.

Every object is a small ``__slots__`` class. ``id`` is the object's dense id (its row in the
session's profiling header) or -1 for *static* objects, which GHC does not allocate in the
heap: top-level functions and constructors, nullary constructors, the shared small Int and
Char closures (INTLIKE -16..255, CHARLIKE 0..255), literal boxes that appear in the program
text, CAFs (static thunks) and unboxed tuples (returned in registers).

Kinds and their payloads (``children(obj)`` lists the heap pointers of each):

* ``Con``   -- a constructor: ``dc`` (the runtime ``DataConR``) and its fields in slots
  ``f0``.. of a class per arity (``con_class``; ``fields`` gives them as a tuple).
* ``Box``   -- a boxed literal ``I#``/``D#``/``C#``: ``dc``, ``val`` (Python int/float/str).
* ``Fun``   -- a function closure: ``lf`` (compiled lambda form), ``fv`` (free variables),
  ``ccs`` (StackTable id it was allocated under; None for static top-level functions).
* ``Pap``   -- a partial application: ``fun`` (a Fun), ``args``, ``ccs`` (the stack current
  when it was built, as GHC's BUILD_PAP).
* ``Thunk`` -- an updatable suspension. Its state is encoded in two fields:
  ``fv`` is the free-variable list while unevaluated, None once entered (BLACKHOLE);
  ``val`` is None until the update frame overwrites it with the value (it is then an IND
  to ``val``). A CAF is a Thunk with id -1 living in the program's globals.

Sizes follow GHC's 64-bit layout *without* the 2-word profiling header (checked against
FINDINGS §3: cons 3 words, I#/D# 2):

* CON   = 1 + max(1, fields)  (nullary constructors are static, never sized)
* FUN   = 1 + max(1, free)    (GHC's MIN_PAYLOAD_SIZE is 1 word)
* THUNK = 2 + free            (header + the SMP padding word every thunk carries, which
  already makes GHC's minimum closure size: a thunk with no free variables is 2 words,
  GHC 9.0.2: 16 bytes per `fromInteger $fNumInt (IS 1#)` thunk, shapes/nofree)
* PAP   = 3 + args            (header, arity/n_args word, function pointer, arguments)
* BLACKHOLE = IND = 2         (header + indirectee; used in update events)

The header (``core.header.SiteHeader``) keeps the info and size an object had when
allocated (its allocation site); updates (thunk -> BLACKHOLE -> IND) are reported as
``update`` events with both sizes and change only the current info (the header's ``state``).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable


class DataConR:
    """Run-time constructor descriptor: name, tag, arity, info id for heap instances."""

    __slots__ = ("name", "tag", "arity", "info", "type_name", "module")

    def __init__(self, name: str, tag: int, arity: int, info: int, type_name: str, module: str):
        self.name = name
        self.tag = tag
        self.arity = arity
        self.info = info
        self.type_name = type_name
        self.module = module

    def __repr__(self) -> str:
        return f"<DataConR {self.name}>"


class LF:
    """A compiled lambda form: the Python function running its body, its arity (0 for
    thunks), ``pad`` (a list of Nones appended to free vars + args to make the environment),
    number of free variables, info id and name. ``sel`` is ``(constructor, field index)``
    for a *selector thunk* (GHC's THUNK_SELECTOR: its body is ``case x of C .. -> field``
    on its one free variable ``x``), which the collector model may short-circuit
    (``gc.StgHeapModel``), else None."""

    __slots__ = ("code", "arity", "pad", "nfv", "info", "name", "size", "sel")

    def __init__(self, name: str, arity: int, nfv: int, info: int, size: int):
        self.code: Any = None
        self.arity = arity
        self.pad: list = []
        self.nfv = nfv
        self.info = info
        self.name = name
        self.size = size
        self.sel: tuple[DataConR, int] | None = None

    def __repr__(self) -> str:
        return f"<LF {self.name}/{self.arity}>"


class Con:
    """A constructor: ``Con(id, dc, fields)`` makes an instance of the class of its arity
    (``con_class``), whose slots ``f0``, ``f1``, ... hold the fields (``fields`` reads or
    sets them as a tuple). A cons cell is one 64-byte object, not 64 bytes and a 64-byte
    tuple; generated code stores and reads the slots directly. ``type(x) in CON_TYPES``
    (or ``isinstance(x, Con)``) says whether ``x`` is a constructor."""

    __slots__ = ("id", "dc")
    fields: tuple

    def __new__(cls, id: int, dc: DataConR, fields: Iterable = ()) -> Any:
        fields = tuple(fields)
        return con_class(len(fields)).make(id, dc, *fields)

    def __repr__(self) -> str:
        return f"<Con {self.dc.name} #{self.id}>"

    def short_cut(self) -> None:
        """Every field that is an updated thunk replaced by its value (through
        indirections): a trace's short-cut (``objtrace.past_indirections``). The classes of
        ``con_class`` replace this with code per arity that rewrites only those fields."""
        fields = []
        for f in self.fields:
            while type(f) is Thunk and f.val is not None:
                f = f.val
            fields.append(f)
        self.fields = tuple(fields)


#: the constructor classes made so far (``con_class``)
CON_TYPES: set[type] = set()
_CON_CLASSES: dict[int, type] = {}


def con_class(n: int) -> type:
    """The class of constructors with ``n`` fields (slots ``f0`` .. ``f{n-1}``), with
    ``make(id, dc, f0, ..)`` (a new one) and the ``fields`` property."""
    cls = _CON_CLASSES.get(n)
    if cls is None:
        names = [f"f{k}" for k in range(n)]
        stores = "".join(f"; o.{k} = {k}" for k in names)
        targets = "".join(f"self.{k}, " for k in names)
        src = (f"def make(id, dc, {', '.join(names)}):\n"
               f"    o = NEW(C); o.id = id; o.dc = dc{stores}\n    return o\n"
               f"def get(self):\n    return ({targets})\n"
               f"def put(self, values):\n    ({targets}) = values\n"
               f"def short_cut(self):\n    pass\n")
        for k in names:
            src += (f"    v = self.{k}\n    if type(v) is T and v.val is not None:\n"
                    f"        v = v.val\n        while type(v) is T and v.val is not None:\n"
                    f"            v = v.val\n        self.{k} = v\n")
        ns: dict[str, Any] = {"NEW": object.__new__, "T": Thunk}
        exec(src, ns)
        cls = type(f"Con{n}", (Con,), {"__slots__": tuple(names), "arity": n,
                                       "make": staticmethod(ns["make"]),
                                       # (2+ fields: read by a C getter, one tuple)
                                       "fields": property(attrgetter(*names) if n > 1
                                                          else ns["get"], ns["put"]),
                                       "short_cut": ns["short_cut"]})
        ns["C"] = cls
        _CON_CLASSES[n] = cls
        CON_TYPES.add(cls)
    return cls


class Box:
    __slots__ = ("id", "dc", "val")

    def __init__(self, id: int, dc: DataConR, val: Any):
        self.id = id
        self.dc = dc
        self.val = val

    def __repr__(self) -> str:
        return f"<{self.dc.name} {self.val!r} #{self.id}>"


class Fun:
    __slots__ = ("id", "lf", "fv", "ccs")

    def __init__(self, id: int, lf: LF, fv: list, ccs: int | None):
        self.id = id
        self.lf = lf
        self.fv = fv
        self.ccs = ccs

    def __repr__(self) -> str:
        return f"<Fun {self.lf.name} #{self.id}>"


class Pap:
    __slots__ = ("id", "fun", "args", "ccs")

    def __init__(self, id: int, fun: Fun, args: list, ccs: int | None):
        self.id = id
        self.fun = fun
        self.args = args
        self.ccs = ccs

    def __repr__(self) -> str:
        return f"<Pap {self.fun.lf.name} {len(self.args)} #{self.id}>"


class Thunk:
    __slots__ = ("id", "lf", "fv", "ccs", "val")

    def __init__(self, id: int, lf: LF, fv: list | None, ccs: int, val: Any):
        self.id = id
        self.lf = lf
        self.fv = fv
        self.ccs = ccs
        self.val = val

    def __repr__(self) -> str:
        state = "IND" if self.val is not None else ("BH" if self.fv is None else "THUNK")
        return f"<Thunk {self.lf.name} {state} #{self.id}>"


for _n in range(9):  # the usual arities, made at import (the machine's namespace names them)
    con_class(_n)

HEAP_CLASSES = (Con, Box, Fun, Pap, Thunk)
_HEAP_TYPES: frozenset = frozenset()


def heap_types() -> frozenset:
    """The exact classes of heap objects, the only objects with an ``id``: every
    constructor class made so far (``CON_TYPES``, which only grows), ``Box``, ``Fun``,
    ``Pap`` and ``Thunk``. A trace tests ``type(x) in heap_types()`` (one set lookup)
    where ``getattr(x, "id", None)`` raised and caught an AttributeError for each raw
    value (an unboxed Int# in an environment)."""
    global _HEAP_TYPES
    if len(_HEAP_TYPES) != len(CON_TYPES) + 4:
        _HEAP_TYPES = frozenset(CON_TYPES) | {Box, Fun, Pap, Thunk}
    return _HEAP_TYPES


def con_size(nfields: int) -> int:
    return 1 + max(1, nfields)


def fun_size(nfree: int) -> int:
    return 1 + max(1, nfree)


def thunk_size(nfree: int) -> int:
    return 2 + nfree


def pap_size(nargs: int) -> int:
    return 3 + nargs


BLACKHOLE_SIZE = 2
IND_SIZE = 2


def children(obj: Any) -> list:
    """The heap objects ``obj`` points to (static ones included; raw Python values left
    out). A blackhole has no children (its free variables were moved to the stack)."""
    t = type(obj)
    if t in CON_TYPES:
        items: Iterable = obj.fields
    elif t is Thunk:
        items = (obj.val,) if obj.val is not None else (obj.fv or ())
    elif t is Fun:
        items = obj.fv
    elif t is Pap:
        items = [obj.fun, *obj.args]
    else:
        return []
    return [x for x in items if isinstance(x, HEAP_CLASSES)]


def is_value(obj: Any) -> bool:
    """True for objects in weak head normal form (not an unevaluated/blackholed thunk)."""
    return type(obj) is not Thunk or obj.val is not None
