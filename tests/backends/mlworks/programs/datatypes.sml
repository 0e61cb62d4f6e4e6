(* datatypes.sml -- polymorphic recursive datatypes, case with nested patterns, options. *)
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree

fun insert (x, Leaf) = Node (Leaf, x, Leaf)
  | insert (x, t as Node (l, y, r)) =
      if x < y then Node (insert (x, l), y, r)
      else if x > y then Node (l, y, insert (x, r))
      else t

fun toList Leaf = []
  | toList (Node (l, x, r)) = toList l @ (x :: toList r)

fun depth Leaf = 0
  | depth (Node (l, _, r)) = 1 + Int.max (depth l, depth r)

fun size' Leaf = 0
  | size' (Node (l, _, r)) = size' l + 1 + size' r

datatype shape = Circle of real | Square of real | Tri of real * real * real | Dot

fun describe Dot = "dot"
  | describe (Circle r) = "circle " ^ Real.toString r
  | describe (Square s) = "square " ^ Real.toString (s * s)
  | describe (Tri (a, b, c)) = "tri " ^ Real.toString (a + b + c)

datatype color = Red | Green | Blue
fun next Red = Green
  | next Green = Blue
  | next Blue = Red
fun colorName c = case c of Red => "red" | Green => "green" | Blue => "blue"

fun firstTwo (x :: y :: _) = SOME (x, y)
  | firstTwo _ = NONE

fun showPair NONE = "none"
  | showPair (SOME (a, b)) = Int.toString a ^ "," ^ Int.toString b

val t = List.foldl insert Leaf [50, 30, 70, 20, 40, 60, 80, 30, 65]
val () = print (String.concatWith " " (map Int.toString (toList t)) ^ "\n")
val () = print (Int.toString (depth t) ^ " " ^ Int.toString (size' t) ^ "\n")
val () = List.app (fn s => print (describe s ^ "\n"))
                  [Circle 1.5, Square 3.0, Tri (1.0, 2.0, 3.5), Dot]
val () = print (colorName (next (next Red)) ^ " " ^ colorName (next Blue) ^ "\n")
val () = print (showPair (firstTwo [7, 8, 9]) ^ " " ^ showPair (firstTwo [1]) ^ "\n")
fun insertWith lt (x, Leaf) = Node (Leaf, x, Leaf)
  | insertWith lt (x, t as Node (l, y, r)) =
      if lt (x, y) then Node (insertWith lt (x, l), y, r)
      else if lt (y, x) then Node (l, y, insertWith lt (x, r))
      else t
val words = List.foldl (insertWith (fn (a : string, b) => a < b)) Leaf
                       ["pear", "apple", "fig", "kiwi", "apple"]
val () = print (String.concatWith "," (toList words) ^ "\n")
val () = print (if Red = Red andalso Green <> Blue andalso SOME [1, 2] = SOME [1, 2]
                then "equal\n" else "different\n")
