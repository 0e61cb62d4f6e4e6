"""The x86 assembler layer: round trips, labels and branch relaxation, link-time symbols."""

from __future__ import annotations

import struct

import pytest

from profkit.backends.mlworks.codegen import asm_x86 as A


def test_encode_round_trips_and_caches():
    b = A.encode("cmp eax, dword ptr [esi + 0x54]")
    assert b == bytes.fromhex("3b4654")
    assert A.encode("call dword ptr [esi + 4]") == bytes.fromhex("ff5604")
    assert A.encode("add dword ptr [esi + 0x50], 0xc8") == bytes.fromhex("814650c8000000")


@pytest.mark.parametrize("text", [
    "mov eax, -4",  # capstone prints imm32 unsigned
    "cmp eax, 0xfffffffc",  # ... and imm8 forms signed
    "lea eax, [eax+8]",  # spacing differs from capstone's
    "mov eax, [esi + 0x50]",  # no size keyword
])
def test_texts_that_do_not_round_trip_are_rejected(text):
    with pytest.raises(A.AsmError):
        A.encode(text)


def test_unencodable_instruction():
    with pytest.raises(A.AsmError):
        A.encode("mov eax, ebx, ecx")


def test_operand_spelling_helpers():
    assert A.mem("esi", 0x50) == "dword ptr [esi + 0x50]"
    assert A.mem("eax", -5) == "dword ptr [eax - 5]"
    assert A.mem("eax", 0, "") == "[eax]"
    assert A.imm(9) == "9" and A.imm(10) == "0xa" and A.imm(-200) == "-0xc8"


def test_short_and_near_jumps_and_relaxation():
    far = ["nop"] * 200
    code = A.assemble([A.Jump("", "end"), A.Jump("e", "start"), A.Label("start"), *far,
                       A.Jump("ne", "start"), A.Label("end"), "ret"])
    out = code.link(0x1000)
    insns = A.disassemble(out, 0x1000)
    assert A.text_of(insns[0]) == f"jmp {hex(0x1000 + code.labels['end'])}"
    assert insns[0].size == 5  # 200 nops away: near form
    assert insns[1].size == 2 and A.text_of(insns[1]) == f"je {hex(0x1000 + 7)}"
    back = insns[-2]
    assert back.mnemonic == "jne" and back.size == 6
    assert int(back.op_str, 0) == 0x1000 + code.labels["start"]
    assert A.roundtrip_errors(out, 0x1000) == []


def test_jump_to_the_next_instruction_is_eb00():
    code = A.assemble([A.Jump("", "x"), A.Label("x"), "ret"])
    assert code.link(0) == b"\xeb\x00\xc3"


def test_movimm_symbols_and_label_addresses():
    code = A.assemble([A.MovImm("ecx", "thing", 5), A.Label("here"), A.MovImm("eax", "@here"),
                       "ret"])
    out = code.link(0x2000, {"thing": 0x100000})
    assert out[:5] == b"\xb9" + struct.pack("<I", 0x100005)
    assert out[5:10] == b"\xb8" + struct.pack("<I", 0x2005)
    with pytest.raises(A.AsmError):
        code.link(0x2000, {})


def test_label_errors():
    with pytest.raises(A.AsmError):
        A.assemble([A.Jump("", "nowhere")])
    with pytest.raises(A.AsmError):
        A.assemble([A.Label("a"), A.Label("a")])
    with pytest.raises(A.AsmError):
        A.assemble([A.Jump("zz", "a"), A.Label("a")])


def test_alloc_pattern_counts_follow_instruction_boundaries():
    # the pattern bytes inside an immediate are not counted
    code = A.assemble(["mov eax, 0x54463b", "cmp eax, dword ptr [esi + 0x54]",
                       "cmp edx, dword ptr [esi + 0x54]", "call dword ptr [esi + 4]",
                       "mov eax, 0x456ff"]).link(0)
    assert A.alloc_pattern_counts(code, 0) == (2, 1)


def test_roundtrip_reports_undecodable_tail():
    assert A.roundtrip_errors(b"\x90\x0f", 0)  # truncated two-byte opcode
