(* Held out of the bundled corpus: naive and accumulating list reversal. *)
fun nrev [] = []
  | nrev (x :: xs) = nrev xs @ [x]

fun arev ([], acc) = acc
  | arev (x :: xs, acc) = arev (xs, x :: acc)

fun upto (a, b) = if a > b then [] else a :: upto (a + 1, b)

val () =
  let val xs = upto (1, 120)
  in print (Int.toString (foldl op+ 0 (nrev xs)) ^ " " ^ Int.toString (hd (arev (xs, []))) ^ "\n") end
