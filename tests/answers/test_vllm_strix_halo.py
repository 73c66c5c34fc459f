"""vLLM's ROCm build lists the Ryzen AI MAX / AI 300 APUs (gfx1151/gfx1150, RDNA 3.5) beside the RX 7900 and RX 9000
series: asked on a Strix Halo machine, vLLM is answered, not refused with llama.cpp in its place."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("Qwen3 8B AWQ with vLLM on a Ryzen AI Max+ 395 128GB, how fast is the prompt?", "en"),
    ("Qwen3 8B in AWQ con vLLM su un Framework Desktop Ryzen AI Max+ 395, quanti token al secondo?", "it"),
    ("vLLM auf einem Ryzen AI Max+ 395 mit Qwen3 8B in BF16: wie schnell?", "de"),
])
def test_vllm_runs_on_strix_halo(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    check = a.facts.get("engine_check") or {}
    assert check.get("runs") is True, a.text
    assert a.assumed.get("engine", a.entities.get("engine")) in (None, "vllm") or "vLLM" in a.text, a.text
