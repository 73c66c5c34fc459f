"""The link under a Discord answer to its full page ("all 818 cards"), when TPSBOT_PUBLIC_URL says where
people reach the pages. Set once at start-up (bot.runner), as the chart's font is."""

from __future__ import annotations

from urllib.parse import urlencode

from answers.api import Answer
from answers.knowledge.i18n import N_, gettext
from answers.rendering import format as fmt
from bot.web import slugs

public_url: str | None = None  # TPSBOT_PUBLIC_URL without its trailing slash; None: no links

# Answers that are a model's table or summary (→ its page), or a card's (→ the card's page).
MODEL_INTENTS = frozenset({"fastest", "smallest", "what_gpu", "model_info"})
CARD_INTENTS = frozenset({"card_models"})
ALL_CARDS = N_("See all %(count)s cards")
ALL_MODELS = N_("See all %(count)s models")


def full_page(answer: Answer) -> str | None:
    """A Discord markdown link to the answer's page, or None (no public address, no page for it)."""
    if public_url is None:
        return None
    facts, entities = answer.facts, answer.entities
    query = urlencode({"lang": answer.locale, "profile": facts.get("profile") or "reference",
                       **({"context": facts["context"]} if facts.get("context") not in (None, 4096) else {})})
    if answer.intent in MODEL_INTENTS and isinstance(entities.get("model"), str) and facts.get("cards_total"):
        label = gettext(answer.locale, ALL_CARDS) % {"count": fmt.integer(facts["cards_total"], answer.locale)}
        return f"[{label}]({public_url}/models/{slugs.slug(entities['model'])}?{query})"
    card = entities.get("card")
    if answer.intent in CARD_INTENTS and isinstance(card, str) and not entities.get("setup"):
        total = facts.get("models_total")
        if not total:
            return None
        label = gettext(answer.locale, ALL_MODELS) % {"count": fmt.integer(total, answer.locale)}
        return f"[{label}]({public_url}/cards/{slugs.slug(card)}?{query})"
    return None
