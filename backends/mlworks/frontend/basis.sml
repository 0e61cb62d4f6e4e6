(* basis.sml -- the profkit MLWorks backend's Basis subset, written in the SML subset.
   Primitives (print, ^, size, String.sub, Array.array, Int.toString, Real.toString, ...)
   are builtins lowered to ir.Prim / ir.Runtime (types.BUILTIN_TYPES, lowerprims.py).
   Definitions not used by a program are dropped by frontend.py. *)

fun ignore _ = ()
fun op o (f, g) = fn x => f (g x)
fun a before _ = a
fun op @ ([], ys) = ys
  | op @ (x :: xs, ys) = x :: (xs @ ys)

structure List =
struct
  fun null [] = true
    | null _ = false
  fun hd (x :: _) = x
    | hd [] = raise Empty
  fun tl (_ :: xs) = xs
    | tl [] = raise Empty
  fun last [x] = x
    | last (_ :: xs) = last xs
    | last [] = raise Empty
  fun length xs =
    let fun len ([], n) = n
          | len (_ :: r, n) = len (r, n + 1)
    in len (xs, 0) end
  fun revAppend ([], ys) = ys
    | revAppend (x :: xs, ys) = revAppend (xs, x :: ys)
  fun rev xs = revAppend (xs, [])
  (* the curried functions run a local loop, so an iteration allocates no closures *)
  fun map f xs =
    let fun loop [] = []
          | loop (y :: ys) = f y :: loop ys
    in loop xs end
  fun app f xs =
    let fun loop [] = ()
          | loop (y :: ys) = (f y; loop ys)
    in loop xs end
  fun foldl f acc xs =
    let fun loop (a, []) = a
          | loop (a, y :: ys) = loop (f (y, a), ys)
    in loop (acc, xs) end
  fun foldr f acc xs =
    let fun loop [] = acc
          | loop (y :: ys) = f (y, loop ys)
    in loop xs end
  fun filter p xs =
    let fun loop [] = []
          | loop (y :: ys) = if p y then y :: loop ys else loop ys
    in loop xs end
  fun partition p xs =
    foldr (fn (x, (yes, no)) => if p x then (x :: yes, no) else (yes, x :: no)) ([], []) xs
  fun find p xs =
    let fun loop [] = NONE
          | loop (y :: ys) = if p y then SOME y else loop ys
    in loop xs end
  fun exists p xs =
    let fun loop [] = false
          | loop (y :: ys) = p y orelse loop ys
    in loop xs end
  fun all p xs =
    let fun loop [] = true
          | loop (y :: ys) = p y andalso loop ys
    in loop xs end
  fun tabulate (n, f) =
    let fun go i = if i >= n then [] else f i :: go (i + 1)
    in if n < 0 then raise Size else go 0 end
  fun nth (xs, n) =
    let fun go (x :: _, 0) = x
          | go (_ :: r, i) = go (r, i - 1)
          | go ([], _) = raise Subscript
    in if n < 0 then raise Subscript else go (xs, n) end
  fun take (xs, n) =
    let fun go (_, 0) = []
          | go (x :: r, i) = x :: go (r, i - 1)
          | go ([], _) = raise Subscript
    in if n < 0 then raise Subscript else go (xs, n) end
  fun drop (xs, n) =
    let fun go (r, 0) = r
          | go (_ :: r, i) = go (r, i - 1)
          | go ([], _) = raise Subscript
    in if n < 0 then raise Subscript else go (xs, n) end
  fun concat [] = []
    | concat (xs :: xss) = xs @ concat xss
  fun mapPartial f xs =
    let fun loop [] = []
          | loop (y :: ys) = (case f y of NONE => loop ys | SOME z => z :: loop ys)
    in loop xs end
end

val null = List.null
val hd = List.hd
val tl = List.tl
val length = List.length
val rev = List.rev
val map = List.map
val app = List.app
val foldl = List.foldl
val foldr = List.foldr

structure Option =
struct
  fun valOf (SOME x) = x
    | valOf NONE = raise Option
  fun isSome (SOME _) = true
    | isSome NONE = false
  fun getOpt (SOME x, _) = x
    | getOpt (NONE, d) = d
  fun map f (SOME x) = SOME (f x)
    | map f NONE = NONE
end

val valOf = Option.valOf
val isSome = Option.isSome
val getOpt = Option.getOpt

structure Char =
struct
  fun chr i = if i < 0 orelse i > 255 then raise Chr else Char.unsafeChr i
  fun isDigit c = c >= #"0" andalso c <= #"9"
  fun isLower c = c >= #"a" andalso c <= #"z"
  fun isUpper c = c >= #"A" andalso c <= #"Z"
  fun isAlpha c = isLower c orelse isUpper c
  fun isAlphaNum c = isAlpha c orelse isDigit c
  fun isSpace c = c = #" " orelse (c >= #"\t" andalso c <= #"\r")
  fun toUpper c = if isLower c then Char.unsafeChr (ord c - 32) else c
  fun toLower c = if isUpper c then Char.unsafeChr (ord c + 32) else c
end

val chr = Char.chr

structure String =
struct
  fun str c = String.implode [c]
  fun concatWith _ [] = ""
    | concatWith _ [x] = x
    | concatWith sep (x :: xs) = x ^ sep ^ concatWith sep xs
  fun map f s = String.implode (List.map f (String.explode s))
  fun isPrefix p s =
    String.size p <= String.size s andalso String.substring (s, 0, String.size p) = p
end

val str = String.str

structure Int =
struct
  fun max (a : int, b) = if a > b then a else b
  fun min (a : int, b) = if a < b then a else b
  fun fromString s =
    let
      val n = String.size s
      fun skip i = if i < n andalso Char.isSpace (String.sub (s, i)) then skip (i + 1) else i
      fun digits (i, acc, any) =
        if i < n andalso Char.isDigit (String.sub (s, i))
        then digits (i + 1, acc * 10 + (ord (String.sub (s, i)) - 48), true)
        else (acc, any)
      val i = skip 0
      val (neg, j) =
        if i < n andalso (String.sub (s, i) = #"~" orelse String.sub (s, i) = #"-")
        then (true, i + 1)
        else if i < n andalso String.sub (s, i) = #"+" then (false, i + 1) else (false, i)
      val (v, any) = digits (j, 0, false)
    in
      if any then SOME (if neg then ~ v else v) else NONE
    end
end

structure Real =
struct
  fun max (a : real, b) = if a > b then a else b
  fun min (a : real, b) = if a < b then a else b
end

structure Math =
struct
  val pi = 3.141592653589793
end

structure Array =
struct
  fun tabulate (n, f) =
    if n < 0 then raise Size
    else if n = 0 then Array.array (0, Unsafe.cast 0)
    else
      let
        val a = Array.array (n, f 0)
        fun fill i = if i >= n then a else (Array.update (a, i, f i); fill (i + 1))
      in
        fill 1
      end
  fun fromList [] = Array.array (0, Unsafe.cast 0)
    | fromList (x :: xs) =
        let
          val a = Array.array (List.length xs + 1, x)
          fun fill (_, []) = a
            | fill (i, y :: ys) = (Array.update (a, i, y); fill (i + 1, ys))
        in
          fill (1, xs)
        end
  fun foldl f acc a =
    let
      val n = Array.length a
      fun go (i, acc) = if i >= n then acc else go (i + 1, f (Array.sub (a, i), acc))
    in
      go (0, acc)
    end
  fun app f a =
    let
      val n = Array.length a
      fun go i = if i >= n then () else (f (Array.sub (a, i)); go (i + 1))
    in
      go 0
    end
end
