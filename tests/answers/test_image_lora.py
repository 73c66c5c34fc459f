"""Training a LoRA for an image model the question names (SDXL): the decline names it and never asks for a
model already named; where the data has its trainer's memory minimum (kohya-ss sd-scripts: 12 GB for SDXL),
that rule against the card named. Phrasings written for these tests, in several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge.fine_tuning import FineTuningDataError, parse


@pytest.mark.parametrize(("question", "lang", "fits"), [
    ("can I train an sdxl lora on a 4060 ti 16gb?", "en", True),
    ("posso addestrare una lora di sdxl sulla mia rtx 3060 ti da 8 gb?", "it", False),
    ("entraîner une lora sdxl sur une rtx 4070 de 12 go, ça passe ?", "fr", True),
    ("kann ich auf meiner 3070 eine SDXL LoRA trainieren?", "de", False),
    ("¿puedo entrenar una lora de stable diffusion xl con una 3090?", "es", True),
])
def test_an_image_lora_gets_its_memory_rule_not_a_request_for_the_model(engine: Engine, question: str, lang: str,
                                                                         fits: bool) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lora = a.facts["image_lora"]
    assert lora["gb"] == 12  # sd-scripts README: "The LoRA training can be done with 12GB GPU memory"
    assert lora["fits"] is fits
    assert "Llama 3.1 8B" not in a.text  # the "name the model" example is not asked for
    assert "github.com/kohya-ss/sd-scripts" in a.text


def test_an_image_lora_without_a_card_gives_the_rule_alone(engine: Engine) -> None:
    a = engine.ask("how much vram do i need to train a lora for sdxl?")
    assert a.facts["image_lora"]["gb"] == 12 and "memory_gb" not in a.facts["image_lora"]
    assert "Name the model" not in a.text


def test_running_sdxl_is_not_a_training_answer(engine: Engine) -> None:
    a = engine.ask("how fast is sdxl on a 3060?")
    assert "image_lora" not in a.facts


def test_an_image_lora_row_needs_its_source() -> None:
    base = {"rows": [{"params_b": 3, "qlora_gb": 3.5, "lora_gb": 8}], "source": "s", "url": "https://x",
            "method_source": "m", "full_training_source": "f", "full_training_bytes_per_param": 16}
    with pytest.raises(FineTuningDataError):
        parse(base | {"image_lora": [{"model": "SDXL", "names": ["sdxl"], "gb": 12}]})
    with pytest.raises(FineTuningDataError):
        parse(base | {"image_lora": [{"model": "SDXL", "names": ["sdxl"], "gb": 12, "source": "s",
                                      "url": "http://x"}]})


@pytest.mark.parametrize(("question", "lang"), [
    ("une lora de flux dev avec ma 4070 ti super, ça se fait ?", "fr"),
    ("una lora di flux dev sulla mia 4060 ti 16gb, in quanto tempo?", "it"),
    ("entrenar una lora para flux dev con una 4090", "es"),
])
def test_a_lora_of_an_image_model_is_read_as_training_it(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent != "invalid"
    assert a.facts.get("out_of_scope") == "fine_tuning" and a.facts["image_lora"]["named"]
