(* Recursion: the call-heavy classic, with a driver over a list. *)
fun nfib n = if n < 2 then 1 else nfib (n - 1) + nfib (n - 2) + 1

fun report n = print ("nfib " ^ Int.toString n ^ " = " ^ Int.toString (nfib n) ^ "\n")

fun main () = app report [10, 12, 14]

val () = main ()
