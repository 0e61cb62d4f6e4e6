(* Backtracking search: placements of n queens, built with maps and filters. *)
fun upto (a, b) = if a > b then [] else a :: upto (a + 1, b)

fun safe (q, qs) =
  let fun ok (_, []) = true
        | ok (d, c :: cs) = q <> c andalso abs (q - c) <> d andalso ok (d + 1, cs)
  in ok (1, qs) end

fun queens (n, 0) = [[]]
  | queens (n, k) =
      List.concat (map (fn qs => map (fn q => q :: qs)
                                     (List.filter (fn q => safe (q, qs)) (upto (1, n))))
                       (queens (n, k - 1)))

fun main () =
  let val sols = queens (6, 6)
  in print ("solutions " ^ Int.toString (length sols) ^ "\n");
     print ("first " ^ String.concatWith " " (map Int.toString (hd sols)) ^ "\n")
  end

val () = main ()
