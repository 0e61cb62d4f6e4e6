"""SML strings are bytes, and ``print`` writes them unchanged, as Poly/ML and SML/NJ do: a
UTF-8 literal in the source comes out as the same UTF-8 bytes (and counts its bytes in
``size``), and a character above 127 made with ``chr`` is one raw byte. (Found by hand with
Poly/ML 5.7.1: `print (String.str (chr 233))` writes the single byte 0xE9.)"""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from profkit.backends.mlworks.runtime.services import write_bytes

SRC = ('val s = "caf\u00e9"\n'
       'val () = print (s ^ "\\n")\n'
       'val () = print (Int.toString (size s) ^ "\\n")\n'
       'val () = print (String.str (chr 233) ^ "\\n")\n'
       'val () = print (Int.toString (ord (String.sub (s, 3))) ^ "\\n")\n')
EXPECTED = "café\n5\n".encode() + b"\xe9\n" + b"195\n"


@pytest.mark.parametrize("arch", ["x86", "sparc"])
def test_print_writes_the_string_bytes(tmp_path, arch):
    prog = tmp_path / "u.sml"
    prog.write_text(SRC, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "profkit", "run", "--arch", arch,
                           "--outdir", str(tmp_path), str(prog)],
                          capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED


def test_text_streams_without_a_buffer_get_the_utf8_text():
    out = io.StringIO()
    write_bytes(out, "café ".encode() + b"\xe9")
    assert out.getvalue() == "café \udce9"
    # a text stream over a binary one: text written before the bytes stays before them
    raw = io.BytesIO()
    text = io.TextIOWrapper(raw, encoding="utf-8", write_through=False)
    text.write("a")
    write_bytes(text, b"\xe9")
    text.write("b")
    text.flush()
    assert raw.getvalue() == b"a\xe9b"
