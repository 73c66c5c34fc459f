"""Several users at once: memory for N contexts and the decode speed of N parallel requests.

The serving engines people ask about (llama.cpp's server with `--parallel N`, vLLM) batch the requests
that are generating: each step computes one token for every active request, reading the weights once for
all of them. The model of it (a roofline):

    step(N)      = max( t1 · weights_read(N) / weights_read(1) + N · kv_s ,  N / pp_ctx )
    per_user(N)  = 1 / step(N)          total(N) = N / step(N)

- `t1` = the profile's single-request time per token (1 / tok_s): reading the weights (and its fixed
  per-token cost).
- `weights_read(N)`: a dense model reads the same weights whatever N. A mixture of experts reads more
  experts as the batch grows: with routing spread evenly, the experts' bytes read per step are
  E·(1 − (1 − p)^N) (E all experts' bytes, p the share one token reads); shared layers are read once.
  Only part of a MoE's one-request time grows with it: the time the weights take to stream at the cards'
  full bandwidth (bytes per token / bandwidth); the rest of `t1` (kernel launches, routing, attention,
  all-reduces, small reads that never reach full bandwidth) stays per step, so the weights' time is
  t1 · (f + (1 − f) · weights_read(N) / weights_read(1)), f = 1 − streaming / t1 (a small MoE on fast cards
  spends most of its step outside streaming, so its total grows nearly N-fold). Where the bandwidth is not
  known, f is a constant fitted on public vLLM rows (setup_constants.json).
- `kv_s` = the time to read one user's cache per step: the cache at half the context (its average fill
  over an answer) over the bandwidth at the profile's effective share (the one `t1` implies).
- `pp_ctx` = the card's prefill speed at that context (estimator/prefill.py): once the batch is big enough,
  each step is a small prefill, and tokens cost their FLOPs — the compute-bound ceiling on the total.

So the total grows about linearly while the weights dominate (bandwidth-bound), then flattens at the
prefill rate (compute-bound); the per-user speed only falls. With a prompt and an answer length given,
every step also carries the other users' prompts arriving meanwhile (prefill contention: (N − 1) ·
prompt/answer tokens at the prefill rate), as continuous batching interleaves them with the decode steps.
Memory: the weights and runtime once, plus one cache of the full context per user (llama.cpp splits `-c`
among `--parallel` slots, so give it N × the context; vLLM pages its cache the same way).
`users_at_reading_speed`: the most users that fit and each still get ≥ 10 tok/s. Pure functions; the caller
passes the profile's figures.
"""

from __future__ import annotations

import math

from msgspec import Struct

from .model import InvalidInput

MAX_USERS = 4096  # more parallel requests than any one box serves; a larger count is a typo
READING_SPEED = 10.0


class Workload(Struct, frozen=True):
    """What one card or setup does for one model at one level, for one user."""

    single_tok_s: float  # the profile's one-request decode speed
    weights_gb: float  # resident weights (GiB as the profile counts them)
    runtime_gb: float  # the runtime's own memory, once
    cache_gb: float  # one user's cache at the full context (GiB)
    usable_gb: float  # what the model may fill on this card/setup
    kv_read_s: float  # seconds to read one user's average cache per step
    prefill_tok_s: float  # compute-bound rate of tokens at this context
    expert_share: float = 0.0  # MoE: share of the bytes read per token that are experts (0: dense)
    expert_read_fraction: float = 1.0  # MoE: share of all experts' bytes one token reads
    # Prefill contention (continuous batching with chunked prefill, vLLM/SGLang/llama.cpp's server): each
    # user's next prompt is read while the others decode, so every decoded token carries prompt/answer prompt
    # tokens of compute. 0: prompts not counted (one long conversation each, prompts cached).
    prompt_per_answer: float = 0.0
    # MoE: share of the one-request step that does not grow with the experts a batch reads (launches, routing,
    # attention, the shared layers' small reads): the extra experts stream at full bandwidth, so only the rest
    # of the step scales with the union of experts read (setup_constants.json `moe_batch`, public vLLM rows).
    moe_fixed_share: float = 0.0
    # MoE: seconds of the one-request step that stream the weights at the memory's full bandwidth (bytes read per
    # token over the cards' bandwidth). Known, it replaces the constant above: only that part of the step grows
    # with the experts a batch reads; the rest (launches, routing, all-reduces, small reads) stays per step.
    # 0: unknown (the constant share stands).
    stream_s: float = 0.0


class Concurrency(Struct, frozen=True):
    users: int
    per_user_tok_s: float
    total_tok_s: float
    need_gb: float  # weights + runtime + one cache per user
    cache_gb_per_user: float
    fits: bool
    max_users_memory: int  # the most users whose caches fit
    users_at_reading_speed: int  # the most users that fit with ≥ 10 tok/s each (0: not even one)
    bound: str  # bandwidth | compute (what sets the step time at this N)
    compute_ceiling_tok_s: float  # the total speed no batch exceeds


def check_users(n: int) -> int:
    if n < 1:
        raise InvalidInput("the number of users must be at least one")
    if n > MAX_USERS:
        raise InvalidInput(f"{n} users at once is beyond one machine (limit {MAX_USERS})")
    return n


def read_growth(w: Workload, users: int) -> float:
    """Bytes read per step with `users` requests over the bytes one request reads (1 for dense)."""
    if w.expert_share <= 0 or users == 1:
        return 1.0
    p = min(1.0, max(w.expert_read_fraction, 1e-9))
    experts_all = w.expert_share / p  # all experts' bytes, in units of one token's read bytes
    return (1 - w.expert_share) + experts_all * (1 - (1 - p) ** users)


def read_scale(w: Workload, users: int) -> float:
    """The weights' part of a step at `users` requests over one request's step (≥ 1, so the per-user speed
    never beats one request's): the fixed share stays, the rest grows with the bytes read."""
    if w.expert_share <= 0:
        return 1.0
    f = max(w.moe_fixed_share, 1 - min(1.0, w.stream_s * w.single_tok_s)) if w.stream_s > 0 else w.moe_fixed_share
    f = min(1.0, max(f, 0.0))
    return f + (1 - f) * read_growth(w, users)


def step_seconds(w: Workload, users: int) -> tuple[float, str]:
    memory = read_scale(w, users) / w.single_tok_s + users * w.kv_read_s
    compute = users / w.prefill_tok_s
    # the other users' prompts, read between this user's decode steps (its own came before its answer)
    contention = (users - 1) * w.prompt_per_answer / w.prefill_tok_s
    return (memory + contention, "bandwidth") if memory >= compute else (compute + contention, "compute")


def max_users_memory(w: Workload) -> int:
    room = w.usable_gb - w.weights_gb - w.runtime_gb
    if room < w.cache_gb:
        return 0
    return min(MAX_USERS, int(room // w.cache_gb)) if w.cache_gb > 0 else MAX_USERS


def context_per_user(w: Workload, users: int, context: int) -> int:
    """The longest context each of `users` people can have at once: the memory left after the weights and the
    runtime, split evenly, over one token's cache (`w.cache_gb` is one user's cache at `context` tokens)."""
    check_users(users)
    room = w.usable_gb - w.weights_gb - w.runtime_gb
    if room <= 0 or w.cache_gb <= 0 or context <= 0:
        return 0
    return int(room / users / (w.cache_gb / context))


def users_at_reading_speed(w: Workload, reading_speed: float = READING_SPEED) -> int:
    """The most users that fit in memory and still read at `reading_speed` each (per-user speed only
    falls with N, so a bisection over 1…max finds it)."""
    top = max_users_memory(w)
    lo, hi = 0, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if 1 / step_seconds(w, mid)[0] >= reading_speed:
            lo = mid
        else:
            hi = mid - 1
    return lo


class DailyLoad(Struct, frozen=True):
    """The assumptions that turn a daily count into requests at once (estimator/data/daily_load.json)."""

    requests_per_person: float  # requests one person sends in a day
    busy_hour_share: float  # share of the day's requests that arrive in its busiest hour
    request_seconds: float  # how long one request keeps a slot busy (its prompt, then its answer)
    percentile: float  # the burst answered for: this share of moments has no more requests at once

    def __post_init__(self) -> None:
        if not (self.requests_per_person > 0 and 0 < self.busy_hour_share <= 1 and self.request_seconds > 0
                and 0.5 <= self.percentile < 1):
            raise ValueError("daily load: a figure out of range")


class AtOnce(Struct, frozen=True):
    requests_per_day: float
    busy_hour: float  # requests arriving in the busiest hour
    mean: float  # requests in flight on average in that hour (Little's law: arrivals per second × seconds each)
    peak: int  # requests in flight at the burst percentile (Poisson arrivals)


def _poisson_quantile(mean: float, share: float) -> int:
    """The smallest k with P(X ≤ k) ≥ share for X ~ Poisson(mean)."""
    term = total = math.exp(-mean)
    k = 0
    while total < share and k < MAX_USERS:
        k += 1
        term *= mean / k
        total += term
    return k


def at_once_from_daily(count: int, load: DailyLoad, requests: bool = False) -> AtOnce:
    """A daily count of people (or of requests) as requests in flight at once in the busiest hour: Little's law
    L = λ·W (λ the busiest hour's arrivals per second, W the seconds one request takes) gives the mean; with
    requests arriving independently (Poisson), the `percentile` of that hour's moments has at most `peak` at
    once. Never fewer than one."""
    if count < 1:
        raise InvalidInput("a daily count must be at least one")
    per_day = count * (1 if requests else load.requests_per_person)
    busy = per_day * load.busy_hour_share
    mean = busy * load.request_seconds / 3600
    return AtOnce(per_day, busy, mean, min(MAX_USERS, max(1, _poisson_quantile(mean, load.percentile))))


def concurrency(w: Workload, users: int) -> Concurrency:
    check_users(users)
    step, bound = step_seconds(w, users)
    need = w.weights_gb + w.runtime_gb + users * w.cache_gb
    return Concurrency(users, 1 / step, users / step, need, w.cache_gb, need <= w.usable_gb, max_users_memory(w),
                       users_at_reading_speed(w), bound, w.prefill_tok_s)


__all__ = ["AtOnce", "Concurrency", "DailyLoad", "MAX_USERS", "READING_SPEED", "Workload", "at_once_from_daily",
           "check_users", "concurrency", "max_users_memory", "read_growth", "read_scale", "step_seconds",
           "users_at_reading_speed"]
