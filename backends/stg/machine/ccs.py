"""Cost-centre-stack operations with GHC's semantics (rts/Profiling.c, GHC 9.0.2).

Stacks are ids in the session's ``StackTable`` (stack 0 is MAIN). This module adds what the
RTS does on top of the plain tree:

* ``push(ccs, cc)`` is GHC's ``pushCostCentre``: pushing the cc already on top returns the
  same stack; pushing a cc that occurs deeper in the stack returns the stack's prefix that
  *ends at* that cc (checkLoop's result: the stack is truncated back to it), so a recursive
  call does not push another entry. GHC 9.0.2's -fprof-auto-calls fg tree shows it: `nfib
  fg.hs:4:44-53` sits beside `4:31-40` under `4:31-53`, not under `4:31-40` as it would if
  the push were ignored. Results are memoised per (stack, cc), as GHC's indexTable does.
* ``enter_fun(app, fn)`` is ``enterFunCCS``: the stack to run a heap-allocated function
  closure (or PAP) whose stack is ``fn`` when called under ``app``:
  1. fn == app -> app;
  2. fn is MAIN or fn's parent is MAIN (function built under MAIN/x or a bare CAF) -> app;
  3. different roots (a CAF-rooted stack called from a MAIN-rooted one or vice versa) ->
     ``append(app, fn)``, which pushes fn's ccs on app from the bottom up, stopping at (and
     so skipping) a CAF cost centre;
  4. same root -> walk both stacks to a common prefix, then push the rest of fn.
* ``root(s)``: GHC's ``ccs->root``. Statically declared CAF stacks (MAIN/CAF, MAIN/CAF:x)
  are their own roots; every other stack inherits the root of its parent; MAIN is its own.

The per-stack counters are lists indexed by stack id, always as long as the table so the
machine indexes them without bounds checks: ``entries`` is core's ``StackTable.entries``
(GHC's scc_count, read by the cost-centre profiler), ``ticks`` is the machine's own.
"""

from __future__ import annotations

from profkit.tables import CostCentre, Tables


class CcsOps:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.stacks = tables.stacks
        # SCC entry counts live in core's StackTable (grown by its push); ticks are ours
        self.entries: list[int] = getattr(self.stacks, "entries", None) or []
        if not hasattr(self.stacks, "entries"):
            self.stacks.entries = self.entries
        self.ticks: list[int] = []
        self._root: list[int] = []
        self._push_memo: dict[tuple[int, int], int] = {}
        self._enter_memo: dict[tuple[int, int], int] = {}
        self._sync()

    # ------------------------------------------------------------------ table upkeep
    def _sync(self) -> None:
        st = self.stacks
        n = len(st)
        while len(self._root) < n:
            s = len(self._root)
            par = st.parent[s]
            if par < 0:
                self._root.append(s)
            elif par == 0 and self.tables.ccs[st.cc[s]].is_caf:
                self._root.append(s)
            else:
                self._root.append(self._root[par])
        if len(self.entries) < n:
            self.entries.extend([0] * (n - len(self.entries)))
        if len(self.ticks) < n:
            self.ticks.extend([0] * (n - len(self.ticks)))

    def cc_id(self, cc: CostCentre) -> int:
        return self.tables.ccs.intern(cc)

    def is_caf(self, cc: int) -> bool:
        return self.tables.ccs[cc].is_caf

    def root(self, s: int) -> int:
        return self._root[s]

    def raw_push(self, s: int, cc: int) -> int:
        """Push without the loop check (used for the static CAF stacks)."""
        r = self.stacks.push(s, cc)
        if r >= len(self._root):
            self._sync()
        return r

    # ------------------------------------------------------------------ GHC operations
    def push(self, s: int, cc: int) -> int:
        key = (s, cc)
        r = self._push_memo.get(key)
        if r is not None:
            return r
        st = self.stacks
        if s > 0 and st.cc[s] == cc:
            r = s
        else:
            # the cc is already on the stack (recursion): truncate back to it
            r = s
            while r > 0 and st.cc[r] != cc:
                r = st.parent[r]
            if r <= 0:
                r = self.raw_push(s, cc)
        self._push_memo[key] = r
        return r

    def append(self, s1: int, s2: int) -> int:
        """appendCCS: push the ccs of s2 (bottom first) onto s1, stopping at a CAF cc."""
        if s1 == s2:
            return s1
        st = self.stacks
        chain = []
        while s2 > 0 and not self.is_caf(st.cc[s2]):
            chain.append(st.cc[s2])
            s2 = st.parent[s2]
        for cc in reversed(chain):
            s1 = self.push(s1, cc)
        return s1

    def enter_fun(self, app: int, fn: int) -> int:
        if app == fn:
            return app
        key = (app, fn)
        r = self._enter_memo.get(key)
        if r is None:
            r = self._enter_fun(app, fn)
            self._enter_memo[key] = r
        return r

    def _enter_fun(self, app: int, fn: int) -> int:
        st = self.stacks
        if fn == 0 or st.parent[fn] == 0:
            return app
        if self._root[app] != self._root[fn]:
            return self.append(app, fn)
        da, df = st.depth[app], st.depth[fn]
        if da > df:
            tmp = app
            for _ in range(da - df):
                tmp = st.parent[tmp]
            return self._equal(app, tmp, fn)
        if df > da:
            return self._cur_shorter(app, fn, df - da)
        return self._equal(app, app, fn)

    def _equal(self, ccs0: int, a: int, f: int) -> int:
        # enterFunEqualStacks: a and f have equal depth; keep ccs0 for the common prefix
        # and push f's cost centres above it.
        st = self.stacks
        pending = []
        while a != f:
            pending.append(st.cc[f])
            a, f = st.parent[a], st.parent[f]
        s = ccs0
        for cc in reversed(pending):
            s = self.push(s, cc)
        return s

    def _cur_shorter(self, app: int, fn: int, n: int) -> int:
        st = self.stacks
        pending = []
        for _ in range(n):
            pending.append(st.cc[fn])
            fn = st.parent[fn]
        s = self._equal(app, app, fn)
        for cc in reversed(pending):
            s = self.push(s, cc)
        return s

    def grown(self) -> None:
        """Call after stacks were created elsewhere (keeps the counters long enough)."""
        self._sync()
