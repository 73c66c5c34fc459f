"""What a question says about its scope that the parser's entities do not carry:

- the graphics card left out ("cpu only", "no gpu", "senza gpu", "just ram"): the model runs from system
  RAM, its speed from the RAM's bandwidth (estimator/setups.py `cpu_row`);
- image generation (Flux, SDXL, "image model"): not covered by this estimator, which rates language models;
- a speed the asker states ("my 7900 xtx gets 20 t/s on 32b"): compared with the estimated range;
- what the estimator does not rate (`out_of_scope`): a phone or a single-board computer as the device, a
  speech or embedding model, fine-tuning or training from scratch; and a processor named as the device
  (`cpu_named`: "i9 13900k"), answered as a machine without a graphics card.

The words live in answers/lexicon (`cpu_only_words`, `image_words` per language, `image_models`,
`out_of_scope` and `cpu_names` in common.toml); this module only matches them, on accent-folded, lower-case
text with punctuation as spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.reading.amounts import K_TOKENS
from answers.reading.sizes import RAM_TYPE, name_numbers
from answers.records.asked import OutOfScope
from catalog.text import fold

_RAM_TYPE_RE = compile_cached(rf"\b({RAM_TYPE})\b", re.IGNORECASE)


# The kinds of `OutOfScope`, most specific first: "fine-tune whisper" is about fine-tuning, "whisper on a
# raspberry pi" about the board; a training word with "from scratch" is pre-training.
SCOPE_ORDER = ("fine_tuning", "phone", "board", "speech", "embedding")
TOPICS = frozenset({"gaming", "mining", "api_price"})  # not about AI models: declined by name, nothing estimated
GAMING_ALSO = "gaming_also"  # games and AI asked together: the game part declined in a line, the AI part answered
MODEL_LESS = frozenset({"gaming", "mining", GAMING_ALSO})  # said only when no language model is named
# games' words that alone describe a machine or mean "to play with" ("gaming pc", "jugar con modelos")
_BARE_GAMING = frozenset({"gaming", "spielen", "jugar", "jogar", "jouer", "giocare", "jogos"})
DEVICE_KINDS = frozenset({"phone", "board"})  # the device is out of scope, whatever is asked about the model
# Said whatever the intent: "how many parameters to train all of llama 8b" is about the full fine-tune.
ALWAYS_SAID = DEVICE_KINDS | TOPICS | {"full_fine_tuning"}
CLOUD = "cloud"  # renting a GPU: the rest of the question is answered, the price said to be outside the catalog


def _norm(text: str) -> str:
    """Folded words separated by single spaces: apostrophes kept ("d'images"), hyphens and other
    punctuation as spaces, a dot kept only inside a word ("sd 1.5", "flux.1")."""
    low = fold(text).replace("\u2019", "'")
    low = re.sub(r"(?<![\w])\.|\.(?![\w])", " ", low)
    low = re.sub(r"[^\w.']+", " ", low)
    return " " + " ".join(low.split()) + " "


def normalized(text: str) -> str:
    """The text as every phrase list here is matched against (answers/reading/off_topic_words.py too)."""
    return _norm(text)


def _every(key: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_norm(p) for lx in lexicon().languages.values() for p in getattr(lx, key)))


@cache
def _phrases() -> dict[str, tuple[str, ...]]:
    keys = ("cpu_only_words", "cpu_words", "partial_words", "image_words", "offload_words", "offload_not_words")
    common = {"image_models": lexicon().image_models} | {f"oos_{k}": v for k, v in lexicon().out_of_scope.items()}
    return {k: _every(k) for k in keys} | {k: tuple(dict.fromkeys(_norm(p) for p in v)) for k, v in common.items()}


def cpu_only(question: str) -> bool:
    """The question leaves the graphics card out: a plain phrase ("cpu only", "no gpu"), or "on the
    CPU" with nothing that makes it a split between card and RAM ("partly", "layers", "vram")."""
    text = _norm(question)
    ph = _phrases()
    if any(p in text for p in ph["cpu_only_words"]):
        return True
    return any(p in text for p in ph["cpu_words"]) and not any(p in text for p in ph["partial_words"])


def offload_said(question: str) -> bool:
    """The question says part of the model runs from system RAM ("in offload", "experts in RAM"), whole words."""
    text = _norm(question)
    ph = _phrases()
    for p in ph["offload_words"]:
        at = text.find(f" {p.strip()} ")
        # "without offloading", "senza offload": the three words before say it is not wanted
        if at >= 0 and not any(f" {n.strip()} " in " " + " ".join(text[:at].split()[-3:]) + " "
                               for n in ph["offload_not_words"]):
            return True
    return False


def card_or_split(question: str) -> bool:
    """The question says a graphics card is there without naming it ("my 8 GB card", "scheda da 8 GB",
    "gpu"), or splits the model between card and RAM ("partly", "layers", "vram"): a RAM size in it is
    not a machine without a card."""
    text = _norm(question)
    if any(f" {fold(w)} " in text for w in lexicon().card_nouns):
        return True
    return any(p in text for p in _phrases()["partial_words"])


def ram_type(question: str) -> str | None:
    """"with ddr5" → "DDR5": the RAM type named anywhere in the question."""
    m = _RAM_TYPE_RE.search(question)
    return m.group(1).upper() if m else None


def image_model(question: str) -> str | None:
    """The image-generation model or phrase the question names ("flux", "stable diffusion", "image
    model"), as typed (folded), or None."""
    text = _norm(question)
    ph = _phrases()
    for phrases in (ph["image_models"], ph["image_words"]):  # a model's name before a generic phrase
        hits = [p for p in phrases if p in text]
        if hits:
            return max(hits, key=len).strip()  # the longest: "stable diffusion xl", not "stable diffusion"
    return None


def _longest(text: str, phrases: tuple[str, ...]) -> str | None:
    """The longest phrase found, a name before a generic word ("bge m3" before "embedding")."""
    hits = [p for p in phrases if p in text]
    named = [p for p in hits if p not in _phrases()["oos_generic"]]
    return max(named or hits, key=len).strip() if hits else None


# the words that finish a phone's or a board's name after its phrase ("pixel 8" pro, "orange pi" 5)
_MODEL_WORDS = compile_cached(r"(?:\s(?:\d{1,3}[a-z]?|pro|max|ultra|plus|mini|lite|xl|fold|flip|fe|[a-z]\d{1,3}))*")


def _device_said(text: str, named: str) -> str | None:
    """The phone or board as the question names it, its model words included ("pixel 8 pro", "orange pi 5")."""
    at = text.find(f" {named}")
    if at < 0:
        return None
    end = at + 1 + len(named)
    more = _MODEL_WORDS.match(text, end)
    return text[at + 1:more.end() if more else end].strip()


def _without(text: str, phrases: tuple[str, ...]) -> str:
    """The text with every phrase blanked: a used card's mining past ("ex mining") is no mining asked about."""
    for p in phrases:
        text = text.replace(p, " ")
    return text


@cache
def _gaming_machine_re() -> re.Pattern[str]:
    """A gaming word fixed to a machine's noun ("gaming laptop", "notebook gamer", "pc gamer", "laptop da gaming"):
    it says what the machine is, never that games are asked about."""
    nouns = {fold(w) for lx in lexicon().languages.values() for w in lx.laptop_words} | {
        "pc", "rig", "desktop", "computer", "computador", "ordinateur", "ordi", "rechner", "ordenador"}
    machine = "|".join(re.escape(n) for n in longest_first(nouns))
    return compile_cached(rf"\b(?:gaming|gamer)\s+(?:{machine})\b|\b(?:{machine})\s+(?:da\s+|de\s+)?(?:gaming|gamer)\b")


def topic(text: str) -> OutOfScope | None:
    """A topic outside AI models altogether (`TOPICS`), in normalized text: an API's or a subscription's price
    and coin mining always; games only when no AI word is there ("a gaming pc for llms" is a hardware question)."""
    ph = _phrases()
    text = _gaming_machine_re().sub(" ", text)  # "gaming laptop with a 4060, what runs?": a laptop, no game asked
    named = _longest(text, ph["oos_api_price"])
    if named is not None:  # a subscription or an API's price said as one phrase ("chatgpt plus", "api cost")
        return OutOfScope("api_price", named)
    api = _longest(text, ph["oos_api_words"])
    if api is not None and _longest(text, ph["oos_price_words"]) is not None:
        return OutOfScope("api_price", api, generic=True)  # "api" names no product: the model named may
    mining = _longest(_without(text, ph["oos_mining_history"]), ph["oos_mining"])
    if mining is not None:  # "mine bitcoin on my 3090 when i don't use it for ai": mining asked, AI said in passing
        return OutOfScope("mining", mining)  # (a language model named keeps its answer: reading/question.py)
    if _longest(text, ph["oos_ai_words"]) is not None:
        # "a gpu for 4k gaming and some ai": the games declined in a line, the AI part answered (the engine)
        # ("my gaming pc", "jugar con la ia" describe, they do not ask about games: a bare word is no such ask)
        gaming = _longest(text, ph["oos_gaming"])
        return None if gaming is None or gaming in _BARE_GAMING else OutOfScope(GAMING_ALSO, gaming)
    named = _longest(text, ph["oos_gaming"])  # "mining on a gaming card" is about mining (above)
    return None if named is None else OutOfScope("gaming", named)


# "a Qwen3-4B fine-tune Q4_K_M", "my llama 8b finetune in q8_0": the word names a model (a fine-tuned one, which
# runs like its base), not the act, when a model's size comes right before it or a GGUF level right after it.
_FINE_TUNED_MODEL = r"\s\d+(?:\.\d+)?[bm]\s(?:{w})\s|\s(?:{w})\s(?:[it]?q\d\w*|b?f16|fp16|ud\s\w+|gguf)\s"


def _a_fine_tuned_model(text: str, named: str) -> bool:
    return compile_cached(_FINE_TUNED_MODEL.format(w=re.escape(named))).search(text) is not None


def out_of_scope(question: str) -> OutOfScope | None:
    """What the question names that the estimator does not rate, the most specific kind first, or None."""
    text = _norm(question)
    ph = _phrases()
    subject = topic(text)
    if subject is not None:
        return subject
    for kind in SCOPE_ORDER:
        named = _longest(text, ph[f"oos_{kind}"])
        if named is None:
            continue
        if kind == "fine_tuning" and _a_fine_tuned_model(text, named):
            continue
        if kind == "fine_tuning" and _longest(text, ph["oos_from_scratch"]) is not None:
            return OutOfScope("from_scratch", named)
        if kind == "fine_tuning" and _longest(text, ph["oos_full_fine_tuning"]) is not None:
            return OutOfScope("full_fine_tuning", named)  # every weight trained: never LoRA's figure instead
        said = _device_said(text, named) if kind in DEVICE_KINDS else None
        return OutOfScope(kind, named, _norm(named) in ph["oos_generic"], said)
    # "pretrain a 1b", "preentrenar un 7b": pre-training said in one word (a bare "from scratch" may be a PC's)
    scratch = _longest(text, tuple(p for p in ph["oos_from_scratch"] if p.strip().startswith("pre")))
    if scratch is not None:
        return OutOfScope("from_scratch", scratch)
    cloud = _longest(text, ph["oos_cloud"])  # renting: the hardware is answered, the price said as not known
    return None if cloud is None else OutOfScope("cloud", cloud)


def cpu_named(question: str) -> str | None:
    """A desktop or laptop processor the question names ("i9 13900k", "ryzen 9 7950x"), as typed (folded)."""
    text = _norm(question).strip()
    for pattern in lexicon().cpu_names:
        m = pattern.search(text)
        if m:
            return m.group(0)
    return None


def model_number_context(cpu: str, context: int) -> bool:
    """Whether a context length the parser read is the processor's model number ("13900k" → 13,900 × 1,024)."""
    return any(context in (int(n), int(n) * 1000, int(n) * K_TOKENS) for n in re.findall(r"\d{3,5}", cpu))


def overlaps(question: str, phrase: str, span: str | None) -> bool:
    """Whether the model name the parser found (`span`) is part of the image phrase ("stable" of
    "stable diffusion") or absent: then the question is about the image model, not a language model."""
    if not span:
        return True
    s, p = _norm(span).strip(), phrase
    return s in p or p in s


@cache
def _speed_re() -> re.Pattern[str]:
    units = longest_first({" ".join(u.casefold().split()) for u in lexicon().speed_units})
    alternation = "|".join(re.escape(u).replace(r"\ ", r"\s+") for u in units)
    return compile_cached(rf"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*\+?\s*(?:{alternation})(?![\w/])", re.IGNORECASE)


def observed_tok_s(question: str, names: Iterable[str | None] = ()) -> float | None:
    """A speed the question states ("gets 20t/s", "20 token al secondo"), or None. A number that ends a
    card's or model's name the question names is that name's, not a speed ("on a 4090 tok/s")."""
    own = name_numbers(names)
    for m in _speed_re().finditer(fold(question)):
        if m.group(1) in own:
            continue
        value = float(m.group(1).replace(",", "."))
        return value if 0 < value < 100_000 else None
    return None
