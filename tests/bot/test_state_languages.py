"""A user who changes language keeps the new one, on both backends: the write replaces the stored row
(an insert that kept the old language on conflict would answer them in the old one after a restart)."""

from __future__ import annotations

from pathlib import Path

from bot.state.open import open_store


async def test_a_changed_language_replaces_the_stored_one(state_target: str | Path) -> None:
    store = await open_store(state_target)
    await store.remember_locale(42, "de")
    await store.remember_locale(43, "it")
    await store.close()

    store = await open_store(state_target)
    assert store.user_locale(42) == "de"
    await store.remember_locale(42, "fr")  # the same user, another language
    await store.close()

    store = await open_store(state_target)
    assert (store.user_locale(42), store.user_locale(43)) == ("fr", "it")
    await store.close()


async def test_a_changed_language_reaches_another_process(state_target: str | Path) -> None:
    """Shard groups on one state: the other store reads the new language when it opens."""
    a = await open_store(state_target)
    await a.remember_locale(7, "es")
    await a.remember_locale(7, "pt-BR")
    b = await open_store(state_target, listen=False)
    assert b.user_locale(7) == "pt-BR"
    await b.close()
    await a.close()
