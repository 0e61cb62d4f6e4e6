(* Real.fmt with FIX and SCI, as programs print tables of reals *)
val xs = [3.14159, ~2.5, 0.125, 1234567.891, ~0.001, 0.0, 2.675, 1.0E10, 123.456, 0.000123]
fun show f = print (String.concatWith " " (map f xs) ^ "\n")
val () = show (Real.fmt (StringCvt.FIX (SOME 2)))
val () = show (Real.fmt (StringCvt.FIX (SOME 0)))
val () = show (Real.fmt (StringCvt.FIX NONE))
val () = show (Real.fmt (StringCvt.SCI (SOME 3)))
val () = show (Real.fmt (StringCvt.SCI NONE))
fun row (name, x) = print (StringCvt.padRight #" " 8 name ^ StringCvt.padLeft #" " 10 (Real.fmt (StringCvt.FIX (SOME 3)) x) ^ "\n")
val () = List.app row [("sqrt2", Math.sqrt 2.0), ("e^pi", Math.exp Math.pi), ("ln 7", Math.ln 7.0), ("atan 3", Math.atan 3.0)]
val () = print (Real.fmt (StringCvt.FIX (SOME 1)) (Real.fromInt 42 / 8.0) ^ "\n")
