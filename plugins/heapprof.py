"""Heap profile by producer, module, description, type or closure type (``+RTS -hc -hm -hd
-hy -hT``, with ``-hc<cc> -hC<cc> -hm<mod> -hd<desc> -hy<type>`` restrictions): GHC's ``.hp``.

One sample per census (``census.time``): the live objects that pass the restrictions, summed
per band (``plugins/bands.py``) with one ``np.bincount``. The file ``<prog>.hp`` is opened at
session start with its empty first sample, a sample is flushed after each census, and the
empty last sample is written at session finish, also after a failed run, so the file is
always valid.

Bands within a sample are in order of first appearance over the run (GHC prints hash-table
order, which changes between samples; a stable order makes identical runs give identical
files and keeps each band in one place for diffs).

Profiles filtered by biography (``-hbdrag,void``) or by retainer set (``-hr<cc>``) need
information only the LDVU and retainer schemes have; those schemes write them (importing
``bands``), so this scheme stands aside when such a restriction is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from profkit.hookspecs import hookimpl
from profkit.plugin_options import PluginOptions
from profkit.plugins import bands
from profkit.plugins.hpfile import HpWriter

if TYPE_CHECKING:
    from profkit.heap import CensusView
    from profkit.options import Config, RtsFlags
    from profkit.session import Session


def job_string(config: Config) -> str:
    """GHC's JOB: program, its arguments, ``+RTS`` and the RTS flags, without ``-RTS``."""
    words = [config.program_name, *config.program_args]
    if config.rts.args:
        words += ["+RTS", *config.rts.args]
    return " ".join(words)


def census_bands(census: CensusView, rts: RtsFlags, breakdown: str | None = None
                 ) -> list[tuple[str, int]]:
    """The non-empty bands of one census as ``(name, bytes)``, in band-code order."""
    breakdown = breakdown or rts.heap.breakdown or "c"
    rows = bands.band_sums(census, breakdown, rts)  # per atom, where the header has them
    if rows is not None:
        return rows
    codes, names = bands.band_ids(census, breakdown, rts)
    mask = bands.heap_mask(census, rts)
    sums = bands.band_bytes(codes, census.col("size_bytes"), len(names), mask)
    return [(names[j], int(sums[j])) for j in np.flatnonzero(sums).tolist()]


class HeapProfile:
    """The ``-hc/-hm/-hd/-hy/-hT`` heap-profiling scheme."""

    name = "heapprof"

    def __init__(self, config: Config) -> None:
        self.config = config
        self.rts = config.rts
        self.breakdown: str = config.rts.heap.breakdown or "c"
        self.path = config.output_path(".hp")
        self.writer: HpWriter | None = None
        #: band name -> position in the first-appearance order
        self.order: dict[str, int] = {}
        self.last_time = 0.0
        self.censuses = 0

    @staticmethod
    def selected(config: Config) -> bool:
        heap = config.rts.heap
        if heap.breakdown not in bands.BREAKDOWNS:
            return False
        return not any(heap.restrict.get(letter) for letter in ("b", "r"))

    # ---------------------------------------------------------------- hooks
    @hookimpl
    def profkit_session_start(self, session: Session) -> None:
        self._open()

    @hookimpl
    def profkit_census(self, session: Session, census: CensusView) -> None:
        if self.writer is None:
            self._open()
        rows = census_bands(census, self.rts, self.breakdown)
        order = self.order
        for name, _ in rows:
            if name not in order:
                order[name] = len(order)
        rows.sort(key=lambda r: order[r[0]])
        self.last_time = max(self.last_time, float(census.time))
        self.censuses += 1
        assert self.writer is not None
        self.writer.sample(census.time, rows)

    @hookimpl
    def profkit_tick(self, time: float) -> None:
        # the last tick is the best lower bound of the run's end time a plugin can see
        if time > self.last_time:
            self.last_time = time

    @hookimpl
    def profkit_session_finish(self, session: Session, exitstatus: int) -> None:
        if self.writer is None:
            self._open()
        assert self.writer is not None
        self.writer.close(final_time(session, self.last_time))

    # ---------------------------------------------------------------- helpers
    def _open(self) -> None:
        self.writer = HpWriter(self.path, job_string(self.config))


def final_time(session: Any, seen: float) -> float:
    """The time of the empty last sample: the backend's virtual time at the end of the run
    (``Session.time``), or the latest tick or census time seen if that is later."""
    return max(seen, session.time)


# Its options (``profkit schemes``): only the implicit ``enable``; ``-p heapprof.enable=0``
# turns the scheme off even when its flags select it.
PROFKIT_OPTIONS = PluginOptions(
    "heapprof",
    help="heap profile by producer, module, description, type (+RTS -hc -hm -hd -hy -hT)")


@hookimpl
def profkit_add_schemes(config: Config) -> list[Any] | None:
    if HeapProfile.selected(config):
        return [HeapProfile(config)]
    return None
