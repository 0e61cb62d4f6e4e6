"""Where a shown type has its Strings (issue 18: an empty String shows as "" there, as GHC's
instances at the type show it, where the value alone, ``[]``, cannot tell): a code per
type, ``S`` a String, ``A`` anything else, ``L`` a list of the shape after it, ``M``
Maybe, ``E`` Either, ``T<n>`` an n-tuple (hex n) (``MT2SA``: Maybe (String, Int)), ``P`` a Map and
``Q`` a Set (the shape after it: the list it shows, of pairs or elements). The checked
type at a use of show gives it (``of_type``, for directed.py), a data field's declared
type text (``of_text``, for derived Show); ``deriving.Derived.shows`` makes the code."""

from __future__ import annotations

from . import typecheck_types as T


def expand(text: str, synonyms: dict[str, str]) -> str:
    """Field type ``text`` with a synonym of no parameters at its top replaced, repeatedly
    (``Name`` -> ``String``)."""
    seen = set()
    while text in synonyms and text not in seen:
        seen.add(text)
        text = synonyms[text]
    return text


def of_type(t: object) -> str | None:
    """Where a shown type has its Strings: ``S`` a String, ``A`` none, ``L`` a list of the
    shape after it, ``M`` Maybe, ``E`` Either, ``T<n>`` an n-tuple (``T2SA``: a String and
    anything); None where no String is inside a list, tuple, Maybe or Either."""
    head, args = T.spine(T.prune(t))
    key = getattr(head, "key", None)
    if key == "[]" and len(args) == 1:
        eh, _ = T.spine(T.prune(args[0]))
        if getattr(eh, "key", None) == "Char":
            return "S"
        inner = of_type(args[0])
        return None if inner is None else "L" + inner
    if key in ("Map", "Set") and len(args) == (2 if key == "Map" else 1):
        listed = _listed(key, args)  # shown as "fromList " and the list of its contents
        return None if listed is None else ("P" if key == "Map" else "Q") + listed
    parts = [of_type(a) for a in args]
    if all(x is None for x in parts):
        return None
    body = "".join(x or "A" for x in parts)
    if key in ("Maybe", "Either") and len(args) == (1 if key == "Maybe" else 2):
        return key[0] + body
    if key.startswith("(,") and len(args) == len(key) - 1:
        return f"T{len(args):x}" + body  # (T2..Tf: the number of components in hex)
    return None


def _listed(key: str, args: list) -> str | None:
    """The shape of the list a Map (its pairs) or a Set (its elements) is shown as."""
    if key == "Set":
        eh, _ = T.spine(T.prune(args[0]))
        if getattr(eh, "key", None) == "Char":
            return "S"  # a Set Char shows as a String
        inner = of_type(args[0])
        return None if inner is None else "L" + inner
    ck, cv = of_type(args[0]), of_type(args[1])
    return None if ck is None and cv is None else f"LT2{ck or 'A'}{cv or 'A'}"


def of_text(text: str, synonyms: dict[str, str]) -> str | None:
    """Where a data field's declared type ``text`` (its tokens spaced) has Strings, through
    the module's parameterless ``synonyms`` (name -> spaced text): ``of_type``'s codes."""
    toks = text.lstrip("!").split()
    pos = 0
    seen: set[str] = set()

    def app() -> str | None:  # a type application: its head's shape with arguments
        nonlocal pos
        head = pos
        args = []
        while pos < len(toks) and toks[pos] not in (")", "]", ",", "->"):
            args.append(atom())
        if pos < len(toks) and toks[pos] == "->":
            pos += 1
            app()
            return None
        name = toks[head] if head < len(toks) else ""
        if len(args) == 1:
            return args[0]
        parts = args[1:]
        if name in ("Maybe", "Either") and len(parts) == (1 if name == "Maybe" else 2) \
                and any(x is not None for x in parts):
            return name[0] + "".join(x or "A" for x in parts)
        return None

    def atom() -> str | None:
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "[":
            inner = app()
            pos += 1  # ]
            return "S" if inner == "C" else None if inner in (None, "C") else "L" + inner
        if t == "(":
            parts = [app()]
            while toks[pos] == ",":
                pos += 1
                parts.append(app())
            pos += 1  # )
            if len(parts) == 1:
                return parts[0]
            if 2 <= len(parts) <= 15 and any(x not in (None, "C") for x in parts):
                return f"T{len(parts):x}" + "".join(
                    "A" if x in (None, "C") else x for x in parts)
            return None
        if t == "Char":
            return "C"
        if t == "String":
            return "S"
        if t in synonyms and t not in seen:
            seen.add(t)
            return of_text(synonyms[t], synonyms)
        return None

    try:
        out = app()
    except IndexError:  # pragma: no cover - the type parsed: not reached
        return None
    return None if out == "C" else out


def parts(code: str) -> tuple[str, list[str]]:
    """A show shape's head (``L``, ``M``, ``E``, ``T``) and its parts' codes."""
    def one(i: int) -> int:  # the end of the shape starting at i
        c = code[i]
        if c in "SA":
            return i + 1
        n = 1 if c in "LMPQ" else 2 if c == "E" else int(code[i + 1], 16)
        j = i + 1 if c != "T" else i + 2
        for _ in range(n):
            j = one(j)
        return j

    head = code[0]
    i = 2 if head == "T" else 1
    parts = []
    while i < len(code):
        j = one(i)
        parts.append(code[i:j])
        i = j
    return head, parts
