"""Facts for "how long to read a 32k prompt on a 3090" (prefill) and "how many people can my 4090 serve"
(users): the row of the card or setup asked about, with the keys answers/facts/throughput.py adds.

Without a card the answer rates the fastest consumer desktop card that runs the model and says so
(`picked`). Without a prompt length, the prompt is the context (4,096 tokens unless asked); without a
number of users, the answer gives how many get reading speed each (`users_said` False).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts import daily, kv_cache, long_context, sizing, when_short
from answers.facts import verdict as vd
from answers.facts.common import Built, Entities, Estimates, EstimateSettings, base_facts, card_row, model_of
from answers.facts.describe import row_facts
from answers.facts.ollama_slots import ollama_slots
from answers.facts.setup_rows import row_facts as setup_row_facts
from answers.facts.setups import held_levels
from answers.facts.throughput import Ask, add_to_rows, setup_keys
from catalog.records import ModelRecord
from estimator.engines import engine_levels, implied_engine
from estimator.quants import quant
from estimator.ranking import Row
from estimator.setups import Device, Setup, rate_setup

HOME_SEGMENT = "consumer desktop"


def _model(e: Entities) -> ModelRecord:
    assert e.model is not None
    return e.model


def _stand_in(ordered: list[Row]) -> Row | None:
    """The fastest consumer desktop card that runs the model (the fastest of all when none does)."""
    return next((r for r in ordered if getattr(r.card, "segment", "") == HOME_SEGMENT), ordered[0] if ordered else None)


def _rated_row(est: Estimates, e: Entities, s: EstimateSettings,
               ask: Ask) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(facts, row facts with the added keys): the asker's setup, their card, or the stand-in card."""
    rated = est.rated(_model(e), s)
    q = rated.query
    facts = base_facts(rated)
    constants = est.profiles.setup_constants()
    if e.setup is not None:
        row = rate_setup(q.profile, q.model, e.setup, s.context, s.min_quality, s.quant, constants=constants)
        d = setup_row_facts(row)
        d.update(setup_keys(q.profile, q.model, e.setup, row, q.context, q.cache_type, ask, constants))
        return facts, d
    r = card_row(rated, e.card) if e.card is not None else _stand_in(rated.ordered)
    facts["picked"] = e.card is None
    if r is None:
        return facts, None
    d = row_facts(r)
    add_to_rows([d], [r], q.profile, q.model, q.context, q.cache_type, ask, constants)
    return facts, d


def _at_verdict_level(est: Estimates, e: Entities, s: EstimateSettings) -> EstimateSettings:
    """The settings at the level the one verdict recommends for one stream on this hardware (answers/facts/
    verdict.py), so the prompt and several-users figures are for the level "can it run" names: 70B on two
    A6000s is served at Q4_K_M, not at a Q8_0 that fits but crawls. A level the asker named stays."""
    if s.quant is not None or (e.setup is None and e.card is None):
        return s
    q = est.rated(_model(e), s).query
    if e.setup is not None:
        levels = held_levels(q.profile, q.model, e.setup, est.profiles.setup_constants(), s.context, s.min_quality,
                             None)
    else:
        levels = vd.card_levels(q, e.card)
    rec = vd.decide(levels)["recommended"]
    return replace(s, quant=rec["quant"]) if rec else s


def prompt_engine(est: Estimates, s: EstimateSettings) -> str | None:
    """The engine whose kernels read the prompt: the one asked, else the one the level implies ("MLX 4bit" → MLX),
    as its root (Ollama and LM Studio are llama.cpp); None for llama.cpp or an engine not on record."""
    c = est.profiles.engine_constants()
    try:
        name = implied_engine(c, s.engine, quant(s.quant)) if s.quant else s.engine
        return c.root(name).name if name else None
    except (KeyError, ValueError):
        return None


def prefill(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    prompt = e.prompt_tokens or s.context
    engine = prompt_engine(est, s)
    ask = Ask(prompt=prompt, backend=e.backend, engine=None if engine == "llama.cpp" else engine)
    facts, row = _rated_row(est, e, _at_verdict_level(est, e, s), ask)
    facts.update(row=row, prompt_tokens=prompt, prompt_said=e.prompt_tokens is not None, backend=e.backend,
                 prefill_source="calibrated")
    if row is not None and not row.get("prefill_tok_s") and (e.setup is not None or e.card is not None):
        facts["prompt_routes"] = _routes(est, e, s, ask)  # "cannot hold it" is never the whole answer
    # the answer after a long prompt is written with that prompt in the cache: slower than the headline speed
    query = est.rated(model_of(e), s).query
    for w in facts.get("prompt_routes") or ():  # each way that holds it writes with the prompt in its cache too
        if w["way"] in ("cache", "level"):
            w["decode_at_context"] = long_context.at_depth(query, max(s.context, prompt), w["row"], e.card, e.setup,
                                                           w.get("cache_type"))
    squeeze = kv_cache.squeeze(query, row, max(s.context, prompt), s.engine) if e.setup is None else None
    if squeeze is not None:  # one card at a long prompt that only just fits: the cache's share, Ollama's spill
        facts["cache_squeeze"] = squeeze
    return Built(long_context.added(query, max(s.context, prompt), facts, e.card, e.setup), sources={"gpus"})


def _routes(est: Estimates, e: Entities, s: EstimateSettings, ask: Ask) -> list[dict[str, Any]]:
    """The ways a setup that cannot hold the model with this prompt still reads it (answers/facts/when_short.py)."""
    setup = e.setup
    if setup is None:  # one card: the same routes, the card seen as a setup of one
        assert e.card is not None
        if getattr(e.card, "unified_memory", False):
            return []
        setup = Setup((Device(e.card),), ram_type=e.ram_type, ram_mts=e.ram_mts, ram_channels=e.ram_channels,
                      cpu=e.cpu_spec)  # the RAM and processor said: an EPYC's channels for the experts
    rated = est.rated(_model(e), s)
    q, constants = rated.query, est.profiles.setup_constants()
    return when_short.prompt_routes(
        est, rated, setup, s,
        lambda setup, row, cache: setup_keys(q.profile, q.model, setup, row, q.context, cache, ask, constants))


def users(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    daily_facts = None
    if e.users is None and e.per_day:
        # "200 users a day": served at the requests that count puts in flight at once in its busiest hour
        got, daily_facts = daily.at_once(e.per_day, e.per_day_requests)
        e = replace(e, users=got.peak)
    served = _server_engine(est, e, s)
    built = _users(est, e, served) if served is not s else None
    if built is None or not (built.facts.get("row") or {}).get("per_user_tok_s"):
        built = _users(est, e, s)  # the serving engine does not run here (a Mac, a CPU): llama.cpp's figures
    else:
        built.facts["server_engine"] = {"engine": served.engine, "users": e.users}
        built.facts.update(_engine_keys(est, e, served))
    row = built.facts.get("row") or {}
    if e.users and e.target_tok_s and e.card is not None and e.setup is None and row.get("quant"):
        # "how many H100 or RTX PRO 6000 for 50 people at 20 tok/s each": the count asked, for each card named,
        # at the level and engine of the figures above
        names = tuple(c.name for c in (e.card, e.card2) if c is not None)
        rate = replace(served if built.facts.get("server_engine") else s, quant=row["quant"])
        built.facts["needed_named"] = sizing.needed(
            est, e, rate, e.users, lambda e2, s2: _setup_row(est, e2, s2, e.users or 1), names)
        if rate.cache_type == "f16":  # the caches in 8 bits take half the memory: fewer cards, said beside
            built.facts["needed_named"] = [_eight_bit_count(est, e, rate, n) for n in built.facts["needed_named"]]
    if daily_facts is not None:
        built.facts["daily"] = daily_facts
    return built


# From this many people at once a server runs an engine with continuous batching (vLLM's default scheduler admits
# new requests at every step, so none waits for a whole batch to finish); llama.cpp's `--parallel` splits a fixed
# context into slots. The figures for many people are that engine's, unless the asker names another or a GGUF level.
SERVER_USERS = 8
SERVER_ENGINE = "vllm"


def _eight_bit_count(est: Estimates, e: Entities, s: EstimateSettings, n: dict[str, Any]) -> dict[str, Any]:
    """A named card's count with its caches in 8 bits (vLLM's `--kv-cache-dtype fp8`, llama.cpp's `-ctk q8_0`)
    beside the f16 one, when fewer cards then do it."""
    if n["count"] < 2:
        return n
    got = sizing.needed(est, e, replace(s, cache_type=EIGHT_BIT_CACHE), e.users or 1,
                        lambda e2, s2: _setup_row(est, e2, s2, e.users or 1), (n["card"],))
    return {**n, "eight_bit": got[0]} if got and got[0]["count"] < n["count"] else n


def _engine_keys(est: Estimates, e: Entities, s: EstimateSettings) -> dict[str, Any]:
    """The engine keys every answer carries (answers/facts/completing.py), for the serving engine chosen here."""
    # lazy: the engines' data is read on the first answer that needs it, not at start-up (as completing.py)
    from answers.facts.engine_facts import engine_keys

    size = est.size_of(e.model) if e.model is not None else None
    return engine_keys(est.profiles, s.profile, s.engine, s.split, s.link, size, s.min_quality, s.quant)


def _server_engine(est: Estimates, e: Entities, s: EstimateSettings) -> EstimateSettings:
    """The settings for serving `e.users` people: vLLM's when many and no engine or GGUF level was said."""
    if (e.users or 0) < SERVER_USERS or s.engine is not None or e.card is None:
        return s
    c = est.profiles.engine_constants()
    if s.quant is not None and implied_engine(c, None, quant(s.quant)) is None:
        return s  # "Q4_K_M for 20 people": a GGUF file, llama.cpp's
    return replace(s, engine=SERVER_ENGINE)


# A box serving several people holds its weights at 8 bits at most when no level is said: FP8 (vLLM, SGLang,
# TensorRT-LLM) or Q8_0 (llama.cpp) is near-lossless (vLLM's FP8 docs: "2x reduction in model memory ... with
# minimal impact on accuracy"; Q8_0 adds about 0.001 perplexity in llama.cpp's quantize table) and leaves half of
# 16-bit's memory to everyone's caches, which is how such a box is set up.
SERVING_MAX_BPW = 8.5


def _serving_level(est: Estimates, e: Entities, s: EstimateSettings) -> EstimateSettings:
    """The level for several people: the one-stream level, or the engine's 8-bit one when that is wider."""
    if (e.users or 0) < 2 or (s.quant is not None and quant(s.quant).bpw <= SERVING_MAX_BPW):
        return s
    c = est.profiles.engine_constants()
    engine = c.engines.get(s.engine or c.default_engine)
    ladder = engine_levels(c, engine, ()) if engine is not None else ()
    narrow = [q.name for q in ladder if q.bpw <= SERVING_MAX_BPW] if ladder else ["Q8_0"]
    return replace(s, quant=narrow[0]) if narrow else s


def _users(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    ask = Ask(users=e.users or 1, backend=e.backend, target=e.target_tok_s)
    wide = _at_verdict_level(est, e, s)
    s = wide if s.quant is not None else _serving_level(est, e, wide)
    facts, row = _rated_row(est, e, s, ask)
    if s is not wide and (row is None or row.get("per_user_tok_s") is None):
        s = wide  # the engine does not run its 8-bit format on this card: the one-stream level
        facts, row = _rated_row(est, e, s, ask)
    most = "users_at_target" if e.target_tok_s else "users_at_reading_speed"  # "how many at 20 tok/s each"
    if e.users is None and row is not None and (row.get(most) or 0) > 1:
        # "how many people can it serve": the figures at that many users
        facts, row = _rated_row(est, e, s, replace(ask, users=row[most]))
    facts.update(row=row, users_said=e.users is not None)
    if e.users and e.users > 1 and row is not None and row.get("per_user_tok_s"):
        facts["ttft"] = _first_token(est, e, s)
    if s.engine == "ollama" and e.users and row is not None and row.get("per_user_tok_s"):
        queue = _ollama_default(est, e, s, ask)
        if queue is not None:
            facts["ollama_default"] = queue
    if s.engine == "ollama" and e.users and e.users > 1 and row is not None and row.get("per_user_tok_s"):
        # "OLLAMA_NUM_PARALLEL, does it do?": the figures at the usual slot counts, each slot with its own num_ctx
        slots = ollama_slots(e.users, s.context, lambda n: _rated_row(est, e, s, replace(ask, users=n))[1])
        if slots is not None:
            facts["ollama_slots"] = slots
    if e.users and row is not None and row.get("per_user_tok_s") and not row.get("users_fit"):
        facts["pool"] = _pool_full(est, e, s, ask, row)
    if facts.get("picked") and e.setup is None and e.users and e.users > 1:
        # "a server for 30 people, which GPUs?": the fewest of each usual serving card that does it
        facts["needed"] = sizing.needed(est, e, s, e.users, lambda e2, s2: _setup_row(est, e2, s2, e.users or 1))
        four = _four_bit_box(est, e, s, facts["needed"])
        if four is not None:
            facts["needed_four_bit"] = four
    elif _short(e, row):
        # "how many H100s for 30 people": one of the named card falls short, so the fewest of it that do
        assert e.card is not None and e.users is not None
        facts["needed_same"] = sizing.needed(est, e, s, e.users, lambda e2, s2: _setup_row(est, e2, s2, e.users or 1),
                                             (e.card.name,))
    return Built(facts, sources={"gpus"})


def _ollama_default(est: Estimates, e: Entities, s: EstimateSettings, ask: Ask) -> dict[str, Any] | None:
    """Ollama as installed, with more people than its default slots (`default_parallel` in engine_constants.json):
    that many are answered at once, the rest wait in its queue, so with everyone asking together each gets the
    total over the number of people on average. None when the people fit the default slots."""
    slots = est.profiles.engine_constants().engines["ollama"].default_parallel
    users = e.users or 1
    if slots is None or users <= slots:
        return None
    row = _rated_row(est, e, s, replace(ask, users=slots))[1]
    if row is None or not row.get("per_user_tok_s") or not row.get("total_tok_s"):
        return None
    each = row["total_tok_s"] / users
    scale = each / row["per_user_tok_s"]
    return {"slots": slots, "users": users, "waiting": users - slots, "slot_tok_s": row["per_user_tok_s"],
            "total_tok_s": row["total_tok_s"], "each_tok_s": each,
            "each_tok_s_low": (row.get("per_user_tok_s_low") or each) * scale,
            "each_tok_s_high": (row.get("per_user_tok_s_high") or each) * scale}


FOUR_BIT_MAX_BPW = 5.0  # a 4-bit file (AWQ, GPTQ, Q4_K_M): the cheaper box for people on a budget


def _four_bit_box(est: Estimates, e: Entities, s: EstimateSettings,
                  needed: list[dict[str, Any]]) -> dict[str, Any] | None:
    """"A server for 20 people, the budget is not endless": the first usual serving card (the consumer one) at the
    engine's 4-bit format, when it needs fewer of that card than the 8-bit box does (None otherwise)."""
    if s.quant is None or quant(s.quant).bpw <= FOUR_BIT_MAX_BPW:
        return None
    c = est.profiles.engine_constants()
    engine = c.engines.get(s.engine or c.default_engine)
    ladder = engine_levels(c, engine, est.profile(s.profile).levels) if engine is not None else ()
    four = next((q.name for q in ladder if q.bpw <= FOUR_BIT_MAX_BPW), None)
    first = sizing.serving_cards()[0]
    if four is None:
        return None
    got = sizing.needed(est, e, replace(s, quant=four), e.users or 1,
                        lambda e2, s2: _setup_row(est, e2, s2, e.users or 1), (first,))
    eight = next((n["count"] for n in needed if n["card"] == first), sizing.MAX_COUNT + 1)
    return {**got[0], "quant": four} if got and got[0]["count"] < eight else None


def _first_token(est: Estimates, e: Entities, s: EstimateSettings) -> dict[str, Any] | None:
    """How long a newcomer's prompt (the context each person has) takes to read before the first token: the card's
    prompt speed for one prompt; a batching engine reads it in chunks between the others' steps (vLLM's chunked
    prefill), so under load it is a lower bound and the others keep writing meanwhile."""
    _, pre = _rated_row(est, e, s, Ask(prompt=s.context, backend=e.backend))
    if pre is None or not pre.get("ttft_s"):
        return None
    return {"prompt": s.context, "s": pre["ttft_s"], "s_low": pre.get("ttft_s_low"), "s_high": pre.get("ttft_s_high"),
            "prefill_tok_s": pre.get("prefill_tok_s")}


# The KV cache vLLM and SGLang store at 8 bits (`--kv-cache-dtype fp8`): about q8_0's bytes per value.
EIGHT_BIT_CACHE = "q8_0"


def _pool_full(est: Estimates, e: Entities, s: EstimateSettings, ask: Ask, row: dict[str, Any]) -> dict[str, Any]:
    """More people than the cache pool holds: an engine that batches (vLLM, SGLang, llama.cpp's --parallel)
    serves as many as their caches fit and queues the rest. The figures at that many, and what would let
    everyone in at once: an 8-bit cache, a shorter context (both in the same memory)."""
    fits = int(row.get("max_users_memory") or 0)
    out: dict[str, Any] = {"at_once": fits, "waiting": max(0, (e.users or 0) - fits)}
    if fits >= 1:
        served = _rated_row(est, e, s, replace(ask, users=fits))[1] or {}
        out.update(per_user_tok_s=served.get("per_user_tok_s"), total_tok_s=served.get("total_tok_s"))
    if s.cache_type == "f16":
        eight = _rated_row(est, e, replace(s, cache_type=EIGHT_BIT_CACHE), ask)[1] or {}
        out["eight_bit"] = {"max_users_memory": eight.get("max_users_memory"), "fits": bool(eight.get("users_fit")),
                            "per_user_tok_s": eight.get("per_user_tok_s") if eight.get("users_fit") else None}
    half = max(512, s.context // 2)
    if half < s.context:
        shorter = _rated_row(est, e, replace(s, context=half), ask)[1] or {}
        out["shorter"] = {"context": half, "max_users_memory": shorter.get("max_users_memory"),
                          "fits": bool(shorter.get("users_fit"))}
    return out


def side_users(est: Estimates, e: Entities, s: EstimateSettings, setup: Setup) -> dict[str, Any]:
    """One side of "L40S or 2x 4090 for 100 people": that setup's several-users row at the level the one
    verdict recommends there, with `served` (how many are in at once: all, or as many as the caches hold) and
    the speeds at that many (`served_per_user_tok_s`, `served_total_tok_s`); `pool` when some must wait."""
    users = e.users or 1
    e = replace(e, setup=setup, card=None)
    s = _at_verdict_level(est, e, s)
    ask = Ask(users=users, backend=e.backend, target=e.target_tok_s)
    row = _rated_row(est, e, s, ask)[1] or {}
    out: dict[str, Any] = {"label": setup.label, **{k: row.get(k) for k in (
        "quant", "per_user_tok_s", "total_tok_s", "users_fit", "max_users_memory", "users_at_reading_speed",
        "users_need_gb", "split")}}
    if not row.get("per_user_tok_s"):
        return {**out, "served": 0}
    if row.get("users_fit"):
        return {**out, "served": users, "served_per_user_tok_s": row["per_user_tok_s"],
                "served_total_tok_s": row["total_tok_s"]}
    pool = _pool_full(est, e, s, ask, row)
    return {**out, "served": pool["at_once"], "served_per_user_tok_s": pool.get("per_user_tok_s"),
            "served_total_tok_s": pool.get("total_tok_s"), "pool": pool}


def users_pick(sides: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The side to take for N people. One that has them all in at once beats one that queues some; between two
    that do, the faster for each; between two that queue, the higher total speed, which is how fast the queue
    drains (a slot or two more at once matters less)."""
    ran = [x for x in sides if x.get("served")]
    if not ran:
        return None

    def key(x: dict[str, Any]) -> tuple[bool, float]:
        return bool(x.get("users_fit")), x.get("served_total_tok_s") or 0.0

    best = max(ran, key=key)
    other = next((x for x in sides if x is not best), None)
    if other is None or not other.get("served"):
        return {"pick": best["label"], "other": other["label"] if other else None, "why": "onlyruns"}
    if best.get("users_fit") and not other.get("users_fit"):
        return {"pick": best["label"], "other": other["label"], "why": "all_in", "other_served": other["served"]}
    ratio = (best.get("served_total_tok_s") or 0) / max(other.get("served_total_tok_s") or 0, 1e-9)
    return {"pick": best["label"], "other": other["label"], "why": "faster" if ratio >= 1.1 else "either",
            "ratio": ratio}


def _short(e: Entities, row: dict[str, Any] | None) -> bool:
    """One named card (no count) asked for several people that does not give them all reading speed."""
    if e.card is None or e.setup is not None or not e.users or e.users < 2 or row is None:
        return False
    most = "users_at_target" if e.target_tok_s else "users_at_reading_speed"
    return not row.get("users_fit") or (row.get(most) or 0) < e.users


def _setup_row(est: Estimates, e: Entities, s: EstimateSettings, users: int) -> dict[str, Any] | None:
    """A setup's several-users row at the level the one verdict recommends on it."""
    ask = Ask(users=users, backend=e.backend, target=e.target_tok_s)
    return _rated_row(est, e, _at_verdict_level(est, e, s), ask)[1]


__all__ = ["prefill", "side_users", "users", "users_pick"]
