"""Random heaps (Hypothesis): whatever the shape, a collection keeps exactly the reachable
graph -- same objects, same fields, same sharing and cycles -- and moves it out of the
creation space."""

from __future__ import annotations

import struct

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.runtime.machine import Machine

from .asm_image import build
from .test_runtime import EPILOGUE, PROLOGUE

_IMG = build({"setup": PROLOGUE + EPILOGUE}, "setup", n_globals=8)

field = st.one_of(st.tuples(st.just("int"), st.integers(-1000, 1000)),
                  st.tuples(st.just("ptr"), st.integers(0, 10**6)))
obj = st.one_of(
    st.tuples(st.just("pair"), st.lists(field, min_size=2, max_size=2)),
    st.tuples(st.just("record"), st.lists(field, min_size=1, max_size=6)),
    st.tuples(st.just("ref"), st.lists(field, min_size=1, max_size=1)),
    st.tuples(st.just("string"), st.binary(max_size=20)),
)
heaps = st.tuples(st.lists(obj, min_size=1, max_size=60),
                  st.lists(st.integers(0, 10**6), min_size=1, max_size=8))

TAG = {"pair": V.PAIRPTR, "record": V.POINTER, "ref": V.REFPTR, "string": V.POINTER}


def encode(objs, base):
    """Lay the objects out from ``base``; pointers go to earlier objects (immutable data)
    except refs, which may point anywhere (cycles)."""
    addrs, out, pos = [], [], base
    for kind, payload in objs:
        addrs.append(pos)
        if kind == "pair":
            size = 8
        elif kind == "record":
            size = V.record_bytes(len(payload))
        elif kind == "ref":
            size = V.ref_bytes(1)
        else:
            size = V.string_bytes(len(payload) + 1)
        pos += size
    n = len(objs)

    def val(i, f):
        k, x = f
        if k == "int":
            return V.mlint(x)
        j = x % n if objs[i][0] == "ref" else (x % i if i else None)
        if j is None:
            return V.mlint(7)
        return addrs[j] + TAG[objs[j][0]]

    for i, (kind, payload) in enumerate(objs):
        if kind == "pair":
            b = struct.pack("<2I", *(val(i, f) for f in payload))
        elif kind == "record":
            ws = [V.make_header(V.RECORD, len(payload))] + [val(i, f) for f in payload]
            ws += [0] * (V.record_bytes(len(payload)) // 4 - len(ws))
            b = struct.pack(f"<{len(ws)}I", *ws)
        elif kind == "ref":
            b = struct.pack("<4I", V.make_header(V.ARRAY, 1), 0, 0, val(i, payload[0]))
        else:
            total = V.string_bytes(len(payload) + 1)
            b = struct.pack("<I", V.make_header(V.STRING, len(payload) + 1)) + payload
            b += b"\0" * (total - len(b))
        out.append(b)
    return addrs, b"".join(out), val


def check(m, objs, val, j, v, seen):
    """The heap value ``v`` is (a copy of) model object j, recursively."""
    if j in seen:
        assert seen[j] == v, "sharing changed"
        return
    seen[j] = v
    kind, payload = objs[j]
    assert v & 7 == TAG[kind]
    assert not (m.gc.creation_start <= v < m.gc.creation_end), "left in the creation space"
    if kind == "string":
        assert m.string_bytes(v) == payload
        return
    if kind == "pair":
        fields = [m.word(v - 1), m.word(v + 3)]
    elif kind == "record":
        assert m.word(v - 5) == V.make_header(V.RECORD, len(payload))
        fields = [m.word(v - 1 + 4 * i) for i in range(len(payload))]
    else:
        assert m.word(v - 3) == V.make_header(V.ARRAY, 1)
        fields = [m.word(v + 9)]
    for f, w in zip(payload, fields):
        orig = val(j, f)
        if orig & 1:
            k = next(i for i, a in enumerate(ADDRS) if a + TAG[objs[i][0]] == orig)
            check(m, objs, val, k, w, seen)
        else:
            assert w == orig


ADDRS: list[int] = []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(heaps, st.integers(0, 3))
def test_collections_preserve_the_reachable_graph(heap, level):
    objs, roots = heap
    m = Machine(_IMG, creation_space=4096 * 4)
    m.set_reg(m.arch.SP, M.STACK_START)
    base = m.gc.creation_start
    addrs, data, val = encode(objs, base)
    if len(data) > m.gc.creation_bytes:
        return
    ADDRS[:] = addrs
    m.write(base, data)
    rootvals = []
    for k, r in enumerate(roots):
        j = r % len(objs)
        rootvals.append((j, addrs[j] + TAG[objs[j][0]]))
        m.set_word(M.GLOBALS + 4 * k, rootvals[-1][1])
    # a minor collection, then one of the chosen level (older generations too)
    m.collect(base + len(data))
    if level:
        m.gc.collect(level, m.gc.creation_start, [(M.GLOBALS, 32)], [])
    seen: dict[int, int] = {}
    for k, (j, _v) in enumerate(rootvals):
        check(m, objs, val, j, m.word(M.GLOBALS + 4 * k), seen)
    # exactly the reachable objects survive
    live_words = sum(m.gc.used(g) for g in range(1, m.gc.G)) // 4
    reach_words = 0
    for j in seen:
        kind, payload = objs[j]
        reach_words += {"pair": 8, "record": V.record_bytes(len(payload)),
                        "ref": V.ref_bytes(1),
                        "string": V.string_bytes(len(payload) + 1)}[kind] // 4
    assert live_words == reach_words
