(* Array, Vector, CharArray, Word8Array, Word8Vector, Byte *)
fun pl s = print (s ^ "\n")
fun pi i = pl (Int.toString i)
fun pb b = pl (Bool.toString b)
fun ints xs = String.concatWith " " (map Int.toString xs)
val a = Array.array (5, 0)
val () = Array.update (a, 2, 7)
val () = pl (ints (Array.foldr (op ::) [] a))
val () = pi (Array.length a)
val t = Array.tabulate (6, fn i => i * i)
val () = pi (Array.foldl (op +) 0 t)
val () = pl (ints (Array.foldli (fn (i, x, acc) => acc @ [i + x]) [] t))
val () = pl (ints (Array.foldri (fn (i, x, acc) => (i * x) :: acc) [] t))
val () = Array.modify (fn x => x + 1) t
val () = Array.modifyi (fn (i, x) => x - i) t
val () = pl (ints (Array.foldr (op ::) [] t))
val () = Array.app (fn x => print (Int.toString x ^ ",")) t
val () = print "\n"
val () = Array.appi (fn (i, x) => print (Int.toString i ^ ":" ^ Int.toString x ^ " ")) (Array.fromList [10, 20])
val () = print "\n"
val () = pb (Array.exists (fn x => x > 20) t andalso Array.all (fn x => x >= 0) t)
val () = pl (case Array.find (fn x => x > 5) t of SOME x => Int.toString x | NONE => "none")
val () = pl (case Array.findi (fn (i, x) => x > 5) t of SOME (i, x) => Int.toString i | NONE => "none")
val dst = Array.array (8, ~1)
val () = Array.copy {src = t, dst = dst, di = 1}
val () = pl (ints (Array.foldr (op ::) [] dst))
val () = Array.copyVec {src = Vector.fromList [9, 8], dst = dst, di = 6}
val () = pl (ints (Array.foldr (op ::) [] dst))
val () = pl ((Array.sub (a, 5); "no") handle Subscript => "Subscript raised")
val neg = Array.length a - 6
val () = pl ((Array.update (a, neg, 0); "no") handle Subscript => "Subscript raised")
val () = pl ((Array.array (neg, 0); "no") handle Size => "Size raised")
val v = Array.vector t
val () = pi (Vector.length v)
(* Vector *)
val v = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6]
val () = pi (Vector.sub (v, 5))
val () = pi (Vector.foldl (op +) 0 v)
val () = pl (ints (Vector.foldr (op ::) [] (Vector.map (fn x => x * 10) v)))
val () = pl (ints (Vector.foldr (op ::) [] (Vector.mapi (fn (i, x) => i + x) v)))
val () = pl (ints (Vector.foldr (op ::) [] (Vector.update (v, 0, 100))))
val () = pl (ints (Vector.foldr (op ::) [] (Vector.concat [v, Vector.tabulate (3, fn i => ~i)])))
val () = pb (Vector.exists (fn x => x = 9) v andalso not (Vector.all (fn x => x > 1) v))
val () = pl (case Vector.find (fn x => x > 4) v of SOME x => Int.toString x | NONE => "none")
val () = Vector.app (fn x => print (Int.toString x)) v
val () = print "\n"
val () = pi (Vector.foldli (fn (i, x, acc) => acc + i * x) 0 v)
val () = pi (Vector.length (vector [1, 2, 3]))
val () = pl ((Vector.sub (v, 8); "no") handle Subscript => "Subscript raised")
(* CharArray *)
val ca = CharArray.array (3, #"-")
val () = CharArray.update (ca, 1, #"x")
val () = pl (CharArray.vector ca)
val ca2 = CharArray.fromList (explode "hello")
val () = CharArray.modify Char.toUpper ca2
val () = pl (CharArray.vector ca2)
val () = pi (CharArray.length ca2)
val () = pl (str (CharArray.sub (ca2, 4)))
val () = pl (CharArray.foldr (fn (c, s) => str c ^ s) "" (CharArray.tabulate (4, fn i => chr (65 + i))))
val big = CharArray.array (7, #".")
val () = CharArray.copyVec {src = "abc", dst = big, di = 2}
val () = pl (CharArray.vector big)
(* Word8Vector, Word8Array, Byte *)
val bv = Byte.stringToBytes "ABC"
val () = pi (Word8Vector.length bv)
val () = pl (Word8.toString (Word8Vector.sub (bv, 1)))
val () = pi (Word8Vector.foldl (fn (b, n) => n + Word8.toInt b) 0 bv)
val () = pl (Byte.bytesToString (Word8Vector.map (fn b => b + 0w1) bv))
val () = pl (Byte.bytesToString (Word8Vector.fromList [0wx68, 0wx69]))
val () = pl (Byte.bytesToString (Word8Vector.tabulate (3, fn i => Word8.fromInt (97 + i))))
val () = pl (str (Byte.byteToChar 0wx41) ^ Word8.toString (Byte.charToByte #"z"))
val ba = Word8Array.array (4, 0w0)
val () = Word8Array.update (ba, 0, 0wxFF)
val () = Word8Array.update (ba, 3, 0w7)
val () = pl (String.concatWith " " (Word8Array.foldr (fn (b, acc) => Word8.toString b :: acc) [] ba))
val () = pi (Word8Array.foldl (fn (b, n) => n + Word8.toInt b) 0 ba)
val () = Word8Array.modify (fn b => Word8.xorb (b, 0wx0F)) ba
val () = pl (String.concatWith " " (map Word8.toString (Word8Vector.foldr (op ::) [] (Word8Array.vector ba))))
val () = pl (Byte.bytesToString (Word8Array.vector (Word8Array.fromList [0wx4F, 0wx4B])))
val () = pl ((Word8Array.sub (ba, 4); "no") handle Subscript => "Subscript raised")
(* a sieve, as people write it *)
fun primes n =
  let val sieve = Array.array (n + 1, true)
      fun mark (i, j) = if j > n then () else (Array.update (sieve, j, false); mark (i, j + i))
      fun loop i = if i * i > n then () else (if Array.sub (sieve, i) then mark (i, i * i) else (); loop (i + 1))
      val () = loop 2
  in List.filter (fn i => Array.sub (sieve, i)) (List.tabulate (n - 1, fn i => i + 2)) end
val () = pl (ints (primes 60))
