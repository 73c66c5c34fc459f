"""Several users at once (estimator/users.py): memory for N caches, per-user and total speed, and the
CLI's --users / --prompt keys (a JSON contract: added keys only)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from bot.cli.parser import main
from estimator.model import InvalidInput
from estimator.users import Workload, concurrency, read_growth, read_scale, step_seconds, users_at_reading_speed

# One request at 100 tok/s; a user's cache takes 2 % of a step's reading; compute caps at 2,000 tok/s.
W = Workload(single_tok_s=100.0, weights_gb=8.0, runtime_gb=1.0, cache_gb=0.5, usable_gb=24.0, kv_read_s=0.0002,
             prefill_tok_s=2000.0)


def test_golden_memory_and_speed() -> None:
    c = concurrency(W, 4)
    assert c.need_gb == pytest.approx(8.0 + 1.0 + 4 * 0.5)
    step = 0.01 + 4 * 0.0002  # bandwidth-bound: weights once, four caches
    assert c.per_user_tok_s == pytest.approx(1 / step) and c.total_tok_s == pytest.approx(4 / step)
    assert c.bound == "bandwidth" and c.fits
    assert c.max_users_memory == int((24.0 - 9.0) // 0.5) == 30


def test_more_users_slower_each_faster_in_all_until_compute_bound() -> None:
    last_per, last_total = float("inf"), 0.0
    for n in range(1, 200):
        c = concurrency(W, n)
        assert c.per_user_tok_s <= last_per
        assert c.total_tok_s <= W.prefill_tok_s + 1e-9  # never above the compute ceiling
        if c.bound == "bandwidth":
            assert c.total_tok_s > last_total
        last_per, last_total = c.per_user_tok_s, c.total_tok_s
    assert concurrency(W, 199).bound == "compute"


def test_users_at_reading_speed_is_the_largest_count() -> None:
    n = users_at_reading_speed(W)
    assert 1 / step_seconds(W, n)[0] >= 10
    assert n == W_MAX_MEMORY or 1 / step_seconds(W, n + 1)[0] < 10
    no_room = Workload(100.0, 23.0, 1.0, 0.5, 24.0, 0.0002, 2000.0)
    assert users_at_reading_speed(no_room) == 0 and not concurrency(no_room, 1).fits


W_MAX_MEMORY = 30


def test_moe_reads_more_experts_as_the_batch_grows() -> None:
    moe = Workload(100.0, 18.0, 1.0, 0.5, 24.0, 0.0, 5000.0, expert_share=0.7, expert_read_fraction=0.1)
    assert read_growth(moe, 1) == pytest.approx(1.0)
    assert 1.0 < read_growth(moe, 4) < read_growth(moe, 64) <= 0.3 + 0.7 / 0.1 + 1e-9
    assert read_growth(W, 64) == 1.0  # dense: the same weights whatever the batch


def test_moe_fixed_share_of_the_step_stays_while_the_expert_reads_grow() -> None:
    # independent arithmetic: p = 0.1, share 0.7 → weights_read(4)/weights_read(1) = 0.3 + 7 · (1 − 0.9⁴) = 2.7073;
    # with half the step fixed the weights' time is 0.5 + 0.5 · 2.7073 = 1.85365 one-request steps
    moe = Workload(100.0, 18.0, 1.0, 0.5, 24.0, 0.0, 5000.0, expert_share=0.7, expert_read_fraction=0.1)
    half = replace(moe, moe_fixed_share=0.5)
    assert read_growth(moe, 4) == pytest.approx(0.3 + 7 * (1 - 0.9 ** 4))
    assert read_scale(half, 4) == pytest.approx(0.5 + 0.5 * (0.3 + 7 * (1 - 0.9 ** 4)))
    assert concurrency(half, 4).per_user_tok_s == pytest.approx(100.0 / 1.85365, rel=1e-4)
    # more users: each slower, never faster than one request, and faster than with every byte scaling
    last = 100.0
    for n in range(1, 300):
        c = concurrency(half, n)
        assert c.per_user_tok_s <= last * (1 + 1e-12) and c.total_tok_s <= half.prefill_tok_s * (1 + 1e-9)
        assert c.per_user_tok_s >= concurrency(moe, n).per_user_tok_s * (1 - 1e-12)
        last = c.per_user_tok_s
    assert read_scale(replace(W, moe_fixed_share=0.5), 64) == 1.0  # dense: the share changes nothing


def test_bad_user_counts() -> None:
    for n in (0, 100_000):
        with pytest.raises(InvalidInput):
            concurrency(W, n)


@pytest.fixture()
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def _json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out.splitlines()[0])


PREFILL_KEYS = {"prompt_tokens", "prefill_tok_s", "prefill_tok_s_low", "prefill_tok_s_high", "ttft_s"}
USER_KEYS = {"users", "per_user_tok_s", "total_tok_s", "users_at_reading_speed", "users_need_gb", "users_fit"}


@pytest.mark.usefixtures("_db")
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_table_setup_row_carries_prefill_and_users(capsys, profile: str) -> None:
    d = _json(capsys, "table", "--params", "8", "--quant", "Q4_K_M", "--card", "RTX 3090", "--prompt", "32k",
              "--answer", "500", "--users", "4", "--profile", profile)
    row = d["setup"]["row"]
    assert set(row) >= PREFILL_KEYS | USER_KEYS | {"total_s"}
    # Thousands of tokens per second: a 32k prompt is read in seconds, not the minutes decode speed implies.
    assert 1000 < row["prefill_tok_s_low"] <= row["prefill_tok_s"] <= row["prefill_tok_s_high"]
    assert 5 < row["ttft_s"] < 60 and row["ttft_s"] == pytest.approx(32768 / row["prefill_tok_s"])
    assert d["context"] >= 32768 + 500  # the cache holds the prompt and the answer
    assert row["total_s"] == pytest.approx(row["ttft_s"] + 500 / row["tok_s"])
    # 4 users each sending 32k-token prompts for 500-token answers: the others' prompts are read between a
    # user's decode steps (prefill contention), so each user gets much less than one user alone
    assert row["per_user_tok_s"] < row["tok_s"] and row["total_tok_s"] > row["per_user_tok_s"]
    assert all(set(r) >= PREFILL_KEYS | USER_KEYS for r in d["rows"])


@pytest.mark.usefixtures("_db")
def test_keys_only_when_asked_and_bad_values_refused(capsys) -> None:
    d = _json(capsys, "table", "--params", "8", "--card", "RTX 3090")
    assert not (PREFILL_KEYS | USER_KEYS) & set(d["setup"]["row"])
    assert main(["table", "--params", "8", "--prompt", "0"]) == 2
    assert main(["table", "--params", "8", "--users", "0"]) == 2


@pytest.mark.usefixtures("_db")
def test_summary_and_card_carry_the_keys(capsys) -> None:
    s = _json(capsys, "summary", "--params", "8", "--prompt", "4096", "--users", "2", "--profile", "measured")
    assert set(s["fastest"]) >= PREFILL_KEYS | USER_KEYS and s["prefill_source"] == "calibrated"
    c = _json(capsys, "card", "RTX 4090", "--prompt", "2048", "--limit", "3")
    assert all(set(m) >= PREFILL_KEYS for m in c["models"])


@pytest.mark.usefixtures("_db")
def test_text_output_is_localized(capsys) -> None:
    assert main(["table", "--params", "8", "--card", "RTX 3090", "--prompt", "8k", "--users", "4",
                 "--locale", "it"]) == 0
    out = capsys.readouterr().out
    assert "8.192" in out  # Italian grouping of the prompt length
    assert "Prompt of" not in out  # the intro is translated


def test_moe_only_the_streaming_part_of_the_step_grows_with_the_batch() -> None:
    # one request at 100 tok/s (10 ms a step) of which 2 ms stream the weights at full bandwidth: 80 % stays per
    # step; independent arithmetic with p = 0.1, share 0.7, N = 4: 0.8 + 0.2 · 2.7073 = 1.34146 steps
    moe = Workload(100.0, 18.0, 1.0, 0.5, 24.0, 0.0, 5000.0, expert_share=0.7, expert_read_fraction=0.1,
                   moe_fixed_share=0.55, stream_s=0.002)
    assert read_scale(moe, 4) == pytest.approx(0.8 + 0.2 * (0.3 + 7 * (1 - 0.9 ** 4)))
    assert concurrency(moe, 4).total_tok_s == pytest.approx(4 * 100.0 / 1.34146, rel=1e-4)
    # a step that is mostly streaming keeps at least the fitted constant share fixed (never below it)
    bound = replace(moe, stream_s=0.0095)
    assert read_scale(bound, 4) == pytest.approx(read_scale(replace(moe, stream_s=0.0), 4))


@settings(max_examples=200, deadline=None)
@given(tok_s=st.floats(5, 500), stream_frac=st.floats(0.01, 1.0), share=st.floats(0.1, 0.9),
       p=st.floats(0.01, 0.5), fixed=st.floats(0.0, 0.9))
def test_moe_batch_totals_grow_and_each_user_slows(tok_s: float, stream_frac: float, share: float, p: float,
                                                  fixed: float) -> None:
    w = Workload(tok_s, 18.0, 1.0, 0.1, 500.0, 0.0001 / tok_s, 1e9, expert_share=share, expert_read_fraction=p,
                 moe_fixed_share=fixed, stream_s=stream_frac / tok_s)
    last_per, last_total = tok_s * (1 + 1e-9), 0.0
    for n in (1, 2, 3, 5, 8, 13, 21, 34, 55):
        c = concurrency(w, n)
        assert c.per_user_tok_s <= last_per * (1 + 1e-9)  # more users never raise anyone's speed
        assert c.total_tok_s >= last_total * (1 - 1e-9)  # nor lower the total below the compute bound
        last_per, last_total = c.per_user_tok_s, c.total_tok_s


@settings(max_examples=200, deadline=None)
@given(single=st.floats(1, 300), weights=st.floats(1, 70), cache=st.floats(0.01, 4), kv=st.floats(0, 0.002),
       prefill=st.floats(200, 20000), experts=st.floats(0, 0.9), fraction=st.floats(0.02, 1),
       users=st.integers(2, 128))
def test_batching_never_serves_fewer_tokens_than_one_slot_and_a_queue(single: float, weights: float, cache: float,
                                                                      kv: float, prefill: float, experts: float,
                                                                      fraction: float, users: int) -> None:
    """Why Ollama's default (one request at a time, the rest queued) loses to continuous batching for many people:
    N requests batched in one step serve at least as many tokens a second in all as one request at a time, so
    each of N gets at least the queued average (one request's total over N)."""
    w = Workload(single_tok_s=single, weights_gb=weights, runtime_gb=1.0, cache_gb=cache, usable_gb=10_000.0,
                 kv_read_s=kv, prefill_tok_s=prefill, expert_share=experts, expert_read_fraction=fraction)
    one, many = concurrency(w, 1), concurrency(w, users)
    assert many.total_tok_s >= one.total_tok_s * (1 - 1e-9)
    assert many.per_user_tok_s >= one.total_tok_s / users * (1 - 1e-9)
