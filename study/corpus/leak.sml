(* A leak: the list xs is needed again only at the very end (for its length), so it stays
   live through all the work in between. *)
fun build n = List.tabulate (n, fn i => (i + 1) * 3 mod 101)

fun churn (0, acc) = acc
  | churn (k, acc) = churn (k - 1, (acc * 7 + k) mod 100003)

fun main () =
  let val xs = build 4000
      val total = foldl op+ 0 xs
  in print ("total " ^ Int.toString total ^ "\n");
     print ("churn " ^ Int.toString (churn (20000, total)) ^ "\n");
     print ("length " ^ Int.toString (length xs) ^ "\n")
  end

val () = main ()
