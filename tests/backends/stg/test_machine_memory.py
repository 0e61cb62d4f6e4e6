"""What the machine keeps in host memory: generated code compiled in pieces, constructor
fields past updated thunks, object ids only when something reads them."""

from __future__ import annotations

import pytest

from profkit.backends.stg.heap.heapobj import Box, Con, Thunk
from profkit.backends.stg.ir import App, Bind, Case, ConAlt, ConApp, Let, TopBind

from .test_machine_util import I, V, prim, print_int, run, thunk


def test_exec_in_pieces_keeps_line_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    from profkit.backends.stg.machine import engine

    monkeypatch.setattr(engine, "EXEC_PIECE", 40)  # a piece per function or two
    source = "".join(f"def f{i}(env):\n    x = {i}\n    return x\nf{i}.live = ()\n"
                     for i in range(30))
    ns: dict = {}
    engine.exec_in_pieces(source, "<stg t.hs>", ns)
    for i in range(30):
        f = ns[f"f{i}"]
        assert f(None) == i and f.live == ()
        assert f.__code__.co_firstlineno == 4 * i + 1  # its line in the whole source
        assert f.__code__.co_filename == "<stg t.hs>"


def _keep_program():
    # keep = let t = 1000 + 1 in case t of _ -> t : []      (a CAF: kept after the run)
    # main = case keep of h : _ -> print h
    keep = thunk(Let([Bind("t", thunk(prim("+", I(1000), I(1)), "sat_t"))],
                     Case(App("t", []), "x", [], default=ConApp(":", [V("t"), V("[]")]))),
                 "keep")
    main = print_int(Case(App("keep", []), "k", [ConAlt(":", ["h", "tl"], App("h", []))]))
    return [TopBind("keep", keep, "Main"), TopBind("main", main, "Main")]


def _kept(r) -> Con:
    (caf,) = [c for c in r.machine.cafs if c.lf is not None and c.lf.name == "keep"]
    assert type(caf.val) is Con
    return caf.val


@pytest.mark.parametrize("recorder", [True, False])
def test_constructor_field_holds_the_value_of_an_updated_thunk(recorder: bool) -> None:
    # `t' was forced before the cell was built: the field points at its value, not at the
    # updated thunk (which Python would otherwise keep for as long as the cell lives)
    r = run(_keep_program(), recorder=recorder)
    assert r.error is None and r.output == "1001\n"
    head = _kept(r).fields[0]
    assert type(head) is Box and head.val == 1001
    assert type(head) is not Thunk


def test_object_ids_only_when_read() -> None:
    tracked = run(_keep_program())  # a recorder listens to every event: ids are read
    plain = run(_keep_program(), recorder=False)  # -p alone: no id is ever read back
    assert tracked.machine.object_ids and not plain.machine.object_ids
    assert _kept(tracked).id > 0 and _kept(plain).id == 0
    assert tracked.output == plain.output == "1001\n"
    # the header's rows are the same either way
    assert list(tracked.session.header.site) == list(plain.session.header.site)
    with pytest.raises(ValueError):
        plain.machine.attach_collector(lambda steps: None, lambda t: None, 4096)
