"""Embedding and reranking models: memory and tokens read per second.

An embedder reads a batch of text in one pass, as a language model reads a prompt: its speed is the
prompt-processing (prefill) rate of a model of its size at 16-bit (estimator/prefill.py, calibrated on
public llama-bench runs), on a card or on a CPU (estimator/machine.py `cpu_prefill`). The memory is the
16-bit weights plus the runtime's buffers for a batch. Pure functions.
"""

from __future__ import annotations

from msgspec import Struct

GIB = 2**30
# Our allowance for the runtime's compute buffers at a 512-token batch (llama.cpp's are some hundreds of MB).
RUNTIME_GB = 0.6


class EmbeddingMemory(Struct, frozen=True):
    weights_gb: float
    runtime_gb: float

    @property
    def need_gb(self) -> float:
        return self.weights_gb + self.runtime_gb


def embedding_memory(params_b: float, bits: float = 16.0) -> EmbeddingMemory:
    return EmbeddingMemory(params_b * 1e9 * bits / 8 / GIB, RUNTIME_GB)


def ceiling_tok_s(params_b: float, tflops: float) -> float:
    """No card reads faster than its matrix peak over 2 FLOPs per parameter per token."""
    return tflops * 1e12 / (2 * params_b * 1e9)
