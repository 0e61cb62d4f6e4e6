(* word frequency report: the kind of thing one writes to learn SML *)
val text = "It was the best of times, it was the worst of times, it was the age of \
           \wisdom, it was the age of foolishness, it was the epoch of belief, it was \
           \the epoch of incredulity."

fun normalise s = String.map Char.toLower s
val words = String.tokens (fn c => not (Char.isAlpha c)) (normalise text)

(* insertion into an association list *)
fun bump [] w = [(w, 1)]
  | bump ((x, n) :: rest) w = if x = w then (x, n + 1) :: rest else (x, n) :: bump rest w

val counts = List.foldl (fn (w, acc) => bump acc w) [] words

(* merge sort, by count descending then alphabetically *)
fun merge cmp ([], ys) = ys
  | merge cmp (xs, []) = xs
  | merge cmp (x :: xs, y :: ys) =
      if cmp (x, y) <> GREATER then x :: merge cmp (xs, y :: ys)
      else y :: merge cmp (x :: xs, ys)
fun sort cmp [] = []
  | sort cmp [x] = [x]
  | sort cmp xs =
      let val n = length xs div 2
      in merge cmp (sort cmp (List.take (xs, n)), sort cmp (List.drop (xs, n))) end

fun byCount ((a, n), (b, m)) =
  case Int.compare (m, n) of EQUAL => String.compare (a, b) | ord => ord

val sorted = sort byCount counts
val () = List.app (fn (w, n) =>
           TextIO.output (TextIO.stdOut, StringCvt.padRight #"." 14 w ^
                                         StringCvt.padLeft #" " 3 (Int.toString n) ^ "\n"))
         (List.take (sorted, 6))

(* letter histogram with an array *)
val hist = Array.array (26, 0)
val () = CharVector.app (fn c => if Char.isLower c
                                 then let val i = ord c - ord #"a"
                                      in Array.update (hist, i, Array.sub (hist, i) + 1) end
                                 else ()) (normalise text)
val (best, bestn) = Array.foldli (fn (i, n, (b, bn)) => if n > bn then (i, n) else (b, bn))
                                 (0, 0) hist
val () = print ("most common letter: " ^ str (chr (best + ord #"a")) ^ " x" ^
                Int.toString bestn ^ "\n")
val () = Array.modify (fn n => n * 2) hist
val () = print (String.concatWith " " (List.map Int.toString
                  (List.tabulate (5, fn i => Array.sub (hist, i)))) ^ "\n")
val pairs = ListPair.zip (List.map #1 sorted, List.tabulate (length sorted, fn i => i + 1))
val () = print (Int.toString (length pairs) ^ " distinct; last = " ^
                #1 (List.last pairs) ^ "\n")
val longest = List.foldl (fn ((w, _), b) => if size w > size b then w else b) "" counts
val () = print ("longest: " ^ longest ^ " (" ^ Int.toString (size longest) ^ ")\n")
val caps = String.concat (List.map (fn w => str (Char.toUpper (String.sub (w, 0))) ^
                                            String.extract (w, 1, NONE)) ["hello", "world"])
val () = print (caps ^ "\n")

exception Report of string * int
val () = raise Report ("done", length words)
