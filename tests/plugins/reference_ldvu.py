"""Slow, obviously correct LDVU profiling: remember every observation, classify at the end.

Events are applied one at a time in their true order. A *closure* is what an object id holds
between its allocation (or an update) and its next update (or its death); it has a last-use
era (0 = never used). At a census every live object is observed with its closure, the state
of that closure at the time (inherently used, not used yet, used) and its size. When the
run is over every closure's final last use is known, and each observation is classified
directly from the definitions of the seed:

* inherently used -> INHERENT_USE;
* not used yet at census k -> VOID if the closure is never used, else LAG;
* used at census k -> DRAG if its last use was before era k, else USE.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BANDS = ("VOID", "LAG", "USE", "INHERENT_USE", "DRAG")


@dataclass
class Closure:
    last: int = 0  # era of the most recent use, 0 = never used


@dataclass
class ReferenceLdvu:
    era: int = 1
    current: dict[int, Closure] = field(default_factory=dict)
    # (census index, band key, closure, state, size)
    observations: list[tuple[int, object, Closure, str, int]] = field(default_factory=list)
    n_censuses: int = 0

    def alloc(self, obj: int) -> None:
        self.current[obj] = Closure()

    def use(self, obj: int) -> None:
        self.current[obj].last = self.era

    def update(self, obj: int) -> None:
        # the seed: the death of the old closure and the creation of a new one
        self.current[obj] = Closure()

    def death(self, obj: int) -> None:
        del self.current[obj]

    def census(self, live: list[tuple[int, bool, int, object]]) -> None:
        """``live``: (obj, inherently used?, size in bytes, band key) of each counted object."""
        for obj, inherent, size, key in live:
            c = self.current[obj]
            state = "inherent" if inherent else ("used" if c.last else "not_used")
            self.observations.append((self.n_censuses, key, c, state, size))
        self.n_censuses += 1
        self.era += 1

    def classify(self, census_era: int, closure: Closure, state: str) -> str:
        if state == "inherent":
            return "INHERENT_USE"
        if state == "not_used":
            return "VOID" if closure.last == 0 else "LAG"
        return "DRAG" if census_era > closure.last else "USE"

    def bands(self) -> list[dict[str, int]]:
        """Per census: bytes per biography band (all five present)."""
        out = [dict.fromkeys(BANDS, 0) for _ in range(self.n_censuses)]
        for k, _key, c, state, size in self.observations:
            out[k][self.classify(k + 1, c, state)] += size
        return out

    def by_key(self, selected: set[str]) -> list[dict[object, int]]:
        """Per census: bytes per band key, counting only the selected biographies."""
        out: list[dict[object, int]] = [{} for _ in range(self.n_censuses)]
        for k, key, c, state, size in self.observations:
            if self.classify(k + 1, c, state) in selected:
                out[k][key] = out[k].get(key, 0) + size
        return [{key: v for key, v in d.items() if v} for d in out]
