(* The MLWorks space profiler design document's example, used in a loop:
   g and h are closures made by partial application of the curried f. *)
fun f x y = x + y : int
val g = f 3
val h = f 4

fun loop (0, acc) = acc
  | loop (n, acc) = loop (n - 1, g n + h acc mod 1000)

fun main () =
  let
    val xs = List.tabulate (20000, fn i => i mod 100)
    val ys = List.map g xs
    val zs = List.map (f 5) ys
  in
    print (Int.toString (loop (10000, 0)) ^ " " ^
           Int.toString (List.foldl (op +) 0 zs) ^ "\n")
  end

val () = main ();
