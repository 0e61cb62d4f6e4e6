from __future__ import annotations

import pytest

from profkit.errors import UsageError
from profkit.options import parse_run_args, parse_size, split_command


def test_split_command_separates_rts_flags_and_program_args():
    before, rts, args = split_command(
        ["-fprof-auto", "prog.hs", "a", "+RTS", "-hc", "-i0.02", "-RTS", "b"]
    )
    assert before == ["-fprof-auto", "prog.hs"]
    assert rts == ["-hc", "-i0.02"]
    assert args == ["a", "b"]


def test_rts_block_may_run_to_the_end_without_minus_rts():
    _, rts, args = split_command(["prog.hs", "+RTS", "-p"])
    assert rts == ["-p"] and args == []


def test_compile_and_rts_flags_fill_the_config():
    cfg = parse_run_args(
        ["-fprof-auto-top", "-fprof-cafs", "x/mean_leak.hs", "+RTS", "-hd", "-hcmain,f",
         "-L12", "-i0.05", "-A16k", "-G3", "-RTS"]
    )
    assert cfg.compile.prof_auto == "top" and cfg.compile.prof_cafs
    assert cfg.program_name == "mean_leak"
    assert cfg.rts.heap.breakdown == "d"
    assert cfg.rts.heap.restrict == {"c": ["main", "f"]}
    assert cfg.rts.label_length == 12
    assert cfg.rts.interval == 0.05
    assert cfg.rts.nursery_bytes == 16 * 1024
    assert cfg.rts.generations == 3
    assert cfg.rts_args_text() == "-hd -hcmain,f -L12 -i0.05 -A16k -G3"


@pytest.mark.parametrize("flag", ["-p", "-P", "-pa", "-Pa", "-pj"])
def test_time_profile_flags(flag):
    assert parse_run_args(["p.hs", "+RTS", flag]).rts.prof == flag[1:]


def test_biography_restriction_is_not_a_breakdown():
    cfg = parse_run_args(["p.hs", "+RTS", "-hc", "-hbdrag,void"])
    assert cfg.rts.heap.breakdown == "c"
    assert cfg.rts.heap.restrict == {"b": ["drag", "void"]}


def test_hr_and_hb_together_are_allowed_unlike_ghc():
    cfg = parse_run_args(["p.hs", "+RTS", "-hr", "-hb"])
    assert cfg.rts.heap.retainer and cfg.rts.heap.biography


def test_two_ordinary_breakdowns_are_refused():
    with pytest.raises(UsageError, match="only one heap profile break-down"):
        parse_run_args(["p.hs", "+RTS", "-hc", "-hd"])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["+RTS", "-p"], "no program given"),
        (["p.hs", "+RTS", "-q"], "unknown RTS option: -q"),
        (["p.hs", "+RTS", "-ifoo"], "bad number in RTS option -ifoo"),
        (["--arch", "mips", "p.sml"], "unknown architecture 'mips'"),
        (["--bogus", "p.hs"], "unknown option: --bogus"),
        (["p.hs", "+RTS", "-hx"], "unknown heap profile break-down: -hx"),
    ],
)
def test_bad_options_give_one_line_usage_errors(argv, message):
    with pytest.raises(UsageError) as info:
        parse_run_args(argv)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_sizes():
    assert parse_size("16k", "-A") == 16384
    assert parse_size("1m", "-A") == 1 << 20
    assert parse_size("4096", "-A") == 4096
    with pytest.raises(UsageError):
        parse_size("lots", "-A")


def test_profkit_long_options_may_follow_the_program():
    cfg = parse_run_args(["p.sml", "--profile", "r.txt", "--profile-manner", "12", "x",
                          "--", "--profile", "y"])
    assert cfg.program == "p.sml"
    assert cfg.profile_file == "r.txt" and cfg.profile_manner == 12
    assert cfg.program_args == ["x", "--profile", "y"]
