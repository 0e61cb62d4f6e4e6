(* odds and ends people reach for: a roster, a tokenizer, trig tables *)
val roster = ["Zoe", "adam", "Bea", "carl", "Dan"]
fun caseless (a, b) = String.collate (fn (x, y) => Char.compare (Char.toLower x, Char.toLower y)) (a, b)
fun insertSort cmp = List.foldr (fn (x, sorted) =>
  let fun ins [] = [x] | ins (y :: ys) = if cmp (x, y) = GREATER then y :: ins ys else x :: y :: ys
  in ins sorted end) []
val () = print (String.concatWith " " (insertSort caseless roster) ^ "\n")
val () = print (String.concatWith " " (insertSort String.compare roster) ^ "\n")
val () = print (Int.toString (length (String.fields (fn c => c = #":") "a::b:")) ^ "\n")
fun tokenize s =
  let fun go (ss, acc) =
        let val ss = Substring.dropl Char.isSpace ss
        in case Substring.getc ss of
               NONE => rev acc
             | SOME (c, rest) =>
                 if Char.isDigit c then let val (d, r) = Substring.splitl Char.isDigit ss
                                        in go (r, ("NUM", Substring.string d) :: acc) end
                 else if Char.isAlpha c then let val (w, r) = Substring.splitl Char.isAlphaNum ss
                                             in go (r, ("ID", Substring.string w) :: acc) end
                 else if Char.contains "+-*/()=" c then go (rest, ("OP", str c) :: acc)
                 else go (rest, ("?", Char.toString c) :: acc)
        end
  in go (Substring.full s, []) end
val () = List.app (fn (k, v) => print (k ^ ":" ^ v ^ " ")) (tokenize "x1 = (42 + y) * 7 # z")
val () = print "\n"
val (pre, post) = Substring.splitAt (Substring.full "hello world", 5)
val () = print ("[" ^ Substring.string pre ^ "][" ^ Substring.string post ^ "]\n")
val () = print (Substring.string (Substring.dropr Char.isAlpha (Substring.full "abc123def")) ^ " " ^
                Substring.string (Substring.taker Char.isAlpha (Substring.full "abc123def")) ^ " " ^
                Substring.string (Substring.slice (Substring.full "abcdef", 2, SOME 3)) ^ "\n")
val (l, r) = Substring.splitr Char.isDigit (Substring.full "item42")
val () = print (Substring.string l ^ "/" ^ Substring.string r ^ "\n")
val () = print (Substring.concatWith "-" (Substring.tokens (fn c => c = #",") (Substring.full "a,,b,c")) ^ "\n")
val () = print (Bool.toString (Substring.isPrefix "he" (Substring.full "hello")) ^ " " ^
                Bool.toString (Char.isPunct #"!") ^ Bool.toString (Char.isHexDigit #"g") ^
                Bool.toString (Char.isCntrl #"\t") ^ Bool.toString (Char.notContains "abc" #"d") ^ "\n")
val () = (ListPair.appEq (fn (a, b) => print (Int.toString (a * b) ^ " ")) ([1, 2, 3], [4, 5]); print "\n")
         handle ListPair.UnequalLengths => print "unequal lengths\n"
val () = print (Int.toString (ListPair.foldr (fn (a, b, s) => a - b + s) 0 ([10, 20], [1, 2, 3])) ^ " " ^
                Bool.toString (ListPair.exists (fn (a, b) => a = b) ([1, 2], [2, 2])) ^ " " ^
                Bool.toString (ListPair.allEq (fn (a, b) => a < b) ([1], [2, 3])) ^ "\n")
val zipped = ListPair.zipEq ([1, 2], ["one", "two"])
val () = print (String.concat (ListPair.mapEq (fn (n, s) => Int.toString n ^ s) (ListPair.unzip zipped)) ^ "\n")
val () = print (Int.toString (List.foldl op+ 0 (List.concat [[1], [], [2, 3]])) ^ " " ^
                Int.toString (length (List.revAppend ([1, 2], [3]))) ^ " " ^
                (case List.getItem [7, 8] of SOME (x, _) => Int.toString x | NONE => "-") ^ " " ^
                (case List.collate Int.compare ([1, 2], [1, 3]) of LESS => "LT" | EQUAL => "EQ" | GREATER => "GT") ^ "\n")
val () = Option.app (fn x => print ("got " ^ Int.toString x ^ "\n")) (SOME 5)
val half = Option.composePartial (fn x => if x > 0 then SOME (x * 10) else NONE,
                                  fn x => if x mod 2 = 0 then SOME (x div 2) else NONE)
val () = print (String.concatWith "," (map (fn x => case half x of SOME v => Int.toString v | NONE => "_") [4, 3, ~2, 0]) ^ "\n")
val () = print (Int.toString (valOf (Option.compose (fn x => x + 1, fn x => if x > 0 then SOME (x * 2) else NONE) 5)) ^ "\n")
val () = print (Bool.toString (valOf (Bool.fromString "true")) ^ " " ^ Bool.toString (Int.sameSign (~3, ~9)) ^ " " ^
                Int.toString (Int.sign 0) ^ " " ^ Int.fmt StringCvt.OCT 64 ^ "\n")
(* a table of trig values *)
fun fix n r = Real.fmt (StringCvt.FIX (SOME n)) r
val () = List.app (fn d => let val r = real d * Math.pi / 180.0
                           in print (StringCvt.padLeft #" " 3 (Int.toString d) ^ " " ^ fix 4 (Math.sin r) ^ " " ^
                                     fix 4 (Math.cos r) ^ " " ^ (if d = 90 then "-" else fix 4 (Math.tan r)) ^ "\n") end)
                  [0, 30, 45, 60, 90]
val () = print (fix 4 (Math.asin 0.5) ^ " " ^ fix 4 (Math.acos 0.5) ^ " " ^ fix 4 (Math.sinh 1.0) ^ " " ^
                fix 4 (Math.cosh 1.0) ^ " " ^ fix 4 (Math.tanh 0.5) ^ " " ^ fix 4 (Math.atan 1.0) ^ "\n")
val () = print (Real.toString (Real.realFloor 2.7) ^ " " ^ Real.toString (Real.realCeil 2.1) ^ " " ^
                Real.toString (Real.realTrunc ~2.7) ^ " " ^ Real.toString (Real.realRound 2.5) ^ " " ^
                Bool.toString (Real.isFinite Real.posInf) ^ " " ^ Real.toString Real.negInf ^ " " ^
                Bool.toString (Real.!= (1.0, 2.0)) ^ " " ^ Real.fmt (StringCvt.SCI NONE) 12345.678 ^ " " ^
                Real.fmt (StringCvt.FIX NONE) 2.0 ^ "\n")
val () = print (Real.toString (Real.min (1.5, ~0.5)) ^ " " ^ String.concatWith " " (map (fn (m, x) => Int.toString (Real.toInt m x)) [(IEEEReal.TO_NEAREST, 3.7), (IEEEReal.TO_NEAREST, 2.5), (IEEEReal.TO_NEGINF, ~3.5), (IEEEReal.TO_POSINF, 1.1), (IEEEReal.TO_ZERO, ~2.9)]) ^ "\n")
  handle _ => print "no IEEEReal\n"
(* vectors and arrays *)
val v = Vector.fromList [3, 1, 4, 1, 5, 9, 2, 6]
val () = Vector.appi (fn (i, x) => if x > 4 then print (Int.toString i ^ "=" ^ Int.toString x ^ " ") else ()) v
val () = print "\n"
val () = print (Int.toString (Vector.foldri (fn (i, x, s) => s + i * x) 0 v) ^ " " ^
                Int.toString (Vector.length (Vector.concat [v, v])) ^ "\n")
val a = Array.tabulate (8, fn i => Vector.sub (v, i))
val () = Array.modifyi (fn (i, x) => if i mod 2 = 0 then x * 10 else x) a
val () = print (String.concatWith " " (Vector.foldr (fn (x, l) => Int.toString x :: l) [] (Array.vector a)) ^ "\n")
val () = case Array.findi (fn (_, x) => x = 50) a of SOME (i, _) => print ("at " ^ Int.toString i ^ "\n") | NONE => print "none\n"
val () = print (Bool.toString (Array.exists (fn x => x > 80) a) ^ " " ^ Bool.toString (Array.all (fn x => x > 0) a) ^ "\n")
val b = Array.array (10, 0)
val () = Array.copyVec {src = v, dst = b, di = 2}
val () = Array.appi (fn (i, x) => print (Int.toString x)) b
val () = print "\n"
val () = Array.copy {src = a, dst = b, di = 5} handle Subscript => print "copy: Subscript\n"
val ca = CharArray.array (5, #"-")
val () = CharArray.copyVec {src = "abc", dst = ca, di = 1}
val () = CharArray.modify Char.toUpper ca
val () = print (CharArray.vector ca ^ "\n")
val bv = Word8Vector.concat [Word8Vector.fromList [0w1, 0w2], Word8Vector.tabulate (3, fn i => Word8.fromInt (i + 10))]
val () = print (String.concatWith "." (Word8Vector.foldr (fn (b, l) => Word8.toString b :: l) [] (Word8Vector.mapi (fn (i, b) => b + Word8.fromInt i) bv)) ^ "\n")
val ba = Word8Array.array (3, 0w9)
val () = print (Int.toString (Word8Array.foldri (fn (i, b, s) => s + i * Word8.toInt b) 0 ba) ^ "\n")
val () = print (Word.toString (Word.min (0w3, 0w2)) ^ " " ^ Int.toString (Word.toInt 0w77) ^ " " ^
                Word.toString (Word.fromLargeInt 255) ^ " " ^
                (case Word8.compare (0w1, 0w2) of LESS => "lt" | _ => "ge") ^ "\n")
val () = TextIO.output1 (TextIO.stdOut, #"!")
val () = TextIO.output (TextIO.stdOut, "\n")
val () = TextIO.flushOut TextIO.stdOut
val () = print (exnName (ListPair.UnequalLengths) ^ " " ^ exnName Subscript ^ "\n")
val () = print (String.concat (List.map (fn x => x) ["a", "b"]) ^ Int.toString (Int.min (2, 1)) ^ "\n")
