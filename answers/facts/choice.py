"""Which of two to take: the one line that answers "which is better", "X or Y", "is it worth it" after the
figures of both sides (answers/facts/versus.py, answers/facts/compare.py). Pure functions over the sides'
facts; the template `_choice.md.j2` writes the line.

The rules, in order (the first that separates the two decides):

Two models on the same hardware:
1. **Runs well** (held at the usual quality and at reading speed, `READING_SPEED_TOK_S`): a model that
   does beats one that does not (`onlyruns`). Neither: no pick (`neither`).
2. **Made for the use asked** ("for coding", "per la matematica"): a model made for it (its name or its
   maker says so: `advice.specialist`) beats a general one (`madefor`).
3. **Capability and speed**: `advice.capability_score` (log2 of the effective size plus recency; one point is
   twice the parameters). Within `CAPABILITY_EDGE` the two are peers: the faster wins when it is faster by
   `SPEED_EDGE` or more (`faster`), else the newer (`newer`), else either (`either`). Beyond it, the more
   capable wins when it is not much slower (`capable`); when the lesser is `SPEED_EDGE`× faster or more,
   both are named: one for the answers, the other for speed (`trade`).

Two cards or setups:
1. With a model: a side that runs it well beats one that does not (`onlyruns`); both: the faster by
   `SPEED_EDGE` (`faster`), else the one at the less compressed level (`level`), else the cheaper at
   launch where both prices are known (`cheaper`), else either (`either`). The ratio is the one at the level
   both hold when their levels differ. Neither at the usual quality but both below it: the faster there
   (`lowfaster`). A faster pick that costs more carries `value` (its tok/s per launch dollar over the other's).
2. Without a model: the side that holds the larger of the sizes tried at the usual quality (`memory`: for
   language models memory decides which models run at all), else the faster at the largest size both hold
   (`faster`), else the cheaper, else either. A faster pick over a side with `ROOM_EDGE`× its memory names it.
3. Three sides or more: the side that beats each other in turn, set against the next fastest of the rest.

Two engines or formats for one model on one machine (`between_engines`): the side that runs beats one that
does not (`only`); both: the faster by `SPEED_EDGE` (`faster`), else the same speed (`same`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from answers.facts.advice import capability_score, specialist
from catalog.records import ModelRecord
from estimator.profile import READING_SPEED_TOK_S
from estimator.quants import quant

SPEED_EDGE = 1.15  # below this two speeds are the same to a reader (runs of one setup spread about as much)
ROOM_EDGE = 1.3  # this much more memory holds a larger class of models (24 → 32 GB: a 32B at Q6_K rather than IQ3_M)
CAPABILITY_EDGE = 1.0  # one capability point: twice the effective parameters, or one year newer


def _held(side: dict[str, Any]) -> bool:
    return bool(side.get("quant"))


def runs_well(side: dict[str, Any]) -> bool:
    """Held at the usual quality and at reading speed (or with no speed known, held)."""
    tok = side.get("tok_s")
    return _held(side) and (tok is None or tok >= READING_SPEED_TOK_S)


def _ratio(a: dict[str, Any], b: dict[str, Any]) -> float | None:
    ta, tb = a.get("tok_s"), b.get("tok_s")
    return ta / tb if ta and tb else None


def _pick(why: str, names: Sequence[str], first: bool, **more: Any) -> dict[str, Any]:
    """The choice's facts: the pick and the other by name, why, and the figures the line quotes."""
    pick, other = (names[0], names[1]) if first else (names[1], names[0])
    return {"why": why, "pick": pick, "other": other, **more}


def _job(facts: dict[str, Any]) -> dict[str, Any]:
    """The picture or clip a side was timed on: two video models have different usual sizes and lengths (LTX-Video
    768x512, HunyuanVideo 1280x720), and a ratio between unlike clips must say so."""
    job = facts.get("assumed") or {}
    return {"resolution": job.get("resolution"), "frames": job.get("frames"), "steps": job.get("steps")}


def _only(a: dict[str, Any], b: dict[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    good = (runs_well(a), runs_well(b))
    if good == (False, False):
        return {"why": "neither", "pick": None, "other": None}
    if good[0] != good[1]:
        return _pick("onlyruns", names, good[0])
    return None


def between_models(a: dict[str, Any], b: dict[str, Any], recs: Sequence[ModelRecord],
                   task: str | None) -> dict[str, Any]:
    """Two models on one piece of hardware (rows as versus.py builds them, each with "model")."""
    names = (a["model"], b["model"])
    decided = _only(a, b, names)
    if decided is not None and decided["why"] == "neither":
        return _below_reading(a, b, names) or decided
    if decided is not None:
        return decided
    made = (specialist(recs[0], task), specialist(recs[1], task))
    if made[0] != made[1]:
        return _pick("madefor", names, made[0], task=task)
    ratio = _ratio(a, b) or 1.0
    gap = capability_score(recs[0]) - capability_score(recs[1])
    if abs(gap) < CAPABILITY_EDGE:
        if max(ratio, 1 / ratio) >= SPEED_EDGE:
            return _pick("faster", names, ratio >= 1, ratio=max(ratio, 1 / ratio))
        dates = (recs[0].publication_date, recs[1].publication_date)
        if dates[0] and dates[1] and dates[0] != dates[1]:
            return _pick("newer", names, dates[0] > dates[1])
        return {"why": "either", "pick": None, "other": None}
    capable_first = gap > 0
    speed_of_capable = ratio if capable_first else 1 / ratio
    if 1 / speed_of_capable >= SPEED_EDGE:  # the lesser one is clearly faster: name both
        return _pick("trade", names, capable_first, ratio=1 / speed_of_capable)
    return _pick("capable", names, capable_first)


def _below_reading(a: dict[str, Any], b: dict[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """Neither at reading speed (a phone, a small board): the one held, else the faster of the two held."""
    held = (_held(a), _held(b))
    if held[0] != held[1]:
        return _pick("onlyholds", names, held[0])
    ratio = _ratio(a, b)
    if held == (True, True) and ratio and max(ratio, 1 / ratio) >= SPEED_EDGE:
        return _pick("slowfaster", names, ratio >= 1, ratio=max(ratio, 1 / ratio))
    return None


def _lower_only(a: dict[str, Any], b: dict[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """Neither holds it at the usual quality, both below it ("GLM-4.6 on 96 GB: IQ2_XXS only"): still a pick, the
    faster at that lower level (`lowfaster`), or the one that holds it there at all; the line adds the way to the
    usual quality (system RAM for what does not fit). None when neither holds it even so."""
    la, lb = a.get("lower") or {}, b.get("lower") or {}
    ta, tb = la.get("tok_s"), lb.get("tok_s")
    if not (ta or tb):
        return None
    if not (ta and tb):
        return _pick("lowfaster", names, bool(ta), quant=(la or lb).get("quant"), ratio=None)
    ratio = ta / tb
    return _pick("lowfaster", names, ratio >= 1, quant=la.get("quant") if ratio >= 1 else lb.get("quant"),
                 ratio=max(ratio, 1 / ratio) if max(ratio, 1 / ratio) >= SPEED_EDGE else None)


def _price(side: dict[str, Any]) -> float | None:
    p = side.get("launch_price_usd")
    return float(p) if p else None


def _prices_of(first: bool, prices: Sequence[float | None], ratio: float | None = None) -> dict[str, Any]:
    """The pick's and the other's launch prices, when both are known: a faster card that costs more says so.
    With the speed ratio, `value`: the pick's tok/s per dollar over the other's ("perf/price", "per $"): above
    1 the pick is also the better buy, below it the other gives more speed for the money."""
    pa, pb = prices
    if not (pa and pb):
        return {}
    got = {"price": pa, "other_price": pb} if first else {"price": pb, "other_price": pa}
    if ratio:
        got["value"] = ratio * got["other_price"] / got["price"]
    return got


def _by_price(names: Sequence[str], prices: Sequence[float | None]) -> dict[str, Any]:
    pa, pb = prices
    if pa and pb and abs(pa - pb) / max(pa, pb) >= 0.1:
        return _pick("cheaper", names, pa < pb, price=min(pa, pb), other_price=max(pa, pb))
    return {"why": "either", "pick": None, "other": None}


def between_hardware(a: dict[str, Any], b: dict[str, Any], names: Sequence[str],
                     prices: Sequence[float | None] = (None, None),
                     same: dict[str, Any] | None = None) -> dict[str, Any]:
    """Two cards or setups for one model (rows at the level each is recommended at alone). `same`: both rated at
    the best level both hold, when their own levels differ; the pick's ratio is then that one, like with like
    (a Q5 against a Q8 file would overstate the gap the lines above it give)."""
    decided = _only(a, b, names)
    if decided is not None:
        if decided["why"] == "neither" and (_held(a) or _held(b)):  # one holds it, slowly: still the one that can
            return _pick("onlyholds", names, _held(a))
        if decided["why"] == "neither":
            return _lower_only(a, b, names) or decided
        return decided
    ratio = (same or {}).get("ratio") or _ratio(a, b) or 1.0
    if max(ratio, 1 / ratio) >= SPEED_EDGE:
        return _pick("faster", names, ratio >= 1, ratio=max(ratio, 1 / ratio), hardware=True,
                     **_prices_of(ratio >= 1, prices, max(ratio, 1 / ratio)))
    ra, rb = quant(a["quant"]).rank, quant(b["quant"]).rank
    if ra != rb:
        return _pick("level", names, ra < rb, quant=a["quant"] if ra < rb else b["quant"])
    return _by_price(names, prices)


def between_sizes(sizes: Sequence[dict[str, Any]], names: Sequence[str],
                  prices: Sequence[float | None] = (None, None),
                  memory: Sequence[float | None] = (None, None)) -> dict[str, Any]:
    """Two cards or setups with no model: `sizes` as compare.py / versus.py build them (params_b, a, b).
    `memory`: each side's memory in GB; a faster pick with clearly less memory says what the other's buys; two
    sides as fast on every size tried, one with `ROOM_EDGE`× the other's memory: that memory is what the price buys
    (`roomsame`: "2× 5090 or one RTX PRO 6000?" are as fast on a layer split, and 96 GB holds what 64 GB cannot)."""
    return _room_same(_roomier(_between_sizes(sizes, names, prices), names, memory), names, prices, memory)


def _room_same(picked: dict[str, Any], names: Sequence[str], prices: Sequence[float | None],
               memory: Sequence[float | None]) -> dict[str, Any]:
    if picked.get("why") not in ("either", "cheaper") or len(memory) < 2 or not (memory[0] and memory[1]):
        return picked
    ma, mb = float(memory[0]), float(memory[1])
    if max(ma, mb) < ROOM_EDGE * min(ma, mb):
        return picked
    first = ma > mb
    return _pick("roomsame", names, first, memory_gb=max(ma, mb), other_memory_gb=min(ma, mb), hardware=True,
                 **_prices_of(first, prices))


def _roomier(picked: dict[str, Any], names: Sequence[str], memory: Sequence[float | None]) -> dict[str, Any]:
    """A speed pick over a side with `ROOM_EDGE`× its memory or more: "both hold the same sizes" is true only of
    the sizes tried, so the pick names the other's memory (128 GB against 48 GB holds models 48 GB cannot)."""
    if picked.get("why") != "faster" or picked.get("pick") is None:
        return picked
    mine, theirs = (memory[names.index(picked[k])] if names.index(picked[k]) < len(memory) else None
                    for k in ("pick", "other"))
    if mine and theirs and theirs >= ROOM_EDGE * mine:
        return {**picked, "memory_gb": mine, "other_memory_gb": theirs}
    return picked


def _between_sizes(sizes: Sequence[dict[str, Any]], names: Sequence[str],
                   prices: Sequence[float | None] = (None, None)) -> dict[str, Any]:
    def largest(key: str) -> float:
        return max((z["params_b"] for z in sizes if _held(z[key])), default=0.0)

    big = (largest("a"), largest("b"))
    if big[0] != big[1]:
        return _pick("memory", names, big[0] > big[1], params_b=max(big), **_prices_of(big[0] > big[1], prices))
    both = [z for z in sizes if _held(z["a"]) and _held(z["b"])]
    # a ratio is read at one level: the largest size both hold at the same level, or rated at one level both hold
    # (a Q8_0 on 96 GB against a Q6_K on 64 GB is not "1.4× faster", it is a less compressed file)
    alike = [z for z in both if z.get("same_level") or z["a"].get("quant") == z["b"].get("quant")]
    if alike:
        top = max(alike, key=lambda z: z["params_b"])
        same = top.get("same_level")
        ratio = same["ratio"] if same else _ratio(top["a"], top["b"]) or 1.0
        if max(ratio, 1 / ratio) >= SPEED_EDGE:
            return _pick("faster", names, ratio >= 1, ratio=max(ratio, 1 / ratio), params_b=top["params_b"],
                         hardware=True, **_prices_of(ratio >= 1, prices, max(ratio, 1 / ratio)))
    return _by_price(names, prices)


def _knockout(k_sides: list[int], better: Any) -> int:
    """The side left after each is weighed against the best so far (`better(i, j)`: whether j beats i)."""
    best = k_sides[0]
    for k in k_sides[1:]:
        if better(best, k):
            best = k
    return best


def _among(n: int, names: Sequence[str], pair: Any, speed: Sequence[float | None] = ()) -> dict[str, Any]:
    """Three sides or more: the one that beats each other side in turn, and the line that sets it against the
    best of the rest (`pair(i, j)` is the two-side choice), with how many sides were weighed. Two sides the
    pair rule cannot separate rank by `speed` (tok/s), so the runner-up is the next fastest, not the first
    named: the pick's ratio is then against the closest rival."""
    def fast(i: int) -> float:
        return (speed[i] if i < len(speed) else None) or 0.0

    def better(i: int, j: int) -> bool:
        picked = pair(i, j).get("pick")
        return bool(picked == names[j] or (picked is None and fast(j) > fast(i)))

    best = _knockout(list(range(n)), better)
    runner = _knockout([k for k in range(n) if k != best], better)
    return {**pair(best, runner), "among": n}


def _price_pair(prices: Sequence[float | None], i: int, j: int) -> tuple[float | None, float | None]:
    return (prices[i] if i < len(prices) else None, prices[j] if j < len(prices) else None)


def among_hardware(rows: Sequence[dict[str, Any]], names: Sequence[str],
                   prices: Sequence[float | None] = ()) -> dict[str, Any]:
    """Three cards or setups or more for one model: `between_hardware` decides each pair."""
    def pair(i: int, j: int) -> dict[str, Any]:
        return between_hardware(rows[i], rows[j], [names[i], names[j]], _price_pair(prices, i, j))

    return _among(len(rows), names, pair, [r.get("tok_s") if _held(r) else None for r in rows])


def among_sizes(sizes: Sequence[dict[str, Any]], names: Sequence[str],
                prices: Sequence[float | None] = (), memory: Sequence[float | None] = ()) -> dict[str, Any]:
    """Three cards or setups or more with no model: `between_sizes` decides each pair over the sizes tried
    (each size's `a`, `b`, then its `more`)."""
    def every(z: dict[str, Any]) -> list[dict[str, Any]]:
        return [z["a"], z["b"], *z.get("more", [])]

    def pair(i: int, j: int) -> dict[str, Any]:
        two = [{"params_b": z["params_b"], "a": every(z)[i], "b": every(z)[j],
                "same_level": z.get("same_level") if (i, j) == (0, 1) else _one_level(every(z)[i], every(z)[j])}
               for z in sizes]
        return between_sizes(two, [names[i], names[j]], _price_pair(prices, i, j), _price_pair(memory, i, j))

    return _among(len(names), names, pair)


def _one_level(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Two sides at different levels where one was also rated at the other's (`at_levels`, answers/facts/
    more_sides.py): their speeds at that one level, so a ratio never sets IQ3_M against Q6_K."""
    def at(side: dict[str, Any], level: str) -> float | None:
        if side.get("quant") == level:
            return side.get("tok_s")
        speeds = side.get("at_levels")
        return speeds.get(level) if isinstance(speeds, dict) else None

    if not (a.get("quant") and b.get("quant")) or a["quant"] == b["quant"]:
        return None
    for level in (a["quant"], b["quant"]):
        ta, tb = at(a, level), at(b, level)
        if ta and tb:
            return {"quant": level, "a_tok_s": ta, "b_tok_s": tb, "ratio": ta / tb}
    return None


def between_engines(a: dict[str, Any], b: dict[str, Any], edge: float = SPEED_EDGE) -> dict[str, Any]:
    """Two engines or formats for one model on one machine (answers/facts/engine_versus.py): the side that runs;
    of two that run, the faster by `edge` (SPEED_EDGE unless the pair's gap is the engines' own) or more; else
    the same speed."""
    if a["runs"] and b["runs"]:
        fast, slow = (0, 1) if a["tok_s"] >= b["tok_s"] else (1, 0)
        ratio = (a, b)[fast]["tok_s"] / max((a, b)[slow]["tok_s"], 1e-9)
        if ratio < edge:
            return {"verdict": "same", "winner": None, "ratio": ratio}
        return {"verdict": "faster", "winner": fast, "ratio": ratio}
    if a["runs"] or b["runs"]:
        return {"verdict": "only", "winner": 0 if a["runs"] else 1, "ratio": None}
    return {"verdict": "neither", "winner": None, "ratio": None}


def between_media(a: dict[str, Any], b: dict[str, Any], names: Sequence[str],
                  lang: str | None = None) -> dict[str, Any] | None:
    """Two image, video or embedding models asked side by side ("flux schnell or sdxl on a 3060", "qwen3 embedding
    8b vs bge-m3"): `a` and `b` are their answers' facts (answers/facts/media.py, media_other.py).

    Image and video: the fewer seconds per picture or clip by `SPEED_EDGE` (`mediafaster`), else either; speech:
    the more times real time, likewise, unless one side's model card lists languages without the asker's (`lang`,
    the language asked in) and the other's does not exclude it: the one that speaks it (`medialang`).
    Embeddings: one that fits the card named against one that does not is the pick (`mediafits`), with the memory
    it leaves for a language model beside it; else the larger model reads meaning better (retrieval benchmarks
    such as MTEB rank the larger of a family, and the newer of two, above); with twice the parameters or more it
    is the pick for quality and the other for memory and speed (`mediatrade`), else the newer (`medianewer`).
    The rest: no pick (None)."""
    kind = a.get("media")
    if kind != b.get("media"):
        return None
    if kind in ("image", "video"):
        key = f"seconds_per_{kind}"
        sa, sb = a.get(key), b.get(key)
        if not sa or not sb:
            return None
        ratio = sb / sa  # above 1: the first is faster
        if max(ratio, 1 / ratio) < SPEED_EDGE:
            return _pick("either", names, True)
        first = ratio >= 1
        jobs = [_job(x) for x in ((a, b) if first else (b, a))]
        unequal = {"pick_job": jobs[0], "other_job": jobs[1]} if jobs[0] != jobs[1] else None
        return _pick("mediafaster", names, first, ratio=max(ratio, 1 / ratio), seconds=min(sa, sb),
                     other_seconds=max(sa, sb), unit=kind, unequal=unequal)
    if kind == "speech":  # the more times real time, the faster: an hour of audio in fewer minutes
        speaks = [_speaks(x, lang) for x in (a, b)]
        if speaks[0] != speaks[1]:
            return _pick("medialang", names, speaks[0], language=lang)
        xa, xb = a.get("times_realtime"), b.get("times_realtime")
        if not xa or not xb:
            return None
        ratio = xa / xb
        if max(ratio, 1 / ratio) < SPEED_EDGE:
            return _pick("either", names, True, unit="speech")
        picked = _pick("mediafaster", names, ratio >= 1, ratio=max(ratio, 1 / ratio), minutes=60 / max(xa, xb),
                       other_minutes=60 / min(xa, xb), unit="speech")
        accuracy = speech_accuracy_facts(picked["pick"], picked["other"], lang)
        return {**picked, "accuracy": accuracy} if accuracy else picked
    if kind == "embedding":
        fits = [x.get("verdict") != "no" for x in (a, b)]
        if fits[0] != fits[1]:  # "bge-m3 or qwen3-embedding-8b on an 8 gb 4060?": only one fits the card
            ok, other = (a, b) if fits[0] else (b, a)
            memory = ok.get("memory_gb") or other.get("memory_gb")
            left = round(memory - ok["need_gb"], 1) if memory and ok.get("need_gb") else None
            return _pick("mediafits", names, fits[0], need_gb=ok.get("need_gb"), other_need_gb=other.get("need_gb"),
                         memory_gb=memory, left_gb=left)
        pa, pb = (x.get("model", {}).get("params_b") or 0.0 for x in (a, b))
        if not pa or not pb:
            return None
        if max(pa, pb) >= 2 * min(pa, pb):
            first = pa > pb
            small = b if first else a
            big = a if first else b
            return _pick("mediatrade", names, first, need_gb=big.get("need_gb"),
                         other_need_gb=small.get("need_gb"))
        da, db = (x.get("model", {}).get("publication_date") or "" for x in (a, b))
        return _pick("medianewer", names, da >= db) if da != db else _pick("either", names, True)
    return None


def speech_accuracy_facts(pick: str, other: str, lang: str | None) -> dict[str, Any] | None:
    """Which of two speech models writes fewer wrong words (catalog/data/media/speech_accuracy.json): the order
    of the sizes, and the word error rates measured in the language asked, with a fine-tune for it, when kept."""
    from catalog.speech_accuracy import speech_accuracy  # lazy: only for two speech models weighed

    data = speech_accuracy()
    better = data.more_accurate(pick, other)
    if better is None:
        return None
    out: dict[str, Any] = {"better": better, "source": data.order.source}
    rates = data.languages.get(lang or "")
    if rates is not None and pick in rates.wer and other in rates.wer:
        out["language"] = {"code": rates.language, "dataset": rates.dataset, "pick_wer": rates.wer[pick],
                           "other_wer": rates.wer[other], "source": rates.source}
        tune = rates.fine_tune
        if tune is not None and tune.base in (pick, other):
            out["fine_tune"] = {"name": tune.name, "base": tune.base, "wer": tune.wer, "license": tune.license}
    return out


def _speaks(facts: dict[str, Any], lang: str | None) -> bool:
    """Whether a speech model transcribes `lang`: a model card that lists no languages is taken to speak it."""
    listed = (facts.get("assumed") or {}).get("languages") or ()
    return lang is None or not listed or lang in listed


# Picks a prompt's time can overturn: the two sides hold the model alike and differ only by speed, level or price.
_PROMPT_OVERTURNS = frozenset({"faster", "level", "cheaper", "either"})


def for_prompts(before: dict[str, Any] | None, a: dict[str, Any], b: dict[str, Any],
                names: Sequence[str]) -> dict[str, Any] | None:
    """Two cards or setups compared for one model when the question asks about reading a prompt ("decode and pp",
    "how long for a 16k prompt"): the side that reads prompts `SPEED_EDGE`× faster or more wins (`prompt`) unless it
    the two write at clearly different speeds, or the pick rests on what runs at all (the pick `before` stands)."""
    if before is not None and before.get("why") not in _PROMPT_OVERTURNS:
        return before
    pa, pb = a.get("prefill_tok_s"), b.get("prefill_tok_s")
    if not (pa and pb and _held(a) and _held(b)):
        return before
    ratio = pa / pb
    if max(ratio, 1 / ratio) < SPEED_EDGE:
        return before
    first = ratio >= 1
    decode = _ratio(a, b)
    if decode is not None and max(decode, 1 / decode) >= SPEED_EDGE:
        return before  # one side writes clearly faster: the speed pick stands (it is that side or the trade-off's)
    return _pick("prompt", names, first, ratio=max(ratio, 1 / ratio), hardware=True)
