(* arrays.sml -- Array.array/tabulate/sub/update/length: a sieve, in-place reversal,
   a histogram, and Subscript on a bad index. *)
fun sieve n =
  let
    val a = Array.array (n + 1, true)
    fun clear (i, step) =
      if i > n then () else (Array.update (a, i, false); clear (i + step, step))
    fun loop p =
      if p * p > n then ()
      else (if Array.sub (a, p) then clear (p * p, p) else (); loop (p + 1))
    fun collect (i, acc) =
      if i < 2 then acc
      else collect (i - 1, if Array.sub (a, i) then i :: acc else acc)
  in
    loop 2;
    collect (n, [])
  end

fun reverseInPlace a =
  let
    fun swap (i, j) =
      if i >= j then ()
      else
        let val t = Array.sub (a, i)
        in Array.update (a, i, Array.sub (a, j)); Array.update (a, j, t); swap (i + 1, j - 1)
        end
  in
    swap (0, Array.length a - 1)
  end

fun toList a = List.tabulate (Array.length a, fn i => Array.sub (a, i))

val primes = sieve 60
val () = print (String.concatWith " " (map Int.toString primes) ^ "\n")
val () = print (Int.toString (length (sieve 10000)) ^ "\n")
val sq = Array.tabulate (8, fn i => i * i)
val () = reverseInPlace sq
val () = print (String.concatWith "," (map Int.toString (toList sq)) ^ "\n")
val hist = Array.array (5, 0)
val () = List.app (fn x => Array.update (hist, x mod 5, Array.sub (hist, x mod 5) + 1))
                  (List.tabulate (23, fn i => i * 7))
val () = print (String.concatWith " " (map Int.toString (toList hist)) ^ "\n")
val () = print ((Int.toString (Array.sub (sq, 8))) handle Subscript => "subscript\n")
val names = Array.fromList ["x", "y", "z"]
val () = Array.update (names, 1, "why")
val () = print (Array.foldl (fn (s, acc) => acc ^ s) "" names ^ " " ^
                Int.toString (Array.length names) ^ "\n")
val empty = Array.tabulate (0, fn i => i)
val () = print (Int.toString (Array.length empty) ^ "\n")
