"""Structure of the generated code: MLWorks's §2a allocation sequences, byte for byte, the
space profiler's cmp/call count check, instruction round trips, frame conventions."""

from __future__ import annotations

import struct

import pytest

from profkit.backends.mlworks.codegen import asm_x86 as A
from profkit.backends.mlworks.codegen import x86 as CG
from profkit.backends.mlworks import ir as I
from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.runtime.services import service_slot

from . import test_codegen_x86_exec as X

BASE = 0x00100000

RD = {"eax": 0, "ecx": 1, "edx": 2, "ebx": 3}


def corpus() -> dict[str, I.Program]:
    """Hand-built programs covering every allocating node."""
    r = I.Real
    allocs = X.prog([], I.Seq([
        I.Alloc("pair", [I.Int(1), I.Int(2)]),
        *[I.Alloc("record", [I.Int(i) for i in range(n)]) for n in (1, 2, 3, 4, 5, 40)],
        I.Alloc("ref", [I.Int(3)]),
        I.Alloc("real", [r(1.5)]), I.Alloc("real", [I.Alloc("real", [r(2.5)])]),
        P_("radd", r(1.0), r(2.0)), P_("rneg", r(1.0)), P_("real_of_int", I.Int(3)),
        I.Runtime("string_concat", [I.String(b"a"), I.String(b"b")]),
        I.Runtime("substring", [I.String(b"abc"), I.Int(0), I.Int(1)]),
        I.Assign(I.Alloc("ref", [I.Int(0)]), I.Int(1)),
    ]))
    return {
        "nfib": X.prog([X.NFIB], I.SetGlobal(0, I.MakeClosure(X.NFIB.name, []))),
        "upto": X.upto_sum_program(10),
        "allocs": allocs,
    }


def P_(op, *a):
    return I.Prim(op, list(a))


def item_code(img, it):
    return img.data[it.offset + 8: it.offset + it.size]


def check_sites(code: bytes, address: int) -> list[tuple[str, int, int]]:
    """Find every allocation site in one code item and check it against §2a exactly.
    Returns (rd, bytes, primary) per site."""
    insns = A.disassemble(code, address)
    texts = [A.text_of(i) for i in insns]
    sites = []
    for i, ins in enumerate(insns):
        b = ins.bytes
        if not (b[0] == 0x3B and (b[1] & 0xC7) == 0x46 and b[2] == 0x54):
            continue
        if insns[i - 2].bytes[0] == 0x01:  # §2b: add [esi+0x50], r32 (a variable size)
            sites.append(check_variable_site(insns, texts, i))
            continue
        add, mov, cmp, lea, jb = insns[i - 2: i + 3]
        # add dword [esi+0x50], n  (83 46 50 ib, or 81 46 50 id when n > 127)
        if add.bytes[0] == 0x83:
            assert add.bytes[:3] == b"\x83\x46\x50" and len(add.bytes) == 4
            n = add.bytes[3]
            assert n <= 127
        else:
            assert add.bytes[:3] == b"\x81\x46\x50" and len(add.bytes) == 7
            n = struct.unpack("<I", add.bytes[3:])[0]
            assert n > 127
        rd = mov.op_str.split(",")[0]
        r = RD[rd]
        assert mov.bytes == bytes([0x8B, 0x46 | (r << 3), 0x50])
        assert cmp.bytes == bytes([0x3B, 0x46 | (r << 3), 0x54])
        assert lea.mnemonic == "lea" and lea.op_str.startswith(f"{rd}, [{rd} ")
        disp = int(lea.op_str.split("[")[1].rstrip("]").replace(" ", "").replace(rd, ""), 0)
        primary = disp + n
        assert primary in (V.PAIRPTR, V.REFPTR, V.POINTER)
        assert jb.mnemonic == "jb"
        j = i + 3
        if rd == "ecx":
            assert texts[j] == f"mov ecx, {A.imm(n)}"
            j += 1
        else:
            assert texts[j] == f"xor {rd}, {rd}" and insns[j].bytes in (
                bytes([0x31, 0xC0 | r << 3 | r]), bytes([0x33, 0xC0 | r << 3 | r]))
            assert texts[j + 1] == f"lea ecx, [{rd} + {A.imm(n)}]"
            j += 2
        assert insns[j].bytes == b"\xff\x56\x04"  # call [esi+4]
        j += 1
        if rd == "ecx" and primary == 1:
            assert texts[j] == "inc ecx"
        else:
            assert texts[j] == f"lea {rd}, [ecx + {primary}]"
        jmp = insns[j + 1]
        assert jmp.mnemonic == "jmp"
        tag2 = int(jmp.op_str, 0)
        assert int(jb.op_str, 0) == tag2 == jmp.address + jmp.size  # continuation follows
        k = j + 2
        # header / pad stores as the §2 table says
        if primary == V.PAIRPTR:
            assert n == 8
        else:
            if texts[k].startswith(f"mov dword ptr [{rd} + "):  # zero pad word
                assert texts[k] == f"mov dword ptr [{rd} + {A.imm(n - primary - 4)}], 0"
                pad = True
                k += 1
            else:
                pad = False
            assert texts[k].startswith(f"mov dword ptr [{rd} - {primary}], ")
            header = int(texts[k].split(", ")[1], 0)
            sec, ln = V.header_secondary(header), V.header_length(header)
            if primary == V.POINTER and sec == V.RECORD:
                assert n == V.record_bytes(ln) and pad == V.record_needs_pad(ln)
            elif primary == V.POINTER:
                assert sec == V.BYTEARRAY and ln == 12 and n == 16 and not pad
            else:
                assert sec == V.ARRAY and n == V.ref_bytes(ln) and pad == V.ref_needs_pad(ln)
        sites.append((rd, n, primary))
    return sites


def check_variable_site(insns, texts, i) -> tuple[str, None, int]:
    """mlworks.md §2b around the ``cmp ecx,[esi+0x54]`` at ``i``: (rd, None, primary)."""
    add = insns[i - 2]
    assert add.bytes[0] == 0x01 and (add.bytes[1] & 0xC7) == 0x46 and add.bytes[2] == 0x50
    rd = A.REGS[(add.bytes[1] >> 3) & 7]
    assert texts[i - 3] == f"and {rd}, 0xfffffff8"  # clear bottom three bits
    assert insns[i + 1].mnemonic == "jb" and texts[i + 2] == f"mov ecx, {rd}"
    assert insns[i + 3].bytes == b"\xff\x56\x04"  # call [esi+4]
    primary = int(texts[i + 4].split("+")[1].rstrip("]"), 0)
    assert primary in (V.REFPTR, V.POINTER)
    assert texts[i + 4] == f"lea {rd}, [ecx + {primary}]"
    assert insns[i + 5].mnemonic == "jmp"
    assert int(insns[i + 1].op_str, 0) == insns[i + 6].address  # tag1
    assert texts[i + 6] == f"neg {rd}" and texts[i + 7] == f"lea {rd}, [{rd} + ecx + {primary}]"
    assert insns[i + 8].mnemonic == "jmp"
    tag2 = insns[i + 9].address
    assert int(insns[i + 5].op_str, 0) == int(insns[i + 8].op_str, 0) == tag2
    return rd, None, primary


@pytest.mark.parametrize("name", sorted(corpus()))
def test_every_allocation_site_is_the_2a_sequence(name):
    img = CG.generate(corpus()[name], BASE)
    total = 0
    for it in img.items:
        code = item_code(img, it)
        sites = check_sites(code, it.code_start)
        cmps, calls = A.alloc_pattern_counts(code, it.code_start)
        assert cmps == calls == len(sites)
        total += len(sites)
        # the leaf bit: only items without GC points
        texts = [A.text_of(i) for i in A.disassemble(code, it.code_start)]
        uncaught = f"call dword ptr [esi + {hex(service_slot('raise_uncaught'))}]"  # no return
        gc_points = [t for t in texts if t.startswith("call") and t != uncaught]
        assert it.leaf == (not gc_points)
    assert total > 0


def test_allocs_corpus_covers_all_kinds():
    img = CG.generate(corpus()["allocs"], BASE)
    setup = img.item_named(X.SETUP)
    sites = check_sites(item_code(img, setup), setup.code_start)
    kinds = {(n, p) for _, n, p in sites}
    assert (8, 1) in kinds and (16, 3) in kinds and (16, 5) in kinds
    assert (V.record_bytes(40), 5) in kinds  # imm32 add form
    assert len(sites) == 21  # 7 tuples, 2 refs, 9 reals, 3 service argument tuples


@pytest.mark.parametrize("rd", ["eax", "ecx", "edx", "ebx"])
@pytest.mark.parametrize("kind,n", [("pair", 2), ("record", 3), ("record", 4), ("ref", 1),
                                    ("real", 1), ("record", 60)])
def test_alloc_sequence_any_register(rd, kind, n):
    nbytes, primary, header, pad = CG.alloc_shape(kind, n)
    seq = CG.alloc_sequence(rd, nbytes, primary, header, pad, "t")
    asm = A.assemble(seq)
    code = asm.link(BASE)
    assert check_sites(code, BASE) == [(rd, nbytes, primary)]
    assert A.alloc_pattern_counts(code, BASE) == (1, 1)


def test_pair_into_eax_bytes_match_the_research_example():
    seq = CG.alloc_sequence("eax", 8, 1, 0, False, "t")
    code = A.assemble(seq).link(BASE)
    want = bytes.fromhex("83465008 8b4650 3b4654 8d40f9 720d 31c0 8d4808 ff5604 8d4101 eb00"
                         .replace(" ", ""))
    assert code == want


@pytest.mark.parametrize("name", sorted(corpus()))
def test_every_instruction_round_trips(name):
    img = CG.generate(corpus()[name], BASE)
    for it in img.items:
        assert A.roundtrip_errors(item_code(img, it), it.code_start) == []


def texts_of(img, name):
    it = img.item_named(name)
    return it, [A.text_of(i) for i in A.disassemble(item_code(img, it), it.code_start)]


def test_prologue_epilogue_and_calls_follow_the_conventions():
    img = CG.generate(corpus()["nfib"], BASE)
    it, texts = texts_of(img, X.NFIB.name)
    assert texts[:3] == ["push edi", "mov edi, ebp", f"sub esp, {A.imm(4 * it.frame_words)}"]
    r = texts.index("ret")
    assert texts[r - 2: r] == [f"add esp, {A.imm(4 * it.frame_words)}", "pop edi"]
    # direct recursion: EBP = current closure, then a direct call of the item's first
    # instruction (= code pointer + 3)
    calls = [i for i, t in enumerate(texts) if t.startswith("call 0x")]
    assert len(calls) == 2
    for i in calls:
        assert texts[i] == f"call {hex(it.code_start)}"
        assert texts[i - 1] == "mov ebp, edi" and texts[i + 1] == "mov eax, ebx"


def test_frame_slots_are_zeroed_unless_written_before_any_gc_point():
    # f x = let a = #1 x + 1 in (g a, h a) : slot of `a` is written before the first call
    G = I.CodeItem("g[t.sml:1]", "y", I.Var("y"))
    a = P_("add", I.Select(0, I.Var("x")), I.Int(1))
    F = I.CodeItem("f[t.sml:2]", "x", I.Let("a", a, I.Alloc(
        "pair", [I.Call(I.Global(0), I.Var("a")), I.Call(I.Global(1), I.Var("a"))])))
    img = CG.generate(X.prog([G, F], I.SetGlobal(0, I.MakeClosure(G.name, []))), BASE)
    it, texts = texts_of(img, F.name)
    assert it.frame_words == 3
    # slot 1 (a) is written by the let before anything collects; slot 2 (the first call's
    # result, waiting for the second call) is zeroed in the prologue; the second call's
    # result waits for the allocation in EDX
    assert texts[3:6] == ["xor eax, eax", "mov dword ptr [esp + 8], eax",
                          "mov dword ptr [esp], ebx"]
    i = texts.index("call dword ptr [esi + 4]")
    assert texts[i + 3:i + 5] == ["mov ecx, dword ptr [esp + 8]", "mov dword ptr [eax - 1], ecx"]
    assert texts[i + 5] == "mov dword ptr [eax + 3], edx"
    # global 0 is known (set once to g's closure): direct call; global 1 is not: through
    # the closure's code pointer
    assert f"call {hex(img.item_named(G.name).code_start)}" in texts
    i = texts.index("call eax")
    assert texts[i - 2: i] == ["mov eax, dword ptr [ebp - 1]", "add eax, 3"]
    assert img.item_named(G.name).leaf and not it.leaf


def test_let_bound_selections_are_reloaded_not_stored():
    # let i = #1 p; n = #2 p in i + n : no slot for i or n, two loads per use
    F = I.CodeItem("f[t.sml:2]", "p", I.Let("i", I.Select(0, I.Var("p")), I.Let(
        "n", I.Select(1, I.Var("p")), I.Alloc("pair", [P_("add", I.Var("i"), I.Var("n")),
                                                      I.Var("i")]))))
    img = CG.generate(X.prog([F], I.Int(0)), BASE)
    it, texts = texts_of(img, F.name)
    # no calls: the argument stays in EBX (the GC fixes it at the allocation); the sum
    # waits for the allocation in EDX; nothing is stored in the frame
    assert it.frame_words == 0 and not it.leaf
    assert not [t for t in texts if t.startswith("mov dword ptr [esp")]
    assert "mov eax, dword ptr [ebx - 1]" in texts and "mov ecx, dword ptr [ebx + 3]" in texts
    assert "mov dword ptr [eax - 1], edx" in texts


def test_leaf_items_keep_the_argument_in_ebx():
    F = I.CodeItem("f[t.sml:2]", "p", I.Let("i", I.Select(0, I.Var("p")), I.Let(
        "n", I.Select(1, I.Var("p")), P_("add", I.Var("i"), I.Var("n")))))
    img = CG.generate(X.prog([F], I.Int(0)), BASE)
    it, texts = texts_of(img, F.name)
    assert it.leaf and it.frame_words == 0
    assert texts[:5] == ["push edi", "mov edi, ebp", "mov eax, dword ptr [ebx - 1]",
                         "mov ecx, dword ptr [ebx + 3]", "add eax, ecx"]


def test_tail_calls():
    img = CG.generate(X.upto_sum_program(5), BASE)
    it, texts = texts_of(img, X.SUM.name)
    # a self tail call jumps back to the top of the body, after the prologue (sum has no
    # calls, so its argument lives in EBX and the prologue is push edi; mov edi, ebp)
    insns = A.disassemble(item_code(img, it), it.code_start)
    assert texts[:2] == ["push edi", "mov edi, ebp"] and it.frame_words == 0
    assert f"jmp {hex(insns[2].address)}" in texts
    # a tail call of an unknown closure pops the frame and jumps through the code pointer
    H = I.CodeItem("h[t.sml:2]", "p", I.Call(I.Select(0, I.Var("p")), I.Select(1, I.Var("p"))))
    img = CG.generate(X.prog([H], I.Int(0)), BASE)
    it, texts = texts_of(img, H.name)
    j = texts.index("jmp eax")
    assert texts[j - 4: j] == ["mov eax, dword ptr [ebp - 1]", "add eax, 3",
                               f"add esp, {A.imm(4 * it.frame_words)}", "pop edi"]
    assert "call eax" not in texts


def test_bad_ir_is_reported():
    with pytest.raises(CG.CodegenError):
        CG.generate(X.prog([], I.Var("nope")), BASE)
    with pytest.raises(CG.CodegenError):
        CG.generate(X.prog([], I.MakeClosure("missing", [])), BASE)
    with pytest.raises(CG.CodegenError):
        CG.generate(X.prog([], I.Runtime("no_such_service", [])), BASE)


def test_slot_zero_is_zeroed_when_the_argument_stays_in_ebx():
    # no calls: the argument stays in EBX and slot 0 is an ordinary temporary; it holds the
    # first pair across the second allocation, so it must be zeroed before anything collects
    F = I.CodeItem("f[t.sml:2]", "x", I.Alloc("pair", [
        I.Alloc("pair", [I.Var("x"), I.Int(1)]), I.Alloc("pair", [I.Var("x"), I.Int(2)])]))
    img = CG.generate(X.prog([F], I.Int(0)), BASE)
    it, texts = texts_of(img, F.name)
    assert it.frame_words == 1
    assert texts[:5] == ["push edi", "mov edi, ebp", "sub esp, 4", "xor eax, eax",
                         "mov dword ptr [esp], eax"]
