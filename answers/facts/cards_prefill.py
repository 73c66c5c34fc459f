"""Two cards compared with no model, the prompt asked about ("7900 XTX or a used 3090: is AMD still behind on pp?",
"tg looks the same, what about prompt processing?"): each card's prompt processing at the first size the comparison
tried (an 8B at its level), with its time to first token, and the pick re-weighed for prompts (choice.for_prompts:
the card that reads prompts 1.15× faster or more wins when both write at about the same speed).

    add_cards_prefill(est, e, s, facts, asked)   # facts["prefill_cards"], facts["choice"] re-decided

Facts only (JSON-ready): answers/templates/_cards_prefill.md.j2 writes them after the comparison.
"""

from __future__ import annotations

from typing import Any

from answers.facts import choice
from answers.facts.common import Entities, Estimates, EstimateSettings
from answers.facts.throughput import Ask, card_prefill
from estimator.model import ModelSize
from estimator.quants import quant


def add_cards_prefill(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any], asked: Any) -> None:
    """Add each card's prompt reading when two cards are compared without a model and the prompt is asked."""
    if facts.get("mode") != "cards" or "prefill" not in asked.also or e.card is None or e.card2 is None \
            or e.model is not None or not facts.get("sizes"):
        return
    size = facts["sizes"][0]
    prompt = e.prompt_tokens or s.context
    ask = Ask(prompt=prompt, backend=e.backend)
    rows = []
    for card, key in ((e.card, "a"), (e.card2, "b")):
        row = size[key]
        level = row.get("quant")
        if not level:
            return
        pre = card_prefill(ModelSize(size["params_b"], name=f"{size['params_b']:g}B"), card, quant(level), prompt,
                           ask)
        rows.append({"card": card.name, "quant": level, "tok_s": row.get("tok_s"), "prefill_tok_s": pre.tok_s,
                     "ttft_s": prompt / pre.tok_s if pre.tok_s else None})
    a, b = rows
    facts["prefill_cards"] = {"params_b": size["params_b"], "prompt": prompt, "a": a, "b": b,
                              "ratio": a["prefill_tok_s"] / b["prefill_tok_s"] if b["prefill_tok_s"] else None}
    facts["choice"] = choice.for_prompts(facts.get("choice"), a, b, [a["card"], b["card"]])
