"""Speculative decoding said in a question: MTP heads ("MTP/4", "mtp on"), DFlash, EAGLE, n-gram lookup, a draft
model, or the words for it in six languages ("speculative decoding", "décodage spéculatif", "spekulatives
Dekodieren", "decodifica speculativa", "decodificación especulativa", "decodificação especulativa").
Pure text rule; the gain applied is estimator/data/speculative.json's (answers/facts/speculative.py)."""

from __future__ import annotations

from answers.knowledge.pickled import compile_cached
from catalog.text import fold

_SAID = compile_cached(
    r"\bmtp(?:\s?/\s?\d)?\b|\bdflash\d*\b|\beagle[- ]?\d?\b|\bn-?gram\b|\bdraft(?:ing)?[- ]model\b|\bdraft\s?\d"
    r"|\bspeculative(?: decoding)?\b|\bdecodage speculatif\b|\bspekulativ\w*|\bdecodifica speculativa\b"
    r"|\bdecodificacion especulativa\b|\bdecodificacao especulativa\b|\bspeculative dec\w*")


def said(question: str) -> bool:
    return _SAID.search(fold(question or "")) is not None


__all__ = ["said"]
