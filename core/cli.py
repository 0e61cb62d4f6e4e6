"""``profkit`` command line: ``run`` is core's; other subcommands come from plugins."""

from __future__ import annotations

import sys

from .errors import ProfkitError, UsageError
from .options import parse_run_args
from .session import ENTRY_POINT_GROUP, make_plugin_manager

USAGE = """\
usage: profkit run [options] PROG.hs|PROG.sml [+RTS rts-flags -RTS] [args]
       profkit demo [EXAMPLES_DIR] [OUTDIR]
       profkit render FILE.hp [-o OUT] [--format svg|png|both]
       profkit read FILE.prof
       profkit hooks

run options:  -fprof-auto | -fprof-auto-top | -fprof-auto-calls, -fprof-cafs,
              --backend stg|mlworks, --arch x86|sparc, --outdir DIR, --max-steps N,
              --creation-space SIZE, --generations N, --profile FILE,
              --profile-manner N, --profile-select SUBSTRING, --profile-overflow,
              -p name.key=value, -p no:PLUGIN
RTS flags:    -p -P -pa -Pa -pj, -hc -hm -hd -hy -hr -hb -hT, -h<x>NAME,... (restrictions),
              -i<secs> -L<n> -R<n> -A<size> -G<n> -M<size> -V<secs> -xt -s
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(argv)
    except ProfkitError as e:
        sys.stdout.flush()
        print(f"profkit: {e.one_line()}" if isinstance(e, UsageError) else e.one_line(),
              file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        return 130


def _dispatch(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "run":
        from .runner import run

        return run(parse_run_args(rest))
    if cmd == "demo":
        from .demo import demo

        return demo(rest)
    if cmd == "hooks":
        from .docs import hook_reference

        sys.stdout.write(hook_reference())
        return 0
    pm = make_plugin_manager()
    pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    status = pm.hook.profkit_cli_command(name=cmd, argv=rest)
    if status is None:
        raise UsageError(f"unknown command {cmd!r} (try 'profkit --help')")
    return status


if __name__ == "__main__":
    sys.exit(main())
