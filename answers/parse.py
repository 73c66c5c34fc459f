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

import math
import re
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from catalog.name_sizes import size_agrees, typed_size
from catalog.resolve import Match, Resolution, Resolver, normalize
from catalog.text import MEMORY_UNITS, fold
from estimator.quants import BY_NAME, QUANT_ALIASES

from .api import MAX_QUESTION_CHARS
from .intents_table import PARSER_INTENTS, PARSER_MODEL_INTENTS
from . import budget_words
from .lexicon import Pattern, lexicon
from .setup_words import annotate as annotate_setup
from .setup_words import read as read_setup
from .typos import mend

MAX_INPUT = MAX_QUESTION_CHARS  # characters read from a question (the engine refuses longer ones)

LANGS = ("en", "it", "fr", "de", "es")


class Parsed(BaseModel):
    intent: str  # one of answers.api.INTENTS (never not_found/ambiguous/invalid: the engine decides)
    language: str | None  # "en", "it", "fr", "de", "es"; None when unclear
    model: str | None = None  # resolved display name, or the span as typed when unresolved
    card: str | None = None
    card2: str | None = None
    memory_gb: float | None = None
    context: int | None = None  # tokens
    quant: str | None = None  # canonical llama.cpp name ("Q4_K_M"); unknown levels kept uppercased
    # The spans exactly as typed, for messages like "I don't know «lama 9»".
    model_span: str | None = None
    card_span: str | None = None
    card2_span: str | None = None
    # Added for people's phrasing (issue 11); absent/None means "not said".
    intents: list[str] = []  # every ask of the message, `intent` first ("who released X and when")
    # The hardware the asker owns when it is more than one plain card (answers/setup_words.py).
    gpu_count: int | None = None  # cards in the setup, when more than one ("dual 3090", "4090 + 3060")
    setup: list[tuple[str, int]] | None = None  # (card or chip as typed, count)
    ram_gb: float | None = None  # system RAM beside the cards ("a 4090 and 64 GB DDR5")
    ram_type: str | None = None  # DDR4, DDR5…
    task: str | None = None  # "coding" | "vision" | "reasoning" | "chat": "good coding model for 12 GB"
    quants: list[str] | None = None  # two or more levels asked about ("q8 or q4"); then `quant` is None
    # Refinements of the ask (words in answers/lexicon/*.toml):
    cache_type: str | None = None  # llama.cpp KV-cache type named ("with q8 kv cache"): "q8_0", "q4_0", "f16"
    quant_question: bool = False  # asks which quantization level ("which quant fits 24 GB")
    biggest: bool = False  # asks for the biggest model ("biggest model for a 3090")
    cheapest: bool = False  # asks for the cheapest card ("cheapest card for X")
    # A bare size asked about as a model ("enough for a 70b?"): billions of parameters of a generic
    # dense model; then `model` is None.
    model_size_b: float | None = None
    # The words that named that size's model when no catalog model fits them ("mythomax 13b", "nemotron
    # super 49b"), as typed: the answer says it is for a generic model of the size, not for that name.
    model_typed: str | None = None
    # A budget ("under 400 bucks", "sotto i 500 euro"; answers/budget_words.py): amount, currency ("USD",
    # "EUR", "GBP", "BRL") and whether the currency was said (else the language's usual one is assumed).
    budget: dict | None = None
    # Two models set side by side ("llama 3.1 8b vs mistral 7b", answers/versus_words.py): the second, in
    # reading order (`model` is the first); None when one model is asked about.
    model2: str | None = None
    model2_span: str | None = None
    # Two setups set side by side ("2x 3090 or one a6000"): `setup` is the first, `setup2` the second.
    setup2: list[tuple[str, int]] | None = None
    # Two models loaded at once ("X and Y at the same time", answers/at_once.py): `model2` is the second.
    together: bool = False


# --------------------------------------------------------------------------- text cleaning
# Discord mentions (<@id>, <@&role>, <#channel>), custom emoji, and the @everyone/@here pings:
# none of them can name a model or a card, so they are removed before anything is read.
_MENTION_RE = re.compile(r"<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|@(?:everyone|here)\b", re.IGNORECASE)
_FENCE_RE = re.compile(r"```(?:[a-zA-Z]+\n)?|`")
_COMMA_DECIMAL_RE = re.compile(r"(\d),(\d{1,2})(?!\d)")  # "12,5 GB"; not "8,192 tokens"
_TOKEN_RE = re.compile(r"[^\s,;!?¿¡()\[\]{}\"“”«»<>*|'’`]+")


def clean(question: str) -> str:
    text = question[:MAX_INPUT]
    text = _MENTION_RE.sub(" ", text)
    text = _FENCE_RE.sub(" ", text)
    text = _COMMA_DECIMAL_RE.sub(r"\1.\2", text)
    return " ".join(text.split())


@dataclass
class Token:
    text: str  # as typed (trailing dots/colons stripped)
    low: str  # folded
    used: bool = False  # consumed by a number/unit/quant, never part of a name


# "bartowski/…", "hf.co/unsloth/…": owners (and a host) before a repository's name; never "tok/s" or "q4/q8".
_HUB_REPO_RE = re.compile(r"^(?:[a-z][a-z0-9_.-]{2,}/)+(?=[a-z0-9_.-]*\d)")
# "3090s", "7900 xts", "p40s", German "3090er"/"zwei 3090ern": people pluralise card names (never "l40s",
# "v100s", "k40s": those are names)
_PLURAL_CARD_RE = re.compile(r"^(\d{3,4}|xtx?|(?:a|b|h|p|mi)\d{2,3})(?:s|ern?)$")


def tokenize(text: str, split: bool = True) -> list[Token]:
    """Words of a cleaned question. With `split`, hyphen compounds whose parts include an ordinary
    word or a unit are split ("16-GB-Karte", "RTX-4080-Karte", "coding-modell"); names keep theirs
    ("gpt-oss-20b", "Q4-K-M")."""
    out = []
    for raw in _TOKEN_RE.findall(text):
        raw = raw.strip(".:-")
        if not raw:
            continue
        low = fold(raw)
        hub = _HUB_REPO_RE.match(low)
        if hub:  # "unsloth/Qwen3-14B-GGUF": the repository's name, without its owner
            raw, low = raw[hub.end():], low[hub.end():]
        if any(ch.isdigit() for ch in low) and _packing_re().search(low):
            # "Qwen3-8B-GGUF", "….Q4_K_M.gguf": how the weights are packed is not part of the name
            raw, low = _drop_packing(raw), _drop_packing(low)
            if not low:
                continue
        m = _PLURAL_CARD_RE.match(low)
        if m:
            cut = len(low) - m.end(1)
            raw, low = raw[:-cut], low[:-cut]
        if "/" in low and all(canonical_quant(part) for part in low.split("/")):  # "q4/q8"
            out.extend(Token(part, fold(part)) for part in raw.split("/"))
            continue
        if split and "-" in low and _split_compound(low):
            out.extend(Token(part, fold(part)) for part in raw.split("-") if part)
            continue
        out.append(Token(raw, low))
    return out


@cache
def _packing_re() -> re.Pattern[str]:
    """A packing word of a repository id or file name (answers/lexicon/common.toml), as a part of the word."""
    words = "|".join(sorted(map(re.escape, lexicon().model_file_words), key=len, reverse=True))
    return re.compile(rf"[-_.]({words})(?=$|[-_.:])", re.IGNORECASE)


def _drop_packing(text: str) -> str:
    return _packing_re().sub("", text).strip(".:-_")


def _split_compound(low: str) -> bool:
    if canonical_quant(low) or _BITS_RE.match(low):
        return False
    stop = _stopwords()
    tasks = _task_words()  # "phi-4-reasoning" is a name; "reasoning-modell" splits on "modell"
    return any((part in stop and part not in tasks) or _MEM_UNIT_RE.match(part) for part in low.split("-") if part)


# --------------------------------------------------------------------------- numbers and units
_NUM = r"\d+(?:\.\d+)?"
_MEM_GLUED_RE = re.compile(rf"^({_NUM})({MEMORY_UNITS})$")
_MEM_UNIT_RE = re.compile(rf"^(?:{MEMORY_UNITS})$")
_CTX_GLUED_RE = re.compile(rf"^({_NUM})k$")
_CTX_MEGA_RE = re.compile(rf"^({_NUM})m$")
_NUMBER_RE = re.compile(rf"^{_NUM}$")
_TOKEN_UNITS = frozenset({"token", "tokens", "tok", "ctx"})

_BITS_TO_QUANT = {2: "Q2_K", 3: "Q3_K_M", 4: "Q4_K_M", 5: "Q5_K_M", 6: "Q6_K", 8: "Q8_0", 16: "F16"}
_QUANT_RE = re.compile(r"^(i?q\d(?:_[a-z0-9]+)*|b?fp?16|float16|mxfp4|int[48])$")
# "4-bit", "4bit", "4 bit" (the last as two tokens), "8 bits", "4-bits"
_BITS_RE = re.compile(r"^(\d{1,2})-?bits?$")




# "q4km", "Q4-K-M", "q4_km", "q6k", "iq4xs": the same levels typed without (or with other) separators.
_QUANT_LOOSE_RE = re.compile(r"^(q\d)[_-]?k(?:[_-]?(xs|s|m|l))?$|^(iq\d)[_-]?(xxs|xs|s|m|nl)$|^(q\d)[_-](0|1)$")


def _quant_spelling(low: str) -> str:
    m = _QUANT_LOOSE_RE.match(low)
    if not m:
        return low
    if m.group(1):
        return f"{m.group(1)}_k" + (f"_{m.group(2)}" if m.group(2) else "")
    if m.group(3):
        return f"{m.group(3)}_{m.group(4)}"
    return f"{m.group(5)}_{m.group(6)}"


def canonical_quant(text: str) -> str | None:
    """"q4" → "Q4_K_M", "Q5_K_S" → "Q5_K_S", "fp16" → "F16", "4-bit" → "Q4_K_M", "q4km"/"Q4-K-M" →
    "Q4_K_M"; None if not a quant."""
    low = _quant_spelling(fold(text).strip())
    bits = _BITS_RE.match(low)
    if bits:
        return _BITS_TO_QUANT.get(int(bits.group(1)))
    if low in QUANT_ALIASES:  # shorthands → level names: the estimator's one alias map
        return QUANT_ALIASES[low]
    if not _QUANT_RE.match(low):
        return None
    upper = low.upper()
    # Unknown but quant-shaped ("Q7") stays as typed (uppercased): the engine reports it invalid.
    return upper if upper in BY_NAME or upper.startswith(("Q", "IQ")) else None


def parse_memory(text: str) -> float | None:
    """A memory amount anywhere-shaped like "12 GB", "12gb", "12 Go", "12,5 GB"; None otherwise."""
    toks = tokenize(clean(text))
    mem, _ = _find_memory(toks)
    return mem


def parse_context(text: str) -> int | None:
    """Context length in tokens: "32k" → 32768, "32768 tokens", "128K di contesto", "1M context"."""
    toks = tokenize(clean(text))
    ctx, _ = _find_context(toks)
    return ctx


def _find_memory(toks: list[Token]) -> tuple[float | None, int | None]:
    """First graphics-memory amount and the index of its number token."""
    mem, at, _ram = _find_sizes(toks)
    return mem, at


def _find_sizes(toks: list[Token]) -> tuple[float | None, int | None, float | None]:
    """(graphics memory, index of its number, system RAM). A size followed by a RAM word ("64 GB
    RAM", "64gb di ram", "64 GB DDR5") is system RAM; the first other size is graphics memory."""
    mem: float | None = None
    at: int | None = None
    ram: float | None = None
    ram_words = _word_set("ram_words") if toks else frozenset()
    for i, t in enumerate(toks):
        if t.used:
            continue
        m = _MEM_GLUED_RE.match(t.low)
        if m:
            value, end = float(m.group(1)), i + 1
        elif _NUMBER_RE.match(t.low) and i + 1 < len(toks) and _MEM_UNIT_RE.match(toks[i + 1].low):
            if toks[i + 1].low == "go" and i + 2 < len(toks) and toks[i + 2].low in _GO_VERB_NEXT:
                continue  # "does phi 4 go on a 4070": the English verb, not French "Go"
            value, end = float(t.low), i + 2
        else:
            continue
        is_ram = _ram_follows(toks, end, ram_words)
        if (ram if is_ram else mem) is not None:
            continue  # the first of each kind counts; later sizes stay free ("3060 12gb" handled by parse)
        for k in range(i, end):
            toks[k].used = True
        if end < len(toks) and toks[end].low in {"vram", "ram", "memory"}:
            toks[end].used = True
        if is_ram:
            ram = value
            for k in range(end, min(end + 3, len(toks))):
                if toks[k].low in ram_words:
                    toks[k].used = True
        else:
            mem, at = value, i
        if mem is not None and ram is not None:
            break
    return mem, at, ram


def _ram_before(toks: list[Token], at: int) -> bool:
    """A RAM word before the size at `at`, and no graphics-memory word right after the size."""
    ram_words = _word_set("ram_words")
    nxt = toks[at + 1].low if at + 1 < len(toks) else ""
    after = toks[at + 2].low if at + 2 < len(toks) else ""
    if "vram" in (nxt, after):
        return False
    return any(t.low in ram_words for t in toks[:at])


_GO_VERB_NEXT = frozenset({"on", "in", "to", "with", "for", "fast", "faster", "slow", "at", "up", "with"})


def _size_after_ram_word(toks: list[Token], after: int) -> float | None:
    """The first size not yet read that comes after a RAM word, both after token `after`."""
    ram_words = _word_set("ram_words")
    seen = False
    for i in range(after + 1, len(toks)):
        low = toks[i].low
        if low in ram_words:
            seen = True
        elif seen and not toks[i].used:
            glued = _MEM_GLUED_RE.match(low)
            if glued:
                return float(glued.group(1))
            if _NUMBER_RE.match(low) and i + 1 < len(toks) and _MEM_UNIT_RE.match(toks[i + 1].low):
                return float(low)
    return None


def _ram_follows(toks: list[Token], end: int, ram_words: frozenset[str]) -> bool:
    """A RAM word right after a size, or after one short word ("64gb di ram", "64 GB system RAM")."""
    for k in range(end, min(end + 2, len(toks))):
        low = toks[k].low
        if low in ram_words:
            return True
        if low in {"vram", "memory"} or len(low) > 3 and low not in ram_words:
            return False
    return False


def _token_count(value: float) -> int:
    """Tokens as an int; an overflowing figure ("999…9", "1e306k") becomes one the bounds check
    refuses in words, instead of an OverflowError."""
    return int(value) if math.isfinite(value) and value < 1e18 else 10**18


def _find_context(toks: list[Token], gpus: Resolver | None = None) -> tuple[int | None, int | None]:
    """First context length and the index of its number. `gpus` keeps a card number that merely
    sits near the word "context" ("max context on a 4090") from being read as a length."""
    has_ctx_word = any(t.low in _word_set("context_words") for t in toks)
    for i, t in enumerate(toks):
        if t.used:
            continue
        nxt = toks[i + 1].low if i + 1 < len(toks) else ""
        m = _CTX_GLUED_RE.match(t.low)
        if m:  # "32k": k means 1,024 tokens in every context-length convention
            t.used = True
            return _token_count(float(m.group(1)) * 1024), i
        m = _CTX_MEGA_RE.match(t.low)
        if m and has_ctx_word:
            t.used = True
            return _token_count(float(m.group(1)) * 1024 * 1024), i
        if _NUMBER_RE.match(t.low):
            if nxt == "k":
                t.used = toks[i + 1].used = True
                return _token_count(float(t.low) * 1024), i
            if nxt in _TOKEN_UNITS or (
                has_ctx_word and float(t.low) >= 256 and _near_ctx_word(toks, i)
                and (gpus is None or not _in_card_name(toks, i, gpus))
            ):
                t.used = True
                return _token_count(float(t.low)), i
    return None, None


def _in_card_name(toks: list[Token], i: int, gpus: Resolver) -> bool:
    """Whether toks[i] is the number of a card name ("rx 7800 xt", "4090")."""
    if gpus.lookup(toks[i].text) is not None:
        return True
    before = toks[i - 1].text + " " if i > 0 else ""
    after = " " + toks[i + 1].text if i + 1 < len(toks) else ""
    return any(gpus.lookup(name) is not None for name in (before + toks[i].text, toks[i].text + after,
                                                            before + toks[i].text + after) if name != toks[i].text)


def _near_ctx_word(toks: list[Token], i: int) -> bool:
    return any(t.low in _word_set("context_words") for t in toks[max(0, i - 3): i + 4])


def _find_quants(toks: list[Token]) -> list[str]:
    """Every quant level named, in reading order, without repeats ("q8 or q4" → both)."""
    out: list[str] = []
    for i, t in enumerate(toks):
        if t.used:
            continue
        q = canonical_quant(t.low)
        if q is None and _NUMBER_RE.match(t.low) and i + 1 < len(toks) and toks[i + 1].low in {"bit", "bits"}:
            q = _BITS_TO_QUANT.get(_token_count(float(t.low)))
            if q:
                toks[i + 1].used = True
        if q is None:
            # ollama-style tags glue the quant to the name: "qwen3:8b-q4_K_M"
            m = re.search(r"[-:_](i?q\d(?:_[a-z0-9]+)*|fp16|f16)$", t.low)
            if m and (q := canonical_quant(m.group(1))):
                t.text = t.text[: m.start()]
                t.low = t.low[: m.start()]
                if q not in out:
                    out.append(q)
            continue
        t.used = True
        if q not in out:
            out.append(q)
    return out


# --------------------------------------------------------------------------- vocabulary
# Words, phrases and patterns of every language live in answers/lexicon/<lang>.toml (checked at
# load); this module keeps only the algorithm.


@cache
def _patterns() -> tuple[Pattern, ...]:
    return lexicon().patterns()


@cache
def _lang_weights() -> dict[str, dict[str, float]]:
    """word → language → weight. A language's own function words are weak evidence (0.6) when no
    other language has the same word; its listed language words count with their own weight."""
    langs = lexicon().languages
    out: dict[str, dict[str, float]] = {}
    for code, lx in langs.items():
        for w in lx.function_words:
            if not any(w in other.function_words for c, other in langs.items() if c != code):
                out.setdefault(w, {})[code] = 0.6
        for greeting in lx.greetings:
            for w in greeting.split():
                if not any(w in other.function_words or w in other.language_words
                           for c, other in langs.items() if c != code):
                    out.setdefault(w, {})[code] = max(out.get(w, {}).get(code, 0.0), 2.5)
    for code, lx in langs.items():
        for w, wt in lx.language_words.items():
            out.setdefault(w, {})[code] = max(out.get(w, {}).get(code, 0.0), wt)
    return out


@cache
def _task_words() -> dict[str, str]:
    """word → task ("coding", "vision", "reasoning", "chat"), every language."""
    return {w: task for lx in lexicon().languages.values() for task, words in lx.tasks.items() for w in words}


@cache
def _count_words() -> dict[str, int]:
    return {w: n for lx in lexicon().languages.values() for w, n in lx.count_words.items()}


@cache
def _word_set(key: str) -> frozenset[str]:
    """The union over languages of one word list (people mix languages)."""
    return frozenset(w for lx in lexicon().languages.values() for w in getattr(lx, key))


@cache
def _stopwords() -> frozenset[str]:
    """Function words plus every plain word the intent patterns use: none of them names a thing."""
    lx = lexicon()
    words = set(lx.common_function_words) | set(lx.ordinary_words) | set(_task_words()) | set(_count_words())
    for lang in lx.languages.values():
        words |= lang.function_words
        if lang.budget is not None:  # "a few bucks", "muchos pavos": money words, never a name
            words |= {w for ws in lang.budget.currencies.values() for w in ws} | lang.budget.nouns | lang.budget.spend
        for greeting in lang.greetings:
            words.update(greeting.split())
    from .versus_words import words as versus_words

    words |= versus_words()  # "vs", "contro", "compared": a comparison's words are never a name
    from .at_once import words as at_once_words

    words |= at_once_words()  # "at the same time", "gleichzeitig": never a name
    for p in _patterns():
        plain = re.sub(r"\\[a-zA-Z]", " ", p.regex.pattern)  # drop \b, \S… before reading words
        words.update(w for w in re.findall(r"[a-z]{3,}", plain))
    # Words that are also parts of names: keep them out of the stop list.
    return frozenset(words - lx.name_words)


@cache
def _typo_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """(words a slip is mended to: the patterns' and the language lists' words; every word known as is)."""
    vocabulary = {w for w in _lang_weights() if len(w) >= 4 and w.isalpha()}
    for p in _patterns():
        plain = re.sub(r"\\[a-zA-Z]", " ", p.regex.pattern)
        vocabulary.update(re.findall(r"[a-z]{4,}", plain))
    return tuple(sorted(vocabulary)), frozenset(vocabulary | _stopwords() | _task_words().keys())


# --------------------------------------------------------------------------- entity spans
@dataclass
class Span:
    start: int
    end: int  # exclusive
    kind: str  # "model" | "gpu"
    res: Resolution
    text: str

    @property
    def score(self) -> float:
        top = self.res.best or (self.res.candidates[0] if self.res.candidates else None)
        return top.score if top else 0.0


_MAX_SPAN = 7


def _content(tok: Token, stop: frozenset[str]) -> bool:
    return not tok.used and tok.low not in stop


def _names_with_task(toks: list[Token], i: int, j: int, models: Resolver) -> bool:
    """A task word or a short function word that ends a model's exact name ("phi-4 reasoning", "llama 3.2 11b
    vision", "command a") is the name's."""
    if toks[j].used or (toks[j].low not in _task_words() and len(toks[j].low) > 2):
        return False
    return any(models.lookup(" ".join(t.text for t in toks[s: j + 1])) is not None for s in range(max(i, j - 4), j))


def _find_spans(toks: list[Token], models: Resolver, gpus: Resolver) -> tuple[list[Span], list[str]]:
    """Resolved spans in reading order, and the runs of content words nothing matched."""
    stop = _stopwords()
    # Chunks: maximal runs of content tokens.
    chunks: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if _content(toks[i], stop):
            j = i
            while j < len(toks) and (_content(toks[j], stop) or _names_with_task(toks, i, j, models)):
                j += 1
            chunks.append((i, j))
            i = j
        else:
            i += 1
    spans: list[Span] = []
    unknown: list[str] = []
    taken = [False] * len(toks)
    for a, b in chunks:
        # 1. exact names, longest first (cheap dictionary lookups)
        for n in range(min(_MAX_SPAN, b - a), 0, -1):
            for s in range(a, b - n + 1):
                if any(taken[s: s + n]):
                    continue
                text = " ".join(t.text for t in toks[s: s + n])
                if len(text) < 2 or (n == 1 and toks[s].low.isdigit() and len(toks[s].low) < 3):
                    continue
                for kind, resolver in _kind_order(toks, s, models, gpus):
                    res = resolver.lookup(text)
                    if res is not None and kind == "model" and _name_goes_on(toks, s + n, b, text, models):
                        break  # "mistral small": not Mistral 7B plus a stray word; the longer name decides
                    if res is not None:
                        spans.append(Span(s, s + n, kind, res, text))
                        for k in range(s, s + n):
                            taken[k] = True
                        break
        # 1b. a size in the chunk that the exact names left out or took alone ("deepseek r1 distill
        # 32b" is not DeepSeek-R1, "r1 distill qwen 14b" not Qwen-14B): the whole name, if some
        # model of that size matches it.
        _whole_sized_name(toks, a, b, models, spans, taken)
        # 2. leftovers go through the fuzzy resolvers, trimmed from the edges if need be
        k = a
        while k < b:
            if taken[k]:
                k += 1
                continue
            e = k
            while e < b and not taken[e]:
                e += 1
            _fuzzy_run(toks, k, e, models, gpus, spans, unknown)
            k = e
    spans.sort(key=lambda sp: sp.start)
    return spans, unknown


def _name_goes_on(toks: list[Token], end: int, b: int, text: str, models: Resolver) -> bool:
    """The next word of the chunk continues a model name that `text` only begins, and is not itself a
    size, a level or a number (those are read on their own)."""
    if end >= b or not toks[end].low.isalpha():
        return False
    return models.starts_a_name(f"{text} {toks[end].text}")


_NAME_SIZE_RE = re.compile(r"^(\d{1,4}(?:\.\d{1,2})?)b$")  # "32b", "1.5b": a size inside a model name


def _whole_sized_name(
    toks: list[Token], a: int, b: int, models: Resolver, spans: list[Span], taken: list[bool],
) -> None:
    sizes = [k for k in range(a, b) if _NAME_SIZE_RE.match(toks[k].low)]
    if not sizes or b - a < 2 or all(taken[a:b]) and len([s for s in spans if a <= s.start < b]) <= 1:
        return
    inside = [sp for sp in spans if a <= sp.start < b]
    if any(sp.kind == "gpu" for sp in inside):
        return  # a card in the same run of words: the names were already told apart
    best: Span | None = None
    for s, e in ((a, b), (a, sizes[-1] + 1)):
        if e - s < 2:
            continue
        text = " ".join(tok.text for tok in toks[s:e])
        res = models.resolve(text)
        size = _NAME_SIZE_RE.match(toks[sizes[-1]].low).group(1)  # type: ignore[union-attr]
        if res.best is None or not re.search(rf"(?<![\d.]){re.escape(size)}\s*b\b", fold(res.best.name)):
            continue
        if best is None or res.best.score > best.score:
            best = Span(s, e, "model", res, text)
    if best is None:
        return
    covered = [sp for sp in inside if sp.start >= best.start and sp.end <= best.end]
    if any(sp.res.best is not None and sp.res.best.name == best.res.best.name for sp in covered):  # type: ignore[union-attr]
        return  # the exact names already found it
    for sp in covered:
        spans.remove(sp)
    spans.append(best)
    for k in range(best.start, best.end):
        taken[k] = True


def _kind_order(toks: list[Token], s: int, models: Resolver, gpus: Resolver) -> list[tuple[str, Resolver]]:
    """A word like "on"/"my"/"su" before the span makes it a card first; otherwise a model first."""
    if s > 0 and toks[s - 1].low in _word_set("card_words"):
        return [("gpu", gpus), ("model", models)]
    return [("model", models), ("gpu", gpus)]


def _fuzzy_run(
    toks: list[Token], a: int, b: int, models: Resolver, gpus: Resolver,
    spans: list[Span], unknown: list[str], depth: int = 0,
) -> None:
    """Best fuzzy span inside toks[a:b] (the whole run, then with words trimmed off either end);
    what is left on either side is searched the same way ("lama 3 8b rtx 3080 tii")."""
    for e in range(b, a + 1, -1):
        # Words that begin several names ("mistral small" → Small 3, 3.1, 3.2) are read together, so a
        # shorter exact name inside them ("mistral") does not win on score; the engine then picks or asks.
        text = " ".join(t.text for t in toks[a:e])
        if toks[e - 1].low.isalpha() and models.starts_a_name(text):
            res = models.resolve(text)
            if res.best is not None or res.ambiguous:
                spans.append(Span(a, e, "model", res, text))
                if e < b and depth < 2 and len("".join(t.text for t in toks[e:b])) >= 3:
                    _fuzzy_run(toks, e, b, models, gpus, spans, unknown, depth + 1)
                return
    tries = [(a, b)]
    for cut in (1, 2):
        if b - a > cut:
            tries += [(a + cut, b), (a, b - cut)]
    best: Span | None = None
    for s, e in tries:
        text = " ".join(t.text for t in toks[s:e])
        if len(text.replace(" ", "")) < 3:
            continue
        for kind, resolver in _kind_order(toks, s, models, gpus):
            res = resolver.resolve(text)
            if res.best is None and not res.ambiguous:
                continue
            if e - s == 1 and not any(ch.isdigit() for ch in text) and (res.best is None or res.best.score < 90):
                continue  # one plain word, loosely matched: an ordinary word ("corren" ≈ "CoRe"), not a name
            if res.best is None and text.replace(".", "").isdigit():
                continue  # a bare number that only starts names ("under 1000 dollars") is not a card
            if kind == "gpu" and e - s == 1 and _SIZE_ONLY_RE.match(toks[s].low):
                continue  # "a 5000b model" is a size in billions, never a fuzzy "RTX 5000"
            span = Span(s, e, kind, res, text)
            if best is None or span.score > best.score + 1e-9:
                best = span
        if best is not None and best.res.best is not None and best.score >= 95:
            break
    if best is None:
        unknown.append(" ".join(t.text for t in toks[a:b]))
        return
    spans.append(best)
    if depth < 2:
        for s, e in ((a, best.start), (best.end, b)):
            if e > s and len("".join(t.text for t in toks[s:e])) >= 3:
                _fuzzy_run(toks, s, e, models, gpus, spans, unknown, depth + 1)


# --------------------------------------------------------------------------- language and intent
def locale_language(locale: str | None) -> str | None:
    """A Discord locale ("es-ES", "pt-BR", "en-US", "it") → a lexicon language code, or None."""
    if not locale:
        return None
    code = locale.replace("_", "-").split("-")[0].casefold()
    return code if code in lexicon().languages else None


def detect_language(folded: str, raw: str = "", locale: str | None = None) -> str | None:
    """Language by weighted keyword scores; the asker's Discord locale, when given, is one more piece
    of evidence and decides when the words do not. None when nothing tells and no locale."""
    weights = _lang_weights()
    score = dict.fromkeys(lexicon().codes, 0.0)
    raw_words = set(re.findall(r"[^\s\d.,;:!?¿¡()\"'«»“”]+|[¿¡]", raw.casefold()))
    for code, lx in lexicon().languages.items():
        score[code] += 2.0 * len(raw_words & lx.accented_words)  # "è" alone is Italian's "is", "é" Portuguese's
    product = lexicon().product_words  # "m2 pro", "4060 ti": names, not Portuguese or Italian
    # A product word after a name-like word ("m2 pro", "macbook pro") is the name's; alone, after the
    # card's name was taken out ("3090 pro mixtral"), it is a word of the sentence (Portuguese "pro").
    named = {w for prev, w in re.findall(r"([\w-]+)\s+(?=([a-z]+)\b)", folded)
             if any(c.isdigit() for c in prev) or prev in lexicon().name_words or prev.startswith("mac")}
    named |= set(re.findall(r"^\s*([a-z]+)\b", folded)) & product
    for w in set(re.findall(r"[a-z]+(?:'[a-z]*)?", folded)) | set(re.findall(r"[a-z]+(?:-[a-z]+)+", folded)):
        if w in product and w in named:
            continue
        for lang, wt in (weights.get(w) or weights.get(_unstretch(w), {})).items():
            score[lang] += wt
    if "fr" in score and re.search(r"\b(qu|l|d|j|c|s|n|t)'", folded):
        score["fr"] += 1.5
    if "it" in score and re.search(r"\b(un|dell|nell|sull|quest|c|l)'", folded):
        score["it"] += 1.0
    hint = locale_language(locale)
    if hint is not None:
        score[hint] += 1.0
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    if ranked[0][1] <= 0 or ranked[0][1] == ranked[1][1]:
        return hint
    return ranked[0][0]


def _intent(
    folded: str, has_model: bool, n_cards: int, has_memory: bool, has_context: bool,
    *, gpu_count: int | None = None, task: str | None = None, n_quants: int = 0,
) -> str:
    # PARSER_INTENTS (answers.intents_table) is in tie-breaking order: more specific questions first.
    scores = dict.fromkeys(PARSER_INTENTS, 0.0)
    for p in _patterns():
        if p.regex.search(folded):
            # One hit per intent per language is enough; several languages do not add up twice.
            scores[p.intent] = max(scores[p.intent], p.weight)
    if gpu_count and gpu_count > 1 and not _asks_if_more_cards_help(folded):
        # A setup ("dual 3090", "2x 4090") asked about as a whole keeps the one-card intent
        # (can run, how fast); two_gpus is for "would a second card help / make it faster".
        scores["two_gpus"] = 0.0
    if n_cards < 2:
        scores["compare"] -= 3.0  # a comparison needs two cards; "7b vs 14b on a 3060" asks what fits
    if has_model:
        scores["card_models"] -= 3.0  # "can I run X on my 4090" is about X, not the 4090's list
        scores["memory_cards"] = 0.0  # "best 16gb card for X" is about X on that size, not a list of cards
    if n_quants > 1 and n_cards < 2:
        # "q8 or q4 for X", "meglio q4 o q6": a choice of level, answered by what fits.
        scores["compare"] -= 4.0
        scores["can_run" if has_model else "card_models"] += 2.0
    if task and not has_model and (n_cards or has_memory):
        scores["card_models"] += 3.0  # "good coding model for 12 GB"
    # Entity priors: what the question is about when the words leave it open.
    if has_model and has_memory:
        scores["can_run"] += 2.5
    if has_model and n_cards == 1:
        scores["can_run"] += 2.5
        scores["speed"] += 0.5
    if n_cards >= 2:
        # Two named cards: "is X faster on A or B" is a comparison even with "faster" in it.
        scores["compare"] += 4.5 if has_model else 3.0
    if n_cards == 1 and not has_model:
        scores["card_models"] += 2.5
    if n_cards >= 1 and not has_model:
        for intent in ("can_run", "vram", "parameters", "maker", "release", "purpose", "download", "compute",
                       "open_source", "model_info", "what_gpu"):
            scores[intent] -= 2.0  # these are about a model
    if has_memory and not has_model and n_cards == 0:
        scores["card_models"] += 2.0
    if has_model and n_cards == 0 and not has_memory:
        scores["model_info"] += 2.0
    if has_model:
        scores["help"] -= 4.0
    if has_model and has_context:
        scores["vram"] += 1.0
    if not has_model and n_cards == 0:
        for intent in ("can_run", "vram", "speed", "model_info"):
            scores[intent] -= 1.0
    best = max(PARSER_INTENTS, key=lambda k: (scores[k], -PARSER_INTENTS.index(k)))
    return best if scores[best] >= 2.0 else "fallback"


def _pattern_score(folded: str, intent: str) -> float:
    return max((p.weight for p in _patterns() if p.intent == intent and p.regex.search(folded)), default=0.0)


def _asks_if_more_cards_help(folded: str) -> bool:
    return any(lx.more_cards_help.search(folded) for lx in lexicon().languages.values())


# Intents a second ask can add ("who released X and when", "how fast … also does it fit at q6").
_SECOND_ASKS = frozenset({
    "can_run", "speed", "vram", "maker", "release", "download", "parameters", "open_source", "purpose",
    "compute", "longest_context", "offload", "two_gpus", "what_gpu", "smallest", "fastest",
})
# Answers that already say what a second ask would: an offload answer gives its speed.
_COVERS = {"offload": frozenset({"speed", "can_run"}), "two_gpus": frozenset({"speed", "can_run"})}


@cache
def _separator_re() -> re.Pattern[str]:
    """A question mark, or a word of any language that joins a second ask."""
    words = sorted(_word_set("and_words"), key=len, reverse=True)
    return re.compile(r"\?|\b(" + "|".join(map(re.escape, words)) + r")\b")


def _more_asks(folded: str, intent: str) -> list[str]:
    """Other intents asked after a separator ("?", "and", "e", "et", "und", "y"…), in reading order.
    Only language patterns of some weight count: a stray word does not make a second question."""
    sep = _separator_re().search(folded)
    if sep is None or intent not in _SECOND_ASKS:
        return []
    covered = _COVERS.get(intent, frozenset())
    hits: dict[str, int] = {}
    for p in _patterns():
        if (p.lang == "all" or p.weight < 3.0 or p.intent == intent or p.intent not in _SECOND_ASKS
                or p.intent in covered):
            continue
        for m in p.regex.finditer(folded):
            if m.start() >= sep.start():
                hits[p.intent] = min(hits.get(p.intent, m.start()), m.start())
                break
    return sorted(hits, key=hits.get)


_QUESTION_END_RE = re.compile(r"\?(?=[^?]*\w)")  # a "?" with words after it (each "?" looks only to the next)


def _first_ask(ftext: str, intent: str) -> str | None:
    """An ask made before the separator when the winning one is only asked after it ("how much VRAM
    does X need and how fast is it?", "is X open source? where do I get it"): the message's first
    question, so the asks keep their reading order. Only phrases of some weight count there, as for
    the asks after it: a stray word does not make a first question."""
    # A question mark with words after it ends the first question; without one, "and" does ("y", "e"…,
    # never the folded "è"/"é" of "is" when a question mark is there to go by).
    sep = _QUESTION_END_RE.search(ftext) or _separator_re().search(ftext)
    if sep is None or intent not in _SECOND_ASKS:
        return None
    winner = [m.start() for p in _patterns() if p.intent == intent and p.lang != "all" and p.weight >= 3.0
              for m in [p.regex.search(ftext)] if m]
    if not winner or min(winner) < sep.start():
        return None  # the winner is asked first (or only by the entities): nothing comes before it
    covered = _COVERS.get(intent, frozenset())
    before = ftext[:sep.start()]
    best: tuple[float, int, str] | None = None
    for p in _patterns():
        if (p.lang == "all" or p.weight < 3.0 or p.intent == intent or p.intent not in _SECOND_ASKS
                or p.intent in covered):
            continue
        m = p.regex.search(before)
        if m and (best is None or (p.weight, -m.start()) > best[:2]):
            best = (p.weight, -m.start(), p.intent)
    return best[2] if best else None


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
    from .versus_words import model_pair

    pair = model_pair(toks, spans)  # "llama 3.1 8b vs mistral 7b": both, in reading order
    if pair is not None:
        model_span = pair[0]
    from . import at_once

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
        spans = [sp for sp in spans if not (sp.kind == "model" and _SIZE_ONLY_RE.match(sp.text.casefold().replace(" ", "")))]
        unknown = [u for u in unknown if not _SIZE_ONLY_RE.match(u.casefold().replace(" ", ""))]
        model_span = None
    cards = [s for s in spans if s.kind == "gpu"][:2]
    # Names say nothing about the language ("5060 ti" is not Italian's "ti"): read the rest.
    # A card count ("2x 3060", "3090 x2") says nothing about the language either (Italian's "x" is "per").
    language = detect_language(_COUNT_RE.sub(" ", _without_names(fold(text), spans)), text, locale)

    # "rtx 3060 12gb": a size right after a card is part of the card's name when that is a card.
    for k, card in enumerate(cards):
        if memory is None or mem_at != card.end:
            continue
        glued = _MEM_GLUED_RE.match(toks[mem_at].low)
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
    # The hardware the asker owns, read once by the one reader of setup phrases (answers/setup_words.py).
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
    """The budget said in the question (answers/budget_words.py), its tokens used up."""
    if not any(ch.isdigit() for ch in text):
        return None
    has_ctx = any(t.low in _word_set("context_words") for t in toks)
    return budget_words.find(toks, lambda i: _in_card_name(toks, i, gpus), has_ctx)


_COUNT_RE = re.compile(r"(?<![\w.])(?:\d{1,2}\s?[x×]|[x×]\s?\d{1,2})(?![\w.])")  # "2x", "x2", "4 ×"
_SIZE_ONLY_RE = re.compile(r"^(\d{1,4}(?:\.\d{1,2})?)b$")  # "70b", "7B", "1.5b": billions of parameters


def _bare_size(toks: list[Token], spans: list[Span], model_span: Span | None) -> float | None:
    """The size of a model asked about by its size alone ("a 70b", "un 70B"); None when words
    around it name a model ("llama 70b" is a span of its own) or no such size is typed."""
    if model_span is not None and not _SIZE_ONLY_RE.match(model_span.text.casefold().replace(" ", "")):
        return None
    found: set[float] = set()
    for i, tok in enumerate(toks):
        m = _SIZE_ONLY_RE.match(tok.low)
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
        if hi - lo > 1 or not _SIZE_ONLY_RE.match(tok.low):
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
    from .pickled import compile_cached  # a long alternation: compiled once, then read from the start-up cache

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


_STRETCH_RE = re.compile(r"([a-z])\1+$")


def _unstretch(word: str) -> str:
    """A word typed with its last letter held ("holaaa", "merciii", "moinnn") → the word ("hola")."""
    return _STRETCH_RE.sub(r"\1", word)


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
