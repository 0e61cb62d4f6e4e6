"""Record ``codegen_images.json``: the sha256 of every golden program's load image on x86 and
SPARC (see ``tests/backends/mlworks/test_codegen_images.py``). Run from the repository root:

    .venv/bin/python tests/backends/mlworks/golden/record_codegen_images.py [--check]

Only re-record when a change of the machine code is intended; ``--check`` compares instead.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(REPO))

from tests.backends.mlworks import test_codegen_images as T  # noqa: E402


def main(argv: list[str]) -> int:
    embedded = T.embedded_snippets()
    images = T.compile_all(embedded)
    if "--check" in argv:
        want = T.load_golden()["images"]
        bad = [f"{n} {a}" for n in want for a in T.ARCHS
               if n in images and images[n][a] != want[n][a]]
        print(f"{len(images)} programs, {len(bad)} changed", *bad, sep="\n")
        return 1 if bad else 0
    T.GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    with open(T.GOLDEN, "w") as f:
        json.dump({"base": T.BASE, "images": images, "embedded": embedded}, f, indent=1,
                  sort_keys=True)
        f.write("\n")
    print(f"recorded {len(images)} programs x {len(T.ARCHS)} archs "
          f"({len(embedded)} embedded snippets) in {T.GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
