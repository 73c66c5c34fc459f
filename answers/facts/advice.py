"""Advice rules: which catalog models a person can actually download and run, and which of them are
worth running on some hardware (the "what can I run" answer). Pure functions over records and rows.

The rules (also in the README, "Advice rules", and in the answer's footer):

- **Runnable**: a model enters such lists only if a person can download it and a llama.cpp-style
  runtime can load it: weights published (Epoch's "Model accessibility" starts with "Open weights"),
  a real size (at least `MIN_PARAMS_B`), a language model (domain "Language", alone or within
  "Multimodal") that generates text (one of `GENERATIVE_TASKS`), published since `MIN_DATE` (GPT-2,
  the oldest architecture these runtimes load). Epoch's historical systems (ADALINE, Innervator,
  Samuel's checkers) fail every one of these. The full catalogue stays searchable by name.
- **Runs well**: fits at `GOOD_LEVEL` or a less compressed level with room for the asked context
  (the default 4,096 tokens) and generates at least at reading speed (10 tok/s).
- **Most capable first**: `capability_score` = log2(effective billions of parameters) + years since
  2023 (one year newer counts like twice the parameters; a mixture of experts counts as
  √(total × active), the usual dense equivalent). One line per family (`family_of`), its best variant.
  Curated records (the built-in models people usually run, checked against their config files) come
  before Epoch-only records (thousands of fine-tunes and research releases of uneven use), also in a
  task list: within each, models made for the task first.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from msgspec import Struct

from answers.facts.picks import CONSUMER_DESKTOP, home_first, segment
from answers.knowledge.made_for import made_for
from answers.knowledge.model_languages import family_of as language_family
from answers.knowledge.pickled import compile_cached
from catalog.records import GpuRecord, ModelRecord
from estimator.profile import READING_SPEED_TOK_S
from estimator.quants import REFERENCE_LADDER, quant
from estimator.ranking import Row

MIN_PARAMS_B = 0.1
MIN_DATE = dt.date(2019, 1, 1)
GOOD_LEVEL = "Q4_K_M"
SCORE_EPOCH = 2023.0
YEAR_WEIGHT = 1.0  # score points per year of recency (1 point = twice the parameters)
FAST_FACTOR = 3.0  # "runs fast": three times the asked speed (30 tok/s by default), answers in a few seconds
FAST_COUNT = 3  # fast alternatives named under the capability list
FAST_SCORE_GAP = 2.0  # how far below the first pick's capability score a fast alternative may be (2 doublings
# or 2 years: a 2026 35B-A3B beside a newer dense 27B is no toy; a 2023 2.7B beside a 2025 14B still is)
TYPICAL_CARD_YEARS = 5  # a "typical" card for a memory size is one of the last five years' releases

GENERATIVE_TASKS = frozenset({
    "Language modeling/generation", "Language modeling", "Language generation", "Chat", "Question answering",
    "Code generation", "Code autocompletion", "Text autocompletion", "Translation", "Quantitative reasoning",
    "Mathematical reasoning", "Visual question answering", "Vision-language generation", "Instruction interpretation",
})

# Task filters: Epoch task labels, domains, and name words of the built-in records that say it.
TASK_LABELS: dict[str, frozenset[str]] = {
    "coding": frozenset({"Code generation", "Code autocompletion"}),
    "vision": frozenset({"Visual question answering", "Image captioning", "Vision-language generation",
                         "Character recognition (OCR)", "Video description"}),
    "reasoning": frozenset({"Mathematical reasoning", "Quantitative reasoning"}),
    "chat": frozenset({"Chat"}),
}
TASK_NAME_WORDS: dict[str, tuple[str, ...]] = {
    "coding": ("coder", "code", "codestral", "devstral", "starcoder", "codegemma"),
    "vision": ("vision", "-vl", " vl", "vl-"),
    "reasoning": ("-r1", " r1", "qwq", "reasoning", "thinking", "magistral", "gpt-oss", "z1"),
    "chat": (),  # every instruct model chats and "Chat" in ChatGLM is a brand: chat specialists come from made_for.json
}
TASKS = tuple(TASK_LABELS)

_VERSION = compile_cached(r"(\d+)\.\d+")
_SIZE_TOKEN = compile_cached(
    r"^(?:\d+(?:\.\d+)?[bmkt]|\d+x\d+(?:\.\d+)?b|[ae]\d+(?:\.\d+)?b|\d{4}|\d{2}|v\d+(?:\.\d+)?|"
    r"mini|small|medium|large|xl|tiny|nano|lite|base|instruct|it|hf|chat)$"
)


def is_open_weights(weights: str | None) -> bool:
    return bool(weights) and weights.lower().startswith("open weights")  # type: ignore[union-attr]


def runnable(rec: ModelRecord) -> bool:
    """A model a person can download and run in a llama.cpp-style runtime (see the module doc)."""
    if rec.params_b is None or rec.params_b < MIN_PARAMS_B or not is_open_weights(rec.weights):
        return False
    if rec.publication_date is None or rec.publication_date < MIN_DATE:
        return False
    if "Language" not in rec.domain:
        return False
    return not rec.tasks or any(t in GENERATIVE_TASKS for t in rec.tasks)


@lru_cache(maxsize=8192)  # pure, and asked of the same names for every card a table lists
def family_of(name: str) -> str:
    """"Qwen3 32B" and "Qwen3-30B-A3B" → "qwen3"; "Llama 3.1 70B" → "llama 3"; "gpt-oss-20b" → "gpt oss".
    Sizes, size words, minor versions and date stamps are dropped; what remains names the family."""
    words = re.split(r"[\s\-_:/()]+", name.casefold())
    kept = [_VERSION.sub(r"\1", w) for w in words if w and not _SIZE_TOKEN.match(w)]
    return " ".join(kept) or name.casefold()


def curated(rec: ModelRecord) -> bool:
    """A built-in record (provenance "facts" from the package's own data), not an Epoch-only row."""
    p = rec.provenance.get("facts")
    return p is not None and p.source == "builtin"


# "Gemma 3n E4B", "Gemma 4 E2B": the maker's effective size in the name (per-layer embeddings stay off the
# accelerator), the size the model's capability follows; its total (8B for E4B) is what memory holds.
_EFFECTIVE_SIZE_RE = re.compile(r"(?<![A-Za-z0-9])E(\d+(?:\.\d+)?)B(?![A-Za-z0-9])")


def effective_params_b(rec: ModelRecord) -> float:
    assert rec.params_b is not None
    if rec.is_moe and rec.active_params_b:
        return math.sqrt(rec.params_b * rec.active_params_b)
    said = _EFFECTIVE_SIZE_RE.search(rec.name)
    return min(rec.params_b, float(said.group(1))) if said else rec.params_b


def capability_score(rec: ModelRecord) -> float:
    """log2(effective B) + (publication year − 2023) · YEAR_WEIGHT: larger and newer rank higher."""
    when = rec.publication_date or MIN_DATE
    year = when.year + (when.timetuple().tm_yday - 1) / 365.25
    return math.log2(max(effective_params_b(rec), 1e-3)) + (year - SCORE_EPOCH) * YEAR_WEIGHT


def matches_task(rec: ModelRecord, task: str | None) -> bool:
    if task is None:
        return True
    if task not in TASK_LABELS:
        raise ValueError(f"unknown task {task!r}; known: {', '.join(TASKS)}")
    if TASK_LABELS[task] & set(rec.tasks):
        return True
    if task == "vision" and ("Vision" in rec.domain and "Language" in rec.domain):
        return True
    return specialist(rec, task)


def specialist(rec: ModelRecord, task: str | None) -> bool:
    """A model made for the task, as its name says (Qwen2.5-Coder, Devstral, Qwen2.5-VL, QwQ) or as its
    maker says (answers/knowledge/made_for.json, with the maker's page): for a task question these come before
    general models that merely list the task among many."""
    if task is None:
        return False

    name = rec.name.casefold()
    return any(w in name for w in TASK_NAME_WORDS[task]) or task in made_for(rec.name)


def made_for_another(rec: ModelRecord, task: str | None) -> bool:
    """A model made for a different task (a coder, a reasoning or a vision model) and not for this one:
    for a task question it comes after the general models ("best model for roleplay" is not Phi-4-reasoning)."""
    if task is None or specialist(rec, task):
        return False
    # The name rule only: a maker's claim of strength in chat (made_for.json) does not make Qwen3 a narrow model.
    name = rec.name.casefold()
    return any(w in name for other in TASKS if other != task for w in TASK_NAME_WORDS[other])


def runs_well(row: Row, min_tok_s: float = READING_SPEED_TOK_S, good_level: str = GOOD_LEVEL) -> bool:
    """Held at `good_level` or less compressed, at reading speed or faster."""
    if row.quant is None or row.tok_s is None:
        return False
    return row.quant.rank <= quant(good_level).rank and row.tok_s >= min_tok_s


def at_reading_speed(pairs: Iterable[tuple[ModelRecord, Row]], rerate: Callable[[ModelRecord, str], Row | None],
                     good_level: str = GOOD_LEVEL,
                     min_tok_s: float = READING_SPEED_TOK_S) -> list[tuple[ModelRecord, Row]]:
    """Each model at the least compressed level, down to `good_level`, that reaches `min_tok_s` when its own
    row (the least compressed level that fits) does not: an 8B model at Q8_0 on a 16 GB MacBook Air crawls,
    at Q4_K_M it is what people run there. `rerate(record, level)` rates the model forced to that level."""
    names = [q.name for q in REFERENCE_LADDER]
    floor = names.index(good_level)
    out = []
    for rec, row in pairs:
        if row.quant is not None and row.tok_s is not None and row.tok_s < min_tok_s \
                and row.quant.name in names and names.index(row.quant.name) < floor:
            for level in names[names.index(row.quant.name) + 1:floor + 1]:
                faster = rerate(rec, level)
                if faster is not None and faster.runs and faster.tok_s is not None and faster.tok_s >= min_tok_s:
                    row = faster
                    break
        out.append((rec, row))
    return out


class Pick(Struct, frozen=True):
    """A model ranked for an answer: its record, its row on the card, its family and its score."""
    record: ModelRecord
    row: Row
    family: str
    score: float

    @property
    def key(self) -> tuple[bool, float]:
        return curated(self.record), self.score

    def facts(self) -> dict[str, Any]:
        r, rec = self.row, self.record
        return {
            "model": rec.name, "family": self.family, "score": self.score, "curated": curated(rec),
            "params_b": rec.params_b,
            "active_params_b": rec.active_params_b,
            "publication_date": rec.publication_date.isoformat() if rec.publication_date else None,
            "quant": r.quant.name if r.quant else None, "need_gb": r.need_gb, "fit": r.fit, "tok_s": r.tok_s,
            "tok_s_low": r.tok_s_low, "tok_s_high": r.tok_s_high, "confidence": r.confidence,
            "memory_gb": r.card.memory_gb,
        }


def lists_language(name: str, language: str | None) -> bool:
    """The model's makers list `language` (answers/knowledge/model_languages.json); True when none is asked."""
    if language is None:
        return True
    family = language_family(name)
    return family is not None and language in family.languages


def rank_models(pairs: Iterable[tuple[ModelRecord, Row]], task: str | None = None,
                min_tok_s: float = READING_SPEED_TOK_S, good_level: str = GOOD_LEVEL,
                language: str | None = None) -> list[Pick]:
    """What to run: runnable models that run well, one per family (its best variant), most capable
    first; ties by name."""
    # A family's mixture of experts is its own line: Qwen3-30B-A3B runs several times faster than the
    # dense Qwen3 32B on the same memory and is what people run there, so the dense sibling must not hide it.
    best: dict[tuple[str, bool], Pick] = {}
    for rec, row in pairs:
        if not runnable(rec) or not matches_task(rec, task) or not runs_well(row, min_tok_s, good_level):
            continue
        pick = Pick(rec, row, family_of(rec.name), capability_score(rec))
        line = (pick.family, bool(rec.is_moe))
        held = best.get(line)
        if held is None or (pick.key, -len(rec.name)) > (held.key, -len(held.record.name)):
            best[line] = pick
    # Curated records first, whatever the task: an Epoch-only research checkpoint made for the task
    # (CodeGen2, StarCoder 1, CodeT5+) never outranks a current model people run for it.
    # A language the work is in ("pdf in italiano"): among those, the models whose makers list it come first.
    return sorted(best.values(), key=lambda p: (not p.key[0], not specialist(p.record, task),
                                                made_for_another(p.record, task),
                                                not lists_language(p.record.name, language), -p.score, p.record.name))


def fast_picks(picks: Sequence[Pick], shown: int, min_tok_s: float, count: int = FAST_COUNT) -> list[Pick]:
    """The strongest ranked models that run at `FAST_FACTOR` times the asked speed, and twice the first
    pick's, or faster and are not among the first `shown` lines: the mixtures of experts (Qwen3-30B-A3B,
    gpt-oss-20b) and small models people pick for speed, which a list by capability alone puts below
    every dense 32B. Twice the first pick: "faster" must be a difference a person notices."""
    if not picks:
        return []
    floor = max(min_tok_s * FAST_FACTOR, 2 * (picks[0].row.tok_s or 0))
    # Not a toy: within FAST_SCORE_GAP points of the first pick (1.5 doublings of size, or 1.5 years), so a
    # 2023 2.7B model is never offered as the fast choice beside a 2025 14B one.
    least = picks[0].score - FAST_SCORE_GAP
    fast = [p for p in picks[shown:] if (p.row.tok_s or 0) >= floor and p.score >= least]
    return sorted(fast, key=lambda p: (not p.key[0], -p.score, p.record.name))[:count]


def biggest(pairs: Iterable[tuple[ModelRecord, Row]], task: str | None = None,
            min_tok_s: float = READING_SPEED_TOK_S) -> tuple[ModelRecord, Row] | None:
    """"The biggest model for X": the runnable model with the most parameters that the hardware holds
    (at any allowed level) at reading speed or faster, curated records first; ties go to the newer."""
    fits = [(rec, row) for rec, row in pairs
            if runnable(rec) and matches_task(rec, task) and row.runs and (row.tok_s or 0) >= min_tok_s]
    return max(fits, key=lambda p: (curated(p[0]), p[0].params_b or 0, p[0].publication_date or MIN_DATE), default=None)


# ---------------------------------------------------------------------------- a memory size, no card
class SizedCard(Struct, frozen=True):
    """A catalog card with its memory replaced by the asked size: speeds of a typical card, fit of
    exactly the memory asked about."""

    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    architecture: str | None
    memory_type: str | None
    position: int
    release: dt.date | None = None


def typical_record(cards: Sequence[GpuRecord], memory_gb: float) -> GpuRecord | None:
    """The catalog record behind `typical_card`, when a card has exactly that memory (a setup needs a
    real card: "my 8 GB card and 32 GB of RAM")."""
    typical = typical_card(cards, memory_gb)
    if typical is None:
        return None
    return next((c for c in cards if c.name == typical.name and c.memory_gb == memory_gb), None)


def typical_card(cards: Sequence[GpuRecord], memory_gb: float) -> SizedCard | None:
    """The card whose speed stands for "a card with N GB": among cards with exactly that memory (else
    the nearest memory), the first home tier present (desktop and workstation cards: answers/facts/picks.py),
    consumer desktop cards before workstation ones within it, released in the last `TYPICAL_CARD_YEARS`
    years of that group, those with a launch price on record if any, the one with the median bandwidth
    (lower median)."""
    if not cards:
        return None
    nearest = min(abs(c.memory_gb - memory_gb) for c in cards)
    group = [c for c in cards if abs(c.memory_gb - memory_gb) == nearest]
    group = home_first(group)  # desktop and workstation cards first (answers/facts/picks.py: one rule for all picks)
    # What a person means by "a typical 24 GB card" is a consumer desktop card (RTX 3090/4090), not a
    # workstation part of the same tier (RTX A5500): workstation cards stand in only when no desktop has it.
    group = [c for c in group if segment(c) == CONSUMER_DESKTOP] or group
    dated = [c for c in group if getattr(c, "release", None)]
    if dated:
        newest = max(c.release.year for c in dated)  # type: ignore[union-attr]
        group = [c for c in dated if c.release.year > newest - TYPICAL_CARD_YEARS]  # type: ignore[union-attr]
    # Mainstream cards have a launch price on record; regional respins ("RTX 4060 Ti AD104") do not,
    # and a person never means one of those by "an 8 GB card".
    group = [c for c in group if c.launch_price_usd is not None] or group
    group = sorted(group, key=lambda c: (c.bandwidth_gbps, c.position))
    pick = group[(len(group) - 1) // 2]
    return SizedCard(pick.name, pick.vendor, memory_gb, pick.bandwidth_gbps, pick.architecture,
                     pick.memory_type, -1 - int(memory_gb * 100), getattr(pick, "release", None))

