(* refs_loops.sml -- refs, while loops, loops by recursion, closures sharing state. *)
val counter = ref 0
fun tick () = (counter := !counter + 1; !counter)

fun sumTo n =
  let
    val i = ref 1
    val acc = ref 0
  in
    while !i <= n do (acc := !acc + !i; i := !i + 1);
    !acc
  end

fun fact n = let fun go (0, acc) = acc | go (k, acc) = go (k - 1, k * acc) in go (n, 1) end

fun collatz n =
  let
    fun steps (1, k) = k
      | steps (m, k) = steps (if m mod 2 = 0 then m div 2 else 3 * m + 1, k + 1)
  in
    steps (n, 0)
  end

fun makeAccount balance =
  let
    val b = ref balance
    fun deposit x = (b := !b + x; !b)
    fun withdraw x = if x > !b then NONE else (b := !b - x; SOME (!b))
  in
    (deposit, withdraw, fn () => !b)
  end

val _ = tick ()
val _ = tick ()
val three = tick ()
val () = print (Int.toString three ^ " " ^ Int.toString (!counter) ^ "\n")
val () = print (Int.toString (sumTo 100) ^ " " ^ Int.toString (fact 10) ^ "\n")
val () = print (Int.toString (collatz 27) ^ "\n")
val (dep, wd, bal) = makeAccount 100
val _ = dep 50
val w1 = wd 500
val w2 = wd 30
val () = print ((case w1 of NONE => "refused" | SOME x => Int.toString x) ^ " " ^
                (case w2 of NONE => "refused" | SOME x => Int.toString x) ^ " " ^
                Int.toString (bal ()) ^ "\n")
val r1 = ref 1
val r2 = ref 1
val r3 = r1
val () = print ((if r1 = r2 then "same" else "distinct") ^ " " ^
                (if r1 = r3 then "same" else "distinct") ^ "\n")
val () = r3 := 7
val () = print (Int.toString (!r1) ^ "\n")
val xs : int list ref = ref []
val () = List.app (fn x => xs := x :: !xs) [1, 2, 3, 4]
val () = print (String.concatWith " " (map Int.toString (!xs)) ^ "\n")
fun countdown 0 = print "liftoff\n"
  | countdown n = (print (Int.toString n ^ " "); countdown (n - 1))
val () = countdown 5
val x = 5 before print "before "
val () = print (Int.toString x ^ "\n")
