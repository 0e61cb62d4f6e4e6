"""LDVU (-hb) against the reference on random event streams, through a real Session."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profkit.errors import UsageError
from profkit.heap import CensusView
from profkit.kinds import INHERENTLY_USED, ObjKind
from profkit.options import Config, parse_rts_flag
from profkit.plugins import ldvu
from profkit.plugins.hpfile import read_hp
from profkit.session import Session
from profkit.tables import Info

from .reference_ldvu import BANDS, ReferenceLdvu

KINDS = [ObjKind.CON, ObjKind.THUNK, ObjKind.FUN, ObjKind.MUTABLE, ObjKind.PRIM]
UPDATE_TO = [ObjKind.BLACKHOLE, ObjKind.IND, ObjKind.CON]


class Driver:
    """Plays a random event stream into a Session (as a backend would: header columns, staged
    hot events, censuses) and into the reference, in step."""

    def __init__(self, tmp_path, flags, *, emit_uses=True, reset_header=False,
                 resize=False):
        cfg = Config(program=str(tmp_path / "t.hs"), outdir=str(tmp_path))
        for f in flags:
            parse_rts_flag(f, cfg.rts)
        self.session = s = Session(cfg, [ldvu], load_entrypoints=False)
        self.scheme = next(x for x in s.schemes if isinstance(x, ldvu.LdvuProfile))
        t = s.tables
        self.infos = {k: t.infos.intern(Info(k.name.lower(), "T", "M", k)) for k in
                      KINDS + UPDATE_TO}
        self.info_kind = {v: k for k, v in self.infos.items()}
        self.emit_uses, self.reset_header, self.resize = emit_uses, reset_header, resize
        self.ref = ReferenceLdvu()
        self.alive: list[int] = []
        self.time = 0.0
        s.session_start()

    def alloc(self, kind, size):
        h = self.session.header
        oid = h.new(self.infos[kind], 0, size, self.session.era)
        self.alive.append(oid)
        self.ref.alloc(oid)

    def use(self, oid):
        s = self.session
        s.header.last_use[oid] = s.era
        if s.stager.wants["use"] and self.emit_uses:
            s.stager.use.append(oid)
        self.ref.use(oid)

    def update(self, oid, kind, new_size):
        s = self.session
        h = s.header
        old_info, old_size = h.info[oid], h.size_words[oid]
        h.info[oid] = self.infos[kind]
        if self.reset_header:  # a backend that re-creates the header (LDV_recordCreate)
            h.era[oid], h.last_use[oid] = s.era, 0
        if self.resize:
            h.size_words[oid] = new_size
        s.stager.update.extend((oid, old_info, self.infos[kind], old_size, new_size))
        self.ref.update(oid)

    def death(self, oid):
        s = self.session
        h = s.header
        s.stager.death.extend((oid, h.info[oid], h.producer[oid], h.size_words[oid],
                               h.era[oid], h.last_use[oid]))
        self.alive.remove(oid)
        self.ref.death(oid)

    def census(self, key_of=None, counted=None):
        s = self.session
        self.time += 0.25
        live = np.array(sorted(self.alive), dtype=np.int64)
        view = CensusView(time=self.time, era=s.era, obj=live,
                          gen=np.zeros(len(live), np.int8), tables=s.tables, header=s.header)
        h = s.header
        rows = []
        for oid in live.tolist():
            kind = self.info_kind[h.info[oid]]
            if counted is not None and not counted(kind):
                continue
            key = key_of(kind) if key_of else None
            rows.append((oid, kind in INHERENTLY_USED, h.size_words[oid] * 8, key))
        self.ref.census(rows)
        s.census(view)
        return sum(r[2] for r in rows)

    def finish(self):
        for oid in list(self.alive):
            self.death(oid)
        self.session.run_end()
        self.session.finish(0)


def play(data, drv: Driver, **census_kw):
    """Random windows: allocations, uses, updates, deaths, then (usually) a census."""
    live_bytes = []
    for _ in range(data.draw(st.integers(1, 7), label="windows")):
        for _ in range(data.draw(st.integers(0, 6), label="allocs")):
            drv.alloc(data.draw(st.sampled_from(KINDS)), data.draw(st.integers(1, 5)))
        if drv.alive:
            pick = st.sampled_from(drv.alive)
            for oid in data.draw(st.lists(pick, max_size=6), label="uses"):
                drv.use(oid)
            if drv.emit_uses:  # a backend without use rows has no updates (MLWorks)
                for oid in data.draw(st.lists(pick, max_size=4), label="updates"):
                    drv.update(oid, data.draw(st.sampled_from(UPDATE_TO)), 2)
            for oid in data.draw(st.lists(pick, max_size=4, unique=True), label="deaths"):
                drv.death(oid)
        if data.draw(st.integers(0, 4)):
            live_bytes.append(drv.census(**census_kw))
        else:
            drv.session.flush()  # a minor collection: the batches go out, the era stays
    drv.finish()
    return live_bytes


# Backends without use rows (MLWorks) have no updates: with only the header to go by, a use
# cannot be placed before or after an update of the same era, so such streams are not made.
variants = st.sampled_from([
    dict(), dict(emit_uses=False), dict(reset_header=True), dict(resize=True),
    dict(reset_header=True, resize=True),
])


@settings(max_examples=150, deadline=None)
@given(st.data(), variants)
def test_bands_match_the_reference(tmp_path_factory, data, variant):
    # GIVEN a random event stream played into -hb and into the reference
    drv = Driver(tmp_path_factory.mktemp("hb"), ["-hb"], **variant)
    live_bytes = play(data, drv)
    # THEN every census has the reference's five bands
    got = [dict(zip(BANDS, row.tolist())) for row in drv.scheme.totals()]
    assert got == drv.ref.bands()
    # AND the bands add up to the live heap at every census
    assert [sum(d.values()) for d in got] == live_bytes
    assert all(v >= 0 for d in got for v in d.values())


@settings(max_examples=100, deadline=None)
@given(st.data(), variants, st.sets(st.sampled_from(["lag", "drag", "void", "use"]),
                                     min_size=1))
def test_breakdown_restricted_by_biography_matches_the_reference(tmp_path_factory, data,
                                                                 variant, bios):
    # GIVEN -hd -hb<bios>: a closure-description profile restricted to some biographies
    tmp = tmp_path_factory.mktemp("hdhb")
    drv = Driver(tmp, ["-hd", "-hb" + ",".join(sorted(bios))], **variant)
    play(data, drv, key_of=lambda k: k.name.lower())
    want = drv.ref.by_key({b.upper() for b in bios})
    got = [{name: v for name, v in rows} for _, rows in drv.scheme.restricted_samples()]
    assert got == want
    # AND the .hp file holds the same samples, between the empty first and last ones
    hp = read_hp(str(tmp / "t.hp"))
    assert [s.bands for s in hp.samples[1:-1]] == want


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_other_restrictions_filter_the_biography(tmp_path_factory, data):
    # GIVEN -hb -hdcon: only constructors are profiled
    drv = Driver(tmp_path_factory.mktemp("hbr"), ["-hb", "-hdcon"])
    live = play(data, drv, counted=lambda k: k == ObjKind.CON)
    got = [dict(zip(BANDS, row.tolist())) for row in drv.scheme.totals()]
    assert got == drv.ref.bands()
    assert [sum(d.values()) for d in got] == live


def test_hp_file_has_five_bands_in_order_with_zeros(tmp_path):
    drv = Driver(tmp_path, ["-hb", "-i0.25"])
    drv.alloc(ObjKind.THUNK, 3)  # obj 0: never used -> VOID
    drv.alloc(ObjKind.CON, 2)    # obj 1: used in era 1, dies in era 3 -> DRAG at census 2
    drv.alloc(ObjKind.PRIM, 4)   # obj 2: INHERENT_USE
    drv.use(1)
    drv.census()
    drv.alloc(ObjKind.CON, 5)    # obj 3: created era 2, used era 3 -> LAG at census 2
    drv.census()
    drv.use(3)
    drv.death(1)
    drv.finish()
    text = (tmp_path / "t.hp").read_text()
    assert 'JOB "t +RTS -hb -i0.25"' in text
    body = text.split("BEGIN_SAMPLE 0.250000\n")[1]
    assert body.startswith("VOID\t24\nLAG\t0\nUSE\t16\nINHERENT_USE\t32\nDRAG\t0\n"
                           "END_SAMPLE 0.250000\n")
    assert ("BEGIN_SAMPLE 0.500000\nVOID\t24\nLAG\t40\nUSE\t0\nINHERENT_USE\t32\nDRAG\t16\n"
            "END_SAMPLE 0.500000\n") in text
    assert text.endswith("BEGIN_SAMPLE 0.500000\nEND_SAMPLE 0.500000\n")


def test_many_censuses_do_not_break(tmp_path):
    # GHC 9.0.2 crashes after about 32 censuses; profkit must not
    drv = Driver(tmp_path, ["-hb"])
    drv.alloc(ObjKind.CON, 2)
    for i in range(200):
        if i % 7 == 0:
            drv.use(0)
        drv.census()
    drv.finish()
    rows = drv.scheme.totals()
    assert rows.shape == (200, 5)
    assert (rows.sum(axis=1) == 16).all()
    assert [dict(zip(BANDS, r.tolist())) for r in rows] == drv.ref.bands()


def test_restricted_censuses_are_kept_as_runs_not_per_census(tmp_path):
    # GIVEN -hd -hbdrag,void over 200 censuses of two long-lived objects, one used once
    drv = Driver(tmp_path, ["-hd", "-hbdrag,void"])
    drv.alloc(ObjKind.CON, 2)
    drv.alloc(ObjKind.CON, 3)
    for i in range(200):
        if i == 50:
            drv.use(0)
        drv.census(key_of=lambda k: k.name.lower())
    # THEN the scheme keeps a run per closure and state (object 0: not used, then used;
    # object 1: never used), not 400 census entries: memory follows the closures
    assert drv.scheme.runs.n == 3
    drv.finish()
    # AND the profile is the reference's (object 0: LAG, not selected, then DRAG after its
    # use; object 1 VOID throughout)
    want = drv.ref.by_key({"DRAG", "VOID"})
    got = [{name: v for name, v in rows} for _, rows in drv.scheme.restricted_samples()]
    assert got == want and want[0] == {"con": 24} and want[-1] == {"con": 40}


def test_file_names_when_combined_with_other_profiles(tmp_path):
    def scheme(*flags):
        cfg = Config(program=str(tmp_path / "p.hs"), outdir=str(tmp_path))
        for f in flags:
            parse_rts_flag(f, cfg.rts)
        return (ldvu.profkit_add_schemes(cfg) or [None])[0]

    assert scheme("-hb").plain_path.endswith("p.hp")
    assert scheme("-hr", "-hb").plain_path.endswith("p.hb.hp")
    assert scheme("-hb", "-hr").plain_path.endswith("p.hb.hp")
    assert scheme("-hc", "-hb").plain_path.endswith("p.hb.hp")
    s = scheme("-hc", "-hbdrag,void")
    assert s.restricted and not s.plain and s.breakdown == "c"
    assert scheme("-hc") is None
    with pytest.raises(UsageError):
        scheme("-hc", "-hbfoo")


def test_hb_with_a_biography_restriction_keeps_five_bands_and_zeroes_the_rest(tmp_path):
    drv = Driver(tmp_path, ["-hb", "-hbvoid"])
    drv.alloc(ObjKind.THUNK, 3)  # never used: VOID
    drv.alloc(ObjKind.CON, 2)    # used: USE
    drv.use(1)
    drv.census()
    drv.finish()
    hp = read_hp(str(tmp_path / "t.hp"))
    assert hp.samples[1].bands == {"VOID": 24, "LAG": 0, "USE": 0, "INHERENT_USE": 0,
                                   "DRAG": 0}


def test_era_columns_are_narrow_until_an_era_needs_more():
    # GIVEN -hb's per-object columns
    cols = ldvu._Grow({"last": np.int32, "upd": np.int32, "first_seen": np.int32,
                       "last_seen": np.int32, "size_seen": np.int32})
    cols.ensure(5000)
    # THEN eras take 2 bytes an id (12 bytes an id in all, not 20)
    assert {name: getattr(cols, name).dtype.itemsize for name in cols.dtypes} == {
        "last": 2, "upd": 2, "first_seen": 2, "last_seen": 2, "size_seen": 4}
    cols.last[7], cols.first_seen[9] = 65535, 3
    cols.fit_era(65535)
    assert cols.last.dtype == np.uint16
    # WHEN an era past uint16 comes
    cols.fit_era(65536)
    # THEN the era columns are int32 with their values kept, and stay so after growing
    assert all(getattr(cols, n).dtype == np.int32 for n in ldvu.ERA_COLUMNS)
    assert (cols.last[7], cols.first_seen[9], len(cols.last)) == (65535, 3, cols.cap)
    cols.ensure(3 * cols.cap)
    assert cols.upd.dtype == np.int32 and cols.size_seen.dtype == np.int32


@settings(max_examples=60, deadline=None)
@given(st.data(), variants)
def test_bands_match_the_reference_when_era_columns_widen_mid_run(tmp_path_factory, data,
                                                                  variant):
    # GIVEN era columns that must widen from the third era on (as past 65,535 eras)
    saved = ldvu.NARROW_ERA_MAX
    ldvu.NARROW_ERA_MAX = 2
    try:
        drv = Driver(tmp_path_factory.mktemp("hbw"), ["-hb"], **variant)
        play(data, drv)
    finally:
        ldvu.NARROW_ERA_MAX = saved
    if max(drv.scheme.eras, default=0) > 2:  # (a census past era 2: they widened)
        assert drv.scheme.obj.last.dtype == np.int32
    # THEN every census still has the reference's five bands
    got = [dict(zip(BANDS, row.tolist())) for row in drv.scheme.totals()]
    assert got == drv.ref.bands()
