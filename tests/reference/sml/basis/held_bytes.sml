(* byte buffers: checksums, hex dumps, base64 *)
val msg = "Hello, World! SML bytes."
val bytes = Byte.stringToBytes msg

fun hex2 (w : Word8.word) =
  let val s = Word8.fmt StringCvt.HEX w in if size s < 2 then "0" ^ s else s end

fun hexdump v =
  let fun line i =
        if i >= Word8Vector.length v then ()
        else let val n = Int.min (8, Word8Vector.length v - i)
                 val hs = List.tabulate (n, fn j => hex2 (Word8Vector.sub (v, i + j)))
             in print (StringCvt.padLeft #"0" 4 (Int.fmt StringCvt.HEX i) ^ ": " ^
                       String.concatWith " " hs ^ "\n");
                line (i + 8)
             end
  in line 0 end
val () = hexdump bytes

(* XOR checksum and a sum mod 256 *)
val x = Word8Vector.foldl Word8.xorb 0w0 bytes
val s = Word8Vector.foldl (op +) 0w0 bytes
val () = print ("xor=" ^ hex2 x ^ " sum=" ^ hex2 s ^ "\n")

(* CRC-8 (polynomial 0x07) *)
fun crc8 v =
  let fun step (b, crc) =
        let fun bit (0, c) = c
              | bit (k, c) = bit (k - 1, if Word8.andb (c, 0wx80) <> 0w0
                                          then Word8.xorb (Word8.<< (c, 0w1), 0wx07)
                                          else Word8.<< (c, 0w1))
        in bit (8, Word8.xorb (crc, b)) end
  in Word8Vector.foldl step 0w0 v end
val () = print ("crc8=" ^ hex2 (crc8 bytes) ^ "\n")

(* base64 *)
val alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
fun enc (w : Word8.word) = String.sub (alphabet, Word8.toInt w)
fun base64 v =
  let val n = Word8Vector.length v
      fun get i = if i < n then Word8Vector.sub (v, i) else 0w0
      fun go (i, acc) =
        if i >= n then String.implode (rev acc)
        else let val a = get i val b = get (i + 1) val c = get (i + 2)
                 val c1 = enc (Word8.>> (a, 0w2))
                 val c2 = enc (Word8.orb (Word8.<< (Word8.andb (a, 0wx3), 0w4), Word8.>> (b, 0w4)))
                 val c3 = if i + 1 < n
                          then enc (Word8.orb (Word8.<< (Word8.andb (b, 0wxF), 0w2), Word8.>> (c, 0w6)))
                          else #"="
                 val c4 = if i + 2 < n then enc (Word8.andb (c, 0wx3F)) else #"="
             in go (i + 3, c4 :: c3 :: c2 :: c1 :: acc) end
  in go (0, []) end
val () = print (base64 bytes ^ "\n")
val () = print (base64 (Byte.stringToBytes "ab") ^ "\n")

(* a mutable buffer: reverse in place, then rot13 the letters *)
val buf = Word8Array.tabulate (Word8Vector.length bytes, fn i => Word8Vector.sub (bytes, i))
fun swap (i, j) = let val t = Word8Array.sub (buf, i)
                  in Word8Array.update (buf, i, Word8Array.sub (buf, j));
                     Word8Array.update (buf, j, t) end
fun rev_ (i, j) = if i < j then (swap (i, j); rev_ (i + 1, j - 1)) else ()
val () = rev_ (0, Word8Array.length buf - 1)
val () = Word8Array.modify (fn b => let val c = Byte.byteToChar b
                                    in if Char.isAlpha c andalso Char.isUpper c
                                       then Word8.fromInt ((ord c - 65 + 13) mod 26 + 65)
                                       else b end) buf
val () = print (Byte.bytesToString (Word8Array.vector buf) ^ "\n")
val () = print (Word8.toString (Word8.notb 0wx0F) ^ " " ^ Word8.toString (Word8.~>> (0wx80, 0w3)) ^
                " " ^ Int.toString (Word8.toIntX 0wxFE) ^ " " ^ Word8.toString (Word8.fromInt 300) ^ "\n")
val arr = Word8Array.array (4, 0wxAA)
val () = Word8Array.copyVec {src = Word8Vector.fromList [0w1, 0w2], dst = arr, di = 1}
val () = Word8Array.appi (fn (i, b) => print (Int.toString i ^ ":" ^ Word8.toString b ^ " ")) arr
val () = print "\n"
val () = print (Word8.toString (Word8Array.sub (arr, 4)) ^ "\n") handle Subscript => print "Subscript\n"
val last = Word8Vector.sub (bytes, Word8Vector.length bytes)
