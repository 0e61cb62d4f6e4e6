(* List, ListPair, Option *)
fun pl s = print (s ^ "\n")
fun pi i = pl (Int.toString i)
fun pb b = pl (Bool.toString b)
fun ints xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"
val xs = [5, 3, 8, 1, 9, 2]
val () = pl (ints (List.filter (fn x => x > 2) xs))
val () = pi (List.foldl (op +) 0 xs)
val () = pl (ints (List.foldr (op ::) [] xs))
val () = pl (ints (List.rev xs @ [0]))
val () = pi (List.nth (xs, 2))
val () = pl (ints (List.take (xs, 2)) ^ ints (List.drop (xs, 4)))
val () = pi (List.last xs)
val () = pl (ints (List.concat [[1], [], [2, 3]]))
val () = pl (ints (List.tabulate (5, fn i => i * i)))
val () = pl (case List.find (fn x => x > 7) xs of SOME x => Int.toString x | NONE => "none")
val () = pb (List.exists (fn x => x = 9) xs andalso not (List.all (fn x => x > 1) xs))
val (evens, odds) = List.partition (fn x => x mod 2 = 0) xs
val () = pl (ints evens ^ ints odds)
val () = pl (ints (List.mapPartial (fn x => if x > 4 then SOME (x * 10) else NONE) xs))
val () = pl (ints (List.revAppend ([1, 2], [3])))
val () = pl (case List.getItem xs of SOME (h, t) => Int.toString h ^ ints t | NONE => "none")
val () = pl (case List.collate Int.compare ([1, 2], [1, 3]) of LESS => "LESS" | EQUAL => "EQUAL" | GREATER => "GREATER")
val () = pb (List.null [] andalso not (null xs))
val () = pi (List.length xs + length [1])
val () = pl ((List.hd []; "no") handle Empty => "Empty raised")
val () = pl ((List.nth (xs, 10); "no") handle Subscript => "Subscript raised")
val () = List.app (fn x => print (Int.toString x)) xs
val () = print "\n"
(* insertion sort and merge sort *)
fun insert (x, []) = [x]
  | insert (x, y :: ys) = if x <= y then x :: y :: ys else y :: insert (x, ys)
val () = pl (ints (foldl insert [] xs))
fun msort [] = [] | msort [x] = [x]
  | msort l =
      let val n = length l div 2
          fun merge ([], b) = b | merge (a, []) = a
            | merge (a as x :: xr, b as y :: yr) = if x <= y then x :: merge (xr, b) else y :: merge (a, yr)
      in merge (msort (List.take (l, n)), msort (List.drop (l, n))) end
val () = pl (ints (msort [10, ~3, 7, 7, 0, 22, ~15]))
(* ListPair *)
val ps = ListPair.zip ([1, 2, 3], ["a", "b"])
val () = pl (String.concatWith " " (map (fn (i, s) => Int.toString i ^ s) ps))
val (is, ss) = ListPair.unzip [(1, "x"), (2, "y")]
val () = pl (ints is ^ String.concat ss)
val () = pl (ints (ListPair.map (op +) ([1, 2, 3], [10, 20, 30])))
val () = pi (ListPair.foldl (fn (a, b, s) => s + a * b) 0 ([1, 2, 3], [4, 5, 6]))
val () = pl (ListPair.foldr (fn (a, b, s) => a ^ b ^ s) "" (["a", "b"], ["1", "2"]))
val () = pb (ListPair.all (op <) ([1, 2], [2, 3]) andalso ListPair.exists (op =) ([1, 2], [0, 2]))
val () = ListPair.app (fn (a, b) => print (Int.toString (a - b) ^ " ")) ([5, 6], [1, 1])
val () = print "\n"
val () = pl ((ListPair.zipEq ([1], []); "no") handle ListPair.UnequalLengths => "UnequalLengths raised")
val () = pl (ints (ListPair.mapEq (op * ) ([2, 3], [4, 5])))
(* Option *)
val () = pi (Option.getOpt (NONE, 7) + getOpt (SOME 1, 0))
val () = pb (Option.isSome (SOME 1) andalso not (isSome NONE))
val () = pi (Option.valOf (SOME 42))
val () = pl ((valOf NONE; "no") handle Option => "Option raised")
val () = pl (case Option.map (fn x => x + 1) (SOME 1) of SOME x => Int.toString x | NONE => "none")
val () = pl (case Option.filter (fn x => x > 5) 3 of SOME x => Int.toString x | NONE => "none")
val () = pl (case Option.join (SOME (SOME 9)) of SOME x => Int.toString x | NONE => "none")
val () = pl (case Option.mapPartial (fn x => if x > 0 then SOME (x * 2) else NONE) (SOME 4) of SOME x => Int.toString x | NONE => "none")
val () = Option.app (fn x => pi x) (SOME 5)
val () = pl (case Option.compose (fn x => x * 3, fn y => if y > 0 then SOME y else NONE) 2 of SOME x => Int.toString x | NONE => "none")
