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
        decimal = _decimal_int(text)
        if decimal is not None:
            return decimal
        neg = text.count("-")
        return 3024 + 384 * (chars - neg) + 2984 * neg + 160 * blanks
    if shape == "D":
        return 3160 + 384 * chars + 160 * blanks
    return 3024 + 160 * blanks


def _decimal_int(text: str) -> int | None:
    """An Int in decimal (``" -42 "``, ``"(7)"``), from GHC 9.0.2's -p totals of reads of
    literals and of shown numbers (session 18): ``"7"`` 3,456, the second digit 296, each
    further one 280, a 0 after the first digit 16 less (base's Integer arithmetic returns
    its operand when adding 0), a minus 1,984, parentheses 2,680, blanks 96 each on either
    side and 80 for each further one on that side. None for other texts (hex, octal)."""
    body = text.strip()
    lead = len(text) - len(text.lstrip())
    trail = len(text) - len(text.rstrip())
    cost = sum(96 + 80 * (n - 1) for n in (lead, trail) if n)
    if body.startswith("(") and body.endswith(")"):
        body, cost = body[1:-1].strip(), cost + 2680
    if body.startswith("-"):
        body, cost = body[1:], cost + 1984
    if not body.isdigit() or not body.isascii():
        return None
    cost += 3456 + (296 if len(body) > 1 else 0) + 280 * max(len(body) - 2, 0)
    return cost - 16 * body[1:].count("0")
