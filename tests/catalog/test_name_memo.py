"""A resolver answers a name it was asked before from memory: same answer, no second search, bounded,
and never part of the index the start-up cache stores (catalog/name_memo.py)."""

from __future__ import annotations

import gc
import weakref

import pytest

from catalog import name_memo
from catalog.gpu_names import resolve_gpu
from catalog.resolve import Resolver

CARDS = [("GeForce RTX 3090", ["3090"], "3090"), ("GeForce RTX 3090 Ti", [], "3090ti"),
         ("GeForce RTX 4090", [], "4090"), ("Radeon RX 7900 XTX", [], "7900xtx")]
MODELS = [("Llama 3.1 8B", ["llama3.1:8b"], "l8"), ("Llama 3.1 70B", [], "l70"), ("Qwen3 30B A3B", [], "q30")]


@pytest.fixture
def searches(monkeypatch):
    """How many times each text reached the resolvers' own search."""
    seen: list[str] = []
    plain, gpu = Resolver._resolve_plain, resolve_gpu

    def counted_plain(self, text):
        seen.append(text)
        return plain(self, text)

    def counted_gpu(self, text, fuzzy):
        seen.append(text)
        return gpu(self, text, fuzzy=fuzzy)

    monkeypatch.setattr(Resolver, "_resolve_plain", counted_plain)
    monkeypatch.setattr("catalog.resolve.resolve_gpu", counted_gpu)
    return seen


def test_a_name_asked_again_is_answered_from_memory(searches):
    cards, models = Resolver(CARDS, kind="gpu"), Resolver(MODELS, kind="model")
    first = cards.resolve("rtx 3090"), models.resolve("lama 3.1 70b"), cards.lookup("4090")
    assert first[0].best.name == "GeForce RTX 3090" and first[1].best.name == "Llama 3.1 70B"
    assert first[2].best.name == "GeForce RTX 4090"
    asked = len(searches)
    again = cards.resolve("rtx 3090"), models.resolve("lama 3.1 70b"), cards.lookup("4090")
    assert again == first and len(searches) == asked  # the same answers, no second search
    assert cards.resolve("rtx 3090 ti").best.name == "GeForce RTX 3090 Ti"  # another text is searched
    assert len(searches) == asked + 1


def test_each_resolver_keeps_its_own_answers(searches):
    """Two catalogs (the reference list and the current one; before and after an import) never share."""
    new = Resolver(CARDS, kind="gpu")
    old = Resolver(CARDS[:1], kind="gpu")
    assert new.resolve("rtx 3090 ti").best.name == "GeForce RTX 3090 Ti"
    assert "GeForce RTX 3090 Ti" not in [m.name for m in old.resolve("rtx 3090 ti").candidates]


def test_memory_is_bounded_and_goes_with_the_resolver(monkeypatch):
    monkeypatch.setattr(name_memo, "KEPT", 8)
    models = Resolver(MODELS, kind="model")
    for k in range(50):
        models.lookup(f"unknown model {k}")
    assert len(name_memo._MEMOS[models]) <= 8
    assert models.lookup("llama 3.1 8b").best.name == "Llama 3.1 8B"
    gone = weakref.ref(models)
    del models
    gc.collect()
    assert gone() is None  # what it remembered does not keep a replaced catalog's resolver alive


def test_the_stored_index_holds_no_remembered_answers():
    cards = Resolver(CARDS, kind="gpu")
    cards.resolve("rtx 3090")
    state = cards.index_state()
    assert not any("memo" in k for k in state)
    rebuilt = Resolver.from_index_state(state, CARDS)
    assert rebuilt.resolve("rtx 3090").best.name == "GeForce RTX 3090"
