"""``retainer_traverse``'s distinct pairs through a mask (``_dense_pairs``) must be exactly
what the sort gives (values, order and inverse map): the order is the order in which the
retainer sets are created, and set ids are in every ``-hr`` profile."""

from __future__ import annotations

import numpy as np

from profkit.plugins import retainer_traverse as RT


def _sorted_pairs(a, b):
    lo = int(b.min())
    base = int(b.max()) - lo + 1
    key = a.astype(np.int64) * base + (b - lo)
    uniq, inv = np.unique(key, return_inverse=True)
    return uniq // base, uniq % base + lo, inv.ravel()


def test_dense_pairs_are_the_sorted_pairs():
    rng = np.random.default_rng(13)
    dense = 0
    for trial in range(400):
        n = int(rng.integers(1, 2000))
        a = rng.integers(0, int(rng.integers(1, 4000)), n)
        hi = 100_000 if trial % 4 == 0 else int(rng.integers(1, 40))
        b = rng.integers(-int(rng.integers(0, 30)), hi, n)
        dense += RT._dense_pairs(a, b) is not None
        got = RT._unique_pairs(a, b)
        want = _sorted_pairs(a, b)
        assert all(np.array_equal(x, y) for x, y in zip(got, want)), trial
    assert 100 < dense < 400  # both ways taken
