"""The x86 code generator on real SML programs: the front end's output for the reference
programs checked structurally (§2a sites, count check, round trips), and run end to end on
the real runtime where that is fast enough for the test suite."""

from __future__ import annotations

import glob
import io
import os

import pytest

from profkit import runner
from profkit.backends.mlworks.codegen import asm_x86 as A
from profkit.backends.mlworks.codegen import x86 as CG
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.options import parse_run_args

from .test_codegen_x86 import check_sites, item_code
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "sml")
REF_PROGRAMS = ["closures", "lists", "nfib", "partial", "records"]
HERE = os.path.dirname(__file__)
LOCAL_PROGRAMS = sorted(glob.glob(os.path.join(HERE, "programs", "*.sml")))


def compile_file(path: str):
    with open(path) as f:
        return compile_sml(f.read(), os.path.basename(path))


@pytest.mark.parametrize("name", REF_PROGRAMS)
def test_reference_program_code_structure(name):
    img = CG.generate(compile_file(f"{REF}/programs/{name}.sml"), 0x00100000)
    sites = 0
    for it in img.items:
        code = item_code(img, it)
        found = check_sites(code, it.code_start)
        assert A.alloc_pattern_counts(code, it.code_start) == (len(found), len(found))
        assert A.roundtrip_errors(code, it.code_start) == []
        sites += len(found)
    assert sites > 0
    # names follow MLWorks and are in the names table
    assert any(it.name.startswith("<Setup>[") for it in img.items)
    assert any(it.name.startswith(("main[", "nfib[")) for it in img.items)


def run_program(path: str) -> tuple[int, str, str]:
    cfg = parse_run_args([path, "--backend", "mlworks", "--outdir", "/tmp/profkit-cg-tests"])
    out, err = io.StringIO(), io.StringIO()
    status = runner.run(cfg, plugins=[plugin], load_entrypoints=False, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", ["nfib", "closures", "partial"])  # records/lists: ~20 s each
def test_reference_program_output(name):
    status, out, _ = run_program(f"{REF}/programs/{name}.sml")
    with open(f"{REF}/out/{name}.polyml.txt") as f:
        assert out == f.read()
    assert status == 0


@pytest.mark.parametrize("path", LOCAL_PROGRAMS, ids=os.path.basename)
def test_front_end_programs_output(path):
    _, out, _ = run_program(path)
    with open(path[:-4] + ".out") as f:
        assert out == f.read()


def test_arithmetic_edges_and_handlers(tmp_path):
    src = """
exception Mine of int
fun safeSub (s, i) = String.sub (s, i) handle Subscript => #"?"
fun f n = if n > 3 then raise Mine n else n
fun g n = (f n) handle Mine k => k * 100
val _ = print (String.implode [safeSub ("abc", 1), safeSub ("abc", 7)] ^ "\\n")
val _ = print (Int.toString (g 2) ^ " " ^ Int.toString (g 5) ^ "\\n")
fun test k = let fun ev 0 = k | ev n = od (n - 1) and od 0 = ~k | od n = ev (n - 1)
             in ev 7 + od 4 end
val _ = print (Int.toString (test 5) ^ "\\n")
val y = (536870911 + 1) handle Overflow => ~1
val z = (~536870912 div ~1) handle Overflow => ~4
val x = (7 div 0) handle Div => 42
val _ = print (String.concatWith " " (map Int.toString [y, z, x, ~7 div 2, ~7 mod 2]) ^ "\\n")
fun deep 0 = 0 | deep n = 1 + deep (n - 1)
val _ = print (Int.toString (deep 100000) ^ "\\n")
val r = 1.5 + 2.25
val _ = print (Int.toString (floor (r * 2.0)) ^ " " ^ Int.toString (round 2.5) ^ "\\n")
"""
    p = tmp_path / "edges.sml"
    p.write_text(src)
    status, out, _ = run_program(str(p))
    assert out == "b?\n2 500\n~10\n~1 ~4 42 ~4 1\n100000\n7 2\n"
    assert status == 0


@pytest.mark.parametrize("name", ["records", "lists", "closures", "partial"])
def test_reference_programs_keep_gc_roots_clean(name):
    """Smaller versions of the reference programs on the mini machine, which checks at
    every GC entry (every 4 KB allocated) that no register the GC fixes and no stack word
    is stale (the dead stack is poisoned at each GC entry)."""
    from .test_codegen_x86_minimachine import Machine

    with open(f"{REF}/programs/{name}.sml") as f:
        src = f.read().replace("1000000", "20000").replace("100000", "20000")
    m = Machine(compile_sml(src, f"{name}.sml"), chunk=4096)
    out = m.run()
    assert m.gcs > 100 and m.uncaught is None
    assert len(out.split()) == len(open(f"{REF}/out/{name}.polyml.txt").read().split())
