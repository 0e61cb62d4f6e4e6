"""MLWorks space profiling on the SPARC machine: the §3b rewrite, its undo, the §4b stubs
and routines, and agreement with the x86 profile."""

from __future__ import annotations

import io
import os
import struct

import pytest

from profkit.backends.mlworks.codegen import asm_sparc as A
from profkit.backends.mlworks.profiling import spaceprof as SP
from profkit.backends.mlworks.profiling import patch_sparc as PS
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.codegen.sparc import generate as gen_sparc
from profkit.backends.mlworks.codegen.x86 import generate as gen_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.errors import UsageError

from .test_spaceprof import PAIRS, REF, run_prog

LEAFY = """
fun mk n = (n, n + 1)
fun go (0, acc) = acc
  | go (n, acc) = go (n - 1, #1 (mk n) + acc)
val () = print (Int.toString (go (500, 0)) ^ "\\n")
"""


def machine(src: str, arch: str = "sparc", creation: int = 1 << 13) -> Machine:
    gen = gen_sparc if arch == "sparc" else gen_x86
    img = gen(compile_sml(src, "t.sml"), 0x00100000)
    return Machine(img, creation_space=creation, stdout=io.StringIO(), arch=make_arch(arch))


def words_of(m: Machine) -> list[int]:
    n = m.image.vector_bytes // 4
    return list(struct.unpack(f"<{n}I", m.read(m.image.base, 4 * n)))


def test_mlworks_example_words():
    # mlworks.md §3b: 83106008 9000a001 8400a008 <-> 8bc16038 88102008 90012001
    p = PS.plan([0x83106008, 0x9000A001, 0x8400A008], 0x1000)
    assert [n for _a, _o, n in p.edits] == [0x8BC16038, 0x88102008, 0x90012001]
    assert PS.unpatch_words([0x8BC16038, 0x88102008, 0x90012001]) == [
        0x83106008, 0x9000A001, 0x8400A008]
    leaf = PS.plan([0x83106008, 0x9010A001, 0x8400A008], 0)
    assert [n for _a, _o, n in leaf.edits][:1] == [PS.JMPINSTR_LEAF]


@pytest.mark.parametrize("src", [PAIRS, LEAFY])
def test_patch_forms_and_undo_is_byte_identical(src):
    m = machine(src)
    before = m.read(m.image.base, m.image.vector_bytes)
    sites = A.alloc_sites(words_of(m))
    assert len(sites) > 2
    p = SP.SpaceProfiler(m)
    p.start()
    after = words_of(m)
    assert A.alloc_sites(after) == []
    text = [f"{i.mnemonic} {i.op_str}" for i in A.disassemble(
        A.swap_words(m.read(m.image.base, m.image.vector_bytes)), m.image.base)]
    jmps = [t for t in text if t in ("jmpl %g5+0x38, %g5", "jmpl %g5+56, %g5",
                                     "jmpl %g5+0x44, %g5", "jmpl %g5+68, %g5")]
    assert len(jmps) == len(sites)
    # MLWorks's own undo scan gives back the original words too
    assert PS.unpatch_words(after) == words_of(machine(src))
    p.end(collect=False)
    assert m.read(m.image.base, m.image.vector_bytes) == before


@pytest.mark.parametrize("src", [PAIRS, LEAFY])
def test_sparc_profile_equals_x86_allocation(src):
    out = {}
    for arch in ("x86", "sparc"):
        plain = machine(src, arch)
        plain.run()
        m = machine(src, arch)
        p = SP.SpaceProfiler(m)
        p.start()
        m.run()
        n = list(m.gc.collections)
        p.end()
        assert m.stdout.getvalue() == plain.stdout.getvalue()
        assert n == plain.gc.collections
        assert p.dropped == 0
        out[arch] = (m.stdout.getvalue(), p.allocated())
    assert out["x86"] == out["sparc"]


def test_sparc_cli_report_matches_x86_alloc_column(tmp_path):
    prog = os.path.join(REF, "programs", "closures.sml")
    reports = {}
    for arch in ("x86", "sparc"):
        f = tmp_path / f"{arch}.txt"
        status, out = run_prog(prog, "--arch", arch, "--profile", str(f), "--outdir",
                               str(tmp_path), "--profile-manner", "4")
        assert status == 0
        # (the space section: the time section's scans differ, instructions differ)
        space = f.read_text().split("MLWorks space profile\n")[1]
        reports[arch] = [ln[:12] + ln[24:] for ln in space.splitlines()[4:]]
    assert reports["x86"] == reports["sparc"]


def test_sparc_refuses_overflow_and_counts_the_same_in_counted_runs(tmp_path):
    m = machine(PAIRS)
    with pytest.raises(UsageError, match="x86 only"):
        SP.SpaceProfiler(m, overflow=True).start()
    # counted runs (ticks, censuses, --max-steps) are profiled too (issue 11: -hc/-p turn
    # the patches on): the routines' jmpl words are emulated like the code vector's, and
    # the routines live outside the stub page
    prog = tmp_path / "pairs.sml"
    prog.write_text(PAIRS)
    texts = []
    for extra in ([], ["--max-steps", "100000000"], ["--profile-manner", "6"]):
        f = tmp_path / "p.txt"
        status, _out = run_prog(str(prog), "--arch", "sparc", "--creation-space", "16k",
                                "--profile", str(f), "--outdir", str(tmp_path), *extra)
        assert status == 0
        texts.append(f.read_text().split("MLWorks space profile")[1])
    assert texts[0] == texts[1] == texts[2]
