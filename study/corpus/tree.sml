(* Trees: a binary search tree built from a pseudo-random sequence, then folded. *)
datatype tree = Leaf | Node of tree * int * tree

fun insert (x, Leaf) = Node (Leaf, x, Leaf)
  | insert (x, t as Node (l, v, r)) =
      if x < v then Node (insert (x, l), v, r)
      else if x > v then Node (l, v, insert (x, r))
      else t

fun randoms (0, _) = []
  | randoms (n, seed) = seed mod 1000 :: randoms (n - 1, (seed * 1103 + 12345) mod 65536)

fun size Leaf = 0
  | size (Node (l, _, r)) = size l + 1 + size r

fun depth Leaf = 0
  | depth (Node (l, _, r)) = 1 + Int.max (depth l, depth r)

fun toList Leaf = []
  | toList (Node (l, v, r)) = toList l @ [v] @ toList r

fun main () =
  let val t = foldr insert Leaf (randoms (600, 42))
  in print ("size " ^ Int.toString (size t) ^ "\n");
     print ("depth " ^ Int.toString (depth t) ^ "\n");
     print ("sum " ^ Int.toString (foldl op+ 0 (toList t)) ^ "\n");
     print ("first " ^ String.concatWith " " (map Int.toString (List.take (toList t, 8))) ^ "\n")
  end

val () = main ()
