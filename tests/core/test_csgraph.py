"""profkit.csgraph: scipy's breadth-first search loaded without scipy.sparse (30 MB of
resident memory for the whole run) and the same nodes reached as scipy's public function."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("scipy")


def _child(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return out.split()


def test_the_search_is_loaded_without_scipy_sparse():
    out = _child("""if True:
        import sys
        from profkit import csgraph
        cm, bfo = csgraph.load()
        loaded = [m for m in sys.modules if m.startswith("scipy.")]
        print(cm is csgraph.Graph, "scipy.sparse" in sys.modules,
              "scipy.sparse.csgraph" in sys.modules, "scipy.linalg" in sys.modules,
              "scipy.sparse.csgraph._traversal" in sys.modules)
        """)
    assert out == ["True", "False", "False", "False", "True"]


def _random_graph(seed: int, n: int, m: int, dtype: type) -> tuple:
    rng = np.random.default_rng(seed)
    src = np.sort(rng.integers(0, n, m))
    dst = rng.integers(0, n, m).astype(dtype)  # unsorted rows, duplicate edges
    indptr = np.searchsorted(src, np.arange(n + 1)).astype(dtype)
    return dst, indptr


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_the_nodes_reached_are_scipys(dtype):
    """Same set of nodes as scipy's public breadth_first_order (which sorts rows and merges
    duplicates first when the weights are not float64), and on a graph scipy leaves as it
    is (float64 weights, sorted rows without duplicates) the same order and predecessors.
    Run in a child: the light loading must come first in a process."""
    out = _child(f"""if True:
        import numpy as np
        from profkit import csgraph
        from tests.core.test_csgraph import _random_graph
        cm, bfo = csgraph.load()
        assert cm is csgraph.Graph
        import scipy.sparse
        from scipy.sparse.csgraph import breadth_first_order
        ok = []
        for seed in range(20):
            n = 50 + 37 * seed
            dst, indptr = _random_graph(seed, n, 2 * n, np.{dtype.__name__})
            ones = np.ones(len(dst), np.int8)
            mine = bfo(cm((ones, dst, indptr), shape=(n, n)), seed % n,
                       directed=True, return_predecessors=False)
            ref = breadth_first_order(scipy.sparse.csr_matrix((ones, dst, indptr),
                                                              shape=(n, n)), seed % n)[0]
            ok.append(sorted(mine.tolist()) == sorted(ref.tolist()))
            s = scipy.sparse.csr_matrix((ones.astype(float), dst, indptr), shape=(n, n))
            s.sum_duplicates()
            o1, p1 = bfo(cm((s.data, s.indices, s.indptr), shape=(n, n)), 0)
            o2, p2 = breadth_first_order(s, 0)
            ok.append(o1.tolist() == o2.tolist() and p1.tolist() == p2.tolist())
        print(all(ok), len(ok))
        """)
    assert out == ["True", "40"]


def test_scipy_imported_afterwards_works_as_usual():
    """The names ``_traversal`` imported from the stood-in modules are proxies to the real
    ones: scipy's own functions that use them work once scipy.sparse is imported."""
    out = _child("""if True:
        import numpy as np
        from profkit import csgraph
        csgraph.load()
        import scipy.sparse
        from scipy.sparse.csgraph import breadth_first_order, breadth_first_tree
        g = scipy.sparse.csr_matrix(np.array([[0, 1, 1], [0, 0, 1], [0, 0, 0]]))
        print(breadth_first_order(g, 0, return_predecessors=False).tolist(),
              breadth_first_tree(g, 0).nnz)
        """)
    assert out == ["[0,", "1,", "2]", "2"]


def test_a_failed_light_load_falls_back_to_scipys_functions():
    out = _child("""if True:
        import numpy as np
        from profkit import csgraph
        def fail(self, *a):
            raise RuntimeError("another scipy")
        csgraph._Proxy.__init__ = fail
        cm, bfo = csgraph.load()
        g = cm((np.ones(2), np.array([1, 0]), np.array([0, 1, 2, 2])), shape=(3, 3))
        print(cm is csgraph.Graph, bfo(g, 0, return_predecessors=False).tolist())
        """)
    assert out == ["False", "[0,", "1]"]


def test_graph_rejects_a_bad_shape_and_converts_mixed_index_types():
    from profkit.csgraph import Graph

    with pytest.raises(ValueError):
        Graph((None, np.array([0]), np.array([0, 1])), shape=(2, 2))
    with pytest.raises(ValueError):
        Graph((None, np.array([0]), np.array([0, 2])), shape=(1, 1))
    g = Graph((None, np.array([1, 0], np.int32), np.array([0, 1, 2], np.int64)), shape=(2, 2))
    assert g.indices.dtype == g.indptr.dtype == np.int64
    idx = np.array([1, 0], np.int32)
    g = Graph((None, idx, np.array([0, 1, 2], np.int32)), shape=(2, 2))
    assert g.indices is idx  # used as they are: no copy
