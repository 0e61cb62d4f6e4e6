"""Issue 17: fuzzing in the suite. Token mutations of both languages' example programs,
random option lists and damaged report files go through ``profkit.cli.main`` in-process;
each must end with a documented exit status, no traceback, and a failure in one line
(``mutate.outcome``). Small and derandomized so that the suite stays fast and repeatable;
``bench/fuzz_long.py`` is the long run.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REFERENCE
from tests.fuzz import mutate as F

PROGRAMS = F.example_programs()


def fast(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))

REPORTS = sorted((REFERENCE / "ghc-9.0.2" / "out").rglob("*.prof"))[:4] + \
    sorted((REFERENCE / "ghc-9.0.2" / "shapes" / "out").rglob("*.hp"))[:4]


def _tmp() -> str:
    return tempfile.mkdtemp(prefix="profkit-fuzz-")


@fast(40)
@given(st.integers(0, len(PROGRAMS) - 1), st.integers(0, 2**32), st.integers(1, 4),
       st.booleans())
def test_mutated_programs(k, seed, edits, damage_bytes):
    rng = random.Random(seed)
    src = PROGRAMS[k]
    data = src.read_bytes()
    if damage_bytes:
        data = F.mutate_bytes(data, rng)
    else:
        data = F.mutate_text(data.decode(), rng, edits).encode("utf-8", "surrogatepass")
    tmp = _tmp()
    path = F.write(tmp, "m" + src.suffix, data)
    F.outcome(["run", "--outdir", tmp, "--max-steps", "200000", path, "+RTS", "-p", "-hc",
               "-i0.001", "-RTS"])


RTS_FLAG = st.one_of(
    st.sampled_from(["-p", "-P", "-pj", "-hc", "-hd", "-hy", "-hr", "-hb", "-hT", "-xt", "-s",
                     "-h", "-hC", "-hcmain", "-q", ""]),
    st.builds(lambda c, v: f"-{c}{v}", st.sampled_from("iLRAGMV"),
              st.one_of(st.sampled_from(["", "inf", "nan", "-1", "0", "1e999", "1e30", "x",
                                         "16k", "1g", "99999999g", "0.5"]),
                        st.text(max_size=5))),
)
PROFKIT_OPT = st.sampled_from([
    ["--arch", "sparc"], ["--arch", "mips"], ["--creation-space", "0"],
    ["--creation-space", "1g"], ["--creation-space", "64k"], ["--generations", "-1"],
    ["--generations", "3"], ["--profile", "sp.txt"], ["--profile-manner", "abc"],
    ["--profile-manner", "-5"], ["--max-steps", "nan"], ["--max-steps", "1e400"],
    ["--max-steps", "-5"], ["--max-memory", "1k"], ["--backend", "ml"], ["-fprof-auto"],
    ["--profile-overflow"], ["--outdir", ""], ["-x"], ["+RTS"], ["--"],
])


@fast(40)
@given(st.lists(PROFKIT_OPT, max_size=3), st.lists(RTS_FLAG, max_size=3), st.booleans())
def test_random_option_lists(opts, rts, sml):
    prog = next(p for p in PROGRAMS if p.suffix == (".sml" if sml else ".hs"))
    tmp = _tmp()
    argv = ["run", "--outdir", tmp, "--max-steps", "20000"]
    for o in opts:
        argv += o
    F.outcome(argv + [str(prog), "+RTS", *rts, "-RTS"])


@fast(60)
@given(st.integers(0, len(REPORTS) - 1), st.integers(0, 2**32), st.integers(1, 5),
       st.booleans(), st.booleans())
def test_damaged_reports(k, seed, edits, damage_bytes, render):
    rng = random.Random(seed)
    src = REPORTS[k]
    text = src.read_text(encoding="utf-8")
    data = (F.mutate_bytes(text.encode(), rng) if damage_bytes
            else F.mutate_text(text, rng, edits).encode("utf-8", "surrogatepass"))
    tmp = _tmp()
    name = rng.choice(["r", "my prog", "é ü"]) + src.suffix
    path = F.write(tmp, name, data)
    if render and src.suffix == ".hp":
        F.outcome(["render", path, "-o", str(Path(tmp) / "r.svg")])
    else:
        F.outcome(["read", path])


@fast(30)
@given(st.lists(st.tuples(st.text(min_size=1, max_size=12).filter(lambda s: "\n" not in s
                                                                   and "\r" not in s),
                          st.integers(0, 10**6)), min_size=1, max_size=4),
       st.lists(st.floats(0, 100, allow_nan=False), min_size=1, max_size=4))
def test_generated_hp_files_with_any_band_names(bands, times):
    """Any Unicode band name (spaces included) in a well-formed .hp reads and renders."""
    lines = ['JOB "j ü"', 'DATE "d"', 'SAMPLE_UNIT "seconds"', 'VALUE_UNIT "bytes"']
    for t in sorted(times):
        lines.append(f"BEGIN_SAMPLE {t:.2f}")
        lines += [f"{name.strip() or 'x'}\t{v}" for name, v in bands]
        lines.append(f"END_SAMPLE {t:.2f}")
    tmp = _tmp()
    path = F.write(tmp, "g.hp", "\n".join(lines) + "\n")
    status, _ = F.outcome(["read", path])
    assert status == 0
    status, _ = F.outcome(["render", path, "-o", str(Path(tmp) / "g.svg")])
    assert status == 0
