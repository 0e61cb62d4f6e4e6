fun fact 0 = 1 | fact n = n * fact (n - 1 : IntInf.int)
val () = print (IntInf.toString (fact 25) ^ "\n")
fun f (x : IntInf.int) = case x of 0 => "zero" | 12345678901234 => "big" | ~1 => "minus one" | _ => "other"
val () = print (String.concatWith "," (map f [0, 12345678901234, ~1, 7, 12345678901235]) ^ "\n")
val () = print (Bool.toString (fact 20 = 2432902008176640000) ^ Bool.toString (fact 3 <> 6) ^ "\n")
exception Big of IntInf.int
val () = raise Big (fact 22)
