"""Two models loaded at once on one card ("llama 3.1 8b and qwen3 8b at the same time on a 4090", "a 7b
and a 14b together on 24gb"): read in the question, then answered as `can_run` with `together`.

The phrases live in answers/lexicon/<lang>.toml (`at_once_words`). The answer's rules:

- Both loaded at once need the sum of their memory: each model's weights, its own context cache and
  its own runtime overhead (two programs, or two models in one server, each keep theirs).
- Both are put at one common level, the least compressed at which the sum fits the card's usable memory
  (the profile's own ladder and minimum quality); a level the asker names is used as is.
- Used one at a time, each runs at about its own speed on the card. Generating at once they share the
  memory bandwidth that decode speed is bound by, so each gets about half (BOTH_GENERATING_SHARE).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from answers.facts.advice import typical_record
from answers.lexicon import lexicon
from answers.reading.versus_words import and_re, first_two_models
from catalog.text import fold
from estimator.card import MemoryCard

if TYPE_CHECKING:
    from answers.facts.common import Estimates, Settings
    from answers.reading.spans import Span
    from answers.reading.tokens import Token
    from catalog.records import GpuRecord, ModelRecord

BOTH_GENERATING_SHARE = 0.5  # two decodes at once split the bandwidth: about half each
MAX_BETWEEN = 4  # words between the two models ("llama 8b and also qwen 8b")
_SIZE_RE = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d{1,2})?)\s?b(?![\w.])")  # "7b", "14 b": a generic size


@cache
def at_once_re() -> re.Pattern[str]:
    phrases = sorted({fold(p) for lx in lexicon().languages.values() for p in lx.at_once_words},
                     key=lambda p: (-len(p), p))
    alts = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases)
    return re.compile(rf"(?<![\w]){'(?:' + alts + ')' if alts else '(?!)'}(?![\w])")


@cache
def words() -> frozenset[str]:
    """Every word of the phrases: never part of a model's or a card's name."""
    lx = lexicon()
    return frozenset(w for lang in lx.languages.values() for p in lang.at_once_words
                     for w in fold(p).split() if len(w) > 1) - lx.name_words


def says_at_once(folded: str) -> bool:
    return at_once_re().search(folded) is not None


def model_pair(toks: list[Token], spans: list[Span]) -> tuple[Span, Span] | None:
    """The first two different models named, joined by an "and" word (or nothing but punctuation), in a
    question that says they run at once; None otherwise."""
    question = " ".join(t.low for t in toks)
    if not says_at_once(question):
        return None
    pair = first_two_models(spans)
    if pair is None:
        return None
    a, b = pair
    gap = toks[a.end:b.start]
    between = " ".join(t.low for t in gap)
    if len(gap) > MAX_BETWEEN or not (not between.strip() or and_re().search(between) or "+" in between):
        return None
    return a, b


def generic_sizes(question: str) -> list[float]:
    """The bare sizes typed ("a 7b and a 14b"), in reading order, each once."""
    out: list[float] = []
    for m in _SIZE_RE.finditer(fold(question)):
        v = float(m.group(1))
        if v > 0 and v not in out:
            out.append(v)
    return out


def facts(est: Estimates, first: ModelRecord, second: ModelRecord, s: Settings,
          card: GpuRecord | None, memory_gb: float | None) -> dict[str, Any] | None:
    """Both models on one card (or on `memory_gb` of memory, with a typical card's speeds)."""
    profile = est.profile(s.profile)
    if card is None:
        if memory_gb is None:
            return None
        speed_card = typical_record(est.kn.gpus_for(s.profile), memory_gb)
        usable = profile.usable_gb(MemoryCard(memory_gb))
        total_gb = memory_gb
    else:
        speed_card, usable, total_gb = card, profile.usable_gb(card), card.memory_gb
    q1, q2 = est.rated(first, s).query, est.rated(second, s).query
    levels = q1.levels()
    chosen = next((lv for lv in levels if q1.need_gb(lv) + q2.need_gb(lv) <= usable), None)
    shown = chosen or levels[-1]  # none fits: the sum at the most compressed level tried
    out: dict[str, Any] = {"fits": chosen is not None, "quant": shown.name, "usable_gb": usable,
                           "memory_gb": total_gb, "card": card.name if card is not None else None,
                           "speed_card": speed_card.name if speed_card is not None else None,
                           "share_when_both": BOTH_GENERATING_SHARE}
    models = []
    for rec, q in ((first, q1), (second, q2)):
        need = q.need_gb(shown)
        tok = profile.tok_s(q.model, speed_card, shown) if (chosen is not None and speed_card is not None) else None
        models.append({"model": rec.name, "quant": shown.name, "need_gb": need, "tok_s": tok,
                       "tok_s_both": None if tok is None else tok * BOTH_GENERATING_SHARE})
    out["models"] = models
    out["need_gb"] = sum(m["need_gb"] for m in models)
    if chosen is None:
        out["short_gb"] = out["need_gb"] - usable
    else:
        out["fit"] = profile.fit(out["need_gb"], MemoryCard(total_gb) if card is None else card)
    return out
