"""The STG machine on hand-built IR: evaluation, sharing, PAPs, errors, limits, sizes."""

from __future__ import annotations

from profkit.backends.stg.ir import (App, Bind, Case, ConAlt, ConApp, ConRhs, Let, Lit, LitAlt,
                                     LitE, SCC, TopBind)
from profkit.errors import GuestRuntimeError, ResourceLimitError
from profkit.kinds import ObjKind

from .test_machine_util import (I, S, V, cc, fn, force, nfib_bind, prim, print_int,
                                print_str_then_nl, run, thunk)


def main_str(expr) -> TopBind:
    """main = \\w -> case expr of s -> putStr# s w; newline (expr: a fully built String)."""
    return TopBind("main", fn(["w"], Case(expr, "s", [], default=print_str_then_nl("s")),
                              "main"), "Main")


def length_bind() -> TopBind:
    # len xs = case xs of [] -> 0; (_:t) -> case len t of n -> n + 1   (not tail recursive)
    return TopBind("len", fn(["xs0"], force("xs0", "xs", Case(App("xs", []), "_", [
        ConAlt("[]", [], LitE(I(0))),
        ConAlt(":", ["h", "t"], Case(App("len", [V("t")]), "n", [],
                                     default=prim("+", V("n"), I(1))))])), "len"), "Main")


def upto_bind() -> TopBind:
    # upto a b = if a > b then [] else a : upto (a+1) b   (lazy tail)
    body = force("a0", "a", force("b0", "b", Case(prim(">", V("a"), V("b")), "_", [
        ConAlt("True", [], ConApp("[]", [])),
        ConAlt("False", [], Let([Bind("rest", thunk(Case(prim("+", V("a"), I(1)), "a1", [],
                                                         default=App("upto", [V("a1"), V("b")])),
                                                    "rest"))],
                                ConApp(":", [V("a"), V("rest")])))])))
    return TopBind("upto", fn(["a0", "b0"], body, "upto"), "Main")


def test_deep_non_tail_recursion_uses_no_python_stack():
    # GIVEN a list of 200000 elements and a non-tail-recursive length
    xs = thunk(App("upto", [I(1), I(200000)]), "xs")
    main = fn(["w"], Let([Bind("xs", xs)], print_int(App("len", [V("xs")])).body), "main")
    r = run([length_bind(), upto_bind(), TopBind("main", main, "Main")])
    # THEN 200000 pending case frames are handled by the explicit stack
    assert r.error is None, r.error
    assert r.output == "200000\n"


def test_thunks_are_updated_once_and_shared():
    # let t = {-# SCC expensive #-} 20 * 2 in t + t : the SCC is entered once
    body = Let([Bind("t", thunk(SCC(cc("expensive"), prim("*", I(20), I(2)))))],
               Case(App("t", []), "a", [], default=Case(App("t", []), "b", [],
                                                        default=prim("+", V("a"), V("b")))))
    r = run([TopBind("main", print_int(body), "Main")])
    assert r.output == "80\n"
    assert r.machine.ccs_entries[r.stack_of("expensive")] == 1
    upd = r.rec.rows("update")
    # thunk -> BLACKHOLE on entry, BLACKHOLE -> IND on update
    infos = r.session.tables.infos
    kinds = [(infos[o].kind, infos[n].kind) for o, n in zip(upd["old_info"], upd["new_info"])]
    assert kinds == [(ObjKind.THUNK, ObjKind.BLACKHOLE), (ObjKind.BLACKHOLE, ObjKind.IND)]


def test_blackhole_entry_is_loop():
    body = Let([Bind("x", thunk(Case(App("x", []), "y", [], default=prim("+", V("y"), I(1)))))],
               App("x", []), rec=True)
    r = run([TopBind("main", print_int(body), "Main")])
    assert isinstance(r.error, GuestRuntimeError)
    assert str(r.error) == "t: <<loop>>"


def test_partial_and_over_saturated_application():
    add = TopBind("add", fn(["a0", "b0"], force("a0", "a", force("b0", "b", prim(
        "+", V("a"), V("b")))), "add"), "Main")
    # pick = \x -> add   (returns a function: calling pick 1 2 3 is over-saturated)
    pick = TopBind("pick", fn(["x"], App("add", []), "pick"), "Main")
    body = Let([Bind("inc", thunk(App("add", [I(1000)]), "inc"))],  # a PAP once evaluated
               Case(App("inc", [I(5)]), "r1", [], default=Case(
                   App("pick", [I(0), V("r1"), I(7)]), "r2", [], default=prim("*", V("r2"), I(2)))))
    r = run([add, pick, TopBind("main", print_int(body), "Main")])
    assert r.error is None, r.error
    assert r.output == f"{(1005 + 7) * 2}\n"
    infos = r.session.tables.infos
    kinds = [infos[i].kind for i in r.session.header.info]
    assert ObjKind.PAP in kinds


def test_case_on_literals_and_default():
    sel = Case(prim("+", I(1), I(2)), "v", [LitAlt(Lit(2, "Int"), LitE(I(20))),
                                            LitAlt(Lit(3, "Int"), LitE(I(30)))],
               default=LitE(I(99)))
    r = run([TopBind("main", print_int(sel), "Main")])
    assert r.output == "30\n"


def test_pattern_match_failure_message():
    msg = "t.hs:(3,1)-(4,20): Non-exhaustive patterns in function f"
    body = Case(ConApp("[]", []), "_", [ConAlt(":", ["h", "t"], LitE(I(1)))], fail_msg=msg)
    r = run([TopBind("main", print_int(body), "Main")])
    assert str(r.error) == f"t: {msg}"
    assert r.status == 1


def test_error_primitive_and_output_flushed_first():
    msg = Case(prim("unpackCString#", S("Prelude.head: empty list")), "m", [], default=Case(
        App("deep", [V("m")]), "m2", [], default=prim("error#", V("m2"))))
    # deep forces the whole string (the Prelude does this before error#)
    deep = TopBind("deep", fn(["s0"], force("s0", "s", Case(App("s", []), "_", [
        ConAlt("[]", [], App("s", [])),
        ConAlt(":", ["h", "t"], force("h", "_", Case(App("deep", [V("t")]), "_", [],
                                                     default=App("s", []))))])), "deep"), "Main")
    hello = prim("unpackCString#", S("hello "))
    body = fn(["w"], Case(hello, "s0", [], default=Case(App("deep", [V("s0")]), "s", [],
              default=Case(prim("putStr#", V("s"), V("w")), "_", [], default=msg))), "main")
    r = run([deep, TopBind("main", body, "Main")])
    assert r.output == "hello "
    assert isinstance(r.error, GuestRuntimeError)
    assert str(r.error) == "t: Prelude.head: empty list"


def test_division_semantics_and_divide_by_zero():
    def show(expr):
        return Case(expr, "r", [], default=prim("showInt", V("r")))
    cases = [("div", -7, 2, -4), ("mod", -7, 2, 1), ("quot", -7, 2, -3), ("rem", -7, 2, -1),
             ("div", 7, -2, -4), ("mod", 7, -2, -1), ("quot", 7, -2, -3), ("rem", 7, -2, 1)]
    for op, a, b, want in cases:
        r = run([main_str(show(prim(op, I(a), I(b))))])
        assert r.output == f"{want}\n", (op, a, b)
    r = run([main_str(show(prim("div", I(1), I(0))))])
    assert str(r.error) == "t: divide by zero"


def test_double_arithmetic_and_show():
    expr = Case(prim("/", I(1), I(10)), "x", [], default=Case(
        prim("*", V("x"), Lit(0.1, "Double")), "y", [], default=prim("showDouble", V("y"))))
    r = run([main_str(expr)])
    assert r.output == "1.0000000000000002e-2\n"
    r = run([main_str(Case(prim("+", I(500000), Lit(0.5, "Double")), "z", [],
                           default=prim("showDouble", V("z"))))])
    assert r.output == "500000.5\n"


def test_step_limit():
    loop = TopBind("spin", fn(["n"], App("spin", [V("n")]), "spin"), "Main")
    r = run([loop, TopBind("main", print_int(App("spin", [I(1)])), "Main")], max_steps=10000)
    assert isinstance(r.error, ResourceLimitError)
    assert str(r.error) == "t: step limit of 10000 transitions exceeded"
    assert r.status == 3


def test_header_sizes_follow_ghc_layout():
    # a cons of a big Int, a small Int (static), a thunk with 2 free vars, a Double
    body = Let([Bind("big", ConRhs("I#", [I(1000)]))],
               Case(prim("+", V("big"), I(1)), "b1", [], default=Case(
                   prim("+", I(1), I(2)), "small", [], default=Let(
                       [Bind("th", thunk(prim("+", V("b1"), V("small")), "th"))], Let(
                           [Bind("c", ConRhs(":", [V("b1"), V("[]")]))],
                           Case(App("th", []), "r", [], default=Case(
                               prim("toDouble", V("r")), "d", [], default=LitE(I(0)))))))))
    r = run([TopBind("main", print_int(body), "Main")])
    h = r.session.header
    infos = r.session.tables.infos
    got = sorted((infos[i].desc, s) for i, s in zip(h.info, h.size_words)
                 if infos[i].module == "Main" or infos[i].desc in (":", "I#", "D#", "IND"))
    # I# 1001, I# 3 and I# 1004 are allocated (GHC's mutator boxes every result; its
    # collector later swaps a small one for the static INTLIKE closure, which is the object
    # the program gets here); the thunk is 2 + 2 words
    assert ("I#", 2) in got and ("D#", 2) in got and (":", 3) in got
    assert ("IND", 4) in got  # the thunk (now updated) keeps its allocation size
    assert sum(1 for d, _ in got if d == "I#") == 3


def test_every_object_dies_exactly_once_and_uses_are_recorded():
    r = run([nfib_bind(), TopBind("main", print_int(App("nfib", [I(10)])), "Main")])
    n = len(r.session.header)
    deaths = r.rec.rows("death")
    assert sorted(deaths["obj"].tolist()) == list(range(n))
    uses = r.rec.rows("use")
    assert uses is not None and len(uses) > 0
    last_use = r.session.header.column("last_use")
    assert (last_use[uses["obj"]] == 1).all()
    alloc = r.rec.rows("alloc")
    assert len(alloc) == n


def test_unpack_cstring_is_lazy():
    # take the first char of a long literal: only one cons cell and one tail thunk exist
    body = Case(prim("unpackCString#", S("abcdefghij")), "s", [ConAlt(":", ["h", "t"],
                Case(App("h", []), "c", [], default=prim("ord", V("c"))))])
    r = run([TopBind("main", print_int(body), "Main")])
    assert r.output == "97\n"
    descs = [r.session.tables.infos[i].desc for i in r.session.header.info]
    assert descs.count(":") <= 4  # the literal's one cell + the 3 digits printed
    assert "<GHC.CString.sat_sBg>" in descs or "IND" in descs


def test_constructor_scrutiny_is_a_use_unless_switched_off():
    # the hook contract: case scrutiny of a constructor is a use; mark_con_use=False (-p
    # stg.con_use=0) follows GHC, which never enters evaluated constructors (pointer
    # tagging), so their LDV state stays "never used" (VOID)
    import io

    from profkit.backends.stg.machine.engine import Machine
    from profkit.options import Config
    from profkit.session import Session

    from .test_machine_util import program

    body = Let([Bind("c", ConRhs(":", [I(1000), V("[]")]))], Case(App("c", []), "_", [
        ConAlt(":", ["h", "t"], Case(App("h", []), "x", [], default=prim("+", V("x"), I(1))))]))
    prog = program([TopBind("main", print_int(body), "Main")])
    results = []
    for opts in ({"stg.con_use": "0"}, {}):
        cfg = Config(program="t.hs", plugin_options=opts)
        s = Session(cfg, load_entrypoints=False, stdout=io.StringIO())
        Machine(prog, s, track_objects=True).run()
        infos = s.tables.infos
        cons = [i for i, inf in enumerate(s.header.info) if infos[inf].desc == ":"]
        results.append(s.header.last_use[cons[0]])
    assert results == [0, 1]


def test_object_tracking_is_compiled_out_when_no_scheme_reads_it():
    # with no scheme listening to uses, updates, collections or censuses the machine keeps
    # no last-use or current-info state (Machine.features): the run is otherwise the same
    # transition for transition, allocation for allocation
    import io

    from profkit.backends.stg.machine.engine import Machine
    from profkit.options import Config
    from profkit.session import Session

    from .test_machine_util import program

    body = Let([Bind("c", ConRhs(":", [I(1000), V("[]")]))], Case(App("c", []), "_", [
        ConAlt(":", ["h", "t"], Case(App("h", []), "x", [], default=prim("+", V("x"), I(1))))]))
    prog = program([TopBind("main", print_int(body), "Main")])
    runs = []
    for track in (True, None):
        out = io.StringIO()
        s = Session(Config(program="t.hs"), load_entrypoints=False, stdout=out)
        m = Machine(prog, s, track_objects=track)
        m.run()
        h = s.header
        runs.append((out.getvalue(), m.steps, list(h.site), list(h.producer),
                     int(h.column("last_use").max()), "track" in m.features))
    tracked, plain = runs
    assert plain[:4] == tracked[:4]
    assert tracked[4:] == (1, True) and plain[4:] == (0, False)


def test_heap_limit_prints_ghcs_heap_exhausted_message():
    from profkit.options import Config

    from .test_machine_util import Run, program

    cfg = Config(program="t.hs")
    cfg.rts.max_heap_bytes = 1 << 21  # above the 1 MB nursery (nfib 22 allocates 4 MB)
    cfg.rts.tick_interval = 0.0001  # the heap is checked at every tick
    prog = program([nfib_bind(), TopBind("main", print_int(App("nfib", [I(22)])), "Main")])
    # without a collector model every allocated byte counts: the limit is hit
    r = Run(prog, config=cfg, recorder=False)
    assert isinstance(r.error, ResourceLimitError)
    assert str(r.error) == ("t: Heap exhausted;\nt: Current maximum heap size is 2097152 bytes "
                            "(2 MB).\nt: Use `+RTS -M<size>' to increase it.")
    # with the collector model attached (a recorder listens to GC events) nfib's live heap
    # is tiny and the run completes
    cfg.max_steps = None
    r = Run(prog, config=cfg)
    assert r.error is None and r.output == "28657\n"


def test_deeply_nested_alternatives_compile():
    # 150 nested case alternatives in one function body (deeper than Python's 100
    # indentation levels if generated naively)
    body = LitE(I(42))
    for k in range(150):
        body = Case(prim("+", I(k), I(0)), f"v{k}", [LitAlt(Lit(k, "Int"), body)],
                    default=LitE(I(-1)))
    r = run([TopBind("main", print_int(body), "Main")])
    assert r.error is None, r.error
    assert r.output == "42\n"


def test_case_mixing_box_and_other_constructors_selects_by_value():
    # a box alternative next to other constructors takes only box values
    def prog(rhs):
        body = Let([Bind("v", rhs)], Case(App("v", []), "r", [
            ConAlt("I#", ["x"], prim("+", V("x"), I(100))),
            ConAlt("Just", ["y"], App("y", [])),
            ConAlt("Nothing", [], LitE(I(3)))]))
        return run([TopBind("main", print_int(body), "Main")])

    assert prog(ConRhs("Just", [I(7)])).output == "7\n"
    assert prog(ConRhs("Nothing", [])).output == "3\n"
    assert prog(ConRhs("I#", [I(9)])).output == "109\n"


def _reference_loop(code, env, steps, limit):
    # the trampoline one transition at a time, as the machine's own ran before it was
    # unrolled (its free names are the machine namespace's: rt.rebind)
    try:
        while True:
            code, env = code(env)
            steps += 1
            if steps >= limit:
                limit = m.event(steps, env, code)  # noqa: F821
    except Halt as h:  # noqa: F821
        return h.args[0], steps
    except BaseException:
        m.steps = steps  # noqa: F821
        raise


def test_unrolled_trampoline_counts_every_transition_exactly():
    # the virtual clock is the transition count: the unrolled run loop must end on the same
    # count as one taking a transition at a time, when the program ends, when it fails
    # half-way through a group of transitions, and with ticks every few steps
    import io

    from profkit.backends.stg.machine import rt
    from profkit.backends.stg.machine.engine import Machine
    from profkit.options import Config
    from profkit.session import Session

    from .test_machine_util import program

    fails = Case(App("nfib", [I(12)]), "r", [], default=Case(
        ConApp("[]", []), "_", [ConAlt(":", ["h", "t"], LitE(I(1)))], fail_msg="boom"))
    for body in (App("nfib", [I(12)]), fails):
        for tick in (None, 3e-7):
            counts = []
            for reference in (False, True):
                cfg = Config(program="t.hs")
                if tick:
                    cfg.rts.tick_interval = tick
                s = Session(cfg, load_entrypoints=False, stdout=io.StringIO())
                mach = Machine(program([nfib_bind(), TopBind("main", print_int(body), "Main")]),
                               s)
                if reference:
                    mach.ns["run_loop"] = rt.rebind(_reference_loop, mach.ns)
                try:
                    mach.run()
                except GuestRuntimeError:
                    pass
                counts.append((mach.steps, mach.total_ticks))
            assert counts[0] == counts[1]
            assert counts[0][0] > 1000
