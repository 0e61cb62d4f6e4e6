"""The collector's fast paths give exactly the results of the reference ones (issue 13):
its own heap parser against ``heapscan.parse``, the C reachability search against the
Python marking, the numpy views of guest memory against ``mem_read``/``mem_write``, on
x86 (little-endian) and SPARC (big-endian)."""

from __future__ import annotations

import hashlib
import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.codegen import sparc as codegen_sparc, x86 as codegen_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime import gc as G
from profkit.backends.mlworks.runtime import gcmark as GM
from profkit.backends.mlworks.runtime import heapscan as HS
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.runtime.machine import Machine

from .asm_image import build
from .test_runtime import list_program

# ---------------------------------------------------------------- the parser

HEADERS = [V.make_header(s, n) for s in (V.RECORD, V.STRING, V.ARRAY, V.BYTEARRAY,
                                         V.WEAKARRAY, V.CODE, V.BACKPTR, V.HEADER50)
           for n in (0, 1, 2, 3, 5, 12, 13)]
word = st.one_of(st.integers(0, 2**32 - 1), st.sampled_from(HEADERS),
                 st.integers(0, 2**20).map(lambda x: 8 * x + 1))


_SCRATCH: dict[str, np.ndarray] = {}


def _scratch(name: str, n: int, dtype) -> np.ndarray:
    """Work arrays reused from example to example (stale contents must not matter)."""
    a = _SCRATCH.get(name)
    if a is None or len(a) < n:
        a = _SCRATCH[name] = np.empty(n + 7, dtype=dtype)
    return a[:n]


@settings(max_examples=300, deadline=None)
@given(st.lists(word, max_size=80))
def test_parse_is_heapscan_parse_on_any_words(ws):
    W = np.array(ws, dtype=np.uint32)
    a = HS.parse(W)
    for b in (G.parse(W), G.parse(W, _scratch)):
        for f in HS.Parsed.__slots__:
            x, y = getattr(a, f), getattr(b, f)
            assert x.dtype == y.dtype and np.array_equal(x, y), f


def test_parse_of_pairs_only_and_of_a_long_string():
    W = np.arange(1000, dtype=np.uint32) * 8 + 1
    s = np.concatenate([[V.make_header(V.STRING, 4 * 600)],
                        np.full(600, V.make_header(V.RECORD, 3)), [0]]).astype(np.uint32)
    for w in (W, np.concatenate([W, s, W])):
        a, b = HS.parse(w), G.parse(w)
        for f in HS.Parsed.__slots__:
            assert np.array_equal(getattr(a, f), getattr(b, f)), f


# ---------------------------------------------------------------- marking


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 60).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n),
    st.lists(st.integers(0, n - 1), min_size=1, max_size=5))))
def test_c_marking_is_python_marking(g):
    n, edges, roots = g
    edges.sort(key=lambda e: e[0])  # sources ascend, as the collector's
    src = np.array([e[0] for e in edges], dtype=np.int64)
    dst = np.array([e[1] for e in edges], dtype=np.int32)
    r = np.array(roots, dtype=np.int32)
    if len(dst):
        assert GM.have_scipy()
        assert np.array_equal(G.mark_bfs(n, src, dst, r), G.mark_python(n, src, dst, r))


# ---------------------------------------------------------------- guest memory views


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_views_are_guest_memory(arch):
    uc = make_arch(arch).new_uc()
    heap = M.HeapSpace(uc)
    a = heap.take(1 << 16)
    stack = M.StackSpace(uc)
    for space, addr in ((heap, a + 64), (stack, M.STACK_TOP - 64)):
        v = space.words(addr, 16)
        v[:] = [1, 0x12345678, 0xFFFFFFFE, 7]
        # the runtime's accessors (the SPARC layer swaps words) read what was stored
        got = np.frombuffer(bytes(uc.mem_read(addr, 16)), dtype=np.uint32)
        assert got.tolist() == [1, 0x12345678, 0xFFFFFFFE, 7]
        uc.mem_write(addr, np.array([9, 10, 11, 12], dtype=np.uint32).tobytes())
        assert space.words(addr, 16).tolist() == [9, 10, 11, 12]
    assert stack.words(M.STACK_LO, 16) is None  # not mapped yet
    with pytest.raises(ValueError):
        heap.words(M.HEAP_HI - 16, 16)


def _digest(m: Machine) -> str:
    h = hashlib.sha1()
    gc = m.gc
    for gen in gc.gens:
        for b in gen:
            h.update(repr((b.start, b.top)).encode())
            h.update(bytes(m.uc.mem_read(b.start, b.top - b.start)))
    sp = m.reg(m.arch.SP)
    if m.stack.lo <= sp < M.STACK_TOP:
        h.update(bytes(m.uc.mem_read(sp, M.STACK_TOP - sp)))
    h.update(bytes(m.uc.mem_read(M.GLOBALS, 4 * max(m.image.n_globals, 1))))
    h.update(repr(([m.reg(r) for r in m.arch.ROOT_REGS], gc.words_copied,
                   sorted(gc.remembered), gc.collections)).encode())
    return h.hexdigest()


def _run(make, slow: bool, monkeypatch) -> list[str]:
    """Digests after every collection; ``slow``: the reference paths (copies through
    mem_read/mem_write, marking in Python), else the fast ones (marking in C always)."""
    m = make()
    monkeypatch.setattr(GM, "SCIPY_MIN_EDGES", 1 << 62 if slow else 0)
    if slow:
        m.gc._view = None
        m.gc.views = []
    out: list[str] = []
    collect = m.collect

    def spy(top, full=False):
        collect(top, full)
        out.append(_digest(m))

    m.collect = spy
    m.run()
    spy(m.slot(M.SLOT_GC_BASE), True)
    return out


def test_fast_and_reference_paths_agree_on_a_hand_assembled_list(monkeypatch):
    img = build({"setup": list_program(30_000)}, "setup")

    def make():
        return Machine(img, creation_space=16 * 1024)

    fast = _run(make, False, monkeypatch)
    assert _run(make, True, monkeypatch) == fast and len(fast) > 20


SML = """
datatype t = L | N of t * int * t
fun ins (x, L) = N (L, x, L)
  | ins (x, t as N (a, y, b)) = if x < y then N (ins (x, a), y, b)
                                else if x > y then N (a, y, ins (x, b)) else t
fun upto (i, n) = if i > n then [] else i :: upto (i + 1, n)
val r = ref [""]
fun go (0, t) = t
  | go (k, t) = (r := Int.toString k :: !r; go (k - 1, ins ((k * 7919) mod 3001, t)))
fun size L = 0 | size (N (a, _, b)) = size a + 1 + size b
val xs = List.map (fn x => x * 3) (upto (1, 20000))
val () = print (Int.toString (size (go (6000, L)) + length xs + length (!r)) ^ "\\n")
"""


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_fast_and_reference_paths_agree_on_sml(arch, monkeypatch):
    cg = codegen_sparc if arch == "sparc" else codegen_x86
    img = cg.generate(compile_sml(SML, "t.sml"), M.STATIC)
    outs = []

    def make():
        s = io.StringIO()
        outs.append(s)
        return Machine(img, arch=make_arch(arch), stdout=s, creation_space=32 * 1024,
                       generations=3)

    fast = _run(make, False, monkeypatch)
    slow = _run(make, True, monkeypatch)
    assert fast == slow and len(fast) > 10
    assert outs[0].getvalue() == outs[1].getvalue() == "29002\n"
