"""Runtime services the code generators emit as instructions (issue 16): strings, arrays and
their operations in machine code, allocated with MLWorks's variable-size sequence.

The IR keeps these as ``ir.Runtime`` calls (their meaning, and the reference interpreter,
are unchanged); the walker recognises the services listed in :data:`INLINE` and, instead of
allocating the argument tuple and calling the service, evaluates the tuple's components
into slots (or leaves cheap ones where they are) and asks the target for the instructions
(``i_<service>(vals)``, result in ACC). The Python implementations in
``runtime/services.py`` stay for the other callers (the runtime itself, tests).

Allocation of the new objects uses MLWorks's variable-size inline sequence (mlworks.md §2b
on x86; on SPARC the ``taddcctv %g1, %g4, %g1`` form of §2c with the byte count in %g4), so
the space profiler finds, patches and counts them like any other allocation site. Object
layouts are MLWorks's (``values.py``):

* string of n characters: POINTER, header ``(n+1) << 6 | STRING`` (the NUL counted), bytes
  at +4, NUL and padding zero, ``((n+1)+4+7) & -8`` bytes;
* array of n elements: REFPTR, header ``n << 6 | ARRAY``, forward and back words 0, the
  elements at +12, ``(4n+12+7) & -8`` bytes (a final unaligned word zeroed);
* byte array of n bytes (``Word8Array``, ``CharArray``): REFPTR, header ``n << 6 |
  BYTEARRAY``, the bytes at +4, ``(n+4+7) & -8`` bytes, the size ``values.object_bytes``
  gives (MLWorks's x86 compiler asked for ``(n+12) div 8 * 8``, up to 8 bytes more, §2's
  table; profkit allocates what the collector and the profiler will measure).

``explode`` builds its list from the last character back, one cons (MLWorks's constant-size
pair sequence, §2a) per character, so the profiler counts the pairs; ``string_eq`` compares
the header words, then the bytes; ``string_lt`` and ``string_compare`` compare the bytes as
unsigned numbers up to the shorter length, then the lengths (SML's ``String.compare``).

Checks raise the predefined exceptions from static packets in the image (like Overflow and
Div): ``Subscript`` for a bad index (``String.sub``, ``Array.sub/update``,
``String.substring``), ``Size`` for a bad length at creation (``Array.array`` with a length
outside ``0 .. Array.maxLen``, a string longer than ``String.maxSize``).

``Array.update`` of a pointer value still calls the ``array_update`` service: the write
barrier (the remembered set of old arrays holding young pointers) is the collector's, and
the code cannot tell an old array from a young one. Integer (unboxed) values are stored
inline. New arrays need no barrier: they are in the creation space, or large objects,
which the collector scans as roots.
"""

from __future__ import annotations

from .. import ir
from .common import CodegenError, Sel, Slot

#: inlined service -> number of components of its (tuple) argument
INLINE: dict[str, int] = {
    "string_size": 1, "string_sub": 2, "substring": 3, "string_concat": 2,
    "string_concat_list": 1, "implode": 1, "char_to_string": 1,
    "array_make": 2, "array_from_list": 1, "array_length": 1, "array_sub": 2,
    "array_update": 3, "bytearray_make": 2, "bytearray_sub": 2, "bytearray_update": 3,
    "bytearray_length": 1, "explode": 1, "string_eq": 2, "string_lt": 2,
    "string_compare": 2,
}

#: Array.maxLen and String.maxSize of basis.sml (longer raises Size)
MAX_ARRAY = 1 << 24
MAX_STRING = 16777211


class InlineServices:
    """Walker mixin: ``x_Runtime`` of an inlined service."""

    def inline_args(self, e: ir.Runtime, n: int) -> list:
        """The components of the service's argument, evaluated left to right into slots
        (cheap ones left as they are): the fields of a literal tuple (which is then not
        allocated), or the fields of a computed tuple, loaded once. The code re-loads
        components (after an allocation): a selection (x86 ``Sel``) is loaded once, here,
        so ``on_use`` hooks count one use per selection, as the IR says."""
        a = e.args[0] if len(e.args) == 1 else None
        if n == 1:
            if a is None:
                raise CodegenError(f"service {e.service} takes one argument")
            comps = [a]
        elif isinstance(a, ir.Alloc) and a.kind == ("pair" if n == 2 else "record") \
                and len(a.fields) == n:
            comps = list(a.fields)
        elif len(e.args) == n:
            comps = list(e.args)
        else:  # a tuple value: its fields into slots (the service would read them)
            self.expr(a)
            k = self.new_slot()
            self.store_slot(self.ACC, k)
            comps = []
            for i in range(n):
                self.load(Slot(k), self.ACC)
                self.load_field(self.ACC, self.ACC, 4 * i - 1)
                kk = self.new_slot()
                self.store_slot(self.ACC, kk)
                comps.append(Slot(kk))
        vals, _ = self.spill(comps, keep_last=False)
        for j, v in enumerate(vals):
            if isinstance(v, Sel):
                self.load(v, self.ACC)
                k = self.new_slot()
                self.store_slot(self.ACC, k)
                vals[j] = Slot(k)
        return vals

    def inline_service(self, e: ir.Runtime) -> None:
        vals = self.inline_args(e, INLINE[e.service])
        getattr(self, "i_" + e.service)(vals)
