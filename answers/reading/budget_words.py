"""Reading a budget in a question: "$400", "400 bucks", "under 1k", "1.5k", "<500€", "sotto i 500 euro",
"unter 500 Euro", "500 pavos", "R$ 2000", "budget is 600", "max 700".

The words live in answers/lexicon/<lang>.toml (`[budget]`) and common.toml (`[currency_symbols]`); this
module keeps the rule. The tokens of an amount are used up, so an amount is never read as a model's
name, a memory size, a context length or a parameter count.

An amount counts as a budget when a currency is said next to it (a sign or a word), or when a ceiling
phrase ("under", "max", "bis", "até") comes right before a bare number that nothing else claims (no
memory unit, no context word, no card's name after it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from msgspec import Struct

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from answers.reading.tokens import clean, tokenize
from catalog.text import MEMORY_UNITS, fold

if TYPE_CHECKING:
    from answers.reading.tokens import Token

MIN_BARE = 50.0  # a bare number after "under" below this is not money ("under 8", "max 16")
MAX_AMOUNT = 10_000_000.0  # beyond any graphics card: a typo or not money

_AMOUNT_RE = compile_cached(r"^(?P<pre>\D*?)(?P<num>\d+(?:\.\d+)?)(?P<k>k)?(?P<post>\D*)$")
_CONTEXT_SIZES_RE = compile_cached(r"^(?:1|2|4|8|16|32|64|128|256|512)$")
_THOUSANDS_RE = compile_cached(r"^\d{1,3}\.\d{3}$")  # "1.500 €": a thousands dot, never 1.5 euros
_NOT_MONEY_NEXT = compile_cached(rf"^(?:{MEMORY_UNITS}|b|bit|bits|k|m|tok|tokens?|ctx|t/s|tps|w|watts?|mhz|ghz|%)$")


class Said(Struct, frozen=True):
    """An amount as the question says it; `currency` None: no currency said (the language's default applies)."""

    amount: float
    currency: str | None  # "USD" | "EUR" | "GBP" | "BRL"
    whole: bool = False  # a word of the question says the amount is for the whole machine ("total", "PC completo")
    used: bool = False  # a word of the question says the asker would buy second-hand ("usada de preferencia")


@cache
def _symbols() -> dict[str, str]:
    return {s: c.upper() for c, signs in lexicon().currency_symbols.items() for s in signs}


@cache
def _words() -> dict[str, str]:
    """Currency words of every language (people mix them): "bucks" → USD, "pavos" → EUR."""
    out: dict[str, str] = {}
    for lx in lexicon().languages.values():
        if lx.budget is not None:
            for c, words in lx.budget.currencies.items():
                for w in words:
                    out.setdefault(fold(w), c.upper())
    return out


@cache
def _nouns() -> frozenset[str]:
    return frozenset(fold(w) for lx in lexicon().languages.values() if lx.budget for w in lx.budget.nouns)


@cache
def _whole() -> frozenset[str]:
    """"total", "build", "PC", "Kiste", "completo": the amount pays for the whole machine, not a card alone."""
    return frozenset(fold(w) for lx in lexicon().languages.values() if lx.budget for w in lx.budget.whole)


@cache
def _used() -> frozenset[str]:
    """"used", "usada", "gebraucht", "d'occasion": the asker would buy a card second-hand."""
    return frozenset(fold(w) for lx in lexicon().languages.values() if lx.budget for w in lx.budget.used)


@cache
def _used_not_before() -> frozenset[str]:
    return frozenset(fold(w) for lx in lexicon().languages.values() if lx.budget for w in lx.budget.used_not_before)


def _says_used(toks: Sequence[Token]) -> bool:
    """A second-hand word, not in its other sense ("used for coding", "usado para programar"); right after a word
    for a card ("una tarjeta usada para correr modelos") it is second-hand all the same."""
    nouns = lexicon().card_nouns | {"card", "gpu", "gpus"}
    return any(fold(t.low) in _used() and (i + 1 == len(toks) or fold(toks[i + 1].low) not in _used_not_before()
                                            or (i > 0 and toks[i - 1].low in nouns))
               for i, t in enumerate(toks))


@cache
def _spend() -> frozenset[str]:
    return frozenset(fold(w) for lx in lexicon().languages.values() if lx.budget for w in lx.budget.spend)


@cache
def _limits() -> tuple[tuple[str, ...], ...]:
    """Ceiling phrases of every language as word tuples, longest first."""
    phrases = {tuple(fold(p).split()) for lx in lexicon().languages.values() if lx.budget for p in lx.budget.limits}
    return tuple(sorted(phrases, key=lambda p: (-len(p), p)))


@cache
def _context_words() -> frozenset[str]:
    return frozenset(w for lx in lexicon().languages.values() for w in lx.context_words)


def default_currency(language: str | None) -> str:
    """The currency a bare amount is read in, in this language (US dollars when the language is unknown)."""
    lx = lexicon().languages.get(language or "")
    return lx.budget.default.upper() if lx is not None and lx.budget is not None else "USD"


def _limit_before(toks: Sequence[Token], i: int) -> int:
    """How many words right before toks[i] form a ceiling phrase (0: none). A ceiling word inside a product's
    name ("ryzen ai max 395", "m4 max 64") is none: the name word before it says so (the lexicon's
    `name_words_before_ceiling`)."""
    for phrase in _limits():
        n = len(phrase)
        if i >= n and all(not t.used for t in toks[i - n: i]) and tuple(t.low for t in toks[i - n: i]) == phrase:
            if i > n and toks[i - n - 1].low in lexicon().name_words_before_ceiling:
                return 0
            return n
    return 0


@cache
def _thousand_words() -> frozenset[str]:
    """"mil", "mila", "mille", "tausend", "thousand": a number before one counts thousands (the lexicon's words)."""
    return frozenset(w for lang in lexicon().languages.values() for w in lang.thousand_words)


def normalize(text: str) -> str:
    """"$1,500", "1,500 dollars", "25,000 pesos mexicanos", "1.500.000 COP", "1'500 CHF", "R$ 12.000" → the amount
    whole: grouped thousands beside any currency word or sign of the lexicon, in every language's grouping (comma,
    dot, space, apostrophe; the tokenizer splits at commas). One rule: it also does what three narrower passes did."""
    return _GROUPED_RE.sub(_ungrouped, text)


_GROUPED_RE = compile_cached(r"(?<![\d.,'])(?P<sign>(?:[$€£]|r\$)\s*)?(?P<num>\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+)"
                             r"(?![\d]|[.,]\d)(?P<gap>\s*)(?P<word>[^\s\d.,;:!?()]*)", re.IGNORECASE)


def _ungrouped(m: re.Match[str]) -> str:
    """The amount without its group separators when a currency stands beside it, else the text unchanged."""
    separators = set(re.sub(r"\d", "", m.group("num")))
    before = tuple(fold(m.string[max(0, m.start() - 40):m.start()]).split()[-4:])  # "budget is 1,200", "max 1.500"
    spaced = bool(separators & {" ", "\u00a0", "\u202f"})  # "395 128go" is a name and a size: spaces need money
    beside = m.group("sign") or (m.group("word") and currency_named(m.group("word").casefold())) or (not spaced and (
        any(w in _nouns() for w in before) or any(before[len(before) - len(p):] == p for p in _limits() if p)))
    if not beside or len(separators) != 1:  # "1,500.50": a decimal part too, left as written
        return m.group(0)
    return f"{m.group('sign') or ''}{re.sub(r'[^0-9]', '', m.group('num'))}{m.group('gap')}{m.group('word')}"


def find(toks: list[Token], in_card: Callable[[int], bool] | None = None, has_ctx_word: bool = False) -> Said | None:
    """The first budget in the question; its tokens (and the currency and ceiling words) are used up."""
    for i, t in enumerate(toks):
        if t.used:
            continue
        m = _AMOUNT_RE.match(t.low)
        if m is None:
            continue
        pre, post, num, kilo = m.group("pre"), m.group("post"), m.group("num"), bool(m.group("k"))
        currency = None
        if pre:
            currency = currency_named(pre)
            if currency is None:
                continue  # "a100", "rtx3090": a name, not money
        if post:
            after = currency_named(post)
            if after is None:
                continue  # "8gb", "13b", "q4": a unit, not money
            currency = currency or after
        used = [i]
        if currency is None and i > 0 and not toks[i - 1].used and toks[i - 1].low in _symbols():
            currency = _symbols()[toks[i - 1].low]  # "R$ 2000", "$ 400"
            used.append(i - 1)
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        thousand = nxt is not None and not nxt.used and nxt.low in _thousand_words()
        if thousand and not kilo:  # "r$ 8 mil", "2 mil reais", "1,5 mila euro": the spoken thousands
            kilo = True
            used.append(i + 1)
            currency = currency or currency_named(toks[i + 1].low)  # "10 lucas": thousands of a currency in one word
            nxt = toks[i + 2] if i + 2 < len(toks) else None
        j = i + 2 if thousand else i + 1
        # "400 bucks", "500 euros"; a word after a "$" names the currency the sign stands for ("$15 mil pesos");
        # a second word settles the first ("pesos argentinos", "francos suizos")
        while j < len(toks) and not toks[j].used and (word := currency_named(toks[j].low)) is not None \
                and (currency is None or pre == "$" or j > i + 1 + thousand):
            currency = word
            used.append(j)
            j += 1
            pre = ""
        nxt = toks[j - 1] if j - 1 > i + thousand else nxt
        limit = _limit_before(toks, i)
        noun_after = nxt is not None and not nxt.used and nxt.low in _nouns()
        if currency is None:
            # "got 1.5k to spend": a thousands amount shortly before a verb of spending is money.
            spent = kilo and any(not x.used and x.low in _spend() for x in toks[i + 1: i + 4])
            if not (limit or noun_after or spent):
                continue
            if kilo and noun_after and not (limit or spent) and _CONTEXT_SIZES_RE.match(num):
                continue  # "at 16k, budget card": 2k, 4k … 128k are context lengths first
            if nxt is not None and (_NOT_MONEY_NEXT.match(nxt.low) or nxt.low in _context_words()):
                continue  # "under 16 gb", "max 8 bit", "max 4096 tokens", "max 8000 context"
            if kilo and has_ctx_word:
                continue  # "max 32k context": a context length
            if in_card is not None and in_card(i):
                continue  # "under 4090"?: a card's number
        value = float(num)
        if _THOUSANDS_RE.match(num) and (currency is not None or limit):
            value = float(num.replace(".", ""))
        if kilo:
            value *= 1000
        if currency is None and value < MIN_BARE:
            continue
        if currency is None and not (0 < value <= MAX_AMOUNT):
            continue  # a bare number out of range is not read as money at all
        # "$0", "$99999999999": money all the same; the engine answers that it cannot use that budget.
        for k in used:
            toks[k].used = True
        for k in range(i - limit, i):
            toks[k].used = True
        if noun_after and nxt is not None:
            nxt.used = True
        return Said(value, currency, any(x.low in _whole() for x in toks), _says_used(toks))
    return None


BARE_LOCAL_MIN = 100.0  # a bare number after a card, below this, is a memory size or a count
# a card's price follows its name within this many words ("3090 usada ta uns 4 mil", "3090 usata qui si trova a
# 600 euro", "3090 usada aqui sai por uns 4.800")
LOCAL_PRICE_REACH = 7
# a card's price said beside a budget may be above it (the asker weighs a card they cannot afford), up to this many
# times the budget; beyond it the number is something else (a year, a count of tokens)
LOCAL_OVER_BUDGET = 3.0


def find_local_price(toks: list[Token], budget: Said, in_card: Callable[[int], bool]) -> tuple[int, Said] | None:
    """A second, smaller amount said shortly after a card's name, once a budget is read ("orçamento de 10 mil
    reais … 3090 usada ta uns 4 mil aqui"): what that card costs where the asker lives, in the budget's
    currency unless one is said. Returns the card's token index and the price; its tokens are used up."""
    for i, t in enumerate(toks):
        m = _AMOUNT_RE.match(t.low)
        if t.used or m is None or m.group("pre") or (m.group("post") and not currency_named(m.group("post"))):
            continue
        card = next((j for j in range(i - 1, max(-1, i - 1 - LOCAL_PRICE_REACH), -1)
                     if not toks[j].used and in_card(j)), None)
        if card is None:
            continue
        num = m.group("num")
        # "uns 4.800" after a card: a thousands dot (a card's price is never 4.8 of anything)
        value = float(num.replace(".", "") if _THOUSANDS_RE.match(num) else num) * (1000 if m.group("k") else 1)
        used = [i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if nxt is not None and not nxt.used and nxt.low in _thousand_words() and not m.group("k"):
            value, used = value * 1000, [i, i + 1]
        currency = currency_named(m.group("post")) if m.group("post") else None
        after = toks[used[-1] + 1] if used[-1] + 1 < len(toks) else None
        if currency is None and after is not None and not after.used and currency_named(after.low):
            currency = currency_named(after.low)
            used.append(used[-1] + 1)
        if len(used) == 1 and currency is None and (value < BARE_LOCAL_MIN or in_card(i) or (
                after is not None and (_NOT_MONEY_NEXT.match(after.low) or after.low in _context_words()))):
            continue  # a bare "24" after a card is its memory or a count, "3060" another card, "4096 tokens" no money
        if not (MIN_BARE <= value <= LOCAL_OVER_BUDGET * budget.amount) or value == budget.amount:
            continue  # a card's price may be above the budget ("5090 tá uns 18k aqui" with 12 mil): that is the point
        for k in used:
            toks[k].used = True
        return card, Said(value, currency or budget.currency)
    return None


def read_typed(text: str) -> Said | None:
    """A budget typed in a field of its own ("400", "$400", "500 €", "1.5k", "R$ 2000", "under 300"): a
    bare number counts too. None when the field holds anything but one amount."""
    toks = tokenize(normalize(clean(text or "")))
    said = find(toks)
    if said is None and len(toks) == 1:
        m = _AMOUNT_RE.match(toks[0].low)
        if m and not m.group("pre") and not m.group("post"):
            value = float(m.group("num")) * (1000 if m.group("k") else 1)
            if 0 < value <= MAX_AMOUNT:
                said, toks[0].used = Said(value, None), True
    return said if said is not None and all(t.used for t in toks) else None


def currency_named(word: str) -> str | None:
    """The currency a sign or word names ("€", "r$", "euros", "bucks"), in any language; None for another word."""
    return _symbols().get(word) or _words().get(fold(word))
