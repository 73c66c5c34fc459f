"""A smaller model of the same line, for a "no" or "only at a lower quality" answer.

"Can I run DeepSeek R1 on my 16 GB MacBook?" is rarely answered by the 671B model alone: people mean,
or would be glad of, its distills. So when the asked model does not run well on the hardware named, the
answer adds the largest model of the same line that does — a runnable (downloadable language) model whose
family name (`advice.family_of`: "DeepSeek-R1" → "deepseek r1", "Qwen3-235B-A22B" → "qwen3",
"Llama 3.3 70B" → "llama 3") begins with the asked model's, word for word, that is smaller, from the
same maker, and that runs on that hardware at the usual minimum quality or better and at least at
reading speed.

The hardware is given as a function rating a candidate there at a level (a card's row, the best card of
a memory size, a setup's row), so the rule is the same for every kind of question. At most `MAX_TRIED`
candidates are rated, largest first: the first that runs well wins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from answers.facts.advice import TASK_NAME_WORDS, TASKS, family_of, runnable
from answers.facts.describe import Rating
from catalog.records import ModelRecord

MAX_TRIED = 6
READING_TOK_S = 10.0  # the speed most people read at: below it, "runs" is not "runs well"


def _specialties(rec: ModelRecord) -> set[str]:
    """The tasks a name says a model was made for ("Coder", "VL", "R1"): a general model's stand-in must
    not be a vision or a coding model (Llama 3.3 70B → Llama 3.1 8B, not Llama 3.2 11B Vision)."""
    name = rec.name.casefold()
    return {t for t in TASKS if any(w in name for w in TASK_NAME_WORDS[t])}


def _same_maker(asked: ModelRecord, other: ModelRecord) -> bool:
    """Another maker's derivative (NVIDIA's Llama-3.3-Nemotron) is not the asked line's own smaller model."""
    return not (asked.organization and other.organization) or asked.organization == other.organization


def candidates(models: Iterable[ModelRecord], asked: ModelRecord) -> list[ModelRecord]:
    """Smaller runnable models of the asked one's line, largest first (newer first among equals)."""
    line = family_of(asked.name).split()
    if not line or asked.params_b is None:
        return []
    own = _specialties(asked)
    found = [m for m in models
             if m.name != asked.name and m.params_b is not None and m.params_b < asked.params_b and runnable(m)
             and family_of(m.name).split()[:len(line)] == line and _specialties(m) <= own
             and _same_maker(asked, m)]
    return sorted(found, key=lambda m: (-(m.params_b or 0.0),
                                        -(m.publication_date.toordinal() if m.publication_date else 0)))


def best_relative(models: Iterable[ModelRecord], asked: ModelRecord, levels: Sequence[str],
                  row_of: Callable[[ModelRecord, str | None], Rating | None]) -> dict[str, Any] | None:
    """Facts of the largest relative that runs well (`name`, `quant`, `tok_s`, `need_gb`), or None.
    `levels` are the acceptable levels, least compressed first, down to the minimum quality; `row_of(model,
    level)` rates a candidate on the asker's hardware at that level, or at its own choice when None. A
    candidate that fits only slowly at its best level is tried at the more compressed acceptable ones, as
    a person would download it (a 14B at Q4_K_M rather than Q8_0 on a 16 GB Mac)."""
    for model in candidates(models, asked)[:MAX_TRIED]:
        row = row_of(model, None)
        if row is None or row.quant is None or row.quant.name not in levels:
            continue
        tries = [row] + [row_of(model, lv) for lv in levels[levels.index(row.quant.name) + 1:]]
        for r in tries:
            if r is not None and r.quant is not None and r.tok_s is not None and r.tok_s >= READING_TOK_S:
                return {"name": model.name, "quant": r.quant.name, "tok_s": r.tok_s, "need_gb": r.need_gb}
    return None
