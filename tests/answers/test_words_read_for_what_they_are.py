"""Words that only look like something else are read for what they are (issue 29, readings6): a plural of a known
word is no typo of an asking word, a sentence with one model word in it is no model name, "how do I calculate" is no
training-compute question, a family asked for its context or its mixtures gets every member's sheet, people said
"at the same time" are the ones served at once, and `asked.model_repos` gives each model's official spelling.
Questions written for these tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("aquí los precios son otra historia: ¿una 3090 usada o una 5060 ti 16gb?", "es"),
    ("os preços aqui são absurdos, vale mais uma 3090 usada ou uma 5060 ti 16gb?", "pt"),
    ("les prix sont délirants ici, 3090 d'occasion ou 5060 ti 16go ?", "fr"),
])
def test_two_cards_with_chatter_about_prices_stay_a_comparison(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "compare", a.text
    assert [c["name"] for c in a.asked["cards"]] == ["GeForce RTX 3090", "GeForce RTX 5060 Ti 16 GB"]


@pytest.mark.parametrize("question", [
    "home voice helper (whisper + small llm + piper) on a jetson orin nano super, how long until it speaks?",
    "un assistente vocale fatto in casa con whisper più un piccolo llm e piper su jetson orin nano super?",
    "sprachsteuerung daheim mit whisper und kleinem llm auf einem jetson orin nano super, wie schnell?",
])
def test_a_sentence_with_one_model_word_is_not_a_model_name(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent not in ("not_found", "fallback"), a.text
    sentence = ("llm", "+", "helper", "home", "vocale", "casa", "sprachsteuerung", "daheim", "kleinem")
    assert not any(w in m.casefold() for m in a.asked.get("models", []) for w in sentence), a.asked


@pytest.mark.parametrize(("question", "lang"), [
    ("¿cómo calculo cuánta vram usa el contexto de llama 3.1 8b a 16k?", "es"),
    ("como eu calculo quanta memória o contexto de 16k vai ocupar no llama 3.1 8b? não sei fazer a conta", "pt"),
])
def test_how_do_i_calculate_the_memory_is_a_memory_question(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "vram", a.text
    assert a.asked["context"] == 16384


def test_compute_spent_in_training_is_still_compute(engine: Engine) -> None:
    assert engine.ask("¿cuánto cálculo hizo falta para entrenar llama 3.1 8b?").intent == "compute"


@pytest.mark.parametrize(("question", "lang", "context"), [
    ("when did qwen3.5 come out, what's its max context, and are any of them moe?", "en", "262,144"),
    ("qwen3.5: wann erschienen, wie viel Kontext maximal, gibt es MoE-Versionen?", "de", "262.144"),
    ("qwen3.5 saiu quando e qual é o contexto máximo? tem versões moe?", "pt", "262.144"),
])
def test_a_family_asked_for_context_and_mixtures_gets_each_members_sheet(engine: Engine, question: str, lang: str,
                                                                         context: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "longest_context", a.text
    sizes = a.facts["family"]["sizes"]
    assert {"27B", "35B-A3B", "122B-A10B"} <= set(sizes)
    assert context in a.text and "2026" in a.text
    lines = {line.split(":")[0].strip("-* "): line for line in a.text.splitlines() if line.startswith("- ")}
    # the dense one and a mixture are told apart, with the active part of the mixture
    assert lines["35B-A3B"].count(" 3 ") == 1 and " 35 " in lines["35B-A3B"], lines
    assert " 3 " not in lines["27B"], lines


def test_the_sheet_gives_each_members_own_context(engine: Engine) -> None:
    a = engine.ask("quel est le contexte max de chaque taille de gemma 3 ?")
    assert a.intent == "longest_context", a.text
    by_name = {m["size"]: m["max_context"] for m in a.facts["family"]["members"]}
    assert by_name["1B"] == 32768 and by_name["27B"] == 131072  # Gemma 3's model card: 32K for 1B, 128K above


@pytest.mark.parametrize(("question", "users"), [
    ("for 60 interns, maybe 8-12 at the same time, which gpu for qwen3 14b?", 12),
    ("150 Schüler, höchstens 25 zur gleichen Zeit, llama 3.1 8b mit vllm, welche karte?", 25),
    ("120 alunos, uns 15 ao mesmo tempo, qwen3 8b, que placa?", 15),
    ("pour 80 élèves, 10 en même temps, quelle carte pour qwen3 8b ?", 10),
    ("40 usuarios, 6 a la vez, qwen3 8b en una 4090?", 6),
    ("30 colleghi, 5 allo stesso tempo, basta una 3090 per qwen3 14b?", 5),
])
def test_people_said_at_the_same_time_are_the_ones_served(engine: Engine, question: str, users: int) -> None:
    assert engine.ask(question).asked.get("users") == users


def test_models_at_the_same_time_count_no_people(engine: Engine) -> None:
    assert "users" not in engine.ask("can i keep 2 models loaded at the same time on a 3090?").asked


def test_each_model_carries_its_official_spelling(engine: Engine) -> None:
    a = engine.ask("qwen3-32b or claude on a 4090?")
    assert a.asked["models"][0] == "Qwen3 32B"  # the contract's catalog name stays
    assert a.asked["model_repos"][0] == "Qwen/Qwen3-32B"
    assert len(a.asked["model_repos"]) == len(a.asked["models"]) and a.asked["model_repos"][-1] is None
    assert "model_repos" not in engine.ask("what can a 3060 run?").asked
    assert "model_repos" not in a.unused


def _benchmark():  # noqa: ANN202
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "asked_accuracy.py"
    spec = importlib.util.spec_from_file_location("asked_accuracy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_conditions_benchmark_counts_the_official_spelling_as_strict() -> None:
    right = _benchmark().right
    assert right("models", ["Qwen3-32B"], ["Qwen3 32B"], "strict", repos=["Qwen/Qwen3-32B"])
    assert not right("models", ["Qwen3-32B"], ["Qwen3 32B"], "strict", repos=[None])
    assert not right("models", ["Qwen3-14B"], ["Qwen3 32B"], "strict", repos=["Qwen/Qwen3-32B"])


@pytest.mark.parametrize(("question", "third"), [
    ("gebrauchte 3090, neue 5070 ti oder eine arc pro b60 für 30b modelle?", "Arc Pro B60"),
    ("una 3090 usada, una 5070 ti nueva o una arc b580, para modelos de 14b?", "Arc B580"),
    ("3090 used, new 4070 ti super or a 7900 xtx for 32b models?", "Radeon RX 7900 XTX"),
])
def test_a_cards_state_does_not_drop_the_third_card_of_a_list(engine: Engine, question: str, third: str) -> None:
    a = engine.ask(question)
    assert a.intent == "compare", a.text
    assert third in a.text


@pytest.mark.parametrize("question", [
    "mostly 30b models plus a bit of sdxl: a used 3090 or a new 5070 ti?",
    "hauptsächlich 14b modelle und ab und zu flux: 4070 ti super oder 3090?",
])
def test_an_image_model_beside_a_language_model_size_keeps_the_cards_weighed(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent == "compare" and "tok/s" in a.text, a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("could you write me a system prompt so mistral stops apologising all the time?", "en"),
    ("mi scrivi un system prompt per far rispondere llama sempre in italiano?", "it"),
    ("escríbeme un prompt del sistema para que qwen conteste corto", "es"),
])
def test_asking_for_a_system_prompt_is_declined_as_prompts(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.asked.get("off_topic") == "prompts", (a.intent, a.text)


@pytest.mark.parametrize(("question", "family", "language"), [
    ("does gemma 3 speak german officially?", "Gemma 3", "German"),
    ("what languages does qwen3 support officially?", "Qwen3", "Spanish"),
    ("tell me about llama 3.1, is it moe?", "Llama 3.1", "Portuguese"),
])
def test_a_family_named_for_its_facts_gets_the_sheet_and_its_languages(engine: Engine, question: str, family: str,
                                                                        language: str) -> None:
    a = engine.ask(question)
    assert a.intent == "model_info", a.text
    assert a.asked["models"][0].casefold() == family.casefold()  # the name alone, not "gemma 3 speak german…"
    assert a.facts["family"]["name"] == family and language in a.text
    assert a.facts["family"]["languages_source"]


@pytest.mark.parametrize(("question", "lang"), [
    ("bge-reranker-v2-m3 on my cpu for a rag over 20k pages: fast enough or do I need a gpu?", "en"),
    ("bge-reranker-v2-m3 en cpu para un rag de 20 mil páginas, ¿hace falta gpu?", "es"),
])
def test_a_collection_size_is_not_the_pairs_a_reranker_scores(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    facts = a.facts
    assert facts.get("items_asked") == 20000 and "total_seconds" not in facts, facts
    # the time is per question: 50 candidates of 512 tokens at the CPU's tokens a second (independent arithmetic)
    assert facts["query_seconds"] == pytest.approx(50 * 512 / facts["tokens_per_second"], abs=0.1)


def test_gemma_4_lists_its_small_sizes_too(engine: Engine) -> None:
    a = engine.ask("which sizes does gemma 4 come in, and under which licence?")
    assert a.facts["family"]["sizes"][:2] == ["E2B", "E4B"], a.text  # the phone-sized ones, audio in (model card)
    assert "Apache-2.0" in a.text
    assert engine.ask("gemma 4 e4b on an 8gb card?").asked["models"] == ["Gemma 4 E4B"]


@pytest.mark.parametrize(("question", "lang"), [
    ("ud-q2_k_xl ou iq2_xxs pour deepseek, avec 256 go de ram et pas de gpu ?", "fr"),
    ("deepseek con 384gb de ram ddr5, ¿qué cuantización uso?", "es"),
])
def test_a_makers_name_alone_stands_for_its_line_of_one_architecture(engine: Engine, question: str,
                                                                      lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent not in ("ambiguous", "not_found"), a.text
    # DeepSeek V3, V3.1, V3.2 and R1 share 671B / 37B active (their configs): the newest stands for them
    assert a.asked["models"] == ["DeepSeek-V3.2"]


def test_a_family_of_sizes_keeps_asking_which_one(engine: Engine) -> None:
    assert engine.ask("when did llama come out?").intent in ("ambiguous", "release")
    assert engine.ask("who makes qwen3?").facts.get("family") is not None  # the family's answer, no default pick


@pytest.mark.parametrize("question", [
    "x16 + x4 with two 3090s, is a llama.cpp layer split fine?",
    "zwei 4060 ti auf x8 und x8, reicht das für qwen3 14b?",
])
def test_two_link_widths_are_the_board_not_a_model(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent not in ("not_found", "ambiguous", "fallback"), a.text
    assert not any("x16" in m or "x8" in m for m in a.asked.get("models", [])), a.asked


@pytest.mark.parametrize("question", [
    "quiet build for the living room, 70b at 10 t/s, budget 4000 eur?",
    "per il salotto, silenziosa, modelli 70b, budget 4000 euro?",
])
def test_words_beside_a_bare_size_are_no_model_name(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert "catalog" not in a.text.split("\n")[0].casefold() and "catalogo" not in a.text.split("\n")[0], a.text
    assert a.facts.get("missing") is None, a.facts.get("missing")


@pytest.mark.parametrize("question", [
    "in my homelab with proxmox, a p40 for llama 3.1 8b?",
    "nel mio homelab con proxmox, una 3060 per qwen3 8b?",
])
def test_the_setups_software_named_beside_a_model_and_a_card_is_no_decline(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent != "off_topic" and "tok" in a.text, a.text
