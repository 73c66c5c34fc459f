"""Two engines or two weight formats weighed for one model on one machine ("vllm or llama.cpp for qwen3 32b on
2x3090?", "mlx vs gguf on m4 max", "exl2 4bpw vs q4_k_m on a 3090", "awq or gguf"): each side answered as if
asked alone (its engine, its level or format), then one verdict. The sides come from the reader
(answers/reading/engine_versus_words.py); the text from answers/rendering/engine_versus_text.py.

`engine_versus` in the facts (and `--json`): `sides` (engine, engine_label, quant, tok_s, tok_s_low, tok_s_high,
need_gb, runs, reason, users), `verdict` ("faster", "same", "only", "neither"), `winner` (0 or 1, or None) and
`ratio` (the faster side's speed over the slower's); `loser` (the side the winner is set against). With three sides
or more ("exl3 vs gguf vs awq"), `among` (how many), and `best`, `runner` (the pick and the best of the rest)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.choice import SPEED_EDGE, between_engines
from answers.records.asked import Asked
from estimator.formats import family_of
from estimator.quants import UnknownQuant, quant

# The answers that give one speed on one machine: the only ones a side can be weighed in. "mlx or gguf on an m4
# max" reads as a download question ("gguf"); with hardware named it is weighed as a fit all the same.
INTENTS = frozenset({"can_run", "speed", "users", "prefill", "compare"})
AS_FIT = frozenset({"download"})


def side_intent(answered: str, asked: Asked) -> str | None:
    """The intent each side is asked under, or None when the question is not one to weigh (two sides that are
    one: "q4_k_m … vulkan or rocm on llama.cpp" names llama.cpp twice, at the one level)."""
    if asked.versus is not None:
        (ea, qa), (eb, qb) = matched(asked.versus)
        if (ea or "llama.cpp", qa) == (eb or "llama.cpp", qb):
            return None
    if answered in INTENTS:
        return answered
    hardware = asked.card or asked.setup or asked.memory_gb or asked.device
    if answered == "longest_context" and hardware:
        # "mlx or gguf, which is faster, and how much context fits?": the sides weighed by speed, each with its
        # context line (side_asks leaves the context ask to answers/facts/also.py)
        return "speed"
    return "can_run" if answered in AS_FIT and hardware else None
# Front ends of one runtime: two of them differ only by the level each picks by default.
LLAMA_CPP_FAMILY = frozenset({"llama.cpp", "ollama", "lm-studio"})


# The file people take of a number of bits, per runtime: a side named without a level is weighed at the same
# bits as the other ("mlx 4bit vs gguf": GGUF at 4 bits, never its default Q8_0 against MLX's 4 bits).
GGUF_BY_BITS = {2: "Q2_K", 3: "Q3_K_M", 4: "Q4_K_M", 5: "Q5_K_M", 6: "Q6_K", 8: "Q8_0", 16: "BF16"}
MLX_BY_BITS = {4: "MLX-4bit", 8: "MLX-8bit"}
# a serving engine's usual file for a GGUF level's bits ("llama.cpp q6 or vllm?"): 4-bit AWQ up to 4 bits, FP8 from 5
# (the smallest of its files that keeps at least the level's precision), BF16 for 16
SERVING_BY_BITS = {2: "AWQ", 3: "AWQ", 4: "AWQ", 5: "FP8", 6: "FP8", 8: "FP8", 16: "BF16"}
Side = tuple[str | None, str | None]


def _same_bits(level: str, engine: str | None) -> str | None:
    """`engine`'s usual file of about `level`'s bits per weight, or None when it has none (or the level is unknown)."""
    try:
        bits = int(quant(level).bpw + 0.01)
    except UnknownQuant:
        return None
    if engine == "mlx":
        return MLX_BY_BITS.get(bits)
    if engine in SERVING:
        return SERVING_BY_BITS.get(bits)
    if (engine is None or engine in LLAMA_CPP_FAMILY) and family_of(quant(level)) == "mxfp4":
        return level  # gpt-oss's MXFP4 is a GGUF of llama.cpp's own, not rounded again to Q4_K_M
    return GGUF_BY_BITS.get(bits) if engine is None or engine in LLAMA_CPP_FAMILY else None


def _own_file(level: str | None, engine: str | None) -> str | None:
    """`level` when `engine` reads files of its family, else that engine's file of the same bits where it has one
    (llama.cpp and its front ends read GGUF, MLX its own); other engines keep the level (their checks decide)."""
    if level is None or engine is None:
        return level  # a file named with no engine runs on its own (MLX-8bit on MLX)
    try:
        family = family_of(quant(level))
    except UnknownQuant:
        return level
    gguf_side = engine in LLAMA_CPP_FAMILY
    if (gguf_side and family not in ("gguf", "bf16", "mxfp4")) or (engine == "mlx" and family != "mlx") \
            or (engine in SERVING and family == "gguf"):
        return _same_bits(level, engine) or level
    return level


def matched(versus: tuple[Side, Side]) -> tuple[Side, Side]:
    """The two sides, the one named without a level given the other's bits in its own files; a level said of a
    side whose engine has no such file ("mlx vs gguf, q4"; "vllm vs llama.cpp, awq") becomes that engine's file of
    the same bits (MLX-4bit; Q4_K_M), never a refusal of a file nobody would run there."""
    (ea, qa), (eb, qb) = versus
    if qa is None and qb is not None:
        qa = _same_bits(qb, ea)
    elif qb is None and qa is not None:
        qb = _same_bits(qa, eb)
    return (ea, _own_file(qa, ea)), (eb, _own_file(qb, eb))



# "many parallel requests" with no number: serving engines are weighed at a batch this size, the size their
# public throughput comparisons start at (vLLM's and SGLang's benchmark scripts sweep 1 to 256 requests at once);
# the answer says "each for 32 people", so the number is never hidden.
MANY_USERS = 32
SERVING = frozenset({"vllm", "sglang", "tensorrt-llm"})
# engines that keep the whole model in graphics memory (no layers or experts left in system RAM to run there)
NO_OFFLOAD = SERVING | {"exllamav2", "exllamav3"}


# On a Mac, LM Studio runs a model's MLX files (its MLX engine), which is what people compare with ollama there.
MAC_ENGINE = {"lm-studio": "mlx"}
MAC_LABEL = {"lm-studio": "LM Studio (MLX)"}
# The MLX file weighed against ollama's default Q4_K_M: the same 4 bits.
MAC_FIRST_LEVEL = "MLX-4bit"


def on_mac(versus: tuple[Side, Side], apple: bool) -> tuple[Side, Side]:
    """The sides as they run on a Mac: LM Studio named without a GGUF level runs MLX (at the other side's bits)."""
    if not apple:
        return versus
    out = [(MAC_ENGINE.get(e or "", e), q) if q is None or q.startswith("MLX") else (e, q) for e, q in versus]
    # neither side gave a level: MLX at 4 bits against the other's default 4-bit GGUF, never its 8-bit default
    out = [(e, MAC_FIRST_LEVEL) if e == "mlx" and e != o and q is None and versus[i][1] is None
           and versus[1 - i][1] is None else (e, q) for i, ((e, q), o) in enumerate(zip(out, (v[0] for v in versus),
                                                                                     strict=True))]
    return out[0], out[1]


def _every(asked: Asked, apple: bool) -> list[Side]:
    """Every side as it is weighed: the pair matched (each given the other's bits where it names none), then the
    sides named beyond it ("exl3 vs gguf vs awq"), each in its engine's own file of the first side's bits."""
    assert asked.versus is not None
    versus = asked.versus
    if asked.quant and all(q is None for _, q in versus):  # "qwen3 32b q4: mlx or llama.cpp?": both at 4 bits
        versus = ((versus[0][0], asked.quant), (versus[1][0], asked.quant))
    pair = list(matched(on_mac(versus, apple)))
    bits = next((q for _, q in pair if q is not None), asked.quant)
    more = [matched(((e, q), (None, bits)))[0] if bits else (e, q) for e, q in asked.versus_more]
    return pair + [on_mac((m, m), apple)[0] for m in more]


def side_asks(asked: Asked, apple: bool = False) -> list[Asked]:
    """The question asked once per side: that side's engine and level or format, nothing of the other's; "for many
    parallel requests" between serving engines, at MANY_USERS at once; on a Mac (`apple`) LM Studio as MLX."""
    assert asked.versus is not None
    users = asked.users
    engines = [e for e, _ in (*asked.versus, *asked.versus_more)]
    if users is None and "many_users" in asked.also and any(e in SERVING for e in engines):
        users = MANY_USERS
    # the weighing answers the sides only: a context ask beside it ("and how much context before it swaps?") is each
    # side's context line (answers/facts/also.py), not a part of its own the weighing would drop
    intents = tuple(i for i in asked.intents if i != "longest_context")
    return [replace(asked, engine=engine, quant=level, quant_format=None, quants=(level,) if level else (),
                    versus=None, versus_more=(), more_models=(), more_sizes=(), users=users, intents=intents)
            for engine, level in _every(asked, apple)]  # further models get their own parts after the verdict


def mac_labels(asked: Asked, apple: bool) -> list[str | None]:
    """Each side's label where on_mac changed its engine ("LM Studio (MLX)"), else None."""
    assert asked.versus is not None
    named = [*asked.versus, *asked.versus_more]
    weighed_as = [*on_mac(asked.versus, apple), *[on_mac((s, s), apple)[0] for s in asked.versus_more]]
    return [MAC_LABEL.get(e or "") if apple and (e, q) != m else None
            for (e, q), m in zip(named, weighed_as, strict=True)]


def side(facts: dict[str, Any], several: bool = True) -> dict[str, Any] | None:
    """One side's figures from its answer's facts; None when the answer gives no speed on one machine. With
    `several`, a side one card cannot hold is weighed on the fewest cards that hold it (_on_several)."""
    row = facts.get("row")
    if not isinstance(row, dict) or "need_gb" not in row:
        return None
    if several:
        row = _on_several(row, facts.get("several_cards"))
    elif row.get("fit") == "no" and isinstance(more := facts.get("several_cards"), dict) and more.get("need_gb"):
        row = {**row, "need_gb": more["need_gb"], "quant": more.get("quant")}  # the level asked, not a lower one
    row, cache = _by_route(row, facts.get("prompt_routes"))
    check = facts.get("engine_check") or {}
    per_user = row.get("per_user_tok_s")
    tok = per_user if per_user is not None else row.get("tok_s")
    runs = tok is not None and row.get("fit") not in (None, "no") and check.get("runs", True)
    # nothing fits though the memory would hold it: the engine does not run on that hardware (MLX on a GeForce)
    roomy = row.get("need_gb") is not None and (row.get("usable_gb") or row.get("memory_gb") or 0) >= row["need_gb"]
    # the engine runs the format on that card (its check says so) and the row does not fit: memory is the reason,
    # said with the need ("vLLM at FP8 does not fit: 30.3 GB"), never "cannot run FP8" on a card that runs FP8
    short = check.get("runs") is True and row.get("fit") == "no"
    reason = None if runs else check.get("reason") or ("fit" if short else "engine_hardware"
                                                      if roomy and not facts.get("engine_levels")
                                                      or roomy and tok is None else "fit")
    if runs and row.get("fit") == "offload" and facts.get("engine") in NO_OFFLOAD:
        # vLLM, SGLang, ExLlama keep the whole model on the cards: vLLM's --cpu-offload-gb copies the rest over the
        # bus on every forward pass, so a model that spills is llama.cpp's (experts in RAM), never a speed here
        runs, reason = False, "offload"
    suffix = "per_user_tok_s" if per_user is not None else "tok_s"
    queue = facts.get("ollama_default")
    if isinstance(queue, dict) and per_user is not None:
        # Ollama as installed answers its default slots at once and queues the rest: each person's share on
        # average, never the whole group batched together (which only OLLAMA_NUM_PARALLEL raised to it does)
        row = {**row, "per_user_tok_s_low": queue["each_tok_s_low"], "per_user_tok_s_high": queue["each_tok_s_high"]}
        tok = queue["each_tok_s"]
    return {
        "engine": facts.get("engine") or "llama.cpp", "engine_label": facts.get("engine_label") or "llama.cpp",
        "quant": row.get("quant") or check.get("quant") or next(iter(facts.get("engine_levels") or []), None),
        "tok_s": tok if runs else None, "tok_s_low": row.get(f"{suffix}_low") if runs else None,
        "tok_s_high": row.get(f"{suffix}_high") if runs else None, "need_gb": row.get("need_gb"),
        "runs": bool(runs), "reason": reason,
        **({"default_slots": queue["slots"]} if isinstance(queue, dict) and per_user is not None else {}),
        "users": row.get("users") if per_user is not None else None, "card": row.get("card"),
        # several people: the tokens all of them get each second together (the throughput a server is weighed by)
        "total_tok_s": row.get("total_tok_s") if per_user is not None and runs and not queue else None,
        # several people: the weights and all their caches, the memory the figure for them needs
        "users_need_gb": row.get("users_need_gb") if per_user is not None else None,
        **_prompt(row if runs else {}),
        **({"cache_type": cache} if cache and runs else {}),
    }


def _by_route(row: dict[str, Any], routes: Any) -> tuple[dict[str, Any], str | None]:
    """A side that does not hold the prompt as asked but does with an 8-bit conversation cache (its own answer's
    first route, answers/facts/when_short.py) is weighed that way, with the cache type said: "vLLM at AWQ with an
    8-bit cache", never "vLLM at BF16 does not fit" when the engine's own smaller format runs."""
    if row.get("fit") != "no" or not isinstance(routes, list):
        return row, None
    for r in routes:
        if isinstance(r, dict) and r.get("way") == "cache" and isinstance(r.get("row"), dict) \
                and r["row"].get("fit") not in (None, "no") and r["row"].get("tok_s") is not None:
            return r["row"], r.get("cache_type")
    return row, None


def _prompt(row: dict[str, Any]) -> dict[str, Any]:
    """The side's prompt reading ("30k prompt: vLLM vs llama.cpp"), when the question gave a prompt: each side's
    own rate and wait, so the two prefill times stand side by side."""
    keys = ("prompt_tokens", "prefill_tok_s", "prefill_tok_s_low", "prefill_tok_s_high", "ttft_s")
    return {k: row.get(k) for k in keys} if row.get("prefill_tok_s") else {}


def _on_one(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each side as it does on the one card asked: its own row, never the fewest cards that hold it."""
    return [{"card": (f.get("row") or {}).get("card") if (f.get("row") or {}).get("fit") not in (None, "no")
             else None} for f in facts]


def _on_several(row: dict[str, Any], several: Any) -> dict[str, Any]:
    """A model one card cannot hold ("glm-4.6 fp8 on h100: vllm or sglang?") is weighed on the fewest of that card
    that hold it at the level asked (facts.several_cards: an H100 node is how such a model is served), never as
    "does not fit" with the need of another level."""
    if row.get("fit") != "no" or not isinstance(several, dict) or several.get("outcome") != "runs":
        return row
    keys = ("need_gb", "quant", "fit", "tok_s", "tok_s_low", "tok_s_high")
    return {**row, **{k: several.get(k) for k in keys}, "card": f"{several['count']}× {several['card']}",
            "memory_gb": (row.get("memory_gb") or 0) * several["count"], "usable_gb": None}


# MLX against llama.cpp at the same bits on one Mac: both estimates share the machine's memory figure, so their
# ratio is the engines' own difference (MLX about 1.1-1.3x, answers/knowledge/side_notes.json "mlx_ollama"), not
# the estimates' spread; only a smaller gap than this is called the same.
ENGINE_ONLY_WITHIN = 1.05


def same_within(a: dict[str, Any], b: dict[str, Any]) -> float:
    """The ratio under which two sides are called the same speed: SPEED_EDGE, or ENGINE_ONLY_WITHIN for MLX
    against a GGUF of the same bits."""
    engines = {a.get("engine"), b.get("engine")}
    if "mlx" not in engines or not engines & LLAMA_CPP_FAMILY or not (a.get("quant") and b.get("quant")):
        return SPEED_EDGE
    try:
        bits = {int(quant(s["quant"]).bpw + 0.01) for s in (a, b)}
    except UnknownQuant:
        return SPEED_EDGE
    return ENGINE_ONLY_WITHIN if len(bits) == 1 else SPEED_EDGE


def verdict(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The pick between two sides (answers/facts/choice.py between_engines), at this pair's edge."""
    return between_engines(a, b, same_within(a, b))


def weighed(facts: list[dict[str, Any]]) -> dict[str, Any] | None:
    """`engine_versus` from the sides' facts (two, or more: "exl3 vs gguf vs awq"), or None when a side gives no
    speed on one machine. With three sides or more, `among` says how many, and the verdict sets the pick against
    the best of the rest (`winner` and `loser` index `sides`)."""
    found = [side(f) for f in facts]
    sides = [s for s in found if s is not None]
    if len(found) < 2 or len(sides) != len(found):
        return None
    if any(s["card"] == one["card"] for s, one in zip(sides, _on_one(facts), strict=True)):
        # one side runs on the card asked: the other is weighed there too, and does not fit if it needs more
        # cards ("awq or fp8 for a 32b on a 4090": FP8's 33 GB is no choice on 24 GB, not a tie on two cards)
        sides = [s for s in (side(f, several=False) for f in facts) if s is not None]
    one_runtime = (len(sides) == 2 and all(s["engine"] in LLAMA_CPP_FAMILY for s in sides)
                   and sides[0]["quant"] != sides[1]["quant"])
    if len(sides) == 2:
        v = verdict(sides[0], sides[1])
        loser = None if v["winner"] is None else 1 - v["winner"]
        return {"sides": sides, **v, "loser": loser, "same_runtime": one_runtime}
    return {"sides": sides, **among(sides), "same_runtime": False}


def among(sides: list[dict[str, Any]]) -> dict[str, Any]:
    """Three sides or more: the one that beats each other in turn (verdict), set against the best of the rest;
    "only" when it alone runs, "neither" when none does."""
    def better(i: int, j: int) -> bool:
        v = verdict(sides[i], sides[j])
        return v["winner"] == 1 or (v["winner"] is None and (sides[j]["tok_s"] or 0) > (sides[i]["tok_s"] or 0))

    best = 0
    for k in range(1, len(sides)):
        best = k if better(best, k) else best
    rest = [k for k in range(len(sides)) if k != best]
    runner = rest[0]
    for k in rest[1:]:
        runner = k if better(runner, k) else runner
    v = verdict(sides[best], sides[runner])
    out = {**v, "among": len(sides), "winner": None, "loser": None, "best": best, "runner": runner}
    if v["winner"] is not None:
        out.update(winner=best, loser=runner)
    return out
