(* deep recursion and exceptions through it; strings built the slow way *)
fun build 0 = []
  | build n = n :: build (n - 1)
val xs = build 100000
val () = print (Int.toString (length xs) ^ " " ^ Int.toString (hd xs) ^ "\n")
fun len [] = 0 | len (_ :: t) = 1 + len t
val () = print (Int.toString (len xs) ^ "\n")
val ys = List.map (fn x => x mod 10) xs
val () = print (Int.toString (List.foldr (fn (x, s) => x + s) 0 ys) ^ "\n")
val zs = xs @ ys
val () = print (Int.toString (length zs) ^ "\n")
exception Found of int * string
fun search (_, []) = raise Fail "missing"
  | search (p, x :: rest) = if p x then raise Found (x, "at depth " ^ Int.toString (len rest)) else 1 + search (p, rest)
val () = (ignore (search (fn x => x = 7, xs)); print "no\n")
         handle Found (x, s) => print ("found " ^ Int.toString x ^ " " ^ s ^ "\n")
val () = (ignore (search (fn x => x < 0, xs)); print "no\n") handle Fail m => print ("Fail " ^ m ^ "\n")
(* Ackermann, moderately deep *)
fun ack (0, n) = n + 1
  | ack (m, 0) = ack (m - 1, 1)
  | ack (m, n) = ack (m - 1, ack (m, n - 1))
val () = print ("ack(2,300) = " ^ Int.toString (ack (2, 300)) ^ "\n")
(* a string built with ^ in a loop, then taken apart *)
fun digits 0 acc = acc
  | digits n acc = digits (n - 1) (acc ^ Int.toString (n mod 10))
val s = digits 3000 ""
val () = print (Int.toString (size s) ^ " " ^ String.substring (s, 0, 20) ^ "\n")
val counts = Array.array (10, 0)
val () = CharVector.app (fn c => let val d = ord c - ord #"0" in Array.update (counts, d, Array.sub (counts, d) + 1) end) s
val () = print (String.concatWith " " (Array.foldr (fn (n, l) => Int.toString n :: l) [] counts) ^ "\n")
val joined = String.concat (List.map Int.toString (List.take (xs, 1000)))
val () = print (Int.toString (size joined) ^ " " ^ str (String.sub (joined, size joined - 1)) ^ "\n")
val e = explode joined
val () = print (Int.toString (length (List.filter (fn c => c = #"9") e)) ^ "\n")
val t = Substring.full joined
val () = print (Int.toString (Substring.foldl (fn (c, n) => if c = #"0" then n + 1 else n) 0 t) ^ "\n")
fun tree 0 = "." | tree n = "(" ^ tree (n - 1) ^ tree (n - 1) ^ ")"
val () = print (Int.toString (size (tree 12)) ^ "\n")
val () = raise Found (42, "the end")
