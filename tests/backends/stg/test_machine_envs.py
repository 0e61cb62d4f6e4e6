"""What a deep stack costs per level: environments the run-time functions make are lists of
their exact size (a case frame keeps its environment for as long as it is on the stack, and
``fv += pad`` over-allocated up to 9 slots, 72 bytes, per environment), and a heap thunk is
its own update frame (no 64-byte tuple per forced thunk)."""

from __future__ import annotations

import sys

import pytest

from profkit.backends.stg.heap.heapobj import LF, Fun, Thunk
from profkit.backends.stg.machine import rt


def _exact(env: list) -> bool:
    return sys.getsizeof(env) == sys.getsizeof([None] * len(env))


def _list(items: list) -> list:
    """A list of ``items`` of its exact size (as the generated code's literals are)."""
    out = [None] * len(items)
    out[:] = items
    assert _exact(out)
    return out


def _ns(stack: list) -> dict:
    return {"push": stack.append, "UPD": rt.UPD, "AP": rt.AP, "CCS": 1, "m": None,
            "Thunk": Thunk, "Fun": Fun, "Pap": object, "enter_fun": lambda a, b: b,
            "ret": None, "mkpap": None, "CAF_LOCKED": frozenset()}  # (no CAF's first entry)


@pytest.mark.parametrize("nfv,npad", [(0, 3), (2, 4), (3, 9), (1, 0)])
def test_an_entered_thunks_environment_is_of_its_exact_size(nfv: int, npad: int) -> None:
    stack: list = []
    enter_thunk = rt.specialize(rt.enter_thunk, _ns(stack), frozenset())
    lf = LF("t", 0, nfv, 0, 2 + nfv)
    lf.code = "CODE"
    lf.pad = [None] * npad
    t = Thunk(5, lf, _list(list(range(nfv))), 7, None)
    code, env = enter_thunk(t)
    assert code == "CODE" and env == list(range(nfv)) + [None] * npad
    assert _exact(env)  # (without padding: the thunk's own list)
    assert t.fv is None and stack[-1] is t  # blackholed, its own update frame
    assert t.ccs == 1  # (holding the stack to restore; the thunk's own, 7, is now CCS)
    # the inline entry generated code uses is the same body
    assert any("fv = fv + pad" in line
               for line in rt.inline_body(rt.enter_thunk, frozenset()))


@pytest.mark.parametrize("nfv,nargs,npad", [(0, 2, 3), (2, 1, 4), (2, 2, 0), (0, 1, 0)])
def test_an_applied_functions_environment_is_of_its_exact_size(nfv: int, nargs: int,
                                                                npad: int) -> None:
    apply = rt.specialize(rt.apply, _ns([]), frozenset())
    lf = LF("f", nargs, nfv, 0, 1 + max(1, nfv))
    lf.code = "CODE"
    lf.pad = [None] * npad
    f = Fun(3, lf, _list([f"v{k}" for k in range(nfv)]), None)
    args = _list([f"a{k}" for k in range(nargs)])
    code, env = apply(f, args)
    assert code == "CODE"
    assert env == [f"v{k}" for k in range(nfv)] + args + [None] * npad
    assert _exact(env)


def _ret(stack: list, features: frozenset = frozenset()):
    ns = _ns(stack)
    ns["pop"] = stack.pop
    return rt.specialize(rt.ret, ns, features), ns


def test_a_heap_thunk_is_its_own_update_frame_and_a_caf_has_a_tuple() -> None:
    stack: list = [(rt.AP, None)]
    ns = _ns(stack)
    enter_thunk = rt.specialize(rt.enter_thunk, ns, frozenset())
    lf = LF("t", 0, 0, 0, 2)
    lf.code = "CODE"
    heap = Thunk(4, lf, [], 7, None)
    caf = Thunk(-1, lf, [], 9, None)
    enter_thunk(caf)  # under stack 1: the CAF's frame is a tuple, its own stack kept
    assert stack[-1] == (rt.UPD, caf, 1) and caf.ccs == 9 and ns["CCS"] == 9
    enter_thunk(heap)  # under the CAF's stack 9
    assert stack[-1] is heap and heap.ccs == 9 and ns["CCS"] == 7
    ret, rns = _ret(stack)
    rns.update(CCS=7, Halt=rt.Halt)
    with pytest.raises(rt.Halt):
        ret("value")  # updates both, down to the bottom frame
    assert heap.val == "value" and caf.val == "value"
    assert rns["CCS"] == 1 and caf.ccs == 9 and stack == []
