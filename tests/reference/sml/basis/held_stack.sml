(* a tiny stack-machine interpreter: user structures, datatypes, string patterns *)
structure Stack =
struct
  type 'a t = 'a list
  exception Underflow of string
  val empty : 'a t = []
  fun push (x, s) = x :: s
  fun pop (op_, []) = raise Underflow op_
    | pop (_, x :: s) = (x, s)
end
datatype instr = Push of int | Add | Mul | Sub | Dup | Swap | Print | Jz of int | Jmp of int | Halt
fun parse line =
  case String.tokens Char.isSpace line of
      ["push", n] => (case Int.fromString n of SOME v => Push v | NONE => raise Fail ("bad number " ^ n))
    | ["add"] => Add | ["mul"] => Mul | ["sub"] => Sub | ["dup"] => Dup | ["swap"] => Swap
    | ["print"] => Print | ["halt"] => Halt
    | ["jz", n] => Jz (valOf (Int.fromString n))
    | ["jmp", n] => Jmp (valOf (Int.fromString n))
    | _ => raise Fail ("cannot parse: " ^ line)
val source = "push 10\ndup\nprint\npush 1\nsub\ndup\njz 8\njmp 1\npush ~7\nprint\nhalt"
val prog = Vector.fromList (map parse (String.fields (fn c => c = #"\n") source))
fun run (pc, stack, steps) =
  if pc >= Vector.length prog then (stack, steps)
  else
    let open Stack
    in case Vector.sub (prog, pc) of
           Push n => run (pc + 1, push (n, stack), steps + 1)
         | Add => let val (a, s) = pop ("add", stack) val (b, s) = pop ("add", s) in run (pc + 1, push (a + b, s), steps + 1) end
         | Mul => let val (a, s) = pop ("mul", stack) val (b, s) = pop ("mul", s) in run (pc + 1, push (a * b, s), steps + 1) end
         | Sub => let val (a, s) = pop ("sub", stack) val (b, s) = pop ("sub", s) in run (pc + 1, push (b - a, s), steps + 1) end
         | Dup => let val (a, s) = pop ("dup", stack) in run (pc + 1, a :: a :: s, steps + 1) end
         | Swap => let val (a, s) = pop ("swap", stack) val (b, s) = pop ("swap", s) in run (pc + 1, b :: a :: s, steps + 1) end
         | Print => let val (a, _) = pop ("print", stack) in print (Int.toString a ^ "\n"); run (pc + 1, stack, steps + 1) end
         | Jz t => let val (a, s) = pop ("jz", stack) in run (if a = 0 then t else pc + 1, s, steps + 1) end
         | Jmp t => run (t, stack, steps + 1)
         | Halt => (stack, steps)
    end
val (final, steps) = run (0, Stack.empty, 0)
val () = print ("steps " ^ Int.toString steps ^ ", stack depth " ^ Int.toString (length final) ^ "\n")
val () = (ignore (parse "frobnicate 3"); ()) handle Fail m => print ("Fail: " ^ m ^ "\n")
val () = print (Int.toString (ord #"A") ^ " " ^ str (chr 97) ^ "\n")
val () = print (str (chr 300)) handle Chr => print "Chr\n"
val () = print (Int.toString (hd []) ^ "\n") handle Empty => print "Empty\n"
val () = print (Int.toString (1 div 0) ^ "\n") handle Div => print "Div\n"
val () = print (Int.toString (valOf NONE) ^ "\n") handle Option => print "Option\n"
(* deep recursion: a million-element foldr *)
val big = List.tabulate (1000000, fn i => i mod 7)
val () = print (Int.toString (foldr (fn (x, a) => x + a) 0 big) ^ "\n")
fun count [] = 0 | count (_ :: t) = 1 + count t
val () = print (Int.toString (count big) ^ "\n")
local
  val table = Array.tabulate (10, fn i => i * i)
in
  fun square i = Array.sub (table, i)
end
val () = print (Int.toString (square 9) ^ "\n")
val () = ignore (Stack.pop ("final", []))
