(* strings.sml -- explode/implode/^/substring/size/String.sub/concat, chars, comparisons,
   Int.toString and Real.toString formatting. *)
fun reverse s = implode (rev (explode s))
fun isPalindrome s =
  let val cs = List.filter Char.isAlpha (map Char.toLower (explode s))
  in cs = rev cs end

fun capitalize s =
  if size s = 0 then s
  else str (Char.toUpper (String.sub (s, 0))) ^ substring (s, 1, size s - 1)

fun count c s = length (List.filter (fn x => x = c) (explode s))

fun words s =
  let
    fun go ([], cur, acc) = rev (if null cur then acc else implode (rev cur) :: acc)
      | go (c :: cs, cur, acc) =
          if c = #" " then go (cs, [], if null cur then acc else implode (rev cur) :: acc)
          else go (cs, c :: cur, acc)
  in
    go (explode s, [], [])
  end

fun caesar k s =
  String.map (fn c => if Char.isLower c
                      then chr ((ord c - ord #"a" + k) mod 26 + ord #"a")
                      else c) s

val () = print (reverse "stressed" ^ "\n")
val () = print ((if isPalindrome "A man, a plan, a canal: Panama" then "yes" else "no") ^ " " ^
                (if isPalindrome "profiler" then "yes" else "no") ^ "\n")
val () = print (capitalize "mlworks" ^ " " ^ Int.toString (count #"s" "mississippi") ^ "\n")
val () = print (String.concatWith "|" (words "  the quick  brown fox ") ^ "\n")
val () = print (caesar 3 "hello, world" ^ "\n")
val () = print (concat ["a", "b", "c"] ^ String.concat [] ^ "\n")
val () = print (Int.toString (ord #"A") ^ " " ^ str (chr 98) ^ " " ^
                Int.toString (size "") ^ "\n")
val () = print ((if "apple" < "banana" then "lt" else "ge") ^ " " ^
                (if "abc" <= "abc" then "le" else "gt") ^ " " ^
                (if "b" > "abc" then "gt" else "le") ^ " " ^
                (if "x" = "x" andalso "x" <> "y" then "eq" else "ne") ^ "\n")
val () = print (Int.toString ~42 ^ " " ^ Int.toString (~3 * 5) ^ " " ^
                Int.toString (7 div ~2) ^ " " ^ Int.toString (7 mod ~2) ^ " " ^
                Int.toString (~7 div 2) ^ " " ^ Int.toString (abs ~9) ^ "\n")
val () = print (Real.toString 3.0 ^ " " ^ Real.toString (~1.25) ^ " " ^
                Real.toString (1.0 / 3.0) ^ " " ^ Real.toString 1.0E10 ^ " " ^
                Real.toString 1.0E20 ^ " " ^ Real.toString 0.0001 ^ " " ^
                Real.toString (real 7 * 0.5) ^ "\n")
val () = print (Int.toString (floor 2.7) ^ " " ^ Int.toString (ceil 2.1) ^ " " ^
                Int.toString (round 2.5) ^ " " ^ Int.toString (round 3.5) ^ " " ^
                Int.toString (trunc ~2.7) ^ " " ^ Int.toString (floor ~2.5) ^ " " ^
                Real.toString (Math.sqrt 2.0) ^ "\n")
val () = print ("tab:\t|quote:\"|backslash:\\|\n")
val () = print (Int.toString (valOf (Int.fromString "123") + 1) ^ " " ^
                (case Int.fromString "abc" of NONE => "none" | SOME _ => "some") ^ "\n")
