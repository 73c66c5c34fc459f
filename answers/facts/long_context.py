"""The decode speed at the long context a question states ("at 100k context, how fast?"): the headline speed is
measured at an almost empty context, and every token also reads the conversation cache and computes its
attention over it, so the answer adds the speed once that context is filled (estimator/long_context.py). Pure:
no text."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from answers.facts.as_asked import headline
from catalog.compute import fp32_tflops
from estimator.card import Card
from estimator.long_context import attention_seconds, slowdown
from estimator.model import DEFAULT_CONTEXT
from estimator.prefill import PrefillConstants, matrix_tflops
from estimator.quants import UnknownQuant, quant
from estimator.ranking import Query

MIN_SLOWDOWN = 1.05  # under 5 % slower the headline figure stands as it is
# The attention's rate is fitted on CUDA rows only (benchmarks/depth_accuracy.py); elsewhere (Metal, ROCm, latent
# attention) it is known within about this factor, so the range's ends take it at this much slower and faster.
ATTENTION_SPREAD = 2.0


@cache
def attention_share() -> float:
    """The share of a card's vector TFLOPS a decode step's attention reaches (prefill_constants.json
    `decode_attention`, fitted by benchmarks/depth_accuracy.py on public llama-bench rows at depth)."""
    text = (resources.files("estimator") / "data" / "prefill_constants.json").read_text("utf-8")
    return float(json.loads(text)["decode_attention"]["share"])


@cache
def _prefill_constants() -> PrefillConstants:
    text = (resources.files("estimator") / "data" / "prefill_constants.json").read_text("utf-8")
    return PrefillConstants.from_dict(json.loads(text))


def vector_tflops(card: Card, constants: PrefillConstants | None = None) -> float:
    """The card's FP32 vector TFLOPS (its TechPowerUp record); hardware without one (Apple silicon before M5 has
    no separate matrix units) takes the chip's figure the prefill rules hold."""
    fp32 = fp32_tflops(card)
    if fp32:
        return fp32
    return matrix_tflops(card, None, constants or _prefill_constants())[0]


def cards_tflops(cards: Iterable[tuple[Card, int]]) -> float:
    """What several cards' attention runs at: each holds its layers' share of the cache and works on it in turn
    (a layer split) or all at once (tensor parallel); either way the whole attention takes the sum of their
    work over the sum of their rates, weighted by the memory each holds."""
    pairs = [(c, n) for c, n in cards if n > 0]
    memory = sum(c.memory_gb * n for c, n in pairs)
    if not pairs or memory <= 0:
        return 0.0
    return 1 / sum(c.memory_gb * n / memory / (vector_tflops(c) * n) for c, n in pairs)


def hardware_tflops(card: Card | None, setup: Any = None) -> float | None:
    """The vector TFLOPS of the hardware a question names: one card, or a setup's cards (estimator.setups.Setup);
    None for neither."""
    if setup is not None:
        return cards_tflops((d.card, d.count) for d in setup.devices) or None
    return vector_tflops(card) if card is not None else None


def added(q: Query, context: int, facts: dict[str, Any], card: Card | None = None, setup: Any = None) -> dict[str, Any]:
    """`facts` with `decode_at_context` ({"context", "quant", "tok_s", "tok_s_low", "tok_s_high"}) when the
    context asked is long and the model runs whole in the memory (an offloaded row's speed is another story).
    `card` or `setup`: the hardware whose vector TFLOPS the attention's arithmetic runs at (neither: it is not
    counted, the reads are). Looked up only past the checks below: the TFLOPS table is every card's record,
    a third of a short question's start-up."""
    row = headline(facts)
    whole = row is not None and (row.get("fit") in ("comfortable", "tight") or row.get("fits") is True)  # CPU: fits
    if context <= DEFAULT_CONTEXT or row is None or not whole:
        return facts
    deep = at_depth(q, context, row, card, setup)
    if deep is not None:
        facts["decode_at_context"] = deep
    return facts


def at_depth(q: Query, context: int, row: dict[str, Any], card: Card | None = None, setup: Any = None,
             cache_type: str | None = None) -> dict[str, Any] | None:
    """The decode speed of `row` (its level, its tok_s and range) once `context` tokens fill the cache (of
    `cache_type`, the query's by default): {"context", "quant", "tok_s", "tok_s_low", "tok_s_high"}, or None
    when the context is short or the slowdown too small to say."""
    if context <= DEFAULT_CONTEXT or not row.get("tok_s"):
        return None
    try:
        level = quant(row["quant"])
    except (UnknownQuant, KeyError, TypeError):
        return None
    cache_gib = q.profile.memory_parts(q.model, level, context, cache_type or q.cache_type).cache_gb
    tflops = hardware_tflops(card, setup)
    att = attention_seconds(q.model, context, tflops * attention_share() if tflops else None)

    def at(tok: float, spread: float = 1.0) -> float:
        return tok / slowdown(cache_gib, q.profile.gb_per_token(q.model, level), att * spread, tok)

    if row["tok_s"] / at(row["tok_s"]) < MIN_SLOWDOWN:
        return None
    return {"context": context, "quant": level.name, "tok_s": at(row["tok_s"]),
            "tok_s_low": at(row.get("tok_s_low") or row["tok_s"], ATTENTION_SPREAD),
            "tok_s_high": at(row.get("tok_s_high") or row["tok_s"], 1 / ATTENTION_SPREAD)}
