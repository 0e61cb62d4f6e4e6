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
    if VC.compiled("stackscan", SS.C_SOURCE) is None:
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


def test_c_scan_grows_its_buffers_and_skips_handler_frames():
    """``scan_frames`` on a hand-made stack: return addresses are frames, outermost first;
    a handler frame's code word is not (600 handler frames: the skip buffer grows), the
    frame buffers grow (3000 frames), and the part equal to the previous scan is found."""
    import types

    import numpy as np

    from profkit.backends.mlworks.runtime import memory as M

    if VC.compiled("stackscan", SS.C_SOURCE) is None:
        pytest.skip("no C compiler")

    class Item:
        def __init__(self, offset, size):
            self.offset, self.size = offset, size

    base = 0x100000
    items = [Item(0, 64), Item(64, 64)]
    ram = np.zeros(M.STACK_TOP - M.STACK_LO, dtype=np.uint8)
    mem = {M.IMPLICIT + M.SLOT_HANDLER: 0}
    regs = {}
    m = types.SimpleNamespace(
        items=items, image=types.SimpleNamespace(items=items, base=base),
        code_range=(base, base + 128), arch=types.SimpleNamespace(name="x86", SP=1),
        stack=types.SimpleNamespace(lo=M.STACK_LO, _ram=ram, cpu_dtype="<u4"),
        reg32=lambda r: regs[r], slot=lambda off: mem[M.IMPLICIT + off],
        uc=types.SimpleNamespace(_uch=None))
    sc = SS.StackScanner.__new__(SS.StackScanner)
    sc.m = m
    sc.order = np.array([0, 1])
    sc.starts = np.array([base, base + 64])
    sc.ends = np.array([base + 64, base + 128])
    sc.lo, sc.hi = m.code_range
    # a handler code address (a label of item 1): a word holding it is never a frame
    sc.handler_codes = np.array([base + 64 + 40], dtype=np.int64)
    c = SS._CScan.__new__(SS._CScan)
    # (the handler slot is read through uc_mem_read: give the C side a reader of `mem`)
    import ctypes

    READ = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p,
                            ctypes.c_uint64)

    def rd(_uc, addr, buf, n):
        ctypes.memmove(buf, int(mem.get(addr, 0)).to_bytes(4, "little"), n)
        return 0

    reader = READ(rd)
    import unicorn.unicorn_py3.unicorn as U

    real = U.uclib
    U.uclib = types.SimpleNamespace(uc_mem_read=reader)
    try:
        SS._CScan.__init__(c, sc)
    finally:
        U.uclib = real
    assert c.ok

    words = ram.view("<u4")
    top = M.STACK_TOP

    def put(a, v):
        words[(a - M.STACK_LO) >> 2] = v

    n = 3000  # more frames than the first buffers (256 words) hold
    sp = top - 8 * n - 600 * 16
    regs[1] = sp
    for k in range(n):
        put(top - 8 - 8 * k, base + 8 + (k % 2) * 64)  # return addresses
        put(top - 4 - 8 * k, 0x1001)  # (a heap pointer)
    # 600 nested handler frames below them: {previous, handler code, closure, sp}
    prev = 0
    for j in range(600):
        h = top - 8 * n - 16 * (j + 1)
        put(h, prev)
        put(h + 4, base + 64 + 12)  # handler code: inside an item, but not a frame
        prev = h
    put(sp - 4, base + 12)  # below SP: not scanned
    mem[M.IMPLICIT + M.SLOT_HANDLER] = prev
    a, v, it, k = c.frames()
    assert len(a) == n and k == 0
    assert list(a[:3]) == [top - 8, top - 16, top - 24]
    assert list(it[:4]) == [0, 1, 0, 1]
    assert len(c.skip) >= 600
    put(top - 8 * n, base + 20)  # the innermost return address: now in item 0
    a2, v2, it2, k2 = c.frames()
    assert len(a2) == n and k2 == n - 1 and it[-1] == 1 and it2[-1] == 0
    assert list(it2[:-1]) == list(it[:-1])
    assert c.frames()[3] == n  # unchanged: all of it is the previous scan's
    # a popped handler frame's code word (on no handler chain) between two frames
    put(top - 4 - 8 * 7, base + 64 + 40)
    a3, _v3, it3, _k3 = c.frames()
    assert len(a3) == n and list(it3) == list(it2)
