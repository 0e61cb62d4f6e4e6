"""The SPARC assembler layer: keystone/capstone round trips, the hand-encoded words (call,
branches, rd %y, sethi/or) and MLWorks's §2c/§3b encodings."""

from __future__ import annotations

import struct

import pytest

from profkit.backends.mlworks.codegen import asm_sparc as A


@pytest.mark.parametrize("text,word", [
    ("taddcctv %g1, 8, %g1", 0x83106008),
    ("add %g2, 1, %o0", 0x9000A001),
    ("add %g2, 8, %g2", 0x8400A008),
    ("or %g2, 1, %o0", 0x9010A001),
    ("taddcctv %g1, %g4, %g1", 0x83104004),
])
def test_mlworks_encodings(text, word):
    assert A.encode(text) == word


@pytest.mark.parametrize("text", [
    "ld [%g5+0x50], %g3", "st %l0, [%sp+8]", "ld [%i1-1], %l0", "mov %o1, %i1",
    "addcc %l0, %l1, %l0", "smul %l0, %l2, %l0", "sdiv %l2, %l3, %l4",
    "wr %g0, %l4, %y", "jmpl %g3+3, %o7", "jmpl %g3, %g0", "retl", "nop",
    "fcmpd %f0, %f2", "fdtoi %f0, %f6", "ld [%l0+7], %f0", "st %f1, [%sp-4]",
    "sub %sp, 0x18, %sp",
])
def test_round_trip(text):
    w = A.encode(text)
    d = A.decode(w)
    assert d is not None and d.size == 4


def test_bad_instruction_is_an_asm_error():
    with pytest.raises(A.AsmError):
        A.encode("frobnicate %g1")


def test_call_is_hand_encoded_in_words():
    # keystone 0.9.2 puts a byte displacement here (0x40000010)
    assert A.call_word(0x10000, 0x10010) == 0x40000004
    assert A.call_word(0x10010, 0x10000) == 0x7FFFFFFC
    asm = A.assemble([A.CallSym("target", 3)])
    words = asm.words(0x100000, {"target": 0x100205})
    d = A.decode(words[0], 0x100000)
    assert d.mnemonic == "call" and int(d.op_str, 0) == 0x100208
    assert words[1] == A.NOP


def test_branches_labels_and_delay_slots():
    prog = ["mov 0, %l0", A.Label("top"), "add %l0, 1, %l0", "cmp %l0, 5",
            A.Branch("l", "top"), A.Branch("g", "top", True), "nop"]
    asm = A.assemble(prog)
    assert asm.size == 4 * 3 + 8 + 8 + 4
    w = asm.words(0x2000)
    d = A.decode(w[3], 0x200C)
    assert d.mnemonic == "bl" and int(d.op_str, 0) == 0x2004
    assert w[4] == A.NOP  # delay slot
    d = A.decode(w[5], 0x2014)
    assert d.mnemonic == "fbg" and int(d.op_str, 0) == 0x2004
    with pytest.raises(A.AsmError):
        A.assemble([A.Branch("e", "nowhere")])


def test_setimm_and_byte_orders():
    asm = A.assemble([A.SetImm("%g3", "#0x12345678"), A.SetImm("%o0", "@here"),
                      A.Label("here")])
    w = asm.words(0x100000)
    assert A.text_of(A.decode(w[0])) == "sethi 0x48d15, %g3"
    assert A.text_of(A.decode(w[1])) == "or %g3, 0x278, %g3"
    assert ((w[2] & 0x3FFFFF) << 10) | (w[3] & 0x3FF) == 0x100010
    assert asm.link(0x100000) == struct.pack("<4I", *w)
    assert asm.link_be(0x100000) == struct.pack(">4I", *w)
    assert A.swap_words(asm.link(0x100000)) == asm.link_be(0x100000)


def test_rd_y_checked_by_hand():
    assert A.rd_y("%l3") == 0xA7400000
    assert A.decode(A.rd_y("%l3")).mnemonic == "rd"


def test_alloc_site_scanner_matches_arch_code_recognisers():
    seq = [0x83106008, 0x9000A001, 0x8400A008]  # the §3b example
    assert A.alloc_sites([A.NOP] + seq + [A.NOP]) == [(1, False)]
    leaf = [0x83106008, 0x9010A001, 0x8400A008]
    assert A.alloc_sites(leaf) == [(0, True)]
    big = [A.encode("taddcctv %g1, %g4, %g1"), A.encode("add %g2, 5, %l0"),
           A.encode("add %g2, %g4, %g2")]
    assert A.alloc_sites(big) == [(0, False)]
    assert A.alloc_sites(seq[:2] + [A.NOP]) == []
