"""SPARC end to end: ``profkit run --arch sparc`` prints what Poly/ML prints, with the same
heap behaviour as x86 (same collections, same words copied), through the tag-overflow
trap; counted (sliced) runs, where unicorn needs its jmpl workaround, give the same."""

from __future__ import annotations

import glob
import io
import os

import pytest

from profkit import runner
from profkit.backends.mlworks.runtime import arch_sparc
from profkit.backends.mlworks.codegen import sparc as codegen_sparc, x86 as codegen_x86
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.errors import GuestRuntimeError
from profkit.options import parse_run_args
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "sml")
HERE = os.path.dirname(__file__)
LOCAL = sorted(glob.glob(os.path.join(HERE, "programs", "*.sml")))


def run_cli(path: str, *extra: str) -> tuple[int, str, str]:
    cfg = parse_run_args([path, "--backend", "mlworks", "--arch", "sparc",
                          "--outdir", "/tmp/profkit-sparc-tests", *extra])
    out, err = io.StringIO(), io.StringIO()
    status = runner.run(cfg, plugins=[plugin], load_entrypoints=False, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def expected(name: str) -> str:
    with open(f"{REF}/out/{name}.polyml.txt") as f:
        return f.read()


@pytest.mark.parametrize("name", ["nfib", "closures", "partial"])  # records/lists: ~20 s
def test_reference_programs(name):
    status, out, _ = run_cli(f"{REF}/programs/{name}.sml")
    assert (status, out) == (0, expected(name))


def test_small_creation_space():
    status, out, _ = run_cli(f"{REF}/programs/closures.sml", "--creation-space", "16k")
    assert (status, out) == (0, expected("closures"))


@pytest.mark.parametrize("path", LOCAL, ids=os.path.basename)
def test_front_end_programs(path):
    _, out, _ = run_cli(path)
    with open(path[:-4] + ".out") as f:
        assert out == f.read()


def machine(src: str, arch: str, **kw) -> tuple[Machine, io.StringIO]:
    prog = compile_sml(src, "t.sml")
    cg = codegen_sparc if arch == "sparc" else codegen_x86
    out = io.StringIO()
    return Machine(cg.generate(prog, M.STATIC), arch=make_arch(arch), stdout=out, **kw), out


def ref_source(name: str) -> str:
    with open(f"{REF}/programs/{name}.sml") as f:
        return f.read()


def test_same_collector_work_as_x86():
    src = ref_source("closures")
    results = {}
    for arch in ("x86", "sparc"):
        m, out = machine(src, arch, creation_space=16 << 10)
        assert m.run() == 0
        results[arch] = (out.getvalue(), m.gc.collections, m.gc.words_copied,
                         m.slot(M.SLOT_GC_BASE) - m.gc.creation_start)
    # same allocation sizes, so the same collections at the same points and the same
    # creation-space fill at exit; survivors differ only by what stale registers/stack
    # slots of the two code generators keep alive (a few words)
    sx, ss = results["x86"], results["sparc"]
    assert (ss[0], ss[1], ss[3]) == (sx[0], sx[1], sx[3])
    assert abs(ss[2] - sx[2]) <= sx[2] // 100
    assert ss[1][0] > 0  # the trap did enter the collector


def test_gc_through_the_tag_overflow_trap():
    src = ("fun build 0 acc = acc | build n acc = build (n - 1) (n :: acc)\n"
           "fun sum [] = 0 | sum (x :: xs) = x + sum xs\n"
           "val _ = print (Int.toString (sum (build 5000 [])) ^ \"\\n\")\n")
    m, out = machine(src, "sparc", creation_space=4096)
    assert m.run() == 0 and out.getvalue() == "12502500\n"
    assert m.arch.traps > 0 and m.gc.collections[0] > 0
    assert isinstance(m.arch, arch_sparc.SPARC)


def test_large_object_bigger_than_the_creation_space():
    fields = ", ".join(str(i) for i in range(100))  # 408 bytes > 256-byte creation space
    src = f"val r = ({fields})\nval _ = print (Int.toString (#100 r + #1 r) ^ \"\\n\")\n"
    m, out = machine(src, "sparc", creation_space=256)
    assert m.run() == 0 and out.getvalue() == "99\n"
    assert m.gc.large


SMALL = ("fun nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2)\n"
         "fun build 0 acc = acc | build n acc = build (n - 1) ((n, n) :: acc)\n"
         "fun len [] = 0 | len (_ :: xs) = 1 + len xs\n"
         "fun loop 0 t = t | loop k t = loop (k - 1) (t + len (build 200 []))\n"
         "val _ = print (Int.toString (nfib 15) ^ \" \" ^ Int.toString (loop 100 0) ^ \"\\n\")\n")


def test_counted_slices_resume_correctly():
    """emu_start(count=N) stops anywhere, delay slots included; jmpl is emulated."""
    for units in (31, 997):
        m, out = machine(SMALL, "sparc", creation_space=4096)
        pcs = []
        assert m.run(slice_units=units, on_slice=pcs.append) == 0
        assert out.getvalue() == "987 20000\n"
        assert len(pcs) > 100 and m.gc.collections[0] > 0
        in_delay_slot = [pc for pc in pcs if arch_sparc._is_cti(m.uc.word_be(pc - 4))]
        assert in_delay_slot  # some stops did land in a delay slot


def test_uncaught_exception_and_handlers():
    src = ("exception E of int\n"
           "fun f n = if n > 2 then raise E n else n\n"
           "val _ = print (Int.toString ((f 5) handle E k => k * 10) ^ \"\\n\")\n"
           "val _ = print (Int.toString (7 div 0) ^ \"\\n\")\n")
    m, out = machine(src, "sparc")
    with pytest.raises(GuestRuntimeError, match="Exception- Div raised"):
        m.run()
    assert out.getvalue() == "50\n"


def test_arithmetic_and_reals_agree_with_x86():
    src = ("val xs = [7, ~7, 3, ~3]\n"
           "fun show f = String.concat (map (fn a => String.concat (map (fn b => "
           "Int.toString (f (a, b)) ^ \" \") xs)) xs)\n"
           "val _ = print (show (fn (a, b) => a div b) ^ \"\\n\")\n"
           "val _ = print (show (fn (a, b) => a mod b) ^ \"\\n\")\n"
           "val _ = print (show (fn (a, b) => a * b - a) ^ \"\\n\")\n"
           "val rs = [2.5, ~2.5, 3.5, 1.25, ~0.75]\n"
           "val _ = app (fn r => print (Int.toString (floor r) ^ \" \" ^ "
           "Int.toString (ceil r) ^ \" \" ^ Int.toString (round r) ^ \" \" ^ "
           "Int.toString (trunc r) ^ \" \" ^ Real.toString (r * r + 1.0 / r) ^ \" \" ^ "
           "Real.toString (Math.sqrt (abs r)) ^ \"\\n\")) rs\n"
           "val _ = print (Int.toString ((536870911 + 1) handle Overflow => ~1) ^ \"\\n\")\n")
    outs = {}
    for arch in ("x86", "sparc"):
        m, out = machine(src, arch)
        m.run()
        outs[arch] = out.getvalue()
    assert outs["sparc"] == outs["x86"] and outs["x86"].count("\n") == 9


def test_events_and_ticks_match_x86(tmp_path):
    """Ticks, censuses and object rows under counted slices (+RTS -i -V), as on x86."""
    from profkit.testing import Recorder

    src = tmp_path / "small.sml"
    src.write_text(SMALL)
    rows = {}
    for arch in ("x86", "sparc"):
        rec = Recorder()
        cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--creation-space",
                              "16k", "--outdir", str(tmp_path / arch), str(src),
                              "+RTS", "-i0.0005", "-V0.0002"])
        out = io.StringIO()
        status = runner.run(cfg, plugins=[plugin, rec], stdout=out, load_entrypoints=False)
        assert status == 0 and out.getvalue() == "987 20000\n"
        names = [c[0] for c in rec.calls]
        assert names.count("tick") > 5 and names.count("census") >= 1
        allocs, deaths = rec.rows("alloc"), rec.rows("death")
        assert sorted(deaths["obj"].tolist()) == list(range(len(allocs)))
        rows[arch] = len(allocs)
    # every object gets a header row on both targets: the same number of objects
    assert rows["sparc"] == rows["x86"] > 20_000


def test_jmpl_emulation_performs_an_alu_delay_slot():
    """A ``jmpl`` whose delay slot is ``or %g0, 8, %g4`` (a patched allocation site's
    shape), hooked after the code was written, in a counted run."""
    from unicorn import sparc_const as S

    from profkit.backends.mlworks.codegen import asm_sparc as A

    m, _ = machine("val _ = ()\n", "sparc")
    base = M.STATIC + 0x00E00000  # free static space
    code = A.assemble([A.SetImm("%g3", f"#{base + 0xF8:#x}"), "jmpl %g3+8, %l2",
                       "or %g0, 8, %g4", "nop"]).link_be(base)
    target = A.assemble(["add %g4, 1, %l3", "nop"]).link_be(base + 0x100)
    raw = m.uc.raw
    raw.mem_write(base, code)
    raw.mem_write(base + 0x100, target)
    m.arch.emulate_jmpl_at(base + 8)
    raw.reg_write(S.UC_SPARC_REG_PSR, arch_sparc.PSR_EF_ET)
    raw.emu_start(base, base + 0x108, 0, 50)  # counted: unicorn's own jmpl would fail
    assert raw.reg_read(S.UC_SPARC_REG_L2) == base + 8  # link
    assert raw.reg_read(S.UC_SPARC_REG_G4) == 8  # delay slot performed
    assert raw.reg_read(S.UC_SPARC_REG_L3) == 9  # target reached
