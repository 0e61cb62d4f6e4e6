"""Call counting and use recording by emulated code (profiling/instrument.py; issue 11).

The instruction sequences the code generator's walker emits are run here on bare unicorn
CPUs of both architectures; the use table is read back with the readers the collector's
tracker uses; the tracker's folding of the table into ``last_use`` is exercised on real
runs by flagging objects the way instrumented code does (a byte at ``USE_TABLE + v>>3``);
and the reference interpreter's counting mode is checked against closed forms.
"""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

import numpy as np
import pytest
from unicorn import UC_ARCH_SPARC, UC_ARCH_X86, UC_MODE_32, UC_MODE_BIG_ENDIAN, Uc
from unicorn import UC_MODE_SPARC32, UC_PROT_ALL
from unicorn import sparc_const as S
from unicorn import x86_const as X

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.codegen import asm_sparc, asm_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.profiling import instrument as I
from profkit.backends.mlworks.runtime import memory as M
from profkit.hookspecs import hookimpl
from profkit.options import parse_run_args
from profkit.plugins import heapprof, ldvu
from profkit.plugins.hpfile import read_hp

sys.path.insert(0, str(Path(__file__).parent))
from ir_interp import run_program  # noqa: E402

CODE = 0x00100000
V_PTR = 0x01010025  # a POINTER-tagged value: object at 0x01010020
V_PAIR = 0x01010031  # a PAIRPTR-tagged value: object at 0x01010030
V_REF = 0x0101004B  # a REFPTR-tagged value: object at 0x01010048
V_INT = 0x01010040  # an integer whose bits look like an address in the heap


class _W:  # what the hooks read from the walker
    def __init__(self, arch):
        self.ARCH = arch


class _Loc:
    def __init__(self, kind, reg):
        self.kind, self.reg, self.item, self.site, self.index = kind, reg, "f", 1, 0


class _Site:
    def __init__(self, kind, item):
        self.kind, self.item, self.site, self.callee, self.tail = kind, item, 1, item, True


def _map(uc):
    uc.mem_map(CODE, 0x1000, UC_PROT_ALL)
    uc.mem_map(M.CALL_COUNTS, 0x1000, UC_PROT_ALL)
    uc.mem_map(M.use_entry(0x01000000), 0x1000000, UC_PROT_ALL)


def _x86(insns, regs):
    uc = Uc(UC_ARCH_X86, UC_MODE_32)
    _map(uc)
    code = asm_x86.assemble(insns).link(CODE)
    uc.mem_write(CODE, code)
    for r, v in regs.items():
        uc.reg_write(getattr(X, f"UC_X86_REG_{r.upper()}"), v)
    uc.emu_start(CODE, CODE + len(code))
    return uc


def _sparc(insns, regs):
    uc = Uc(UC_ARCH_SPARC, UC_MODE_SPARC32 | UC_MODE_BIG_ENDIAN)
    _map(uc)
    code = asm_sparc.assemble(insns).link_be(CODE)
    uc.mem_write(CODE, code)
    for r, v in regs.items():
        uc.reg_write(getattr(S, f"UC_SPARC_REG_{r.upper()}"), v)
    uc.emu_start(CODE, CODE + len(code))
    return uc


def _flag(uc, v):
    """The flag of the granule ``v`` points into (any of its 8 bytes)."""
    return any(uc.mem_read(M.use_entry(v & ~7), 8))


def _hooks(arch, regs):
    ins = I.Instrumentation(arch, calls=True, uses=True)
    w = _W(arch)
    r = [("%" + x) if arch == "sparc" else x for x in regs]
    seq = (ins.on_entry(w, "f") + ins.on_entry(w, "g") + ins.on_call(w, _Site("self_tail", "f"))
           + ins.on_call(w, _Site("closure", "f")) + ins.on_use(w, _Loc("call", r[0]))
           + ins.on_use(w, _Loc("select", r[1])) + ins.on_use(w, _Loc("is_int", r[2]))
           + ins.on_use(w, _Loc("is_int", r[3])) + ins.on_use(w, _Loc("deref", r[0]))
           + ins.on_use(w, _Loc("switch", r[2])))
    return ins, seq


def test_x86_hooks_count_entries_and_flag_exactly_the_used_objects():
    regs = {"ebp": V_PTR, "ebx": V_PAIR, "edx": V_INT, "eax": V_REF, "edi": 0x01010055}
    ins, seq = _hooks("x86", regs)
    uc = _x86(seq, regs)
    counts = struct.unpack("<2I", uc.mem_read(M.CALL_COUNTS, 8))
    assert counts == (2, 1) and ins.items == ["f", "g"]  # the self tail call counts
    for v in (V_PTR, V_PAIR, V_REF, 0x01010055):  # 0x..55: the self tail call's closure
        assert _flag(uc, v)
    assert not _flag(uc, V_INT)
    for r, v in regs.items():  # hook code keeps every register
        assert uc.reg_read(getattr(X, f"UC_X86_REG_{r.upper()}")) == v


def test_sparc_hooks_count_entries_and_flag_exactly_the_used_objects():
    regs = {"o1": V_PTR, "o0": V_PAIR, "l0": V_INT, "l1": V_REF, "i1": 0x01010055}
    ins, seq = _hooks("sparc", regs)
    uc = _sparc(seq, regs)
    assert struct.unpack(">2I", uc.mem_read(M.CALL_COUNTS, 8)) == (2, 1)
    for v in (V_PTR, V_PAIR, V_REF, 0x01010055):
        assert _flag(uc, v)
    assert not _flag(uc, V_INT)
    for r, v in regs.items():
        assert uc.reg_read(getattr(S, f"UC_SPARC_REG_{r.upper()}")) == v


def test_no_instructions_when_the_scheme_is_off():
    ins = I.Instrumentation("x86", calls=False, uses=False)
    w = _W("x86")
    assert ins.on_entry(w, "f") == [] and ins.on_use(w, _Loc("select", "ebx")) == []
    assert ins.on_call(w, _Site("self_tail", "f")) == []
    with pytest.raises(ValueError):
        I.sparc_use("%g3")


def test_use_table_maps_flagged_granules_to_their_objects():
    class Fake:
        def __init__(self):
            self.uc = Uc(UC_ARCH_X86, UC_MODE_32)
            self.heap_space = M.HeapSpace(self.uc)
            self.heap_space._ensure_mapped(0x01020000)
            self.heap_space.map_use_table()

    f = Fake()
    ut = I.UseTable(f)
    start = 0x01010000
    starts = np.array([0, 2, 6, 8], dtype=np.int64)  # words: objects of 8, 16, 8, 8 bytes
    f.uc.mem_write(M.use_entry(start + 8 + 1), b"\x01")  # object 1 (pair tag)
    f.uc.mem_write(M.use_entry(start + 16 + 5), b"\x01")  # interior of object 1
    f.uc.mem_write(M.use_entry(start + 32 + 3), b"\x01")  # object 3 (ref tag)
    assert ut.used_objects(start, start + 40, starts).tolist() == [1, 3]
    assert ut.used_objects(start, start + 40, starts).tolist() == []  # cleared


def test_use_table_pages_do_not_share_the_emulator_tlb_entry_of_their_heap_page():
    """The emulator's TLB is direct-mapped, indexed by page number modulo a power of two:
    a use table an even number of pages above the heap puts a heap page and its table page
    on the same entry for some TLB size (at 0x80000000, for all of them), and every use then
    evicts the page being used (x86 use recording went from 1.2x to 1.5-1.6x an unrecorded
    run; bench/bench_ml_schemes.py). An odd page distance differs in the lowest index bit."""
    heap_page, table_page = M.HEAP_LO >> 12, M.use_entry(M.HEAP_LO) >> 12
    distance = table_page - heap_page
    assert distance % 2 == 1
    for bits in range(1, 21):  # every power-of-two TLB size up to a million entries
        assert distance % (1 << bits) != 0
    # and the table still fits the address space and keeps granules and SPARC's sethi
    assert M.use_entry(M.HEAP_HI - 1) > M.use_entry(M.HEAP_LO)
    assert M.USE_TABLE % 8 == 0 and M.USE_TABLE & 0x3FF == 0


# ---------------------------------------------------------------- the tracker's folding
PROG = """
fun mk i = (i, i + 1)
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, mk n :: acc)
fun len ([], k) = k
  | len (_ :: r, k) = len (r, k + 1)
fun go (0, s) = s
  | go (n, s) = go (n - 1, (s + len (build (300, []), 0)) mod 1000)
val () = print (Int.toString (go (60, 0)) ^ "\\n")
"""


class _Grab:
    @hookimpl
    def profkit_session_finish(self, session):
        self.session = session


def _run(tmp_path, rts, flag_all: bool, monkeypatch, arch="x86"):
    """Run PROG; with ``flag_all`` every object in the creation space is flagged as used
    just before each collection, as instrumented code would after touching them."""
    from profkit.backends.mlworks import backend as B
    from profkit.backends.mlworks.runtime.machine import Machine

    src = tmp_path / "p.sml"
    src.write_text(PROG)
    orig_gen, orig_collect = B.MLWorksBackend._generate, Machine.collect

    def gen(self, codegen, cfg, arch_, session=None):
        # uninstrumented code, but the use tables mapped and read as if instrumented
        image = codegen.generate(self.program, M.STATIC)
        if B.needs_uses(cfg, session):
            self.instrumentation = I.Instrumentation(arch_, calls=False, uses=True)
        return image

    def collect(self, creation_top, full=False):
        if flag_all and self.tracker is not None and self.tracker.use_table is not None:
            lo = self.gc.creation_start
            raw = getattr(self.uc, "raw", self.uc)  # (SPARC: bytes as the CPU stores them)
            raw.mem_write(M.use_entry(lo), b"\x01" * (creation_top - lo))
        return orig_collect(self, creation_top, full)

    monkeypatch.setattr(B.MLWorksBackend, "_generate", gen)
    monkeypatch.setattr(Machine, "collect", collect)
    cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--outdir", str(tmp_path),
                          "--creation-space", "16k", str(src), "+RTS", *rts, "-RTS"])
    out, grab = io.StringIO(), _Grab()
    status = runner.run(cfg, plugins=[plugin, heapprof, ldvu, grab], stdout=out,
                        load_entrypoints=False)
    assert status == 0 and out.getvalue() == "0\n"
    return grab.session


def _samples(path):
    """The non-empty samples' bands (plugins.hpfile, the reader hp2ps-style tools use)."""
    return [dict(s.bands) for s in read_hp(str(path)).samples if s.bands]


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_flags_become_last_use_eras_and_bands_still_sum_to_the_hc_total(
        tmp_path, monkeypatch, arch):
    _run(tmp_path, ["-hc", "-hb", "-i0.002"], True, monkeypatch, arch)
    hc = _samples(tmp_path / "p.hp")
    hb = _samples(tmp_path / "p.hb.hp")
    assert len(hc) == len(hb) and len(hb) >= 4
    for a, b in zip(hc, hb):
        assert sum(a.values()) == sum(b.values())
    # every object was flagged at its first collection: nothing is VOID
    assert all(s.get("VOID", 0) == 0 for s in hb)
    assert sum(s.get("USE", 0) + s.get("DRAG", 0) for s in hb) > 0


def test_without_flags_every_data_object_is_void(tmp_path, monkeypatch):
    _run(tmp_path, ["-hb", "-i0.002"], False, monkeypatch)
    hb = _samples(tmp_path / "p.hp")
    assert sum(s["VOID"] for s in hb) > 0
    assert all(s["USE"] == 0 and s["DRAG"] == 0 for s in hb)


# ---------------------------------------------------------------- the interpreter
def test_interpreter_counts_every_entry_and_use():
    prog = compile_sml("fun nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)\n"
                       "val () = print (Int.toString (nfib 15) ^ \"\\n\")\n", "n.sml")
    r = run_program(prog, count=True)
    assert r.stdout == "987\n"
    assert r.calls["nfib[n.sml:1]"] == 2 * 987 - 1
    assert r.uses["enter"] == sum(r.calls.values())
    prog = compile_sml(PROG, "p.sml")
    r = run_program(prog, count=True)
    assert r.calls["mk[p.sml:2]"] == 60 * 300
    assert r.calls["len[p.sml:5]"] == 60 * 301  # self tail calls count as entries
    allocated, used = r.objects
    assert allocated > 60 * 300 and used < allocated  # the (i, i + 1) pairs are never read


class _LastUseCensus:
    """A census scheme that reads last use without implementing a use/death hook: it
    must declare it (docs/writing-schemes.md), on MLWorks as on the STG machine."""

    def __init__(self, declare: bool):
        if declare:
            self.needs_last_use = True
        self.used = []

    @hookimpl
    def profkit_census(self, session, census):
        self.used.append(int((census.col("last_use") > 0).sum()))


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_a_census_scheme_declaring_needs_last_use_gets_uses_on_mlworks(tmp_path, arch):
    src = tmp_path / "p.sml"
    src.write_text(PROG)
    seen = {}
    for declare in (True, False):
        cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--outdir",
                              str(tmp_path), str(src), "+RTS", "-hc", "-i0.002", "-RTS"])
        scheme, grab = _LastUseCensus(declare), _Grab()
        assert runner.run(cfg, plugins=[plugin, heapprof, scheme, grab],
                          stdout=io.StringIO(), load_entrypoints=False) == 0
        inst = grab.session.backend.instrumentation
        seen[declare] = (inst is not None and inst.uses, scheme.used)
    (instr, used), (instr_off, used_off) = seen[True], seen[False]
    # declared: the code records uses, and the censuses see objects with a last use
    assert instr and len(used) >= 3 and max(used) > 0
    # not declared (and -hc alone reads no last use): no use recording, last use all 0
    assert not instr_off and len(used_off) >= 3 and max(used_off) == 0
