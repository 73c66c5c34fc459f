"""How many stated conditions the answers' `"asked"` record reads right (issue 29), per language and per key.

Run from the repository root:  python benchmarks/asked_accuracy.py [--show-errors] [--corpus FILE]
The default set, tests/data/asked_unseen.jsonl, was written and committed before the reader was changed
for it. Each row states two or more conditions (`asked`, under the `--json` contract's keys). A condition
counts as read right when the answer's `asked` has the key with:

- the same value (`models` in order, `budget`, strings such as `quant`, `engine`, `kv_cache`, `ram_type`);
- token counts (`context`, `prompt_tokens`, `output_tokens`) within 3% ("32k" is 32,768 or 32,000 tokens);
- cards: the same number of entries, each catalog name holding the expected words ("A100 80GB" in "A100 SXM4
  80 GB", "RTX 3060" in "GeForce RTX 3060 12 GB"; "SXM" in "SXM5", "Laptop" as the catalog's "Mobile"; the maker and
  the memory of the record named count as its words: "NVIDIA RTX 3080 10GB" is "GeForce RTX 3080", the 10 GB one)
  and the same count;
- `cpu` and `device`: the catalog or typed name holding the expected words.

Keys the answer states that the row does not are counted apart ("extra"), not as misses. Under the catalog
the command line uses (TPSBOT_DB). Rows hold the question under `text` (tests/data) or `q` (the blind sets
in docs/trials).

Three scores, because a row's writer spells a model as they would ("Qwen3 30B-A3B", "Llama 3.3 70b") while the
contract says `models` holds the catalog's names ("Qwen3-30B-A3B"):

- strict: `models` equal as strings, in order, a model's official spelling counting as its own: the name in its
  maker's repository that `model_repos` gives beside it ("Qwen3-32B" of "Qwen/Qwen3-32B" for "Qwen3 32B");
- loose: `models` and card names compared without case, spaces or punctuation;
- resolved: a model or a card counts as read right when the catalog resolves the row's spelling to the very
  record the answer named (a model: an exact display name, else the resolver's one unambiguous best match; a
  card: as answers resolve one, "RTX 3080 10GB" → "GeForce RTX 3080"; an image, speech or video model as its own
  catalog resolves one, "SDXL" → "Stable Diffusion XL 1.0"); a spelling the catalog cannot pin down
  stays a miss. This is the fair test of the contract: same model, same record.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.resolving.names import NameProblem, find_model  # noqa: E402
from catalog.media import media_named  # noqa: E402
from catalog.speech_synthesis import tts_named_in  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "asked_unseen.jsonl"
TOKENS = ("context", "prompt_tokens", "output_tokens")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(text).casefold())


MODE = ("strict", "loose", "resolved")


def _words(text: str) -> set[str]:
    """A name's words, a memory size kept whole ("80 GB" → "80gb"), case and punctuation dropped."""
    text = re.sub(r"(\d)\s+(gb|go)\b", r"\1\2", str(text).casefold())
    return {w for w in re.split(r"[^a-z0-9]+", text) if w}


def _official(want: list[str], got: list[str], repos: list[str | None] | None) -> bool:
    """Each model as the catalog names it or as its maker's repository spells it ("Qwen/Qwen3-32B" → "Qwen3-32B")."""
    spelled = repos if repos and len(repos) == len(got) else [None] * len(got)
    return len(want) == len(got) and all(w == g or (r is not None and w == r.rsplit("/", 1)[-1])
                                         for w, g, r in zip(want, got, spelled, strict=True))


# Formats whose width the contract keeps beside the name when said (docs/command-line.md): "EXL2-4.65bpw", "MLX-4bit".
_WIDTHS = frozenset({"EXL2", "EXL3", "MLX"})


def machine_cards(got: dict[str, Any], card: Any) -> list[list[dict[str, Any]]]:
    """The answer's cards, and, when its `device` is a unified-memory machine the catalog holds as a card record
    (a Mac's chip, a DGX Spark, a Ryzen AI Max), the same list with that machine as a card of its own at each
    place: a row may list the machine under `cards` ("dgx spark oder 2x 3090"), the contract names it `device`."""
    cards = list(got.get("cards") or [])
    device = got.get("device")
    record = None
    for name in (device, *re.findall(r"\(([^)]+)\)", device or "")):
        record = card(name) if name else None
        if record is not None:
            break
    if record is None or not getattr(record, "unified_memory", False):
        return [cards]
    entry = {"name": str(device), "count": 1}
    return [cards] + [[*cards[:i], entry, *cards[i:]] for i in range(len(cards) + 1)]


# A laptop card is the same record under either word: makers say "Laptop GPU", the catalog (TechPowerUp) "Mobile".
_LAPTOP = {"laptop", "notebook", "mobile"}


def _card_word(word: str, named: set[str], record: Any) -> bool:
    """One word of the row's card name found in the record the answer named: in its name ("sxm" in "SXM5", "laptop"
    as "Mobile"), or, given the record, its maker ("NVIDIA", "AMD", "Intel") or its memory ("10gb" of the RTX 3080
    that has 10 GB; its 12 GB sibling is another record)."""
    if word in named or word in _LAPTOP and named & _LAPTOP:
        return True
    if any(n.startswith(word) and n[len(word):].isdigit() for n in named if word.isalpha()):
        return True
    if record is None:
        return False
    memory = re.fullmatch(r"(\d+(?:\.\d+)?)gb", word)
    if memory is not None:
        return float(memory.group(1)) == float(record.memory_gb)
    return word == str(record.vendor).casefold()


def _card_words(want: str, got: str, card: Any = None) -> bool:
    """Every word of the row's card name is in the record's (see `_card_word`); `card(name)` gives the record."""
    record = card(got) if card is not None else None
    named = _words(got)
    return all(_card_word(w, named, record) for w in _words(want))


def right(key: str, want: Any, got: Any, mode: str = "strict", same: Any = None,
          repos: list[str | None] | None = None, card: Any = None) -> bool:
    """Whether `got` reads `want` right; `same(kind, want, got)` tells, in the resolved mode, whether the catalog
    resolves the row's spelling of a model or a card to the record the answer named; `card(name)` gives the
    card record an answer named (its maker and memory count as words of its name)."""
    if got is None:
        return False
    if key == "cards" and mode == "resolved" and len(got) == len(want) and all(
            w["count"] == g["count"] and (_card_words(w["name"], g["name"], card) or same("card", w["name"], g["name"]))
            for w, g in zip(want, got, strict=True)):
        return True
    if key == "models" and _official(want, got, repos):
        return True
    if key == "models" and mode != "strict":
        if len(got) != len(want):
            return False
        if mode == "loose":
            return [_key(w) for w in want] == [_key(g) for g in got]
        return all(_key(w) == _key(g) or same("model", w, g) for w, g in zip(want, got, strict=True))
    if key in TOKENS:
        return abs(float(got) - float(want)) <= 0.03 * float(want)
    if key == "quant" and isinstance(got, str) and want in _WIDTHS and got.startswith(f"{want}-"):
        return True  # the contract keeps a format's width said ("EXL2-4.65bpw" is the row's "EXL2")
    if key == "cards":
        return len(got) == len(want) and all(
            _card_words(w["name"], g["name"], card) and w["count"] == g["count"]
            for w, g in zip(want, got, strict=True))
    if key in ("cpu", "device"):
        return _key(want) in _key(got)
    if isinstance(want, int | float) and isinstance(got, int | float):
        return float(want) == float(got)
    return bool(want == got)


def judge(engine: Engine) -> Any:
    """(kind, row's spelling, answer's catalog name) → True when the catalog resolves the spelling to that record:
    a model's display name or the resolver's one unambiguous best match; a card as the answers resolve one."""
    def same(kind: str, want: str, got: str) -> bool:
        if kind == "card":
            try:
                found = engine.names.resolve_card(want)
            except NameProblem:
                return False
            return found is not None and found.name == got
        record = engine.knowledge.model_named(got)
        if record is None:  # an image, speech, video or voice model: its own catalog resolves it ("SDXL", "kokoro")
            media = media_named(want)
            return media is not None and media.name == got or any(v.name == got for v in tts_named_in(want))
        model, res = find_model(engine.knowledge, want)
        if model is None or res is not None and res.ambiguous:
            return False
        return record is not None and model is record
    return same


def card_record(engine: Engine) -> Any:
    """A card's catalog name → its record (None when the name is no card's)."""
    def record(name: str) -> Any:
        try:
            return engine.names.resolve_card(name)
        except NameProblem:
            return None
    return record


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=DEFAULT)
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args()
    engine = await Engine.open()
    same = judge(engine)
    card = card_record(engine)
    rows = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    total = extra = 0
    good: Counter[str] = Counter()
    by_key: Counter[str] = Counter()
    miss_key: Counter[str] = Counter()
    by_lang: dict[str, list[int]] = {}
    for row in rows:
        text = row.get("text", row.get("q", ""))
        got = engine.ask(text).asked
        lang = by_lang.setdefault(row["lang"], [0, 0])
        extra += len(set(got) - set(row["asked"]) - {"model_repos"})  # a spelling beside `models`, no condition
        for key, want in row["asked"].items():
            options = machine_cards(got, card) if key == "cards" else [got.get(key)]
            oks = {mode: any(right(key, want, value or None, mode, same, got.get("model_repos"), card)
                             for value in options) for mode in MODE}
            total += 1
            good.update(mode for mode, ok in oks.items() if ok)
            lang[0] += oks["strict"]
            lang[1] += 1
            by_key[key] += 1
            if not oks["strict"]:
                miss_key[key] += 1
                if args.show_errors:
                    also = " (right when resolved)" if oks["resolved"] else ""
                    print(f"  {row['lang']} {key}: want {want!r} got {got.get(key)!r}{also}  | {text}")
    print(f"{args.corpus.name}: {len(rows)} questions, {total} stated conditions, read right "
          + ", ".join(f"{mode} {good[mode]} ({100 * good[mode] / total:.1f}%)" for mode in MODE)
          + f"; extra keys {extra}")
    print("  strict by language: " + ", ".join(
        f"{k} {100 * a / b:.1f}%" for k, (a, b) in sorted(by_lang.items())))
    print("  strict by key (right/stated): " + ", ".join(
        f"{k} {by_key[k] - miss_key[k]}/{by_key[k]}" for k in sorted(by_key, key=lambda k: -by_key[k])))


if __name__ == "__main__":
    asyncio.run(main())
