"""Numbers with units in a question: memory sizes, context lengths, quantization levels.
"""

from __future__ import annotations

import math
import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.reading.amounts import K_TOKENS
from answers.reading.dynamic_level import dynamic_level
from answers.reading.sizes import MEMORY_GLUED_RE, MEMORY_UNIT_RE, RAM_TYPE_TOKEN_RE
from answers.reading.tokens import Token, clean, tokenize
from answers.reading.units import _BITS_TO_QUANT, _CTX_GLUED_RE, _CTX_MEGA_RE, _NUMBER_RE, _TOKEN_UNITS, canonical_quant
from answers.reading.vocabulary import _word_set
from catalog.resolve import Resolver
from catalog.text import fold
from estimator.formats import find_format


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
        m = MEMORY_GLUED_RE.match(t.low)
        if m:
            value, end = float(m.group(1)), i + 1
        elif _NUMBER_RE.match(t.low) and i + 1 < len(toks) and MEMORY_UNIT_RE.match(toks[i + 1].low):
            if toks[i + 1].low == "go" and i + 2 < len(toks) and toks[i + 2].low in _GO_VERB_NEXT:
                continue  # "does phi 4 go on a 4070": the English verb, not French "Go"
            value, end = float(t.low), i + 2
        elif _bare_ram(toks, i, ram_words):
            value, end = float(t.low), i + 1  # "24 gb de vram e 64 de ram": the unit said once, for both
        else:
            continue
        if _in_use_follows(toks, end):
            for k in range(i, end + 1):  # "nvidia-smi shows 3gb used": a reading of the card, never its size
                toks[k].used = True
            continue
        is_ram = _ram_follows(toks, end, ram_words)
        if (ram if is_ram else mem) is not None:
            if value == (ram if is_ram else mem) and _said_again(toks, i):
                for k in range(i, end):  # "16gb vram, reichen 16 gb?": the same memory said again, never a name
                    toks[k].used = True
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


_PURPOSE_LINKS = frozenset({"for", "as", "to", "per", "para", "pour", "fur", "come", "como", "zum", "zur", "a"})
_IN_USE_PAIRS = frozenset({("in", "use"), ("em", "uso"), ("en", "uso"), ("in", "uso"), ("im", "einsatz")})


def _in_use_follows(toks: list[Token], end: int) -> bool:
    """An amount followed by a word saying it is in use ("3gb used", "3 GB belegt", "3 go utilisés", "3gb em uso"),
    and no card number right after it ("24gb used 3090" is a second-hand card's memory)."""
    if end >= len(toks):
        return False
    word = fold(toks[end].low)
    nxt = toks[end + 1].low if end + 1 < len(toks) else ""
    if word in lexicon().memory_in_use_words:  # "24gb used for coding", "24gb used 3090": a purpose or a card after
        return not any(c.isdigit() for c in nxt) and nxt not in _PURPOSE_LINKS
    return (word, nxt) in _IN_USE_PAIRS


def _said_again(toks: list[Token], i: int) -> bool:
    """A size repeated is the memory said a second time unless a card or machine name comes right before it (the
    "12gb" of "a 3060 12gb" after "12gb of vram" is the card's own, read by the name resolver)."""
    before = toks[i - 1].low if i > 0 else ""
    return not any(c.isdigit() for c in before) or bool(MEMORY_GLUED_RE.match(before))


_NOT_RAM_ALONE = frozenset({"system", "sistema", "systeme"})  # "system" alone after a number says no RAM


def _bare_ram(toks: list[Token], i: int, ram_words: frozenset[str]) -> bool:
    """A number without a unit right before a RAM word, or one short word before it ("64 de ram", "32 ram")."""
    if not _NUMBER_RE.match(toks[i].low) or not 4 <= float(toks[i].low) <= 4096:
        return False
    words = lexicon()
    if i > 0 and toks[i - 1].low in words.product_number_words:
        return False  # "rtx 2080 and ddr4": a card's number, not an amount
    for k in range(i + 1, min(i + 3, len(toks))):
        low = toks[k].low
        if low in ram_words and low not in _NOT_RAM_ALONE:
            return True
        if low not in words.ram_amount_links:
            return False  # "2080 and ddr4", "7950x e ddr5": "and" joins two things, "de"/"of" names the amount's
    return False



def _ram_before(toks: list[Token], at: int) -> bool:
    """A RAM word before the size at `at`, and no graphics-memory word right after the size."""
    ram_words = _word_set("ram_words")
    nxt = toks[at + 1].low if at + 1 < len(toks) else ""
    after = toks[at + 2].low if at + 2 < len(toks) else ""
    if "vram" in (nxt, after):
        return False
    return any(t.low in ram_words for t in toks[:at])


_GO_VERB_NEXT = frozenset({"on", "in", "to", "with", "for", "fast", "faster", "slow", "at", "up"})


def _size_after_ram_word(toks: list[Token], after: int) -> float | None:
    """The first size not yet read that comes after a RAM word, both after token `after`."""
    ram_words = _word_set("ram_words")
    seen = False
    for i in range(after + 1, len(toks)):
        low = toks[i].low
        if low in ram_words:
            seen = True
        elif seen and not toks[i].used:
            glued = MEMORY_GLUED_RE.match(low)
            if glued:
                return float(glued.group(1))
            if _NUMBER_RE.match(low) and i + 1 < len(toks) and MEMORY_UNIT_RE.match(toks[i + 1].low):
                return float(low)
    return None


def _ram_follows(toks: list[Token], end: int, ram_words: frozenset[str]) -> bool:
    """A RAM word right after a size, or after one short word ("64gb di ram", "64 GB system RAM")."""
    for k in range(end, min(end + 2, len(toks))):
        low = toks[k].low
        if low in ram_words:
            return True
        if low in {"vram", "memory"} or len(low) > 3 and low not in ram_words:
            break
    # "64 gb di memoria ddr4", "64 go de mémoire DDR5": a RAM type a word or two on says what the size is
    for k in range(end, min(end + 3, len(toks))):
        low = toks[k].low
        if RAM_TYPE_TOKEN_RE.match(low):
            return True
        if not low.isalpha() or low == "vram":
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
            return _token_count(float(m.group(1)) * K_TOKENS), i
        m = _thousands_glued_re().match(t.low)
        if m and _near_ctx_word(toks, i):  # "32mila token di contesto": the spoken "32k" typed as one word
            t.used = True
            return _token_count(float(m.group(1)) * K_TOKENS), i
        m = _CTX_MEGA_RE.match(t.low)
        # "Radeon 780M … a 512-token prompt": a card's model number is no length in millions of tokens
        if m and has_ctx_word and (gpus is None or not _in_card_name(toks, i, gpus)):
            t.used = True
            return _token_count(float(m.group(1)) * K_TOKENS * K_TOKENS), i
        grouped = _thousands_grouped(toks, i)
        if grouped is not None and (
                _unit_at(toks, grouped[1]) or has_ctx_word and _near_ctx_word(toks, grouped[1] - 1)):
            # "32,768 tokens", "128.000 token di contesto", "32 768 tokens": one number in groups of three
            for k in range(i, grouped[1]):
                toks[k].used = True
            return _token_count(grouped[0]), i
        if _NUMBER_RE.match(t.low):
            if MEMORY_UNIT_RE.match(nxt) or _speed_follows(toks, i + 1):
                continue  # "256 GB tokens per second", "two 5090s tokens per second": a size, a card
            if nxt == "k" or (nxt in _word_set("thousand_words") and _near_ctx_word(toks, i)):
                # "32 mil tokens de contexto", "32 mila token": the spoken "32k", read the same way
                t.used = toks[i + 1].used = True
                return _token_count(float(t.low) * K_TOKENS), i
            if _token_unit(nxt) and _amount_at(toks, i + 2):
                continue  # "on a 3080 ctx 32k": the unit labels the amount after it, not the card's number
            if _token_unit(nxt) or (
                has_ctx_word and float(t.low) >= 256 and _near_ctx_word(toks, i)
                and (gpus is None or not _in_card_name(toks, i, gpus))
            ):
                t.used = True
                return _token_count(float(t.low)), i
    return None, None


@cache
def _thousands_glued_re() -> re.Pattern[str]:
    """A number with a thousand word glued to it ("32mila", "32mil")."""
    words = "|".join(longest_first(map(re.escape, _word_set("thousand_words"))))
    return compile_cached(rf"^(\d+(?:\.\d+)?)(?:{words})$")


_DOT_GROUPS_RE = compile_cached(r"^\d{1,3}(?:\.\d{3})+$")  # "128.000": a thousands dot, never 128.0
_GROUP_HEAD_RE = compile_cached(r"^\d{1,3}$")
_GROUP_RE = compile_cached(r"^\d{3}$")


def _thousands_grouped(toks: list[Token], i: int) -> tuple[int, int] | None:
    """A number written in groups of three digits from toks[i] ("128.000" one token; "32,768" and "32 768"
    split by the tokenizer into "32", "768"): its value and the index after it; None otherwise."""
    low = toks[i].low
    if _DOT_GROUPS_RE.match(low):
        return int(low.replace(".", "")), i + 1
    if not _GROUP_HEAD_RE.match(low):
        return None
    end = i + 1
    while end < len(toks) and not toks[end].used and _GROUP_RE.match(toks[end].low):
        end += 1
    return (int("".join(t.low for t in toks[i:end])), end) if end > i + 1 else None


def _token_unit(word: str) -> bool:
    """"tokens", "ctx", and a compound ending in one ("ausgabetokens", "output-tokens"): the number before
    it counts tokens, never a card's model number ("4000 ausgabetokens" is no Quadro RTX 4000)."""
    return word in _TOKEN_UNITS or (len(word) > 6 and word.endswith(("tokens", "token")))


def _unit_at(toks: list[Token], k: int) -> bool:
    return k < len(toks) and _token_unit(toks[k].low)


def _amount_at(toks: list[Token], k: int) -> bool:
    """Whether toks[k] is a token count: "32k", "1M", "32768"."""
    low = toks[k].low if k < len(toks) else ""
    return bool(_CTX_GLUED_RE.match(low) or _CTX_MEGA_RE.match(low) or _NUMBER_RE.match(low))


@cache
def _speed_units() -> tuple[tuple[str, ...], ...]:
    """The lexicon's speed units as token sequences, longest first ("tokens per second", "tok/s")."""
    units = {tuple(u.casefold().split()) for u in lexicon().speed_units}
    return tuple(sorted(units, key=len, reverse=True))


def _speed_follows(toks: list[Token], k: int) -> bool:
    """A speed unit starts at toks[k] ("tokens per second", "token al secondo"): the number before it is a
    speed or a card's number, never a context length."""
    lows = tuple(t.low for t in toks[k:k + 4])
    return any(lows[:len(u)] == u for u in _speed_units())


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
    dynamic = dynamic_level(toks)  # "Dynamic 2-bit": first, so its "2-bit" is not read as Q2_K
    out: list[str] = [dynamic] if dynamic else []
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
            m = re.search(r"[-:_]([it]?q\d(?:_[a-z0-9]+)*|fp16|f16)$", t.low)
            if m and (q := canonical_quant(m.group(1))):
                t.text = t.text[: m.start()]
                t.low = t.low[: m.start()]
                if q not in out:
                    out.append(q)
            continue
        t.used = True
        if q not in out:
            out.append(q)
    return _qat(toks, out)


# The level quantization-aware-trained weights come in (Google's Gemma 3 QAT GGUFs are Q4_0), and the 4-bit
# levels a "qat" beside them stands for ("qat q4", "qat 4-bit", "qat int4")
_QAT_LEVEL = "Q4_0"
_FOUR_BIT = frozenset({"Q4_K_M", "Q4_0", "Q4_K_S"})


def _qat(toks: list[Token], levels: list[str]) -> list[str]:
    """"gemma 3 27b qat q4": QAT weights are Q4_0 files, so the 4-bit level said with "qat" (or "qat" alone)
    is Q4_0; the word stays free for a name that has it ("Gemma 3 QAT 27B")."""
    qat = lexicon().qat_words
    if not any(t.low in qat for t in toks):
        return levels
    if not any(q in _FOUR_BIT for q in levels):
        return [_QAT_LEVEL, *levels]  # "the qat one, or q3?": the QAT file first
    return list(dict.fromkeys(_QAT_LEVEL if q in _FOUR_BIT else q for q in levels))


# "F16 (MXFP4 experts)", "UD-Q4_K_XL (reported as Q4_0, 16 GiB)": a level with a parenthesis right after it that
# names another level describes one file (how its parts are stored, how a tool labels it), not a second level
# to weigh; a parenthesis that offers a choice ("q4 (or q8?)") is still two levels.
_FILE_NOTE_RE = re.compile(r"(\S+)(?:\s+(?:gguf|file|weights))?\s*\(([^()]*)\)", re.IGNORECASE)  # "F16 gguf (…)"
_CHOICE_RE = re.compile(r"\b(?:or|vs|versus|oder|ou|o|oppure|ó|bzw)\b|/|\?", re.IGNORECASE)


def file_levels(text: str, levels: list[str]) -> list[str]:
    """The levels without those only named inside a parenthesis that describes the level just before it."""
    if len(levels) < 2:
        return levels
    described: set[str] = set()
    for m in _FILE_NOTE_RE.finditer(text):
        word = m.group(1).strip(",;:")
        head = canonical_quant(word) or (f.name if (f := find_format(word)) else None)
        if head is None or _CHOICE_RE.search(m.group(2)):
            continue
        inner = {q for w in re.split(r"[\s,;]+", m.group(2)) if (q := canonical_quant(w)) and q != head}
        described |= inner
    outside = _FILE_NOTE_RE.sub(lambda m: m.group(1), text)  # the words outside every parenthesis
    said_outside = {q for w in re.split(r"[\s,;()?!]+", outside) if (q := canonical_quant(w))}
    return [q for q in levels if q not in described or q in said_outside]
