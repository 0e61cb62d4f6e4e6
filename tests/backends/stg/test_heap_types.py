"""The traces' fast paths over heap objects: ``heap_types()`` (the classes with an ``id``,
tested with one set lookup instead of ``getattr``) and the per-arity ``short_cut`` of the
constructor classes (a trace's short-cut of updated thunks in fields), checked against the
generic definitions they replace."""

from __future__ import annotations

from profkit.backends.stg.heap.heapobj import (
    CON_TYPES, LF, Box, Con, DataConR, Fun, Pap, Thunk, con_class, heap_types)
from profkit.backends.stg.heap.objtrace import past_indirections
from profkit.backends.stg.machine.prims_array import ArrPtrs, MutVar

DC = DataConR("K", 1, 0, 0, "T", "Main")
LFT = LF("t", 0, 0, 0, 2)


def _ind(value, depth: int):
    """An updated thunk (an indirection) ``depth`` deep to ``value``."""
    for _ in range(depth):
        value = Thunk(5, LFT, None, 0, value)
    return value


def test_heap_types_are_the_classes_with_an_id():
    ht = heap_types()
    assert {Box, Fun, Pap, Thunk, MutVar, ArrPtrs} <= ht
    assert set(CON_TYPES) <= ht
    for raw in (3, 2.5, "c", None, [1], (1,), DC, LFT):
        assert type(raw) not in ht and getattr(raw, "id", None) is None
    big = con_class(23)  # a class made after the set was first built joins it
    assert big in heap_types()
    for cls in heap_types():
        assert "id" in {s for k in cls.__mro__ for s in getattr(k, "__slots__", ())}


def test_short_cut_per_arity_equals_the_generic_one():
    box = Box(1, DC, 7)
    unevaluated = Thunk(2, LFT, [box], 0, None)
    blackhole = Thunk(3, LFT, None, 0, None)
    for n in range(0, 12):
        values = [(box, 0), (box, 1), (box, 3), (unevaluated, 0), (blackhole, 2), (4, 0),
                  (None, 0)]
        fields = [_ind(*values[k % len(values)]) if values[k % len(values)][0] is not None
                  else None for k in range(n)]
        fast = con_class(n).make(9, DC, *fields)
        slow = con_class(n).make(9, DC, *fields)
        fast.short_cut()
        Con.short_cut(slow)  # the generic definition, through ``fields``
        assert fast.fields == slow.fields
        for f in fast.fields:
            assert not (type(f) is Thunk and f.val is not None)
        again = con_class(n).make(9, DC, *fields)
        past_indirections(again)
        assert again.fields == fast.fields


def test_short_cut_of_a_mutvar_and_an_array():
    box = Box(1, DC, 7)
    mv = object.__new__(MutVar)
    mv.id, mv.dc, mv.val = 4, DC, _ind(box, 2)
    mv.short_cut()
    assert mv.val is box and mv.fields == (box, mv)
    arr = object.__new__(ArrPtrs)
    arr.id, arr.dc, arr.items = 6, DC, [_ind(box, 1), box, 3]
    arr.short_cut()
    assert arr.items == [box, box, 3]
