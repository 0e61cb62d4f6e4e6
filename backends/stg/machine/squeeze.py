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

GHC squeezes only when its heuristic says it pays (the words of the other frames it would
shift down at most 8, or fewer than the update frames' words it removes, four a frame under
profiling). That is not modelled: the model's frames are not GHC's (GHC's base is compiled
with -O; the model's `max` at Int is two continuation frames where GHC's is one, and its
continuations keep the scrutinee GHC's do not), and sized as the model has them the
heuristic refused recleak24's third chain that GHC squeezes. Every run is squeezed.

The model keeps its frames (the machine is not changed: a squeezed thunk is updated with
its run's value when its own frame is popped, as GHC's indirection gives it then); a
census leaves the squeezed thunks out (``hidden``), at every census (GHC's pauses squeeze
the frames pushed since the last pause; a frame once squeezed stays so).
"""

from __future__ import annotations

from ..heap.heapobj import Thunk
from . import rt


def hidden(stack: list) -> list[int]:
    """The ids of the heap thunks whose update frames GHC's squeeze removes: in every run
    of adjacent update frames (a CAF's too), all but the oldest."""
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
