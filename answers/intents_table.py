"""One declaration per intent: what it needs, how its facts are built, how it is shown.

Everything else that lists intents — the engine's routing sets, the titles, the parser's lists,
the bot's private/quiet/chart/paged choices (`SPECS[name]`) — is derived from `INTENT_TABLE` below, so adding an
intent means adding one `IntentSpec` (plus its template answers/templates/<name>.md.j2).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any, TypedDict

from msgspec import Struct

from answers.knowledge.i18n import N_
from answers.records.limits import ENGINE_INTENTS, PARSER_INTENTS, PARSER_MODEL_INTENTS


class IntentSpec(Struct, frozen=True):
    """One intent's declaration: what it needs, which builder writes its facts, how it is shown."""
    name: str
    title: str | None  # msgid of the answer's title (%(model)s, %(card)s, %(card2)s placeholders)
    # "module:function" in answers.facts, imported when the intent is first built (`builder`);
    # None: the engine writes the facts (not_found, ambiguous, invalid)
    builder_ref: str | None
    needs_model: bool = False  # about one model: without a resolved model it cannot be answered
    needs_size: bool = False  # the estimator needs the model's parameter count
    uses_cards: bool = True  # cards named in the question are resolved (facts about a model ignore them)
    table: bool = False  # a paged table of every row (facts carry the top rows only)
    page_code: str | None = None  # the table's one-letter code in the bot's button ids
    chart: bool = False  # the bot attaches a speed chart
    private: bool = False  # a slash-command answer only the asker sees: their input was the problem
    quiet: bool = False  # not worth a reply in a channel that opted in to plain questions
    memory_title: str | None = None  # title when the answer is about a memory size, not a card (%(memory)s)
    # How the intent is decided (answers/facts/routing.py):
    fit_after: bool = False  # a fact question that, with a card named beside it, also asks whether the model runs
    stand_in_model: bool = False  # with a card and no model named, a common model stands in (said so)
    at_once: bool = False  # two models named "at the same time" are rated loaded together (as can_run)

    @property
    def builder(self) -> Callable[..., Any] | None:
        """The builder (typed as answers.facts.common.Builder there; the table sits below the facts)."""
        return None if self.builder_ref is None else _builder(self.builder_ref)

    @property
    def template(self) -> str:
        return f"{self.name}.md.j2"

    @property
    def parse_priority(self) -> int | None:
        """Tie order in the parser (lower first); None: never parsed (answers.records.limits)."""
        return PARSER_INTENTS.index(self.name) if self.name in PARSER_INTENTS else None

    @property
    def parse_name_is_model(self) -> bool:
        """The parser takes an unmatched name in such a question as a model (answers.records.limits)."""
        return self.name in PARSER_MODEL_INTENTS

    @property
    def takes_model(self) -> bool:
        """A model named in the question is resolved (fallback uses it for its suggestions)."""
        # fallback uses it for its suggestions; memory_cards turns into a fit answer when a model is named
        return self.needs_model or self.name in ("fallback", "memory_cards", "off_topic")


@cache
def _builder(ref: str) -> Callable[..., Any]:
    module, name = ref.split(":")
    # lazy: a one-question process imports only the builder module of the intent it answers (and the
    # estimator rules below it: prefill, several users, setups…), not all of them
    return getattr(importlib.import_module(f"answers.facts.{module}"), name)


class _Flags(TypedDict, total=False):
    """The IntentSpec flags several rows share (typed so ** keeps them checked)."""

    needs_model: bool
    needs_size: bool
    uses_cards: bool
    fit_after: bool


_ESTIMATE: _Flags = {"needs_model": True, "needs_size": True}
_INFO: _Flags = {"needs_model": True, "uses_cards": False}
# A fact question with a card named beside it also asks whether the model runs ("who made gemma 3 27b, and can
# it run on a 3090?").
_FACT: _Flags = {**_INFO, "fit_after": True}
_ESTIMATE_FACT: _Flags = {**_ESTIMATE, "fit_after": True}

INTENT_TABLE: tuple[IntentSpec, ...] = (
    IntentSpec("can_run", N_("Will %(model)s run?"), "rating:can_run", **_ESTIMATE, at_once=True),
    IntentSpec("fastest", N_("Fastest cards for %(model)s"), "rating:fastest", **_ESTIMATE, table=True, page_code="f",
               chart=True),
    IntentSpec("smallest", N_("Smallest cards for %(model)s"), "rating:smallest", **_ESTIMATE, table=True,
               page_code="s"),
    IntentSpec("vram", N_("Memory needed by %(model)s"), "rating:vram", **_ESTIMATE, at_once=True),
    IntentSpec("speed", N_("How fast %(model)s runs"), "rating:speed", **_ESTIMATE, at_once=True),
    IntentSpec("what_gpu", N_("Which GPU for %(model)s"), "rating:what_gpu", **_ESTIMATE),
    IntentSpec("why_quant", N_("Quantization levels for %(model)s"), "rating:why_quant", **_ESTIMATE),
    IntentSpec("accuracy", N_("How accurate the speeds are"), "rating:accuracy", **_ESTIMATE),
    IntentSpec("two_gpus", N_("%(model)s on two GPUs"), "rating:two_gpus", **_ESTIMATE),
    IntentSpec("offload", N_("Offloading %(model)s"), "rating:offload", **_ESTIMATE),
    IntentSpec("prefill", N_("Reading a prompt with %(model)s"), "serving:prefill", **_ESTIMATE,
               stand_in_model=True),
    IntentSpec("users", N_("%(model)s for several people at once"), "serving:users", **_ESTIMATE,
               stand_in_model=True),
    IntentSpec("open_source", N_("Is %(model)s open source?"), "rating:info", **_FACT),
    IntentSpec("parameters", N_("Parameters of %(model)s"), "rating:info", **_FACT),
    IntentSpec("maker", N_("Who made %(model)s"), "rating:info", **_FACT),
    IntentSpec("release", N_("When %(model)s came out"), "rating:release", **_FACT),
    IntentSpec("purpose", N_("What %(model)s is for"), "rating:info", **_FACT),
    IntentSpec("download", N_("Downloading %(model)s"), "rating:info", **_INFO),
    IntentSpec("compute", N_("Training compute of %(model)s"), "rating:info", **_INFO),
    IntentSpec("card_models", N_("What %(card)s can run"), "rating:card_models", table=True, page_code="c", chart=True,
               memory_title=N_("What runs on %(memory)s GB")),
    IntentSpec("compare", N_("%(card)s vs %(card2)s"), "compare:compare", **_ESTIMATE),
    IntentSpec("longest_context", N_("Longest context for %(model)s"), "context:longest_context", **_ESTIMATE),
    IntentSpec("model_info", N_("%(model)s"), "rating:model_info", **_ESTIMATE_FACT),
    # "best 8 GB card": cards of that size, each with what it runs (answers/facts/memory_cards.py)
    IntentSpec("memory_cards", None, "rating:memory_cards", memory_title=N_("Best cards with %(memory)s GB")),
    # "what does a 4090 draw, for my bill": the machine's watts and a month's kWh (answers/facts/power.py)
    IntentSpec("power", N_("Power and electricity"), "power:power_use"),
    # "is Qwen3 or Llama better for German": the models whose makers list it (answers/facts/model_language.py)
    IntentSpec("model_language", N_("Models and languages"), "model_language:model_language"),
    # practical know-how asked alone (answers/rendering/knowhow_text.py writes it; answers/knowledge/knowhow.json)
    IntentSpec("knowhow", N_("Good to know"), "knowhow:build"),
    IntentSpec("help", N_("What you can ask"), "rating:help_", uses_cards=False, quiet=True),
    IntentSpec("fallback", N_("I did not understand"), "rating:fallback", quiet=True),
    # "which qwen3 for my 6700 XT": every size of a family rated on the hardware (answers/facts/family_fit.py)
    IntentSpec("family_fit", N_("Which %(model)s on %(card)s"), None),
    # a topic the bot does not answer (installing, faults, which model is smarter, frontends, prompts, rumours):
    # declined in a line, with what it can say of the card or model named (answers/facts/off_topic.py)
    IntentSpec("off_topic", N_("Not something I answer"), "off_topic:build", quiet=True),
    IntentSpec("not_found", N_("Not found"), None, private=True, quiet=True),
    IntentSpec("ambiguous", N_("Did you mean…?"), None, private=True, quiet=True),
    IntentSpec("invalid", N_("I cannot use that"), None, private=True, quiet=True),
)

SPECS: dict[str, IntentSpec] = {s.name: s for s in INTENT_TABLE}


# Derived views (the only other places intents are listed).
INTENTS: tuple[str, ...] = tuple(SPECS)
MODEL_INTENTS = frozenset(s.name for s in INTENT_TABLE if s.needs_model)
SIZE_INTENTS = frozenset(s.name for s in INTENT_TABLE if s.needs_size)
INFO_INTENTS = frozenset(s.name for s in INTENT_TABLE if not s.uses_cards)
TABLE_INTENTS = frozenset(s.name for s in INTENT_TABLE if s.table)
PAGE_CODES: dict[str, str] = {s.name: s.page_code for s in INTENT_TABLE if s.page_code}
TITLES: dict[str, str] = {s.name: s.title for s in INTENT_TABLE if s.title}
# The reader's own list (answers.records.limits: below the reader, so it never imports this table)
# names exactly the intents declared here, apart from those only the engine decides.
if set(PARSER_INTENTS) | set(ENGINE_INTENTS) != set(INTENTS) \
        or len(PARSER_INTENTS) + len(ENGINE_INTENTS) != len(INTENTS):
    raise RuntimeError("answers.records.limits and answers.intents_table list different intents")
