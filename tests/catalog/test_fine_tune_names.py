"""A fine-tune or a re-upload named by its repository ("…-abliterated", "…-Instruct-1M", "…-4bit", a date) falls
back to the base model it was made from: it runs in the base's memory and at its speed."""

from __future__ import annotations

import pytest

from tests.catalog.test_resolve import _need, model_resolver


@pytest.mark.parametrize(("typed", "base"), [
    ("Qwen2.5-7B-Instruct-abliterated", "Qwen2.5 7B"),
    ("Qwen3-8B-uncensored-heretic", "Qwen3 8B"),
    ("Qwen3-Coder-30B-A3B-Instruct-1M", "Qwen3-Coder-30B-A3B"),
    ("Qwen3-30B-A3B-8bit", "Qwen3-30B-A3B"),
    ("Llama-3.1-8B-Instruct-uncensored-GGUF", "Llama 3.1 8B"),
])
def test_a_fine_tune_suffix_falls_back_to_the_base(typed: str, base: str) -> None:
    _need("model", base)
    res = model_resolver().resolve(typed)
    assert res.best is not None and res.best.name == base, [c.name for c in res.candidates]


def test_a_name_that_is_only_a_suffix_resolves_to_nothing() -> None:
    assert model_resolver().resolve("abliterated-uncensored").best is None
