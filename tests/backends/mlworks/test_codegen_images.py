"""Golden load images: the x86 and SPARC code generators must keep producing, byte for byte,
the load images recorded in ``golden/codegen_images.json`` (issue 14: the code generators
were restructured into one shared walker; the machine code must not change).

What is compiled: the IR of every SML program the tests use (``tests/reference/sml/programs``,
``examples``, ``tests/backends/mlworks/programs``), of the SML snippets embedded in the MLWorks
test modules, and a fixed set of seeded random IR programs (:func:`random_programs`). The IR
is pinned in ``golden/codegen_programs.json.gz`` (``repr`` of each ``ir.Program``): the golden
checks the code generators alone, so front-end changes (which change the IR of a program)
do not move it. For each program and both architectures ``codegen_images.json`` holds the
sha256 of the whole load image: the bytes (code vector + statics) and every table
``generate`` returns (item names, offsets, code pointers, sizes, leaf bits, frame sizes,
string and packet addresses).

Re-record (only when a change of the machine code is intended, or to take in new programs)
with ``.venv/bin/python tests/backends/mlworks/golden/record_codegen_images.py``.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import random
from pathlib import Path

import pytest

from profkit.backends.mlworks import ir as I
from profkit.backends.mlworks.codegen import sparc, x86
from profkit.backends.mlworks.codegen.hooks import CallSite, Instrumentation, ValueLocation
from profkit.backends.mlworks.frontend.pipeline import compile_sml
from tests.conftest import REPO, reference_path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "codegen_images.json"
PROGRAMS = HERE / "golden" / "codegen_programs.json.gz"
BASE = 0x00100000  # runtime.memory.STATIC: where the backend maps the image
ARCHS = {"x86": x86.generate, "sparc": sparc.generate}


# ---------------------------------------------------------------------- programs
def file_programs() -> dict[str, str]:
    """name -> source of every SML file the tests run (names relative to the repo)."""
    out: dict[str, str] = {}
    for folder in (reference_path("sml", "programs"), REPO / "examples", HERE / "programs"):
        for p in sorted(folder.glob("*.sml")):
            out[str(p.relative_to(REPO))] = p.read_text(encoding="latin-1")
    return out


def embedded_snippets() -> dict[str, str]:
    """SML text embedded in the MLWorks test modules: every string constant that the front
    end compiles. Keyed by a hash of the text (line numbers move when tests are edited)."""
    out: dict[str, str] = {}
    for p in sorted(HERE.glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text())):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            src = node.value
            if not any(k in src for k in ("val ", "fun ", "datatype ", "exception ")):
                continue
            try:
                compile_sml(src, "t.sml")
            except Exception:  # noqa: BLE001 - not a (valid) SML program: not a golden
                continue
            out["embedded:" + hashlib.sha256(src.encode()).hexdigest()[:16]] = src
    return out


_BIN = ["add", "sub", "mul", "div", "mod", "quot", "rem"]
_CMP = ["lt", "le", "gt", "ge", "eq", "ne"]
_RBIN = ["radd", "rsub", "rmul", "rdiv"]
_RCMP = ["rlt", "rle", "rgt", "rge", "req"]
_F = I.CodeItem("f[r.sml:2]", "x", I.Prim("add", [I.Prim("mul", [I.Var("x"), I.Int(3)]),
                                                   I.Int(1)]))
_G = I.CodeItem("g[r.sml:3]", "y", I.Prim("sub", [I.Var("y"), I.EnvVar(1)]))


def _expr(r: random.Random, names: list[str], depth: int):
    """A random integer-valued IR expression (the shapes of test_codegen_x86_random plus
    reals, refs, selections of let-bound tuples and runtime services)."""
    if depth == 0 or r.random() < 0.2:
        if names and r.random() < 0.5:
            return I.Var(r.choice(names))
        return I.Int(r.choice([r.randint(-40, 40), 2**29 - 1, -(2**29), 65536, 0, 4096]))
    d = depth - 1
    k = r.randrange(16)
    if k <= 2:
        return I.Prim(r.choice(_BIN), [_expr(r, names, d), _expr(r, names, d)])
    if k == 3:
        return I.Prim(r.choice(["neg", "abs"]), [_expr(r, names, d)])
    if k == 4:
        return I.If(I.Prim(r.choice(_CMP), [_expr(r, names, d), _expr(r, names, d)]),
                    _expr(r, names, d), _expr(r, names, d))
    if k == 5:
        return I.Switch(_expr(r, names, d), [(1, _expr(r, names, d)), (-2, _expr(r, names, d))],
                        I.Int(7))
    if k == 6:
        return I.Call(I.Global(0), _expr(r, names, d))
    if k == 7:
        return I.Call(I.MakeClosure(_G.name, [_expr(r, names, d)]), _expr(r, names, d))
    if k == 8:
        kind, n = r.choice([("pair", 2), ("record", 3), ("record", 5)])
        return I.Select(r.randrange(n), I.Alloc(kind, [_expr(r, names, d) for _ in range(n)]))
    if k == 9:
        return I.Handle(_expr(r, names, d), "exn", _expr(r, names, d))
    if k == 10:
        real = lambda: (I.Real(r.choice([0.5, -2.25, 1e10, 3.0]))  # noqa: E731
                        if r.random() < 0.5 else
                        I.Prim("real_of_int", [_expr(r, names, d)]))
        x = I.Prim(r.choice(_RBIN + ["rneg", "sqrt"]),
                   [real(), real()] if r.random() < 0.6 else [real()])
        if x.op in ("rneg", "sqrt"):
            x.args = x.args[:1]
        elif len(x.args) == 1:
            x.op = "rneg"
        if r.random() < 0.5:
            return I.If(I.Prim(r.choice(_RCMP), [x, real()]), I.Int(1), I.Int(2))
        return I.Prim(r.choice(["floor", "ceil", "round", "trunc"]), [x])
    if k == 11:
        n = f"r{len(names)}"
        return I.Let(n, I.Alloc("ref", [_expr(r, names, d)]),
                     I.Seq([I.Assign(I.Var(n), _expr(r, names, d)), I.Deref(I.Var(n))]))
    if k == 12:
        n = f"t{len(names)}"
        return I.Let(n, I.Alloc("record", [_expr(r, names, d) for _ in range(3)]),
                     I.Prim("add", [I.Select(r.randrange(3), I.Var(n)),
                                    _expr(r, names + [n], d)]))
    if k == 13:
        return I.Runtime("string_size", [I.Runtime("int_to_string", [_expr(r, names, d)])])
    if k == 14:
        return I.If(I.Prim("not", [I.Prim("is_int", [_expr(r, names, d)])]),
                    _expr(r, names, d), I.Raise(I.Alloc("pair", [I.String(b"E"), I.Int(0)])))
    n = f"v{len(names)}"
    return I.Let(n, _expr(r, names, d),
                 I.Prim(r.choice(_BIN), [I.Var(n), _expr(r, names + [n], d)]))


def random_programs(count: int = 24) -> dict[str, I.Program]:
    """Seeded random IR programs (deterministic: ``random.Random(seed)``)."""
    out: dict[str, I.Program] = {}
    for seed in range(count):
        r = random.Random(seed)
        bodies = [_expr(r, [], 4) for _ in range(r.randint(1, 5))]
        prints = []
        for b in bodies:
            prints.append(I.Runtime("print", [I.Runtime("int_to_string", [
                I.Handle(b, "exn", I.Int(-999))])]))
        setup = I.Seq([I.SetGlobal(0, I.MakeClosure(_F.name, [])), *prints])
        setup_name = "<Setup>[r.sml:1,1]"
        out[f"random:{seed}"] = I.Program(
            [_F, _G, I.CodeItem(setup_name, "u", setup)], setup_name, 1, "r.sml",
            {"Overflow": b"Overflow", "Div": b"Div"})
    return out


# ---------------------------------------------------------------------- digests
def image_digest(image) -> str:
    """sha256 of a load image: its bytes and every table ``generate`` returned with them."""
    meta = {
        "base": image.base, "setup_code_ptr": image.setup_code_ptr,
        "n_globals": image.n_globals, "vector_bytes": image.vector_bytes,
        "names_record": image.names_record,
        "exn_names": sorted(image.exn_names.items()),
        "strings": sorted((k.hex(), v) for k, v in image.strings.items()),
        "exn_packets": sorted(image.exn_packets.items()),
        "items": [[it.name, it.offset, it.code_ptr, it.size, it.number, it.leaf,
                   it.frame_words] for it in image.items],
    }
    h = hashlib.sha256(image.data)
    h.update(json.dumps(meta, sort_keys=True).encode())
    return h.hexdigest()


def current_programs() -> dict[str, I.Program]:
    """name -> IR of every golden program as today's front end compiles it."""
    programs: dict[str, I.Program] = {}
    for name, src in {**file_programs(), **embedded_snippets()}.items():
        programs[name] = compile_sml(src, "t.sml" if name.startswith("embedded:")
                                     else Path(name).name)
    programs.update(random_programs())
    return programs


_IR_NAMES = {k: getattr(I, k) for k in dir(I) if not k.startswith("_")}
_IR_NAMES.update(inf=float("inf"), nan=float("nan"))


def program_from_text(text: str) -> I.Program:
    """The inverse of ``repr`` on an ``ir.Program`` (IR nodes are dataclasses)."""
    return eval(text, {"__builtins__": {}}, dict(_IR_NAMES))  # noqa: S307 - our own file


def digests(programs: dict[str, I.Program], archs=None) -> dict[str, dict[str, str]]:
    """name -> {arch -> digest}."""
    archs = archs or ARCHS
    return {name: {arch: image_digest(gen(p, BASE)) for arch, gen in archs.items()}
            for name, p in programs.items()}


def load_golden() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """(name -> {arch -> digest}, name -> repr of the program's IR)."""
    with open(GOLDEN) as f:
        images = json.load(f)["images"]
    with gzip.open(PROGRAMS, "rt") as f:
        texts = json.load(f)
    return images, texts


# ---------------------------------------------------------------------- tests
def test_golden_covers_every_program_file():
    images, texts = load_golden()
    assert set(file_programs()) <= set(images) == set(texts)
    assert sum(k.startswith("embedded:") for k in texts) >= 20
    assert sum(k.startswith("random:") for k in texts) >= 20


def test_load_images_are_byte_identical():
    images, texts = load_golden()
    got = digests({name: program_from_text(t) for name, t in texts.items()})
    changed = sorted(f"{name} ({arch})" for name in images for arch in ARCHS
                     if got[name][arch] != images[name][arch])
    assert not changed, "load images changed: " + ", ".join(changed)


def test_todays_front_end_output_generates():
    """The programs as the front end compiles them today also go through both targets
    (the golden's IR may be older than the front end)."""
    programs = current_programs()
    for name in sorted(file_programs()):
        for gen in ARCHS.values():
            assert gen(programs[name], BASE).items


@pytest.mark.parametrize("arch", sorted(ARCHS))
def test_the_digest_sees_one_byte(arch):
    """The comparison is real: a changed byte or a changed item table changes the digest."""
    p = random_programs(1)["random:0"]
    image = ARCHS[arch](p, BASE)
    d = image_digest(image)
    data = bytearray(image.data)
    data[-1] ^= 1
    image.data, old = bytes(data), image.data
    assert image_digest(image) != d
    image.data = old
    image.items[0].frame_words += 1
    assert image_digest(image) != d


class _Recorder(Instrumentation):
    """Hooks that record their sites; with ``code`` they also place it at each site."""

    def __init__(self, code: list[str] | None = None):
        self.code = code or []
        self.entries: list[str] = []
        self.uses: list[ValueLocation] = []
        self.calls: list[CallSite] = []

    def on_entry(self, walker, item):
        self.entries.append(item.name)
        return list(self.code)

    def on_use(self, walker, loc):
        self.uses.append(loc)
        return list(self.code)

    def on_call(self, walker, site):
        self.calls.append(site)
        return list(self.code)


@pytest.mark.parametrize("arch", sorted(ARCHS))
def test_instrumentation_hooks(arch):
    """Empty hooks leave the image byte-identical; every hook fires at its sites; code the
    hooks return is placed in the image."""
    _, texts = load_golden()
    p = program_from_text(texts["tests/reference/sml/programs/records.sml"])
    plain = image_digest(ARCHS[arch](p, BASE))
    rec = _Recorder()
    assert image_digest(ARCHS[arch](p, BASE, instrumentation=rec)) == plain
    assert sorted(set(rec.entries)) == sorted(it.name for it in p.items)
    assert {u.kind for u in rec.uses} >= {"select", "call"}
    assert {c.kind for c in rec.calls} >= {"service", "closure"}
    assert all(u.item in rec.entries and u.site > 0 for u in rec.uses)
    nop = _Recorder(["nop"])
    image = ARCHS[arch](p, BASE, instrumentation=nop)
    assert image_digest(image) != plain
    assert len(image.data) > len(ARCHS[arch](p, BASE).data)
