"""Pickling for the start-up cache (answers.cache) that keeps compiled regular expressions compiled.

A plain pickle stores a `re.Pattern` as its source and compiles it again on load, which is the very
work the cache is there to skip (the lexicon holds ~460 patterns: ~40 ms a start). Here a pattern is
stored with the code `re` compiled it to and rebuilt from that code with `_sre.compile`, as
`re._compiler.compile` does. That code is private to one interpreter build, so callers put `RUNTIME`
in their cache key; and every pattern is checked to rebuild equal to the original (`re.Pattern`
equality compares source, flags and code) before it is stored this way, else it pickles the plain way.
"""

from __future__ import annotations

import _sre
import atexit
import io
import pickle
import re
import sys
from array import array
from collections.abc import Iterable
from typing import Any

from answers.knowledge import cache as disk_cache

# The code is stored as the bytes of an array of code words, not a list of ints: a pickled list
# rebuilds one int object per word (the lexicon's patterns hold ~200,000 words), an array is one copy.
_CODE = next((t for t in "IL" if array(t).itemsize == _sre.CODESIZE), None)
# Part of every cache key holding pickled patterns: compiled code is only valid for this build (and
# this way of storing it).
RUNTIME = f"{sys.version}|{sys.implementation.cache_tag}|{_sre.MAGIC}|{_sre.CODESIZE}|code:{_CODE or 'list'}"


def _rebuild(pattern: str | bytes, flags: int, code: bytes | list[int], groups: int, groupindex: dict[str, int],
             indexgroup: tuple[str | None, ...]) -> re.Pattern:
    words = array(_CODE, code).tolist() if isinstance(code, bytes) and _CODE else code
    return _sre.compile(pattern, flags, words, groups, groupindex, indexgroup)


def _compiled_args(p: re.Pattern) -> tuple[Any, ...] | None:
    """The arguments `_sre.compile` takes to rebuild `p`, or None when this interpreter's `re` does
    not work the way this module expects (then the pattern pickles the plain way)."""
    try:
        # lazy: private to `re` (Python ≥ 3.11), not in typeshed; missing → plain pickling
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(p.pattern, p.flags)
        code = [int(op) for op in _compiler._code(parsed, p.flags)]  # plain ints: the opcodes are int subclasses
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        stored: bytes | list[int] = array(_CODE, code).tobytes() if _CODE else code
        args = (p.pattern, p.flags | parsed.state.flags, stored, parsed.state.groups - 1, groupindex, tuple(indexgroup))
        return args if _rebuild(*args) == p else None
    except Exception:  # noqa: BLE001 — any surprise means "pickle it the ordinary way"
        return None


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: object) -> Any:
        if type(obj) is re.Pattern:
            args = _compiled_args(obj)
            if args is not None:
                return _rebuild, args
        return NotImplemented


def dumps(obj: object) -> bytes:
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def loads(data: bytes) -> Any:
    return pickle.loads(data)


# --------------------------------------------------------------------------- patterns built from data
# Patterns assembled at run time from the lexicon's word lists (answers.parse, answers.setup_words) are
# long alternations that take ~10 ms to compile a start. They are kept by their source in one cache entry.
_TABLE_LIMIT = 1024  # old lexicons' patterns fall out; a start compiles about five hundred and fifty (0.21.0)


def _table_name() -> str:
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    return f"regex-{hashlib.sha256(RUNTIME.encode()).hexdigest()[:24]}.pickle"


# (source, flags) → the arguments `_rebuild` takes; stored as plain data, so adding one entry does not
# re-derive the others' code.
_table: dict[tuple[str, int], tuple[Any, ...]] | None = None
_compiled: dict[tuple[str, int], re.Pattern] = {}


def longest_first(words: Iterable[str]) -> list[str]:
    """Words for an alternation: longest first (so "tok/s" is tried before "tok"), ties by their text, so a pattern
    built from a set reads the same in every process whatever the hash seed, and `compile_cached` finds it."""
    return sorted(words, key=lambda w: (len(w), w), reverse=True)


def compile_cached(source: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(source, flags)`, read from the start-up cache when this source was compiled before."""
    global _table

    key = (source, int(flags))
    found = _compiled.get(key)
    if found is not None:
        return found
    if _table is None:
        data = disk_cache.read(_table_name())
        try:
            _table = pickle.loads(data) if data is not None else {}
        except Exception:  # noqa: BLE001 — a damaged entry is rebuilt, never an error
            _table = {}
        if not isinstance(_table, dict):
            _table = {}
    args = _table.get(key)
    if args is not None:
        try:
            found = _compiled[key] = _rebuild(*args)
            return found
        except Exception:  # noqa: BLE001 — a damaged entry is compiled again
            pass
    compiled = _compiled[key] = re.compile(source, flags)
    args = _compiled_args(compiled)
    if args is not None:
        global _dirty
        _table.pop(key, None)
        _table[key] = args
        while len(_table) > _TABLE_LIMIT:
            del _table[next(iter(_table))]
        _dirty = True
    return compiled


def flush() -> None:
    """Write the patterns compiled since the table was read. Once, when the process ends (atexit), not at every
    new pattern: a first start compiles ~200, and rewriting the table for each cost more than compiling."""
    global _dirty
    if _dirty and _table is not None:
        disk_cache.write(_table_name(), pickle.dumps(_table, protocol=pickle.HIGHEST_PROTOCOL))
    _dirty = False


_dirty = False
atexit.register(flush)
