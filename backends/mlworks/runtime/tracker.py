"""Object identities and heap events for the MLWorks runtime (CONVENTIONS.md "Events").

Only built when some scheme listens (alloc/copy/death hooks or censuses): otherwise the
collector runs without it. Objects get a profiling-header row when the runtime first sees
them, which for inline allocations is the first collection that finds them in the creation
space (a linear parse of the space; producer -1 = unknown). Ids live beside the heap:
each generation block keeps a numpy array of the ids of its objects in address order,
updated on every copy, so the address -> id map is never a Python dict per object.
"""

from __future__ import annotations

import numpy as np

from profkit.heap import CensusView
from profkit.kinds import ObjKind
from profkit.tables import Info

from . import heapscan as HS

_KIND_OBJ = {
    # strings are inherently used (LDVU): their bytes are read by runtime services, never
    # by a traced selection, as GHC's ARR_WORDS
    HS.K_PAIR: ObjKind.CON, HS.K_CLOSURE: ObjKind.FUN, HS.K_RECORD: ObjKind.CON,
    HS.K_STRING: ObjKind.PRIM, HS.K_ARRAY: ObjKind.MUTABLE, HS.K_REF: ObjKind.MUTABLE,
    HS.K_BYTEARRAY: ObjKind.PRIM, HS.K_REAL: ObjKind.PRIM, HS.K_CODE: ObjKind.CODE,
    HS.K_WEAK: ObjKind.MUTABLE, HS.K_OTHER: ObjKind.CON,
}

#: MLWorks's space-profile object kinds (refs are arrays, boxed reals bytearrays)
_SPACE_KIND = {
    HS.K_PAIR: "pair", HS.K_CLOSURE: "closure", HS.K_RECORD: "record", HS.K_STRING: "string",
    HS.K_ARRAY: "array", HS.K_REF: "array", HS.K_BYTEARRAY: "bytearray",
    HS.K_REAL: "bytearray", HS.K_CODE: "code", HS.K_WEAK: "weakarray", HS.K_OTHER: "record",
}


class Tracker:
    def __init__(self, session, code_range: tuple[int, int]) -> None:
        self.session = session
        self.code_range = code_range
        infos = session.tables.infos
        self.kind_info = np.array(
            [infos.intern(Info(n, n, "", _KIND_OBJ[k], space_kind=_SPACE_KIND[k],
                               overhead_bytes=0 if k == HS.K_PAIR else -1))
             for k, n in enumerate(HS.KIND_NAMES)],
            dtype=np.int32)
        self.want_copy = session.stager.wants["copy"]
        self.want_death = session.stager.wants["death"]
        self.pending_large: list[int] = []
        self.large_ids: list[int] = []
        self.large_gen = 0
        #: set by the runtime/backend: the machine, and code item offset -> StackTable id
        self.machine = None
        self.item_stack: dict[int, int] = {}
        #: profiling/instrument.UseTable when ML code records uses (issue 11): folded into
        #: the header's ``last_use`` at every collection, census and at the end
        self.use_table = None
        #: profiling/instrument.SiteTable when ML code stores allocation-site numbers
        #: (issue 15): a creation-space object's header ``info`` is then its site's
        self.site_table = None
        self._site_lut: np.ndarray | None = None  # [site number, heap kind] -> info id

    # ------------------------------------------------------------------ uses
    def fold_uses(self, start: int, top: int, starts_words: np.ndarray,
                  ids: np.ndarray) -> None:
        """Objects of [start, top) (``ids`` in address order) whose use-table entries are
        set were used in the current era: record it in the header, clear the entries."""
        ut = self.use_table
        if ut is None or top <= start:
            return
        used = ut.used_objects(start, top, starts_words)
        if len(used):
            self.session.header.column("last_use")[ids[used]] = self.session.era

    def fold_large(self, gc) -> None:
        if self.use_table is None:
            return
        for (a, n), oid in zip(gc.large, self.large_ids):
            if self.use_table.used_objects(a, a + n, np.zeros(1, dtype=np.int64)).size:
                self.session.header.column("last_use")[oid] = self.session.era

    # ------------------------------------------------------------------ header rows
    def register(self, kinds: np.ndarray, size_words: np.ndarray) -> np.ndarray:
        """New header rows for objects seen for the first time; returns their ids."""
        h = self.session.header
        n = len(kinds)
        first = len(h)
        if n:
            info = self.kind_info[kinds]
            h.info.frombytes(info.astype(np.int32).tobytes())
            h.producer.frombytes(np.full(n, -1, dtype=np.int32).tobytes())
            h.size_words.frombytes(size_words.astype(np.int32).tobytes())
            h.era.frombytes(np.full(n, self.session.era, dtype=np.int32).tobytes())
            h.last_use.frombytes(np.zeros(n, dtype=np.int32).tobytes())
        return np.arange(first, first + n, dtype=np.int64)

    def register_area(self, W: np.ndarray, p: HS.Parsed, start: int | None = None
                      ) -> np.ndarray:
        """Header rows for the objects of a parsed area. ``start``: the area is the
        creation space at that address: objects whose allocation site stored its number
        (``site_table``) get the site's info, and the area's entries are cleared."""
        k = HS.kinds(W, p, *self.code_range)
        ids = self.register(k, p.sizes)
        st = self.site_table
        if st is not None and start is not None and len(ids):
            sites = st.read(start + 4 * p.starts.astype(np.int64))
            named = np.flatnonzero(sites)
            if len(named):
                self.session.header.column("info")[ids[named]] = self.site_infos(
                    sites[named], k[named])
            st.clear(start, start + 4 * len(W))
        return ids

    def site_infos(self, sites: np.ndarray, kinds: np.ndarray) -> np.ndarray:
        """The info ids of objects of heap kinds ``kinds`` built at ``sites``: the kind's
        info (ObjKind, space kind, overhead) with the site's description and type (one
        lookup table indexed by (site, kind), filled when a pair is first seen)."""
        lut = self._site_lut
        if lut is None or len(lut) <= len(self.site_table.names):
            lut = self._site_lut = np.full((len(self.site_table.names) + 1, 16), -1,
                                           dtype=np.int32)
        out = lut[sites, kinds]
        missing = np.flatnonzero(out < 0)
        if len(missing):
            infos = self.session.tables.infos
            for s_, k in set(zip(sites[missing].tolist(), kinds[missing].tolist())):
                what, ty = self.site_table.names[s_ - 1]
                base = infos[int(self.kind_info[k])]
                lut[s_, k] = infos.intern(Info(what, ty, base.module, base.kind,
                                               space_kind=base.space_kind,
                                               overhead_bytes=base.overhead_bytes))
            out = lut[sites, kinds]
        return out

    def register_large(self, read) -> None:
        for a in self.pending_large:
            h = int.from_bytes(read(a, 4), "little")
            W = np.frombuffer(read(a, 8), dtype=np.uint32)
            p = HS.parse(np.array([h, W[1]], dtype=np.uint32))
            k = HS.kinds(W, p, *self.code_range)[:1]
            size = HS.header_bytes(np.array([h], dtype=np.uint32)) >> 2
            self.large_ids.extend(self.register(k, size).tolist())
        self.pending_large = []

    # ------------------------------------------------------------------ staging
    def _deaths(self, ids: np.ndarray) -> None:
        if not self.want_death or not len(ids):
            return
        h = self.session.header
        rows = np.empty((len(ids), 6), dtype=np.int64)
        rows[:, 0] = ids
        for j, col in enumerate(("info", "producer", "size_words", "era", "last_use"), 1):
            rows[:, j] = h.column(col)[ids]
        self.session.stager.death.frombytes(rows.tobytes())

    def _copies(self, ids, from_gen, to_gen, size_words) -> None:
        if not self.want_copy or not len(ids):
            return
        rows = np.empty((len(ids), 4), dtype=np.int64)
        rows[:, 0] = ids
        rows[:, 1] = from_gen
        rows[:, 2] = to_gen
        rows[:, 3] = size_words
        self.session.stager.copy.frombytes(rows.tobytes())

    def collected(self, gc, W_all, segs, parsed, woff, obj_seg, obj_gen, dst_gen, obj_size,
                  live, placements, level) -> None:
        """After a collection has placed the survivors (called by the collector)."""
        self.register_large(gc.read)
        parts = []
        for (start, top, g, block), p, o in zip(segs, parsed, woff):
            if block is None:  # the creation space: first sighting of its objects
                parts.append(self.register_area(W_all[o:o + (top - start) // 4], p, start))
            else:
                ids = block.ids
                if ids is None or len(ids) != len(p.starts):
                    ids = self.register_area(W_all[o:o + (top - start) // 4], p)
                parts.append(ids)
        if self.use_table is not None:
            for (start, top, _g, _b), p, part in zip(segs, parsed, parts):
                self.fold_uses(start, top, p.starts, part)
        ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        self._copies(ids[live], obj_gen[live], dst_gen[live], obj_size[live])
        self._deaths(ids[~live])
        for d, block, sel, appended in placements:
            new = ids[sel]
            block.ids = np.concatenate([block.ids, new]) if appended and block.ids is not None \
                else new

    # ------------------------------------------------------------------ census / the end
    def census(self, gc, time: float) -> CensusView:
        self.register_large(gc.read)
        self.fold_large(gc)
        objs, gens = [], []
        for g in range(1, gc.G):
            for b in gc.gens[g]:
                if b.ids is not None:
                    objs.append(b.ids)
                    gens.append(np.full(len(b.ids), g, dtype=np.int16))
        if self.large_ids:
            objs.append(np.asarray(self.large_ids, dtype=np.int64))
            gens.append(np.full(len(self.large_ids), gc.G, dtype=np.int16))
        obj = np.concatenate(objs) if objs else np.zeros(0, dtype=np.int64)
        gen = np.concatenate(gens) if gens else np.zeros(0, dtype=np.int16)
        s = self.session
        graph = None
        if s.needs_graph and self.machine is not None:
            from .heapgraph import build_graph

            graph = build_graph(self.machine, len(obj), self.item_stack)
        return CensusView(time=time, era=s.era, obj=obj, gen=gen, tables=s.tables,
                          header=s.header, word_bytes=4, graph=graph)

    def kill_all(self, gc, creation_top: int) -> None:
        """The run is over: a death row for every object still in the heap."""
        self.register_large(gc.read)
        self.fold_large(gc)
        if creation_top > gc.creation_start:
            W = np.frombuffer(gc.read(gc.creation_start, creation_top - gc.creation_start),
                              dtype=np.uint32)
            p = HS.parse(W)
            ids = self.register_area(W, p, gc.creation_start)
            self.fold_uses(gc.creation_start, creation_top, p.starts, ids)
            self._deaths(ids)
        for g in range(1, gc.G):
            for b in gc.gens[g]:
                if b.ids is not None:
                    if self.use_table is not None and b.top > b.start:
                        W = np.frombuffer(gc.read(b.start, b.top - b.start), dtype=np.uint32)
                        self.fold_uses(b.start, b.top, HS.parse(W).starts, b.ids)
                    self._deaths(b.ids)
        self._deaths(np.asarray(self.large_ids, dtype=np.int64))
