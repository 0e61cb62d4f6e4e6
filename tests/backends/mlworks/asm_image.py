"""Hand-assembled load images for testing the MLWorks runtime without the code generator.

``build({"name": asm, ...}, setup="name")`` lays functions out as code items of one code
vector (the layout codevector.py documents) at static-space base 0x00100000. In the assembly
``{ITEM:f}`` is f's code pointer, ``{STR:k}`` the tagged pointer of string constant k, and
``{ALLOC_PAIR_EAX}`` etc. expand to MLWorks's exact §2a allocation sequence.
"""

from __future__ import annotations

import re
import struct

from keystone import KS_ARCH_X86, KS_MODE_32, Ks

from profkit.backends.mlworks import values as V
from profkit.backends.mlworks.codegen.codevector import ItemInfo, LoadImage, string_object

_ks = Ks(KS_ARCH_X86, KS_MODE_32)
BASE = 0x00100000
_n = [0]


def alloc(reg: str, nbytes: int, primary: int) -> str:
    """The §2a constant-size allocation sequence into ``reg`` (not ecx)."""
    _n[0] += 1
    lab = f"alloc_ok_{_n[0]}"
    return f"""
    add dword ptr [esi + 0x50], {nbytes}
    mov {reg}, dword ptr [esi + 0x50]
    cmp {reg}, dword ptr [esi + 0x54]
    lea {reg}, [{reg} - {nbytes - primary}]
    jb {lab}
    xor {reg}, {reg}
    lea ecx, [{reg} + {nbytes}]
    call dword ptr [esi + 4]
    lea {reg}, [ecx + {primary}]
    jmp {lab}
    {lab}:
    """


def _asm(text: str, addr: int) -> bytes:
    enc, _ = _ks.asm(text, addr)
    return bytes(enc)


def build(functions: dict[str, str], setup: str, strings: dict[str, bytes] | None = None,
          n_globals: int = 4, exn_names: tuple[str, ...] = ("Subscript", "Div", "Overflow",
                                                                 "Size", "Fail")) -> LoadImage:
    strings = dict(strings or {})
    for e in exn_names:
        strings.setdefault("exn_" + e, e.encode())
    names = list(functions)

    def expand(text: str, syms: dict[str, int]) -> str:
        return re.sub(r"\{(ITEM|STR):([^}]+)\}",
                      lambda mo: hex(syms.get(f"{mo.group(1)}:{mo.group(2)}", 0x12345678)), text)

    # pass 1: sizes (symbols as 32-bit placeholders, so sizes do not change)
    sizes = [len(_asm(expand(functions[n], {}), BASE + 0x1000)) for n in names]
    offs, pos = [], 8
    for s in sizes:
        offs.append(pos)
        pos = V.double_align(pos + 8 + s + 8)  # slack: re-encoding at the real address
    vec_bytes = pos
    syms = {f"ITEM:{n}": BASE + o + V.POINTER for n, o in zip(names, offs)}
    sobjs = []
    cur = BASE + vec_bytes
    for k, b in strings.items():
        syms[f"STR:{k}"] = cur + V.POINTER
        obj = string_object(b)
        sobjs.append((cur, obj))
        cur += V.double_align(len(obj))
    data = bytearray(cur - BASE)
    struct.pack_into("<II", data, 0, V.make_header(V.CODE, vec_bytes // 4 - 1), 0)
    items = []
    for i, (n, o) in enumerate(zip(names, offs)):
        code = _asm(expand(functions[n], syms), BASE + o + 8)
        assert o + 8 + len(code) <= (offs[i + 1] if i + 1 < len(offs) else vec_bytes)
        struct.pack_into("<II", data, o, V.make_header(V.BACKPTR, o), i << 8)
        data[o + 8:o + 8 + len(code)] = code
        items.append(ItemInfo(n, o, BASE + o + V.POINTER, 8 + len(code), i))
    for addr, obj in sobjs:
        data[addr - BASE:addr - BASE + len(obj)] = obj
    exn = {e: syms[f"STR:exn_{e}"] for e in exn_names}
    return LoadImage(BASE, bytes(data), items, syms[f"ITEM:{setup}"], n_globals, exn,
                     vec_bytes, strings={v: syms[f"STR:{k}"] for k, v in strings.items()})
