"""What the runtime needs to know about one machine architecture (x86 now, SPARC later).

Everything architecture-specific the runtime touches is here: the unicorn/capstone modes,
the register roles of CONVENTIONS.md, the bytes of a runtime stub, how a call into ML code
is set up, how the GC entry passes its byte count and takes the result back, and how an
ML exception is delivered to a handler frame. A SPARC class with the same attributes slots
in beside ``X86``.
"""

from __future__ import annotations

import struct

from capstone import CS_ARCH_X86, CS_MODE_32, Cs
from unicorn import UC_ARCH_X86, UC_MODE_32, Uc
from unicorn import x86_const as X

from .memory import IMPLICIT


class X86:
    name = "x86"
    uc_arch, uc_mode = UC_ARCH_X86, UC_MODE_32
    PC = X.UC_X86_REG_EIP
    SP = X.UC_X86_REG_ESP
    ARG = X.UC_X86_REG_EBX  # argument on entry, result on return, the raised exception
    CLOSURE = X.UC_X86_REG_EDI  # current (callee) closure
    CALLER_CLOSURE = X.UC_X86_REG_EBP
    COUNT = X.UC_X86_REG_ECX  # GC entry: bytes requested in, untagged address out
    #: registers that may hold ML values at a GC point (ECX holds a byte count)
    ROOT_REGS = (X.UC_X86_REG_EAX, X.UC_X86_REG_EBX, X.UC_X86_REG_EDX, X.UC_X86_REG_EBP,
                 X.UC_X86_REG_EDI)
    ROOT_REG_NAMES = ("eax", "ebx", "edx", "ebp", "edi")
    #: a stub is ``ret``: the address-limited hook on its first byte runs the service, then
    #: the ``ret`` returns to the ML caller
    STUB = b"\xc3" + b"\x90" * 15
    #: byte order of memory words: struct prefix and numpy dtype (SPARC: ">" / ">u4")
    ENDIAN = "<"
    WORD_DTYPE = "<u4"

    def __init__(self) -> None:
        self.cs = Cs(CS_ARCH_X86, CS_MODE_32)

    def new_uc(self) -> Uc:
        return Uc(self.uc_arch, self.uc_mode)

    def enter(self, uc: Uc, code_start: int, closure: int, arg: int, return_addr: int,
              sp: int) -> int:
        """Set up a call of ML code as CONVENTIONS.md says (return address pushed, EBP/EDI
        = closure, EBX = argument); returns the PC to start at."""
        sp -= 4
        uc.mem_write(sp, struct.pack(self.ENDIAN + "I", return_addr))
        uc.reg_write(self.SP, sp)
        uc.reg_write(X.UC_X86_REG_ESI, IMPLICIT)
        uc.reg_write(X.UC_X86_REG_EBP, closure)
        uc.reg_write(X.UC_X86_REG_EDI, closure)
        uc.reg_write(X.UC_X86_REG_EBX, arg)
        for r in (X.UC_X86_REG_EAX, X.UC_X86_REG_ECX, X.UC_X86_REG_EDX):
            uc.reg_write(r, 0)
        return code_start

    def deliver_exception(self, uc: Uc, frame: tuple[int, int, int, int], exn: int) -> None:
        """Raise ``exn`` to the handler frame ``{previous, handler code, saved EDI, saved
        ESP}`` (CONVENTIONS.md "Exceptions"): the handler runs with EBX = the exception,
        EDI and ESP as saved, at the handler code address. Called from a stub hook, so the
        stub's ``ret`` is skipped by setting the PC."""
        _prev, code, edi, esp = frame
        uc.reg_write(X.UC_X86_REG_EBX, exn)
        uc.reg_write(X.UC_X86_REG_EDI, edi)
        uc.reg_write(self.SP, esp)
        uc.reg_write(self.PC, code)

    def disasm(self, code: bytes, addr: int) -> str:
        for insn in self.cs.disasm(code, addr, 1):
            return f"{insn.mnemonic} {insn.op_str}".strip()
        return "(undecodable instruction)"


ARCHES = {"x86": X86}


def make_arch(name: str | None):
    """The architecture object for ``config.arch`` (SPARC imported on demand)."""
    if name == "sparc":
        from .arch_sparc import SPARC

        return SPARC()
    return ARCHES[name or "x86"]()
