"""Object kinds shared by every backend: what a heap object *is*, as schemes need to know it.

A backend maps its own objects onto these kinds (the STG machine's FUN/PAP/THUNK/CON/...,
MLWorks's records, pairs, closures, strings, arrays...). Schemes decide with them what is a
retainer, what is inherently used (LDVU), and how to name closure types (-hT).
"""

from __future__ import annotations

from enum import IntEnum


class ObjKind(IntEnum):
    CON = 0  # constructor / immutable data record (STG CON, MLWorks record, pair, string)
    FUN = 1  # function closure
    PAP = 2  # partial application
    THUNK = 3  # unevaluated suspension (updatable)
    IND = 4  # indirection left by an update
    BLACKHOLE = 5  # thunk under evaluation
    MUTABLE = 6  # mutable cell or array (MUT_VAR, MLWorks ref/array): inherently used
    PRIM = 7  # primitive non-pointer data (ARR_WORDS, bytearray, boxed real in MLWorks)
    STACK = 8  # a thread stack / stack frame object: inherently used
    CODE = 9  # code object (MLWorks code vectors)


#: Kinds that GHC's LDVU profiler counts as INHERENT_USE (never lag, drag or void).
INHERENTLY_USED = frozenset({ObjKind.MUTABLE, ObjKind.PRIM, ObjKind.STACK, ObjKind.CODE})

#: Closure-type names as GHC's -hT prints them for non-constructor kinds.
CLOSURE_TYPE_NAMES = {
    ObjKind.FUN: "FUN",
    ObjKind.PAP: "PAP",
    ObjKind.THUNK: "THUNK",
    ObjKind.IND: "IND",
    ObjKind.BLACKHOLE: "BLACKHOLE",
    ObjKind.MUTABLE: "MUT_VAR_CLEAN",
    ObjKind.PRIM: "ARR_WORDS",
    ObjKind.STACK: "STACK",
    ObjKind.CODE: "BCO",
}
