"""The virtual clock's fast path (runtime/vclock.py ``vclock_block``): the direct table it
reads holds, for each block it has seen, exactly the weight the full logic computes, and
never a block of weight 1 (a store unicorn runs again alone looks like one, and only the
full logic tells them apart); a tick taken inside a block leaves no hook pending and no
hooked translation to drop later. test_vclock holds the slice ends equal to counting's."""

from __future__ import annotations

import io

import numpy as np
import pytest

from profkit import runner
from profkit.backends.mlworks import plugin
from profkit.backends.mlworks.runtime import machine as MM
from profkit.backends.mlworks.runtime import vclock as VC
from profkit.options import parse_run_args
from profkit.plugins import ccprof, heapprof, ldvu, mlworks_space

from .test_vclock import PROGRAM


def _run(tmp_path, monkeypatch, arch: str) -> tuple:
    """(the machine's clock after the run, ticks seen) of PROGRAM under -p manner 2."""
    path = tmp_path / "p.sml"
    path.write_text(PROGRAM)
    machines: list = []
    run = MM.Machine.run

    def keep(self, **kw):
        machines.append(self)
        return run(self, **kw)

    monkeypatch.setattr(MM.Machine, "run", keep)
    argv = ["--backend", "mlworks", "--arch", arch, "--outdir", str(tmp_path),
            "--profile", str(tmp_path / "m.txt"), "--profile-manner", "2", str(path),
            "+RTS", "-V0.00002", "-RTS"]
    status = runner.run(parse_run_args(argv), plugins=[plugin, ccprof, heapprof, ldvu,
                                                       mlworks_space],
                        stdout=io.StringIO(), load_entrypoints=False)
    assert status == 0
    (m,) = machines
    return m.vclock, m.instructions


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_fast_table_holds_the_full_logics_weights_and_no_weight_one(tmp_path, monkeypatch,
                                                                     arch):
    monkeypatch.setenv("PROFKIT_VCLOCK", "block")
    if VC.library() is None:
        pytest.skip("no C compiler for the block-hook clock")
    vc, instructions = _run(tmp_path, monkeypatch, arch)
    if vc is None:
        pytest.skip("this code runs with unicorn's counting (vclock.sparc_usable)")
    assert instructions > 0 and vc.state.inline_on  # ticks were taken inside emu_start
    st = vc.state
    table = vc._direct
    offs = np.flatnonzero(table)
    assert len(offs) > 10
    for off in offs.tolist():
        e = int(table[off])
        size, w = e >> 16, e & 0xFFFF
        assert w != 1
        assert w == vc.weight(st.base + off, size)
    # every tick taken inside a block dropped its hooked translation at once
    assert st.pending == 0 and st.stale_x == 0
    assert st.flimit == st.limit
