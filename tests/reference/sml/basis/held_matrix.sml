(* text tables and matrices: formatting, vectors, arrays *)
val names = ["alpha", "beta", "gamma", "delta", "epsilon"]
val scores = [[90, 85, 77], [60, 72, 88], [100, 95, 99], [45, 50, 61], [70, 80, 90]]
fun avg xs = real (foldl op+ 0 xs) / real (length xs)
fun row (n, ss) = StringCvt.padRight #" " 8 n ^ " | " ^
                  String.concatWith " " (map (StringCvt.padLeft #" " 3 o Int.toString) ss) ^
                  " | " ^ Real.fmt (StringCvt.FIX (SOME 1)) (avg ss)
val () = print (String.implode (List.tabulate (30, fn _ => #"-")) ^ "\n")
val () = ListPair.app (fn p => print (row p ^ "\n")) (names, scores)
val best = ListPair.foldl (fn (n, ss, (bn, ba)) => if avg ss > ba then (n, avg ss) else (bn, ba)) ("", 0.0) (names, scores)
val () = print ("best: " ^ #1 best ^ " " ^ Real.toString (#2 best) ^ "\n")

(* matrix multiply with Array of ints, row-major in one array *)
fun mk (r, c, f) = (r, c, Array.tabulate (r * c, fn k => f (k div c, k mod c)))
fun at ((_, c, a), i, j) = Array.sub (a, i * c + j)
fun mul (m1 as (r, k, _), m2 as (_, c, _)) =
  mk (r, c, fn (i, j) => let fun s (t, acc) = if t = k then acc else s (t + 1, acc + at (m1, i, t) * at (m2, t, j))
                         in s (0, 0) end)
fun show (m as (r, c, _)) =
  List.app (fn i => print (String.concatWith " " (List.tabulate (c, fn j => StringCvt.padLeft #" " 5 (Int.toString (at (m, i, j))))) ^ "\n"))
           (List.tabulate (r, fn i => i))
val a = mk (3, 4, fn (i, j) => i + j)
val b = mk (4, 2, fn (i, j) => i * j - 1)
val () = show (mul (a, b))
fun power (m, 0) = mk (#1 m, #1 m, fn (i, j) => if i = j then 1 else 0)
  | power (m, n) = mul (m, power (m, n - 1))
val fibm = power (mk (2, 2, fn (i, j) => if i = 1 andalso j = 1 then 0 else 1), 30)
val () = print ("fib 30 = " ^ Int.toString (at (fibm, 0, 1)) ^ "\n")
(* transpose of a vector of vectors *)
val vv = Vector.tabulate (3, fn i => Vector.tabulate (4, fn j => chr (ord #"a" + i * 4 + j)))
val tv = Vector.tabulate (4, fn j => Vector.tabulate (3, fn i => Vector.sub (Vector.sub (vv, i), j)))
val () = Vector.app (fn r => print (CharVector.tabulate (Vector.length r, fn i => Vector.sub (r, i)) ^ "\n")) tv
val flat = Vector.foldr (fn (r, acc) => Vector.foldr (op ::) acc r) [] vv
val () = print (implode flat ^ "\n")
val () = print (Vector.foldli (fn (i, r, s) => s ^ Int.toString i ^ str (Vector.sub (r, 0))) "" vv ^ "\n")
val arr = Array.fromList [5, 3, 9, 1, 7, 2]
fun bubble a =
  let val n = Array.length a
      fun pass (i, swapped) =
        if i >= n - 1 then swapped
        else if Array.sub (a, i) > Array.sub (a, i + 1)
        then let val t = Array.sub (a, i)
             in Array.update (a, i, Array.sub (a, i + 1)); Array.update (a, i + 1, t); pass (i + 1, true) end
        else pass (i + 1, swapped)
      fun loop () = if pass (0, false) then loop () else ()
  in loop () end
val () = bubble arr
val () = print (String.concatWith "<" (map Int.toString (Array.foldr (op ::) [] arr)) ^ "\n")
val v = Array.vector arr
val () = print (Int.toString (Vector.sub (v, 5)) ^ " " ^ Int.toString (Array.length arr) ^ "\n")
val () = Array.modifyi (fn (i, x) => x * i) arr
val () = print (Int.toString (Array.foldl op+ 0 arr) ^ "\n")
val () = print (Int.toString (Vector.sub (v, 6))) handle Subscript => print "out of range\n"
val () = print (Int.toString (Array.sub (Array.array (0, 0), 0))) handle Subscript => print "empty\n"
val () = print (Int.fmt StringCvt.HEX 255 ^ " " ^ Int.fmt StringCvt.BIN 10 ^ " " ^ Int.toString (Int.max (3, ~4)) ^
                " " ^ Int.toString (Int.quot (~7, 2)) ^ " " ^ Int.toString (Int.rem (~7, 2)) ^ " " ^
                Int.toString (~7 div 2) ^ " " ^ Int.toString (~7 mod 2) ^ "\n")
