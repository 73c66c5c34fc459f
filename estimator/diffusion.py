"""Image and video generation (diffusion and flow models): memory at each file format and seconds per image
or clip on a card.

Time. Every step runs the denoiser once (twice with classifier-free guidance, batched); a step's work is

    transformer:  2 · P_token · N  +  4 · L · W · N²      FLOPs   (N tokens, L attention layers of width W)
    UNet:         FLOPs at its base resolution × ((1 − a) · s + a · s²),  s = pixels ÷ base pixels
                  (a = the attention scores' share at the base size, which grow with the square of the tokens)

with N = latent tokens (pixels ÷ pixels per token, × latent frames for video) + text tokens (+ the input
image's tokens for in-context editing). Seconds = steps × (passes × FLOPs ÷ (F × efficiency) + per-step
overhead) + the VAE decode + the text encoders, where F is the card's dense 16-bit matrix TFLOPS and the
efficiency and overhead are fitted on public measurements (benchmarks/media_accuracy.py). Weights that do
not fit stream from system RAM every step (ComfyUI's low-VRAM mode). Physics holds: no step is faster than
its FLOPs at the card's peak.

Memory. With model offload (ComfyUI's default, diffusers' enable_model_cpu_offload) one component sits on
the card at a time: need = runtime + max(denoiser + activations, text encoders, VAE + its decode). All
resident (diffusers' .to("cuda")) adds them up.

Pure functions; the constants come in as a `DiffusionConstants` (answers reads the JSON).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from .model import InvalidInput

GIB = 2**30
MAX_PIXELS = 4096 * 4096
MAX_FRAMES = 2000
MAX_STEPS = 1000


class DiffusionConstants(Struct, frozen=True):
    matrix_multiplier: Mapping[str, float]
    levels: tuple[tuple[str, float], ...]  # (format, bits per parameter), best quality first
    runtime_gb: float
    dit_activation_factor: float
    unet_activation_gb_per_mp: float
    vae_decode_gb_per_mp: float
    text_encoder_small_b: float
    usable_share: float
    link_gbps: float
    min_resident_share: float
    vae_tflops_per_mp: float
    efficiency: Mapping[str, float]  # card class → fitted share of peak
    unet_factor: float  # a UNet's convolutions reach this share of a transformer's efficiency (fitted)
    step_overhead_s: Mapping[str, float]  # card class → fitted seconds a step costs beyond its FLOPs
    range_low: float
    range_high: float

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DiffusionConstants:
        try:
            mem, fit = data["memory"], data["fit"]
            out = cls(
                matrix_multiplier={k: float(v) for k, v in data["matrix_multiplier"].items() if k != "note"},
                levels=tuple((str(n), float(b)) for n, b in data["precisions"]["levels"]),
                runtime_gb=float(mem["runtime_gb"]), dit_activation_factor=float(mem["dit_activation_factor"]),
                unet_activation_gb_per_mp=float(mem["unet_activation_gb_per_mp"]),
                vae_decode_gb_per_mp=float(mem["vae_decode_gb_per_mp"]),
                text_encoder_small_b=float(mem["text_encoder_small_b"]), usable_share=float(mem["usable_share"]),
                link_gbps=float(mem["link_gbps"]), min_resident_share=float(mem["min_resident_share"]),
                vae_tflops_per_mp=float(data["vae"]["tflops_per_mp"]),
                efficiency={k: float(v) for k, v in fit["efficiency"].items()},
                unet_factor=float(fit["unet_factor"]),
                step_overhead_s={k: float(v) for k, v in fit["step_overhead_s"].items()},
                range_low=float(fit["range"]["low"]), range_high=float(fit["range"]["high"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"media constants: missing or malformed figure ({exc})") from exc
        if not (0 < out.range_low <= 1 <= out.range_high) or "default" not in out.efficiency \
                or "default" not in out.step_overhead_s or any(v < 0 for v in out.step_overhead_s.values()):
            raise ValueError("media constants: the range must hold the estimate and a default efficiency exist")
        if any(not (0 < v <= 1) for v in (*out.efficiency.values(), out.unet_factor)) \
                or not (0 < out.usable_share <= 1):
            raise ValueError("media constants: efficiencies and the usable share are fractions")
        return out

    def bits(self, level: str) -> float:
        return dict(self.levels)[level]


class DiffusionModel(Struct, frozen=True):
    """What the estimator needs of an image or video model (from catalog/media.py's records)."""

    denoiser_params_b: float  # one expert
    arch: str  # dit | unet
    text_encoders_b: tuple[float, ...]
    vae_params_b: float
    guidance_passes: int
    token_params_b: float = 0.0
    layers: int = 0
    width: int = 0
    pixels_per_token: int = 256
    frames_per_latent: int = 1
    text_tokens: int = 0
    context_image: bool = False
    gflops_base: float = 0.0
    base_pixels: int = 1
    attention_share: float = 0.0


class Job(Struct, frozen=True):
    width: int
    height: int
    steps: int
    frames: int = 1  # 1 for an image

    @property
    def megapixels(self) -> float:
        return self.width * self.height / 1e6


class Gpu(Struct, frozen=True):
    """A card as image generation sees it: memory, its dense 16-bit matrix TFLOPS and its class."""

    memory_gb: float
    tflops: float
    card_class: str  # gddr | hbm | legacy | unified


def check_job(job: Job) -> Job:
    if not (64 <= job.width and 64 <= job.height and job.width * job.height <= MAX_PIXELS):
        raise InvalidInput("the image size must be at least 64 pixels a side and at most 4096x4096")
    if not (1 <= job.steps <= MAX_STEPS):
        raise InvalidInput(f"steps must be between 1 and {MAX_STEPS}")
    if not (1 <= job.frames <= MAX_FRAMES):
        raise InvalidInput(f"frames must be between 1 and {MAX_FRAMES}")
    return job


def matrix_multiplier(architecture: str | None, card_class: str, pro: bool, c: DiffusionConstants) -> float:
    arch = (architecture or "").strip()
    keys = ([f"{arch}/hbm"] if card_class == "hbm" else []) + ([f"{arch}/pro"] if pro else []) + [arch]
    return next((c.matrix_multiplier[k] for k in keys if k in c.matrix_multiplier), c.matrix_multiplier["default"])


def latent_frames(m: DiffusionModel, job: Job) -> int:
    """Frames after the VAE's time compression (the first frame on its own: 81 frames → 21)."""
    if job.frames == 1 or m.frames_per_latent == 1:
        return job.frames
    return 1 + (job.frames - 1 + m.frames_per_latent - 1) // m.frames_per_latent


def tokens(m: DiffusionModel, job: Job) -> int:
    image = latent_frames(m, job) * max(1, round(job.width * job.height / m.pixels_per_token))
    return image * (2 if m.context_image else 1) + m.text_tokens


def forward_tflop(m: DiffusionModel, job: Job) -> float:
    """TFLOPs of one denoiser pass at this size."""
    if m.arch == "unet":
        s, a = job.width * job.height / m.base_pixels, m.attention_share
        return m.gflops_base / 1000 * ((1 - a) * s + a * s * s) * job.frames
    n = tokens(m, job)
    return (2 * m.token_params_b * 1e9 * n + 4 * m.layers * m.width * n * n) / 1e12


def step_tflop(m: DiffusionModel, job: Job) -> float:
    return m.guidance_passes * forward_tflop(m, job)


class Memory(Struct, frozen=True):
    level: str
    denoiser_gb: float
    text_encoders_gb: float
    vae_gb: float
    activations_gb: float
    decode_gb: float
    runtime_gb: float

    @property
    def offload_gb(self) -> float:
        """One component on the card at a time (ComfyUI's default, diffusers' model offload)."""
        return self.runtime_gb + max(self.denoiser_gb + self.activations_gb, self.text_encoders_gb,
                                     self.vae_gb + self.decode_gb)

    @property
    def resident_gb(self) -> float:
        """Everything on the card at once (fastest between prompts)."""
        return self.runtime_gb + self.denoiser_gb + self.activations_gb + self.text_encoders_gb \
            + max(self.vae_gb + self.decode_gb, 0.0)

    def minimum_gb(self, c: DiffusionConstants) -> float:
        """ComfyUI's low-VRAM mode: the rest of the denoiser streams from system RAM."""
        return self.runtime_gb + self.activations_gb + c.min_resident_share * self.denoiser_gb


def memory(m: DiffusionModel, job: Job, level: str, c: DiffusionConstants) -> Memory:
    bits = c.bits(level)
    te_b = sum(m.text_encoders_b)
    te_bits = 16.0 if bits >= 16 or te_b < c.text_encoder_small_b else 8.0
    if m.arch == "unet":
        act = c.unet_activation_gb_per_mp * job.megapixels * job.frames
    else:
        # One guidance pass: ComfyUI batches the conditional and unconditional passes only when memory allows and
        # runs them one after the other otherwise (comfy/samplers.py), so the card needs one pass's activations.
        act = tokens(m, job) * m.width * 2 * c.dit_activation_factor / GIB
    return Memory(level=level, denoiser_gb=m.denoiser_params_b * 1e9 * bits / 8 / GIB,
                  text_encoders_gb=te_b * 1e9 * te_bits / 8 / GIB, vae_gb=m.vae_params_b * 1e9 * 2 / GIB,
                  activations_gb=act, decode_gb=c.vae_decode_gb_per_mp * job.megapixels, runtime_gb=c.runtime_gb)


def efficiency(g: Gpu, c: DiffusionConstants, arch: str = "dit") -> float:
    eff = c.efficiency.get(g.card_class, c.efficiency["default"])
    return eff * c.unet_factor if arch == "unet" else eff


class Timing(Struct, frozen=True):
    seconds: float
    low: float
    high: float
    step_s: float
    stream_s: float  # of each step, the time to stream weights that do not fit
    floor_s: float  # the physical floor: every FLOP at the card's peak, nothing streamed


def timing(m: DiffusionModel, job: Job, g: Gpu, c: DiffusionConstants, streamed_gb: float = 0.0) -> Timing:
    """Seconds per image (or clip) on this card, with `streamed_gb` of weights read from system RAM each step."""
    peak = g.tflops * 1e12
    eff = efficiency(g, c, m.arch)
    step_flop = step_tflop(m, job) * 1e12
    stream = streamed_gb * GIB / (c.link_gbps * 1e9)
    overhead = c.step_overhead_s.get(g.card_class, c.step_overhead_s["default"])
    step = step_flop / (peak * eff) + overhead + stream
    extra_flop = c.vae_tflops_per_mp * 1e12 * job.megapixels * job.frames \
        + 2 * sum(m.text_encoders_b) * 1e9 * max(77, m.text_tokens)
    total = job.steps * step + extra_flop / (peak * eff)
    floor = (job.steps * step_flop + extra_flop) / peak
    return Timing(seconds=total, low=total * c.range_low, high=total * c.range_high, step_s=step, stream_s=stream,
                  floor_s=floor)


class Option(Struct, frozen=True):
    """One file format on one card: whether and how it runs, and how fast."""

    level: str
    memory: Memory
    placement: str  # offload (fits, one component at a time) | stream (low-VRAM mode) | no
    timing: Timing | None
    streamed_gb: float = 0.0  # weights read from system RAM every step


def options(m: DiffusionModel, job: Job, g: Gpu, c: DiffusionConstants) -> list[Option]:
    usable = g.memory_gb * c.usable_share
    out = []
    for level, _ in c.levels:
        mem = memory(m, job, level, c)
        if mem.offload_gb <= usable:
            out.append(Option(level, mem, "offload", timing(m, job, g, c)))
        elif mem.minimum_gb(c) <= usable:
            # Low-VRAM mode because a text encoder does not fit whole: the denoiser may still fit, and then
            # nothing of it streams (a negative figure gave negative seconds, and pick() found no option).
            streamed = max(0.0, mem.runtime_gb + mem.activations_gb + mem.denoiser_gb - usable)
            out.append(Option(level, mem, "stream", timing(m, job, g, c, streamed), streamed))
        else:
            out.append(Option(level, mem, "no", None))
    return out


def pick(opts: Sequence[Option], slack: float = 1.2, stream_share: float = 0.25) -> Option | None:
    """The best-quality format that runs within `slack` × the fastest format's time, streaming at most
    `stream_share` of its denoiser from system RAM (a format that fits beats streaming most of a better one);
    when every format streams more, the fastest."""
    runs = [o for o in opts if o.timing is not None]
    if not runs:
        return None
    light = [o for o in runs if o.streamed_gb <= stream_share * o.memory.denoiser_gb]
    if not light:
        return min(runs, key=lambda o: o.timing.seconds if o.timing else float("inf"))
    runs = light
    fastest = min(o.timing.seconds for o in runs if o.timing is not None)
    return next(o for o in runs if o.timing is not None and o.timing.seconds <= slack * fastest)
