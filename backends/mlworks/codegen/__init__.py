"""Stage 2 of the MLWorks backend: machine code for x86 and SPARC.

In: an ``ir.Program``. Out: a ``codevector.LoadImage``, one MLWorks code vector (code items
with their names and BACKPTR words) followed by the static objects, byte for byte what the
runtime maps into the emulator.

Modules: ``walker`` (the one walk over the IR, shared by both targets), ``hooks`` (the
instrumentation points profiling code is placed at: entries, uses of heap values, calls),
``x86`` and ``sparc`` (the targets: instruction selection, MLWorks's allocation sequences,
frames), ``common`` (program tables, allocation shapes, tagging, the walker's pseudo-values),
``asm_x86`` / ``asm_sparc`` / ``asm_common`` (keystone encodes, capstone decodes, labels),
``codevector`` (the code-vector and load-image layout). The object layout both this stage
and the runtime rely on is ``profkit.backends.mlworks.values``; the runtime-service numbering
is ``profkit.backends.mlworks.abi``. Imports: ``ir``, ``values``, ``abi`` only (no runtime).
"""
