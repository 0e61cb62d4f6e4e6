(* Real.toString and Real.fmt (FIX, SCI, GEN, EXACT) at rounding ties, tiny and huge values, negative zero, inf and nan, bad digit counts *)
fun p s = print (s ^ " | ")
val () = List.app (fn x => p (Real.fmt (StringCvt.FIX (SOME 2)) x)) [0.005, 0.015, 2.675, ~0.0, ~0.001, 1E22, 0.125, 0.375, 1E~10, 123.456]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.FIX (SOME 0)) x)) [2.5, 3.5, ~0.4, 0.5, 1E17]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.SCI (SOME 2)) x)) [0.0, ~0.0, 1.005, 9.995, 1E~300, ~2.5E17, 5E~324]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.SCI (SOME 0)) x)) [1.5, 25.0]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.GEN (SOME 3)) x)) [2.0, 12345.678, 0.000123, 1E~7, ~0.5, 100.0, 999.5, 0.0, ~0.0, 1E300]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.GEN (SOME 1)) x)) [2.0, 15.0, 0.25]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.GEN NONE) x)) [2.0, 1E~5, 0.1]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.FIX NONE) x ^ " " ^ Real.fmt (StringCvt.SCI NONE) x)) [3.14159, ~0.0]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt StringCvt.EXACT x)) [0.1, 1E~5, 2.0, 1E22]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt StringCvt.EXACT x)) [0.0, ~0.0, 123.456, ~1.5, 0.5, 1.0/3.0, 5E~324, 1.7976931348623157E308, 1.0/0.0, 0.0/0.0]
val () = print "\n"
val () = List.app (fn x => p (Real.fmt (StringCvt.GEN (SOME 12)) x)) [1.0/0.0, ~1.0/0.0, 0.0/0.0]
val () = print "\n"
val () = p (Real.fmt (StringCvt.FIX (SOME 0)) 0.0)
val () = (p (Real.fmt (StringCvt.GEN (SOME 0)) 1.0)) handle Size => p "Size"
val () = (p (Real.fmt (StringCvt.FIX (SOME ~1)) 1.0)) handle Size => p "Size"
val () = (p (Real.fmt (StringCvt.SCI (SOME ~1)) 1.0)) handle Size => p "Size"
val () = print "\n"
val () = List.app (fn r => print (Real.toString r ^ " ")) [1E~4, 1E~5, 1E~6, 1.5E~5, 1.5E~6, 1.25E~6, 1E~7, 2.5E~7, 1E~9, 1.2345E~5, 0.000123456789012, 1E11, 1E12, 1.5E12, 123456789012.0, 1234567890123.0, 1E13, 0.001, 3E~5, 1.0/3.0*1E~5]
val () = print "\n"
val () = List.app (fn r => print (Real.toString r ^ " ")) [9.99E~7, 9.999999999999E~7, 0.00000099999999999999, 1.23456789012345E~6, ~4.5E~6, 5E~324, 2.2250738585072014E~308, 1.7976931348623157E308, 0.1E~5, 123.456E~8]
val () = print "\n"
val () = List.app (fn r => print (Real.fmt (StringCvt.GEN NONE) r ^ " " ^ Real.fmt (StringCvt.GEN (SOME 3)) r ^ " ")) [1.5E~5, 1E~6, 12345.678]
val () = print "\n"
