"""The ``profkit compare`` command: arguments to the tables of ``compare`` (text, CSV) or to
the page of ``html``. Kept apart from ``compare`` because ``html`` builds on ``compare``'s
tables: the command imports both, neither imports the command."""

from __future__ import annotations

import sys
from typing import Any

from profkit.errors import UsageError

from .compare import (
    METRICS,
    USAGE,
    format_functions,
    format_table,
    function_rows,
    functions_csv,
    load,
    metric_table,
    resolve_dir,
    tables_csv,
)
from .html import write_page


# ---------------------------------------------------------------------------- command


def compare_main(argv: list[str], out: Any = None) -> int:
    out = out or sys.stdout
    target = None
    metrics: list[str] = []
    opts: dict[str, Any] = {}
    it = iter(argv)
    for a in it:
        if a in ("-h", "--help"):
            out.write(USAGE)
            return 0
        if a in ("--metric", "-m", "--baseline", "--program", "--html"):
            v = next(it, None)
            if v is None:
                raise UsageError(f"compare: {a} needs a value")
            if a in ("--metric", "-m"):
                for m in v.split(","):
                    if m not in METRICS:
                        raise UsageError(f"compare: unknown metric {m!r} "
                                         f"(one of {', '.join(METRICS)})")
                    metrics.append(m)
            else:
                opts[a[2:]] = v
        elif a in ("--csv", "--ratio", "--all-functions"):
            opts[a[2:]] = True
        elif a.startswith("-"):
            raise UsageError(f"compare: unknown option {a} (try 'profkit compare --help')")
        elif target is None:
            target = a
        else:
            raise UsageError("compare: one study at a time")
    if target is None:
        raise UsageError("compare: no study given (usage: profkit compare STUDY_DIR)")
    data = load(resolve_dir(target))
    if not data.runs:
        raise UsageError(f"{target}: the store holds no runs yet")
    chosen = [METRICS[m] for m in (metrics or list(METRICS)[:6])]
    if "html" in opts:
        write_page(data, opts["html"], chosen, opts.get("baseline"))
        print(f"wrote {opts['html']}", file=sys.stderr)
        return 0
    if "program" in opts:
        p = opts["program"]
        if p not in data.programs:
            raise UsageError(f"compare: no program {p!r} in the study")
        configs, rows = function_rows(data, p, bool(opts.get("all-functions")))
        out.write(functions_csv(p, configs, rows) if opts.get("csv")
                  else format_functions(p, configs, rows))
        return 0
    tables = [metric_table(data, m, opts.get("baseline")) for m in chosen]
    if opts.get("csv"):
        out.write(tables_csv(tables))
    else:
        out.write("\n".join(format_table(t, bool(opts.get("ratio"))) for t in tables))
    return 0
