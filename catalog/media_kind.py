"""What a catalog model makes, from Epoch's labels: apart from catalog.media (the curated media records), so a
language model's answer can ask it without loading the media records and their classes."""

from __future__ import annotations

# Epoch's labels that say what a model makes (its "Domain" and "Task" columns).
_SPEECH_TASKS = ("speech recognition", "speech-to-text", "automatic speech recognition", "transcription")
_EMBED_TASKS = ("embedding", "retrieval", "semantic search", "reranking", "text embedding")


def kind_of(domain: list[str], tasks: list[str]) -> str:
    """What a catalog model makes: "image", "video", "speech" (speech to text), "embedding" or "text".
    A model whose domain includes Language generates text whatever else it does (a vision-language model
    reads images and writes text)."""
    dom = {d.casefold() for d in domain}
    low = [t.casefold() for t in tasks]
    if "language" in dom:
        return "embedding" if low and all(any(e in t for e in _EMBED_TASKS) for t in low) else "text"
    if "video" in dom or any("video generation" in t or "text-to-video" in t for t in low):
        return "video"
    if "image generation" in dom or any("text-to-image" in t or "image generation" in t for t in low):
        return "image"
    if "speech" in dom and any(any(s in t for s in _SPEECH_TASKS) for t in low):
        return "speech"
    if any(any(e in t for e in _EMBED_TASKS) for t in low):
        return "embedding"
    return "text"
