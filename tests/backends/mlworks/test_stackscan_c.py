"""The stack scan in C (profiling/stackscan.py ``C_SOURCE``) finds the same frames and
keeps the same MLWorks time statistics as the Python scan, tick by tick, on x86 and SPARC:
handler frames (more than the C side's first skip buffer holds), deep stacks (its frame
buffers grow), SPARC's %o7 frame, caller chains (``--profile-manner`` depth), first-entry
scans (``-p``) and the incremental reuse of the previous scan's outermost frames."""

from __future__ import annotations

import io

import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.profiling import stackscan as SS
from profkit.backends.mlworks.runtime import vclock as VC
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, mlworks_space

# nested handlers (100 handler frames live at once), deep non-tail recursion, closures,
# mutual recursion, and a leaf that allocates (SPARC: a caller only in %o7)
PROGRAM = r"""
fun guard (0, acc) = acc
  | guard (n, acc) = (guard (n - 1, acc + 1) handle Div => 0) + 1
fun deep 0 = [] | deep n = (n mod 7, n) :: deep (n - 1)
fun len ([], k) = k | len (_ :: r, k) = len (r, k + 1)
fun even 0 = true | even n = odd (n - 1)
and odd 0 = false | odd n = even (n - 1)
fun pair x = (x, x + 1)
fun spin (0, s) = s
  | spin (k, s) = spin (k - 1, (s + #1 (pair k) + guard (100, 0)) mod 9973)
fun loop (0, acc) = acc
  | loop (k, acc) =
      loop (k - 1, acc + len (deep 3000, 0) + spin (40, 0) + (if even k then 1 else 0))
val () = print (Int.toString (loop (6, 0)) ^ "\n")
"""

SCHEMES = [
    (["--profile", "{d}/m.txt", "--profile-manner", "3"], ["-p", "-V0.00002"]),
    (["--profile", "{d}/m.txt", "--profile-manner", str(2 | 3 << 16)], ["-P", "-V0.00005"]),
]


def _run(tmp_path, arch: str, opts, rts, use_c: bool, monkeypatch) -> tuple:
    """(status, output, [stack id of every scan], {report: bytes})."""
    d = tmp_path / ("c" if use_c else "py")
    d.mkdir()
    src = d / "p.sml"
    src.write_text(PROGRAM)
    scans: list[tuple[int, bool]] = []
    init, scan = SS.StackScanner.__init__, SS.StackScanner.scan

    def init_(self, *a, **k):
        k["use_c"] = use_c
        init(self, *a, **k)
        assert (self._c is not None) == use_c

    def scan_(self, pc, tick=True):
        s = scan(self, pc, tick)
        scans.append((s, tick))
        return s

    monkeypatch.setattr(SS.StackScanner, "__init__", init_)
    monkeypatch.setattr(SS.StackScanner, "scan", scan_)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    argv = ["--backend", "mlworks", "--arch", arch, "--outdir", str(d),
            *[o.format(d=d) for o in opts], str(src), "+RTS", *rts, "-RTS"]
    out = io.StringIO()
    status = runner.run(parse_run_args(argv), plugins=[plugin, ccprof, heapprof, ldvu,
                                                       mlworks_space],
                        stdout=out, load_entrypoints=False)
    reports = {f.name: f.read_bytes() for f in sorted(d.iterdir()) if f.name != "p.sml"}
    monkeypatch.undo()
    return status, out.getvalue(), scans, reports


@pytest.mark.parametrize("arch", ["x86", "sparc"])
@pytest.mark.parametrize("scheme", range(len(SCHEMES)))
def test_c_scan_equals_the_python_scan(tmp_path, monkeypatch, arch, scheme):
    if VC.compiled("framewalk", SS.C_SOURCE) is None:
        pytest.skip("no C compiler")
    opts, rts = SCHEMES[scheme]
    c = _run(tmp_path, arch, opts, rts, True, monkeypatch)
    py = _run(tmp_path, arch, opts, rts, False, monkeypatch)
    assert c[0] == py[0] == 0
    assert c[1] == py[1] and c[1].strip()
    assert sum(t for _s, t in c[2]) > 50  # ticks scanned
    assert c[2] == py[2]  # every scan gave the same stack
    assert c[3] == py[3] and "m.txt" in c[3]  # every report byte for byte
    assert b"guard" in c[3]["m.txt"]


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_the_frame_walk_reads_frames_not_slots(arch):
    """``walk_frames`` (C) and ``FrameWalk.walk`` (Python) on a hand-made stack of 3000
    frames of two items with different frame sizes: each frame's return word is where the
    frame sizes put it, a return address left in a slot is not a frame (the word scan took
    it for one), the buffers grow, and the part equal to the previous walk is found."""
    import types

    import numpy as np

    from profkit.backends.mlworks.profiling.framewalk import FrameWalk
    from profkit.backends.mlworks.runtime import memory as M

    if VC.compiled("framewalk", SS.C_SOURCE) is None:
        pytest.skip("no C compiler")
    sparc = arch == "sparc"
    base = 0x100000

    class Item:
        def __init__(self, offset, size, frame):
            self.offset, self.size, self.frame_words = offset, size, frame
            self.code_start, self.code_end = base + offset + 8, base + offset + size
            self.epilogues, self.raise_jump = (), 0

    items = [Item(0, 64, 4), Item(64, 64, 6)]
    ram = np.zeros(M.STACK_TOP - M.STACK_LO, dtype=np.uint8)
    words = ram.view("<u4")
    m = types.SimpleNamespace(
        items=items, image=types.SimpleNamespace(items=items, base=base),
        code_range=(base, base + 128), arch=types.SimpleNamespace(name=arch, SP=1),
        stack=types.SimpleNamespace(lo=M.STACK_LO, _ram=ram, cpu_dtype="<u4"),
        read=lambda a, n: ram[a - M.STACK_LO: a - M.STACK_LO + n].tobytes()
        if a >= M.STACK_LO else bytes(n))
    sc = SS.StackScanner.__new__(SS.StackScanner)
    sc.m, sc.sparc = m, sparc
    sc.order = np.array([0, 1])
    sc.starts = np.array([base, base + 64])
    sc.ends = np.array([base + 64, base + 128])

    def item_at(w):
        return 0 if base + 8 <= w < base + 64 else 1 if base + 72 <= w < base + 128 else -1

    sc.walk = FrameWalk(m, items, sc.order, item_at)
    c = SS._CScan.__new__(SS._CScan)
    SS._CScan.__init__(c, sc)
    assert c.ok

    def put(a, v):
        words[(a - M.STACK_LO) >> 2] = v

    top = M.STACK_TOP
    n = 3000  # more frames than the first buffers (256) hold
    # outermost first: frame k belongs to item k % 2, called from item (k - 1) % 2
    sizes = [items[k % 2].frame_words + (0 if sparc else 2) for k in range(n)]
    below = np.cumsum(sizes)  # words from frame k's lowest word (ESP / %sp) to the top
    frames = []
    for k in range(n):
        b = top - 4 * int(below[k])
        loc = b if sparc else b + 4 * (items[k % 2].frame_words + 1)
        put(loc, base + 8 + 4 * (k % 5) + ((k - 1) % 2) * 64)  # into the caller's item
        put(b + 8 if sparc else b, base + 64 + 24)  # a stale return address in a slot
        frames.append((loc, k))
    inner_sp = top - 4 * int(below[-1])
    owner = items[(n - 1) % 2].frame_words
    a0 = inner_sp if sparc else inner_sp + 4 * (items[(n - 1) % 2].frame_words + 1)

    def c_walk():
        while True:
            k = c.lib.walk_frames(c.ref, a0, owner)
            if k >= 0:
                break
            c._grow(2 * c.st.cap)
        cur = c.st.cur
        a, v, it = (b[:c.st.n[cur]] for b in c.bufs[cur])
        return list(a), list(v), list(it), k

    a, v, it, k = c_walk()
    assert a == [loc for loc, _k in frames] and k == 0
    assert it == [(k_ - 1) % 2 for _loc, k_ in frames]
    assert (a, v, it) == sc.walk.walk(inner_sp, top, a0, owner)
    # the innermost frame returns to another call site of the same item
    put(frames[-1][0], base + 48 + it[-1] * 64)
    a2, v2, it2, k2 = c_walk()
    assert a2 == a and k2 == n - 1 and it2 == it and v2[-1] != v[-1]
    assert (a2, v2, it2) == sc.walk.walk(inner_sp, top, a0, owner)
    assert sc.walk.same == n - 1  # (the Python walk stopped where the previous one was)
    assert c_walk()[3] == n  # unchanged: all of it is the previous walk's
