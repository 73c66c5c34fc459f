"""Models that are not text generators, and phones and boards: curated records with their sources.

- `MediaRecord`: an image, video, speech-to-text or embedding model (catalog/data/media/<kind>.json), with
  each component's parameters (denoiser, text encoders, VAE; Whisper's encoder and decoder; an embedder's
  encoder) from its model card or config, and the defaults people run it at.
- `DeviceRecord`: a phone chip or a single-board computer (catalog/data/hardware/devices.json) with its memory,
  bandwidth and the share of memory an app can hold.
- `kind_of`: what a catalog model makes, from Epoch's domain and task fields ("text", "image", "video",
  "speech", "embedding"), for the models only Epoch knows.

Files are read and checked at first use (msgspec: types, ranges, unknown keys refused, the rules between
fields in `__post_init__`); a record without a source fails the load.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from importlib import resources
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct, field

from .media_kind import kind_of  # noqa: F401 — the media catalog's, kept where callers look
from .text import find_phrase as _find
from .text import fold
from .text import phrase_key as _key

MediaKind = Literal["image", "video", "speech", "embedding"]
KINDS: tuple[MediaKind, ...] = ("image", "video", "speech", "embedding")


class _Frozen(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A curated record: read-only, and a key the record does not know is a mistake in the file."""


class Component(_Frozen, frozen=True, kw_only=True):
    name: str
    params_b: Annotated[float, Meta(gt=0)]
    source: Annotated[str, Meta(min_length=10)]


class Denoiser(Component, frozen=True, kw_only=True):
    """The network run at every step. A transformer (`dit`) is timed from the parameters applied to each
    token and its attention; a UNet from its FLOPs per forward at a base resolution."""

    arch: Literal["dit", "unet"]
    token_params_b: Annotated[float, Meta(gt=0)] | None = None
    layers: Annotated[int, Meta(gt=0)] | None = None
    width: Annotated[int, Meta(gt=0)] | None = None
    pixels_per_token: Annotated[int, Meta(gt=0)] | None = None  # pixels one latent token stands for
    frames_per_latent: Annotated[int, Meta(gt=0)] | None = None  # video: frames one latent frame stands for
    text_tokens: Annotated[int, Meta(ge=0)] = 0
    context_image: bool = False  # in-context editing: the input image's tokens join the sequence
    experts: Annotated[int, Meta(ge=1)] = 1  # Wan 2.2 A14B: two experts of this size, one used per step
    gflops_base: Annotated[float, Meta(gt=0)] | None = None
    base_pixels: Annotated[int, Meta(gt=0)] | None = None
    attention_share: Annotated[float, Meta(ge=0, lt=1)] = 0.0  # UNet: attention scores' share of its FLOPs at base

    def __post_init__(self) -> None:
        if self.arch == "dit" and None in (self.token_params_b, self.layers, self.width, self.pixels_per_token):
            raise ValueError(f"{self.name}: a transformer needs token_params_b, layers, width and pixels_per_token")
        if self.arch == "unet" and None in (self.gflops_base, self.base_pixels):
            raise ValueError(f"{self.name}: a UNet needs gflops_base and base_pixels")
        if self.token_params_b is not None and self.token_params_b > self.params_b:
            raise ValueError(f"{self.name}: per-token parameters exceed the total")


class Distilled(_Frozen, frozen=True, kw_only=True):
    """A step-distilled LoRA people run to make a clip in a few steps with no classifier-free guidance (one pass
    a step): the same model's time at `steps`, said beside the usual settings' time."""

    name: Annotated[str, Meta(min_length=2)]
    steps: Annotated[int, Meta(gt=0)]
    source: Annotated[str, Meta(min_length=10)]


class Defaults(_Frozen, frozen=True, kw_only=True):
    width: Annotated[int, Meta(gt=0)]
    height: Annotated[int, Meta(gt=0)]
    steps: Annotated[int, Meta(gt=0)]
    guidance_passes: Annotated[int, Meta(ge=1, le=2)]
    frames: Annotated[int, Meta(gt=0)] | None = None
    fps: Annotated[int, Meta(gt=0)] | None = None
    source: Annotated[str, Meta(min_length=10)]
    distilled: Distilled | None = None


class SpeechShape(_Frozen, frozen=True, kw_only=True):
    params_b: Annotated[float, Meta(gt=0)]
    encoder_layers: Annotated[int, Meta(gt=0)]
    decoder_layers: Annotated[int, Meta(gt=0)]
    width: Annotated[int, Meta(gt=0)]
    source: Annotated[str, Meta(min_length=10)]
    # Whisper: an encoder over 30-second windows and a text decoder a token at a time. A transducer (Parakeet
    # TDT): an encoder over the audio itself at `positions_per_s` and a small prediction network.
    arch: Literal["whisper", "transducer"] = "whisper"
    positions_per_s: Annotated[float, Meta(gt=0)] = 50.0
    languages: list[str] = field(default_factory=list)  # ISO 639-1 codes the model card lists; empty: many


class EncoderShape(_Frozen, frozen=True, kw_only=True):
    params_b: Annotated[float, Meta(gt=0)]
    layers: Annotated[int, Meta(gt=0)]
    width: Annotated[int, Meta(gt=0)]
    source: Annotated[str, Meta(min_length=10)]


class MediaRecord(_Frozen, frozen=True, kw_only=True):
    name: str
    kind: MediaKind
    aliases: list[str] = field(default_factory=list)
    organization: str
    publication_date: dt.date
    license: str
    huggingface: str
    role: Literal["embedder", "reranker"] = "embedder"
    max_tokens: Annotated[int, Meta(gt=0)] | None = None
    denoiser: Denoiser | None = None
    text_encoders: list[Component] = field(default_factory=list)
    vae: Component | None = None
    defaults: Defaults | None = None
    speech: SpeechShape | None = None
    encoder: EncoderShape | None = None

    def __post_init__(self) -> None:
        needs = {"image": ("denoiser", "vae", "defaults"), "video": ("denoiser", "vae", "defaults"),
                 "speech": ("speech",), "embedding": ("encoder",)}[self.kind]
        missing = [k for k in needs if getattr(self, k) is None]
        if missing:
            raise ValueError(f"{self.name}: a {self.kind} model needs {', '.join(missing)}")
        if self.kind == "video" and (self.defaults is None or self.defaults.frames is None
                                     or self.denoiser is None or self.denoiser.frames_per_latent is None):
            raise ValueError(f"{self.name}: a video model needs its default frames and frames_per_latent")

    @property
    def params_b(self) -> float:
        """Every component's parameters (what the files hold, one expert counted once per expert)."""
        if self.speech is not None:
            return self.speech.params_b
        if self.encoder is not None:
            return self.encoder.params_b
        assert self.denoiser is not None and self.vae is not None
        return (self.denoiser.params_b * self.denoiser.experts + sum(t.params_b for t in self.text_encoders)
                + self.vae.params_b)


class AppShare(_Frozen, frozen=True, kw_only=True):
    value: Annotated[float, Meta(gt=0, le=1)]
    source: Annotated[str, Meta(min_length=10)]


class DeviceCpu(_Frozen, frozen=True, kw_only=True):
    cores: Annotated[int, Meta(gt=0)]
    ghz: Annotated[float, Meta(gt=0)]
    flops_per_cycle: Annotated[float, Meta(gt=0)]
    source: Annotated[str, Meta(min_length=10)]
    # What its cores reach on a transformer's matrix work in a public run (GFLOPS, all cores), when far below
    # the vector units' peak (a Raspberry Pi 5's Cortex-A76: about a quarter); speech figures use it.
    matrix_gflops: Annotated[float, Meta(gt=0)] | None = None
    matrix_source: str | None = None
    # What llama.cpp's quantized kernels reach reading a language model's prompt there in a public run (GFLOPS,
    # all cores): int8 dot products run several times faster than the float matrix work above, so a board's
    # prompt rate comes from this figure, as measured, when it is on record.
    llm_prompt_gflops: Annotated[float, Meta(gt=0)] | None = None
    llm_prompt_source: str | None = None

    def __post_init__(self) -> None:
        if self.matrix_gflops is not None and not (self.matrix_source and len(self.matrix_source) >= 10):
            raise ValueError("matrix_gflops needs its matrix_source")
        if self.llm_prompt_gflops is not None and not (self.llm_prompt_source and len(self.llm_prompt_source) >= 10):
            raise ValueError("llm_prompt_gflops needs its llm_prompt_source")
        if self.llm_prompt_gflops is not None and self.llm_prompt_gflops > self.cores * self.ghz * self.flops_per_cycle:
            raise ValueError("llm_prompt_gflops is above the cores' peak")
        if self.matrix_gflops is not None and self.matrix_gflops > self.cores * self.ghz * self.flops_per_cycle:
            raise ValueError("matrix_gflops is above the cores' peak")

    @property
    def effective_flops_per_cycle(self) -> float:
        """FLOPs per core per cycle the matrix work reaches: the public run's, else the vector units' peak."""
        if self.matrix_gflops is None:
            return self.flops_per_cycle
        return self.matrix_gflops / (self.cores * self.ghz)


class DeviceNpu(_Frozen, frozen=True, kw_only=True):
    """A board's or phone's NPU that llama.cpp and Ollama do not use: said in the answer with the runtime that
    does run language models on it (Rockchip's RKLLM), so nobody expects the figures to come from it."""

    tops: Annotated[float, Meta(gt=0)] | None = None  # None: its maker publishes no figure
    runtime: Annotated[str, Meta(min_length=2)]
    source: Annotated[str, Meta(min_length=10)]
    # False: other apps cannot reach it at all (a Pixel's Tensor TPU runs only Google's Gemini Nano)
    open_to_apps: bool = True
    # A public run of a language model on the NPU through that runtime: its size (billions of weights), format
    # and decode speed; a model of another size is scaled by its weights (decode reads each once per token).
    run_params_b: Annotated[float, Meta(gt=0)] | None = None
    run_format: str | None = None
    run_tok_s: Annotated[float, Meta(gt=0)] | None = None
    run_source: str | None = None

    def __post_init__(self) -> None:
        given = (self.run_params_b, self.run_format, self.run_tok_s, self.run_source)
        if any(v is not None for v in given) and not (all(v is not None for v in given)
                                                      and len(self.run_source or "") >= 10):
            raise ValueError("an NPU run needs its size, format, speed and source together")

    def tok_s_for(self, params_b: float) -> float | None:
        """The public run's speed scaled to a model of `params_b` billion weights (same format)."""
        if self.run_params_b is None or self.run_tok_s is None:
            return None
        return self.run_tok_s * self.run_params_b / params_b


class DeviceRecord(_Frozen, frozen=True, kw_only=True):
    name: str
    kind: Literal["phone", "board"]
    maker: str
    aliases: list[str] = field(default_factory=list)
    memory_gb: Annotated[float, Meta(gt=0)]
    memory_options: list[float]
    bandwidth_gbps: Annotated[float, Meta(gt=0)]
    memory_type: str
    source: Annotated[str, Meta(min_length=10)]
    cpu: DeviceCpu | None = None  # its performance cores, for speech to text on the device
    phone_memory: dict[str, float] = field(default_factory=dict)  # a phone named (alias) → the RAM it ships with
    phone_memory_source: str | None = None
    # Where its usual llama.cpp app runs the model: the CPU cores (Android apps, boards) or the GPU (iOS apps
    # run llama.cpp on Metal); its own efficiency class (estimator/device.py), with the source that says so.
    runs_on: Literal["cpu", "gpu"] = "cpu"
    runs_on_source: str | None = None
    npu: DeviceNpu | None = None
    memory_bus_bits: Annotated[int, Meta(gt=0)] | None = None  # when not the kind's usual (64 phone, 32 board)
    # A chip whose cores reach a share of its memory unlike its kind's (the RK3588's four Cortex-A76 on a 64-bit
    # LPDDR4X bus): its own efficiency class, fitted on its own public runs, with the source that says so.
    speed_class: Annotated[str, Meta(pattern=r"^[a-z0-9_]+$")] | None = None
    speed_class_source: str | None = None

    @property
    def efficiency_class(self) -> str:
        """The efficiency class its speed is fitted in (estimator/device.py)."""
        return self.speed_class or (self.kind if self.runs_on == "cpu" else f"{self.kind}_{self.runs_on}")

    @property
    def bus_bits(self) -> int:
        """The memory interface's width, which with the data rate makes `bandwidth_gbps`."""
        return self.memory_bus_bits or (64 if self.kind == "phone" else 32)

    def memory_for(self, phrase: str | None) -> float:
        """The RAM of the phone the question names ("pixel 9 pro" → 16), else the chip's usual configuration."""
        return self.phone_memory.get(_key(phrase), self.memory_gb) if phrase else self.memory_gb

    def __post_init__(self) -> None:
        if self.memory_gb not in self.memory_options:
            raise ValueError(f"{self.name}: the usual memory must be one of the sizes sold")
        if self.runs_on != "cpu" and not (self.runs_on_source and len(self.runs_on_source) >= 10):
            raise ValueError(f"{self.name}: where its app runs the model needs a source")
        if self.speed_class and not (self.speed_class_source and len(self.speed_class_source) >= 10):
            raise ValueError(f"{self.name}: its own speed class needs a source")
        if any(v not in self.memory_options for v in self.phone_memory.values()) or \
                (self.phone_memory and not self.phone_memory_source):
            raise ValueError(f"{self.name}: a phone's memory must be a size sold, with its source")


class Devices(_Frozen, frozen=True, kw_only=True):
    note: str = ""
    app_share: dict[str, AppShare]
    devices: list[DeviceRecord]


def _data(*parts: str) -> str:
    return (resources.files("catalog") / "data").joinpath(*parts).read_text("utf-8")


@cache
def media_models() -> tuple[MediaRecord, ...]:
    """Every curated media record, image models first; names unique across kinds."""
    out: list[MediaRecord] = []
    for kind in KINDS:
        data = json.loads(_data("media", f"{kind}.json"))
        for raw in data["models"]:
            record = msgspec.convert(raw, MediaRecord)
            if record.kind != kind:
                raise ValueError(f"{record.name}: listed in {kind}.json but of kind {record.kind}")
            out.append(record)
    names = [fold(r.name) for r in out]
    if len(set(names)) != len(names):
        raise ValueError("media models: a name appears twice")
    return tuple(out)


class RagPair(_Frozen, frozen=True, kw_only=True):
    """An embedder and a reranker made to be used together (catalog/data/media/embedding.json `pairs`)."""

    embedder: str
    reranker: str
    source: Annotated[str, Meta(min_length=10)]


@cache
def rag_pairs() -> tuple[RagPair, ...]:
    """The curated embedder + reranker pairs, each checked against the records' roles at load."""
    raw = json.loads(_data("media", "embedding.json")).get("pairs", [])
    pairs = tuple(msgspec.convert(r, RagPair) for r in raw)
    roles = {r.name: r.role for r in media_models() if r.kind == "embedding"}
    for pair in pairs:
        if roles.get(pair.embedder) != "embedder" or roles.get(pair.reranker) != "reranker":
            raise ValueError(f"pair {pair.embedder} + {pair.reranker}: an embedder and a reranker by name")
    return pairs


class DefaultEmbedder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The embedder measured when a retrieval question names hardware but no model, and a smaller one beside it."""

    name: str
    smaller: str
    source: str
    note: str


@cache
def default_embedder() -> DefaultEmbedder:
    """embedding.json `default_embedder`, both names checked against the embedders at load."""
    pick = msgspec.convert(json.loads(_data("media", "embedding.json"))["default_embedder"], DefaultEmbedder)
    roles = {r.name: r.role for r in media_models() if r.kind == "embedding"}
    if roles.get(pick.name) != "embedder" or roles.get(pick.smaller) != "embedder":
        raise ValueError(f"default embedder {pick.name} / {pick.smaller}: embedders by name")
    return pick


@cache
def devices() -> Devices:
    return msgspec.json.decode(_data("hardware", "devices.json"), type=Devices)


@cache
def media_phrases() -> tuple[tuple[str, MediaRecord], ...]:
    """(phrase, record) for every name and alias, longest phrase first."""
    pairs = {(_key(p), r.name): r for r in media_models() for p in (r.name, *r.aliases)}
    return tuple(sorted(((p, r) for (p, _), r in pairs.items()), key=lambda pr: -len(pr[0])))


@cache
def device_phrases() -> tuple[tuple[str, DeviceRecord], ...]:
    pairs = {(_key(p), d.name): d for d in devices().devices for p in (d.name, *d.aliases)}
    return tuple(sorted(((p, d) for (p, _), d in pairs.items()), key=lambda pd: -len(pd[0])))


def find_media(text: str) -> MediaRecord | None:
    """The media model a text names (its longest name or alias found as whole words), or None."""
    hit = _find(text, media_phrases())
    return hit[1] if hit else None


def media_named(name: str) -> MediaRecord | None:
    """The record whose name or alias is exactly `name` (folded), or None."""
    key = _key(name)
    return next((r for p, r in media_phrases() if p == key), None)


def find_device(text: str) -> tuple[str, DeviceRecord] | None:
    """The phone or board a text names, with the phrase as found, or None."""
    hit = _find(text, device_phrases())
    return (hit[0], hit[1]) if hit else None


def device_named(name: str) -> DeviceRecord | None:
    key = _key(name)
    return next((d for p, d in device_phrases() if p == key), None)
