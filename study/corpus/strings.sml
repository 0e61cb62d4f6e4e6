(* Strings: split into words, a Caesar shift, capitalisation, counting letters. *)
val text = "the quick brown fox jumps over the lazy dog while profilers count every cons cell"

fun shift k c =
  if Char.isAlpha c then chr ((ord c - ord #"a" + k) mod 26 + ord #"a") else c

fun capitalise s =
  case explode s of
    [] => s
  | c :: cs => implode (Char.toUpper c :: cs)

fun words s =
  let fun go ([], [], acc) = rev acc
        | go ([], cur, acc) = rev (implode (rev cur) :: acc)
        | go (c :: cs, cur, acc) =
            if Char.isSpace c then
              (case cur of [] => go (cs, [], acc) | _ => go (cs, [], implode (rev cur) :: acc))
            else go (cs, c :: cur, acc)
  in go (explode s, [], []) end

fun vowels s =
  length (List.filter (fn c => List.exists (fn v => v = c) (explode "aeiou")) (explode s))

fun main () =
  let val ws = words (concat (List.tabulate (6, fn _ => text ^ " ")))
      val coded = map (String.map (shift 3)) ws
  in print (String.concatWith " " (map capitalise (List.take (coded, 9))) ^ "\n");
     print ("words " ^ Int.toString (length ws) ^ "\n");
     print ("vowels " ^ Int.toString (foldl op+ 0 (map vowels ws)) ^ "\n");
     print ("longest " ^ Int.toString (foldl Int.max 0 (map size ws)) ^ "\n")
  end

val () = main ()
