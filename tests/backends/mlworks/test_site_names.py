"""Allocation-site names on the MLWorks backend (issue 15, item 2): with ``-hd``/``-hy`` (or
a scheme's ``needs_info_names``) each inline allocation site stores its number in the site
table and the tracker names its objects by what they are: a constructor, tuple, record,
ref, real, exception or the function whose closure it is."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from profkit.backends.mlworks.codegen import asm_sparc as A
from profkit.backends.mlworks.codegen.sparc import generate as gen_sparc
from profkit.backends.mlworks.codegen.x86 import generate as gen_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.profiling import instrument as I
from profkit.backends.mlworks.profiling import patch_x86 as PX
from profkit.backends.mlworks.profiling import spaceprof as SP
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.hookspecs import hookimpl
from profkit.testing import run_program

from .ir_interp import run_program as interpret

# A tree of 50 nodes and a list of 40 points, kept alive (globals) while a loop allocates
# boxed reals, so every census finds them: by hand, live bytes per description are
#   Node  50 constructor pairs (tag, argument)             50 * 8  =  400
#   (,,)  50 argument triples, header + 3 words             50 * 16 =  800
#   ::    40 cons cells (head, tail)                        40 * 8  =  320
#   {x,y} 40 two-field records (a pair, unheaded)           40 * 8  =  320
#   ref   2 refs {header, forward, back, element}           2 * 16  =   32
PROG = """
datatype tree = Leaf | Node of tree * int * tree
fun build 0 = Leaf
  | build n = Node (build (n - 1), n, Leaf)
fun pts 0 = []
  | pts n = {x = n, y = n + 1} :: pts (n - 1)
fun size Leaf = 0
  | size (Node (l, _, r)) = size l + 1 + size r
val t = build 50
val ps = pts 40
val r = ref 0.0
val i = ref 0
val () = while !i < 4000 do (r := !r + 1.0; i := !i + 1)
fun sumx [] = 0
  | sumx ({x, y} :: rest) = x + sumx rest
val () = print (Int.toString (size t + sumx ps))
val () = print "\\n"
"""
KEPT = {"Node": 400, "(,,)": 800, "::": 320, "{x,y}": 320, "ref": 32}

# Every kind of named site, for the counts: constructors (option, a user type), tuples,
# records, refs, reals, exception packets, closures (curried, anonymous, a shared record of
# local mutually recursive functions), a list literal, explode's cons cells
MIXED = """
datatype shape = Circle of real | Rect of {w : int, h : int}
exception Oops of int
fun area (Circle r) = floor (r * r)
  | area (Rect {w, h}) = w * h
fun add x y = x + y
fun even 0 = true | even n = odd (n - 1)
and odd 0 = false | odd n = even (n - 1)
fun go (0, acc) = acc
  | go (n, acc) =
      let val s = if n mod 2 = 0 then Circle (real n) else Rect {w = n, h = 2}
          val f = add n
          val c = ref (SOME (n, n))
          val l = [n, n + 1, n + 2]
          val k = (fn z => z + n) 1
          val e = (raise Oops n) handle Oops m => m
          val p = let fun ev 0 = 1 | ev j = od (j - 1) + n
                      and od 0 = 0 | od j = ev (j - 1)
                  in ev (n mod 5) end
      in go (n - 1, acc + area s + f 1 + (case !c of SOME (a, _) => a | NONE => 0)
                     + length l + k + e + p + (if even n then 1 else 0)
                     + length (explode "abc"))
      end
val () = print (Int.toString (go (300, 0)))
val () = print "\\n"
"""


def last_census(hp: str) -> dict[str, int]:
    """The bands of the last non-empty sample of a .hp file."""
    samples = re.findall(r"BEGIN_SAMPLE [^\n]*\n(.*?)END_SAMPLE", hp, re.S)
    rows = [s for s in samples if s.strip()][-1]
    return {ln.rsplit("\t", 1)[0]: int(ln.rsplit("\t", 1)[1]) for ln in rows.splitlines()}


def all_bands(hp: str) -> set[str]:
    return {ln.rsplit("\t", 1)[0] for ln in hp.splitlines()
            if "\t" in ln and not ln.startswith(("JOB", "DATE"))}


def _run(tmp_path, src, arch, rts=(), flags=(), plugins=(), name="p.sml"):
    out = tmp_path / arch
    return run_program(source=src, name=name, flags=["--arch", arch, *flags], rts=list(rts),
                       outdir=out, plugins=list(plugins))


def test_hd_bands_are_constructors_tuples_records_closures_same_on_x86_and_sparc(tmp_path):
    bands, kept = {}, {}
    for arch in ("x86", "sparc"):
        r = _run(tmp_path, PROG, arch, rts=["-hd", "-i0.0005"])
        assert r.status == 0 and r.stdout == "870\n"
        hp = (tmp_path / arch / "p.hp").read_text()
        census = last_census(hp)
        kept[arch] = {k: census.get(k) for k in KEPT}
        bands[arch] = all_bands(hp)
        assert kept[arch] == KEPT, arch
        # closures by their function, as -p/-hc name it; no anonymous kind bands left but
        # the runtime's own objects (the setup closure, strings of Int.toString)
        assert {"build[p.sml:3]", "pts[p.sml:5]", "size[p.sml:7]"} <= bands[arch]
        assert not bands[arch] & {"pair", "record"}
    assert bands["x86"] == bands["sparc"]


def test_hy_names_types(tmp_path):
    r = _run(tmp_path, PROG, "x86", rts=["-hy", "-i0.0005"])
    assert r.status == 0
    census = last_census((tmp_path / "x86" / "p.hp").read_text())
    assert census["tree"] == KEPT["Node"]
    assert census["(,,)"] == KEPT["(,,)"]
    assert census["list"] >= KEPT["::"]
    assert census["{x,y}"] == KEPT["{x,y}"]
    assert census["ref"] == KEPT["ref"]
    assert "->*" in census


def _alloc_counts(result) -> dict[str, int]:
    rows = result.events.rows("alloc")
    infos = result.session.tables.infos
    out: dict[str, int] = {}
    for i, n in zip(*np.unique(rows["info"], return_counts=True)):
        d = infos[int(i)].desc
        out[d] = out.get(d, 0) + int(n)
    return out


class WantsNames:
    """A third-party scheme asking for names without -hd."""

    needs_info_names = True

    def __init__(self):
        self.rows = 0

    @hookimpl
    def profkit_alloc(self, batch):
        self.rows += len(batch)


@pytest.mark.parametrize("arch", ["x86", "sparc"])
@pytest.mark.parametrize("src", [PROG, MIXED], ids=["kept", "mixed"])
def test_allocations_per_name_equal_the_interpreter(tmp_path, arch, src):
    ref = interpret(compile_sml(src, "p.sml"), count=True)
    scheme = WantsNames()
    r = _run(tmp_path, src, arch, flags=["--creation-space", "16k"], plugins=[scheme])
    assert r.status == 0 and r.stdout == ref.stdout
    got = _alloc_counts(r)
    assert scheme.rows == sum(got.values())
    named = {d: n for d, n in got.items()
             if d not in ("closure", "string", "array", "bytearray", "pair", "record")}
    # the runtime's own objects stay kind-named: the setup closure, Int.toString's strings
    assert got.get("closure", 0) == 1
    assert named == ref.allocs


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_output_unchanged_and_image_unchanged_with_names_off(tmp_path, arch):
    plain = _run(tmp_path / "a", MIXED, arch)
    named = _run(tmp_path / "b", MIXED, arch, rts=["-hd"])
    assert plain.stdout == named.stdout and plain.status == named.status == 0
    gen = gen_x86 if arch == "x86" else gen_sparc
    prog = compile_sml(MIXED, "p.sml")
    base = gen(prog, M.STATIC).data
    assert gen(prog, M.STATIC, instrumentation=I.Instrumentation(arch, calls=False)).data \
        == base
    on = I.Instrumentation(arch, calls=False, names=True)
    assert gen(prog, M.STATIC, instrumentation=on).data != base
    assert ("Circle", "shape") in on.site_names and ("Oops", "exn") in on.site_names
    assert ("add[p.sml:6]", "->*") in on.site_names
    assert ("ev[p.sml:17]", "->*") in on.site_names  # the shared closure record


def test_site_table_addresses_do_not_meet_other_areas():
    # ror(v, 3) * 2 + site_disp(tag) is the entry of v - tag, for every pointer tag
    for tag in (1, 3, 5):
        for a in (M.HEAP_LO, M.HEAP_HI - 8, M.STATIC, 0x01234568):
            v = a + tag
            r = ((v >> 3) | (v << 29)) & 0xFFFFFFFF
            assert (2 * r + M.site_disp(tag)) & 0xFFFFFFFF == M.site_entry(a)
    lo, hi = M.SITE_TABLE, M.SITE_TABLE + M.SITE_TABLE_SIZE
    areas = [(M.HEAP_LO, M.HEAP_HI), (M.CALL_COUNTS, M.CALL_COUNTS + M.CALL_COUNTS_MAX),
             (M.STACK_LO, M.STACK_TOP),
             (SP.AREA_BASE, SP.AREA_BASE + 0x10000000)]  # up to a 256 MB creation space
    areas += [(M.USE_TABLE, M.USE_TABLE + M.HEAP_HI)]
    for a, b in areas:
        assert b <= lo or a >= hi, hex(a)


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_names_with_space_profiling(tmp_path, arch):
    """--profile (MLWorks's patches) and names together: the same report, the same bands,
    and the patching finds every site of the named image."""
    prof = tmp_path / f"{arch}.txt"
    r = _run(tmp_path, PROG, arch, rts=["-hd", "-i0.0005"],
             flags=["--profile", str(prof), "--profile-manner", "4"])
    assert r.status == 0 and r.stdout == "870\n"
    assert last_census((tmp_path / arch / "p.hp").read_text())["Node"] == KEPT["Node"]
    plain = tmp_path / f"{arch}-plain.txt"
    _run(tmp_path / "plain", PROG, arch, flags=["--profile", str(plain), "--profile-manner", "4"])
    # the same allocation per function (the census collections add to "collections")
    def table(f):
        return [ln for ln in f.read_text().split("functions profiled")[1].splitlines()
                if "collections" not in ln]
    assert table(prof) == table(plain)


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_patching_a_named_image_and_undo_byte_for_byte(arch):
    prog = compile_sml(MIXED, "t.sml")
    gen = gen_x86 if arch == "x86" else gen_sparc
    named = gen(prog, M.STATIC, instrumentation=I.Instrumentation(arch, calls=False,
                                                                 names=True))
    plain = gen(prog, M.STATIC)

    def sites(img):
        if arch == "sparc":
            words = np.frombuffer(img.data[:img.vector_bytes], dtype="<u4").tolist()
            return len(A.alloc_sites(words))
        vec = img.data[:img.vector_bytes]
        return sum(PX.plan(vec[f - img.base:l - img.base], f).sites
                   for f, l in SP.item_ranges(vec, img.base))
    assert sites(named) == sites(plain) > 20
    m = Machine(named, creation_space=1 << 14, stdout=io.StringIO(), arch=make_arch(arch))
    before = m.read(named.base, named.vector_bytes)
    p = SP.SpaceProfiler(m)
    p.start()
    assert m.read(named.base, named.vector_bytes) != before
    p.end(collect=False)
    assert m.read(named.base, named.vector_bytes) == before


def test_restriction_by_description_turns_names_on(tmp_path):
    # -hc with -hdNode: only the Node objects are counted, by their producer
    r = _run(tmp_path, PROG, "x86", rts=["-hc", "-hdNode", "-i0.0005"])
    assert r.status == 0
    census = last_census((tmp_path / "x86" / "p.hp").read_text())
    assert list(census.values()) == [KEPT["Node"]]
    assert list(census)[0].endswith("build[p.sml:3]")
