(* a little config/CSV parser on substrings *)
val input = "name = Alice\nage= 34\n# comment\n\ncity =Paris \nscore = 17,23, 5 ,42\nbad line\n"

exception Parse of string * int

fun trim s = Substring.dropl Char.isSpace (Substring.dropr Char.isSpace s)

fun parseLine (n, line) =
  let val l = trim (Substring.full line)
  in if Substring.isEmpty l orelse Substring.sub (l, 0) = #"#" then NONE
     else let val (k, rest) = Substring.splitl (fn c => c <> #"=") l
          in if Substring.isEmpty rest then raise Parse ("no '=' in " ^ Substring.string l, n)
             else SOME (Substring.string (trim k), Substring.string (trim (Substring.triml 1 rest)))
          end
  end

val lines = String.fields (fn c => c = #"\n") input
val numbered = ListPair.zip (List.tabulate (length lines, fn i => i + 1), lines)
val entries = List.mapPartial (fn p => parseLine p handle Parse (msg, n) =>
                                  (print ("line " ^ Int.toString n ^ ": " ^ msg ^ "\n"); NONE))
                              numbered
val () = List.app (fn (k, v) => print ("[" ^ k ^ "] -> [" ^ v ^ "]\n")) entries
fun lookup k = Option.map #2 (List.find (fn (k', _) => k' = k) entries)
val age = Option.mapPartial Int.fromString (lookup "age")
val () = print ("age next year: " ^ (case age of SOME a => Int.toString (a + 1) | NONE => "?") ^ "\n")
val () = print ("height: " ^ Option.getOpt (lookup "height", "unknown") ^ "\n")
val scores = case lookup "score" of
                 SOME s => List.mapPartial (Int.fromString o Substring.string o trim)
                                           (Substring.fields (fn c => c = #",") (Substring.full s))
               | NONE => []
val () = print ("scores " ^ String.concatWith "+" (map Int.toString scores) ^ " = " ^
                Int.toString (foldl op+ 0 scores) ^ "\n")
val () = print (Int.toString (List.length (Substring.tokens Char.isSpace (Substring.full input))) ^ " tokens\n")

(* character classes *)
fun classify c = if Char.isDigit c then #"9" else if Char.isUpper c then #"A"
                 else if Char.isLower c then #"a" else if Char.isSpace c then #"_" else #"."
val () = print (CharVector.map classify "Hi 42, ok?\t" ^ "\n")
val () = print (String.translate (fn #"," => ";" | c => str c) "a,b,,c" ^ "\n")
val () = print (Bool.toString (String.isPrefix "na" "name") ^ " " ^ Bool.toString (String.isSuffix "me" "name") ^
                " " ^ Bool.toString (String.isSubstring "am" "name") ^ "\n")
val () = print (String.toString "tab\there \"quoted\"\n" ^ "\n")
val () = print (Char.toString #"\n" ^ " " ^ Char.toString #"A" ^ " " ^ Int.toString (Char.ord (Char.succ #"a")) ^ "\n")
val () = print (implode (rev (explode "stressed")) ^ "\n")
val pal = CharVector.tabulate (7, fn i => String.sub ("racecar", 6 - i))
val () = print (pal ^ " " ^ Bool.toString (pal = "racecar") ^ "\n")
val ss = Substring.substring ("hello world", 6, 5)
val () = print (Substring.string ss ^ " " ^ Int.toString (Substring.size ss) ^ " " ^
                Substring.string (Substring.takel Char.isAlpha (Substring.full "abc123")) ^ "\n")
val () = case Substring.getc ss of SOME (c, r) => print (str c ^ "|" ^ Substring.string r ^ "\n") | NONE => ()
val ca = CharArray.tabulate (5, fn i => chr (ord #"a" + i))
val () = CharArray.update (ca, 2, #"Z")
val () = print (CharArray.vector ca ^ " " ^ Int.toString (CharArray.foldl (fn (c, n) => n + ord c) 0 ca) ^ "\n")
val () = print (String.substring ("abc", 1, 5)) handle Subscript => print "Subscript!\n"
val () = print (Int.toString (valOf (Int.fromString "  -12")) handle Option => "Option!")
val () = print "\n"
val () = raise Parse ("end of input", length lines)
