"""The Basis (basis.sml) against Poly/ML: programs written for the purpose
(``tests/reference/sml/basis/P.sml``) print exactly what Poly/ML 5.7.1 printed
(``P.polyml.txt``, ``poly -q --script P.sml``; SML/NJ 110.79 prints the same), on x86 and
SPARC, with the default creation space and a 16 KB one. Also the limits of issue 16: literals
out of range, any number of top-level bindings, uncaught exceptions with their argument."""

from __future__ import annotations

import io

import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.frontend import compile_sml
from profkit.errors import SourceError
from profkit.options import parse_run_args
from tests.conftest import reference_path

BASIS = reference_path("sml", "basis")
PROGRAMS = ["words", "strings", "arrays", "lists", "ints", "reals", "idioms", "realfmt",
            "readers"]
# held-out programs (README: written as ordinary programs, not for the Basis's tests), each
# mixing several structures; some end with an uncaught exception, which Poly/ML prints as
# the last line of its stdout and profkit on stderr (exit 1)
HELD_OUT = ["held_wordfreq", "held_bytes", "held_sieve", "held_geometry", "held_parse",
            "held_bits", "held_bank", "held_deep", "held_matrix", "held_misc",
            "held_bignum", "held_rsa", "held_bigpat", "held_stack", "held_stats", "held_life"]


def run(path, *opts: str) -> tuple[int, str, str]:
    cfg = parse_run_args(["--backend", "mlworks", *opts, str(path)])
    out, err = io.StringIO(), io.StringIO()
    status = runner.run(cfg, plugins=[plugin], stdout=out, stderr=err, load_entrypoints=False)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("creation", ["default", "16k"])
@pytest.mark.parametrize("arch", ["x86", "sparc"])
@pytest.mark.parametrize("prog", PROGRAMS)
def test_basis_program_prints_what_poly_ml_prints(prog, arch, creation, tmp_path):
    opts = ["--arch", arch, "--outdir", str(tmp_path)]
    if creation != "default":
        opts += ["--creation-space", creation]
    status, out, err = run(BASIS / f"{prog}.sml", *opts)
    assert (status, err) == (0, "")
    assert out == (BASIS / f"{prog}.polyml.txt").read_text()


# each held-out program on two of the four configurations (all four were checked by hand
# when they were added; two keep the suite fast while covering both code generators and
# both creation spaces)
@pytest.mark.parametrize("arch,creation", [("x86", "default"), ("sparc", "16k")])
@pytest.mark.parametrize("prog", HELD_OUT)
def test_held_out_program_prints_what_poly_ml_prints(prog, arch, creation, tmp_path):
    opts = ["--arch", arch, "--outdir", str(tmp_path)]
    if creation != "default":
        opts += ["--creation-space", creation]
    status, out, err = run(BASIS / f"{prog}.sml", *opts)
    want = (BASIS / f"{prog}.polyml.txt").read_text().splitlines(keepends=True)
    if want and want[-1].startswith("Exception- "):
        assert (status, out, err) == (1, "".join(want[:-1]), want[-1])
    else:
        assert (status, err, out) == (0, "", "".join(want))


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_uncaught_exception_is_printed_with_its_argument(arch, tmp_path):
    status, out, err = run(BASIS / "exceptions.sml", "--arch", arch, "--creation-space", "16k",
                           "--outdir", str(tmp_path))
    want = (BASIS / "exceptions.polyml.txt").read_text().splitlines(keepends=True)
    # Poly/ML writes the message on stdout; profkit keeps the program's stdout clean
    assert status == 1
    assert out == "".join(want[:-1])
    assert err == want[-1]


@pytest.mark.parametrize("decl,raised", [
    ("exception E of int * string", 'E (~3, "a\\nb")'),
    ("exception E of int list option", "E (SOME [1, 2])"),
    ("exception E of {a : int, b : real}", "E {a = 1, b = 2.5}"),
    ("exception E of char * word * (int -> int) * int ref", 'E (#"q", 0wx1F, fn, ref 3)'),
    ("exception E of exn", "E (Fail \"x\")"),
    ("structure S = struct exception X of int end", "X 3"),
    ("exception E", "E"),
])
def test_uncaught_exception_forms(decl, raised, tmp_path):
    # the raise expressions, written to produce the message Poly/ML prints (checked by hand)
    expr = {
        'E (~3, "a\\nb")': 'E (~3, "a\\nb")', "E (SOME [1, 2])": "E (SOME [1, 2])",
        "E {a = 1, b = 2.5}": "E {a = 1, b = 2.5}",
        'E (#"q", 0wx1F, fn, ref 3)': 'E (#"q", 0wx1F, fn x => x, ref 3)',
        'E (Fail "x")': 'E (Fail "x")', "X 3": "S.X 3", "E": "E",
    }[raised]
    src = tmp_path / "exn.sml"
    src.write_text(f"{decl}\nval () = print \"a\\n\"\nval _ = raise {expr}\n")
    status, out, err = run(src, "--outdir", str(tmp_path))
    assert (status, out, err) == (1, "a\n", f"Exception- {raised} raised\n")


@pytest.mark.parametrize("src,msg,col", [
    ("val x = 536870912", "constant 536870912 is out of range for int", 9),
    ("val x = ~536870913", "constant ~536870913 is out of range for int", 9),
    ("val x = 0x20000000", "constant 0x20000000 is out of range for int", 9),
    ("val w = 0wx40000000", "constant 0wx40000000 is out of range for word", 9),
    ("val w : Word8.word = 0w256", "constant 0wx100 is out of range for Word8.word", 22),
])
def test_literals_out_of_range_are_compile_errors(src, msg, col):
    with pytest.raises(SourceError) as e:
        compile_sml(src, "lit.sml")
    assert msg in str(e.value) and (e.value.line, e.value.col) == (1, col)
    assert str(e.value).startswith(f"lit.sml:1:{col}: error: ")
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("src,msg,col", [
    ("val b : IntInf.int = 5\nval x = 536870912", "constant 536870912 is out of range for int", 9),
    ("val x = IntInf.fromInt 0x20000000", "constant 0x20000000 is out of range for int", 24),
    ("val b = 123456789012 + IntInf.fromInt 1\nval y = 1 + 99999999999",
     "constant 99999999999", 13),
])
def test_big_literals_are_intinf_only_where_the_type_says_so(src, msg, col):
    """In a program that uses IntInf, integer literals are overloaded (int / IntInf.int,
    default int): one outside the 30-bit range is accepted only at IntInf.int."""
    compile_sml("val a : IntInf.int = 123456789012345678901234567890 * ~5", "lit.sml")
    with pytest.raises(SourceError) as e:
        compile_sml(src, "lit.sml")
    assert msg in str(e.value) and e.value.col == col and "\n" not in str(e.value)
    assert str(e.value).startswith(f"lit.sml:{src.count(chr(10)) + 1}:{col}: error: ")


def test_literals_at_the_limits_compile():
    compile_sml("val a = 536870911 val b = ~536870912 val c = 0wx3FFFFFFF "
                "val d : Word8.word = 0wxFF", "lit.sml")


def test_more_top_level_bindings_than_the_globals_vector(tmp_path):
    n = 16_500  # short lines: sources over 256 KB are refused
    lines = [f"val x{i}={i % 97}" for i in range(n)]
    lines.append("fun f y = y + x16400")
    lines.append("val () = print (Int.toString (x0 + x15999 + x16000 + x16499 + f 1) ^ \"\\n\")")
    src = tmp_path / "many.sml"
    src.write_text("\n".join(lines) + "\n")
    status, out, err = run(src, "--outdir", str(tmp_path), "--creation-space", "16k")
    assert (status, err) == (0, "")
    want = sum(i % 97 for i in (0, 15999, 16000, 16499, 16400)) + 1
    assert out == f"{want}\n"


def word_model(a: int, b: int) -> str:
    """Word (30 bits) as the Basis defines it for wordSize = 30, in Python."""
    m = (1 << 30) - 1
    sa = a - (1 << 30) if a >> 29 else a
    n = b % 40

    def h(x: int) -> str:
        return format(x & m, "X")

    parts = [h(a + b), h(a - b), h(a * b), h(a // b) if b else "Div", h(a % b) if b else "Div",
             h(a & b), h(a | b), h(a ^ b), h(~a), h(a << n if n < 30 else 0),
             h(a >> n if n < 30 else 0), h(sa >> min(n, 29)), "lt" if a < b else "ge"]
    return " ".join(parts)


def test_word_arithmetic_matches_a_model_at_30_bits(tmp_path):
    """All of Word on operands up to 2^30 - 1 (where Poly/ML's 63-bit and SML/NJ's 31-bit
    words differ from MLWorks's, so no reference system can check them)."""
    import random

    r = random.Random(16)
    edge = [0, 1, 2, 0x1FFFFFFF, 0x20000000, 0x20000001, 0x3FFFFFFF, 0x3FFFFFFE, 0x10000000]
    vals = edge + [r.randrange(1 << 30) for _ in range(12)] + [r.randrange(1 << 12)
                                                                 for _ in range(4)]
    pairs = [(a, b) for a in vals[:9] for b in vals[:9]] + list(zip(vals[9:], reversed(vals)))
    lines = ["fun h w = Word.toString w",
             "fun d f = h (f ()) handle Div => \"Div\"",
             "fun row (a, b) = print (String.concatWith \" \" [h (a + b), h (a - b), h (a * b),"
             " d (fn () => a div b), d (fn () => a mod b), h (Word.andb (a, b)),"
             " h (Word.orb (a, b)), h (Word.xorb (a, b)), h (Word.notb a),"
             " h (Word.<< (a, b mod 0w40)), h (Word.>> (a, b mod 0w40)),"
             " h (Word.~>> (a, b mod 0w40)), if a < b then \"lt\" else \"ge\"] ^ \"\\n\")"]
    lines += [f"val () = row (0wx{a:X}, 0wx{b:X})" for a, b in pairs]
    src = tmp_path / "w.sml"
    src.write_text("\n".join(lines) + "\n")
    status, out, err = run(src, "--outdir", str(tmp_path))
    assert (status, err) == (0, "")
    assert out.splitlines() == [word_model(a, b) for a, b in pairs]


def test_word8_arithmetic_matches_a_model(tmp_path):
    vals = [0, 1, 2, 7, 0x7F, 0x80, 0x81, 0xC3, 0xFE, 0xFF]
    pairs = [(a, b) for a in vals for b in vals]
    lines = ["fun h w = Word8.toString w",
             "fun d f = h (f ()) handle Div => \"Div\"",
             "fun row (a : Word8.word, b) = print (String.concatWith \" \" [h (a + b), h (a - b),"
             " h (a * b), d (fn () => a div b), d (fn () => a mod b), h (Word8.andb (a, b)),"
             " h (Word8.orb (a, b)), h (Word8.xorb (a, b)), h (Word8.notb a),"
             " h (Word8.<< (a, Word.fromInt (Word8.toInt b mod 10))),"
             " h (Word8.>> (a, Word.fromInt (Word8.toInt b mod 10))),"
             " h (Word8.~>> (a, Word.fromInt (Word8.toInt b mod 10))),"
             " Int.toString (Word8.toIntX a), if a < b then \"lt\" else \"ge\"] ^ \"\\n\")"]
    lines += [f"val () = row (0wx{a:X}, 0wx{b:X})" for a, b in pairs]
    src = tmp_path / "w8.sml"
    src.write_text("\n".join(lines) + "\n")
    status, out, err = run(src, "--outdir", str(tmp_path))
    assert (status, err) == (0, "")

    def model(a: int, b: int) -> str:
        h = lambda x: format(x & 0xFF, "X")  # noqa: E731
        n, sa = b % 10, a - 256 if a >= 128 else a
        sx = str(sa).replace("-", "~")
        return " ".join([h(a + b), h(a - b), h(a * b), h(a // b) if b else "Div",
                         h(a % b) if b else "Div", h(a & b), h(a | b), h(a ^ b), h(~a),
                         h(a << n), h(a >> n), h(sa >> n), sx, "lt" if a < b else "ge"])
    assert out.splitlines() == [model(a, b) for a, b in pairs]


def test_intinf_arithmetic_matches_python(tmp_path):
    """IntInf (basis.sml, base-10000 digits) against Python's integers on operands from 0 to
    60 digits, both signs, divisors of one digit and many (long division's digit estimate)."""
    import random

    r = random.Random(1616)

    def num() -> int:
        k = r.choice([1, 2, 4, 5, 8, 9, 13, 20, 40, 60])
        v = r.randrange(10 ** (k - 1), 10 ** k) if r.random() < 0.8 else 10 ** k - 1
        return -v if r.random() < 0.4 else v

    pairs = [(num(), num()) for _ in range(60)]
    pairs += [(10 ** 40, 10 ** 20), (-(10 ** 40), 10 ** 20 + 1), (9999 * 10 ** 12, 9999), (0, 7),
              (123, -(10 ** 30))]

    def sml(v: int) -> str:
        return str(v).replace("-", "~")

    lines = ["fun s x = IntInf.toString x",
             "fun row (a : IntInf.int, b) = print (String.concatWith \" \" [s (a + b), s (a - b),"
             " s (a * b), s (a div b), s (a mod b), s (IntInf.quot (a, b)), s (IntInf.rem (a, b)),"
             " if a < b then \"lt\" else if a = b then \"eq\" else \"gt\"] ^ \"\\n\")"]
    lines += [f"val () = row ({sml(a)}, {sml(b)})" for a, b in pairs]
    src = tmp_path / "ii.sml"
    src.write_text("\n".join(lines) + "\n")
    status, out, err = run(src, "--outdir", str(tmp_path))
    assert (status, err) == (0, "")

    def model(a: int, b: int) -> str:
        q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        vals = [a + b, a - b, a * b, a // b, a % b, q, a - q * b]
        return " ".join([sml(v) for v in vals] + ["lt" if a < b else "eq" if a == b else "gt"])
    assert out.splitlines() == [model(a, b) for a, b in pairs]
