"""Stage 3 of the MLWorks backend: the emulated machine and its collector.

In: a ``LoadImage`` from the code generators. Out: the program's output, and the runtime
events (allocation, GC copies, deaths, censuses) that profiling schemes listen to.

Modules: ``memory`` (the memory map), ``arch`` / ``arch_sparc`` (what the runtime needs to
know per architecture), ``machine`` (unicorn, the runtime stubs, the run loop),
``services`` (runtime services called from ML code), ``gc`` (the generational copying
collector), ``heapscan`` (vectorised parsing of heap areas), ``tracker`` and ``heapgraph``
(object identities, events and heap graphs for the schemes).
"""
