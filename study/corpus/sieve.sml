(* List building and consuming: the naive sieve filters a list once per prime. *)
fun upto (a, b) = if a > b then [] else a :: upto (a + 1, b)

fun sieve [] = []
  | sieve (p :: xs) = p :: sieve (List.filter (fn x => x mod p <> 0) xs)

fun primesUpTo n = sieve (upto (2, n))

fun main () =
  let val ps = primesUpTo 1500
  in print ("count " ^ Int.toString (length ps) ^ "\n");
     print ("sum " ^ Int.toString (foldl op+ 0 ps) ^ "\n");
     print ("last " ^ Int.toString (List.last ps) ^ "\n")
  end

val () = main ()
