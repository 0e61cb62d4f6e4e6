(* basis.sml -- the profkit MLWorks backend's Basis subset, written in the SML subset.
   Primitives (print, ^, size, String.sub, Array.array, Int.toString, Real.toString, ...)
   are builtins lowered to ir.Prim / ir.Runtime (types.BUILTIN_TYPES, lowerprims.py).
   Definitions not used by a program are dropped by pipeline.py.

   Representations (types.py): word and Word8.word are tagged integers (a word's 30-bit
   pattern in two's complement); 'a vector, CharArray.array and Word8Array.array are ARRAY
   objects; CharVector.vector is string and Word8Vector.vector a STRING object; Unsafe.cast
   converts between a type and its representation. *)

datatype order = LESS | EQUAL | GREATER

fun ignore _ = ()
fun op o (f, g) = fn x => f (g x)
fun a before _ = a
fun op @ ([], ys) = ys
  | op @ (x :: xs, ys) = x :: (xs @ ys)

structure Bool =
struct
  type bool = bool
  fun not b = if b then false else true
  fun toString true = "true"
    | toString false = "false"
  fun fromString s =
    if s = "true" then SOME true else if s = "false" then SOME false else NONE
end

structure StringCvt =
struct
  datatype radix = BIN | OCT | DEC | HEX
  datatype realfmt = SCI of int option | FIX of int option | GEN of int option | EXACT
  fun padLeft c n s =
    let val k = String.size s
        fun pad (0, acc) = acc
          | pad (i, acc) = pad (i - 1, c :: acc)
    in if k >= n then s else String.implode (pad (n - k, [])) ^ s end
  fun padRight c n s =
    let val k = String.size s
        fun pad (0, acc) = acc
          | pad (i, acc) = pad (i - 1, c :: acc)
    in if k >= n then s else s ^ String.implode (pad (n - k, [])) end
end

structure List =
struct
  exception Empty = Empty
  fun null [] = true
    | null _ = false
  fun hd (x :: _) = x
    | hd [] = raise Empty
  fun tl (_ :: xs) = xs
    | tl [] = raise Empty
  fun last [x] = x
    | last (_ :: xs) = last xs
    | last [] = raise Empty
  fun getItem [] = NONE
    | getItem (x :: xs) = SOME (x, xs)
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
  fun collate cmp (xs, ys) =
    let fun loop ([], []) = EQUAL
          | loop ([], _) = LESS
          | loop (_, []) = GREATER
          | loop (x :: xr, y :: yr) =
              (case cmp (x, y) of EQUAL => loop (xr, yr) | r => r)
    in loop (xs, ys) end
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

structure ListPair =
struct
  exception UnequalLengths
  fun zip (xs, ys) =
    let fun loop (x :: xr, y :: yr) = (x, y) :: loop (xr, yr)
          | loop _ = []
    in loop (xs, ys) end
  fun zipEq (xs, ys) =
    let fun loop (x :: xr, y :: yr) = (x, y) :: loop (xr, yr)
          | loop ([], []) = []
          | loop _ = raise UnequalLengths
    in loop (xs, ys) end
  fun unzip ps = List.foldr (fn ((x, y), (xs, ys)) => (x :: xs, y :: ys)) ([], []) ps
  fun map f (xs, ys) =
    let fun loop (x :: xr, y :: yr) = f (x, y) :: loop (xr, yr)
          | loop _ = []
    in loop (xs, ys) end
  fun mapEq f (xs, ys) =
    let fun loop (x :: xr, y :: yr) = f (x, y) :: loop (xr, yr)
          | loop ([], []) = []
          | loop _ = raise UnequalLengths
    in loop (xs, ys) end
  fun app f (xs, ys) =
    let fun loop (x :: xr, y :: yr) = (f (x, y); loop (xr, yr))
          | loop _ = ()
    in loop (xs, ys) end
  fun appEq f (xs, ys) =
    let fun loop (x :: xr, y :: yr) = (f (x, y); loop (xr, yr))
          | loop ([], []) = ()
          | loop _ = raise UnequalLengths
    in loop (xs, ys) end
  fun foldl f acc (xs, ys) =
    let fun loop (a, x :: xr, y :: yr) = loop (f (x, y, a), xr, yr)
          | loop (a, _, _) = a
    in loop (acc, xs, ys) end
  fun foldr f acc (xs, ys) =
    let fun loop (x :: xr, y :: yr) = f (x, y, loop (xr, yr))
          | loop _ = acc
    in loop (xs, ys) end
  fun foldlEq f acc (xs, ys) =
    let fun loop (a, x :: xr, y :: yr) = loop (f (x, y, a), xr, yr)
          | loop (a, [], []) = a
          | loop _ = raise UnequalLengths
    in loop (acc, xs, ys) end
  fun all p (xs, ys) =
    let fun loop (x :: xr, y :: yr) = p (x, y) andalso loop (xr, yr)
          | loop _ = true
    in loop (xs, ys) end
  fun exists p (xs, ys) =
    let fun loop (x :: xr, y :: yr) = p (x, y) orelse loop (xr, yr)
          | loop _ = false
    in loop (xs, ys) end
  fun allEq p (xs, ys) =
    let fun loop (x :: xr, y :: yr) = p (x, y) andalso loop (xr, yr)
          | loop ([], []) = true
          | loop _ = false
    in loop (xs, ys) end
end

structure Option =
struct
  exception Option = Option
  fun valOf (SOME x) = x
    | valOf NONE = raise Option
  fun isSome (SOME _) = true
    | isSome NONE = false
  fun getOpt (SOME x, _) = x
    | getOpt (NONE, d) = d
  fun map f (SOME x) = SOME (f x)
    | map f NONE = NONE
  fun app f (SOME x) = f x
    | app f NONE = ()
  fun filter p x = if p x then SOME x else NONE
  fun join (SOME x) = x
    | join NONE = NONE
  fun mapPartial f (SOME x) = f x
    | mapPartial f NONE = NONE
  fun compose (f, g) x = map f (g x)
  fun composePartial (f, g) x = mapPartial f (g x)
end

val valOf = Option.valOf
val isSome = Option.isSome
val getOpt = Option.getOpt

structure Char =
struct
  type char = char
  val minChar = #"\000"
  val maxChar = #"\255"
  val maxOrd = 255
  fun chr i = if i < 0 orelse i > 255 then raise Chr else Char.unsafeChr i
  fun succ c = chr (ord c + 1)
  fun pred c = chr (ord c - 1)
  fun compare (a : char, b) = if a < b then LESS else if a > b then GREATER else EQUAL
  fun isDigit c = c >= #"0" andalso c <= #"9"
  fun isLower c = c >= #"a" andalso c <= #"z"
  fun isUpper c = c >= #"A" andalso c <= #"Z"
  fun isAlpha c = isLower c orelse isUpper c
  fun isAlphaNum c = isAlpha c orelse isDigit c
  fun isHexDigit c = isDigit c orelse (c >= #"a" andalso c <= #"f")
                     orelse (c >= #"A" andalso c <= #"F")
  fun isSpace c = c = #" " orelse (c >= #"\t" andalso c <= #"\r")
  fun isAscii c = ord c < 128
  fun isCntrl c = ord c < 32 orelse ord c = 127
  fun isGraph c = ord c > 32 andalso ord c < 127
  fun isPrint c = ord c >= 32 andalso ord c < 127
  fun isPunct c = isGraph c andalso not (isAlphaNum c)
  fun toUpper c = if isLower c then Char.unsafeChr (ord c - 32) else c
  fun toLower c = if isUpper c then Char.unsafeChr (ord c + 32) else c
  fun contains s c =
    let val n = String.size s
        fun go i = i < n andalso (String.sub (s, i) = c orelse go (i + 1))
    in go 0 end
  fun notContains s c = not (contains s c)
  fun toString c =
    if c = #"\\" then "\\\\"
    else if c = #"\"" then "\\\""
    else if isPrint c then String.str c
    else if c = #"\n" then "\\n"
    else if c = #"\t" then "\\t"
    else if c = #"\a" then "\\a"
    else if c = #"\b" then "\\b"
    else if c = #"\v" then "\\v"
    else if c = #"\f" then "\\f"
    else if c = #"\r" then "\\r"
    else if ord c < 32 then "\\^" ^ String.str (Char.unsafeChr (ord c + 64))
    else
      let val i = ord c
      in String.implode [#"\\", Char.unsafeChr (48 + i div 100),
                         Char.unsafeChr (48 + i div 10 mod 10), Char.unsafeChr (48 + i mod 10)]
      end
end

val chr = Char.chr

structure String =
struct
  type string = string
  type char = char
  val maxSize = 16777211
  fun concatWith _ [] = ""
    | concatWith _ [x] = x
    | concatWith sep (x :: xs) = String.concat (x :: List.foldr (fn (y, a) => sep :: y :: a) [] xs)
  fun map f s = String.implode (List.map f (String.explode s))
  fun translate f s = String.concat (List.map f (String.explode s))
  fun extract (s, i, NONE) =
        if i < 0 orelse i > String.size s then raise Subscript
        else String.substring (s, i, String.size s - i)
    | extract (s, i, SOME n) = String.substring (s, i, n)
  fun compare (a, b) =
    case Unsafe.stringCompare (a, b) of 0 => EQUAL | 1 => GREATER | _ => LESS
  fun collate cmp (a, b) = List.collate cmp (String.explode a, String.explode b)
  fun isPrefix p s =
    String.size p <= String.size s andalso String.substring (s, 0, String.size p) = p
  fun isSuffix p s =
    let val n = String.size p
        val m = String.size s
    in n <= m andalso String.substring (s, m - n, n) = p end
  fun isSubstring p s =
    let val m = String.size p
        val n = String.size s
        fun at (k, j) = j >= m orelse (String.sub (s, k + j) = String.sub (p, j)
                                       andalso at (k, j + 1))
        fun go k = k + m <= n andalso (at (k, 0) orelse go (k + 1))
    in go 0 end
  (* split at the characters satisfying p: fields keeps empty fields, tokens drops them *)
  (* by index over the string (String.sub and substring are emitted instructions): no
     character list *)
  fun fields p s =
    let val n = String.size s
        fun scan j = if j < n andalso not (p (String.sub (s, j))) then scan (j + 1) else j
        fun loop (i, acc) =
          let val j = scan i
          in if j >= n then List.rev (String.substring (s, i, n - i) :: acc)
             else loop (j + 1, String.substring (s, i, j - i) :: acc) end
    in loop (0, []) end
  fun tokens p s =
    let val n = String.size s
        fun skip i = if i < n andalso p (String.sub (s, i)) then skip (i + 1) else i
        fun scan j = if j < n andalso not (p (String.sub (s, j))) then scan (j + 1) else j
        fun loop (i, acc) =
          let val i = skip i
          in if i >= n then List.rev acc
             else let val j = scan i in loop (j, String.substring (s, i, j - i) :: acc) end
          end
    in loop (0, []) end
  fun toString s = String.concat (List.map Char.toString (String.explode s))
  fun op > (a, b) = compare (a, b) = GREATER
  fun op >= (a, b) = compare (a, b) <> LESS
  fun op <= (a, b) = compare (a, b) <> GREATER
end

structure Int =
struct
  type int = int
  val precision = SOME 30
  val minInt = SOME ~536870912
  val maxInt = SOME 536870911
  fun toLarge (i : int) = i
  fun fromLarge (i : int) = i
  fun toInt (i : int) = i
  fun fromInt (i : int) = i
  fun max (a : int, b) = if a > b then a else b
  fun min (a : int, b) = if a < b then a else b
  fun abs (a : int) = if a < 0 then ~ a else a
  fun sign (a : int) = if a < 0 then ~1 else if a > 0 then 1 else 0
  fun sameSign (a : int, b) = sign a = sign b
  fun compare (a : int, b) = if a < b then LESS else if a > b then GREATER else EQUAL
  fun radixBase StringCvt.BIN = 2
    | radixBase StringCvt.OCT = 8
    | radixBase StringCvt.DEC = 10
    | radixBase StringCvt.HEX = 16
  fun digit d = Char.unsafeChr (if d < 10 then 48 + d else 55 + d)
  (* digits of a non-positive number (so minInt needs no special case) *)
  fun negDigits (b, n, acc) =
    if n = 0 then acc else negDigits (b, Int.quot (n, b), digit (~ (Int.rem (n, b))) :: acc)
  fun fmt StringCvt.DEC i = Int.toString i
    | fmt r i =
        let val b = radixBase r
        in if i = 0 then "0"
           else if i < 0 then String.implode (#"~" :: negDigits (b, i, []))
           else String.implode (negDigits (b, ~ i, []))
        end
  (* one explode, then list code: a runtime call per character would cost far more *)
  fun fromString s =
    let
      fun skip (c :: r) = if Char.isSpace c then skip r else c :: r
        | skip [] = []
      (* accumulated negatively, so ~536870912 reads without overflow *)
      fun digits (c :: r, acc, any) =
            if Char.isDigit c then digits (r, acc * 10 - (ord c - 48), true) else (acc, any)
        | digits ([], acc, any) = (acc, any)
      val (neg, cs) =
        case skip (String.explode s) of
          #"~" :: r => (true, r)
        | #"-" :: r => (true, r)
        | #"+" :: r => (false, r)
        | cs => (false, cs)
      val (v, any) = digits (cs, 0, false)
    in
      if any then SOME (if neg then v else ~ v) else NONE
    end  val op + = fn (a : int, b) => a + b
  val op - = fn (a : int, b) => a - b
  val op * = fn (a : int, b) => a * b
  val op < = fn (a : int, b) => a < b
  val op <= = fn (a : int, b) => a <= b
  val op > = fn (a : int, b) => a > b
  val op >= = fn (a : int, b) => a >= b
  val ~ = fn (a : int) => ~ a
  val op div = fn (a : int, b) => a div b
  val op mod = fn (a : int, b) => a mod b
end

structure Word =
struct
  type word = word
  val wordSize = 30
  (* internally a word is its 30-bit pattern as an int r in [~2^29, 2^29): unsigned value
     r, or r + 2^30 when r < 0 *)
  val maxi = 536870911
  val mini = ~536870912
  fun lo r = if r < 0 then r - mini else r
  fun iadd (a : int, b) =
    if a >= 0 then
      (if b >= 0 andalso a > maxi - b then (a + mini) + (b + mini) else a + b)
    else if b < 0 andalso a < mini - b then (a - mini) + (b - mini)
    else a + b
  fun ineg (a : int) = if a = mini then mini else ~ a
  fun ult (a : int, b) = if (a >= 0) = (b >= 0) then a < b else a >= 0
  (* product modulo 2^30 from 10-bit limbs (every partial product fits in an int) *)
  fun imul (a : int, b) =
    let
      val la = lo a
      val lb = lo b
      val a0 = la mod 1024
      val a1 = la div 1024 mod 1024
      val a2 = la div 1048576 + (if a < 0 then 512 else 0)
      val b0 = lb mod 1024
      val b1 = lb div 1024 mod 1024
      val b2 = lb div 1048576 + (if b < 0 then 512 else 0)
      val c0 = a0 * b0
      val t1 = a0 * b1 + a1 * b0 + c0 div 1024
      val t2 = (a0 * b2 + a1 * b1 + a2 * b0 + t1 div 1024) mod 1024
      val low = (t2 mod 512) * 1048576 + (t1 mod 1024) * 1024 + c0 mod 1024
    in
      if t2 >= 512 then low + mini else low
    end
  (* unsigned quotient and remainder *)
  fun idivmod (a : int, b) =
    if b = 0 then raise Div
    else if a >= 0 andalso b > 0 then (a div b, a mod b)
    else if b < 0 orelse b > 268435456 then
      let fun go (x, q) = if ult (x, b) then (q, x) else go (iadd (x, ineg b), q + 1)
      in go (a, 0) end
    else
      let
        val h = (lo a) div 2 + 268435456
        val q = h div b
        val r2 = 2 * (h mod b) + (lo a) mod 2
      in
        (iadd (iadd (q, q), r2 div b), r2 mod b)  (* a quotient may exceed 2^29 *)
      end
  (* bitwise operations: machine instructions on the two's complement patterns *)
  fun iandb (x : int, y) = Unsafe.andb (x, y)
  fun iorb (x : int, y) = Unsafe.orb (x, y)
  fun ixorb (x : int, y) = Unsafe.xorb (x, y)
  fun pow2 n = if n = 0 then 1 else 2 * pow2 (n - 1)
  fun bitop f (a, b) =
    let val r = f (lo a, lo b)
    in if f (if a < 0 then 1 else 0, if b < 0 then 1 else 0) = 1 then r + mini else r end
  fun ishl (a : int, n) =
    if n < 0 orelse n >= 30 then 0
    else if n = 0 then a
    else if n = 29 then (if a mod 2 = 1 then mini else 0)
    else
      let val m = pow2 (29 - n)
          val low = ((lo a) mod m) * pow2 n
      in if (lo a) div m mod 2 = 1 then low + mini else low end
  fun ishr (a : int, n) =
    if n < 0 orelse n >= 30 then 0
    else if n = 0 then a
    else if n = 29 then (if a < 0 then 1 else 0)
    else (lo a) div pow2 n + (if a < 0 then pow2 (29 - n) else 0)
  fun iashr (a : int, n) =
    if n < 0 orelse n >= 29 then (if a < 0 then ~1 else 0) else a div pow2 n
  fun toDigits (b, r) =
    let
      fun go (0, acc) = acc
        | go (n, acc) = go (n div b, Int.digit (n mod b) :: acc)
      val (q, d) = idivmod (r, b)
    in
      if r = 0 then [#"0"] else go (q, [Int.digit d])
    end
  fun w (i : int) : word = Unsafe.cast i
  fun i (x : word) : int = Unsafe.cast x
  fun fromInt (x : int) = w x
  fun toIntX (x : word) = i x
  fun toInt (x : word) = if i x < 0 then raise Overflow else i x
  fun fromLargeInt (x : int) = w x
  fun toLargeInt (x : word) = toInt x
  fun toLargeIntX (x : word) = i x
  fun toLarge (x : word) = x
  fun toLargeX (x : word) = x
  fun fromLarge (x : word) = x
  fun toLargeWord (x : word) = x
  fun fromLargeWord (x : word) = x
  fun andb (a, b) = w (Unsafe.andb (i a, i b))
  fun orb (a, b) = w (Unsafe.orb (i a, i b))
  fun xorb (a, b) = w (Unsafe.xorb (i a, i b))
  fun notb a = w (~1 - i a)
  fun << (a, n) = w (ishl (i a, i n))
  fun >> (a, n) = w (ishr (i a, i n))
  fun ~>> (a, n) = w (iashr (i a, i n))
  fun compare (a, b) =
    if i a = i b then EQUAL else if ult (i a, i b) then LESS else GREATER
  fun max (a, b) = if ult (i a, i b) then b else a
  fun min (a, b) = if ult (i a, i b) then a else b
  fun fmt r x =
    String.implode (toDigits (Int.radixBase r, i x))
  fun toString x = fmt StringCvt.HEX x
  fun fromString s =
    let
      val cs = String.explode s
      fun skipSpace (c :: r) = if Char.isSpace c then skipSpace r else c :: r
        | skipSpace [] = []
      fun prefix (#"0" :: #"w" :: #"x" :: c :: r) = if Char.isHexDigit c then c :: r
                                                   else [#"0"]
        | prefix (#"0" :: #"x" :: c :: r) = if Char.isHexDigit c then c :: r else [#"0"]
        | prefix (#"0" :: #"X" :: c :: r) = if Char.isHexDigit c then c :: r else [#"0"]
        | prefix cs = cs
      fun value c =
        if Char.isDigit c then ord c - 48
        else if c >= #"a" then ord c - 87 else ord c - 55
      fun loop (c :: r, acc, any) =
            if Char.isHexDigit c then
              (if not (ult (acc, 67108864)) then raise Overflow
               else loop (r, iadd (imul (acc, 16), value c), true))
            else (acc, any)
        | loop ([], acc, any) = (acc, any)
      val (v, any) = loop (prefix (skipSpace cs), 0, false)
    in
      if any then SOME (w v) else NONE
    end
  fun op + (a, b) = w (iadd (i a, i b))
  fun op - (a, b) = w (iadd (i a, ineg (i b)))
  fun op * (a, b) = w (imul (i a, i b))
  fun op div (a, b) = w (#1 (idivmod (i a, i b)))
  fun op mod (a, b) = w (#2 (idivmod (i a, i b)))
  fun ~ a = w (ineg (i a))
  fun op < (a, b) = ult (i a, i b)
  fun op > (a, b) = ult (i b, i a)
  fun op <= (a, b) = not (ult (i b, i a))
  fun op >= (a, b) = not (ult (i a, i b))
end

structure Word8 =
struct
  val wordSize = 8
  fun w (x : int) : Word8.word = Unsafe.cast x
  fun i (x : Word8.word) : int = Unsafe.cast x
  fun fromInt (x : int) = w (x mod 256)
  fun toInt (x : Word8.word) = i x
  fun toIntX (x : Word8.word) = if i x >= 128 then i x - 256 else i x
  fun fromLargeInt (x : int) = fromInt x
  fun toLargeInt x = toInt x
  fun toLargeIntX x = toIntX x
  fun toLarge (x : Word8.word) : word = Unsafe.cast x
  fun toLargeX (x : Word8.word) : word = Word.fromInt (toIntX x)
  fun toLargeWord x = toLarge x
  fun fromLarge (x : word) = w (Word.i x mod 256)
  fun fromLargeWord x = fromLarge x
  fun andb (a, b) = w (Word.iandb (i a, i b))
  fun orb (a, b) = w (Word.iorb (i a, i b))
  fun xorb (a, b) = w (Word.ixorb (i a, i b))
  fun notb a = w (255 - i a)
  fun << (a, n : word) = if Word.i n >= 8 orelse Word.i n < 0 then w 0
                         else w (i a * Word.pow2 (Word.i n) mod 256)
  fun >> (a, n : word) = if Word.i n >= 8 orelse Word.i n < 0 then w 0
                         else w (i a div Word.pow2 (Word.i n))
  fun ~>> (a, n : word) = if Word.i n >= 8 orelse Word.i n < 0
                          then (if i a >= 128 then w 255 else w 0)
                          else w (toIntX a div Word.pow2 (Word.i n) mod 256)
  fun compare (a, b) = Int.compare (i a, i b)
  fun max (a, b) = if i a < i b then b else a
  fun min (a, b) = if i a < i b then a else b
  fun fmt r x = Word.fmt r (toLarge x)
  fun toString x = Word.toString (toLarge x)
  fun fromString s =
    case Word.fromString s of
      NONE => NONE
    | SOME x => if Word.i x > 255 orelse Word.i x < 0 then raise Overflow
                else SOME (w (Word.i x))
  val op + = fn (a : Word8.word, b) => a + b
  val op - = fn (a : Word8.word, b) => a - b
  val op * = fn (a : Word8.word, b) => a * b
  val op < = fn (a : Word8.word, b) => a < b
  val op <= = fn (a : Word8.word, b) => a <= b
  val op > = fn (a : Word8.word, b) => a > b
  val op >= = fn (a : Word8.word, b) => a >= b
  val ~ = fn (a : Word8.word) => ~ a
  val op div = fn (a : Word8.word, b) => a div b
  val op mod = fn (a : Word8.word, b) => a mod b
  type word = Word8.word
end

structure Real =
struct
  type real = real
  fun max (a : real, b) = if a > b then a else b
  fun min (a : real, b) = if a < b then a else b
  fun abs (a : real) = if a < 0.0 then ~ a else a
  fun sign (a : real) = if a < 0.0 then ~1 else if a > 0.0 then 1 else 0
  fun compare (a : real, b) = if a < b then LESS else if a > b then GREATER else EQUAL
  fun != (a, b) = not (Real.== (a, b))
  fun isNan (a : real) = not (Real.== (a, a))
  val posInf = 1.0 / 0.0
  val negInf = ~1.0 / 0.0
  fun isFinite (a : real) = a < posInf andalso a > negInf
  fun fromLarge (a : real) = a
  fun toLarge (a : real) = a
  fun realFloor (a : real) = Real.fromInt (Real.floor a)
  fun realCeil (a : real) = Real.fromInt (Real.ceil a)
  fun realTrunc (a : real) = Real.fromInt (Real.trunc a)
  fun realRound (a : real) = Real.fromInt (Real.round a)
end

structure Math =
struct
  val pi = 3.141592653589793
  val e = 2.718281828459045
  val ln2 = 0.6931471805599453
  (* exp: x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its series, then scaled by 2^k *)
  fun exp (x : real) =
    if Real.isNan x then x
    else if x > 709.8 then Real.posInf
    else if x < ~745.2 then 0.0
    else
      let
        val k = Real.round (x / ln2)
        val r = x - Real.fromInt k * ln2
        fun series (n, term, sum) =
          if n > 30 then sum
          else let val t = term * r / Real.fromInt n in series (n + 1, t, sum + t) end
        fun scale (y, 0) = y
          | scale (y, j) = if j > 0 then scale (y * 2.0, j - 1) else scale (y * 0.5, j + 1)
      in
        scale (series (1, 1.0, 1.0), k)
      end
  (* ln: x = m 2^k with m in [1/sqrt 2, sqrt 2), ln m = 2 atanh ((m - 1) / (m + 1)) *)
  fun ln (x : real) =
    if Real.isNan x orelse x < 0.0 then 0.0 / 0.0
    else if Real.== (x, 0.0) then Real.negInf
    else if Real.== (x, Real.posInf) then x
    else
      let
        fun norm (m, k) =
          if m >= 1.4142135623730951 then norm (m * 0.5, k + 1)
          else if m < 0.7071067811865476 then norm (m * 2.0, k - 1)
          else (m, k)
        val (m, k) = norm (x, 0)
        val s = (m - 1.0) / (m + 1.0)
        val s2 = s * s
        fun series (n, p, sum) =
          if n > 61 then sum
          else let val p2 = p * s2 in series (n + 2, p2, sum + p2 / Real.fromInt n) end
      in
        2.0 * series (3, s, s) + Real.fromInt k * ln2
      end
  fun log10 x = ln x / 2.302585092994046
  fun pow (x : real, y : real) =
    if Real.== (y, 0.0) then 1.0
    else if x < 0.0 then
      (if Real.== (Real.realFloor y, y)
       then (if Real.floor y mod 2 = 0 then exp (y * ln (~ x)) else ~ (exp (y * ln (~ x))))
       else 0.0 / 0.0)
    else if Real.== (x, 0.0) then (if y > 0.0 then 0.0 else Real.posInf)
    else exp (y * ln x)
  (* sin and cos: reduce to [-pi/4, pi/4] by multiples of pi/2, then the series *)
  fun sinSeries r =
    let val r2 = r * r
        fun go (n, term, sum) =
          if n > 25 then sum
          else let val t = ~ term * r2 / Real.fromInt ((n - 1) * n) in go (n + 2, t, sum + t) end
    in go (3, r, r) end
  fun cosSeries r =
    let val r2 = r * r
        fun go (n, term, sum) =
          if n > 26 then sum
          else let val t = ~ term * r2 / Real.fromInt ((n - 1) * n) in go (n + 2, t, sum + t) end
    in go (2, 1.0, 1.0) end
  fun reduce (x : real) =
    let val k = Real.round (x / (pi / 2.0))
        val r = (x - Real.fromInt k * 1.5707963267341256) - Real.fromInt k * 6.077100506506192E~11
    in (r, k mod 4) end
  fun sin (x : real) =
    if not (Real.isFinite x) then 0.0 / 0.0
    else
      case reduce x of
        (r, 0) => sinSeries r
      | (r, 1) => cosSeries r
      | (r, 2) => ~ (sinSeries r)
      | (r, _) => ~ (cosSeries r)
  fun cos (x : real) =
    if not (Real.isFinite x) then 0.0 / 0.0
    else
      case reduce x of
        (r, 0) => cosSeries r
      | (r, 1) => ~ (sinSeries r)
      | (r, 2) => ~ (cosSeries r)
      | (r, _) => sinSeries r
  fun tan x = sin x / cos x
  (* atan: reduce |x| > 1 by atan x = pi/2 - atan (1/x), then halve the angle twice *)
  fun atan (x : real) =
    if Real.isNan x then x
    else if x < 0.0 then ~ (atan (~ x))
    else if x > 1.0 then pi / 2.0 - atan (1.0 / x)
    else
      let
        fun half y = y / (1.0 + Math.sqrt (1.0 + y * y))
        val y = half (half x)
        val y2 = y * y
        fun go (n, p, sum) =
          if n > 41 then sum
          else let val p2 = ~ p * y2 in go (n + 2, p2, sum + p2 / Real.fromInt n) end
      in
        4.0 * go (3, y, y)
      end
  fun atan2 (y : real, x : real) =
    if x > 0.0 then atan (y / x)
    else if x < 0.0 then (if y >= 0.0 then atan (y / x) + pi else atan (y / x) - pi)
    else if y > 0.0 then pi / 2.0
    else if y < 0.0 then ~ pi / 2.0
    else 0.0
  fun asin x = atan2 (x, Math.sqrt (1.0 - x * x))
  fun acos x = atan2 (Math.sqrt (1.0 - x * x), x)
  fun sinh x = (exp x - exp (~ x)) / 2.0
  fun cosh x = (exp x + exp (~ x)) / 2.0
  fun tanh x = let val a = exp x val b = exp (~ x) in (a - b) / (a + b) end
end

structure Array =
struct
  type 'a array = 'a array
  type 'a vector = 'a vector
  val maxLen = 16777216
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
  fun foldl f acc a =
    let
      val n = Array.length a
      fun go (i, acc) = if i >= n then acc else go (i + 1, f (Array.sub (a, i), acc))
    in
      go (0, acc)
    end
  fun foldli f acc a =
    let
      val n = Array.length a
      fun go (i, acc) = if i >= n then acc else go (i + 1, f (i, Array.sub (a, i), acc))
    in
      go (0, acc)
    end
  fun foldr f acc a =
    let fun go (i, acc) = if i < 0 then acc else go (i - 1, f (Array.sub (a, i), acc))
    in go (Array.length a - 1, acc) end
  fun foldri f acc a =
    let fun go (i, acc) = if i < 0 then acc else go (i - 1, f (i, Array.sub (a, i), acc))
    in go (Array.length a - 1, acc) end
  fun app f a =
    let
      val n = Array.length a
      fun go i = if i >= n then () else (f (Array.sub (a, i)); go (i + 1))
    in
      go 0
    end
  fun appi f a =
    let
      val n = Array.length a
      fun go i = if i >= n then () else (f (i, Array.sub (a, i)); go (i + 1))
    in
      go 0
    end
  fun modify f a =
    let
      val n = Array.length a
      fun go i = if i >= n then () else (Array.update (a, i, f (Array.sub (a, i))); go (i + 1))
    in
      go 0
    end
  fun modifyi f a =
    let
      val n = Array.length a
      fun go i =
        if i >= n then () else (Array.update (a, i, f (i, Array.sub (a, i))); go (i + 1))
    in
      go 0
    end
  fun toList a = foldr (op ::) [] a
  fun vector (a : 'a array) : 'a vector = Unsafe.cast (Array.fromList (toList a))
  fun copy {src, dst, di} =
    let
      val n = Array.length src
      fun bwd i = if i < 0 then () else (Array.update (dst, di + i, Array.sub (src, i)); bwd (i - 1))
    in
      if di < 0 orelse di + n > Array.length dst then raise Subscript
      else bwd (n - 1)
    end
  fun copyVec {src : 'a vector, dst, di} = copy {src = Unsafe.cast src, dst = dst, di = di}
  fun exists p a =
    let val n = Array.length a
        fun go i = i < n andalso (p (Array.sub (a, i)) orelse go (i + 1))
    in go 0 end
  fun all p a =
    let val n = Array.length a
        fun go i = i >= n orelse (p (Array.sub (a, i)) andalso go (i + 1))
    in go 0 end
  fun find p a =
    let val n = Array.length a
        fun go i = if i >= n then NONE
                   else let val x = Array.sub (a, i) in if p x then SOME x else go (i + 1) end
    in go 0 end
  fun findi p a =
    let val n = Array.length a
        fun go i = if i >= n then NONE
                   else let val x = Array.sub (a, i) in if p (i, x) then SOME (i, x)
                                                        else go (i + 1) end
    in go 0 end
  fun collate cmp (a, b) = List.collate cmp (toList a, toList b)
end

structure Vector =
struct
  type 'a vector = 'a vector
  val maxLen = 16777216
  fun a (v : 'a vector) : 'a array = Unsafe.cast v
  fun v (x : 'a array) : 'a vector = Unsafe.cast x
  fun fromList xs = v (Array.fromList xs)
  fun tabulate (n, f) = v (Array.tabulate (n, f))
  fun length x = Array.length (a x)
  fun sub (x, i) = Array.sub (a x, i)
  fun foldl f acc x = Array.foldl f acc (a x)
  fun foldr f acc x = Array.foldr f acc (a x)
  fun foldli f acc x = Array.foldli f acc (a x)
  fun foldri f acc x = Array.foldri f acc (a x)
  fun app f x = Array.app f (a x)
  fun appi f x = Array.appi f (a x)
  fun toList x = Array.toList (a x)
  fun map f x = fromList (List.map f (toList x))
  fun mapi f x = fromList (List.rev (foldli (fn (i, y, acc) => f (i, y) :: acc) [] x))
  fun update (x, i, y) =
    if i < 0 orelse i >= length x then raise Subscript
    else mapi (fn (j, z) => if j = i then y else z) x
  fun concat vs = fromList (List.concat (List.map toList vs))
  fun exists p x = Array.exists p (a x)
  fun all p x = Array.all p (a x)
  fun find p x = Array.find p (a x)
  fun findi p x = Array.findi p (a x)
  fun collate cmp (x, y) = List.collate cmp (toList x, toList y)
end

val vector = Vector.fromList

structure CharVector =
struct
  type vector = string
  type elem = char
  val maxLen = String.maxSize
  fun fromList cs = String.implode cs
  fun tabulate (n, f) = String.implode (List.tabulate (n, f))
  fun length s = String.size s
  fun sub (s, i) = String.sub (s, i)
  (* loops over String.sub (instructions): no list is built *)
  fun foldli f acc s =
    let val n = String.size s
        fun go (i, a) = if i >= n then a else go (i + 1, f (i, String.sub (s, i), a))
    in go (0, acc) end
  fun foldri f acc s =
    let fun go (i, a) = if i < 0 then a else go (i - 1, f (i, String.sub (s, i), a))
    in go (String.size s - 1, acc) end
  fun foldl f acc s =
    let val n = String.size s
        fun go (i, a) = if i >= n then a else go (i + 1, f (String.sub (s, i), a))
    in go (0, acc) end
  fun foldr f acc s =
    let fun go (i, a) = if i < 0 then a else go (i - 1, f (String.sub (s, i), a))
    in go (String.size s - 1, acc) end
  fun appi f s = foldli (fn (i, c, ()) => f (i, c)) () s
  fun app f s = foldl (fn (c, ()) => f c) () s
  fun map f s = String.map f s
  fun mapi f s = String.implode (List.rev (foldli (fn (i, c, a) => f (i, c) :: a) [] s))
  fun concat ss = String.concat ss
  fun findi p s =
    let val n = String.size s
        fun go i = if i >= n then NONE
                   else let val c = String.sub (s, i)
                        in if p (i, c) then SOME (i, c) else go (i + 1) end
    in go 0 end
  fun find p s = case findi (fn (_, c) => p c) s of NONE => NONE | SOME (_, c) => SOME c
  fun exists p s = case find p s of NONE => false | SOME _ => true
  fun all p s = not (exists (fn c => not (p c)) s)
  fun update (s, i, c) =
    if i < 0 orelse i >= String.size s then raise Subscript
    else String.substring (s, 0, i) ^ String.str c
         ^ String.substring (s, i + 1, String.size s - i - 1)
  fun collate cmp (a, b) = String.collate cmp (a, b)
end

structure CharArray =
struct
  (* BYTEARRAY objects: one byte per character (issue 16) *)
  type vector = string
  type elem = char
  type array = CharArray.array
  val maxLen = 16777216
  fun length (x : array) = Unsafe.byteLength x
  fun sub (x : array, i) : elem = Char.unsafeChr (Unsafe.byteSub (x, i))
  fun update (x : array, i, e : elem) = Unsafe.byteUpdate (x, i, ord e)
  fun array (n, e : elem) : array = Unsafe.byteArray (n, ord e)
  fun tabulate (n, f : int -> elem) =
    let val x : array = Unsafe.byteArray (n, 0)
        fun go i = if i >= n then x else (update (x, i, f i); go (i + 1))
    in go 0 end
  fun fromList (es : elem list) =
    let val x : array = Unsafe.byteArray (List.length es, 0)
        fun go (_, []) = x
          | go (i, e :: r) = (update (x, i, e); go (i + 1, r))
    in go (0, es) end
  fun foldli f acc x =
    let val n = length x
        fun go (i, acc) = if i >= n then acc else go (i + 1, f (i, sub (x, i), acc))
    in go (0, acc) end
  fun foldri f acc x =
    let fun go (i, acc) = if i < 0 then acc else go (i - 1, f (i, sub (x, i), acc))
    in go (length x - 1, acc) end
  fun foldl f acc x = foldli (fn (_, e, a) => f (e, a)) acc x
  fun foldr f acc x = foldri (fn (_, e, a) => f (e, a)) acc x
  fun appi f x = foldli (fn (i, e, ()) => f (i, e)) () x
  fun app f x = foldl (fn (e, ()) => f e) () x
  fun modifyi f x = appi (fn (i, e) => update (x, i, f (i, e))) x
  fun modify f x = appi (fn (i, e) => update (x, i, f e)) x
  fun toList x = foldr (op ::) [] x
  fun copy {src : array, dst : array, di} =
    let val n = length src
        fun bwd i = if i < 0 then () else (update (dst, di + i, sub (src, i)); bwd (i - 1))
    in if di < 0 orelse di + n > length dst then raise Subscript else bwd (n - 1) end
  fun findi p x =
    let val n = length x
        fun go i = if i >= n then NONE
                   else let val e = sub (x, i) in if p (i, e) then SOME (i, e) else go (i + 1) end
    in go 0 end
  fun find p x = case findi (fn (_, e) => p e) x of NONE => NONE | SOME (_, e) => SOME e
  fun exists p x = case find p x of NONE => false | SOME _ => true
  fun all p x = not (exists (fn e => not (p e)) x)
  fun collate cmp (x, y) = List.collate cmp (toList x, toList y)
  fun vector x = String.implode (toList x)
  fun copyVec {src, dst, di} =
    let val n = String.size src
        fun go i = if i >= n then () else (update (dst, di + i, String.sub (src, i)); go (i + 1))
    in if di < 0 orelse di + n > length dst then raise Subscript else go 0 end
end

structure Word8Vector =
struct
  type vector = Word8Vector.vector
  type elem = Word8.word
  val maxLen = String.maxSize
  fun s (v : Word8Vector.vector) : string = Unsafe.cast v
  fun v (x : string) : Word8Vector.vector = Unsafe.cast x
  fun bytes (x : Word8Vector.vector) : Word8.word list = Unsafe.cast (String.explode (s x))
  fun fromList (ws : Word8.word list) = v (String.implode (Unsafe.cast ws))
  fun tabulate (n, f : int -> Word8.word) = fromList (List.tabulate (n, f))
  fun length x = String.size (s x)
  fun sub (x, i) : Word8.word = Unsafe.cast (String.sub (s x, i))
  fun foldl f acc x = List.foldl f acc (bytes x)
  fun foldr f acc x = List.foldr f acc (bytes x)
  fun foldli f acc x =
    let fun go (_, [], a) = a
          | go (i, b :: r, a) = go (i + 1, r, f (i, b, a))
    in go (0, bytes x, acc) end
  fun app f x = List.app f (bytes x)
  fun appi f x = foldli (fn (i, b, ()) => f (i, b)) () x
  fun map f x = fromList (List.map f (bytes x))
  fun mapi f x = fromList (List.rev (foldli (fn (i, b, a) => f (i, b) :: a) [] x))
  fun concat xs = v (String.concat (List.map s xs))
  fun exists p x = List.exists p (bytes x)
  fun all p x = List.all p (bytes x)
  fun find p x = List.find p (bytes x)
  fun update (x, i, b : Word8.word) = v (CharVector.update (s x, i, Unsafe.cast b))
  fun toList x = bytes x
end

structure Word8Array =
struct
  (* BYTEARRAY objects (issue 16) *)
  type vector = Word8Vector.vector
  type elem = Word8.word
  type array = Word8Array.array
  val maxLen = 16777216
  fun w (b : Word8.word) : int = Unsafe.cast b
  fun b (i : int) : Word8.word = Unsafe.cast i
  fun length (x : array) = Unsafe.byteLength x
  fun sub (x : array, i) : elem = b (Unsafe.byteSub (x, i))
  fun update (x : array, i, e : elem) = Unsafe.byteUpdate (x, i, w e)
  fun array (n, e : elem) : array = Unsafe.byteArray (n, w e)
  fun tabulate (n, f : int -> elem) =
    let val x : array = Unsafe.byteArray (n, 0)
        fun go i = if i >= n then x else (update (x, i, f i); go (i + 1))
    in go 0 end
  fun fromList (es : elem list) =
    let val x : array = Unsafe.byteArray (List.length es, 0)
        fun go (_, []) = x
          | go (i, e :: r) = (update (x, i, e); go (i + 1, r))
    in go (0, es) end
  fun foldli f acc x =
    let val n = length x
        fun go (i, acc) = if i >= n then acc else go (i + 1, f (i, sub (x, i), acc))
    in go (0, acc) end
  fun foldri f acc x =
    let fun go (i, acc) = if i < 0 then acc else go (i - 1, f (i, sub (x, i), acc))
    in go (length x - 1, acc) end
  fun foldl f acc x = foldli (fn (_, e, a) => f (e, a)) acc x
  fun foldr f acc x = foldri (fn (_, e, a) => f (e, a)) acc x
  fun appi f x = foldli (fn (i, e, ()) => f (i, e)) () x
  fun app f x = foldl (fn (e, ()) => f e) () x
  fun modifyi f x = appi (fn (i, e) => update (x, i, f (i, e))) x
  fun modify f x = appi (fn (i, e) => update (x, i, f e)) x
  fun toList x = foldr (op ::) [] x
  fun copy {src : array, dst : array, di} =
    let val n = length src
        fun bwd i = if i < 0 then () else (update (dst, di + i, sub (src, i)); bwd (i - 1))
    in if di < 0 orelse di + n > length dst then raise Subscript else bwd (n - 1) end
  fun findi p x =
    let val n = length x
        fun go i = if i >= n then NONE
                   else let val e = sub (x, i) in if p (i, e) then SOME (i, e) else go (i + 1) end
    in go 0 end
  fun find p x = case findi (fn (_, e) => p e) x of NONE => NONE | SOME (_, e) => SOME e
  fun exists p x = case find p x of NONE => false | SOME _ => true
  fun all p x = not (exists (fn e => not (p e)) x)
  fun collate cmp (x, y) = List.collate cmp (toList x, toList y)
  fun vector x = Word8Vector.fromList (toList x)
  fun copyVec {src, dst, di} =
    let fun go (_, []) = ()
          | go (i, e :: r) = (update (dst, i, e); go (i + 1, r))
    in if di < 0 orelse di + Word8Vector.length src > length dst then raise Subscript
       else go (di, Word8Vector.bytes src) end
end

structure Byte =
struct
  fun byteToChar (b : Word8.word) : char = Unsafe.cast b
  fun charToByte (c : char) : Word8.word = Unsafe.cast c
  fun bytesToString (v : Word8Vector.vector) : string = Unsafe.cast v
  fun stringToBytes (s : string) : Word8Vector.vector = Unsafe.cast s
end

structure Substring =
struct
  datatype substring = SS of string * int * int
  fun full s = SS (s, 0, String.size s)
  fun all s = full s
  fun substring (s, i, n) =
    if i < 0 orelse n < 0 orelse i + n > String.size s then raise Subscript else SS (s, i, n)
  fun extract (s, i, NONE) =
        if i < 0 orelse i > String.size s then raise Subscript else SS (s, i, String.size s - i)
    | extract (s, i, SOME n) = substring (s, i, n)
  fun string (SS (s, i, n)) = String.substring (s, i, n)
  fun base (SS x) = x
  fun size (SS (_, _, n)) = n
  fun isEmpty (SS (_, _, n)) = n = 0
  fun sub (SS (s, i, n), k) = if k < 0 orelse k >= n then raise Subscript
                              else String.sub (s, i + k)
  fun getc (SS (s, i, n)) = if n = 0 then NONE else SOME (String.sub (s, i), SS (s, i + 1, n - 1))
  fun first (SS (s, i, n)) = if n = 0 then NONE else SOME (String.sub (s, i))
  fun triml k (SS (s, i, n)) =
    if k < 0 then raise Subscript else if k >= n then SS (s, i + n, 0) else SS (s, i + k, n - k)
  fun trimr k (SS (s, i, n)) =
    if k < 0 then raise Subscript else if k >= n then SS (s, i, 0) else SS (s, i, n - k)
  fun slice (SS (s, i, n), j, NONE) =
        if j < 0 orelse j > n then raise Subscript else SS (s, i + j, n - j)
    | slice (SS (s, i, n), j, SOME m) =
        if j < 0 orelse m < 0 orelse j + m > n then raise Subscript else SS (s, i + j, m)
  fun explode ss = String.explode (string ss)
  fun concat sss = String.concat (List.map string sss)
  fun concatWith sep sss = String.concatWith sep (List.map string sss)
  fun leftCount p (SS (s, i, n)) =
    let fun go (c :: r, k) = if p c then go (r, k + 1) else k
          | go ([], k) = k
    in go (String.explode (String.substring (s, i, n)), 0) end
  fun rightCount p (SS (s, i, n)) =
    let fun go (c :: r, k) = if p c then go (r, k + 1) else k
          | go ([], k) = k
    in go (List.rev (String.explode (String.substring (s, i, n))), 0) end
  fun splitl p (ss as SS (s, i, n)) =
    let val k = leftCount p ss in (SS (s, i, k), SS (s, i + k, n - k)) end
  fun splitr p (ss as SS (s, i, n)) =
    let val k = rightCount p ss in (SS (s, i, n - k), SS (s, i + n - k, k)) end
  fun splitAt (SS (s, i, n), k) =
    if k < 0 orelse k > n then raise Subscript else (SS (s, i, k), SS (s, i + k, n - k))
  fun dropl p ss = #2 (splitl p ss)
  fun dropr p ss = #1 (splitr p ss)
  fun takel p ss = #1 (splitl p ss)
  fun taker p ss = #2 (splitr p ss)
  (* by index over the slice: no character list *)
  fun foldl f acc (SS (s, i, n)) =
    let fun go (k, a) = if k >= i + n then a else go (k + 1, f (String.sub (s, k), a))
    in go (i, acc) end
  fun foldr f acc (SS (s, i, n)) =
    let fun go (k, a) = if k < i then a else go (k - 1, f (String.sub (s, k), a))
    in go (i + n - 1, acc) end
  fun app f ss = foldl (fn (c, ()) => f c) () ss
  fun fields p ss = List.map full (String.fields p (string ss))
  fun tokens p ss = List.map full (String.tokens p (string ss))
  fun isPrefix p ss = String.isPrefix p (string ss)
  fun isSuffix p ss = String.isSuffix p (string ss)
  fun isSubstring p ss = String.isSubstring p (string ss)
  fun compare (a, b) = String.compare (string a, string b)
  fun collate cmp (a, b) = String.collate cmp (string a, string b)
  fun translate f ss = String.translate f (string ss)
end

structure TextIO =
struct
  datatype outstream = STDOUT | STDERR
  type instream = unit
  val stdOut = STDOUT
  val stdErr = STDERR
  val stdIn = ()
  (* standard error is not part of the program's output: dropped *)
  fun output (STDOUT, s) = print s
    | output (STDERR, _) = ()
  fun output1 (st, c) = output (st, String.str c)
  fun flushOut _ = ()
  fun inputLine () = (NONE : string option)
end

(* Real.fmt: appended to Real here (after Math) so that adding it moved no other global *)
structure Real =
struct
  open Real
  (* round to an integral real, ties to even, for |y| < 2^51 (the 1.5 * 2^52 trick) *)
  fun rint (y : real) = (y + 6755399441055744.0) - 6755399441055744.0
  fun pow10 n = if n <= 0 then 1.0 else 10.0 * pow10 (n - 1)
  (* the decimal digits of the integral real r >= 0, at least `width` of them *)
  fun digits (r : real, width) =
    let fun go (r, k, acc) =
          if r < 0.5 andalso k >= width then acc
          else
            let val q = rint (r / 10.0)
                val q = if q * 10.0 > r then q - 1.0 else q
            in go (q, k + 1, Char.unsafeChr (48 + Real.round (r - 10.0 * q)) :: acc) end
    in go (r, 0, []) end
  fun point (ds, n) =
    let val k = List.length ds - n
    in String.implode (List.take (ds, k))
       ^ (if n > 0 then "." ^ String.implode (List.drop (ds, k)) else "") end
  (* integral part and n fraction digits apart, so any |x| < 2^52 prints exactly *)
  fun fix n x =
    let
      val a = Real.abs x
      val ip = rint a
      val ip = if ip > a then ip - 1.0 else ip
      val scale = pow10 n
      val fd = rint ((a - ip) * scale)
      val (ip, fd) = if fd >= scale then (ip + 1.0, fd - scale) else (ip, fd)
    in
      if a >= 4503599627370496.0 then Real.toString x
      else (if x < 0.0 then "~" else "") ^ String.implode (digits (ip, 1))
           ^ (if n > 0 then "." ^ String.implode (digits (fd, n)) else "")
    end
  fun sci n x =
    if Real.== (x, 0.0) then point (digits (0.0, n + 1), n) ^ "E0"
    else
      let
        val a = Real.abs x
        fun scaled e = if e >= 0 then a / pow10 e else a * pow10 (~ e)
        fun settle (e, tries) =
          let val r = rint (scaled e * pow10 n)
          in if tries > 0 andalso r >= pow10 (n + 1) then settle (e + 1, tries - 1)
             else if tries > 0 andalso r < pow10 n then settle (e - 1, tries - 1)
             else (e, r) end
        val (e, r) = settle (Real.floor (Math.log10 a), 3)
      in
        (if x < 0.0 then "~" else "") ^ point (digits (r, n + 1), n) ^ "E"
        ^ Int.toString e
      end
  fun fmt spec (x : real) =
    if Real.isNan x then "nan"
    else if not (Real.isFinite x) then (if x > 0.0 then "inf" else "~inf")
    else
      case spec of
        StringCvt.FIX p => fix (getOpt (p, 6)) x
      | StringCvt.SCI p => sci (getOpt (p, 6)) x
      | _ => Real.toString x  val op + = fn (a : real, b) => a + b
  val op - = fn (a : real, b) => a - b
  val op * = fn (a : real, b) => a * b
  val op < = fn (a : real, b) => a < b
  val op <= = fn (a : real, b) => a <= b
  val op > = fn (a : real, b) => a > b
  val op >= = fn (a : real, b) => a >= b
  val ~ = fn (a : real) => ~ a
  val op / = fn (a : real, b) => a / b
end

(* values as Poly/ML prints them, for the uncaught-exception message (uncaught.py) *)
structure ProfkitPrint =
struct
  fun list f xs = "[" ^ String.concatWith ", " (List.map f xs) ^ "]"
  fun array f a = "fromList[" ^ String.concatWith ", " (List.map f (Array.toList a)) ^ "]"
  fun string s = "\"" ^ String.toString s ^ "\""
  fun char c = "#\"" ^ Char.toString c ^ "\""
  fun word w = "0wx" ^ Word.toString w
  fun word8 w = "0wx" ^ Word8.toString w
end

(* Real.toInt takes IEEEReal's rounding mode, as the Basis defines it (it was real -> int,
   refusing `Real.toInt IEEEReal.TO_NEAREST x`); appended so that no other global moves *)
structure IEEEReal =
struct
  datatype rounding_mode = TO_NEAREST | TO_NEGINF | TO_POSINF | TO_ZERO
end
structure Real =
struct
  open Real
  fun toInt mode (a : real) =
    case mode of
      IEEEReal.TO_NEAREST => Real.round a
    | IEEEReal.TO_NEGINF => Real.floor a
    | IEEEReal.TO_POSINF => Real.ceil a
    | IEEEReal.TO_ZERO => Real.trunc a
  fun toLargeInt mode a = toInt mode a
  fun fromLargeInt (i : int) = Real.fromInt i
end

(* IntInf (= LargeInt.int): arbitrary-precision integers as a sign and base-10000 digits,
   least significant first, with no zero digit at the top (zero is R (false, [])), so
   polymorphic equality compares them. The type IntInf.int is this datatype's representation
   (Unsafe.cast); integer literals and + - * div mod ~ abs < <= > >= at IntInf.int are
   lowered to the functions below (lowerprims.INTINF_IMPLS, intinf_const). Appended so that
   no other global moves. *)
structure IntInf =
struct
  datatype rep = R of bool * int list
  fun w (r : rep) : IntInf.int = Unsafe.cast r
  fun u (x : IntInf.int) : rep = Unsafe.cast x
  val base = 10000
  fun trim [] = []
    | trim (d :: r) = (case trim r of [] => if d = 0 then [] else [d] | r' => d :: r')
  fun mk (neg, ds) = case trim ds of [] => R (false, []) | ds' => R (neg, ds')
  val zero = R (false, [])
  val one = R (false, [1])
  (* magnitudes: digit lists *)
  fun addM ([], [], c) = if c = 0 then [] else [c]
    | addM ([], b, c) = addM (b, [], c)
    | addM (x :: a, [], c) =
        if c = 0 then x :: a
        else let val s = x + c in if s >= base then (s - base) :: addM (a, [], 1) else s :: a end
    | addM (x :: a, y :: b, c) =
        let val s = x + y + c
        in if s >= base then (s - base) :: addM (a, b, 1) else s :: addM (a, b, 0) end
  (* a - b for a >= b *)
  fun subM (a, [], 0) = a
    | subM ([], _, _) = []
    | subM (x :: a, [], br) =
        let val s = x - br in if s < 0 then (s + base) :: subM (a, [], 1) else s :: a end
    | subM (x :: a, y :: b, br) =
        let val s = x - y - br
        in if s < 0 then (s + base) :: subM (a, b, 1) else s :: subM (a, b, 0) end
  fun cmpM (a, b) =
    let val la = List.length a
        val lb = List.length b
        fun go (x :: r, y :: s) = if x <> y then Int.compare (x, y) else go (r, s)
          | go _ = EQUAL
    in if la <> lb then Int.compare (la, lb) else go (List.rev a, List.rev b) end
  fun mulS ([], _, c) = if c = 0 then [] else [c]
    | mulS (x :: a, k, c) = let val p = x * k + c in p mod base :: mulS (a, k, p div base) end
  fun mulM (_, []) = []
    | mulM (a, d :: b) = addM (mulS (a, d, 0), 0 :: mulM (a, b), 0)
  (* quotient and remainder of a magnitude by a digit k > 0 *)
  fun divS (a, k) =
    let fun go ([], r, q) = (trim q, r)
          | go (x :: xs, r, q) = let val cur = r * base + x in go (xs, cur mod k, cur div k :: q) end
    in go (List.rev a, 0, []) end
  (* quotient and remainder of magnitudes, b <> []: long division, one digit at a time *)
  fun divM (a, [k]) = let val (q, r) = divS (a, k) in (q, if r = 0 then [] else [r]) end
    | divM (a, b) =
        let val n = List.length b
            val btop = List.last b
            fun times d = if d = 0 then [] else mulS (b, d, 0)
            (* the quotient digit of r < b * base lies between top(r) div (btop + 1) and
               top(r) div btop, top(r) being r's digits from position n - 1 up (at most two) *)
            fun digit r =
              let val m = List.length r
                  val top = if m < n then 0
                            else if m = n then List.nth (r, m - 1)
                            else List.nth (r, m - 1) * base + List.nth (r, m - 2)
                  fun bs (lo, hi) =
                    if lo >= hi then lo
                    else let val mid = (lo + hi + 1) div 2
                         in if cmpM (times mid, r) = GREATER then bs (lo, mid - 1)
                            else bs (mid, hi) end
              in bs (top div (btop + 1), Int.min (base - 1, top div btop)) end
            fun go ([], r, q) = (trim q, r)
              | go (x :: xs, r, q) =
                  let val r = trim (x :: r)
                      val d = digit r
                  in go (xs, trim (subM (r, times d, 0)), d :: q) end
        in go (List.rev a, [], []) end
  fun negR (R (s, ds)) = if List.null ds then zero else R (not s, ds)
  (* sums and products of digit lists without a zero top digit have none (no trim) *)
  fun addR (R (s1, a), R (s2, b)) =
    if s1 = s2 then (case addM (a, b, 0) of [] => zero | ds => R (s1, ds))
    else (case cmpM (a, b) of LESS => mk (s2, subM (b, a, 0)) | _ => mk (s1, subM (a, b, 0)))
  fun mulR (R (s1, a), R (s2, b)) =
    case (a, b) of
      ([], _) => zero
    | (_, []) => zero
    | (_, [d]) => R (s1 <> s2, mulS (a, d, 0))
    | ([d], _) => R (s1 <> s2, mulS (b, d, 0))
    | _ => mk (s1 <> s2, mulM (a, b))
  fun quotRemR (R (s1, a), R (s2, b)) =
    if List.null b then raise Div
    else let val (q, r) = divM (a, b) in (mk (s1 <> s2, q), mk (s1, r)) end
  fun divModR (x, y) =
    let val (q, r) = quotRemR (x, y)
        val R (sr, rd) = r
        val R (sy, _) = y
    in if not (List.null rd) andalso sr <> sy then (addR (q, R (true, [1])), addR (r, y))
       else (q, r) end
  fun cmpR (R (false, a), R (false, b)) = cmpM (a, b)
    | cmpR (R (true, a), R (true, b)) = cmpM (b, a)
    | cmpR (R (s1, _), _) = if s1 then LESS else GREATER
  fun fromIntR (n : int) =
    let fun go 0 = [] | go n = Int.abs (Int.rem (n, base)) :: go (Int.quot (n, base))
    in mk (n < 0, go n) end
  fun toIntR (R (s, ds)) =
    let fun go ([], acc) = acc
          | go (d :: r, acc) = go (r, if s then acc * base - d else acc * base + d)
    in go (List.rev ds, 0) end
  fun pad4 d = let val s = Int.toString d in CharVector.tabulate (4 - size s, fn _ => #"0") ^ s end
  fun toStringR (R (s, ds)) =
    case List.rev ds of
      [] => "0"
    | d :: rest => String.concat ((if s then "~" else "") :: Int.toString d :: List.map pad4 rest)
  fun fmtR radix (x as R (s, ds)) =
    case radix of
      StringCvt.DEC => toStringR x
    | _ =>
      let val k = case radix of StringCvt.BIN => 2 | StringCvt.OCT => 8 | _ => 16
          fun go ([], acc) = acc
            | go (m, acc) = let val (q, r) = divS (m, k)
                            in go (q, String.sub ("0123456789ABCDEF", r) :: acc) end
          val digits = if List.null ds then [#"0"] else go (ds, [])
      in String.implode (if s then #"~" :: digits else digits) end
  fun powR (x as R (s, ds), n : int) =
    if n = 0 then one
    else if n < 0 then
      (case ds of [] => raise Div | [1] => if s andalso n mod 2 <> 0 then x else one | _ => zero)
    else let fun go (b, e, acc) =
               let val acc = if e mod 2 = 1 then mulR (acc, b) else acc
               in if e = 1 then acc else go (mulR (b, b), e div 2, acc) end
         in go (x, n, one) end
  fun fromDigits (neg : bool, ds : int list) = w (mk (neg, ds))
  fun fromInt n = w (fromIntR n)
  fun toInt x = toIntR (u x)
  fun fromLarge (x : IntInf.int) = x
  fun toLarge (x : IntInf.int) = x
  fun toString x = toStringR (u x)
  fun fmt radix x = fmtR radix (u x)
  fun fromString str =
    let val n = size str
        fun skip i = if i < n andalso Char.isSpace (String.sub (str, i)) then skip (i + 1) else i
        val i = skip 0
        val (neg, i) =
          if i < n andalso (String.sub (str, i) = #"~" orelse String.sub (str, i) = #"-")
          then (true, i + 1)
          else if i < n andalso String.sub (str, i) = #"+" then (false, i + 1) else (false, i)
        fun stop j = if j < n andalso Char.isDigit (String.sub (str, j)) then stop (j + 1) else j
        val j = stop i
        fun num (a, b) = if a >= b then 0 else num (a, b - 1) * 10 + (ord (String.sub (str, b - 1)) - 48)
        fun chunks (e, acc) =
          if e <= i then List.rev acc
          else let val s = Int.max (i, e - 4) in chunks (s, num (s, e) :: acc) end
    in if j = i then NONE else SOME (w (mk (neg, chunks (j, [])))) end
  fun compare (a, b) = cmpR (u a, u b)
  val op + = fn (a, b) => w (addR (u a, u b))
  val op - = fn (a, b) => w (addR (u a, negR (u b)))
  val op * = fn (a, b) => w (mulR (u a, u b))
  val ~ = fn a => w (negR (u a))
  val op div = fn (a, b) => w (#1 (divModR (u a, u b)))
  val op mod = fn (a, b) => w (#2 (divModR (u a, u b)))
  fun quot (a, b) = w (#1 (quotRemR (u a, u b)))
  fun rem (a, b) = w (#2 (quotRemR (u a, u b)))
  fun divMod (a, b) = let val (q, r) = divModR (u a, u b) in (w q, w r) end
  fun quotRem (a, b) = let val (q, r) = quotRemR (u a, u b) in (w q, w r) end
  val op < = fn (a, b) => cmpR (u a, u b) = LESS
  val op <= = fn (a, b) => cmpR (u a, u b) <> GREATER
  val op > = fn (a, b) => cmpR (u a, u b) = GREATER
  val op >= = fn (a, b) => cmpR (u a, u b) <> LESS
  fun abs a = let val R (_, ds) = u a in w (R (false, ds)) end
  fun min (a, b) = if cmpR (u a, u b) = GREATER then b else a
  fun max (a, b) = if cmpR (u a, u b) = LESS then b else a
  fun sign a = case u a of R (_, []) => 0 | R (true, _) => ~1 | _ => 1
  fun sameSign (a, b) = sign a = sign b
  fun pow (a, n) = w (powR (u a, n))
  val precision : int option = NONE
  val minInt : IntInf.int option = NONE
  val maxInt : IntInf.int option = NONE
  type int = IntInf.int
end
structure LargeInt =
struct
  open IntInf
end

(* Real.fmt through the real_fmt service, correctly rounded from the binary value as
   Poly/ML rounds it (the SML digit loops above rounded 0.005 to "0.00", printed
   GEN (SOME n) and EXACT as toString, and gave toString's form for |x| >= 2^52) *)
structure Real =
struct
  open Real
  (* (Real's < is open here: the digit counts compare with Int.<) *)
  fun fmt spec (x : real) =
    case spec of
      StringCvt.FIX p => let val n = getOpt (p, 6)
                         in if Int.< (n, 0) then raise Size else Unsafe.realFmt (0, n, x) end
    | StringCvt.SCI p => let val n = getOpt (p, 6)
                         in if Int.< (n, 0) then raise Size else Unsafe.realFmt (1, n, x) end
    | StringCvt.GEN p => let val n = getOpt (p, 12)
                         in if Int.< (n, 1) then raise Size else Unsafe.realFmt (2, n, x) end
    | StringCvt.EXACT => Unsafe.realFmt (3, 0, x)
end

(* Real.fromString (the real_from_string service: correctly rounded, as Poly/ML reads it),
   Substring.position and OS.Process: appended so that no other global moves *)
structure Real =
struct
  open Real
  fun fromString (s : string) : real option = Unsafe.cast (Unsafe.realFromString s)
end
structure Substring =
struct
  open Substring
  fun position pat (SS (s, i, n)) =
    let val m = String.size pat
        fun at k = let fun eq j = j >= m orelse (String.sub (s, k + j) = String.sub (pat, j)
                                                 andalso eq (j + 1))
                   in eq 0 end
        fun go k = if k + m > i + n then NONE else if at k then SOME k else go (k + 1)
    in case go i of
         SOME k => (SS (s, i, k - i), SS (s, k, i + n - k))
       | NONE => (SS (s, i, n), SS (s, i + n, 0))
    end
end
structure OS =
struct
  structure Process =
  struct
    type status = int
    val success = 0
    val failure = 1
    fun isSuccess (s : status) = s = 0
    fun exit (s : status) = General.exit s
  end
end
