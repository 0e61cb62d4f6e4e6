"""``bench/bench_all.py --against DIR`` with a checkout of the repository imports *that*
checkout's profkit (a tree of links laid out as the package), not the installed one."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _bench_all():
    spec = importlib.util.spec_from_file_location(
        "bench_all", os.path.join(ROOT, "bench", "bench_all.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_checkout_is_laid_out_as_the_package(tmp_path):
    # GIVEN a checkout-like folder whose profkit says where it comes from
    co = tmp_path / "checkout"
    (co / "core").mkdir(parents=True)
    (co / "core" / "__init__.py").write_text("WHERE = 'checkout'\n")
    (co / "plugins").mkdir()
    (co / "plugins" / "__init__.py").write_text("")
    (co / "plugins" / "marker.py").write_text("WHERE = 'checkout plugins'\n")
    # WHEN bench_all makes the folder to put on PYTHONPATH
    tree = _bench_all().package_tree(str(co))
    # THEN a fresh interpreter with it imports the checkout's package and subpackage
    out = subprocess.run(
        [sys.executable, "-c", "import profkit, profkit.plugins.marker as m; "
                               "print(profkit.WHERE, '|', m.WHERE)"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=tree), timeout=60)
    assert out.stdout.strip() == "checkout | checkout plugins", out.stderr
    # and a folder that already holds a profkit package is used as it is
    assert _bench_all().package_tree(tree) == tree


def test_more_programs_are_named_by_their_file():
    # --add bench/programs/sort_heap.hs: listed after the reference programs, as x/sort_heap
    bench = _bench_all()
    path = os.path.join(ROOT, "bench", "programs", "sort_heap.hs")
    got = bench.programs([path])
    assert got[-1] == ("x/sort_heap", path)
    assert [n for n, _ in got[:-1]] == [n for n, _ in bench.programs()]
    assert all(not n.startswith("x/") for n, _ in bench.programs())
