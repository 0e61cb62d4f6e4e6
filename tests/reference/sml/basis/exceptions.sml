(* exceptions with arguments: handled ones by name, the last one uncaught (Poly/ML prints
   the uncaught exception with its argument; profkit prints that line on stderr) *)
datatype tree = Leaf | Node of tree * int * tree
exception Bad of int * string
exception Found of tree
exception Many of int list option
fun find (Leaf, _) = raise Bad (0, "not found")
  | find (t as Node (l, x, r), k) =
      if k = x then raise Found t else if k < x then find (l, k) else find (r, k)
val t = Node (Node (Leaf, 1, Leaf), 5, Node (Leaf, 9, Leaf))
fun try k = (find (t, k); "none")
  handle Found (Node (_, x, _)) => "found " ^ Int.toString x
       | Bad (n, s) => s ^ " " ^ Int.toString n
val () = print (try 9 ^ "\n")
val () = print (try 4 ^ "\n")
val () = print (exnName (Many NONE) ^ "\n")
val () = print ((raise Many (SOME [1, 2])) handle Many (SOME l) => Int.toString (length l) ^ "\n")
val () = find (t, 5)
val () = print "not reached\n"
