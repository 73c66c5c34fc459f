"""Speech to text (the Whisper family and Parakeet transducers): memory and real-time factor with faster-whisper
(CTranslate2) on graphics cards and CPUs, whisper.cpp on CPUs, and NeMo or onnx-asr for Parakeet.

Whisper encodes audio in 30-second windows (1,500 positions after its convolutions) and decodes the text a
token at a time with beam search. The physical time per second of audio is

    encoder:  (2 · P_enc · 1500 + 4 · L_enc · W · 1500²) ÷ (F · 30)        compute-bound
    decoder:  tokens per audio second × (decoder bytes + beams × cross-attention K/V bytes) ÷ bandwidth

(P_enc = L_enc · 12 W², the decoder the rest of the parameters; F the matrix TFLOPS, the bandwidth the memory's).
Real runs are several times slower than that floor: every decoder layer of every generated token costs
kernel launches, beam bookkeeping and synchronisation whatever the precision. One time per decoder layer per
token, per engine, is fitted on the published benchmark tables (benchmarks/media_accuracy.py) and added to
the floor, so no estimate beats physics.

A transducer (Parakeet TDT) runs its encoder over the audio itself (12.5 positions a second after 8× subsampling,
attention over a local context) and a small prediction network that needs no beam search; its time is the
encoder's FLOPs at a share of the peak fitted per engine on public runs (media_constants.json, `transducer`).

The real-time factor (RTF) is processing time ÷ audio duration: 0.05 means an hour of audio in 3 minutes.
Pure functions; constants come in as `SpeechConstants`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

GIB = 2**30
WINDOW_S = 30.0
POSITIONS = 1500
VOCAB = 51866


class SpeechConstants(Struct, frozen=True):
    tokens_per_audio_s: float
    beams: int
    bits: Mapping[str, float]  # compute type → bits per weight
    runtime_gb: Mapping[str, float]  # "gpu" | "cpu" → the runtime's own memory
    layer_ms: Mapping[str, float]  # engine → fitted milliseconds per decoder layer per generated token
    range_low: float
    range_high: float
    transducer_share: Mapping[str, float] = {}  # engine → share of the peak a transducer's encoder reaches
    local_context: int = 256  # positions a transducer's attention sees
    encoder_share: Mapping[str, float] = {}  # engine → share of the peak Whisper's encoder reaches (else the peak)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpeechConstants:
        try:
            fit = data["fit"]
            out = cls(tokens_per_audio_s=float(data["tokens_per_audio_s"]["value"]), beams=int(data["beams"]["value"]),
                      bits={k: float(v) for k, v in data["bits"].items() if k != "note"},
                      runtime_gb={k: float(v) for k, v in data["runtime_gb"].items() if k != "note"},
                      layer_ms={k: float(v) for k, v in fit["layer_ms"].items()},
                      range_low=float(fit["range"]["low"]), range_high=float(fit["range"]["high"]),
                      transducer_share={k: float(v) for k, v in data["transducer"]["efficiency"].items()},
                      local_context=int(data["transducer"]["local_context"]),
                      encoder_share={k: float(v["encoder_share"]) for k, v in data.get("engines", {}).items()
                                     if k != "note"})
            out = replace(out, layer_ms={**out.layer_ms, **{k: float(v["layer_ms"]) for k, v in
                                                            data.get("engines", {}).items() if k != "note"}})
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"speech constants: missing or malformed figure ({exc})") from exc
        if not out.transducer_share or not all(0 < v <= 1 for v in out.transducer_share.values()):
            raise ValueError("speech constants: a transducer's share of the peak is in (0, 1]")
        if not all(0 < v <= 1 for v in out.encoder_share.values()):
            raise ValueError("speech constants: an engine's share of the encoder's peak is in (0, 1]")
        if any(v < 0 for v in out.layer_ms.values()) or not out.layer_ms \
                or not (0 < out.range_low <= 1 <= out.range_high):
            raise ValueError("speech constants: layer times are not below zero; the range must hold 1")
        return out


class SpeechModel(Struct, frozen=True):
    params_b: float
    encoder_layers: int
    decoder_layers: int
    width: int
    arch: str = "whisper"  # whisper | transducer
    positions_per_s: float = 50.0  # encoder positions a second of audio (a transducer's; Whisper's is fixed)

    @property
    def encoder_params(self) -> float:
        # A Conformer block: two half-step feed-forwards (16 W²), attention (4 W²), the convolution module (3 W²).
        per_layer = 23 if self.arch == "transducer" else 12
        return min(self.params_b * 1e9 * (0.98 if self.arch == "transducer" else 0.9),
                   self.encoder_layers * per_layer * self.width ** 2)

    @property
    def decoder_params(self) -> float:
        return self.params_b * 1e9 - self.encoder_params


class Processor(Struct, frozen=True):
    """Where it runs: the matrix TFLOPS (16-bit on a card, FP32 on a CPU) and the memory bandwidth."""

    tflops: float
    bandwidth_gbps: float
    kind: str  # gpu | cpu


def physical_s_per_audio_s(m: SpeechModel, p: Processor, bits: float, c: SpeechConstants) -> float:
    """The floor: seconds of work per second of audio with every unit at its peak."""
    if m.arch == "transducer":
        pos = m.positions_per_s
        flop = 2 * m.encoder_params * pos + 4 * m.encoder_layers * m.width * pos * c.local_context
        per_token = m.decoder_params * bits / 8 / (p.bandwidth_gbps * 1e9)  # greedy: one state, no beams
        return flop / (p.tflops * 1e12) + c.tokens_per_audio_s * per_token
    encoder = encoder_s_per_audio_s(m, p)
    kv_bytes = m.decoder_layers * 2 * POSITIONS * m.width * max(bits, 16.0) / 8 * c.beams
    per_token = (m.decoder_params * bits / 8 + kv_bytes) / (p.bandwidth_gbps * 1e9)
    return encoder + c.tokens_per_audio_s * per_token


def encoder_s_per_audio_s(m: SpeechModel, p: Processor) -> float:
    """Whisper's encoder at the peak: one 30-second window of 1,500 positions, per second of audio."""
    enc_flop = 2 * m.encoder_params * POSITIONS + 4 * m.encoder_layers * m.width * POSITIONS ** 2
    return enc_flop / (p.tflops * 1e12) / WINDOW_S


def overhead_s_per_audio_s(m: SpeechModel, layer_ms: float, c: SpeechConstants) -> float:
    return c.tokens_per_audio_s * m.decoder_layers * layer_ms / 1000


class Transcription(Struct, frozen=True):
    engine: str
    compute_type: str
    rtf: float  # processing seconds per audio second
    rtf_low: float
    rtf_high: float
    floor_rtf: float
    memory_gb: float

    @property
    def times_realtime(self) -> float:
        return 1 / self.rtf


def transcribe(m: SpeechModel, p: Processor, engine: str, compute_type: str, c: SpeechConstants) -> Transcription:
    bits = c.bits[compute_type]
    floor = physical_s_per_audio_s(m, p, bits, c)
    if m.arch == "transducer":
        rtf = floor / c.transducer_share.get(engine, min(c.transducer_share.values()))
    else:
        # an engine whose encoder reaches only a share of the peak (whisper.cpp on Apple's GPU) adds the rest
        slow_encoder = encoder_s_per_audio_s(m, p) * (1 / c.encoder_share[engine] - 1) if engine in c.encoder_share \
            else 0.0
        rtf = floor + slow_encoder + overhead_s_per_audio_s(m, c.layer_ms.get(engine, max(c.layer_ms.values())), c)
    mem = m.params_b * 1e9 * bits / 8 / GIB + c.runtime_gb[p.kind]
    return Transcription(engine, compute_type, rtf, rtf * c.range_low, rtf * c.range_high, floor, mem)
