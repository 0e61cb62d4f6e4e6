"""The deterministic virtual clock.

Profiles never read wall-clock time: a backend counts its own work in *units* (STG machine
transitions; emulated instructions) and the clock converts units to the "seconds" printed in
reports at a fixed, documented rate. The same program and options therefore give the same
profile every time.
"""

from __future__ import annotations


class VirtualClock:
    def __init__(self, units_per_second: float, tick_seconds: float = 0.001) -> None:
        if units_per_second <= 0:
            raise ValueError("units_per_second must be positive")
        self.units_per_second = float(units_per_second)
        self.tick_seconds = tick_seconds
        #: units between two timer ticks (at least 1)
        self.units_per_tick = max(1, round(units_per_second * tick_seconds))

    def seconds(self, units: int) -> float:
        return units / self.units_per_second

    def units(self, seconds: float) -> int:
        return max(1, round(seconds * self.units_per_second))
