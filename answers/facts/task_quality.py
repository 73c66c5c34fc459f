"""Which of two models is stronger at the task asked, on public benchmark scores (answers/knowledge/task_scores.json),
weighed against their speeds on the hardware asked: "gpt-oss-20b or Qwen3-30B-A3B for tool calling?", "is GLM-4.5-Air
worth being 4× slower than Qwen3-30B-A3B?", "how does Seed-OSS do at coding?".

The rule (`versus`): the task's benchmarks are tried in the order the data file lists them; the first that both models
have a score on decides. A gap of `EVEN_POINTS` or more names the stronger; less is "about even". No benchmark both
have: each model's first figure on the task is said, with no verdict drawn from scores of different tests. No task
asked: the general-knowledge axis (MMLU-Pro, GPQA Diamond) stands in, said as such.

The pick (`repick`), after the comparison's own (answers/facts/choice.py) when both models run well on the hardware:
the stronger for the task wins; when it is `WORTH_SPEED`× slower or more, both are named with the trade said plainly
(`qualitytrade`). About even: the faster wins when it is faster by choice.SPEED_EDGE (`qualityeven`). A pick made
because only one runs well stands; the quality line is said beside it.

    apply(facts, axis)   # facts["quality"], and facts["choice"] re-decided

Facts only (JSON-ready): answers/templates/_quality.md.j2 writes them.
"""

from __future__ import annotations

from typing import Any

from answers.facts.choice import SPEED_EDGE
from answers.knowledge.task_scores import Scored, catalog_name, scored, task_scores

EVEN_POINTS = 2.0  # below two points two makers' runs of one benchmark are not told apart (harnesses, sampling)
WORTH_SPEED = 1.5  # the stronger model this much slower or more: the trade is said, both named
GENERAL = "knowledge"  # the axis said when no task is asked
# answers about a model's own facts: a task asked there gets its scores, or "none on record"
FACT_INTENTS = frozenset({"model_info", "model_language", "parameters", "open_source", "longest_context", "release"})
KEPT_PICKS = frozenset({"onlyruns", "onlyholds", "neither", "slowfaster", "lowfaster"})  # hardware decided these


def _best(model: str, bench: str) -> tuple[Scored, float] | None:
    found = [(m, m.scores[bench]) for m in scored(model) if bench in m.scores]
    return max(found, key=lambda f: f[1]) if found else None


def _side(model: str, found: tuple[Scored, float] | None, bench: str | None) -> dict[str, Any] | None:
    if found is None:
        return None
    return {"model": model, "variant": found[0].variant, "score": found[1], "benchmark": bench,
            "source": found[0].source}


def _first(model: str, benches: tuple[str, ...]) -> dict[str, Any] | None:
    for bench in benches:
        found = _best(model, bench)
        if found is not None:
            return _side(model, found, bench)
    return None


def versus(axis: str, a: str, b: str) -> dict[str, Any] | None:
    """The two models on the task's first benchmark both are scored on; None when neither has a score for it."""
    data = task_scores()
    benches = data.axes.get(axis, ())
    for bench in benches:
        fa, fb = _best(a, bench), _best(b, bench)
        if fa is not None and fb is not None:
            gap = round(fa[1] - fb[1], 1)  # the table keeps one decimal: no float residue decides
            stronger = a if gap >= EVEN_POINTS else b if gap <= -EVEN_POINTS else None
            return {"axis": axis, "benchmark": bench, "url": data.benchmarks[bench], "shared": True,
                    "a": _side(a, fa, bench), "b": _side(b, fb, bench), "stronger": stronger, "gap": abs(gap)}
    sa, sb = _first(a, benches), _first(b, benches)
    if sa is None and sb is None:
        return None
    return {"axis": axis, "benchmark": None, "url": None, "shared": False, "a": sa, "b": sb, "stronger": None,
            "gap": None}


def of_model(axis: str, model: str) -> dict[str, Any] | None:
    """One model's scores on the task's benchmarks ("how does X do at coding?"); None when none is on record."""
    data = task_scores()
    rows = [_side(model, f, bench) for bench in data.axes.get(axis, ()) if (f := _best(model, bench)) is not None]
    return {"axis": axis, "model": model, "scores": rows} if rows else None


def _tok(facts: dict[str, Any], model: str) -> float | None:
    for key in ("a", "b"):
        row = facts.get(key) or {}
        if row.get("model") == model:
            tok = row.get("tok_s")
            return float(tok) if tok else None
    return None


def repick(facts: dict[str, Any], q: dict[str, Any]) -> dict[str, Any] | None:
    """The comparison's pick re-decided on the task's scores (the rule in the module's doc); None: it stands."""
    old = facts.get("choice")
    if old is None or old.get("why") in KEPT_PICKS or not q["shared"]:
        return None
    a, b = q["a"]["model"], q["b"]["model"]
    stronger = q["stronger"]
    if stronger is None:
        ta, tb = _tok(facts, a), _tok(facts, b)
        if ta and tb and max(ta / tb, tb / ta) >= SPEED_EDGE:
            pick, other = (a, b) if ta > tb else (b, a)
            return {"why": "qualityeven", "pick": pick, "other": other, "ratio": max(ta / tb, tb / ta),
                    "axis": q["axis"], **_scores(q, pick)}
        return None
    other = b if stronger == a else a
    ts, to = _tok(facts, stronger), _tok(facts, other)
    ratio = to / ts if ts and to else None
    why = "qualitytrade" if ratio is not None and ratio >= WORTH_SPEED else \
        "qualityfaster" if ratio is not None and ratio <= 1 / SPEED_EDGE else "quality"
    return {"why": why, "pick": stronger, "other": other, "ratio": ratio, "axis": q["axis"], **_scores(q, stronger)}


def _scores(q: dict[str, Any], pick: str) -> dict[str, Any]:
    """The figures the pick's line quotes: the benchmark, each side's score and the variant scored."""
    mine, theirs = (q["a"], q["b"]) if q["a"]["model"] == pick else (q["b"], q["a"])
    return {"benchmark": q["benchmark"], "score": mine["score"], "other_score": theirs["score"],
            "variant": mine["variant"], "other_variant": theirs["variant"]}


def apply(facts: dict[str, Any], axis: str | None) -> None:
    """A two-model comparison's quality line for the task asked (or the general axis), and its pick re-decided."""
    rows = [facts.get(k) or {} for k in ("a", "b")]
    names = [r.get("model") for r in rows]
    if facts.get("mode") != "models" or not all(names):
        return
    q = versus(axis or GENERAL, str(names[0]), str(names[1]))
    if q is None:
        return
    q["asked"] = axis is not None
    if q["stronger"] is not None:  # the stronger one's speed against the other's here: the price of its quality
        other = names[1] if q["stronger"] == names[0] else names[0]
        ts, to = _tok(facts, q["stronger"]), _tok(facts, str(other))
        q["slower"] = to / ts if ts and to and to / ts >= SPEED_EDGE else None
    facts["quality"] = q
    picked = repick(facts, q)
    if picked is not None:
        facts["choice"] = picked
        q["in_choice"] = True


def axis_of(asked: Any) -> str | None:
    """The task asked: its words ("for tool calling"), else the use named for a list ("coding", "reasoning"), else a
    language judged ("which writes better Italian": the multilingual axis)."""
    if asked.task_axis:
        return str(asked.task_axis)
    if asked.task in ("coding", "reasoning"):
        return str(asked.task)
    return "multilingual" if asked.speaks is not None else None


def add_quality(intent: str, facts: dict[str, Any], model: Any, asked: Any, model2: Any = None) -> None:
    """Beside a comparison of two models: the quality line and its pick (`apply`); two models judged outside a
    comparison ("which writes better Spanish?"): the quality line alone. Beside one model's answer with a task asked
    ("how does Seed-OSS do at coding?", "qué tal va en español"): its scores on that task."""
    axis = axis_of(asked)
    if intent == "compare":
        apply(facts, axis)
        return
    name, name2 = getattr(model, "name", None), getattr(model2, "name", None)
    said = (facts.get("languages") or {}).get("named") or []
    if not name and said:  # the models judged in a language, as typed (answers/facts/model_language.py)
        name = catalog_name(said[0]["typed"]) or said[0]["typed"]
        name2 = catalog_name(said[1]["typed"]) if len(said) >= 2 else None
    if axis is None or not name:
        return
    if name2:
        q = versus(axis, name, name2)
        if q is not None:
            facts["quality"] = {**q, "asked": True}
        return
    if not (asked.task_judged or asked.speaks is not None):
        return  # a task named without asking how good ("how do I turn off reasoning?"): no scores
    one = of_model(axis, name)
    if one is not None or intent in FACT_INTENTS:  # none on record is said only where facts are the ask
        facts["quality_one"] = one if one is not None else {"axis": axis, "model": name, "scores": []}


def scores_said(facts: dict[str, Any]) -> bool:
    """The answer says public scores on a task: a line saying model quality is not answered would contradict it."""
    q, one = facts.get("quality") or {}, facts.get("quality_one") or {}
    return bool(q.get("shared") or one.get("scores"))


def _part_side(facts: dict[str, Any]) -> tuple[str, float | None] | None:
    """A part's model and its speed on the hardware asked (its verdict row), from one answer's facts."""
    model = facts.get("model")
    name = model.get("name") if isinstance(model, dict) else None
    if not name:
        return None
    found = facts.get("row")
    row: dict[str, Any] = found if isinstance(found, dict) else {}
    tok = row.get("tok_s") if row.get("quant") else None
    return str(name), float(tok) if tok else None


def between_parts(first: dict[str, Any], parts: list[dict[str, Any]], axis: str | None) -> dict[str, Any] | None:
    """Two models answered one after the other ("GLM-4.5-Air on my 3060, worth it against Qwen3-30B-A3B?"): the
    quality line on the task asked (else general knowledge) and, when both run, the pick weighed with their speeds,
    as `apply` gives a comparison. None when fewer than two models are answered or neither has a score."""
    sides = [s for s in (_part_side(f) for f in (first, *parts)) if s is not None]
    names = list(dict.fromkeys(n for n, _ in sides))
    if len(names) < 2:
        return None
    tok = {n: t for n, t in sides}
    facts: dict[str, Any] = {"mode": "models", "choice": {"why": "either"},
                             "a": {"model": names[0], "tok_s": tok[names[0]]},
                             "b": {"model": names[1], "tok_s": tok[names[1]]}}
    if not (tok[names[0]] and tok[names[1]]):
        facts["choice"] = None  # one does not run: no pick from the scores, the line alone
    apply(facts, axis)
    if "quality" not in facts or not facts["quality"]["shared"]:
        return None  # answers in turn get a line only when it weighs the two on one test
    return {"quality": facts["quality"], "quality_pick": facts["choice"] if facts["quality"].get("in_choice")
            else None}


# Answers of two models in turn that weigh them: each one's figures on the same hardware
FIGURE_PARTS = frozenset({"speed", "can_run", "offload", "compare", "vram", "prefill"})


def weighs_models(asked: Any, intents: list[str]) -> bool:
    """Two models answered in turn are being weighed: a task or a language named, "which is better" asked, or
    each part a figure on the hardware ("X on my 3060, worth it against Y?"); a licence of each is not."""
    if "off_topic" in intents:
        return False  # declined as a whole (answers/facts/routing.py): no scores after "not my field"
    return bool(asked.task_judged or asked.speaks is not None or asked.off_topic == "quality"
                or (intents and set(intents) <= FIGURE_PARTS))
