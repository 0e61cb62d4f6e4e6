(* Records and tuples: points as records, bounding boxes as tuples, a (min, max, sum)
   triple as the accumulator. *)
type point = {x : int, y : int, z : int}

fun mkPoint i : point = {x = i mod 17, y = i * 7 mod 23, z = i * 13 mod 31}

fun norm1 ({x, y, z} : point) = x + y + z

fun stats ps =
  let fun step (p, (lo, hi, s)) = let val n = norm1 p in (Int.min (lo, n), Int.max (hi, n), s + n) end
  in foldl step (1000, 0, 0) ps end

fun minimum (x :: xs) = foldl Int.min x xs
  | minimum [] = raise Empty
fun maximum (x :: xs) = foldl Int.max x xs
  | maximum [] = raise Empty

fun bbox (ps : point list) =
  let val xs = map #x ps
      val ys = map #y ps
  in ((minimum xs, minimum ys), (maximum xs, maximum ys)) end

fun main () =
  let val ps = List.tabulate (1200, fn i => mkPoint (i + 1))
      val (lo, hi, s) = stats ps
      val ((x0, y0), (x1, y1)) = bbox ps
  in print ("norms " ^ Int.toString lo ^ " " ^ Int.toString hi ^ " " ^ Int.toString s ^ "\n");
     print ("bbox " ^ Int.toString x0 ^ " " ^ Int.toString y0 ^ " " ^ Int.toString x1 ^ " "
            ^ Int.toString y1 ^ "\n")
  end

val () = main ()
