"""The MLWorks runtime on hand-assembled x86 (no code generator involved)."""

from __future__ import annotations

import io

import pytest

from profkit.backends.mlworks.runtime import memory as M
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.backends.mlworks.runtime.services import SERVICES
from profkit.errors import GuestFaultError, GuestRuntimeError, ResourceLimitError

from .asm_image import alloc, build

PROLOGUE = "push edi\nmov edi, ebp\nsub esp, 16\n"
EPILOGUE = "mov ebx, 0\nadd esp, 16\npop edi\nret\n"


def svc(name: str) -> str:
    return f"call dword ptr [esi + {0x80 + 4 * SERVICES[name]}]\n"


def list_program(n: int, garbage: bool = True) -> str:
    """Build [n-1, ..., 1, 0] with the exact §2a sequence, a dead pair per element."""
    body = PROLOGUE + "mov edx, 0\nmov ebx, 0\nagain:\n"
    if garbage:
        body += alloc("eax", 8, 1) + "mov dword ptr [eax-1], ebx\nmov dword ptr [eax+3], edx\n"
    body += alloc("eax", 8, 1) + "mov dword ptr [eax-1], ebx\nmov dword ptr [eax+3], edx\n"
    body += f"mov edx, eax\nadd ebx, 4\ncmp ebx, {4 * n}\njb again\n"
    body += "mov dword ptr [0x20000], edx\n" + EPILOGUE
    return body


def read_list(m: Machine, lst: int) -> list[int]:
    out = []
    while lst != 0:
        out.append(m.word(lst - 1) >> 2)
        lst = m.word(lst + 3)
    return out


def test_list_of_100000_pairs_survives_a_16k_creation_space():
    img = build({"setup": list_program(100_000)}, "setup")
    m = Machine(img, creation_space=16 * 1024)
    assert m.run() == 0
    assert read_list(m, m.word(M.GLOBALS)) == list(range(99_999, -1, -1))
    assert m.gc.collections[0] >= 90  # 1.6 MB allocated through a 16 KB space
    assert m.gc.collections[1] >= 1  # and older generations were collected too


def test_generations_option_two_generations():
    img = build({"setup": list_program(60_000)}, "setup")
    m = Machine(img, creation_space=16 * 1024, generations=2)
    assert m.run() == 0
    assert read_list(m, m.word(M.GLOBALS)) == list(range(59_999, -1, -1))
    assert len(m.gc.collections) == 2 and m.gc.collections[1] >= 1


def test_print_and_int_to_string():
    setup = (PROLOGUE + "mov ebx, {STR:hello}\n" + svc("print")
             + "mov ebx, 0xfffffff4\n" + svc("int_to_string") + svc("print") + EPILOGUE)
    out = io.StringIO()
    m = Machine(build({"setup": setup}, "setup", {"hello": b"hello "}), stdout=out)
    assert m.run() == 0
    assert out.getvalue() == "hello ~3"


def handler_program(body: str) -> str:
    """Install a handler frame (the code generator's layout) around ``body``; the handler
    stores the exception packet in global 1 and the handler slot in global 2."""
    return (PROLOGUE
            + "mov eax, dword ptr [esi + 0x5c]\nmov dword ptr [esp], eax\n"
            + "mov eax, handler\nmov dword ptr [esp + 4], eax\n"
            + "mov dword ptr [esp + 8], edi\nmov dword ptr [esp + 12], esp\n"
            + "mov dword ptr [esi + 0x5c], esp\n"
            + body
            + "mov dword ptr [0x20004], 0\njmp done\n"
            + "handler:\nmov dword ptr [0x20004], ebx\n"
            + "mov eax, dword ptr [esi + 0x5c]\nmov dword ptr [0x20008], eax\n"
            + "done:\n" + EPILOGUE)


def test_service_raises_subscript_to_the_handler_frame():
    body = ("mov ebx, 0\n" + alloc("eax", 8, 1)
            + "mov dword ptr [eax-1], 12\nmov dword ptr [eax+3], 0\nmov ebx, eax\n"
            + svc("array_make")  # array of 3 zeros
            + "mov ecx, ebx\n" + alloc("eax", 8, 1)
            + "mov dword ptr [eax-1], ecx\nmov dword ptr [eax+3], 20\nmov ebx, eax\n"
            + svc("array_sub"))  # index 5: Subscript
    m = Machine(build({"setup": handler_program(body)}, "setup"))
    outer = None

    assert m.run() == 0
    exn = m.word(M.GLOBALS + 4)
    assert exn != 0 and m.exn_name(exn) == "Subscript"
    # the raise popped the frame: the slot holds the runtime's outermost frame again
    outer = m.word(M.GLOBALS + 8)
    assert outer == M.STACK_START - 16


def test_uncaught_exception_message():
    body = "mov ebx, {STR:abc}\nmov dword ptr [esi + 0x5c], 0\n"  # no handler at all
    setup = PROLOGUE + body + alloc("eax", 8, 1) + (
        "mov dword ptr [eax-1], ebx\nmov dword ptr [eax+3], 40\nmov ebx, eax\n"
        + svc("string_sub") + EPILOGUE)
    m = Machine(build({"setup": setup}, "setup", {"abc": b"abc"}))
    with pytest.raises(GuestRuntimeError, match=r"^Exception- Subscript raised$"):
        m.run()


def test_uncaught_exception_through_the_outermost_frame():
    setup = PROLOGUE + "mov ebx, 0\n" + alloc("eax", 8, 1) + (
        "mov dword ptr [eax-1], 0xfffffffc\nmov dword ptr [eax+3], 0\nmov ebx, eax\n"
        + svc("array_make") + EPILOGUE)
    m = Machine(build({"setup": setup}, "setup"))
    with pytest.raises(GuestRuntimeError, match=r"^Exception- Size raised$"):
        m.run()


def test_guest_fault_names_function_and_instruction():
    crash = "push edi\nmov edi, ebp\nmov eax, dword ptr [ebx + 3]\npop edi\nret\n"
    setup = (PROLOGUE + "mov ebp, 0\n"
             + "mov ebx, 0x5\nmov eax, {ITEM:crash[t.sml:2]}\nadd eax, 3\ncall eax\n" + EPILOGUE)
    m = Machine(build({"setup": setup, "crash[t.sml:2]": crash}, "setup"))
    with pytest.raises(GuestFaultError) as ei:
        m.run()
    msg = str(ei.value)
    assert msg.startswith("profkit: guest fault at 0x001")
    assert "in crash[t.sml:2]: mov eax, dword ptr [ebx + 3]: read from unmapped memory " \
           "0x00000008" in msg


def test_exit_service_status():
    setup = PROLOGUE + "mov ebx, 12\n" + svc("exit") + EPILOGUE
    assert Machine(build({"setup": setup}, "setup")).run() == 3


def test_heap_limit_is_a_resource_error():
    img = build({"setup": list_program(200_000, garbage=False)}, "setup")
    m = Machine(img, creation_space=16 * 1024, max_heap=256 * 1024)
    with pytest.raises(ResourceLimitError, match="Run out of store"):
        m.run()


def test_instruction_slices_count_virtual_time():
    img = build({"setup": list_program(2000)}, "setup")
    m = Machine(img, max_steps=10**9)
    seen = []
    assert m.run(slice_units=1000, on_slice=seen.append) == 0
    assert len(seen) == m.instructions // 1000 > 10
    assert all(M.STATIC <= pc < M.STATIC_END for pc in seen)


def test_max_steps_stops_a_loop():
    setup = PROLOGUE + "spin:\njmp spin\n" + EPILOGUE
    m = Machine(build({"setup": setup}, "setup"), max_steps=50_000)
    with pytest.raises(ResourceLimitError, match="instruction limit"):
        m.run(slice_units=10_000)
