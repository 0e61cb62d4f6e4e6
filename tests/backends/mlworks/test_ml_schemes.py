"""Every scheme on ML programs, on x86 and SPARC (issue 11): producers turned on by the
schemes that need them, call trees from stack scans with exact call counts, uses recorded
by the emulated code (-hb), MLWorks's time report, and -hr -hb<bio>."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from profkit.hookspecs import hookimpl
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, mlworks_space, retainer
from profkit.plugins.prof_read import read_profile
from profkit.plugins.hpfile import ghc_word, read_hp

sys.path.insert(0, str(Path(__file__).parent))
from ir_interp import run_program  # noqa: E402

ARCHS = ["x86", "sparc"]

# keeps `big` after its last use by `sum` (DRAG: only `count` walks the spine later),
# builds `never` and never reads it (VOID)
LEAK = """
fun mk i = (i, i + 1, i * 2)
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, mk n :: acc)
fun sum ([], s) = s
  | sum ((a, b, c) :: r, s) = sum (r, (s + a + b + c) mod 1000003)
fun count ([], k) = k
  | count (_ :: r, k) = count (r, k + 1)
fun spin (0, s) = s
  | spin (n, s) = spin (n - 1, (s + n) mod 7)
fun main () =
  let
    val big = build (1500, [])
    val t = sum (big, 0)
    val never = build (1500, [])
    val w = spin (40000, 0)
    val k = count (big, 0)
  in
    print (Int.toString t ^ " " ^ Int.toString w ^ " " ^ Int.toString k ^ "\\n")
  end
val () = main ()
"""

# calls of every kind: known, through closures, curried, mutual recursion, self tail calls
CALLS = """
fun nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2)
fun add x y = x + y
fun twice f x = f (f x)
fun even 0 = true
  | even n = odd (n - 1)
and odd 0 = false
  | odd n = even (n - 1)
fun loop (0, acc) = acc
  | loop (n, acc) = loop (n - 1, twice (add n) acc mod 1000)
fun main () =
  let
    val a = nfib 12
    val b = loop (200, 0)
    val c = if even 101 then 1 else 0
    val d = List.foldl (fn (x, s) => x + s) 0 (List.map (add 1) [1, 2, 3, 4])
  in
    print (Int.toString a ^ " " ^ Int.toString b ^ " " ^ Int.toString c ^ " "
           ^ Int.toString d ^ "\\n")
  end
val () = main ()
"""

NFIB = """fun nfib n = if n < 2 then 1 else nfib (n-1) + nfib (n-2)
fun main () = print (Int.toString (nfib 15) ^ "\\n")
val () = main ()
"""


# datatypes, records with strings, options, closures kept in a structure: the ordinary
# shapes of a held-out program (issue 11's check on held-out programs)
TREE = """
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
type entry = {key : int, name : string, weight : int}
fun insert (e : entry, Leaf) = Node (Leaf, e, Leaf)
  | insert (e, t as Node (l, x : entry, r)) =
      if #key e < #key x then Node (insert (e, l), x, r)
      else if #key e > #key x then Node (l, x, insert (e, r))
      else t
fun find (_, Leaf) = NONE
  | find (k, Node (l, x : entry, r)) =
      if k < #key x then find (k, l) else if k > #key x then find (k, r) else SOME x
fun fold f acc Leaf = acc
  | fold f acc (Node (l, x, r)) = fold f (f (x, fold f acc l)) r
fun build (0, t) = t
  | build (n, t) =
      let val k = (n * 7919) mod 2003
      in build (n - 1, insert ({key = k, name = Int.toString k ^ "!", weight = k mod 17},
                               t)) end
fun main () =
  let
    val t = build (400, Leaf)
    val hits = List.foldl (fn (k, s) => case find (k, t) of SOME e => s + #weight e
                                                          | NONE => s)
                          0 (List.tabulate (300, fn i => i * 3))
    val fs = List.map (fn i => fn x => x * i) (List.tabulate (200, fn i => i))
    val total = fold (fn (e, s) => s + #weight e) 0 t
    val chars = fold (fn (e, s) => s + size (#name e)) 0 t
  in
    print (Int.toString hits ^ " " ^ Int.toString total ^ " " ^ Int.toString chars ^ " "
           ^ Int.toString (List.foldl (fn (f, s) => (s + f 3) mod 9973) 0 fs) ^ "\\n")
  end
val () = main ()
"""

class _Grab:
    @hookimpl
    def profkit_session_finish(self, session):
        self.session = session


def run(tmp_path, src, arch, *opts, rts=(), name="p"):
    path = tmp_path / f"{name}.sml"
    path.write_text(src)
    cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--outdir", str(tmp_path),
                          "--creation-space", "16k", *opts, str(path),
                          *(["+RTS", *rts, "-RTS"] if rts else [])])
    out, grab = io.StringIO(), _Grab()
    status = runner.run(cfg, plugins=[plugin, ccprof, heapprof, ldvu, retainer, mlworks_space,
                                      grab], stdout=out, load_entrypoints=False)
    assert status == 0
    return out.getvalue(), grab.session.backend


def samples(path):
    """The non-empty samples' bands (plugins.hpfile, the reader hp2ps-style tools use)."""
    return [dict(s.bands) for s in read_hp(str(path)).samples if s.bands]


# ---------------------------------------------------------------- uses and biographies
@pytest.mark.parametrize("arch", ARCHS)
def test_biographies_add_up_to_the_hc_total_and_find_drag_and_void(tmp_path, arch):
    out, be = run(tmp_path, LEAK, arch, rts=["-hc", "-hb", "-i0.0004"])
    assert out == run_program(compile_sml(LEAK, "p.sml")).stdout == "504488 3 1500\n"
    hc, hb = samples(tmp_path / "p.hp"), samples(tmp_path / "p.hb.hp")
    assert len(hc) == len(hb) >= 5
    for a, b in zip(hc, hb):
        assert sum(a.values()) == sum(b.values())
    assert max(s["DRAG"] for s in hb) > 1000 * 16  # the tuples of `big` after `sum`
    assert max(s["VOID"] for s in hb) > 1000 * 16  # `never`'s cells and tuples
    assert any(s["USE"] for s in hb)
    # -hc names the producers without --profile
    assert any("mk[p.sml:2]" in k for s in hc for k in s)
    assert be.producers_note is not None


@pytest.mark.parametrize("arch", ARCHS)
def test_schemes_change_neither_output_nor_collections(tmp_path, arch):
    def colls(*opts, rts=()):
        out, be = run(tmp_path, LEAK, arch, *opts, rts=rts)
        return out, be.run_collections

    plain = colls()
    # every scheme's instrumentation (producers, call counts, uses, stack scans) is on in
    # these runs; a census interval longer than the run leaves the collections to the
    # program (a census adds a full collection at a virtual time, and the instrumentation's
    # own instructions move virtual time)
    for opts, rts in (((), ["-pj"]),
                      (("--profile", str(tmp_path / "m.txt"), "--profile-manner", "7"), ()),
                      ((), ["-hr", "-hbdrag,void", "-i10"]), ((), ["-hc", "-hb", "-p", "-i10"])):
        assert colls(*opts, rts=rts) == plain, (opts, rts)
    assert colls(rts=["-hb", "-i0.001"])[0] == plain[0]


@pytest.mark.parametrize("arch", ARCHS)
def test_no_scheme_changes_a_held_out_programs_output_or_collections(tmp_path, arch):
    """Every scheme the LEAK test does not run, alone, on TREE: the program's output and
    its collections per generation are the unprofiled run's (no census in the run: a
    census adds a collection at a virtual time, which instrumentation moves)."""
    ref = run_program(compile_sml(TREE, "p.sml")).stdout
    out, be = run(tmp_path, TREE, arch)
    plain = (out, be.run_collections)
    assert out == ref and sum(plain[1]) >= 10
    for opts, rts in (((), ["-hc", "-i10"]), ((), ["-hd", "-i10"]), ((), ["-hy", "-i10"]),
                      ((), ["-hb", "-i10"]), ((), ["-P"]),
                      (("--profile", str(tmp_path / "m.txt"), "--profile-manner", "1"), ()),
                      (("--profile", str(tmp_path / "m.txt"), "--profile-manner", "2"), ()),
                      (("--profile", str(tmp_path / "m.txt"), "--profile-manner",
                        str(3 + (2 << 16))), ())):
        out, be = run(tmp_path, TREE, arch, *opts, rts=rts)
        assert (out, be.run_collections) == plain, (opts, rts)


@pytest.mark.parametrize("arch", ARCHS)
def test_biographies_of_a_held_out_program_add_up_to_the_hc_total(tmp_path, arch):
    """TREE (strings: inherently used; a tree searched then folded; closures kept in a
    list) at a census every 0.2 ms: each census's five bands sum to the -hc total."""
    out, _be = run(tmp_path, TREE, arch, rts=["-hc", "-hb", "-i0.0002"])
    assert out == run_program(compile_sml(TREE, "p.sml")).stdout
    hc, hb = samples(tmp_path / "p.hp"), samples(tmp_path / "p.hb.hp")
    assert len(hc) == len(hb) >= 8
    for a, b in zip(hc, hb):
        assert sum(a.values()) == sum(b.values())
        assert set(b) <= {"LAG", "DRAG", "VOID", "USE", "INHERENT_USE"}
    assert max(s.get("INHERENT_USE", 0) for s in hb) > 0  # the names (strings)
    assert max(s.get("USE", 0) for s in hb) > 0 and max(s.get("LAG", 0) for s in hb) > 0


@pytest.mark.parametrize("arch", ARCHS)
def test_retainers_of_the_drag_and_void_heap(tmp_path, arch):
    run(tmp_path, LEAK, arch, rts=["-hr", "-hbdrag,void", "-i0.0004"])
    restricted = samples(tmp_path / "p.hp")
    run(tmp_path, LEAK, arch, rts=["-hc", "-hb", "-i0.0004"])
    bio = samples(tmp_path / "p.hb.hp")
    assert len(restricted) <= len(bio)
    wasted = [s["DRAG"] + s["VOID"] for s in bio]
    got = [sum(s.values()) for s in restricted]
    assert got == [w for w in wasted if w]
    assert any(k.startswith("(") for s in restricted for k in s)  # retainer set bands


# ---------------------------------------------------------------- calls and stacks
def test_call_counts_equal_the_interpreter_and_x86_equals_sparc(tmp_path):
    ref = run_program(compile_sml(CALLS, "p.sml"), count=True)
    got = {}
    for arch in ARCHS:
        out, be = run(tmp_path, CALLS, arch, rts=["-p"])
        assert out == ref.stdout
        names = [it.name for it in be.image.items]
        got[arch] = dict(zip(names, be.item_counts().tolist()))
    assert got["x86"] == got["sparc"]
    assert {k: v for k, v in got["x86"].items() if v} == ref.calls
    # entries in the .prof add up to the exact counts per function
    prof = read_profile(str(tmp_path / "p.prof"))
    per_fn: dict[str, int] = {}
    for _d, n in prof.root.walk():
        per_fn[n.cc.label] = per_fn.get(n.cc.label, 0) + n.entries
    # (the .prof prints MLWorks's blanks as "_": hpfile.ghc_word)
    assert {k: v for k, v in per_fn.items() if v} == {
        ghc_word(k): v for k, v in ref.calls.items()}


def _speedscope_import(d):
    """What speedscope's GHC importer (src/import/haskell.ts) does with a ``-pj`` file,
    checked as it would fail: the file is recognised by ``rts_arguments`` and
    ``initial_capabilities``; every tree node's ``id`` is looked up in ``cost_centres``
    (a missing one breaks the import); a node with no ticks, entries, alloc or children is
    skipped; frames are named ``module.label``, with ``src_loc`` as the file unless it
    starts with ``<``. Returns the (stack, ticks, alloc) of every frame drawn, and the
    two profiles' total weights."""
    assert "rts_arguments" in d and "initial_capabilities" in d
    for key, kind in (("program", str), ("total_ticks", int), ("tick_interval", int),
                      ("total_alloc", int), ("total_time", (int, float))):
        assert isinstance(d[key], kind), key
    names = {}
    for c in d["cost_centres"]:
        assert isinstance(c["id"], int) and isinstance(c["is_caf"], bool)
        assert all(isinstance(c[k], str) for k in ("label", "module", "src_loc"))
        names[c["id"]] = f"{c['module']}.{c['label']}"
    frames, totals = [], [0, 0]

    def add(t, stack):
        for k in ("id", "entries", "alloc", "ticks"):
            assert isinstance(t[k], int) and t[k] >= 0, (k, t)
        if not (t["ticks"] or t["entries"] or t["alloc"] or t["children"]):
            return
        stack = stack + (names[t["id"]],)  # KeyError: speedscope cannot draw it
        frames.append((stack, t["ticks"], t["alloc"]))
        for c in t["children"]:
            add(c, stack)
        totals[0] += t["ticks"]
        totals[1] += t["alloc"]

    add(d["profile"], ())
    return frames, totals


@pytest.mark.parametrize("arch", ARCHS)
def test_speedscope_draws_the_pj_of_an_ml_run(tmp_path, arch):
    # issue 11 item 3: the -pj of an ML program, read as speedscope reads GHC's
    out, _be = run(tmp_path, CALLS, arch, rts=["-pj", "-V0.00005"])
    frames, (ticks, alloc) = _speedscope_import(json.loads((tmp_path / "p.prof").read_text()))
    d = json.loads((tmp_path / "p.prof").read_text())
    assert ticks == d["total_ticks"] > 0 and alloc == d["total_alloc"] > 0
    # frame names are module.label: p.sml.nfib[p.sml:1]
    stacks = {tuple(re.sub(r"^(MAIN|p\.sml)\.", "", f).split("[")[0] for f in s)
              for s, _t, _a in frames}
    assert ("MAIN", "<Setup>", "main", "nfib") in stacks
    assert ("MAIN", "<Setup>", "main", "loop", "twice") in stacks
    assert ("MAIN", "<Setup>", "main", "loop", "add") in stacks


@pytest.mark.parametrize("arch", ARCHS)
def test_prof_nests_nfib_under_its_caller_with_the_exact_count(tmp_path, arch):
    out, _be = run(tmp_path, NFIB, arch, rts=["-p", "-V0.00005"])
    assert out == "987\n"
    prof = read_profile(str(tmp_path / "p.prof"))
    paths = {}

    def walk(n, path):
        path = path + (n.cc.label,)
        paths[path] = n
        for c in n.children:
            walk(c, path)

    walk(prof.root, ())
    node = paths[("MAIN", "<Setup>[p.sml:1,1]", "main[p.sml:2]", "nfib[p.sml:1]")]
    assert node.entries == 2 * 987 - 1 and not node.children
    assert prof.total_ticks > 0 and node.pct[0] == 100.0  # every tick is in nfib
    assert "(producers recorded by" in (tmp_path / "p.prof").read_text()


def _paths(prof):
    paths = {}

    def walk(n, path):
        path = path + (n.cc.label,)
        paths[path] = n
        for c in n.children:
            walk(c, path)

    walk(prof.root, ())
    return paths


@pytest.mark.parametrize("arch", ARCHS)
def test_functions_no_tick_catches_nest_under_their_callers(tmp_path, arch):
    # CALLS runs for less than one tick: every stack in the tree is one seen at a
    # function's first entry (-P: the same call tree as -p, with bytes), and every entry
    # and allocation is under the program's setup
    run(tmp_path, CALLS, arch, rts=["-P"])
    prof = read_profile(str(tmp_path / "p.prof"))
    assert [c.cc.label for c in prof.root.children] == ["<Setup>[p.sml:1,1]"]
    paths = _paths(prof)
    main = ("MAIN", "<Setup>[p.sml:1,1]", "main[p.sml:11]")
    assert paths[main + ("nfib[p.sml:2]",)].entries == 465
    assert paths[main + ("even[p.sml:5]",)].entries == 51
    assert paths[main + ("odd[p.sml:7]",)].entries == 51
    loop = main + ("loop[p.sml:9]",)
    assert paths[loop].entries == 201
    assert paths[loop + ("twice[p.sml:4]",)].entries == 200
    assert paths[loop + ("add[p.sml:3]",)].entries == 201
    # the closures `add n` and `twice (add n)` are allocated under loop, not at top level
    assert paths[loop + ("add[p.sml:3]",)].alloc > 0
    assert paths[loop + ("twice[p.sml:4]",)].alloc > 0
    assert sum(n.alloc for _d, n in prof.root.walk()) == \
        sum(n.alloc for p, n in paths.items() if p[:2] == main[:2])


# handlers in a loop: `find` turns Subscript into Bad, which the loop's handler catches; the
# handler frames popped by a raise or by the body's normal end stay in the stack memory
HANDLERS = """
exception Bad of int
val arr = Array.array (10, 1)
fun find i = Array.sub (arr, i) handle Subscript => raise Bad i
fun apply i = find i + find (i div 2)
fun h x = x * 2
val total = ref 0
val i = ref 0
val _ = while !i < 3000 do
  ((total := !total + apply (!i mod 13) + h (!i))
     handle Bad _ => total := !total + 1;
   i := !i + 1)
val _ = print (Int.toString (!total) ^ "\\n")
"""


@pytest.mark.parametrize("arch", ARCHS)
def test_stacks_after_handled_exceptions_nest_as_the_program_calls(tmp_path, arch):
    # every tick's stack (and every allocation's) is one the program can have: a handler
    # code address left in a popped handler frame is not a frame (SPARC put `<while>`
    # directly under MAIN at a third of the ticks), nor is the raising function the
    # innermost frame once the stack pointer is the handler's (x86 charged the raise's
    # `Bad i` packets to `<while>/find`)
    out, _be = run(tmp_path, HANDLERS, arch, rts=["-p", "-V0.0001"])
    assert out == "6933000\n"
    prof = read_profile(str(tmp_path / "p.prof"))
    paths = _paths(prof)
    loop = ("MAIN", "<Setup>[p.sml:1,1]", "<while>[p.sml:9]")
    allowed = {loop, loop + ("apply[p.sml:5]",), loop + ("apply[p.sml:5]", "find[p.sml:4]"),
               loop + ("h[p.sml:6]",), ("MAIN", "<Setup>[p.sml:1,1]", "<Setup>[basis.sml:1,1]")}
    wrong = {p: (n.pct, n.entries) for p, n in paths.items()
             if len(p) > 2 and p not in allowed and (any(n.pct) or n.entries)}
    assert not wrong
    find = paths[loop + ("apply[p.sml:5]", "find[p.sml:4]")]
    assert find.entries == 5310 and find.pct[1] > 0  # every call; the Bad packets


@pytest.mark.parametrize("arch", ARCHS)
def test_stale_return_addresses_in_slots_are_not_frames(tmp_path, arch):
    # the program's top level only calls `main`: every stack runs through <Setup>/main.
    # The word scan this replaced took a return address left in a slot the running
    # function had not written yet for a frame; on SPARC it put `compose/main/loop` and
    # `<anon>/main/loop` directly under the setup (lists.sml: `len`, `upto`, `revAppend`)
    src = (Path(__file__).parents[2] / "reference/sml/programs/closures.sml").read_text()
    run(tmp_path, src, arch, rts=["-p", "-V0.0002"])
    paths = _paths(read_profile(str(tmp_path / "p.prof")))
    setup = ("MAIN", "<Setup>[p.sml:1,1]")
    main = next(p for p in paths if p[:2] == setup and p[2:3] and p[2].startswith("main["))
    live = {p: n for p, n in paths.items() if any(n.pct) or n.entries}
    assert len(live) > 15
    for p in live:
        if len(p) > 2:
            assert p[:2] == setup, p
            assert p[:3] in (main, setup + ("<Setup>[basis.sml:1,1]",)), p
            assert not any(x.startswith("main[") for x in p[3:]), p


@pytest.mark.parametrize("arch", ARCHS)
def test_alloc_of_the_prof_equals_the_space_report(tmp_path, arch):
    run(tmp_path, LEAK, arch, rts=["-P"])
    prof = read_profile(str(tmp_path / "p.prof"))
    by_fn: dict[str, int] = {}
    for _d, n in prof.root.walk():
        if n.alloc:
            by_fn[n.cc.label] = by_fn.get(n.cc.label, 0) + n.alloc
    rep = tmp_path / "s.txt"
    run(tmp_path, LEAK, arch, "--profile", str(rep), "--profile-manner", "4")
    rows = {}
    for ln in rep.read_text().split("alloc      copied  name\n")[1].splitlines():
        m = re.fullmatch(r"\s*(\d+)\s+\d+  (.+)", ln)
        if m and m.group(2) != "total profiled" and int(m.group(1)):
            rows[m.group(2)] = int(m.group(1))
    assert by_fn == rows and rows["mk[p.sml:2]"] == 3000 * 16


# ---------------------------------------------------------------- MLWorks's time report
ROW = re.compile(r"([ \d]{7}\d|       -)  ([ \d]{7}\d)  ([ \d]{7}\d)  ([ \d]{7}\d)  "
                 r"([ \d]{7}\d)  ([ \d]{7}\d)   (\S.*)")
CALLER = re.compile(r" {10}([ \d]{7}\d)  ([ \d]{7}\d)  ([ \d]{7}\d) {23}(\S.*)")


@pytest.mark.parametrize("arch", ARCHS)
def test_time_and_call_count_report(tmp_path, arch):
    rep = tmp_path / "t.txt"
    manner = 1 + 2 + 4 + (1 << 16)  # calls, time, space, depth 1
    out, be = run(tmp_path, NFIB, arch, "--profile", str(rep), "--profile-manner",
                  str(manner), "--profile-select", "nfib", rts=["-V0.00005"])
    text = rep.read_text()
    head, rest = text.split("MLWorks time profile:\n")
    assert head.endswith("-" * 57 + "\n")
    lines = rest.splitlines()
    assert re.fullmatch(r"\d+ bytes used for time profiling data", lines[0])
    assert lines[1:3] == ["functions profiled : 1", "functions call-counted : 1"]
    scans = int(lines[3].split(": ")[1])
    assert scans > 0
    assert lines[4] == "(plus 0 ticks in GC, 0 ticks in profiler, 0 re-entered)"
    assert lines[5].startswith("frames scanned: ")
    k = lines.index("   calls       top     scans     found     depth      self   name")
    m = ROW.fullmatch(lines[k + 1])
    assert m and m.group(7) == "nfib[p.sml:1]"
    calls, top, sc, found, depth, self_ = (int(m.group(i)) for i in range(1, 7))
    assert calls == 2 * 987 - 1 and top == sc == scans and found > scans
    assert depth == self_ and 5 < depth < 16  # nfib 15 recurses at most 14 deep
    c = CALLER.fullmatch(lines[k + 2])
    assert c and c.group(4).startswith("nfib[p.sml:1]; ")
    assert "MLWorks space profile" in text.split(lines[k + 1])[1]
    # the same numbers as Python values
    scheme = next(s for s in _schemes(be) if isinstance(s, mlworks_space.MLWorksSpaceProfile))
    f = scheme.time_result.function_profiles[0]
    assert (f.call_count, f.top, f.scans, f.found, f.depth, f.self) == \
        (calls, top, sc, found, depth, self_)


def _schemes(backend):
    return backend.session_schemes


@pytest.fixture(autouse=True)
def _keep_schemes(monkeypatch):
    """Let a test reach the run's scheme objects through its backend."""
    from profkit.backends.mlworks import backend as B

    orig = B.MLWorksBackend.shutdown

    def shutdown(self, session):
        self.session_schemes = list(session.schemes)
        return orig(self, session)

    monkeypatch.setattr(B.MLWorksBackend, "shutdown", shutdown)


@pytest.mark.parametrize("arch", ARCHS)
def test_ghc_format_reports_of_ml_code_names_read_as_words(tmp_path, arch):
    # MLWorks's code names have blanks ("foldl argument 3[basis.sml:75]"); GHC's text
    # formats are read as words (hp2ps: a band is the non-blank characters before its
    # value; .prof readers split rows on blanks; GHC refuses blanks in cost-centre names)
    for rts in (["-hd", "-i0.001"], ["-hc", "-i0.001"], ["-hr", "-i0.001"],
                ["-hr", "-hbdrag,void", "-i0.001"], ["-P"]):
        run(tmp_path, TREE, arch, rts=rts)
        if rts[0] == "-P":
            prof = (tmp_path / "p.prof").read_text().splitlines()
            i = next(k for k, ln in enumerate(prof) if ln.startswith("COST CENTRE")
                     and "no." in ln)
            rows = [ln.split() for ln in prof[i + 2:] if ln.strip()]
            # label, module, SRC (empty for ML code, MAIN's <built-in>), then no., entries,
            # four percentages, ticks, bytes
            assert rows and all(len(r) in (10, 11) and all(
                x.replace(".", "").isdigit() for x in r[-8:]) for r in rows), rows[:3]
            assert any(r[0].startswith("foldl_argument_") for r in rows)
            p = read_profile(str(tmp_path / "p.prof"))
            assert p.total_alloc > 0
            continue
        text = (tmp_path / "p.hp").read_text().splitlines()
        bands = [ln for ln in text if "\t" in ln]
        assert bands and all(len(ln.split()) == 2 and ln.split()[1].isdigit()
                             for ln in bands), [b for b in bands if len(b.split()) != 2][:3]
        assert any("argument_" in b for b in bands) or rts[0] == "-hr", rts


@pytest.mark.parametrize("arch", ARCHS)
def test_gcstats_counts_the_programs_collections_under_every_scheme(tmp_path, arch):
    # the space profiler's flush at the end of a run that records producers is a collection
    # for the profiler, not the program: gcstats (the study's `collections`) leaves it out
    import json

    from profkit.study import plugin as study_plugin

    src = tmp_path / "p.sml"
    src.write_text(LEAK)

    def colls(*opts, rts=()):
        path = tmp_path / "g.json"
        cfg = parse_run_args(["--backend", "mlworks", "--arch", arch, "--outdir", str(tmp_path),
                              "--creation-space", "16k", "-p", f"gcstats.file={path}", *opts,
                              str(src), *(["+RTS", *rts, "-RTS"] if rts else [])])
        assert runner.run(cfg, plugins=[plugin, ccprof, heapprof, ldvu, retainer, mlworks_space,
                                        study_plugin], stdout=io.StringIO(),
                          load_entrypoints=False) == 0
        g = json.loads(path.read_text())
        return [x["collections"] for x in g["generations"]]

    plain = colls()
    assert sum(plain) > 0
    for opts, rts in (((), ["-p"]), ((), ["-pj"]), ((), ["-hr", "-hbdrag,void", "-i10"]),
                      (("--profile", str(tmp_path / "m.txt"), "--profile-manner", "7"), ())):
        assert colls(*opts, rts=rts) == plain, (opts, rts)
