"""Memory to fine-tune a model (QLoRA, 16-bit LoRA) and to train one from scratch, from a sourced table
(fine_tuning.toml), checked at load. The estimator rates running models; this is the rule of thumb an
out-of-scope answer gives for fine-tuning instead of an inference figure (answers/facts/scope.py)."""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path

from msgspec import Struct

from estimator.finetune import FinetuneConstants
from estimator.finetune import parse as parse_finetune

HERE = Path(__file__).parent


class FineTuningDataError(ValueError):
    """fine_tuning.toml is malformed; the message says what."""


class Row(Struct, frozen=True):
    """One size of the table: the memory QLoRA and 16-bit LoRA need for a model of `params_b`."""
    params_b: float
    qlora_gb: float
    lora_gb: float


class Minimum(Struct, frozen=True):
    """The table's minimums for one size: its own row, or interpolated `between` two rows' sizes."""

    params_b: float
    qlora_gb: float
    lora_gb: float
    between: tuple[float, float] | None = None
    at_most: bool = False  # a model smaller than the table's first row: its figures are an upper bound


class ImageLora(Struct, frozen=True):
    """The least graphics memory a LoRA for an image model trains in, as its trainer reports it."""
    model: str
    names: tuple[str, ...]  # the image-model phrases that name it, folded
    gb: float
    source: str
    url: str
    full_gb: float | None = None  # the memory it trains in without blocks swapped to system RAM (None: no swapping)


class ImageTrainer(Struct, frozen=True):
    """The least graphics memory one trainer documents for an image model's LoRA."""
    trainer: str  # as answers/lexicon/training.toml [trainers] names it ("ai-toolkit", "kohya_ss")
    model: str  # the image_lora row's model
    gb: float
    source: str
    url: str


class LlmTrainer(Struct, frozen=True):
    """A language-model training program: how it uses several cards, whether it is still developed, its source."""
    trainer: str  # as answers/lexicon/training.toml [trainers] names it
    several: str  # "shards" (DeepSpeed ZeRO / FSDP pool the cards' memory) or "copies" (data parallel)
    maintained: bool
    source: str
    url: str


class FineTuning(Struct, frozen=True):
    """fine_tuning.toml, checked: the table's rows by size, its sources, and the full-training rule."""
    rows: tuple[Row, ...]
    source: str
    url: str
    method_source: str
    full_training_bytes_per_param: float
    full_training_source: str
    image_lora: tuple[ImageLora, ...] = ()
    pretraining_tokens_per_param: float = 20.0
    training_flops_per_param_token: float = 6.0
    training_utilisation: float = 0.4
    pretraining_source: str = ""
    training_matrix_share: float = 0.5  # the 16-bit training rate over the int8 matrix rate (fine_tuning.toml)
    image_step_passes: float = 3.0  # an image LoRA's training step in the denoiser's sampling steps
    image_steps: int = 2000  # an image LoRA's steps when none are said
    image_trainers: tuple[ImageTrainer, ...] = ()
    llm_trainers: tuple[LlmTrainer, ...] = ()

    def image_lora_for(self, phrase: str) -> ImageLora | None:
        """The image model's LoRA minimum for the phrase the reader found ("sdxl"), or None."""
        return next((m for m in self.image_lora if phrase.strip().casefold() in m.names), None)

    def row_for(self, params_b: float) -> Minimum | None:
        """The table's figures for a model of `params_b` billion parameters: its own row when the table has
        that size (within 3%: "8B" models have 8.0-8.2B), else interpolated linearly between the two rows
        around it (the minimums grow about linearly with the size); below the first row, that row as an
        upper bound; None above the last."""
        first = self.rows[0]
        if params_b < first.params_b * 0.97:
            return Minimum(first.params_b, first.qlora_gb, first.lora_gb, at_most=True)
        for r in self.rows:
            if abs(r.params_b - params_b) <= 0.03 * r.params_b:
                return Minimum(r.params_b, r.qlora_gb, r.lora_gb)
        for low, high in zip(self.rows, self.rows[1:], strict=False):  # neighbours: one fewer pair than rows
            if low.params_b < params_b < high.params_b:
                t = (params_b - low.params_b) / (high.params_b - low.params_b)
                return Minimum(params_b, low.qlora_gb + t * (high.qlora_gb - low.qlora_gb),
                               low.lora_gb + t * (high.lora_gb - low.lora_gb), (low.params_b, high.params_b))
        return None

    def pretraining_days(self, params_b: float, tflops: float) -> tuple[float, float]:
        """(tokens read, days) of a compute-optimal pretraining run of `params_b` billion parameters on
        hardware of `tflops` dense 16-bit TFLOPS at the training utilisation: a floor for the time."""
        tokens = params_b * 1e9 * self.pretraining_tokens_per_param
        flops = self.training_flops_per_param_token * params_b * 1e9 * tokens
        return tokens, flops / (tflops * 1e12 * self.training_utilisation) / 86_400

    def from_scratch_gb(self, params_b: float) -> float:
        """Weights, gradients and Adam states for every parameter (no activations): a floor, not a fit."""
        return params_b * self.full_training_bytes_per_param


def _positive(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise FineTuningDataError(f"fine_tuning.toml: {where} must be a positive number, not {value!r}")
    return float(value)


def parse(data: dict) -> FineTuning:
    rows = []
    for i, row in enumerate(data.get("rows") or []):
        if not isinstance(row, dict) or set(row) != {"params_b", "qlora_gb", "lora_gb"}:
            raise FineTuningDataError(f"fine_tuning.toml: rows[{i}] needs exactly params_b, qlora_gb, lora_gb")
        rows.append(Row(*(_positive(row[k], f"rows[{i}].{k}") for k in ("params_b", "qlora_gb", "lora_gb"))))
    if not rows:
        raise FineTuningDataError("fine_tuning.toml: no rows")
    if any(a.params_b >= b.params_b for a, b in zip(rows, rows[1:], strict=False)):  # neighbours
        raise FineTuningDataError("fine_tuning.toml: rows must go by ascending params_b")
    for key in ("source", "url", "method_source", "full_training_source", "pretraining_source"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise FineTuningDataError(f"fine_tuning.toml: {key} must be a non-empty string")
    return FineTuning(tuple(rows), data["source"], data["url"], data["method_source"],
                      _positive(data.get("full_training_bytes_per_param"), "full_training_bytes_per_param"),
                      data["full_training_source"], _image_lora(data.get("image_lora") or []),
                      _positive(data.get("pretraining_tokens_per_param"), "pretraining_tokens_per_param"),
                      _positive(data.get("training_flops_per_param_token"), "training_flops_per_param_token"),
                      _positive(data.get("training_utilisation"), "training_utilisation"), data["pretraining_source"],
                      _positive(data.get("training_matrix_share"), "training_matrix_share"),
                      _positive(data.get("image_step_passes"), "image_step_passes"),
                      int(_positive(data.get("image_steps"), "image_steps")),
                      _image_trainers(data.get("image_trainer") or [], data.get("image_lora") or []),
                      _llm_trainers(data.get("llm_trainer") or []))


def _llm_trainers(rows: object) -> tuple[LlmTrainer, ...]:
    """The language-model trainers, each with how it uses several cards and an https source."""
    keys = {"trainer", "several", "maintained", "source", "url"}
    out = []
    for i, row in enumerate(rows if isinstance(rows, list) else [None]):
        if not isinstance(row, dict) or set(row) != keys or row["several"] not in ("shards", "copies") \
                or not isinstance(row["maintained"], bool) or not str(row["url"]).startswith("https://") \
                or not str(row["source"]).strip():
            raise FineTuningDataError(f"fine_tuning.toml: llm_trainer[{i}] needs {', '.join(sorted(keys))}, several "
                                      "shards or copies, maintained true or false and an https url")
        out.append(LlmTrainer(str(row["trainer"]), str(row["several"]), row["maintained"], str(row["source"]),
                              str(row["url"])))
    return tuple(out)


def _image_trainers(rows: object, loras: object) -> tuple[ImageTrainer, ...]:
    """The trainers' documented minimums, each for a model an image_lora row names."""
    keys = {"trainer", "model", "gb", "source", "url"}
    models = {r.get("model") for r in loras if isinstance(r, dict)} if isinstance(loras, list) else set()
    out = []
    for i, row in enumerate(rows if isinstance(rows, list) else [None]):
        where = f"image_trainer[{i}]"
        if not isinstance(row, dict) or set(row) != keys or row["model"] not in models \
                or not str(row["url"]).startswith("https://") or not str(row["source"]).strip():
            raise FineTuningDataError(f"fine_tuning.toml: {where} needs {', '.join(sorted(keys))}, a model of an "
                                      "image_lora row and an https url")
        out.append(ImageTrainer(str(row["trainer"]), str(row["model"]), _positive(row["gb"], f"{where}.gb"),
                                str(row["source"]), str(row["url"])))
    return tuple(out)


def _image_lora(rows: object) -> tuple[ImageLora, ...]:
    keys = {"model", "names", "gb", "source", "url"}
    out = []
    for i, row in enumerate(rows if isinstance(rows, list) else [None]):
        where = f"image_lora[{i}]"
        if not isinstance(row, dict) or set(row) - {"full_gb"} != keys or not isinstance(row["names"], list) \
                or not all(isinstance(row[k], str) and row[k].strip() for k in ("model", "source", "url")):
            raise FineTuningDataError(f"fine_tuning.toml: {where} needs exactly {', '.join(sorted(keys))}")
        if not row["url"].startswith("https://"):
            raise FineTuningDataError(f"fine_tuning.toml: {where}.url must be an https address")
        names = tuple(str(n).casefold() for n in row["names"])
        full = _positive(row["full_gb"], f"{where}.full_gb") if "full_gb" in row else None
        out.append(ImageLora(row["model"], names, _positive(row["gb"], f"{where}.gb"), row["source"], row["url"],
                             full))
    return tuple(out)


@cache
def fine_tuning() -> FineTuning:
    with (HERE / "fine_tuning.toml").open("rb") as fh:
        return parse(tomllib.load(fh))


class RentalPrice(Struct, frozen=True):
    """One card's hourly rental price at one provider, on the date a public list showed it."""

    provider: str
    tier: str
    card: str  # the start of the catalog card name it prices ("H100 SXM5")
    usd_per_hour: float
    date: str
    source: str
    url: str


def parse_rentals(data: dict) -> tuple[RentalPrice, ...]:
    keys = ("provider", "tier", "card", "usd_per_hour", "date", "source", "url")
    out = []
    for i, row in enumerate(data.get("rows") or []):
        if not isinstance(row, dict) or set(row) != set(keys):
            raise FineTuningDataError(f"rental_prices.json: rows[{i}] needs exactly {', '.join(keys)}")
        if not str(row["url"]).startswith("https://") or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(row["date"])):
            raise FineTuningDataError(f"rental_prices.json: rows[{i}] needs an https url and a YYYY-MM-DD date")
        out.append(RentalPrice(provider=str(row["provider"]), tier=str(row["tier"]), card=str(row["card"]),
                               usd_per_hour=_positive(row["usd_per_hour"], f"rows[{i}].usd_per_hour"),
                               date=str(row["date"]), source=str(row["source"]), url=str(row["url"])))
    if not out:
        raise FineTuningDataError("rental_prices.json: no rows")
    return tuple(out)


def _estimator_json(name: str) -> dict:
    return json.loads((HERE.parents[1] / "estimator" / "data" / name).read_text("utf-8"))


@cache
def finetune_constants() -> FinetuneConstants:
    """estimator/data/finetune_constants.json, checked (estimator.finetune.parse)."""
    return parse_finetune(_estimator_json("finetune_constants.json"))


@cache
def rental_prices() -> tuple[RentalPrice, ...]:
    """estimator/data/rental_prices.json, checked."""
    return parse_rentals(_estimator_json("rental_prices.json"))
