"""The ``.hp`` heap-profile file: an incremental writer and a tolerant reader.

Layout (GHC 9.0.2, shared/reference/ghc-9.0.2/FINDINGS.md §3)::

    JOB "prog args +RTS -hc -i0.02"          <- no -RTS; a " inside is written ""
    DATE "Sun Nov 22 02:38 2026"             <- ctime without seconds
    SAMPLE_UNIT "seconds"
    VALUE_UNIT "bytes"
    BEGIN_SAMPLE 0.000000                    <- always an empty first sample at 0
    END_SAMPLE 0.000000
    BEGIN_SAMPLE 0.018860
    (256)main/Main.CAF<TAB>40000016          <- band<TAB>bytes, zero bands left out
    END_SAMPLE 0.018860
    ...
    BEGIN_SAMPLE 0.050898                    <- always an empty last sample at the end
    END_SAMPLE 0.050898

Times have 6 decimals. The writer flushes after every ``END_SAMPLE``, so a killed run leaves
a readable prefix (hp2ps's documented way to view a live profile is to cut the file after
the last ``END_SAMPLE``; the reader does that itself). ``MARK <time>`` lines may appear
between samples. The DATE honours ``SOURCE_DATE_EPOCH`` (formatted in UTC) so that identical
runs give byte-identical files.
"""

from __future__ import annotations

import math
import re
import os
import time as _time
from dataclasses import dataclass, field
from typing import IO, Iterable

from profkit.errors import UsageError

__all__ = ["HpWriter", "HeapProfileData", "Sample", "read_hp", "parse_hp", "hp_date", "quote"]


def hp_date(epoch: float | None = None) -> str:
    """The DATE string: ctime without seconds, ``Sun Nov  2 02:38 2026``.

    ``epoch`` defaults to ``SOURCE_DATE_EPOCH`` (read as UTC, for reproducible files) or, when
    that is unset, the current local time (as GHC prints it)."""
    if epoch is None:
        sde = os.environ.get("SOURCE_DATE_EPOCH")
        if sde is not None and sde.strip().isdigit():
            tm = _time.gmtime(int(sde))
        else:
            tm = _time.localtime()
    else:
        tm = _time.gmtime(epoch)
    text = _time.asctime(tm)  # 'Sun Nov  2 02:38:45 2026'
    return text[:16] + text[19:]


def quote(s: str) -> str:
    """A string literal of the .hp grammar: in double quotes, ``"`` doubled."""
    return '"' + s.replace('"', '""') + '"'


def _fmt_time(t: float) -> str:
    return f"{t:.6f}"


def ghc_word(name: str) -> str:
    """``name`` with each whitespace character replaced by ``_``. GHC's text reports are
    read as whitespace-separated words (hp2ps takes a band name to be the non-blank
    characters before its value; tools split ``.prof`` rows on blanks), and GHC refuses
    cost-centre names with spaces ("Spaces are not allowed in SCCs"); MLWorks's code names
    have them (``foldl argument 3[basis.sml:75]``, ``Functor F``), so the ``.hp`` writers
    print band names, and the ``.prof``/``-pj`` writers cost-centre labels and modules,
    this way (not SRC: GHC's own has blanks, ``<no location info>``, and is read by its
    column). MLWorks's own reports keep the names as MLWorks printed them."""
    # (one regex search per band and census: C speed on the writers' hot path)
    return name if _BLANK.search(name) is None else _BLANK.sub("_", name)


_BLANK = re.compile(r"\s")


class HpWriter:
    """Writes a ``.hp`` file sample by sample.

    ``HpWriter(path, job)`` writes the header and the empty sample at 0.000000 at once, so
    even a run that fails before its first census leaves a valid file. Call ``sample(time,
    bands)`` per census, then ``close(final_time)`` which writes the empty last sample.
    """

    def __init__(self, path_or_file: str | IO[str], job: str, date: str | None = None) -> None:
        if isinstance(path_or_file, str):
            self._f: IO[str] = open(path_or_file, "w", encoding="utf-8", newline="\n")
            self._own = True
        else:
            self._f = path_or_file
            self._own = False
        self.path = path_or_file if isinstance(path_or_file, str) else None
        self.last_time = 0.0
        self.closed = False
        f = self._f
        f.write(f"JOB {quote(job)}\n")
        f.write(f"DATE {quote(hp_date() if date is None else date)}\n")
        f.write('SAMPLE_UNIT "seconds"\nVALUE_UNIT "bytes"\n')
        self.sample(0.0, ())

    def sample(self, time: float, bands: Iterable[tuple[str, int]],
               keep_zero: bool = False) -> None:
        """Write one sample; bands with 0 bytes are left out unless ``keep_zero`` (GHC's
        -hb lists every band). Times never go backwards (a time earlier than the previous
        sample's is written as the previous one, since hp2ps rejects decreasing samples)."""
        time = max(float(time), self.last_time)
        self.last_time = time
        t = _fmt_time(time)
        lines = [f"BEGIN_SAMPLE {t}\n"]
        for name, value in bands:
            if value or keep_zero:
                lines.append(f"{ghc_word(name)}\t{int(value)}\n")
        lines.append(f"END_SAMPLE {t}\n")
        self._f.write("".join(lines))
        self._f.flush()

    def mark(self, time: float) -> None:
        """A ``MARK`` line (an event on the time axis, drawn by hp2ps as a tick)."""
        self._f.write(f"MARK {_fmt_time(max(float(time), self.last_time))}\n")
        self._f.flush()

    def close(self, final_time: float | None = None) -> None:
        """Write the empty last sample (at ``final_time``, or the last sample's time) and
        close the file. Idempotent."""
        if self.closed:
            return
        self.closed = True
        self.sample(self.last_time if final_time is None else final_time, ())
        if self._own:
            self._f.close()


# ----------------------------------------------------------------------------- reading


@dataclass
class Sample:
    time: float
    bands: dict[str, int] = field(default_factory=dict)


@dataclass
class HeapProfileData:
    """A parsed ``.hp`` file. ``samples`` are complete samples only, in file order."""

    job: str = ""
    date: str = ""
    sample_unit: str = "seconds"
    value_unit: str = "bytes"
    samples: list[Sample] = field(default_factory=list)
    marks: list[float] = field(default_factory=list)
    #: True when the file ended inside a sample (a run still going, or killed)
    truncated: bool = False

    def band_names(self) -> list[str]:
        """Every band name, in order of first appearance."""
        seen: dict[str, None] = {}
        for s in self.samples:
            for name in s.bands:
                seen.setdefault(name)
        return list(seen)


def _unquote(rest: str, where: str) -> str:
    rest = rest.strip()
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise UsageError(f"{where}: expected a quoted string, got {rest!r}")
    body = rest[1:-1]
    # "" is an escaped quote; a lone " inside is tolerated as itself
    return body.replace('""', '"')


def _float(text: str, where: str) -> float:
    """A sample or mark time: a finite number of seconds, not negative."""
    try:
        x = float(text)
    except ValueError:
        raise UsageError(f"{where}: expected a time in seconds, got {text!r}") from None
    if not math.isfinite(x) or x < 0:
        raise UsageError(f"{where}: expected a time in seconds (finite, not negative), "
                         f"got {text!r}")
    return x


def parse_hp(text: str, name: str = "<hp>") -> HeapProfileData:
    """Parse the text of a ``.hp`` file (GHC's or profkit's).

    Tolerated: an incomplete last sample (skipped, ``truncated`` set), a last line cut short,
    ``MARK`` lines, blank lines, CRLF line ends, band lines separated by spaces instead of a
    TAB. Raises ``UsageError`` (``file:line: ...``) for anything else malformed.
    """
    data = HeapProfileData()
    lines = text.split("\n")
    ends_clean = text.endswith("\n")
    current: Sample | None = None
    begin_text = ""
    complete_end = ends_clean
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        last_and_cut = lineno == len(lines) and not ends_clean
        where = f"{name}:{lineno}"
        key, _, rest = line.partition(" ")
        if key == "JOB":
            data.job = _unquote(rest, where)
        elif key == "DATE":
            data.date = _unquote(rest, where)
        elif key == "SAMPLE_UNIT":
            data.sample_unit = _unquote(rest, where)
        elif key == "VALUE_UNIT":
            data.value_unit = _unquote(rest, where)
        elif key == "MARK" and current is None:
            if not last_and_cut:
                data.marks.append(_float(rest.strip(), where))
        elif key == "BEGIN_SAMPLE" and current is None:
            if last_and_cut:
                break
            begin_text = rest.strip()
            current = Sample(_float(begin_text, where))
            if data.samples and current.time < data.samples[-1].time:
                raise UsageError(f"{where}: expected a sample time of at least "
                                 f"{data.samples[-1].time:g} (time goes backwards), got "
                                 f"{begin_text!r}")
        elif key == "END_SAMPLE" and current is not None:
            # without its newline, the last END_SAMPLE counts only if its time is whole
            if last_and_cut and rest.strip() != begin_text:
                break
            data.samples.append(current)
            current = None
            if last_and_cut:
                complete_end = True
        elif key == "END_SAMPLE":
            raise UsageError(f"{where}: END_SAMPLE without a BEGIN_SAMPLE")
        elif key == "BEGIN_SAMPLE":
            raise UsageError(f"{where}: expected END_SAMPLE before the next BEGIN_SAMPLE")
        elif current is not None:
            # band line: the value is the last field; the identifier is everything before it
            # (GHC writes a TAB; hp2ps takes any whitespace)
            parts = line.rsplit("\t", 1) if "\t" in line else line.rsplit(None, 1)
            if len(parts) != 2:
                if last_and_cut:
                    break
                raise UsageError(f"{where}: expected 'band<TAB>bytes', got {line!r}")
            band, value = parts[0].strip(), parts[1].strip()
            try:
                v = int(value)
            except ValueError:
                if last_and_cut:
                    break
                raise UsageError(f"{where}: bad value {value!r} for band {band!r}") from None
            if v < 0:
                raise UsageError(f"{where}: expected a byte count of at least 0 for band "
                                 f"{band!r}, got {value!r}")
            total = current.bands.get(band, 0) + v
            if total > MAX_BAND_BYTES:
                raise UsageError(f"{where}: expected a byte count below 2^63 for band "
                                 f"{band!r}, got {value if len(value) < 40 else value[:37] + '...'}")
            current.bands[band] = total
        else:
            if last_and_cut:
                break
            raise UsageError(f"{where}: unexpected line {line!r}")
    if current is not None or (not complete_end and lines[-1].strip()):
        data.truncated = True
    return data


#: a band's bytes are a 64-bit count in GHC (and hp2ps); larger values are not a heap
MAX_BAND_BYTES = (1 << 63) - 1


def read_hp(path: str) -> HeapProfileData:
    """Read and parse a ``.hp`` file; a missing or unreadable file is a ``UsageError``."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror or e}") from None
    if "\0" in text:
        raise UsageError(f"{path}:1: expected a text .hp file, found binary data")
    return parse_hp(text, path)  # an empty file is a valid (empty) profile, as GHC's


def is_hp_file(path: str) -> bool:
    """A ``.hp`` name, or a file opening with ``JOB "`` as every .hp does."""
    if path.endswith(".hp"):
        return True
    try:
        with open(path, "rb") as f:
            return f.read(5) == b'JOB "'
    except OSError:
        return False


def summary_text(data: HeapProfileData) -> str:
    """``profkit read FILE.hp``: the header, then each band's peak and the time of it,
    largest first (names in the file's own spelling, spaces and any Unicode kept)."""
    out = [f"job: {data.job}", f"date: {data.date}",
           f"samples: {len(data.samples)}" + (" (truncated)" if data.truncated else "")]
    if data.samples:
        out.append(f"time: {data.samples[0].time:g} .. {data.samples[-1].time:g} "
                   f"{data.sample_unit}")
        peak_total = max(sum(s.bands.values()) for s in data.samples)
        out.append(f"peak total: {peak_total} {data.value_unit}")
    peaks: dict[str, tuple[int, float]] = {}
    for s in data.samples:
        for name, v in s.bands.items():
            if v > peaks.get(name, (-1, 0.0))[0]:
                peaks[name] = (v, s.time)
    if peaks:
        out.append(f"{'peak':>14}  {'at':>10}  band")
        for name, (v, t) in sorted(peaks.items(), key=lambda kv: (-kv[1][0], kv[0])):
            out.append(f"{v:>14}  {t:>10g}  {name}")
    return "\n".join(out) + "\n"
