"""Golden figures from public runs (sources beside each): the speed the answer gives for an offload or CPU-only
machine holds the measured figure inside its range. Asked in my own words, several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _speed(facts: dict) -> tuple[float, float, float]:
    cpu = facts.get("cpu")
    row = cpu["pick"] if cpu else facts["row"]
    return row["tok_s"], row["tok_s_low"], row["tok_s_high"]


@pytest.mark.parametrize(("question", "measured"), [
    # ik_llama.cpp -ot, attention on a 4090, experts in 4 x 48 GB DDR5-4800 on an i7-14700: "roughly 7 tokens per
    # second" (hexkern.com/running-deepseek-r1-671b-on-gaming-pc)
    ("deepseek r1 iq1_s_r4 on an rtx 4090 with 192gb ddr5-4800 dual channel, how fast?", 7.0),
    ("deepseek r1 in iq1_s_r4 su una rtx 4090 con 192gb di ddr5-4800 dual channel, che velocità?", 7.0),
    # CPU-only on one EPYC 9135 with 12 x 64 GB DDR5-5600, Q8_0: 7.17 tok/s peak (xlab.tencent.com, 2025-03-16)
    ("deepseek r1 q8_0 cpu only, epyc 9135, 768 gb ddr5-5600 12 channels: tokens per second?", 7.17),
    ("deepseek r1 q8_0 nur cpu, epyc 9135, 768 gb ddr5-5600 mit 12 kanälen: wie viele tokens pro sekunde?", 7.17),
    # llama.cpp -t 8 without -ngl on a Ryzen 7 7800X3D: Llama 2 70B Q5_K_M at 1.41 tok/s
    # (github.com/evshiron/rocm_lab/issues/13)
    ("llama 2 70b q5_k_m on cpu only, ryzen 7 7800x3d with ddr5, tok/s?", 1.41),
])
def test_the_public_figure_is_inside_the_range(engine: Engine, question: str, measured: float) -> None:
    a = engine.ask(question)
    tok, low, high = _speed(a.facts)
    assert low <= measured <= high, (tok, low, high)
