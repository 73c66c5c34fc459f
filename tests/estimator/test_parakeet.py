"""Parakeet TDT transducers against public figures (never this program's output):

- Hugging Face Open ASR leaderboard, on parakeet-tdt-0.6b-v2's model card: RTFx 3380 on an A100 at batch 128.
- onnx-asr docs/benchmarks.md (github.com/istupakov/onnx-asr), an Intel i7-7700HQ laptop: Parakeet TDT 0.6B
  v2 at RTFx 10.5 and v3 at 9.5; on the same table Whisper base (74M) reaches 9.2, so a 0.6B transducer
  is about as fast as Whisper's second-smallest model and far faster than large-v3-turbo.
- The A100: 312 dense 16-bit TFLOPS and 2,039 GB/s (NVIDIA's A100 datasheet); the i7-7700HQ: 4 cores,
  3.4 GHz with all four busy (Intel ARK: 2.8 base, 3.8 single-core turbo), AVX2 (32 FP32 FLOPs a cycle),
  dual-channel DDR4-2400 (38.4 GB/s).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.media import speech_constants, speech_model
from catalog.media import media_models, media_named
from estimator.speech import Processor, physical_s_per_audio_s, transcribe

A100 = Processor(312.0, 2039.0, "gpu")
I7_7700HQ = Processor(4 * 3.4 * 32 / 1000, 2 * 2400 * 8 / 1000, "cpu")
TRANSDUCERS = [r for r in media_models() if r.speech is not None and r.speech.arch == "transducer"]


def test_both_parakeets_are_in_the_catalog_with_their_model_cards() -> None:
    v2, v3 = media_named("parakeet tdt 0.6b v2"), media_named("parakeet-tdt-0.6b-v3")
    assert v2 is not None and v3 is not None and v2.name != v3.name
    assert v2.speech is not None and v3.speech is not None
    assert v2.params_b == pytest.approx(0.6) and v3.params_b == pytest.approx(0.6)
    assert v2.speech.languages == ["en"]
    assert len(v3.speech.languages) == 25 and {"de", "it", "fr", "es", "pt"} <= set(v3.speech.languages)


@pytest.mark.parametrize(("name", "proc", "engine", "compute", "rtfx"), [
    ("parakeet tdt 0.6b v2", A100, "nemo", "fp16", 3380),
    ("parakeet tdt 0.6b v2", I7_7700HQ, "onnx-asr-cpu", "fp32", 10.5),
    ("parakeet tdt 0.6b v3", I7_7700HQ, "onnx-asr-cpu", "fp32", 9.5),
])
def test_the_public_runs_are_reproduced(name, proc, engine, compute, rtfx) -> None:
    t = transcribe(speech_model(media_named(name)), proc, engine, compute, speech_constants())
    assert t.times_realtime == pytest.approx(rtfx, rel=0.15)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(TRANSDUCERS), st.floats(0.1, 2000), st.floats(10, 8000),
       st.sampled_from(["nemo", "onnx-asr-cpu"]))
def test_a_transducer_never_beats_its_floor_and_a_faster_chip_is_faster(record, tflops, gbps, engine) -> None:
    c = speech_constants()
    m = speech_model(record)
    slow = transcribe(m, Processor(tflops, gbps, "gpu"), engine, "fp16", c)
    fast = transcribe(m, Processor(tflops * 2, gbps * 2, "gpu"), engine, "fp16", c)
    assert slow.rtf >= slow.floor_rtf > 0
    assert slow.floor_rtf == pytest.approx(physical_s_per_audio_s(m, Processor(tflops, gbps, "gpu"), 16, c))
    assert fast.rtf < slow.rtf


def test_on_one_cpu_parakeet_beats_whisper_turbo_several_times() -> None:
    c = speech_constants()
    parakeet = transcribe(speech_model(media_named("parakeet v2")), I7_7700HQ, "onnx-asr-cpu", "fp32", c)
    turbo = transcribe(speech_model(media_named("whisper turbo")), I7_7700HQ, "faster-whisper-cpu", "int8", c)
    assert parakeet.rtf * 2 < turbo.rtf
