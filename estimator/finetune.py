"""Fine-tuning a language model: the memory a run needs (full, LoRA, QLoRA), its compute and its time on a card,
and what renting the card costs. Pure: the constants come in (estimator/data/finetune_constants.json, read by
answers/knowledge/fine_tuning.py), nothing is read here.

Memory with gradient checkpointing (every figure in GB):

    weights      = params × bytes_per_param[method]           (QLoRA: the embeddings and output layer in 16-bit)
    trainable    = full: in the 16 bytes above · LoRA/QLoRA: adapters × 16 bytes (fp32 weights, grads, Adam)
    activations  = tokens × (layers × hidden × 2 + hidden × 34 + vocab × 4)    tokens = sequence × batch
    total        = weights + trainable + activations + runtime

Time: tokens × flops_per_param_token[method] × params ÷ (cards' dense bf16 rate × efficiency), a range from the
efficiency's low and high ends (fitted on public runs, listed in the data file).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct

METHODS = ("qlora", "lora", "full")


class FinetuneDataError(ValueError):
    """finetune_constants.json is malformed; the message says what."""


class Shape(Struct, frozen=True):
    """What the memory needs of a model beyond its size: layers × hidden, vocabulary, and the embedding and output
    parameters (kept in 16-bit under QLoRA). Unknown parts are None and estimated from the size."""

    layers: int | None = None
    hidden: int | None = None
    vocab: int | None = None
    tied: bool = False  # the output layer reuses the token embeddings (Gemma, small Qwen3): one matrix, not two


class Efficiency(Struct, frozen=True):
    one_card: float
    one_card_low: float
    one_card_high: float
    several_linked: float
    several_pcie: float


class ZeroOffload(Struct, frozen=True):
    """DeepSpeed ZeRO-3 with CPU offload: its estimator's bytes a parameter and the CPU optimizer's rate."""

    gpu_bytes_per_param_sharded: float = 2.0
    largest_layer_bytes_per_param: float = 4.0
    cpu_bytes_per_param: float = 16.0
    cpu_bytes_per_param_with_params: float = 18.0
    cpu_buffer_factor: float = 1.5
    cpu_adam_params_per_s: float = 1.26e9
    batch_sequences: int = 16
    ram_ceiling_gb: float = 256.0  # the most RAM a desktop board takes: more is not assumed


class FinetuneConstants(Struct, frozen=True):
    bytes_per_param: dict[str, float]
    embedding_bytes_per_param: float
    adapter_rank: int
    adapter_width_per_hidden: float
    adapter_bytes_per_param: float
    checkpoint_bytes_per_hidden: float
    layer_bytes_per_hidden: float
    logit_bytes: float
    layers_hidden_factor: float
    runtime_gb: float
    flops_per_param_token: dict[str, float]
    efficiency: Efficiency
    geforce_accumulate_share: float
    sequence_tokens: int
    batch: int
    example_tokens: int
    examples: int
    epochs: float
    bytes_per_token: float = 4.0
    calibration: tuple[dict[str, Any], ...] = ()
    offloaded_bytes_per_hidden: float = 52.0  # a trainer that offloads checkpoints (Unsloth): bytes × hidden a token
    offloading_trainers: tuple[str, ...] = ("unsloth",)
    zero_offload: ZeroOffload = ZeroOffload()


class Memory(Struct, frozen=True):
    """One method's memory, by part, in GB."""

    method: str
    weights_gb: float
    trainable_gb: float  # full: gradients and optimizer states; LoRA/QLoRA: the adapters with theirs
    activations_gb: float
    runtime_gb: float
    adapter_params_m: float  # millions of trainable adapter parameters (0 for full)

    @property
    def total_gb(self) -> float:
        return self.weights_gb + self.trainable_gb + self.activations_gb + self.runtime_gb


class Time(Struct, frozen=True):
    """A run's time in hours (central, low, high) and the tokens a second it assumes."""

    hours: float
    hours_low: float
    hours_high: float
    tokens_per_s: float
    flops: float
    tflops: float  # the dense bf16 matrix rate of all the cards together
    efficiency: float


def _positive(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise FinetuneDataError(f"finetune_constants.json: {where} must be a positive number, not {value!r}")
    return float(value)


def _methods(data: Mapping[str, Any], key: str) -> dict[str, float]:
    block = data.get(key)
    if not isinstance(block, dict):
        raise FinetuneDataError(f"finetune_constants.json: {key} must be an object")
    return {m: _positive(block.get(m), f"{key}.{m}") for m in METHODS}


def parse(data: Mapping[str, Any]) -> FinetuneConstants:
    """The constants, checked: every figure positive, QLoRA's bytes below LoRA's below full's, the efficiency's
    ends around its centre, every calibration row sourced."""
    bpp = _methods(data, "bytes_per_param")
    if not bpp["qlora"] < bpp["lora"] < bpp["full"]:
        raise FinetuneDataError("finetune_constants.json: bytes_per_param must grow qlora < lora < full")
    a, act, d, e = (data.get(k) or {} for k in ("adapter", "activations", "defaults", "efficiency"))
    eff = Efficiency(*(_positive(e.get(k), f"efficiency.{k}") for k in
                       ("one_card", "one_card_low", "one_card_high", "several_linked", "several_pcie")))
    if not eff.one_card_low <= eff.one_card <= eff.one_card_high <= 1:
        raise FinetuneDataError("finetune_constants.json: efficiency needs low <= one_card <= high <= 1")
    rows = tuple(data.get("calibration") or ())
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not str(row.get("source", "")).strip() \
                or not str(row.get("url", "")).startswith("https://") or row.get("method") not in METHODS:
            raise FinetuneDataError(f"finetune_constants.json: calibration[{i}] needs a source, an https url, a method")
    return FinetuneConstants(
        bpp, _positive(data.get("embedding_bytes_per_param"), "embedding_bytes_per_param"),
        int(_positive(a.get("rank"), "adapter.rank")), _positive(a.get("width_per_hidden"), "adapter.width_per_hidden"),
        _positive(a.get("bytes_per_param"), "adapter.bytes_per_param"),
        _positive(act.get("checkpoint_bytes_per_hidden"), "activations.checkpoint_bytes_per_hidden"),
        _positive(act.get("layer_bytes_per_hidden"), "activations.layer_bytes_per_hidden"),
        _positive(act.get("logit_bytes"), "activations.logit_bytes"),
        _positive(act.get("layers_times_hidden_per_params_two_thirds"), "activations.layers_times_hidden…"),
        _positive(data.get("runtime_gb"), "runtime_gb"), _methods(data, "flops_per_param_token"), eff,
        _positive(data.get("geforce_accumulate_share"), "geforce_accumulate_share"),
        int(_positive(d.get("sequence_tokens"), "defaults.sequence_tokens")),
        int(_positive(d.get("batch"), "defaults.batch")),
        int(_positive(d.get("example_tokens"), "defaults.example_tokens")),
        int(_positive(d.get("examples"), "defaults.examples")), _positive(d.get("epochs"), "defaults.epochs"),
        _positive(d.get("bytes_per_token"), "defaults.bytes_per_token"), rows,
        *_offloaded(data.get("offloaded_activations")), _zero_offload(data.get("zero_offload")))


def _zero_offload(block: object) -> ZeroOffload:
    """DeepSpeed ZeRO-3 offload's figures, checked: every one positive, a source."""
    if not isinstance(block, dict) or not str(block.get("_source", "")).strip():
        raise FinetuneDataError("finetune_constants.json: zero_offload needs its figures and a _source")
    def num(key: str) -> float:
        return _positive(block.get(key), f"zero_offload.{key}")

    return ZeroOffload(num("gpu_bytes_per_param_sharded"), num("largest_layer_bytes_per_param"),
                       num("cpu_bytes_per_param"), num("cpu_bytes_per_param_with_params"), num("cpu_buffer_factor"),
                       num("cpu_adam_params_per_s"), int(num("batch_sequences")), num("ram_ceiling_gb"))


def _offloaded(block: object) -> tuple[float, tuple[str, ...]]:
    """The offloading trainers' activations a token (bytes × hidden) and the trainers' names, checked."""
    if not isinstance(block, dict) or not isinstance(block.get("trainers"), list) or not block["trainers"] \
            or not str(block.get("_source", "")).strip():
        raise FinetuneDataError("finetune_constants.json: offloaded_activations needs bytes_per_hidden, trainers, "
                                "_source")
    return (_positive(block.get("bytes_per_hidden"), "offloaded_activations.bytes_per_hidden"),
            tuple(str(t).casefold() for t in block["trainers"]))


def _layers_hidden(params_b: float, shape: Shape, c: FinetuneConstants) -> tuple[float, float]:
    """(layers × hidden, hidden): the layout's own when on record, else from the size (data file's rule)."""
    if shape.layers and shape.hidden:
        return float(shape.layers * shape.hidden), float(shape.hidden)
    lh = c.layers_hidden_factor * (params_b * 1e9) ** (2 / 3)
    hidden = float(shape.hidden) if shape.hidden else lh / max(shape.layers or 32, 1)
    return lh, hidden


def _embedding_params(shape: Shape) -> float:
    """Embedding and output matrices (vocab × hidden each: two, one when the model ties them)."""
    return (1.0 if shape.tied else 2.0) * shape.vocab * shape.hidden if shape.vocab and shape.hidden else 0.0


NO_SHAPE = Shape()


def memory(method: str, params_b: float, c: FinetuneConstants, shape: Shape = NO_SHAPE,
           sequence_tokens: int | None = None, batch: int | None = None, offloaded: bool = False) -> Memory:
    """The memory one card needs to train `method` on a model of `params_b` billion parameters, with gradient
    checkpointing, at a sequence length and batch (the data file's defaults when None). `offloaded`: a trainer
    that keeps the checkpoints in system RAM and never holds the full logits (Unsloth): about one layer's
    activations a token stay on the card."""
    if method not in METHODS:
        raise ValueError(f"unknown fine-tuning method {method!r}")
    params = params_b * 1e9
    lh, hidden = _layers_hidden(params_b, shape, c)
    if method == "qlora":
        embed = min(_embedding_params(shape), params * 0.5)
        weights = (params - embed) * c.bytes_per_param["qlora"] + embed * c.embedding_bytes_per_param
    else:
        weights = params * c.bytes_per_param[method]
    adapters = 0.0 if method == "full" else c.adapter_rank * c.adapter_width_per_hidden * lh
    tokens = (sequence_tokens or c.sequence_tokens) * (batch or c.batch)
    vocab = shape.vocab or 32_000  # the smallest common vocabulary when not on record: a floor for the logits
    if offloaded:
        acts = tokens * hidden * c.offloaded_bytes_per_hidden
    else:
        acts = tokens * (lh * c.checkpoint_bytes_per_hidden + hidden * c.layer_bytes_per_hidden
                         + vocab * c.logit_bytes)
    trainable = 0.0 if method == "full" else adapters * c.adapter_bytes_per_param
    full_weights = params * 2.0  # full: the 16 bytes split as 2 of weights and 14 of gradients and Adam
    if method == "full":
        return Memory(method, full_weights / 1e9, (weights - full_weights) / 1e9, acts / 1e9, c.runtime_gb, 0.0)
    return Memory(method, weights / 1e9, trainable / 1e9, acts / 1e9, c.runtime_gb, adapters / 1e6)


def training_tflops(dense_fp16_tflops: float, geforce: bool, c: FinetuneConstants) -> float:
    """A card's dense bf16 rate with fp32 accumulation: GeForce cards run it at half the fp16-accumulate rate."""
    return dense_fp16_tflops * (c.geforce_accumulate_share if geforce else 1.0)


def efficiency(count: int, linked: bool, c: FinetuneConstants) -> tuple[float, float, float]:
    """(central, low, high) share of the cards' rate a run keeps busy: one card, or several per card (NVLink or
    PCIe), the several-card figure scaling the one-card range."""
    e = c.efficiency
    if count <= 1:
        return e.one_card, e.one_card_low, e.one_card_high
    mid = e.several_linked if linked else e.several_pcie
    scale = mid / e.one_card
    return mid, e.one_card_low * scale, e.one_card_high * scale


def time(method: str, params_b: float, tokens: float, card_tflops: float, count: int, linked: bool,
         c: FinetuneConstants) -> Time:
    """Hours to train `tokens` tokens on `count` cards of `card_tflops` dense bf16 TFLOPS each."""
    if tokens <= 0 or card_tflops <= 0 or count < 1:
        raise ValueError("tokens, the card's rate and the count must be positive")
    flops = c.flops_per_param_token[method] * params_b * 1e9 * tokens
    mid, low, high = efficiency(count, linked, c)
    rate = card_tflops * 1e12 * count
    seconds = flops / (rate * mid)
    return Time(seconds / 3600, flops / (rate * high) / 3600, flops / (rate * low) / 3600,
                tokens / seconds, flops, card_tflops * count, mid)


def training_tokens(c: FinetuneConstants, *, examples: float | None = None, example_tokens: float | None = None,
                    tokens: float | None = None, epochs: float | None = None,
                    dataset_mb: float | None = None) -> tuple[float, dict[str, float]]:
    """The tokens a run reads (all epochs) and what was assumed for it: tokens said win over a dataset's size
    (its bytes ÷ bytes_per_token), which wins over examples; examples without a length take the data file's
    typical example; nothing said takes its typical dataset."""
    assumed: dict[str, float] = {}
    ep = epochs if epochs else assumed.setdefault("epochs", c.epochs)
    if not tokens and dataset_mb:
        tokens = dataset_mb * 1e6 / c.bytes_per_token
    if tokens:
        return tokens * ep, assumed
    n = examples if examples else assumed.setdefault("examples", c.examples)
    per = example_tokens if example_tokens else assumed.setdefault("example_tokens", c.example_tokens)
    return n * per * ep, assumed


def implied_efficiency(row: Mapping[str, Any], c: FinetuneConstants) -> float:
    """A calibration row's model FLOPs over its cards' rate: what the efficiency is fitted to."""
    flops = c.flops_per_param_token[row["method"]] * row["params_b"] * 1e9 * row["tokens_per_s"]
    return flops / (row["card_tflops"] * 1e12 * row["count"])


class Offloaded(Struct, frozen=True):
    """A full fine-tune under DeepSpeed ZeRO-3 with CPU offload: GB on each card, GB of system RAM (the bare model
    states and DeepSpeed's estimate with its margin), whether the parameters go to the CPU too, and the time the
    CPU's optimizer steps add."""

    card_gb: float
    ram_gb: float
    ram_gb_estimate: float
    params_offloaded: bool
    steps: int
    optimizer_hours: float


def zero3_offload(params_b: float, count: int, card_gb: float, activations_gb: float, tokens: float,
                  sequence_tokens: int, c: FinetuneConstants, shape: Shape = NO_SHAPE,
                  ram_gb: float | None = None) -> Offloaded | None:
    """The full fine-tune on `count` cards of `card_gb` each with ZeRO-3 and the optimizer in system RAM (and the
    parameters as well when the cards still cannot hold their share); None when even that leaves a card short, or
    needs more RAM than the RAM said or, with none said, than a desktop board takes (`ram_ceiling_gb`).
    The largest layer is the embedding matrix when the shape is on record, else a twentieth of the model."""
    z = c.zero_offload
    params = params_b * 1e9
    largest = float(shape.vocab * shape.hidden) if shape.vocab and shape.hidden else params / 20
    fixed = activations_gb + c.runtime_gb + largest * z.largest_layer_bytes_per_param / 1e9
    steps = max(1, round(tokens / (sequence_tokens * z.batch_sequences)))
    optimizer_hours = steps * params / z.cpu_adam_params_per_s / 3600
    for with_params in (False, True):
        sharded = 0.0 if with_params else params * z.gpu_bytes_per_param_sharded / max(count, 1) / 1e9
        if fixed + sharded <= card_gb:
            per = z.cpu_bytes_per_param_with_params if with_params else z.cpu_bytes_per_param
            ram = params * per / 1e9
            if ram > max(ram_gb or 0.0, c.zero_offload.ram_ceiling_gb):
                return None
            return Offloaded(fixed + sharded, ram, ram * z.cpu_buffer_factor, with_params, steps, optimizer_hours)
    return None
