"""A setup read from the question (answers/reading/setup_words.py `read`) put on the parser's record: the
cards and their counts, the machine, its RAM, two setups side by side, and the intent a setup question keeps."""

from __future__ import annotations

import re

from msgspec.structs import replace

from answers.reading.setup_words import MEM_SUFFIX, SetupWords, clean, lexicon
from answers.reading.sizes import GB_AMOUNT_RE
from answers.records.asked import Asked
from catalog.text import fold

# Intents a setup question keeps; others become can_run when a model is named (a model and a setup:
# "llama 3 70b, 2x 3090").
_KEEP = frozenset({"can_run", "speed", "two_gpus", "offload", "vram", "longest_context", "why_quant", "accuracy",
                   "fastest", "smallest", "what_gpu", "open_source", "parameters", "maker", "release", "purpose",
                   "download", "compute", "help", "prefill", "users"})


def _model_is_machine(parsed: Asked, sw: SetupWords) -> bool:
    """The words taken for a model are the machine itself ("what can I run on a Mac Studio M2 Ultra")."""
    typed = parsed.model_span or (parsed.model if isinstance(parsed.model, str) else None)
    span = clean(typed or "") if parsed.model else ""
    if not span:
        return False
    lx = lexicon()
    return (span in lx.apple_machines or span in lx.machines
            or any(re.sub(MEM_SUFFIX, "", clean(n)).strip() in span for n, _ in sw.cards)
            or any(re.search(rf"(?<!\w){re.escape(span)}(?!\w)", d) for d in sw.typed if sw.unified))


def annotate(parsed: Asked, sw: SetupWords, found: list[tuple[str, str | None]] | None = None) -> Asked:
    """parse()'s result with the setup `read()` found in the question: `setup`, `gpu_count`,
    `ram_gb`, `ram_type`; a size that was the RAM or a Mac's memory is no longer read as a card size.
    `found` are the parser's card spans (as typed, resolved name), for naming each side of a comparison."""
    more = sw.more_sides() if sw.side(0) and sw.side(1) else ()
    if more:  # "3090 vs 4060 ti vs 5060 ti", "5090, m4 max or dgx spark": every side is answered
        parsed = replace(parsed, more_sides=more, intent="compare")
    if not sw.is_setup:
        return parsed
    if sw.split is not None and sw.side(0) and sw.side(1):
        return _versus(parsed, sw, found or [])
    if parsed.intent == "compare" and not sw.joined and len(sw.cards) == 2 and all(n == 1 for _, n in sw.cards):
        # "dgx spark vs m4 max 128gb": two machines set side by side, not one machine with both in it.
        (first, _), (second, _) = sw.cards
        sides: dict[str, object] = {"card": first, "card2": second, "card_typed": first, "card2_typed": second,
                                    "memory_gb": None, "gpu_count": None, "setup": None}
        if _model_is_machine(parsed, sw):  # "mac mini m4 pro vs 5090": "mini m4" is the Mac, not MiniMax-M1
            sides.update(model=None, model_span=None)
        return replace(parsed, **sides)
    if parsed.intent == "compare" and not sw.joined and len(sw.cards) == 2 and parsed.card2 is not None:
        # "2x p40 vs 1x 3090": two setups side by side; the cards stay the ones resolved, not one pooled rig.
        return replace(parsed, gpu_count=None, setup=tuple(sw.cards), ram_gb=sw.ram_gb)
    update: dict[str, object] = {"setup": tuple(sw.cards), "ram_gb": sw.ram_gb, "ram_type": sw.ram_type}
    if sw.gpu_count > 1:
        update["gpu_count"] = sw.gpu_count
    sizes = {sw.ram_gb} | {float(m.group(1)) for n, _ in sw.cards for m in GB_AMOUNT_RE.finditer(fold(n))}
    if parsed.memory_gb is not None and parsed.memory_gb in sizes:
        update["memory_gb"] = None
    intent = parsed.intent
    if _model_is_machine(parsed, sw):
        # The words nothing matched were the machine itself ("what can I run on a Mac Studio M2 Ultra"):
        # not a model; the question is what the setup runs.
        update.update(model=None, model_span=None)
        parsed = replace(parsed, model=None)
        if intent not in ("compare", "two_gpus", "offload"):
            intent = "card_models"
    if intent == "compare" and parsed.model2 is None:
        intent = "can_run"  # one setup and one model; two models are compared on it (answers/facts/versus.py)
    named = parsed.model is not None or (parsed.model_size_b is not None and not parsed.model_size_stand_in)
    if named and intent not in _KEEP and not (intent == "compare" and parsed.model2 is not None):
        intent = "can_run"
    update["intent"] = intent
    return replace(parsed, **update)


def _side_card(side: list[tuple[str, int]], found: list[tuple[str, str | None]], taken: set[int],
               unified: bool) -> str:
    """The first device of a side as the parser resolved it ("3090" → "GeForce RTX 3090"), else as read
    (always for a unified machine: "m4 max 128 GB" is no Tesla M4)."""
    if unified:
        return side[0][0]
    name = clean(side[0][0])
    single = re.sub(r"(?<=\d)s\b", "", name)  # "p40s" as typed: the parser's span may be the card ("p40")
    for k, (text, value) in enumerate(found):
        typed = clean(text)
        if k not in taken and value and (value == side[0][0] or any(
                re.search(rf"(?<!\w){re.escape(typed)}(?!\w)", n) for n in (name, single))):
            taken.add(k)
            return value
    return side[0][0]


def _versus(parsed: Asked, sw: SetupWords, found: list[tuple[str, str | None]]) -> Asked:
    """Two setups side by side ("2x 3090 or one a6000", "3090 + 3060 vs 4090", "dgx spark or 5090"): each
    side is a setup of its own (rated with the setups rules: several cards, unified memory), never one pool."""
    first, second = sw.side(0), sw.side(1)
    taken: set[int] = set()
    flags = sw.unified_cards or (False,) * len(sw.cards)
    card = _side_card(first, found, taken, flags[0])
    card2 = _side_card(second, found, taken, flags[sw.split or 0])
    update: dict[str, object] = {"intent": "compare", "card": card, "card2": card2, "card_typed": first[0][0],
                                 "card2_typed": second[0][0], "gpu_count": None, "setup": tuple(first),
                                 "setup2": tuple(second),
                                 "ram_gb": sw.ram_gb, "ram_type": sw.ram_type}
    sizes = {sw.ram_gb} | {float(m.group(1)) for n, _ in sw.cards for m in GB_AMOUNT_RE.finditer(fold(n))}
    if parsed.memory_gb is not None and parsed.memory_gb in sizes:
        update["memory_gb"] = None
    if _model_is_machine(parsed, sw):  # "mac mini m4 pro vs 5090": "mini m4" is the Mac, not MiniMax-M1
        update.update(model=None, model_span=None, model2=None, model2_span=None)
    return replace(parsed, **update)
