"""What someone who knows llama.cpp noticed when asking the way people type on Discord, in English,
Italian and French: "5 ppl at once" not read as people served at once, the same shared-memory machine
counted twice when named by product and by chip, "scaricare in RAM" (offload) read as "download",
"fine-tuner" not read as fine-tuning, a model's source note in English inside an Italian or French answer,
"about 3.0 tokens per second (below 3)", and more."""

from __future__ import annotations

from answers.engine import Engine


def _plain(text: str) -> str:
    """The answer as Discord shows it: no code ticks, no bold marks."""
    return text.replace("`", "").replace("**", "")


def test_ppl_is_people_served_at_once(engine: Engine) -> None:
    answer = engine.ask("can one 3090 serve 5 ppl at once on gemma3:12b")
    assert answer.intent == "users"
    assert "with 5 people at once" in _plain(answer.text)


def test_a_machine_named_by_product_and_chip_is_one_machine(engine: Engine) -> None:
    text = _plain(engine.ask("framework desktop ryzen ai max+ 395 128gb llama 3.3 70b speed?").text)
    assert "Ryzen AI Max+ 395 128 GB runs Llama 3.3 70B" in text
    assert "+ Ryzen AI Max+ 395" not in text
    # One 128 GB machine: its GPU gets a share of 128 GB, never more than the machine has.
    assert "of the 128 GB" in text and "192 GB" not in text
