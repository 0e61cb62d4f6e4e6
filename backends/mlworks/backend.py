"""``MLWorksBackend``: SML source -> front end -> code generator -> the emulated machine.

``load`` compiles (``frontend.compile_sml``) and generates code for ``config.arch``
(``codegen_x86.generate`` for x86, the default), registering every code item as a cost
centre (label = the item's MLWorks name, module = the source file) pushed on MAIN, so a
tick's stack is the one-frame stack of the function the program counter is in. ``run``
maps the image and runs it (runtime.Machine); ``shutdown`` stages a death row for every
object still live.

Virtual time: 1e8 emulated instructions per second (runtime.UNITS_PER_SECOND); a tick every
``+RTS -V`` seconds (1 ms = 100000 instructions), a census every ``-i`` seconds, taken
after a full collection at the next GC point (MLWorks's ``gc_limit = gc_base`` trick makes
the next allocation enter the collector).
"""

from __future__ import annotations

import importlib
import os

from profkit.clock import VirtualClock
from profkit.errors import GuestRuntimeError, UsageError
from profkit.tables import CostCentre, StackTable

from .runtime import memory as M
from .runtime.arch import make_arch
from .runtime.machine import UNITS_PER_SECOND, Machine

CODEGENS = {"x86": "codegen.x86", "sparc": "codegen.sparc"}


def _space_profiler(machine, session, item_stack):
    """MLWorks space profiling (``--profile FILE`` with manner bit 4): patch and start."""
    cfg = session.config
    if not (cfg.profile_file and cfg.profile_manner & 4):
        return None
    from .profiling.spaceprof import SpaceProfiler

    prof = SpaceProfiler(machine, select=cfg.profile_select, overflow=cfg.profile_overflow,
                         session=session, item_stack=item_stack)
    prof.start()
    return prof


class MLWorksBackend:
    name = "mlworks"

    def __init__(self) -> None:
        self.image = None
        self.program = None
        self.machine: Machine | None = None
        self.item_stack: dict[int, int] = {}

    # ------------------------------------------------------------------ load
    def load(self, session) -> None:
        cfg = session.config
        from .frontend.pipeline import compile_sml

        try:
            with open(cfg.program, encoding="latin-1") as f:
                source = f.read()
        except OSError as e:
            raise UsageError(f"{cfg.program}: {e.strerror}") from None
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
        self.image = codegen.generate(self.program, M.STATIC)
        session.word_bytes = 4
        tables = session.tables
        module = os.path.basename(cfg.program)
        for it in self.image.items:
            cc = tables.ccs.intern(CostCentre(label=it.name, module=module, src=""))
            self.item_stack[it.offset] = tables.stacks.push(StackTable.MAIN, cc)

    # ------------------------------------------------------------------ run
    def run(self, session) -> int:
        cfg = session.config
        m = self.machine = Machine(
            self.image, creation_space=cfg.creation_space, generations=cfg.ml_generations,
            max_heap=cfg.rts.max_heap_bytes, stdout=session.stdout, session=session,
            max_steps=cfg.max_steps, source_file=cfg.program, arch=make_arch(cfg.arch))
        if m.tracker is not None:
            m.tracker.item_stack = self.item_stack  # census graphs name functions
        clock = VirtualClock(UNITS_PER_SECOND, cfg.rts.tick_interval)
        ticks = session.listens("profkit_tick")
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

        def on_slice(pc: int) -> None:
            if ticks:
                it = m.item_at(pc)
                stack = item_stack.get(it.offset, StackTable.MAIN) if it else StackTable.MAIN
                session.tick(m.vtime(), stack)
            if census and m.instructions >= next_census[0]:
                while next_census[0] <= m.instructions:
                    next_census[0] += census_units
                m.census_due = True
                m._arm()

        prof = self.spaceprof = _space_profiler(m, session, self.item_stack)  # spaceprof.py
        ok = False
        try:
            status = m.run(slice_units=slice_units, on_slice=on_slice)
            ok = True
            return status
        except GuestRuntimeError:
            ok = True  # an uncaught ML exception: the machine is still consistent
            raise
        finally:
            if prof is not None:
                prof.end(collect=ok)
            session.stdout.flush()

    # ------------------------------------------------------------------ shutdown
    def virtual_time(self) -> float:
        return self.machine.vtime() if self.machine is not None else 0.0

    def shutdown(self, session) -> None:
        m = self.machine
        if m is None or m.tracker is None:
            return
        m.tracker.kill_all(m.gc, m.slot(M.SLOT_GC_BASE))
