"""The lines for Ollama serving several people (answers/facts/ollama_slots.py): the figures with each usual
`OLLAMA_NUM_PARALLEL`, and the verdict for many people who mostly sit idle. Added after the serving answer, or after
the verdict of an Ollama-or-vLLM comparison."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown

SLOT = N_("With `OLLAMA_NUM_PARALLEL=%(slots)s`, Ollama answers %(slots)s requests at once, each slot holding its "
          "own context of %(tokens)s tokens (`num_ctx`): about %(per)s tokens per second each, %(total)s in all; "
          "weights and caches need %(need)s GB.")
IDLE = N_("For %(users)s people who mostly sit idle, requests seldom arrive at the same moment: %(slots)s slots serve "
          "them, and a rare extra request waits a few seconds in Ollama's queue. vLLM pays off when many requests "
          "arrive together.")


def lines(facts: dict[str, Any], lang: str) -> str | None:
    """The slot lines and the verdict, or None without Ollama's slot figures."""
    got = facts.get("ollama_slots")
    if not isinstance(got, dict) or not got.get("rows"):
        return None
    fitting = [r for r in got["rows"] if r.get("fits")]
    out = [i18n.gettext(lang, SLOT) % {
        "slots": fmt.integer(r["slots"], lang), "tokens": fmt.integer(got["context"], lang),
        "per": fmt.tok_s(r["per_user_tok_s"], lang), "total": fmt.tok_s(r["total_tok_s"], lang),
        "need": fmt.gb(r["need_gb"], lang)} for r in fitting]
    if fitting:
        out.append(i18n.gettext(lang, IDLE) % {"users": fmt.integer(got["users"], lang),
                                               "slots": fmt.integer(fitting[-1]["slots"], lang)})
    return "\n".join(out) or None


def appended(answer: Answer) -> Answer:
    """`answer` with the slot lines after its text when its facts hold Ollama's slot figures."""
    said = lines(answer.facts, answer.locale)
    return replace(answer, text=markdown.finish(f"{answer.text.rstrip()}\n{said}")) if said else answer
