"""Strings and arrays in machine code (issue 16): the inlined services allocate with MLWorks's
variable-size sequence (§2b on x86, the %g4 form on SPARC), so the space profiler patches and
counts them, and their operations check bounds and raise Subscript / Size as SML says."""

from __future__ import annotations

import io
import re
import struct

import pytest
from capstone import CS_ARCH_X86, CS_MODE_32, Cs

from profkit.backends.mlworks.codegen import asm_sparc as A
from profkit.backends.mlworks.codegen.asm_x86 import alloc_pattern_counts
from profkit.backends.mlworks.codegen.sparc import generate as gen_sparc
from profkit.backends.mlworks.codegen.x86 import generate as gen_x86
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.profiling import records as SR
from profkit.backends.mlworks.profiling import spaceprof as SP
from profkit.backends.mlworks.runtime.arch import make_arch
from profkit.backends.mlworks.runtime.machine import Machine

from .test_spaceprof import run_prog

ARCHS = ["x86", "sparc"]
STRINGS, ARRAYS, BYTEARRAYS = 1, 2, 3  # MLWorks's breakdown index: secondary tag >> 3


def machine(src: str, arch: str, creation: int = 1 << 13) -> Machine:
    gen = gen_sparc if arch == "sparc" else gen_x86
    img = gen(compile_sml(src, "t.sml"), 0x00100000)
    return Machine(img, creation_space=creation, stdout=io.StringIO(), arch=make_arch(arch))


def align8(n: int) -> int:
    return (n + 7) // 8 * 8


# ------------------------------------------------------------------ hand-computed profile
COUNTED = """
val src = "abcdefghijklmnopqrstuvwxyz"
fun strs 0 = 0
  | strs k = size (String.substring (src, 0, k)) + strs (k - 1)
fun arrs 0 = 0
  | arrs k = Array.length (Array.array (k, k)) + arrs (k - 1)
fun cats 0 = 0
  | cats k = size (src ^ "!") + cats (k - 1)
fun byts 0 = 0
  | byts k = Word8Array.length (Word8Array.array (k, 0w7)) + byts (k - 1)
val () = print (Int.toString (strs 20 + arrs 10 + cats 5 + byts 12) ^ "\\n")
"""
# Layout rules (MLWorks, values.py): a string of n characters is a header word, the n bytes
# and a NUL, rounded up to 8 bytes, its data (DATA_SIZE) the header length n + 1; an array
# of n elements is a header, forward and back words and n words, rounded up to 8, its data
# 4n.
STRS = [(align8(4 + k + 1), k + 1) for k in range(1, 21)]  # substring (src, 0, k)
ARRS = [(align8(12 + 4 * k), 4 * k) for k in range(1, 11)]  # Array.array (k, k)
CATS = [(align8(4 + 27 + 1), 28)] * 5  # src ^ "!": 27 characters
# a byte array of n bytes: a header word and the n bytes, rounded up to 8; data n
BYTS = [(align8(4 + k), k) for k in range(1, 13)]  # Word8Array.array (k, 0w7)
OUT = f"{210 + 55 + 5 * 27 + 78}\n"


def function_index(m: Machine, prefix: str) -> int:
    return next(i for i, it in enumerate(m.image.items) if it.name.startswith(prefix + "["))


@pytest.mark.parametrize("arch", ARCHS)
def test_strings_and_arrays_are_counted_exactly(arch):
    m = machine(COUNTED, arch)
    p = SP.SpaceProfiler(m)
    p.start()
    m.run()
    p.end()
    assert m.stdout.getvalue() == OUT
    c, b, o = p.accounts.count, p.accounts.bytes, p.accounts.over
    for name, kind, objs in (("strs", STRINGS, STRS), ("arrs", ARRAYS, ARRS),
                             ("cats", STRINGS, CATS)):
        i = function_index(m, name)
        assert c[i, 0, kind] == len(objs), name
        assert b[i, 0, kind] == sum(s for s, _ in objs), name
        assert o[i, 0, kind] == sum(s - d for s, d in objs), name
        # nothing else: the services' argument tuples are no longer allocated
        assert c[i, 0, SR.TOTAL] == len(objs) and b[i, 0, SR.TOTAL] == b[i, 0, kind], name
    # byte arrays are made in the Basis's Word8Array.array (no other byte arrays, no reals)
    assert c[:, 0, BYTEARRAYS].sum() == len(BYTS)
    assert b[:, 0, BYTEARRAYS].sum() == sum(s for s, _ in BYTS)
    assert o[:, 0, BYTEARRAYS].sum() == sum(s - d for s, d in BYTS)


@pytest.mark.parametrize("arch", ARCHS)
def test_report_columns_count_strings_and_arrays(arch, tmp_path):
    src = tmp_path / "counted.sml"
    src.write_text(COUNTED)
    f = tmp_path / "p.txt"
    status, out = run_prog(str(src), "--arch", arch, "--profile", str(f), "--outdir",
                           str(tmp_path), "--profile-manner", str(4 + (0xFF << 8)),
                           "--creation-space", "16k")
    assert status == 0 and out == OUT
    lines = f.read_text().split("MLWorks space profile\n")[1].splitlines()
    heading = next(ln for ln in lines if ln.strip().startswith("gen"))
    cols = heading.split()[1:]
    want = {"strs": ("strings", STRS), "arrs": ("arrays", ARRS), "cats": ("strings", CATS),
            "total profiled": ("bytearrays", BYTS)}
    seen = set()
    for k, ln in enumerate(lines):
        m = re.fullmatch(r"[ \d]{12}[ \d]{12}  (\w+|total profiled)(\[.*)?", ln)
        if not m or m.group(1) not in want:
            continue
        col, objs = want[m.group(1)]
        no = lines[k + 2].split()  # heading, then "0 no ..." and "size ..."
        size = lines[k + 3].split()
        assert no[:2] == ["0", "no"] and size[0] == "size"
        j = cols.index(col)
        assert int(no[2 + j]) == len(objs)
        assert int(size[1 + j]) == sum(s for s, _ in objs)
        if m.group(1) != "total profiled":
            assert int(size[1 + cols.index("total")]) == sum(s for s, _ in objs)
        seen.add(m.group(1))
    assert seen == set(want)


# ------------------------------------------------------------------ patching the sites
def test_x86_variable_size_sites_are_patched_and_undone_byte_identically():
    m = machine(COUNTED, "x86")
    before = m.read(m.image.base, m.image.vector_bytes)
    text = [f"{i.mnemonic} {i.op_str}" for i in Cs(CS_ARCH_X86, CS_MODE_32).disasm(
        before, m.image.base)]
    # §2b: and rd,-8 ; add [esi+0x50],rd ; mov ecx,[esi+0x50] ; cmp ecx,[esi+0x54]
    var = [k for k in range(len(text) - 3) if text[k] == "and eax, 0xfffffff8"
           and text[k + 1:k + 4] == ["add dword ptr [esi + 0x50], eax",
                                     "mov ecx, dword ptr [esi + 0x50]",
                                     "cmp ecx, dword ptr [esi + 0x54]"]]
    assert len(var) >= 3  # substring, Array.array, ^
    cmps, calls = alloc_pattern_counts(before, m.image.base)
    p = SP.SpaceProfiler(m)
    p.start()
    after = m.read(m.image.base, m.image.vector_bytes)
    assert sum(x.sites for x in p.patches) == cmps == calls
    assert alloc_pattern_counts(after, m.image.base) == (0, 0)
    p.end(collect=False)
    assert m.read(m.image.base, m.image.vector_bytes) == before


def test_sparc_g4_sites_are_patched_and_undone_byte_identically():
    m = machine(COUNTED, "sparc")
    before = m.read(m.image.base, m.image.vector_bytes)
    words = list(struct.unpack(f"<{len(before) // 4}I", before))
    sites = A.alloc_sites(words)
    g4 = [i for i, _leaf in sites if words[i] == 0x83104004]  # taddcctv %g1, %g4, %g1
    assert len(g4) >= 3
    p = SP.SpaceProfiler(m)
    p.start()
    after = m.read(m.image.base, m.image.vector_bytes)
    patched = list(struct.unpack(f"<{len(after) // 4}I", after))
    assert A.alloc_sites(patched) == []
    for i in g4:  # jmpl %g5+0x38, %g5 ; or %g0, %g4, %g4 ; add %g4, tag, rd
        assert patched[i] == 0x8BC16038 and patched[i + 1] == 0x88100004
    p.end(collect=False)
    assert m.read(m.image.base, m.image.vector_bytes) == before


# ------------------------------------------------------------------ semantics
SEMANTICS = r"""
val s = "hello" ^ " " ^ "world"
val () = print (s ^ "\n")
val () = print (Int.toString (size s) ^ " " ^ Int.toString (size "") ^ "\n")
val () = print (String.str (String.sub (s, 4)) ^ String.str (String.sub (s, 10)) ^ "\n")
val () = print (String.substring (s, 2, 5) ^ "|" ^ String.substring (s, 11, 0) ^ "|\n")
val () = print (String.implode [#"a", #"b", #"c"] ^ String.implode [] ^ "\n")
val () = print (String.concat ["x", "yy", "", "zzz"] ^ String.concat [] ^ "\n")
val a = Array.array (10, 7)
val () = Array.update (a, 3, 42)
val () = print (Int.toString (Array.sub (a, 3) + Array.sub (a, 9) + Array.length a) ^ "\n")
val b = Array.fromList ["p", "q", "r"]
val () = Array.update (b, 1, "Q" ^ "!")
val () = print (Array.sub (b, 0) ^ Array.sub (b, 1) ^ Array.sub (b, 2) ^ "\n")
val v = Vector.fromList [1, 2, 3]
val () = print (Int.toString (Vector.sub (v, 2) * Vector.length v) ^ "\n")
val c = CharArray.array (3, #"z")
val () = CharArray.update (c, 0, #"a")
val () = print (CharArray.vector c ^ String.str (CharVector.sub ("xyz", 1)) ^ "\n")
val w = Word8Array.array (4, 0w9)
val () = Word8Array.update (w, 2, 0w200)
val () = print (Word8.toString (Word8Array.sub (w, 2)) ^ Int.toString (Word8Array.length w) ^ "\n")
fun try name f = (f (); print (name ^ " no\n"))
  handle Subscript => print (name ^ " Subscript\n") | Size => print (name ^ " Size\n")
val () = try "sub" (fn () => String.sub (s, 11))
val () = try "subneg" (fn () => String.sub (s, ~1))
val () = try "asub" (fn () => Array.sub (a, 10))
val () = try "aupd" (fn () => Array.update (a, ~1, 0))
val () = try "aupdp" (fn () => Array.update (b, 3, "x"))
val () = try "substr" (fn () => String.substring (s, 8, 4))
val () = try "substrneg" (fn () => String.substring (s, 1, ~1))
val () = try "array" (fn () => Array.array (~1, 0))
val () = try "vsub" (fn () => Vector.sub (v, 3))
val () = try "w8" (fn () => Word8Array.sub (w, 4))
fun big (0, acc) = acc | big (k, acc) = big (k - 1, acc ^ "ab")
val long = big (3000, "")
val () = print (Int.toString (size long) ^ String.str (String.sub (long, 5999)) ^ "\n")
val big_array = Array.array (5000, "e")
val () = print (Array.sub (big_array, 4999) ^ "\n")
val () = print (String.implode (List.rev (String.explode "hello")) ^ "\n")
val () = print (Int.toString (List.length (explode "") + length (explode long)) ^ "\n")
fun b true = "T" | b false = "F"
val () = print (b ("abc" = "abc") ^ b ("abc" = "abd") ^ b ("abc" = "ab") ^ b ("" = "")
                ^ b (String.substring ("xabcx", 1, 3) = "abc") ^ b (long = big (3000, "")) ^ "\n")
val () = print (Int.toString (CharVector.foldl (fn (c, n) => n + ord c) 0 "AB") ^ "\n")
val p = ("abc", 1)
val t = (a, 5, 11)
val () = (Array.update t; print (String.str (String.sub p) ^ Int.toString (Array.sub (a, 5))
                                 ^ String.substring ("abcd", #2 p, #2 p + 1) ^ "\n"))
fun c LESS = "<" | c EQUAL = "=" | c GREATER = ">"
val pairs = [("", ""), ("", "a"), ("a", ""), ("abc", "abd"), ("abd", "abc"), ("ab", "abc"),
             ("abc", "ab"), ("abc", "abc"), ("\200", "a"), ("a", "\200"), ("zz", "a")]
val () = List.app (fn (x, y) => print (" " ^ c (String.compare (x, y)) ^ b (x < y)
                                       ^ b (x > y) ^ b (x <= y) ^ b (x >= y))) pairs
val () = print "\n"
"""
# what SML/NJ 110.79 prints for SEMANTICS (``sml``, checked when this test was written)
EXPECTED = """hello world
11 0
od
llo w||
abc
xyyzzz
59
pQ!r
9
azzy
C84
sub Subscript
subneg Subscript
asub Subscript
aupd Subscript
aupdp Subscript
substr Subscript
substrneg Subscript
array Size
vsub Subscript
w8 Subscript
6000b
e
olleh
6000
TFFTTT
131
b11bc
 =FFTT <TFTF >FTFT <TFTF >FTFT <TFTF >FTFT =FFTT >FTFT <TFTF >FTFT
"""


@pytest.mark.parametrize("creation", [1 << 12, 1 << 20])
@pytest.mark.parametrize("arch", ARCHS)
def test_string_and_array_operations(arch, creation):
    m = machine(SEMANTICS, arch, creation)
    m.run()
    assert m.stdout.getvalue() == EXPECTED


@pytest.mark.parametrize("arch", ARCHS)
def test_the_python_services_still_agree(arch, monkeypatch):
    """With nothing inlined, the same program through runtime/services.py (the services
    stay for other callers)."""
    from profkit.backends.mlworks.codegen import inline

    for name in list(inline.INLINE):
        monkeypatch.delitem(inline.INLINE, name)
    m = machine(SEMANTICS, arch, 1 << 16)
    m.run()
    assert m.stdout.getvalue() == EXPECTED


# CharVector's loops are String.sub loops (no list is built); output as SML/NJ 110.79 prints
CHARVECTOR = r"""
val s = "Hello, World 42"
val () = print (CharVector.foldl (fn (c, a) => str c ^ a) "" s ^ "\n")
val () = print (CharVector.foldr (fn (c, a) => str c ^ a) "" s ^ "\n")
val () = print (Int.toString (CharVector.foldli (fn (i, c, a) => a + i * ord c) 0 s) ^ "\n")
val () = print (Int.toString (CharVector.foldri (fn (i, c, a) => a * 3 + i + ord c) 0 "abc") ^ "\n")
val () = CharVector.app (fn c => print (str (Char.toUpper c))) s
val () = CharVector.appi (fn (i, c) => if i mod 3 = 1 then print (str c) else ()) s
val () = print "\n"
fun b true = "T" | b false = "F"
val () = print (b (CharVector.exists Char.isDigit s) ^ b (CharVector.all Char.isAlpha s)
                ^ b (CharVector.all Char.isAlpha "") ^ b (CharVector.exists Char.isDigit "")
                ^ "\n")
val () = print (case CharVector.find Char.isDigit s of SOME c => str c | NONE => "-")
val () = print (case CharVector.findi (fn (i, c) => i > 3 andalso c = #"o") s of
                    SOME (i, c) => Int.toString i | NONE => "-")
val () = print (case CharVector.find Char.isDigit "abc" of SOME c => str c | NONE => "-")
val () = print "\n"
val () = (CharVector.app (fn c => if c = #"," then raise Fail "comma" else ()) s)
         handle Fail m => print (m ^ "\n")
"""
CHARVECTOR_OUT = """24 dlroW ,olleH
Hello, World 42
7960
1303
HELLO, WORLD 42eoWl4
TFTF
44-
comma
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_charvector_loops(arch):
    m = machine(CHARVECTOR, arch, 1 << 12)
    m.run()
    assert m.stdout.getvalue() == CHARVECTOR_OUT


# ------------------------------------------------------------------ held-out programs
def total_columns(report: str) -> dict[str, tuple[int, int]]:
    """{column: (objects, bytes)} of the report's "total profiled" generation-0 rows."""
    lines = report.split("MLWorks space profile\n")[1].splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.endswith("total profiled"))
    cols = lines[k + 1].split()[1:]
    no, size = lines[k + 2].split()[2:], lines[k + 3].split()[1:]
    return {c: (int(n), int(s)) for c, n, s in zip(cols, no, size)}


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("prog,arrays,bytearrays", [
    # Array.array (30001, true), Array.array (10000, 0), Vector.tabulate (20, ...): a header,
    # forward and back words and 4 bytes an element, rounded up to 8
    ("held_sieve", [30001, 10000, 20], []),
    # Word8Array.tabulate (24, ...) and Word8Array.array (4, 0wxAA): a header and the bytes
    ("held_bytes", [], [24, 4]),
])
def test_held_out_programs_space_columns(prog, arrays, bytearrays, arch, tmp_path):
    """Issue 16's check on programs not written for it (tests/reference/sml/basis/held_*):
    the strings, arrays and bytearrays columns of the space report count those objects at
    their sizes, the same on x86 and SPARC."""
    from tests.conftest import reference_path

    f = tmp_path / "p.txt"
    status, _ = run_prog(str(reference_path("sml", "basis", f"{prog}.sml")), "--arch", arch,
                         "--profile", str(f), "--outdir", str(tmp_path),
                         "--profile-manner", str(4 + (0xFF << 8)))
    assert status in (0, 1)  # held_bytes ends with an uncaught Subscript, as under Poly/ML
    cols = total_columns(f.read_text())
    assert cols["arrays"] == (len(arrays), sum(align8(12 + 4 * n) for n in arrays))
    assert cols["bytearrays"] == (len(bytearrays), sum(align8(4 + n) for n in bytearrays))
    assert cols["strings"][0] > 0 and cols["strings"][1] >= 8 * cols["strings"][0]
