"""What GHC's ``read`` allocates (the machine charges it when ``read#`` runs; the text is
parsed by the front end's ``readvalue``, which the backend hands the machine)."""

from __future__ import annotations


def ghc_cost(shape: str, text: str) -> int:
    """Bytes GHC 9.0.2's ReadP-based ``read`` allocates for ``text`` at ``shape`` (a fit to
    its -p totals: an Int ``"7"`` 3,408, each further digit 384, each blank 160, a minus
    2,984; a list 5,872 plus 5,787 per element; Doubles 4,312 for ``"3.5"``; ``True``
    3,024): what the subset's direct parse does not allocate is charged as dead cells."""
    blanks = sum(ch.isspace() for ch in text)
    if shape.startswith("["):
        body = text.strip()[1:-1]
        items = [x for x in body.split(",") if x.strip()] if body.strip() else []
        return 5872 + sum(5787 + 384 * max(len(x.strip()) - 1, 0) for x in items) + \
            160 * blanks
    chars = len(text) - blanks
    if shape == "I":
        neg = text.count("-")
        return 3024 + 384 * (chars - neg) + 2984 * neg + 160 * blanks
    if shape == "D":
        return 3160 + 384 * chars + 160 * blanks
    return 3024 + 160 * blanks
