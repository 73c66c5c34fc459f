"""Which stated conditions an answer used, what it assumed instead, and why the rest went unused.

An answer's facts are its evidence: a condition is used when the facts carry it (the context the figures
are for, the level rated, the users served…). What the facts carry and the question did not state is
`assumed`; a condition stated and not carried is `unused`, with a reason the text says in one line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from msgspec import Struct

from answers.facts.as_asked import headline

# Engines whose speed the estimator models: llama.cpp and the front ends that run it.
LLAMA_CPP_FAMILY = frozenset({"llama.cpp", "ollama", "lm-studio"})
ASSUMED_ENGINE = "llama.cpp"
# Reasons (their sentences are in answers/rendering/accounting_text.py)
ENGINE, FORMAT, CORES, OUTPUT, TARGET, NOT_USED = "engine", "format", "cores", "output", "target", "not_used"


class Account(Struct, frozen=True):
    assumed: dict[str, Any]
    unused: list[str]  # "key: value", in the contract's key order
    why: dict[str, str]  # key → reason


def _walk(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k), v
            yield from _walk(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _walk(v)


def _dicts(obj: Any) -> Iterator[dict[str, Any]]:
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _dicts(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _dicts(v)


# What a RAM figure guessed (answers/facts/setups.py `ram_guessed`) → the contract's key and the fact's.
RAM_GUESSES = {"type": ("ram_type", "ram_type"), "speed": ("ram_mt_s", "ram_mts"), "channels": ("ram_channels",
                                                                                             "ram_channels")}


def _ram_assumed(said: dict[str, Any], facts: dict[str, Any], assumed: dict[str, Any]) -> None:
    """The system RAM a figure assumed where the question did not say it: "with 32 GB of DDR4 (a common
    amount)", "DDR5-6000 on a desktop's two channels"."""
    offload = facts.get("offload_assumed")
    if isinstance(offload, dict) and offload.get("ram_gb") and "ram_gb" not in said:
        assumed["ram_gb"] = offload["ram_gb"]
    row = next((d for d in _dicts(facts) if isinstance(d.get("ram_guessed"), list)), None)
    if row is None:
        return
    for guessed in row["ram_guessed"]:
        if guessed not in RAM_GUESSES:
            continue
        key, fact = RAM_GUESSES[guessed]
        if key not in said and row.get(fact) is not None:
            assumed[key] = row[fact]


def _first(obj: Any, key: str) -> Any:
    return next((v for k, v in _walk(obj) if k == key and v is not None), None)


def _carries(obj: Any, key: str) -> bool:
    return _first(obj, key) is not None


def _text(value: Any) -> str:
    if isinstance(value, dict) and "amount" in value:
        return f"{value['amount']:g} {value.get('currency', '')}".strip()
    if isinstance(value, list):
        return ", ".join(v["name"] if isinstance(v, dict) and v.get("count", 1) == 1 else
                         f"{v['count']}x {v['name']}" if isinstance(v, dict) else str(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _figures(facts: dict[str, Any]) -> bool:
    return any(k in ("tok_s", "tok_s_low", "need_gb") for k, _ in _walk(facts))


def _names_used(names: list[str], seen: str) -> list[str]:
    """The names the answer does not carry; a machine stated with its record in brackets ("DGX Spark (GB10)") is
    carried when that record is."""
    return [n for n in names if n.casefold() not in seen
            and not ((inner := re.search(r"\(([^()]+)\)\s*$", n)) and inner.group(1).casefold() in seen)]


# Answers that are not an answer to the conditions (a refusal, a name not found, the help): nothing to account.
# a declined topic (off_topic) carries no figures: its own sentence says what it does not answer
# Each side ask the account checks (answers/facts/stated.py TRACKED_ASKS) and the facts that answer it: the prices
# of a comparison (cards, machines, a budget, an asked price), the memory's verdict.
ASK_FACTS = {"value": ("card_value", "price", "value", "price_check", "budget_sides", "used_card"),
             "memory_enough": ("memory_enough",)}
NO_ACCOUNT = frozenset({"invalid", "not_found", "ambiguous", "fallback", "help", "off_topic"})


# What a fine-tuning run assumed (answers/facts/finetune_run.py `assumed`) → the contract's key.
RUN_GUESSES = {"examples": "train_examples", "example_tokens": "example_tokens", "epochs": "epochs"}


def _run_assumed(facts: dict[str, Any], assumed: dict[str, Any]) -> None:
    """A fine-tuning run's dataset, example length and epochs where the question did not say them, and the card
    a rental cloud named alone was timed on."""
    run = facts.get("finetune")
    if not isinstance(run, dict):
        return
    for key, value in (run.get("assumed") or {}).items():
        if key in RUN_GUESSES:
            assumed[RUN_GUESSES[key]] = value
    time = run.get("time")
    if isinstance(time, dict) and (time.get("card_assumed") or time.get("card_stand_in")):  # no card named
        assumed["cards"] = [{"name": time["card"], "count": time["count"]}]


def account(said: dict[str, Any], intent: str, entities: dict[str, Any], facts: dict[str, Any]) -> Account:
    """The account of one answer: `said` is answers.facts.stated's record of the question."""
    if intent in NO_ACCOUNT:  # a fine-tuning run (answered as a fallback) still says what it assumed
        run: dict[str, Any] = {}
        _run_assumed(facts, run)
        return Account(run, [], {})
    everything = {"entities": entities, "facts": facts}
    seen = json.dumps(everything, ensure_ascii=False, default=str).casefold()
    figures = _figures(facts)
    why: dict[str, str] = {}
    assumed: dict[str, Any] = {}
    llm_assumed: dict[str, Any] = {}
    _engine_and_level(said, _level(entities, facts), everything, figures, why, llm_assumed)
    if "media" not in facts:  # a media answer names its own runtime (ComfyUI, faster-whisper, a phone's app)
        assumed.update(llm_assumed)
    if figures:
        for key, fact in (("context", "context"), ("kv_cache", "cache_type")):
            used = _first(everything, fact)
            if used is None:
                continue
            if key not in said:
                assumed[key] = used
            elif used != said[key]:
                why[key] = NOT_USED
                assumed[key] = used
    for key, fact, reason in (("prompt_tokens", "prompt_tokens", NOT_USED), ("users", "users", NOT_USED),
                              ("output_tokens", "output_tokens", OUTPUT), ("cpu_cores", "cpu_cores", CORES),
                              ("budget", "budget", NOT_USED), ("ram_mt_s", "ram_mts", NOT_USED),
                              ("ram_channels", "ram_channels", NOT_USED)):
        if key in said and not _carries(everything, fact):
            why[key] = reason
    _ram_assumed(said, facts, assumed)
    _run_assumed(facts, assumed)
    cpu = _first(facts, "cpu_assumed")
    if isinstance(cpu, dict) and cpu.get("cores"):
        if said.get("cpu_cores") == cpu["cores"]:
            why.pop("cpu_cores", None)
        elif ("cpu_cores" not in said or "cpu_cores" in why) and not (cpu.get("name") and "cpu" in said):
            assumed["cpu_cores"] = cpu["cores"]  # the named processor's own cores are no assumption
    if "target_tok_s" in said and not (_carries(facts, "target_speed") or _carries(facts, "target_tok_s")):
        why["target_tok_s"] = TARGET
    if any(not any(_carries(facts, key) for key in ASK_FACTS.get(k, ())) for k in said.get("asks", ())):
        why["asks"] = NOT_USED  # "best value?" where no price is kept for either side: said, not dropped
    missing = _names_used(said.get("models", []), seen)
    if missing:
        why["models"] = NOT_USED
    cards = [c["name"] for c in said.get("cards", [])]
    if _names_used(cards, seen):
        why["cards"] = NOT_USED
    for key in [k for k in why if k in assumed and k in said and _same_value(key, assumed[k], said[k])]:
        del why[key]  # what the figures used is never said back as unused ("UD-Q4_K_XL" rated as stated)
    order = list(said)
    unused = [f"{k}: {_unused_value(k, said, missing, facts)}" for k in sorted(why, key=order.index) if k in said]
    return Account(assumed, unused, {k: why[k] for k in sorted(why, key=order.index) if k in said})


def same_level(level: str, quant: str) -> bool:
    """The level rated is the one stated: "UD-Q4_K_XL" and "Q4_K_XL" (unsloth's dynamic file of that level),
    "EXL2" rated as "EXL2-4.0bpw", "MLX" as "MLX-4bit" (a format rated at one of its widths)."""
    a, b = level.upper().removeprefix("UD-"), quant.upper().removeprefix("UD-")
    return a == b or a.split("-")[0] == b


def _same_value(key: str, used: Any, stated: Any) -> bool:
    if key == "quant" and isinstance(used, str) and isinstance(stated, str):
        return same_level(used, stated)
    return bool(used == stated)


def _unused_value(key: str, said: dict[str, Any], missing_models: list[str], facts: dict[str, Any]) -> str:
    if key == "models":
        return ", ".join(missing_models)
    if key == "asks":
        return ", ".join(k for k in said["asks"] if not any(_carries(facts, f) for f in ASK_FACTS.get(k, ())))
    return _text(said[key])


def _level(entities: dict[str, Any], facts: dict[str, Any]) -> str | None:
    """The level the answer's headline figure is for."""
    row = headline(facts) or {}
    level = entities.get("quant") or row.get("quant") or facts.get("quant")
    return level if isinstance(level, str) else None


def _engine_and_level(said: dict[str, Any], level: str | None, everything: dict[str, Any], figures: bool,
                      why: dict[str, str], assumed: dict[str, Any]) -> None:
    """An engine or a weight format the estimator has no model for: the figures are llama.cpp's at a GGUF
    level, said so (another branch adds engine models; then the facts carry `engine` and it counts). Two engines
    or formats weighed (`engine_versus`) are each used on their own side: nothing to say."""
    if isinstance(everything["facts"].get("engine_versus"), dict):
        return
    engine = said.get("engine")
    modelled = _first(everything, "engine")
    # a speech answer on a Mac speaks to mlx-whisper beside its whisper.cpp figure (`engines_answered`)
    answered = everything["facts"].get("engines_answered") or ()
    if engine is not None and engine not in LLAMA_CPP_FAMILY and modelled != engine and engine not in answered:
        why["engine"] = ENGINE
    if figures and (engine is None or "engine" in why):
        assumed["engine"] = modelled or ASSUMED_ENGINE
    quant = said.get("quant")
    if quant is not None and level is not None and not same_level(level, quant):
        why["quant"] = FORMAT if not quant.startswith(("Q", "IQ", "UD-", "F", "BF")) or quant in (
            "FP8", "FP4") else NOT_USED
    if figures and level is not None and (quant is None or "quant" in why):
        assumed["quant"] = level
