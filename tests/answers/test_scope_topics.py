"""Topics outside AI models altogether (games' frame rates, coin mining, paid API and subscription prices) are
declined by name in the asker's language with what the bot answers instead: never "I did not understand", never
a card's model list. A gaming PC or a mining rig asked about for a language model is a hardware question."""

from __future__ import annotations

import pytest

from answers.engine import Engine

_NOT_UNDERSTOOD = ("did not understand", "non ho capito", "pas compris", "nicht verstanden", "no entendí",
                   "não entendi")


@pytest.mark.parametrize(("question", "lang", "kind", "start"), [
    ("which card gives the most fps in fortnite at 1440p?", "en", "gaming", "Game performance"),
    ("quale scheda video per giocare a 4k con il ray tracing?", "it", "gaming", "Le prestazioni nei giochi"),
    ("quelle carte graphique pour jouer en 1440p sans ramer ?", "fr", "gaming", "Les performances en jeu"),
    ("mit welcher Grafikkarte kann ich Cyberpunk flüssig zocken?", "de", "gaming", "Spieleleistung"),
    ("rinde una 7800 xt minando ethereum?", "es", "mining", "La minería de criptomonedas"),
    ("ainda compensa minerar bitcoin com uma 3090?", "pt", "mining", "A mineração de criptomoedas"),
    ("is crypto mining on two 3080s still profitable?", "en", "mining", "Cryptocurrency mining"),
    ("was kostet die OpenAI API pro Million Tokens?", "de", "api_price", "Preise bezahlter APIs"),
    ("cuánto cuesta la api de mistral por millón de tokens?", "es", "api_price", "Los precios de las API"),
    ("vale a pena a assinatura do gemini advanced pra estudar?", "pt", "api_price", "Os preços de APIs pagas"),
    ("quel abonnement prendre, chatgpt pro ou claude max ?", "fr", "api_price", "Les prix des API payantes"),
    ("how much is the anthropic api per million output tokens?", "en", "api_price", "The prices of paid APIs"),
    ("mistral api pricing per million tokens", "en", "api_price", "The prices of paid APIs"),
])
def test_a_topic_outside_ai_models_is_declined_by_name(engine: Engine, question: str, lang: str, kind: str,
                                                      start: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("out_of_scope") == kind
    assert a.text.startswith(start)
    assert not any(w in a.text.lower() for w in _NOT_UNDERSTOOD)
    assert "tok/s" not in a.text  # no card's model list instead


@pytest.mark.parametrize("question", [
    "my gaming pc has a 4090, can it run llama 3.1 70b?",
    "old mining rig with six 3060s, how fast is qwen3 32b on it?",
    "ho un pc da gaming con una 4070: che modelli llm posso far girare?",
])
def test_a_gaming_or_mining_machine_asked_about_for_ai_is_answered(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.facts.get("out_of_scope") is None
    assert a.intent != "fallback"


@pytest.mark.parametrize(("question", "lang", "instead"), [
    ("quanto costa l'api di gpt-5 rispetto a farlo girare in locale?", "it", "gpt-oss-20b"),
    ("was kostet gemini 2.5 flash per api, und geht das lokal?", "de", "Gemma 3 27B"),
])
def test_an_api_price_of_a_closed_model_says_both(engine: Engine, question: str, lang: str, instead: str) -> None:
    # the price is not known, and the model is closed: its maker's open models are offered
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts["not_answered"] == ["api_price"] and a.facts["closed"]
    assert instead in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("is an ex-mining 4090 from ebay safe to buy or is it cooked?", "en"),
    ("conviene una 3080 usata per il mining o meglio nuova? la voglio per gli llm", "it"),
    ("une 3090 de minage d'occasion, ça vaut le coup pour faire tourner des llm ?", "fr"),
    ("kaufe ich lieber eine 3090 aus dem Mining oder eine neue 4070 Ti Super?", "de"),
    ("compré una 3090 usada para minar, ¿aguanta para modelos de ia?", "es"),
    ("tenho 4 placas de mineração 3060 em risers, roda llama 70b?", "pt"),
])
def test_a_cards_mining_past_is_no_mining_question(engine: Engine, question: str, lang: str) -> None:
    # "ex-mining", "de minage", "aus dem Mining": the card's history, asked about by a buyer or a builder
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("out_of_scope") != "mining"
    assert not any(w in a.text.lower() for w in _NOT_UNDERSTOOD)
    assert "ASIC" not in a.text


def test_mining_asked_about_beside_a_used_cards_past_is_still_mining(engine: Engine) -> None:
    # a mining word outside the history phrase ("hashrate") still asks about mining
    a = engine.ask("what hashrate does an ex-mining 3090 still get?")
    assert a.facts.get("out_of_scope") == "mining"


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("thinking of an ex-mining 3090 off ebay, what should I check before paying?", "en", "thermal pads"),
    ("vale la pena una 3090 usata per il mining? cosa controllo prima di comprarla?", "it", "pad termici"),
    ("une 3080 de minage à 350 €, je regarde quoi avant d'acheter ?", "fr", "pads thermiques"),
    ("3090 aus dem Mining für 600 €, worauf achten?", "de", "Wärmeleitpads"),
    ("me ofrecen una 3090 usada para minar, qué reviso antes de comprarla?", "es", "pads térmicos"),
    ("placa de mineração 3090 por 3500 reais, o que eu verifico antes?", "pt", "thermal pads"),
])
def test_a_used_mining_card_gets_what_to_check(engine: Engine, question: str, lang: str, words: str) -> None:
    # the buyer's question answered: what wears on a mining card and how to check it, in the asker's language
    a = engine.ask(question)
    assert a.locale == lang
    assert words in a.text
    assert "100 °C" in a.text


def test_a_rig_on_mining_risers_gets_no_buying_advice(engine: Engine) -> None:
    a = engine.ask("i have 4 3060s on mining risers x1, is llama.cpp ok with that?")
    assert "thermal pads" not in a.text
