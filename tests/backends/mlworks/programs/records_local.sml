(* records_local.sml -- records with #field, exact and flexible record patterns,
   type abbreviations, local declarations, tuples and #n selectors. *)
type point = {x : int, y : int}
type person = {name : string, age : int, email : string}

fun add (p : point, q : point) = {x = #x p + #x q, y = #y p + #y q}
fun show ({x, y} : point) = "(" ^ Int.toString x ^ "," ^ Int.toString y ^ ")"
fun older ({age, ...} : person) = age > 40
fun nameOf ({name = n, ...} : person) = n

local
  val secret = 17
  fun scramble x = x * secret mod 101
in
  fun code s = scramble (size s)
  val codeOfEmpty = scramble 0
end

val people : person list =
  [{name = "ada", age = 36, email = "ada@x"},
   {email = "bob@y", age = 52, name = "bob"},
   {age = 41, name = "cy", email = "cy@z"}]

val p = add ({x = 1, y = 2}, {y = 10, x = 20})
val () = print (show p ^ "\n")
val () = print (String.concatWith " " (map nameOf (List.filter older people)) ^ "\n")
val () = print (Int.toString (code "hello") ^ " " ^ Int.toString codeOfEmpty ^ "\n")
val triple = (1, "two", 3.0)
val () = print (Int.toString (#1 triple) ^ #2 triple ^ Real.toString (#3 triple) ^ "\n")
val {name = n1, age = a1, ...} = hd people
val () = print (n1 ^ " " ^ Int.toString a1 ^ "\n")
fun swap (a, b) = (b, a)
val (s1, s2) = swap ("left", "right")
val () = print (s1 ^ " " ^ s2 ^ "\n")
(* field expressions are evaluated left to right, as written *)
val trace = ref ""
fun note s v = (trace := !trace ^ s; v)
val r = {b = note "b" 2, a = note "a" 1, c = note "c" 3}
val () = print (!trace ^ " " ^ Int.toString (#a r + #b r * 10 + #c r * 100) ^ "\n")
val () = print (if {x = 1, y = 2} = {y = 2, x = 1} then "records equal\n" else "differ\n")
val nested = ((1, 2), (3, (4, 5)))
val ((a, _), (_, (_, e))) = nested
val () = print (Int.toString (a + e) ^ "\n")
