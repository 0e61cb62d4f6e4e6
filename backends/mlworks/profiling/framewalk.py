"""The time profile's frame walk: the ML stack's frames, exactly, from the PC, SP and the
code vector's frame sizes (used by ``stackscan.StackScanner`` at every tick).

The code generators lay every frame out the same way (codegen/x86.py and codegen/sparc.py
"Frame"), and ESP / %sp is constant in a function's body, so the frames follow from each
item's frame size (``ItemInfo.frame_words``, F below) once the innermost one is placed:

* **x86.** In a body the return address is at ``[esp + 4F + 4]`` (F slots, then the saved
  EDI); the caller's body ESP is 4 bytes above it, and so on outwards. The innermost frame
  may be half built: at an item's first instruction (``push edi``) the return address is
  at ``[esp]``; after it (``mov edi, ebp``, ``sub esp``) at ``[esp + 4]``; in an epilogue
  (``ItemInfo.epilogues``: ``add esp, 4F; pop edi``, then ``ret`` or a tail call's
  ``jmp eax``) at ``[esp + 4]`` at the ``pop`` and at ``[esp]`` after it. In a runtime stub
  (a service, the GC entry, the profiling allocation routine: called from a body) it is at
  ``[esp]``.
* **SPARC** (the flat convention): a body's frame holds its link (the caller's ``call``
  address) at ``[%sp]`` and the caller's %sp is ``%sp + 4F``. At an item's first
  instruction (``sub %sp``) and after its epilogue's ``add %sp`` (at the ``retl`` or the
  tail call's ``jmpl`` and its delay slot) there is no frame and the link is in %o7; at the
  second instruction the frame exists but the link is still only in %o7. A stub's link is
  in %o7 too.
* At a raise's last jump (``ItemInfo.raise_jump``) the stack pointer is already the
  handler's function's, whose body frame is the innermost.

The walk reads one word per frame, never a slot, so a return address left in a slot by an
earlier call cannot make a frame up (the word scan it replaces could), and handler frames
need no special case. It stops at the first word that is not inside a code item: the
setup item's return to the exit stub.
"""

from __future__ import annotations

import numpy as np

from ..runtime import memory as M
from .patch_sparc import RET

#: The walk and MLWorks's per-scan statistics in C (compiled once, like the virtual clock's
#: hook, runtime/vclock.py), reading the stack from its host memory (memory.StackSpace).
#: ``FrameWalk.walk`` below is the same walk in Python, for machines without a C compiler
#: (held equal by tests/backends/mlworks/test_stackscan_c.py).
C_SOURCE = r"""
#include <stdint.h>
typedef struct {
    const uint8_t *ram;  /* host memory of guest address ram_lo (the stack) */
    uint64_t ram_lo, top;
    const int64_t *starts, *ends, *order, *fwords;  /* items by address; frame sizes */
    int64_t nitems, cap, n[2];
    int64_t *addr[2], *val[2], *item[2];
    int64_t *found, *scans_of, *top_, *max_depth, *self_, *cnt;
    uint32_t big, cur, sparc;
} walker;
static inline uint32_t ld(const walker *s, uint64_t a) {
    uint32_t v = *(const uint32_t *)(s->ram + (a - s->ram_lo));
    return s->big ? __builtin_bswap32(v) : v;
}
/* The item (address order) whose instructions hold w (8 bytes or more past its header), or
   -1. */
static inline int64_t holder(const walker *s, uint64_t w) {
    int64_t l = 0, r = s->nitems;
    while (l < r) {
        int64_t m = (l + r) >> 1;
        if (s->starts[m] <= (int64_t)w) l = m + 1; else r = m;
    }
    int64_t i = l - 1;
    if (i < 0 || (int64_t)w >= s->ends[i] || (int64_t)w - s->starts[i] < 8) return -1;
    return i;
}
/* The frames from the first return word at a (x86), or from the frame at a whose owner has
   `owner` frame words (SPARC), outermost first (stack address, return word, item) into the
   other of the two buffers (cur flips), their number in n[cur]; returns how many of them
   (outermost first) are the previous walk's, or -1 when the buffers are too small (nothing
   flipped: the caller grows them and calls again). */
int64_t walk_frames(walker *s, uint64_t a, int64_t owner) {
    uint32_t c = s->cur ^ 1;
    int64_t *addr = s->addr[c], *val = s->val[c], *item = s->item[c];
    int64_t k = 0;
    while (a >= s->ram_lo && a + 4 <= s->top && !(a & 3)) {
        uint64_t w = ld(s, a);
        int64_t i = holder(s, w);
        if (i < 0) break;
        if (k == s->cap) return -1;
        addr[k] = (int64_t)a; val[k] = (int64_t)w; item[k] = s->order[i]; k++;
        if (s->sparc) {
            if (owner <= 0) break;
            a += 4 * (uint64_t)owner;
            owner = s->fwords[i];
        } else {
            a += 4 * (uint64_t)(s->fwords[i] + 2);
        }
    }
    for (int64_t x = 0, y = k - 1; x < y; x++, y--) {
        int64_t t;
        t = addr[x]; addr[x] = addr[y]; addr[y] = t;
        t = val[x]; val[x] = val[y]; val[y] = t;
        t = item[x]; item[x] = item[y]; item[y] = t;
    }
    int64_t *pa = s->addr[s->cur], *pv = s->val[s->cur], pn = s->n[s->cur];
    s->cur = c;
    s->n[c] = k;
    int64_t e = 0, m = k < pn ? k : pn;
    while (e < m && addr[e] == pa[e] && val[e] == pv[e]) e++;
    return e;
}
/* MLWorks's statistics of one scan (TimeStats.add without callers): the frames f, head
   (nh items, innermost first) then the current frames innermost first */
void stats_add(walker *s, const int64_t *head, int64_t nh) {
    int64_t nf = s->n[s->cur], n = nh + nf;
    const int64_t *it = s->item[s->cur];
    if (!n) return;
#define F(j) ((j) < nh ? head[j] : it[nf - 1 - ((j) - nh)])
    s->top_[F(0)] += 1;
    int64_t run = 0;
    for (int64_t j = 0; j < n; j++) {
        int64_t x = F(j);
        s->cnt[x] += 1;
        if (j + 1 < n && F(j + 1) == x) { run++; continue; }
        if (run > s->self_[x]) s->self_[x] = run;
        run = 0;
    }
    for (int64_t j = 0; j < n; j++) {
        int64_t x = F(j), c = s->cnt[x];
        if (!c) continue;
        s->found[x] += c;
        s->scans_of[x] += 1;
        if (c - 1 > s->max_depth[x]) s->max_depth[x] = c - 1;
        s->cnt[x] = 0;
    }
#undef F
}
"""


class FrameWalk:
    """Where the innermost frame stands at a PC, and the walk outwards from it (Python).

    ``items`` are the machine's items in address order, ``order`` their image indices,
    ``starts``/``ends`` their extents (as ``StackScanner``'s)."""

    def __init__(self, machine, items, order: np.ndarray, item_at) -> None:
        self.m = machine
        self.sparc = machine.arch.name == "sparc"
        self.item_at = item_at  # address -> image index of its item, or -1
        #: frame words of every item, in address order (the C walk's) and by image index
        self.fwords = np.array([it.frame_words for it in items], dtype=np.int64)
        self.frame_of = {int(k): it.frame_words for k, it in zip(order, items)}
        #: the raise sequences' last instructions (SPARC: the jump and its delay slot)
        self.raise_window = frozenset(
            a for it in items if it.raise_jump
            for a in ((it.raise_jump, it.raise_jump + 4) if self.sparc else (it.raise_jump,)))
        self._half: dict[int, tuple[int, int]] = {}
        for it in items:
            self._half.update(self._half_built(it))
        self._state: dict[int, tuple[int, int, bool]] = {}
        # the previous Python walk, outermost first: stack addresses, words, items, and the
        # frame words of each frame's owner (SPARC)
        self._prev: tuple[list[int], ...] = ([], [], [], [])
        #: how many of the last Python walk's frames (outermost first) are the previous one's
        self.same = 0

    def _half_built(self, it) -> dict[int, tuple[int, int]]:
        """The item's instructions whose frame is not the body's: address -> (x86: words
        from ESP to the return address; SPARC: frame words on the stack, link in %o7 = 1)."""
        s, f = it.code_start, it.frame_words
        if self.sparc:
            out = {s: (0, 1), s + 4: (f, 1)}
            for e in it.epilogues:  # ld %o7; ld %i1; add %sp; retl|jmpl; nop
                out[e + 12] = out[e + 16] = (0, 1)
            return out
        out = {s: (0, 0), s + 1: (1, 0), s + 3: (1, 0)}
        code = self.m.read(it.code_start, max(it.code_end - it.code_start, 0))
        for e in it.epilogues:
            op = code[e - s] if e - s < len(code) else 0
            add = 3 if op == 0x83 else 6 if op == 0x81 else 0  # add esp, imm8 | imm32
            out[e + add] = (1, 0)  # pop edi
            out[e + add + 1] = (0, 0)  # ret | jmp eax
        return out

    def state(self, pc: int) -> tuple[int, int, bool]:
        """(innermost item's image index or -1, x86: words from SP to the return word /
        SPARC: words from %sp to the caller's %sp, SPARC: the link is in %o7)."""
        st = self._state.get(pc)
        if st is None:
            if pc in self.raise_window:
                return self._body(self._raise_target())
            inner = self.item_at(pc)
            if inner < 0:
                return self._runtime(pc)
            half = self._half.get(pc)
            st = self._state[pc] = (inner, half[0], bool(half[1])) if half is not None \
                else self._body(inner)
        return st

    def _runtime(self, pc: int) -> tuple[int, int, bool]:
        """The state at a PC in the runtime's code: a stub (a service, the GC entry: called
        from a body) or a space-profiling routine (profiling/routines.py, patch_sparc.py)."""
        m = self.m
        if not self.sparc:
            # a stub or a routine called from a body: [esp] is the return address; a stub
            # called from a routine (the GC, the record area's flush): [esp + 4] is
            sp = m.reg32(m.arch.SP) & ~3
            return -1, 0 if self.item_at(m.word(sp)) >= 0 else 1, False
        from unicorn import sparc_const as S

        if M.IMPLICIT <= pc < M.IMPLICIT + M.IMPLICIT_SIZE:
            # a patched allocation site's routine: its item's body frame is the innermost;
            # the site's address is in %g5 until the routine has saved it (thread word RET)
            cont = m.reg32(S.UC_SPARC_REG_G5)
            if self.item_at(cont) < 0:
                cont = m.word(M.IMPLICIT + RET)
            return self._body(self.item_at(cont))
        return -1, 0, True  # a stub (``retl``): the caller's link is in %o7

    def _body(self, inner: int) -> tuple[int, int, bool]:
        if inner < 0:
            return -1, 0, self.sparc
        f = self.frame_of[inner]
        return (inner, f, False) if self.sparc else (inner, f + 1, False)

    def _raise_target(self) -> int:
        """The item of the handler a raise is jumping to: x86 jumps to [EAX+4], SPARC to
        %g4 (not cached: the state of a raise window depends on the registers)."""
        m = self.m
        if self.sparc:
            from unicorn import sparc_const as S

            return self.item_at(m.reg32(S.UC_SPARC_REG_G4))
        from unicorn import x86_const as X

        return self.item_at(m.word(m.reg32(X.UC_X86_REG_EAX) + 4))

    def start(self, pc: int, sp: int) -> tuple[int, int, int, int]:
        """(innermost item, SPARC's caller from %o7 or -1, where the walk starts, the frame
        words of the frame there: SPARC only)."""
        inner, words, reg = self.state(pc)
        if not self.sparc:
            return inner, -1, sp + 4 * words, 0
        if not reg:
            return inner, -1, sp, words
        from unicorn import sparc_const as S

        extra = self.item_at(self.m.reg32(S.UC_SPARC_REG_O7))
        if extra < 0:
            return inner, -1, -1, 0
        return inner, extra, sp + 4 * words, self.frame_of[extra]

    def walk(self, sp: int, top: int, a: int, owner: int) -> tuple[list, list, list]:
        """``walk_frames`` of C_SOURCE in Python: (stack addresses, return words, items)
        outermost first. The stack is read once; the walk stops early where it meets the
        previous walk's frames with all their words unchanged (the rest is the same)."""
        self.same = 0
        if not (sp <= a < top):
            self._prev = ([], [], [], [])
            return [], [], []
        words = np.frombuffer(self.m.read(sp, top - sp), dtype="<u4")
        pa, pv, pi, po = self._prev
        where = {x: j for j, x in enumerate(pa)}
        addr: list[int] = []
        vals: list[int] = []
        items: list[int] = []
        owners: list[int] = []
        item_at, sparc = self.item_at, self.sparc
        tail = None
        while sp <= a and a + 4 <= top and not a & 3:
            w = int(words[(a - sp) >> 2])
            j = where.get(a)
            if j is not None and pv[j] == w and (not sparc or po[j] == owner):
                idx = (np.asarray(pa[:j], dtype=np.int64) - sp) >> 2
                if np.array_equal(words[idx], np.asarray(pv[:j], dtype=np.uint32)):
                    tail = j
                    break
                where = {}  # (a changed word below: no later frame can match either)
            k = item_at(w)
            if k < 0:
                break
            addr.append(a)
            vals.append(w)
            items.append(k)
            owners.append(owner)
            if sparc:
                if owner <= 0:
                    break
                a += 4 * owner
                owner = self.frame_of[k]
            else:
                a += 4 * (self.frame_of[k] + 2)
        for x in (addr, vals, items, owners):
            x.reverse()
        if tail is not None:
            addr = pa[:tail + 1] + addr
            vals = pv[:tail + 1] + vals
            items = pi[:tail + 1] + items
            owners = po[:tail + 1] + owners
            self.same = tail + 1
        self._prev = (addr, vals, items, owners)
        return addr, vals, items
