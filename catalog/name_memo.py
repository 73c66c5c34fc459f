"""A resolver's latest answers, kept: the same names come again and again ("3090", "llama 3 8b").

Reading one question looks up every run of its words as a name (a dozen or more texts), and a
server's questions name the same few dozen cards and models all day; each lookup normalizes,
queries the stored keys and may fuzz over 3,400 names. The answers are pure functions of the text
for one resolver (its index never changes once built), and `Resolution` is frozen and never altered
by its readers, so one resolution can be handed to every asker.

Kept outside the resolver's own attributes (a weak map keyed by the resolver), because those are
the index the start-up cache stores (`Resolver.index_state`), and dropped with the resolver when a
catalog import replaces it. Bounded: the bot reads arbitrary text for as long as it runs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar
from weakref import WeakKeyDictionary

KEPT = 4096  # texts per resolver and method; past it the oldest half is let go

S = TypeVar("S")
R = TypeVar("R")
_MEMOS: WeakKeyDictionary[object, dict[tuple[str, str], object]] = WeakKeyDictionary()


def remembered(method: Callable[[S, str], R]) -> Callable[[S, str], R]:
    """`method(resolver, text)` answered once per resolver and text."""
    name = method.__name__

    @functools.wraps(method)
    def answer(self: S, text: str) -> R:
        memo = _MEMOS.get(self)
        if memo is None:
            memo = _MEMOS[self] = {}
        key = (name, text)
        try:
            return memo[key]  # type: ignore[return-value]
        except KeyError:
            pass
        found = method(self, text)
        if len(memo) >= KEPT:
            for old in list(memo)[: KEPT // 2]:  # dicts keep insertion order: the oldest first
                memo.pop(old, None)
        memo[key] = found
        return found

    return answer
