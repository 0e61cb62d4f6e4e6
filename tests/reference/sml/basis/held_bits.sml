(* bit twiddling with Word and Word8 *)
fun popcount (w : word) = if w = 0w0 then 0 else Word.toInt (Word.andb (w, 0w1)) + popcount (Word.>> (w, 0w1))
val () = print (String.concatWith " " (map (Int.toString o popcount) [0w0, 0w1, 0w7, 0wxFF, 0wx12345]) ^ "\n")

fun reverse8 (b : Word8.word) =
  let fun go (0, _, acc) = acc
        | go (k, b, acc) = go (k - 1, Word8.>> (b, 0w1), Word8.orb (Word8.<< (acc, 0w1), Word8.andb (b, 0w1)))
  in go (8, b, 0w0) end
val () = print (String.concatWith " " (map (Word8.toString o reverse8) [0w1, 0wx80, 0wx0F, 0wxA5, 0w3]) ^ "\n")

fun gray (n : word) = Word.xorb (n, Word.>> (n, 0w1))
fun bin (w : word) = StringCvt.padLeft #"0" 4 (Word.fmt StringCvt.BIN w)
val () = List.app (fn i => print (bin (Word.fromInt i) ^ " -> " ^ bin (gray (Word.fromInt i)) ^ "\n"))
                  (List.tabulate (8, fn i => i))
val () = print (Word.toString (Word.orb (0wxF0, 0wx0F)) ^ " " ^ Word.toString (Word.andb (0wxF0, 0wx3C)) ^ " " ^
                Word.fmt StringCvt.DEC (Word.<< (0w1, 0w10)) ^ " " ^ Word.fmt StringCvt.OCT 0w64 ^ "\n")
val () = print (Int.toString (Word.toInt (0w100 div 0w7)) ^ " " ^ Word.toString (0w100 mod 0w7) ^ " " ^
                Bool.toString (0w5 < (0w10 : word)) ^ " " ^ Word.toString (Word.max (0w3, 0w9)) ^ "\n")
val () = print (Int.toString (Word.toIntX (Word.~>> (Word.fromInt ~64, 0w2))) ^ " " ^
                Int.toString (Word.toInt (Word.>> (0wx100, 0w4))) ^ "\n")
(* a bitset of small ints in a Word8Array *)
val bits = Word8Array.array (16, 0w0)
fun setbit i = let val k = i div 8 val b = Word8.<< (0w1, Word.fromInt (i mod 8))
               in Word8Array.update (bits, k, Word8.orb (Word8Array.sub (bits, k), b)) end
fun testbit i = Word8.andb (Word8Array.sub (bits, i div 8), Word8.<< (0w1, Word.fromInt (i mod 8))) <> 0w0
val () = List.app setbit [3, 5, 7, 64, 100, 127]
val () = print (String.concatWith "," (List.map Int.toString (List.filter testbit (List.tabulate (128, fn i => i)))) ^ "\n")
val () = print (String.concat (List.map (fn b => Word8.fmt StringCvt.HEX b ^ ".")
                                        (Word8Array.foldr (op ::) [] bits)) ^ "\n")
val total = Word8Array.foldl (fn (b, n) => n + popcount (Word.fromInt (Word8.toInt b))) 0 bits
val () = print (Int.toString total ^ "\n")
val w8 : Word8.word = 0wxFF
val () = print (Word8.toString (w8 + 0w1) ^ " " ^ Word8.toString (0w0 - (0w1 : Word8.word)) ^ " " ^
                Word8.toString (Word8.xorb (w8, 0wx55)) ^ " " ^ Word8.toString (Word8.fromLargeWord (Word.toLargeWord 0wx1FF)) ^ "\n")
val () = print (valOf (Option.map Word.toString (Word.fromString "ff")) ^ " " ^
                Word8.toString (valOf (Word8.fromString "7f")) ^ "\n")
(* fnv-like hash over a CharVector, kept to 24 bits *)
fun hash s = CharVector.foldl (fn (c, h) => Word.andb (Word.xorb (h, Word.fromInt (ord c)) * 0w16777619, 0wxFFFFFF)) 0wx811C9D s
val () = List.app (fn s => print (s ^ " " ^ Word.toString (hash s) ^ "\n")) ["", "a", "hello", "profkit"]
val () = print (Int.toString (Word8Vector.length (Word8Vector.tabulate (300, fn i => Word8.fromInt i))) ^ "\n")
val v8 = Word8Vector.fromList [0w10, 0w20, 0w30]
val () = print (Word8.toString (Word8Vector.foldr (fn (a, b) => a + b) 0w0 v8) ^ " " ^
                Bool.toString (Word8Vector.exists (fn b => b > 0w25) v8) ^ "\n")
val () = print (Word8.toString (Word8Vector.sub (Word8Vector.map (fn b => b * 0w2) v8, 2)) ^ "\n")
