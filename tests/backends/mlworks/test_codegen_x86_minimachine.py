"""A minimal unicorn machine for the x86 code generator's own tests.

Independent of the real runtime (runtime.py/gc.py): a non-moving "collector" that only
extends the limit (optionally every allocation goes through it, to exercise the out-of-line
path), a handful of services, and checks at every GC entry that no register or stack word
is a stale raw value pointing into unallocated heap.
"""

from __future__ import annotations

import struct

from unicorn import UC_ARCH_X86, UC_HOOK_CODE, UC_MODE_32, Uc
from unicorn.x86_const import (UC_X86_REG_EAX, UC_X86_REG_EBP, UC_X86_REG_EBX,
                               UC_X86_REG_ECX, UC_X86_REG_EDI, UC_X86_REG_EDX,
                               UC_X86_REG_ESI, UC_X86_REG_ESP)

from profkit.backends.mlworks.codegen import x86 as codegen_x86
from profkit.backends.mlworks import ir
from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.runtime.services import SERVICES

IMPLICIT = 0x10000
STUBS = 0x11000
GC_STUB = STUBS + 16 * 200
EXIT_STUB = STUBS + 16 * 201
GLOBALS = 0x20000
STATIC = 0x100000
RT_AREA = 0x800000  # strings made by the services here (static, never collected)
HEAP = 0x01000000
HEAP_SIZE = 0x08000000
STACK_TOP = 0x7F800000
STACK_SIZE = 0x00800000
POISON = HEAP + HEAP_SIZE - 3  # odd, "points" past every allocation
POISON_BYTES = 0x4000


class Uncaught(Exception):
    pass


class Machine:
    def __init__(self, program: ir.Program, gc_every: bool = False, chunk: int = 4096):
        self.image = codegen_x86.generate(program, STATIC)
        self.gc_every = gc_every
        self.chunk = chunk
        self.out: list[str] = []
        self.gcs = 0
        self.rt = RT_AREA
        self.uncaught: str | None = None
        uc = self.uc = Uc(UC_ARCH_X86, UC_MODE_32)
        uc.mem_map(IMPLICIT, 0x2000)
        uc.mem_map(GLOBALS, 0x10000)
        uc.mem_map(STATIC, 0xF00000)
        uc.mem_map(HEAP, HEAP_SIZE)
        uc.mem_map(STACK_TOP - STACK_SIZE, STACK_SIZE)
        uc.mem_write(STUBS, b"\xc3" * 0x1000)
        uc.mem_write(STATIC, self.image.data)
        for name, n in SERVICES.items():
            self.w(IMPLICIT + 0x80 + 4 * n, STUBS + 16 * n)
        self.w(IMPLICIT + 4, GC_STUB)
        self.w(IMPLICIT + 0x50, HEAP)
        self.w(IMPLICIT + 0x54, HEAP if gc_every else HEAP + chunk)
        self.w(IMPLICIT + 0x5C, 0)
        self.services = {n: name for name, n in SERVICES.items()}
        uc.hook_add(UC_HOOK_CODE, self._hook, begin=STUBS, end=STUBS + 0xFFF)

    # ------------------------------------------------------------ memory
    def w(self, a: int, v: int) -> None:
        self.uc.mem_write(a, struct.pack("<I", v & 0xFFFFFFFF))

    def r(self, a: int) -> int:
        return struct.unpack("<I", self.uc.mem_read(a, 4))[0]

    def reg(self, r):
        return self.uc.reg_read(r)

    def string(self, v: int) -> bytes:
        n = V.header_length(self.r(v - 5)) - 1
        return bytes(self.uc.mem_read(v - 1, n))

    def make_string(self, b: bytes) -> int:
        from profkit.backends.mlworks.codegen.codevector import string_object
        obj = string_object(b)
        a = self.rt
        self.uc.mem_write(a, obj)
        self.rt += V.double_align(len(obj))
        return a + V.POINTER

    # ------------------------------------------------------------ run
    def run(self, max_insns: int = 0) -> str:
        uc = self.uc
        sp = STACK_TOP - 16
        sp -= 4
        self.w(sp, EXIT_STUB)
        clo = self.make_closure(self.image.setup_code_ptr)
        uc.reg_write(UC_X86_REG_ESP, sp)
        uc.reg_write(UC_X86_REG_ESI, IMPLICIT)
        uc.reg_write(UC_X86_REG_EBP, clo)
        uc.reg_write(UC_X86_REG_EDI, clo)
        uc.reg_write(UC_X86_REG_EBX, 0)
        self.error = None
        uc.emu_start(self.image.setup_code_ptr + 3, 0xFFFFFFFF, count=max_insns)
        if self.error:
            raise self.error
        return "".join(self.out)

    def make_closure(self, code_ptr: int) -> int:
        a = self.rt
        self.w(a, V.make_header(V.RECORD, 1))
        self.w(a + 4, code_ptr)
        self.rt += 8
        return a + V.POINTER

    def _hook(self, uc, address, size, _):
        try:
            if address == EXIT_STUB:
                uc.emu_stop()
            elif address == GC_STUB:
                self._gc()
            else:
                self._service(self.services[(address - STUBS) // 16])
        except Exception as e:  # surface Python errors from the hook
            self.error = e
            uc.emu_stop()

    def _gc(self) -> None:
        self.gcs += 1
        base = self.r(IMPLICIT + 0x50)
        ecx = self.reg(UC_X86_REG_ECX)
        addr = base - ecx
        # every register the GC fixes and every stack word must be a tagged value; an odd
        # word pointing into the heap must point below the allocation point
        regs = [self.reg(r) for r in (UC_X86_REG_EAX, UC_X86_REG_EBX, UC_X86_REG_EDX,
                                      UC_X86_REG_EBP, UC_X86_REG_EDI)]
        esp = self.reg(UC_X86_REG_ESP)
        words = struct.unpack(f"<{(STACK_TOP - 16 - esp) // 4}I",
                              bytes(self.uc.mem_read(esp, STACK_TOP - 16 - esp)))
        for i, wv in enumerate(list(regs) + list(words)):
            if wv & 1 and HEAP <= wv <= HEAP + HEAP_SIZE and not wv < addr:
                raise AssertionError(f"GC root {i} = {wv:#x} points at unallocated heap")
        if base > HEAP + HEAP_SIZE:
            raise MemoryError("mini machine heap exhausted")
        # poison the dead stack below ESP: a frame slot that a later GC scans before the
        # code wrote it would show up as a root pointing at unallocated heap
        lo = max(esp - POISON_BYTES, STACK_TOP - STACK_SIZE)
        self.uc.mem_write(lo, struct.pack("<I", POISON) * ((esp - lo) // 4))
        self.w(IMPLICIT + 0x54, base if self.gc_every else base + self.chunk)
        self.uc.reg_write(UC_X86_REG_ECX, addr)

    def _service(self, name: str) -> None:
        ebx = self.reg(UC_X86_REG_EBX)
        res = 0
        if name == "print":
            self.out.append(self.string(ebx).decode("latin-1"))
        elif name == "int_to_string":
            res = self.make_string(str(V.unint(ebx)).replace("-", "~").encode())
        elif name == "string_concat":
            a, b = self.r(ebx - 1), self.r(ebx + 3)
            res = self.make_string(self.string(a) + self.string(b))
        elif name == "assign":
            ref, v = self.r(ebx - 1), self.r(ebx + 3)
            self.w(ref + 9, v)
        elif name == "raise_uncaught":
            self.uncaught = self.string(self.r(ebx - 1)).decode()
            self.uc.emu_stop()
            return
        else:
            raise NotImplementedError(name)
        self.uc.reg_write(UC_X86_REG_EBX, res)


def run(program: ir.Program, **kw) -> tuple[str, Machine]:
    m = Machine(program, **kw)
    return m.run(), m
