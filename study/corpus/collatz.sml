(* An accumulator loop: the longest Collatz chain below a bound. *)
fun steps n =
  let fun go (1, acc) = acc
        | go (m, acc) = go (if m mod 2 = 0 then m div 2 else 3 * m + 1, acc + 1)
  in go (n, 0) end

fun longest bound =
  let fun loop (i, best, bestLen) =
        if i >= bound then (best, bestLen)
        else let val s = steps i
             in if s > bestLen then loop (i + 1, i, s) else loop (i + 1, best, bestLen) end
  in loop (1, 1, 0) end

fun main () =
  let val (n, len) = longest 300
  in print ("longest chain below 300 starts at " ^ Int.toString n ^ " with "
            ^ Int.toString len ^ " steps\n");
     print ("steps 27 = " ^ Int.toString (steps 27) ^ "\n")
  end

val () = main ()
