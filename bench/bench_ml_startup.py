"""Start-up of small SML programs: ``bench_startup.py --lang sml`` (kept under this name,
which earlier notes give).

    python bench/bench_ml_startup.py [--repeat N] [--arch x86|sparc] [--bytecode warm|none]
"""

from __future__ import annotations

import sys

from bench_startup import main  # run as `python bench/bench_ml_startup.py`

if __name__ == "__main__":
    sys.exit(main(["--lang", "sml", *sys.argv[1:]]))
