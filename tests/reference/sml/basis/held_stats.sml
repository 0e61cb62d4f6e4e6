(* statistics over a data set read from a string: reals, sorting with arrays, histograms *)
val data = "3.2 4.8 1.5 9.9 7.25 0.1 5.0 6.75 2.2 8.8 4.4 3.3 10.0 0.05 7.7"
val xs = List.mapPartial (fn s => case String.tokens (fn c => c = #".") s of
                                     [a, b] => SOME (real (valOf (Int.fromString a)) +
                                                     real (valOf (Int.fromString b)) / Math.pow (10.0, real (size b)))
                                   | [a] => Option.map real (Int.fromString a)
                                   | _ => NONE)
                         (String.tokens Char.isSpace data)
val n = real (length xs)
val mean = foldl op+ 0.0 xs / n
val var = foldl (fn (x, s) => s + (x - mean) * (x - mean)) 0.0 xs / (n - 1.0)
val sd = Math.sqrt var
val () = print ("n=" ^ Int.toString (length xs) ^ " mean=" ^ Real.toString mean ^ " sd=" ^ Real.toString sd ^ "\n")
val () = print ("mean " ^ Real.fmt (StringCvt.FIX (SOME 3)) mean ^ ", var " ^ Real.fmt (StringCvt.SCI (SOME 2)) var ^ "\n")
(* heap sort on an array of reals *)
fun heapsort a =
  let val n = Array.length a
      fun swap (i, j) = let val t = Array.sub (a, i) in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t) end
      fun sift (i, n) =
        let val l = 2 * i + 1 val r = l + 1
            val m = if l < n andalso Array.sub (a, l) > Array.sub (a, i) then l else i
            val m = if r < n andalso Array.sub (a, r) > Array.sub (a, m) then r else m
        in if m <> i then (swap (i, m); sift (m, n)) else () end
      fun build i = if i < 0 then () else (sift (i, n); build (i - 1))
      fun extract k = if k <= 1 then () else (swap (0, k - 1); sift (0, k - 1); extract (k - 1))
  in build (n div 2 - 1); extract n end
val arr = Array.fromList xs
val () = heapsort arr
val sorted = Array.foldr (op ::) [] arr
val () = print (String.concatWith " " (map Real.toString sorted) ^ "\n")
val median = Array.sub (arr, Array.length arr div 2)
val () = print ("median " ^ Real.toString median ^ " min " ^ Real.toString (Array.sub (arr, 0)) ^ "\n")
(* histogram with buckets of width 2.5 *)
val buckets = Array.array (4, 0)
val () = List.app (fn x => let val b = Int.min (3, Real.floor (x / 2.5)) in Array.update (buckets, b, Array.sub (buckets, b) + 1) end) xs
val () = Array.appi (fn (i, c) => print (Real.fmt (StringCvt.FIX (SOME 1)) (real i * 2.5) ^ "-" ^
                                          Real.fmt (StringCvt.FIX (SOME 1)) (real (i + 1) * 2.5) ^ " " ^
                                          CharVector.tabulate (c, fn _ => #"#") ^ "\n")) buckets
val () = List.app (fn r => print (Real.toString r ^ " ")) [0.1, 1.0 / 3.0, 1E~5, 123456789.0, 1E21, ~0.0, 2.5E~10, 100.0, 1.0E15, 1.0E16]
val () = print "\n"
val () = List.app (fn r => print (Real.fmt (StringCvt.FIX (SOME 2)) r ^ " ")) [0.005, 0.015, 2.675, ~1.005, 1E10, 0.0]
val () = print "\n"
val () = List.app (fn r => print (Real.fmt (StringCvt.SCI NONE) r ^ " ")) [0.0, 1.0, ~123.456, 6.02E23]
val () = print "\n"
val () = print (Real.toString (Real.fromInt (Real.round 1E8)) ^ " " ^ Int.toString (Real.trunc 5.36870911E8) ^ "\n")
