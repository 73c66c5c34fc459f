"""A mixture of experts offloaded at a long context: what a q8_0 KV cache gives back.

With the experts in RAM (`--n-cpu-moe`, `-ot exps=CPU`), attention, shared experts and the KV cache stay on
the card. At a long context an f16 cache can take most of a 16 GB card (GLM-4.5-Air at 64k: 46 layers × 8 KV
heads × 128 × 2 × 2 bytes = 184 KiB a token, 11.5 GiB), pushing attention layers off it too. llama.cpp's
q8_0 cache (`-ctk q8_0 -ctv q8_0`, flash attention on) halves it, at +0.04% perplexity by llama.cpp's own
measurement (already cited in answers/knowledge): the answer gives that speed beside the f16 one when it is
clearly faster, so "does 64k hold?" gets the run people would make.
"""

from __future__ import annotations

from typing import Any

from estimator.model import ModelSize
from estimator.profile import Profile
from estimator.setups import Setup, SetupConstants, SetupRow, rate_setup

SMALLER_CACHE = "q8_0"
GAIN = 1.1  # said only when the smaller cache is at least this much faster: a visible difference


def with_smaller_cache(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                       row: SetupRow, cache_type: str) -> dict[str, Any] | None:
    """The same level with a q8_0 cache, when `row` is a mixture of experts' offload at an f16 cache and the
    smaller cache is clearly faster; None otherwise."""
    if row.fit != "offload" or row.quant is None or not row.tok_s or cache_type != "f16" or not model.is_moe:
        return None
    alt = rate_setup(profile, model, setup, context, None, row.quant.name, constants=constants,
                     cache_type=SMALLER_CACHE)
    if alt.fit != "offload" or not alt.tok_s or alt.tok_s < GAIN * row.tok_s:
        return None
    return {"cache_type": SMALLER_CACHE, "quant": row.quant.name, "tok_s": alt.tok_s, "tok_s_low": alt.tok_s_low,
            "tok_s_high": alt.tok_s_high}
