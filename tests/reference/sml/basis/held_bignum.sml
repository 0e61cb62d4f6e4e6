(* big numbers: factorials, Fibonacci, powers with IntInf *)
fun fact (n : IntInf.int) : IntInf.int = if n <= 1 then 1 else n * fact (n - 1)
val () = List.app (fn n => print (Int.toString n ^ "! = " ^ IntInf.toString (fact (IntInf.fromInt n)) ^ "\n"))
                  [0, 5, 20, 30]
fun fib n = let fun go (0, a, _) = a | go (k, a, b) = go (k - 1, b, a + b)
            in go (n, 0 : IntInf.int, 1) end
val () = print ("fib 100 = " ^ IntInf.toString (fib 100) ^ "\n")
val big : IntInf.int = 123456789012345678901234567890
val () = print (IntInf.toString (big * big) ^ "\n")
val () = print (IntInf.toString (big div 987654321) ^ " " ^ IntInf.toString (big mod 987654321) ^ "\n")
val () = print (IntInf.toString (IntInf.pow (2, 100)) ^ "\n")
val () = print (IntInf.toString (~big + 1) ^ " " ^ IntInf.toString (IntInf.abs (~5)) ^ "\n")
val () = print (Bool.toString (big > fact 25) ^ " " ^ Int.toString (IntInf.toInt (fact 10)) ^ "\n")
val () = print (IntInf.toString (IntInf.quot (~7, 2)) ^ " " ^ IntInf.toString (IntInf.rem (~7, 2)) ^ " " ^
                IntInf.toString (~7 div 2) ^ " " ^ IntInf.toString (~7 mod 2) ^ "\n")
val digits = size (IntInf.toString (fact 100))
val () = print ("100! has " ^ Int.toString digits ^ " digits\n")
val sumd = CharVector.foldl (fn (c, s) => s + ord c - ord #"0") 0 (IntInf.toString (fact 100))
val () = print ("digit sum " ^ Int.toString sumd ^ "\n")
val () = case IntInf.fromString "-98765432109876543210" of
             SOME n => print (IntInf.toString (n + 1) ^ "\n")
           | NONE => print "NONE\n"
val () = print (IntInf.toString (IntInf.max (3, 7)) ^ " " ^ Int.toString (IntInf.sign (~big)) ^ "\n")
val () = print ((Int.toString (IntInf.toInt big)) handle Overflow => "Overflow\n")
