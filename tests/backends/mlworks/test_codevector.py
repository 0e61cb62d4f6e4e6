"""Code vector layout (mlworks.md §9, §3, §7): headers, items, names table, static objects."""

from __future__ import annotations

import struct

from profkit.backends.mlworks.codegen import x86 as CG
from profkit.backends.mlworks.codegen import codevector as CV
from profkit.backends.mlworks import values as V

from . import test_codegen_x86_exec as X

BASE = 0x00100000


def image():
    p = X.upto_sum_program(3)
    p.items[0:0] = [X.NFIB]
    return CG.generate(p, BASE)


def reader(img):
    def rw(a):
        return struct.unpack_from("<I", img.data, a - img.base)[0]

    def rd(a, n):
        return img.data[a - img.base: a - img.base + n]
    return rw, rd


def test_vector_header_and_items():
    img = image()
    rw, _ = reader(img)
    h = rw(BASE)
    assert V.header_secondary(h) == V.CODE
    assert 4 + 4 * V.header_length(h) == img.vector_bytes and img.vector_bytes % 8 == 0
    assert [it.number for it in img.items] == list(range(len(img.items)))
    for it in img.items:
        addr = BASE + it.offset
        assert addr % 8 == 0
        assert rw(addr) == V.make_header(V.BACKPTR, it.offset)
        assert rw(addr + 4) == CV.item_ancillary(it.number, it.leaf)
        assert it.code_ptr == addr + V.POINTER and it.code_start == addr + 8
        assert img.item_at(it.code_start) is it
    assert img.setup_code_ptr == img.item_named(X.SETUP).code_ptr


def test_names_table_is_readable_from_memory():
    img = image()
    rw, rd = reader(img)
    assert CV.names_from_memory(rw, rd, BASE) == [it.name for it in img.items]
    anc = rw(BASE + 4)
    assert anc & 7 == V.POINTER
    names, profiles, interfns = (rw(anc - 5 + 4 * i) for i in (1, 2, 3))
    assert rw(names - 5) == V.make_header(V.RECORD, len(img.items))
    assert rw(profiles - 5) == V.make_header(V.RECORD, len(img.items))  # NFIELDS = items
    assert interfns == 0


def test_item_bounds_as_mlworks_scans_them():
    img = image()
    rw, _ = reader(img)
    n = len(img.items)
    for it in img.items:
        first, last = CV.item_bounds(rw, BASE, it.number, n)
        assert first == it.code_start
        assert it.code_end <= last and last - it.code_end < 8
        assert last == (BASE + img.vector_bytes if it.number == n - 1
                        else BASE + img.items[it.number + 1].offset)


def test_strings_and_exception_names_are_static_string_objects():
    img = image()
    rw, rd = reader(img)
    p = img.exn_names["Overflow"]
    assert p & 7 == V.POINTER
    h = rw(p - 5)
    assert V.header_secondary(h) == V.STRING and V.header_length(h) == len("Overflow") + 1
    assert rd(p - 1, 9) == b"Overflow\0"
    pkt = img.exn_packets["Overflow"]  # nfib's additions may overflow
    assert pkt & 7 == V.PAIRPTR and rw(pkt - 1) == p and rw(pkt + 3) == 0


def test_string_object_layout():
    for s in (b"", b"abc", b"abcd", b"abcdefghijk"):
        obj = CV.string_object(s)
        assert len(obj) == V.string_bytes(len(s) + 1) == V.object_bytes(
            struct.unpack_from("<I", obj)[0])
        assert obj[4:4 + len(s) + 1] == s + b"\0"


def test_padding_is_nops():
    img = image()
    for it in img.items:
        end = it.code_end - BASE
        pad_end = V.double_align(end)
        assert img.data[end:pad_end] == b"\x90" * (pad_end - end)


def test_a_word_that_looks_like_an_item_header_is_moved_away():
    from profkit.backends.mlworks.codegen import asm_x86 as A
    # item 0's instructions start at vector offset 16; `mov eax, imm32` after 7 NOPs puts the
    # immediate at offset 24, and the addend makes it BACKPTR(24) when placed there
    fake = V.make_header(V.BACKPTR, 24)
    code = A.assemble([A.Label("L")] + ["nop"] * 7 + [A.MovImm("eax", "@L", fake - BASE - 16),
                                                     "ret"])
    items = [CV.ItemSpec("a[x:1]", code), CV.ItemSpec("b[x:2]", A.assemble(["ret"]))]
    img = CV.build_image(BASE, items, [], "b[x:2]", 0, {}, [])
    a = img.items[0]
    assert a.offset == 16  # moved on by 8 bytes of NOPs
    assert img.data[8:16] == b"\x90" * 8
    rw, _ = reader(img)
    assert [CV.item_bounds(rw, BASE, i, 2)[0] for i in range(2)] == [
        it.code_start for it in img.items]
