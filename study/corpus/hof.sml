(* Higher-order functions: composition, partial application, functions in lists, folds
   that build functions. *)
fun compose fs = foldr (op o) (fn x => x) fs

fun twice f = f o f

val pipeline = [fn x => x + 3, fn x => x * 2, twice (fn x => x - 1), fn x => x mod 1000]

fun sumBy f xs = foldr (fn (x, acc) => f x + acc) 0 xs

fun cycleZip (fs, xs) =
  let fun go (_, [], acc) = acc
        | go ([], ys, acc) = go (fs, ys, acc)
        | go (f :: gs, y :: ys, acc) = go (gs, ys, acc + f y)
  in go (fs, xs, 0) end

fun main () =
  let val xs = List.tabulate (800, fn i => i + 1)
      val run = compose pipeline
  in print ("pipeline " ^ Int.toString (sumBy run xs) ^ "\n");
     print ("odd squares " ^ Int.toString (sumBy (fn x => x * x) (List.filter (fn x => x mod 2 = 1) xs)) ^ "\n");
     print ("applied " ^ String.concatWith " " (map (fn f => Int.toString (f 10)) pipeline) ^ "\n");
     print ("zipped " ^ Int.toString (cycleZip (pipeline, xs)) ^ "\n")
  end

val () = main ()
