"""Several cards in tensor parallel (vLLM, SGLang): the count must split the attention heads evenly
(gpt-oss-120b's config: 64 heads, so 2, 4 or 8 cards, never 3), and a model released in a native low-bit
format is named by it (gpt-oss: MXFP4 experts, the rest BF16, ~65 GB: not "BF16", which would be ~234 GB).
Questions written for these tests."""

from __future__ import annotations

import pytest

from answers.facts.when_short import tensor_parallel_size_ok
from estimator.model import FfnShape, LayerGroup, Layout, ModelSize


@pytest.mark.parametrize(("question", "lang"), [
    ("gpt-oss-120b on radeon ai pro r9700 cards with vllm tensor parallel, how fast?", "en"),
    ("gpt-oss-120b su schede radeon ai pro r9700 con vllm in tensor parallel, che velocità?", "it"),
    ("gpt-oss-120b sur des radeon ai pro r9700 avec vllm en tensor parallel, quelle vitesse ?", "fr"),
])
def test_tensor_parallel_takes_a_count_that_splits_the_heads(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    several = a.facts["several_cards"]
    assert several["split"] == "tensor" and 64 % several["count"] == 0, a.text
    assert several["quant"] == "MXFP4"
    assert "BF16" not in a.text


def test_the_head_count_decides_when_on_record() -> None:
    def model(heads: int | None) -> ModelSize:
        ffn = FfnShape(intermediate=1000, attention_heads=heads) if heads else None
        return ModelSize(30.0, None, Layout((LayerGroup(kind="full", layers=10, kv_heads=8, head_dim=128),), ffn=ffn))

    assert tensor_parallel_size_ok(model(64), 4) and not tensor_parallel_size_ok(model(64), 3)
    assert tensor_parallel_size_ok(model(48), 3) and not tensor_parallel_size_ok(model(48), 5)
    assert tensor_parallel_size_ok(model(None), 8) and not tensor_parallel_size_ok(model(None), 6)
