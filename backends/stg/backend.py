"""``StgBackend``: runs Haskell programs (``.hs``) on the STG machine (core/backend.py's
protocol).

* ``load``: compiles the file with ``frontend.compile_program`` (``config.compile`` gives
  ``-fprof-auto*`` and ``-fprof-cafs``), builds the ``Machine`` (which registers every info
  table, cost centre and CAF stack in ``session.tables``) and attaches the collector model
  (``gc.StgHeapModel``) when a plugin listens to collections, copies, deaths or censuses.
* ``run``: runs ``main``; the exit status is 0 or a ``GuestRuntimeError`` is raised.
* ``shutdown``: every object still live dies (death rows), once.

Events: ``use`` rows for the entry of a thunk, function or PAP and for the case scrutiny of
a constructor (``-p stg.con_use=0`` leaves scrutiny out, as GHC whose tagged constructors
are never entered); ``update`` rows thunk -> BLACKHOLE on entry and BLACKHOLE -> IND on
update; ``death`` rows from the collector model or, without one, at shutdown.

What cost-centre profilers read at run end (via ``session.backend``), all indexed by
StackTable id and as long as ``session.tables.stacks``:

* ``ccs_entries``  -- list[int], SCC entry counts (GHC's ``scc_count``; the very list
  ``session.tables.stacks.entries``);
* ``ccs_ticks``    -- list[int], virtual timer ticks charged to the stack;
* ``ccs_alloc_bytes()`` -- numpy int64, bytes allocated (GHC sizes, no profiling header);
* ``total_ticks``, ``steps`` (machine transitions), ``clock`` (a ``VirtualClock`` at
  ``machine.UNITS_PER_SECOND`` = 1e8 transitions per second, tick = ``-V``, default 1 ms).
"""

from __future__ import annotations

import os
from typing import Any

from profkit.errors import UsageError

from . import ir
from .heap.heapobj import BLACKHOLE_SIZE
from .heap.remembered import RememberedPruner
from .machine import cafsrt
from .machine.engine import Machine

#: how often (in transitions) the machine asks whether the nursery is full when a collector
#: model is attached
GC_CHECK_STEPS = 4096
#: with collections only at censuses (``_only_censuses``), a major collection all the
#: same once this many nurseries were allocated since the last one: the header's rows of
#: the objects that died in between are compacted away (sort_heap -hc -i0.05, 4 censuses:
#: peak 300 MB without it, 200 MB with every collection)
CENSUS_ONLY_GAP = 16
#: header rows kept at most before ``Machine.forget_ids`` (when no id is read again)
FORGET_WINDOW = 1 << 16
#: ids in use before a major collection may compact the header (``StgHeapModel._compact``,
#: ``-p stg.compact_min=N``): small, so that a census's per-id work follows the live heap
COMPACT_MIN = 1 << 16


class StgBackend:
    name = "stg"

    def __init__(self, config: Any, path: str) -> None:
        self.config = config
        self.path = path
        self.machine: Machine | None = None
        self.gc: Any = None
        self.program: ir.Program | None = None
        self._shut = False
        self._next_census = 0
        self._census_only = 0
        self._srt: Any = None

    # ------------------------------------------------------------------ protocol
    def load(self, session: Any) -> None:
        from .frontend.pipeline import compile_program

        from profkit.errors import read_source

        source = read_source(self.path)  # UTF-8, a bad byte is file:line:col
        cf = self.config.compile
        program = compile_program(source, os.path.basename(self.path),
                                  prof_auto=cf.prof_auto, prof_cafs=cf.prof_cafs)
        self.load_program(session, program)
        from .heap.rts_heap import install
        install(self.machine, session)  # the GHC runtime's own heap (-p stg.runtime_heap=0)

    def load_program(self, session: Any, program: ir.Program) -> None:
        """Load an already compiled program (tests build IR by hand)."""
        session.word_bytes = 8
        self.program = program
        self.machine = Machine(program, session)
        from .frontend.readvalue import read_value
        self.machine.ns["read_value"] = read_value  # read#'s parser (the front end's lexer)
        # census sizes of blackholes and indirections: the update events' new size (GHC's
        # 2-word StgInd), not the thunk's allocated size (core.heap.CensusView)
        session.header.updated_size_words = BLACKHOLE_SIZE
        wants_gc = any(session.listens(h) for h in (
            "profkit_gc_start", "profkit_gc_end", "profkit_copy", "profkit_death",
            "profkit_census"))
        if wants_gc:
            self._attach_gc(session)
        elif self._compact_min() and session.can_renumber() and not session.wants_census \
                and not any(session.stager.wants[e] for e in ("use", "update", "copy", "death")):
            # no id is read after its alloc row: the header is emptied as it fills (a small
            # window: forgetting costs the same per row whatever its size, and a large one
            # only raises the peak)
            self.machine.forget_min = min(self._compact_min(), FORGET_WINDOW)

    def _compact_min(self) -> int:
        """The ``stg.compact_min`` option, or 0 if ``stg.compact`` turned compaction off."""
        opts = self.config.plugin_options
        if opts.get("stg.compact", "1") in ("0", "false", "no", "off", False, 0):
            return 0
        return max(1, int(opts.get("stg.compact_min", COMPACT_MIN)))

    def run(self, session: Any) -> int:
        assert self.machine is not None, "load() first"
        return self.machine.run()

    def shutdown(self, session: Any) -> None:
        if self._shut or self.machine is None:
            return
        self._shut = True
        if self.gc is not None:
            self.gc.kill_all()
        else:
            self.machine.kill_all()
        self.machine.after_session_call()

    # ------------------------------------------------------------------ collector
    def _attach_gc(self, session: Any) -> None:
        try:
            from .heap.gc import StgHeapModel
        except ImportError:  # the collector model is optional
            return
        m = self.machine
        rts = self.config.rts
        self.gc = StgHeapModel(session, m.gc_roots, nursery_bytes=rts.nursery_bytes,
                               generations=rts.generations)
        self.gc.split_roots_fn = m.gc_root_split
        self.gc.full_roots_fn = m.all_root_objects
        self.gc.compact_min = self._compact_min()
        self.gc.renumber_fn = m.renumber_ids
        self.gc.short_cut_fn = m.selectors_short_cut
        if self.config.plugin_options.get("stg.squeeze", "1") not in (
                "0", "false", "no", "off", False, 0):
            from .machine.squeeze import Squeeze
            sq = Squeeze(lambda: m.stack)  # GHC's stack squeeze at each pause
            self.gc.pause_fn, self.gc.census_hidden_fn = sq.pause, sq.hidden
        srt = cafsrt.build(m)
        if srt is not None:
            gc = self.gc
            gc.before_major = lambda: srt.begin(m, session.header, gc.dead)
            gc.caf_roots = srt.more
            gc.after_major = srt.end
        m.attach_collector(self._gc_check, self.gc.remember, GC_CHECK_STEPS,
                           selector=self.gc.select)
        #: -1: not decided yet (at the first check: the schemes' session_start hooks
        #: have run then); 0: every collection; 1: only censuses, before the first minor
        #: collection's place; 2: only censuses, after it
        self._census_only = -1
        self._srt = srt
        self._pruner = RememberedPruner()
        #: census-only mode: the young words at the place of the last collection left out
        #: (0 after a collection: the model's young words count from there)
        self._virtual = 0
        m.live_bytes_fn = lambda: (self.gc.old_words + self.gc.young_words()) * 8
        self._census_units = m.clock.units(rts.interval)
        self._next_census = self._census_units if session.wants_census else None
        if session.wants_census and self.config.plugin_options.get(
                "stg.malloc_tune", "1") not in ("0", "false", "no", "off", False, 0):
            from .heap import malloc_tune
            malloc_tune.tune()  # a census's large arrays reused, not mapped afresh

    def _only_censuses(self, session: Any, srt: Any) -> bool:
        """Whether the collections between censuses can be left out (option
        ``stg.census_only``, default on): a census's major collection finds the same live
        heap whatever collections came before it, unless a collection between changed
        what the machine or a later collection does. That is so when the session listens
        to no collection, copy or death (-hc, -hd, -hy, -hr: censuses only; a census's
        heap graph is the live heap's, from the edge rows or the object trace alike), no
        heap limit is checked (-M reads the model's live words), there are two
        generations (a census shows no other) and no code allocates a selector thunk (a
        collection short-cuts one: the machine then enters an indirection, not the
        selector). The CAFs a major collection drops (machine/cafsrt.py) depend on the
        machine's state and the live heap only, and once dropped a CAF stays dropped, so a
        census keeps the same ones whichever collections came before. A census then
        traces each object allocated since
        the last one once, if it is live, where minor collections traced every object
        that survived one of them (GHC's nursery: 1 MB), most of which die before the
        census; and no major collection runs between censuses.

        Deaths (-hb) are allowed when every scheme that reads them says a death may come
        at any collection up to the next census (``late_deaths``: the LDV scheme, whose
        death rows depend only on the dead object's own state, which nothing changes once
        it is dead). The hot rows are then still flushed where each collection would
        have flushed them (``_gc_check``): a use in the same flush as an update counts
        for the closure the update replaced."""
        opt = self.config.plugin_options.get("stg.census_only", "1")
        if opt in ("0", "false", "no", "off", False, 0) or not session.wants_census:
            return False
        if self.config.rts.generations > 2:
            return False
        if any(session.listens(h) for h in (
                "profkit_gc_start", "profkit_gc_end", "profkit_copy")):
            return False
        if session.stager.wants["copy"]:
            return False
        if not all(getattr(impl.plugin, "late_deaths", False) is True
                   for impl in session.pm.hook.profkit_death.get_hookimpls()):
            return False
        m = self.machine
        if m.max_heap_bytes is not None:
            return False
        from .heap.heapobj import LF
        return not any(type(v) is LF and v.sel is not None for v in m.ns.values())

    def _gc_check(self, steps: int) -> None:
        m = self.machine
        gc = self.gc
        session = m.session
        if self._census_only < 0:
            self._census_only = int(self._only_censuses(session, self._srt))
        if self._next_census is not None and steps >= self._next_census:
            while self._next_census <= steps:
                self._next_census += self._census_units
            view = gc.census(m.clock.seconds(steps))
            self._virtual = 0
            m.after_session_call()
            session.census(view)
        elif self._census_only:
            # where a collection would have been (the nursery full since the last one):
            # the hot rows are flushed there, as its start would have (a use after an
            # update in another flush is the new closure's: ldvu)
            young = gc.young_words()
            if young - self._virtual < gc.nursery_words:
                return
            self._pruner.prune(gc)  # (the remembered thunks only the list still holds)
            if young < CENSUS_ONLY_GAP * gc.nursery_words:
                self._virtual = young
                if gc.pause_fn is not None:
                    gc.pause_fn()  # GHC's threadPaused, as the collection's (squeeze.py)
                session.flush()
                if self._census_only == 1:
                    # the first one: its root listing numbers the SYSTEM stack
                    # (roots.py), as the collection would have
                    self._census_only = 2
                    m._system()
                m.after_session_call()
                return
            # a long way from the last census: a major collection (and the header's
            # compaction) keeps the rows of what died since bounded, as censuses would
            self._census_only = 2
            self._virtual = 0
            gc.collect(major=True)
        elif gc.young_words() >= gc.nursery_words:
            major = gc.old_words > gc.old_limit  # the model's own rule, decided here so
            m.minor_collection = not major  # that the machine can list only dirty roots
            try:
                gc.collect(major=major)
            finally:
                m.minor_collection = False
        else:
            return
        m.ns["NURSERY_START"] = gc.nursery_start
        m.after_session_call()

    # ------------------------------------------------------------------ profiling data
    @property
    def ccs_entries(self) -> list[int]:
        return self.machine.ccs_entries

    @property
    def ccs_ticks(self) -> list[int]:
        return self.machine.ccs_ticks

    def ccs_alloc_bytes(self) -> Any:
        return self.machine.ccs_alloc_bytes()

    @property
    def total_ticks(self) -> int:
        return self.machine.total_ticks

    def virtual_time(self) -> float:
        return self.machine.clock.seconds(self.machine.steps) if self.machine else 0.0

    @property
    def steps(self) -> int:
        return self.machine.steps

    @property
    def clock(self) -> Any:
        return self.machine.clock
