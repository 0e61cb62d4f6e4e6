"""Virtual time without unicorn's per-instruction counting (runtime/vclock.py) and use
recording that skips repeated uses (codegen/hooks.py ``HookSites.use``): both must leave
every slice of virtual time ending at the same instruction as before, so that every tick,
census and profile stays the same."""

from __future__ import annotations

import io

import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.profiling import instrument as I
from profkit.backends.mlworks.runtime import machine as MM
from profkit.backends.mlworks.runtime import vclock as VC
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, mlworks_space

# collections and traps (SPARC's tag-overflow trap, large objects skipping two
# instructions), first stores to fresh pages (unicorn runs such a store again alone),
# strings (rep movsb on x86), exceptions raised by runtime services (a stub redirects),
# recursion, closures and records selected several times between collection points
PROGRAM = r"""
datatype t = Leaf | Node of t * int * t
fun ins (Leaf, x) = Node (Leaf, x, Leaf)
  | ins (n as Node (l, y, r), x) =
      if x < y then Node (ins (l, x), y, r) else if x > y then Node (l, y, ins (r, x)) else n
fun sum Leaf = 0
  | sum (Node (l, y, r)) = sum l + y + sum r
fun build (0, t) = t
  | build (k, t) = build (k - 1, ins (t, (k * 7919) mod 1009))
fun pairs ([], acc) = acc
  | pairs ((a, b) :: r, acc) = pairs (r, acc + a * b + a)
fun mk 0 = [] | mk n = (n, n + 1) :: mk (n - 1)
fun strs (0, s) = s
  | strs (k, s) = strs (k - 1, if size s > 300 then "x" else s ^ Int.toString k)
fun safe i = (Array.sub (Array.array (3, 0), i)) handle Subscript => ~1
val big = Array.array (6000, 1)
fun fill (i, acc) =
  if i >= 6000 then acc
  else (Array.update (big, i, i); fill (i + 1, acc + Array.sub (big, i)))
fun loop (0, acc) = acc
  | loop (k, acc) =
      let val t = build (60, Leaf)
          val f = fn x => x + k
      in loop (k - 1, acc + sum t + pairs (mk 40, 0) + size (strs (30, "")) + safe (k mod 5)
                       + f 1 + fill (0, 0) mod 7)
      end
val () = print (Int.toString (loop (12, 0)) ^ "\n")
"""

_SLICE_DONE = MM.Machine._slice_done

SCHEMES = [
    (["--creation-space", "16k"], ["-hb", "-i0.0005"]),
    (["--profile", "{d}/m.txt", "--profile-manner", "3846"], ["-p", "-V0.00005"]),
    # ticks every 100 instructions: below vclock.INLINE_MIN, the clock stops at each
    (["--profile", "{d}/m.txt", "--profile-manner", "2"], ["-V0.000001"]),
]


def _slices(tmp_path, arch: str, opts: list[str], rts: list[str], monkeypatch) -> tuple:
    """(exit status, program output, [(instructions, pc, function) at every slice end],
    whether the block-hook clock was used, {report file: bytes}, whether its slice ends
    were taken inside the emulation (vclock.go_inline))."""
    path = tmp_path / "p.sml"
    path.write_text(PROGRAM)
    seen: list[tuple[int, int]] = []
    used: list[bool] = []

    def slice_done(self, count, on_slice, pc):
        seen.append((self.instructions + count, pc, self.function_name(pc)))
        if not used:
            used.append(self.vclock is not None)
            used.append(self.vclock is not None and bool(self.vclock.state.inline_on))
        return _SLICE_DONE(self, count, on_slice, pc)

    monkeypatch.setattr(MM.Machine, "_slice_done", slice_done)
    argv = ["--backend", "mlworks", "--arch", arch, "--outdir", str(tmp_path),
            *[o.format(d=tmp_path) for o in opts], str(path), "+RTS", *rts, "-RTS"]
    out = io.StringIO()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    status = runner.run(parse_run_args(argv), plugins=[plugin, ccprof, heapprof, ldvu,
                                                       mlworks_space],
                        stdout=out, load_entrypoints=False)
    reports = {f.name: f.read_bytes() for f in sorted(tmp_path.iterdir()) if f.name != "p.sml"}
    return status, out.getvalue(), seen, bool(used and used[0]), reports, used[1]


@pytest.mark.parametrize("arch", ["x86", "sparc"])
@pytest.mark.parametrize("scheme", range(len(SCHEMES)))
def test_block_clock_stops_where_counting_does(tmp_path, monkeypatch, arch, scheme):
    monkeypatch.setenv("PROFKIT_VCLOCK", "block")
    if VC.library() is None:
        pytest.skip("no C compiler for the block-hook clock")
    opts, rts = SCHEMES[scheme]
    block = _slices(tmp_path, arch, opts, rts, monkeypatch)
    monkeypatch.setenv("PROFKIT_VCLOCK", "count")
    count = _slices(tmp_path, arch, opts, rts, monkeypatch)
    assert block[3] and not count[3]  # each run used the clock it was asked for
    # slices of at least INLINE_MIN instructions end inside emu_start (a code hook at the
    # instant); shorter ones stop the emulation there
    assert block[5] == (scheme < 2)
    assert block[0] == count[0] == 0
    assert block[1] == count[1] and block[1].strip()
    assert len(count[2]) > 20
    assert block[2] == count[2]
    assert block[4] == count[4] and count[4]  # every report byte for byte


def test_sparc_code_the_block_clock_cannot_stop_in_is_counted():
    """A block may start in a delay slot (after a control transfer in a page's last word
    or after 511 straight-line words): fine after a ``jmpl`` (its delay slot weighs 0), not
    after a ``call`` or branch; an annulled branch's delay slot is not always run."""
    import numpy as np

    nop, call, jmpl = 0x01000000, 0x40000010, 0x8BC16038  # jmpl %g5+0x38, %g5
    ok = np.array([nop] * 8 + [call, nop, jmpl, nop], dtype=np.uint32)
    assert VC.sparc_usable(ok, 0x1000)
    assert not VC.sparc_usable(np.array([nop] * 1023 + [call], dtype=np.uint32), 0x1000)
    assert VC.sparc_usable(np.array([nop] * 1023 + [jmpl], dtype=np.uint32), 0x1000)
    assert not VC.sparc_usable(np.array([nop] * 600 + [call, nop], dtype=np.uint32), 0x1000)
    assert VC.sparc_usable(np.array([nop] * 600 + [jmpl, nop], dtype=np.uint32), 0x1000)
    assert not VC.sparc_usable(np.array([0x30800004, nop], dtype=np.uint32), 0x1000)  # ba,a


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_repeated_uses_keep_virtual_time_and_cost_less(tmp_path, monkeypatch, arch):
    """A use already recorded since the last collection point gets no table access but
    the same number of instructions: the same slices, output and profile as recording
    every use (and the eras themselves: test_use_eras_random)."""
    from profkit.backends.mlworks.frontend.pipeline import compile_sml
    from profkit.backends.mlworks.codegen import sparc, x86
    from profkit.backends.mlworks.runtime import memory as M

    gen = x86 if arch == "x86" else sparc
    prog = compile_sml(PROGRAM, "p.sml")
    skipping = gen.generate(prog, M.STATIC, instrumentation=I.Instrumentation(
        arch, calls=False, uses=True))
    opts, rts = SCHEMES[0]
    with_skip = _slices(tmp_path, arch, opts, rts, monkeypatch)
    monkeypatch.setattr(I.Instrumentation, "on_repeated_use", None)
    every = gen.generate(prog, M.STATIC, instrumentation=I.Instrumentation(
        arch, calls=False, uses=True))
    # the repeated-use code is as long as the recording code (x86: two 8-byte nops for
    # cmp/jne/mov): unicorn counts a store it runs again (vclock.py) depending on where
    # code lies, so code that moved would move virtual time
    assert len(skipping.data) == len(every.data) and skipping.data != every.data
    assert [it.offset for it in skipping.items] == [it.offset for it in every.items]
    without = _slices(tmp_path, arch, opts, rts, monkeypatch)
    assert with_skip[0] == without[0] == 0
    assert with_skip[1] == without[1]
    assert len(without[2]) > 20
    assert with_skip[2] == without[2]  # the same instants at the same instructions
    assert with_skip[4] == without[4] and b"BEGIN_SAMPLE" in without[4]["p.hp"]
