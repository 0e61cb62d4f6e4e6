"""The long robustness fuzz run (issue 17): token mutations of both languages' programs,
byte damage, random option lists and damaged report files, all through ``profkit.cli.main``
in-process, checking the README's error contract (documented exit status, no traceback,
one-line failures). Prints counts per kind and every input that broke the contract.

    .venv/bin/python bench/fuzz_long.py [SECONDS=600] [SEED=1]
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz import mutate as F  # noqa: E402

RUN = ["--max-steps", "300000"]
RTS_POOL = ["-p", "-P", "-pj", "-hc", "-hd", "-hy", "-hr", "-hb", "-hT", "-i0.001", "-iinf",
            "-i-1", "-A0", "-A16k", "-G3", "-Gx", "-M1m", "-M0", "-L3", "-R0", "-V0", "-xt",
            "-s", "-hcmain", "-hC", "-q", "", "-h", "-V1e999"]
OPT_POOL = ["--arch", "sparc", "x86", "mips", "--creation-space", "16k", "0", "1g",
            "--generations", "3", "-1", "--profile", "sp.txt", "--profile-manner", "abc",
            "7", "--max-steps", "nan", "1e400", "--outdir", "", "--backend", "stg", "ml",
            "-fprof-auto", "-fprof-cafs", "--profile-overflow", "--max-memory", "1k", "--",
            "-O2", "-x", "+RTS", "-RTS"]


def one_program(rng: random.Random, progs: list[Path], tmp: str) -> list[str]:
    src = rng.choice(progs)
    data = src.read_bytes()
    if rng.random() < 0.15:
        data = F.mutate_bytes(data, rng)
    else:
        data = F.mutate_text(data.decode("utf-8"), rng, rng.randint(1, 4)).encode(
            "utf-8", "surrogatepass")
    path = F.write(tmp, "m" + src.suffix, data)
    rts = rng.sample(["-p", "-hc", "-hd", "-i0.001"], rng.randint(0, 2))
    return ["run", "--outdir", tmp, *RUN, path] + (["+RTS", *rts, "-RTS"] if rts else [])


def one_options(rng: random.Random, progs: list[Path], tmp: str) -> list[str]:
    prog = str(rng.choice(progs))
    before = [rng.choice(OPT_POOL) for _ in range(rng.randint(0, 4))]
    rts = [rng.choice(RTS_POOL) for _ in range(rng.randint(0, 4))]
    return ["run", "--outdir", tmp, *RUN, *before, prog, "+RTS", *rts, "-RTS"]


def one_report(rng: random.Random, reports: list[Path], tmp: str) -> list[str]:
    src = rng.choice(reports)
    text = src.read_text(encoding="utf-8")
    if rng.random() < 0.2:
        data = F.mutate_bytes(text.encode(), rng)
    else:
        data = F.mutate_text(text, rng, rng.randint(1, 5)).encode("utf-8", "surrogatepass")
    path = F.write(tmp, "r" + src.suffix, data)
    if src.suffix == ".hp" and rng.random() < 0.5:
        return ["render", path, "-o", str(Path(tmp) / "r.svg")]
    return ["read", path]


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    progs = F.example_programs()
    tmp = tempfile.mkdtemp(prefix="profkit-fuzz-")
    reports = []
    for p in progs[:3] + [x for x in progs if x.suffix == ".sml"][:1]:
        F.run_cli(["run", "--outdir", tmp, "--max-steps", "2000000", str(p),
                   "+RTS", "-p", "-hc", "-i0.001", "-RTS"])
    reports = sorted(Path(tmp).glob("*.hp")) + sorted(Path(tmp).glob("*.prof"))
    kinds = {"program": one_program, "options": one_options, "report": one_report}
    counts: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    failures = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        kind = rng.choice(list(kinds))
        pool = reports if kind == "report" else progs
        if not pool:
            continue
        argv = kinds[kind](rng, pool, tmp)
        counts[kind] += 1
        try:
            status, _ = F.outcome(argv)
            statuses[status] += 1
        except AssertionError as e:
            failures += 1
            print(f"FAIL {kind}: {str(e)[:600]}", flush=True)
    total = sum(counts.values())
    print(f"inputs: {total} ({dict(counts)}); exit statuses {dict(sorted(statuses.items()))}; "
          f"contract failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
