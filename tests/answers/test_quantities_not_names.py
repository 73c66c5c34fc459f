"""Words of a message that are quantities or a processor are never a model's name: a temperature ("105°", "95 °C"),
a width in bits per weight ("4bpw"), an Intel Xeon E5 named by its number ("2x xeon e5-2690 v4"), and a server
processor beside its RAM with no card is the machine, its RAM the memory (never "a 384 GB card"). Phrasings of our
own, several languages."""

from __future__ import annotations

import pytest

_NOT_FOUND = ("not_found", "ambiguous")


@pytest.mark.parametrize("question", [
    "la mia 3090 usata arriva a 102° sulla memoria, che faccio?",
    "my 3080 sits at 88 °C all day, what now",
    "meine 4070 hat 97 grad, was tun",
    "exl2 a 5bpw o gguf en una 4090, que conviene?",
    "is 6.0bpw exl3 worth it over gguf on a 4080?",
])
def test_a_quantity_is_never_taken_for_a_model(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.intent not in _NOT_FOUND, answer.text
    typed = " ".join(answer.asked.get("models", [])).lower()
    assert not any(unit in typed for unit in ("°", "grad", "bpw")), answer.asked


@pytest.mark.parametrize(("question", "lang", "cpu", "channels"), [
    ("dual xeon e5-2690 v4 with 128gb ddr4, no gpu: how fast is qwen3 30b a3b?", "en", "Xeon E5-2690 v4", 8),
    ("ho due xeon e5-2650 v4 e 64gb di ram, niente gpu: quanto va llama 3.1 8b?", "it", "Xeon E5-2650 v4", 8),
    ("un servidor con 2x e5-2697 v4 y 256gb ddr4, sin gpu, qué velocidad da gpt-oss-120b?", "es", "Xeon E5-2697 v4",
     8),
    ("une seule xeon e5-2680 v4 avec 64 go, pas de gpu, mistral small 3.2 ça tourne ?", "fr", "Xeon E5-2680 v4", 4),
])
def test_a_xeon_e5_is_the_machine_with_its_own_channels(engine, question: str, lang: str, cpu: str,
                                                       channels: int) -> None:
    """Intel ARK: the E5-2600 v4 has four DDR4-2400 channels per socket; two sockets have eight."""
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.intent not in _NOT_FOUND and "models" in answer.asked, answer.text
    assert not any("xeon" in m.lower() or "e5" in m.lower() for m in answer.asked["models"])
    assert answer.asked["cpu"] == cpu
    assert "cards" not in answer.asked and "memory_gb" not in answer.asked
    rows = [d for d in _dicts(answer.facts) if d.get("ram_channels")]
    assert rows and rows[0]["ram_channels"] == channels, rows[:1]


@pytest.mark.parametrize(("question", "ram"), [
    ("zwei xeon gold 6248 mit 192gb ddr4, keine gpu: wie schnell ist llama 3.1 70b?", 192.0),
    ("2x xeon gold 6248 e 384 gb di ram, nessuna gpu, quanto fa qwen3 235b a22b?", 384.0),
])
def test_a_server_cpu_s_ram_is_ram_never_a_card(engine, question: str, ram: float) -> None:
    answer = engine.ask(question)
    assert answer.asked.get("ram_gb") == ram and "memory_gb" not in answer.asked, answer.asked
    assert answer.asked["cpu"] == "Xeon Gold 6248"
    assert "384 GB" not in answer.text.split("\n")[0] or "RAM" in answer.text


def _dicts(value: object) -> list[dict]:
    """Every dict inside the facts, depth first."""
    out: list[dict] = []
    if isinstance(value, dict):
        out.append(value)
        for v in value.values():
            out += _dicts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out += _dicts(v)
    return out
