"""The collector's exact result on random heaps, against a reference written object by
object in Python (issue 13): which objects survive, where each one goes (survivors packed
in address order into the block of their destination generation), every word of
to-space, every root word and register after the collection. Minor collections (one
from-space area) and collections of an older generation too (several areas, two
destinations), on x86 (little-endian) and SPARC (big-endian) memory; headed objects
among pairs exercise the per-double-word owner table, pairs alone its absence."""

from __future__ import annotations

import bisect

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.runtime import heapscan as HS
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.runtime.machine import Machine

from .asm_image import build
from .test_runtime import EPILOGUE, PROLOGUE

_IMG = build({"setup": PROLOGUE + EPILOGUE}, "setup", n_globals=8)
NG = 8  # globals used as roots

TAG = {"pair": V.PAIRPTR, "record": V.POINTER, "ref": V.REFPTR, "string": V.POINTER}
ref = st.tuples(st.just("ptr"), st.integers(0, 10**6), st.integers(0, 5))
field = st.one_of(st.tuples(st.just("int"), st.integers(-1000, 1000), st.just(0)), ref)
obj = st.one_of(
    st.tuples(st.just("pair"), st.lists(field, min_size=2, max_size=2)),
    st.tuples(st.just("pair"), st.lists(field, min_size=2, max_size=2)),
    st.tuples(st.just("record"), st.lists(field, min_size=1, max_size=6)),
    st.tuples(st.just("ref"), st.lists(field, min_size=1, max_size=1)),
    st.tuples(st.just("string"), st.binary(max_size=20)),
)
heap = st.tuples(st.lists(obj, min_size=1, max_size=70), st.lists(ref, min_size=1, max_size=6),
                 st.lists(ref, max_size=5))


def lay_out(objs, base, old: list[int]):
    """Words of the objects laid out from ``base``. A pointer field goes to an earlier
    object of this area (a record: maybe into its middle) or to one of the ``old`` values
    (objects already in an older generation); refs may point anywhere here (cycles)."""
    addrs, pos = [], base
    for kind, payload in objs:
        addrs.append(pos)
        pos += {"pair": 8, "record": V.record_bytes(len(payload) if kind == "record" else 0),
                "ref": V.ref_bytes(1),
                "string": V.string_bytes(len(payload) + 1)}[kind]

    def val(i, f):
        k, x, d = f
        if k == "int":
            return V.mlint(x)
        if old and x % 3 == 0:
            return old[x % len(old)]
        j = x % len(objs) if i is None or objs[i][0] == "ref" else (x % i if i else None)
        if j is None:
            return V.mlint(7)
        v = addrs[j] + TAG[objs[j][0]]
        if objs[j][0] == "record":  # an interior pointer into the record's fields
            v += 4 * (d % len(objs[j][1]))
        return v

    words: list[int] = []
    for i, (kind, payload) in enumerate(objs):
        if kind == "pair":
            words += [val(i, f) for f in payload]
        elif kind == "record":
            ws = [V.make_header(V.RECORD, len(payload))] + [val(i, f) for f in payload]
            words += ws + [0] * (V.record_bytes(len(payload)) // 4 - len(ws))
        elif kind == "ref":
            words += [V.make_header(V.ARRAY, 1), 0, 0, val(i, payload[0])]
        else:
            b = payload + b"\0" * (V.string_bytes(len(payload) + 1) - 4 - len(payload))
            words += [V.make_header(V.STRING, len(payload) + 1)]
            words += np.frombuffer(b, dtype="<u4").tolist()
    return words, val


def reference(areas, level, G, roots):
    """What a collection of generations 0..level must do: ``areas`` = (address, words,
    generation) of from-space; ``roots`` = root values. Returns (survivors per
    destination generation as lists of (old address, words), forward(value))."""
    objs = []  # (address, words, scan lo, scan hi, generation)
    for a, ws, g in areas:
        W = np.array(ws, dtype=np.uint32)
        p = HS.parse(W)
        for s, n, lo, hi in zip(p.starts.tolist(), p.sizes.tolist(), p.scan_lo.tolist(),
                                p.scan_hi.tolist()):
            objs.append((a + 4 * s, ws[s:s + n], lo - s, hi - s, g))
    objs.sort()

    starts = [o[0] for o in objs]

    def find(v):
        if not v & 1:
            return None
        k = bisect.bisect_right(starts, v) - 1
        if k >= 0 and v < objs[k][0] + 4 * len(objs[k][1]):
            return k
        return None

    live: set[int] = set()
    todo = [k for k in map(find, roots) if k is not None]
    while todo:
        k = todo.pop()
        if k in live:
            continue
        live.add(k)
        a, ws, lo, hi, _g = objs[k]
        todo += [t for t in map(find, ws[lo:hi]) if t is not None]
    out: dict[int, list[int]] = {}
    for k in sorted(live):
        out.setdefault(min(objs[k][4] + 1, G - 1), []).append(k)
    return objs, out, find


def check_collection(m: Machine, areas, level: int, regs: list[int]) -> None:
    gc = m.gc
    G = gc.G
    roots = [m.word(M.GLOBALS + 4 * i) for i in range(NG)] + regs
    objs, out, find = reference(areas, level, G, roots)
    before = {d: [(b.start, b.top) for b in gc.gens[d]] for d in range(G)}
    new_regs = gc.collect(level, gc.creation_start + 4 * len(areas[0][1]),
                          [(M.GLOBALS, 4 * NG)], regs)
    new_addr: dict[int, int] = {}
    for d, ks in out.items():
        # the survivors go to a new block of d, or after the old tail block's top
        fresh = [b for b in gc.gens[d] if (b.start, b.top) not in before[d] and
                 all(b.start != s for s, _t in before[d])]
        base = fresh[0].start if fresh else before[d][-1][1]
        at = base
        for k in ks:
            new_addr[k] = at
            at += 4 * len(objs[k][1])

    def fwd(v):
        k = find(v)
        return v if k is None else v + new_addr[k] - objs[k][0]

    for d, ks in out.items():
        for k in ks:
            a, ws, lo, hi, _g = objs[k]
            want = list(ws)
            want[lo:hi] = [fwd(w) for w in ws[lo:hi]]
            got = [m.word(new_addr[k] + 4 * i) for i in range(len(ws))]
            assert got == want, (d, k)
            # the CPU's own view of guest memory holds the same words (byte order)
            view = gc.heap.words(new_addr[k], 4 * len(ws)).astype(np.uint32).tolist()
            assert view == want
    assert [m.word(M.GLOBALS + 4 * i) for i in range(NG)] == [fwd(r) for r in roots[:NG]]
    assert new_regs == [fwd(r) for r in regs]
    assert gc.words_copied >= sum(len(objs[k][1]) for ks in out.values() for k in ks)


def fill(m: Machine, objs, old: list[int], roots) -> tuple[list[int], list[int]]:
    base = m.gc.creation_start
    words, val = lay_out(objs, base, old)
    m.write(base, m.pack(*words))
    rootvals = [val(None, r) for r in roots]
    for i in range(NG):
        m.set_word(M.GLOBALS + 4 * i, rootvals[i % len(rootvals)] if i < 2 * len(rootvals)
                   else V.mlint(i))
    return words, rootvals


@pytest.mark.parametrize("arch", ["x86", "sparc"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=heap, second=heap)
def test_collections_are_the_reference(arch, first, second):
    m = Machine(_IMG, arch=make_arch(arch), creation_space=4096 * 4, generations=3)
    gc = m.gc
    objs, roots, regroots = first
    words, rootvals = fill(m, objs, [], roots)
    if 4 * len(words) > gc.creation_bytes:
        return
    regs = [V.mlint(3)] + [rootvals[i % len(rootvals)] for i in range(len(regroots))]
    check_collection(m, [(gc.creation_start, words, 0)], 0, regs)
    # the survivors are generation 1 now: new objects pointing to them, and a collection
    # of generations 0 and 1 together (areas of both; survivors to generations 1 and 2)
    old = [m.word(M.GLOBALS + 4 * i) for i in range(NG)]
    old = [v for v in old if v & 1]
    objs2, roots2, regroots2 = second
    words2, rootvals2 = fill(m, objs2, old, roots2)
    if 4 * len(words2) > gc.creation_bytes:
        return
    areas = [(gc.creation_start, words2, 0)]
    for b in gc.gens[1]:
        n = (b.top - b.start) // 4
        areas.append((b.start, [m.word(b.start + 4 * i) for i in range(n)], 1))
    regs2 = [rootvals2[i % len(rootvals2)] for i in range(len(regroots2))] + old[:1]
    check_collection(m, areas, 1, regs2)


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_a_list_spine_is_the_reference(arch):
    """Pairs only (no owner table), across two areas, with the head of the list in a
    register and its middle on the globals."""
    m = Machine(_IMG, arch=make_arch(arch), creation_space=4096 * 4, generations=3)
    gc = m.gc
    objs = [("pair", [("int", i, 0), ("ptr", i - 1, 0) if i else ("int", 0, 0)])
            for i in range(1500)]
    words, _ = fill(m, objs, [], [("ptr", 700, 0)])
    head = gc.creation_start + 8 * 1499 + 1
    check_collection(m, [(gc.creation_start, words, 0)], 0, [head])
    old = [m.word(M.GLOBALS)]
    objs2 = [("pair", [("int", 5, 0), ("ptr", 0, 0)]), ("pair", [("ptr", 0, 0), ("ptr", 3, 0)])]
    words2, _ = fill(m, objs2, old, [("ptr", 1, 0)])
    areas = [(gc.creation_start, words2, 0)] + [
        (b.start, [m.word(b.start + 4 * i) for i in range((b.top - b.start) // 4)], 1)
        for b in gc.gens[1]]
    check_collection(m, areas, 1, [])
