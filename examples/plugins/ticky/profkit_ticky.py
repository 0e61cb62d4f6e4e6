"""Ticky-ticky style counters for profkit, on both runtimes.

Per closure or constructor (an allocation site's ``info``), as GHC's ``-ticky`` report counts
them: how many objects were allocated and their bytes, how often they were entered (used),
updated, promoted to an older generation by a collection, and how many died. Written to
``PROG.ticky`` next to the other reports::

    profkit run -p ticky.enable=1 nfib.hs
    profkit run -p ticky.enable=1 -p ticky.sort=entries -p ticky.top=20 lists.sml

Everything is counted per batch with ``np.bincount``: no Python loop per object.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from profkit import (
    ObjectColumn,
    ObjKind,
    Option,
    PluginOptions,
    Scheme,
    hookimpl,
    info_description,
)

PROFKIT_OPTIONS = PluginOptions(
    "ticky",
    Option("enable", bool, False, "count ticky-ticky counters and write PROG.ticky"),
    Option("file", str, "", "write the table here instead of OUTDIR/PROG.ticky"),
    Option("sort", str, "alloc", "row order", choices=("alloc", "entries", "name")),
    Option("top", int, 0, "print only the first N rows (0: all)"),
    help="ticky-ticky counters per closure and constructor (PROG.ticky)",
)

COUNTERS = ("allocs", "alloc_bytes", "entries", "updates", "deaths", "promoted")

HEADER = """\
    Entries     Allocs    Alloc'd    Updates     Deaths   Promoted  Closure
--------------------------------------------------------------------------------
"""


class Ticky(Scheme):
    """The counters, one numpy array per counter indexed by info id."""

    options = PROFKIT_OPTIONS
    #: rows are per closure and constructor: on MLWorks, ask for allocation-site names
    #: (otherwise its objects are named only by kind: pair, record, closure)
    needs_info_names = True

    def __init__(self, config: Any, opts: Any = None) -> None:
        super().__init__(config, opts)
        self.counts = {c: np.zeros(0, dtype=np.int64) for c in COUNTERS}
        # what each object was when it was allocated: the header holds what it is *now*
        # (an updated thunk is an indirection), and copy rows carry only the id
        self.born_as = ObjectColumn()
        self.saw_uses = False

    def _add(self, counter: str, infos: np.ndarray, weights: np.ndarray | None = None) -> None:
        keep = infos >= 0  # -1: an object allocated before this scheme saw it
        infos = infos[keep]
        weights = weights[keep] if weights is not None else None
        if len(infos) == 0:
            return
        add = np.bincount(infos, weights=weights).astype(np.int64)
        have = self.counts[counter]
        if len(add) > len(have):
            have = np.pad(have, (0, len(add) - len(have)))
        have[: len(add)] += add
        self.counts[counter] = have

    @hookimpl
    def profkit_alloc(self, session: Any, batch: np.ndarray) -> None:
        self.born_as.set(batch["obj"], batch["info"])
        self._add("allocs", batch["info"])
        self._add("alloc_bytes", batch["info"],
                  batch["size_words"].astype(np.int64) * session.word_bytes)

    @hookimpl
    def profkit_use(self, batch: np.ndarray) -> None:
        self.saw_uses = True
        self._add("entries", self.born_as.get(batch["obj"]))

    @hookimpl
    def profkit_update(self, session: Any, batch: np.ndarray) -> None:
        # thunk -> BLACKHOLE is the start of an evaluation; the update proper gives a value
        kinds = session.tables.infos.columns()["kind"][batch["new_info"]]
        done = batch["obj"][kinds != int(ObjKind.BLACKHOLE)]
        self._add("updates", self.born_as.get(done))

    @hookimpl
    def profkit_copy(self, batch: np.ndarray) -> None:
        up = batch["obj"][batch["to_gen"] > batch["from_gen"]]
        self._add("promoted", self.born_as.get(up))

    @hookimpl
    def profkit_death(self, batch: np.ndarray) -> None:
        self._add("deaths", self.born_as.get(batch["obj"]))

    # ------------------------------------------------------------------ the report

    def table(self, session: Any) -> np.ndarray:
        """Counters as a (n_infos, len(COUNTERS)) array, row = info id."""
        n = max(len(c) for c in self.counts.values())
        return np.stack([np.pad(self.counts[c], (0, n - len(self.counts[c])))
                         for c in COUNTERS], axis=1)

    def report(self, session: Any) -> str:
        t = self.table(session)
        rows = [i for i in range(len(t)) if t[i].any()]
        names = {i: str(info_description(session, i)) for i in rows}
        col = {c: k for k, c in enumerate(COUNTERS)}
        if self.opts.sort == "name":
            rows.sort(key=lambda i: names[i])
        else:
            key = col["alloc_bytes" if self.opts.sort == "alloc" else "entries"]
            rows.sort(key=lambda i: (-t[i, key], names[i]))
        if self.opts.top > 0:
            rows = rows[: self.opts.top]
        out = [f"{session.config.program_name}: ticky-ticky counters (profkit)\n\n",
               "All allocation numbers are in bytes.\n"]
        if not self.saw_uses:
            out.append("No use events on this backend: Entries are not observable.\n")
        out.append("\n" + "*" * 50 + "\n\n" + HEADER)
        order = ("entries", "allocs", "alloc_bytes", "updates", "deaths", "promoted")
        for i in rows:
            nums = "".join(f"{t[i, col[c]]:>11}" for c in order)
            out.append(f"{nums}  {names[i]}\n")
        totals = "".join(f"{t[:, col[c]].sum():>11}" for c in order)
        out.append("-" * 80 + f"\n{totals}  total\n")
        return "".join(out)

    @hookimpl
    def profkit_session_finish(self, session: Any) -> None:
        # also after a failed run: what was counted so far is still worth having
        path = self.opts.file or self.output_path(".ticky")
        with open(path, "w") as f:
            f.write(self.report(session))


@hookimpl
def profkit_add_schemes(config: Any) -> list[Any] | None:
    return Ticky.add_schemes(config)
