"""GHC's stack squeezing of adjacent update frames, as a census sees its effect.

When a thread stops (every collection), GHC 9.0.2's ``threadPaused`` (rts/ThreadPaused.c)
looks for update frames that lie directly on one another: a thunk whose code tail-calls
another thunk (``sat = total a``, whose code enters the field's thunk; an alias ``xs =
ys``; a thunk whose value is another thunk's). Every one of such a run but the oldest is
removed from the stack, and its thunk is updated with an indirection to the oldest one's
(the "master" updatee, kept at the highest address since #5505), which the collector then
shorts out: a census sees one BLACKHOLE for the run, not one per frame. On a chain forced
through a selector (a record's field thunks, `total a + x`, two adjacent frames a level)
GHC's BLACKHOLE band is half of what a BLACKHOLE per update frame gives (recleak24: the
model's band was 1.3-4.8x GHC's before this).

``threadPaused`` walks the stack from the top down to the first update frame an earlier
pause has marked (every frame it passes it marks), and squeezes that part only if its
heuristic says it pays: the words of the other frames it would shift down (those lying
above an adjacent pair) at most 8, or fewer than the update frames' words it removes (four a
frame under profiling). A pause's decision stays: a frame once squeezed is gone. ``Squeeze``
models that at every collection of the model (``StgHeapModel.pause_fn``) and at each census.

Before session 26 every run was squeezed: on a recursion whose levels have one adjacent pair
but three case continuations between them (arrthunkb26's `cell i = (get (i-1) + get (i-2)
+ get (i-5)) `mod` p` over a lazy array, the `get` thunk entering the array's element) GHC
squeezes nothing (with or without `+RTS -Z`, the BLACKHOLE band equals the model's without
any squeeze), and the model's BLACKHOLE band was 0.75x GHC's.

The other frames' words: the model's frames are not GHC's (GHC's base is compiled with -O:
the model's `max` at Int is two continuation frames where GHC's is one, its continuations
keep the scrutinee GHC's do not), so a continuation weighs its live slots (``code.live``,
what GHC's frame saves besides its info pointer and cost-centre stack), pending arguments
their count. Measured against GHC's runs: recleak24's three field chains (a continuation of
1-2 live slots a pair; `max`'s two of 1 and 2) squeezed, as GHC's are; arrthunkb26's three
continuations of 2 a pair (6 words against 4) not, as GHC's are not.

The model keeps its frames (the machine is not changed: a squeezed thunk is updated with
its run's value when its own frame is popped, as GHC's indirection gives it then); a
census leaves the squeezed thunks out.
"""

from __future__ import annotations

from ..heap.heapobj import Thunk
from . import rt

#: sizeofW(StgUpdateFrame) under profiling: info pointer, the two profiling header words,
#: the updatee
UPDATE_FRAME_WORDS = 4


def _weight(fr: tuple) -> int:
    """The words a non-update frame stands for in GHC's heuristic (module docstring)."""
    k = fr[0]
    if k is rt.AP:
        return len(fr[1] or ())
    return len(getattr(k, "live", ()))


class Squeeze:
    """GHC's pauses over the machine's stack: which update frames they have squeezed."""

    def __init__(self, stack_fn) -> None:
        self.stack_fn = stack_fn  # the machine's stack, read at each pause
        #: the stack's frames (unwrapped) at the last pause, and whether each was squeezed
        self.seen: list = []
        self.squeezed: list[bool] = []

    def pause(self) -> None:
        """threadPaused: mark the frames pushed since the last pause, squeezing them if
        GHC's heuristic says so."""
        wm, upd = rt.WM, rt.UPD
        frames = [fr[1] if type(fr) is not Thunk and fr[0] is wm else fr for fr in self.stack_fn()]
        seen, p, n = self.seen, 0, min(len(self.seen), len(frames))
        while p < n and seen[p] is frames[p]:
            p += 1
        squeezed = self.squeezed[:p]
        # the walk, from the top: down to the first marked update frame (non-update frames
        # carry no mark), or the bottom
        stop = p
        while stop > 0:
            fr = frames[stop - 1]
            if type(fr) is Thunk or fr[0] is upd:
                break
            stop -= 1
        words = weight = pending = 0
        prev = False
        pairs: list[int] = []  # the younger frame of each adjacent pair
        for i in range(len(frames) - 1, stop - 2, -1):
            fr = frames[i] if i >= 0 else None
            if fr is not None and (type(fr) is Thunk or fr[0] is upd):
                if prev:
                    words += UPDATE_FRAME_WORDS
                    weight += pending
                    pending = 0
                    pairs.append(i + 1)
                prev = True
                if i < stop:
                    break
            else:
                if fr is None or i < stop:
                    break
                pending += _weight(fr)
                prev = False
        squeeze = (weight <= 8 and words > 0) or weight < words
        new = [False] * (len(frames) - p)
        squeezed.extend(new)
        if squeeze:
            for i in pairs:
                squeezed[i] = True
        self.seen, self.squeezed = frames, squeezed

    def hidden(self) -> list[int]:
        """A census's pause, then the ids of the heap thunks squeezed (a CAF, id -1, is
        never one: its frame is the master of a run it starts)."""
        self.pause()
        return [fr.id for fr, s in zip(self.seen, self.squeezed)
                if s and type(fr) is Thunk and fr.id >= 0]


def hidden(stack: list) -> list[int]:
    """Every run of adjacent update frames squeezed, all but the oldest hidden: what one
    pause over a fresh stack whose heuristic says yes gives (session 24's rule)."""
    wm, upd = rt.WM, rt.UPD
    out: list[int] = []
    prev = False  # the frame just older (walking from the bottom) was an update frame
    for fr in stack:
        if type(fr) is not Thunk and fr[0] is wm:
            fr = fr[1]
        if type(fr) is Thunk:
            if prev and fr.id >= 0:
                out.append(fr.id)
            prev = True
        else:
            prev = fr[0] is upd
    return out
