"""A format or engine named with a width ("mlx 4bit", "con mlx a 4bit", "exl2 4bit") is rated in that engine's
own file of that width; before, the parser's GGUF level (Q4_K_M from "4bit") was kept, which MLX cannot read,
and a Mac that holds the model got "No … 0.0 GB more than usable" (blind trial, questions 26 and 63)."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "level", "engine_name"), [
    ("m1 max 64gb, wie schnell is llama 3.3 70b in mlx 4bit", "MLX-4bit", "mlx"),
    ("ho un m2 ultra 192gb, ci sta qwen3 235b a22b? con mlx a 4bit quanto va", "MLX-4bit", "mlx"),
    ("llama 3.1 8b mlx 8bit on m4 pro 48gb", "MLX-8bit", "mlx"),
    ("llama 3.1 8b exl2 4bit on a 3090", "EXL2-4.0bpw", "exllamav2"),
    ("llama 3.1 8b with exllamav2 on a 3090", "EXL2-4.0bpw", "exllamav2"),
    ("mistral 7b mlx 6bit sur un m3 pro 36gb", "MLX-6bit", "mlx"),  # mlx-lm writes 3, 5 and 6 bits too
    # 16 bits named beside an engine of one format: the unquantized weights it also reads, not its 4-bit file
    ("llama 3.1 8b in bf16 con mlx su un m2 max 64gb", "BF16", "mlx"),
    ("mistral 7b fp16 mit exllamav2 auf einer 4090", "BF16", "exllamav2"),
])
def test_the_engines_own_file_of_the_width_said(engine: Engine, question: str, level: str,
                                                  engine_name: str) -> None:
    a = engine.ask(question)
    row = a.facts.get("row") or {}
    assert a.facts.get("engine") == engine_name
    assert row.get("quant") == level or a.facts.get("quant") == level, (a.facts.get("quant"), row.get("quant"))
    assert row.get("fit") not in (None, "no") and row.get("tok_s"), a.text  # the Mac or card holds it
