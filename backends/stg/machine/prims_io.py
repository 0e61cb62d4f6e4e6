"""System.IO's standard handles and System.Exit (issue 18): the primitives of
``prelude_more.hs`` (``ir.PRIMOPS``: putErr#, hFlush#, getLine#, getChar#, getContents#,
isEOF#, exit#, hSetBuffering#, and Data.Char's charClass#), System.Environment's getArgs#
and getProgName#, and the run's standard input and error.

The primitives are templates rebound into each machine's namespace as ``prims.py``'s are
(its docstring tells the free names); ``StdIO`` and ``ProgramExit`` are ordinary Python the
engine uses. Not modelled: what GHC's handles allocate beyond stdout's first hPutStr
(``rts_heap``), stderr's own handle, buffering modes (stdout is written when the run flushes
it, stderr at once after stdout's pending text), closing a standard handle, and the
laziness of getContents (stdin is read whole when it is called).
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, TextIO

# ruff: noqa: F821  -- free names are the machine registers, see rt.py


#: what base's reads allocate beyond the String's cells and characters (40 bytes a
#: character, as ``mkstr`` charges), fitted to GHC 9.0.2 (-O0 -prof, lines of 1 to 40
#: characters): hGetLine 408 bytes a call and 58 a character more, hGetContents 1,496 a call
#: (its lazy read's 40 a character are the String's), the first read 784 more
GETLINE_CALL, GETLINE_CHAR, GETCONTENTS_CALL, STDIN_FIRST_READ = 408, 58, 1496, 784


class ProgramExit(Exception):
    """exitWith: the run ends with ``code`` (stdout flushed, the reports written)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class StdIO:
    """The run's stdin (``session.stdin``, else the process's) read as GHC's stdin handle
    reads it, and its stderr (``session.stderr``, else the process's)."""

    def __init__(self, machine: Any) -> None:
        self.machine = machine
        self.session = machine.session
        self._src: TextIO | None = None
        self._buf = ""  # read ahead (isEOF's peek)
        self._eof = False
        self.semi_closed = False  # after getContents
        self.opened = False  # stdin's handle made (its first read)
        self.stdout_mode: int | None = None  # hSetBuffering's (0 none, 1 line, 2 block)

    def _source(self) -> TextIO:
        if self._src is None:
            src = getattr(self.session, "stdin", None)
            self._src = src if src is not None else sys.stdin
        return self._src

    def _fill(self) -> bool:
        """Is there a character to read (reading a line ahead if needed)?"""
        if self._buf:
            return True
        if self._eof:
            return False
        try:
            line = self._source().readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            self._eof = True
            return False
        self._buf = line
        return True

    def check(self, op: str) -> None:
        """GHC's error for ``op`` on stdin after getContents (read to its end: closed)."""
        if self.semi_closed:
            self.machine.runtime_error(f"<stdin>: {op}: illegal operation (handle is "
                                       "closed)")

    def eof_error(self, op: str) -> None:
        made = getattr(self.machine, "rts_library_caf", None)
        if made is not None:
            made("GHC.IO.Handle.Internals")
        self.machine.runtime_error(f"<stdin>: {op}: end of file")

    def exit(self, code: int) -> None:
        self.machine.flush_output()
        raise ProgramExit(code)

    char_class = staticmethod(lambda c, k: char_class(c, k))

    def get_line(self) -> str:
        """A line without its newline (the last may lack one)."""
        self.check("hGetLine")
        if not self._fill():
            self.eof_error("hGetLine")
        parts = []
        while True:
            line, self._buf = self._buf, ""
            if line.endswith("\n"):
                parts.append(line[:-1])
                return "".join(parts)
            parts.append(line)
            if not self._fill():
                return "".join(parts)

    def get_char(self) -> str:
        self.check("hGetChar")
        if not self._fill():
            self.eof_error("hGetChar")
        c, self._buf = self._buf[0], self._buf[1:]
        return c

    def at_eof(self) -> bool:
        self.check("hIsEOF")
        return not self._fill()

    def contents(self) -> str:
        self.check("hGetContents")
        self.semi_closed = True
        rest = self._buf
        self._buf = ""
        if self._eof:
            return rest
        try:
            rest += self._source().read()
        except (OSError, ValueError):
            pass
        self._eof = True
        return rest

    def read_cost(self, kind: str, chars: int) -> int:
        """The bytes (whole words) a read (``kind``: "line", "contents" or "eof") of
        ``chars`` characters allocates under the caller beyond its String, and at the first
        read stdin's handle under its CAFs (GHC.IO.Exception's at getContents)."""
        made = getattr(self.machine, "rts_library_caf", None)  # None: no runtime heap
        nbytes = {"line": GETLINE_CALL + GETLINE_CHAR * chars, "contents": GETCONTENTS_CALL,
                  "eof": 0}[kind]
        if not self.opened:
            self.opened = True
            nbytes += STDIN_FIRST_READ
            if made is not None:
                made("GHC.IO.Handle.FD")
        if kind == "contents" and made is not None:  # (read to the end)
            made("GHC.IO.Handle.Internals")
            made("GHC.IO.Exception")
        return nbytes - nbytes % 8  # whole words (prims._charge)

    def out_mode(self) -> int:
        """stdout's buffering: hSetBuffering's, else line-buffered on a terminal (1) and
        block-buffered into a pipe or a file (2), as GHC's."""
        if self.stdout_mode is not None:
            return self.stdout_mode
        isatty = getattr(self.session.stdout, "isatty", None)
        return 1 if isatty is not None and isatty() else 2

    def write_err(self, text: str) -> None:
        """stderr is unbuffered: written at once, after stdout's pending text when stdout
        is line-buffered or unbuffered (GHC's stdout on a terminal, or as hSetBuffering
        set it), not when it is block-buffered (GHC's into a pipe or a file)."""
        out = self.session.stdout
        if self.out_mode() < 2:
            self.machine.flush_output()
            out.flush()
        err = getattr(self.session, "stderr", None)
        err = err if err is not None else sys.stderr
        err.write(text)
        err.flush()


#: charClass#'s predicates (GHC.Unicode) by the character's general category
_CLASSES = (
    frozenset({"Cc"}),  # isControl
    None,  # isPrint: all but Zl Zp Cc Cf Cs Co Cn
    frozenset({"Lu", "Ll", "Lt", "Lm", "Lo"}),  # isLetter
    frozenset({"Mn", "Mc", "Me"}),  # isMark
    frozenset({"Nd", "Nl", "No"}),  # isNumber
    frozenset({"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"}),  # isPunctuation
    frozenset({"Sm", "Sc", "Sk", "So"}),  # isSymbol
    frozenset({"Zs", "Zl", "Zp"}),  # isSeparator
)
_NOT_PRINT = frozenset({"Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"})


def char_class(c: str, k: int) -> bool:
    cat = unicodedata.category(c)
    want = _CLASSES[k]
    return cat not in _NOT_PRINT if want is None else cat in want


def p_putErr(s, w):
    """hPutStr stderr (unbuffered): GHC 9.0.2 allocates 744 bytes a character (each goes
    through the encoder on its own) and 200 a call; hPutStrLn's newline is a character of
    the same call (the Prelude's second putErr# of "\n" is not charged for a call)."""
    text = list_to_str(s)
    n = 31 * len(text) + (0 if text == "\n" else 8)  # 744 = 31 cells of 24
    HIx([S_CONS] * n)
    HPx([CCS] * n)
    m.stdio.write_err(text)
    return IORES


def p_hFlush(h, w):
    if h.val == 1:
        m.flush_output()
        m.session.stdout.flush()
    return IORES


def p_hSetBuffering(h, mode, w):
    if h.val == 1:
        if mode.val < 2:
            m.flush_output()
            m.session.stdout.flush()
        m.stdio.stdout_mode = mode.val
    return IORES


def p_getLine(w):
    line = m.stdio.get_line()
    _charge(m.stdio.read_cost("line", len(line)))
    return mkstr(line)


def p_getChar(w):
    c = m.stdio.get_char()
    _charge(m.stdio.read_cost("line", 0))
    return mkchr(c)


def p_getContents(w):
    text = m.stdio.contents()
    _charge(m.stdio.read_cost("contents", 0))
    return mkstr(text)


def p_isEOF(w):
    eof = m.stdio.at_eof()
    _charge(m.stdio.read_cost("eof", 0))
    return TRUE if eof else FALSE


def p_exit(code, w):
    m.stdio.exit(code.val)


def p_charClass(c, k):
    return TRUE if m.stdio.char_class(c.val, k.val) else FALSE


def p_getArgs(w):
    """The program's arguments (``profkit run PROG.hs [+RTS ...] ARGS``) as [String]."""
    lst = NIL
    for a in reversed(list(getattr(m.session.config, "program_args", []) or [])):
        o = Con2.make(len(HI), DC_CONS, mkstr(a), lst)
        HIa(S_CONS)
        HPa(CCS)
        lst = o
    return lst


def p_getProgName(w):
    return mkstr(m.prog_name)


#: openFile's errors as GHC's IOException shows them (errno -> its description)
OPEN_ERRORS = {2: "does not exist", 13: "permission denied", 21: "inappropriate type",
               17: "already exists", 16: "resource busy"}


def _open_error(path, e, errors=OPEN_ERRORS):
    """GHC's ``path: openFile: does not exist (No such file or directory)``, an IOException."""
    what = errors.get(e.errno, "failed")
    detail = "is a directory" if e.errno == 21 else e.strerror
    m.runtime_error(f"{path}: openFile: {what} ({detail})", "IOException")


def p_readFile(p, w):
    """readFile: the file's text (read whole when the action runs: GHC reads it lazily),
    relative to the current directory. GHC 9.0.2's bytes (shapes/fileio22): 20,448 a file
    (its handle and buffers) and 40.4 a character, about the String's cells and boxes
    (the subset's own); base's GHC.IO.FD CAF at the first file."""
    path = list_to_str(p)
    try:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
            text = f.read()
    except OSError as e:
        _open_error(path, e)
    caf = getattr(m, "rts_library_caf", None)  # None without the runtime heap
    if caf is not None:
        caf("GHC.IO.FD")
    _charge(20448)
    return mkstr(text)


def p_writeFile(p, s, mode, w):
    """writeFile (mode 0) and appendFile (1) of an evaluated String. GHC 9.0.2's bytes
    (shapes/fileio22): 28,984 a file (opening, its handle and buffers, closing), 96 more
    when anything is written and 778 a flushed buffer of 2,048 characters; nothing a
    character."""
    path, text = list_to_str(p), list_to_str(s)
    try:
        with open(path, "a" if mode.val else "w", encoding="utf-8",
                  errors="surrogateescape", newline="") as f:
            f.write(text)
    except OSError as e:
        _open_error(path, e)
    caf = getattr(m, "rts_library_caf", None)
    if caf is not None:
        caf("GHC.IO.FD")
    _charge(28984 + (96 + 778 * ((len(text) - 1) // 2048) if text else 0))
    return IORES


IO_HELPERS = (_open_error,)
IO_PRIM_FUNCTIONS = {
    "readFile#": p_readFile, "writeFile#": p_writeFile,
    "getArgs#": p_getArgs, "getProgName#": p_getProgName,  # System.Environment
    "putErr#": p_putErr, "hFlush#": p_hFlush, "getLine#": p_getLine, "getChar#": p_getChar,
    "getContents#": p_getContents, "isEOF#": p_isEOF, "exit#": p_exit,
    "charClass#": p_charClass, "hSetBuffering#": p_hSetBuffering,
}
