(* toy RSA and number theory with IntInf *)
fun gcd (a, 0) = a
  | gcd (a, b) = gcd (b, a mod b : IntInf.int)
fun egcd (a, 0) = (a, 1, 0)
  | egcd (a, b : IntInf.int) =
      let val (g, x, y) = egcd (b, a mod b) in (g, y, x - (a div b) * y) end
fun modinv (a, m) = let val (g, x, _) = egcd (a, m)
                    in if g <> 1 then raise Fail "not invertible" else x mod m end
fun powmod (b : IntInf.int, 0, m : IntInf.int) = 1 mod m
  | powmod (b, e : IntInf.int, m) =
      let val h = powmod (b, e div 2, m)
          val h2 = h * h mod m
      in if e mod 2 = 1 then h2 * b mod m else h2 end
val p : IntInf.int = 1000000007
val q : IntInf.int = 998244353
val n = p * q
val phi = (p - 1) * (q - 1)
val e : IntInf.int = 65537
val d = modinv (e, phi)
val () = print ("n = " ^ IntInf.toString n ^ "\nd = " ^ IntInf.toString d ^ "\n")
val msgs : IntInf.int list = [42, 123456789, 987654321987]
val () = List.app (fn m => let val c = powmod (m, e, n)
                               val m' = powmod (c, d, n)
                           in print (IntInf.toString m ^ " -> " ^ IntInf.toString c ^ " -> " ^ IntInf.toString m' ^ "\n") end) msgs
val () = print (IntInf.toString (gcd (IntInf.pow (2, 64) - 1, IntInf.pow (2, 48) - 1)) ^ "\n")
fun choose (n, k) = let fun go (i, acc) = if i > k then acc else go (i + 1, acc * (n - k + i) div i)
                    in go (1, 1 : IntInf.int) end
val () = print ("C(100,50) = " ^ IntInf.toString (choose (100, 50)) ^ "\n")
val catalan = List.tabulate (8, fn i => choose (IntInf.fromInt (2 * i), IntInf.fromInt i) div IntInf.fromInt (i + 1))
val () = print (String.concatWith " " (map IntInf.toString catalan) ^ "\n")
val () = print (IntInf.fmt StringCvt.HEX (IntInf.pow (2, 70) + 255) ^ " " ^ IntInf.fmt StringCvt.BIN 10 ^ " " ^
                IntInf.fmt StringCvt.OCT (~64) ^ "\n")
val () = List.app (fn (a, b) => print (IntInf.toString (a div b) ^ " " ^ IntInf.toString (a mod b) ^ " " ^
                                       IntInf.toString (IntInf.quot (a, b)) ^ " " ^ IntInf.toString (IntInf.rem (a, b)) ^ "\n"))
                  [(100000000000000000007, 13), (~100000000000000000007, 13), (100000000000000000007, ~1000000000000),
                   (~7, ~2), (0, 5), (123456789123456789, 123456789123456789)]
val () = print ((IntInf.toString (IntInf.div (1, 0))) handle Div => "Div\n")
val () = print (IntInf.toString (LargeInt.fromInt 5 * LargeInt.fromInt 536870911) ^ " " ^
                Int.toString (LargeInt.toInt (LargeInt.fromInt ~536870912)) ^ "\n")
val () = print (String.concatWith "," (List.map (fn s => case IntInf.fromString s of SOME v => IntInf.toString v | NONE => "NONE")
                                                ["0", "  +17", "-0", "~00012", "abc", "99999999999999999999x"]) ^ "\n")
val sq = let fun isqrt n = let fun go x = let val y = (x + n div x) div 2 in if y >= x then x else go y end
                           in if n < 2 then n else go n end
         in isqrt (IntInf.pow (10, 40) + 12345) end
val () = print ("isqrt = " ^ IntInf.toString sq ^ " " ^ Bool.toString (sq * sq <= IntInf.pow (10, 40) + 12345) ^ "\n")
val () = print (Int.toString (IntInf.sign (~3)) ^ " " ^ IntInf.toString (IntInf.min (~3, 2)) ^ " " ^
                (case IntInf.compare (IntInf.pow (3, 40), IntInf.pow (2, 63)) of GREATER => "GT" | LESS => "LT" | EQUAL => "EQ") ^ " " ^
                IntInf.toString (IntInf.pow (~2, 5)) ^ " " ^ IntInf.toString (IntInf.pow (5, 0)) ^ "\n")
