"""What the estimator needs to know about a model: its size and, when known, its attention layout.

The estimator is pure and does not depend on the catalog; `Layout` is a plain mirror of the
catalog's architecture record so the answers layer can convert one into the other.
"""

from __future__ import annotations

from msgspec import Struct

MAX_PARAMS_B = 100_000.0  # 100 T parameters: anything above is a typo, not a model
MIN_PARAMS_B = 1e-9  # one parameter: below it a count is a typo (Epoch's smallest model has 10)
MAX_CONTEXT = 100_000_000
DEFAULT_CONTEXT = 4096


class InvalidInput(ValueError):
    """Input no estimate can be made for (the message is a plain English sentence for the CLI)."""


class LayerGroup(Struct, frozen=True):
    """Layers of one kind that share an attention shape (the KV cache per token is worked out from it)."""
    kind: str  # full | sliding | linear | mla
    layers: int
    kv_heads: int = 0
    head_dim: int = 0
    window: int | None = None
    latent_dim: int | None = None
    rope_dim: int | None = None
    state_bytes: int | None = None


class FfnShape(Struct, frozen=True):
    """The feed-forward shape of a model (published config), which sizes its GGUF files tensor by tensor
    (estimator.gguf_size): routed experts, shared experts and dense layers take different types per level."""
    intermediate: int | None = None  # dense FFN width: a dense model's, or a MoE model's dense layers'
    moe_intermediate: int | None = None  # one routed expert's FFN width
    experts: int = 0  # routed experts per MoE layer (0: a dense model)
    shared_experts: int = 0  # experts every token reads, per MoE layer
    shared_intermediate: int | None = None  # one shared expert's width, when not the routed experts'
    first_dense: int = 0  # leading layers with a dense FFN (DeepSeek's first_k_dense_replace)
    moe_every: int = 1  # a MoE layer every N layers, the others dense (Llama 4 Maverick: 2)
    tied_embeddings: bool = False  # the output layer reuses the token embeddings
    mtp_layers: int = 0  # multi-token-prediction layers a GGUF keeps (GLM-4.5's, with their own embeddings)
    attention_heads: int | None = None
    vision_params_b: float = 0.0  # a vision tower counted in the parameters but kept in a separate mmproj file
    expert_cap: str | None = None  # widest ggml type of the routed experts (released INT4: Q4_0), None: the level's


class Layout(Struct, frozen=True):
    """A model's layers by group, with its vocabulary and hidden sizes."""
    groups: tuple[LayerGroup, ...]
    # The vocabulary and hidden width (published config): the output layer is a vocab × hidden matrix, and
    # llama.cpp's logits buffer holds vocab floats per token of a micro-batch. None when not known.
    vocab_size: int | None = None
    hidden_size: int | None = None
    ffn: FfnShape | None = None  # the feed-forward shape, when on record (GGUF sizes tensor by tensor)
    # MoE routing (published config: n_routed_experts / num_experts, num_experts_per_tok): how many routed
    # experts each MoE layer has and how many a token reads; 0 when not on record or dense. They give the
    # routed experts' share of the active parameters (estimator.moe_share), what offload moves to RAM.
    routed_experts: int = 0
    experts_per_token: int = 0

    @property
    def layers(self) -> int:
        return sum(g.layers for g in self.groups)

    @property
    def output_params_b(self) -> float | None:
        """Parameters of the output layer (vocab × hidden), in billions; None when either is unknown."""
        if self.vocab_size is None or self.hidden_size is None:
            return None
        return self.vocab_size * self.hidden_size / 1e9


class NativeShare(Struct, frozen=True):
    """Part of a model whose weights every runtime file keeps in a low-bit format (gpt-oss: MXFP4
    experts at 4.25 bits), whatever the quantization label; the rest follows the label."""

    params_b: float  # parameters held in the native format
    bpw: float  # their bits per weight
    active_params_b: float | None = None  # of those, read per token (MoE)
    format: str = "MXFP4"


class ModelSize(Struct, frozen=True):
    """What the estimator needs to know of a model: its size, active size, layout and native format."""
    params_b: float
    active_params_b: float | None = None
    layout: Layout | None = None
    name: str | None = None
    native: NativeShare | None = None
    max_context: int | None = None  # the longest context it was made for
    # Published GGUF files' sizes in GiB by level name (catalog/data/gguf_files.json): real files beat the
    # size model wherever one is on record.
    files: tuple[tuple[str, float], ...] = ()

    # Equal (and hashed) by size, active size, name and native share only: the layout and the longest
    # context refine some figures but do not make another model, so sizes cached or compared before
    # they were known still match.
    def _identity(self) -> tuple[object, ...]:
        return self.params_b, self.active_params_b, self.name, self.native

    def __eq__(self, other: object) -> bool:
        return type(other) is ModelSize and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __post_init__(self) -> None:
        if not (self.params_b > 0):
            raise InvalidInput("the parameter count must be above zero")
        if self.params_b < MIN_PARAMS_B:
            raise InvalidInput(f"{self.params_b:g} B is less than one parameter (minimum {MIN_PARAMS_B:g} B)")
        if self.params_b > MAX_PARAMS_B:
            raise InvalidInput(f"{self.params_b:g} B parameters is beyond any real model (limit {MAX_PARAMS_B:g} B)")
        if self.active_params_b is not None:
            if not (self.active_params_b > 0):
                raise InvalidInput("the active parameter count must be above zero")
            if self.active_params_b < MIN_PARAMS_B:
                raise InvalidInput(f"{self.active_params_b:g} B active is less than one parameter "
                                   f"(minimum {MIN_PARAMS_B:g} B)")
            if self.active_params_b > self.params_b:
                raise InvalidInput("active parameters cannot exceed the total")
        if self.native is not None and not (0 < self.native.params_b <= self.params_b):
            raise InvalidInput("the natively low-bit parameters must be within the total")

    @property
    def is_moe(self) -> bool:
        return self.active_params_b is not None and self.active_params_b < self.params_b

    def file_gib(self, level: str) -> float | None:
        """The published GGUF file's size at `level` in GiB, when one is on record."""
        return next((gib for name, gib in self.files if name == level), None)


def check_context(context: int) -> int:
    if context <= 0:
        raise InvalidInput("the context length must be at least one token")
    if context > MAX_CONTEXT:
        raise InvalidInput(f"a context of {context} tokens is beyond any model (limit {MAX_CONTEXT})")
    return context
