(* numerics: points, polygons, Newton's method, a small linear solve *)
type point = {x : real, y : real}
fun dist ({x = x1, y = y1} : point, {x = x2, y = y2} : point) =
  Math.sqrt ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2))
val poly = [{x = 0.0, y = 0.0}, {x = 4.0, y = 0.0}, {x = 4.0, y = 3.0}, {x = 0.0, y = 3.0}]
fun perimeter ps = ListPair.foldl (fn (a, b, s) => s + dist (a, b)) 0.0
                                  (ps, List.tl ps @ [List.hd ps])
fun area ps = abs (ListPair.foldl (fn ({x = x1, y = y1}, {x = x2, y = y2}, s) =>
                                      s + (x1 * y2 - x2 * y1)) 0.0
                                  (ps, List.tl ps @ [List.hd ps])) / 2.0
val () = print ("perimeter " ^ Real.toString (perimeter poly) ^ ", area " ^
                Real.toString (area poly) ^ "\n")
val () = print ("diagonal " ^ Real.fmt (StringCvt.FIX (SOME 3)) (dist (hd poly, List.nth (poly, 2))) ^ "\n")

fun newton f f' x0 =
  let fun go (x, 0) = x
        | go (x, k) = let val x' = x - f x / f' x
                      in if Real.abs (x' - x) < 1E~12 then x' else go (x', k - 1) end
  in go (x0, 50) end
val r2 = newton (fn x => x * x - 2.0) (fn x => 2.0 * x) 1.0
val () = print ("sqrt 2 ~ " ^ Real.fmt (StringCvt.FIX (SOME 10)) r2 ^ "\n")
val () = print ("cube root 10 ~ " ^ Real.toString (newton (fn x => x * x * x - 10.0)
                                                          (fn x => 3.0 * x * x) 2.0) ^ "\n")
val () = print (Real.toString Math.pi ^ " " ^ Real.toString (Math.sin (Math.pi / 6.0)) ^ " " ^
                Real.fmt (StringCvt.FIX (SOME 4)) (Math.atan2 (1.0, 1.0) * 4.0) ^ "\n")
val () = print (Real.toString (Math.exp 1.0) ^ " " ^ Real.toString (Math.ln 10.0) ^ " " ^
                Real.toString (Math.pow (2.0, 10.0)) ^ " " ^ Real.toString (Math.log10 1000.0) ^ "\n")
val angles = List.tabulate (5, fn i => real i * Math.pi / 4.0)
val () = app (fn a => print (Real.fmt (StringCvt.FIX (SOME 3)) (Math.cos a) ^ " ")) angles
val () = print "\n"

(* Gaussian elimination on a 3x3 system, arrays of arrays *)
val a = Array.fromList [Array.fromList [2.0, 1.0, ~1.0, 8.0],
                        Array.fromList [~3.0, ~1.0, 2.0, ~11.0],
                        Array.fromList [~2.0, 1.0, 2.0, ~3.0]]
fun get (i, j) = Array.sub (Array.sub (a, i), j)
fun set (i, j, v) = Array.update (Array.sub (a, i), j, v)
val n = 3
fun eliminate k =
  if k = n then ()
  else (let fun row i =
              if i = n then ()
              else (if i <> k then
                      let val f = get (i, k) / get (k, k)
                      in Array.appi (fn (j, _) => set (i, j, get (i, j) - f * get (k, j)))
                                    (Array.sub (a, i)) end
                    else ();
                    row (i + 1))
        in row 0 end;
        eliminate (k + 1))
val () = eliminate 0
val sol = List.tabulate (n, fn i => get (i, n) / get (i, i))
val () = print ("solution: " ^ String.concatWith ", " (map (fn v => Real.fmt (StringCvt.FIX (SOME 2)) v) sol) ^ "\n")
val () = print (Int.toString (Real.round 2.5) ^ " " ^ Int.toString (Real.round 3.5) ^ " " ^
                Int.toString (Real.floor ~1.5) ^ " " ^ Int.toString (Real.ceil 1.2) ^ " " ^
                Int.toString (Real.trunc ~7.9) ^ "\n")
val () = print (Real.toString (Real.fromInt 7 / 2.0) ^ " " ^ Real.toString 1.0E10 ^ " " ^
                Real.toString 0.000123 ^ " " ^ Real.toString (~3.25) ^ "\n")
val () = print (Bool.toString (Real.isNan (0.0 / 0.0)) ^ " " ^ Real.toString (1.0 / 0.0) ^ " " ^
                Real.toString (Real.max (3.0, 4.5)) ^ " " ^ Int.toString (Real.sign ~2.0) ^ "\n")
val mean = let val xs = [3.5, 2.25, 9.0, 4.75] in foldl op+ 0.0 xs / real (length xs) end
val () = print ("mean " ^ Real.fmt (StringCvt.SCI (SOME 3)) mean ^ "\n")
val () = case Real.compare (mean, 5.0) of LESS => print "below\n" | _ => print "above\n"
