"""Facts of a question outside what the estimator rates (answers/reading/scope.py `OutOfScope`): a phone
or a single-board computer as the device, a speech or embedding model, fine-tuning or training from scratch.

The answer says what it covers and what it does not; where the catalog knows the model's weights, the
memory to load them; for fine-tuning, a sourced rule of thumb (answers/knowledge/fine_tuning.toml). Never a
graphics card's decode speed: the device asked about is not a graphics card, or tokens per second is not
what the model is measured in.
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Built
from answers.knowledge.fine_tuning import fine_tuning
from estimator.memory import model_weights_gb
from estimator.model import ModelSize
from estimator.quants import BY_NAME

# The levels the weights are given at: a language model as people run it on small devices (4- and 8-bit
# GGUF); a speech or embedding model as it is usually shipped (16-bit) and at 8-bit.
LEVELS = {"speech": ("F16", "Q8_0"), "embedding": ("F16", "Q8_0")}
LLM_LEVELS = ("Q4_K_M", "Q8_0")


# The intents whose figures are tokens per second on some hardware: a text-to-image model there gets one line.
RATED_INTENTS = frozenset({"can_run", "speed", "what_gpu", "fastest", "smallest", "two_gpus", "offload", "compare",
                           "accuracy"})


def image_generator(domain: list[str], intent: str) -> bool:
    """A model that generates images and not text (Epoch's domain "Image generation" without "Language"),
    asked about in a rating answer."""
    return intent in RATED_INTENTS and "Image generation" in domain and "Language" not in domain


def weights(kind: str, size: ModelSize) -> list[dict[str, Any]]:
    """The memory the weights alone take at each level (no cache, no runtime)."""
    return [{"quant": q, "gb": round(model_weights_gb(size, BY_NAME[q].bpw), 2)} for q in LEVELS.get(kind, LLM_LEVELS)]


def fine_tuning_facts(params_b: float, memory_gb: float | None) -> dict[str, Any]:
    """Unsloth's minimum for QLoRA and 16-bit LoRA at the table's row for this size, and whether the
    memory named reaches it (None when no memory was named or the model is above the table)."""
    ft = fine_tuning()
    out: dict[str, Any] = {"source": ft.source, "url": ft.url, "method_source": ft.method_source}
    row = ft.row_for(params_b)
    if row is None:
        return out
    out.update(row_params_b=round(row.params_b, 1), qlora_gb=round(row.qlora_gb, 1), lora_gb=round(row.lora_gb, 1),
               between=list(row.between) if row.between else None, at_most=row.at_most)
    if memory_gb is not None:
        out.update(memory_gb=memory_gb, qlora_fits=memory_gb >= row.qlora_gb, lora_fits=memory_gb >= row.lora_gb)
    return out


def full_fine_tuning_facts(params_b: float | None, memory_gb: float | None) -> dict[str, Any]:
    """A full fine-tune with AdamW in mixed precision: 16 bytes a parameter for the weights, gradients and
    optimizer states before activations (answers/knowledge/fine_tuning.toml, with its source); against the
    memory named when there is one."""
    ft = fine_tuning()
    out: dict[str, Any] = {"source": ft.full_training_source, "bytes_per_param": ft.full_training_bytes_per_param}
    if params_b is not None:
        out["gb"] = round(ft.from_scratch_gb(params_b), 1)
        if memory_gb is not None:
            out.update(memory_gb=memory_gb, fits=memory_gb >= out["gb"])
    return out


def image_lora_facts(image: str, memory_gb: float | None) -> dict[str, Any]:
    """Training a LoRA for the image model named ("sdxl"): its trainer's reported minimum, against the memory
    named; only the name when the data has no figure for it."""
    out: dict[str, Any] = {"named": image}
    row = fine_tuning().image_lora_for(image)
    if row is None:
        return out
    out.update(model=row.model, gb=row.gb, source=row.source, url=row.url)
    if row.full_gb is not None:  # the memory without blocks swapped to system RAM (FLUX.1)
        out["full_gb"] = row.full_gb
    if memory_gb is not None:
        out.update(memory_gb=memory_gb, fits=memory_gb >= row.gb)
    return out


def build(kind: str, named: str, *, model: dict[str, Any] | None = None, size: ModelSize | None = None,
          memory_gb: float | None = None, device: str | None = None, image: str | None = None,
          tflops: float | None = None) -> Built:
    """`model`: the catalog's name and parameters (None when the catalog does not know it); `size`: its
    size for the estimator (or a generic size); `memory_gb`: the memory a card or size named offers;
    `tflops`: the dense 16-bit matrix rate of the cards named (pretraining's time)."""
    facts: dict[str, Any] = {"out_of_scope": kind, "named": named}
    if device:
        facts["device"] = device
    if model is not None:
        facts["model"] = model
    if size is not None and kind not in ("fine_tuning", "from_scratch", "full_fine_tuning"):
        facts["weights"] = weights(kind, size)
    if size is not None and kind in ("fine_tuning", "full_fine_tuning"):
        facts["fine_tuning"] = fine_tuning_facts(size.params_b, memory_gb)
    if kind == "fine_tuning" and image is not None and model is None:  # "an sdxl lora": the image model's rule
        facts["image_lora"] = image_lora_facts(image, memory_gb)
    if kind == "full_fine_tuning":  # every weight trained: its own figure first, LoRA's only as the alternative
        facts["full_fine_tuning"] = full_fine_tuning_facts(size.params_b if size is not None else None, memory_gb)
    if kind == "from_scratch":
        ft = fine_tuning()
        facts["from_scratch"] = {"source": ft.full_training_source,
                                 "bytes_per_param": ft.full_training_bytes_per_param}
        if size is not None:
            facts["from_scratch"]["gb"] = round(ft.from_scratch_gb(size.params_b), 1)
            if memory_gb is not None:
                facts["from_scratch"]["fits"] = memory_gb >= facts["from_scratch"]["gb"]
        if size is not None and tflops:
            tokens, days = ft.pretraining_days(size.params_b, tflops)
            facts["from_scratch"].update(tokens=tokens, days=round(days, 1), tflops=round(tflops, 1),
                                         utilisation=ft.training_utilisation,
                                         tokens_per_param=ft.pretraining_tokens_per_param,
                                         compute_source=ft.pretraining_source)
    return Built(facts)
