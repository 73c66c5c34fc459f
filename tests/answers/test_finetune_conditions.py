"""A fine-tuning run answered with every condition said: the sequence length in the memory and the time, Unsloth's
offloaded checkpoints, each card named (a free T4 or a rented A100), the run asked even when a word suggests the
licence. Phrasings written for these tests, in several languages; figures from Unsloth's published benchmarks or
worked by hand."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge.fine_tuning import finetune_constants
from answers.reading.train_words import read
from estimator import finetune as ft


@pytest.mark.parametrize(("question", "sequence"), [
    ("qlora llama 3.1 8b, seq len 4096, on my 3090", 4096),
    ("can I fine-tune mistral 7b at 16k seq length?", 16_384),
    ("lunghezza di sequenza 8192 per un qlora di qwen3 8b", 8192),
    ("longueur de séquence 2048, lora sur une 4070", 2048),
    ("Sequenzlänge 4096, QLoRA auf einer 4090", 4096),
    ("entrenar con longitud de secuencia de 8192 tokens", 8192),
    ("max_seq_length = 3000 com unsloth", 3000),
])
def test_a_training_sequence_length_is_read(question: str, sequence: int) -> None:
    train = read(question)
    assert train is not None and train.sequence == sequence


def test_unsloth_activations_match_its_published_context_lengths() -> None:
    # Unsloth Benchmarks: Llama 3.1 8B 4-bit QLoRA, batch 1, fits 40,724 tokens in 16 GB and 78,475 in 24 GB
    c = finetune_constants()
    shape = ft.Shape(32, 4096, 128_256)
    at16 = ft.memory("qlora", 8.03, c, shape, sequence_tokens=40_724, offloaded=True).total_gb
    at24 = ft.memory("qlora", 8.03, c, shape, sequence_tokens=78_475, offloaded=True).total_gb
    assert 14.0 <= at16 <= 16.5 and 22.0 <= at24 <= 24.5
    # without the offload the same 40k tokens are far above 16 GB (Hugging Face + FA2 fits 2,551 there)
    assert ft.memory("qlora", 8.03, c, shape, sequence_tokens=40_724).total_gb > 30


def test_the_sequence_said_is_the_one_worked_out(engine: Engine) -> None:
    a = engine.ask("qlora de llama 3.1 8b con unsloth en una rtx 3060 12gb, longitud de secuencia 16k, 20k ejemplos")
    assert a.locale == "es"
    run = a.facts["finetune"]
    assert run["memory"]["sequence_tokens"] == 16_384 and a.asked["train_sequence"] == 16_384
    # one layer's activations a token: 16,384 × 4,096 × 52 bytes = 3.49 GB
    assert run["memory"]["activations_gb"] == pytest.approx(3.5, abs=0.05)
    assert run["fits"] is True and "Unsloth" in a.text
    # 20,000 examples of an assumed 512 tokens; filling the 16k sequence is 32 times the tokens
    assert run["time"]["hours_full_sequence"] == pytest.approx(run["time"]["hours"] * 32, rel=0.01)


def test_without_unsloth_a_long_sequence_keeps_every_layer_on_the_card(engine: Engine) -> None:
    a = engine.ask("can I qlora llama 3.1 8b on a 4060 ti 16gb at 32k seq len with plain transformers?")
    run = a.facts["finetune"]
    assert run["memory"]["sequence_tokens"] == 32_768 and run["memory"]["offloaded_by"] is None
    assert run["fits"] is False


@pytest.mark.parametrize(("question", "lang"), [
    ("quiero entrenar qwen3 8b con qlora y unsloth en colab gratis con una t4, o mejor alquilo una a100?", "es"),
    ("qlora di qwen3 8b con unsloth: basta la t4 gratuita di colab o serve una a100?", "it"),
    ("QLoRA von Qwen3 8B mit Unsloth: reicht die kostenlose T4 bei Colab oder besser eine A100 mieten?", "de"),
])
def test_each_card_named_gets_the_run(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    run, other = a.facts["finetune"], a.facts["finetune_also"][0]
    assert run["time"]["card"] == "Tesla T4" and run["fits"] is True  # Unsloth's table: 8B QLoRA in about 6 GB
    assert other["time"]["card"].startswith("A100") and other["fits"] is True
    assert other["time"]["hours"] < run["time"]["hours"]  # an A100 trains faster than a T4
    assert "A100" in a.text and "T4" in a.text


def test_unsloths_table_is_the_floor_of_the_worked_figure(engine: Engine) -> None:
    # Unsloth's requirements table: 32B QLoRA needs at least 26 GB, more than a 24 GB card
    a = engine.ask("qlora qwen3 32b com unsloth numa rtx 4090, comprimento de sequência 2048, cabe?")
    run = a.facts["finetune"]
    assert run["memory"]["floor_gb"] == 26 and run["memory"]["counted_gb"] == 26 and run["fits"] is False


def test_a_tied_embedding_is_counted_once(engine: Engine) -> None:
    # Gemma 3 12B ties its 262,144 × 3,840 embedding to the output: one 16-bit matrix (2.0 GB), not two;
    # people report its Unsloth QLoRA at about 9-10 GB
    a = engine.ask("qlora gemma 3 12b with unsloth on a 16gb card, how much vram?")
    assert 9.0 <= a.facts["finetune"]["memory"]["total_gb"] <= 10.5
