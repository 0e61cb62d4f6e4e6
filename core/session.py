"""The session: one profiled run. It owns the plugin manager, the tables, the profiling header
and the staging arrays, and it is the typed facade backends use to emit events.

Built-in schemes and third-party ones are found the same way: every module registered under
the ``profkit`` entry-point group (and any module passed in ``plugins``) is a plugin; on
``profkit_add_schemes`` each returns the scheme objects the options select, and only those
are instantiated and registered.
"""

from __future__ import annotations

import sys
from typing import Any, Iterable, TextIO

import pluggy

from . import hookspecs
from .events import HOT_EVENTS, Stager
from .header import ProfHeader
from .heap import CensusView
from .isolation import PluginGuard
from .options import Config
from .tables import Tables

ENTRY_POINT_GROUP = "profkit"


def make_plugin_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("profkit")
    pm.add_hookspecs(hookspecs)
    return pm


class Session:
    """One run of one program under a set of profiling schemes."""

    def __init__(
        self,
        config: Config,
        plugins: Iterable[Any] = (),
        *,
        load_entrypoints: bool = True,
        stdout: TextIO | None = None,
        isolate: bool = True,
    ) -> None:
        self.config = config
        self.stdout = stdout if stdout is not None else sys.stdout
        self.pm = make_plugin_manager()
        #: third-party plugins that failed are reported and dropped (``isolate=False``, as
        #: in ``EventScript``, lets their exceptions through to the caller instead)
        self.guard = PluginGuard(self.pm)
        for name in config.disabled_plugins:
            self.pm.set_blocked(name)
        if load_entrypoints:
            self.guard.load_entrypoints(ENTRY_POINT_GROUP)
        for p in plugins:
            self.pm.register(p)
        self.pm.check_pending()
        if isolate:
            self.guard.guard_all()
        self.hook = self.pm.hook
        self.hook.profkit_configure(config=config)
        self.schemes: list[Any] = []
        for group in self.hook.profkit_add_schemes(config=config):
            for scheme in group or ():
                self.pm.register(scheme)
                self.schemes.append(scheme)
        self.pm.check_pending()
        if isolate:
            self.guard.guard_all()
        self.tables = Tables()
        self.header = ProfHeader()
        self.stager = Stager({e: self.listens(f"profkit_{e}") for e in HOT_EVENTS})
        self._alloc_flushed = 0
        #: LDV era: census number + 1 (objects created before the first census have era 1)
        self.era = 1
        #: set by a scheme (at session start) that needs ``census.graph``
        self.needs_graph = False
        #: True while the backend collects for a profiler's own bookkeeping, not for the
        #: program (the MLWorks space profiler's flush at the end of the run): a scheme
        #: counting the program's collections (gcstats) leaves such a collection out
        self.profiler_collection = False
        #: bytes in one header ``size_words`` unit (8 for STG, 4 for MLWorks)
        self.word_bytes = 8
        self.backend: Any = None
        self.finished = False

    # ------------------------------------------------------------------ questions
    def listens(self, hookname: str) -> bool:
        """True if some registered plugin implements ``hookname``."""
        return bool(getattr(self.pm.hook, hookname).get_hookimpls())

    #: hooks whose rows carry, or whose implementers read, an object's last use
    USE_HOOKS = ("profkit_use", "profkit_update", "profkit_death")

    def reads_last_use(self) -> bool:
        """True if some plugin reads objects' last use: it implements one of ``USE_HOOKS``
        or has a true ``needs_last_use`` attribute (a census or collection scheme reading
        ``census.col("last_use")``). Backends keep last use only then: the STG machine's
        writes at every entry and scrutiny, the MLWorks code's use recording."""
        if any(self.listens(h) for h in self.USE_HOOKS):
            return True
        # (list_name_plugin, not get_plugins: that builds a set, and a scheme object may
        # be unhashable, a dataclass for instance)
        return any(getattr(p, "needs_last_use", False) is True
                   for _name, p in self.pm.list_name_plugin() if p is not None)

    def can_renumber(self) -> bool:
        """True if every plugin that keeps per-object state (implements a hot per-object
        hook) also implements ``profkit_renumber``: then the backend may compact ids."""
        hook = self.pm.hook
        holders = {impl.plugin_name for e in HOT_EVENTS
                   for impl in getattr(hook, f"profkit_{e}").get_hookimpls()}
        renumber = {impl.plugin_name for impl in hook.profkit_renumber.get_hookimpls()}
        return holders <= renumber

    def renumber(self, kept: Any) -> None:
        """The backend compacts its header to the rows ``kept`` (sorted old ids, see
        ``hookspecs.profkit_renumber``): staged rows are flushed first (they name old
        ids), then the header and every scheme renumber."""
        self.flush()
        self.header.compact(kept)
        self._alloc_flushed = len(self.header)
        self.hook.profkit_renumber(session=self, kept=kept)

    @property
    def time(self) -> float:
        """Virtual seconds since the start as the backend's clock reads now (0.0 before a
        backend exists or if it keeps no clock): the time of a report's final sample."""
        vt = getattr(self.backend, "virtual_time", None)
        return float(vt()) if callable(vt) else 0.0

    @property
    def wants_census(self) -> bool:
        return self.listens("profkit_census")

    # ------------------------------------------------------------------ emitting
    def flush(self) -> None:
        """Deliver staged hot events, in the order alloc, use, update, copy, death."""
        hook = self.hook
        if self.stager.wants["alloc"]:
            n = len(self.header)
            if n > self._alloc_flushed:
                batch = self.header.alloc_batch(self._alloc_flushed, n)
                self._alloc_flushed = n
                hook.profkit_alloc(session=self, batch=batch)
        for event in HOT_EVENTS[1:]:
            if self.stager.wants[event]:
                batch = self.stager.take(event)
                if batch is not None:
                    getattr(hook, f"profkit_{event}")(session=self, batch=batch)

    def session_start(self) -> None:
        self.hook.profkit_session_start(session=self)

    def gc_start(self, generation: int, major: bool) -> None:
        self.flush()
        self.hook.profkit_gc_start(session=self, generation=generation, major=major)

    def gc_end(self, generation: int, major: bool) -> None:
        self.flush()
        self.hook.profkit_gc_end(session=self, generation=generation, major=major)

    def census(self, view: CensusView) -> None:
        """Deliver a census and advance the LDV era."""
        self.flush()
        self.hook.profkit_census(session=self, census=view)
        self.era += 1
        self.header.era_advanced(self.era)

    def tick(self, time: float, stack: int) -> None:
        self.flush()
        self.hook.profkit_tick(session=self, time=time, stack=stack)

    def run_end(self) -> None:
        self.flush()
        self.hook.profkit_run_end(session=self)

    def finish(self, exitstatus: int) -> None:
        """Write every report (also after a failed run); idempotent."""
        if self.finished:
            return
        self.finished = True
        self.hook.profkit_session_finish(session=self, exitstatus=exitstatus)
