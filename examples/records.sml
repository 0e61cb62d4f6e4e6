(* Records and tuples allocated in a loop; every 10th kept alive. *)
type r3 = {a : int, b : int, c : int}

fun mk3 i : r3 = {a = i, b = i * 2, c = i * 3}
fun sum3 ({a, b, c} : r3) = a + b + c

fun loop (i, n, acc, kept) =
  if i >= n then (acc, kept)
  else
    let val x = mk3 i
    in loop (i + 1, n, (acc + sum3 x) mod 1000003,
             if i mod 10 = 0 then x :: kept else kept)
    end

fun main () =
  let val (acc, kept) = loop (0, 50000, 0, [])
  in print (Int.toString acc ^ " " ^ Int.toString (length kept) ^ "\n") end

val () = main ();
