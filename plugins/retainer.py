"""Retainer profiling (``+RTS -hr``, ``-R<n>``, ``-hr<cc>`` and ``-hc<cc>``-style restrictions).

At each census the retainer set of every live object is computed over the census's heap graph
(``retainer_traverse``, the seed's algorithm parameterised by the backend's roots, R() =
``HeapGraph.identity``/``root_identity`` and isRetainer() = ``HeapGraph.is_retainer``), and the
cost of the objects (``size_words * word_bytes``) is summed per set. Objects left out by the
restrictions (``bands.heap_mask``: ``-hc -hC -hm -hd -hy``, and thread stacks without ``-xt``)
are not costed; the traversal still sees the whole heap. Objects not reachable from the roots
have no retainer set and no cost (the seed's "total costs" are the reachable heap).

Output, as GHC 9.0.2 writes it (shared/reference/ghc-9.0.2/FINDINGS.md §4), except where §5
lists GHC defects:

* ``<prog>.hp``: one sample per census; band ``(id)label,label,...`` = the labels of the top
  cost centre of each retainer stack (MAIN's is ``MAIN``), in GHC's element order (CAF stacks,
  then built-in stacks such as SYSTEM and MAIN, then stacks pushed at run time; by stack id
  within each group), the whole name hard-cut to ``-L`` characters; the MANY set is ``MANY``.
  Set ids are **stable** for the whole run (GHC renumbers per census).
* ``<prog>.prof``: a block per census (``Retainer Profiling: N, at T seconds``, the maximum
  size of profkit's work list, the average number of visits per object as the seed's
  algorithm counts them, and, as the seed's report has them, the total cost and the number
  of retainer sets created so far), then ``Retainer sets created during profiling:`` with
  ``SET n = {<Module.label,...>, ...}`` for **every** set that had a cost in some census
  (GHC lists only the last census's). MAIN's stack prints as ``<>``, as in GHC.

File names: ``.hp`` belongs to the retainer profile when ``-hr`` is the break-down or comes
with ``-hb`` (whose profile then goes to ``<prog>.hb.hp``); next to another break-down
(``-hr -hc``: the ``-hc`` profile owns ``.hp``) it is ``<prog>.hr.hp``.

``.prof`` with ``-p``: GHC's order is census blocks, the ``-p`` report, then the SET list. A
``.prof`` writer calls ``claim_prof_sections(session)`` to get ``(head, tail)`` and writes
``head + report + tail``; if none claims them by the end of the run, this scheme writes its
part to ``<prog>.retainers`` instead of overwriting the ``-p`` report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from profkit.hookspecs import hookimpl
from profkit.plugin_options import PluginOptions
from profkit.plugins import bands
from profkit.plugins.heapprof import final_time as heap_final_time
from profkit.plugins.hpfile import HpWriter
from profkit.plugins.retainer_sets import EMPTY, MANY, RetainerSets
from profkit.plugins.retainer_traverse import compute_retainer_sets

if TYPE_CHECKING:
    from profkit.heap import CensusView
    from profkit.options import Config
    from profkit.session import Session
    from profkit.tables import Tables

BUILTIN_MODULES = frozenset({"MAIN", "SYSTEM"})


def job_string(config: Config) -> str:
    """GHC's JOB: program, its arguments, ``+RTS`` and the RTS flags, without ``-RTS``."""
    words = [config.program_name, *config.program_args]
    if config.rts.args:
        words += ["+RTS", *config.rts.args]
    return " ".join(words)


def final_time(session: Any, seen: float) -> float:
    """The run's end time, by the same rule as the heap profile's final sample."""
    return heap_final_time(session, seen)


# ----------------------------------------------------------------------------- naming


def element_key(tables: Tables, stack: int) -> tuple[int, int]:
    """GHC prints a set's elements in address order of their cost-centre stacks: the static
    CAF stacks of the libraries, then the RTS's static stacks (SYSTEM, MAIN), then stacks
    allocated at run time. profkit reproduces that grouping, by stack id within a group."""
    if stack < 0:
        return (1, stack)
    st = tables.stacks
    if stack == st.MAIN:
        return (1, stack)
    cc = tables.ccs[st.cc[stack]]
    if st.depth[stack] == 1:
        if cc.is_caf or cc.label == "CAF":
            return (0, stack)
        if cc.module in BUILTIN_MODULES:
            return (1, stack)
    return (2, stack)


def ordered_members(sets: RetainerSets, tables: Tables, sid: int) -> list[int]:
    return sorted(sets.members(sid), key=lambda s: element_key(tables, s))


def top_label(tables: Tables, stack: int) -> str:
    if stack < 0:
        return "SYSTEM"
    return tables.ccs[tables.stacks.cc[stack]].label


def band_name(sets: RetainerSets, tables: Tables, sid: int, label_length: int) -> str:
    """``(id)label,label`` hard-cut to ``label_length`` characters (id included, no ``...``)."""
    if sid == MANY:
        return "MANY"
    labels = ",".join(top_label(tables, s) for s in ordered_members(sets, tables, sid))
    return f"({sid}){labels}"[:label_length]


def stack_text(tables: Tables, stack: int) -> str:
    """``<Module.label,Module.label,...>``, innermost first, MAIN left out (``<>`` for MAIN)."""
    if stack < 0:
        return "<SYSTEM.SYSTEM>"
    parts = []
    for cc_id in tables.stacks.frames(stack):
        cc = tables.ccs[cc_id]
        parts.append(f"{cc.module}.{cc.label}")
    return "<" + ",".join(parts) + ">"


def set_listing_line(sets: RetainerSets, tables: Tables, sid: int) -> str:
    items = ", ".join(stack_text(tables, s) for s in ordered_members(sets, tables, sid))
    return f"SET {sid} = {{{items}}}"


# ----------------------------------------------------------------------------- scheme


@dataclass
class CensusRecord:
    number: int
    time: float
    max_stack: int
    average_visits: float
    total_cost: int
    n_sets: int
    costs: dict[int, int] = field(default_factory=dict)  # set id -> bytes (non-zero only)


class RetainerProfile:
    """The ``-hr`` scheme."""

    name = "retainer"

    def __init__(self, config: Config) -> None:
        self.config = config
        self.rts = config.rts
        heap = config.rts.heap
        #: ``-hr -hb<bio,...>`` (profkit extension, issue 11): the retainer sets of the heap
        #: whose biography turns out to be one of those. This scheme still traverses and
        #: lists the sets; the biographical scheme (ldvu) classifies each census's objects
        #: at the end of the run and writes the ``.hp`` from ``census_sets``.
        self.bio_restricted = bool(heap.restrict.get("b"))
        #: (era, set id per census object, counted mask) of the latest census
        self.census_sets: tuple[int, np.ndarray, np.ndarray] | None = None
        self.sets = RetainerSets(config.rts.max_retainer_set)
        self.records: list[CensusRecord] = []
        self.names: dict[int, str] = {}  # set id -> band name (memo)
        self.order: dict[int, int] = {}  # set id -> first appearance
        self.last_time = 0.0
        self.hp_path = config.output_path(
            ".hp" if heap.breakdown in (None, "r", "b") else ".hr.hp")
        self.head = ""
        self.tail = ""
        self.claimed = False
        self.tables: Tables | None = None
        #: the .hp written as the run goes (a sample flushed per census, as -hc does), so a
        #: killed run leaves a valid prefix; None with -hb<bio> (ldvu writes that .hp)
        self.writer: HpWriter | None = None

    # ---------------------------------------------------------------- hooks
    @hookimpl
    def profkit_session_start(self, session: Session) -> None:
        session.needs_graph = True
        self.tables = session.tables
        self._open()

    @hookimpl
    def profkit_census(self, session: Session, census: CensusView) -> None:
        self.tables = census.tables
        graph = census.graph
        n = len(census)
        if graph is None:
            node_set = np.zeros(n, dtype=np.int32)
            max_stack, avg = 0, 0.0
        else:
            node_set, stats = compute_retainer_sets(graph, self.sets)
            max_stack, avg = stats.max_stack, stats.average_visits
        mask = bands.heap_mask(census, self.rts) & (node_set != EMPTY)
        wanted = self.rts.heap.restrict.get("r")
        if wanted:
            mask &= self._sets_matching(frozenset(wanted))[node_set]
        self.census_sets = (int(census.era), node_set, mask)
        per_set = np.bincount(node_set[mask], weights=census.col("size_bytes")[mask],
                              minlength=len(self.sets.elements))
        per_set = np.rint(per_set).astype(np.int64)
        ids = np.flatnonzero(per_set)
        costs = {int(i): int(per_set[i]) for i in ids}
        for sid in costs:
            self.order.setdefault(sid, len(self.order))
        self.records.append(CensusRecord(
            number=len(self.records), time=float(census.time), max_stack=max_stack,
            average_visits=avg, total_cost=int(per_set.sum()), n_sets=len(self.sets),
            costs=costs))
        self.last_time = max(self.last_time, float(census.time))
        if self.bio_restricted:
            return
        if self.writer is None:
            self._open()
        assert self.writer is not None
        ids_in_order = sorted(costs, key=self.order.__getitem__)
        self.writer.sample(census.time, [(self.band(i), costs[i]) for i in ids_in_order])

    @hookimpl
    def profkit_tick(self, time: float) -> None:
        self.last_time = max(self.last_time, float(time))

    @hookimpl
    def profkit_run_end(self, session: Session) -> None:
        self.tables = session.tables
        self.head, self.tail = self.prof_sections()

    @hookimpl(trylast=True)
    def profkit_session_finish(self, session: Session, exitstatus: int) -> None:
        if not self.head and not self.tail:
            self.tables = session.tables
            self.head, self.tail = self.prof_sections()
        if not self.bio_restricted:  # (else ldvu writes the restricted .hp)
            self.write_hp(final_time(session, self.last_time))
        if self.rts.prof is None:
            path = self.config.output_path(".prof")
        elif not self.claimed:
            path = self.config.output_path(".retainers")
        else:
            return
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(self.head + self.tail)

    # ---------------------------------------------------------------- output
    def band(self, sid: int) -> str:
        name = self.names.get(sid)
        if name is None:
            assert self.tables is not None
            name = self.names[sid] = band_name(self.sets, self.tables, sid,
                                               self.rts.label_length)
        return name

    def samples(self) -> list[tuple[float, list[tuple[str, int]]]]:
        """``(time, [(band, bytes), ...])`` per census, bands in first-appearance order."""
        out = []
        for r in self.records:
            ids = sorted(r.costs, key=self.order.__getitem__)
            out.append((r.time, [(self.band(i), r.costs[i]) for i in ids]))
        return out

    def _open(self) -> None:
        if not self.bio_restricted and self.writer is None:
            self.writer = HpWriter(self.hp_path, job_string(self.config))

    def write_hp(self, end_time: float) -> None:
        """Finish the ``.hp``: its samples were written census by census; this writes the
        empty last sample (or, if the file was never opened, the whole file)."""
        if self.writer is not None:
            self.writer.close(max(end_time, self.writer.last_time))
            return
        writer = HpWriter(self.hp_path, job_string(self.config))
        try:
            for time, rows in self.samples():
                writer.sample(time, rows)
        finally:
            writer.close(max(end_time, writer.last_time))

    def prof_sections(self) -> tuple[str, str]:
        """``(head, tail)`` of the ``.prof`` file: the census blocks, and the SET listing
        (starting with its blank line)."""
        head = []
        for r in self.records:
            head.append(
                f"Retainer Profiling: {r.number}, at {r.time:f} seconds\n"
                f"\tMax auxiliary stack size = {r.max_stack}\n"
                f"\tAverage number of visits per object = {r.average_visits:f}\n"
                f"\tCurrent total costs = {r.total_cost}\n"
                f"\tNumber of retainer sets = {r.n_sets}\n"
            )
        appeared = sorted({sid for r in self.records for sid in r.costs if sid != MANY})
        tail = ["\nRetainer sets created during profiling:\n"]
        if self.tables is not None:
            tail += [set_listing_line(self.sets, self.tables, sid) + "\n" for sid in appeared]
        return "".join(head), "".join(tail)

    def _sets_matching(self, labels: frozenset) -> np.ndarray:
        """``lut[set id]``: the set holds a retainer whose top cost centre is in ``labels``
        (``-hr<cc>``; MANY matches, as it may hold anything)."""
        assert self.tables is not None
        lut = np.zeros(len(self.sets.elements), dtype=bool)
        lut[MANY] = True
        for sid in self.sets.ids():
            lut[sid] = any(top_label(self.tables, s) in labels for s in self.sets.members(sid))
        return lut


def claim_prof_sections(session: Session) -> tuple[str, str] | None:
    """For a ``.prof`` writer running with ``-hr``: ``(head, tail)`` to write around its own
    report (GHC's order), or None when no retainer profile is running. Call it in
    ``profkit_session_finish``; the retainer scheme then writes no file of its own."""
    for scheme in getattr(session, "schemes", ()):
        if isinstance(scheme, RetainerProfile):
            if not scheme.head and not scheme.tail:
                scheme.tables = session.tables
                scheme.head, scheme.tail = scheme.prof_sections()
            scheme.claimed = True
            return scheme.head, scheme.tail
    return None


def selected(config: Config) -> bool:
    heap = config.rts.heap
    return heap.breakdown == "r" or heap.retainer


# Its options (``profkit schemes``): only the implicit ``enable``; ``-p retainer.enable=0``
# turns the scheme off even when its flags select it.
PROFKIT_OPTIONS = PluginOptions(
    "retainer", help="retainer profile (+RTS -hr)")


@hookimpl
def profkit_add_schemes(config: Config) -> list[Any] | None:
    if selected(config):
        return [RetainerProfile(config)]
    return None
