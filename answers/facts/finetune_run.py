"""A fine-tuning run's figures (estimator/finetune.py): the memory of the method chosen by part, the tokens read, the
time on the cards named and what renting them costs, with what was assumed. Typed (`FinetuneRun`), serialised
into the scope facts' `finetune` key by `facts_of`.
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET, Struct, UnsetType

from answers.facts.typed import facts_of
from answers.knowledge.fine_tuning import fine_tuning, finetune_constants, rental_prices
from answers.records.asked import TrainAsked
from estimator import finetune as ft
from estimator.model import ModelSize

# A rental cloud named without a card: the card its price list is known for, said as assumed.
RENTAL_CARD = "H100 SXM5 80 GB"


class RunCard(Struct, kw_only=True):
    """The cards a run is timed on: the catalog name, how many, their dense 16-bit rate (fp16 accumulate)."""

    name: str
    count: int
    dense_tflops: float
    memory_gb: float
    assumed: bool = False  # a rental cloud named without a card: RENTAL_CARD
    stand_in: bool = False  # a memory size said without a card: the usual card of that size


class FinetuneRun(Struct, kw_only=True):
    method: str
    method_said: bool
    memory: dict[str, Any]
    totals_gb: dict[str, float]
    fits: bool | None
    tokens: float
    examples: float | None
    dataset_mb: float | None
    example_tokens: float | None
    epochs: float
    assumed: dict[str, float]
    time: dict[str, Any] | UnsetType = UNSET
    cost: list[dict[str, Any]] | UnsetType = UNSET
    provider: str | None = None
    calibration: str = ""
    zero3: dict[str, Any] | UnsetType = UNSET  # a full fine-tune too big for the cards: ZeRO-3 with CPU offload


def _method(kind: str, said: str | None, totals: dict[str, float], memory_gb: float | None) -> str:
    """The method said; a full fine-tune asked; else LoRA where it fits, QLoRA otherwise (LoRA with no memory)."""
    if kind == "full_fine_tuning":
        return "full"
    if said:
        return said
    return "lora" if memory_gb is None or totals["lora"] <= memory_gb else "qlora"


def _costs(card: RunCard, hours: tuple[float, float, float], provider: str | None) -> list[dict[str, Any]]:
    rows = [r for r in rental_prices() if card.name.startswith(r.card) and (provider is None or r.provider == provider)]
    mid, low, high = hours
    return [{"provider": r.provider, "tier": r.tier, "usd_per_hour": r.usd_per_hour * card.count,
             "usd": round(r.usd_per_hour * card.count * mid, 2), "usd_low": round(r.usd_per_hour * card.count * low, 2),
             "usd_high": round(r.usd_per_hour * card.count * high, 2), "date": r.date, "source": r.source,
             "url": r.url} for r in sorted(rows, key=lambda r: r.usd_per_hour)]


def prices(card: str, train: TrainAsked | None) -> list[dict[str, Any]]:
    """The hourly prices of renting `card` (at the cloud named, if one is), cheapest first, for a question with
    no model to time a run on."""
    provider = train.provider if train is not None else None
    return [{"card": card, "provider": r.provider, "tier": r.tier, "usd_per_hour": r.usd_per_hour, "date": r.date,
             "url": r.url} for r in sorted(rental_prices(), key=lambda r: r.usd_per_hour)
            if card.startswith(r.card) and (provider is None or r.provider == provider)]


def _offloads(t: TrainAsked) -> str | None:
    """The trainer named that keeps the checkpoints in system RAM (Unsloth), or None."""
    offloading = finetune_constants().offloading_trainers
    return next((n for n in t.trainers if n.casefold() in offloading), None)


def _floor(method: str, params_b: float, offloaded: bool) -> float | None:
    """Unsloth's own published minimum for this size and method (QLoRA or LoRA), when its trainer is named."""
    row = fine_tuning().row_for(params_b) if offloaded and method in ("qlora", "lora") else None
    if row is None or row.at_most:
        return None
    return row.qlora_gb if method == "qlora" else row.lora_gb


def _zero3(run: FinetuneRun, size: ModelSize, shape: ft.Shape, card: RunCard, tm: ft.Time,
           ram_gb: float | None) -> dict[str, Any] | None:
    """A full fine-tune the cards cannot hold as it is: the run under DeepSpeed ZeRO-3 with the optimizer (and the
    parameters, if need be) in system RAM, with the time the CPU's optimizer steps add; None when even that is too
    big for a card."""
    c = finetune_constants()
    seq = int(run.memory["sequence_tokens"])
    off = ft.zero3_offload(size.params_b, card.count, card.memory_gb / card.count, run.memory["activations_gb"],
                           run.tokens, seq, c, shape, ram_gb)
    if off is None:
        return None
    return {"card_gb": round(off.card_gb, 1), "ram_gb": round(off.ram_gb),
            "ram_gb_estimate": round(off.ram_gb_estimate), "params_offloaded": off.params_offloaded,
            "steps": off.steps, "batch_sequences": c.zero_offload.batch_sequences,
            "optimizer_hours": round(off.optimizer_hours, 2), "hours": round(tm.hours + off.optimizer_hours, 2),
            "hours_low": round(tm.hours_low + off.optimizer_hours, 2),
            "hours_high": round(tm.hours_high + off.optimizer_hours * 2, 2),
            "ram_said": ram_gb, "ram_enough": None if ram_gb is None else ram_gb >= off.ram_gb * 0.95,
            "count": card.count, "card": card.name}


def build(kind: str, size: ModelSize, memory_gb: float | None, train: TrainAsked | None,
          card: RunCard | None, sequence: int | None = None, ram_gb: float | None = None) -> dict[str, Any]:
    """The `finetune` facts of a fine-tuning question on a model of `size`, at the sequence length said."""
    c = finetune_constants()
    layout = size.layout
    shape = ft.Shape(layout.layers if layout else None, layout.hidden_size if layout else None,
                     layout.vocab_size if layout else None,
                     bool(layout and layout.ffn and layout.ffn.tied_embeddings))
    t = train or TrainAsked()
    trainer = _offloads(t)
    parts = {m: ft.memory(m, size.params_b, c, shape, sequence_tokens=sequence, offloaded=trainer is not None)
             for m in ft.METHODS}
    totals = {m: round(p.total_gb, 1) for m, p in parts.items()}
    method = _method(kind, t.method, totals, memory_gb)
    mem = parts[method]
    floor = _floor(method, size.params_b, trainer is not None)
    counted = max(mem.total_gb, floor or 0.0)
    tokens, assumed = ft.training_tokens(c, examples=t.examples, example_tokens=t.example_tokens, tokens=t.tokens,
                                         epochs=t.epochs, dataset_mb=t.dataset_mb)
    run = FinetuneRun(
        method=method, method_said=bool(t.method) or kind == "full_fine_tuning",
        memory={"weights_gb": round(mem.weights_gb, 1), "trainable_gb": round(mem.trainable_gb, 1),
                "activations_gb": round(mem.activations_gb, 1), "runtime_gb": round(mem.runtime_gb, 2),
                "total_gb": round(mem.total_gb, 1), "adapter_params_m": round(mem.adapter_params_m, 1),
                "sequence_tokens": sequence or c.sequence_tokens, "sequence_said": sequence is not None,
                "batch": c.batch, "offloaded_by": trainer, "floor_gb": round(floor, 1) if floor else None,
                "counted_gb": round(counted, 1)},
        dataset_mb=t.dataset_mb, totals_gb=totals, tokens=tokens,
        fits=None if memory_gb is None else memory_gb >= counted,
        examples=t.examples if t.examples else assumed.get("examples") if not t.tokens else None,
        example_tokens=t.example_tokens or (assumed.get("example_tokens") if not t.tokens else None),
        epochs=t.epochs or assumed.get("epochs", c.epochs), assumed=assumed, provider=t.provider,
        calibration="; ".join(dict.fromkeys(str(r["source"]).split(",")[0] for r in c.calibration)))
    if card is not None:
        geforce = card.name.startswith("GeForce")
        rate = ft.training_tflops(card.dense_tflops, geforce, c)
        # a mixture of experts computes with its active parameters a token (gpt-oss-20b: 3.6B of 21B)
        computed = size.active_params_b or size.params_b
        tm = ft.time(method, computed, tokens, rate, card.count, "SXM" in card.name or "NVL" in card.name, c)
        run.time = {"hours": round(tm.hours, 2), "hours_low": round(tm.hours_low, 2),
                    "hours_high": round(tm.hours_high, 2), "tokens_per_s": round(tm.tokens_per_s),
                    "card": card.name, "count": card.count, "tflops": round(tm.tflops, 1),
                    "efficiency": tm.efficiency, "card_assumed": card.assumed, "card_stand_in": card.stand_in}
        per = run.example_tokens
        if sequence and per and "example_tokens" in assumed and sequence > per:
            # "at 8k sequence length": examples that fill the whole sequence read sequence ÷ per times the tokens
            run.time["hours_full_sequence"] = round(tm.hours * sequence / per, 2)
        run.cost = _costs(card, (tm.hours, tm.hours_low, tm.hours_high), t.provider)
        if method == "full" and run.fits is False:
            zero = _zero3(run, size, shape, card, tm, ram_gb)
            if zero is not None:
                run.zero3 = zero
    return facts_of(run)
