"""The scheme author's API: documented batch columns, names for ids, output paths, per-object
columns, the Scheme base class and the test harness (``profkit.testing``)."""

from __future__ import annotations

import numpy as np
import pytest

import profkit
from profkit.docs import batch_dtypes, documented_columns, dtype_columns, hook_reference
from profkit.kinds import ObjKind
from profkit.options import Config
from profkit.testing import EventScript, Recorder, profkit_run, run_program  # noqa: F401

HS = """\
module Main (main) where

data T = Leaf | Node T Int T

build :: Int -> T
build n = if n == 0 then Leaf else Node (build (n - 1)) n (build (n - 1))

size :: T -> Int
size Leaf = 0
size (Node l _ r) = size l + 1 + size r

main :: IO ()
main = print (size (build 8))
"""

SML = """\
datatype t = Leaf | Node of t * int * t
fun build 0 = Leaf
  | build n = Node (build (n - 1), n, build (n - 1))
fun size Leaf = 0
  | size (Node (l, _, r)) = size l + 1 + size r
val () = print (Int.toString (size (build 8)) ^ "\\n")
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same tree program on both backends, with tiny nurseries so that objects are
    copied, and producers recorded (``-hc`` turns MLWorks's space-profiling patches on)."""
    d = tmp_path_factory.mktemp("runs")
    hs = run_program(source=HS, name="tree.hs", flags=["-fprof-auto"], rts=["-A4k", "-hc"],
                     outdir=d / "hs")
    sml = run_program(source=SML, name="tree.sml", flags=["--creation-space", "4k"],
                      rts=["-hc"], outdir=d / "sml")
    assert hs.status == 0 and hs.stdout == "255\n", hs.stderr
    assert sml.status == 0 and sml.stdout == "255\n", sml.stderr
    return {"stg": hs, "mlworks": sml}


# ------------------------------------------------------------------ the documented batches


def test_every_hot_hook_documents_exactly_its_batch_columns_with_types():
    for hook, dtype in batch_dtypes().items():
        assert documented_columns(hook) == dtype_columns(dtype), hook


def test_profkit_hooks_prints_the_columns_and_the_id_rules():
    text = hook_reference()
    assert "dense header indexes" in text
    for hook, dtype in batch_dtypes().items():
        section = text.split(f"## {hook}(")[1].split("\n## ")[0]
        for name, typ in dtype_columns(dtype):
            assert f"- ``{name}`` ({typ}):" in section
        assert "batch.dtype: " + ", ".join(f"{n}: {t}" for n, t in dtype_columns(dtype)) \
            in section


@pytest.mark.parametrize("backend", ["stg", "mlworks"])
def test_batches_emitted_by_each_backend_have_the_documented_dtypes(runs, backend):
    rec: Recorder = runs[backend].events
    dtypes = batch_dtypes()
    seen = set()
    for event, parts in rec.batches.items():
        for batch in parts:
            assert batch.dtype == dtypes[f"profkit_{event}"], (backend, event)
        seen.add(event)
    expected = {"alloc", "copy", "death"} | ({"use", "update"} if backend == "stg" else set())
    assert expected <= seen


# ------------------------------------------------------------------ names for ids


def test_info_and_stack_names_on_the_stg_backend(runs):
    r = runs["stg"]
    s = r.session
    alloc = r.events.rows("alloc")
    names = set(profkit.info_names(s, alloc["info"]))
    assert "Node" in names and "I#" in names
    node = next(i for i in np.unique(alloc["info"]) if profkit.info_name(s, i) == "Node")
    d = profkit.info_description(s, node)
    assert (d.kind, d.kind_name, d.type) == (ObjKind.CON, "CON", "T")
    assert profkit.info_kind(s, node) == ObjKind.CON
    assert str(d) == "Node (Main) (con)"
    texts = {profkit.stack_text(s, p) for p in np.unique(alloc["producer"])}
    assert "MAIN/Main.CAF" not in texts and any(t.endswith("Main.build") for t in texts)
    build = next(p for p in np.unique(alloc["producer"])
                 if profkit.stack_text(s, p).endswith("Main.build"))
    assert profkit.stack_names(s, build, qualified=False)[-1] == "build"
    assert profkit.stack_text(s, 0) == "MAIN" and profkit.stack_text(s, -1) == "???"


def test_info_and_stack_names_on_the_mlworks_backend(runs):
    r = runs["mlworks"]
    s = r.session
    alloc = r.events.rows("alloc")
    kinds = {profkit.info_kind(s, i) for i in np.unique(alloc["info"])}
    assert ObjKind.CON in kinds
    # producers are one-frame stacks of ML functions (recorded because -hc asked for them)
    texts = {profkit.stack_text(s, p, qualified=False) for p in np.unique(alloc["producer"])}
    assert any(t.startswith("build[tree.sml:") for t in texts)  # MLWorks's function names
    assert all(len(profkit.stack_names(s, p)) <= 1 for p in np.unique(alloc["producer"]))


def test_output_dir_program_name_and_output_path(runs, tmp_path):
    s = runs["stg"].session
    assert profkit.program_name(s) == "tree"
    assert profkit.output_dir(s) == str(runs["stg"].outdir)
    assert profkit.output_path(s, ".ticky") == str(runs["stg"].outdir / "tree.ticky")
    cfg = Config(program="dir/prog.sml", outdir=str(tmp_path))
    assert profkit.output_path(cfg, ".x") == str(tmp_path / "prog.x")


# ------------------------------------------------------------------ per-object state


def test_object_column_grows_reads_unset_ids_as_fill_and_remaps():
    col = profkit.ObjectColumn()
    col.set(np.array([0, 1, 2]), np.array([7, 8, 9]))
    col.set(np.array([5000]), 4)
    assert col.get(np.array([2, 3, 5000, 10**6])).tolist() == [9, -1, 4, -1]
    col.remap(np.array([-1, 0, 1, -1, -1]))  # objects 1 and 2 become 0 and 1, 0 is gone
    assert col.get(np.array([0, 1, 2])).tolist() == [8, 9, -1]


# ------------------------------------------------------------------ Scheme and options


class Counting(profkit.Scheme):
    options = profkit.PluginOptions(
        "apitest", profkit.Option("enable", bool, False, "count"),
        profkit.Option("scale", int, 1, "multiply"))

    def __init__(self, config, opts=None):
        super().__init__(config, opts)
        self.words = 0
        self.promoted = 0

    @profkit.hookimpl
    def profkit_alloc(self, batch):
        self.words += int(batch["size_words"].sum()) * self.opts.scale

    @profkit.hookimpl
    def profkit_copy(self, batch):
        self.promoted += int((batch["to_gen"] > batch["from_gen"]).sum())


def test_scheme_add_schemes_follows_the_enable_option():
    assert Counting.add_schemes(Config(program="p.hs")) is None
    cfg = Config(program="p.hs", plugin_options={"apitest.enable": "yes", "apitest.scale": "3"})
    (scheme,) = Counting.add_schemes(cfg)
    assert scheme.opts.scale == 3 and scheme.output_path(".c") == "./p.c"


def test_event_script_drives_a_scheme_without_a_backend():
    scheme = Counting(Config(program="p.hs"))
    s = EventScript(scheme)
    cons = s.info(":", ObjKind.CON, "[]")
    thunk = s.info("<Main.x>", ObjKind.THUNK)
    a = s.alloc(cons, s.stack("main"), size_words=3)
    b = s.alloc(thunk, size_words=2)
    s.use(b)
    s.update(b, cons)
    s.gc(promote=[a], kill=[b])
    s.census()
    session = s.finish()
    assert scheme.words == 5 and scheme.promoted == 1
    assert profkit.stack_text(session, session.header.producer[a]) == "Main.main"


def test_event_script_censuses_see_the_live_objects():
    seen = []

    class Census:
        @profkit.hookimpl
        def profkit_census(self, census):
            seen.append((census.era, census.obj.tolist(),
                         int(census.col("size_bytes").sum()), census.gen.tolist()))

    s = EventScript(Census(), word_bytes=4)
    cons = s.info("pair", ObjKind.CON)
    a, b = s.alloc(cons, size_words=3), s.alloc(cons, size_words=2)
    s.gc(kill=[a], promote=[b], major=True)
    s.census()
    s.finish()
    assert seen == [(1, [b], 8, [1])]


def test_run_program_and_the_fixture_give_reports_and_events(profkit_run):
    r = profkit_run(source=HS, name="tree.hs", rts=["-p"])
    assert r.status == 0 and "tree.prof" in r.reports
    assert r.report(".prof").startswith("\t")
    assert r.events.names()[0] == "session_start" and r.events.names()[-1] == "session_finish"
    assert r.schemes() and r.schemes(Counting) == []


def test_profkit_reexports_the_author_api():
    for name in profkit.__all__:
        assert getattr(profkit, name) is not None
    assert profkit.hookimpl is __import__("profkit.hookspecs").hookspecs.hookimpl


@pytest.mark.parametrize("src, flags", [
    ("main = print (length (filter even [1 .. 3000 :: Int]))\n", []),
    ("val () = print (Int.toString (length (List.filter (fn x => x mod 2 = 0)\n"
     "    (List.tabulate (3000, fn i => i)))) ^ \"\\n\")\n", ["--creation-space", "16k"]),
])
def test_a_dataclass_scheme_runs_on_both_backends(tmp_path, src, flags):
    # a scheme object need not be hashable (a dataclass with eq is not): the backends ask
    # which plugins read last use or name objects without putting plugins in a set
    import io
    from dataclasses import dataclass, field

    from profkit import runner
    from profkit.options import parse_run_args

    @dataclass
    class Sizes:
        needs_last_use: bool = True
        totals: list = field(default_factory=list)

        @profkit.hookimpl
        def profkit_census(self, session, census):
            self.totals.append(int(census.col("size_words").sum()))

    prog = tmp_path / ("p.hs" if src.startswith("main") else "p.sml")
    prog.write_text(src)
    scheme = Sizes()
    cfg = parse_run_args([*flags, "--outdir", str(tmp_path), str(prog),
                          "+RTS", "-hc", "-i0.0001", "-RTS"])
    out = io.StringIO()
    assert runner.run(cfg, plugins=[scheme], stdout=out) == 0
    assert out.getvalue() == "1500\n" and scheme.totals and max(scheme.totals) > 0
