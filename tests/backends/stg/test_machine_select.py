"""Case selection among many constructor alternatives (``case.gen_table_select``): a table
from constructor to alternative index and a tree of index tests, taking the same
alternative as a chain of identity tests would, and the default for any other
constructor."""

from __future__ import annotations

from profkit.backends.stg.machine import case, engine
from tests.backends.stg.test_machine_e2e import run_hs

SOURCE = """module Main (main) where

data T = A | B Int | C Int Int | D | E String | F | G Int | H | I Int Int Int | J

score :: T -> Int
score t = case t of
  A -> 1
  B x -> 10 + x
  C x y -> 100 * x + y
  D -> 4
  E s -> length s
  F -> 6
  G x -> x * 7
  H -> 8
  I x y z -> x + y + z
  J -> 10

partial :: T -> Int
partial t = case t of
  A -> 1
  B x -> x
  C x _ -> x
  D -> 4
  E _ -> 5
  F -> 6
  G x -> x + 1
  I _ _ z -> z
  _ -> -1

main :: IO ()
main = do
  let ts = [A, B 2, C 3 4, D, E "abc", F, G 5, H, I 1 2 3, J]
  print (map score ts)
  print (map partial ts)
"""


def test_many_alternatives_select_by_table(tmp_path, monkeypatch):
    # GIVEN a program whose cases have 10 and 8 constructor alternatives
    sources: list[str] = []
    namespaces: list[dict] = []
    real = engine.exec_in_pieces

    def keep(src, filename, ns):
        sources.append(src)
        namespaces.append(ns)
        return real(src, filename, ns)

    monkeypatch.setattr(engine, "exec_in_pieces", keep)
    # WHEN it runs
    rc, out, err = run_hs(tmp_path, SOURCE)
    # THEN every constructor takes its own alternative (fields bound), and the ones without
    # one the default
    assert rc == 0, err
    assert out == "[1,12,304,4,3,6,35,8,6,10]\n[1,2,3,4,5,6,6,-1,3,-1]\n"
    # AND both cases were compiled to a table lookup, not a chain of identity tests
    tables = [sorted((dc.name, k) for dc, k in t.items()) for ns in namespaces
              for t in ns.values() if type(t) is case._AltTable]
    assert [(c, k) for k, c in enumerate("ABCDEFGHIJ")] in tables  # score's
    assert [(c, k) for k, c in enumerate("ABCDEFGI")] in tables  # partial's
    assert all(f"= {name}[v.dc]" in "".join(sources) for ns in namespaces
               for name, t in ns.items() if type(t) is case._AltTable)


def test_table_of_alternatives_defaults_to_minus_one():
    table = case._AltTable({"x": 0, "y": 1})
    assert (table["x"], table["y"], table["z"]) == (0, 1, -1)
