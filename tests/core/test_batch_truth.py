"""Hot batches tell the truth on every backend: an alloc row describes the object as it was
allocated, so following each object's update rows from its alloc row reproduces every
``old_info``/``old_size_words``, and its one death row shows what it had become.

(Issue 15 item 1. Kept in its own file: the STG machine's alloc batches are being fixed
separately, and this is the test that says when they are right.)
"""

from __future__ import annotations

import numpy as np
import pytest

from profkit.testing import run_program
from tests.conftest import REPO

PROGRAMS = sorted(p for p in (REPO / "examples").iterdir() if p.suffix in (".hs", ".sml"))


def _first_disagreements(rows, info, size, tables, limit=3):
    """Walk update rows in order against the objects' current info and size."""
    bad = []
    for obj, old, new, old_size, new_size in rows.tolist():
        if info[obj] != old or size[obj] != old_size:
            if len(bad) < limit:
                bad.append(f"obj {obj}: alloc/previous row says {tables.infos[info[obj]].desc}"
                           f"/{size[obj]}w, update says {tables.infos[old].desc}/{old_size}w")
            else:
                bad.append("")
        info[obj], size[obj] = new, new_size
    return bad


@pytest.fixture(scope="module", params=PROGRAMS, ids=lambda p: p.name)
def run(request):
    """One run per program, shared by both tests (pytest groups the tests by program)."""
    r = run_program(request.param)
    assert r.status == 0, r.stderr
    return r


def _replay(r):
    """Each object's info and size after following its update rows from its alloc row, and
    the update rows that disagree with what the previous row (or the alloc row) said."""
    alloc = r.events.rows("alloc")
    info = alloc["info"].astype(np.int64)
    size = alloc["size_words"].astype(np.int64)
    updates = r.events.rows("update")
    bad = []
    if updates is not None:
        bad = _first_disagreements(updates, info, size, r.session.tables)
    return alloc, info, size, bad, 0 if updates is None else len(updates)


def test_alloc_rows_agree_with_update_rows(run):
    r = run
    alloc, info, size, bad, n = _replay(r)
    # ids are dense header indexes in allocation order
    assert (alloc["obj"] == np.arange(len(alloc))).all()
    assert not bad, (f"{len(bad)} of {n} update rows disagree with the alloc rows: "
                     + "; ".join(b for b in bad if b))


def test_death_rows_show_what_the_alloc_and_update_rows_made(run):
    r = run
    alloc, info, size, _, _ = _replay(r)
    death = r.events.rows("death")
    assert sorted(death["obj"].tolist()) == list(range(len(alloc)))  # each dies once
    objs = death["obj"]
    assert (death["producer"] == alloc["producer"][objs]).all()
    assert (death["era"] == alloc["era"][objs]).all()
    assert (death["info"] == info[objs]).all()
    wrong = np.flatnonzero(death["size_words"] != size[objs])
    assert not len(wrong), (
        f"{len(wrong)} death rows give another size than the last update row: e.g. obj "
        f"{int(objs[wrong[0]])} {r.session.tables.infos[int(death['info'][wrong[0]])].desc} "
        f"dies with {int(death['size_words'][wrong[0]])}w, updated to {int(size[objs[wrong[0]]])}w")
