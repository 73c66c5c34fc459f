"""The parser's hardware phases (answers/reading/parse.py): the cards named and the language around them, the
variant a size said with a card names, Apple chips and unknown card-shaped names, the asker's setup (counts,
shared memory), and a total size said after several cards.
"""

from __future__ import annotations

import re
from functools import lru_cache

from msgspec.structs import replace

from answers.lexicon import lexicon
from answers.reading.clues import (
    _APPLE_NUM_RE,
    _CARD_SHAPE_RE,
    _COUNT_RE,
    _without_names,
)
from answers.reading.intent import (
    detect_language,
)
from answers.reading.numbers import (
    _find_sizes,
)
from answers.reading.reading_state import Reading
from answers.reading.setup_words import read as read_setup
from answers.reading.sizes import MEMORY_GLUED_RE
from answers.reading.spans import Span
from answers.records.asked import Asked
from catalog.modded import is_modded_size
from catalog.resolve import Resolver
from catalog.text import fold

_SIZE_AT_END_RE = re.compile(r"^(.*\S)\s+(\d{1,3})\s?gb$", re.IGNORECASE)


def totals_apart(asked: Asked, gpus: Resolver) -> Asked:
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


def _within_devices(phrase: str, typed: tuple[str, ...]) -> bool:
    """"9 hx 370 laptop" of "ryzen ai 9 hx 370 laptop": words the setup reader took as a machine (its laptop
    word included) are no model's name; a card-shaped name nothing matched ("gtx 7070 ti") stays unknown."""
    words = [w for w in fold(phrase).split() if any(c.isalnum() for c in w)]
    plain = {w for lx in lexicon().languages.values() for w in lx.laptop_words} | lexicon().card_nouns
    device_words = {w for t in typed for w in t.split()}
    return bool(words) and any(w in device_words for w in words) and all(
        w in device_words or w in plain for w in words)


def read_cards(r: Reading) -> None:
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


def read_hardware(r: Reading) -> None:
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
