"""Failure classes found with tests/data/corpus_people_2.jsonl, each asked in six languages with other
words than that corpus and the held-out set: what a user would see go wrong if the class came back."""

from __future__ import annotations

import pytest

from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver


def ask(q: str):
    return parse(q, model_resolver(), gpu_resolver())


@pytest.mark.parametrize("q", [
    "my macbook with an m4 max and 48gb, can it load mistral small 3.1",
    "il mio mac con m4 pro da 24gb regge phi 4?",
    "mon imac m4 pro 24 go fait tourner phi 4 ?",
    "mein macbook m4 max mit 36gb, packt der mistral small 3.1?",
    "mi macbook m4 pro de 24gb mueve phi 4?",
    "meu macbook m4 max de 36gb roda o mistral small 3.1?",
])
def test_an_apple_m4_pro_or_max_is_the_chip_not_the_tesla_m4(q):
    p = ask(q)
    assert p.card is not None and p.card.startswith("m4 ") and p.card != "Tesla M4"


@pytest.mark.parametrize("q", [
    "would a 2nd 4070 speed things up with gemma 3 27b",
    "una seconda 4070 aiuta con gemma 3 27b?",
    "une deuxième 4070 ça aide pour gemma 3 27b ?",
    "hilft eine weitere 4070 bei gemma 3 27b?",
    "otra 4070 acelera gemma 3 27b?",
    "colocar outra 4070 ajuda no gemma 3 27b?",
])
def test_asking_whether_one_more_card_helps_is_two_gpus(q):
    assert ask(q).intent == "two_gpus"


@pytest.mark.parametrize("q", [
    "what stuff can i ask this bot",
    "quali cose posso chiederti?",
    "quelles questions je peux te poser ?",
    "welche fragen kann ich dir stellen?",
    "que preguntas te puedo hacer?",
    "quais perguntas eu posso fazer?",
])
def test_asking_what_one_may_ask_is_help(q):
    assert ask(q).intent == "help"


@pytest.mark.parametrize("q", [
    "picking a card for gemma 3 27b, ideas?",
    "devo scegliere una scheda per gemma 3 27b",
    "je dois choisir une carte pour gemma 3 27b",
    "ich muss eine grafikkarte aussuchen für gemma 3 27b",
    "tengo que escoger una tarjeta para gemma 3 27b",
    "preciso escolher uma placa pro gemma 3 27b",
])
def test_choosing_a_card_for_a_model_is_which_gpu(q):
    p = ask(q)
    assert (p.intent, p.model) == ("what_gpu", "Gemma 3 27B")


@pytest.mark.parametrize("q", [
    "how big is phi 4 at q8",
    "phi 4 in q8 quanto pesa?",
    "phi 4 en q8, ça pèse combien ?",
    "wie groß ist phi 4 in q8?",
    "cuanto pesa phi 4 en q8?",
    "qual o tamanho do phi 4 em q8?",
])
def test_a_size_asked_at_a_quant_level_is_memory_not_parameters(q):
    p = ask(q)
    assert (p.intent, p.quant) == ("vram", "Q8_0")


def test_a_card_size_is_not_a_second_card():
    p = ask("good models for a 16gb card")
    assert p.intent == "card_models" and p.memory_gb == 16.0 and p.gpu_count is None


@pytest.mark.parametrize("q", [
    "3x 3060 vs 1x 4090 for qwen3 32b",
    "3x 3060 o una 4090 per qwen3 32b, quale va meglio?",
])
def test_two_setups_side_by_side_are_compared_not_pooled(q):
    p = ask(q)
    assert p.intent == "compare" and p.gpu_count is None
    assert {p.card, p.card2} == {"GeForce RTX 3060 12 GB", "GeForce RTX 4090"}


@pytest.mark.parametrize("q, first", [
    ("when did phi 4 come out and who made it", "release"),
    ("who made phi 4 and when", "maker"),
    ("quando è uscito phi 4 e chi l'ha fatto?", "release"),
])
def test_two_asks_keep_the_order_they_were_asked_in(q, first):
    p = ask(q)
    assert p.intent == first and set(p.intents) == {"maker", "release"} and p.intents[0] == first


@pytest.mark.parametrize("q, model", [
    ("where's the gguf for phi-4 reasoning", "Phi-4-reasoning"),
    ("llama 3.2 11b vision gira su 12gb?", "Llama 3.2 11B Vision"),
])
def test_a_task_word_that_ends_a_models_name_is_the_name(q, model):
    assert ask(q).model == model


def test_a_list_comma_after_a_model_number_is_not_a_card_count():
    p = ask("for gemma 3, 4090 or 5090?")
    assert p.gpu_count is None and {p.card, p.card2} == {"GeForce RTX 4090", "GeForce RTX 5090"}


@pytest.mark.parametrize("q, lang", [
    ("essas placas são boas mesmo?", "pt"),
    ("maior contexto que cabe numa 4090?", "pt"),
    ("miglior modello sotto i 10 gb?", "it"),
    ("hi", "en"),
])
def test_short_messages_get_their_language(q, lang):
    assert ask(q).language == lang
