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
    # (a registered shape is one character of the private use area: readvalue.register)
    cost = read_value(sh, text, "cost") if sh >= "\ue000" else read_cost(sh, text)
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


#: characters of Haskell's lexemes (the Report's lex: symbols, specials)
LEX_SYMBOLS = "!#$%&*+./<=>?@\\^|-~:"
LEX_SPECIALS = "(),;[]{}`"


def p_lexSkip(s):
    """lex: the blanks before the lexeme."""
    text = list_to_str(s)
    return mkint(len(text) - len(text.lstrip()))


def p_lexLen(s, ident=LEX_SYMBOLS, specials=LEX_SPECIALS):
    """lex: the length of the lexeme after the blanks (0 at the end, -1 where none begins:
    an unterminated literal), charging base's ReadP lexer (a fit to GHC 9.0.2's -P,
    shapes/lexread22: 1,120 bytes a call with its list and pair, 80 a blank, 220 an
    identifier's character, 320 a symbol's, 440 a number's, 1,900 a character or string
    literal's, 328 a special)"""
    text = list_to_str(s)
    body = text.lstrip()
    n, each = _lexeme(body, ident, specials)
    _dead_cells(944 + 80 * (len(text) - len(body)) + each * max(n, 0) -
                (16 + 24 * n if n > 0 else 0))  # (less take's cells and the pair)
    return mkint(n)


def _lexeme(t, symbols, specials):
    """(length, bytes a character) of the lexeme at the start of ``t``."""
    if not t:
        return 0, 0
    c = t[0]
    if c in specials:
        return 1, 328
    if c.isalpha() or c == "_":
        i = 1
        while i < len(t) and (t[i].isalnum() or t[i] in "_'"):
            i += 1
        return i, 220
    if c.isdigit():
        if t[:2] in ("0x", "0X", "0o", "0O") and len(t) > 2 and t[2].isalnum():
            digits = "0123456789abcdefABCDEF" if t[1] in "xX" else "01234567"
            i = 2
            while i < len(t) and t[i] in digits:
                i += 1
            return i, 440
        i = 1
        while i < len(t) and t[i].isdigit():
            i += 1
        if i + 1 < len(t) and t[i] == "." and t[i + 1].isdigit():
            i += 2
            while i < len(t) and t[i].isdigit():
                i += 1
        if i < len(t) and t[i] in "eE":
            j = i + 1 + (i + 1 < len(t) and t[i + 1] in "+-")
            if j < len(t) and t[j].isdigit():
                i = j
                while i < len(t) and t[i].isdigit():
                    i += 1
        return i, 440
    if c in "'\"":
        i = 1
        while i < len(t) and t[i] != c:
            i += 2 if t[i] == "\\" else 1
        return (i + 1, 1900) if i < len(t) else (-1, 0)
    if c in symbols:
        i = 1
        while i < len(t) and t[i] in symbols:
            i += 1
        return i, 320
    return -1, 0


READ_PRIMS = {"read#": p_read, "lexSkip#": p_lexSkip, "lexLen#": p_lexLen}
READ_HELPERS = (_build, _read_at, _lexeme)
