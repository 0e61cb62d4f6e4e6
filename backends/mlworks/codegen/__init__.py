"""Stage 2 of the MLWorks backend: machine code for x86 and SPARC.

In: an ``ir.Program``. Out: a ``codevector.LoadImage``, one MLWorks code vector (code items
with their names and BACKPTR words) followed by the static objects, byte for byte what the
runtime maps into the emulator.

Modules: ``common`` (what both targets share: program tables, allocation shapes, tagging),
``x86`` and ``sparc`` (instruction selection and MLWorks's allocation sequences per target),
``asm_x86`` / ``asm_sparc`` / ``asm_common`` (keystone encodes, capstone decodes, labels),
``codevector`` (the code-vector and load-image layout). The object layout both this stage
and the runtime rely on is ``profkit.backends.mlworks.values``.
"""
