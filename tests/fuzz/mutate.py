"""Mutations of programs, option lists and report files for the robustness fuzzers.

Shared by the suite's Hypothesis tests (tests/fuzz/) and the long run (bench/fuzz_long.py).
Every input goes through ``profkit.cli.main`` in-process; :func:`outcome` checks the
documented contract (README, "Errors"): an exit status from the table, no traceback, and a
failure said in one line.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
from pathlib import Path

from profkit.cli import main

ROOT = Path(__file__).resolve().parents[2]

#: exit statuses README's Errors section documents (70, an internal error, is a bug)
DOCUMENTED_EXITS = {0, 1, 2, 3, 4, 130}

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\d+(?:\.\d+)?(?:e-?\d+)?|[A-Za-z_][\w\']*|\s+|.',
                    re.S)

#: tokens spliced into programs: both languages' keywords, edge-case literals, odd text
POOL = [
    "(", ")", "[", "]", "{", "}", ",", ";", "=", "->", "=>", "\\", "|", "::", ":", "let",
    "in", "where", "case", "of", "if", "then", "else", "do", "fn", "fun", "val", "end",
    "datatype", "data", "handle", "raise", "0", "1", "-1", "1e999", "-1e999", "0.0",
    "9" * 5000, "2 ^ 20000", "maxBound", "True", "()", "\"\"", "\"é€\"", "'x'", "#\"a\"",
    "~", "print", "main", "x", "undefined", "error \"boom\"", "1 + True", "\x00", "\ufeff",
    "\t", "\n", "\n  ", "{-", "-}", "(*", "*)", "--", "0x7FFFFFFF", "1073741824",
    "(" * 600, ")" * 600,
]


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def mutate_text(text: str, rng: random.Random, n: int = 3) -> str:
    """``n`` token-level edits: delete, duplicate, swap, replace from ``POOL``, truncate."""
    toks = tokens(text) or [""]
    for _ in range(n):
        k = rng.randrange(len(toks))
        op = rng.randrange(6)
        if op == 0 and len(toks) > 1:
            del toks[k]
        elif op == 1:
            toks.insert(k, toks[k])
        elif op == 2 and k + 1 < len(toks):
            toks[k], toks[k + 1] = toks[k + 1], toks[k]
        elif op == 3:
            toks[k] = rng.choice(POOL)
        elif op == 4:
            toks.insert(k, rng.choice(POOL))
        else:
            toks = toks[: max(1, k)]
    return "".join(toks)


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Byte-level damage (encodings): a stray byte, a cut multi-byte sequence."""
    k = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\x80", b"\x00", b"\xfe\xff"])
    return data[:k] + junk + data[k:]


def example_programs() -> list[Path]:
    """The examples and reference programs of both languages."""
    dirs = [ROOT / "examples", ROOT / "tests/reference/ghc-9.0.2/programs",
            ROOT / "tests/reference/sml/programs"]
    out: list[Path] = []
    for d in dirs:
        if d.is_dir():
            out += sorted(p for p in d.iterdir() if p.suffix in (".hs", ".sml"))
    return out


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``profkit ARGV`` in-process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def outcome(argv: list[str]) -> tuple[int, str]:
    """Run and check the contract; returns (status, stderr). AssertionError says which
    input broke it."""
    status, _, err = run_cli(argv)
    assert status in DOCUMENTED_EXITS, f"exit {status} for {argv!r}: {err[-400:]!r}"
    assert "Traceback" not in err, f"traceback for {argv!r}: {err[-800:]}"
    assert "profkit: internal error" not in err, f"internal error for {argv!r}: {err[-400:]}"
    if status == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("profkit: "), (argv, err)
    if status != 0 and re.search(r":\d+:\d+: error: ", err):
        assert len(err.strip().splitlines()) == 1, (argv, err)
    return status, err


def write(dirpath: str, name: str, data: str | bytes) -> str:
    path = os.path.join(dirpath, name)
    with open(path, "wb") as f:
        f.write(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    return path
