"""SPARC V8 (32-bit, big-endian) assembler layer: keystone to encode, capstone to decode.

Same shape as ``asm_x86.py``. Instructions are written in the usual SPARC assembler
syntax (``ld [%g5+0x50], %g3``); each distinct text is encoded once by keystone
(``KS_MODE_SPARC32 | KS_MODE_BIG_ENDIAN``), decoded by capstone (``CS_MODE_BIG_ENDIAN``) and
the capstone text re-encoded: the two encodings must be the same word, so an instruction
keystone encodes differently from what was meant is caught when the code is generated.

Things keystone 0.9.2 gets wrong or cannot express are encoded here by hand and checked
with capstone: ``call`` (keystone puts a byte displacement where SPARC wants words,
.notes/sparc_unicorn.md), conditional branches to labels (``Branch``), ``rd %y``.

An instruction list holds:

* ``str``: one position-independent instruction;
* :class:`Label`: a position in the list;
* :class:`Branch`: ``b<cond>``/``fb<cond>`` to a label of the same list, always followed by
  a ``nop`` in its delay slot (8 bytes; correctness first: no delay slot is ever filled
  with useful work, so a branch can be re-executed idempotently, which the runtime relies
  on when it resumes after stopping inside a delay slot);
* :class:`SetImm`: ``sethi %hi(v), r; or r, %lo(v), r`` for a link-time symbol
  (always 8 bytes, so an item's size does not depend on where it is placed);
* :class:`CallSym`: ``call`` to a link-time symbol, then a ``nop`` (8 bytes).

Byte order of :meth:`Assembled.link`: the *runtime's* view of memory is little-endian words
(``struct "<I"`` everywhere in runtime.py, gc.py, codevector.py); on SPARC the memory layer
of ``arch_sparc`` stores every aligned 32-bit word byte-reversed in unicorn, i.e. as the
big-endian word the SPARC CPU reads. So ``link`` returns each instruction word packed
little-endian (ready for ``codevector.build_image``); ``link_be`` returns the bytes as the
CPU sees them (for capstone).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Union

from capstone import CS_ARCH_SPARC, CS_MODE_BIG_ENDIAN, Cs
from keystone import KS_ARCH_SPARC, KS_MODE_BIG_ENDIAN, KS_MODE_SPARC32, Ks

from .asm_common import AsmError, Label

_ks = Ks(KS_ARCH_SPARC, KS_MODE_SPARC32 | KS_MODE_BIG_ENDIAN)
_cs = Cs(CS_ARCH_SPARC, CS_MODE_BIG_ENDIAN)

NOP = 0x01000000

#: Bicc condition field values
BCC = {"a": 8, "n": 0, "ne": 9, "e": 1, "g": 0xA, "le": 2, "ge": 0xB, "l": 3, "gu": 0xC,
       "leu": 4, "cc": 0xD, "cs": 5, "pos": 0xE, "neg": 6, "vc": 0xF, "vs": 7}
#: FBfcc condition field values
FBCC = {"a": 8, "n": 0, "u": 7, "g": 6, "ug": 5, "l": 4, "ul": 3, "lg": 2, "ne": 1, "e": 9,
        "ue": 0xA, "ge": 0xB, "uge": 0xC, "le": 0xD, "ule": 0xE, "o": 0xF}
NEGATE = {"ne": "e", "e": "ne", "g": "le", "le": "g", "ge": "l", "l": "ge", "gu": "leu",
          "leu": "gu", "cc": "cs", "cs": "cc", "pos": "neg", "neg": "pos", "vc": "vs",
          "vs": "vc", "a": "n", "n": "a"}

REGS = [f"%{b}{i}" for b in "goli" for i in range(8)]
REG_NUM = {r: i for i, r in enumerate(REGS)}
REG_NUM.update({"%sp": 14, "%fp": 30})




@dataclass(frozen=True, slots=True)
class Branch:
    """``b<cond>`` (``float=False``) or ``fb<cond>`` to a label, then a ``nop``."""

    cond: str
    target: str
    float: bool = False


@dataclass(frozen=True, slots=True)
class SetImm:
    """``sethi %hi(v), reg; or reg, %lo(v), reg`` with v = symbol (+ addend) at link time.
    A symbol ``"@label"`` is the absolute address of a label of the same list; a symbol
    ``"#<number>"`` is that constant."""

    reg: str
    symbol: str
    addend: int = 0


@dataclass(frozen=True, slots=True)
class CallSym:
    """``call`` the absolute address symbol (+ addend), then a ``nop`` in the delay slot."""

    symbol: str
    addend: int = 0


Insn = Union[str, Label, Branch, SetImm, CallSym]

_cache: dict[str, int] = {}


def text_of(insn) -> str:
    return (insn.mnemonic + " " + insn.op_str).strip()


def _normalise(t: str) -> str:
    """Capstone's spelling -> one keystone reads (a few aliases capstone prints)."""
    t = t.replace("+-", "-")
    if t.startswith("call %"):  # jmpl reg+off, %o7
        return "jmpl " + t[5:] + ", %o7"
    if t.startswith("jmp %"):
        return "jmpl " + t[4:] + ", %g0"
    return t


def decode(word: int, address: int = 0):
    d = list(_cs.disasm(struct.pack(">I", word), address))
    return d[0] if len(d) == 1 and d[0].size == 4 else None


def encode(text: str) -> int:
    """Encode one position-independent instruction to its 32-bit word, checking that the
    capstone decoding re-encodes to the same word."""
    w = _cache.get(text)
    if w is not None:
        return w
    try:
        enc, _ = _ks.asm(text, 0)
    except Exception as e:  # keystone raises KsError
        raise AsmError(f"cannot assemble {text!r}: {e}") from None
    if not enc or len(enc) != 4:
        raise AsmError(f"cannot assemble {text!r} as one instruction")
    w = struct.unpack(">I", bytes(enc))[0]
    d = decode(w)
    if d is None:
        raise AsmError(f"{text!r} -> {w:#010x} does not decode")
    back = _normalise(text_of(d))
    try:
        enc2, _ = _ks.asm(back, 0)
    except Exception as e:
        raise AsmError(f"{text!r} -> {w:#010x} -> {back!r}: keystone: {e}") from None
    if bytes(enc2) != bytes(enc):
        raise AsmError(f"{text!r} does not round-trip: {w:#010x} decodes as {back!r} "
                       f"= {bytes(enc2).hex()}")
    _cache[text] = w
    return w


def _check(word: int, mnemonic: str, address: int = 0, target: int | None = None) -> int:
    d = decode(word, address)
    if d is None or d.mnemonic != mnemonic:
        raise AsmError(f"{word:#010x} does not decode as {mnemonic}: "
                       f"{text_of(d) if d else 'undecodable'}")
    if target is not None and int(d.op_str.split(",")[-1].strip(), 0) != target:
        raise AsmError(f"{word:#010x} at {address:#x}: {text_of(d)} is not {target:#x}")
    return word


def call_word(pc: int, target: int) -> int:
    """``call target`` at ``pc`` (by hand: keystone encodes the displacement in bytes)."""
    if (target - pc) % 4:
        raise AsmError(f"call target {target:#x} not word-aligned")
    return 0x40000000 | (((target - pc) >> 2) & 0x3FFFFFFF)


def branch_word(cond: str, disp_bytes: int, float_: bool = False) -> int:
    table = FBCC if float_ else BCC
    if cond not in table:
        raise AsmError(f"bad condition {cond!r}")
    disp = disp_bytes >> 2
    if not -(1 << 21) <= disp < (1 << 21):
        raise AsmError("branch out of range")
    return (table[cond] << 25) | ((6 if float_ else 2) << 22) | (disp & 0x3FFFFF)


def rd_y(reg: str) -> int:
    """``rd %y, reg`` (capstone drops the register when printing it: checked by hand)."""
    w = 0x81400000 | (REG_NUM[reg] << 25)
    return _check(w, "rd")


def sethi_or(reg: str, value: int) -> tuple[int, int]:
    value &= 0xFFFFFFFF
    r = REG_NUM[reg]
    hi = (r << 25) | (4 << 22) | (value >> 10)
    lo = (2 << 30) | (r << 25) | (2 << 19) | (r << 14) | (1 << 13) | (value & 0x3FF)
    return hi, lo


@dataclass
class Assembled:
    """An instruction list laid out: fixed size, label offsets."""

    insns: list[Insn]
    size: int
    labels: dict[str, int]
    offsets: list[int]
    _parts: list = field(repr=False, default_factory=list)

    def words(self, origin: int, symbols: dict[str, int] | None = None) -> list[int]:
        out: list[int] = []
        for p in self._parts:
            if isinstance(p, int):
                out.append(p)
                continue
            pc = origin + 4 * len(out)
            if isinstance(p, tuple):  # a branch: (cond, float, target offset)
                cond, fl, off = p
                w = branch_word(cond, origin + off - pc, fl)
                out += [_check(w, ("fb" if fl else "b") + cond, pc, origin + off), NOP]
                continue
            if p.symbol.startswith("@"):
                v = origin + self.labels[p.symbol[1:]]
            elif p.symbol.startswith("#"):
                v = int(p.symbol[1:], 0)
            else:
                if symbols is None or p.symbol not in symbols:
                    raise AsmError(f"undefined symbol {p.symbol!r}")
                v = symbols[p.symbol]
            v += p.addend
            if isinstance(p, SetImm):
                out += list(sethi_or(p.reg, v))
            else:
                out += [_check(call_word(pc, v), "call", pc, v & 0xFFFFFFFF), NOP]
        assert 4 * len(out) == self.size
        return out

    def link(self, origin: int, symbols: dict[str, int] | None = None) -> bytes:
        """Instruction words packed little-endian: the runtime's view (see module doc)."""
        w = self.words(origin, symbols)
        return struct.pack(f"<{len(w)}I", *w)

    def link_be(self, origin: int, symbols: dict[str, int] | None = None) -> bytes:
        """The bytes as the SPARC CPU reads them."""
        w = self.words(origin, symbols)
        return struct.pack(f">{len(w)}I", *w)


def assemble(insns: list[Insn]) -> Assembled:
    """Lay out an instruction list: every entry has a fixed size, so one pass."""
    labels: dict[str, int] = {}
    offsets: list[int] = []
    pos = 0
    for ins in insns:
        offsets.append(pos)
        if isinstance(ins, Label):
            if ins.name in labels:
                raise AsmError(f"duplicate label {ins.name!r}")
            labels[ins.name] = pos
        elif isinstance(ins, (Branch, SetImm, CallSym)):
            pos += 8
        elif isinstance(ins, (str, int)):
            pos += 4
        else:
            raise AsmError(f"not an instruction: {ins!r}")
    parts: list = []
    for ins in insns:
        if isinstance(ins, str):
            parts.append(encode(ins))
        elif isinstance(ins, int):  # a word encoded by hand (checked by its maker)
            parts.append(ins)
        elif isinstance(ins, Branch):
            if ins.target not in labels:
                raise AsmError(f"undefined label {ins.target!r}")
            if ins.cond not in (FBCC if ins.float else BCC):
                raise AsmError(f"bad condition {ins.cond!r}")
            parts.append((ins.cond, ins.float, labels[ins.target]))
        elif isinstance(ins, (SetImm, CallSym)):
            if isinstance(ins, SetImm) and ins.reg not in REG_NUM:
                raise AsmError(f"bad register {ins.reg!r}")
            parts.append(ins)
    return Assembled(list(insns), pos, labels, offsets, parts)


def disassemble(code_be: bytes, address: int) -> list:
    """Capstone instructions of big-endian ``code_be`` at ``address``."""
    return list(_cs.disasm(code_be, address))


def swap_words(b: bytes) -> bytes:
    """Little-endian words <-> big-endian words (len(b) a multiple of 4)."""
    n = len(b) // 4
    return struct.pack(f">{n}I", *struct.unpack(f"<{n}I", b))


# ---------------------------------------------------------------- MLWorks's patch scanner
# (mlworks.md §3b): the recognisers of arch_code.c, word for word.
ARITH_MASK, TADDCCTV_BITS = 0xFFFFC000, 0x83104000
ADD_OR_MASK, ADD_OR_G2_BITS = 0xC1EFFFF8, 0x8000A000
ADD_BITS = 0x84008000
LEAF_MASK = 0x00100000


def alloc_sites(words: list[int]) -> list[tuple[int, bool]]:
    """(word index, leaf) of every allocation sequence the space profiler would patch,
    scanning as arch_code.c does (advance 3 after a hit, else 1)."""
    out = []
    i = 0
    while i + 2 < len(words):
        i1, i2, i3 = words[i], words[i + 1], words[i + 2]
        if ((i1 & ARITH_MASK) == TADDCCTV_BITS and (i2 & ADD_OR_MASK) == ADD_OR_G2_BITS
                and (i3 & ARITH_MASK) == ADD_BITS):
            out.append((i, bool(i2 & LEAF_MASK)))
            i += 3
        else:
            i += 1
    return out
