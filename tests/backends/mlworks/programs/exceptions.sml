(* exceptions.sml -- exceptions with and without arguments, handle with patterns,
   re-raising, and the Basis exceptions Div, Overflow, Subscript, Empty, Fail, Option. *)
exception Neg of int
exception Boom
exception Pair of string * int

fun check x = if x < 0 then raise Neg x else x

fun classify f =
  (f (); "ok")
  handle Neg n => "neg " ^ Int.toString n
       | Boom => "boom"
       | Pair (s, n) => "pair " ^ s ^ Int.toString n
       | Div => "div"
       | Overflow => "overflow"
       | Subscript => "subscript"
       | Empty => "empty"
       | Fail msg => "fail " ^ msg
       | Option => "option"

fun grow n = grow (n * 2 + 1)

val tests =
  [fn () => ignore (check 3),
   fn () => ignore (check ~7),
   fn () => raise Boom,
   fn () => raise Pair ("p", 2),
   fn () => ignore (10 div 0),
   fn () => ignore (10 mod 0),
   fn () => ignore (grow 1),
   fn () => ignore (List.nth ([1, 2, 3], 5)),
   fn () => ignore (String.sub ("abc", 3)),
   fn () => ignore (hd ([] : int list)),
   fn () => raise Fail "bad",
   fn () => ignore (valOf (NONE : int option))]

val () = List.app (fn f => print (classify f ^ "\n")) tests

(* handlers nest; an unmatched exception propagates to the outer handler *)
fun inner () = (raise Neg 5) handle Boom => 0
val r = inner () handle Neg n => n * 100
val () = print (Int.toString r ^ "\n")

(* re-raise from a handler *)
val s = ((raise Boom) handle Boom => raise Neg 9) handle Neg k => k + 1
val () = print (Int.toString s ^ "\n")

(* exception values are first class *)
val e = Neg 42
val t = (raise e) handle Neg n => n
val () = print (Int.toString t ^ "\n")

(* a local exception declared in a function *)
fun findFirst p xs =
  let
    exception Found of int
  in
    (List.app (fn x => if p x then raise Found x else ()) xs; ~1)
    handle Found x => x
  end
val () = print (Int.toString (findFirst (fn x => x > 10) [3, 8, 12, 15]) ^ " " ^
                Int.toString (findFirst (fn x => x > 100) [3, 8]) ^ "\n")
val () = print ((Int.toString (1 div 0) handle Div => "caught Div") ^ "\n")
