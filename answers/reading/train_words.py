"""Reading a fine-tuning question's conditions: how many examples ("10k examples", "10.000 exemplos"), how many
training tokens ("1b tokens", "5 milioni di token"), an example's length ("500 tokens each"), the epochs ("3
epochs") and the method ("qlora") and the rental cloud ("on runpod") named. Pure: the question's text in, a
`TrainAsked` out (None when it says none of them). The words live in answers/lexicon/training.toml; counts go
through the one number reader (answers/reading/amounts.py), whose `k` is 1,024 for tokens: a count of examples
takes `k` and thousand words as 1,000.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from answers.reading.amounts import K_TOKENS, Amount, amounts
from answers.records.asked import TrainAsked
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "training.toml"
MIN_TRAIN_TOKENS = 100_000  # fewer tokens than this are a prompt or a context, not a dataset
MAX_EPOCHS = 100


@cache
def _words() -> dict[str, Any]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        num = r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?"
        of = r"\s?(?:of |de |di |d'|an )?"
        return {
            "examples": compile_cached(rf"^\s?(?:{data['examples']})\b"),
            "million": compile_cached(rf"{num}(?:{data['million']}){of}(?:{data['tokens']})\b"),
            "billion": compile_cached(rf"{num}(?:{data['billion']}){of}(?:{data['tokens']})\b"),
            "tokens_after": compile_cached(rf"^\s?(?:{data['tokens']})\b"),
            "per_example": compile_cached(rf"^\s?(?:{data['tokens']})?\s?(?:{data['per_example']})\b"),
            "per_before": compile_cached(rf"\b(?:{data['per_example']})\s?(?:of |de |di |da |von |with )?"
                                         r"(?:about |circa |environ |etwa |unos |cerca de )?$"
                                         # "10k ejemplos de ~1k tokens": the length right after the examples
                                         rf"|\b(?:{data['examples']})\s?(?:of |de |di |da |von |mit |with |com |con |"
                                         r"d')(?:about |circa |environ |etwa |unos |cerca de |ca\.? |~\s?)?~?$"),
            "dataset": compile_cached(
                rf"{num}({data['size_units']})\s?(?:of |de |di |d'|an |von )?(?:{data['data_words']})\b"
                rf"|\b(?:{data['data_words']})\s?(?:of |de |di |da |von |with |mit |com |con )?"
                rf"(?:about |circa |environ |etwa |unos |cerca de )?(\d+(?:[.,]\d+)?)\s?({data['size_units']})\b"),
            "epochs": compile_cached(rf"(?<![\w.,])(\d{{1,3}})\s?(?:{data['epochs']})\b"),
            "qlora": compile_cached(data["qlora"]), "lora": compile_cached(data["lora"]),
            "providers": {name: compile_cached(p) for name, p in data["providers"].items()},
            "sequence": compile_cached(
                rf"(?:{data['sequence']})\s?(?:of |de |di |von |=\s?|:\s?)?(\d+(?:[.,]\d{{3}})?\s?k?)\b"
                rf"|(?<![\w.,])(\d+(?:[.,]\d{{3}})?\s?k?)\s?(?:tokens? )?(?:{data['sequence']})\b"),
            "trainers": {name: compile_cached(p) for name, p in data["trainers"].items()},
            "tool_asked": compile_cached(data["tool_asked"]),
            "steps": compile_cached(rf"(?<![\w.,])(\d+(?:[.,]\d{{3}})?(?:\s?k)?)\s?(?:{data['steps']})\b"),
        }
    except (KeyError, re.error) as exc:
        raise LexiconError(f"{PATH.name}: {exc}") from exc


def _decimal(text: str, a: Amount) -> float:
    """A count said with `k` or a thousand word counts in thousands of 1,000 (the reader's `k` is 1,024)."""
    span = text[a.start:a.end]
    if re.search(r"\d\s?m$", span):
        return round(a.value / (K_TOKENS * K_TOKENS) * 1e6)
    if span[:1].isdigit() and re.search(r"[a-z]", span):  # "10k", "20 mila"; "ventimila" is read as said
        return round(a.value / K_TOKENS * 1000)
    return a.value


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _counts(text: str) -> tuple[float | None, float | None, float | None]:
    """(examples, tokens in all, tokens an example) from the numbers and the nouns after them."""
    w = _words()
    examples = tokens = per = None
    for name, mult in (("billion", 1e9), ("million", 1e6)):
        m = w[name].search(text)
        if m is not None and tokens is None:
            tokens = _number(m.group(1)) * mult
    for a in amounts(text):
        after = text[a.end:a.end + 40]
        if examples is None and w["examples"].match(after):
            examples = _decimal(text, a)
        elif w["tokens_after"].match(after) and a.value < MIN_TRAIN_TOKENS \
                and (w["per_example"].match(after) or w["per_before"].search(text[max(0, a.start - 25):a.start])):
            per = a.value if not re.search(r"[a-z]", text[a.start:a.end]) else _decimal(text, a)
        elif tokens is None and w["tokens_after"].match(after) and a.value >= MIN_TRAIN_TOKENS:
            tokens = _decimal(text, a)
    return examples, tokens, per


def read(question: str) -> TrainAsked | None:
    """The training conditions the question states; None when it states none."""
    text = fold(question)
    w = _words()
    examples, tokens, per = _counts(text)
    m = w["epochs"].search(text)
    epochs = float(m.group(1)) if m is not None and 0 < int(m.group(1)) <= MAX_EPOCHS else None
    method = "qlora" if w["qlora"].search(text) else "lora" if w["lora"].search(text) else None
    d = w["dataset"].search(text)
    dataset_mb = None
    if d is not None:
        value, unit = (d.group(1), d.group(2)) if d.group(1) else (d.group(3), d.group(4))
        dataset_mb = _number(value) * (1000 if unit[0] == "g" else 1)
    provider = next((name for name, p in w["providers"].items() if p.search(text)), None)
    trainers = tuple(name for name, p in w["trainers"].items() if p.search(text))
    steps = _steps(w["steps"].search(text))
    sequence = _sequence(w["sequence"].search(text))
    tool = w["tool_asked"].search(text) is not None
    if all(v is None for v in (examples, tokens, per, epochs, method, provider, dataset_mb, steps, sequence)) \
            and not trainers and not tool:
        return None
    return TrainAsked(examples=examples, tokens=tokens, example_tokens=per, epochs=epochs, method=method,
                      provider=provider, dataset_mb=dataset_mb, trainers=trainers, steps=steps,
                      sequence=sequence, tool_asked=tool)


def _sequence(m: re.Match[str] | None) -> int | None:
    """A training sequence's length ("seq len 4096", "8k seq"): `k` is 1,024 tokens, as for a context."""
    if m is None:
        return None
    said = (m.group(1) or m.group(2)).replace(" ", "")
    k = said.endswith("k")
    n = float(said.rstrip("k").replace(",", "").replace(".", "")) * (K_TOKENS if k else 1)
    return int(n) if 128 <= n <= 1_048_576 else None


def _steps(m: re.Match[str] | None) -> int | None:
    """Training steps said ("2000 steps", "2.000 passi", "3k steps"); None when none or not a plausible run."""
    if m is None:
        return None
    said = m.group(1).replace(" ", "")
    n = float(said.rstrip("k").replace(",", "").replace(".", "")) * (1000 if said.endswith("k") else 1)
    return int(n) if 1 <= n <= 1_000_000 else None
