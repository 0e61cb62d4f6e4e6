"""x86 instructions of the inlined services (``inline.py``): MLWorks's variable-size
allocation sequence (mlworks.md §2b) and the string/array operations.

Registers: EAX the result (the new object once allocated), ECX and EDX scratch. A raw
(untagged) value lives only in ECX or, between two GC points, in EDX (cleared before an
allocation, which the GC enters with EDX as a root). Byte copies use ``rep movsb`` with ESI
and EDI saved below ESP (where the collector never looks) and restored at once: no GC point
lies between. Components of the argument are re-loaded from their slots after an
allocation (it may have moved them).
"""

from __future__ import annotations

from .. import values as V
from .asm_x86 import Jump, Label
from .inline import MAX_ARRAY, MAX_STRING

_ALIGN = "0xfffffff8"


def _h(v: int) -> str:
    return str(v) if v <= 9 else hex(v)


class X86Inline:
    """Mixin of ``x86.X86``: ``i_<service>`` methods (see ``inline.InlineServices``)."""

    # ------------------------------------------------------------------ building blocks
    def var_alloc(self, primary: int) -> None:
        """§2b: EAX = bytes wanted (raw, not yet rounded) -> EAX = the new object tagged
        ``primary``. One ``cmp ecx,[esi+0x54]`` and one ``call [esi+4]``: the space
        profiler patches it like a constant-size site."""
        tag1, tag2 = self.label("v1"), self.label("v2")
        self.gc_points += 1
        self.emit(f"and eax, {_ALIGN}",  # clear bottom three bits
                  "add dword ptr [esi + 0x50], eax",  # increment base pointer
                  "mov ecx, dword ptr [esi + 0x50]",  # acquire base pointer for result
                  "cmp ecx, dword ptr [esi + 0x54]",  # check for run out of store
                  Jump("b", tag1),
                  "mov ecx, eax",  # acquire the length in ECX
                  "call dword ptr [esi + 4]",  # call the gc
                  f"lea eax, [ecx + {primary}]",  # produce the answer
                  Jump("", tag2),
                  Label(tag1),
                  "neg eax",  # negate size computed earlier
                  f"lea eax, [eax + ecx + {primary}]",  # compute tagged pointer
                  Jump("", tag2),
                  Label(tag2))

    def string_init(self) -> None:
        """ECX = n (raw characters), EAX = a new string: zero its last two words (the NUL
        and the padding), store the header ``(n+1) << 6 | STRING``."""
        self.emit("lea edx, [ecx + 0xc]", f"and edx, {_ALIGN}",
                  "mov dword ptr [eax + edx - 9], 0", "mov dword ptr [eax + edx - 0xd], 0",
                  "shl ecx, 6", f"add ecx, {_h(64 + V.STRING)}",
                  "mov dword ptr [eax - 5], ecx", "xor edx, edx")

    def array_init(self) -> None:
        """ECX = n (tagged), EAX = a new array: zero its last word, header ``n << 6 |
        ARRAY``, forward and back words 0."""
        self.emit("lea edx, [ecx + 0x13]", f"and edx, {_ALIGN}",
                  "mov dword ptr [eax + edx - 7], 0", "shl ecx, 4",
                  f"or ecx, {_h(V.ARRAY)}", "mov dword ptr [eax - 3], ecx",
                  "mov dword ptr [eax + 1], 0", "mov dword ptr [eax + 5], 0", "xor edx, edx")

    def save_si_di(self) -> None:
        self.emit("mov dword ptr [esp - 4], esi", "mov dword ptr [esp - 8], edi")

    def restore_si_di(self) -> None:
        self.emit("mov esi, dword ptr [esp - 4]", "mov edi, dword ptr [esp - 8]")

    def check(self, cc: str, stub: str) -> None:
        self.stubs.add(stub)
        self.emit(Jump(cc, f"{self.uid}.{stub}"))

    def count_list(self, v) -> None:
        """EAX = the length of the list ``v`` (raw); EDX ends 0."""
        loop, done = self.label("cnt"), self.label("cntd")
        self.load(v, "edx")
        self.emit("xor eax, eax", Label(loop), "test edx, edx", Jump("e", done), "inc eax",
                  "mov edx, dword ptr [edx + 3]", Jump("", loop), Label(done))

    # ------------------------------------------------------------------ strings
    def i_string_size(self, vals) -> None:
        self.load(vals[0], "eax")
        self.emit("mov eax, dword ptr [eax - 5]", "shr eax, 6", "lea eax, [eax*4 - 4]")

    def i_string_sub(self, vals) -> None:
        s, i = vals
        self.load(s, "eax")
        self.load(i, "ecx")
        self.emit("mov edx, dword ptr [eax - 5]", "shr edx, 6", "lea edx, [edx*4 - 4]",
                  "cmp ecx, edx")
        self.check("ae", "sub")  # unsigned: a negative index is huge
        self.emit("sar ecx, 2", "movzx eax, byte ptr [eax + ecx - 1]", "shl eax, 2")

    def i_char_to_string(self, vals) -> None:
        self.gc_points += 1
        self.alloc_sequence_for("eax", V.string_bytes(2), V.POINTER,
                                V.make_header(V.STRING, 2), False)
        self.emit("mov dword ptr [eax - 1], 0")
        self.load(vals[0], "ecx")
        self.emit("shr ecx, 2", "mov byte ptr [eax - 1], cl")

    def string_len(self, v, reg: str) -> None:
        """``reg`` = the raw length of string ``v`` plus one (its header length)."""
        self.load(v, reg)
        self.emit(f"mov {reg}, dword ptr [{reg} - 5]", f"shr {reg}, 6")

    def i_string_concat(self, vals) -> None:
        a, b = vals
        self.string_len(a, "ecx")
        self.string_len(b, "edx")
        self.emit("lea eax, [ecx + edx - 2]", f"cmp eax, {hex(MAX_STRING)}")
        self.check("a", "size")
        self.emit("add eax, 0xc", "xor edx, edx")
        self.var_alloc(V.POINTER)
        self.string_len(a, "ecx")
        self.string_len(b, "edx")
        self.emit("lea ecx, [ecx + edx - 2]")
        self.string_init()
        self.load(b, "edx")
        self.emit("mov dword ptr [esp - 0xc], edx")
        self.load(a, "edx")
        self.save_si_di()
        self.emit("lea esi, [edx - 1]", "lea edi, [eax - 1]", "mov ecx, dword ptr [edx - 5]",
                  "shr ecx, 6", "dec ecx", "rep movsb byte ptr es:[edi], byte ptr [esi]",
                  "mov edx, dword ptr [esp - 0xc]", "lea esi, [edx - 1]",
                  "mov ecx, dword ptr [edx - 5]", "shr ecx, 6", "dec ecx",
                  "rep movsb byte ptr es:[edi], byte ptr [esi]")
        self.restore_si_di()

    def i_substring(self, vals) -> None:
        s, i, n = vals
        self.load(i, "ecx")
        self.load(n, "edx")
        self.emit("test ecx, ecx")
        self.check("s", "sub")
        self.emit("test edx, edx")
        self.check("s", "sub")
        self.emit("add ecx, edx")
        self.check("o", "sub")
        self.load(s, "eax")
        self.emit("mov eax, dword ptr [eax - 5]", "shr eax, 6", "lea eax, [eax*4 - 4]",
                  "cmp ecx, eax")
        self.check("a", "sub")
        self.emit("mov eax, edx", "sar eax, 2", "add eax, 0xc", "xor edx, edx")
        self.var_alloc(V.POINTER)
        self.load(n, "ecx")
        self.emit("sar ecx, 2")
        self.string_init()
        self.load(s, "edx")
        self.load(i, "ecx")
        self.emit("sar ecx, 2", "add edx, ecx")
        self.load(n, "ecx")
        self.emit("sar ecx, 2")
        self.save_si_di()
        self.emit("lea esi, [edx - 1]", "lea edi, [eax - 1]",
                  "rep movsb byte ptr es:[edi], byte ptr [esi]")
        self.restore_si_di()
        self.emit("xor edx, edx")

    def counted_alloc(self, v, sum_strings: bool, max_len: int) -> int:
        """Length of the list ``v`` (or the total length of its strings) -> a new slot
        (tagged); EAX = it (raw)."""
        if sum_strings:
            loop, done = self.label("sum"), self.label("sumd")
            self.load(v, "edx")
            self.emit("xor eax, eax", Label(loop), "test edx, edx", Jump("e", done),
                      "mov ecx, dword ptr [edx - 1]", "mov ecx, dword ptr [ecx - 5]",
                      "shr ecx, 6", "lea eax, [eax + ecx - 1]",
                      "mov edx, dword ptr [edx + 3]", Jump("", loop), Label(done))
        else:
            self.count_list(v)
        self.emit(f"cmp eax, {hex(max_len)}")
        self.check("a", "size")
        k = self.new_slot()
        self.emit("lea ecx, [eax*4]")
        self.store_slot("ecx", k)
        return k

    def i_implode(self, vals) -> None:
        (lst,) = vals
        k = self.counted_alloc(lst, False, MAX_STRING)
        self.emit("add eax, 0xc")
        self.var_alloc(V.POINTER)
        self.emit(f"mov ecx, {self.slot(k)}", "shr ecx, 2")
        self.string_init()
        loop, done = self.label("imp"), self.label("impd")
        self.emit("mov dword ptr [esp - 4], eax", "lea eax, [eax - 1]")
        self.load(lst, "edx")
        self.emit(Label(loop), "test edx, edx", Jump("e", done),
                  "mov ecx, dword ptr [edx - 1]", "shr ecx, 2", "mov byte ptr [eax], cl",
                  "inc eax", "mov edx, dword ptr [edx + 3]", Jump("", loop), Label(done),
                  "mov eax, dword ptr [esp - 4]")

    def i_string_concat_list(self, vals) -> None:
        (lst,) = vals
        k = self.counted_alloc(lst, True, MAX_STRING)
        self.emit("add eax, 0xc")
        self.var_alloc(V.POINTER)
        self.emit(f"mov ecx, {self.slot(k)}", "shr ecx, 2")
        self.string_init()
        loop, done = self.label("cat"), self.label("catd")
        self.load(lst, "edx")
        self.save_si_di()
        self.emit("lea edi, [eax - 1]", Label(loop), "test edx, edx", Jump("e", done),
                  "mov ecx, dword ptr [edx - 1]", "lea esi, [ecx - 1]",
                  "mov ecx, dword ptr [ecx - 5]", "shr ecx, 6", "dec ecx",
                  "rep movsb byte ptr es:[edi], byte ptr [esi]",
                  "mov edx, dword ptr [edx + 3]", Jump("", loop), Label(done))
        self.restore_si_di()

    def i_explode(self, vals) -> None:
        (s,) = vals
        ki, kacc = self.new_slot(), self.new_slot()
        self.load(s, "eax")
        self.emit("mov eax, dword ptr [eax - 5]", "shr eax, 6", "lea eax, [eax*4 - 4]")
        self.store_slot("eax", ki)  # characters left (tagged)
        self.emit("xor eax, eax")
        self.store_slot("eax", kacc)  # the list so far
        loop, done = self.label("exp"), self.label("expd")
        self.emit(Label(loop), f"mov ecx, {self.slot(ki)}", "test ecx, ecx", Jump("e", done))
        self.gc_points += 1
        self.alloc_sequence_for("eax", 8, V.PAIRPTR, 0, False)
        self.emit(f"mov ecx, {self.slot(kacc)}", "mov dword ptr [eax + 3], ecx")
        self.load(s, "edx")
        self.emit(f"mov ecx, {self.slot(ki)}", "sar ecx, 2",
                  "movzx ecx, byte ptr [edx + ecx - 2]", "shl ecx, 2",
                  "mov dword ptr [eax - 1], ecx")
        self.alloc_site(("::", "list"), "eax", V.PAIRPTR)
        self.emit(f"mov {self.slot(kacc)}, eax",
                  f"sub {self.slot(ki)}, 4", Jump("", loop), Label(done),
                  f"mov eax, {self.slot(kacc)}", "xor edx, edx")

    def i_string_eq(self, vals) -> None:
        a, b = vals
        self.load(a, "eax")
        self.load(b, "edx")
        same, done = self.label("seq"), self.label("seqd")
        self.emit("cmp eax, edx", Jump("e", same), "mov ecx, dword ptr [eax - 5]",
                  "cmp ecx, dword ptr [edx - 5]", Jump("ne", done), "shr ecx, 6")
        self.save_si_di()
        self.emit("lea esi, [eax - 1]", "lea edi, [edx - 1]",
                  "repe cmpsb byte ptr [esi], byte ptr es:[edi]")
        self.restore_si_di()  # movs: the flags stay
        self.emit(Label(done), "sete al", "movzx eax, al", "shl eax, 2", "xor edx, edx")
        end = self.label("seqe")
        self.emit(Jump("", end), Label(same), "mov eax, 4", Label(end))

    def string_order(self, vals) -> None:
        """Flags as ``cmp a, b`` would set them (unsigned) for strings ``a`` and ``b``:
        the bytes up to the shorter length, then the lengths."""
        a, b = vals
        self.load(a, "eax")
        self.load(b, "edx")
        short, diff = self.label("so"), self.label("sd")
        self.emit("mov ecx, dword ptr [eax - 5]", "shr ecx, 6",
                  "mov dword ptr [esp - 0xc], ecx", "mov ecx, dword ptr [edx - 5]",
                  "shr ecx, 6", "mov dword ptr [esp - 0x10], ecx",
                  "cmp ecx, dword ptr [esp - 0xc]", Jump("b", short),
                  "mov ecx, dword ptr [esp - 0xc]", Label(short), "dec ecx")
        self.save_si_di()
        self.emit("lea esi, [eax - 1]", "lea edi, [edx - 1]", "test ecx, ecx",
                  "repe cmpsb byte ptr [esi], byte ptr es:[edi]")
        self.restore_si_di()  # movs: the flags stay
        self.emit(Jump("ne", diff), "mov ecx, dword ptr [esp - 0xc]",
                  "cmp ecx, dword ptr [esp - 0x10]", Label(diff))

    def i_string_lt(self, vals) -> None:
        self.string_order(vals)
        self.emit("setb al", "movzx eax, al", "shl eax, 2")

    def i_string_compare(self, vals) -> None:
        self.string_order(vals)
        done = self.label("scd")
        self.emit("mov eax, 0", Jump("e", done), "mov eax, 4", Jump("a", done),
                  "mov eax, 0xfffffffc", Label(done))

    # ------------------------------------------------------------------ arrays
    def i_array_make(self, vals) -> None:
        n, init = vals
        self.load(n, "eax")
        self.emit(f"cmp eax, {hex(MAX_ARRAY << 2)}")
        self.check("a", "size")  # unsigned: a negative length is huge
        self.emit("lea eax, [eax + 0x13]", "xor edx, edx")
        self.var_alloc(V.REFPTR)
        self.load(n, "ecx")
        self.array_init()
        loop, done = self.label("fill"), self.label("filld")
        self.load(n, "ecx")
        self.load(init, "edx")
        self.emit(Label(loop), "test ecx, ecx", Jump("e", done),
                  "mov dword ptr [eax + ecx + 5], edx", "sub ecx, 4", Jump("", loop),
                  Label(done))

    def i_array_from_list(self, vals) -> None:
        (lst,) = vals
        k = self.counted_alloc(lst, False, MAX_ARRAY)
        self.emit("lea eax, [eax*4 + 0x13]")
        self.var_alloc(V.REFPTR)
        self.emit(f"mov ecx, {self.slot(k)}")
        self.array_init()
        loop, done = self.label("afl"), self.label("afld")
        self.emit("mov dword ptr [esp - 4], eax", "add eax, 9")
        self.load(lst, "edx")
        self.emit(Label(loop), "test edx, edx", Jump("e", done),
                  "mov ecx, dword ptr [edx - 1]", "mov dword ptr [eax], ecx", "add eax, 4",
                  "mov edx, dword ptr [edx + 3]", Jump("", loop), Label(done),
                  "mov eax, dword ptr [esp - 4]")

    def i_array_length(self, vals) -> None:
        self.load(vals[0], "eax")
        self.emit("mov eax, dword ptr [eax - 3]", "shr eax, 6", "shl eax, 2")

    def array_index(self, a, i) -> None:
        """EAX = array, ECX = index (tagged), checked against the length."""
        self.load(a, "eax")
        self.load(i, "ecx")
        self.emit("mov edx, dword ptr [eax - 3]", "shr edx, 6", "shl edx, 2", "cmp ecx, edx")
        self.check("ae", "sub")

    def i_array_sub(self, vals) -> None:
        self.array_index(*vals)
        self.emit("mov eax, dword ptr [eax + ecx + 9]")

    def i_array_update(self, vals) -> None:
        a, i, v = vals
        self.array_index(a, i)
        slow, done = self.label("upd"), self.label("updd")
        self.load(v, "edx")
        self.emit("test dl, 1", Jump("ne", slow), "mov dword ptr [eax + ecx + 9], edx",
                  "xor eax, eax", Jump("", done), Label(slow))
        # a pointer: the service stores it and keeps the remembered set (inline.py)
        self.allocate("record", list(vals))
        self.move(self.ARG, self.ACC)
        self.service_call("array_update")
        self.move(self.ACC, self.ARG)
        self.emit(Label(done))

    # ------------------------------------------------------------------ byte arrays
    def i_bytearray_make(self, vals) -> None:
        n, init = vals
        self.load(n, "eax")
        self.emit(f"cmp eax, {hex(MAX_ARRAY << 2)}")
        self.check("a", "size")
        self.emit("sar eax, 2", "add eax, 0xb", "xor edx, edx")
        self.var_alloc(V.REFPTR)
        self.load(n, "ecx")
        self.emit("sar ecx, 2", "lea edx, [ecx + 0xb]", f"and edx, {_ALIGN}",
                  "mov dword ptr [eax + edx - 7], 0", "shl ecx, 6",
                  f"or ecx, {_h(V.BYTEARRAY)}", "mov dword ptr [eax - 3], ecx")
        loop, done = self.label("bfill"), self.label("bfilld")
        self.load(n, "ecx")
        self.load(init, "edx")
        self.emit("sar ecx, 2", "sar edx, 2", Label(loop), "test ecx, ecx", Jump("e", done),
                  "mov byte ptr [eax + ecx], dl", "dec ecx", Jump("", loop), Label(done),
                  "xor edx, edx")

    def i_bytearray_length(self, vals) -> None:
        self.i_array_length(vals)

    def i_bytearray_sub(self, vals) -> None:
        self.array_index(*vals)
        self.emit("sar ecx, 2", "movzx eax, byte ptr [eax + ecx + 1]", "shl eax, 2")

    def i_bytearray_update(self, vals) -> None:
        a, i, v = vals
        self.array_index(a, i)
        self.load(v, "edx")
        self.emit("sar ecx, 2", "sar edx, 2", "mov byte ptr [eax + ecx + 1], dl",
                  "xor eax, eax", "xor edx, edx")

