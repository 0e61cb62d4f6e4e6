"""The -pj JSON writer: GHC's files written back byte for byte, GHC's semantics, escaping."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from profkit.plugins.prof_json import render_json
from profkit.plugins.prof_read import CostCentreInfo, Profile, StackNode, read_profile
from profkit.plugins.prof_text import render_text
from tests.conftest import REFERENCE as REFDATA

REF = REFDATA / "ghc-9.0.2/out"
PJ_FILES = sorted(REF.glob("*/autoO0/pj/*.prof"))


@pytest.mark.parametrize("path", PJ_FILES, ids=lambda p: p.parts[-4])
def test_ghc_json_is_written_back_byte_for_byte(path):
    assert len(PJ_FILES) == 5
    assert render_json(read_profile(str(path))) == path.read_text()


def _profile() -> Profile:
    main = CostCentreInfo(1, "MAIN", "MAIN", "<built-in>")
    lam = CostCentreInfo(2, "consume.\\", "Main", "a.hs:3:9-20")
    caf = CostCentreInfo(3, "CAF", "Main", "<entire-module>", True)
    gc = CostCentreInfo(4, "GC", "GC", "<built-in>")
    empty = CostCentreInfo(5, "unused", "Main", "a.hs:9:1-5")
    root = StackNode(10, main, 0, 0, 16, [
        StackNode(11, caf, 0, 0, 0, [StackNode(12, lam, 7, 5, 48)]),
        StackNode(13, gc, 0, 2, 0),
        StackNode(14, empty, 0, 0, 0),
    ])
    return Profile("a", root, [main, lam, caf, gc, empty], rts_args=["-pj"], args=["x y"],
                   argv0="./a", date="Sun Nov 22 02:37 2026")


def test_json_keeps_everything_and_uses_cost_centre_ids():
    d = json.loads(render_json(_profile()))
    assert d["arguments"] == ["./a", "x y"] and d["rts_arguments"] == ["-pj"]
    assert (d["total_ticks"], d["total_alloc"], d["tick_interval"]) == (7, 64, 1000)
    assert d["initial_capabilities"] == 0 and d["total_time"] == 0.01
    root = d["profile"]
    assert root["id"] == 1  # the cost-centre id, not the CCS number 10
    assert [c["id"] for c in root["children"]] == [3, 4, 5]  # nothing hidden or pruned
    assert root["children"][0]["children"][0] == {
        "id": 2, "entries": 7, "alloc": 48, "ticks": 5, "children": []}
    assert [c["id"] for c in d["cost_centres"]] == [5, 4, 3, 2, 1]
    assert d["cost_centres"][3]["label"] == "consume.\\"
    assert d["cost_centres"][2]["is_caf"] is True


def test_json_and_text_of_one_profile_read_back_to_the_same_tree(tmp_path):
    p = _profile()
    a, b = read_profile_text(render_json(p), tmp_path / "a.prof"), \
        read_profile_text(render_text(p, "Pa"), tmp_path / "b.prof")

    def shape(n: StackNode):
        return (n.cc.key(), n.entries, n.ticks, n.alloc,
                sorted(shape(c) for c in n.children))

    assert shape(a.root) == shape(b.root)


def read_profile_text(text: str, path: Path) -> Profile:
    path.write_text(text)
    return read_profile(str(path))
