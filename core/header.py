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
