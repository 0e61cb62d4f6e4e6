"""Cost-centre-stack semantics: GHC's pushCostCentre / enterFunCCS, and what the machine
charges to which stack."""

from __future__ import annotations

from profkit.backends.stg.machine.ccs import CcsOps
from profkit.backends.stg.ir import App, Bind, Case, Let, SCC, TopBind
from profkit.tables import CostCentre, Tables

from .test_machine_util import I, V, cc, fn, nfib_bind, prim, print_int, run, thunk


def ops():
    t = Tables()
    o = CcsOps(t)
    ids = {n: t.ccs.intern(CostCentre(n, "Main", "x.hs:1:1")) for n in "abcgh"}
    ids["main"] = t.ccs.intern(CostCentre("main", "Main", "x.hs:1:1"))
    caf = t.ccs.intern(CostCentre("CAF", "Main", "<entire-module>", True))
    return t, o, ids, o.raw_push(0, caf)


def names(t, s):
    return [t.ccs[c].label for c in reversed(t.stacks.frames(s))]


def test_push_of_a_cc_already_on_the_stack_truncates_back_to_it():
    t, o, c, _ = ops()
    a = o.push(0, c["a"])
    ab = o.push(a, c["b"])
    assert o.push(ab, c["b"]) == ab  # same top
    assert o.push(ab, c["a"]) == a  # deeper: GHC's checkLoop returns the prefix ending at a
    abc = o.push(ab, c["c"])
    assert o.push(abc, c["b"]) == ab
    assert names(t, o.push(ab, c["c"])) == ["a", "b", "c"]
    assert o.entries.__len__() == len(t.stacks)


def test_enter_fun_from_main_appends_without_the_caf():
    # :Main.main applies main's IO function (built under CAF/main) under MAIN -> MAIN/main
    t, o, c, caf = ops()
    caf_main = o.push(caf, c["main"])
    assert names(t, o.enter_fun(0, caf_main)) == ["main"]


def test_enter_fun_cases():
    t, o, c, caf = ops()
    x = o.push(0, c["a"])
    # case 2: a function built under MAIN/x leaves the caller's stack alone
    y = o.push(o.push(0, c["b"]), c["c"])
    assert o.enter_fun(y, x) == y
    # same root, common prefix: built under CAF/main/g, called under CAF/main/h
    main = o.push(caf, c["main"])
    g, h = o.push(main, c["g"]), o.push(main, c["h"])
    assert names(t, o.enter_fun(h, g)) == ["CAF", "main", "h", "g"]
    # caller deeper than the function's stack, function's stack a prefix: no change
    assert o.enter_fun(h, main) == h
    # function deeper than the caller
    gh = o.push(g, c["b"])
    assert names(t, o.enter_fun(main, gh)) == ["CAF", "main", "g", "b"]
    # different roots: the function's stack (minus its CAF) goes on top
    # (pushing b onto b/c/main/g truncates back to b, as every pushCostCentre does)
    assert names(t, o.enter_fun(y, gh)) == ["b"]
    assert names(t, o.enter_fun(y, g)) == ["b", "c", "main", "g"]


def test_main_caf_and_main_wrapper_stacks():
    # main = {-# SCC main #-} (let r = nfib 12 in \w -> print r), evaluated as a CAF
    body = SCC(cc("main"), Let([Bind("r", thunk(App("nfib", [I(12)]), "r"))],
                               Let([Bind("io", print_int(App("r", [])))], App("io", []))))
    r = run([nfib_bind(), TopBind("main", thunk(body, "main"), "Main")])
    assert r.error is None, r.error
    assert r.output == "233\n"
    e = r.machine.ccs_entries
    assert e[r.stack_of("CAF", "main")] == 1
    assert e[r.stack_of("CAF", "main", "nfib")] == 465
    main_wrapper = r.stack_of("main")  # MAIN/main: 0 entries, the printing's allocation
    assert e[main_wrapper] == 0
    alloc = r.machine.ccs_alloc_bytes()
    assert alloc[main_wrapper] > 0
    assert alloc[r.stack_of("CAF", "main", "nfib")] > alloc[main_wrapper]


def test_function_closure_called_elsewhere_appends_its_stack():
    # let f = {-# SCC mk #-} (let k = 3 in \x -> x + k) in {-# SCC use #-} f 4
    mk = SCC(cc("mk"), Let([Bind("k", thunk(prim("+", I(1), I(2)), "k"))],
                           Let([Bind("g", fn(["x0"], Case(App("x0", []), "x", [], default=Case(
                               App("k", []), "kk", [], default=SCC(cc("inner"), prim(
                                   "+", V("x"), V("kk"))))), "g"))], App("g", []))))
    body = Let([Bind("f", thunk(mk, "f"))], SCC(cc("use"), App("f", [I(4)])))
    r = run([TopBind("main", print_int(body), "Main")])
    assert r.output == "7\n"
    # the function was built under MAIN/mk (case 2: a depth-1 stack): called under
    # MAIN/use, the call leaves the stack as it is
    assert r.machine.ccs_entries[r.stack_of("use", "inner")] == 1


def test_ticks_go_to_the_running_stack():
    r = run([nfib_bind(), TopBind("main", print_int(App("nfib", [I(21)])), "Main")])
    ticks = r.machine.ccs_ticks
    assert sum(ticks) == r.machine.total_ticks == r.machine.steps // 100000
    assert ticks[r.stack_of("nfib")] == max(ticks)
