"""Code vectors and load images in MLWorks's layout (mlworks.md §9, §3, §7).

A program is one code vector followed by the static objects it refers to, all placed at
``base`` in static space (never moved):

```
base + 0     CODE header          length = words after the header (the vector is 8-aligned)
base + 4     ancillary            POINTER -> record [names, profiles, interfns]
base + 8     code item 0          8-aligned:
               +0  BACKPTR header   length = byte offset of this header from the vector start
               +4  ancillary word   (number << 8) | (leaf << 2)   -- an even word, never a pointer
               +8  instructions     = code pointer + 3 (CODE_OFFSET); code pointer = item + 5
               ... padded with NOPs (0x90) to 8 bytes
             code item 1 ...
after the vector (each object 8-aligned):
  ancillary record  RECORD 3 [names, profiles, interfns = 0]
  names record      RECORD n [POINTER to the STRING name of item i]
  profiles record   RECORD n [0 ...]  (MLWorks's PROFILES slots: NFIELDS = number of items)
  name strings, string constants (one STRING object per occurrence in the IR; NUL included
  in the length), the predefined exceptions' name strings
  exception packets pairs (name string, unit) for exceptions raised by inline code
```

The ancillary word is profkit's own packing of what MLWorks kept there (leaf bit and the
item's number). Instructions never contain a word at an 8-aligned offset that looks like a
BACKPTR header equal to its own offset, so MLWorks's scan for the next item (§3) works: if
linking produces one, the item holding it is moved 8 bytes on (NOP padding) and the image
laid out again.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from typing import Callable

from .. import values as V
from .asm_x86 import Assembled

NOP = 0x90
#: ``walker.Walker.finish``'s epilogue labels
_EPILOGUE_LABEL = re.compile(r"\.epilogue\d+$")


@dataclass
class ItemInfo:
    """One code item in a load image."""

    name: str
    offset: int  # of the BACKPTR header word within LoadImage.data
    code_ptr: int  # POINTER-tagged: item address + 5; code_ptr + 3 = first instruction
    size: int = 0  # bytes from the header word to the end of the instructions
    number: int = 0
    leaf: bool = False
    frame_words: int = 0  # ESP-relative frame slots (after the saved EDI)
    #: address of the raise sequence's jump to the handler (its stack pointer is already
    #: the handler's: ``raise_sequence``), or 0
    raise_jump: int = 0
    #: address of each epilogue's first instruction (``walker.Walker.finish``): the frame
    #: walk of the time profile knows from it where the frame is half gone
    epilogues: tuple[int, ...] = ()

    @property
    def code_start(self) -> int:
        return self.code_ptr + V.CODE_OFFSET

    @property
    def code_end(self) -> int:
        return self.code_ptr - V.POINTER + self.size


@dataclass
class LoadImage:
    """What the runtime maps at ``base`` (static space) and how to enter it."""

    base: int
    data: bytes
    items: list[ItemInfo]
    setup_code_ptr: int
    n_globals: int
    exn_names: dict[str, int] = field(default_factory=dict)  # name -> tagged STRING pointer
    vector_bytes: int = 0  # size of the code vector (from base)
    names_record: int = 0  # tagged pointer to the names record
    strings: dict[bytes, int] = field(default_factory=dict)  # constant -> a tagged pointer
    exn_packets: dict[str, int] = field(default_factory=dict)  # name -> tagged pair

    def item_named(self, name: str) -> ItemInfo:
        for it in self.items:
            if it.name == name:
                return it
        raise KeyError(name)

    def item_at(self, address: int) -> ItemInfo | None:
        """The code item whose instructions contain ``address``."""
        for it in self.items:
            if it.code_ptr - V.POINTER <= address < it.code_end:
                return it
        return None


def string_object(b: bytes) -> bytes:
    """A STRING object: header (length includes the NUL), bytes, NUL, zero padding."""
    n = len(b) + 1
    total = V.string_bytes(n)
    return struct.pack("<I", V.make_header(V.STRING, n)) + b + b"\0" * (total - 4 - len(b))


def record_object(fields: list[int]) -> bytes:
    n = len(fields)
    out = struct.pack("<I", V.make_header(V.RECORD, n))
    out += b"".join(struct.pack("<I", f & 0xFFFFFFFF) for f in fields)
    return out + b"\0" * (V.double_align(len(out)) - len(out))


def item_ancillary(number: int, leaf: bool) -> int:
    return (number << 8) | (int(leaf) << 2)


@dataclass
class ItemSpec:
    name: str
    code: Assembled
    leaf: bool = False
    frame_words: int = 0


def build_image(base: int, items: list[ItemSpec], strings: list[bytes], setup: str,
                n_globals: int, exn_names: dict[str, bytes],
                packets: list[str]) -> LoadImage:
    """Lay out and link. Symbols available to the code: ``item<i>`` (code pointer of item
    i), ``str<i>`` (tagged pointer to ``strings[i]``), ``exn:<Name>`` (tagged pair, for
    names in ``packets``), ``exnname:<Name>`` (the name string of a predefined exception)."""
    if base % 8:
        raise ValueError("a load image must be 8-byte aligned")
    gaps: dict[int, int] = {}  # NOP bytes before item i (only to dodge a false header)
    for _ in range(64):
        image, clash = _layout(base, items, strings, setup, n_globals, exn_names, packets, gaps)
        if clash is None:
            return image
        gaps[clash] = gaps.get(clash, 0) + 8
    raise ValueError("cannot lay out the code vector without a false code item header")


def _layout(base, items, strings, setup, n_globals, exn_names, packets, gaps):
    # ---- code vector layout
    offsets = []
    pos = 8
    for i, it in enumerate(items):
        pos += gaps.get(i, 0)
        offsets.append(pos)
        pos = V.double_align(pos + 8 + it.code.size)
    vector_bytes = pos
    # ---- static objects after the vector
    chunks: list[tuple[int, bytes]] = []
    cur = base + vector_bytes

    def place(obj: bytes) -> int:
        nonlocal cur
        addr = cur
        chunks.append((addr, obj))
        cur += V.double_align(len(obj))
        return addr

    n = len(items)
    name_ptrs = [place(string_object(it.name.encode())) + V.POINTER for it in items]
    const_ptrs = [place(string_object(s)) + V.POINTER for s in strings]
    exn_ptrs = {k: place(string_object(v)) + V.POINTER for k, v in exn_names.items()}
    for p in packets:
        if p not in exn_ptrs:
            exn_ptrs[p] = place(string_object(p.encode())) + V.POINTER
    packet_ptrs = {p: place(struct.pack("<II", exn_ptrs[p], 0)) + V.PAIRPTR for p in packets}
    names_rec = place(record_object(name_ptrs)) + V.POINTER
    profiles_rec = place(record_object([0] * n)) + V.POINTER
    anc_rec = place(record_object([names_rec, profiles_rec, 0])) + V.POINTER

    symbols: dict[str, int] = {}
    for i, off in enumerate(offsets):
        symbols[f"item{i}"] = base + off + V.POINTER
    for i, p in enumerate(const_ptrs):
        symbols[f"str{i}"] = p
    for p, v in packet_ptrs.items():
        symbols[f"exn:{p}"] = v
    for p, v in exn_ptrs.items():
        symbols[f"exnname:{p}"] = v

    data = bytearray([NOP]) * vector_bytes + bytearray(cur - base - vector_bytes)
    struct.pack_into("<II", data, 0, V.make_header(V.CODE, vector_bytes // 4 - 1), anc_rec)
    infos = []
    for i, (it, off) in enumerate(zip(items, offsets)):
        struct.pack_into("<II", data, off, V.make_header(V.BACKPTR, off),
                         item_ancillary(i, it.leaf))
        code = it.code.link(base + off + 8, symbols)
        data[off + 8: off + 8 + len(code)] = code
        labels = it.code.labels
        jump = next((base + off + 8 + o for k, o in labels.items() if k.endswith(".raisejump")),
                    0)
        epilogues = tuple(sorted(base + off + 8 + o for k, o in labels.items()
                                 if _EPILOGUE_LABEL.search(k)))
        infos.append(ItemInfo(it.name, off, base + off + V.POINTER, 8 + len(code), i, it.leaf,
                              it.frame_words, jump, epilogues))
    for addr, obj in chunks:
        data[addr - base: addr - base + len(obj)] = obj
    clash = _false_backptr(data, offsets, vector_bytes)
    if clash is not None:
        return None, max(i for i, o in enumerate(offsets) if o <= clash)
    setup_ptr = next(inf.code_ptr for inf in infos if inf.name == setup)
    str_ptr = {s: p for s, p in zip(strings, const_ptrs)}
    return LoadImage(base, bytes(data), infos, setup_ptr, n_globals, exn_ptrs, vector_bytes,
                     names_rec, str_ptr, packet_ptrs), None


def _false_backptr(data: bytearray, offsets: list[int], vector_bytes: int) -> int | None:
    """The vector offset of an instruction word that MLWorks's item scan would take for a
    code item header (a BACKPTR header equal to its own offset), or None."""
    starts = set(offsets)
    for off in range(8, vector_bytes, 8):
        w = struct.unpack_from("<I", data, off)[0]
        if off not in starts and w == V.make_header(V.BACKPTR, off):
            return off
    return None


def item_bounds(read_word: Callable[[int], int], vector: int, number: int,
                n_items: int) -> tuple[int, int]:
    """MLWorks's ``first_and_last_instructions`` (§3): the scan range ``[first, last)`` of
    item ``number`` given the vector's address, read from memory."""
    # find item `number` by walking the BACKPTR headers in 2-word steps
    header = read_word(vector)
    end = vector + 4 + 4 * V.header_length(header)
    found = -1
    addr = vector + 8
    item = None
    while addr < end:
        w = read_word(addr)
        if V.header_secondary(w) == V.BACKPTR and V.header_length(w) == addr - vector:
            found += 1
            if found == number:
                item = addr
                break
        addr += 8
    if item is None:
        raise ValueError(f"no code item {number} in vector {vector:#x}")
    first = item + 8
    if number + 1 == n_items:
        return first, end
    addr = item + 8
    while addr < end:
        w = read_word(addr)
        if V.header_secondary(w) == V.BACKPTR and V.header_length(w) == addr - vector:
            return first, addr
        addr += 8
    return first, end


def names_from_memory(read_word: Callable[[int], int], read: Callable[[int, int], bytes],
                      vector: int) -> list[str]:
    """The item names of the code vector at ``vector``, read the way the runtime would:
    ancillary record -> names record -> STRING objects."""
    anc = read_word(vector + 4)
    names = read_word(anc - V.POINTER + 4)
    n = V.header_length(read_word(names - V.POINTER))
    out = []
    for i in range(n):
        s = read_word(names - V.POINTER + 4 + 4 * i)
        ln = V.header_length(read_word(s - V.POINTER)) - 1
        out.append(read(s - V.POINTER + 4, ln).decode("latin-1"))
    return out
