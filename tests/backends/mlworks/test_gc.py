"""The generational copying collector: parsing, roots, barrier, large objects, events."""

from __future__ import annotations

import struct

import numpy as np

from profkit.backends.mlworks.runtime import heapscan as HS
from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.options import Config
from profkit.session import Session
from profkit.testing import Recorder

from .asm_image import alloc, build
from .test_runtime import EPILOGUE, PROLOGUE, list_program, read_list, svc


def churn(n: int) -> str:
    """Allocate n dead pairs (forces collections)."""
    return (f"mov ecx, {n}\nchurn_{n}_{id(n)}:\npush ecx\n" + alloc("eax", 8, 1)
            + f"mov dword ptr [eax-1], 0\nmov dword ptr [eax+3], 0\npop ecx\ndec ecx\n"
            f"jnz churn_{n}_{id(n)}\n")


def words(*ws: int) -> np.ndarray:
    return np.array(ws, dtype=np.uint32)


def test_parse_pairs_records_and_strings_with_fake_headers():
    fake = V.make_header(V.RECORD, 4)  # a header-looking word inside a string's bytes
    s = b"AAAA" + struct.pack("<I", fake) + b"BBBB"  # 12 bytes: the fake is at word 2
    string = np.frombuffer(struct.pack("<I", V.make_header(V.STRING, 13)) + s + b"\0" * 8,
                           dtype=np.uint32)
    W = np.concatenate([
        words(4, 8),  # pair
        words(V.make_header(V.RECORD, 3), 4, 8, 12),  # record, 3 fields
        string,  # 20 bytes -> 24 with padding
        words(0x1001, 0),  # pair holding a pointer
        words(V.make_header(V.ARRAY, 1), 0, 0, 0x1001),  # a ref
    ])
    p = HS.parse(W)
    assert p.starts.tolist() == [0, 2, 6, 12, 14]
    assert p.sizes.tolist() == [2, 4, 6, 2, 4]
    assert p.scan_lo.tolist() == [0, 3, 6, 12, 17]
    assert p.scan_hi.tolist() == [2, 6, 6, 14, 18]
    k = HS.kinds(W, p, 0, 0)
    assert k.tolist() == [HS.K_PAIR, HS.K_RECORD, HS.K_STRING, HS.K_PAIR, HS.K_REF]


def test_records_strings_and_reals_survive_many_collections():
    # a list of (3-field record, heap string with a fake header inside, boxed real)
    rec = (alloc("eax", 16, 5) + "mov dword ptr [eax-5], 0xc2\nmov dword ptr [eax-1], ebx\n"
           "mov dword ptr [eax+3], 8\nmov dword ptr [eax+7], 12\nmov dword ptr [esp], eax\n")
    string = ("mov ebx, {STR:s}\n" + svc("string_concat_list")  # ["\x02\x01..", "xy"]
              + "mov dword ptr [esp+4], ebx\n")
    real = (alloc("eax", 16, 5) + "mov dword ptr [eax-5], 0x31a\nmov dword ptr [eax-1], 0\n"
            "mov dword ptr [eax+3], 0\nmov dword ptr [eax+7], 0x40091eb8\n"
            "mov dword ptr [esp+12], eax\n")
    body = PROLOGUE + "mov edx, 0\nmov dword ptr [esp+8], 0\nmov ebx, 0\nloop_:\n"
    body += "mov dword ptr [0x2000c], ebx\n" + rec + string + real
    body += ("mov edx, dword ptr [esp+8]\n" + alloc("eax", 16, 5)
             + "mov dword ptr [eax-5], 0xc2\nmov ecx, dword ptr [esp]\nmov dword ptr [eax-1], ecx\n"
             "mov ecx, dword ptr [esp+4]\nmov dword ptr [eax+3], ecx\n"
             "mov ecx, dword ptr [esp+12]\nmov dword ptr [eax+7], ecx\nmov dword ptr [esp], eax\n"
             + alloc("eax", 8, 1) + "mov ecx, dword ptr [esp]\nmov dword ptr [eax-1], ecx\n"
             "mov edx, dword ptr [esp+8]\nmov dword ptr [eax+3], edx\n"
             "mov dword ptr [esp+8], eax\nmov ebx, dword ptr [0x2000c]\nadd ebx, 4\n"
             "mov dword ptr [esp], 0\nmov dword ptr [esp+4], 0\nmov dword ptr [esp+12], 0\n"
             "cmp ebx, 12000\njb loop_\nmov eax, dword ptr [esp+8]\n"
             "mov dword ptr [0x20000], eax\n" + EPILOGUE)
    # the list argument of string_concat_list: a static 2-element list of static strings
    s1 = b"\x02\x01\x00\x00\xc2\x00\x00\x00Q"
    img = build({"setup": body}, "setup", {"a": s1, "b": b"xy"})
    # make the static list by hand after the strings: patch the STR:s symbol to point at it
    data = bytearray(img.data)
    lst_at = len(data)
    a, b = img.strings[s1], img.strings[b"xy"]
    data += struct.pack("<IIII", a, img.base + lst_at + 8 + 1, b, 0)
    code = bytes(data).replace(struct.pack("<I", 0x12345678),
                               struct.pack("<I", img.base + lst_at + 1))
    img.data = code
    m = Machine(img, creation_space=16 * 1024)
    assert m.run() == 0
    lst = m.word(M.GLOBALS)
    n = 0
    expect = 2999
    while lst:
        r = m.word(lst - 1)
        assert m.word(r - 5) == 0xC2  # RECORD of 3
        rr, s, re = m.word(r - 1), m.word(r + 3), m.word(r + 7)
        assert m.word(rr - 1) >> 2 == expect and m.word(rr + 3) == 8
        assert m.string_bytes(s) == s1 + b"xy"
        assert struct.unpack("<d", m.read(re + 3, 8))[0] == struct.unpack(
            "<d", struct.pack("<II", 0, 0x40091eb8))[0]
        expect -= 1
        n += 1
        lst = m.word(lst + 3)
    assert n == 3000
    assert m.gc.collections[0] > 10


def test_write_barrier_keeps_a_young_object_stored_into_an_old_ref():
    body = (PROLOGUE + alloc("eax", 16, 3)
            + "mov dword ptr [eax-3], 0x52\nmov dword ptr [eax+1], 0\nmov dword ptr [eax+5], 0\n"
            "mov dword ptr [eax+9], 0\nmov dword ptr [0x20000], eax\n"
            + churn(5000)  # the ref is promoted
            + alloc("eax", 8, 1) + "mov dword ptr [eax-1], 308\nmov dword ptr [eax+3], 0\n"
            "mov dword ptr [esp], eax\n" + alloc("eax", 8, 1)
            + "mov edx, dword ptr [0x20000]\nmov dword ptr [eax-1], edx\n"
            "mov ecx, dword ptr [esp]\nmov dword ptr [eax+3], ecx\nmov ebx, eax\n"
            "mov dword ptr [esp], 0\n" + svc("assign")
            + churn(5001) + EPILOGUE)
    m = Machine(build({"setup": body}, "setup"), creation_space=16 * 1024)
    assert m.run() == 0
    r = m.word(M.GLOBALS)
    assert not (m.gc.creation_start <= r < m.gc.creation_end)
    pair = m.word(r + 9)
    assert m.word(pair - 1) == 308 and m.word(pair + 3) == 0


def test_large_array_lives_in_static_space_and_keeps_young_elements():
    body = (PROLOGUE + alloc("eax", 8, 1)
            + "mov dword ptr [eax-1], 40000\nmov dword ptr [eax+3], 0\nmov ebx, eax\n"
            + svc("array_make") + "mov dword ptr [0x20000], ebx\n"
            + alloc("eax", 8, 1) + "mov dword ptr [eax-1], 404\nmov dword ptr [eax+3], 0\n"
            "mov dword ptr [esp], eax\n" + alloc("eax", 16, 5)
            + "mov dword ptr [eax-5], 0xc2\nmov edx, dword ptr [0x20000]\n"
            "mov dword ptr [eax-1], edx\nmov dword ptr [eax+3], 400\n"
            "mov ecx, dword ptr [esp]\nmov dword ptr [eax+7], ecx\n"
            "mov ebx, eax\nmov dword ptr [esp], 0\n"
            + svc("array_update") + churn(4000) + EPILOGUE)
    m = Machine(build({"setup": body}, "setup"), creation_space=16 * 1024)
    assert m.run() == 0
    a = m.word(M.GLOBALS)
    assert M.STATIC <= a < M.STATIC_END and m.gc.large
    pair = m.word(a + 9 + 4 * 100)
    assert m.word(pair - 1) == 404
    assert m.word(a + 9) == 0


def test_interior_pointer_into_a_shared_closure_record():
    body = (PROLOGUE + alloc("eax", 24, 5)
            + "mov dword ptr [eax-5], 0x102\nmov dword ptr [eax-1], 4\nmov dword ptr [eax+3], 0\n"
            "mov dword ptr [eax+7], 8\nmov dword ptr [eax+11], 12\nmov dword ptr [eax+15], 0\n"
            "add eax, 8\nmov dword ptr [0x20000], eax\n" + churn(3000) + EPILOGUE)
    m = Machine(build({"setup": body}, "setup"), creation_space=16 * 1024)
    assert m.run() == 0
    v = m.word(M.GLOBALS)
    assert not (m.gc.creation_start <= v < m.gc.creation_end)
    assert m.word(v - 13) == 0x102  # the header is 8 bytes before the usual place
    assert [m.word(v - 9 + 4 * i) for i in range(4)] == [4, 0, 8, 12]


def recorded_run(program: str, creation: int = 16 * 1024):
    rec = Recorder()
    s = Session(Config(), [rec], load_entrypoints=False)
    s.word_bytes = 4
    m = Machine(build({"setup": program}, "setup"), creation_space=creation, session=s)
    assert m.run() == 0
    return rec, s, m


def test_events_copy_and_death_rows_account_for_every_object():
    rec, s, m = recorded_run(list_program(3000))
    m.census_due = True
    m.collect(m.slot(M.SLOT_GC_BASE), full=True)
    census = [c for c in rec.calls if c[0] == "census"]
    assert census and census[-1][1]["live"] >= 3000
    assert census[-1][1]["bytes"] >= 3000 * 8
    m.tracker.kill_all(m.gc, m.slot(M.SLOT_GC_BASE))
    s.run_end()
    alloc_rows, deaths, copies = rec.rows("alloc"), rec.rows("death"), rec.rows("copy")
    # every object seen gets exactly one death row
    assert sorted(deaths["obj"].tolist()) == sorted(alloc_rows["obj"].tolist())
    assert len(alloc_rows) >= 6000  # 3000 list cells + 3000 dead pairs + the closure
    assert set(copies["from_gen"].tolist()) >= {0} and (copies["to_gen"] >= 1).all()
    assert (copies["size_words"] == 2).all()
    # each list cell was copied at least once (out of the creation space)
    first_copies = copies[copies["from_gen"] == 0]
    assert len(np.unique(first_copies["obj"])) >= 3000
    names = [c[0] for c in rec.calls]
    assert names.count("gc_start") == names.count("gc_end") >= 3
    assert read_list(m, m.word(M.GLOBALS)) == list(range(2999, -1, -1))


def test_profiled_allocation_observers_and_forwarding():
    # the space-profiled form of §2a (mlworks.md §3a): cmp against gc_base, call [esi+0x38]
    seq = alloc("eax", 8, 1).replace("dword ptr [esi + 0x54]", "dword ptr [esi + 0x50]") \
        .replace("call dword ptr [esi + 4]", "call dword ptr [esi + 0x38]")
    body = (PROLOGUE + "mov edx, 0\nmov ebx, 0\nagain:\n" + seq
            + "mov dword ptr [eax-1], ebx\nmov dword ptr [eax+3], edx\nmov edx, eax\n"
            "add ebx, 4\ncmp ebx, 16000\njb again\nmov dword ptr [0x20000], edx\n" + EPILOGUE)
    m = Machine(build({"setup": body}, "setup"), creation_space=16 * 1024)
    records: list[int] = []
    survivors: list[int] = []
    m.alloc_observers.append(lambda closure, addr, n: records.append(addr))

    def after_gc(machine, level):
        new = machine.gc.forward(np.array(records, dtype=np.int64))
        survivors.append(int((new != 0).sum()))
        records[:] = [a for a in new.tolist() if a]

    m.gc_observers.append(after_gc)
    assert m.run() == 0
    assert len(records) == 4000  # every allocation was recorded, all are still live
    assert survivors and all(0 < n <= 4000 for n in survivors)
    lst = m.word(M.GLOBALS)
    assert lst - 1 == records[-1]  # the last cell allocated heads the list
    assert sorted(records) == sorted(set(records))
    assert read_list(m, lst) == list(range(3999, -1, -1))
