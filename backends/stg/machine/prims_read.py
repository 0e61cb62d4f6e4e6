"""``read#``: the value of a text at a shape (``frontend/readshape``), parsed by the front
end's ``readvalue`` (which the backend hands the machine) and built here, with what GHC's
Read instances allocate charged (``machine/read.py``). Like ``prims.py`` these functions are
templates rebound into each machine's namespace."""

from __future__ import annotations


def p_read(shape, s):
    """``read`` at a shape: ``read_value`` (the front end's readvalue, given to the machine by
    the backend) parses the text as GHC's Read instances do."""
    return _read_at(list_to_str(shape), list_to_str(s), 0)


def _read_at(sh, text, less):
    """The value of ``text`` at shape ``sh``, built, charging GHC's lexer and ReadP parsers'
    garbage less ``less`` bytes (reads', prims_numeric.p_readsVal)."""
    try:
        value = read_value(sh, text)
    except ValueError as e:  # the front end's readvalue: no parse
        m.runtime_error(f"Prelude.read: {e}")
    cost = read_value(sh, text, "cost") if sh[0] == "J" else read_cost(sh, text)
    _dead_cells(max(cost - less, 0))
    return _build(value)


def _build(v):
    """A parsed value as heap objects (boxes, Strings, lists, Bools; a constructor, tuples
    included, as (its name, its fields' values))."""
    if type(v) is tuple and len(v) == 2:
        dc = m.datacons[v[0]]
        if not v[1]:
            return m.nullary[v[0]]
        fields = [_build(x) for x in v[1]]
        o = CON_CLASS(len(fields)).make(len(HI), dc, *fields)
        HIa(SITE(dc.info, len(fields) + 1))
        HPa(CCS)
        return o
    if type(v) is bool:
        return TRUE if v else FALSE
    if type(v) is int or type(v) is float:
        return mknum(v)
    if type(v) is str:
        return mkchr(v)
    if type(v) is tuple:  # a String
        return mkstr(v[0])
    lst = NIL
    for x in reversed(v):
        o = Con2.make(len(HI), DC_CONS, _build(x), lst)
        HIa(S_CONS)
        HPa(CCS)
        lst = o
    return lst


READ_PRIMS = {"read#": p_read}
READ_HELPERS = (_build, _read_at)
