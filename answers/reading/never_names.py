"""The words that are never a model's or a card's name, taken before any number or name is read: a chip named
first, the machine's words, a speed, a quantity or software, a media job's sizes and steps, people counted, the
board's words (`never_names`, called by answers/reading/parse.py)."""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from answers.reading import hardware_context, people_counts
from answers.reading.numbers import _in_card_name, _speed_follows, _speed_units, _token_unit
from answers.reading.sizes import MEMORY_GLUED_RE
from answers.reading.tokens import Token
from catalog.resolve import Resolver
from catalog.text import fold

_CHIP_RE = compile_cached(r"^[a-z]{1,2}\d{2,4}[a-z]?$")  # "a100", "h100", "mi300x", "v100"


def _chip_first(toks: list[Token]) -> None:
    """"sxm4 a100 80gb" → "a100 sxm4 80gb": catalog names put the form factor after the chip."""
    forms = lexicon().card_form_words
    for i in range(len(toks) - 1):
        if toks[i].low in forms and _CHIP_RE.match(toks[i + 1].low):
            toks[i], toks[i + 1] = toks[i + 1], toks[i]
    # "a100 80gb pcie" → "a100 pcie 80gb": a form word after the chip's size goes before it, as in the names.
    for i in range(1, len(toks) - 1):
        if toks[i + 1].low in forms and _CHIP_RE.match(toks[i - 1].low) and MEMORY_GLUED_RE.match(toks[i].low):
            toks[i], toks[i + 1] = toks[i + 1], toks[i]


_RAM_SPEED_RE = compile_cached(r"^(?:lp)?ddr[3-5]x?$")
_MTS_RE = compile_cached(r"^\d{3,5}$")


def _machine_words(toks: list[Token]) -> None:
    """Words of the machine around the card are no card's or model's name: the RAM's speed after its type
    ("ddr5 6000" is never an RTX 6000) and a processor named (the lexicon's `cpu_names`: "ryzen 5 5600x" is
    never an RX 5600 XT, "ryzen 7 7840hs" never the iGPU a "ryzen 7" alias names)."""
    for i in range(len(toks) - 1):
        if _RAM_SPEED_RE.match(toks[i].low) and _MTS_RE.match(toks[i + 1].low):
            toks[i + 1].used = True
    joined, starts = "", []
    for t in toks:
        starts.append(len(joined))
        joined += t.low + " "
    for pattern in lexicon().cpu_names:
        for m in pattern.finditer(joined):
            for i, start in enumerate(starts):
                if m.start() <= start < m.end():
                    toks[i].used = True


def _machine_phrases(toks: list[Token], gpus: Resolver) -> None:
    """A machine named by a phrase no card's name spells ("ryzen ai 9 hx 370", "core ultra 7 258v": the lexicon's
    `machines`, read as the machine by answers/reading/setup_words.py) is never a model's name: its words are
    taken. Phrases a card's name spells ("dgx spark", "strix halo") stay for the card spans."""
    joined, starts = "", []
    for t in toks:
        starts.append(len(joined))
        joined += t.low + " "
    for phrase in lexicon().machines:
        # a phrase not in the text needs no pattern nor lookup (this runs on every question)
        if phrase not in joined or gpus.lookup(phrase) is not None:
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", joined):
            for i, start in enumerate(starts):
                if m.start() <= start < m.end():
                    toks[i].used = True


def _quantities(toks: list[Token]) -> None:
    """A number with a unit no name has ("1000w", "850 watts", "50 tops", "105°", "4bpw") and software with its
    version ("ubuntu 24.04", "windows 11"): never a model's or a card's name (the lexicon's quantity_units and
    software_names), so a question about a PSU or a driver is never "no model called '1000w'"."""
    lx = lexicon()
    for i, t in enumerate(toks):
        glued = re.fullmatch(r"\d+(?:[.,]\d+)?([a-z°]+)", t.low)
        if glued and glued.group(1) in lx.quantity_units or re.fullmatch(r"\d{2,3}c", t.low):
            t.used = True  # "1000w"; "104c", a temperature glued to its unit (a lone "c" after "3090" is French)
        elif t.low in lx.quantity_units and i and re.fullmatch(r"\d+(?:[.,]\d+)?", toks[i - 1].low) and not (
                t.low == "w" and _product_number(toks, i - 1)):
            t.used = toks[i - 1].used = True  # "850 watts", "50 tops"
        elif t.low in lx.software_names:
            t.used = True
            if i + 1 < len(toks) and re.fullmatch(r"\d+(?:[.,]\d+)*", toks[i + 1].low):
                toks[i + 1].used = True  # "ubuntu 24.04", "windows 11"


def _product_number(toks: list[Token], k: int) -> bool:
    """The number at `k` is a product's ("rtx 4090", "rtx pro 6000"): a lone "w" after it is English "with"
    ("rtx 4090 w vllm"), not watts."""
    words = lexicon().product_number_words
    return k >= 1 and toks[k - 1].low in words or k >= 2 and toks[k - 1].low.isalpha() and toks[k - 2].low in words


# An image or video size as people type it: "1024x1024", "832×1216", "720p", "512px".
_PICTURE_SIZE_RE = compile_cached(r"^\d{3,4}(?:[x×*]\d{3,4}|p|px)$")


def _media_job_words(toks: list[Token]) -> None:
    """An image's size and a job's steps or frames ("1024x1024", "30 steps", "81 frames") are never a model's or a
    card's name: answers/reading/media_words.py reads them into the job, so no "1024x1024 20" is left over as an
    unknown model. The step and frame words are the media lexicon's."""
    # lazy: the media reader (and its catalogs) loads only for a question with a number in it
    from answers.reading.media_words import words
    counted: frozenset[str] | None = None
    for i, t in enumerate(toks):
        if _PICTURE_SIZE_RE.match(t.low):
            t.used = True
        elif t.low.isdigit() and i + 1 < len(toks):
            if counted is None:
                w = words()
                counted = frozenset(p for key in ("steps", "frames") for p in w[key] if " " not in p)
            if toks[i + 1].low in counted:
                t.used = toks[i + 1].used = True
    if any(_ITEM_COUNT_RE.match(t.low) for t in toks):
        _item_counts(toks, words())


# A count as people type it before "docs" or "chunks": "200", "000" (of "200 000"), "50k", "2m", "1.5"
_ITEM_COUNT_RE = compile_cached(r"^\d+(?:[.,]\d+)*[km]?$")


def _item_counts(toks: list[Token], w: dict[str, tuple[str, ...]]) -> None:
    """"200 000 docs", "50k pdf chunks": how many texts to embed (answers/reading/media_words.py reads the count) is
    never a prompt's length nor a name; one describing word may stand between the count and the noun."""
    items = frozenset(p for p in w["items"] if " " not in p)
    scale = frozenset(p for key in ("thousand", "million") for p in w[key] if " " not in p)
    for j, t in enumerate(toks):
        if t.used or t.low not in items:
            continue
        k = j - 1
        gap = k >= 1 and toks[k].low.isalpha() and toks[k].low not in scale
        if gap:
            k -= 1  # "50k pdf chunks"
        counted: list[Token] = []
        while k >= 0 and len(counted) < 3 and not toks[k].used and (_ITEM_COUNT_RE.match(toks[k].low)
                                                                    or toks[k].low in scale):
            counted.append(toks[k])
            k -= 1
        # across a word, only a count that is plainly one ("50k", "200 000"), never "a 4070, how many pairs"
        plain = len(counted) > 1 or any(c.low in scale or c.low[-1] in "km" for c in counted)
        if any(_ITEM_COUNT_RE.match(c.low) for c in counted) and (plain or not gap):
            for c in counted:
                c.used = True


# A number as people type a speed's figure: "10", "10+", "≥5", ">=5", "~30", "20-30" (a range)
_SPEED_FIGURE_RE = compile_cached(r"^(?:[~≈≥>≤<]=?)*\d+(?:\.\d+)?(?:[-–]\d+(?:\.\d+)?)?\+?$")


def _speed_words(toks: list[Token], gpus: Resolver) -> None:
    """A speed said ("10+ tok/s", "≥5 t/s", "at least 20 tokens per second"): its figure and unit are never a
    model's or a card's name; the speed itself is read by the conditions (answers/reading/conditions.py, the
    speed wanted) and by scope.observed_tok_s (a speed the asker gets). Units are the lexicon's speed_units."""
    glued = {u[0] for u in _speed_units() if len(u) == 1}
    for i in range(len(toks)):
        figure = re.match(r"^(?:[~≈≥>≤<]=?)*\d+(?:\.\d+)?\+?", toks[i].low)
        if figure and toks[i].low[figure.end():] in glued:
            toks[i].used = True  # "10tok/s", "≥5t/s"
            continue
        if not _speed_follows(toks, i):
            continue
        unit = next((len(u) for u in _speed_units() if tuple(t.low for t in toks[i:i + len(u)]) == u), 0)
        for k in range(i, i + unit):
            toks[k].used = True
        if i and _SPEED_FIGURE_RE.match(toks[i - 1].low) and not _in_card_name(toks, i - 1, gpus):
            toks[i - 1].used = True  # "qwen3 4b 3090 tok/s?" asks a card's speed: its number stays the card's


def _counted_tokens(toks: list[Token]) -> None:
    """A number, a token's role, then tokens ("8000 output tokens", "6000 ausgabe tokens", "4000 prompt tokens"): a
    count of tokens, never a card's number (no Quadro RTX 8000); the count itself is read by the conditions. A
    question word between is no role ("4090 cuantos tokens" keeps the card), a number after a product's word stays
    the product's ("rtx 8000 prompt tokens"), and so does one before a speed ("my 3090 prompt tokens per second")."""
    from answers.reading.conditions import _words as condition_nouns  # lazy: the conditions reader imports this

    nouns = condition_nouns()
    roles = nouns.prompt | nouns.output | nouns.context  # "output", "prompt", "ausgabe", "sortie"...
    for i in range(len(toks) - 2):
        if (re.fullmatch(r"\d+(?:[.,]\d+)?", toks[i].low) and fold(toks[i + 1].low) in roles
                and _token_unit(toks[i + 2].low) and not _product_number(toks, i)
                and not _speed_follows(toks, i + 2)):  # "a 4090 output tokens per second": a card's speed
            toks[i].used = True


def _superlative_plus(toks: list[Token]) -> None:
    """French "le plus gros", "la plus rapide": after an article "plus" is a word, not a name part
    (it stays one in "command r plus")."""
    for i in range(1, len(toks)):
        if toks[i].low == "plus" and toks[i - 1].low in {"le", "la", "les", "du", "des", "au", "aux"}:
            toks[i].used = True


@cache
def _users_words() -> frozenset[str]:
    return frozenset(fold(w) for lx in lexicon().languages.values() for w in lx.users_words)


def never_names(toks: list[Token], gpus: Resolver) -> None:
    """The words that are never a model's or a card's name, taken before any number or name is read, in this
    order: a chip named first, French "le plus", the machine's words ("ddr5 6000", "ryzen 5 5600x"), a speed
    ("10+ tok/s"), a quantity or software ("1000w", "50 tops", "ubuntu 24.04"), a laptop's chip ("ryzen ai 9 hx
    370")."""
    _chip_first(toks)
    _superlative_plus(toks)
    _machine_words(toks)
    _speed_words(toks, gpus)
    _counted_tokens(toks)
    _quantities(toks)
    _media_job_words(toks)
    _machine_phrases(toks, gpus)
    people_counts.take(toks, _users_words())  # "kleines büro, 8 leute": people, never a name's number
    hardware_context.take(toks)  # "b650", "slot x16", "risers x1", "amd + nvidia": the board, its lanes, a maker
