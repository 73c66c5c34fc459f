"""One reading of a question: its text → a typed `Question`, read once.

The parser (`answers.reading.parse`) finds the intent, the language and the entities; this module adds
what a question says beside them and that used to be read again from the raw text after parsing — a speed
the asker states, an image model named, "no GPU", a RAM type said anywhere, two generic sizes loaded at
once, a thank-you. After `read()` nothing looks at the question's text again: `asked_of()` turns the
`Question` into the `Asked` record a slash command's fields also become (answers/records/asked.py), the
intent is decided from that (answers/facts/routing.py) and the facts are built from its fields.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from msgspec import Struct
from msgspec.structs import replace

from answers.reading import at_once, conditions, media_words, ram_words, scope
from answers.reading.courtesy import is_courtesy
from answers.reading.options import task_not_model, with_card_field
from answers.reading.parse import parse
from answers.reading.parsed import Parsed
from answers.records.asked import Asked, Budget, CpuOnly
from catalog.resolve import Resolver
from estimator.machine import MachineConstants
from estimator.quants import UnknownQuant
from estimator.quants import quant as level_of

ECHO_CHARS = 200  # the start of a question a fallback answer quotes back


class Question(Struct, frozen=True):
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
    out_of_scope: scope.OutOfScope | None = None  # a phone, a board, speech, embeddings, fine-tuning: not rated
    cpu_named: str | None = None  # "i9 13900k": a processor named as the device
    media: media_words.MediaAsked | None = None  # an image/video/speech/embedding model, a phone or a board
    # engine, weight format, cache type, lengths in tokens, cores, people at once, a speed wanted
    said: conditions.Conditions = conditions.Conditions()


def read(question: str, models: Resolver, gpus: Resolver, hint: str | None = None) -> Question:
    """The one reading of `question` (already cleaned of control characters and within the length
    limit). `hint`, the asker's Discord locale, is evidence for the language when the words do not tell."""
    parsed = parse(question, models, gpus, hint)
    image = scope.image_model(question)
    if image is not None and not scope.overlaps(question, image, parsed.model_span):
        image = None  # a language model named apart from the image phrase: the question is about that model
    both_generic = parsed.together and parsed.model is None and parsed.model2 is None
    together_sizes = at_once.generic_sizes(question) if both_generic else []
    return Question(
        parsed=parsed,
        echo=question[:ECHO_CHARS],
        observed_tok_s=scope.observed_tok_s(question, names=(parsed.card_span, parsed.card2_span, parsed.model_span)),
        image_model=image,
        cpu_only=scope.cpu_only(question) or (_ram_alone(parsed) and not scope.card_or_split(question)),
        ram_type_said=scope.ram_type(question),
        generic_sizes=tuple(together_sizes),
        courtesy=is_courtesy(question),
        ram=ram_words.read(question),
        out_of_scope=scope.out_of_scope(question),
        cpu_named=scope.cpu_named(question),
        media=media_words.read(question),
        said=conditions.read(question, names=(parsed.card_span, parsed.card2_span, parsed.model_span,
                                              *(typed for typed, _ in parsed.setup or ()))),
    )


def _ram_alone(parsed: Parsed) -> bool:
    """"What can I run with 128 gigs of DDR5", "64gb of ram": the only memory named is system RAM and no card,
    Mac or other machine is: a machine without a graphics card, whose RAM is the memory (like "no gpu")."""
    return parsed.memory_is_ram and parsed.card is None and not parsed.setup and parsed.card2 is None \
        and parsed.intent != "offload"


def language_of(question: str, models: Resolver, gpus: Resolver) -> str | None:
    """The language of a question too long to answer, from its start (the refusal is said in it)."""
    return parse(question, models, gpus).language


def asked_of(q: Question, machine: Callable[[], MachineConstants]) -> Asked:
    """What the question asks, in the record both entrances share: its entities, the RAM said anywhere (a
    CPU platform's where nothing else is said: `machine()`, asked only then), a machine without a graphics
    card, one card with RAM beside it as a setup of that card. The intent is decided from it later
    (answers/facts/routing.py)."""
    p, said = q.parsed, q.said
    context, stated_context, prompt = _lengths(q)
    budget = p.budget
    # a format named with the level ("mlx 4bit", "awq"): the format's file, at the bits said
    quant = _format_level(said.quant_format or conditions.engine_format(said.engine), p.quant) or p.quant
    if said.cache_level_only and quant is not None and quant.lower() == said.cache_type:
        quant = None  # "kv cache em q8_0": the cache's level, not the weights'
    target = _target(q)
    card, setup = (None, None) if _card_is_cpu(q) else (p.card, p.setup)
    asked = Asked(
        model=p.model, model2=p.model2, card=card, card2=p.card2, card_typed=p.card_span if card else None,
        memory_gb=p.memory_gb, setup=_parts(setup), setup2=_parts(p.setup2), gpu_count=p.gpu_count,
        ram_gb=p.ram_gb, ram_type=p.ram_type,
        context=context, context_said=stated_context if context is not None else None, quant=quant,
        cache_type=p.cache_type or said.cache_type, task=p.task,
        budget=Budget(float(budget["amount"]), str(budget["currency"]), bool(budget.get("currency_said", True)))
        if budget else None,
        prompt_tokens=prompt, users=said.users, backend=said.backend,
        observed_tok_s=None if target else q.observed_tok_s, target_tok_s=target,
        intents=tuple(p.intents), model_size_b=p.model_size_b, model_typed=p.model_typed,
        model_size_stand_in=p.model_size_stand_in,
        generic_sizes=q.generic_sizes, together=p.together, quants=tuple(p.quants or ([quant] if quant else [])),
        quant_question=p.quant_question, cheapest=p.cheapest, biggest=p.biggest, memory_apart=p.memory_apart,
        courtesy=q.courtesy, output_tokens=said.output_tokens, cpu_cores=said.cpu_cores, engine=said.engine,
        quant_format=said.quant_format or _dynamic(said.dynamic_level, p.quant), cpu_named=q.cpu_named or said.cpu,
        device=said.device, versus=said.versus)
    return task_not_model(with_card_field(_without_gpu(q, _ram(q, asked, machine))))


def _lengths(q: Question) -> tuple[int | None, int | None, int | None]:
    """(the context the estimate uses, the context said, the prompt's length)."""
    p, said = q.parsed, q.said
    prompt = said.prompt_tokens
    context = said.context or p.context  # "an 8k prompt at 32k context": the number beside the context word
    if said.context is None and p.context is not None and any(
            n is not None and abs(p.context - n) <= 0.03 * n for n in (prompt, said.output_tokens)):
        context = None  # the parser took the prompt's or the answer's length for the context: no context said
    stated = context
    if prompt is not None and (context or 0) < prompt:
        context = prompt  # a 32k prompt needs a 32k cache
    if q.observed_tok_s and context is not None and abs(context - q.observed_tok_s) < 1:
        context = stated = None  # "12 token al secondo" is a speed the asker states, not a context length
    return context, stated, prompt


def _target(q: Question) -> float | None:
    """A speed wanted: said with a model and no hardware ("what gpu for 100 tok/s on llama 8b"), or with a
    wanting word ("I want at least 30 tok/s on my 4070"); a speed someone sees needs the card it was seen on."""
    p, said = q.parsed, q.said
    if said.wanted_tok_s is not None and q.observed_tok_s == said.wanted_tok_s:
        return said.wanted_tok_s
    no_hardware = p.card is None and not p.setup and q.cpu_named is None and p.memory_gb is None \
        and p.ram_gb is None and not q.cpu_only
    return q.observed_tok_s if no_hardware and (p.model or p.model_size_b) else None


def _card_is_cpu(q: Question) -> bool:
    """"um Ryzen 7 7700": the processor's model number, not a Radeon RX 7700."""
    p = q.parsed
    typed = p.card_span or (p.setup[0][0] if p.setup and len(p.setup) == 1 else None)
    if q.cpu_named is None or typed is None or p.card2 is not None or len(p.setup or []) > 1:
        return False
    return typed.casefold().strip() in q.cpu_named.casefold()


def _format_level(fmt: str | None, parsed: str | None = None) -> str | None:
    """A weight format the estimator rates as a level ("AWQ" where estimator.quants knows the formats), or None:
    then the format is only stated, and the answer says it could not use it (answers/facts/accounting.py).
    A width the parser read beside it ("mlx 8bit" → its level Q8_0) picks the format's file of that width."""
    if fmt is None:
        return None
    try:
        if parsed is not None and (digits := re.search(r"\d+", parsed)):
            bits = int(digits.group())  # Q4_K_M, IQ4_XS: the 4 bits said ("4bit"), not the file's 4.8
            try:
                return level_of(f"{fmt} {bits}bit").name
            except UnknownQuant:
                pass
        return level_of(fmt).name
    except UnknownQuant:
        return None


def _dynamic(level: str | None, quant: str | None) -> str | None:
    """"UD-Q4_K_XL": unsloth's dynamic quant of the level the parser read (the estimate is for that level)."""
    return level if level is not None and quant is not None and level.removeprefix("UD-") == quant else None


def _parts(parts: list[tuple[str, int]] | None) -> tuple[tuple[str, int], ...] | None:
    return tuple(parts) if parts is not None else None


def _ram(q: Question, asked: Asked, machine: Callable[[], MachineConstants]) -> Asked:
    """The RAM's type, speed and channels said anywhere in the question ("8gb vram 64gb ddr5", "ddr5-6000,
    12 channels", "an EPYC Genoa"): estimator.machine assumes what is not said, and the answer says so."""
    ram = said = q.ram
    if ram.platform is not None:  # "an EPYC Genoa with 384 GB": the platform's RAM where nothing else is said
        ram = ram_words.with_platform(ram, machine())
        filled = {"ram_type": said.kind is None and asked.ram_type is None, "ram_mt_s": said.mts is None,
                  "ram_channels": said.channels is None}
        asked = replace(asked, ram_from_platform=tuple(k for k, v in filled.items() if v))
        if asked.ram_gb is None and asked.memory_gb and asked.memory_gb >= 64 and (asked.card or asked.setup):
            asked = replace(asked, ram_gb=asked.memory_gb, memory_gb=None)  # beside a card and a CPU, the size is RAM
    return replace(asked, ram_type=asked.ram_type or ram.kind, ram_mts=ram.mts, ram_channels=ram.channels)


def _without_gpu(q: Question, asked: Asked) -> Asked:
    """"llama 3.1 8b without a gpu", "no gpu, 64gb ram", "on an i9 13900k": the machine's RAM is the memory, a
    size is RAM; a processor named as the device is said back (answers/templates/_cpu.md.j2)."""
    if not (q.cpu_only or q.cpu_named) or asked.card or asked.setup:
        return asked
    cpu = CpuOnly(asked.ram_gb or asked.memory_gb, asked.ram_type or q.ram_type_said, asked.ram_mts,
                        asked.ram_channels)
    context = asked.context
    if q.cpu_named and context is not None and scope.model_number_context(q.cpu_named, context):
        context = None  # "13900k" is the processor's model number, not a 13,900k-token context
    return replace(asked, cpu=cpu, memory_gb=None, context=context,
                   context_said=asked.context_said if context is not None else None)
