"""The start-up cache's lexicon and GPU name index answer exactly like freshly built ones, and a
damaged entry is rebuilt instead of failing."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from answers import lexicon as lexicon_module
from answers.knowledge import cache, pickled
from answers.knowledge.resolver_cache import gpu_resolver
from catalog.hardware import aliases_for
from catalog.resolve import Resolver, gpu_entries


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path))
    cache.cache_dir.cache_clear()
    yield tmp_path
    cache.cache_dir.cache_clear()


@pytest.mark.parametrize("source,flags", [
    (r"\b(?:how|quanto)\s+(fast|veloce)\b", 0),
    (r"(?P<size>\d+)\s?gb", re.IGNORECASE),
    (r"^(a|b)+?$", re.MULTILINE | re.DOTALL),
])
def test_pickled_patterns_match_like_the_originals(source: str, flags: int) -> None:
    original = re.compile(source, flags)
    copy = pickled.loads(pickled.dumps({"p": original}))["p"]
    assert copy == original and copy.groupindex == original.groupindex and copy.groups == original.groups
    for text in ("How fast", "quanto veloce", "12 GB", "24gb", "aab", "b\nc"):
        assert [m.span() for m in copy.finditer(text)] == [m.span() for m in original.finditer(text)]


def test_cached_lexicon_is_the_checked_one(fresh_cache, monkeypatch) -> None:
    first = lexicon_module.lexicon.__wrapped__()
    assert list(fresh_cache.glob("lexicon-*.pickle"))
    # A warm start reads the entry: the files are not checked (nor their patterns compiled) again.
    monkeypatch.setattr(lexicon_module, "load", lambda *a, **k: pytest.fail("lexicon loaded again"))
    second = lexicon_module.lexicon.__wrapped__()
    assert second is not first and second == first
    assert [p.regex for p in second.patterns()] == [re.compile(p.regex.pattern) for p in first.patterns()]


def test_damaged_lexicon_entry_is_rebuilt(fresh_cache) -> None:
    lexicon_module.lexicon.__wrapped__()
    (entry,) = fresh_cache.glob("lexicon-*.pickle")
    entry.write_bytes(b"not a pickle")
    assert lexicon_module.lexicon.__wrapped__() == lexicon_module.load()


def test_cached_gpu_index_resolves_like_a_fresh_one(fresh_cache, gpus) -> None:
    entries = gpu_entries(gpus, aliases_for(gpus))
    fresh = Resolver(entries, kind="gpu")
    gpu_resolver(entries)  # fills the cache
    assert list(fresh_cache.glob("gpu-index-*.pickle"))
    cached = gpu_resolver(entries)
    for typed in ("4090", "rtx 3080 ti", "h100 sxm", "4070 laptop", "a100 40gb sxm4", "radeon 7900 xtx", "nonsense"):
        a, b = fresh.resolve(typed), cached.resolve(typed)
        assert (a.best, a.candidates, a.ambiguous, a.default) == (b.best, b.candidates, b.ambiguous, b.default), typed
    # The payloads are the caller's own records, not copies from the cache.
    assert cached.resolve("4090").best.key is next(g for g in gpus if g.name == "GeForce RTX 4090")


def test_other_cards_are_another_gpu_index(fresh_cache, gpus) -> None:
    gpu_resolver(gpu_entries(gpus[:50]))
    fewer = gpu_resolver(gpu_entries(gpus[:10]))
    assert len(list(fresh_cache.glob("gpu-index-*.pickle"))) == 2
    assert fewer.names == [g.name for g in gpus[:10]]


def test_patterns_built_from_words_are_kept_by_source(fresh_cache, monkeypatch) -> None:
    monkeypatch.setattr(pickled, "_table", None)
    monkeypatch.setattr(pickled, "_compiled", {})
    source = r"(?<!\w)(?:dual|two|due)\s+(?P<card>\d{4})(?!\w)"
    first = pickled.compile_cached(source)
    assert first == re.compile(source)
    pickled.flush()  # the process ends: what it compiled is written once
    monkeypatch.setattr(pickled, "_table", None)  # a new process: the table comes from the cache entry
    monkeypatch.setattr(pickled, "_compiled", {})
    monkeypatch.setattr(pickled.re, "compile", lambda *a: pytest.fail("compiled again"))
    again = pickled.compile_cached(source)
    assert again == first and again.search("due 3090").group("card") == "3090"


def test_a_warm_start_compiles_no_pattern_again(fresh_cache, built_db) -> None:
    """Patterns built from word sets come out the same whatever the hash seed, so the second process
    finds them all and rewrites nothing (a set's order once made every start a cache miss)."""
    code = ("import sys; sys.argv = ['tpsbot', 'ask', 'can i run qwen3 32b on 2x 3090 with 64gb ddr5?']; "
            "from bot.cli.parser import main; main()")

    def run(seed: str) -> None:
        env = {**os.environ, "PYTHONHASHSEED": seed, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(fresh_cache)}
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)

    run("1")
    entries = {p.name: p.stat().st_mtime_ns for p in fresh_cache.glob("*.pickle")}
    assert any(n.startswith("regex-") for n in entries) and any(n.startswith("lexicon-") for n in entries)
    run("2")
    assert {p.name: p.stat().st_mtime_ns for p in fresh_cache.glob("*.pickle")} == entries


def test_the_ask_process_hashes_without_openssl_and_finds_the_same_entries(fresh_cache, built_db) -> None:
    """`tpsbot ask` runs without OpenSSL's hashes (~3.4 MB of its 45 MB); CPython's own SHA-256 gives the
    same digests, so its cache entries are the ones a process with OpenSSL looks for."""
    code = ("import sys; sys.argv = ['tpsbot', 'ask', 'can GLIDE run on 12 GB?']; from bot.cli.parser import main; "
            "code = main(); print(code, sys.modules.get('_hashlib'))")
    env = {**os.environ, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(fresh_cache)}
    done = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "0 None", done.stderr
    lean = sorted(p.name for p in fresh_cache.glob("lexicon-*.pickle"))
    assert len(lean) == 1
    lexicon_module.lexicon.__wrapped__()  # this process hashes with OpenSSL
    assert sorted(p.name for p in fresh_cache.glob("lexicon-*.pickle")) == lean
