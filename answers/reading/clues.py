"""The small readings the parser's phases use: a budget, a bare size and the name typed around it, a size
no matching model has, phrases said, the KV-cache type, chip-first and superlative words, greetings,
card-shaped names, task words.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.reading import budget_words
from answers.reading.numbers import (
    _in_card_name,
)
from answers.reading.sizes import BILLIONS_TOKEN_RE, MEMORY_GLUED_RE
from answers.reading.spans import Span, _content
from answers.reading.tokens import Token, _unstretch, clean, tokenize
from answers.reading.vocabulary import _stopwords, _task_words, _word_set
from catalog.name_sizes import size_agrees, typed_size
from catalog.resolve import Match, Resolver, normalize
from catalog.text import fold

_BUDGET_KEEPS = frozenset({"maker", "release", "parameters", "download", "purpose", "open_source", "compute"})


def _find_budget(text: str, toks: list[Token], gpus: Resolver) -> budget_words.Said | None:
    """The budget said in the question (answers/reading/budget_words.py), its tokens used up."""
    if not any(ch.isdigit() for ch in text):
        return None
    has_ctx = any(t.low in _word_set("context_words") for t in toks)
    return budget_words.find(toks, lambda i: _in_card_name(toks, i, gpus), has_ctx)


def _find_local_price(toks: list[Token], said: budget_words.Said | None,
                      gpus: Resolver) -> tuple[str, budget_words.Said] | None:
    """A card's price where the asker lives, said after the budget ("3090 usada ta uns 4 mil aqui"): the card's
    number as typed and the price (answers/reading/budget_words.py `find_local_price`)."""
    if said is None:
        return None
    found = budget_words.find_local_price(toks, said, lambda i: _in_card_name(toks, i, gpus))
    return None if found is None else (toks[found[0]].text, found[1])


def _find_local_prices(toks: list[Token], said: budget_words.Said | None,
                       gpus: Resolver) -> list[tuple[str, budget_words.Said]]:
    """Every card's price said beside the budget ("5090 tá uns 18k aqui, 3090 usada uns 4500"), in order: each
    found uses its tokens up, so the next search finds the next card's."""
    out: list[tuple[str, budget_words.Said]] = []
    while len(out) < MAX_LOCAL_PRICES and (found := _find_local_price(toks, said, gpus)) is not None:
        out.append(found)
    return out


MAX_LOCAL_PRICES = 4  # one price per side of a comparison at most


_COUNT_RE = compile_cached(r"(?<![\w.])(?:\d{1,2}\s?[x×]|[x×]\s?\d{1,2})(?![\w.])")  # "2x", "x2", "4 ×"



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


_COUNTED_CARD_RE = compile_cached(r"^(?:\d{1,2}x\d{3,4}\w*|x\d{1,2})$")  # "2x3090", "x2"


def _typed_around_size(toks: list[Token], spans: list[Span], size_b: float) -> str | None:
    """The words typed with a bare size when they are more than the size ("mythomax 13b" → "mythomax 13b",
    "a 70b" → None): a name the catalog does not have."""
    for i, tok in enumerate(toks):
        if tok.used or typed_size(tok.low) != size_b:
            continue
        lo, hi = _name_run(toks, spans, i, i + 1)
        # "for 70b, 2x3090 or …": a count with its card ends the run; it is hardware, never a name's word.
        hi = next((k for k in range(i + 1, hi) if _COUNTED_CARD_RE.match(toks[k].low)), hi)
        lo = next((k + 1 for k in range(i - 1, lo - 1, -1) if _COUNTED_CARD_RE.match(toks[k].low)), lo)
        if _SIZE_RANGE_RE.match(tok.low):
            hi = i + 1  # "70-120b, pochi utenti": a range of sizes ends any name; the words after it are the message's
        if not any(any(c.isalnum() for c in t.low) for k, t in enumerate(toks[lo:hi], lo) if k != i):
            lo, hi = i, i + 1  # "70b + un peu de comfyui": a sign beside the size names nothing
        if hi - lo > 1 or not (BILLIONS_TOKEN_RE.match(tok.low) or _SIZE_RANGE_RE.match(tok.low)):
            return " ".join(t.text for t in toks[lo:hi])
    return None


# "14b-32b", "7-14b": a range of sizes (its largest is rated), never a name the catalog lacks
_SIZE_RANGE_RE = compile_cached(r"^\d{1,4}(?:\.\d+)?b?[-–~/]\d{1,4}(?:\.\d+)?b$")


@cache
def _phrase_re(phrases: frozenset[str]) -> re.Pattern[str] | None:
    """Any of the phrases, on word boundaries, with space, "_" or "-" between their words."""
    if not phrases:
        return None
    # Longest first, alphabetical among equal lengths: the same source in every process (a set's order
    # changes with the hash seed), so the start-up cache finds it.
    alts = "|".join(re.escape(p).replace(r"\ ", r"[\s_-]+") for p in longest_first(sorted(phrases)))

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
            folded = _whole_name_re(name).sub(" ", folded)
    return folded


@lru_cache(maxsize=2048)
def _whole_name_re(name: str) -> re.Pattern[str]:
    """`name` with nothing glued on either side. Kept compiled: names recur from question to question,
    and `re`'s own cache (512 patterns) is shared with every other pattern of the program."""
    return compile_cached(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")


# Words many names share as a tier or a size ("Mistral Small", "Nemotron Super"): no evidence of a name alone.
_TIER_WORDS = frozenset({"small", "mini", "large", "super", "pro", "max", "plus", "lite", "base", "instruct", "chat",
                         "medium", "nano", "tiny", "ultra", "flash", "turbo"})


def _could_be_name(guess: str, models: Resolver) -> bool:
    """Leftover words worth answering "no model called X" about: several words, a digit, or one word
    close to some name ("mistrall"). A lone chat word ("whats", "pls", "faccio") is not a name, nor are
    several ordinary words with no digit and no word of any model's name ("being dumb", "asking friend")."""
    if guess.strip().replace(".", "").replace(",", "").isdigit():
        return False  # a bare number ("under 500 dollars") is an amount, never a model's name
    if any(ch.isdigit() for ch in guess) and not _sizes_only(guess):
        return True
    words = set(re.findall(r"[a-z]{3,}", fold(guess))) - _TIER_WORDS
    if " " in guess.strip() and 2 * len(words & _name_words(models)) >= len(words) > 0:
        # "nemotron super", "deepsek coder": words of some model's name, at least half of the phrase; a phrase
        # of ordinary words with one name in it ("lokalen sprachassistent whisper + kleines") is a sentence
        return True
    res = models.resolve(guess)
    top = res.best or (res.candidates[0] if res.candidates else None)
    return top is not None and top.score >= 80




def _sizes_only(guess: str) -> bool:
    """"= 32gb", "ter 34gb": every word with a digit is a memory size, which no model's name is."""
    sized = [w for w in fold(guess).split() if any(ch.isdigit() for ch in w)]
    return bool(sized) and all(MEMORY_GLUED_RE.match(w) for w in sized)


_NAME_WORDS: dict[int, frozenset[str]] = {}


def _name_words(models: Resolver) -> frozenset[str]:
    """Every word of three letters or more in the models' names ("nemotron", "coder", "hermes"), per resolver."""
    words = _NAME_WORDS.get(id(models))
    if words is None:
        words = _NAME_WORDS[id(models)] = frozenset(
            w for name in models.names for w in re.findall(r"[a-z]{3,}", fold(name)))
    return words


def name_part(guess: str, models: Resolver) -> str:
    """A model's name at the start of leftover words, the sentence after it dropped: "gemma 3 speak german
    officially" → "gemma 3". It starts with a family's word and goes on while each word is a version, a size
    or a word of some model's name; a guess that does not start with a family's word is kept whole."""
    words = guess.split()
    if not words or fold(words[0]).replace("-", " ").split()[:1] == [] or \
            fold(words[0]).replace("-", " ").split()[0] not in _family_heads(models):
        return guess
    known = _name_words(models) | _family_heads(models)
    # the name ends at its last version, size or name word: "qwen colossus 4" stays whole (a coined name, said
    # unknown), "gemma 3 speak german officially" ends at "3"
    last = max(k for k, word in enumerate(words)
               if k == 0 or any(ch.isdigit() for ch in word) or fold(word) in known or fold(word) in _TIER_WORDS)
    if len(words) - 1 - last < 2:
        last = len(words) - 1  # one word after the version ("gpt-9 turbo") is the name's variant; more, a sentence
    ordinary = [k for k in range(1, last + 1) if not any(ch.isdigit() for ch in words[k])
                and fold(words[k]) not in known and fold(words[k]) not in _TIER_WORDS]
    if ordinary and all(not any(ch.isdigit() for ch in w) for w in words[ordinary[0]:last + 1]):
        last = ordinary[0] - 1  # ordinary words then only name words, no version after them: the sentence
    return " ".join(words[:last + 1])


def _family_heads(models: Resolver) -> frozenset[str]:
    """The first word of every model's name and its letters, three or more ("mistral", "qwen3", "qwen"): a phrase
    starting with one names a model, known or not."""
    heads = _FAMILY_HEADS.get(id(models))
    if heads is None:
        firsts = {w for name in models.names for w in fold(name).replace("-", " ").split()[:1]}
        letters = {re.match(r"[a-z]*", w).group(0) for w in firsts}  # type: ignore[union-attr]  # "qwen3" → "qwen"
        heads = _FAMILY_HEADS[id(models)] = frozenset(w for w in firsts | letters if len(w) >= 3)
    return heads


_FAMILY_HEADS: dict[int, frozenset[str]] = {}


def _named_apart(typed: str | None, unknown: list[str], models: Resolver) -> str | None:
    """"mistral large 3 … I heard it is a 675b moe": a size said apart from the name the catalog lacks; the
    answer names that name ("Mistral Large 3"), not the words after the size. None when the words typed with
    the size start with a model's family themselves, or no unknown phrase does."""
    heads = _family_heads(models)
    if typed is not None and fold(typed).split()[:1] and fold(typed).split()[0] in heads:
        return None
    # a number in it, as model names have ("mistral large 3"), never a preference ("prefiero nvidia")
    return next((u for u in unknown if fold(u).split()[:1] and fold(u).split()[0] in heads
                 and any(c.isdigit() for c in u) and typed_size(fold(u)) is None), None)


def _only_task_words(toks: list[Token]) -> bool:
    tasks = _task_words()
    return bool(toks) and any(t.low in tasks for t in toks) and all(
        t.low in tasks or t.low in _stopwords() for t in toks)

# A code word then one of these is "open source" ("código abierto", "code source"), never a coding use.
_OPEN_AFTER = frozenset("abierto aberto aperto ouvert source sorgente fonte fuente libre livre offen open".split())


def _task(toks: list[Token], spans: list[Span]) -> str | None:
    """The task asked for ("coding", "vision"…), from words outside the names found; "an assistant for code": the
    narrower task wins over the general chat an assistant is."""
    tasks = _task_words()
    inside = {k for sp in spans if not _only_task_words(toks[sp.start: sp.end]) for k in range(sp.start, sp.end)}
    found = [tasks[t.low] for i, t in enumerate(toks) if i not in inside and t.low in tasks
             and not (i + 1 < len(toks) and toks[i + 1].low in _OPEN_AFTER)]  # "código abierto" is open source
    return next((task for task in found if task != "chat"), found[0] if found else None)


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
_CARD_SHAPE_RE = compile_cached(
    r"\b(?:rtx|gtx|rx|radeon|geforce|quadro|tesla|instinct|arc)\s*[a-z]?\d{2,5}\b"
    r"|\bm\d{1,2}\s+(?:pro|max|ultra)\b|\bmi\d{3}[a-z]?\b"  # Apple chips ("m9 ultra"), Instinct parts ("mi400")
)


_APPLE_NUM_RE = compile_cached(r"^m\d{1,2}$")  # the number of an Apple chip ("m4" of "m4 pro")


def _span_rank(span: Span) -> tuple[float, int]:
    return (span.score + (5 if span.res.best is not None else 0), span.end - span.start)


def _value(span: Span | None) -> str | None:
    if span is None:
        return None
    return span.res.best.name if span.res.best is not None else span.text
