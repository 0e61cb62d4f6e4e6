(* idioms of ordinary programs: word counts, ciphers, checksums, matrices, buffers *)
(* word frequencies *)
val text = "the quick brown fox jumps over the lazy dog the fox"
val words = String.tokens (fn c => c = #" ") text
fun insert (w, []) = [(w, 1)]
  | insert (w, (x, n) :: rest) = if w = x then (x, n + 1) :: rest else (x, n) :: insert (w, rest)
val freq = foldl insert [] words
fun sortBy cmp [] = [] | sortBy cmp (p :: xs) =
  sortBy cmp (List.filter (fn x => cmp (x, p) = LESS) xs) @ [p] @ sortBy cmp (List.filter (fn x => cmp (x, p) <> LESS) xs)
val sorted = sortBy (fn ((a, n), (b, m)) => if n <> m then Int.compare (m, n) else String.compare (a, b)) freq
val () = app (fn (w, n) => print (StringCvt.padRight #" " 8 w ^ Int.toString n ^ "\n")) sorted
(* caesar cipher with Char and String.map *)
fun rot k c = if Char.isLower c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a") else c
val () = print (String.map (rot 13) "hello world" ^ "\n")
(* checksum over bytes *)
val bytes = Word8Vector.fromList (map (Word8.fromInt o ord) (explode "checksum"))
val sum = Word8Vector.foldl (fn (b, acc) => Word8.+ (acc, b)) 0w0 bytes
val () = print (Word8.toString sum ^ " " ^ Int.toString (Word8.toInt sum) ^ "\n")
val crc = Word8Vector.foldl (fn (b, acc) => Word.xorb (Word.<< (acc, 0w1), Word.fromInt (Word8.toInt b))) 0w0 bytes
val () = print (Word.fmt StringCvt.HEX crc ^ "\n")
(* matrices as vectors of vectors *)
val m = Vector.tabulate (3, fn i => Vector.tabulate (3, fn j => i * 3 + j))
fun mget (m, i, j) = Vector.sub (Vector.sub (m, i), j)
val tr = Vector.foldl (op +) 0 (Vector.tabulate (3, fn i => mget (m, i, i)))
val () = print ("trace " ^ Int.toString tr ^ "\n")
(* mutable buffer *)
val buf = CharArray.array (10, #" ")
val () = CharArray.appi (fn (i, _) => CharArray.update (buf, i, chr (ord #"0" + i))) buf
val () = print (CharArray.vector buf ^ "\n")
val r = ref 0
val () = while !r < 5 do r := !r + 1
val () = print (Int.toString (!r) ^ "\n")
val total = Array.foldl (op +) 0 (Array.fromList [1, 2, 3]) before print "folded\n"
val () = print (Int.toString total ^ "\n")
val () = print (Real.fmt (StringCvt.FIX (SOME 2)) (Real.fromInt total / 7.0) ^ "\n")
val s = Substring.full "key=value"
val (k, v) = Substring.splitl (fn c => c <> #"=") s
val () = print (Substring.string k ^ " -> " ^ Substring.string (Substring.triml 1 v) ^ "\n")
val () = print (Int.toString (valOf (Int.fromString "42") + 1) ^ "\n")
val () = print (String.concatWith "," (map (Int.toString o (fn x => x * x)) [1, 2, 3]) ^ "\n")
