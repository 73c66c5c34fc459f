"""The line an answer opens with when the question also asks what the bot cannot answer, beside what it can:
a rented GPU's price (RunPod, AWS, Lambda…). The hardware part is answered as usual below it. And the line a
speed answer about a fanless machine ends with: its sustained speed is below the figures."""

from __future__ import annotations

from msgspec.structs import replace

from answers.api import Answer
from answers.knowledge import i18n
from answers.knowledge.fanless import is_fanless
from answers.knowledge.i18n import N_
from answers.rendering import markdown

CLOUD_LINE = N_("Cloud rental prices (RunPod, AWS, Lambda and the like) are outside what this bot knows: it keeps "
                "no price list for rented GPUs, and those prices change often. What it can say is which hardware "
                "runs the model and how fast; the cost is then the hours you need times the provider's hourly "
                "price.")


def cloud_noted(answer: Answer, alone: bool = False) -> Answer:
    """The answer with the rental-price line first; `facts["not_answered"]` says so to `--json` readers.
    `alone`: the line is the whole answer (nothing was asked beside the price)."""
    line = i18n.gettext(answer.locale, CLOUD_LINE)
    if alone:
        return replace(answer, intent="fallback", text=markdown.finish(line), table=None, credits=[],
                       facts={"out_of_scope": "cloud", "not_answered": ["cloud_price"]})
    return replace(answer, text=markdown.finish(f"{line}\n{answer.text}"),
                   facts={**answer.facts, "not_answered": ["cloud_price"]})


OTHER_RELEASE_LINE = N_("%(typed)s is not in my catalog: the figures below are for %(nearest)s, another release, not "
                        "for it.")


def other_release_noted(answer: Answer, typed: str, nearest: str) -> Answer:
    """A media answer for the catalog's release of a model asked about in a release it lacks ("hunyuanvideo
    1.5" → HunyuanVideo), with that said first; `facts["other_release"]` says so to `--json` readers."""
    line = i18n.gettext(answer.locale, OTHER_RELEASE_LINE) % {
        "typed": f"«{markdown.escape(typed)}»", "nearest": markdown.escape(nearest)}
    return replace(answer, text=markdown.finish(f"{line}\n{answer.text}"),
                   facts={**answer.facts, "other_release": {"asked": typed, "answered": nearest}})


API_LINE = N_("The prices of paid APIs and chat subscriptions are outside what this bot knows: it keeps no price "
              "list for them, and they change often. What it can say is about running models on your own hardware.")


def api_noted(answer: Answer) -> Answer:
    """The answer about the closed model named ("gpt-5 by api or run locally?") with the API-price line first;
    `facts["not_answered"]` says so to `--json` readers."""
    line = i18n.gettext(answer.locale, API_LINE)
    return replace(answer, text=markdown.finish(f"{line}\n{answer.text}"),
                   facts={**answer.facts, "not_answered": ["api_price"]})


GAMING_LINE = N_("Game performance (frame rates at 4K or 1440p, settings) is outside what this bot rates; for the AI "
                 "part, what matters is the card's memory and bandwidth, which decide the models it runs and how fast:")


def gaming_noted(answer: Answer) -> Answer:
    """The AI part of a question about games and AI ("a gpu for 4k gaming and some ai"), with the games declined in
    a line first; `facts["not_answered"]` says so to `--json` readers."""
    line = i18n.gettext(answer.locale, GAMING_LINE)
    return replace(answer, text=markdown.finish(f"{line}\n{answer.text}"),
                   facts={**answer.facts, "not_answered": ["gaming"]})

# What a message asked beside the ask answered that the bot does not answer (answers/lexicon/off_topic.toml).
LEFT_OUT = {
    "install": N_("Not answered: installing CUDA, ROCm or drivers, which I do not cover (their own install guides "
                  "do); the figures above are what I estimate."),
    "troubleshoot": N_("Not answered: the fault you describe (errors, crashes, fans, heat), which needs the machine in "
                       "front of you; the figures above are for a healthy setup."),
    "quality": N_("Not answered: which model is smarter or writes better, which I do not measure; the figures above "
                  "are memory and speed."),
    "frontend": N_("Not answered: which chat interface to use, a matter of features and taste that does not change "
                   "the figures above."),
    "prompts": N_("Not answered: prompts and jailbreaks, which are about using a model, not the hardware it runs on."),
    "news": N_("Not answered: rumours and unreleased products, which my catalog does not hold."),
    "law": N_("Not answered: laws and regulation of AI, which are legal questions outside my figures."),
    "finance": N_("Not answered: share prices and investing, which I do not cover."),
    "learning": N_("Not answered: which course or degree to follow, which is career advice."),
    "coding": N_("Not answered: writing the program itself; I estimate hardware and models, I write no code."),
    "system": N_("Not answered: installing or setting up the operating system, which I do not cover."),
    "entertainment": N_("Not answered: series, films or books, which I do not recommend."),
}


def off_topic_noted(answer: Answer, topic: str | None) -> Answer:
    """The answer with one line last saying what it left out; `facts["not_answered"]` says so to `--json` readers."""
    if topic is None or topic not in LEFT_OUT:
        return answer
    line = i18n.gettext(answer.locale, LEFT_OUT[topic])
    return replace(answer, text=markdown.finish(f"{answer.text.rstrip()}\n{line}"),
                   facts={**answer.facts, "not_answered": [*answer.facts.get("not_answered", []), topic]})


FANLESS_LINE = N_("No fan in the %(device)s: over a long generation or a long prompt its chip heats up and lowers "
                  "its clocks, so the sustained speed falls below these figures, which are for a cooled chip.")
# "card_models" too: the list of what runs gives a speed for each model ("what can I run on my MacBook Air").
SPEED_INTENTS = frozenset({"can_run", "speed", "prefill", "users", "offload", "card_models"})


def fanless_noted(answer: Answer, device: str | None) -> Answer:
    """A speed answer about a fanless machine ("MacBook Air M3", answers/knowledge/fanless.json) with that line
    last; `facts["fanless"]` says so to `--json` readers. Other answers are returned unchanged."""
    if answer.intent not in SPEED_INTENTS or not is_fanless(device):
        return answer
    line = i18n.gettext(answer.locale, FANLESS_LINE) % {"device": markdown.escape(device or "")}
    return replace(answer, text=markdown.finish(f"{answer.text.rstrip()}\n{line}"),
                   facts={**answer.facts, "fanless": True})
