"""The answers layer's public surface: what the bot and the command line call.

Everything user-visible comes back already localized and Discord-markdown-safe in `Answer.text`.
Slash commands call `Engine.command()` with entities they already have; plain questions and
`/ask` call `Engine.ask()`, which parses intent and entities first.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from answers.intents_table import INTENTS, SPECS, IntentSpec
from answers.knowledge.profiles import DEFAULT_PROFILE, PROFILE_NAMES
from answers.knowledge.profiles import ProfileName as Profile
from answers.records.limits import MAX_QUESTION_CHARS

# Intents the engine understands (declared once in answers.intents_table). "fallback" answers with
# suggestions; "not_found" and "ambiguous" carry candidates in facts["candidates"]; "invalid" is bad
# input (absurd size, unknown quant…).
# the one memory-size parser, for the bot's "memory or card" fields
from catalog.text import parse_memory_size

__all__ = ["INTENTS", "MAX_QUESTION_CHARS", "SPECS", "Answer", "AskOptions", "IntentSpec", "Profile",
           "ReportError", "parse_memory_size", "DEFAULT_PROFILE"]


class ReportError(Exception):
    """Input a command-line report (answers.reports) cannot be built for: a msgid and its values,
    localized by the front end."""

    def __init__(self, msgid: str, **values: Any) -> None:
        super().__init__(msgid % values if values else msgid)
        self.msgid = msgid
        self.values = values
        self.plain = False  # True: the message is not a msgid (the estimator's own English text)

    @classmethod
    def text(cls, message: str) -> ReportError:
        err = cls(message)
        err.plain = True
        return err


class AskOptions(Struct, frozen=True, kw_only=True):
    """Per-request knobs; the bot fills them from per-server settings (a msgspec Struct, as every record on
    the question's path: changed with `msgspec.structs.replace`)."""

    profile: Profile = DEFAULT_PROFILE
    context: int | None = None  # tokens; None → the estimator's default (4,096)
    min_quality: str | None = None  # quant level; levels below it are hidden
    quant: str | None = None  # force one level
    cache_type: str | None = None  # llama.cpp KV-cache type: f16 (default), q8_0, q4_0… or "K/V" (q8_0/f16)
    engine: str | None = None  # llama.cpp (default), ollama, vllm, sglang, mlx, exllamav2… (estimator.engines)

    def __post_init__(self) -> None:
        # What the pydantic model checked: a known profile, a whole positive context.
        if self.profile not in PROFILE_NAMES:
            raise ValueError(f"unknown profile {self.profile!r}: one of {', '.join(PROFILE_NAMES)}")
        if self.context is not None and (not isinstance(self.context, int) or self.context <= 0):
            raise ValueError(f"the context must be a whole number of tokens, not {self.context!r}")


class Answer(Struct, kw_only=True):
    """One answer, as the bot and the command line show it (changed with `msgspec.structs.replace`)."""

    intent: str
    locale: str  # catalogue locale actually used: "en", "it", "fr", "de", "es"
    entities: dict[str, Any]
    facts: dict[str, Any]
    text: str  # Discord markdown, user text escaped, never pings
    title: str | None = None
    profile: Profile = DEFAULT_PROFILE
    # For paged card tables (/fastest, /card): one dict per row, already display-formatted strings.
    table: list[dict[str, str]] | None = None
    credits: list[str] = field(default_factory=list)  # data-source credit lines, localized
    # What the question states, normalised (answers/facts/stated.py), what the answer assumed instead, and the
    # conditions read but not used (with `unused_why`: condition key → reason); docs/command-line.md.
    asked: dict[str, Any] = field(default_factory=dict)
    assumed: dict[str, Any] = field(default_factory=dict)
    unused: list[str] = field(default_factory=list)
    unused_why: dict[str, str] = field(default_factory=dict)
