"""One reading of a question: its text → the typed, immutable `Asked`, read once.

The parser (`answers.reading.parse`) finds the intent, the language and the entities, already in the
`Asked` record; this module adds to the same record what a question says beside them — a speed the asker
states, an image model named, "no GPU", the RAM said anywhere, two generic sizes loaded at once, a
thank-you, the conditions (engine, format, lengths, people, cores) — and settles what the words together
mean (a prompt longer than the context, a format's level, a processor's number that is no card). After
`read()` nothing looks at the question's text again: the intent is decided from the record
(answers/facts/routing.py) and the facts are built from its fields. A slash command's fields become the same
record (answers/reading/options.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from msgspec import Struct
from msgspec.structs import replace

from answers.knowledge.closed_models import closed_in
from answers.lexicon import lexicon
from answers.reading import (
    also_words,
    api_words,
    at_once,
    conditions,
    knowhow_words,
    kv_words,
    language_words,
    link_words,
    media_words,
    off_topic_words,
    pair_words,
    power_words,
    ram_words,
    scope,
    speculative_words,
    task_axis_words,
    train_words,
    work_words,
)
from answers.reading.courtesy import is_courtesy
from answers.reading.options import task_not_model, with_card_field
from answers.reading.parse import parse
from answers.records.asked import Asked, CpuOnly, OutOfScope, TrainAsked
from catalog.cpu_names import resolve_cpu
from catalog.resolve import Resolver
from estimator.machine import MachineConstants
from estimator.quants import UnknownQuant
from estimator.quants import quant as level_of

ECHO_CHARS = 200  # the start of a question a fallback answer quotes back


def echo_of(question: str) -> str:
    """The question's start, only ever quoted back (a fallback answer), never read."""
    return question[:ECHO_CHARS]


def read(question: str, models: Resolver, gpus: Resolver, machine: Callable[[], MachineConstants],
         hint: str | None = None) -> Asked:
    """The one reading of `question` (already cleaned of control characters and within the length
    limit). `hint`, the asker's Discord locale, is evidence for the language when the words do not tell;
    `machine()` gives a named CPU platform's RAM, asked only when one is named."""
    p = parse(question, models, gpus, hint)
    if p.model is None and p.model_size_b is None:
        closed = closed_in(question)  # "claude", which no catalog name is near: said closed, not left out
        if closed is not None:
            # "claude on a 4090": about that model on the card, not the card's list
            p = replace(p, model=closed, model_span=closed,
                        intent="can_run" if p.intent in (None, "card_models") else p.intent)
    image = scope.image_model(question)
    if image is not None and not scope.overlaps(question, image, p.model_span):
        image = None  # a language model named apart from the image phrase: the question is about that model
    elif image is not None and p.model is not None and p.model_span:
        # "stable" of "stable diffusion" is no Stable LM: the words belong to the image model, so no language model
        # was named ("3090 or 5070 ti, for llms and stable diffusion?" weighs the cards, not Stable LM 2 on them)
        # two cards named beside it: the choice between them is the ask ("quale prendo?"), weighed for language models
        p = replace(p, model=None, model_span=None, intent="compare" if p.card2 is not None else p.intent)
    both_generic = p.together and p.model is None and p.model2 is None
    said = conditions.read(question, names=(p.card_typed, p.card2_typed, p.model_span,
                                            *(typed for typed, _ in p.setup or ())))
    observed = scope.observed_tok_s(question, names=(p.card_typed, p.card2_typed, p.model_span))
    cpu_named = scope.cpu_named(question)
    words = _Words(observed, scope.ram_type(question), ram_words.read(question), said, cpu_named,
                   scope.offload_said(question))
    if _server_ram(p, words.ram, question):
        p = replace(p, memory_is_ram=True)  # "8 canali ddr5 e 512 gb": the size is the server's RAM
    oos = _scope(question, p, models)
    asked = replace(
        p, image_model=image, generic_sizes=tuple(at_once.generic_sizes(question)) if both_generic else (),
        cpu_only=scope.cpu_only(question) or (_ram_alone(p) and not scope.card_or_split(question)),
        courtesy=is_courtesy(question), out_of_scope=oos, cpu_named=cpu_named,
        media=media_words.read(question), also=also_words.read(question), knowhow=knowhow_words.read(question),
        knowhow_lists=knowhow_words.asks_models(question),
        link=link_words.read(question) if (p.setup or p.gpu_count) else None,
        speculative=speculative_words.said(question), pair_of=pair_words.read(question),
        api_cost=api_words.asks_api_cost(question),
        documents=work_words.documents(question), work_language=work_words.language(question),
        off_topic=off_topic_words.read(question), also_mts=ram_words.speeds(question),
        power=power_words.read(question, p.language), kv=kv_words.read(question, said.cache_type),
        train=train_words.read(question) if oos is not None and oos.kind in _TRAINING else None,
        task_axis=task_axis_words.read(question), task_judged=task_axis_words.judged(question))
    return _judged_language(_games_word(_items_not_prompt(_tariff_not_budget(_cores_not_model(
        _settled(_cards_link_asked(_topic_not_model(_dataset_not_memory(asked))), words, machine))))), question)


def _cores_not_model(asked: Asked) -> Asked:
    """"bge-m3 auf der cpu mit 16 kernen": the cores read as a condition are never also a model's name."""
    typed = asked.model if isinstance(asked.model, str) else None
    if asked.cpu_cores is None or typed is None:
        return asked
    words = typed.casefold().split()
    if len(words) == 2 and words[0] == str(asked.cpu_cores) and words[1].isalpha():
        return replace(asked, model=None, model_span=None)
    return asked


def _dataset_not_memory(asked: Asked) -> Asked:
    """"Fine-tune on 2 GB of text", "50k examples", "1b tokens": sizes and counts of the training data
    (answers/reading/train_words.py), never the memory, a context or a prompt's length."""
    train = asked.train
    if train is None:
        return asked
    if train.dataset_mb is not None and asked.memory_gb is not None \
            and abs(asked.memory_gb * 1000 - train.dataset_mb) < 1:
        asked = replace(asked, memory_gb=None)
    asked = _count_not_card(asked, train)
    counts = {c * f for c in (train.examples, train.tokens) if c for f in (1, 1.024, 1.024 ** 2)}
    if train.example_tokens:  # "examples of about 700 tokens": an example's length, never the run's sequence
        counts.add(train.example_tokens)
    lengths = (asked.context, asked.context_said, asked.prompt_tokens)
    if counts and any(v and any(abs(v - c) < 1 for c in counts) for v in lengths):
        asked = replace(asked, context=None, context_said=None, prompt_tokens=None)
    return asked


def _count_not_card(asked: Asked, train: TrainAsked) -> Asked:
    """"5000 Beispielen", "8000 examples": a count of the training data, never a Quadro RTX 5000 or 8000."""
    counts = {c for c in (train.examples, train.steps) if c}

    def bare(typed: str | None) -> bool:
        return bool(typed) and str(typed).strip().isdigit() and float(str(typed)) in counts

    if asked.card2 is not None and bare(asked.card2_typed):
        asked = replace(asked, card2=None, card2_typed=None)
    if asked.card is not None and bare(asked.card_typed):
        asked = replace(asked, card=asked.card2, card_typed=asked.card2_typed, card2=None, card2_typed=None)
    return asked


# The out-of-scope kinds whose conditions are a training run's (answers/reading/train_words.py).
_TRAINING = frozenset({"fine_tuning", "full_fine_tuning"})


# What a message asks about how cards are linked or mixed (answers/reading/also_words.py kinds), answered beside
# the cards' own figures (answers/facts/also.py).
_LINK_ASKS = frozenset({"tensor_parallel", "pcie", "pcie_lanes", "nvlink", "mix_cards", "gpu_split", "slower_card"})


def _cards_link_asked(asked: Asked) -> Asked:
    """"2x 3090 without nvlink on x8/x8: does tensor parallel help?": cards named, no model, and only how they are
    linked asked: the cards' answer with the link's lines, never "I did not understand"."""
    if asked.intent not in (None, "fallback", "two_gpus") or asked.model is not None or asked.model_size_b is not None:
        return asked
    if not (asked.card or asked.setup) or not _LINK_ASKS & set(asked.also):
        return asked
    return replace(asked, intent="card_models")


def _tariff_not_budget(asked: Asked) -> Asked:
    """"el kwh a 0,20 €": the amount is the electricity's price per kWh, never also a budget of 0.20."""
    power, budget = asked.power, asked.budget
    if power is None or power.price_kwh is None or budget is None or abs(budget.amount - power.price_kwh) > 1e-9:
        return asked
    return replace(asked, budget=None)


def _games_word(asked: Asked) -> Asked:
    """Games and AI asked together with no model named: a word taken for a model ("1440p") is the games' own."""
    oos = asked.out_of_scope
    if oos is None or oos.kind != scope.GAMING_ALSO or not isinstance(asked.model, str):
        return asked
    return replace(asked, model=None, model_span=None)


def _judged_language(asked: Asked, question: str) -> Asked:
    """A language the question judges models in ("Qwen3 or Llama, which is better for German?"), no media model
    asked: the answer says which models' makers list that language (answers/facts/model_language.py)."""
    if asked.media is not None and asked.media.model2 is not None:
        # two media models weighed ("whisper or parakeet for meetings in Italian"): the language said, if any
        said = language_words.named(question)
        return asked if said is None else replace(asked, speaks=said)
    if asked.media is not None or asked.image_model is not None or asked.out_of_scope is not None:
        return asked
    typed = [m if isinstance(m, str) else getattr(m, "name", None) for m in (asked.model, asked.model2)]
    speaks = language_words.read(question, typed)
    if speaks is None:
        return asked
    if asked.intent in _FIGURE_ASKS and asked.model is not None \
            and (asked.card is not None or asked.setup is not None or asked.memory_gb is not None
                 or asked.intent not in ("speed", "compare", "can_run")):
        # "X vs Y on a 3090: which is faster and which writes better Spanish?": the figures on the hardware named,
        # then the language line, both answered (the speed was dropped before)
        return replace(asked, speaks=speaks, intents=(asked.intent, "model_language"))
    return replace(asked, speaks=speaks, intent="model_language", intents=())


# Asks about figures on the hardware named, kept beside a language judged (answers/facts/model_language.py).
_FIGURE_ASKS = frozenset({"speed", "compare", "can_run"})
# A model's own facts asked beside how it does in a language ("MIT licence? active parameters? and how is its
# Spanish?"): each fact answered, then the language line (answers/facts/task_quality.py adds its public scores)
_FIGURE_ASKS |= {"open_source", "parameters", "vram", "longest_context", "release"}


def _items_not_prompt(asked: Asked) -> Asked:
    """"index 100k documents": the count of texts to embed is that, never also a prompt of 100k tokens."""
    items = asked.media.items if asked.media is not None else None
    if items and asked.prompt_tokens in (items, round(items * 1.024)):
        return replace(asked, prompt_tokens=None)
    return asked


def _topic_not_model(asked: Asked) -> Asked:
    """A model name guessed from words that name the topic out of scope ("install cuda 12.8", "sillytavern"):
    no model, the topic only (never "no model called 'install cuda 12.8'")."""
    typed = asked.model if isinstance(asked.model, str) else None
    if asked.off_topic is None or typed is None or off_topic_words.read(typed) is None:
        return asked
    return replace(asked, model=None, model_span=None)


def _scope(question: str, p: Asked, models: Resolver) -> OutOfScope | None:
    """What puts the question outside the estimator; games or mining not when a language model is named
    ("a gaming pc with a 4090 for llama 70b" is a hardware question), a word taken for one ("1440p") aside."""
    oos = scope.out_of_scope(question)
    if oos is not None and oos.kind == "board" and p.card is not None:
        return None  # "an RX 9070 XT on a Raspberry Pi 5": the board hosts the card named, which does the work
    if oos is None or oos.kind not in scope.MODEL_LESS:
        return oos
    resolved = isinstance(p.model, str) and models.resolve(p.model).candidates
    named = bool(resolved) or p.model_size_b is not None
    return None if named else oos


class _Words(Struct, frozen=True):
    """What the other readers found that the settling weighs together (never leaves this module)."""

    observed: float | None  # a speed the asker states
    ram_type: str | None  # a RAM type said anywhere ("ddr5")
    ram: ram_words.RamWords  # the RAM's type, speed, channels or CPU platform said anywhere
    said: conditions.Conditions  # engine, format, cache, lengths, cores, people at once, a speed wanted
    cpu: str | None  # a processor named as the device ("i9 13900k")
    offload: bool = False  # "in offload", "experts in RAM" (answers/lexicon offload_words)


def _server_ram(p: Asked, ram: ram_words.RamWords, question: str) -> bool:
    """A size with memory channels said and nothing else to hold it (no card, machine or "vram"): channels are
    only ever the system RAM's, so the size is that RAM ("server with 8 channels of ddr5 and 512 gb")."""
    return ram.channels is not None and p.memory_gb is not None and p.ram_gb is None and not p.memory_is_ram \
        and p.card is None and not p.setup and p.card2 is None and "vram" not in question.casefold()


def _ram_alone(p: Asked) -> bool:
    """"What can I run with 128 gigs of DDR5", "64gb of ram": the only memory named is system RAM and no card,
    Mac or other machine is: a machine without a graphics card, whose RAM is the memory (like "no gpu")."""
    return p.memory_is_ram and p.card is None and not p.setup and p.card2 is None and p.intent != "offload"


def language_of(question: str, models: Resolver, gpus: Resolver) -> str | None:
    """The language of a question too long to answer, from its start (the refusal is said in it)."""
    return parse(question, models, gpus).language


def _settled(p: Asked, w: _Words, machine: Callable[[], MachineConstants]) -> Asked:
    """What the words mean together: the RAM said anywhere (a CPU platform's where nothing else is said), a
    machine without a graphics card, one card with RAM beside it as a setup of that card, the lengths, the
    level of a format named. The intent is decided from it later (answers/facts/routing.py)."""
    said = w.said
    context, stated_context, prompt = _lengths(p, said, w.observed)
    # a format named with the level ("mlx 4bit", "awq"): the format's file, at the bits said
    quant = _format_level(said.quant_format or conditions.engine_format(said.engine), p.quant) or p.quant
    quant = _dynamic_level(said.dynamic_level, quant)
    if said.cache_level_only and quant is not None and quant.lower() == said.cache_type:
        quant = None  # "kv cache em q8_0": the cache's level, not the weights'
    weights = [q for q in p.quants if not (said.cache_level_only and q.lower() == said.cache_type)]
    if quant is None and len(weights) == 1 and len(p.quants) == 2:
        quant = weights[0]  # "kv cache to q8_0 … qwen 32b q4_k_m": the other level is the weights'
    target = _target(p, said, w.observed)
    cpu_card = _card_is_cpu(p, said.chip)
    asked = replace(
        p, card=None if cpu_card else p.card, setup=None if cpu_card else p.setup,
        card_typed=None if cpu_card or not p.card else p.card_typed,
        context=context, context_said=stated_context if context is not None else None, quant=quant,
        cache_type=p.cache_type or said.cache_type, prompt_tokens=prompt, users=said.users, backend=said.backend,
        per_day=said.per_day, per_day_requests=said.per_day_requests,
        observed_tok_s=None if target and w.observed in (None, target) else w.observed, target_tok_s=target,
        quants=p.quants or ((quant,) if quant else ()), output_tokens=said.output_tokens, cpu_cores=said.cpu_cores,
        cpu_sockets=said.cpu_sockets,
        engine=said.engine, quant_format=said.quant_format or _dynamic(said.dynamic_level, p.quant),
        cpu_named=_cpu_said(p.cpu_named, said.cpu), chip_named=said.chip, device=said.device,
        versus=said.versus, versus_more=said.versus_more, formats_named=said.formats_named)
    asked, ram = _offload_machine(_apu_as_cpu(asked), w, machine)
    return _media_spans(task_not_model(with_card_field(_without_gpu(_ram(_cpu_not_model(asked), ram, machine),
                                                                     w.ram_type, w.cpu or asked.cpu_named))))


_GB_IN_NAME = re.compile(r"\b(\d{2,3})\s?GB\b", re.IGNORECASE)


def _apu_as_cpu(asked: Asked) -> Asked:
    """"cpu only on a ryzen ai 9 hx 370 laptop with 64gb": the processor the laptop chip's name read as its
    graphics (the lexicon's machine table maps it to the Radeon 890M) is the machine when the CPU alone is said,
    and the memory sized on that graphics is the RAM; a question about the iGPU or the NPU keeps the graphics."""
    if not asked.cpu_only or asked.cpu_named or not asked.setup or len(asked.setup) != 1 \
            or _IGPU_KNOWHOW.intersection(asked.knowhow):
        return asked
    name = asked.setup[0][0]
    cpu = next((phrase for phrase, chip in lexicon().machines.items()
                if name.casefold().startswith(chip.casefold()) and phrase.startswith("ryzen ")
                and (found := resolve_cpu(phrase)) is not None and found.score >= 100), None)
    if cpu is None:
        return asked
    size = _GB_IN_NAME.search(name)
    return replace(asked, setup=None, card=None, card_typed=None, cpu_named=cpu,
                   ram_gb=asked.ram_gb or (float(size.group(1)) if size else None))


def _cpu_not_model(asked: Asked) -> Asked:
    """"um servidor com 2x xeon e5-2680 v4 e 256gb, sem placa de vídeo: roda alguma coisa?": the words taken for a
    model are the processor named, not an unknown model; the question is what that machine runs."""
    def words(text: str) -> str:
        return " " + " ".join(re.findall(r"[a-z0-9]+", text.casefold())) + " "

    cpu, typed = asked.cpu_named, asked.model if isinstance(asked.model, str) else None
    if not cpu or typed is None or words(typed) not in words(cpu):
        return asked
    return replace(asked, model=asked.model2, model_span=asked.model2_span, model2=None, model2_span=None)


def _offload_machine(asked: Asked, w: _Words, machine: Callable[[], MachineConstants]
                     ) -> tuple[Asked, ram_words.RamWords]:
    """"Qwen3-Coder-480B in offload, 128k: minutes to the first token?" with no hardware named: the machine
    people offload on (a 24 GB card beside a server's RAM, estimator machine.offload_stand_in) stands in,
    and the answer says so; the fastest data-centre card would hold the model whole, which is no offload."""
    bare = asked.card is None and not asked.setup and asked.card2 is None and asked.memory_gb is None \
        and asked.ram_gb is None and asked.cpu_named is None and w.cpu is None and not asked.cpu_only
    if not (w.offload and bare and asked.model is not None):
        return asked, w.ram
    m = machine()
    ram = w.ram if w.ram.platform or w.ram.channels else replace(w.ram, platform=m.offload_platform)
    return replace(asked, card=m.offload_card, offload_stand_in=True), ram


def _media_spans(p: Asked) -> Asked:
    """"llm on my pixel 9 pro", "wan 2.2 for 5 seconds of video": the phone or the duration the media reading
    found is not also an unknown model (it would be said back as a model the answer did not use)."""
    m = p.media
    if m is None:
        return p
    if isinstance(p.model2, str) and media_words.not_a_model(p.model2, m):
        p = replace(p, model2=None)
    if isinstance(p.model, str) and media_words.not_a_model(p.model, m):
        # two cards named beside it: the choice between them is the ask ("quale prendo?"), weighed for language models
        p = replace(p, model=None, model_span=None, intent="compare" if p.card2 is not None else p.intent)
    return p


def _cpu_said(named: str | None, series: str | None) -> str | None:
    """"xeon w9-3495x": the series' fuller name when the short pattern read only its model number ("3495x");
    "xeon e5-2680 v4": the series' spelling (with its hyphen) of the same name."""
    if named and series and re.sub(r"\W", "", named.casefold()) in re.sub(r"\W", "", series.casefold()):
        return series
    return named or series


def _lengths(p: Asked, said: conditions.Conditions, observed: float | None) -> tuple[int | None, int | None,
                                                                                     int | None]:
    """(the context the estimate uses, the context said, the prompt's length)."""
    prompt = said.prompt_tokens
    if prompt is None and said.first_token:
        prompt = said.context or p.context  # "how long until the first token at 40k": the prompt to read first
    context = said.context or p.context  # "an 8k prompt at 32k context": the number beside the context word
    if said.context is None and p.context is not None and any(
            n is not None and abs(p.context - n) <= 0.03 * n for n in (prompt, said.output_tokens)):
        context = None  # the parser took the prompt's or the answer's length for the context: no context said
    stated = context
    if prompt is not None and (context or 0) < prompt:
        context = prompt  # a 32k prompt needs a 32k cache
    if observed and context is not None and abs(context - observed) < 1:
        context = stated = None  # "12 token al secondo" is a speed the asker states, not a context length
    return context, stated, prompt


def _target(p: Asked, said: conditions.Conditions, observed: float | None) -> float | None:
    """A speed wanted: said with a model and no hardware ("what gpu for 100 tok/s on llama 8b"), or with a
    wanting word ("I want at least 30 tok/s on my 4070"); a speed someone sees needs the card it was seen on."""
    if said.wanted_tok_s is not None:  # the wanting words ("at least", "minimo", "30+") make it one
        return said.wanted_tok_s
    no_hardware = p.card is None and not p.setup and p.cpu_named is None and p.memory_gb is None \
        and p.ram_gb is None and not p.cpu_only
    return observed if no_hardware and (p.model or p.model_size_b) else None


def _card_is_cpu(p: Asked, chip: str | None = None) -> bool:
    """"um Ryzen 7 7700": the processor's model number, not a Radeon RX 7700. "CPU only on an i5-4278U (2014
    MacBook Pro)", "cpu only on a Core 2 Quad (Dell Optiplex 780)": a processor named with the card left out
    in words is the machine; the laptop or a PC's model number beside it is no card. A processor with its own
    graphics ("ryzen ai 9 hx 370", its Radeon 890M: `chip`) stays that machine unless the CPU alone is said."""
    typed = p.card_typed or (p.setup[0][0] if p.setup and len(p.setup) == 1 else None)
    if p.cpu_named is None or typed is None or p.card2 is not None or len(p.setup or ()) > 1:
        return False
    if chip is not None and not p.cpu_only:
        return False
    if p.cpu_only and _IGPU_KNOWHOW.intersection(p.knowhow):
        return False  # "no dedicated gpu, can I use the npu or the igpu?": the processor's own graphics asked
    return p.cpu_only or typed.casefold().strip() in p.cpu_named.casefold()


# Know-how lines that ask about a processor's own graphics or NPU (answers/lexicon/knowhow.toml)
_IGPU_KNOWHOW = frozenset({"npu_ryzen_ai", "igpu_vulkan"})


def _format_level(fmt: str | None, parsed: str | None = None) -> str | None:
    """A weight format the estimator rates as a level ("AWQ" where estimator.quants knows the formats), or None:
    then the format is only stated, and the answer says it could not use it (answers/facts/accounting.py).
    A width the parser read beside it ("mlx 8bit" → its level Q8_0) picks the format's file of that width."""
    if fmt is None:
        return None
    try:
        if parsed is not None and (digits := re.search(r"\d+", parsed)):
            bits = int(digits.group())  # Q4_K_M, IQ4_XS: the 4 bits said ("4bit"), not the file's 4.8
            if bits == 16:  # "bf16 with mlx", "fp16 on exllamav2": the unquantized weights, not the format's file
                return level_of("BF16").name
            try:
                return level_of(f"{fmt} {bits}bit").name
            except UnknownQuant:
                pass
        return level_of(fmt).name
    except UnknownQuant:
        return None


def _dynamic_level(level: str | None, quant: str | None) -> str | None:
    """"UD-IQ1_S", "UD-IQ2_XXS": Unsloth's dynamic files rated as themselves where the estimator knows the level
    by that name (its 1-bit levels have no llama.cpp level of the same name to stand for them)."""
    if level is None or quant is None or level.removeprefix("UD-") != quant:
        return quant
    try:
        return level_of(level).name if level_of(level).name.startswith("UD-") else quant
    except UnknownQuant:
        return quant


def _dynamic(level: str | None, quant: str | None) -> str | None:
    """"UD-Q4_K_XL": unsloth's dynamic quant of the level the parser read (the estimate is for that level)."""
    return level if level is not None and quant is not None and level.removeprefix("UD-") == quant else None


def _ram(asked: Asked, said: ram_words.RamWords, machine: Callable[[], MachineConstants]) -> Asked:
    """The RAM's type, speed and channels said anywhere in the question ("8gb vram 64gb ddr5", "ddr5-6000,
    12 channels", "an EPYC Genoa"): estimator.machine assumes what is not said, and the answer says so."""
    ram = said
    if ram.platform is not None and (_other_processor(asked.cpu_named, ram.platform)
                                     or resolve_cpu(asked.cpu_named or "") is not None):
        # "ryzen 9 7900 … is a threadripper worth it?": the platform is the one wished for, not this machine;
        # "2x xeon e5-2680 v4": the CPU table's own processor gives the channels, every socket's (not one platform's)
        said = ram = replace(said, platform=None)
    if ram.platform is not None:  # "an EPYC Genoa with 384 GB": the platform's RAM where nothing else is said
        ram = ram_words.with_platform(ram, machine())
        filled = {"ram_type": said.kind is None and asked.ram_type is None, "ram_mt_s": said.mts is None,
                  "ram_channels": said.channels is None}
        asked = replace(asked, ram_from_platform=tuple(k for k, v in filled.items() if v))
        if asked.ram_gb is None and asked.memory_gb and asked.memory_gb >= 64 and (asked.card or asked.setup):
            asked = replace(asked, ram_gb=asked.memory_gb, memory_gb=None)  # beside a card and a CPU, the size is RAM
    return replace(asked, ram_type=asked.ram_type or ram.kind, ram_mts=ram.mts, ram_channels=ram.channels)


def _other_processor(cpu_named: str | None, platform: str) -> bool:
    """A processor named by model number whose name is not of the platform's family ("ryzen 9 7900" beside
    "threadripper"): the machine is that processor's; the platform word is a comparison or a wish."""
    return bool(cpu_named) and platform.split()[0].casefold() not in (cpu_named or "").casefold()


def _without_gpu(asked: Asked, ram_type_said: str | None, cpu_named: str | None) -> Asked:
    """"llama 3.1 8b without a gpu", "no gpu, 64gb ram", "on an i9 13900k": the machine's RAM is the memory, a
    size is RAM; a processor named as the device is said back (answers/templates/_cpu.md.j2)."""
    if not (asked.cpu_only or cpu_named) or asked.card or asked.setup:
        return asked
    cpu = CpuOnly(asked.ram_gb or asked.memory_gb, asked.ram_type or ram_type_said, asked.ram_mts,
                  asked.ram_channels)
    context = asked.context
    if cpu_named and context is not None and scope.model_number_context(cpu_named, context):
        context = None  # "13900k" is the processor's model number, not a 13,900k-token context
    return replace(asked, cpu=cpu, memory_gb=None, context=context,
                   context_said=asked.context_said if context is not None else None)
