"""Free-text question → intent, language and entities (model, cards, memory, context, quant).

Pipeline, cheapest first (a question costs well under a millisecond):
1. Clean: cap the input, drop Discord mentions/emoji/code fences, comma decimals → dots.
2. Numbers with units: memory ("12 GB", "8 Go", "24GiB"), context ("32k", "32768 tokens",
   "128K di contesto") and quant ("Q4", "q8", "IQ4_XS", "fp16", "4-bit") are taken out first, so
   "12 GB" can never be read as a card.
3. The remaining words are split into chunks at known words (question words, intent keywords,
   function words of the five languages). Chunks are then resolved: every sub-span is tried
   against the exact-name dictionaries (microseconds), and only the leftover chunks go through
   the fuzzy resolver. Model and card spans never overlap.
4. Language: weighted keyword scores; None when nothing or a tie.
5. Intent: a table of weighted patterns per intent per language (all languages are scored, as
   people mix them), then priors from the entities found (model + memory → can_run, a card
   only → card_models, two cards + model → compare, a model alone → model_info).

`model`/`card`/`card2` hold the resolved display name when resolution is unambiguous, otherwise
the span as typed (so the engine's own resolve() gives the "did you mean" candidates).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from answers.lexicon import lexicon
from answers.reading import at_once, budget_words
from answers.reading.clues import (
    _APPLE_NUM_RE,
    _BUDGET_KEEPS,
    _CARD_SHAPE_RE,
    _COUNT_RE,
    _bare_size,
    _cache_type,
    _could_be_name,
    _family_heads,
    _find_budget,
    _find_local_prices,
    _is_greeting,
    _named_apart,
    _only_task_words,
    _said_at,
    _says,
    _size_clash,
    _span_rank,
    _task,
    _typed_around_size,
    _value,
    _without_names,
    name_part,
)
from answers.reading.intent import (
    _first_ask,
    _intent,
    _more_asks,
    _pattern_score,
    detect_language,
    without_core_counts,
)
from answers.reading.mac_unsized_words import unsized_mac
from answers.reading.more_models import more_models
from answers.reading.more_sizes import size_apart, sizes_beside
from answers.reading.never_names import never_names
from answers.reading.numbers import (
    _find_context,
    _find_quants,
    _find_sizes,
    _ram_before,
    _size_after_ram_word,
    file_levels,
)
from answers.reading.setup_annotate import annotate as annotate_setup
from answers.reading.setup_variant import variant_kept
from answers.reading.setup_words import SetupWords
from answers.reading.setup_words import read as read_setup
from answers.reading.size_joined import join_sizes
from answers.reading.sizes import BILLIONS_TOKEN_RE, MEMORY_GLUED_RE
from answers.reading.spans import Span, _find_spans, function_words
from answers.reading.tokens import Token, clean, tokenize
from answers.reading.typos import mend
from answers.reading.versus_words import model_pair
from answers.reading.vocabulary import _typo_words
from answers.records.asked import Asked, Budget
from answers.records.limits import LEVELS_STAND_IN_B, PARSER_MODEL_INTENTS
from catalog.modded import is_modded_size
from catalog.resolve import Resolver
from catalog.text import fold


# --------------------------------------------------------------------------- entry point
class _Reading(Struct):
    """Everything one question's reading finds, filled in phase by phase (see `parse`)."""

    question: str
    models: Resolver
    gpus: Resolver
    locale: str | None
    text: str = ""
    folded: str = ""
    toks: list[Token] = field(default_factory=list)
    ftext: str = ""
    said: budget_words.Said | None = None
    local_price: tuple[str, budget_words.Said] | None = None
    local_prices: list[tuple[str, budget_words.Said]] = field(default_factory=list)
    cache_type: str | None = None
    quants: list[str] = field(default_factory=list)
    context: int | None = None
    memory: float | None = None
    mem_at: int | None = None
    ram: float | None = None
    memory_is_ram: bool = False  # the only memory size was said as system RAM ("128 gigs of ddr5", no card)
    memory_said: bool = False  # a memory size was typed, even one a card or machine name then took ("m4 pro 48gb")
    spans: list[Span] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    task: str | None = None
    model_span: Span | None = None
    pair: tuple[Span, Span] | None = None
    both: tuple[Span, Span] | None = None
    size_b: float | None = None
    typed_name: str | None = None
    size_stand_in: bool = False  # `size_b` was not said: levels asked about with no model
    # "…? and a 70b at q4?": answered apart (more_sizes.py)
    size_more: tuple[float, str | None, str | None] | None = None
    cards: list[Span] = field(default_factory=list)
    language: str | None = None
    unknown_card: str | None = None
    setup: SetupWords = field(default_factory=SetupWords)  # filled by the hardware phase
    gpu_count: int | None = None
    n_cards: int = 0
    has_model: bool = False
    flags: dict[str, Any] = field(default_factory=dict)
    intent: str = "fallback"
    model_text: str | None = None
    budget: dict[str, Any] | None = None
    asks: list[str] = field(default_factory=list)
    first: str | None = None


def parse(question: str, models: Resolver, gpus: Resolver, locale: str | None = None) -> Asked:
    """Intent, language and entities of one free-text question: the first phase of its one reading
    (answers/reading/question.py `read` adds what else the words say to the same record). `locale` is the
    asker's Discord locale ("it", "es-ES"), evidence for the language when there is one."""
    r = _Reading(question, models, gpus, locale)
    _read_entities(r)
    _read_model(r)
    _read_cards(r)
    _read_hardware(r)
    _read_intent(r)
    _read_refinements(r)
    _read_asks(r)
    asked = variant_kept(_totals_apart(annotate_setup(Asked(
        intent=r.intent,
        language=r.language,
        model=r.model_text,
        card=_value(r.cards[0]) if r.cards else r.unknown_card,
        card2=_value(r.cards[1]) if len(r.cards) > 1 else None,
        memory_gb=r.memory,
        context=r.context,
        quant=r.quants[0] if len(r.quants) == 1 else None,
        model_span=r.model_span.text if r.model_span else (r.model_text if r.model_text else None),
        card_typed=r.cards[0].text if r.cards else r.unknown_card,
        card2_typed=r.cards[1].text if len(r.cards) > 1 else None,
        gpu_count=r.gpu_count,
        task=r.task,
        quants=tuple(r.quants) if len(r.quants) > 1 else (),
        ram_gb=r.ram,
        memory_is_ram=r.memory_is_ram,
        ram_type=r.setup.ram_type,  # "8 GB GPU with 64gb ddr5": the type said, with or without a card named
        intents=tuple(r.asks),
        asked_plainly=any(_pattern_score(r.folded, ask) >= 3.0 for ask in r.asks),
        cache_type=r.cache_type,
        quant_question=_says(r.ftext, "quant_questions"),
        biggest=_says(r.ftext, "biggest_words"),
        cheapest=_says(r.ftext, "cheapest_words"),
        model_size_b=r.size_b,
        model_typed=r.typed_name if r.size_b is not None and r.model_text is None else None,
        model_size_stand_in=r.size_stand_in,
        budget=Budget(float(r.budget["amount"]), str(r.budget["currency"]), bool(r.budget["currency_said"]),
                      bool(r.budget.get("whole")), bool(r.budget.get("used")))
        if r.budget else None,
        local_price=(r.local_price[0], Budget(r.local_price[1].amount, str(r.budget["currency"] if r.budget and
                                                                          r.local_price[1].currency is None
                                                                          else r.local_price[1].currency)))
        if r.local_price is not None and r.budget else None,
        local_prices=tuple((typed, Budget(p.amount, str(r.budget["currency"] if p.currency is None else p.currency)))
                           for typed, p in r.local_prices) if r.budget else (),
        model2=_value(r.pair[1]) if r.pair is not None else (_value(r.both[1]) if r.both is not None else None),
        model2_span=r.pair[1].text if r.pair is not None else (r.both[1].text if r.both is not None else None),
        together=r.both is not None or at_once.says_at_once(r.folded),
        more_models=_more_models(r),
        more_sizes=(r.size_more,) if r.size_more is not None else (),
        memory_apart=r.memory is not None and r.mem_at is not None and len(r.cards) == 1
        and (r.mem_at < r.cards[0].start - 2 or r.mem_at > r.cards[0].end + 1),
    ), r.setup, [(sp.text, _value(sp)) for sp in r.spans if sp.kind == "gpu"]), r.gpus), r.gpus)
    mac = unsized_mac(r.folded, asked)
    return replace(asked, mac_unsized=mac) if mac else asked


def _more_models(r: _Reading) -> tuple[str, ...]:
    """Models named beyond the one (or the pair) the intent is about (answers/reading/more_models.py)."""
    kept = (r.model_text, _value(r.pair[1]) if r.pair else None, _value(r.both[1]) if r.both else None)
    spans = sorted((s for s in r.spans if s.kind == "model" and s.res.best is not None), key=lambda s: s.start)
    return () if r.size_b is not None else more_models([_value(sp) for sp in spans], r.unknown, kept)


_SIZE_AT_END_RE = re.compile(r"^(.*\S)\s+(\d{1,3})\s?gb$", re.IGNORECASE)


def _totals_apart(asked: Asked, gpus: Resolver) -> Asked:
    """"2x 3090 48gb", "arc pro b60 dual 48gb": a size typed after several cards that is their total, not a
    variant of the card (no "3090 48 GB" exists): the cards without it, and the size no second amount."""
    if not asked.setup:
        return asked
    parts, totals = [], set()
    for name, count in asked.setup:
        hit = _SIZE_AT_END_RE.match(name) if count > 1 and gpus.lookup(name) is None else None
        res = gpus.lookup(hit.group(1) if hit else name) if count > 1 else None
        card = res.best.key if res is not None and res.best is not None else None
        total = getattr(card, "memory_gb", 0) * count
        if card is not None and total:
            totals.add(total)
        # ... unless each card is a known rebuild of that size ("2x 2080 ti 22gb": two 22 GB cards, catalog modded.json)
        if hit and card is not None and abs(total - float(hit.group(2))) < 1 \
                and not is_modded_size(getattr(card, "name", ""), float(hit.group(2))):
            parts.append((hit.group(1), count))
        else:
            parts.append((name, count))
    said_total = asked.memory_gb is not None and any(abs(asked.memory_gb - t) < 1 for t in totals)
    if tuple(parts) == tuple(asked.setup) and not said_total:
        return asked
    return replace(asked, setup=tuple(parts), memory_gb=None if said_total else asked.memory_gb,
                   card_typed=parts[0][0] if asked.card_typed == asked.setup[0][0] else asked.card_typed)


def _read_entities(r: _Reading) -> None:
    """Clean and tokenize; budget, cache type, levels, context, sizes and name spans, task words apart."""
    r.text = budget_words.normalize(clean(r.question))  # "$1,500" → "$1500": the tokenizer splits at commas
    r.folded = " ".join(t.low for t in tokenize(r.text, split=False))
    r.toks = tokenize(r.text)

    never_names(r.toks, r.gpus)  # machines, speeds, quantities: before any number or name is read
    r.ftext = fold(r.text)
    r.said = _find_budget(r.text, r.toks, r.gpus)  # first: an amount is never a name, a size or a context length
    r.local_prices = _find_local_prices(r.toks, r.said, r.gpus)
    # the one price the single-card answers use: the first within the budget (a card it can buy), else the first
    r.local_price = next((p for p in r.local_prices if r.said is not None and p[1].amount < r.said.amount),
                         r.local_prices[0] if r.local_prices else None)
    r.cache_type = _cache_type(r.ftext, r.toks)  # before the levels: "q8 kv cache" is the cache's, not the weights'
    r.quants = file_levels(r.text, _find_quants(r.toks))  # "F16 (MXFP4 experts)": one file
    r.context, _ = _find_context(r.toks, r.gpus)
    r.memory, r.mem_at, r.ram = _find_sizes(r.toks)
    r.memory_said = r.memory is not None
    r.spans, r.unknown = _find_spans(r.toks, r.models, r.gpus)
    # "qwen3 de 32b", "the 32b qwen3": the family at the size said apart from it (size_joined.py; called here, not
    # in spans.py, so the reading modules import one way)
    r.spans = join_sizes(r.toks, r.spans, r.models, function_words())

    # "good coding model", "vision-modelle": task words are not model names.
    r.task = _task(r.toks, r.spans)
    r.spans = [sp for sp in r.spans if not (sp.kind == "model" and _only_task_words(r.toks[sp.start: sp.end]))]
    r.unknown = [u for u in r.unknown if not _only_task_words(tokenize(u))]


def _read_model(r: _Reading) -> None:
    """The model named: a pair side by side or at once, or a bare size ("a 70b") and what was typed with it."""
    r.model_span = max((s for s in r.spans if s.kind == "model"), key=_span_rank, default=None)

    r.pair = model_pair(r.toks, r.spans)  # "llama 3.1 8b vs mistral 7b": both, in reading order
    if r.pair is not None:
        r.model_span = r.pair[0]

    r.both = at_once.model_pair(r.toks, r.spans) if r.pair is None else None  # "X and Y at the same time"
    if r.both is not None:
        r.model_span = r.both[0]
    r.size_b = _bare_size(r.toks, r.spans, r.model_span)
    r.typed_name = None
    if r.size_b is None and r.model_span is not None:
        # "nemotron super 49b" is not the 70B Nemotron: a typed size no matching model has wins over the words.
        clash = _size_clash(r.toks, r.spans, r.model_span)
        if clash is not None:
            r.size_b, r.typed_name = clash
            r.spans.remove(r.model_span)
            r.model_span = None
    elif r.size_b is not None:
        typed = _typed_around_size(r.toks, r.spans, r.size_b)
        joined = _joined_unknown(typed, r.unknown)  # "Mistral Giga 2 300B": the size ends the name
        r.typed_name = joined if joined != typed else (_named_apart(typed, r.unknown, r.models) or typed)
    if r.size_b is None and r.pair is None and r.both is None:
        r.size_more = size_apart(r.toks, r.spans, r.model_span)  # "qwen3 8b at q8? and a 70b at q4?"
        if r.size_more is not None and r.size_more[1] in r.quants:
            r.quants.remove(r.size_more[1])  # the level said with the size is its part's
    if r.size_b is not None:
        # "a 7b and a 30b-a3b": the other size gets its own part (the larger is the one answered first)
        r.size_more = sizes_beside(r.toks, r.spans, r.size_b)
        if r.size_more is not None and r.size_more[1] in r.quants:
            r.quants.remove(r.size_more[1])
        # "dual 3090 enough for a 70b?": no model is named, only its size.
        r.spans = [sp for sp in r.spans
                   if not (sp.kind == "model" and BILLIONS_TOKEN_RE.match(sp.text.casefold().replace(" ", "")))]
        r.unknown = [u for u in r.unknown if not BILLIONS_TOKEN_RE.match(u.casefold().replace(" ", ""))]
        r.model_span = None


def _joined_unknown(typed: str | None, unknown: list[str]) -> str | None:
    """"Mistral Giga 2 300B": the words typed with the size ("2 300B") joined to the unknown name they go on
    ("Mistral Giga 2"), so the answer names what was asked, not its tail."""
    if typed is None:
        return None
    tw = typed.split()
    for u in unknown:
        uw = u.split()
        for k in range(min(len(uw), len(tw)), 0, -1):
            if [w.casefold() for w in uw[-k:]] == [w.casefold() for w in tw[:k]]:
                return " ".join(uw + tw[k:])
    return typed


def _within_devices(phrase: str, typed: tuple[str, ...]) -> bool:
    """"9 hx 370 laptop" of "ryzen ai 9 hx 370 laptop": words the setup reader took as a machine (its laptop
    word included) are no model's name; a card-shaped name nothing matched ("gtx 7070 ti") stays unknown."""
    words = [w for w in fold(phrase).split() if any(c.isalnum() for c in w)]
    plain = {w for lx in lexicon().languages.values() for w in lx.laptop_words} | lexicon().card_nouns
    device_words = {w for t in typed for w in t.split()}
    return bool(words) and any(w in device_words for w in words) and all(
        w in device_words or w in plain for w in words)


def _read_cards(r: _Reading) -> None:
    """The cards, the language (names left out), and a size said with a card that names its variant."""
    r.cards = [s for s in r.spans if s.kind == "gpu"][:2]
    # Names say nothing about the language ("5060 ti" is not Italian's "ti"): read the rest.
    # A card count ("2x 3060", "3090 x2") says nothing about the language either (Italian's "x" is "per").
    # The hardware the asker owns, read once by the one reader of setup phrases (answers/reading/setup_words.py);
    # its devices as typed ("m4 pro 48gb", "ryzen ai max+ 395") are names too: "pro" and "max" there are no
    # Portuguese or English.
    r.setup = read_setup(r.question)
    machines = tuple(t for t, unified in zip(r.setup.typed, r.setup.unified_cards, strict=False) if unified)
    r.unknown = [u for u in r.unknown if not _within_devices(u, machines + r.setup.again)]
    folded = fold(r.text)
    before: list[str] = []
    for typed in r.setup.typed:
        after_word, device = _device_res(typed)
        before += after_word.findall(folded)
        folded = device.sub(" ", folded)
    r.language = detect_language(_COUNT_RE.sub(" ", _without_names(folded, r.spans)), r.text, r.locale,
                                 before_hardware=tuple(before))

    # "rtx 3060 12gb": a size right after a card is part of the card's name when that is a card.
    for k, card in enumerate(r.cards):
        if r.memory is None or r.mem_at != card.end:
            continue
        glued = MEMORY_GLUED_RE.match(r.toks[r.mem_at].low)
        # Catalog names write "GB" whatever unit was typed ("4060 ti 16 go", "16gib").
        fuller = f"{card.text} {glued.group(1) if glued else r.toks[r.mem_at].text} GB"
        res = r.gpus.resolve(fuller)
        if res.best is not None and res.best.score >= 100:
            r.cards[k] = Span(card.start, r.mem_at + 1, "gpu", res, fuller)
            # the size was the card's own: a later one is the next amount ("a 3060 12gb with a threadripper
            # and 128gb": the 128 GB is read as the first one would have been)
            r.memory, r.mem_at, ram = _find_sizes(r.toks)
            r.ram = r.ram if r.ram is not None else ram
    if len(r.cards) == 1 and r.memory is not None and r.mem_at is not None and r.mem_at > r.cards[0].end + 1:
        # "my 3070 ti only has 8gb, what runs", "my 3070 or is 8gb too little": the card's own memory
        # said again further on describes the card; it is not a second amount to answer for.
        best = r.cards[0].res.best
        if best is not None and any(getattr(rec, "memory_gb", None) == r.memory for rec in best.payloads):
            r.memory = None
    if len(r.cards) == 1 and r.memory is not None and r.mem_at is not None and r.mem_at == r.cards[0].end + 1:
        # "numa rtx 3050 de 6gb", "una 3060 da 12gb", "a 3050 with 6gb": one word between the card and a
        # size it is sold with names that variant (the nearer reading of the words).
        card = r.cards[0]
        fuller = f"{card.text} {r.memory:g} GB"
        res = r.gpus.resolve(fuller)
        if res.best is not None and res.best.score >= 100 and getattr(res.best.key, "memory_gb", None) == r.memory:
            # the size stays said, as the corpora read it
            r.cards[0] = Span(card.start, card.end, "gpu", res, card.text)
    if r.ram is not None and not r.cards and r.memory is None:
        r.memory, r.ram = r.ram, None  # "llama 3 8b on 16gb ram" with no card: the only memory there is
        r.memory_is_ram = True


def _read_hardware(r: _Reading) -> None:
    """Apple chips, card-shaped names nothing matched, and the asker's setup (counts, shared memory)."""
    # "mac mini m4 pro", "m4 max 128gb": an Apple chip, not the catalog's Tesla M4 under the same number.
    r.unknown_card = None
    tiers = lexicon().apple_tiers
    for k, card in enumerate(r.cards):
        if _APPLE_NUM_RE.match(card.text.casefold()) and card.end < len(r.toks) and r.toks[card.end].low in tiers:
            r.unknown_card = f"{r.toks[card.start].low} {r.toks[card.end].low}"
            if r.memory is not None and r.mem_at == card.end + 1:
                r.memory = None  # "m4 max 128gb": the chip's own memory, not a second amount
            del r.cards[k]
            break
    # A card-shaped phrase nothing matched ("rtx 9999"): keep it as the card, so the engine answers
    # "no such card" instead of quietly answering without it.
    if not r.cards and r.unknown_card is None:
        for phrase in r.unknown:
            hit = _CARD_SHAPE_RE.search(phrase.casefold())
            if hit:
                r.unknown_card = phrase[hit.start():]
                r.unknown.remove(phrase)
                break
    r.gpu_count = r.setup.gpu_count if r.setup.is_setup and r.setup.gpu_count > 1 else None
    pooled = (r.setup.joined or r.setup.listed) and len(r.cards) == 2 and r.setup.split is None
    r.n_cards = (1 if pooled else len(r.cards)) + (r.unknown_card is not None)
    if r.setup.unified and r.n_cards and r.memory is not None and any(
            re.search(rf"(?<![\d.]){r.memory:g}\s?gb\b", fold(name)) for name, _ in r.setup.cards):
        r.memory = None  # "m3 max 64gb", "dgx spark 128gb": the machine's own memory, not a second amount


@lru_cache(maxsize=1024)
def _device_res(typed: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A device as typed ("m4 pro 48gb"), any spacing, nothing glued on: with the word before it, and
    alone. Kept compiled: the same machines are named question after question."""
    device = r"(?<![\w-])" + re.escape(typed).replace(r"\ ", r"\s+") + r"(?![\w-])"
    return re.compile(r"([a-z]+)\s+" + device), re.compile(device)


def _read_intent(r: _Reading) -> None:
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
            if again != r.intent and _pattern_score(mended, again) >= 3.0:
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


def _read_refinements(r: _Reading) -> None:
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


def _read_asks(r: _Reading) -> None:
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


# Questions about a model's facts keep their intent when an amount is said alongside.
