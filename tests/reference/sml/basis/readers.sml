(* Real.fromString, Substring.position and OS.Process.exit, written after the held-out programs found them missing *)
val () = List.app (fn s => print ((case Real.fromString s of SOME r => Real.toString r | NONE => "NONE") ^ " | "))
  ["3.", ".5", "1e5", "1E~2", "  -2.5x", "inf", "nan", "12abc", "e5", "", "1.5e+3", "~0.0", "+7", "Infinity", "-inf", "1e400", "0.1", "123456789.123456789", "1e-400", "\t\n42", "1.e5", "5E-1"]
val () = print "\n"
val (a, b) = Substring.position "lo" (Substring.full "hello world")
val () = print (Substring.string a ^ "|" ^ Substring.string b ^ "\n")
val (a, b) = Substring.position "xyz" (Substring.substring ("hello world", 2, 5))
val () = print (Substring.string a ^ "|" ^ Substring.string b ^ "|" ^ Int.toString (#2 (Substring.base b)) ^ "\n")
val (a, b) = Substring.position "" (Substring.full "abc")
val () = print (Substring.string a ^ "|" ^ Substring.string b ^ "\n")
exception E of int
val () = OS.Process.exit OS.Process.success
val () = print "not reached\n"
