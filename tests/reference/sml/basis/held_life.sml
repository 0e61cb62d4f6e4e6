(* Conway's life on a torus, with CharArray rows, and a JSON-ish pretty printer *)
val w = 20 and h = 10
val grid = Array.tabulate (h, fn _ => CharArray.array (w, #"."))
fun get (r, c) = CharArray.sub (Array.sub (grid, (r + h) mod h), (c + w) mod w)
fun set (r, c, ch) = CharArray.update (Array.sub (grid, r), c, ch)
val () = List.app (fn (r, c) => set (r, c, #"#")) [(1, 2), (2, 3), (3, 1), (3, 2), (3, 3), (6, 10), (6, 11), (6, 12)]
fun neighbours (r, c) =
  List.foldl (fn ((dr, dc), n) => if get (r + dr, c + dc) = #"#" then n + 1 else n) 0
             [(~1, ~1), (~1, 0), (~1, 1), (0, ~1), (0, 1), (1, ~1), (1, 0), (1, 1)]
fun step () =
  let val next = Vector.tabulate (h, fn r => CharVector.tabulate (w, fn c =>
                   case (get (r, c), neighbours (r, c)) of
                       (#"#", 2) => #"#" | (_, 3) => #"#" | _ => #"."))
  in Vector.appi (fn (r, row) => CharArray.copyVec {src = row, dst = Array.sub (grid, r), di = 0}) next end
fun show gen = (print ("generation " ^ Int.toString gen ^ "\n");
                Array.app (fn row => print (CharArray.vector row ^ "\n")) grid)
val () = show 0
fun run k = if k = 0 then () else (step (); run (k - 1))
val () = run 4
val () = show 4
val alive = Array.foldl (fn (row, n) => CharArray.foldl (fn (c, m) => if c = #"#" then m + 1 else m) n row) 0 grid
val () = print ("alive: " ^ Int.toString alive ^ "\n")

datatype json = Null | Bool of bool | Num of int | Str of string | Arr of json list | Obj of (string * json) list
fun quote s = "\"" ^ String.translate (fn #"\"" => "\\\"" | #"\n" => "\\n" | c => str c) s ^ "\""
fun indent n = CharVector.tabulate (2 * n, fn _ => #" ")
fun pp n j =
  case j of
      Null => "null"
    | Bool b => Bool.toString b
    | Num i => if i < 0 then "-" ^ Int.toString (~ i) else Int.toString i
    | Str s => quote s
    | Arr [] => "[]"
    | Arr xs => "[\n" ^ String.concatWith ",\n" (map (fn x => indent (n + 1) ^ pp (n + 1) x) xs) ^ "\n" ^ indent n ^ "]"
    | Obj [] => "{}"
    | Obj kvs => "{\n" ^ String.concatWith ",\n" (map (fn (k, v) => indent (n + 1) ^ quote k ^ ": " ^ pp (n + 1) v) kvs) ^ "\n" ^ indent n ^ "}"
val doc = Obj [("name", Str "life \"demo\""), ("size", Arr [Num w, Num h]), ("alive", Num alive),
               ("wrap", Bool true), ("offset", Num ~3), ("notes", Arr []), ("meta", Obj [("x", Null)])]
val () = print (pp 0 doc ^ "\n")
fun depth (Arr xs) = 1 + foldl Int.max 0 (map depth xs)
  | depth (Obj kvs) = 1 + foldl Int.max 0 (map (depth o #2) kvs)
  | depth _ = 0
val () = print ("depth " ^ Int.toString (depth doc) ^ "\n")
exception Bad of json
fun check (Num i) = if i < 0 then raise Bad (Num i) else ()
  | check (Arr xs) = app check xs
  | check (Obj kvs) = app (check o #2) kvs
  | check _ = ()
val () = check doc handle Bad j => print ("bad value " ^ pp 0 j ^ "\n")
val () = (check (Arr [Num 1, Str "x"]); print "all good\n")
fun reraise () = (check doc) handle e => (print ("re-raising " ^ exnName e ^ "\n"); raise e)
val () = reraise ()
