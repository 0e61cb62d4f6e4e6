"""MLWorks space profiling on the x86 machine: patching, routines, accounting, the report."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from capstone import CS_ARCH_X86, CS_MODE_32, Cs

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.profiling import spaceprof as SP
from profkit.backends.mlworks.profiling import patch_x86 as PX
from profkit.backends.mlworks.profiling import records as SR
from profkit.backends.mlworks.codegen.asm_x86 import alloc_pattern_counts
from profkit.backends.mlworks.codegen.x86 import generate
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.backends.mlworks.runtime.machine import Machine
from profkit.errors import UsageError
from profkit.options import parse_run_args
from profkit.plugins import mlworks_space
from tests.conftest import REFERENCE as REFDATA

REF = str(REFDATA / "sml")
PAIRS = """
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, (n, n) :: acc)
fun sum [] = 0
  | sum ((a, b) :: r) = a + b + sum r
fun go 0 = 0
  | go k = (sum (build (200, [])) + go (k - 1)) mod 1000003
val () = print (Int.toString (go 30) ^ "\\n")
"""


def machine(src: str, creation: int = 1 << 20, out=None) -> Machine:
    img = generate(compile_sml(src, "t.sml"), 0x00100000)
    return Machine(img, creation_space=creation, stdout=out if out is not None else io.StringIO())


def run_prog(path, *opts, rts=()):
    cfg = parse_run_args(["--backend", "mlworks", *opts, path, *rts])
    out = io.StringIO()
    status = runner.run(cfg, plugins=[plugin, mlworks_space], stdout=out,
                        load_entrypoints=False)
    return status, out.getvalue()


# ---------------------------------------------------------------- patching


def test_patch_rewrites_every_site_to_mlworks_form_and_undo_is_byte_identical():
    m = machine(PAIRS)
    before = m.read(m.image.base, m.image.vector_bytes)
    cmps, calls = alloc_pattern_counts(before, m.image.base)
    assert cmps == calls > 5
    p = SP.SpaceProfiler(m)
    p.start()
    after = m.read(m.image.base, m.image.vector_bytes)
    assert sum(x.sites for x in p.patches) == cmps
    # only disp8 bytes changed, 0x54 -> 0x50 and 0x04 -> 0x38
    diff = [(i, a, b) for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert len(diff) == 2 * cmps
    assert sorted({(a, b) for _, a, b in diff}) == [(0x04, 0x38), (0x54, 0x50)]
    # the patched code disassembles to MLWorks's patched forms
    cs = Cs(CS_ARCH_X86, CS_MODE_32)
    text = [f"{i.mnemonic} {i.op_str}" for i in cs.disasm(after, m.image.base)]
    assert not any("[esi + 0x54]" in t for t in text)
    assert sum(bool(re.fullmatch(r"cmp e[a-z]{2}, dword ptr \[esi \+ 0x50\]", t))
               for t in text) == cmps
    assert text.count("call dword ptr [esi + 0x38]") == cmps
    assert alloc_pattern_counts(after, m.image.base) == (0, 0)
    p.end(collect=False)
    assert m.read(m.image.base, m.image.vector_bytes) == before


def test_select_patches_only_matching_items():
    m = machine(PAIRS)
    p = SP.SpaceProfiler(m, select="build")
    p.start()
    names = [it.name for it, s in zip(m.image.items, p.selected) if s]
    assert names and all("build" in n for n in names)
    for pt in p.patches:
        it = m.image.item_at(pt.first)
        assert "build" in it.name
    p.end(collect=False)


def test_mismatch_is_refused_and_nothing_is_patched():
    # cmp r,[esi+0x54] without its call [esi+4]
    code = bytes.fromhex("3b4654") + bytes.fromhex("ff5604") + bytes.fromhex("3b5e54")
    with pytest.raises(UsageError, match=r"found 2/1 mismatch"):
        PX.plan(code, 0x1000)
    m = machine(PAIRS)
    it = next(i for i in m.image.items if i.name.startswith("build"))
    site = m.image.base + m.read(m.image.base, m.image.vector_bytes).index(
        bytes.fromhex("ff5604"), it.offset)
    m.write(site, bytes.fromhex("909090"))  # break one site: a cmp without its call
    before = m.read(m.image.base, m.image.vector_bytes)
    with pytest.raises(UsageError, match="mismatch"):
        SP.SpaceProfiler(m).start()
    assert m.read(m.image.base, m.image.vector_bytes) == before


def test_item_ranges_are_mlworks_first_and_last():
    m = machine(PAIRS)
    vec = m.read(m.image.base, m.image.vector_bytes)
    rs = SP.item_ranges(vec, m.image.base)
    assert [f for f, _ in rs] == [m.image.base + it.offset + 8 for it in m.image.items]
    assert rs[-1][1] == m.image.base + m.image.vector_bytes


def test_patching_code_that_already_ran_needs_the_cache_flush(monkeypatch):
    """Start profiling half-way through a run: translated blocks of the unpatched code
    exist. With ``ctl_remove_cache`` every allocation is recorded afterwards; without it
    the old translations keep calling the GC directly."""
    def records(flush: bool) -> int:
        m = machine(PAIRS, creation=1 << 14)
        # unicorn's own counting, which leaves translated blocks alone: the C block-hook
        # clock retranslates the blocks it stops in at each slice end, which happens to
        # refresh most of them (whether the patch is seen must not depend on that)
        m._by_count = True
        if not flush:
            monkeypatch.setattr(m.uc, "ctl_remove_cache", lambda a, b: None, raising=False)
        state = {}

        def on_slice(pc):
            if "p" not in state:
                state["p"] = SP.SpaceProfiler(m)
                state["p"].start()
        m.run(slice_units=20000, on_slice=on_slice)
        p = state["p"]
        p.end()
        return p.records
    with_flush = records(True)
    assert with_flush > 1000
    # measured: 17241 records with the flush, 26 without -- unicorn keeps running its
    # translated blocks of the unpatched code (only blocks translated later see the patch)
    assert records(False) * 10 < with_flush


# ---------------------------------------------------------------- routines and accounting


def test_known_allocation_is_counted_exactly():
    m = machine(PAIRS, creation=1 << 13)  # 8 KB: many collections
    p = SP.SpaceProfiler(m)
    p.start()
    m.run()
    p.end()
    assert m.stdout.getvalue() == "205997\n"  # 30 * 2 * (1 + ... + 200) mod 1000003
    a = p.allocated()
    build = next(n for n in a if n.startswith("build"))
    # per step: the argument tuple of the tail call, the cons and the (n, n) pair
    assert a[build] == 30 * 200 * 3 * 8
    i = next(k for k, it in enumerate(m.image.items) if it.name == build)
    assert p.accounts.count[i, 0, SR.PAIRS] == 30 * 200 * 3
    assert p.accounts.count[i, 0, SR.TOTAL] == 30 * 200 * 3
    assert p.copied()[build] > 0


def test_profiled_run_prints_the_same_and_collects_the_same():
    plain = machine(PAIRS, creation=1 << 13)
    plain.run()
    m = machine(PAIRS, creation=1 << 13)
    p = SP.SpaceProfiler(m)
    p.start()
    m.run()
    n_before_end = list(m.gc.collections)
    copied_before_end = m.gc.words_copied
    p.end()
    assert m.stdout.getvalue() == plain.stdout.getvalue()
    assert n_before_end == plain.gc.collections
    # the same objects: the collections copied exactly the same words
    assert copied_before_end == plain.gc.words_copied > 0
    assert sum(m.gc.collections) == sum(plain.gc.collections) + 1  # the profile end


def test_overflow_scheme_patches_nothing_and_counts_the_same():
    res = []
    for overflow in (False, True):
        m = machine(PAIRS, creation=1 << 13)
        before = m.read(m.image.base, m.image.vector_bytes)
        p = SP.SpaceProfiler(m, overflow=overflow)
        p.start()
        if overflow:
            assert m.read(m.image.base, m.image.vector_bytes) == before
        m.run()
        p.end()
        res.append((m.stdout.getvalue(), p.allocated(), p.copied(), m.gc.collections))
    assert res[0] == res[1]


@pytest.mark.parametrize("overflow", [False, True])
def test_report_totals_equal_collector_and_profiler_accounts(tmp_path, overflow):
    prog = os.path.join(REF, "programs", "closures.sml")
    f = tmp_path / "p.txt"
    opts = ["--profile", str(f), "--profile-manner", str(4 + 8 + (0xFF << 8)),
            "--creation-space", "64k", "--outdir", str(tmp_path)]
    status, out = run_prog(prog, *opts, *(["--profile-overflow"] if overflow else []))
    assert status == 0 and out == open(os.path.join(REF, "out", "closures.polyml.txt")).read()
    text = f.read_text()
    rows = parse_rows(text)
    total = rows.pop("total profiled")
    assert total[0] == sum(r[0] for r in rows.values()) > 0
    assert total[1] == sum(r[1] for r in rows.values()) > 0
    # breakdown consistency: node 0 total size = alloc; copies line sums to copied
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.endswith("  total profiled"))
    copies = [int(x) for x in lines[i + 1].split()]
    assert sum(copies) == total[1]
    assert lines[i + 2] == "          " + mlworks_space.HEADING
    assert int(lines[i + 4].split()[-1]) == total[0]


def parse_rows(text: str) -> dict[str, tuple[int, int]]:
    out = {}
    for ln in text.splitlines():
        m = re.fullmatch(r"([ \d]{12})([ \d]{12})  (.+)", ln)
        if m and m.group(1).strip() and not ln.startswith("          gen"):
            out[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return out


def test_alloc_rows_carry_the_producer_and_one_header_row_per_object(tmp_path, monkeypatch):
    from profkit.testing import Recorder

    # what the runtime's services allocate (never recorded: MLWorks's C-side allocation)
    runtime_bytes = [0]
    orig_alloc = Machine.alloc

    def counting_alloc(self, nbytes):
        runtime_bytes[0] += (nbytes + 7) & ~7
        return orig_alloc(self, nbytes)
    monkeypatch.setattr(Machine, "alloc", counting_alloc)
    rec = Recorder()
    cfg = parse_run_args(["--backend", "mlworks", "--profile", str(tmp_path / "p.txt"),
                          "--creation-space", "16k", "--outdir", str(tmp_path),
                          os.path.join(REF, "programs", "closures.sml")])
    out = io.StringIO()
    session_holder = {}

    class Grab:
        from profkit.hookspecs import hookimpl

        @hookimpl
        def profkit_run_end(self, session):
            session_holder["s"] = session
    runner.run(cfg, plugins=[plugin, mlworks_space, rec, Grab()], stdout=out,
               load_entrypoints=False)
    s = session_holder["s"]
    allocs, deaths = rec.rows("alloc"), rec.rows("death")
    # exactly one header row per object: every object dies once, ids dense
    assert sorted(deaths["obj"].tolist()) == list(range(len(allocs)))
    prof = s.backend.spaceprof
    produced = allocs["producer"] >= 0
    sizes = allocs["size_words"].astype(np.int64) * 4
    assert sizes[produced].sum() == prof.accounts.allocated().sum() > 0
    # every object the collector saw was allocated either by profiled code (recorded) or
    # by the runtime: the profile accounts for all inline allocation, no more, no less
    assert sizes.sum() == prof.accounts.allocated().sum() + runtime_bytes[0]
    infos = s.tables.infos
    kinds = {infos[i].space_kind for i in np.unique(allocs["info"][produced]).tolist()}
    assert kinds and "" not in kinds and kinds <= set(mlworks_space.KIND_INDEX)


# ---------------------------------------------------------------- reference programs


def polyml_alloc(prog: str) -> dict[str, int]:
    out = {}
    text = open(os.path.join(REF, "out", f"{prog}.polyml.alloc-noinline.txt")).read()
    body = text.split("ProfileAllocations) ====\n")[1].split("====")[0]
    for ln in body.splitlines():
        # top-level functions only: ``f(1)``; ``f(1)(1)`` is an anonymous function inside
        # f, which MLWorks names ``<anon>[file:line]``
        m = re.match(r"\s*(\d+) words\s+\d+ bytes\s+([^(\s]+)\(\d+\)$", ln)
        if m:
            out[m.group(2)] = out.get(m.group(2), 0) + int(m.group(1))
    return out


@pytest.mark.parametrize("prog", ["nfib", "closures"])
def test_reference_report_format_and_ranking_agrees_with_polyml(prog, tmp_path):
    f = tmp_path / "p.txt"
    status, out = run_prog(os.path.join(REF, "programs", prog + ".sml"), "--profile",
                           str(f), "--outdir", str(tmp_path))
    assert out == open(os.path.join(REF, "out", prog + ".polyml.txt")).read()
    lines = f.read_text().splitlines()
    assert lines[0] == "MLWorks profiler report"
    assert re.fullmatch(r"\d+ bytes of data used for profiling control", lines[1])
    assert re.fullmatch(r"profile period: \d+ ms", lines[2])
    assert re.fullmatch(r"functions profiled : \d+", lines[3])
    assert lines[4] == "-" * 57 and lines[-1] == "-" * 57
    # the default manner 7 also counts calls and takes time (MLWorks's time section first)
    assert lines[5] == "MLWorks time profile:"
    k = lines.index("MLWorks space profile")
    assert lines[k - 1] == "-" * 57 and lines[k - 2] == "-" * 57
    assert re.fullmatch(r"\d+ bytes used for profiling", lines[k + 1])
    assert re.fullmatch(r"\d+ collections", lines[k + 2])
    assert lines[k + 4:k + 6] == ["---", "       alloc      copied  name"]
    for ln in lines[k + 6:-1]:
        assert re.fullmatch(r"[ \d]{11}\d[ \d]{11}\d  \S.*", ln), ln
    ours = {}
    for name, (a, _c) in parse_rows(f.read_text()).items():
        base = name.split("[")[0].split(" ")[0]
        if not name.endswith("basis.sml:1,1]") and "basis.sml" not in name:
            ours[base] = ours.get(base, 0) + a
    poly = polyml_alloc(prog)
    common = [n for n in poly if n in ours and ours[n] > 0]
    top_poly = sorted(common, key=lambda n: -poly[n])[:3]
    top_ours = sorted(common, key=lambda n: -ours[n])[:3]
    assert top_poly == top_ours, (poly, ours)


def test_cli_profile_select_and_manner(tmp_path):
    f = tmp_path / "p.txt"
    prog = os.path.join(REF, "programs", "nfib.sml")
    r = subprocess.run([sys.executable, "-m", "profkit", "run", "--backend", "mlworks", prog,
                        "--profile", str(f), "--profile-manner", "12", "--profile-select",
                        "nfib", "--outdir", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rows = parse_rows(f.read_text())
    assert set(rows) - {"total profiled"} and all(
        "nfib" in n for n in rows if n != "total profiled")


def test_large_objects_are_recorded_and_a_full_record_area_is_flushed():
    """Objects bigger than the creation space go to static space without a collection, so
    more records than the area holds (creation / 8) can pile up: the routine's FLUSH stub
    empties the area and nothing is lost."""
    fields = ", ".join(["n"] * 1100)  # a 1100-field record: 4408 bytes > 4 KB creation
    src = f"""
fun big n = ({fields})
fun loop 0 = 0
  | loop n = #1 (big n) + loop (n - 1)
val () = print (Int.toString (loop 600) ^ "\\n")
"""
    m = machine(src, creation=4096)
    p = SP.SpaceProfiler(m)
    p.start()
    m.run()
    p.end()
    assert m.stdout.getvalue() == "180300\n"
    assert p.flushes >= 1 and p.records >= 600
    a = p.allocated()
    assert a[next(n for n in a if n.startswith("big"))] == 600 * 4408


def test_uncaught_exception_still_writes_the_report_and_unpatches(tmp_path):
    src = tmp_path / "boom.sml"
    src.write_text("fun f (0, acc) = (raise Div; acc)\n  | f (n, acc) = f (n - 1, n :: acc)\n"
                   "val () = print (Int.toString (length (f (100, []))) ^ \"\\n\")\n")
    f = tmp_path / "p.txt"
    cfg = parse_run_args(["--backend", "mlworks", "--profile", str(f), "--outdir",
                          str(tmp_path), str(src)])
    err = io.StringIO()
    status = runner.run(cfg, plugins=[plugin, mlworks_space], stdout=io.StringIO(),
                        stderr=err, load_entrypoints=False)
    assert status != 0 and "Div" in err.getvalue()
    rows = parse_rows(f.read_text())
    # per step the cons and the argument tuple of the tail call (1600 bytes, as the same
    # program without the raise gives), plus what the raise itself allocates
    assert 100 * 16 <= rows[next(n for n in rows if n.startswith("f["))][0] <= 100 * 16 + 16


def test_censuses_are_still_taken_under_both_schemes(tmp_path):
    """The runtime takes a census by arming gc_limit = gc_base; under the overflow scheme
    gc_limit is always armed, so the request reaches ml_gc_profile through a thread word.
    Without that, censuses would wait for the creation space to fill (1 MB here)."""
    from profkit.testing import Recorder

    counts = []
    for extra in ([], ["--profile-overflow"]):
        rec = Recorder()
        cfg = parse_run_args(["--backend", "mlworks", "--profile", str(tmp_path / "p"),
                              "--outdir", str(tmp_path), *extra,
                              os.path.join(REF, "programs", "closures.sml"),
                              "+RTS", "-i0.002"])
        runner.run(cfg, plugins=[plugin, mlworks_space, rec], stdout=io.StringIO(),
                   load_entrypoints=False)
        counts.append([c[0] for c in rec.calls].count("census"))
    assert counts[0] > 5
    assert abs(counts[1] - counts[0]) <= max(2, counts[0] // 5)


def test_accounts_add_counts_each_object_in_its_cell_and_the_functions_total():
    # the per-function counters against a plain element-by-element reference
    rng = np.random.default_rng(7)
    acc = SR.Accounts(n_funcs=40, n_gens=3)
    ref = {k: np.zeros_like(getattr(acc, k)) for k in ("count", "bytes", "over")}
    for gen in (0, 1, 3, 2, 1, 0):
        k = int(rng.integers(0, 300))
        func = rng.integers(0, 40, k)
        kind = rng.choice([0, 1, 2, 3, 4, 6, SR.CLOSURES, SR.PAIRS], k)
        size = rng.integers(8, 4096, k) & ~7
        over = rng.integers(0, 16, k)
        acc.add(func, gen, size, kind, over)
        for f, kd, s, o in zip(func, kind, size, over):
            for cell in ((f, gen, kd), (f, gen, SR.TOTAL)):
                ref["count"][cell] += 1
                ref["bytes"][cell] += s
                ref["over"][cell] += o
    for name, want in ref.items():
        assert np.array_equal(getattr(acc, name), want), name
    assert acc.allocated().tolist() == ref["bytes"][:, 0, SR.TOTAL].tolist()
