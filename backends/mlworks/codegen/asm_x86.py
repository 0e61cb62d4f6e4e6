"""x86 (32-bit) assembler layer: keystone to encode, capstone to decode, labels and branches.

Instructions are written in capstone's own Intel syntax (``mov eax, dword ptr [esi + 0x50]``)
so that every instruction round-trips: ``disasm(asm(text)) == text``. This is checked once
per distinct instruction text (the encodings are cached), so a typo or an instruction
keystone encodes differently from what was meant is caught when the code is generated.

An instruction list holds:

* ``str``: one position-independent instruction (no branch targets or absolute code
  addresses in it), assembled by keystone;
* :class:`Label`: a position in the list;
* :class:`Jump`: ``jmp``/``jcc`` to a label, encoded here with short (rel8) or near (rel32)
  displacements chosen by relaxation (start short, widen what does not reach, repeat);
* :class:`MovImm`: ``mov r32, imm32`` whose value is a link-time symbol (a code pointer, a
  string constant, a label's absolute address). It is always the 5-byte ``B8+r id`` form,
  so an item's size does not depend on where it is placed;
* :class:`CallSym`: ``call rel32`` to a link-time symbol (a direct call of a known code
  item), always 5 bytes.

:func:`assemble` lays an item out once (its size is then fixed); :meth:`Assembled.link`
produces the bytes at a given address once the symbols are known. The SPARC assembler
will sit beside this module with the same shape.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Union

from capstone import CS_ARCH_X86, CS_MODE_32, Cs
from keystone import KS_ARCH_X86, KS_MODE_32, Ks

from .asm_common import AsmError, Label

_ks = Ks(KS_ARCH_X86, KS_MODE_32)
_cs = Cs(CS_ARCH_X86, CS_MODE_32)

REGS = ("eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi")
REG_NUM = {r: i for i, r in enumerate(REGS)}

# condition code -> low nibble of the 0x70/0x0F80 opcodes
_CC = {
    "o": 0x0, "no": 0x1, "b": 0x2, "ae": 0x3, "e": 0x4, "ne": 0x5, "be": 0x6, "a": 0x7,
    "s": 0x8, "ns": 0x9, "p": 0xA, "np": 0xB, "l": 0xC, "ge": 0xD, "le": 0xE, "g": 0xF,
}
NEGATE = {
    "o": "no", "no": "o", "b": "ae", "ae": "b", "e": "ne", "ne": "e", "be": "a", "a": "be",
    "s": "ns", "ns": "s", "p": "np", "np": "p", "l": "ge", "ge": "l", "le": "g", "g": "le",
}




@dataclass(frozen=True, slots=True)
class Jump:
    """``jmp`` (cond ``""``) or ``j<cond>`` to a label of the same list."""

    cond: str
    target: str


@dataclass(frozen=True, slots=True)
class MovImm:
    """``mov reg, imm32`` with the value of ``symbol`` (+ ``addend``) resolved at link time.
    A symbol ``"@label"`` is the absolute address of a label of the same list."""

    reg: str
    symbol: str
    addend: int = 0


@dataclass(frozen=True, slots=True)
class CallSym:
    """``call rel32`` to the absolute address ``symbol`` (+ ``addend``) resolved at link
    time (``"@label"``: a label of the same list). Always 5 bytes."""

    symbol: str
    addend: int = 0


Insn = Union[str, Label, Jump, MovImm, CallSym]

_cache: dict[str, bytes] = {}


def imm(v: int) -> str:
    """An immediate or displacement as capstone prints it."""
    if v < 0:
        return "-" + imm(-v)
    return str(v) if v <= 9 else hex(v)


def mem(base: str, disp: int = 0, size: str = "dword") -> str:
    """A memory operand ``dword ptr [base +/- disp]`` in capstone's spelling."""
    inner = base
    if disp > 0:
        inner += " + " + imm(disp)
    elif disp < 0:
        inner += " - " + imm(-disp)
    return f"{size} ptr [{inner}]" if size else f"[{inner}]"


def text_of(insn) -> str:
    """Capstone instruction -> text."""
    return insn.mnemonic + (" " + insn.op_str if insn.op_str else "")


def encode(text: str) -> bytes:
    """Encode one position-independent instruction, checking that it round-trips."""
    b = _cache.get(text)
    if b is not None:
        return b
    try:
        enc, _ = _ks.asm(text, 0)
    except Exception as e:  # keystone raises KsError
        raise AsmError(f"cannot assemble {text!r}: {e}") from None
    if not enc:
        raise AsmError(f"cannot assemble {text!r}")
    b = bytes(enc)
    dec = list(_cs.disasm(b, 0))
    if len(dec) != 1 or dec[0].size != len(b) or text_of(dec[0]) != text:
        got = "; ".join(text_of(d) for d in dec)
        raise AsmError(f"{text!r} does not round-trip: {b.hex()} decodes as {got!r}")
    _cache[text] = b
    return b


def _jump_bytes(cond: str, rel_from_end_short: int, short: bool, rel_near: int) -> bytes:
    if short:
        op = 0xEB if cond == "" else 0x70 | _CC[cond]
        return bytes([op, rel_from_end_short & 0xFF])
    if cond == "":
        return b"\xe9" + struct.pack("<i", rel_near)
    return bytes([0x0F, 0x80 | _CC[cond]]) + struct.pack("<i", rel_near)


@dataclass
class Assembled:
    """An instruction list laid out: fixed size, label offsets, relative jumps resolved."""

    insns: list[Insn]
    size: int
    labels: dict[str, int]  # label -> byte offset
    offsets: list[int]  # byte offset of each entry of insns
    _parts: list[bytes | MovImm] = field(repr=False, default_factory=list)

    def link(self, origin: int, symbols: dict[str, int] | None = None) -> bytes:
        """The bytes at address ``origin`` with every MovImm symbol resolved."""
        out = bytearray()
        for p in self._parts:
            if isinstance(p, (MovImm, CallSym)):
                if p.symbol.startswith("@"):
                    v = origin + self.labels[p.symbol[1:]]
                else:
                    if symbols is None or p.symbol not in symbols:
                        raise AsmError(f"undefined symbol {p.symbol!r}")
                    v = symbols[p.symbol]
                v += p.addend
                if isinstance(p, MovImm):
                    out += bytes([0xB8 + REG_NUM[p.reg]]) + struct.pack("<I", v & 0xFFFFFFFF)
                else:
                    rel = v - (origin + len(out) + 5)
                    out += b"\xe8" + struct.pack("<i", rel)
            else:
                out += p
        assert len(out) == self.size
        return bytes(out)


def assemble(insns: list[Insn]) -> Assembled:
    """Lay out an instruction list (position-independent apart from MovImm values)."""
    n = len(insns)
    fixed: list[bytes | None] = [None] * n
    for i, ins in enumerate(insns):
        if isinstance(ins, str):
            fixed[i] = encode(ins)
        elif isinstance(ins, Label):
            fixed[i] = b""
        elif isinstance(ins, MovImm):
            if ins.reg not in REG_NUM:
                raise AsmError(f"bad register {ins.reg!r}")
            fixed[i] = b"\0" * 5
        elif isinstance(ins, CallSym):
            fixed[i] = b"\0" * 5
        elif isinstance(ins, Jump):
            if ins.cond not in _CC and ins.cond != "":
                raise AsmError(f"bad condition {ins.cond!r}")
        else:
            raise AsmError(f"not an instruction: {ins!r}")
    short = [True] * n
    while True:
        offsets = []
        labels: dict[str, int] = {}
        pos = 0
        for i, ins in enumerate(insns):
            offsets.append(pos)
            if isinstance(ins, Jump):
                pos += 2 if short[i] else (5 if ins.cond == "" else 6)
            else:
                if isinstance(ins, Label):
                    if ins.name in labels:
                        raise AsmError(f"duplicate label {ins.name!r}")
                    labels[ins.name] = pos
                pos += len(fixed[i])  # type: ignore[arg-type]
        changed = False
        for i, ins in enumerate(insns):
            if isinstance(ins, Jump) and short[i]:
                if ins.target not in labels:
                    raise AsmError(f"undefined label {ins.target!r}")
                rel = labels[ins.target] - (offsets[i] + 2)
                if not -128 <= rel <= 127:
                    short[i] = False
                    changed = True
        if not changed:
            break
    parts: list[bytes | MovImm] = []
    for i, ins in enumerate(insns):
        if isinstance(ins, Jump):
            ln = 2 if short[i] else (5 if ins.cond == "" else 6)
            rel = labels[ins.target] - (offsets[i] + ln)
            parts.append(_jump_bytes(ins.cond, rel, short[i], rel))
        elif isinstance(ins, (MovImm, CallSym)):
            parts.append(ins)
        else:
            parts.append(fixed[i])  # type: ignore[arg-type]
    return Assembled(insns, pos, labels, offsets, parts)


def disassemble(code: bytes, address: int) -> list:
    """Capstone instructions of ``code`` at ``address`` (stops at undecodable bytes)."""
    return list(_cs.disasm(code, address))


def roundtrip_errors(code: bytes, address: int) -> list[str]:
    """Disassemble ``code``; re-assemble each instruction's text at its address and decode
    it again: every text must come back unchanged. Returns the mismatches (empty if none)
    and complains if the decoded instructions do not cover ``code`` exactly."""
    errs = []
    pos = 0
    for ins in _cs.disasm(code, address):
        pos = ins.address - address + ins.size
        t = text_of(ins)
        try:
            enc, _ = _ks.asm(t, ins.address)
        except Exception as e:
            errs.append(f"{ins.address:#x}: {t!r}: keystone: {e}")
            continue
        back = list(_cs.disasm(bytes(enc), ins.address))
        if len(back) != 1 or text_of(back[0]) != t:
            errs.append(f"{ins.address:#x}: {t!r} -> {bytes(enc).hex()} -> "
                        f"{'; '.join(text_of(b) for b in back)!r}")
    if pos != len(code):
        errs.append(f"decoding stopped at offset {pos:#x} of {len(code):#x}")
    return errs


# ---------------------------------------------------------------- MLWorks's patch scanner
# (mlworks.md §3a): at each instruction boundary, `3B /r` with ModRM (b & 0xC7) == 0x46 and
# disp8 0x54 is the limit check of an allocation site; `FF 56 04` is its GC call.


def alloc_pattern_counts(code: bytes, address: int) -> tuple[int, int]:
    """(number of ``cmp r32,[esi+0x54]``, number of ``call [esi+4]``) at instruction
    boundaries of ``code``, the two counts the 1996 space-profiler rewrite compared."""
    cmps = calls = 0
    for ins in _cs.disasm(code, address):
        b = ins.bytes
        if len(b) >= 3 and b[0] == 0x3B and (b[1] & 0xC7) == 0x46 and b[2] == 0x54:
            cmps += 1
        elif b[:3] == b"\xff\x56\x04":
            calls += 1
    return cmps, calls
