"""The profiling header: per-object state a runtime keeps anyway, as dense columns.

Every heap object a backend allocates gets the next dense id; its header is the row with that
id in these columns (GHC keeps the same data in two extra words per object):

* ``info``      -- InfoTable id (what the object is: description, type, module, kind)
* ``producer``  -- StackTable id of the cost-centre stack (or function) that allocated it
* ``size_words``-- size in 64-bit words *without* the profiling header (GHC's layout) or, for
                   MLWorks objects, in 32-bit words (``Session.word_bytes`` says which)
* ``era``       -- the LDV creation era (census count + 1 at creation)
* ``last_use``  -- the LDV era of the most recent use, or 0 if never used (GHC's state flag)

The hot path of a machine appends to these ``array.array`` columns directly (one append per
column per allocation); ``new`` is the readable version for cold paths and tests. The alloc
event batch is a slice of these columns, so allocation is never staged twice.
"""

from __future__ import annotations

from array import array

import numpy as np

ALLOC_DTYPE = np.dtype(
    [("obj", "<i8"), ("info", "<i4"), ("producer", "<i4"), ("size_words", "<i4"), ("era", "<i4")]
)


class ProfHeader:
    def __init__(self) -> None:
        self.info = array("i")
        self.producer = array("i")
        self.size_words = array("i")
        self.era = array("i")
        self.last_use = array("i")

    def __len__(self) -> int:
        return len(self.info)

    def new(self, info: int, producer: int, size_words: int, era: int) -> int:
        """Give a new object its id and header row; return the id."""
        oid = len(self.info)
        self.info.append(info)
        self.producer.append(producer)
        self.size_words.append(size_words)
        self.era.append(era)
        self.last_use.append(0)
        return oid

    def alloc_batch(self, start: int, stop: int) -> np.ndarray:
        """Rows ``start..stop-1`` as an ALLOC_DTYPE structured array."""
        n = stop - start
        out = np.empty(n, dtype=ALLOC_DTYPE)
        if n:
            out["obj"] = np.arange(start, stop, dtype=np.int64)
            out["info"] = np.frombuffer(self.info, dtype=np.int32)[start:stop]
            out["producer"] = np.frombuffer(self.producer, dtype=np.int32)[start:stop]
            out["size_words"] = np.frombuffer(self.size_words, dtype=np.int32)[start:stop]
            out["era"] = np.frombuffer(self.era, dtype=np.int32)[start:stop]
        return out

    def column(self, name: str) -> np.ndarray:
        """A zero-copy numpy view of a whole column (valid until the column grows)."""
        return np.frombuffer(getattr(self, name), dtype=np.int32)

    def gather(self, name: str, ids: np.ndarray) -> np.ndarray:
        """Column ``name`` at object ids ``ids`` (what census views and collectors read)."""
        return self.column(name)[ids]

    def slice(self, name: str, start: int, stop: int) -> np.ndarray:
        """Column ``name`` for ids ``start..stop-1``."""
        return self.column(name)[start:stop]

    def era_advanced(self, era: int) -> None:
        """The session's LDV era became ``era`` (this header stores eras per object)."""

    def compact(self, kept: np.ndarray) -> None:
        """Keep only the rows ``kept`` (sorted old ids), renumbered ``0..len(kept)-1``: the
        next object allocated gets id ``len(kept)`` (see ``profkit_renumber``)."""
        kept = np.asarray(kept, dtype=np.int64)
        for name in ("info", "producer", "size_words", "era", "last_use"):
            col = getattr(self, name)
            vals = np.frombuffer(col, dtype=np.int32)[kept].copy()
            del col[:]
            col.frombytes(vals.tobytes())


class SiteHeader(ProfHeader):
    """The profiling header of a machine whose every allocation comes from a known *site*
    (an info table and a size fixed at compile time), kept as two hot columns.

    The hot path appends two ints per allocation: ``site`` (an interned (info, size) pair,
    ``site_id``) and ``producer``. Everything else is derived on demand as numpy:

    * ``info`` at allocation and ``size_words`` come from the site (so alloc batches always
      describe the object as it was allocated, whatever happened to it before the flush);
    * the *current* info (a thunk entered becomes BLACKHOLE, then IND) is an override in
      ``state`` (a bytearray indexed by id: 0 = as allocated, else an index into
      ``state_info``), grown lazily: the machine writes ``state[oid]`` and grows it with
      ``set_state`` on IndexError;
    * ``era`` is the number of era changes before the object's id (``era_advanced`` records
      the first id of each era), so no per-object column at all;
    * ``last_use`` is an ``array('i')`` grown lazily the same way (``set_last_use``).

    ``column(name)`` gives a whole column (current info for ``info``), ``gather(name, ids)``
    and ``slice(name, start, stop)`` only what is asked for: census views and the collector
    model use those, so their cost follows the live heap, not the total allocated.
    """

    def __init__(self) -> None:  # noqa: D401 - no ProfHeader columns here
        self.site = array("i")
        self.producer = array("i")
        self.use = array("i")
        self.state = bytearray()
        self.state_info: list[int] = [-1]
        self._site_key: dict[tuple[int, int], int] = {}
        self.site_info: list[int] = []
        self.site_size: list[int] = []
        self._site_np: tuple[np.ndarray, np.ndarray] | None = None
        self._era_start = array("q", [0])
        #: after a compaction (``compact``): the eras of ids ``0..len-1``, which can no
        #: longer be derived from ``_era_start``
        self._era_fixed = np.zeros(0, dtype=np.int32)

    def __len__(self) -> int:
        return len(self.site)

    def compact(self, kept: np.ndarray) -> None:
        """Keep only the rows ``kept`` (sorted old ids), renumbered ``0..len(kept)-1``; the
        next object allocated gets id ``len(kept)`` (see ``profkit_renumber``). The
        columns are rebuilt in place (the machine holds their bound ``append`` methods)."""
        kept = np.asarray(kept, dtype=np.int64)
        eras = self.gather("era", kept)
        for col, dtype in ((self.site, np.int32), (self.producer, np.int32),
                           (self.use, np.int32), (self.state, np.uint8)):
            vals = self._padded(col, dtype, kept)
            if col is self.use or col is self.state:  # lazily grown: keep them short
                last = np.flatnonzero(vals)
                vals = vals[: int(last[-1]) + 1] if len(last) else vals[:0]
            del col[:]
            if isinstance(col, bytearray):
                col.extend(vals.tobytes())
            else:
                col.frombytes(vals.astype(np.int32).tobytes())
        self._era_fixed = eras.astype(np.int32)
        # ids from len(kept) on belong to the current era (the count of era starts)
        era_now = len(self._era_start)
        self._era_start = array("q", [0] * era_now)

    # ------------------------------------------------------------------ writing
    def site_id(self, info: int, size_words: int) -> int:
        key = (info, size_words)
        s = self._site_key.get(key)
        if s is None:
            s = self._site_key[key] = len(self.site_info)
            self.site_info.append(info)
            self.site_size.append(size_words)
            self._site_np = None
        return s

    def state_id(self, info: int) -> int:
        """The ``state`` code that makes an object's current info ``info``."""
        if info not in self.state_info:
            if len(self.state_info) >= 255:
                raise ValueError("too many distinct updated infos")
            self.state_info.append(info)
        return self.state_info.index(info)

    def new(self, info: int, producer: int, size_words: int, era: int) -> int:
        oid = len(self.site)
        self.site.append(self.site_id(info, size_words))
        self.producer.append(producer)
        return oid

    def era_advanced(self, era: int) -> None:
        """The LDV era became ``era``: objects allocated from now on belong to it."""
        while len(self._era_start) < era:
            self._era_start.append(len(self.site))

    def set_state(self, oid: int, code: int) -> None:
        """``state[oid] = code``, growing the column (the machine's IndexError path)."""
        self._grow(self.state, oid)
        self.state[oid] = code

    def set_last_use(self, oid: int, era: int) -> None:
        self._grow(self.use, oid)
        self.use[oid] = era

    def _grow(self, col: array | bytearray, oid: int) -> None:
        n = len(col)
        want = max(oid + 1, len(self.site)) + (len(self.site) >> 3) + 4096
        if want > n:
            if isinstance(col, bytearray):
                col.extend(bytes(want - n))
            else:
                col.frombytes(bytes(4 * (want - n)))

    # ------------------------------------------------------------------ reading
    def _sites(self) -> tuple[np.ndarray, np.ndarray]:
        if self._site_np is None:
            self._site_np = (np.array(self.site_info, dtype=np.int32),
                             np.array(self.site_size, dtype=np.int32))
        return self._site_np

    def _padded(self, col: array | bytearray, dtype: type, ids: np.ndarray | slice
                ) -> np.ndarray:
        """``col[ids]`` as numpy, zeros for ids the lazily grown column does not reach."""
        n = len(self.site)
        arr = np.frombuffer(col, dtype=dtype) if len(col) else np.zeros(0, dtype)
        if isinstance(ids, slice):
            start, stop, _ = ids.indices(n)
            out = np.zeros(max(0, stop - start), dtype=dtype)
            part = arr[start:stop]
            out[:len(part)] = part
            return out
        if len(ids) and int(ids.max()) >= len(arr):
            out = np.zeros(len(ids), dtype=dtype)
            inside = ids < len(arr)
            out[inside] = arr[ids[inside]]
            return out
        return arr[ids]

    def gather(self, name: str, ids: np.ndarray | slice) -> np.ndarray:
        """Column ``name`` (int32) at object ids ``ids`` (an index array or a slice)."""
        if not isinstance(ids, slice):
            ids = np.asarray(ids, dtype=np.int64)
        if name == "producer":
            return self._padded(self.producer, np.int32, ids)
        if name in ("info", "alloc_info", "size_words"):
            site = self._padded(self.site, np.int32, ids)
            sinfo, ssize = self._sites()
            if name == "size_words":
                return ssize[site]
            info = sinfo[site]
            if name == "info":
                st = self._padded(self.state, np.uint8, ids)
                changed = np.flatnonzero(st)
                if len(changed):
                    info[changed] = np.array(self.state_info, dtype=np.int32)[st[changed]]
            return info
        if name == "era":
            starts = np.frombuffer(self._era_start, dtype=np.int64)
            if isinstance(ids, slice):
                start, stop, _ = ids.indices(len(self.site))
                ids = np.arange(start, stop, dtype=np.int64)
            eras = np.searchsorted(starts, ids, side="right").astype(np.int32)
            fixed = self._era_fixed
            if len(fixed) and len(ids):
                low = ids < len(fixed)
                eras[low] = fixed[ids[low]]
            return eras
        if name == "last_use":
            return self._padded(self.use, np.int32, ids)
        raise KeyError(name)

    def slice(self, name: str, start: int, stop: int) -> np.ndarray:
        return self.gather(name, slice(start, stop))

    def unchanged_with(self, flag: np.ndarray) -> np.ndarray:
        """The ids of objects allocated with an info ``i`` that has ``flag[i]`` and whose
        state has not changed since (neither updated nor blackholed): the closures whose
        code may still run. One pass over the site column, no id list of every object."""
        sinfo, _ = self._sites()
        if not len(self.site) or not len(sinfo) or not len(flag):
            return np.zeros(0, dtype=np.int64)
        by_site = np.zeros(len(sinfo), dtype=bool)
        known = sinfo < len(flag)
        by_site[known] = flag[sinfo[known]]
        ids = np.flatnonzero(by_site[np.frombuffer(self.site, dtype=np.int32)])
        if len(ids):
            ids = ids[self._padded(self.state, np.uint8, ids) == 0]
        return ids

    def atoms(self, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The objects ``ids`` by *atom*, what fixes an object's current info and size:
        ``(atom, atom_info, atom_size)`` with ``atom`` (int32, one per object) an index into
        ``atom_info`` (its current info) and ``atom_size`` (its size_words as allocated).
        Atom ``code * sites + site`` is site ``site`` in state ``code`` (0 = as
        allocated), so a census sums objects per atom with one ``np.bincount`` and looks
        up infos and sizes per atom, not per object."""
        ids = np.asarray(ids, dtype=np.int64)
        site = self._padded(self.site, np.int32, ids)
        sinfo, ssize = self._sites()
        ns = len(sinfo)
        st = self._padded(self.state, np.uint8, ids) if len(self.state) else None
        top = int(st.max()) + 1 if st is not None and len(st) else 1  # atoms < top * ns
        a_info = np.tile(sinfo, top)
        if top > 1:
            for c in range(1, top):
                a_info[c * ns:(c + 1) * ns] = self.state_info[c]
            atom = st.astype(np.int32)  # type: ignore[union-attr]
            atom *= ns
            atom += site
        else:
            atom = site
        return atom, a_info, np.tile(ssize, top)

    def state_codes(self, ids: np.ndarray) -> np.ndarray:
        """The ``state`` code of each object (0 = as allocated; ``state_info[code]`` is
        its current info otherwise)."""
        return self._padded(self.state, np.uint8, np.asarray(ids, dtype=np.int64))

    def column(self, name: str) -> np.ndarray:
        """A whole column (a fresh array: O(objects), for tests and cold paths)."""
        return self.gather(name, slice(0, len(self.site)))

    @property
    def info(self) -> np.ndarray:  # type: ignore[override]
        return self.column("info")

    @property
    def size_words(self) -> np.ndarray:  # type: ignore[override]
        return self.column("size_words")

    @property
    def era(self) -> np.ndarray:  # type: ignore[override]
        return self.column("era")

    @property
    def last_use(self) -> np.ndarray:  # type: ignore[override]
        return self.column("last_use")

    def alloc_batch(self, start: int, stop: int) -> np.ndarray:
        """Rows ``start..stop-1``: info and size *as allocated*, the era of allocation."""
        n = stop - start
        out = np.empty(n, dtype=ALLOC_DTYPE)
        if n:
            ids = slice(start, stop)
            out["obj"] = np.arange(start, stop, dtype=np.int64)
            out["info"] = self.gather("alloc_info", ids)
            out["producer"] = self.gather("producer", ids)
            out["size_words"] = self.gather("size_words", ids)
            out["era"] = self.gather("era", ids)
        return out
