"""The `tpsbot` process's standard streams: every way writing the output can fail ends in one line
on stderr and a non-zero exit, or a clean exit on a closed pipe, as Unix tools do.

`main()` here is the installed `tpsbot` command: it runs `bot.cli.parser.main` (which callers and tests
use with their own argv) between a check of the streams and a checked final flush.

- A closed standard output (`tpsbot ask … >&-`): Python then has no sys.stdout and print() writes
  nothing, silently; we say so and exit 1 instead of "succeeding" with no answer.
- A closed standard input, read by `tpsbot ask -`: one line and exit 1, not an AttributeError.
- A full disk (`--json > /dev/full`) or another write error: Python only finds out when it flushes
  at exit (then prints "Exception ignored…" and exits 120); we flush ourselves and report it.
- A closed pipe (`tpsbot table | head -1`): exit 0 without a word, like `cat` and `grep`; the rest of
  the output is sent to /dev/null so the interpreter's last flush cannot fail again.
- A terminal that cannot show a character (an ASCII or Latin-1 locale, PYTHONIOENCODING=ascii):
  typographic characters fall back to plain ones ("–" → "-", "…" → "...", "è" → "e"), anything
  else to "?", instead of a UnicodeEncodeError.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
import unicodedata
from collections.abc import Sequence

from bot.cli import parser as cli

ERRORS = "tpsbot-plain"
# What our answers print that legacy encodings lack; accented letters lose their accent instead.
PLAIN = {
    "–": "-", "—": "-", "‒": "-", "−": "-", "‐": "-", "‑": "-", "…": "...", "·": "-", "•": "*",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "×": "x",
    "≈": "~", "≤": "<=", "≥": ">=", "→": "->", "←": "<-", "↔": "<->", "✓": "v", "✗": "x", "°": " deg",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "€": "EUR", "£": "GBP", "µ": "u",
}


def _plain(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start:exc.end]:
        if ch in PLAIN:
            out.append(PLAIN[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        try:
            base.encode(exc.encoding)
        except (UnicodeError, LookupError):
            base = ""
        out.append(base or "?")
    text = "".join(out)
    try:
        text.encode(exc.encoding)
    except (UnicodeError, LookupError):
        text = text.encode("ascii", "replace").decode("ascii")
    return text, exc.end


codecs.register_error(ERRORS, _plain)


class _ClosedInput:
    """Stands for a closed standard input: reading it is an OSError that cli.main reports in one line."""

    def _closed(self, *args: object) -> str:
        raise OSError(errno.EBADF, "standard input is closed")

    read = readline = _closed

    def __iter__(self) -> _ClosedInput:
        return self

    def __next__(self) -> str:
        return self._closed()


def _say(message: str) -> None:
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"tpsbot: error: {message}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


def _silence_stdout() -> None:
    """Point fd 1 at /dev/null: the interpreter flushes stdout once more at exit (Python's own advice
    for a closed pipe), and whatever is left then goes nowhere instead of failing again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _plain_fallback() -> None:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=ERRORS)
            except (OSError, ValueError):
                pass


def main(argv: Sequence[str] | None = None) -> int:
    command = list(argv if argv is not None else sys.argv[1:])[:1]
    if sys.stdout is None and command != ["run"]:  # the bot logs to stderr: it needs no stdout
        _say("standard output is closed: nowhere to write the answer")
        return 1
    if sys.stdin is None:
        sys.stdin = _ClosedInput()
    _plain_fallback()
    try:
        code = cli.main(argv)
    except BrokenPipeError:
        code = 0
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader is gone (`| head -1`): done, like Unix tools
        _silence_stdout()
        return code
    except (OSError, ValueError) as exc:
        if code == 0:
            _say(f"cannot write the output: {getattr(exc, 'strerror', None) or exc}")
            code = 1
        _silence_stdout()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
