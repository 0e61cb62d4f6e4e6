"""Type-directed choice of an unboxed array's representation: a function making an array
(``newArray``, ``newListArray``, ``listArray``...) checked at an STUArray, IOUArray or
UArray makes an ARR_WORDS of its element type (machine/prims_st.py's KINDS) through the
Prelude's ``newArrayK#`` & co. (prelude_st.hs); at another type it makes a boxed array."""

from __future__ import annotations

from profkit.errors import SourceError

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

#: the functions making an array: (arguments before the array, the Prelude's function
#: taking the element kind first, whether the array is in a monad's result)
ST_CREATE = {"newArray": (2, "newArrayK#", True), "newArray_": (1, "newArray_K#", True),
             "newListArray": (2, "newListArrayK#", True), "listArray": (2, "listArrayK#", False),
             "array": (2, "arrayK#", False), "accumArray": (4, "accumArrayK#", False)}
_UNBOXED = ("STUArray", "IOUArray", "UArray")
#: element types of an unboxed array (prims_st.KINDS); another (left open) is an Int's size
_KINDS = {"Int": 1, "Bool": 2, "Char": 3, "Double": 4, "Float": 5}


def st_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """``e`` (a use of one of ST_CREATE's) at an unboxed array: the Prelude's function for
    its element type; another element type has no instance (GHC's error)."""
    n, target, monadic = ST_CREATE[e.name]
    for _ in range(n):
        sf = T.split_fun(t)
        if sf is None:
            return
        t = sf[1]
    if monadic:
        _, args = T.spine(t)
        if not args:
            return
        t = args[-1]
    head, args = T.spine(t)
    if getattr(head, "key", None) not in _UNBOXED or not args:
        return
    elem = T.spine(args[-1])[0]
    if isinstance(elem, T.TCon) and not elem.rigid and elem.key not in _KINDS:
        cls = {"UArray": "IArray UArray", "IOUArray": "MArray IOUArray"}.get(
            head.key, "MArray (STUArray s)")
        raise SourceError(f"No instance for ({cls} {T.Namer().show(args[-1])}) arising from "
                          f"a use of `{e.name}'", file, e.span[0], e.span[1])
    kind = _KINDS.get(getattr(elem, "key", ""), 1) if isinstance(elem, T.TCon) else 1
    vs = " ".join(f"a{i}" for i in range(n + (1 if monadic else 0)))
    e.name = "%" + derived.helper(f"{target.rstrip('#')}{kind}#", e.name,
                                  f"{vs} = {target} {kind} {vs}")
