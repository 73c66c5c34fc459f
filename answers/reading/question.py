"""One reading of a question: its text → a typed `Question`, read once.

The parser (`answers.reading.parse`) finds the intent, the language and the entities; this module adds
what a question says beside them and that used to be read again from the raw text after parsing — a speed
the asker states, an image model named, "no GPU", a RAM type said anywhere, two generic sizes loaded at
once, a thank-you. After `read()` nothing looks at the question's text again: the engine decides the
intent from the `Question` and builds the facts from its fields.
"""

from __future__ import annotations

from dataclasses import dataclass

from answers.reading import at_once, ram_words, scope, throughput_words
from answers.reading.courtesy import is_courtesy
from answers.reading.parse import parse
from answers.reading.parsed import Parsed
from catalog.resolve import Resolver

ECHO_CHARS = 200  # the start of a question a fallback answer quotes back


@dataclass(frozen=True, slots=True)
class Question:
    """What a question asks, typed. `parsed` holds the intent, language with its evidence and entities
    (models, cards with counts, memory, setups, system RAM, options, task, budget); the other fields
    are the rest of what the text says."""

    parsed: Parsed
    echo: str  # the question's start, only ever quoted back (a fallback answer), never read again
    observed_tok_s: float | None = None  # "my 7900 xtx gets 20 t/s": a speed the asker states
    image_model: str | None = None  # "do I need a 5090 for Flux?": an image model named outside a model name
    cpu_only: bool = False  # "without a gpu", "no gpu, 64gb ram": the graphics card left out
    ram_type_said: str | None = None  # a RAM type said anywhere in the text ("ddr5")
    generic_sizes: tuple[float, ...] = ()  # "a 7b and a 14b at the same time": sizes of models loaded at once
    courtesy: bool = False  # "thanks!", "a presto": a courtesy, answered with one line
    ram: ram_words.RamWords = ram_words.RamWords()  # the RAM's type, speed, channels or CPU platform said anywhere
    # "how long for a 32k prompt": the prompt's length (answers/reading/throughput_words.py)
    prompt_tokens: int | None = None
    users: int | None = None  # "vllm 4 users": people served at once
    backend: str | None = None  # "on vulkan", "rocm": the runtime backend a prefill figure is for
    out_of_scope: scope.OutOfScope | None = None  # a phone, a board, speech, embeddings, fine-tuning: not rated
    cpu_named: str | None = None  # "i9 13900k": a processor named as the device


def read(question: str, models: Resolver, gpus: Resolver, hint: str | None = None) -> Question:
    """The one reading of `question` (already cleaned of control characters and within the length
    limit). `hint`, the asker's Discord locale, is evidence for the language when the words do not tell."""
    parsed = parse(question, models, gpus, hint)
    image = scope.image_model(question)
    if image is not None and not scope.overlaps(question, image, parsed.model_span):
        image = None  # a language model named apart from the image phrase: the question is about that model
    both_generic = parsed.together and parsed.model is None and parsed.model2 is None
    together_sizes = at_once.generic_sizes(question) if both_generic else []
    serving = throughput_words.read(question)
    return Question(
        parsed=parsed,
        echo=question[:ECHO_CHARS],
        observed_tok_s=scope.observed_tok_s(question),
        image_model=image,
        cpu_only=scope.cpu_only(question) or (_ram_alone(parsed) and not scope.card_or_split(question)),
        ram_type_said=scope.ram_type(question),
        generic_sizes=tuple(together_sizes),
        courtesy=is_courtesy(question),
        ram=ram_words.read(question),
        prompt_tokens=serving.prompt_tokens,
        users=serving.users,
        backend=serving.backend,
        out_of_scope=scope.out_of_scope(question),
        cpu_named=scope.cpu_named(question),
    )


def _ram_alone(parsed: Parsed) -> bool:
    """"What can I run with 128 gigs of DDR5", "64gb of ram": the only memory named is system RAM and no card,
    Mac or other machine is: a machine without a graphics card, whose RAM is the memory (like "no gpu")."""
    return parsed.memory_is_ram and parsed.card is None and not parsed.setup and parsed.card2 is None \
        and parsed.intent != "offload"


def language_of(question: str, models: Resolver, gpus: Resolver) -> str | None:
    """The language of a question too long to answer, from its start (the refusal is said in it)."""
    return parse(question, models, gpus).language
