"""Models a message names beyond the one (or the pair) its intent is about: "gemma 3 4b and qwen3 8b on my
laptop?", "X vs Y vs Z", "is Mistral Medium 3 open weights? and Magistral Small?". Each is answered in its own
part when the main answer leaves it out (answers/engine.py), never dropped. Pure: names in, names out."""

from __future__ import annotations

from answers.knowledge.closed_models import closed_line

# Models answered one after another at most (beyond the first two): a longer list is a catalogue question.
MAX_MORE_MODELS = 3


def more_models(named: list[str | None], unknown: list[str], kept: tuple[str | None, ...]) -> tuple[str, ...]:
    """`named` (catalog names of the resolved spans, in reading order) less those `kept` (the model and the
    second one), each once; then the unresolved words that name a closed model (an online service, said so)."""
    out: list[str] = []
    for name in named:
        if name and name not in kept and name not in out:
            out.append(name)
    out += [u for u in unknown if closed_line(u) is not None and u not in kept and u not in out]
    return tuple(out[:MAX_MORE_MODELS])
