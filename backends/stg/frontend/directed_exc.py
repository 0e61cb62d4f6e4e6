"""Type-directed choice of an exception handler's type (Control.Exception, issue 18):
``catch``, ``handle`` and ``try`` checked at an exception type become the Prelude's
``catchAt#``/``handleAt#``/``tryAt#`` with that type's tag (``tag_of``, read back by
machine/exceptions.py's ``tag_name``: SomeException's catches every exception); a type the
checker leaves open is GHC's ambiguity error."""

from __future__ import annotations

from hashlib import blake2b

from profkit.errors import SourceError

from ..ir import EXC_TAG_NAMES

from . import syntax as S
from . import typecheck_types as T
from .deriving import Derived

#: the functions -> how to reach the exception's type: the path of (argument index) steps
#: through the function type, then (for try) the Either's Left
EXC_HANDLERS = {"catch": "catchAt#", "handle": "handleAt#", "try": "tryAt#"}


def tag_of(name: str) -> int:
    """A handled type's tag: its name's bytes as an Int (0: SomeException), a hash for a
    name longer than 7 bytes (ir.EXC_TAG_NAMES)."""
    if name == "SomeException":
        return 0
    tag = int.from_bytes(name.encode(), "big")
    if tag >> 56:
        digest = blake2b(name.encode(), digest_size=8).digest()
        tag = 1 << 62 | int.from_bytes(digest, "big") >> 3
        EXC_TAG_NAMES[tag] = name
    return tag


def _exc_type(name: str, t: object) -> object:
    sf = T.split_fun(t)
    if sf is None:
        return None
    if name == "try":  # IO a -> IO (Either e a)
        _, io_args = T.spine(sf[1])
        if not io_args:
            return None
        _, either = T.spine(io_args[-1])
        return either[0] if either else None
    if name == "catch":  # IO a -> (e -> IO a) -> IO a
        sf = T.split_fun(sf[1])
        if sf is None:
            return None
    h = T.split_fun(sf[0])  # the handler, e -> IO a
    return h[0] if h is not None else None


def exc_directed(e: S.EVar, t: object, derived: Derived, file: str) -> None:
    """``e`` (catch, handle or try) at the handler's type: the Prelude's function with
    its tag."""
    et = _exc_type(e.name, t)
    head = T.spine(et)[0] if et is not None else None
    if not isinstance(head, T.TCon) or getattr(head, "rigid", False):
        raise SourceError(f"Ambiguous type variable `e0' arising from a use of `{e.name}' "
                          "prevents the constraint `(Exception e0)' from being solved.",
                          file, e.span[0], e.span[1])
    name = head.name
    target = EXC_HANDLERS[e.name]
    # a partial application, as base's function applied to the type's dictionary
    e.name = "%" + derived.helper(f"{e.name}_{name}#", e.name, f"= {target} {tag_of(name)}")
