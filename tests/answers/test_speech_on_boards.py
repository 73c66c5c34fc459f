"""Whisper on a Raspberry Pi 5: its Cortex-A76 cores reach about a quarter of their vector peak on the encoder's
matrix work (catalog/data/hardware/devices.json `matrix_gflops`, from a public whisper.cpp bench), so no
estimate is faster than that bench's encoder alone, and large-v3 is said to fall behind real time."""

from __future__ import annotations

import pytest
from msgspec import ValidationError, convert

from catalog.media import DeviceCpu

# whisper.cpp bench on a Pi 5, 4 threads (github.com/ggml-org/whisper.cpp/issues/89): seconds per 30-second window
ENCODE_S = {"tiny": 1.106, "base": 2.480, "small": 8.308, "medium": 26.469}


@pytest.mark.parametrize(("size", "encode_s"), ENCODE_S.items())
def test_no_estimate_beats_the_public_encoder_time(engine, size, encode_s) -> None:
    f = engine.ask(f"whisper {size} en una raspberry pi 5, va en tiempo real?", locale="es").facts
    assert f["realtime_factor"] >= encode_s / 30, size


def test_large_v3_on_a_pi_5_falls_well_behind_real_time(engine) -> None:
    a = engine.ask("whisper large-v3 auf dem raspberry pi 5 in echtzeit?", locale="de")
    assert a.facts["realtime_factor"] >= 2.0
    assert a.facts["realtime_factor_low"] > 1.0  # even the optimistic end is slower than real time


def test_a_matrix_figure_above_the_cores_peak_is_refused() -> None:
    with pytest.raises(ValidationError):
        convert({"cores": 4, "ghz": 2.4, "flops_per_cycle": 16, "source": "a source of ten", "matrix_gflops": 200.0,
                 "matrix_source": "a public run somewhere"}, DeviceCpu)
    with pytest.raises(ValidationError):
        convert({"cores": 4, "ghz": 2.4, "flops_per_cycle": 16, "source": "a source of ten", "matrix_gflops": 30.0},
                DeviceCpu)
