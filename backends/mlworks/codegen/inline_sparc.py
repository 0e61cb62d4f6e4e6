"""SPARC instructions of the inlined services (``inline.py``): MLWorks's allocation
sequence with the byte count in %g4 (mlworks.md §2c, ``taddcctv %g1, %g4, %g1``) and the
string/array operations.

Registers: %l0 the result, %l1 a tagged value; raw values in %g3, %g4 (the size) and
%l2-%l7, never GC roots. After an allocation the components are re-loaded from their slots.

Bytes: the runtime sees memory as little-endian words and the SPARC memory layer stores
each aligned word byte-reversed (``asm_sparc``), so byte ``k`` of an object, as the runtime
and the collector read it, is at guest address ``(object + k) ^ 3``: every byte load and
store of a string goes through that ``xor``. Words need no adjustment.
"""

from __future__ import annotations

from .. import values as V
from .asm_sparc import Branch, Label, SetImm
from .common import Slot
from .inline import MAX_ARRAY, MAX_STRING


class SparcInline:
    """Mixin of ``sparc.Sparc``: ``i_<service>`` methods (see ``inline.InlineServices``)."""

    # ------------------------------------------------------------------ building blocks
    def var_alloc(self, primary: int) -> None:
        """%g4 = bytes wanted (raw, not yet rounded) -> %l0 = the new object tagged
        ``primary``: the three-instruction sequence with SIZE = %g4, which the space
        profiler patches like any other site."""
        self.gc_points += 1
        self.emit("and %g4, -8, %g4",
                  "taddcctv %g1, %g4, %g1",  # attempt to allocate some heap
                  f"{'or' if self.leaf else 'add'} %g2, {primary}, %l0",  # tag pointer
                  "add %g2, %g4, %g2")  # advance allocation point

    def check(self, cc: str, stub: str) -> None:
        self.stubs.add(stub)
        self.emit(Branch(cc, f"{self.uid}.{stub}"))

    def check_max(self, reg: str, limit: int) -> None:
        """Size unless ``reg`` <= ``limit`` (unsigned: a negative value is huge)."""
        self.emit(SetImm("%g3", f"#{limit:#x}"), f"cmp {reg}, %g3")
        self.check("gu", "size")

    def header_len(self, v, reg: str, disp: int = -5) -> None:
        self.load(v, reg)
        self.emit(f"ld [{reg}{disp:+d}], {reg}", f"srl {reg}, 6, {reg}")

    def string_init(self) -> None:
        """%l2 = n (raw characters), %l0 = a new string: zero its last two words (the NUL
        and the padding), store the header ``(n+1) << 6 | STRING``."""
        self.emit("add %l2, 12, %l3", "and %l3, -8, %l3", "add %l3, %l0, %l3",
                  "st %g0, [%l3-9]", "st %g0, [%l3-13]", "sll %l2, 6, %l4",
                  f"add %l4, {64 + V.STRING}, %l4", "st %l4, [%l0-5]")

    def array_init(self) -> None:
        """%l2 = n (tagged), %l0 = a new array: zero its last word, header, links."""
        self.emit("add %l2, 19, %l3", "and %l3, -8, %l3", "add %l3, %l0, %l3",
                  "st %g0, [%l3-7]", "sll %l2, 4, %l4", f"or %l4, {V.ARRAY}, %l4",
                  "st %l4, [%l0-3]", "st %g0, [%l0+1]", "st %g0, [%l0+5]")

    def copy_bytes(self) -> None:
        """Copy %l4 bytes from runtime address %l2 to %l3 (both advanced); temps %l5, %l7."""
        loop, done = self.label("cp"), self.label("cpd")
        self.emit(Label(loop), "cmp %l4, 0", Branch("e", done), "xor %l2, 3, %l5",
                  "ldub [%l5], %l7", "xor %l3, 3, %l5", "stb %l7, [%l5]", "add %l2, 1, %l2",
                  "add %l3, 1, %l3", "sub %l4, 1, %l4", Branch("a", loop), Label(done))

    def list_length(self, v, dst: str, strings: bool) -> None:
        """``dst`` = the length of list ``v`` (or the total length of its strings)."""
        loop, done = self.label("cnt"), self.label("cntd")
        self.load(v, "%l2")
        self.emit("mov %g0, " + dst, Label(loop), "cmp %l2, 0", Branch("e", done))
        if strings:
            self.emit("ld [%l2-1], %l4", "ld [%l4-5], %l4", "srl %l4, 6, %l4",
                      f"add {dst}, %l4, {dst}", f"sub {dst}, 1, {dst}")
        else:
            self.emit(f"add {dst}, 1, {dst}")
        self.emit("ld [%l2+3], %l2", Branch("a", loop), Label(done))

    def length_slot(self, reg: str) -> int:
        k = self.new_slot()
        self.emit(f"sll {reg}, 2, %l4")
        self.store_slot("%l4", k)
        return k

    # ------------------------------------------------------------------ strings
    def i_string_size(self, vals) -> None:
        self.header_len(vals[0], "%l2")
        self.emit("sll %l2, 2, %l2", "sub %l2, 4, %l0")

    def i_string_sub(self, vals) -> None:
        s, i = vals
        self.load(s, "%l0")
        self.load(i, "%l1")
        self.emit("ld [%l0-5], %l2", "srl %l2, 6, %l2", "sub %l2, 1, %l2", "sll %l2, 2, %l2",
                  "cmp %l1, %l2")
        self.check("cc", "sub")  # unsigned >=: a negative index is huge
        self.emit("sra %l1, 2, %l3", "add %l0, %l3, %l3", "sub %l3, 1, %l3",
                  "xor %l3, 3, %l3", "ldub [%l3], %l4", "sll %l4, 2, %l0")

    def i_char_to_string(self, vals) -> None:
        self.gc_points += 1
        self.alloc_sequence_for("%l0", V.string_bytes(2), V.POINTER,
                                V.make_header(V.STRING, 2), False)
        self.emit("st %g0, [%l0-1]")
        self.load(vals[0], "%l2")
        self.emit("sra %l2, 2, %l2", "sub %l0, 1, %l3", "xor %l3, 3, %l3", "stb %l2, [%l3]")

    def i_string_concat(self, vals) -> None:
        a, b = vals
        self.header_len(a, "%l2")
        self.header_len(b, "%l3")
        self.emit("add %l2, %l3, %l4", "sub %l4, 2, %l4")
        self.check_max("%l4", MAX_STRING)
        self.emit("add %l4, 12, %g4")
        self.var_alloc(V.POINTER)
        self.header_len(a, "%l2")
        self.header_len(b, "%l3")
        self.emit("add %l2, %l3, %l2", "sub %l2, 2, %l2")
        self.string_init()
        self.emit("sub %l0, 1, %l3")
        for v in (a, b):
            self.load(v, "%l2")
            self.emit("ld [%l2-5], %l4", "srl %l4, 6, %l4", "sub %l4, 1, %l4",
                      "sub %l2, 1, %l2")
            self.copy_bytes()

    def i_substring(self, vals) -> None:
        s, i, n = vals
        self.load(i, "%l2")
        self.load(n, "%l3")
        self.emit("cmp %l2, 0")
        self.check("l", "sub")
        self.emit("cmp %l3, 0")
        self.check("l", "sub")
        self.emit("addcc %l2, %l3, %l4")
        self.check("vs", "sub")
        self.header_len(s, "%l5")
        self.emit("sub %l5, 1, %l5", "sll %l5, 2, %l5", "cmp %l4, %l5")
        self.check("gu", "sub")
        self.emit("sra %l3, 2, %g4", "add %g4, 12, %g4")
        self.var_alloc(V.POINTER)
        self.load(n, "%l2")
        self.emit("sra %l2, 2, %l2")
        self.string_init()
        self.load(s, "%l2")
        self.load(i, "%l3")
        self.emit("sra %l3, 2, %l3", "add %l2, %l3, %l2", "sub %l2, 1, %l2",
                  "sub %l0, 1, %l3")
        self.load(n, "%l4")
        self.emit("sra %l4, 2, %l4")
        self.copy_bytes()

    def i_implode(self, vals) -> None:
        (lst,) = vals
        self.list_length(lst, "%l3", False)
        self.check_max("%l3", MAX_STRING)
        k = self.length_slot("%l3")
        self.emit("add %l3, 12, %g4")
        self.var_alloc(V.POINTER)
        self.load(Slot(k), "%l2")
        self.emit("sra %l2, 2, %l2")
        self.string_init()
        loop, done = self.label("imp"), self.label("impd")
        self.load(lst, "%l2")
        self.emit("sub %l0, 1, %l3", Label(loop), "cmp %l2, 0", Branch("e", done),
                  "ld [%l2-1], %l4", "sra %l4, 2, %l4", "xor %l3, 3, %l5", "stb %l4, [%l5]",
                  "add %l3, 1, %l3", "ld [%l2+3], %l2", Branch("a", loop), Label(done))

    def i_string_concat_list(self, vals) -> None:
        (lst,) = vals
        self.list_length(lst, "%l3", True)
        self.check_max("%l3", MAX_STRING)
        k = self.length_slot("%l3")
        self.emit("add %l3, 12, %g4")
        self.var_alloc(V.POINTER)
        self.load(Slot(k), "%l2")
        self.emit("sra %l2, 2, %l2")
        self.string_init()
        loop, done = self.label("cat"), self.label("catd")
        self.load(lst, "%l6")
        self.emit("sub %l0, 1, %l3", Label(loop), "cmp %l6, 0", Branch("e", done),
                  "ld [%l6-1], %l2", "ld [%l2-5], %l4", "srl %l4, 6, %l4", "sub %l4, 1, %l4",
                  "sub %l2, 1, %l2")
        self.copy_bytes()
        self.emit("ld [%l6+3], %l6", Branch("a", loop), Label(done))

    def i_explode(self, vals) -> None:
        (s,) = vals
        ki, kacc = self.new_slot(), self.new_slot()
        self.header_len(s, "%l2")
        self.emit("sub %l2, 1, %l2", "sll %l2, 2, %l2")
        self.store_slot("%l2", ki)  # characters left (tagged)
        self.store_slot("%g0", kacc)  # the list so far
        loop, done = self.label("exp"), self.label("expd")
        self.emit(Label(loop), f"ld {self.slot(ki)}, %l2", "cmp %l2, 0", Branch("e", done))
        self.gc_points += 1
        self.alloc_sequence_for("%l0", 8, V.PAIRPTR, 0, False)
        self.emit(f"ld {self.slot(kacc)}, %l1", "st %l1, [%l0+3]")
        self.load(s, "%l2")
        self.emit(f"ld {self.slot(ki)}, %l3", "sra %l3, 2, %l3", "add %l2, %l3, %l2",
                  "sub %l2, 2, %l2", "xor %l2, 3, %l2", "ldub [%l2], %l4", "sll %l4, 2, %l4",
                  "st %l4, [%l0-1]")
        self.alloc_site(("::", "list"), "%l0", V.PAIRPTR)
        self.emit(f"st %l0, {self.slot(kacc)}", f"ld {self.slot(ki)}, %l3",
                  "sub %l3, 4, %l3", f"st %l3, {self.slot(ki)}", Branch("a", loop),
                  Label(done), f"ld {self.slot(kacc)}, %l0")

    def i_string_eq(self, vals) -> None:
        a, b = vals
        self.load(a, "%l2")
        self.load(b, "%l3")
        yes, no, done = self.label("seqy"), self.label("seqn"), self.label("seqd")
        self.emit("cmp %l2, %l3", Branch("e", yes), "ld [%l2-5], %l4", "ld [%l3-5], %l5",
                  "cmp %l4, %l5", Branch("ne", no), "srl %l4, 6, %l4",
                  "sub %l2, 1, %l2", "sub %l3, 1, %l3")
        loop = self.label("seql")
        # byte by byte, NUL included (both strings have the same length)
        self.emit(Label(loop), "cmp %l4, 0", Branch("e", yes), "xor %l2, 3, %l5",
                  "ldub [%l5], %l5", "xor %l3, 3, %l7", "ldub [%l7], %l7", "cmp %l5, %l7",
                  Branch("ne", no), "add %l2, 1, %l2", "add %l3, 1, %l3", "sub %l4, 1, %l4",
                  Branch("a", loop), Label(yes), "mov 4, %l0", Branch("a", done), Label(no),
                  "mov %g0, %l0", Label(done))

    def string_order(self, vals) -> None:
        """Condition codes as ``cmp a, b`` would set them (unsigned) for strings ``a`` and
        ``b``: the bytes up to the shorter length, then the lengths."""
        a, b = vals
        self.load(a, "%l2")
        self.load(b, "%l3")
        short, loop, same, diff = (self.label("so"), self.label("sl"), self.label("ss"),
                                   self.label("sd"))
        self.emit("ld [%l2-5], %l6", "srl %l6, 6, %l6", "ld [%l3-5], %l7", "srl %l7, 6, %l7",
                  "mov %l6, %l4", "cmp %l7, %l4", Branch("cc", short), "mov %l7, %l4",
                  Label(short), "sub %l4, 1, %l4", "sub %l2, 1, %l2", "sub %l3, 1, %l3",
                  Label(loop), "cmp %l4, 0", Branch("e", same), "xor %l2, 3, %l5",
                  "ldub [%l5], %l5", "xor %l3, 3, %g3", "ldub [%g3], %g3", "cmp %l5, %g3",
                  Branch("ne", diff), "add %l2, 1, %l2", "add %l3, 1, %l3", "sub %l4, 1, %l4",
                  Branch("a", loop), Label(same), "cmp %l6, %l7", Label(diff))

    def i_string_lt(self, vals) -> None:
        self.string_order(vals)
        self.bool_from_flags("cs")

    def i_string_compare(self, vals) -> None:
        self.string_order(vals)
        done = self.label("scd")
        self.emit("mov %g0, %l0", Branch("e", done), "mov 4, %l0", Branch("gu", done),
                  "mov -4, %l0", Label(done))

    # ------------------------------------------------------------------ arrays
    def i_array_make(self, vals) -> None:
        n, init = vals
        self.load(n, "%l2")
        self.check_max("%l2", MAX_ARRAY << 2)
        self.emit("add %l2, 19, %g4")
        self.var_alloc(V.REFPTR)
        self.load(n, "%l2")
        self.array_init()
        loop, done = self.label("fill"), self.label("filld")
        self.load(n, "%l2")
        self.load(init, "%l1")
        self.emit("add %l0, 5, %l3", Label(loop), "cmp %l2, 0", Branch("e", done),
                  "st %l1, [%l3+%l2]", "sub %l2, 4, %l2", Branch("a", loop), Label(done))

    def i_array_from_list(self, vals) -> None:
        (lst,) = vals
        self.list_length(lst, "%l3", False)
        self.check_max("%l3", MAX_ARRAY)
        k = self.length_slot("%l3")
        self.emit("sll %l3, 2, %g4", "add %g4, 19, %g4")
        self.var_alloc(V.REFPTR)
        self.load(Slot(k), "%l2")
        self.array_init()
        loop, done = self.label("afl"), self.label("afld")
        self.load(lst, "%l2")
        self.emit("add %l0, 9, %l3", Label(loop), "cmp %l2, 0", Branch("e", done),
                  "ld [%l2-1], %l4", "st %l4, [%l3]", "add %l3, 4, %l3", "ld [%l2+3], %l2",
                  Branch("a", loop), Label(done))

    def i_array_length(self, vals) -> None:
        self.header_len(vals[0], "%l2", -3)
        self.emit("sll %l2, 2, %l0")

    def array_index(self, a, i) -> None:
        """%l0 = array, %l1 = index (tagged), checked against the length."""
        self.load(a, "%l0")
        self.load(i, "%l1")
        self.emit("ld [%l0-3], %l2", "srl %l2, 6, %l2", "sll %l2, 2, %l2", "cmp %l1, %l2")
        self.check("cc", "sub")

    def i_array_sub(self, vals) -> None:
        self.array_index(*vals)
        self.emit("add %l0, %l1, %l3", "ld [%l3+9], %l0")

    def i_array_update(self, vals) -> None:
        a, i, v = vals
        self.array_index(a, i)
        slow, done = self.label("upd"), self.label("updd")
        self.load(v, "%l2")
        self.emit("andcc %l2, 1, %g0", Branch("ne", slow), "add %l0, %l1, %l3",
                  "st %l2, [%l3+9]", "mov %g0, %l0", Branch("a", done), Label(slow))
        # a pointer: the service stores it and keeps the remembered set (inline.py)
        self.allocate("record", list(vals))
        self.move(self.ARG, self.ACC)
        self.service_call("array_update")
        self.move(self.ACC, self.ARG)
        self.emit(Label(done))

    # ------------------------------------------------------------------ byte arrays
    def i_bytearray_make(self, vals) -> None:
        n, init = vals
        self.load(n, "%l2")
        self.check_max("%l2", MAX_ARRAY << 2)
        self.emit("sra %l2, 2, %g4", "add %g4, 11, %g4")
        self.var_alloc(V.REFPTR)
        self.load(n, "%l2")
        self.emit("sra %l2, 2, %l2", "add %l2, 11, %l3", "and %l3, -8, %l3",
                  "add %l3, %l0, %l3", "st %g0, [%l3-7]", "sll %l2, 6, %l4",
                  f"or %l4, {V.BYTEARRAY}, %l4", "st %l4, [%l0-3]")
        loop, done = self.label("bfill"), self.label("bfilld")
        self.load(init, "%l4")
        self.emit("sra %l4, 2, %l4", "add %l0, 1, %l3", Label(loop), "cmp %l2, 0",
                  Branch("e", done), "sub %l2, 1, %l2", "add %l3, %l2, %l5",
                  "xor %l5, 3, %l5", "stb %l4, [%l5]", Branch("a", loop), Label(done))

    def i_bytearray_length(self, vals) -> None:
        self.i_array_length(vals)

    def byte_address(self) -> None:
        """%l3 = the guest address of byte %l1 (tagged index) of byte array %l0."""
        self.emit("sra %l1, 2, %l3", "add %l0, %l3, %l3", "add %l3, 1, %l3",
                  "xor %l3, 3, %l3")

    def i_bytearray_sub(self, vals) -> None:
        self.array_index(*vals)
        self.byte_address()
        self.emit("ldub [%l3], %l4", "sll %l4, 2, %l0")

    def i_bytearray_update(self, vals) -> None:
        a, i, v = vals
        self.array_index(a, i)
        self.byte_address()
        self.load(v, "%l4")
        self.emit("sra %l4, 2, %l4", "stb %l4, [%l3]", "mov %g0, %l0")

