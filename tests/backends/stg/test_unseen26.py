"""Issue 18, "programs never seen" (helper unseen26): twenty-four ordinary programs in styles
the earlier held-out sets lacked (a class hierarchy with superclass defaults over records;
Control.Monad.Reader with `local'; Control.Monad.Writer logs; Data.Array edit distance, LIS
and coin change; Data.Bits masks, Gray codes and a sieve in an Integer; an elevator and a
pendulum by iterate/takeWhile/zipWith3/scanl; Num-generic polynomials at Int, Integer and
Double; show of negative numbers, Doubles, records and infix constructors; a markdown
converter; IntMap union-find and Kruskal; Hofstadter's mutual recursion and a recursive-
descent evaluator; hand-written Eq/Ord instances; derived Enum/Bounded over weekdays and
months; newtypes with Num instances; a type checker in Either; replicateM dice and codes;
foldl' over tuple accumulators; log parsing by span/break/groupBy/sortOn; a vending machine
by case on tuples; a dungeon in State; a Map trie; sparse IntMap matrices and PageRank; a
Mandelbrot set and Simpson's rule; lazy streams), compared with GHC 9.0.2 -O0 -prof
-fprof-auto (tests/reference/ghc-9.0.2/shapes, README.md): stdout exactly, the cost-centre
tree with its entries exactly, the total within 2% and each cost centre of module Main
within 5% of GHC's bytes, but the gaps named below, each asserted at its measured ratio
(none analysed unless said; .notes/NOTE26_unseen26.md)."""

from __future__ import annotations

import pytest

from tests.backends.stg.test_ghc_fidelity import _run, _per_cc, assert_as_ghc, run_reference

PROGRAMS = ["vehicles26", "readercfg26", "collatzlog26", "editdist26", "bitmask26",
            "elevator26", "polyeval26", "recshow26", "markdown26", "kruskal26",
            "hofstadter26", "versions26", "weekdays26", "units26", "typecheck26", "dice26",
            "sensor26", "logparse26", "vending26", "dungeon26", "trie26", "sparsemat26",
            "mandel26", "hamming26"]

#: totals beyond 2% of GHC's: the model's ratio
KNOWN_TOTAL = {
    # Writer's return and >>= through WriterT's (Monoid w, Monad m) instance: GHC's code
    # over the instance's dictionaries allocates 48-94 bytes a bind more (an instance with
    # a context's dictionaries: the lead's work this session)
    "collatzlog26": 0.8856,
    # a newtype with an instance keeps its box (newtypes.py), and Show (Poly a)'s context
    "polyeval26": 1.0252,
    "recshow26": 0.9714, "typecheck26": 1.0225, "logparse26": 0.9771,
    # Data.IntMap runs as Data.Map at Int keys (SUBSET.md): Map's allocation, not the
    # Patricia trees'
    "kruskal26": 0.9543, "sparsemat26": 1.1304,
}

#: cost centres beyond 5% of GHC's bytes (CAF left out): the model's ratio, or where GHC's
#: bytes are 0 the model's bytes (an int)
KNOWN_CC: dict[str, dict[str, float | int]] = {
    "vehicles26": {"load": 1.056, "totalWheels.\\": 1.148, "bestRatio": 0.821,
                   "bestRatio.pick": 0.809},
    "readercfg26": {"emph": 0.85},
    "collatzlog26": {"collatz": 0.845, "main.c": 1.167, "main.lens": 0.88,
                     "main.sevens": 1.171},
    # `array ((0, 0), (n, m)) ..': the Ix (Int, Int) dictionary GHC builds at each call
    # from the instance with a context (the lead's work)
    "editdist26": {"coinWays": 0.6, "coinWays.ca": 0.891, "editTable": 0.434,
                   "editTable.aa": 0.903, "editTable.ba": 0.903, "editTable.t": 0.923,
                   "align": 0.615, "align.aa": 0.929, "align.ba": 0.929},
    # (sieveMask.strike 0.226 and sieveMask.start 0.324 before Data.Bits at Integer,
    # prims_bits.py: now GHC's)
    "bitmask26": {"reverseBits.step": 1.385},
    "elevator26": {"nearest": 0.929},
    # Poly, a newtype with a Show instance, keeps its box (newtypes.py): 16 bytes a Poly
    "polyeval26": {"powP": 0.914, "mulP.\\": 1.144, "addP": 2.0, "addP.go": 0.94,
                   "evalP": 0.927, "evalP.\\": 0.899, "sumSquares.\\": 0.875,
                   "main.p": 8.0, "main.pd": 4.75, "main.q": 48},
    "kruskal26": {"main": 1.17, "newUF": 0.62},
    "versions26": {"==": 0.8, "fromEnum": 0.0},
    # next: `next x | x == maxBound = minBound | otherwise = succ x' passed to iterate:
    # GHC 32 bytes in all, the model 24 a call (called directly, as GHC: probe ov.hs)
    "weekdays26": {">=": 1.333, "next": 283.0, "succ": 0.833, "pred": 1.5,
                   "readListPrec": 0.0, "readPrec": 0.921},
    # Cents and Metres, newtypes with Num instances, keep their box (newtypes.py: the
    # machine dispatches the instance on the constructor): 16 bytes a result more
    "units26": {"legs": 1.07, "main.\\": 0.938, "+": 2.0, "*": 1.25, "-": 2.0, "abs": 2.0,
                "totals": 1.083, "totals.step": 1.212, "signum": 1.8},
    "dice26": {"chain": 0.933},
    "sensor26": {"stats": 0.946, "runs": 1.167, "runs.(...)": 0.667},
    "logparse26": {"main.\\": 1.146, "readPrec": 0.939},
    "dungeon26": {"main.g": 1.174, "say": 1.053, "main.outcomes": 0.66,
                  "main.outcomes.g'": 1.118},
    "trie26": {"main.t": 0.8},
    # Data.IntMap as Data.Map (SUBSET.md)
    "sparsemat26": {"addV": 0.756, "dot": 1.927, "power": 0.802, "mulMV": 0.592,
                    "scale": 0.866, "fromTriples": 1.415, "mulMM": 0.842, "mulMM.\\": 0.738,
                    "transposeM": 1.418, "pagerank.step": 0.485, "pagerank.step.\\": 0.604,
                    "pagerank.outdeg": 1.579, "pagerank.start": 0.916},
    "mandel26": {"bisect": 1.148, "r6": 1.072},
    "hamming26": {"collatzLengths": 0.639, "merge": 0.875, "primes": 0.914},
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_prints_enters_and_allocates_as_ghc(tmp_path, name):
    assert_as_ghc(tmp_path, name, KNOWN_TOTAL.get(name), KNOWN_CC.get(name))  # stdout, tree


#: bitsinteger26's SCCs where the model is off GHC's bytes: `.|.' of a negative operand
#: fitting an Int and a negative big one (GHC's bytes differ by the operands' order)
BITS_OFF = {"or_5_6": (88, 96), "or_6_5": (72, 96)}


def test_bits_at_integer_allocate_as_ghc_bignum(tmp_path):
    """Data.Bits at Integer (bits_integer.py, prims_bits.py): each of .&., .|., xor,
    complement, shiftL, shiftR, bit, setBit, clearBit, testBit and popCount under an SCC of
    its own over operands of 0 to 32 limbs and both signs (380 SCCs): GHC 9.0.2's stdout
    (popCount of a negative Integer is minus its magnitude's: the model printed the 64-bit
    two's complement's) and GHC's bytes in each SCC but two. Before: the Int's prims, one
    16-byte box whatever the operands (sieveMask.strike in bitmask26 at 0.226)."""
    g_total, g, p_total, p = run_reference(tmp_path, "bitsinteger26")  # stdout and tree
    off = {}
    for (label, module), (g_bytes, _) in g.items():
        if module == "Main" and "_" in label:
            p_bytes = p.get((label, module), [0, 0])[0]
            if p_bytes != g_bytes:
                off[label] = (g_bytes, p_bytes)
    assert off == BITS_OFF
    assert abs(p_total / g_total - 1) < 0.01


def test_literal_at_the_top_level_is_a_static_number(tmp_path):
    """`limit :: Integer; limit = 5' (and at Int and Double): GHC 9.0.2 makes the literal's
    box static data, so the CAF is entered once and allocates nothing (0 bytes under each,
    measured; the model's CAF allocated the box, 16 bytes). At Integer the box had been a
    one-field constructor (literals.IntegerLit, a subclass of ir.Lit the machine's
    static_con missed) and every use of the value failed with a run-time type error."""
    src = ("limit :: Integer\nlimit = 5\nbig :: Integer\nbig = 2 ^ 70\nn :: Int\nn = 500\n"
           "d :: Double\nd = 2.5\nmain :: IO ()\n"
           "main = print (limit, limit * 3 + big, show limit, limit `div` 2, n * 3, d)\n")
    assert _run(tmp_path, src, "-P") == '(5,1180591620717411303439,"5",2,1500,2.5)\n'
    _, per = _per_cc(tmp_path / "p.prof")
    assert [per[(x, "Main")] for x in ("limit", "n", "d")] == [[0, 1]] * 3


SUM_LOG = """\
import Control.Monad.Writer
steps :: Int -> Writer (Sum Int, [Int]) ()
steps 1 = return ()
steps n = tell (Sum 1, [n | n `mod` 7 == 0]) >> steps (if even n then n `div` 2 else 3 * n + 1)
main :: IO ()
main = print (execWriter (steps 27))
"""


@pytest.mark.xfail(strict=True, reason="a Writer whose log is not a list is refused (the "
                   "subset's Writer passes no Monoid dictionary: WriterT's instance with a "
                   "context, the lead's work this session); collatzlog26 was written with "
                   "`Writer (Sum Int, [Int])' and runs with a list log instead")
def test_writer_with_a_tuple_of_monoids_as_its_log(tmp_path):
    out = _run(tmp_path, SUM_LOG, "-P")
    # GHC 9.0.2 (runghc)
    assert out == "(Sum {getSum = 111},[322,161,364,182,91,700,350,175,4858,2429,4102,2051,"\
        "70,35])\n"
