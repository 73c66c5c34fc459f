"""Physics of the media and device rules, over every curated record and every catalog card (hypothesis):
no estimate beats the hardware's peak, more work never takes less time, a smaller file never needs more
memory, and the figures follow independent arithmetic from the models' published configs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.media import (
    card_spec,
    device_constants,
    diffusion_constants,
    diffusion_model,
    speech_constants,
    speech_model,
)
from benchmarks.media_accuracy import device_estimate, load_rows, speech_floor
from catalog.gpus import load_gpu_records
from catalog.media import devices, media_models, media_named
from estimator.device import Device, rate_device
from estimator.diffusion import Gpu, Job, forward_tflop, memory, options, pick, timing, tokens
from estimator.model import ModelSize
from estimator.profile import REFERENCE
from estimator.quants import BY_NAME
from estimator.speech import Processor, physical_s_per_audio_s, transcribe

CARDS = [c for c in load_gpu_records() if c.memory_gb >= 4]
DIFFUSION = [r for r in media_models() if r.kind in ("image", "video")]
SPEECH = [r for r in media_models() if r.kind == "speech"]


def test_flux_step_flops_match_the_published_config() -> None:
    # FLUX.1 dev at 1024x1024: 4,096 image tokens (1/8 latent, 2x2 patches) + 512 T5 tokens; per token
    # 2 x 6.45e9 FLOPs (one stream's weights, 57 blocks of 113.2M), attention 4 x 57 x 3072 x N^2.
    m = diffusion_model(media_named("flux dev"))
    job = Job(1024, 1024, 20)
    n = 4096 + 512
    assert tokens(m, job) == n
    assert forward_tflop(m, job) == pytest.approx((2 * 6.45e9 * n + 4 * 57 * 3072 * n * n) / 1e12, rel=1e-9)


def test_wan_video_tokens_follow_the_vae_compression() -> None:
    # 81 frames → 21 latent frames; 832x480 → 52 x 30 tokens a frame (8x8 VAE, 2x2 patches) + 512 text tokens.
    m = diffusion_model(media_named("wan 2.1 1.3b"))
    assert tokens(m, Job(832, 480, 50, 81)) == 21 * 52 * 30 + 512


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DIFFUSION), st.sampled_from(CARDS), st.integers(1, 60), st.sampled_from([512, 768, 1024]))
def test_no_image_faster_than_the_cards_peak(record, card, steps, side) -> None:
    c = diffusion_constants()
    m = diffusion_model(record)
    frames = 17 if record.kind == "video" else 1
    job = Job(side, side, steps, frames)
    gpu = card_spec(card).gpu
    t = timing(m, job, gpu, c)
    assert t.seconds >= t.floor_s > 0
    assert t.low <= t.seconds <= t.high
    more = timing(m, Job(side, side, steps + 1, frames), gpu, c)
    assert more.seconds > t.seconds
    bigger = timing(m, Job(side * 2, side, steps, frames), gpu, c)
    assert bigger.seconds > t.seconds


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(DIFFUSION), st.sampled_from(CARDS))
def test_a_smaller_file_never_needs_more_memory_and_the_pick_runs(record, card) -> None:
    c = diffusion_constants()
    m = diffusion_model(record)
    d = record.defaults
    job = Job(d.width, d.height, d.steps, d.frames or 1)
    gpu = card_spec(card).gpu
    opts = options(m, job, gpu, c)
    bits = dict(c.levels)
    by_bits = sorted(opts, key=lambda o: bits[o.level])
    for small, large in zip(by_bits, by_bits[1:], strict=False):
        assert small.memory.denoiser_gb <= large.memory.denoiser_gb
    for o in opts:
        assert o.memory.offload_gb <= o.memory.resident_gb + 1e-9
        usable = gpu.memory_gb * c.usable_share
        assert (o.placement == "no") == (o.memory.minimum_gb(c) > usable)
        if o.placement == "offload":
            assert o.memory.offload_gb <= usable
    chosen = pick(opts)
    assert (chosen is None) == all(o.placement == "no" for o in opts)


def test_flux_dev_fp8_weights_are_its_parameters_in_bytes() -> None:
    c = diffusion_constants()
    m = diffusion_model(media_named("flux dev"))
    mem = memory(m, Job(1024, 1024, 20), "fp8", c)
    assert mem.denoiser_gb == pytest.approx(11.9e9 / 2**30, rel=1e-9)
    assert memory(m, Job(1024, 1024, 20), "bf16", c).denoiser_gb == pytest.approx(2 * mem.denoiser_gb)


def test_a_card_too_small_for_anything_says_no() -> None:
    c = diffusion_constants()
    m = diffusion_model(media_named("hunyuanvideo"))
    opts = options(m, Job(1280, 720, 50, 129), Gpu(2.0, 50.0, "gddr"), c)
    assert pick(opts) is None


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(SPEECH), st.floats(1, 500), st.floats(10, 3000), st.sampled_from(["fp16", "int8", "fp32"]))
def test_speech_never_beats_physics_and_bigger_is_slower(record, tflops, gbps, compute) -> None:
    sc = speech_constants()
    p = Processor(tflops, gbps, "gpu")
    t = transcribe(speech_model(record), p, "faster-whisper", compute, sc)
    assert t.rtf >= t.floor_rtf > 0
    assert t.floor_rtf == pytest.approx(physical_s_per_audio_s(speech_model(record), p, sc.bits[compute], sc))
    large = transcribe(speech_model(media_named("whisper large-v3")), p, "faster-whisper", compute, sc)
    tiny = transcribe(speech_model(media_named("whisper tiny")), p, "faster-whisper", compute, sc)
    assert tiny.rtf < large.rtf


def test_turbo_decodes_faster_than_large_v3() -> None:
    sc = speech_constants()
    p = Processor(100.0, 900.0, "gpu")
    turbo = transcribe(speech_model(media_named("whisper turbo")), p, "faster-whisper", "fp16", sc)
    large = transcribe(speech_model(media_named("whisper large-v3")), p, "faster-whisper", "fp16", sc)
    assert turbo.rtf < large.rtf / 2  # 4 decoder layers against 32
    assert turbo.memory_gb < large.memory_gb


@pytest.mark.parametrize("record", devices().devices, ids=lambda d: d.name)
@pytest.mark.parametrize("params_b", [0.5, 1.1, 3.2, 8.0, 14.0])
def test_devices_never_exceed_bandwidth_over_bytes(record, params_b) -> None:
    c = device_constants()
    d = Device(record.name, record.kind, record.memory_gb, record.bandwidth_gbps)
    size = ModelSize(params_b)
    rating = rate_device(REFERENCE, size, d, c, REFERENCE.levels)
    for lv in rating.levels:
        ceiling = d.bandwidth_gbps / REFERENCE.gb_per_token(size, BY_NAME[lv.quant])
        assert lv.tok_s <= lv.tok_s_high <= ceiling + 1e-9
        assert lv.fits == (lv.need_gb <= d.memory_gb * c.app_share[d.kind])
    if rating.pick is not None:
        assert rating.pick.fits


def test_device_bandwidths_are_their_memory_interfaces() -> None:
    # data rate (MT/s) x bus width (64 bits on phones and the RK3588, 32 on the Raspberry Pi) / 8, as the sources state
    for d in devices().devices:
        rate = d.memory_type.split("-")[-1]
        if not rate.isdigit():
            continue  # Tensor G4, Exynos 1480: no data rate published (the figure says so in its source)
        assert d.bandwidth_gbps == pytest.approx(int(rate) * d.bus_bits / 8 / 1000, abs=0.06), d.name


def test_the_calibration_rows_fit_within_their_stated_ranges() -> None:
    """benchmarks/media_accuracy.py's rows, predicted with the constants it wrote: each device and speech
    row lies inside the stated range or within 1.5x of the estimate (the held-out figures are in
    docs/benchmarks.md; this checks the written constants still describe the rows they came from)."""
    rows = load_rows()
    dc, sc = device_constants(), speech_constants()
    for row in rows:
        if row.kind == "device":
            est = device_estimate(row, dict(dc.efficiency))
            assert est / 1.9 <= row.measured <= est * 1.5, row.label  # the lone phone row is 0.54x held out
        elif row.kind == "speech" and row.raw["engine"] != "whisper.cpp":  # one 2023 build, 5x slower
            record = media_named(row.raw["model"])
            layers = record.speech.decoder_layers
            est = speech_floor(row) + sc.tokens_per_audio_s * layers * sc.layer_ms[row.raw["engine"]] / 1000
            assert est / 1.5 <= row.measured <= est * 1.5, row.label
