"""The vectorised retainer traversal against the seed's algorithm on random heap graphs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from profkit.heap import HeapGraph
from profkit.plugins.retainer_sets import EMPTY, MANY, RetainerSets
from profkit.plugins import retainer_traverse as traverse
from profkit.plugins.retainer_traverse import compute_retainer_sets, follower_heads

from .reference_retainer import reference_costs, reference_retainer_sets


@pytest.fixture
def monkeypatch_round():
    saved = traverse.ROUND_MIN

    def set_round(value):
        traverse.ROUND_MIN = value

    yield set_round
    traverse.ROUND_MIN = saved


def make_graph(n, edges, roots, root_ident, is_ret, ident):
    children = [[] for _ in range(n)]
    for a, b in edges:
        children[a].append(b)
    offsets = np.zeros(n + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(c) for c in children])
    targets = np.array([b for c in children for b in c], dtype=np.int64)
    g = HeapGraph(
        offsets=offsets,
        targets=targets,
        roots=np.array(roots, dtype=np.int64),
        root_identity=np.array(root_ident, dtype=np.int64),
        is_retainer=np.array(is_ret, dtype=bool),
        identity=np.array(ident, dtype=np.int64),
    )
    return g, children


@st.composite
def heap_graphs(draw, max_nodes=40):
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(node, node), max_size=3 * n))
    # many graphs are list-like: add chains so followers get exercised
    if draw(st.booleans()):
        edges += [(i, i + 1) for i in range(n - 1)]
    roots = draw(st.lists(node, min_size=0, max_size=4))
    n_ident = draw(st.integers(1, 12))
    ident = draw(st.lists(st.integers(0, n_ident - 1), min_size=n, max_size=n))
    root_ident = draw(st.lists(st.integers(0, n_ident - 1), min_size=len(roots),
                               max_size=len(roots)))
    is_ret = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    cap = draw(st.integers(1, 6))
    return n, edges, roots, root_ident, is_ret, ident, cap


def as_reference(sets: RetainerSets, sid: int):
    if sid == EMPTY:
        return None
    if sid == MANY:
        return "MANY"
    return frozenset(sets.members(sid))


@pytest.mark.parametrize("round_min", [1, 3, traverse.ROUND_MIN])
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=heap_graphs())
def test_sets_and_visits_match_the_seed_algorithm(round_min, case, monkeypatch_round):
    # GIVEN a random heap graph (and a threshold that sends every level through the
    # vectorised rounds, some of them, or none)
    monkeypatch_round(round_min)
    n, edges, roots, root_ident, is_ret, ident, cap = case
    g, children = make_graph(n, edges, roots, root_ident, is_ret, ident)
    # WHEN both implementations compute the retainer sets
    sets = RetainerSets(cap)
    node_set, stats = compute_retainer_sets(g, sets)
    want, want_visits = reference_retainer_sets(n, children, roots, root_ident, is_ret, ident,
                                                cap)
    # THEN every node has the same set, and the visit counts agree
    got = [as_reference(sets, int(s)) for s in node_set]
    assert got == want
    assert stats.visits == want_visits
    assert stats.reachable == sum(s is not None for s in want)


@settings(max_examples=100, deadline=None)
@given(heap_graphs(), st.lists(st.integers(1, 50), min_size=40, max_size=40))
def test_set_costs_sum_to_the_reachable_heap(case, cost):
    n, edges, roots, root_ident, is_ret, ident, cap = case
    g, children = make_graph(n, edges, roots, root_ident, is_ret, ident)
    cost = np.array(cost[:n], dtype=np.int64)
    sets = RetainerSets(cap)
    node_set, _ = compute_retainer_sets(g, sets)
    per_set = np.bincount(node_set, weights=cost, minlength=len(sets.elements))
    want, _ = reference_retainer_sets(n, children, roots, root_ident, is_ret, ident, cap)
    reachable_cost = sum(int(c) for s, c in zip(want, cost) if s is not None)
    assert int(per_set[2:].sum() + per_set[MANY]) == reachable_cost
    ref = reference_costs(want, cost)
    got = {as_reference(sets, i): int(v) for i, v in enumerate(per_set) if i != EMPTY and v}
    assert got == {k: v for k, v in ref.items() if v}


def test_retainer_passes_on_its_identity_but_its_own_set_comes_from_its_retainers():
    # GIVEN root(identity 7) -> a (non-retainer) -> t (retainer, identity 3) -> x -> y
    g, _ = make_graph(4, [(0, 1), (1, 2), (2, 3)], [0], [7],
                      [False, True, False, False], [0, 3, 0, 0])
    sets = RetainerSets(8)
    node_set, stats = compute_retainer_sets(g, sets)
    # THEN a and t are retained by the root, x and y by t
    assert [sets.members(int(s)) for s in node_set] == [(7,), (7,), (3,), (3,)]
    assert stats.reachable == 4
    assert stats.visits == 4


def test_a_cycle_nothing_enters_is_unreachable():
    g, _ = make_graph(4, [(1, 2), (2, 1), (2, 3)], [0], [5], [False] * 4, [0] * 4)
    node_set, stats = compute_retainer_sets(g, RetainerSets(8))
    assert node_set.tolist()[1:] == [EMPTY, EMPTY, EMPTY]
    assert stats.reachable == 1


def test_more_retainers_than_the_cap_give_many():
    # five retainers with distinct identities all point at node 5
    edges = [(i, 5) for i in range(5)]
    g, _ = make_graph(6, edges, list(range(5)), [9] * 5, [True] * 5 + [False],
                      [0, 1, 2, 3, 4, 0])
    sets = RetainerSets(4)
    node_set, _ = compute_retainer_sets(g, sets)
    assert int(node_set[5]) == MANY
    assert sets.union(MANY, 2) == MANY


def test_long_list_collapses_onto_its_first_cell():
    n = 10_000
    edges = [(i, i + 1) for i in range(1, n - 1)] + [(0, 1)]
    is_ret = [True] + [False] * (n - 1)
    g, _ = make_graph(n, edges, [0], [1], is_ret, [4] + [0] * (n - 1))
    head, is_join = follower_heads(n, np.repeat(np.arange(n), np.diff(g.offsets)),
                                   g.targets, g.roots, g.is_retainer)
    assert int(is_join.sum()) == 2  # the thunk (root entry) and the first cell (retainer edge)
    node_set, stats = compute_retainer_sets(g, RetainerSets(8))
    assert stats.joins == 2
    assert len(set(node_set[1:].tolist())) == 1


def _two_lists_over_shared_boxes(k):
    # cells 0..k-1 (a list: cell i -> cell i+1 and box k+i) and a second list of cells
    # 2k..3k-1 over the same boxes (each box has two ways in: a join), roots at both heads
    n = 3 * k
    src = np.concatenate([np.arange(k - 1), np.arange(k), np.arange(2 * k, 3 * k - 1),
                          np.arange(2 * k, 3 * k)])
    dst = np.concatenate([np.arange(1, k), np.arange(k, 2 * k), np.arange(2 * k + 1, 3 * k),
                          np.arange(k, 2 * k)])
    order = np.argsort(src, kind="stable")
    offsets = np.zeros(n + 1, dtype=np.int64)
    offsets[1:] = np.cumsum(np.bincount(src, minlength=n))
    is_ret = np.zeros(n, dtype=bool)
    ident = np.zeros(n, dtype=np.int64)
    is_ret[k + 5], ident[k + 5] = True, 7
    return HeapGraph(offsets=offsets, targets=dst[order].astype(np.int64),
                     roots=np.array([0, 2 * k], dtype=np.int64),
                     root_identity=np.array([3, 4], dtype=np.int64),
                     is_retainer=is_ret, identity=ident)


def test_traversal_releases_its_temporaries_before_the_search():
    # GIVEN a census-sized graph (300,000 nodes, a third of them joins)
    import tracemalloc

    g = _two_lists_over_shared_boxes(100_000)
    n = len(g.offsets) - 1
    tracemalloc.start()
    try:
        node_set, stats = compute_retainer_sets(g, RetainerSets(8))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert stats.reachable == n and stats.joins == 100_002
    # THEN the traversal's transient memory stays near 114 bytes a node: the join graph's
    # and the constants' int64 temporaries are dropped before the search (155 bytes a node
    # when they were held to the end, the peak of a -hr run)
    assert peak / n < 130, f"{peak / n:.0f} bytes a node"


def _jumped_heads(n, src, dst, roots, is_ret, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(traverse, "FOREST_MIN", 1 << 62)  # the pointer jumping
        return follower_heads(n, src, dst, roots, is_ret)


@pytest.mark.parametrize("seed", range(40))
def test_labelled_follower_heads_are_the_pointer_jumping_ones(seed, monkeypatch):
    # GIVEN a random graph: chains (lists), extra random edges, self-loops and cycles that
    # nothing enters, retainers, root entries; its edges grouped by source or not
    pytest.importorskip("scipy")
    from profkit import csgraph
    if csgraph.weak_components() is None:
        pytest.skip("scipy's labelling is not the one expected")
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 3000))
    m = int(rng.integers(0, 2 * n))
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    if seed % 3 == 0:
        src = np.concatenate([src, np.arange(n - 1)])
        dst = np.concatenate([dst, np.arange(1, n)])
    if seed % 2:
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[order]
    roots = rng.integers(0, n, int(rng.integers(0, 5)))
    is_ret = rng.random(n) < 0.1
    # WHEN the heads come from the component labelling and from the pointer jumping
    monkeypatch.setattr(traverse, "FOREST_MIN", 0)
    head, is_join = follower_heads(n, src, dst, roots, is_ret)
    want_head, want_join = _jumped_heads(n, src, dst, roots, is_ret, monkeypatch)
    # THEN they are the same (-1 under a cycle nothing enters)
    assert np.array_equal(is_join, want_join)
    assert np.array_equal(head, want_head)


def test_labelled_heads_of_a_long_list_and_an_unentered_cycle(monkeypatch):
    pytest.importorskip("scipy")
    from profkit import csgraph
    if csgraph.weak_components() is None:
        pytest.skip("scipy's labelling is not the one expected")
    # a list 0 -> 1 -> ... -> k-1 (root 0), and a cycle k -> k+1 -> k with k+2 under it
    k = 50_000
    src = np.concatenate([np.arange(k - 1), [k, k + 1, k + 1]])
    dst = np.concatenate([np.arange(1, k), [k + 1, k, k + 2]])
    n = k + 3
    monkeypatch.setattr(traverse, "FOREST_MIN", 0)
    head, is_join = follower_heads(n, src, dst, np.array([0]), np.zeros(n, dtype=bool))
    assert head[:k].tolist() == [0] * k
    assert head[k:].tolist() == [-1, -1, -1]
    assert np.flatnonzero(is_join).tolist() == [0]
