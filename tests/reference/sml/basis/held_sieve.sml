(* primes, perfect numbers, collatz: arrays of bools and ints, deep non-tail recursion *)
fun sieve n =
  let val a = Array.array (n + 1, true)
      val () = Array.update (a, 0, false)
      val () = Array.update (a, 1, false)
      fun cross i j = if j > n then () else (Array.update (a, j, false); cross i (j + i))
      fun loop i = if i * i > n then ()
                   else (if Array.sub (a, i) then cross i (i * i) else (); loop (i + 1))
  in loop 2; a end

val primes = sieve 30000
val count = Array.foldl (fn (b, n) => if b then n + 1 else n) 0 primes
val () = print ("primes below 30000: " ^ Int.toString count ^ "\n")
val plist = Array.foldri (fn (i, b, acc) => if b then i :: acc else acc) [] primes
val () = print ("first ten: " ^ String.concatWith "," (map Int.toString (List.take (plist, 10))) ^ "\n")
val () = print ("last: " ^ Int.toString (List.last plist) ^ "\n")

(* non-tail-recursive sum over a long list: deep recursion *)
fun sum [] = 0
  | sum (x :: xs) = x + sum xs
val () = print ("sum of primes: " ^ Int.toString (sum plist) ^ "\n")
fun upto (i, j) = if i > j then [] else i :: upto (i + 1, j)
val big = upto (1, 100000)
val () = print ("length " ^ Int.toString (length big) ^ ", sum " ^ Int.toString (sum (map (fn x => x mod 1000) big)) ^ "\n")
val () = print (Int.toString (List.foldr (fn (x, a) => (x + a) mod 1000003) 0 big) ^ "\n")

(* collatz lengths with memo in an array *)
val limit = 10000
val memo = Array.array (limit, 0)
fun collatz 1 = 1
  | collatz n =
      if n < limit andalso Array.sub (memo, n) <> 0 then Array.sub (memo, n)
      else let val r = 1 + collatz (if n mod 2 = 0 then n div 2 else 3 * n + 1)
           in if n < limit then Array.update (memo, n, r) else (); r end
val best = List.foldl (fn (n, (b, bl)) => let val l = collatz n in if l > bl then (n, l) else (b, bl) end)
                      (1, 1) (List.tabulate (limit - 1, fn i => i + 1))
val () = print ("longest collatz below " ^ Int.toString limit ^ ": " ^ Int.toString (#1 best) ^
                " (" ^ Int.toString (#2 best) ^ " steps)\n")

(* big literals and limits *)
val m = 536870911
val () = print (Int.toString m ^ " " ^ Int.toString (~m - 1) ^ " " ^ Int.toString (m div 7) ^ "\n")
val () = print (Int.toString (0x1FFFFFFF) ^ " " ^ Word.toString 0wx3FFFFFFF ^ "\n")
val v = Vector.tabulate (20, fn i => i * i)
val () = print (Int.toString (Vector.foldr op+ 0 v) ^ " " ^
                Int.toString (Vector.sub (v, 19)) ^ "\n")
val () = print (Bool.toString (Vector.exists (fn x => x = 144) v) ^ " " ^
                Bool.toString (Vector.all (fn x => x < 300) v) ^ "\n")
val () = case Vector.findi (fn (i, x) => x > 50) v of
             SOME (i, x) => print (Int.toString i ^ " " ^ Int.toString x ^ "\n")
           | NONE => print "none\n"
