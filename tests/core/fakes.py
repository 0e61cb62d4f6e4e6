"""A fake backend for core tests: allocates a few objects and emits every event."""

from __future__ import annotations

import numpy as np

from profkit.errors import GuestRuntimeError
from profkit.heap import CensusView, HeapGraph
from profkit.hookspecs import hookimpl
from profkit.kinds import ObjKind
from profkit.tables import CostCentre, Info


class FakeBackend:
    """Runs a scripted 'program': allocate, use, update, collect, census, tick, die."""

    name = "fake"

    def __init__(self, fail: bool = False):
        self.fail = fail
        self.live: list[int] = []
        self.dead: set[int] = set()

    def load(self, session):
        t = session.tables
        self.cc_main = t.ccs.intern(CostCentre("main", "Main", "f.hs:1:1-10"))
        self.stack = t.stacks.push(t.stacks.MAIN, self.cc_main)
        self.cons = t.infos.intern(Info(":", "[]", "Main", ObjKind.CON))
        self.thunk = t.infos.intern(Info("<Main.x>", "*", "Main", ObjKind.THUNK))

    def _alloc(self, session, info, size):
        oid = session.header.new(info, self.stack, size, session.era)
        self.live.append(oid)
        return oid

    def run(self, session):
        s = session
        a = self._alloc(s, self.cons, 3)
        b = self._alloc(s, self.thunk, 3)
        s.tables.stacks.entries[self.stack] += 1
        if s.stager.wants["use"]:
            s.stager.use.append(b)
        s.header.last_use[b] = s.era
        if s.stager.wants["update"]:
            s.stager.update.extend((b, self.thunk, self.thunk, 3, 2))
        s.gc_start(0, False)
        if s.stager.wants["copy"]:
            s.stager.copy.extend((a, 0, 1, 3))
        self._die(s, b)
        s.gc_end(0, False)
        if s.can_renumber():  # compact the header to the survivors, as the STG backend does
            kept = np.array(sorted(self.live), dtype=np.int64)
            s.renumber(kept)
            self.live = list(range(len(kept)))
        s.tick(0.001, self.stack)
        s.census(self._census(s))
        if self.fail:
            raise GuestRuntimeError("fake: Prelude.head: empty list")
        s.stdout.write("done\n")
        return 0

    def _die(self, s, oid):
        h = s.header
        if s.stager.wants["death"]:
            s.stager.death.extend(
                (oid, h.info[oid], h.producer[oid], h.size_words[oid], h.era[oid], h.last_use[oid])
            )
        self.live.remove(oid)

    def _census(self, s):
        obj = np.array(self.live, dtype=np.int64)
        n = len(obj)
        graph = HeapGraph(
            offsets=np.zeros(n + 1, dtype=np.int64), targets=np.zeros(0, dtype=np.int64),
            roots=np.arange(n), root_identity=np.zeros(n, dtype=np.int32),
            is_retainer=np.zeros(n, dtype=bool), identity=np.full(n, -1, dtype=np.int32),
        )
        return CensusView(time=0.002, era=s.era, obj=obj, gen=np.zeros(n, dtype=np.int8),
                          tables=s.tables, header=s.header, graph=graph)

    def shutdown(self, s):
        for oid in list(self.live):
            self._die(s, oid)


class FakeBackendPlugin:
    def __init__(self, backend):
        self.backend = backend

    @hookimpl
    def profkit_make_backend(self, config, path):
        return self.backend
