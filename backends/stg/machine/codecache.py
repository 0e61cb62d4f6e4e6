"""The generated machine code of a program, compiled once (issue 13, start-up).

Compiling the Python the code generator writes (700 KB for a 70-line program, most of it
the Prelude functions the program reaches) was the largest part of a run's start-up after
the front end's. Its code objects are kept in profkit's cache directory (``cachedir``;
``PROFKIT_NO_CACHE=1`` turns it off) under a hash of the source, its file name and
Python's version, as Python keeps a module's bytecode: running a program again, in the
same profiling mode, loads them instead of compiling. The generated source is the same
from run to run for the same program and flags, so the hash finds it.

    compiled_pieces(pieces, filename) -> list[CodeType]
"""

from __future__ import annotations

import marshal
import sys
from types import CodeType

from profkit.cachedir import read_entry, write_entry

try:  # hashlib's own blake2b, without loading OpenSSL
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = b"profkit-stg-code 1\n"
PREFIX = "stg-code-"
KEEP = 16  # programs x modes kept (an entry is about 1.5x its source)


def compiled_pieces(pieces: list[str], filename: str) -> list[CodeType]:
    """``compile(piece, filename, "exec")`` of each piece, from the cache when an earlier
    run compiled the same pieces."""
    h = blake2b(FORMAT, digest_size=20)
    h.update(sys.version.encode())
    h.update(filename.encode() + b"\0")
    for p in pieces:
        h.update(p.encode() + b"\0")
    name = f"{PREFIX}{h.hexdigest()}.marshal"
    data = read_entry(name, FORMAT)
    if data is not None:
        try:
            codes = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            codes = None
        if isinstance(codes, list) and len(codes) == len(pieces) and \
                all(type(c) is CodeType for c in codes):
            return codes
    codes = [compile(p, filename, "exec") for p in pieces]
    write_entry(name, FORMAT, marshal.dumps(codes), PREFIX, KEEP)
    return codes
