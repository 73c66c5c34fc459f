"""whisper.cpp on Apple's GPU (Metal): the two constants of media_constants.json `speech.engines` recomputed from
the public runs they were fitted on, and a run they were not fitted on predicted.

Fitted on ggml-org/whisper.cpp#2439 (a base M1 MacBook Air, Metal, hyperfine means over samples/gb1, the
3 min 24 s = 204 s George W. Bush Columbia speech): large-v3-turbo 20.345 s, medium.en 36.906 s, small.en
15.564 s. Held out: an M1 Max does an hour of large-v3-turbo in about 2 minutes with whisper.cpp on Metal
(transcriber-2ht.pages.dev, 2026-05-18). The M1's GPU: 2.6 TFLOPS 16-bit, 68.25 GB/s; the M1 Max's 10.5 and 400.
"""

from __future__ import annotations

import math

import pytest

from answers.knowledge.media import speech_constants, speech_model
from catalog.media import media_named
from estimator.speech import Processor, transcribe

M1 = Processor(2.6, 68.25, "gpu")
M1_MAX = Processor(10.5, 400.0, "gpu")
SAMPLE_S = 204.0
RUNS = {"Whisper large-v3-turbo": 20.345, "Whisper medium": 36.906, "Whisper small": 15.564}


def _rtf(model: str, p: Processor, share: float | None = None, layer_ms: float | None = None) -> float:
    c = speech_constants()
    if share is not None and layer_ms is not None:
        from msgspec.structs import replace

        c = replace(c, encoder_share={**c.encoder_share, "whisper.cpp-metal": share},
                    layer_ms={**c.layer_ms, "whisper.cpp-metal": layer_ms})
    record = media_named(model)
    assert record is not None
    return transcribe(speech_model(record), p, "whisper.cpp-metal", "fp16", c).rtf


@pytest.mark.parametrize(("model", "seconds"), RUNS.items())
def test_each_fitted_run_is_reproduced_within_five_percent(model: str, seconds: float) -> None:
    assert _rtf(model, M1) == pytest.approx(seconds / SAMPLE_S, rel=0.05)


def test_the_kept_constants_are_the_least_squares_fit_of_the_runs() -> None:
    """A grid over (share, ms) in the kept constants' steps: none fits the three runs better (log error)."""
    def err(share: float, ms: float) -> float:
        return sum(math.log(_rtf(m, M1, share, ms) / (s / SAMPLE_S)) ** 2 for m, s in RUNS.items())

    c = speech_constants()
    kept = err(c.encoder_share["whisper.cpp-metal"], c.layer_ms["whisper.cpp-metal"])
    grid = [err(s / 100, ms / 100) for s in range(30, 71, 2) for ms in range(50, 150, 4)]
    assert kept <= min(grid) + 1e-4


def test_a_run_left_out_of_the_fit_is_predicted_within_a_quarter() -> None:
    hour_minutes = 3600 * _rtf("Whisper large-v3-turbo", M1_MAX) / 60
    assert 2.0 / 1.25 <= hour_minutes <= 2.0 * 1.25


def test_the_encoder_share_is_checked_at_load() -> None:
    from answers.knowledge.media import media_constants
    from estimator.speech import SpeechConstants

    data = {**media_constants()["speech"]}
    data["engines"] = {"whisper.cpp-metal": {"encoder_share": 1.4, "layer_ms": 0.9}}
    with pytest.raises(ValueError, match="encoder"):
        SpeechConstants.from_dict(data)
