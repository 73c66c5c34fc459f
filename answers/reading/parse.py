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
from functools import cache

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from answers.reading import at_once, budget_words
from answers.reading.intent import _first_ask, _intent, _more_asks, _pattern_score, detect_language
from answers.reading.limits import PARSER_MODEL_INTENTS
from answers.reading.numbers import (
    _find_context,
    _find_quants,
    _find_sizes,
    _in_card_name,
    _ram_before,
    _size_after_ram_word,
)
from answers.reading.parsed import Parsed
from answers.reading.setup_words import annotate as annotate_setup
from answers.reading.setup_words import read as read_setup
from answers.reading.sizes import BILLIONS_TOKEN_RE, MEMORY_GLUED_RE
from answers.reading.spans import Span, _content, _find_spans
from answers.reading.tokens import Token, _unstretch, clean, tokenize
from answers.reading.typos import mend
from answers.reading.versus_words import model_pair
from answers.reading.vocabulary import _stopwords, _task_words, _typo_words, _word_set
from catalog.name_sizes import size_agrees, typed_size
from catalog.resolve import Match, Resolver, normalize
from catalog.text import fold


# --------------------------------------------------------------------------- entry point
def parse(question: str, models: Resolver, gpus: Resolver, locale: str | None = None) -> Parsed:
    """Intent, language and entities of one free-text question. `locale` is the asker's Discord
    locale ("it", "es-ES"), evidence for the language when there is one."""
    text = budget_words.normalize(clean(question))  # "$1,500" → "$1500": the tokenizer splits at commas
    folded = " ".join(t.low for t in tokenize(text, split=False))
    toks = tokenize(text)

    _chip_first(toks)
    _superlative_plus(toks)
    ftext = fold(text)
    said = _find_budget(text, toks, gpus)  # first: an amount is never a name, a size or a context length
    cache_type = _cache_type(ftext, toks)  # before the levels: "q8 kv cache" is the cache's, not the weights'
    quants = _find_quants(toks)
    context, _ = _find_context(toks, gpus)
    memory, mem_at, ram = _find_sizes(toks)
    spans, unknown = _find_spans(toks, models, gpus)

    # "good coding model", "vision-modelle": task words are not model names.
    task = _task(toks, spans)
    spans = [sp for sp in spans if not (sp.kind == "model" and _only_task_words(toks[sp.start: sp.end]))]
    unknown = [u for u in unknown if not _only_task_words(tokenize(u))]

    model_span = max((s for s in spans if s.kind == "model"), key=_span_rank, default=None)

    pair = model_pair(toks, spans)  # "llama 3.1 8b vs mistral 7b": both, in reading order
    if pair is not None:
        model_span = pair[0]

    both = at_once.model_pair(toks, spans) if pair is None else None  # "X and Y at the same time"
    if both is not None:
        model_span = both[0]
    size_b = _bare_size(toks, spans, model_span)
    typed_name = None
    if size_b is None and model_span is not None:
        # "nemotron super 49b" is not the 70B Nemotron: a typed size no matching model has wins over the words.
        clash = _size_clash(toks, spans, model_span)
        if clash is not None:
            size_b, typed_name = clash
            spans.remove(model_span)
            model_span = None
    elif size_b is not None:
        typed_name = _typed_around_size(toks, spans, size_b)
    if size_b is not None:
        # "dual 3090 enough for a 70b?": no model is named, only its size.
        spans = [sp for sp in spans if not (sp.kind == "model" and BILLIONS_TOKEN_RE.match(sp.text.casefold().replace(" ", "")))]
        unknown = [u for u in unknown if not BILLIONS_TOKEN_RE.match(u.casefold().replace(" ", ""))]
        model_span = None
    cards = [s for s in spans if s.kind == "gpu"][:2]
    # Names say nothing about the language ("5060 ti" is not Italian's "ti"): read the rest.
    # A card count ("2x 3060", "3090 x2") says nothing about the language either (Italian's "x" is "per").
    language = detect_language(_COUNT_RE.sub(" ", _without_names(fold(text), spans)), text, locale)

    # "rtx 3060 12gb": a size right after a card is part of the card's name when that is a card.
    for k, card in enumerate(cards):
        if memory is None or mem_at != card.end:
            continue
        glued = MEMORY_GLUED_RE.match(toks[mem_at].low)
        # Catalog names write "GB" whatever unit was typed ("4060 ti 16 go", "16gib").
        fuller = f"{card.text} {glued.group(1) if glued else toks[mem_at].text} GB"
        res = gpus.resolve(fuller)
        if res.best is not None and res.best.score >= 100:
            cards[k] = Span(card.start, mem_at + 1, "gpu", res, fuller)
            memory = None
    if len(cards) == 1 and memory is not None and mem_at is not None and mem_at > cards[0].end + 1:
        # "my 3070 ti only has 8gb, what runs", "my 3070 or is 8gb too little": the card's own memory
        # said again further on describes the card; it is not a second amount to answer for.
        best = cards[0].res.best
        if best is not None and any(getattr(r, "memory_gb", None) == memory for r in best.payloads):
            memory = None
    if len(cards) == 1 and memory is not None and mem_at is not None and mem_at == cards[0].end + 1:
        # "numa rtx 3050 de 6gb", "una 3060 da 12gb", "a 3050 with 6gb": one word between the card and a
        # size it is sold with names that variant (the nearer reading of the words).
        card = cards[0]
        fuller = f"{card.text} {memory:g} GB"
        res = gpus.resolve(fuller)
        if res.best is not None and res.best.score >= 100 and getattr(res.best.key, "memory_gb", None) == memory:
            cards[0] = Span(card.start, card.end, "gpu", res, card.text)  # the size stays said, as the corpora read it
    if ram is not None and not cards and memory is None:
        memory, ram = ram, None  # "llama 3 8b on 16gb ram" with no card: the only memory there is

    # "mac mini m4 pro", "m4 max 128gb": an Apple chip, not the catalog's Tesla M4 under the same number.
    unknown_card = None
    tiers = lexicon().apple_tiers
    for k, card in enumerate(cards):
        if _APPLE_NUM_RE.match(card.text.casefold()) and card.end < len(toks) and toks[card.end].low in tiers:
            unknown_card = f"{toks[card.start].low} {toks[card.end].low}"
            if memory is not None and mem_at == card.end + 1:
                memory = None  # "m4 max 128gb": the chip's own memory, not a second amount
            del cards[k]
            break
    # A card-shaped phrase nothing matched ("rtx 9999"): keep it as the card, so the engine answers
    # "no such card" instead of quietly answering without it.
    if not cards and unknown_card is None:
        for phrase in unknown:
            hit = _CARD_SHAPE_RE.search(phrase.casefold())
            if hit:
                unknown_card = phrase[hit.start():]
                unknown.remove(phrase)
                break
    # The hardware the asker owns, read once by the one reader of setup phrases (answers/reading/setup_words.py).
    setup = read_setup(question)
    gpu_count = setup.gpu_count if setup.is_setup and setup.gpu_count > 1 else None
    pooled = setup.joined and len(cards) == 2 and setup.split is None
    n_cards = (1 if pooled else len(cards)) + (unknown_card is not None)
    if setup.unified and n_cards and memory is not None and any(
            re.search(rf"(?<![\d.]){memory:g}\s?gb\b", fold(name)) for name, _ in setup.cards):
        memory = None  # "m3 max 64gb", "dgx spark 128gb": the machine's own memory, not a second amount
    has_model = model_span is not None or size_b is not None
    flags = {"gpu_count": gpu_count, "task": task, "n_quants": len(quants)}
    intent = _intent(folded, has_model, n_cards, memory is not None, context is not None, **flags)
    if intent in ("model_info", "fallback") or _pattern_score(folded, intent) < 3.0:
        # No asking phrase read: slips in the asking words ("descrago", "schnelste") are mended, names kept.
        vocabulary, known = _typo_words()
        names = frozenset(w for sp in spans for w in fold(sp.text).split())
        mended = " ".join(mend(folded.split(), known, vocabulary, names))
        if mended != folded:
            again = _intent(mended, has_model, n_cards, memory is not None, context is not None, **flags)
            if again != intent and _pattern_score(mended, again) >= 3.0:
                folded, intent = mended, again
    if model_span is not None and model_span.res.best is None and (n_cards or memory is not None):
        # A family named loosely ("the largest qwen I can run on 16 GB") in a what-can-I-run question.
        without = _intent(folded, False, n_cards, memory is not None, context is not None, **flags)
        if without == "card_models" and _pattern_score(folded, "card_models") >= 4.0:
            intent, model_span, has_model = without, None, False
    model_text = _value(model_span)
    if model_span is None and size_b is None and unknown:
        # Words nothing matched ("can I run llama 9 on 12 GB"): if the question reads as one about a
        # model, hand them on as the model so the engine answers "not found" with suggestions.
        # Leftovers that could not be a name ("without it being dumb", "asking for a friend") are chatter.
        guess = max((u for u in unknown if _could_be_name(u, models)), key=len, default=unknown[0])
        as_model = _intent(folded, True, n_cards, memory is not None, context is not None, **flags)
        asked_for_a_list = intent == "card_models" and (task is not None or _pattern_score(folded, "card_models") >= 4.0)
        if (as_model in PARSER_MODEL_INTENTS and not asked_for_a_list and len(guess.replace(" ", "")) >= 3
                and _could_be_name(guess, models)):
            intent, model_text, has_model = as_model, guess, True
    if intent == "fallback" and not has_model and n_cards == 0 and memory is None and _is_greeting(toks):
        intent = "help"  # "buongiorno", "servus", "hey there 👋": say what the bot does
    if intent == "offload" and ram is None and memory is not None and mem_at is not None and _ram_before(toks, mem_at):
        # "can I offload to ram? I have 64gb", "posso usare la ram? ho 64gb": the size is the RAM named before it.
        ram, memory = memory, None
    if intent == "offload" and ram is None and memory is not None and mem_at is not None:
        # "X does not fit my 24gb card, can I use ram? I have 64gb": a size after the word RAM is the RAM.
        ram = _size_after_ram_word(toks, mem_at)
    if intent == "parameters" and quants:
        intent = "vram"  # "wie groß ist X in q4": a size at a level is the file's, not the parameter count
    budget = None
    if said is not None:
        budget = {"amount": said.amount, "currency": said.currency or budget_words.default_currency(language),
                  "currency_said": said.currency is not None}
        if n_cards == 0 and intent not in _BUDGET_KEEPS:
            intent = "what_gpu"  # "best gpu under 400 bucks (for X)": which card to buy, with or without a model
    if pair is not None:
        intent = "compare"  # two models side by side, on whatever hardware is named
    asks = [intent, *_more_asks(folded, intent)]
    first = _first_ask(ftext, intent)  # the text with its question marks
    if first is not None:
        asks = [first, *(a for a in asks if a != first)]  # the message's questions in reading order
        intent = first
    if len(asks) == 1 and _says(ftext, "who_words") and _says(ftext, "when_words"):
        asks = ["maker", "release"]  # "who made X and when": both halves
        if _said_at(ftext, "when_words") < _said_at(ftext, "who_words"):
            asks.reverse()  # "when did X come out and who made it": the first ask first
        intent = asks[0]
    return annotate_setup(Parsed(
        intent=intent,
        language=language,
        model=model_text,
        card=_value(cards[0]) if cards else unknown_card,
        card2=_value(cards[1]) if len(cards) > 1 else None,
        memory_gb=memory,
        context=context,
        quant=quants[0] if len(quants) == 1 else None,
        model_span=model_span.text if model_span else (model_text if model_text else None),
        card_span=cards[0].text if cards else unknown_card,
        card2_span=cards[1].text if len(cards) > 1 else None,
        gpu_count=gpu_count,
        task=task,
        quants=quants if len(quants) > 1 else None,
        ram_gb=ram,
        intents=asks,
        cache_type=cache_type,
        quant_question=_says(ftext, "quant_questions"),
        biggest=_says(ftext, "biggest_words"),
        cheapest=_says(ftext, "cheapest_words"),
        model_size_b=size_b,
        model_typed=typed_name if size_b is not None and model_text is None else None,
        budget=budget,
        model2=_value(pair[1]) if pair is not None else (_value(both[1]) if both is not None else None),
        model2_span=pair[1].text if pair is not None else (both[1].text if both is not None else None),
        together=both is not None or at_once.says_at_once(folded),
    ), setup, [(sp.text, _value(sp)) for sp in spans if sp.kind == "gpu"])


# Questions about a model's facts keep their intent when an amount is said alongside.
_BUDGET_KEEPS = frozenset({"maker", "release", "parameters", "download", "purpose", "open_source", "compute"})


def _find_budget(text: str, toks: list[Token], gpus: Resolver) -> budget_words.Said | None:
    """The budget said in the question (answers/reading/budget_words.py), its tokens used up."""
    if not any(ch.isdigit() for ch in text):
        return None
    has_ctx = any(t.low in _word_set("context_words") for t in toks)
    return budget_words.find(toks, lambda i: _in_card_name(toks, i, gpus), has_ctx)


_COUNT_RE = re.compile(r"(?<![\w.])(?:\d{1,2}\s?[x×]|[x×]\s?\d{1,2})(?![\w.])")  # "2x", "x2", "4 ×"



def _bare_size(toks: list[Token], spans: list[Span], model_span: Span | None) -> float | None:
    """The size of a model asked about by its size alone ("a 70b", "un 70B"); None when words
    around it name a model ("llama 70b" is a span of its own) or no such size is typed."""
    if model_span is not None and not BILLIONS_TOKEN_RE.match(model_span.text.casefold().replace(" ", "")):
        return None
    found: set[float] = set()
    for i, tok in enumerate(toks):
        m = BILLIONS_TOKEN_RE.match(tok.low)
        if tok.used:
            continue
        if any(sp.start <= i < sp.end and sp is not model_span for sp in spans):
            continue  # part of a card's or another name
        if m is None:
            if model_span is None and "-" in tok.low and (inside := typed_size(tok.low)) is not None:
                found.add(inside)  # "MythoMax-L2-13B": a name nothing matched, with its size in it
            continue
        found.add(float(m.group(1)))
    found.discard(0.0)
    # "7b vs 14b on a 3060": the larger decides (if it fits, the smaller does too).
    return max(found) if found else None


def _name_run(toks: list[Token], spans: list[Span], start: int, end: int) -> tuple[int, int]:
    """The run of name-like words around toks[start:end]: content words no other span has taken."""
    stop = _stopwords()
    taken = {k for sp in spans for k in range(sp.start, sp.end) if not (sp.start >= start and sp.end <= end)}
    lo, hi = start, end
    while lo > 0 and _content(toks[lo - 1], stop) and lo - 1 not in taken:
        lo -= 1
    while hi < len(toks) and _content(toks[hi], stop) and hi not in taken:
        hi += 1
    return lo, hi


def _size_clash(toks: list[Token], spans: list[Span], span: Span) -> tuple[float, str] | None:
    """(typed size, the words as typed) when the model span, or the words right around it, carry a size
    no model it matched has; None when the sizes agree or none is typed. A family matched loosely ("llama 3"
    of "llama 3 7b") clashes only when none of its candidates has the size."""
    lo, hi = _name_run(toks, spans, span.start, span.end)
    typed = typed_size(" ".join(t.low for t in toks[lo:hi]))
    if typed is None or not 0 < typed:
        return None
    res = span.res
    if res.best is not None:
        matches = [res.best]
    else:
        outside = typed_size(" ".join(t.low for t in toks[lo:span.start] + toks[span.end:hi])) is not None
        if res.ambiguous and not outside:
            return None  # "llama 70b": the engine picks the newest of that size or asks
        # The family typed ("qwen3" of "qwen3 3b"): its members, not fuzzy neighbours (Qwen2.5 3B).
        key = normalize(span.text)
        matches = [m for m in res.candidates if normalize(m.name).startswith(key)] or res.candidates
    if any(_match_has_size(m, typed) for m in matches):
        return None
    return typed, " ".join(t.text for t in toks[lo:hi])


def _match_has_size(match: Match, typed: float) -> bool:
    for payload in match.payloads:
        names = [match.name, *getattr(payload, "aliases", ())]
        if size_agrees(typed, names, getattr(payload, "params_b", None)):
            return True
    return False


def _typed_around_size(toks: list[Token], spans: list[Span], size_b: float) -> str | None:
    """The words typed with a bare size when they are more than the size ("mythomax 13b" → "mythomax 13b",
    "a 70b" → None): a name the catalog does not have."""
    for i, tok in enumerate(toks):
        if tok.used or typed_size(tok.low) != size_b:
            continue
        lo, hi = _name_run(toks, spans, i, i + 1)
        if hi - lo > 1 or not BILLIONS_TOKEN_RE.match(tok.low):
            return " ".join(t.text for t in toks[lo:hi])
    return None


@cache
def _phrase_re(phrases: frozenset[str]) -> re.Pattern[str] | None:
    """Any of the phrases, on word boundaries, with space, "_" or "-" between their words."""
    if not phrases:
        return None
    # Longest first, alphabetical among equal lengths: the same source in every process (a set's order
    # changes with the hash seed), so the start-up cache finds it.
    alts = "|".join(re.escape(p).replace(r"\ ", r"[\s_-]+") for p in sorted(sorted(phrases), key=len, reverse=True))

    return compile_cached(rf"(?<!\w)(?:{alts})(?!\w)")


@cache
def _phrases(key: str) -> frozenset[str]:
    """The union over languages of one phrase list (people mix languages)."""
    return frozenset(fold(p) for lx in lexicon().languages.values() for p in getattr(lx, key))


def _says(ftext: str, key: str) -> bool:
    rx = _phrase_re(_phrases(key))
    return rx is not None and rx.search(ftext) is not None


def _said_at(ftext: str, key: str) -> int:
    """Where the first of a phrase list is said (len(ftext) when it is not)."""
    rx = _phrase_re(_phrases(key))
    hit = rx.search(ftext) if rx is not None else None
    return hit.start() if hit else len(ftext)


def _cache_type(ftext: str, toks: list[Token]) -> str | None:
    """The KV-cache type named ("q8 kv cache", "kv cache at q4"); its words are used up, so its
    level is never read as the weights' level."""
    found = None
    joined, starts = "", []
    for tok in toks:
        starts.append(len(joined))
        joined += tok.low + " "
    for kind, phrases in lexicon().cache_types.items():
        rx = _phrase_re(frozenset(phrases))
        if rx is None or rx.search(ftext) is None:
            continue
        found = found or kind
        for m in rx.finditer(joined):
            for i, at in enumerate(starts):
                if m.start() <= at < m.end():
                    toks[i].used = True
    return found


def only_task_words(text: str | None) -> bool:
    """"coding", "for coding", "coding model": a task the parser took for an unknown model name."""
    if not text:
        return False
    words = [t.low for t in tokenize(clean(text))]
    vocab = set(_task_words()) | {"model", "models", "llm", "llms", "best", "good"}
    return bool(words) and all(w in vocab for w in words)


def _without_names(folded: str, spans: list[Span]) -> str:
    for sp in spans:
        name = fold(sp.text)
        if len(name) >= 2:
            folded = re.sub(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", " ", folded)
    return folded


_CHIP_RE = re.compile(r"^[a-z]{1,2}\d{2,4}[a-z]?$")  # "a100", "h100", "mi300x", "v100"


def _chip_first(toks: list[Token]) -> None:
    """"sxm4 a100 80gb" → "a100 sxm4 80gb": catalog names put the form factor after the chip."""
    forms = lexicon().card_form_words
    for i in range(len(toks) - 1):
        if toks[i].low in forms and _CHIP_RE.match(toks[i + 1].low):
            toks[i], toks[i + 1] = toks[i + 1], toks[i]


def _superlative_plus(toks: list[Token]) -> None:
    """French "le plus gros", "la plus rapide": after an article "plus" is a word, not a name part
    (it stays one in "command r plus")."""
    for i in range(1, len(toks)):
        if toks[i].low == "plus" and toks[i - 1].low in {"le", "la", "les", "du", "des", "au", "aux"}:
            toks[i].used = True


def _could_be_name(guess: str, models: Resolver) -> bool:
    """Leftover words worth answering "no model called X" about: several words, a digit, or one word
    close to some name ("mistrall"). A lone chat word ("whats", "pls", "faccio") is not a name, nor are
    several ordinary words with no digit and no word of any model's name ("being dumb", "asking friend")."""
    if guess.strip().replace(".", "").replace(",", "").isdigit():
        return False  # a bare number ("under 500 dollars") is an amount, never a model's name
    if any(ch.isdigit() for ch in guess):
        return True
    if " " in guess.strip() and set(re.findall(r"[a-z]{3,}", fold(guess))) & _name_words(models):
        return True  # "nemotron super", "deepsek coder": a word some model's name has
    res = models.resolve(guess)
    top = res.best or (res.candidates[0] if res.candidates else None)
    return top is not None and top.score >= 80


_NAME_WORDS: dict[int, frozenset[str]] = {}


def _name_words(models: Resolver) -> frozenset[str]:
    """Every word of three letters or more in the models' names ("nemotron", "coder", "hermes"), per resolver."""
    words = _NAME_WORDS.get(id(models))
    if words is None:
        words = _NAME_WORDS[id(models)] = frozenset(
            w for name in models.names for w in re.findall(r"[a-z]{3,}", fold(name)))
    return words


def _only_task_words(toks: list[Token]) -> bool:
    tasks = _task_words()
    return bool(toks) and any(t.low in tasks for t in toks) and all(
        t.low in tasks or t.low in _stopwords() for t in toks)


def _task(toks: list[Token], spans: list[Span]) -> str | None:
    """The task asked for ("coding", "vision"…), from words outside the names found."""
    tasks = _task_words()
    inside = {k for sp in spans if not _only_task_words(toks[sp.start: sp.end]) for k in range(sp.start, sp.end)}
    for i, t in enumerate(toks):
        if i not in inside and t.low in tasks:
            return tasks[t.low]
    return None


def _is_greeting(toks: list[Token]) -> bool:
    """Only greetings, thanks and chatter ("buongiorno", "coucou !", "moin moin", "hey there 👋")."""
    if not toks:
        return False
    greetings = {w for lx in lexicon().languages.values() for g in lx.greetings + lx.courtesy for w in g.split()}
    stop = _stopwords()
    words = [t.low for t in toks if any(ch.isalnum() for ch in t.low)]
    words = [w if w in greetings or w in stop else _unstretch(w) for w in words]  # "holaaa", "ciaooo"
    return bool(words) and any(w in greetings for w in words) and all(w in greetings or w in stop for w in words)



# Vendor series words followed by a model number: how people type a graphics card.
_CARD_SHAPE_RE = re.compile(
    r"\b(?:rtx|gtx|rx|radeon|geforce|quadro|tesla|instinct|arc)\s*[a-z]?\d{2,5}\b"
    r"|\bm\d{1,2}\s+(?:pro|max|ultra)\b|\bmi\d{3}[a-z]?\b"  # Apple chips ("m9 ultra"), Instinct parts ("mi400")
)


_APPLE_NUM_RE = re.compile(r"^m\d{1,2}$")  # the number of an Apple chip ("m4" of "m4 pro")


def _span_rank(span: Span) -> tuple[float, int]:
    return (span.score + (5 if span.res.best is not None else 0), span.end - span.start)


def _value(span: Span | None) -> str | None:
    if span is None:
        return None
    return span.res.best.name if span.res.best is not None else span.text
