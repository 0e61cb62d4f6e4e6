"""Primitives of Data.IORef and Data.Array (the Prelude's section of the same name), and
the heap objects they make, as GHC 9.0.2 lays them out (sizes without the profiling
header, checked with ``-hT``/``-hd``/``-hy`` in tests/reference/ghc-9.0.2/shapes):

* ``newIORef`` makes a ``MUT_VAR_CLEAN`` (2 words: header, the value) and its ``STRef``
  box (2 words; IORef is a newtype of it);
* an ``Array i e`` is base's ``Array l u n arr#`` box (5 words) over a
  ``MUT_ARR_PTRS_FROZEN_CLEAN`` of ``3 + n`` words and its card table (one byte per 128
  elements, rounded up to words).

Like ``prims.py`` these functions are templates rebound into each machine's namespace
(``rt.py``); ``prims.PRIM_FUNCTIONS`` and ``HELPER_FUNCTIONS`` list them. A MutVar is a
constructor object for the collector model (``CON_TYPES``) whose fields are its value and
itself: the self-pointer gives its row of the old generation's graph a slot for the value
however it was promoted, and ``writeMutVar#`` is the write barrier's case, as a thunk's
update is (``REMEMBER``: the model reads the new value from ``val``). Arrays are built whole
by one primitive and never change after; fmap, accum and accumArray fill a store first
(``ArrStore``, never allocated, which the traces follow as a static object) that
``arrFreeze#`` makes the array of.

Indices are Int, Integer, Char or tuples of them; the Prelude evaluates them (and their
components) before a primitive gets them.
"""

from __future__ import annotations

from profkit.kinds import ObjKind
from profkit.tables import Info

from ..heap.heapobj import CON_TYPES, Box, Con, DataConR, Thunk
from .show import show_char

# ruff: noqa: F821  -- free names are the machine registers, see rt.py


#: what base's generic Ix code costs per index of a tuple type, where an Int's costs 16
#: bytes (its boxed components and the pairs of bounds it passes): GHC 9.0.2, 112 bytes
#: an element of ``array``/``accumArray`` over pairs (shapes/ix2's mk2, acc2); given to
#: the templates as a default argument (they see only the machine's namespace)
TUPLE_IX = 112
#: what a UArray's (!), elems (an element) and assocs (an element) cost beyond an Array's
#: (GHC 9.0.2, shapes/stmicro's uIdx, uElems, uAssocs: array's IArray methods at -O0)
AT_U, ELEMS_U, ASSOCS_U = 72, 64, 112


class MutVar(Con):
    """GHC's MUT_VAR: ``val`` is the value; ``fields`` is ``(val, self)``, with ``self``
    for a static value other than a CAF (see the module docstring): what the old
    generation's row of a MutVar holds after any write (its slots are refilled with its own
    id, then the first is the value's if it is a heap object), so that the rows' census
    graph and the object trace's agree. A CAF is followed: once evaluated it may stop being
    a root (machine/cafsrt.py), and the MutVar then keeps its value, as in GHC."""

    __slots__ = ("val",)
    arity = 2

    def _get(self) -> tuple:
        v = self.val
        return (v if getattr(v, "id", -1) >= 0 or type(v) is Thunk else self, self)

    def _put(self, values: tuple) -> None:
        if values[0] is not self:
            self.val = values[0]

    fields = property(_get, _put)


class ArrPtrs(Con):
    """GHC's MUT_ARR_PTRS_FROZEN_CLEAN: the elements in a Python list ``items``."""

    __slots__ = ("items",)
    arity = 1
    boxed = True  # (prims_st.ArrWords: an unboxed array's)

    def _get(self) -> tuple:
        return tuple(self.items)

    def _put(self, values: tuple) -> None:
        self.items = list(values)

    fields = property(_get, _put)


class ArrStore(ArrPtrs):
    """A store being filled (``arrThaw#``'s for fmap and accum, ``arrAccumNew#``'s): never
    allocated (id -1), so the collector's traces follow it as a static object into its
    elements, which may be in nothing else until ``arrFreeze#`` (fmap's thunks: a
    collection in the middle of the loop must keep them), and the bounds."""

    __slots__ = ("lo", "hi", "bnds")


CON_TYPES.update((MutVar, ArrPtrs, ArrStore))


def ptrs_words(n: int) -> int:
    """Words of a frozen array of ``n`` pointers: header, ptrs, size, the payload and the
    card table (GHC 9.0.2: 1,000 elements 8,032 bytes, 2,000 16,040, 3,000 24,048)."""
    return 3 + n + (((n + 127) >> 7) + 7 >> 3)


class ArrState:
    """A machine's sites and constructors of these objects (``_st``)."""

    def __init__(self, machine) -> None:
        infos = machine.tables.infos
        site = machine.header.site_id
        self.site = site
        mut = ObjKind.MUTABLE
        self.i_mv = infos.intern(Info("MUT_VAR_CLEAN", "MUT_VAR_CLEAN", "GHC.Base", mut, ""))
        self.i_ptrs = infos.intern(Info("MUT_ARR_PTRS_FROZEN_CLEAN", "MUT_ARR_PTRS_FROZEN_CLEAN",
                                        "GHC.Base", mut, "MUT_ARR_PTRS_FROZEN_CLEAN"))
        i_ref = infos.intern(Info("STRef", "STRef", "GHC.STRef", ObjKind.CON,
                                  "base:GHC.STRef.STRef"))
        i_arr = infos.intern(Info("Array", "Array", "GHC.Arr", ObjKind.CON,
                                  "base:GHC.Arr.Array"))
        self.dc_mv = DataConR("MUT_VAR_CLEAN", 0, 2, self.i_mv, "MUT_VAR_CLEAN", "GHC.Base")
        self.dc_ptrs = DataConR("MUT_ARR_PTRS_FROZEN_CLEAN", 0, 1, self.i_ptrs,
                                "MUT_ARR_PTRS_FROZEN_CLEAN", "GHC.Base")
        self.dc_ref = DataConR("STRef", 0, 1, i_ref, "STRef", "GHC.STRef")
        self.dc_arr = DataConR("Array", 0, 4, i_arr, "Array", "GHC.Arr")
        self.s_mv = site(self.i_mv, 2)
        self.s_ref = site(i_ref, 2)
        self.s_arr = site(i_arr, 5)
        self.s_tuple = site(machine.datacons["(,)"].info, 3)
        self.dc_tuple = machine.datacons["(,)"]
        self.ptr_sites: dict[int, int] = {}
        self.show_str = None  # (p_arrShowStr)
        # (the templates see the machine's namespace only: the classes they make go here)
        self.MutVar, self.ArrPtrs, self.ptrs_words = MutVar, ArrPtrs, ptrs_words
        self.ArrStore = ArrStore


def _st(_new=ArrState):
    st = getattr(m, "arr_state", None)
    if st is None:
        st = m.arr_state = _new(m)
    return st


def _ures(x):
    """``(# s, x #)``: an unboxed pair, returned in registers (never allocated)."""
    return Con2.make(-1, IORES.dc, WORLD, x)


# ------------------------------------------------------------------------- IORef
def p_newMutVar(w, v):
    st = _st()
    mv = NEW(st.MutVar)
    mv.id = len(HI)
    mv.dc = st.dc_mv
    mv.val = v
    HIa(st.s_mv)
    HPa(CCS)
    r = Con1.make(len(HI), st.dc_ref, mv)
    HIa(st.s_ref)
    HPa(CCS)
    return _ures(r)


def p_readMutVar(r, w):
    return _ures(r.f0.val)


def p_atomicRead(r, w):
    """readMutVar# as atomicModifyIORef' begins: base's atomicModifyMutVar2# allocates
    the application thunk (4 words) and its selector thunk (3), and the wrapper lambda (2):
    72 bytes a call beyond the function's own (GHC 9.0.2, shapes/iorefs' tick)."""
    _charge(72)
    return _ures(r.f0.val)


def p_writeMutVar(r, w, v):
    mv = r.f0
    mv.val = v
    if REMEMBER is not None and 0 <= mv.id < NURSERY_START:
        REMEMBER(mv)  # the collector model's write barrier: an old object changed
    return IORES


# ------------------------------------------------------------------------- Ix
def _key(x):
    """An evaluated index as a Python value: an int, a str (Char) or a tuple of those."""
    while type(x) is Thunk:
        x = x.val
    if type(x) is Box:
        return x.val
    return tuple(_key(f) for f in x.fields)


def _show_ix(k) -> str:
    if type(k) is tuple:
        return "(" + ",".join(_show_ix(c) for c in k) + ")"
    if type(k) is str:
        return show_char(k)
    return str(k)


def _range_size(lo, hi) -> int:
    if type(lo) is tuple:
        n = 1
        for a, b in zip(lo, hi):
            n *= max(0, _ord(b) - _ord(a) + 1)
        return n
    return max(0, _ord(hi) - _ord(lo) + 1)


def _ord(k) -> int:
    return ord(k) if type(k) is str else k


def _index(lo, hi, i) -> int:
    """base's ``index (l, u) i`` for Int, Char and tuples, with its errors."""
    if type(lo) is tuple:
        off = 0
        for a, b, c in zip(lo, hi, i):
            a, b, c = _ord(a), _ord(b), _ord(c)
            if not a <= c <= b:
                m.runtime_error("Error in array index")
            off = off * (b - a + 1) + (c - a)
        return off
    a, b, c = _ord(lo), _ord(hi), _ord(i)
    if not a <= c <= b:
        tp = "Char" if type(lo) is str else "Int"
        m.runtime_error(f"Ix{{{tp}}}.index: Index ({_show_ix(i)}) out of range "
                        f"(({_show_ix(lo)},{_show_ix(hi)}))")
    return c - a


def _bounds(a):
    return _key(a.f0), _key(a.f1)


def _cells(lst, limit=-1):
    """The items of a list whose spine the Prelude has evaluated (its first ``limit``
    cells when ``limit`` is not negative)."""
    out = []
    while len(out) != limit:
        while type(lst) is Thunk:
            lst = lst.val
        if lst.dc is not DC_CONS:
            return out
        out.append(lst.f0)
        lst = lst.f1
    return out


def _pair(p):
    while type(p) is Thunk:
        p = p.val
    return p.f0, p.f1


# ------------------------------------------------------------------------- arrays
def _make_array(bnds, items):
    """Base's ``Array l u n arr#`` over ``items`` (a new list): the frozen array, then its
    box, under the current stack."""
    st = _st()
    n = len(items)
    s = st.ptr_sites.get(n)
    if s is None:
        s = st.ptr_sites[n] = st.site(st.i_ptrs, st.ptrs_words(n))
    p = NEW(st.ArrPtrs)
    p.id = len(HI)
    p.dc = st.dc_ptrs
    p.items = items
    HIa(s)
    HPa(CCS)
    # (n is an unpacked field of base's Array: no box of its own)
    a = Con4.make(len(HI), st.dc_arr, bnds.f0, bnds.f1, Box(-1, DC_I, n), p)
    HIa(st.s_arr)
    HPa(CCS)
    return a


def p_arrList(bnds, bot, es):
    """``listArray (l, u) es``: the first ``rangeSize`` elements of ``es`` (its spine
    evaluated that far), the rest base's arrEleBottom (``bot``'s field)."""
    n = _range_size(_key(bnds.f0), _key(bnds.f1))
    items = _cells(es, n)
    if len(items) < n:
        items += [bot.f0] * (n - len(items))
    return _make_array(bnds, items)


def p_arrAssocs(bnds, bot, ies, _tix=TUPLE_IX):
    """``array (l, u) ies``: each value at its index (the last one given wins), lazily; the
    pairs and indices are evaluated. Base boxes each index (16 bytes)."""
    lo, hi = _key(bnds.f0), _key(bnds.f1)
    items = [bot.f0] * _range_size(lo, hi)
    for p in _cells(ies):
        i, v = _pair(p)
        items[_index(lo, hi, _key(i))] = v
        _charge(_tix if type(lo) is tuple else 16)
    return _make_array(bnds, items)


def p_arrUpdate(a, ies, _tix=TUPLE_IX):
    """``a // ies``: a copy of ``a`` with the new values (lazily)."""
    lo, hi = _bounds(a)
    items = list(a.f3.items)
    for p in _cells(ies):
        i, v = _pair(p)
        items[_index(lo, hi, _key(i))] = v
        _charge(_tix if type(lo) is tuple else 16)
    return _make_array(Con2.make(-1, _st().dc_tuple, a.f0, a.f1), items)


def p_arrIndex(a, i, _at=AT_U):
    """``a ! i``: ``(# _, element #)`` (the element as it is, unevaluated or not). Called
    from -O0 code base's (!) goes through the Ix dictionary: the bounds' pair and the
    index's box, 40 bytes a call (GHC 9.0.2, shapes/arrmicro's indexAll.go)."""
    lo, hi = _bounds(a)
    _charge(152 if type(lo) is tuple else 40)  # (a pair index through $fIx(,): shapes/ix2)
    a.f3.boxed or _charge(_at)  # (a UArray's: prims_st)
    return _ures(_elem(a.f3, _index(lo, hi, _key(i))))


def p_arrIndexBase(a, i, _assocs=ASSOCS_U):
    """An element as base's assocs reads it: safeIndex's boxed result (16 bytes), then
    the element as it is (GHC 9.0.2: assocs 168 bytes an element, shapes/arrmicro)."""
    lo, hi = _bounds(a)
    _dead_box(S_IBOX)
    a.f3.boxed or _charge(_assocs)  # (a UArray's: prims_st)
    return _ures(_elem(a.f3, _index(lo, hi, _key(i))))


def p_arrAt(a, k, _elems=ELEMS_U):
    """The element at offset ``k`` (an Int, boxed or unboxed): elems (a UArray's costs
    more: prims_st) and the Foldable loops."""
    a.f3.boxed or _charge(_elems)
    return _ures(_elem(a.f3, k.val))


def p_arrOffset(a, i):
    """``index (bounds a) i`` unboxed (never allocated)."""
    lo, hi = _bounds(a)
    return Box(-1, DC_I, _index(lo, hi, _key(i)))


def p_arrSize(a):
    """numElements, unboxed."""
    return Box(-1, DC_I, len(a.f3.items))


def p_arrLo(a):
    return _value(a.f0)


def p_arrHi(a):
    return _value(a.f1)


def _value(x):
    while type(x) is Thunk:
        x = x.val
    return x


def p_ixSize(bnds):
    """``rangeSize (l, u)``, unboxed."""
    return Box(-1, DC_I, _range_size(_key(bnds.f0), _key(bnds.f1)))


def p_ixIndex(bnds, i):
    """Data.Ix's ``index (l, u) i``: a new Int, or base's error."""
    return mkint(_index(_key(bnds.f0), _key(bnds.f1), _key(i)))


def p_ixInRange(bnds, i):
    lo, hi, k = _key(bnds.f0), _key(bnds.f1), _key(i)
    if type(lo) is tuple:
        ok = all(_ord(a) <= _ord(c) <= _ord(b) for a, b, c in zip(lo, hi, k))
    else:
        ok = _ord(lo) <= _ord(k) <= _ord(hi)
    return TRUE if ok else FALSE


def p_arrBounds(a):
    """``bounds a``: a new pair of the two bounds (24 bytes, as base's)."""
    st = _st()
    o = Con2.make(len(HI), st.dc_tuple, a.f0, a.f1)
    HIa(st.s_tuple)
    HPa(CCS)
    return o


def p_arrAccumNew(bnds, z):
    """accumArray's store: every element ``z``; kept in an unallocated box (what it holds is
    kept alive by the Prelude's loop until ``arrFreeze#``)."""
    lo, hi = _key(bnds.f0), _key(bnds.f1)
    return _arr_store([z] * _range_size(lo, hi), lo, hi, bnds)


def _arr_store(items, lo, hi, bnds):
    s = NEW(_st().ArrStore)
    s.id = -1
    s.dc = _st().dc_ptrs
    s.items, s.lo, s.hi, s.bnds = items, lo, hi, bnds
    return s


def p_arrThaw(a):
    """accum's store: a copy of ``a``'s elements."""
    return _arr_store(list(a.f3.items), _key(a.f0), _key(a.f1),
                  Con2.make(-1, _st().dc_tuple, a.f0, a.f1))


def p_storeOffset(st, i, _tix=TUPLE_IX):
    """The offset of index ``i`` in a store, unboxed; base boxes it (16 bytes)."""
    lo, hi = st.lo, st.hi
    k = _index(lo, hi, _key(i))
    _charge(_tix if type(lo) is tuple else 16)
    return Box(-1, DC_I, k)


def p_storeRead(st, k):
    return _ures(st.items[k.val])


def p_storeWrite(st, k, v):
    st.items[k.val] = v  # (v as it is: accumArray's value is evaluated, fmap's a thunk)
    return UNIT


def p_arrFreeze(st):
    return _make_array(st.bnds, st.items)


def p_arrShowStr(x):
    """Show's ``"array "``: a CAF of GHC.Arr, evaluated at the first array shown (384
    bytes under ``CAF GHC.Arr``, GHC 9.0.2), static here after that."""
    st = _st()
    if st.show_str is None:
        caf = getattr(m, "rts_library_caf", None)  # None without the runtime heap
        if caf is not None:
            caf("GHC.Arr")
        lst = NIL
        for ch in reversed("array "):
            lst = Con2.make(-1, DC_CONS, CHARLIKE[ord(ch)], lst)
        st.show_str = lst
    return st.show_str


def p_showArrCost(a):
    """What base's Show instance costs beyond the subset's show of the pairs (without
    show_tuple's closures: prelude.hs showsArray#): its dictionaries for (i, e), showList
    and the tuples, 64 bytes an element (GHC 9.0.2, Int elements: shapes/arrmicro's
    shown). Returns the array."""
    _charge(64 * len(a.f3.items)) if a.f3.items else None
    return a


def p_isArray(x):
    return TRUE if type(x) is Con4 and (x.dc.name == "Array" and x.dc.module == "GHC.Arr" or
                                         x.dc.name == "UArray") else FALSE


def p_ixArity(x):
    """0 for an Int/Char index, else the tuple's arity (the Prelude forces components)."""
    return INTLIKE[16 if type(x) is Box else len(x.fields) + 16]


def p_ixRange(lo, hi):
    """``range (l, u)`` for tuples: the indices in order (an Int's is an enumeration)."""
    lo, hi = _key(lo), _key(hi)
    return _build_ix_list(lo, hi)


def _build_ix_list(lo, hi):
    """The tuples of ``range (lo, hi)`` as a list (allocated from the end), with what
    base's comprehension over the components' ranges costs beyond them (104 bytes an
    element for pairs: shapes/ix2's asc2, assocs at pairs)."""
    combos = [()]
    for a, b in zip(lo, hi):
        c = type(a) is str
        combos = [t + ((chr(v) if c else v),) for t in combos
                  for v in range(_ord(a), _ord(b) + 1)]
    lst = NIL
    for combo in reversed(combos):
        fields = [mkchr(v) if type(v) is str else mkint(v) for v in combo]
        dc = m.datacon("(" + "," * (len(fields) - 1) + ")")
        t = Con.__new__(Con, len(HI), dc, fields)
        HIa(SITE(dc.info, 1 + len(fields)))
        HPa(CCS)
        o = Con2.make(len(HI), DC_CONS, t, lst)
        HIa(S_CONS)
        HPa(CCS)
        lst = o
        _charge(104)
    return lst


ARRAY_PRIMS = {
    "newMutVar#": p_newMutVar, "readMutVar#": p_readMutVar, "writeMutVar#": p_writeMutVar,
    "atomicRead#": p_atomicRead,
    "arrList#": p_arrList, "arrAssocs#": p_arrAssocs, "arrUpdate#": p_arrUpdate,
    "arrIndex#": p_arrIndex, "arrIndexB#": p_arrIndexBase,
    "arrAt#": p_arrAt, "arrOffset#": p_arrOffset,
    "arrSize#": p_arrSize, "arrBounds#": p_arrBounds, "arrAccumNew#": p_arrAccumNew,
    "arrThaw#": p_arrThaw, "storeOffset#": p_storeOffset, "storeRead#": p_storeRead,
    "storeWrite#": p_storeWrite, "arrFreeze#": p_arrFreeze, "isArray#": p_isArray, "arrShowStr#": p_arrShowStr,
    "showArrCost#": p_showArrCost,
    "ixArity#": p_ixArity, "ixRange#": p_ixRange, "ixSize#": p_ixSize, "arrLo#": p_arrLo,
    "arrHi#": p_arrHi, "ixIndex#": p_ixIndex, "ixInRange#": p_ixInRange,
}
ARRAY_HELPERS = (_st, _ures, _key, _show_ix, _range_size, _ord, _index, _bounds, _cells, _pair,
                 _make_array, _build_ix_list, _value, _arr_store)

# the mutable and unboxed arrays' (prims_st.py)
from .prims_st import ST_HELPERS, ST_PRIMS  # noqa: E402

ARRAY_PRIMS.update(ST_PRIMS)
ARRAY_HELPERS += ST_HELPERS
