"""Primitives of the array package's mutable and unboxed arrays (the Prelude's section
"Control.Monad.ST, Data.STRef, mutable and unboxed arrays", prelude_st.hs), and the heap
objects they make, as GHC 9.0.2 lays them out (sizes without the profiling header, from the
bytes of shapes/stsize's allocations):

* an ``STArray s i e`` (and ``IOArray``, a newtype of it) is array's ``STArray l u n marr#``
  box (5 words) over a ``MUT_ARR_PTRS`` of ``3 + n`` words and its card table;
* an ``STUArray s i e`` (``IOUArray``) is an ``STUArray l u n marr#`` box (5 words) over an
  ``ARR_WORDS`` of 2 words and the payload: 8 bytes an Int or Double, 4 a Char, a bit a
  Bool, rounded up to words;
* a ``UArray i e`` is a ``UArray l u n arr#`` box (5 words) over an ARR_WORDS.

An unboxed array holds raw values (Python ints, floats, strs, bools), no heap pointers: a
read makes a new box (an I#, C#, D#; True and False are static), as GHC's does. A boxed
mutable array is a ``MArrPtrs``, whose writes call the collector model's write barrier with
the array (its ``val`` the value written last, what ``gc._remembered_live`` looks at).

``KINDS``: 0 boxed, 1 Int, 2 Bool, 3 Char, 4 Double, 5 Float (frontend/directed_st.py gives a
creation function the element type it is checked at).
"""

from __future__ import annotations

from profkit.kinds import ObjKind
from profkit.tables import Info

from ..heap.heapobj import CON_TYPES, Con, DataConR

# ruff: noqa: F821  -- free names are the machine registers, see rt.py

KINDS = {"Int": 1, "Bool": 2, "Char": 3, "Double": 4, "Float": 5}

#: what array's code costs from -O0 code beyond the objects made (GHC 9.0.2, shapes/stmicro:
#: one cost centre per operation, 1,000 calls each), in bytes, less what the Prelude's code
#: for it allocates: readArray and writeArray (through the MArray dictionary; an unboxed
#: element's box is made besides, a Bool read costs 32 more), newArray by element kind
READ, WRITE, READ_BOOL = 512, 528, 32
NEW_COST = {0: 72, 1: 24, 2: 72, 3: 24, 4: 24, 5: 24}


class MArrPtrs(Con):
    """GHC's MUT_ARR_PTRS: the elements in a Python list ``items`` (as prims_array's frozen
    ArrPtrs), which change (``val``: the value written last)."""

    __slots__ = ("items", "val")
    arity = 1
    boxed = True
    many = True  # (gc._remembered_live: each element, not val, may lead to a young object)

    def _get(self) -> tuple:
        return tuple(self.items)

    def _put(self, values: tuple) -> None:
        self.items = list(values)

    fields = property(_get, _put)


class ArrWords(Con):
    """GHC's ARR_WORDS: ``items`` the raw values, ``kind`` their type (KINDS)."""

    __slots__ = ("items", "kind")
    arity = 0
    boxed = False

    def _get(self) -> tuple:
        return ()

    def _put(self, values: tuple) -> None:
        pass

    fields = property(_get, _put)


CON_TYPES.update((MArrPtrs, ArrWords))


def words_words(kind: int, n: int) -> int:
    """Words of an ARR_WORDS of ``n`` elements of ``kind`` (GHC 9.0.2: 1,000 Ints 8,016
    bytes, 1,000 Chars 4,016, 2,000 Bools 272, one Bool 24: shapes/stcensus, stsize)."""
    if kind == 2:
        return 2 + ((n + 63) >> 6)
    if kind == 3 or kind == 5:
        return 2 + ((4 * n + 7) >> 3)
    return 2 + n


class STState:
    """A machine's sites and constructors of these objects (``_sst``)."""

    def __init__(self, machine) -> None:
        infos = machine.tables.infos
        site = machine.header.site_id
        self.site = site
        mut = ObjKind.MUTABLE
        self.i_mptrs = infos.intern(Info("MUT_ARR_PTRS_CLEAN", "MUT_ARR_PTRS_CLEAN",
                                         "GHC.Base", mut, "MUT_ARR_PTRS_CLEAN"))
        self.i_words = infos.intern(Info("ARR_WORDS", "ARR_WORDS", "GHC.Base", mut,
                                         "ARR_WORDS"))
        self.dc_mptrs = DataConR("MUT_ARR_PTRS_CLEAN", 0, 1, self.i_mptrs,
                                 "MUT_ARR_PTRS_CLEAN", "GHC.Base")
        self.dc_words = DataConR("ARR_WORDS", 0, 0, self.i_words, "ARR_WORDS", "GHC.Base")
        self.boxes = {}
        for name, module in (("STArray", "GHC.Arr"), ("STUArray", "Data.Array.Base"),
                             ("UArray", "Data.Array.Base")):
            info = infos.intern(Info(name, name, module, ObjKind.CON,
                                     f"array-0.5.4.0:{module}.{name}" if module != "GHC.Arr" else
                                     f"base:{module}.{name}"))
            self.boxes[name] = (DataConR(name, 0, 4, info, name, module), site(info, 5))
        self.sites: dict[tuple, int] = {}
        self.MArrPtrs, self.ArrWords, self.words_words = MArrPtrs, ArrWords, words_words


def _sst(_new=STState):
    st = getattr(m, "st_state", None)
    if st is None:
        st = m.st_state = _new(m)
    return st


def _raw(kind, x):
    """An evaluated value as an unboxed array holds it (an int, float, str or bool)."""
    while type(x) is Thunk:
        x = x.val
    if type(x) is Box:
        return x.val
    return x.dc is TRUE.dc


def _elem(p, k):
    """The element at offset ``k`` of a payload: as it is (boxed), or a new box of the raw
    value's type (the kind gives only the size: an element type the checker left open is
    an Int's)."""
    if p.boxed:
        return p.items[k]
    v = p.items[k]
    t = type(v)
    if t is int:
        return mkint(v)
    if t is bool:
        return TRUE if v else FALSE
    if t is str:
        return mkchr(v)
    return mkdbl(v)


def _payload(kind, items, frozen=False):
    """A new array payload of ``items``: MUT_ARR_PTRS (boxed; frozen: base's immutable
    one) or ARR_WORDS, under the current stack."""
    n = len(items)
    if kind == 0 and frozen:
        ast = _st()
        key, info, words = ("f", n), ast.i_ptrs, ast.ptrs_words(n)
        p = NEW(ast.ArrPtrs)
        p.dc = ast.dc_ptrs
    else:
        sst = _sst()
        if kind == 0:
            key, info, words = ("m", n), sst.i_mptrs, _st().ptrs_words(n)
            p = NEW(sst.MArrPtrs)
            p.dc = sst.dc_mptrs
            p.val = None
        else:
            key, info, words = (kind, n), sst.i_words, sst.words_words(kind, n)
            p = NEW(sst.ArrWords)
            p.dc = sst.dc_words
            p.kind = kind
    s = _sst().sites.get(key)
    if s is None:
        s = _sst().sites[key] = _sst().site(info, words)
    p.id = len(HI)
    p.items = items
    HIa(s)
    HPa(CCS)
    return p


def _box(name, lo, hi, p):
    """array's ``STArray``/``STUArray``/``UArray`` box (or base's Array) over ``p``."""
    if name == "Array":
        ast = _st()
        dc, s = ast.dc_arr, ast.s_arr
    else:
        dc, s = _sst().boxes[name]
    a = Con4.make(len(HI), dc, lo, hi, Box(-1, DC_I, len(p.items)), p)
    HIa(s)
    HPa(CCS)
    return a


def _kind(p):
    return 0 if p.boxed else p.kind


def p_mArrNew(k, b, w, v, _new=NEW_COST):
    """``newArray (l, u) v``: every element ``v`` (evaluated first if unboxed)."""
    kind = k.val
    lo, hi = _key(b.f0), _key(b.f1)
    n = _range_size(lo, hi)
    x = v if kind == 0 else _raw(kind, v)
    _charge(_new[kind])
    p = _payload(kind, [x] * n)
    return _ures(_box("STArray" if kind == 0 else "STUArray", b.f0, b.f1, p))


def p_mArrRead(a, i, w, _read=READ, _bool=READ_BOOL):
    lo, hi = _bounds(a)
    p = a.f3
    _charge(_read if p.boxed or p.kind != 2 else _read + _bool)
    return _ures(_elem(p, _index(lo, hi, _key(i))))


def p_mArrReadAt(a, k, w):
    return _ures(_elem(a.f3, k.val))


def _store(p, k, v):
    if p.boxed:
        p.items[k] = v
        if REMEMBER is not None and 0 <= p.id < NURSERY_START:
            p.val = v
            REMEMBER(p)  # the collector model's write barrier: an old object changed
            REMEMBER.__self__.object_traces_only()  # (edge rows: one slot changed, gc.py)
    else:
        p.items[k] = _raw(p.kind, v)


def p_mArrWrite(a, i, w, v, _write=WRITE):
    lo, hi = _bounds(a)
    _charge(_write)
    _store(a.f3, _index(lo, hi, _key(i)), v)
    return IORES


def p_mArrWriteAt(a, k, w, v):
    _store(a.f3, k.val, v)
    return IORES


def p_mArrBoxed(a):
    return TRUE if a.f3.boxed else FALSE


def p_mArrElems(a):
    """getElems: the elements now, in a new list (built from the end)."""
    p = a.f3
    lst = NIL
    for k in range(len(p.items) - 1, -1, -1):
        x = _elem(p, k)
        o = Con2.make(len(HI), DC_CONS, x, lst)
        HIa(S_CONS)
        HPa(CCS)
        lst = o
    return lst


def p_mArrFreeze(a):
    """freeze: a copy, an Array or a UArray as the mutable array is boxed or not."""
    p = a.f3
    kind = _kind(p)
    q = _payload(kind, list(p.items), frozen=True)
    return _box("Array" if kind == 0 else "UArray", a.f0, a.f1, q)


def p_mArrThaw(a):
    """thaw: a mutable copy of an Array or UArray."""
    p = a.f3
    kind = _kind(p)
    q = _payload(kind, list(p.items))
    return _box("STArray" if kind == 0 else "STUArray", a.f0, a.f1, q)


def p_mArrUnsafeFreeze(a):
    """unsafeFreeze (runSTArray, runSTUArray): a new box over the same elements."""
    p = a.f3
    return _box("Array" if p.boxed else "UArray", a.f0, a.f1, p)


def p_mArrUnsafeThaw(a):
    p = a.f3
    return _box("STArray" if p.boxed else "STUArray", a.f0, a.f1, p)


def p_mArrNewU(k, b):
    """An unboxed array of ``k`` with every element 0 (newArray_ and UArray's array)."""
    kind = k.val
    n = _range_size(_key(b.f0), _key(b.f1))
    zero = {1: 0, 2: False, 3: "\0", 4: 0.0, 5: 0.0}[kind]
    return _box("STUArray", b.f0, b.f1, _payload(kind, [zero] * n))


def p_stCost(n, per):
    """``n`` times ``per`` bytes of array's work (its loops from -O0 code): unit."""
    if n.val > 0 and per.val > 0:
        _charge(n.val * per.val)
    return UNIT


ST_PRIMS = {
    "stCost#": p_stCost,
    "mArrNew#": p_mArrNew, "mArrRead#": p_mArrRead, "mArrReadAt#": p_mArrReadAt,
    "mArrWrite#": p_mArrWrite, "mArrWriteAt#": p_mArrWriteAt, "mArrBoxed#": p_mArrBoxed,
    "mArrElems#": p_mArrElems, "mArrFreeze#": p_mArrFreeze, "mArrThaw#": p_mArrThaw,
    "mArrUnsafeFreeze#": p_mArrUnsafeFreeze, "mArrUnsafeThaw#": p_mArrUnsafeThaw,
    "mArrNewU#": p_mArrNewU,
}
ST_HELPERS = (_sst, _raw, _elem, _payload, _box, _kind, _store)
