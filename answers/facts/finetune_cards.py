"""The cards a fine-tuning run is worked out on: the card named (or a setup's first cards with their count, or a
rental cloud's usual training card), a second card named beside it ("a free T4, or do I rent an A100?"), their
dense 16-bit rates, and the sequence length said. The engine passes a resolver that gives None for a name the
catalog does not know; the run's figures come from answers/facts/finetune_run.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from answers.facts import finetune_run, finetune_tool
from answers.records.asked import Asked
from catalog.records import GpuRecord
from estimator.model import ModelSize

Resolve = Callable[[str], GpuRecord | None]
Typical = Callable[[float], GpuRecord | None]  # the usual card of a memory size


def training_tflops(card: GpuRecord | None, count: int | None) -> float | None:
    """The dense 16-bit matrix TFLOPS of the cards named, as the prefill estimate reads them (pretraining's time)."""
    if card is None:
        return None
    # lazy: the prefill rates and the training rule only for a training question with a card
    from answers.knowledge.fine_tuning import fine_tuning
    from answers.knowledge.media import prefill_constants
    from catalog.compute import fp32_tflops
    from estimator.prefill import matrix_tflops

    int8 = matrix_tflops(card, fp32_tflops(card), prefill_constants())[0]
    return int8 * fine_tuning().training_matrix_share * (count or 1)


def a_run(asked: Asked) -> bool:
    """A fine-tuning run on hardware named ("qlora gemma 3 12b on a free colab t4"): the run is asked, never only
    the model's facts a stray word suggested ("gratis" for its licence)."""
    oos = asked.out_of_scope
    return oos is not None and oos.kind == "fine_tuning" and asked.train is not None \
        and bool(asked.card or asked.setup or asked.memory_gb)


def run_card(card: GpuRecord | None, count: int | None, assumed: bool) -> finetune_run.RunCard | None:
    """The cards a fine-tuning run is timed on, with their dense 16-bit matrix rate as pretraining reads it."""
    tflops = training_tflops(card, 1)
    if card is None or tflops is None:
        return None
    n = count or 1
    return finetune_run.RunCard(name=card.name, count=n, dense_tflops=tflops, memory_gb=card.memory_gb * n,
                                assumed=assumed)


def _other(parsed: Asked, resolve: Resolve) -> GpuRecord | None:
    """The second card the question names, resolved; None when there is none or it is unknown."""
    if not parsed.card2:
        return None
    return parsed.card2 if not isinstance(parsed.card2, str) else resolve(parsed.card2)


def run_facts(kind: str, size: ModelSize, memory: float | None, card: GpuRecord | None, parsed: Asked,
              resolve: Resolve, typical: Typical | None = None) -> dict[str, Any]:
    """`finetune` (and `finetune_also` for a second card named) of a fine-tuning question on a model of `size`.
    `typical` gives the card that stands for a memory size said without a card ("a 16 GB GPU")."""
    count = parsed.gpu_count
    if card is None and parsed.setup:  # "qlora 70b on 2x3090": the setup's first cards, with their count
        card = resolve(parsed.setup[0][0])
        count = parsed.setup[0][1]
        memory = card.memory_gb * count if card is not None else memory
    rental = parsed.train is not None and parsed.train.provider is not None and card is None
    # a rental cloud named without a card: its usual training card, said as assumed
    on = resolve(finetune_run.RENTAL_CARD) if rental else card
    stand_in = None
    if on is None and memory is not None and typical is not None and parsed.cpu is None:
        # "a 16 GB GPU": the run timed on the usual card of that size, said as assumed (never no time at all)
        stand_in = typical(memory / (count or 1))
        on = stand_in
    # "at 8k seq len", "seq len 4096": the run's sequence length, read with the run or as a context
    sequence = (parsed.train.sequence if parsed.train else None) or parsed.context_said or parsed.context
    cards = run_card(on, count, rental)
    if cards is not None and stand_in is not None:
        cards = replace(cards, stand_in=True)
    ram = parsed.ram_gb if parsed.ram_gb is not None else parsed.cpu.ram_gb if parsed.cpu is not None else None
    out: dict[str, Any] = {
        "finetune": finetune_run.build(kind, size, memory, parsed.train, cards, sequence, ram)}
    n = cards.count if cards is not None else (count or 1)
    tool = finetune_tool.tool_facts(parsed.train, out["finetune"], n,
                                    cards.memory_gb / cards.count if cards is not None else memory)
    if tool is not None:  # "which tool?", "unsloth does multi gpu?": one pick for these cards, each trainer named
        out["finetune_tool"] = tool
    if out["finetune"].get("zero3"):  # the ZeRO-3 run worked out: the know-how's general line is not said again
        out["finetune_zero3"] = True
    other = _other(parsed, resolve)
    if other is not None:  # "a free T4, or do I rent an A100?": the run on each card named
        out["finetune_also"] = [finetune_run.build(kind, size, other.memory_gb, parsed.train,
                                                   run_card(other, 1, False), sequence)]
    return out
