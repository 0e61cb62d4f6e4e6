"""Which per-object state the STG machine keeps is derived from what the schemes read
(``engine.wants_uses``, ``Machine.features``): a census-only scheme (``-hc``/``-hd``/``-hy``,
``-hr``) gets the header's current info (``track``) but no last-use writes and no use rows
at entries and case scrutinies (``use``); a scheme implementing ``profkit_use``/``update``/
``death``, or declaring ``needs_last_use = True``, gets both. Not a timing test: it checks
the variant compiled and that no last use is written, and that the profile is the same."""

from __future__ import annotations

from profkit.hookspecs import hookimpl
from profkit.testing import run_program

LAZY = """module Main (main) where

tri :: Int -> Int
tri n = sum [1 .. n]

main :: IO ()
main = do
  let xs = map tri [1 .. 200]
  print (sum xs)
  print (length (filter even xs))
"""


class _CensusOnly:
    """A census-only scheme: records the machine's variant and the header's last-use state."""

    def __init__(self) -> None:
        self.features: frozenset = frozenset()
        self.code_names: set[str] = set()
        self.source = ""
        self.census_last_use: list[int] = []
        self.use_len = -1

    @hookimpl
    def profkit_session_start(self, session):
        m = session.backend.machine
        self.features = m.features
        self.source = m.source
        for fn in ("apply", "enter_thunk", "ret", "enter"):
            self.code_names |= set(m.ns[fn].__code__.co_names)

    @hookimpl
    def profkit_census(self, session, census):
        lu = census.col("last_use")
        self.census_last_use.append(int(lu.max()) if len(lu) else 0)

    @hookimpl
    def profkit_run_end(self, session):
        self.use_len = len(session.header.use)


class _NeedsLastUse(_CensusOnly):
    needs_last_use = True


def _run(tmp_path, scheme, rts):
    r = run_program(source=LAZY, name="lazy.hs", flags=["-fprof-auto"],
                    rts=[*rts, "-i0.0001"], outdir=tmp_path, plugins=[scheme], record=False)
    assert r.status == 0 and r.stdout == "1353400\n100\n"
    return (tmp_path / "lazy.hp").read_text()


def test_census_only_schemes_do_not_pay_for_uses(tmp_path):
    s = _CensusOnly()
    hp = _run(tmp_path / "a", s, ["-hd"])
    assert "track" in s.features and "use" not in s.features
    # no last-use write or use row in the run-time functions or in the generated code
    assert not {"HL", "hl_set", "USEa"} & s.code_names
    assert "HL[" not in s.source and "USEa(" not in s.source
    assert "HX" in s.code_names  # the current info (BLACKHOLE, IND) is still kept
    # and none happened: the lazily grown last-use column was never grown
    assert s.use_len == 0 and len(s.census_last_use) > 3 and max(s.census_last_use) == 0
    # a scheme that declares it reads last use gets it, and the census profile is the same
    r = _NeedsLastUse()
    hp_used = _run(tmp_path / "b", r, ["-hd"])
    assert {"track", "use"} <= r.features and {"HL", "USEa"} <= r.code_names
    assert "HL[" in r.source  # case scrutiny of a constructor is a use
    assert r.use_len > 0 and max(r.census_last_use) > 1
    strip = (lambda t: [x for x in t.splitlines() if not x.startswith("DATE")])
    assert strip(hp_used) == strip(hp)


def test_biographical_profiles_track_uses(tmp_path):
    for rts in (["-hb"], ["-hc", "-hbdrag,void"]):
        s = _CensusOnly()
        _run(tmp_path / rts[-1].strip("-"), s, rts)
        assert {"track", "use"} <= s.features and "HL" in s.code_names
        assert s.use_len > 0


def test_plain_p_tracks_nothing(tmp_path):
    from profkit.backends.stg.machine.engine import wants_uses

    seen = {}

    class _Start:
        @hookimpl
        def profkit_session_start(self, session):
            seen["features"] = session.backend.machine.features
            seen["uses"] = wants_uses(session)

    r = run_program(source=LAZY, name="lazy.hs", flags=["-fprof-auto"], rts=["-p"],
                    outdir=tmp_path, plugins=[_Start()], record=False)
    assert r.status == 0
    assert seen == {"features": frozenset(), "uses": False}
