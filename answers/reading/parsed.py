"""What the parser reads from a question (`Parsed`): intent, language and entities as typed.
"""

from __future__ import annotations

from pydantic import BaseModel


class Parsed(BaseModel):
    intent: str  # one of answers.api.INTENTS (never not_found/ambiguous/invalid: the engine decides)
    language: str | None  # "en", "it", "fr", "de", "es"; None when unclear
    model: str | None = None  # resolved display name, or the span as typed when unresolved
    card: str | None = None
    card2: str | None = None
    memory_gb: float | None = None
    context: int | None = None  # tokens
    quant: str | None = None  # canonical llama.cpp name ("Q4_K_M"); unknown levels kept uppercased
    # The spans exactly as typed, for messages like "I don't know «lama 9»".
    model_span: str | None = None
    card_span: str | None = None
    card2_span: str | None = None
    # Added for people's phrasing (issue 11); absent/None means "not said".
    intents: list[str] = []  # every ask of the message, `intent` first ("who released X and when")
    # The hardware the asker owns when it is more than one plain card (answers/reading/setup_words.py).
    gpu_count: int | None = None  # cards in the setup, when more than one ("dual 3090", "4090 + 3060")
    setup: list[tuple[str, int]] | None = None  # (card or chip as typed, count)
    ram_gb: float | None = None  # system RAM beside the cards ("a 4090 and 64 GB DDR5")
    ram_type: str | None = None  # DDR4, DDR5…
    # `memory_gb` was said as system RAM ("128 gigs of ddr5", "64gb of ram") and no card or vram size is
    # named: the corpora keep it as the memory asked about; the Question reads it as a machine without a card.
    memory_is_ram: bool = False
    task: str | None = None  # "coding" | "vision" | "reasoning" | "chat": "good coding model for 12 GB"
    quants: list[str] | None = None  # two or more levels asked about ("q8 or q4"); then `quant` is None
    # Refinements of the ask (words in answers/lexicon/*.toml):
    cache_type: str | None = None  # llama.cpp KV-cache type named ("with q8 kv cache"): "q8_0", "q4_0", "f16"
    quant_question: bool = False  # asks which quantization level ("which quant fits 24 GB")
    biggest: bool = False  # asks for the biggest model ("biggest model for a 3090")
    cheapest: bool = False  # asks for the cheapest card ("cheapest card for X")
    # A bare size asked about as a model ("enough for a 70b?"): billions of parameters of a generic
    # dense model; then `model` is None.
    model_size_b: float | None = None
    # The words that named that size's model when no catalog model fits them ("mythomax 13b", "nemotron
    # super 49b"), as typed: the answer says it is for a generic model of the size, not for that name.
    model_typed: str | None = None
    model_size_stand_in: bool = False  # that size was not said: levels asked about with no model ("q4 or q8?")
    # A budget ("under 400 bucks", "sotto i 500 euro"; answers/reading/budget_words.py): amount, currency ("USD",
    # "EUR", "GBP", "BRL") and whether the currency was said (else the language's usual one is assumed).
    budget: dict | None = None
    # Two models set side by side ("llama 3.1 8b vs mistral 7b", answers/reading/versus_words.py): the second, in
    # reading order (`model` is the first); None when one model is asked about.
    model2: str | None = None
    model2_span: str | None = None
    # Two setups set side by side ("2x 3090 or one a6000"): `setup` is the first, `setup2` the second.
    setup2: list[tuple[str, int]] | None = None
    # Two models loaded at once ("X and Y at the same time", answers/reading/at_once.py): `model2` is the second.
    together: bool = False
    # A memory size typed apart from the card ("is 16gb enough … or do i need a 3090"), not right beside it
    # ("mi50 32gb", "3060 12gb"): two hardware questions in one.
    memory_apart: bool = False
