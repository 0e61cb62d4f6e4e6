"""``MLWorksBackend``: SML source -> front end -> code generator -> the emulated machine.

``load`` compiles (``frontend.compile_sml``) and generates code for ``config.arch``
(``codegen_x86.generate`` for x86, the default), registering every code item as a cost
centre (label = the item's MLWorks name, module = the source file) pushed on MAIN, so a
tick's stack is the one-frame stack of the function the program counter is in. ``run``
maps the image and runs it (runtime.Machine); ``shutdown`` stages a death row for every
object still live.

Issue 11 (every scheme means the same on both runtimes):

* **producers**: ``-hc``, ``-hm``, ``-hr``, ``-p``'s %alloc and restrictions by producer turn
  on MLWorks's space-profiling patches by themselves (``needs_producers``), so heap
  objects are labelled with the allocating function exactly as the space report counts
  them; ``producers_note`` says so (the schemes print it in their notes);
* **calls and uses**: when ``-p``/``-P``/``-pj`` or manner bit 1 (calls) or a biography
  (``-hb``...) is selected, an ``profiling.instrument.Instrumentation`` is passed to the
  code generator (when it accepts one), whose code then counts entries and records uses in
  guest memory; the tracker folds the use table into ``last_use`` at every collection;
* **names** (issue 15): with ``-hd``/``-hy`` (or their restrictions, or a scheme declaring
  ``needs_info_names``) the instrumentation also stores each inline allocation's site
  number in the site table, and the tracker gives the objects the site's info: bands are
  named by constructor, tuple, record, closure (``codegen/hooks.py`` ``alloc_name``);
* **stacks**: with ``-p`` or manner bit 2 (time) each tick scans the emulated stack
  (``profiling.stackscan``): ticks carry full call stacks, the exact call counts are shared
  onto them as entries, and MLWorks's time statistics feed the time report; with ``-p``
  the stack is also scanned at each function's first entry, so a function no tick catches
  still sits under its caller in the call tree.

Virtual time: 1e8 emulated instructions per second (runtime.UNITS_PER_SECOND); a tick every
``+RTS -V`` seconds (1 ms = 100000 instructions), a census every ``-i`` seconds, taken
after a full collection at the next GC point (MLWorks's ``gc_limit = gc_base`` trick makes
the next allocation enter the collector).
"""

from __future__ import annotations

import importlib
import os
import re
import sys

from profkit.clock import VirtualClock
from profkit.errors import GuestRuntimeError, SourceError, UsageError
from profkit.tables import CostCentre, StackTable

from .codegen.common import CodegenLimit
from .runtime import memory as M
from .runtime.arch import make_arch
from .runtime.machine import UNITS_PER_SECOND, Machine

CODEGENS = {"x86": "codegen.x86", "sparc": "codegen.sparc"}


def needs_producers(cfg) -> bool:
    """A scheme that names objects by their producer is selected: ``-hc``/``-hm``/``-hr``
    (also next to ``-hb``), ``-p``'s %alloc, or a restriction by producer."""
    heap = cfg.rts.heap
    return bool(cfg.rts.prof or heap.breakdown in ("c", "m", "r") or heap.retainer
                or any(k in heap.restrict for k in ("c", "C", "m"))
                or (heap.restrict.get("b") and heap.breakdown is None))


def needs_calls(cfg) -> bool:
    return bool(cfg.rts.prof or (cfg.profile_file and cfg.profile_manner & 1))


def needs_uses(cfg, session=None) -> bool:
    """The code records uses (and the header keeps ``last_use``): for ``-hb`` and its
    restrictions, or when a registered plugin reads last use (``Session.reads_last_use``:
    the same rule as the STG machine's)."""
    from profkit.plugins import ldvu

    if ldvu.selected(cfg):
        return True
    reads = getattr(session, "reads_last_use", None)
    return bool(reads is not None and reads())


def needs_names(cfg, session=None) -> bool:
    """A scheme names objects by what they are: ``-hd``/``-hy`` (also as restrictions next
    to another breakdown), or a registered plugin or scheme with ``needs_info_names``
    (``profkit.scheme.Scheme``)."""
    heap = cfg.rts.heap
    if heap.breakdown in ("d", "y") or any(k in heap.restrict for k in ("d", "y")):
        return True
    pm = getattr(session, "pm", None)
    # (list_name_plugin, not get_plugins: that builds a set, and plugins may be unhashable)
    return pm is not None and any(getattr(p, "needs_info_names", False) is True
                                  for _name, p in pm.list_name_plugin() if p is not None)


def needs_stacks(cfg) -> bool:
    return bool(cfg.rts.prof or (cfg.profile_file and cfg.profile_manner & 2))


PRODUCERS_NOTE = ("producers recorded by MLWorks's space-profiling patches, turned on for "
                  "this profile")


def _space_profiler(machine, session, item_stack):
    """MLWorks space profiling (``--profile FILE`` with manner bit 4), or allocation
    recording for a scheme that needs producers: patch and start."""
    cfg = session.config
    explicit = bool(cfg.profile_file and cfg.profile_manner & 4)
    if not (explicit or needs_producers(cfg)):
        return None
    from .profiling.spaceprof import SpaceProfiler

    prof = SpaceProfiler(machine, select=cfg.profile_select if cfg.profile_file else None,
                         overflow=cfg.profile_overflow, session=session,
                         item_stack=item_stack)
    prof.auto = not explicit
    prof.start()
    return prof


#: recursion room for code generation (Python frames, about 4 per nested IR node): a list
#: literal of 20,000 elements compiles (Python 3.11's calls between Python functions do not
#: use the C stack)
CODEGEN_RECURSION_LIMIT = 100000


class MLWorksBackend:
    name = "mlworks"

    def __init__(self) -> None:
        self.image = None
        self.program = None
        self.machine: Machine | None = None
        self.item_stack: dict[int, int] = {}
        self.instrumentation = None  # profiling.instrument.Instrumentation, if code has it
        self.call_counts = None  # profiling.instrument.CallCounts after run
        self.scanner = None  # profiling.stackscan.StackScanner with -p / manner bit 2
        self.spaceprof = None
        self.producers_note: str | None = None
        self.names = False  # allocation sites name their objects (needs_names)

    # ------------------------------------------------------------------ load
    def load(self, session) -> None:
        cfg = session.config
        from .frontend.pipeline import compile_sml

        from profkit.errors import read_source

        # checked as UTF-8 (a bad byte is file:line:col), compiled as its bytes: an SML
        # string literal is the source's bytes, as Poly/ML and MLWorks read them
        source = read_source(cfg.program).encode("utf-8").decode("latin-1")
        self.program = compile_sml(source, cfg.program)
        arch = cfg.arch or "x86"
        modname = CODEGENS.get(arch)
        try:
            codegen = importlib.import_module(f"{__package__}.{modname}")
        except ImportError:
            raise UsageError(f"--arch {arch}: no code generator for this architecture "
                             "yet") from None
        try:
            self.arch = make_arch(arch)
        except (KeyError, ImportError):
            raise UsageError(f"--arch {arch}: the runtime has no support for this "
                             "architecture yet") from None
        self.names = needs_names(cfg, session)
        # the code generator recurses over the IR, which nests where the source does not: a
        # list literal of n elements is n nested conses. Give it the front end's room.
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, CODEGEN_RECURSION_LIMIT))
        try:
            self.image = self._generate(codegen, cfg, arch, session)
        except RecursionError:
            raise SourceError("program is nested too deeply for the code generator (a list "
                              "literal or expression of thousands of levels)", cfg.program,
                              1, 1) from None
        except CodegenLimit as e:
            # code items are named `f[file:line,col]`: point at the item's source
            m = re.search(r"\[[^\[\]]*:(\d+),(\d+)\]$", e.item_name)
            line, col = (int(m.group(1)), int(m.group(2))) if m else (e.line or 1, 1)
            name = re.sub(r"\[[^\[\]]*\]$", "", e.item_name)
            raise SourceError(f"{name}: {e.message}", cfg.program, line, col) from None
        finally:
            sys.setrecursionlimit(old_limit)
        session.word_bytes = 4
        tables = session.tables
        module = os.path.basename(cfg.program)
        self.item_cc: list[int] = []
        for it in self.image.items:
            cc = tables.ccs.intern(CostCentre(label=it.name, module=module, src=""))
            self.item_cc.append(cc)
            self.item_stack[it.offset] = tables.stacks.push(StackTable.MAIN, cc)

    def _generate(self, codegen, cfg, arch: str, session=None):
        """Generate code, instrumented for call counting / use recording / allocation-site
        naming when a scheme needs them and the code generator takes an
        ``instrumentation`` (the walker)."""
        import inspect

        calls, uses, names = needs_calls(cfg), needs_uses(cfg, session), self.names
        gen = codegen.generate
        if (calls or uses or names) and "instrumentation" in inspect.signature(gen).parameters:
            from .profiling.instrument import Instrumentation

            inst = Instrumentation(arch, calls=calls, uses=uses, names=names)
            image = gen(self.program, M.STATIC, instrumentation=inst)
            self.instrumentation = inst
            return image
        return gen(self.program, M.STATIC)

    # ------------------------------------------------------------------ run
    def run(self, session) -> int:
        cfg = session.config
        m = self.machine = Machine(
            self.image, creation_space=cfg.creation_space, generations=cfg.ml_generations,
            max_heap=cfg.rts.max_heap_bytes, stdout=session.stdout, session=session,
            max_steps=cfg.max_steps, source_file=cfg.program, arch=make_arch(cfg.arch))
        if m.tracker is not None:
            m.tracker.item_stack = self.item_stack  # census graphs name functions
        inst = self.instrumentation
        if inst is not None:
            from .profiling import instrument as I

            I.map_areas(m, calls=inst.calls, uses=inst.uses, names=inst.names)
            if inst.calls:
                self.call_counts = I.CallCounts(m, inst.items)
            if inst.uses and m.tracker is not None:
                m.tracker.use_table = I.UseTable(m)
            if inst.names and m.tracker is not None:
                m.tracker.site_table = I.SiteTable(m, inst.site_names)
        clock = VirtualClock(UNITS_PER_SECOND, cfg.rts.tick_interval)
        scanner = None
        if needs_stacks(cfg):
            from .profiling.stackscan import StackScanner

            time_prof = bool(cfg.profile_file and cfg.profile_manner & 2)
            scanner = self.scanner = StackScanner(
                m, session.tables, self.item_cc, time_depth=(cfg.profile_manner >> 16) & 15,
                stats=time_prof)
            if cfg.rts.prof:  # every function called gets the stack of its first call
                scanner.watch_first_entries()
        ticks = session.listens("profkit_tick") or scanner is not None
        census = session.wants_census
        census_units = max(1, round(cfg.rts.interval * UNITS_PER_SECOND))
        slices = []
        if ticks:
            slices.append(clock.units_per_tick)
        if census:
            slices.append(census_units)
        if cfg.max_steps is not None:
            slices.append(min(cfg.max_steps, 10_000_000))
        slice_units = min(slices) if slices else 0
        next_census = [census_units]
        item_stack = self.item_stack

        prof_box: list = [None]

        def take_tops() -> None:
            prof = prof_box[0]
            if prof is not None and scanner.last_top:
                # allocation producers: the latest stack of each allocating item
                for i, s_ in scanner.last_top.items():
                    prof.stack_of_func[i] = s_
            scanner.last_top = {}

        if scanner is not None:
            scanner.on_first_entry = take_tops

        def on_slice(pc: int) -> None:
            if ticks:
                if scanner is not None:
                    scanner.flush_first_entries()
                    stack = scanner.scan(pc)
                    take_tops()
                else:
                    it = m.item_at(pc)
                    stack = item_stack.get(it.offset, StackTable.MAIN) if it else \
                        StackTable.MAIN
                session.tick(m.vtime(), stack)
            if census and m.instructions >= next_census[0]:
                while next_census[0] <= m.instructions:
                    next_census[0] += census_units
                m.census_due = True
                m._arm()

        prof = self.spaceprof = _space_profiler(m, session, self.item_stack)  # spaceprof.py
        prof_box[0] = prof
        if prof is not None and getattr(prof, "auto", False):
            self.producers_note = PRODUCERS_NOTE
        ok = False
        try:
            status = m.run(slice_units=slice_units, on_slice=on_slice)
            ok = True
            return status
        except GuestRuntimeError:
            ok = True  # an uncaught ML exception: the machine is still consistent
            raise
        finally:
            #: collections per generation made by the program itself (the space profiler's
            #: end adds one more to flush its records, as MLWorks's profile end did)
            self.run_collections = list(m.gc.collections)
            if prof is not None:
                session.profiler_collection = True
                try:
                    prof.end(collect=ok)
                finally:
                    session.profiler_collection = False
            self._finish_counts(session)
            session.stdout.flush()

    def _finish_counts(self, session) -> None:
        """Exact call counts -> StackTable entries (shared onto the scanned stacks)."""
        if self.call_counts is None or not session.config.rts.prof:
            return
        from .profiling.entries import share_entries

        counts = self.item_counts()
        fallback = [self.item_stack[it.offset] for it in self.image.items]
        weight = self.scanner.weight if self.scanner is not None else {}
        seen = self.scanner.seen if self.scanner is not None else set()
        share_entries(session.tables.stacks, self.item_cc, counts, weight, fallback, seen)

    def item_counts(self):
        """Calls per image item (image order); None when the code does not count."""
        import numpy as np

        if self.call_counts is None:
            return None
        by = self.call_counts.by_name()
        return np.array([by.get(it.name, 0) for it in self.image.items], dtype=np.int64)

    def mlworks_time_profile(self):
        """What MLWorks's time report needs (plugins/mlworks_space.py): item names, call
        counts (None: not call-counted), the scanner's TimeStats (None: no time profile)."""
        stats = self.scanner.stats if self.scanner is not None else None
        names = [it.name for it in self.image.items] if self.image is not None else []
        return names, self.item_counts(), stats

    # ------------------------------------------------------------------ shutdown
    def virtual_time(self) -> float:
        return self.machine.vtime() if self.machine is not None else 0.0

    def shutdown(self, session) -> None:
        m = self.machine
        if m is None or m.tracker is None:
            return
        m.tracker.kill_all(m.gc, m.slot(M.SLOT_GC_BASE))
