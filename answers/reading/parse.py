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

from msgspec.structs import replace

from answers.reading import at_once, budget_words
from answers.reading.clues import (
    _bare_size,
    _cache_type,
    _find_budget,
    _find_local_prices,
    _named_apart,
    _only_task_words,
    _says,
    _size_clash,
    _span_rank,
    _task,
    _typed_around_size,
    _value,
)
from answers.reading.intent import (
    _pattern_score,
)
from answers.reading.mac_unsized_words import unsized_mac
from answers.reading.more_models import more_models
from answers.reading.more_sizes import size_apart, sizes_beside
from answers.reading.never_names import never_names
from answers.reading.numbers import (
    _find_context,
    _find_quants,
    _find_sizes,
    file_levels,
)
from answers.reading.parse_hardware import read_cards, read_hardware, totals_apart
from answers.reading.parse_intent import read_asks, read_intent, read_refinements
from answers.reading.reading_state import Reading
from answers.reading.setup_annotate import annotate as annotate_setup
from answers.reading.setup_variant import variant_kept
from answers.reading.size_joined import join_sizes
from answers.reading.sizes import BILLIONS_TOKEN_RE
from answers.reading.spans import _find_spans, function_words
from answers.reading.tokens import clean, tokenize
from answers.reading.versus_words import model_pair
from answers.reading.word_prefix import only_starts_a_name
from answers.records.asked import Asked, Budget
from catalog.resolve import Resolver
from catalog.text import fold


def parse(question: str, models: Resolver, gpus: Resolver, locale: str | None = None) -> Asked:
    """Intent, language and entities of one free-text question: the first phase of its one reading
    (answers/reading/question.py `read` adds what else the words say to the same record). `locale` is the
    asker's Discord locale ("it", "es-ES"), evidence for the language when there is one."""
    r = Reading(question, models, gpus, locale)
    _read_entities(r)
    _read_model(r)
    read_cards(r)
    read_hardware(r)
    read_intent(r)
    read_refinements(r)
    read_asks(r)
    asked = variant_kept(totals_apart(annotate_setup(Asked(
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


def _more_models(r: Reading) -> tuple[str, ...]:
    """Models named beyond the one (or the pair) the intent is about (answers/reading/more_models.py)."""
    kept = (r.model_text, _value(r.pair[1]) if r.pair else None, _value(r.both[1]) if r.both else None)
    spans = sorted((s for s in r.spans if s.kind == "model" and s.res.best is not None), key=lambda s: s.start)
    return () if r.size_b is not None else more_models([_value(sp) for sp in spans], r.unknown, kept)


def _read_entities(r: Reading) -> None:
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
    # "stable diffusion", "whisper tiny ou base", "is nvfp4 stable": a plain word that only begins a model's name
    r.spans = [sp for sp in r.spans if not only_starts_a_name(sp)]
    r.unknown = [u for u in r.unknown if not _only_task_words(tokenize(u))]


def _read_model(r: Reading) -> None:
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
