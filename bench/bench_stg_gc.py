"""The STG collector model on a heap of one million live objects: one major collection, one
census (collection + view), and one census with the heap graph. Prints the figures."""

import time
from profkit.backends.stg.heap.gc import StgHeapModel
from profkit.backends.stg.heap.heapobj import Con, DataConR
from profkit.kinds import ObjKind
from profkit.options import Config
from profkit.session import Session
from profkit.tables import Info
s = Session(Config(program="b.hs"), load_entrypoints=False)
ci = s.tables.infos.intern(Info(":", "[]", "GHC.Types", ObjKind.CON))
dc = DataConR(":", 1, 2, ci, "[]", "GHC.Types")
nil = Con(-1, DataConR("[]", 0, 0, -1, "[]", "GHC.Types"), [])
xs = nil
for i in range(1_000_000):
    xs = Con(s.header.new(ci, 0, 3, 1), dc, [i, xs])
roots = [xs]
gc = StgHeapModel(s, lambda: [(r, 0) for r in roots], nursery_bytes=1 << 20)
t = time.perf_counter(); gc.collect(major=True); t1 = time.perf_counter() - t
t = time.perf_counter(); v = gc.census(1.0); t2 = time.perf_counter() - t
s.needs_graph = True
t = time.perf_counter(); v = gc.census(2.0); t3 = time.perf_counter() - t
print(f"major collection, 1M live: {t1:.2f} s; census (collection + view): {t2:.2f} s; with heap graph: {t3:.2f} s; live {len(v)}")
