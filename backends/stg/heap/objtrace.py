"""The collector model's object-by-object traces (``gc.StgHeapModel`` inherits them): the
marks of a collection (``_mark``), the live objects as objects (``_live_objects``, for a
header compaction) and the marks with the heap graph (``_graph_trace``). The edge tracer
(``oldgraph``) does the same in the young generation and searches the old one in C.

Every trace follows indirections (an updated thunk stands for its value). When a trace finds
one in a constructor's field it also *short-cuts* it there, as GHC's collector does when it
copies the constructor: the field then holds the value (``past_indirections``). The marks,
the edges and every profile are the same (each trace, the old graph's rows and the
retainer graph already see the value; the machine enters an indirection without an event),
but Python frees the indirection (80 bytes and its id) instead of keeping it for as long as
the constructor lives: a lazily built list consumed after it was built (a merge sort's
output summed) held one for every cell.
"""

from __future__ import annotations

from array import array
from typing import Any, Iterable

from .heapobj import CON_TYPES, Fun, Pap, Thunk, heap_types


def past_indirections(x: Any) -> None:
    """Constructor ``x``'s fields with every updated thunk replaced by its value."""
    x.short_cut()


class ObjectTrace:
    """Mixin: needs ``roots_fn``, ``full_roots_fn``, ``nursery_start``, ``remembered``."""

    roots_fn: Any
    full_roots_fn: Any
    nursery_start: int
    remembered: list[Any]

    def _live_objects(self, n: int, roots: list[Any] | None = None, lo: int = 0,
                      ids: array | None = None) -> list[Any]:
        """Every live heap object (id in ``lo..n-1``) reachable from the roots (or from
        ``roots``) without going through an object below ``lo``, as objects: the object
        trace of ``_mark``, collecting instead of marking. ``ids`` (an ``array("q")``, if
        given) gets their ids in the same order (a compaction's: no second pass reading
        every object's id)."""
        if roots is None:
            roots = (self.full_roots_fn() if self.full_roots_fn is not None
                     else [obj for obj, _ in self.roots_fn()])
        marked = bytearray(n)
        heap = heap_types()
        statics_seen: set[int] = set()
        out: list[Any] = []
        stack: list[Any] = []
        keep = out.append
        keep_id = ids.append if ids is not None else None
        todo: Iterable[Any] = roots
        con = None  # the constructor whose fields ``todo`` are
        while True:
            for f in todo:
                if type(f) is Thunk and f.val is not None:  # an indirection
                    if con is not None:
                        past_indirections(con)
                        con = None
                    while type(f) is Thunk and f.val is not None:
                        f = f.val
                if type(f) not in heap:
                    continue
                i = f.id
                if i < 0:
                    if id(f) not in statics_seen:
                        statics_seen.add(id(f))
                        stack.append(f)
                elif lo <= i < n and not marked[i]:
                    marked[i] = 1
                    keep(f)
                    if keep_id is not None:
                        keep_id(i)
                    stack.append(f)
            if not stack:
                return out
            x = stack.pop()
            t = type(x)
            con = None
            if t in CON_TYPES:
                todo = x.fields
                con = x
            elif t is Thunk:
                v = x.val
                todo = (v,) if v is not None else (x.fv or ())
            elif t is Fun:
                todo = x.fv
            elif t is Pap:
                todo = [x.fun, *x.args]
            else:
                todo = ()

    def _graph_trace(self, n: int, major: bool, graph: dict) -> bytearray:
        """The marks of ids < n and the heap graph, traced object by object: every edge
        between heap objects into ``graph["src"]``/``graph["dst"]``, and every heap object
        reached from a root (or through static objects, whose own edges are not recorded)
        with that root's identity into ``graph["roots"]``. The roots are pushed first, in
        their order; the per-edge work is inlined (no call per edge)."""
        marked = bytearray(n)
        heap = heap_types()
        lo = 0 if major else self.nursery_start
        stack: list[Any] = []
        push = stack.append
        statics_seen: set[int] = set()
        seen_static = statics_seen.add
        edges_src, edges_dst = array("q"), array("q")
        add_src, add_dst = edges_src.append, edges_dst.append
        root_objs: list[tuple[int, int]] = []
        add_root = root_objs.append
        graph["src"], graph["dst"], graph["roots"] = edges_src, edges_dst, root_objs
        roots = list(self.roots_fn())
        nroots = len(roots)
        k = 0
        while True:
            con = None  # the constructor whose fields ``todo`` are
            if k < nroots:  # the roots first, each with its own identity
                todo: Any = (roots[k][0],)
                parent, ident = -1, roots[k][1]
                k += 1
                if k == nroots and not major:
                    for th in self.remembered:
                        push((th, -1, 0))
            elif stack:
                x, parent, ident = stack.pop()
                t = type(x)
                if t in CON_TYPES:
                    todo = x.fields
                    con = x
                elif t is Thunk:
                    v = x.val
                    todo = (v,) if v is not None else (x.fv or ())
                elif t is Fun:
                    todo = x.fv
                elif t is Pap:
                    todo = [x.fun, *x.args]
                else:
                    continue
            else:
                return marked
            for f in todo:
                # follow indirections: an updated thunk stands for its value
                if type(f) is Thunk and f.val is not None:
                    if con is not None:
                        past_indirections(con)
                        con = None
                    while type(f) is Thunk and f.val is not None:
                        f = f.val
                if type(f) not in heap:
                    continue
                i = f.id
                if i < 0:
                    if id(f) not in statics_seen:
                        seen_static(id(f))
                        push((f, -1, ident))
                    continue
                if parent >= 0:
                    add_src(parent)
                    add_dst(i)
                else:
                    add_root((i, ident))
                if i < lo or i >= n or marked[i]:
                    continue
                marked[i] = 1
                push((f, i, ident))

    def _mark(self, n: int, major: bool, roots: list[Any]) -> bytearray:
        """``_trace`` without a graph: the same marks with the per-edge work inlined (no
        call, no (object, parent, identity) tuple per pushed object)."""
        marked = bytearray(n)
        heap = heap_types()
        lo = 0 if major else self.nursery_start
        statics_seen: set[int] = set()
        stack: list[Any] = []
        push = stack.append
        pop = stack.pop
        todo = roots
        con = None  # the constructor whose fields ``todo`` are
        if not major:
            stack.extend(self.remembered)
        while True:
            for f in todo:
                # follow indirections: an updated thunk stands for its value
                if type(f) is Thunk and f.val is not None:
                    if con is not None:
                        past_indirections(con)
                        con = None
                    while type(f) is Thunk and f.val is not None:
                        f = f.val
                if type(f) not in heap:
                    continue
                i = f.id
                if i < 0:
                    if id(f) not in statics_seen:
                        statics_seen.add(id(f))
                        push(f)
                elif lo <= i < n and not marked[i]:
                    marked[i] = 1
                    push(f)
            if not stack:
                return marked
            x = pop()
            t = type(x)
            con = None
            if t in CON_TYPES:
                todo = x.fields
                con = x
            elif t is Thunk:
                v = x.val
                todo = (v,) if v is not None else (x.fv or ())
            elif t is Fun:
                todo = x.fv
            elif t is Pap:
                todo = [x.fun, *x.args]
            else:
                todo = ()
