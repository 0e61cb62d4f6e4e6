"""The STG backend's heap: objects with GHC's sizes, and the generational collector model.

In: the machine's heap objects. Out: collections, deaths, GC copies, census views and heap
graphs for the schemes. Modules: ``heapobj`` (object classes, sizes, how a collector walks
them), ``gc`` (the collector model).
"""
