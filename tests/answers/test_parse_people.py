"""Questions as people type them (issue 11): one test per failure class, in each language.

The wording here is deliberately different from the frozen held-out set
(tests/data/heldout_2026-11-30.jsonl), which is measured by benchmarks/intent_accuracy.py and never
tuned on.
"""

from __future__ import annotations

import re

import pytest

from answers.intents_table import PARSER_INTENTS
from answers.reading import tokens as tokens_module
from answers.reading import vocabulary as vocabulary_module
from answers.reading.parse import parse
from answers.reading.tokens import clean
from answers.reading.units import canonical_quant
from catalog.text import fold
from tests.catalog.test_resolve import gpu_resolver, model_resolver

YI = "Yi-34B"
RTX3090 = "GeForce RTX 3090"


def ask(question: str, locale: str | None = None):
    return parse(question, model_resolver(), gpu_resolver(), locale)


# --------------------------------------------------------------------------- chat words
@pytest.mark.parametrize(("lang", "question"), [
    ("en", "tbh whats the vram for yi 34b pls ngl"),
    ("it", "raga cmq quanta vram serve per yi 34b boh"),
    ("fr", "stp jsp combien de vram pour yi 34b mdr"),
    ("de", "ne frage: wie viel vram braucht yi 34b eigentlich? lg"),
    ("es", "porfa cuanta vram necesita yi 34b xd jaja"),
])
def test_chat_words_around_a_question_are_not_names(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.language) == ("vram", YI, lang)


@pytest.mark.parametrize("question", ["wat lol", "pls tbh ngl", "boh raga", "mdr jsp", "xd jaja porfa"])
def test_chat_words_alone_never_become_a_model(question):
    p = ask(question)
    assert p.model is None and p.intent in ("fallback", "help")


# --------------------------------------------------------------------------- singular / plural / gender
@pytest.mark.parametrize(("lang", "question"), [
    ("en", "best card for yi 34b"), ("en", "best cards for yi 34b"),
    ("it", "miglior scheda per yi 34b"), ("it", "migliori schede per yi 34b"), ("it", "la gpu migliore per yi 34b"),
    ("fr", "meilleur gpu pour yi 34b"), ("fr", "meilleure carte pour yi 34b"), ("fr", "meilleures cartes pour yi 34b"),
    ("de", "beste karte für yi 34b"), ("de", "besten grafikkarten für yi 34b"), ("de", "bester gpu für yi 34b"),
    ("es", "mejor gpu para yi 34b"), ("es", "mejores tarjetas para yi 34b"),
    ("es", "mejor tarjeta grafica para yi 34b"),
])
def test_every_form_of_best_asks_for_the_fastest_cards(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.language) == ("fastest", YI, lang)


@pytest.mark.parametrize(("lang", "question"), [
    ("it", "la più piccola per yi 34b"), ("it", "la scheda più economica per yi 34b"),
    ("fr", "la plus petite pour yi 34b"), ("fr", "les cartes les moins chères pour yi 34b"),
    ("de", "kleinster gpu für yi 34b"), ("de", "günstigstes modell? nein: günstigste karte für yi 34b"),
    ("es", "la más barata para yi 34b"), ("es", "las tarjetas más pequeñas para yi 34b"),
])
def test_every_form_of_smallest_and_cheapest(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.language) == ("smallest", YI, lang)


# --------------------------------------------------------------------------- a named model is not swallowed
@pytest.mark.parametrize(("lang", "question"), [
    ("en", "what can i do: can i run yi 34b on my 3090?"),
    ("it", "cosa dite, posso far girare yi 34b sulla mia 3090?"),
    ("fr", "est-ce que je peux faire tourner yi 34b sur ma 3090"),
    ("de", "was meint ihr, kann ich yi 34b auf meiner 3090 laufen lassen?"),
    ("es", "que opinan, puedo correr yi 34b en mi 3090?"),
])
def test_a_what_can_i_run_phrase_keeps_the_named_model(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.card) == ("can_run", YI, RTX3090)


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "what can my 3090 run"), ("it", "cosa posso far girare sulla mia 3090"),
    ("fr", "que puis-je faire tourner sur ma 3090"), ("de", "was kann ich auf meiner 3090 laufen lassen"),
    ("es", "que puedo correr en mi 3090"),
])
def test_without_a_model_it_is_the_cards_list(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.card) == ("card_models", None, RTX3090)


@pytest.mark.parametrize(("lang", "question", "gb", "task"), [
    ("en", "solid coding llm for 10gb?", 10.0, "coding"),
    ("it", "un modello per programmare con 10 giga?", 10.0, "coding"),
    ("fr", "un modèle de vision pour 10 go ?", 10.0, "vision"),
    ("de", "gutes reasoning-modell für 10 gb?", 10.0, "reasoning"),
    ("es", "un modelo para chatear con 10gb?", 10.0, "chat"),
])
def test_what_can_i_run_on_a_memory_size_with_a_task(lang, question, gb, task):
    p = ask(question)
    assert (p.intent, p.memory_gb, p.card, p.model, p.task) == ("card_models", gb, None, None, task)


# --------------------------------------------------------------------------- German compounds, card names
@pytest.mark.parametrize(("question", "card", "gb"), [
    ("welche modelle passen auf eine 12-GB-Karte?", None, 12.0),
    ("was läuft auf einer 20-GB-Grafikkarte", None, 20.0),
    ("was schafft eine RTX-3090-Karte?", RTX3090, None),
    ("was läuft auf der GTX-1080-Ti-Karte", "GeForce GTX 1080 Ti", None),
])
def test_german_hyphen_compounds_are_split(question, card, gb):
    p = ask(question)
    assert (p.intent, p.card, p.memory_gb, p.language) == ("card_models", card, gb, "de")


@pytest.mark.parametrize("name", ["gpt-oss-20b", "Qwen3-30B-A3B", "Phi-4-mini"])
def test_hyphenated_model_names_stay_whole(name):
    assert ask(f"how much vram for {name}").model == model_resolver().resolve(name).best.name


@pytest.mark.parametrize(("lang", "question", "card"), [
    ("en", "speed of yi 34b on a 5080 rtx", "GeForce RTX 5080"),
    ("it", "velocità di yi 34b sulla mia 3080 ti founders edition", "GeForce RTX 3080 Ti"),
    ("fr", "vitesse de yi 34b sur une sxm4 a100 80gb", "A100 SXM4 80 GB"),
    ("de", "wie schnell ist yi 34b auf einer msi 4070 super gaming", "GeForce RTX 4070 SUPER"),
    ("es", "velocidad de yi 34b en una 7900 xtx sapphire pulse", "Radeon RX 7900 XTX"),
])
def test_card_names_with_extra_words_or_in_another_order(lang, question, card):
    p = ask(question)
    assert (p.intent, p.model, p.card, p.memory_gb) == ("speed", YI, card, None)


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "best 16gb card for yi 34b"), ("it", "la migliore scheda da 16gb per yi 34b"),
    ("fr", "meilleure carte 16 go pour yi 34b"), ("de", "beste 16-gb-karte für yi 34b"),
    ("es", "mejor tarjeta de 16gb para yi 34b"),
])
def test_best_n_gb_card_is_not_two_cards(lang, question):
    p = ask(question)
    assert (p.intent, p.model, p.memory_gb, p.card2, p.gpu_count) == ("fastest", YI, 16.0, None, None)


# --------------------------------------------------------------------------- setups and system RAM
@pytest.mark.parametrize(("lang", "question", "n"), [
    ("en", "two 3090s enough for yi 34b at q8?", 2), ("en", "3x 3090 for yi 34b", 3),
    ("it", "tre 3090 bastano per yi 34b?", 3), ("fr", "deux 3090 suffisent pour yi 34b ?", 2),
    ("de", "reichen vier 3090 für yi 34b?", 4), ("es", "dos 3090 alcanzan para yi 34b?", 2),
    ("en", "3090 x2 for yi 34b?", 2), ("en", "4 x 3090, does yi 34b fit", 4),
])
def test_several_identical_cards_are_a_setup(lang, question, n):
    p = ask(question)
    assert (p.intent, p.model, p.card, p.gpu_count) == ("can_run", YI, RTX3090, n)


def test_two_different_cards_joined_by_plus_are_pooled():
    p = ask("3090 + 3060 for yi 34b, will it fit?")
    assert (p.intent, p.card, p.card2, p.gpu_count) == ("can_run", RTX3090, "GeForce RTX 3060 12 GB", 2)


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "would a second 3090 speed up yi 34b"), ("it", "una seconda 3090 velocizza yi 34b?"),
    ("fr", "une autre 3090 accélère yi 34b ?"), ("de", "macht eine zweite 3090 yi 34b schneller?"),
    ("es", "otra 3090 acelera yi 34b?"),
])
def test_asking_whether_another_card_helps_stays_two_gpus(lang, question):
    assert ask(question).intent == "two_gpus"


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "yi 34b on a 3090 with 96gb ddr5?"), ("it", "yi 34b su una 3090 con 96gb di ram?"),
    ("fr", "yi 34b sur une 3090 avec 96 go de ram ?"), ("de", "yi 34b auf einer 3090 mit 96 gb arbeitsspeicher?"),
    ("es", "yi 34b en una 3090 con 96gb de ram?"),
])
def test_system_ram_beside_a_card_is_not_graphics_memory(lang, question):
    p = ask(question)
    assert (p.card, p.memory_gb, p.ram_gb, p.language) == (RTX3090, None, 96.0, lang)


# --------------------------------------------------------------------------- quant spellings
@pytest.mark.parametrize(("typed", "level"), [
    ("q5km", "Q5_K_M"), ("Q5-K-M", "Q5_K_M"), ("q5_km", "Q5_K_M"), ("Q3KS", "Q3_K_S"), ("q6k", "Q6_K"),
    ("iq4xs", "IQ4_XS"), ("IQ3-XXS", "IQ3_XXS"), ("q8-0", "Q8_0"),
])
def test_quant_spellings_people_use(typed, level):
    assert canonical_quant(typed) == level
    assert ask(f"yi 34b at {typed} on a 3090").quant == level


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "q6 or q4 for yi 34b on 24gb"), ("it", "q6 o q4 per yi 34b con 24gb"),
    ("fr", "q6 ou q4 pour yi 34b sur 24 go"), ("de", "q6 oder q4 für yi 34b mit 24gb"),
    ("es", "q6 o q4 para yi 34b con 24gb"),
])
def test_two_levels_are_both_kept(lang, question):
    p = ask(question)
    assert (p.intent, p.quant, p.quants, p.language) == ("can_run", None, ("Q6_K", "Q4_K_M"), lang)


# --------------------------------------------------------------------------- language of short messages
@pytest.mark.parametrize(("lang", "message"), [
    ("en", "hiya"), ("en", "good evening!"), ("it", "salve"), ("it", "buonasera a tutti"),
    ("fr", "slt"), ("fr", "bonsoir 👋"), ("de", "grüezi"), ("de", "guten tag"), ("es", "buenas tardes"),
    ("es", "saludos"),
])
def test_a_greeting_gets_help_in_its_language(lang, message):
    p = ask(message)
    assert (p.intent, p.language) == ("help", lang)


@pytest.mark.parametrize(("lang", "question"), [
    ("fr", "combien de tok/s pour yi 34b sur une 3090 en q4 avec 8k context"),
    ("fr", "yi 34b offload sur cpu, ça vaut le coup ?"),
    ("it", "con 12gb yi 9b ce la fa?"),
    ("it", "con 10 giga va bene o no"),
    ("es", "¿con 10gb va bien?"),
    ("it", "yi 9b gguf q4 va bene su 8 giga?"),
    ("de", "yi 9b gguf q4 läuft das auf 8gb?"),
    ("es", "yi 9b gguf q4 va en 8gb?"),
])
def test_short_or_mixed_messages_keep_their_language(lang, question):
    assert ask(question).language == lang


@pytest.mark.parametrize(("locale", "lang"), [("fr", "fr"), ("es-ES", "es"), ("de", "de"), ("it", "it"), (None, None)])
def test_the_discord_locale_decides_when_the_words_do_not(locale, lang):
    assert ask("yi 34b 3090?", locale).language == lang


def test_the_discord_locale_does_not_override_clear_words():
    assert ask("wie schnell ist yi 34b auf einer 3090", "fr").language == "de"


# --------------------------------------------------------------------------- two asks in one message
@pytest.mark.parametrize(("lang", "question"), [
    ("en", "who trained yi 34b and when?"), ("it", "chi ha addestrato yi 34b e quando?"),
    ("fr", "qui a entraîné yi 34b et quand ?"), ("de", "wer hat yi 34b trainiert und wann?"),
    ("es", "quien entreno yi 34b y cuando?"),
])
def test_who_and_when_are_both_asked(lang, question):
    p = ask(question)
    assert (p.intent, p.intents, p.model) == ("maker", ("maker", "release"), YI)


def test_a_single_ask_has_one_intent():
    p = ask("how fast is yi 34b on a 3090? thanks and cheers")
    assert p.intents == ("speed",)


# --------------------------------------------------------------------------- robustness
ADVERSARIAL = [
    "when " * 400, "can my " * 300, "a" * 2000, "q4 " * 600, "9" * 2000, "-".join(["x"] * 900),
    "why " + "quant " * 300, "\\" * 2000, "((((" * 500, "wie viel " * 250, "¿" * 2000, "3090 " * 400,
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=lambda t: t[:12])
def test_every_pattern_is_linear_on_long_adversarial_input(text):
    """Each lexicon pattern, on 2,000 characters built to make a backtracking regex explode, does
    a bounded amount of work: a generous step budget measured by the number of matches tried."""
    import time

    folded = fold(text)[:2000]
    for p in vocabulary_module._patterns():
        start = time.perf_counter()
        list(p.regex.finditer(folded))
        assert time.perf_counter() - start < 0.5, p.regex.pattern  # catastrophic cases take seconds+


@pytest.mark.parametrize("text", ADVERSARIAL, ids=lambda t: t[:12])
def test_parse_reads_a_bounded_prefix_and_never_crashes(text):
    assert len(clean(text)) <= tokens_module.MAX_INPUT
    p = ask(text)
    assert p.intent in set(PARSER_INTENTS)


def test_lexicon_patterns_have_no_nested_unbounded_quantifiers():
    """The shape that backtracks exponentially, "(x+)+" or "(x*)*", is absent from the data."""
    nested = re.compile(r"\([^()]*[+*]\)[+*]")
    assert [p.regex.pattern for p in vocabulary_module._patterns() if nested.search(p.regex.pattern)] == []


# --------------------------------------------------------------------------- Brazilian Portuguese (data only)
@pytest.mark.parametrize(("question", "intent", "model", "card", "gb"), [
    ("consigo rodar yi 34b na minha 3090?", "can_run", YI, RTX3090, None),
    ("dá pra rodar yi 34b com 24gb?", "can_run", YI, None, 24.0),
    ("quanta vram o yi 34b precisa?", "vram", YI, None, None),
    ("qual a velocidade do yi 34b numa 3090", "speed", YI, RTX3090, None),
    ("o que roda numa 3090?", "card_models", None, RTX3090, None),
    ("um bom modelo pra programar com 12gb?", "card_models", None, None, 12.0),
    ("melhor placa pro yi 34b", "fastest", YI, None, None),
    ("a placa mais barata pro yi 34b", "smallest", YI, None, None),
    ("duas 3090 dão conta do yi 34b?", "can_run", YI, RTX3090, None),
    ("o yi 34b não cabe na minha vram, dá pra usar a ram?", "offload", YI, None, None),
    ("yi 34b é open source?", "open_source", YI, None, None),
    ("onde baixo o yi 34b", "download", YI, None, None),
])
def test_portuguese_questions(question, intent, model, card, gb):
    p = ask(question)
    assert (p.intent, p.model, p.card, p.memory_gb, p.language) == (intent, model, card, gb, "pt")


@pytest.mark.parametrize("message", ["oi", "bom dia", "boa noite pessoal", "valeu!"])
def test_portuguese_greetings(message):
    assert (ask(message).intent, ask(message).language) == ("help", "pt")


def test_portuguese_two_asks_and_locale():
    p = ask("quem treinou o yi 34b e quando?")
    assert (p.intent, p.intents, p.language) == ("maker", ("maker", "release"), "pt")
    assert ask("yi 34b 3090?", "pt-BR").language == "pt"
