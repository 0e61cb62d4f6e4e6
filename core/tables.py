"""The tables that name what the hot columns hold as small integers.

* ``InfoTable``: one row per allocation site kind (GHC's info table): closure description
  (-hd), type (-hy), module (-hm of a closure's definition), ObjKind. Objects refer to a row by
  its id in their ``info`` header column.
* ``CostCentreTable``: cost centres (label, module, SRC, is_caf) — GHC's ``CostCentre``.
* ``StackTable``: cost-centre stacks as a tree (cc, parent, depth) with memoised push —
  GHC's ``CostCentreStack``. Every backend names its producers with stacks: the STG machine
  with real cost-centre stacks, the MLWorks runtime with one-element stacks of functions.

Ids are dense integers from 0; -1 is null. Columns are Python lists while the run grows them
and are turned into numpy arrays on demand for vectorised schemes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .kinds import ObjKind


class StringTable:
    """Interns strings to dense ids."""

    def __init__(self) -> None:
        self.strings: list[str] = []
        self._ids: dict[str, int] = {}

    def intern(self, s: str) -> int:
        i = self._ids.get(s)
        if i is None:
            i = self._ids[s] = len(self.strings)
            self.strings.append(s)
        return i

    def __getitem__(self, i: int) -> str:
        return self.strings[i]

    def __len__(self) -> int:
        return len(self.strings)


@dataclass(frozen=True, slots=True)
class Info:
    desc: str  # closure description: ":", "I#", "<Main.sat_s1>"
    type_desc: str  # type: "[]", "Int", "*", "->Int"
    module: str  # defining module of the closure
    kind: ObjKind
    con_name: str = ""  # qualified constructor for -hT ("ghc-prim:GHC.Types.:"), "" otherwise
    #: MLWorks object kind for space-profile breakdowns ("record", "pair", "closure",
    #: "string", "array", "bytearray", "code", "weakarray"); "" = derive from ``kind``
    space_kind: str = ""
    #: bytes of an object of this info that are not payload (header, padding, array links);
    #: -1 = one header word
    overhead_bytes: int = -1


class InfoTable:
    """Static descriptions of heap objects, interned (equal Info -> same id)."""

    def __init__(self) -> None:
        self.rows: list[Info] = []
        self._ids: dict[Info, int] = {}
        self.descs = StringTable()
        self.types = StringTable()
        self.modules = StringTable()
        self._cols: tuple[int, dict[str, np.ndarray]] | None = None

    def intern(self, info: Info) -> int:
        i = self._ids.get(info)
        if i is None:
            i = self._ids[info] = len(self.rows)
            self.rows.append(info)
            self.descs.intern(info.desc)
            self.types.intern(info.type_desc)
            self.modules.intern(info.module)
        return i

    def __getitem__(self, i: int) -> Info:
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)

    def columns(self) -> dict[str, np.ndarray]:
        """Per-info integer columns ``desc``, ``type``, ``module``, ``kind`` (ids into the
        string tables), for mapping an object's ``info`` column with fancy indexing."""
        if self._cols is None or self._cols[0] != len(self.rows):
            rows = self.rows
            cols = {
                "desc": np.array([self.descs._ids[r.desc] for r in rows], dtype=np.int32),
                "type": np.array([self.types._ids[r.type_desc] for r in rows], dtype=np.int32),
                "module": np.array([self.modules._ids[r.module] for r in rows], dtype=np.int32),
                "kind": np.array([int(r.kind) for r in rows], dtype=np.int8),
            }
            self._cols = (len(rows), cols)
        return self._cols[1]


@dataclass(frozen=True, slots=True)
class CostCentre:
    label: str
    module: str
    src: str
    is_caf: bool = False


#: Built-in cost centres GHC hides from -p (their costs are left out of the totals).
HIDDEN_BUILTINS = frozenset({"GC", "SYSTEM", "OVERHEAD_of", "IDLE", "DONT_CARE", "PINNED"})


class CostCentreTable:
    def __init__(self) -> None:
        self.rows: list[CostCentre] = []
        self._ids: dict[CostCentre, int] = {}

    def intern(self, cc: CostCentre) -> int:
        i = self._ids.get(cc)
        if i is None:
            i = self._ids[cc] = len(self.rows)
            self.rows.append(cc)
        return i

    def __getitem__(self, i: int) -> CostCentre:
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)


class StackTable:
    """Cost-centre stacks as a tree. Stack 0 is ``MAIN`` (cc 0 = MAIN/MAIN/<built-in>).

    ``push(parent, cc)`` returns the child stack, creating it on first use; ids are given in
    creation order, which is the registration order GHC's sibling sort falls back on.
    """

    MAIN = 0

    def __init__(self, ccs: CostCentreTable) -> None:
        self.cc_table = ccs
        main_cc = ccs.intern(CostCentre("MAIN", "MAIN", "<built-in>"))
        self.cc: list[int] = [main_cc]
        self.parent: list[int] = [-1]
        self.depth: list[int] = [0]
        #: SCC entry counts per stack, incremented by the backend (GHC's scc_count)
        self.entries: list[int] = [0]
        self._children: list[dict[int, int]] = [{}]

    def push(self, parent: int, cc: int) -> int:
        kids = self._children[parent]
        s = kids.get(cc)
        if s is None:
            s = kids[cc] = len(self.cc)
            self.cc.append(cc)
            self.parent.append(parent)
            self.depth.append(self.depth[parent] + 1)
            self.entries.append(0)
            self._children.append({})
        return s

    def label(self, s: int) -> str:
        return self.cc_table[self.cc[s]].label

    def children(self, s: int) -> list[int]:
        return list(self._children[s].values())

    def frames(self, s: int) -> list[int]:
        """The cost centres of stack ``s``, innermost first, MAIN excluded."""
        out = []
        while s > 0:
            out.append(self.cc[s])
            s = self.parent[s]
        return out

    def contains(self, s: int, cc: int) -> bool:
        while s > 0:
            if self.cc[s] == cc:
                return True
            s = self.parent[s]
        return False

    def __len__(self) -> int:
        return len(self.cc)

    def columns(self) -> dict[str, np.ndarray]:
        return {
            "cc": np.asarray(self.cc, dtype=np.int32),
            "parent": np.asarray(self.parent, dtype=np.int32),
            "depth": np.asarray(self.depth, dtype=np.int32),
        }


class Tables:
    """Everything that names the integers in hot columns, owned by the session and filled in
    by the backend."""

    def __init__(self) -> None:
        self.infos = InfoTable()
        self.ccs = CostCentreTable()
        self.stacks = StackTable(self.ccs)
