"""Source-level function names and the MLWorks space report parser."""

from __future__ import annotations

import pytest

from profkit.errors import UsageError
from profkit.study import corpus
from profkit.study.reports import parse_space_report, source_function

NAMES = corpus.name_map()


@pytest.mark.parametrize("backend, label, module, prog, want", [
    ("mlworks", "go[collatz.sml:3]", "", "collatz", ("steps.go", False)),
    ("mlworks", "loop[collatz.sml:8]", "", "collatz", ("longest.loop", False)),
    ("mlworks", "steps[collatz.sml:2]", "", "collatz", ("steps", False)),
    ("mlworks", "sumBy argument 2[hof.sml:9]", "", "hof", ("sumBy", False)),
    ("mlworks", "<anon>[hof.sml:7,32]", "", "hof", ("<anon>:7", False)),
    ("mlworks", "foldl argument 3[basis.sml:39]", "", "hof", ("Basis.foldl", True)),
    # as a text .prof prints them (blanks as "_": hpfile.ghc_word)
    ("mlworks", "sumBy_argument_2[hof.sml:9]", "", "hof", ("sumBy", False)),
    ("mlworks", "foldl_argument_3[basis.sml:39]", "", "hof", ("Basis.foldl", True)),
    ("mlworks", "Builtin function _int+", "", "leak", ("Builtin function _int+", True)),
    ("mlworks", "MAIN", "MAIN", "leak", ("MAIN", True)),
    ("stg", "steps.go", "Main", "collatz", ("steps.go", False)),
    ("stg", "CAF", "Prelude", "collatz", ("CAF", True)),
    ("stg", "MAIN", "MAIN", "collatz", ("MAIN", True)),
])
def test_source_function(backend, label, module, prog, want):
    assert source_function(backend, label, module, prog, NAMES.get(prog, {})) == want


# the report as MLWorks prints it (manner with the type breakdown): lines over 100 columns
REPORT = """MLWorks profiler report
33792 bytes of data used for profiling control
profile period: 1 ms
functions profiled : 2
---------------------------------------------------------
MLWorks space profile
33792 bytes used for profiling
337 collections
functions profiled : 2
---
       alloc      copied  name
     2080120     5208424  total profiled
                  122776      120056     4965592
          gen            records       pairs    closures     strings      arrays  bytearrays        code  weakarrays       total
           0     no       100001       10005           7           0           0           0           0           0      110013
               size      2000024       80040          56           0           0           0           0           0     2080120
           overhead       600008           0          28           0           0           0           0           0      600036
     2080000     5208424  mk3 argument 2[records.sml:4]
                  122776      120056     4965592
         120           0  sum3[records.sml:5]
---------------------------------------------------------
"""


def test_space_report_with_breakdown_tables():
    r = parse_space_report(REPORT)
    assert r.collections == 337
    assert (r.total_alloc, r.total_copied, r.total_copies) == (
        2080120, 5208424, [122776, 120056, 4965592])
    assert r.functions == [
        ("mk3 argument 2[records.sml:4]", 2080000, 5208424, [122776, 120056, 4965592]),
        ("sum3[records.sml:5]", 120, 0, []),
    ]


def test_space_report_bad_line():
    with pytest.raises(UsageError, match="bad space report line"):
        parse_space_report(REPORT.replace("           0  sum3", "           0XXsum3"))
