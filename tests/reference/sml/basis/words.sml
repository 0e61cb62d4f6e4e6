(* Word and Word8: literals, arithmetic modulo, bit operations, shifts, conversions *)
fun pw w = print (Word.toString w ^ "\n")
fun p8 w = print (Word8.toString w ^ "\n")
val a = 0wx1F : word
val b = 0w100
val () = pw (a + b)
val () = pw (b - a)
val () = pw (a * b)
val () = pw (b div 0w7)
val () = pw (b mod 0w7)
val () = pw (Word.andb (a, 0wx0C))
val () = pw (Word.orb (a, 0wx100))
val () = pw (Word.xorb (0wxFF, 0wx0F))
val () = pw (Word.<< (0w1, 0w20))
val () = pw (Word.>> (0wxABCDE, 0w8))
val () = pw (Word.~>> (0wx1000, 0w4))
val () = print (Int.toString (Word.toInt 0wx3FF) ^ "\n")
val () = pw (Word.fromInt 12345)
val () = print (Word.fmt StringCvt.DEC 0w12345 ^ " " ^ Word.fmt StringCvt.BIN 0w10 ^ " "
                ^ Word.fmt StringCvt.OCT 0w64 ^ "\n")
val () = print (Bool.toString (a < b) ^ "\n") handle _ => ()
val () = print ((if a < b then "lt" else "ge") ^ " " ^ (if 0w5 >= 0w5 then "ge" else "lt") ^ "\n")
val () = print (case Word.compare (0w3, 0w9) of LESS => "LESS\n" | EQUAL => "EQUAL\n" | GREATER => "GREATER\n")
val () = case Word.fromString "ff" of SOME w => pw w | NONE => print "NONE\n"
val () = case Word.fromString "zz" of SOME w => pw w | NONE => print "NONE\n"
(* a string hash, as people write it *)
fun hash s = CharVector.foldl (fn (c, h) => Word.andb (h * 0w31 + Word.fromInt (ord c), 0wxFFFFFF)) 0w0 s
val () = pw (hash "hello, world")
val () = print (Int.toString (Word.toInt (hash "the quick brown fox")) ^ "\n")
(* Word8 *)
val x = 0wxF0 : Word8.word
val y = Word8.fromInt 300
val () = p8 y
val () = p8 (x + 0wx20)
val () = p8 (0w3 - 0w5 : Word8.word)
val () = p8 (x * 0w3)
val () = p8 (Word8.andb (x, 0wx3C))
val () = p8 (Word8.orb (x, 0wx0F))
val () = p8 (Word8.xorb (x, 0wxFF))
val () = p8 (Word8.notb x)
val () = p8 (Word8.<< (0wx81, 0w1))
val () = p8 (Word8.>> (0wx81, 0w3))
val () = p8 (Word8.~>> (0wx81, 0w3))
val () = print (Int.toString (Word8.toInt x) ^ " " ^ Int.toString (Word8.toIntX x) ^ "\n")
val () = pw (Word.fromInt (Word8.toInt x))
val () = p8 (Word8.fromInt 0x1234)
val () = print ((if x > 0wx10 then "gt" else "le") ^ "\n")
fun sumBytes ws = foldl (fn (w, s) => s + Word8.toInt w) 0 ws
val () = print (Int.toString (sumBytes [0w1, 0w2, 0wxFF]) ^ "\n")
val () = print (case 0w7 : word of 0w7 => "seven\n" | _ => "other\n")
