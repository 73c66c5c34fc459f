"""The answers layer's public surface: what the bot and the command line call.

Everything user-visible comes back already localized and Discord-markdown-safe in `Answer.text`.
Slash commands call `Engine.command()` with entities they already have; plain questions and
`/ask` call `Engine.ask()`, which parses intent and entities first.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

Profile = Literal["reference", "measured"]

# Intents the engine understands. "fallback" answers with suggestions; "not_found" and "ambiguous"
# carry candidates in facts["candidates"]; "invalid" is bad input (absurd size, unknown quant…).
INTENTS = (
    "can_run", "fastest", "smallest", "vram", "speed", "what_gpu", "why_quant", "accuracy",
    "two_gpus", "offload", "open_source", "parameters", "maker", "release", "purpose",
    "download", "compute", "card_models", "compare", "longest_context", "model_info", "help",
    "fallback", "not_found", "ambiguous", "invalid",
)


class AskOptions(BaseModel):
    """Per-request knobs; the bot fills them from per-server settings."""

    profile: Profile = "reference"
    context: int | None = None  # tokens; None → the estimator's default (4,096)
    min_quality: str | None = None  # quant level; levels below it are hidden
    quant: str | None = None  # force one level
    cache_type: str | None = None  # llama.cpp KV-cache type: f16 (default), q8_0, q4_0… or "K/V" (q8_0/f16)


class Answer(BaseModel):
    intent: str
    locale: str  # catalogue locale actually used: "en", "it", "fr", "de", "es"
    entities: dict[str, Any]
    facts: dict[str, Any]
    text: str  # Discord markdown, user text escaped, never pings
    title: str | None = None
    profile: Profile = "reference"
    # For paged card tables (/fastest, /card): one dict per row, already display-formatted strings.
    table: list[dict[str, str]] | None = None
    credits: list[str] = []  # data-source credit lines, localized
