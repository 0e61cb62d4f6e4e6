"""Stage 2 of the STG backend: the STG machine with GHC's cost-centre stacks.

In: an STG ``ir.Program``. Out: the program's output and the runtime events (allocation,
entries, updates, ticks) that profiling schemes listen to.

Modules: ``compile`` / ``case`` (STG IR compiled to Python closures, once per program),
``engine`` (the machine: eval/apply, update frames, the run loop), ``rt`` (returning values,
entering closures, applying functions), ``prims`` and ``show`` (primitive operations, GHC's
``show``), ``ccs`` (cost-centre-stack operations with GHC's semantics). Heap objects and
the collector model are ``profkit.backends.stg.heap``.
"""
