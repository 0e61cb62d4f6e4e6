"""The SPARC code generator on real SML programs: every allocation site is MLWorks's §2c
three-instruction sequence (``or`` exactly in leaf functions), recognised by the space
profiler's §3b patterns; every instruction decodes; the code vector layout is x86's."""

from __future__ import annotations

import glob
import os
import struct

import pytest

from profkit.backends.mlworks.codegen import asm_sparc as A
from profkit.backends.mlworks.codegen import sparc as CG
from profkit.backends.mlworks.codegen import codevector as CV
from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "sml/programs")
HERE = os.path.dirname(__file__)
PROGRAMS = sorted(glob.glob(f"{REF}/*.sml")) + sorted(glob.glob(f"{HERE}/programs/*.sml"))


def compile_file(path: str):
    with open(path) as f:
        return CG.generate(compile_sml(f.read(), os.path.basename(path)), 0x00100000)


def item_words(img, it) -> list[int]:
    code = img.data[it.offset + 8: it.offset + it.size]
    return list(struct.unpack(f"<{len(code) // 4}I", code))


@pytest.fixture(scope="module")
def images():
    return {os.path.basename(p): compile_file(p) for p in PROGRAMS}


@pytest.mark.parametrize("path", PROGRAMS, ids=os.path.basename)
def test_allocation_sites(images, path):
    img = images[os.path.basename(path)]
    total = 0
    for it in img.items:
        words = item_words(img, it)
        sites = A.alloc_sites(words)
        starts = {i for i, _ in sites}
        for i, w in enumerate(words):
            d = A.decode(w, it.code_start + 4 * i)
            assert d is not None, f"{it.name}: undecodable word {w:#010x}"
            if d.mnemonic == "taddcctv":
                assert i in starts, f"{it.name}: taddcctv outside a recognised site"
        for i, leaf in sites:
            t = [A.text_of(A.decode(w)) for w in words[i:i + 3]]
            assert t[0].startswith("taddcctv %g1, ") and t[0].endswith(", %g1")
            size = t[0].split(", ")[1]
            op = "or" if it.leaf else "add"
            assert t[1].startswith(f"{op} %g2, ") and t[1].split(", ")[1] in "1235"
            assert t[2] == f"add %g2, {size}, %g2"
            assert leaf == it.leaf  # LEAF_MASK: the `or` exactly in leaf functions
            # the §3b recognisers, verbatim
            assert words[i] & 0xFFFFC000 == 0x83104000
            assert words[i + 1] & 0xC1EFFFF8 == 0x8000A000
            assert words[i + 2] & 0xFFFFC000 == 0x84008000
        total += len(sites)
    assert total > 0


def test_leaf_functions_use_or(images):
    leaf_sites = nonleaf_sites = 0
    for img in images.values():
        for it in img.items:
            for _, leaf in A.alloc_sites(item_words(img, it)):
                leaf_sites += leaf
                nonleaf_sites += not leaf
    assert leaf_sites > 0 and nonleaf_sites > 0


def test_leafness_and_ancillary_word(tmp_path):
    src = "fun pair x = (x, x)\nfun f x = pair x\nval _ = print (Int.toString (#1 (f 3)) ^ \"\\n\")\n"
    img = CG.generate(compile_sml(src, "t.sml"), 0x00100000)
    pair = next(it for it in img.items if it.name.startswith("pair["))
    f = next(it for it in img.items if it.name.startswith("f["))
    assert pair.leaf and not f.leaf
    anc = struct.unpack_from("<I", img.data, pair.offset + 4)[0]
    assert anc == CV.item_ancillary(pair.number, True)
    sites = A.alloc_sites(item_words(img, pair))
    assert sites and all(leaf for _, leaf in sites)


def test_code_vector_layout_and_item_bounds(images):
    img = images["nfib.sml"]
    hdr = struct.unpack_from("<I", img.data, 0)[0]
    assert V.header_secondary(hdr) == V.CODE
    word = lambda a: struct.unpack_from("<I", img.data, a - img.base)[0]  # noqa: E731
    for it in img.items:
        assert it.size % 8 == 0  # no x86 NOP padding inside SPARC code
        first, last = CV.item_bounds(word, img.base, it.number, len(img.items))
        assert first == it.code_ptr + V.CODE_OFFSET
        assert last == it.code_end
    assert CV.names_from_memory(word, lambda a, n: img.data[a - img.base:a - img.base + n],
                                img.base) == [it.name for it in img.items]


def test_large_allocation_uses_g4():
    seq = CG.alloc_sequence("%l0", 8192, V.POINTER, V.make_header(V.RECORD, 2047), False,
                            False)
    asm = A.assemble(seq)
    w = asm.words(0x100000)
    texts = [A.text_of(A.decode(x)) for x in w]
    assert texts[2:5] == ["taddcctv %g1, %g4, %g1", "add %g2, 5, %l0", "add %g2, %g4, %g2"]
    assert A.alloc_sites(w) == [(2, False)]


def test_unknown_primitive_is_a_codegen_error():
    from profkit.backends.mlworks import ir

    prog = ir.Program([ir.CodeItem("<Setup>[t:1,1]", "u", ir.Prim("frob", []))],
                      "<Setup>[t:1,1]", 0, "t")
    with pytest.raises(CG.CodegenError):
        CG.generate(prog, 0x00100000)
