"""The media and device rules as answers see them: constants read once from estimator/data/media_constants.json,
and the catalog's records turned into the estimator's inputs (a card's matrix TFLOPS, a model's shape).

Loaded on first use only (a question about a language model never reads them).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from msgspec import Struct

from catalog.compute import fp32_tflops
from catalog.media import DeviceRecord, MediaRecord, devices
from estimator.device import Device, DeviceConstants
from estimator.diffusion import DiffusionConstants, DiffusionModel, Gpu, matrix_multiplier
from estimator.measured import card_class
from estimator.prefill import PrefillConstants
from estimator.speech import Processor, SpeechConstants, SpeechModel

PRO_SEGMENTS = ("workstation", "data centre")


def _json(package: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((resources.files(package) / "data" / name).read_text("utf-8"))
    return data


@cache
def media_constants() -> dict[str, Any]:
    return _json("estimator", "media_constants.json")


@cache
def diffusion_constants() -> DiffusionConstants:
    return DiffusionConstants.from_dict(media_constants())


@cache
def speech_constants() -> SpeechConstants:
    return SpeechConstants.from_dict(media_constants()["speech"])


@cache
def device_constants() -> DeviceConstants:
    shares = {k: v.value for k, v in devices().app_share.items()}
    return DeviceConstants.from_dict(media_constants()["device"], shares)


@cache
def prefill_constants() -> PrefillConstants:
    return PrefillConstants.from_dict(_json("estimator", "prefill_constants.json"))


class CardSpec(Struct, frozen=True):
    """A card's matrix throughput as the media rules use it, and where the figure came from."""

    gpu: Gpu
    basis: str  # spec (catalog FP32 × architecture) | chip (the chip's own figure) | bandwidth (a stand-in)


def card_spec(card: Any) -> CardSpec:
    """Dense 16-bit matrix TFLOPS: a chip's own figure (Apple, Strix Halo), else the catalog's FP32 × the
    architecture's matrix multiplier, else the card's bandwidth × its vendor's median (low confidence)."""
    c, pc = diffusion_constants(), prefill_constants()
    klass = card_class(card)
    for chip in pc.chip_tflops:
        if card.name.startswith(chip.prefix) and (chip.bandwidth_gbps is None
                                                  or abs(chip.bandwidth_gbps - card.bandwidth_gbps) < 1):
            return CardSpec(Gpu(card.memory_gb, chip.tflops, klass), "chip")
    fp32 = fp32_tflops(card)
    if fp32:
        pro = getattr(card, "segment", "") in PRO_SEGMENTS
        return CardSpec(Gpu(card.memory_gb, fp32 * matrix_multiplier(card.architecture, klass, pro, c), klass), "spec")
    vendor = "AMD" if card.vendor == "ATI" else card.vendor
    per_tbps = pc.fallback_tflops_per_tbps.get(vendor, pc.fallback_tflops_per_tbps["default"])
    return CardSpec(Gpu(card.memory_gb, card.bandwidth_gbps / 1000 * per_tbps / 2, klass), "bandwidth")


def diffusion_model(r: MediaRecord) -> DiffusionModel:
    d, defaults = r.denoiser, r.defaults
    assert d is not None and defaults is not None and r.vae is not None
    return DiffusionModel(
        denoiser_params_b=d.params_b, arch=d.arch, text_encoders_b=tuple(t.params_b for t in r.text_encoders),
        vae_params_b=r.vae.params_b, guidance_passes=defaults.guidance_passes, token_params_b=d.token_params_b or 0.0,
        layers=d.layers or 0, width=d.width or 0, pixels_per_token=d.pixels_per_token or 256,
        frames_per_latent=d.frames_per_latent or 1, text_tokens=d.text_tokens, context_image=d.context_image,
        gflops_base=d.gflops_base or 0.0, base_pixels=d.base_pixels or 1, attention_share=d.attention_share)


def speech_model(r: MediaRecord) -> SpeechModel:
    s = r.speech
    assert s is not None
    return SpeechModel(s.params_b, s.encoder_layers, s.decoder_layers, s.width, s.arch, s.positions_per_s)


def gpu_processor(card: Any) -> Processor:
    return Processor(card_spec(card).gpu.tflops, card.bandwidth_gbps, "gpu")


def cpu_processor(cores: int, ghz: float, flops_per_cycle: float, ram_gbps: float) -> Processor:
    return Processor(cores * ghz * flops_per_cycle / 1000, ram_gbps, "cpu")


def device(r: DeviceRecord, memory_gb: float | None = None) -> Device:
    return Device(r.name, r.kind, memory_gb or r.memory_gb, r.bandwidth_gbps, r.runs_on, r.speed_class)
