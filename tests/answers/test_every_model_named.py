"""Every model a message names is answered (issue 29 item 2): "X and Y on my laptop", a second model the CPU-only
answer cannot set beside the first, a third of "X vs Y vs Z". Each gets its own figures, in the asker's language.
Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "names"), [
    ("portátil sin gráfica, i5 12450h y 16gb ddr4, ¿van bien gemma 3 4b y qwen3 4b? cuántos tok/s", "es",
     ("Gemma 3 4B", "Qwen3 4B")),
    ("nur CPU, Ryzen 7 5800X mit 32 GB DDR4: wie schnell laufen Llama 3.1 8B und Mistral 7B?", "de",
     ("Llama 3.1 8B", "Mistral 7B")),
    ("mac mini m2 pro 32gb, quanti token al secondo fanno qwen3 8b e gemma 3 12b con mlx?", "it",
     ("Qwen3 8B", "Gemma 3 12B")),
    ("sur un i7 12700 sans carte graphique, 64 go de ddr4, phi-4 ou llama 3.1 8b : combien de tokens/s ?", "fr",
     ("Phi-4", "Llama 3.1 8B")),
    ("llama 3.1 8b vs mistral 7b vs phi-4 on a 4060, which is fastest?", "en",
     ("Llama 3.1 8B", "Mistral 7B", "Phi-4")),
    ("placa rtx 3060 12gb: gemma 3 12b e qwen3 14b rodam a quantos tokens por segundo?", "pt",
     ("Gemma 3 12B", "Qwen3 14B")),
])
def test_each_model_named_has_its_figure(engine: Engine, question: str, lang: str, names: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    for name in names:
        assert name in a.text, (name, a.text)
    # each model has a speed of its own: as many speed figures as models, at least
    assert a.text.casefold().count("tok") >= len(names)


def test_the_first_model_still_leads(engine: Engine) -> None:
    a = engine.ask("nur CPU, Ryzen 7 5800X mit 32 GB DDR4: wie schnell laufen Llama 3.1 8B und Mistral 7B?")
    assert a.text.index("Llama 3.1 8B") < a.text.index("Mistral 7B")


def test_one_model_gives_one_part(engine: Engine) -> None:
    a = engine.ask("nur CPU, Ryzen 7 5800X mit 32 GB DDR4: wie schnell läuft Llama 3.1 8B?")
    assert "parts" not in a.facts


@pytest.mark.parametrize(("question", "lang", "names"), [
    ("sdxl, flux dev o sd 3.5 large: quanta vram e quanti secondi a immagine su una 4070 super?", "it",
     ("Stable Diffusion XL", "FLUX.1 [dev]", "Stable Diffusion 3.5 Large")),
    ("wan 2.2 5b oder 14b auf einer 4070 mit 12 gb, wie lange für 5 s in 480p?", "de",
     ("Wan 2.2 TI2V 5B", "Wan 2.2 T2V A14B")),
    ("bge-m3, nomic ou qwen3-embedding-0.6b : combien de chunks par seconde sur un ryzen 5 7600 sans carte ?", "fr",
     ("BGE-M3", "nomic-embed-text", "Qwen3-Embedding-0.6B")),
])
def test_each_media_model_named_is_answered(engine: Engine, question: str, lang: str,
                                            names: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    text = a.text.replace("\\", "")  # markdown escapes ("FLUX.1 \\[dev\\]")
    for name in names:
        assert name in text, (name, a.text)
