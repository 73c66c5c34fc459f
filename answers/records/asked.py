"""What is asked, typed, whichever way it came in: the one record between the reading and the facts.

A typed question (`question.asked_of`, over the `Question` read from its text) and a slash command's or
the CLI's fields (`options.from_fields`) both become an `Asked`. The intent is then decided from it in one
place (answers/facts/routing.py), which changes it only through `msgspec.structs.replace`; the facts resolve
its names (answers/facts/entities.py). Nothing after it reads the question's text.

Why a record of its own beside `Question`: a `Question` is what a text says (its echo, the language and
its evidence, the spans as typed, an image model or a phone named); fields carry records a caller already
holds (a `ModelRecord` from a button, a budget from a field of its own) and no text at all. `Asked` is the
part both entrances share, in the shape the facts take.
"""

from __future__ import annotations

from msgspec import Struct

from catalog.records import GpuRecord, ModelRecord


class CpuOnly(Struct, frozen=True):
    """A question with no graphics card: the RAM it names (size, type), None where it names none."""

    ram_gb: float | None = None
    ram_type: str | None = None
    ram_mts: int | None = None  # "ddr5-6000": answers/reading/ram_words.py
    ram_channels: int | None = None


# A setup as read: each card or chip as typed, with its count ("2x 3090 + 3060" → (("3090", 2), ("3060", 1))).
Parts = tuple[tuple[str, int], ...]


class Budget(Struct, frozen=True):
    """A price said ("under 400 bucks", a budget field "500 €"): checked against the known currencies and
    the largest amount by the facts (answers/facts/entities.py), which turn it into budget facts."""

    amount: float
    currency: str  # "USD", "EUR", "GBP", "BRL"… (the language's usual one when none was said)
    currency_said: bool = True  # False: the currency was assumed from the asker's language


class Asked(Struct, frozen=True):
    """The entities and refinements of one ask, before any name resolves.

    Fields marked *said* are what the question or the fields say; fields marked *decided* are set only by
    answers/facts/routing.py while it decides the intent (their defaults mean "nothing decided")."""

    # -- what the answer is about (names as typed or resolved by the reader; records a caller holds)
    model: str | ModelRecord | None = None  # the model; a generic stand-in record once routing sized it
    model2: str | ModelRecord | None = None  # a second model: side by side ("X vs Y") or loaded at once
    card: str | GpuRecord | None = None  # one card, or the first card of a setup
    card2: str | GpuRecord | None = None  # a second card, set side by side
    card_typed: str | None = None  # the card's words exactly as typed (its variants are said back)
    memory_gb: float | None = None  # an amount of memory asked about ("on 12 GB"), no card named
    # -- the hardware the asker owns, when it is more than one plain card
    setup: Parts | None = None  # cards with counts, a Mac by its memory, a card with RAM beside it
    setup2: Parts | None = None  # a second setup set side by side ("2x 3090 or one a6000")
    gpu_count: int | None = None  # cards in the setup, when more than one (reported in a refusal)
    ram_gb: float | None = None  # system RAM beside the cards
    ram_type: str | None = None  # "DDR5"; said, or the named CPU platform's
    ram_mts: int | None = None  # "ddr5-6000": the RAM's speed, MT/s
    ram_channels: int | None = None  # "12 channels"
    cpu: CpuOnly | None = None  # no graphics card ("no gpu, 64gb ram"): the machine's RAM is the memory
    cpu_named: str | None = None  # "i9 13900k": a processor named as the device, said back
    # -- options of the estimate
    context: int | None = None  # tokens (a prompt's length when longer: the cache holds the prompt)
    quant: str | None = None  # one level asked for ("Q4_K_M")
    cache_type: str | None = None  # the KV cache's type ("q8_0")
    task: str | None = None  # "coding", "vision"…: only models good at it
    budget: Budget | None = None  # a price to stay within, or a card's asked price
    prompt_tokens: int | None = None  # "how long for a 32k prompt": the prompt's length
    users: int | None = None  # "vllm 4 users": people served at once
    backend: str | None = None  # "vulkan", "rocm": the runtime a prefill figure is for
    observed_tok_s: float | None = None  # "my 7900 xtx gets 20 t/s": a speed the asker states
    target_tok_s: float | None = None  # "which gpu for 100 tok/s on X": a speed wanted, no hardware named
    # -- said, read by routing to decide the intent (never by the facts)
    intents: tuple[str, ...] = ()  # every ask of the message in reading order ("who made X and when")
    task_as_model: bool = False  # the model's words were task words only ("best coding model"): a list asked
    model_size_b: float | None = None  # a model named by its size alone ("enough for a 70b?")
    model_typed: str | None = None  # the words around that size no catalog model has ("mythomax 13b")
    model_size_stand_in: bool = False  # that size was not said ("q4 or q8?"): a stand-in, said so
    generic_sizes: tuple[float, ...] = ()  # "a 7b and a 14b at the same time": sizes loaded at once
    together: bool = False  # two models loaded at once; after routing: answered so (`model2` the second)
    quants: tuple[str, ...] = ()  # every level named ("q8 or q4 for X")
    quant_question: bool = False  # "which quant fits 24 GB"
    cheapest: bool = False  # "cheapest card for X"
    biggest: bool = False  # "biggest model for a 3090"
    memory_apart: bool = False  # a size typed apart from the one card ("16gb or a 3090")
    courtesy: bool = False  # "thanks!": after routing, kept only for a help answer (one line)
    # -- decided by routing
    levels: tuple[str, ...] = ()  # the levels weighed against each other (why_quant)
    lead: str | None = None  # the line that comes first: "cheapest", "biggest", "levels"
    model_stand_in: bool = False  # no model named: a common one stands in, and the answer says so
    # -- said, and stated back in the answer's `asked` (answers/facts/stated.py); the estimate may not use them
    more_models: tuple[str, ...] = ()  # models named beyond the first two ("X, Y or Z?")
    context_said: int | None = None  # the context length as said (`context` may be raised to a prompt's)
    output_tokens: int | None = None  # "2000-token answers": the answer's length
    cpu_cores: int | None = None  # "16 cores"
    engine: str | None = None  # "vllm", "ollama": the serving engine named (answers/lexicon/conditions.toml)
    quant_format: str | None = None  # "AWQ", "EXL2", "MLX": a weight format that is not a GGUF level
    # two engines or formats weighed, each (engine, level or format): answered on both sides
    # (answers/facts/engine_versus.py)
    versus: tuple[tuple[str | None, str | None], tuple[str | None, str | None]] | None = None
    device: str | None = None  # "MacBook Pro M3 Max", "Jetson Orin Nano": a machine named, not a card
    ram_from_platform: tuple[str, ...] = ()  # RAM keys a named CPU platform filled in (assumed, not said)
    unread: tuple[str, ...] = ()  # words read as a condition the reader could not place ("8 cores performance")
