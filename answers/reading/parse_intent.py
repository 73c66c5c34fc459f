"""The parser's intent phases (answers/reading/parse.py): the intent from the asking words and what was found
(typos mended, loose names taken as a model), its refinements (greetings, RAM for offloading, a budget, two
models weighed), and every ask of the message in reading order.
"""

from __future__ import annotations

from answers.reading import budget_words
from answers.reading.clues import (
    _BUDGET_KEEPS,
    _could_be_name,
    _family_heads,
    _is_greeting,
    _said_at,
    _says,
    _value,
    _without_names,
    name_part,
)
from answers.reading.intent import (
    _first_ask,
    _intent,
    _more_asks,
    _pattern_score,
    without_core_counts,
)
from answers.reading.numbers import (
    _ram_before,
    _size_after_ram_word,
)
from answers.reading.reading_state import Reading
from answers.reading.typos import mend
from answers.reading.vocabulary import _typo_words
from answers.records.limits import LEVELS_STAND_IN_B, PARSER_MODEL_INTENTS
from catalog.text import fold


def read_intent(r: Reading) -> None:
    """The intent from the asking words and what was found; typos mended; loose names taken as a model."""
    r.has_model = r.model_span is not None or r.size_b is not None
    r.flags = {"gpu_count": r.gpu_count, "task": r.task, "n_quants": len(r.quants)}
    r.intent = _intent(r.folded, r.has_model, r.n_cards, r.memory is not None, r.context is not None, **r.flags)
    # Two cards named with nothing else asked already make a comparison: a word one edit from an asking word
    # ("precos" → "precis") does not turn it into another question.
    weighed = r.intent == "compare" and r.n_cards >= 2
    if not weighed and (r.intent in ("model_info", "fallback") or _pattern_score(r.folded, r.intent) < 3.0):
        # No asking phrase read: slips in the asking words ("descrago", "schnelste") are mended, names kept.
        vocabulary, known = _typo_words()
        names = frozenset(w for sp in r.spans for w in fold(sp.text).split())
        mended = " ".join(mend(r.folded.split(), known, vocabulary, names))
        if mended != r.folded:
            again = _intent(mended, r.has_model, r.n_cards, r.memory is not None, r.context is not None, **r.flags)
            # a word mended into "help" ("me ajudar a estudar" → "ajuda") never turns a question about hardware or
            # a model into the bot's help text: that is asked with nothing else named
            named = r.n_cards or r.has_model or r.memory is not None
            if again != r.intent and _pattern_score(mended, again) >= 3.0 and not (again == "help" and named):
                r.folded, r.intent = mended, again
    if r.model_span is not None and r.model_span.res.best is None and (r.n_cards or r.memory is not None):
        # A family named loosely ("the largest qwen I can run on 16 GB") in a what-can-I-run question.
        without = _intent(r.folded, False, r.n_cards, r.memory is not None, r.context is not None, **r.flags)
        if without == "card_models" and _pattern_score(r.folded, "card_models") >= 4.0:
            r.intent, r.model_span, r.has_model = without, None, False
    r.model_text = _value(r.model_span)
    if r.model_span is None and r.size_b is None and r.unknown:
        # Words nothing matched ("can I run llama 9 on 12 GB"): if the question reads as one about a
        # model, hand them on as the model so the engine answers "not found" with suggestions.
        # Leftovers that could not be a name ("without it being dumb", "asking for a friend") are chatter.
        guess = max((u for u in r.unknown if _could_be_name(u, r.models)), key=len, default=r.unknown[0])
        guess = name_part(guess, r.models)  # "gemma 3 speak german officially": the name, not the sentence
        as_model = _intent(r.folded, True, r.n_cards, r.memory is not None, r.context is not None, **r.flags)
        asked_for_a_list = r.intent == "card_models" and (
            r.task is not None or _pattern_score(r.folded, "card_models") >= 4.0)
        # "quando esce gemma 9?": a family's word with a version is a model asked about, even with no other ask
        family = as_model == "model_info" and any(ch.isdigit() for ch in guess) and bool(
            set(fold(guess).replace("-", " ").split()[:1]) & _family_heads(r.models))
        if ((as_model in PARSER_MODEL_INTENTS or family) and not asked_for_a_list and len(guess.replace(" ", "")) >= 3
                and _could_be_name(guess, r.models)):
            r.intent, r.model_text, r.has_model = as_model, guess, True


def read_refinements(r: Reading) -> None:
    """Greetings, RAM for offloading, sizes at a level, a budget, a comparison of two models."""
    if r.intent == "fallback" and not r.has_model and r.n_cards == 0 and r.memory is None and _is_greeting(r.toks):
        r.intent = "help"  # "buongiorno", "servus", "hey there 👋": say what the bot does
    if r.intent in ("fallback", "card_models") and len(r.quants) >= 2 and not (
            r.has_model or r.n_cards or r.memory is not None or r.ram is not None or r.task):
        # "q4 or q8?", "c'est quoi la diff entre q4 et q8": two levels weighed with nothing to run them on or
        # list; shown on a stand-in model, said so (a card list needs a card or a size, a rating a model)
        r.intent, r.size_b, r.has_model, r.size_stand_in = "why_quant", LEVELS_STAND_IN_B, True, True
    if r.intent == "offload" and r.ram is None and r.memory is not None and r.mem_at is not None \
            and _ram_before(r.toks, r.mem_at):
        # "can I offload to ram? I have 64gb", "posso usare la ram? ho 64gb": the size is the RAM named before it.
        r.ram, r.memory = r.memory, None
    if r.intent == "offload" and r.ram is None and r.memory is not None and r.mem_at is not None:
        # "X does not fit my 24gb card, can I use ram? I have 64gb": a size after the word RAM is the RAM.
        r.ram = _size_after_ram_word(r.toks, r.mem_at)
    if r.intent == "vram" and r.has_model and r.memory_said and _pattern_score(r.folded, "vram") < 4.0:
        # "gemma 3 27b on 16gb vram", "m4 pro with 48gb of unified memory": "vram" or "memory" names the size
        # said (kept, or taken by the card or machine it names), not a question of how much memory the model
        # needs (that is asked in words, "how much vram", which score higher).
        r.intent = "can_run"
    if r.intent == "vram" and r.has_model and r.ram is not None and (r.memory is not None or r.n_cards):
        # "8gb vram with 64gb ddr5 qwen3 30b a3b": "vram" names the card's memory beside the RAM; the question is
        # whether the model runs with the rest in RAM, as every other wording of it asks.
        r.intent = "can_run"
    if r.intent == "fastest" and r.has_model and r.n_cards == 1:
        # "fastest way to run qwen3 coder 30b on a 7900xtx": the card is named, the question is its speed.
        r.intent = "speed"
    if r.intent == "parameters" and r.quants:
        r.intent = "vram"  # "wie groß ist X in q4": a size at a level is the file's, not the parameter count
    r.budget = None
    if r.said is not None:
        r.budget = {"amount": r.said.amount, "currency": r.said.currency or budget_words.default_currency(r.language),
                  "currency_said": r.said.currency is not None, "whole": r.said.whole, "used": r.said.used}
        if r.n_cards == 0 and r.intent not in _BUDGET_KEEPS:
            r.intent = "what_gpu"  # "best gpu under 400 bucks (for X)": which card to buy, with or without a model
    if r.pair is not None:
        r.intent = "compare"  # two models side by side, on whatever hardware is named


def read_asks(r: Reading) -> None:
    """Every ask of the message, in reading order."""
    # a named machine's "24-core CPU" is no ask of its own (answers/reading/intent.py without_core_counts)
    spec_free = without_core_counts if r.n_cards else str
    r.asks = [r.intent, *_more_asks(spec_free(r.folded), r.intent)]
    # the text with its question marks; before a prompt's time, without the names: "will qwen3 32b run on my
    # 4090, and how long for a 30k prompt?" asks whether it runs as plainly as "will it run"
    asked_in = " ".join(_without_names(r.ftext, r.spans).split()) if r.intent == "prefill" else r.ftext
    r.first = _first_ask(spec_free(asked_in), r.intent)
    if r.first is not None:
        r.asks = [r.first, *(a for a in r.asks if a != r.first)]  # the message's questions in reading order
        r.intent = r.first
    if len(r.asks) == 1 and _says(r.ftext, "who_words") and _says(r.ftext, "when_words"):
        r.asks = ["maker", "release"]  # "who made X and when": both halves
        if _said_at(r.ftext, "when_words") < _said_at(r.ftext, "who_words"):
            r.asks.reverse()  # "when did X come out and who made it": the first ask first
        r.intent = r.asks[0]

