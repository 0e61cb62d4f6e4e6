"""The -hr scheme: band names, the .prof listing, restrictions and file names, through a real
Session fed with hand-made censuses (and, at the end, the STG backend on mean_leak)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from profkit.errors import UsageError
from profkit.heap import CensusView, HeapGraph
from profkit.kinds import ObjKind
from profkit.options import Config, parse_rts_flag
from profkit.plugins import retainer
from profkit.plugins.hpfile import read_hp
from profkit.plugins.retainer_sets import MANY, RetainerSets
from profkit.session import Session
from profkit.tables import CostCentre, Info, Tables
from tests.conftest import REFERENCE as REFDATA

REFERENCE = str(REFDATA / "ghc-9.0.2")


def mean_leak_stacks(t: Tables) -> dict[str, int]:
    """Stacks shaped as in GHC's mean_leak: SYSTEM, a library CAF, Main.CAF/main/mean."""
    st, cc = t.stacks, t.ccs
    out = {"MAIN": st.MAIN}
    out["SYSTEM"] = st.push(0, cc.intern(CostCentre("SYSTEM", "SYSTEM", "<built-in>")))
    out["CAF"] = st.push(0, cc.intern(CostCentre("CAF", "GHC.Conc.Signal", "<entire-module>",
                                                 is_caf=True)))
    main_caf = st.push(0, cc.intern(CostCentre("CAF", "Main", "<entire-module>", True)))
    out["main"] = st.push(main_caf, cc.intern(CostCentre("main", "Main", "m.hs:9:1-30")))
    out["mean"] = st.push(out["main"], cc.intern(CostCentre("mean", "Main", "m.hs:6:1-43")))
    return out


def test_band_names_order_and_hard_cut():
    t = Tables()
    s = mean_leak_stacks(t)
    sets = RetainerSets(8)
    both = sets.intern([s["mean"], s["SYSTEM"]])
    caf_main = sets.intern([s["MAIN"], s["CAF"]])
    # GHC's order: CAF stacks, then SYSTEM/MAIN, then stacks pushed at run time
    assert retainer.band_name(sets, t, both, 25) == f"({both})SYSTEM,mean"
    assert retainer.band_name(sets, t, caf_main, 25) == f"({caf_main})CAF,MAIN"
    # -L cuts the whole name, id included, with no "..." (FINDINGS §4: "(102)SYSTEM,")
    assert retainer.band_name(sets, t, both, 12) == f"({both})SYSTEM,mean"[:12]
    assert len(retainer.band_name(sets, t, both, 6)) == 6
    assert retainer.band_name(sets, t, MANY, 25) == "MANY"
    # SET listing: Module.label, innermost first, MAIN left out (MAIN alone is <>)
    assert retainer.set_listing_line(sets, t, both) == (
        f"SET {both} = {{<SYSTEM.SYSTEM>, <Main.mean,Main.main,Main.CAF>}}")
    assert retainer.set_listing_line(sets, t, caf_main) == (
        f"SET {caf_main} = {{<GHC.Conc.Signal.CAF>, <>}}")


class Run:
    """A session with the retainer scheme, fed censuses of a small heap by hand."""

    def __init__(self, tmp_path, flags):
        cfg = Config(program=str(tmp_path / "m.hs"), outdir=str(tmp_path))
        for f in flags:
            parse_rts_flag(f, cfg.rts)
        self.session = sess = Session(cfg, [retainer], load_entrypoints=False)
        self.stacks = mean_leak_stacks(sess.tables)
        infos = sess.tables.infos
        self.info = {
            "thunk": infos.intern(Info("<Main.sat>", "*", "Main", ObjKind.THUNK)),
            "cons": infos.intern(Info(":", "[]", "GHC.Types", ObjKind.CON)),
            "stack": infos.intern(Info("STACK", "STACK", "SYSTEM", ObjKind.STACK)),
        }
        sess.session_start()
        self.time = 0.0

    def new(self, what, producer, words):
        return self.session.header.new(self.info[what], self.stacks[producer], words,
                                       self.session.era)

    def census(self, objs, edges, roots):
        """``edges``/``roots`` in object ids; roots are (obj, stack name)."""
        sess = self.session
        h = sess.header
        objs = np.array(sorted(objs), dtype=np.int64)
        pos = {int(o): i for i, o in enumerate(objs)}
        children = [[] for _ in objs]
        for a, b in edges:
            children[pos[a]].append(pos[b])
        offsets = np.zeros(len(objs) + 1, dtype=np.int64)
        offsets[1:] = np.cumsum([len(c) for c in children])
        kinds = sess.tables.infos.columns()["kind"][h.column("info")[objs]]
        is_ret = kinds == int(ObjKind.THUNK)
        graph = HeapGraph(
            offsets=offsets,
            targets=np.array([x for c in children for x in c], dtype=np.int64),
            roots=np.array([pos[o] for o, _ in roots], dtype=np.int64),
            root_identity=np.array([self.stacks[name] for _, name in roots], dtype=np.int64),
            is_retainer=is_ret,
            identity=np.where(is_ret, h.column("producer")[objs], -1))
        self.time += 0.5
        view = CensusView(time=self.time, era=sess.era, obj=objs,
                          gen=np.zeros(len(objs), np.int8), tables=sess.tables, header=h,
                          graph=graph)
        sess.census(view)

    def finish(self):
        self.session.run_end()
        self.session.finish(0)


def leak(run: Run, n_cells: int = 3, unreachable: bool = True):
    """mean_leak in miniature: the stack (SYSTEM) holds the sum thunk and the first cell;
    mean's length thunk holds the list too; main produced the list."""
    sum_t = run.new("thunk", "mean", 3)
    len_t = run.new("thunk", "mean", 3)
    cells = [run.new("cons", "main", 3) for _ in range(n_cells)]
    lost = run.new("cons", "main", 3) if unreachable else None
    edges = [(len_t, cells[0])] + [(a, b) for a, b in zip(cells, cells[1:])]
    objs = [sum_t, len_t, *cells] + ([lost] if unreachable else [])
    roots = [(sum_t, "SYSTEM"), (len_t, "SYSTEM"), (cells[1], "SYSTEM")]
    return objs, edges, roots


def test_costs_per_set_stable_ids_and_reports(tmp_path):
    run = Run(tmp_path, ["-hr"])
    objs, edges, roots = leak(run)
    run.census(objs, edges, roots)
    run.census(objs, edges, roots)
    run.finish()
    scheme = run.session.schemes[0]
    r0, r1 = scheme.records
    # GIVEN two identical censuses THEN the same sets get the same ids and costs
    assert r0.costs == r1.costs
    names = {scheme.band(i): v for i, v in r0.costs.items()}
    sysid = scheme.sets.intern([run.stacks["SYSTEM"]])
    both = scheme.sets.intern([run.stacks["SYSTEM"], run.stacks["mean"]])
    meanid = scheme.sets.intern([run.stacks["mean"]])
    # the thunks: SYSTEM; cell 0: mean only; cells 1, 2: SYSTEM and mean; the lost cell: none
    assert names == {f"({sysid})SYSTEM": 48, f"({meanid})mean": 24,
                     f"({both})SYSTEM,mean": 48}
    assert r0.total_cost == 120  # the reachable heap (the unreachable cell left out)
    hp = read_hp(str(tmp_path / "m.hp"))
    assert [s.bands for s in hp.samples[1:-1]] == [names, names]
    prof = (tmp_path / "m.prof").read_text()
    assert prof.startswith("Retainer Profiling: 0, at 0.500000 seconds\n"
                           "\tMax auxiliary stack size = ")
    assert "\tCurrent total costs = 120\n\tNumber of retainer sets = " in prof
    assert "Retainer Profiling: 1, at 1.000000 seconds\n" in prof
    listing = prof.split("\nRetainer sets created during profiling:\n")[1]
    want = {sysid: f"SET {sysid} = {{<SYSTEM.SYSTEM>}}",
            both: f"SET {both} = {{<SYSTEM.SYSTEM>, <Main.mean,Main.main,Main.CAF>}}",
            meanid: f"SET {meanid} = {{<Main.mean,Main.main,Main.CAF>}}"}
    assert listing == "".join(want[i] + "\n" for i in sorted(want))


def test_restriction_by_producer_and_by_retainer(tmp_path):
    # -hr -hcmain: only what main produced is costed (GHC's idiom after -hc -hbdrag,void)
    run = Run(tmp_path, ["-hr", "-hcmain"])
    objs, edges, roots = leak(run)
    run.census(objs, edges, roots)
    run.finish()
    scheme = run.session.schemes[0]
    got = {scheme.band(i): v for i, v in scheme.records[0].costs.items()}
    meanid = scheme.sets.intern([run.stacks["mean"]])
    both = scheme.sets.intern([run.stacks["SYSTEM"], run.stacks["mean"]])
    assert got == {f"({meanid})mean": 24, f"({both})SYSTEM,mean": 48}
    # -hr -hrmean: only objects whose set holds a retainer under mean
    run2 = Run(tmp_path, ["-hr", "-hrmean"])
    objs, edges, roots = leak(run2)
    run2.census(objs, edges, roots)
    run2.finish()
    assert run2.session.schemes[0].records[0].total_cost == 72


def test_thread_stacks_are_left_out_unless_xt(tmp_path):
    for flags, want in ((["-hr"], 0), (["-hr", "-xt"], 40)):
        run = Run(tmp_path, flags)
        st = run.new("stack", "MAIN", 5)
        run.census([st], [], [(st, "SYSTEM")])
        run.finish()
        assert run.session.schemes[0].records[0].total_cost == want


def test_with_p_the_prof_report_is_not_overwritten(tmp_path):
    run = Run(tmp_path, ["-hr", "-p"])
    objs, edges, roots = leak(run)
    run.census(objs, edges, roots)
    run.finish()
    # nobody claimed the sections: they go to m.retainers, m.prof is left to the -p scheme
    assert not (tmp_path / "m.prof").exists()
    assert (tmp_path / "m.retainers").read_text().startswith("Retainer Profiling: 0")
    # a .prof writer that claims them gets (head, tail) and the scheme writes nothing
    (tmp_path / "x").mkdir()
    run2 = Run(tmp_path / "x", ["-hr", "-p"])
    objs, edges, roots = leak(run2)
    run2.census(objs, edges, roots)
    run2.session.run_end()
    head, tail = retainer.claim_prof_sections(run2.session)
    run2.session.finish(0)
    assert head.startswith("Retainer Profiling: 0") and tail.startswith(
        "\nRetainer sets created during profiling:\nSET ")
    assert not (tmp_path / "x" / "m.retainers").exists()


def test_file_names_and_bad_combinations(tmp_path):
    def scheme(*flags):
        cfg = Config(program=str(tmp_path / "p.hs"), outdir=str(tmp_path))
        for f in flags:
            parse_rts_flag(f, cfg.rts)
        return (retainer.profkit_add_schemes(cfg) or [None])[0]

    assert scheme("-hr").hp_path.endswith("p.hp")
    assert scheme("-hr", "-hb").hp_path.endswith("p.hp")
    assert scheme("-hb", "-hr").hp_path.endswith("p.hp")
    assert scheme("-hr", "-hc").hp_path.endswith("p.hr.hp")
    assert scheme("-hc") is None
    assert scheme("-hr", "-R3").sets.cap == 3
    # -hr -hb<bio> (issue 11): the retainer sets of those biographies; ldvu writes the .hp
    assert scheme("-hr", "-hbdrag,void").bio_restricted
    assert not scheme("-hr", "-hb").bio_restricted


def test_ghc_reference_band_names_parse_like_ours():
    """Our band names have GHC's shape: compare with the real -hr and -hr -L12 files."""
    base = os.path.join(REFERENCE, "out/mean_leak/autoO0")
    if not os.path.isdir(base):
        pytest.fail("reference outputs missing")
    ghc = read_hp(os.path.join(base, "hr/mean_leak.hr.hp")).band_names()
    assert "(102)SYSTEM,mean" in ghc and "(4)MAIN" in ghc
    ghc12 = read_hp(os.path.join(base, "hr_L12/mean_leak.hr_L12.hp")).band_names()
    t = Tables()
    s = mean_leak_stacks(t)
    sets = RetainerSets(8)
    for _ in range(100):  # make the ids three digits long, as GHC's
        sets.intern([1000 + len(sets)])
    sid = sets.intern([s["SYSTEM"], s["mean"]])
    name12 = retainer.band_name(sets, t, sid, 12)
    assert name12 == f"({sid})SYSTEM,"
    assert all(len(b) <= 12 for b in ghc12) and "(102)SYSTEM," in ghc12


def test_claim_without_a_retainer_profile_is_none(tmp_path):
    sess = Session(Config(program=str(tmp_path / "m.hs"), outdir=str(tmp_path)), [],
                   load_entrypoints=False)
    assert retainer.claim_prof_sections(sess) is None
