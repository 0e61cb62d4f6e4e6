(* curried_hof.sml -- curried functions, partial application, composition, user infix
   operators, higher-order list functions, nested mutual recursion with free variables. *)
infix 6 +++
infixr 5 ::: 
fun a +++ b = a * 10 + b
fun x ::: xs = x + 1 :: xs

fun add3 a b c = a + b + c
val add10 = add3 4 6
val inc = add3 0 1

fun curry f x y = f (x, y)
fun uncurry f (x, y) = f x y
fun flip f x y = f y x

val compose3 = (fn x => x * 2) o (fn x => x + 3) o inc

fun parity limit =
  let
    val offset = limit mod 2
    fun isEven 0 = true
      | isEven n = if n > limit then false else isOdd (n - 1)
    and isOdd 0 = offset = 1
      | isOdd n = isEven (n - 1)
  in
    (isEven, isOdd)
  end

fun sumBy f = List.foldl (fn (x, acc) => f x + acc) 0

val () = print (Int.toString (add10 5) ^ " " ^ Int.toString (inc 41) ^ "\n")
val () = print (Int.toString (1 +++ 2 +++ 3) ^ " " ^
                String.concatWith "," (map Int.toString (1 ::: 2 ::: [10])) ^ "\n")
val () = print (Int.toString (curry (op -) 10 3) ^ " " ^
                Int.toString (uncurry add3 (1, 2) 3) ^ " " ^
                Int.toString (flip (curry (op -)) 10 3) ^ "\n")
val () = print (Int.toString (compose3 1) ^ "\n")
val (ev, od) = parity 100
val () = print ((if ev 10 then "even" else "odd") ^ " " ^ (if od 7 then "odd" else "even") ^
                " " ^ (if ev 101 then "even" else "big") ^ "\n")
val nums = List.tabulate (10, fn i => i + 1)
val () = print (Int.toString (sumBy (fn x => x * x) nums) ^ " " ^
                Int.toString (List.foldr (op -) 0 nums) ^ " " ^
                Int.toString (List.foldl (op -) 0 nums) ^ "\n")
val () = print (String.concatWith " " (map Int.toString (List.filter (fn x => x mod 3 = 0) nums))
                ^ "\n")
val () = print ((if List.exists (fn x => x > 9) nums then "some" else "none") ^ " " ^
                (if List.all (fn x => x > 0) nums then "all" else "notall") ^ " " ^
                (case List.find (fn x => x * x > 50) nums of
                   SOME x => Int.toString x | NONE => "-") ^ "\n")
val adders = map add3 [1, 2, 3]
val () = print (String.concatWith " " (map (fn f => Int.toString (f 10 100)) adders) ^ "\n")
val pipeline = List.foldr (op o) (fn x => x) [fn x => x + 1, fn x => x * 2, fn x => x - 3]
val () = print (Int.toString (pipeline 10) ^ "\n")
val (small, large) = List.partition (fn x => x < 4) nums
val () = print (Int.toString (length small) ^ " " ^ Int.toString (length large) ^ " " ^
                Int.toString (List.nth (large, 2)) ^ " " ^
                Int.toString (hd (List.drop (nums, 7))) ^ " " ^
                Int.toString (length (List.take (nums, 4))) ^ "\n")
val () = print (Int.toString (List.foldl Int.max 0 [3, 9, 2]) ^ " " ^
                Int.toString (List.foldl Int.min 100 [3, 9, 2]) ^ "\n")
