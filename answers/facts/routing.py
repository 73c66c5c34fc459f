"""The intent is decided here, from the `Asked` record (never from text), in two steps:

    decided = decide_before_resolving(intent, asked, generic, card_of)   # what to resolve, and what to answer
    intent = decide_after_resolving(intent, entities)                   # what was found fills the gaps

Before names resolve: a model named by its size alone becomes a generic stand-in, two models "at once" are
rated together, a task word is no model, "cheapest"/"biggest"/"which level" choose the answer, a fact question
with a card named also asks whether the model runs there, a size typed apart from the card is a second
question. After they resolve (answers/facts/entities.py): a setup, a memory size, a CPU-only machine, two
models or two cards route the intent to the answer that fits what was named. Rules that are a property of
an intent are flags of answers/intents_table.py (`uses_cards`, `needs_model`, `fit_after`, `stand_in_model`,
`at_once`).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct
from msgspec.structs import replace

from answers.facts.common import Entities
from answers.intents_table import INFO_INTENTS, INTENTS, MODEL_INTENTS, SPECS
from answers.reading.sizes import usable_size
from answers.records.asked import Asked
from answers.resolving.names import NameProblem
from catalog.records import GpuRecord, ModelRecord

# Prompt and several-users questions that name a card but no model ("how long for a 32k prompt on a 3090")
# are answered for the model people run most on one card (the example of llama.cpp's own benchmarks).
SERVING_STAND_IN = "Llama 3.1 8B"


class Decided(Struct, frozen=True):
    """The asks to answer, in order: one for most questions; several joined ("who released X and when")."""

    asks: tuple[tuple[str, Asked], ...]
    # "is 16gb enough … or do i need a 3090": the size's answer, then the card's, entities from both
    memory_then_card: bool = False


def decide_before_resolving(intent: str, asked: Asked, generic: Callable[[float], ModelRecord],
                            card_of: Callable[[str], GpuRecord | None]) -> Decided:
    """The intent read (by the parser, or a slash command's) as the rest of `asked` decides it, before any
    name resolves. `generic` makes the stand-in record of a size; `card_of` resolves a card name (it may
    raise `NameProblem`), to tell a card's own memory from a second amount."""
    intent = intent if intent in INTENTS else "fallback"
    if _games_and_ai_alone(asked):
        # "a gpu for 4k gaming and some ai", nothing else named: the cards to buy at the memory sizes that decide
        # which models run (answers/facts/memory_cards.py), after the line declining the games (the engine)
        return Decided(tuple(("memory_cards", replace(asked, memory_gb=gb, courtesy=False)) for gb in GAMING_AI_GB))
    if declined(asked, intent):  # "how do i install cuda for my 3090": the topic declined, what it says of the 3090
        return Decided((("off_topic", replace(asked, courtesy=False)),))
    intent, asked = _sized_models(intent, asked, generic)
    levels_timed = _prefill_levels(intent, asked)
    if levels_timed:  # "how long for a 100k prompt at fp16? and at q4?": the prompt's time at each level
        return Decided(levels_timed)
    intent, asked = _refined(intent, asked)
    asks = _asks(intent, asked)
    if len(asks) >= 2 and asked.model is not None:
        # Two asks in one question ("who released X and when"): answer each, joined; "tok/s? and with 40k of
        # context how long before it answers?": the context said is the prompt of the second ask
        return Decided(tuple((i, replace(asked, courtesy=False, prompt_tokens=asked.prompt_tokens or (
            asked.context if i == "prefill" else None))) for i in asks))
    if intent != "help":
        asked = replace(asked, courtesy=False)  # "thanks!" is answered with one line only instead of the help
    if asked.memory_apart and _memory_or_card(intent, asked, card_of):
        # "is 16gb enough for gemma 3 27b or do i need a 3090": the size answered, then the card named.
        return Decided(((intent, replace(asked, card=None, card_typed=None)), (intent, replace(asked, memory_gb=None))),
                       memory_then_card=True)
    return Decided(((intent, asked),))


def _prefill_levels(intent: str, asked: Asked) -> tuple[tuple[str, Asked], ...]:
    """A prompt's time asked at two or more levels on named hardware: one prompt answer per level, in the order
    said (each says its own fit, the cache that makes it fit, and its time to the first token), never the level
    table alone, which times no prompt."""
    # a prompt's length said beside a speed or fit question is its time asked ("wie lange braucht es für einen 50k
    # prompt, in q8 und q4?"); the prompt answer gives the writing speed after it, at the start and at that depth
    timed = intent == "prefill" or (intent in ("speed", "can_run") and asked.prompt_tokens is not None)
    if not timed or len(asked.quants) < 2 or asked.model is None or asked.model2 is not None \
            or not (asked.card or asked.setup or asked.memory_gb or asked.device or asked.cpu):
        return ()
    prompt = asked.prompt_tokens or asked.context
    return tuple(("prefill", replace(asked, quant=lv, quants=(), levels=(), quant_question=False, courtesy=False,
                                     prompt_tokens=prompt)) for lv in dict.fromkeys(asked.quants))


# The memory sizes a card for games and AI is weighed at: 16 GB holds models up to about 14B at good quality,
# 24 GB up to about 32B, 32 GB a 32B with a long context (the memory_cards answer gives each size's cards and models)
GAMING_AI_GB = (16.0, 24.0, 32.0)


def _games_and_ai_alone(asked: Asked) -> bool:
    oos = asked.out_of_scope
    return oos is not None and oos.kind == "gaming_also" and asked.model is None and asked.model_size_b is None \
        and asked.card is None and not asked.setup and asked.memory_gb is None and asked.budget is None \
        and asked.cpu_named is None

def practical_only(asked: Asked) -> bool:
    """Practical know-how asked about an image app, not a model ("comfyui to start with windows, and the pc turns
    off while generating"): the image words name no model of the media catalog, so no image-generation decline
    stands before the know-how lines; "flux on a 3060, and my pc shuts off" keeps the model's answer."""
    if not asked.knowhow or asked.image_model is None:
        return False
    from catalog.media import media_named  # lazy: the media records load only when an image word was read

    return media_named(asked.image_model) is None and asked.model is None and asked.model_size_b is None


def declined(asked: Asked, intent: str | None = None) -> bool:
    """A topic the bot does not answer (`Asked.off_topic`) is the answer only when the message asks nothing the
    bot answers: no asking phrase of an intent it can answer with what was named (the entities alone made the
    intent: "my 4090's fan is loud" read as the card's list; "which frontend do you recommend" names no model to
    recommend a card for), nothing else out of scope said (a task word alone keeps no answer: "kernel image" in a
    pasted error is no image task; "best roleplay model for 12 GB" is kept by its hardware below), and for
    "better" no hardware or levels weighed against each other ("3090 or 4080, which is better", "q4 better than
    q8?" are comparisons it answers)."""
    topic = asked.off_topic
    if topic is None or asked.out_of_scope is not None or asked.speaks is not None:
        return False  # a language the models are judged in is answered (answers/facts/model_language.py)
    if asked.asked_plainly and _answerable(intent or asked.intent or "fallback", asked):
        return False
    if topic in ("install", "system") and asked.model is not None and _hardware(asked) \
            and _answerable(intent or asked.intent or "fallback", asked):
        return False  # "homelab with proxmox, a p40 for llama 3.1 8b?": the setup's software named, the model rated
    # "better" or "smarter" beside hardware named is about that hardware ("a 70b on two 3090s, or is a mac the smarter
    # buy?"): the hardware answered; beside an answer about it, only a comparison of hardware drops the line
    return not (topic == "quality" and (_weighs_hardware(asked) or _hardware(asked)))


def _answerable(intent: str, asked: Asked) -> bool:
    """The intent read has what it needs: a model for a model's answer, hardware for a hardware list."""
    spec = SPECS.get(intent)
    if spec is None or intent in ("fallback", "help"):
        return False
    if spec.needs_model and asked.model is None and asked.model_size_b is None and not spec.stand_in_model:
        return False
    return intent not in ("card_models", "memory_cards") or _hardware(asked)


def _hardware(asked: Asked) -> bool:
    return bool(asked.card or asked.setup or asked.memory_gb or asked.cpu or asked.device or asked.cpu_only)


def left_out(asked: Asked, intent: str) -> str | None:
    """The topic out of scope a message names beside an ask answered: said in one line, never answered."""
    topic = asked.off_topic
    if topic is None or intent == "off_topic" or (topic == "quality" and _weighs_hardware(asked)):
        return None
    return topic


def _weighs_hardware(asked: Asked) -> bool:
    """"Better" or "smarter" said of hardware, levels or a purchase ("3090 or 4080, which is better", "q4 better
    than q8", "two 3090s, or is a mac studio the smarter buy?"): a question about the hardware, answered."""
    return bool(asked.card2 or asked.setup2 or asked.more_sides or asked.quants or asked.quant
                or asked.budget or asked.versus or asked.mac_unsized)


def _sized_models(intent: str, asked: Asked, generic: Callable[[float], ModelRecord]) -> tuple[str, Asked]:
    """Models named by their size alone ("enough for a 70b?", "a 7b and a 14b at once"): generic stand-ins,
    said so in the answer; the intent such a model changes."""
    size = asked.model_size_b
    if asked.model is None and size is not None and usable_size(size):
        # "enough for a 70b?": a generic dense model of that size; "mythomax 13b": a name the catalog lacks, said so
        asked = replace(asked, model=generic(size))
        if intent in INFO_INTENTS:
            # facts of "a 70B model" (maker, date) do not exist; its memory does, or whether the cards named hold it
            intent = "can_run" if asked.setup or asked.card is not None else "vram"
    elif asked.model is None and size is not None:
        asked = replace(asked, model=f"{size:g}b")  # beyond any model: answered as an unknown name
    together = False
    if asked.together and SPECS[intent].at_once:
        # "llama 3.1 8b and qwen3 8b at the same time on a 4090": both loaded at once (answers/reading/at_once.py).
        sizes = asked.generic_sizes
        if len(sizes) >= 2 and usable_size(sizes[0]) and usable_size(sizes[1]):
            asked = replace(asked, model=generic(sizes[0]), model2=generic(sizes[1]))
        if asked.model2 is not None and asked.model is not None:
            intent, together = "can_run", True
    return intent, replace(asked, together=together)


def _refined(intent: str, asked: Asked) -> tuple[str, Asked]:
    """The intent as the rest of the record refines it: a task named as the model, the cheapest or the biggest,
    which level."""
    if asked.task_as_model and asked.model is None and (asked.card is not None or asked.memory_gb is not None):
        intent = "card_models"  # "best coding model for a 4090": "coding" is the task; the card's list
    if asked.cheapest and asked.model is not None and asked.card is None and asked.setup is None and not asked.budget \
            and asked.users is None:  # "a server for 20 people, budget not infinite": serving them, not one card
        intent, asked = "smallest", replace(asked, lead="cheapest")  # "cheapest card for X": by launch price
    if asked.biggest and intent == "card_models":
        asked = replace(asked, lead="biggest")
    if "slower_card" in asked.also and asked.card is not None and asked.card2 is not None and not asked.setup \
            and not asked.setup2 and asked.model2 is None and asked.card_typed and asked.card2_typed:
        # "does the 3060 next to my 3090 drag it down?": the two cards are one machine, not a choice between them
        intent = "can_run" if asked.model is not None or asked.model_size_b else "card_models"
        asked = replace(asked, setup=((asked.card_typed, 1), (asked.card2_typed, 1)), card2=None, card2_typed=None,
                        gpu_count=2)
    if SPECS[intent].stand_in_model and asked.model is None and (asked.card or asked.setup):
        # "how long for a 32k prompt on a 3090", "vllm 4 users 3090": no model named; a common one stands in and
        # the answer says so.
        asked = replace(asked, model=SERVING_STAND_IN, model_stand_in=True)
    # "one 4090 for 10 devs, or do I need 2 cards?" (two_gpus): the one card at that load, and the fewest that serve
    # everyone when it falls short
    if intent in ("can_run", "speed", "card_models", "prefill", "two_gpus") \
            and ((asked.users or 0) >= 2 or asked.per_day) \
            and asked.model is not None and asked.model2 is None:
        intent = "users"  # "tok/s pro User bei 8 gleichzeitig": the speed each of them gets
    if intent in ("what_gpu", "smallest") and (asked.users or 0) >= 2 and asked.model is not None \
            and asked.model2 is None and asked.card is None and asked.setup is None:
        # "100 people at once on a 70B, which GPUs for 40k?", "a server for 20 people, the budget is not
        # endless": the box that serves them all, never one person's cheapest card
        intent, asked = "users", replace(asked, lead=None if asked.lead == "cheapest" else asked.lead)
    if intent == "prefill" and asked.prompt_tokens is None and asked.context is not None:
        asked = replace(asked, prompt_tokens=asked.context)  # "ttft for 8k context": the context said is the prompt
    if asked.model is None and asked.quant_question and (asked.card is not None or asked.memory_gb is not None):
        intent, asked = "card_models", replace(asked, lead="levels")  # "which quant fits 48 GB": sizes per level
    if _kv_question(intent, asked):
        # "how much vram does the kv cache take at 128k, f16 and q4_0?", "q8 kv or Q6 down to Q4?": the memory
        # answer with the cache itself (answers/facts/kv_cache.py); levels that are cache types are the cache's
        assert asked.kv is not None
        weights = tuple(q for q in asked.quants if q.lower() not in asked.kv.types) if asked.kv.trade else ()
        weights = asked.quants if asked.kv.trade and len(weights) < 2 else weights  # "q8 kv, or q8 to q4?"
        return "vram", replace(asked, quant=None, quants=weights, levels=weights, quant_question=False)
    if _cache_compared(intent, asked):
        # "q8 kv cache vs f16 for X at 128k, how much do I save": the other cache type was read as the weights'
        # level; the memory answer, with the cache at every type, answers it.
        return "vram", replace(asked, quant=None, quants=(), levels=(), quant_question=False)
    if asked.model is not None and intent not in INFO_INTENTS and (asked.quant_question or len(asked.quants) >= 2) \
            and asked.model2 is None:
        # "which quant of Mixtral fits 24 GB", "q8 or q4 for Llama 3.1 8B": the level advice.
        intent = "why_quant"
        asked = replace(asked, quant=None, levels=asked.quants if len(asked.quants) >= 2 else asked.levels)
    return intent, asked


# Levels that are also KV-cache types (answers/lexicon CACHE_TYPES): beside a cache type said, the other side of
# "q8 vs f16 kv cache".
_CACHE_LIKE_LEVELS = frozenset({"F16", "Q8_0", "Q4_0"})


# The answers a question about the KV cache itself replaces: a model's memory, its levels, its facts, a fit
_KV_INTENTS = frozenset({"vram", "why_quant", "model_info", "can_run", "what_gpu", "memory_cards", "smallest",
                         "parameters", "card_models"})


def _kv_question(intent: str, asked: Asked) -> bool:
    """A question about one model's KV cache (not several people's caches: the serving answer has those)."""
    if asked.kv is None or asked.model is None or asked.setup or (asked.users or 0) >= 2 or asked.per_day:
        return False
    if asked.model2 is not None:  # "the kv cache of X against Y's": both caches, side by side (kv_cache.other)
        return intent in ("compare", "vram", "model_info") and asked.card is None
    return intent in _KV_INTENTS or (intent == "longest_context" and asked.kv.trade)  # its own answer otherwise


def _cache_compared(intent: str, asked: Asked) -> bool:
    """A KV-cache type said, and a level that is also a cache type beside it, about one model's memory."""
    levels = {*(asked.quants or ()), *((asked.quant,) if asked.quant else ())}
    # "kv in q4 instead of f16": a bare "q4" is read as the weights' Q4_K_M; beside another cache type it is one too
    cache_like = _CACHE_LIKE_LEVELS | ({"Q4_K_M"} if len(levels) >= 2 else set())
    return (asked.cache_type is not None and asked.model is not None and asked.card is None and asked.setup is None
            and bool(levels) and levels <= cache_like
            and intent in ("vram", "why_quant", "model_info", "can_run", "speed"))


def _asks(intent: str, asked: Asked) -> list[str]:
    """Every intent the question asks, in order, when it asks more than one."""
    asks = [i for i in dict.fromkeys(asked.intents) if i in INTENTS]
    if intent == "compare" and (asked.card2 is not None or asked.setup2):
        # "2x 3090 or one 5090 for a 70b? and does nvlink matter": the comparison answers the hardware asks (its
        # side asks, NVLink or risers, are lines of their own: answers/facts/also.py), never one side alone; a
        # question about the model beside it ("who made it") follows the comparison
        facts_asked = [a for a in asks if a in INFO_INTENTS]
        return ["compare", *facts_asked] if facts_asked else []
    if intent in ("can_run", "speed") and (asked.prompt_tokens or "prefill" in asked.also) and asked.model is not None \
            and asked.model2 is None \
            and (asked.card is not None or asked.setup is not None or asked.cpu is not None) and "prefill" not in asks:
        # "will it run, and how long before it answers a 40k prompt?": the fit, then the time to the first token
        asks = [*(asks or [intent]), "prefill"]
    if SPECS[intent].fit_after and asked.model is not None and (asked.card is not None or asked.setup is not None) \
            and asked.model2 is None and asked.card2 is None:
        # "who made gemma 3 27b and can it run on a 3090?": a card named beside a fact question is the second
        # question; it gets the yes/no answer after the fact.
        asks = [*(a for a in (asks or [intent]) if a in INFO_INTENTS), "can_run"]
    return asks


def _memory_or_card(intent: str, asked: Asked, card_of: Callable[[str], GpuRecord | None]) -> bool:
    """A memory size and one card that is not that size, beside a model: two hardware questions in one
    ("16gb or a 3090"), answered one after the other. A size that is the card's own ("3060 12gb") is not."""
    if intent not in ("can_run", "speed") or asked.model is None or not asked.memory_gb or not asked.card \
            or asked.setup or asked.card2 or asked.cpu is not None:
        return False
    size = float(asked.memory_gb)
    try:
        card = card_of(asked.card) if isinstance(asked.card, str) else asked.card
    except NameProblem:
        return False
    try:  # "mi50 32gb": a size one of the card's own variants has is that variant's, not a second question
        variant = card_of(f"{asked.card_typed or asked.card} {size:g} GB")
    except NameProblem:
        variant = None
    return card is not None and abs(card.memory_gb - size) >= 1.0 \
        and (variant is None or abs(variant.memory_gb - size) >= 1.0)


def decide_after_resolving(intent: str, e: Entities) -> str:
    """The intent as what resolved decides it: fill gaps between what was asked and what was named."""
    if intent in ("not_found", "ambiguous", "invalid"):
        return "fallback"
    if intent == "memory_cards":  # "best 8 GB card (for X)": cards of that size; with a model, its fit there
        if e.model is not None:
            return "can_run" if e.memory_gb is not None or e.card is not None else "what_gpu"
        if e.card is not None or e.memory_gb is None:
            return "card_models" if e.card is not None or e.memory_gb is not None else "fallback"
        return intent
    if e.cpu is not None:
        # No card: "how much RAM" is vram, "how fast" speed, what-can-I-run card_models, the rest can_run.
        if e.model is None:  # a fact about no model ("is its NPU any use for LLMs"): what that machine runs
            return "help" if intent == "help" else "card_models"
        return intent if intent in ("vram", "speed", "can_run") or intent in INFO_INTENTS else "can_run"
    if intent == "prefill" and e.model is not None and e.model2 is None \
            and (e.sides is not None or (e.card is not None and e.card2 is not None)):
        return "compare"  # "7900 xtx or 4090, how long for a 16k prompt": both sides, each with its prompt time
    if intent == "compare" and (e.sides is not None or (e.model2 is not None and e.model is not None)):
        return "compare"  # two setups, or two models, side by side (answers/facts/versus.py)
    if e.setup is not None and e.model is not None and intent in ("compare", "card_models", "fastest", "what_gpu"):
        return "can_run"  # the asker's own hardware: the answer is about it
    if intent in ("fastest", "what_gpu") and e.model is not None and e.card is None and e.memory_gb is not None:
        return "can_run"  # "best 12 GB card for X": the fastest card of that size, and the home pick
    if intent == "compare" and e.card is not None and e.card2 is not None and e.model is None:
        return "compare"  # two cards, no model: memory, bandwidth and two typical model sizes
    if intent == "compare" and (e.card is None or e.card2 is None):
        intent = "speed" if e.card is not None else "fastest"
    return _model_or_list(intent, e)


def _model_or_list(intent: str, e: Entities) -> str:
    """A model question with no model found, or a card's list with no card: the answer what was named allows."""
    if intent in MODEL_INTENTS and e.model is None:
        if intent in ("speed", "can_run", "card_models", "compare", "fastest") and e.card is not None:
            return "card_models"  # "what's the fastest model I can run on a 4080": the card's list
        if e.card is None and e.memory_gb is not None:
            return "card_models"  # "good llm for 16 GB?": what runs on that much memory
        return "fallback"
    if intent == "card_models" and e.card is None:
        if e.model is None and e.memory_gb is not None:
            return "card_models"
        return "fastest" if e.model is not None else "fallback"
    if intent == "speed" and e.card is None and e.memory_gb is not None:
        return "can_run"
    return intent
