"""Test helpers for scheme and backend authors: a recorder plugin and a fake backend."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .hookspecs import hookimpl


@dataclass
class Recorder:
    """Records every hook call (hot batches concatenated per event) for assertions."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    batches: dict[str, list[np.ndarray]] = field(default_factory=dict)

    def _hot(self, name: str, batch: np.ndarray) -> None:
        self.calls.append((name, {"rows": len(batch)}))
        self.batches.setdefault(name, []).append(batch.copy())

    def rows(self, event: str) -> np.ndarray | None:
        parts = self.batches.get(event)
        return np.concatenate(parts) if parts else None

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]

    @hookimpl
    def profkit_session_start(self, session):
        self.calls.append(("session_start", {}))

    @hookimpl
    def profkit_alloc(self, batch):
        self._hot("alloc", batch)

    @hookimpl
    def profkit_use(self, batch):
        self._hot("use", batch)

    @hookimpl
    def profkit_update(self, batch):
        self._hot("update", batch)

    @hookimpl
    def profkit_copy(self, batch):
        self._hot("copy", batch)

    @hookimpl
    def profkit_death(self, batch):
        self._hot("death", batch)

    @hookimpl
    def profkit_gc_start(self, generation, major):
        self.calls.append(("gc_start", {"generation": generation, "major": major}))

    @hookimpl
    def profkit_gc_end(self, generation, major):
        self.calls.append(("gc_end", {"generation": generation, "major": major}))

    @hookimpl
    def profkit_census(self, census):
        self.calls.append(("census", {"era": census.era, "live": len(census),
                                      "bytes": int(census.col("size_bytes").sum())}))

    @hookimpl
    def profkit_tick(self, time, stack):
        self.calls.append(("tick", {"time": time, "stack": stack}))

    @hookimpl
    def profkit_run_end(self):
        self.calls.append(("run_end", {}))

    @hookimpl
    def profkit_session_finish(self, exitstatus):
        self.calls.append(("session_finish", {"exitstatus": exitstatus}))
