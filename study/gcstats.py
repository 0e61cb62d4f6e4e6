"""The ``gcstats`` scheme: what the collector did, per generation, as a small JSON report.

Selected with ``-p gcstats.file=PATH``; ``profkit study`` selects it in every cell. It is a
scheme over core's events, so it means the same on both runtimes:

* ``alloc_bytes``/``alloc_objects``: every ``profkit_alloc`` row (size in the session's
  word size);
* per generation ``g``: ``collections`` = collections whose oldest collected generation is
  ``g`` (``profkit_gc_start``), ``copied_bytes``/``copied_objects`` = the ``profkit_copy``
  rows delivered while such a collection ran (survivors copied or promoted by it);
* ``virtual_time``: the session's virtual clock at the end of the run.

A collection the backend makes for a profiler's bookkeeping
(``session.profiler_collection``:
the MLWorks space profiler's flush at the end, when producers are recorded) is not counted,
nor its copies, so a profiled run reports the program's collections (census collections are
counted: a census is a collection the program's heap profile asked for, as in GHC).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from profkit.hookspecs import hookimpl

OPTION = "gcstats.file"


class GcStats:
    def __init__(self, path: str) -> None:
        self.path = path
        self.alloc_bytes = 0
        self.alloc_objects = 0
        self.current = -1  # generation of the collection under way, -1 between collections
        self.collections: dict[int, int] = {}
        self.copied_bytes: dict[int, int] = {}
        self.copied_objects: dict[int, int] = {}

    @hookimpl
    def profkit_alloc(self, session: Any, batch: np.ndarray) -> None:
        self.alloc_objects += len(batch)
        self.alloc_bytes += int(batch["size_words"].sum(dtype=np.int64)) * session.word_bytes

    @hookimpl
    def profkit_gc_start(self, session: Any, generation: int, major: bool) -> None:
        if session.profiler_collection:  # a profiler's flush, not the program's: left out
            self.current = -2
            return
        self.current = int(generation)
        self.collections[self.current] = self.collections.get(self.current, 0) + 1

    @hookimpl
    def profkit_copy(self, session: Any, batch: np.ndarray) -> None:
        if self.current == -2:
            return
        g = max(self.current, 0)
        self.copied_objects[g] = self.copied_objects.get(g, 0) + len(batch)
        b = int(batch["size_words"].sum(dtype=np.int64)) * session.word_bytes
        self.copied_bytes[g] = self.copied_bytes.get(g, 0) + b

    @hookimpl
    def profkit_gc_end(self) -> None:
        self.current = -1

    def result(self, session: Any, exitstatus: int) -> dict[str, Any]:
        gens = sorted(set(self.collections) | set(self.copied_bytes))
        return {
            "virtual_time": session.time,
            "word_bytes": session.word_bytes,
            "exit_status": exitstatus,
            "alloc_bytes": self.alloc_bytes,
            "alloc_objects": self.alloc_objects,
            "generations": [
                {"generation": g, "collections": self.collections.get(g, 0),
                 "copied_bytes": self.copied_bytes.get(g, 0),
                 "copied_objects": self.copied_objects.get(g, 0)}
                for g in gens
            ],
        }

    @hookimpl
    def profkit_session_finish(self, session: Any, exitstatus: int) -> None:
        with open(self.path, "w") as f:
            json.dump(self.result(session, exitstatus), f, indent=1)
            f.write("\n")


def make_schemes(config: Any) -> list[GcStats] | None:
    path = config.plugin_options.get(OPTION)
    return [GcStats(path)] if path else None
