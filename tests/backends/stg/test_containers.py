"""containers' Data.Map, Data.Map.Strict and Data.Set (frontend/containers.hs, reached
through modules.py's qualified names): programs that use them print GHC's output and
allocate GHC's bytes. Compared with GHC 9.0.2 -O0 -prof -fprof-auto (+RTS -P) output of the
programs in tests/reference/ghc-9.0.2/shapes (README.md): a word count (mapfreq), most of
the API with Foldable/Functor/Monoid/Show/Eq/Ord at Map and Set (containers_api), random
operation sequences checked against association lists and `valid' (mapstress), and one cost
centre per operation on 1,000-element maps (mapops)."""

from __future__ import annotations

import io
from collections import Counter

import pytest

from profkit.backends.stg import plugin as stg_plugin
from profkit.backends.stg.frontend.lexer import tokenize
from profkit.backends.stg.frontend.modules import resolve
from profkit.backends.stg.frontend.pipeline import _module_names, _prelude, compile_program
from profkit.errors import SourceError
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof
from profkit.runner import run
from tests.backends.stg.test_ghc_fidelity import SHAPES, _per_cc, _run, _tree

#: (total bytes' tolerance, cost centres still more than 5% off GHC's bytes, and why)
PROGRAMS = {
    "mapfreq": (0.02, {"main.top"}),
    # +3.0% (+1.7% before session 20: a shown pair holding a String, as in Map String's
    # show, is 3-4 words over GHC's since it pays show_tuple's words: test_shapes20;
    # main 1.065x of its bytes, 1.040x before)
    "containers_api": (0.035, {"CAF", "inventory", "main"}),
    # check.ok, setCheck and main call M.valid, a debugging function: 128 bytes a node
    # where containers' compiled code allocates 80 (not analysed)
    # main.d: difference of overlapping maps, 12% under GHC's bytes (not analysed)
    "mapstress": (0.12, {"check.ok", "setCheck", "main", "main.d"}),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_container_programs_print_enter_and_allocate_as_ghc(tmp_path, name):
    tolerance, known = PROGRAMS[name]
    src = (SHAPES / "programs" / f"{name}.hs").read_text()
    stdout = _run(tmp_path, src, "-P", name=f"{name}.hs")
    assert stdout == (SHAPES / "out" / f"{name}.stdout").read_text()
    ours, ghc = (Counter({k: v for k, v in _tree(path).items() if k[1]})
                 for path in (tmp_path / f"{name}.prof", SHAPES / "out" / f"{name}.prof"))
    assert ours == ghc  # every cost centre entered where and as often as in GHC
    g_total, g = _per_cc(SHAPES / "out" / f"{name}.prof")
    p_total, p = _per_cc(tmp_path / f"{name}.prof")
    assert p_total == pytest.approx(g_total, rel=tolerance)
    bad = [(k, g[k], p.get(k)) for k in g if k[1] == "Main" and k[0] not in known and
           abs(p.get(k, [0, 0])[0] - g[k][0]) > 0.05 * g[k][0] + 64]
    assert not bad


#: mapops' cost centres whose bytes are GHC's exactly: inserts into a growing map (with
#: containers' rebuilt leaf under a new node), fromList of unordered keys, deletes, alter and
#: adjust, lookups, the lists (toList, elems, keys: a cell, a pair and a thunk of the rest per
#: element), map and foldlWithKey, insertWith and fromListWith (with the caller's thunk of
#: `(+)': test_method_values). The others are within 3%.
EXACT_OPS = ("main.ins.\\", "fromMixed", "main.dels.\\", "main.al.\\", "main.adj.\\",
             "lookups", "findWD", "keys", "elems", "mapMap", "foldlWK", "toList", "members",
             "keysMixed", "main.iw.\\", "main.iws.\\", "fromListWith", "foldrSum")


def test_map_operations_allocate_ghcs_bytes(tmp_path):
    """One cost centre per operation over 1,000-element maps."""
    src = (SHAPES / "programs" / "mapops.hs").read_text()
    assert _run(tmp_path, src, "-P", name="mapops.hs") == \
        (SHAPES / "out" / "mapops.stdout").read_text()
    _, g = _per_cc(SHAPES / "out" / "mapops.prof")
    _, p = _per_cc(tmp_path / "mapops.prof")
    for label in EXACT_OPS:
        assert p[(label, "Main")] == g[(label, "Main")], label
    for (label, mod), (b, _) in g.items():
        # show: containers unpacks "fromList " in front of the list (unpackAppendCString#),
        # the model appends it (0.95x)
        if mod == "Main" and b > 10_000 and label != "showMap":
            assert 0.97 <= p[(label, mod)][0] / b <= 1.03, label


def _compile(src: str):
    return compile_program(src, "m.hs", prof_auto="all")


def _resolved(src: str) -> set[str]:
    """The names the program's tokens carry once its imports are resolved."""
    toks = tokenize(src, "m.hs")
    resolve(toks, "m.hs", frozenset(_module_names(_prelude()[0])))
    body = max(t.line for t in toks if t.is_("reserved", "import")) + 1
    return {t.text for t in toks if t.kind in ("varid", "varsym") and t.line >= body}


def test_qualified_names_reach_the_modules_functions():
    """M.insert is Data.Map's, Set.insert Data.Set's, insert (with Data.List imported, or
    nothing) the Prelude's list insert; an import list brings only its names unqualified;
    hiding removes them; the types (M.Map) are the checker's Map."""
    names = _resolved("import qualified Data.Map as M\nimport qualified Data.Set as Set\n"
                      "import Data.List (insert)\n"
                      "f :: M.Map Int Int -> M.Map Int Int\nf = M.insert 1 2\n"
                      "main = print (f M.empty, Set.insert 'a' Set.empty, insert 3 [1, 4])\n")
    assert {"insert_M#", "insert_S#", "insert", "empty_M#", "empty_S#"} <= names
    names = _resolved("import Data.Map (Map, fromList, toList)\nimport qualified Data.Map as Map"
                      "\nmain = print (toList (fromList [(1, 'a')]), Map.size (fromList [(2, "
                      "'b')]), filter even [1, 2])\n")
    assert {"fromList_M#", "toList_M#", "size_M#", "filter"} <= names
    assert not {"fromList", "toList", "filter_M#"} & names
    # a whole module unqualified: the names the Prelude also has stay the Prelude's
    names = _resolved("import Data.Set\nmain = print (member 2 (fromList [1, 2]), map (+ 1) [1])")
    assert {"member_S#", "fromList_S#", "map"} <= names and "map_S#" not in names
    names = _resolved("import Data.Set hiding (member)\nmember x = elem x [x]\n"
                      "main = print (member 2, size (fromList [1, 2]))\n")
    assert "member_S#" not in names and "size_S#" in names
    # Data.Map.Strict's functions that force values are their own; the rest are Data.Map's
    names = _resolved("import qualified Data.Map.Strict as MS\n"
                      "main = print (MS.insertWith (+) 1 1 (MS.fromList [(1, 1)]), MS.size "
                      "MS.empty)\n")
    assert {"insertWith_MS#", "fromList_MS#", "size_M#", "empty_M#"} <= names
    # operators: M.! and M.\\ and Set.\\ are three functions
    names = _resolved("import qualified Data.Map as M\nimport qualified Data.Set as S\n"
                      "main = print (M.fromList [(1, 'a')] M.! 1, M.empty M.\\\\ M.empty, "
                      "S.fromList [1] S.\\\\ S.fromList [1])\n")
    assert {"!^^", "\\\\^^", "\\\\^^^"} <= names
    # and they run
    assert _compile("import qualified Data.Map as M\nmain = print (M.fromList [(1, 'a')] M.! 1)"
                    "\n").binds


@pytest.mark.parametrize("src, line, col, message", [
    ("import qualified Data.Map as M\nmain = print (M.sizes M.empty)", 2, 15,
     "Not in scope: `M.sizes'"),
    ("import qualified Data.Set as S\nmain = print (S.lookup 1 S.empty)", 2, 15,
     "Not in scope: `S.lookup'"),
    ("import Data.Map (size)\nimport qualified Data.Map as M\n"
     "main = print (M.size M.empty, M.fromList [1])", 3, 43, "No instance for (Num"),
])
def test_container_mistakes_are_one_line_errors(src, line, col, message):
    with pytest.raises(SourceError) as e:
        _compile(src)
    assert (e.value.line, e.value.col) == (line, col)
    assert message in str(e.value)


def test_show_at_the_type_shows_empty_strings_and_chars_as_ghc(tmp_path):
    src = ('import qualified Data.Map as M\nimport qualified Data.Set as S\n'
           'main = do\n  print (M.fromList [("", 1), ("a", 2)])\n'
           '  print (S.fromList "hello", S.empty :: S.Set Char)\n'
           '  print (M.fromList [(1, "")], Just (S.fromList [""]))\n'
           '  print (M.singleton (-1) (-2.5), [M.empty, M.singleton 1 \'x\'])\n')
    assert _run(tmp_path, src, "-P") == (
        'fromList [("",1),("a",2)]\n(fromList "ehlo",fromList "")\n'
        '(fromList [(1,"")],Just (fromList [""]))\n'
        "(fromList [(-1,-2.5)],[fromList [],fromList [(1,'x')]])\n")


def test_map_errors_are_ghcs(tmp_path):
    src = "import qualified Data.Map as M\nmain = print (M.fromList [(1, 'a')] M.! 2)\n"
    prog = tmp_path / "e.hs"
    prog.write_text(src)
    cfg = parse_run_args(["--outdir", str(tmp_path), str(prog)])
    err = io.StringIO()
    assert run(cfg, plugins=[stg_plugin, ccprof, heapprof], stdout=io.StringIO(), stderr=err,
               load_entrypoints=False) == 1
    assert "Map.!: given key is not an element in the map" in err.getvalue()


def test_intmap_and_intset_run_as_map_and_set(tmp_path):
    """Data.IntMap(.Strict) and Data.IntSet: GHC 9.0.2's output (runghc), with Map's and
    Set's allocation (not the Patricia trees')."""
    src = ("import qualified Data.IntMap.Strict as IM\nimport qualified Data.IntSet as IS\n"
           "import Data.IntMap (IntMap)\n\ncounts :: [Int] -> IntMap Int\n"
           "counts = foldr (\\k -> IM.insertWith (+) k 1) IM.empty\n\nmain :: IO ()\n"
           "main = do\n  let c = counts [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]\n  print c\n"
           "  print (IM.findWithDefault 0 5 c, IM.size c, IM.toList (IM.filter (> 1) c))\n"
           "  let s = IS.fromList [5, 3, 8, 1]\n"
           "  print (s, IS.member 3 s, IS.toList (IS.insert 4 s))\n")
    assert _run(tmp_path, src, "-P") == (
        "fromList [(1,2),(2,1),(3,2),(4,1),(5,3),(6,1),(9,1)]\n(3,7,[(1,2),(3,2),(5,3)])\n"
        "(fromList [1,3,5,8],True,[1,3,4,5,8])\n")
