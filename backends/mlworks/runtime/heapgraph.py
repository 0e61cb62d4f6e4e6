"""The live heap as a graph for traversal schemes (retainer profiling), built right after a
full collection when some scheme set ``session.needs_graph`` (core/heap.py HeapGraph).

MLWorks's retainer policy (ARCHITECTURE.md): closures and stack frames retain. A closure's
identity is its producer (the allocating function) when the space profiler recorded one,
else the function the closure is *of* (its code pointer). A stack word's identity is the
function whose frame holds it: the code item of the nearest return address below it on the
stack (the one pushed when that function made its current call), or the function the
program counter is in for the innermost frame. Registers and globals are rooted at MAIN.

Nodes are in census order (generation blocks in order, then large objects), so node i is
``census.obj[i]``. Everything is vectorised: one ``mem_read`` per block.
"""

from __future__ import annotations

import numpy as np

from profkit.heap import HeapGraph
from profkit.tables import StackTable

from . import heapscan as HS
from . import memory as M
from .. import values as V


def build_graph(m, n_nodes: int, item_stack: dict[int, int]) -> HeapGraph | None:
    gc = m.gc
    segs = [(b.start, b.top) for g in range(1, gc.G) for b in gc.gens[g]
            if b.ids is not None]
    segs += [(a, a + n) for a, n in gc.large]
    Ws, parsed, woff, off = [], [], [], 0
    for start, top in segs:
        W = np.frombuffer(gc.read(start, top - start), dtype=np.uint32)
        p = HS.parse(W)
        if start >= M.STATIC and start < M.STATIC_END:  # a large object: exactly one
            p = HS.Parsed(p.starts[:1], np.array([len(W)]), p.hdr[:1], p.scan_lo[:1],
                          np.minimum(p.scan_hi[:1], len(W)))
        Ws.append(W)
        parsed.append(p)
        woff.append(off)
        off += len(W)
    if not segs:
        return HeapGraph(np.zeros(1, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64),
                         np.zeros(0, np.int64), np.zeros(0, bool), np.zeros(0, np.int64))
    W_all = np.concatenate(Ws)
    starts = np.concatenate([p.starts + o for p, o in zip(parsed, woff)])
    sizes = np.concatenate([p.sizes for p in parsed])
    nobj = len(starts)
    if nobj != n_nodes:
        return None  # the census and the heap disagree: better no graph than a wrong one
    scan_lo = np.concatenate([p.scan_lo + o for p, o in zip(parsed, woff)])
    scan_hi = np.concatenate([p.scan_hi + o for p, o in zip(parsed, woff)])
    owner = np.repeat(np.arange(nobj, dtype=np.int64), sizes)
    seg_addr = np.array([s for s, _ in segs], dtype=np.int64)
    seg_top = np.array([t for _, t in segs], dtype=np.int64)
    order = np.argsort(seg_addr)
    sa, st, so = seg_addr[order], seg_top[order], np.asarray(woff, dtype=np.int64)[order]

    def locate(vals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        k = np.searchsorted(sa, vals, "right") - 1
        kc = np.maximum(k, 0)
        ok = (k >= 0) & (vals < st[kc]) & ((vals & 1) == 1)
        widx = np.clip(so[kc] + ((vals - sa[kc]) >> 2), 0, len(owner) - 1)
        return ok, owner[widx]

    # edges (CSR by source; sources ascend with the word positions)
    mask = HS.scan_mask(len(W_all), scan_lo, scan_hi) & ((W_all & 1) == 1)
    cand = np.flatnonzero(mask)
    ok, tgt = locate(W_all[cand].astype(np.int64))
    src = owner[cand[ok]]
    targets = tgt[ok]
    offsets = np.searchsorted(src, np.arange(nobj + 1))

    # who retains: closures
    code_lo, code_hi = m.code_range
    kinds = np.concatenate([HS.kinds(W, p, code_lo, code_hi) for W, p in zip(Ws, parsed)])
    is_ret = kinds == HS.K_CLOSURE
    items = m.items
    item_addr = np.asarray(m._item_addrs, dtype=np.int64)
    item_stk = np.array([item_stack.get(it.offset, StackTable.MAIN) for it in items] + [0],
                        dtype=np.int64)

    def stack_of_code(addrs: np.ndarray) -> np.ndarray:
        k = np.searchsorted(item_addr, addrs, "right") - 1
        inside = (k >= 0) & (addrs >= code_lo) & (addrs < code_hi)
        return np.where(inside, item_stk[np.maximum(k, 0)], StackTable.MAIN)

    first = W_all[np.minimum(starts + (np.concatenate([p.hdr for p in parsed]) != 0),
                             len(W_all) - 1)].astype(np.int64)
    own = stack_of_code(first - V.POINTER)
    prod = m.session.header.column("producer")[
        np.concatenate([b.ids for g in range(1, gc.G) for b in gc.gens[g] if b.ids is not None]
                       + [np.asarray(m.tracker.large_ids, dtype=np.int64)])]
    identity = np.where(is_ret, np.where(prod >= 0, prod, own), -1)

    # roots: the stack (identity = the frame's function), globals and registers (MAIN)
    roots, rid = [], []
    sp = m.reg(m.arch.SP)
    if m.stack.lo <= sp < M.STACK_TOP:
        w = np.frombuffer(gc.read(sp, M.STACK_TOP - sp), dtype=np.uint32).astype(np.int64)
        okr, t = locate(w)
        is_ra = (w >= code_lo) & (w < code_hi)
        ra_pos = np.flatnonzero(is_ra)
        pos = np.flatnonzero(okr)
        k = np.searchsorted(ra_pos, pos, "left") - 1
        cur = stack_of_code(np.array([m.reg(m.arch.PC)], dtype=np.int64))[0]
        fn = np.where(k >= 0, stack_of_code(w[ra_pos[np.maximum(k, 0)]] if len(ra_pos)
                                            else np.zeros(len(pos), np.int64)), cur)
        roots.append(t[okr])
        rid.append(fn)
    g = np.frombuffer(gc.read(M.GLOBALS, 4 * max(m.image.n_globals, 1)),
                      dtype=np.uint32).astype(np.int64)
    regs = np.array([m.reg(r) for r in m.arch.ROOT_REGS], dtype=np.int64)
    for vals in (g, regs):
        okr, t = locate(vals)
        roots.append(t[okr])
        rid.append(np.full(int(okr.sum()), StackTable.MAIN, dtype=np.int64))
    return HeapGraph(offsets=offsets, targets=targets, roots=np.concatenate(roots),
                     root_identity=np.concatenate(rid), is_retainer=is_ret,
                     identity=identity.astype(np.int64))
