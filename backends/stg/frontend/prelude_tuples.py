"""The Prelude's code for tuples of 8 to 15 components (GHC's Show, Eq and Ord instances
stop at 15), generated: the Prelude's eqStruct#, cmpStruct# and showsStruct# come here past
7. ``==`` and ``compare`` go field by field as base's derived instances do (no thunk for
the rest, nothing allocated); ``show`` is base's show_tuple, its closures' words beyond the
cells given to ``tupleCost#`` (GHC 9.0.2 -P of 8- and 9-tuples shown: 84 words, and 11 more
a component).

    source() -> the Haskell text, part of the Prelude module (pipeline._prelude_text)
"""

from __future__ import annotations

SIZES = range(8, 16)
_HEADER = """\
-- Tuples of 8 to 15 components (GHC's Show, Eq and Ord instances stop at 15): the Prelude's
-- eqStruct#, cmpStruct# and showsStruct# come here past 7. == and compare field by field
-- as base's derived instances (no thunk for the rest, nothing allocated); show as base's
-- show_tuple (its closures' words beyond the cells, tupleCost#: GHC 9.0.2 -P of 8- and
-- 9-tuples shown, 84 words and 11 more a component)
"""


def _vars(v: str, n: int) -> str:
    return ", ".join(f"{v}{i}" for i in range(1, n + 1))


def _chain(n: int, test: str, go: str, stop: list[str], last: str) -> list[str]:
    """Nested cases over fields 1..n-1 (``test`` of field i, ``go`` the alternative that
    goes on, ``stop`` the others), the last field's ``last``, from an indent of 6."""
    lines = []
    for i in range(1, n):
        ind = " " * (6 + 4 * (i - 1))
        lines.append(f"{ind}case {test.format(i=i)} of")
        lines.extend(f"{ind}  {alt}" for alt in ([go] if go.startswith("EQ") else []))
        if not go.startswith("EQ"):
            lines.extend(f"{ind}  {alt}" for alt in stop)
            lines.append(f"{ind}  {go}")
    lines.append(" " * (6 + 4 * (n - 1)) + last.format(i=n))
    if go.startswith("EQ"):
        for i in reversed(range(1, n)):
            lines.extend(" " * (6 + 4 * (i - 1)) + f"  {alt}" for alt in stop)
    return lines


def _eq_cmp(name: str, test: str, go: str, stop: list[str], last: str) -> list[str]:
    lines = [f"{name} x y = case x of"]
    for n in SIZES:
        lines += [f"  ({_vars('a', n)}) -> case y of", f"    ({_vars('b', n)}) ->"]
        lines += _chain(n, test, go, stop, last)
    return lines


def _shows() -> list[str]:
    lines = ["showsTuple# x s = case x of"]
    for n in SIZES:
        lines.append(f"  ({_vars('a', n)}) -> tupleCost# {84 + 11 * (n - 8)}")
        parts = ["'(' : showsPrec 0 a1"] + [f"',' : showsPrec 0 a{i}" for i in range(2, n + 1)]
        rows = [parts[k:k + 4] for k in range(0, n, 4)]
        for row in rows:
            lines.append("    " + " ".join(f"({p}" for p in row))
        lines.append("    (')' : s)" + ")" * n)
    return lines


def source() -> str:
    eq = _eq_cmp("eqTuple#", "a{i} == b{i}", "True ->", ["False -> False"], "a{i} == b{i}")
    cmp = _eq_cmp("cmpTuple#", "compare a{i} b{i}", "EQ ->", ["o -> o"],
                  "compare a{i} b{i}")
    return _HEADER + "\n".join(eq + cmp + _shows()) + "\n"
