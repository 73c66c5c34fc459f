"""Text that reached the command line as bytes (arguments, standard input) and may not be valid in
the encoding it was decoded with.

Python decodes arguments with `surrogateescape`: a byte that is not UTF-8 (`tpsbot table
$'llama\\xff'`) becomes a lone surrogate, which every later encode refuses (SQLite, hashes, the
output). Such bytes are decoded again here as UTF-8, the rest replaced by U+FFFD, so that the
question is answered (an unknown name is then said so in one line) instead of failing deep inside.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


def readable(text: str, encoding: str | None = None) -> str:
    """`text` with its escaped bytes decoded as UTF-8 (U+FFFD where they are not UTF-8)."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    raw = text.encode(encoding or sys.getfilesystemencoding(), "surrogateescape")
    return raw.decode("utf-8", "replace")


# Text arguments that may be a file name (`catalog import-epoch SOURCE`: a path or a URL): kept as given.
PATH_ARGUMENTS = frozenset({"source"})


def readable_args(args: Any) -> None:
    """Every text argument made readable in place; paths keep their bytes (a file name may be any)."""
    for name, value in vars(args).items():
        if isinstance(value, str) and name not in PATH_ARGUMENTS:
            setattr(args, name, readable(value))


def lines_of(stream: TextIO) -> Any:
    """The lines of standard input, each readable: a byte the stream's encoding cannot decode (a
    UTF-8 question under PYTHONIOENCODING=ascii) is kept as a surrogate, then read as UTF-8."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")
    encoding = getattr(stream, "encoding", None) or "utf-8"
    return (readable(line, encoding) for line in stream)
