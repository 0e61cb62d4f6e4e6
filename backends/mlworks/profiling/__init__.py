"""Stage 4 of the MLWorks backend: MLWorks's own profiler support, done on the machine code.

In: a loaded ``runtime.machine.Machine`` whose code the profiler patches (allocation sequences
found with capstone, rewritten with keystone into calls of profiling routines, undone byte for
byte at the end). Out: per-function, per-generation, per-type allocation and copy records that
the ``mlworks_space`` scheme (``profkit.plugins.mlworks_space``) prints in MLWorks's format.

Modules: ``spaceprof`` (the profiler object), ``patch_x86`` / ``patch_sparc`` (the site
rewrites), ``routines`` (the profiling routines in assembly), ``records`` (record parsing
and MLWorks's accounting).
"""
