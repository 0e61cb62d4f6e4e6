"""Record the code-generator golden (see ``tests/backends/mlworks/test_codegen_images.py``):
``codegen_programs.json.gz`` (the IR of every golden program, as today's front end compiles
it) and ``codegen_images.json`` (the sha256 of each program's load image on x86 and SPARC).
Run from the repository root:

    .venv/bin/python tests/backends/mlworks/golden/record_codegen_images.py [--baseline REV]
    .venv/bin/python tests/backends/mlworks/golden/record_codegen_images.py --check

``--baseline REV`` computes the digests with the code generators (``codegen/x86.py``,
``codegen/sparc.py``) of git revision REV instead of the working tree: how the golden was
recorded for the walker refactoring (issue 14), with REV the commit before it. ``--check``
compares the working tree's code generators with the recorded golden.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(REPO))

from tests.backends.mlworks import test_codegen_images as T  # noqa: E402

PACKAGE = "profkit.backends.mlworks.codegen"


def generators_at(rev: str) -> dict:
    """arch -> the ``generate`` function of ``codegen/<arch>.py`` at git revision ``rev``,
    loaded as a module of the working tree's codegen package (its relative imports)."""
    out = {}
    tmp = Path(tempfile.mkdtemp(prefix="codegen-baseline-"))
    for arch in T.ARCHS:
        text = subprocess.run(["git", "show", f"{rev}:backends/mlworks/codegen/{arch}.py"],
                              cwd=REPO, check=True, capture_output=True, text=True).stdout
        path = tmp / f"_baseline_{arch}.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(f"{PACKAGE}._baseline_{arch}", path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # dataclasses look their module up
        spec.loader.exec_module(mod)
        out[arch] = mod.generate
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        images, texts = T.load_golden()
        got = T.digests({n: T.program_from_text(t) for n, t in texts.items()})
        bad = [f"{n} {a}" for n in images for a in T.ARCHS if got[n][a] != images[n][a]]
        print(f"{len(images)} programs, {len(bad)} changed", *bad, sep="\n")
        return 1 if bad else 0
    archs = generators_at(argv[argv.index("--baseline") + 1]) if "--baseline" in argv \
        else T.ARCHS
    texts: dict[str, str] = {}
    for name, p in T.current_programs().items():
        text = repr(p)
        try:
            if T.program_from_text(text) != p:
                continue
        except (SyntaxError, RecursionError, MemoryError):  # too deeply nested for eval
            continue
        texts[name] = text
    programs = {n: T.program_from_text(t) for n, t in texts.items()}
    images = T.digests(programs, archs)
    T.GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    with open(T.GOLDEN, "w") as f:
        json.dump({"base": T.BASE, "images": images}, f, indent=1, sort_keys=True)
        f.write("\n")
    with gzip.GzipFile(T.PROGRAMS, "wb", mtime=0) as f:
        f.write(json.dumps(texts, indent=0, sort_keys=True).encode())
    print(f"recorded {len(images)} programs x {len(T.ARCHS)} archs in {T.GOLDEN.parent}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
