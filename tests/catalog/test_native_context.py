"""A model's native context window (the window it was trained at, before rope scaling stretches it) is checked
at load: it must be shorter than the stretched `max_context`, so an answer never says a model reaches less than
it was trained at."""

from __future__ import annotations

import msgspec
import pytest

from catalog.builtin import load_builtin_models
from catalog.records import Architecture, AttentionGroup


def _arch(**kw: int | None) -> Architecture:
    return Architecture(layers=2, hidden_size=64, attention_heads=4, kv_heads=4, head_dim=16,
                        attention=[AttentionGroup(kind="full", layers=2)], source="https://example/config.json",
                        **kw)


def test_a_native_window_longer_than_the_stretched_one_is_refused() -> None:
    with pytest.raises(ValueError, match="native context"):
        _arch(max_context=32768, native_context=131072)
    with pytest.raises(ValueError, match="native context"):
        _arch(native_context=32768)  # stretched to what? said nowhere
    assert _arch(max_context=131072, native_context=32768).native_context == 32768


def test_a_bad_native_window_in_the_data_fails_at_load() -> None:
    raw = {"layers": 2, "hidden_size": 64, "attention_heads": 4, "kv_heads": 4, "head_dim": 16,
           "max_context": 8192, "native_context": 8192, "attention": [{"kind": "full", "layers": 2}],
           "source": "https://example/config.json"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(raw, Architecture)


def test_qwen3_records_say_their_yarn_window() -> None:
    """Qwen3 model cards: "32,768 natively and 131,072 tokens with YaRN"."""
    qwen3 = {m.name: m for m in load_builtin_models() if m.name in ("Qwen3 14B", "Qwen3-235B-A22B")}
    assert len(qwen3) == 2
    for m in qwen3.values():
        assert m.architecture is not None
        assert (m.architecture.native_context, m.architecture.max_context) == (32768, 131072)
        assert "context" in m.provenance
