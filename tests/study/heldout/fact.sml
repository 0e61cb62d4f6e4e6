(* Held out of the bundled corpus: factorials with an accumulator, and their digit sums. *)
fun fact n =
  let fun go (0, acc) = acc
        | go (k, acc) = go (k - 1, acc * k)
  in go (n, 1) end

fun digitSum 0 = 0
  | digitSum n = n mod 10 + digitSum (n div 10)

val () = app (fn n => print (Int.toString n ^ " " ^ Int.toString (digitSum (fact n)) ^ "\n"))
             [5, 8, 10, 12]
