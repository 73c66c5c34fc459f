"""A fine-tuning question worked out leads with its verdict: does the run fit, how long it takes; a memory said without
a card is timed on the usual card of that size; a full fine-tune too big for the cards says what makes it run
(DeepSpeed ZeRO-3 with the optimizer in system RAM) with that run's memory and time, never a time for a run it
calls impossible; counts of examples are never cards, and an example's length said after them is read."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine


def _first(text: str) -> str:
    return re.sub(r"[*_`]", "", text).strip().splitlines()[0]


@pytest.mark.parametrize(("question", "lang", "lead"), [
    ("can i qlora mistral 7b on a 12gb card, 20k examples of about 600 tokens each? how long?", "en",
     "Yes: QLoRA of Mistral 7B fits"),
    ("QLoRA de Qwen3 14B avec 4000 exemples sur une 4060 ti 16 go, combien de temps ?", "fr",
     "Oui : QLoRA de Qwen3 14B tient"),
    ("lora de llama 3.1 8b con 6000 ejemplos de ~800 tokens en una gpu de 24gb, cuánto tarda?", "es",
     "Sí: LoRA de Llama 3.1 8B cabe"),
    ("dá pra fazer lora de 16 bits do llama 3.3 70b numa 3090? 5000 exemplos", "pt", "Não: LoRA de Llama 3.3 70B"),
])
def test_fine_tuning_leads_with_its_verdict(engine: Engine, question: str, lang: str, lead: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert _first(a.text).startswith(lead)


def test_a_memory_without_a_card_is_timed_on_the_usual_nvidia_card(engine: Engine) -> None:
    a = engine.ask("can i qlora mistral 7b on a 12gb card, 20k examples of about 600 tokens each? how long?")
    run = a.facts["finetune"]
    assert run["example_tokens"] == 600 and run["examples"] == 20_000
    assert run["tokens"] == 20_000 * 600  # the stated dataset, not the 512-token default
    assert run["time"]["card_stand_in"] is True and "NVIDIA" in a.text or "GeForce" in run["time"]["card"]
    assert "hours" in _first(a.text) or "minutes" in _first(a.text)  # the time is in the verdict


def test_counts_of_examples_are_never_cards(engine: Engine) -> None:
    a = engine.ask("qlora von qwen3 14b auf einer 4070 ti super mit 5000 beispielen, wie lange?")
    assert [c["name"] for c in a.asked["cards"]] == ["GeForce RTX 4070 Ti SUPER"]
    assert "finetune_also" not in a.facts
    b = engine.ask("lora of mistral 7b with 8000 examples of about 700 tokens on a 4090")
    assert [c["name"] for c in b.asked["cards"]] == ["GeForce RTX 4090"]
    assert b.asked["example_tokens"] == 700 and "context" not in b.asked  # an example's length, not a sequence


@pytest.mark.parametrize(("question", "lang", "lead", "cards"), [
    ("Volles Fine-Tuning von Qwen3 8B auf 2x RTX 4090 mit 256 GB RAM, geht das mit DeepSpeed?", "de",
     "Nicht so, wie es ist", 2),
    ("fine tuning completo di llama 3.1 8b su una 3090 con 192 gb di ram, ce la fa?", "it", "Non così com'è", 1),
])
def test_a_full_fine_tune_too_big_says_what_makes_it_run(engine: Engine, question: str, lang: str, lead: str,
                                                        cards: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang and _first(a.text).startswith(lead)
    run = a.facts["finetune"]
    z = run["zero3"]
    params_b = a.facts["model"]["params_b"]
    # DeepSpeed's estimator with the optimizer offloaded: 16 bytes a parameter in RAM, 2 / cards on each card
    assert z["ram_gb"] == pytest.approx(16 * params_b, abs=1)
    assert z["card_gb"] >= 2 * params_b / cards and z["card_gb"] <= 24
    assert z["ram_enough"] is True and z["count"] == cards
    assert z["hours"] > run["time"]["hours"]  # the processor's optimizer steps come on top
    assert "offload_optimizer" in a.text and "8-bit AdamW" in a.text or "AdamW" in a.text


def test_a_run_that_cannot_fit_gets_no_time(engine: Engine) -> None:
    a = engine.ask("full fine-tune of llama 3.3 70b on one rtx 4090, how long for 10k examples?")
    run = a.facts["finetune"]
    assert run["fits"] is False and "zero3" not in run  # 70B's weights alone outgrow a 24 GB card
    assert "No time is given for a run that does not fit" in a.text
    assert "Renting it on" not in a.text


@pytest.mark.parametrize(("question", "lang", "pick", "reason", "words"), [
    ("which tool should i use to qlora mistral 7b on my 4070?", "en", "Unsloth", "one_card", ("Which tool: Unsloth",)),
    ("quale strumento per una lora di qwen3 8b su due 3090? unsloth va in multi gpu?", "it", "Unsloth", "copies",
     ("Unsloth su più schede",)),
    ("qlora de llama 3.3 70b en 2x 3090 con llama-factory o torchtune?", "es", "Axolotl", "split",
     ("julio de 2025", "LlamaBoard")),
    ("quel outil pour un fine-tuning complet de llama 3.1 8b sur 2x 4090 ?", "fr", "Axolotl", "full",
     ("DeepSpeed ZeRO-3",)),
])
def test_which_trainer_gets_one_pick_for_the_cards(engine: Engine, question: str, lang: str, pick: str,
                                                  reason: str, words: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    tool = a.facts["finetune_tool"]
    assert (tool["pick"], tool["reason"]) == (pick, reason)
    assert tool["url"].startswith("https://")
    lines = re.sub(r"[*_`]", "", a.text).splitlines()
    assert all(w in a.text for w in words)
    assert any(w in lines[1] for w in ("Which tool", "Quale strumento", "Qué herramienta", "Quel outil"))  # 2nd line
