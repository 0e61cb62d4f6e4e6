(* a tiny bank: records, options, vectors of accounts, exceptions with payloads *)
type account = {id : int, owner : string, balance : int ref}
exception Insufficient of {id : int, wanted : int, had : int}
exception NoSuchAccount of int

val accounts : account vector =
  Vector.fromList (ListPair.map (fn (i, n) => {id = i, owner = n, balance = ref (i * 100)})
                                (List.tabulate (5, fn i => i + 1), ["ann", "bob", "cy", "dee", "eve"]))

fun find id = case Vector.find (fn a => #id a = id) accounts of
                  SOME a => a
                | NONE => raise NoSuchAccount id

fun withdraw (id, amt) =
  let val a = find id
  in if !(#balance a) < amt then raise Insufficient {id = id, wanted = amt, had = !(#balance a)}
     else #balance a := !(#balance a) - amt
  end
fun deposit (id, amt) = let val a = find id in #balance a := !(#balance a) + amt end
fun transfer (from, to, amt) = (withdraw (from, amt); deposit (to, amt))

val ops = [(1, 2, 50), (3, 1, 500), (5, 4, 250), (2, 9, 10), (4, 5, 1)]
val () = List.app (fn (f, t, n) =>
                     (transfer (f, t, n); print ("ok " ^ Int.toString f ^ "->" ^ Int.toString t ^ "\n"))
                     handle Insufficient {id, wanted, had} =>
                              print ("account " ^ Int.toString id ^ " has " ^ Int.toString had ^
                                     ", wanted " ^ Int.toString wanted ^ "\n")
                          | NoSuchAccount i => print ("no account " ^ Int.toString i ^ "\n")) ops
val () = Vector.app (fn {id, owner, balance} =>
                       print (Int.toString id ^ " " ^ StringCvt.padRight #" " 4 owner ^
                              StringCvt.padLeft #" " 6 (Int.toString (!balance)) ^ "\n")) accounts
val total = Vector.foldl (fn (a, s) => s + !(#balance a)) 0 accounts
val () = print ("total " ^ Int.toString total ^ "\n")
val rich = Vector.foldri (fn (i, a, acc) => if !(#balance a) > 300 then (i, #owner a) :: acc else acc) [] accounts
val () = print (String.concatWith ";" (map (fn (i, n) => Int.toString i ^ "=" ^ n) rich) ^ "\n")
val names = Vector.map #owner accounts
val () = print (Vector.foldr (fn (n, s) => n ^ " " ^ s) "" names ^ "\n")
val idx = Vector.mapi (fn (i, n) => Int.toString i ^ n) names
val () = print (Vector.sub (idx, 4) ^ " " ^ Int.toString (Vector.length idx) ^ "\n")
(* history in an array used as a ring buffer *)
val ring = Array.array (4, NONE : (int * int) option)
val pos = ref 0
fun log x = (Array.update (ring, !pos mod 4, SOME x); pos := !pos + 1)
val () = List.app log [(1, 10), (2, 20), (3, 30), (4, 40), (5, 50), (6, 60)]
val () = Array.app (fn SOME (a, b) => print (Int.toString a ^ ":" ^ Int.toString b ^ " ") | NONE => print "- ") ring
val () = print "\n"
val copy : (int * int) option array = Array.array (6, NONE)
val () = Array.copy {src = ring, dst = copy, di = 1}
val () = print (Int.toString (Array.foldl (fn (SOME (_, b), s) => s + b | (NONE, s) => s) 0 copy) ^ "\n")
val flat = Vector.concat [Vector.fromList [1, 2], Vector.fromList [], Vector.fromList [3]]
val () = print (Int.toString (Vector.length flat) ^ " " ^ Int.toString (Vector.foldl op+ 0 flat) ^ "\n")
val (evens, odds) = List.partition (fn x => x mod 2 = 0) (List.tabulate (10, fn i => i))
val () = print (Int.toString (length evens) ^ Int.toString (List.nth (odds, 2)) ^ "\n")
val () = print (Bool.toString (ListPair.all (fn (a, b) => a < b) (evens, odds)) ^ " " ^
                Bool.toString (List.exists (fn x => x > 8) odds) ^ "\n")
val (xs, ys) = ListPair.unzip [(1, "a"), (2, "b")]
val () = print (Int.toString (hd xs + List.last xs) ^ concat ys ^ "\n")
val () = print (Int.toString (getOpt (Option.join (SOME (SOME 4)), 0)) ^ " " ^
                Bool.toString (isSome (Option.filter (fn x => x > 3) 2)) ^ "\n")
val () = withdraw (1, 1000)
