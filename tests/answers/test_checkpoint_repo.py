"""A dated or tuned checkpoint the catalog keeps under its base record is named in `model_repos` as the asker named
it: "Qwen3-30B-A3B-Instruct-2507" (or said with spaces) is the maker's Qwen/Qwen3-30B-A3B-Instruct-2507, while
`models` keeps the catalog's name (the --json contract). A bare name keeps the base's repository. Phrasings of our
own, six languages; repositories as their makers publish them on Hugging Face."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "model", "repo"), [
    ("how fast is Qwen3-30B-A3B-Instruct-2507 on a 4090?", "Qwen3-30B-A3B", "Qwen/Qwen3-30B-A3B-Instruct-2507"),
    ("qwen3 235b a22b instruct 2507 su 4 h100, quanti token al secondo?", "Qwen3-235B-A22B",
     "Qwen/Qwen3-235B-A22B-Instruct-2507"),
    ("wie schnell ist DeepSeek-V3-0324 auf 8x h200?", "DeepSeek-V3", "deepseek-ai/DeepSeek-V3-0324"),
    ("Qwen3-4B-Thinking-2507 en una 3060, cuántos tokens por segundo?", "Qwen3 4B", "Qwen/Qwen3-4B-Thinking-2507"),
    ("Magistral-Small-2509 sur une 4090, quelle vitesse ?", None, "mistralai/Magistral-Small-2509"),
    ("qwen3 30b a3b thinking 2507 numa 5090, quantos tokens por segundo?", "Qwen3-30B-A3B",
     "Qwen/Qwen3-30B-A3B-Thinking-2507"),
])
def test_the_checkpoint_named_is_the_repository_stated(engine, question: str, model: str | None, repo: str) -> None:
    asked = engine.ask(question).asked
    if model is not None:
        assert asked["models"] == [model], asked
    assert asked["model_repos"] == [repo], asked


@pytest.mark.parametrize(("question", "repo"), [
    ("llama 3.1 8b on a 3060, how fast?", "meta-llama/Llama-3.1-8B-Instruct"),
    ("qwen3 30b a3b su una 4090?", "Qwen/Qwen3-30B-A3B"),
])
def test_a_bare_name_keeps_the_base_repository(engine, question: str, repo: str) -> None:
    assert engine.ask(question).asked["model_repos"] == [repo]
