"""A server or workstation processor named as the machine ("two Xeon E5-2690 v4 and 128 GB, no graphics card")
is read as that machine, never as an unknown model, and its platform's channels are said as the platform's."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("meu servidor tem dois xeon e5-2690 v4 com 128gb ddr4, sem gpu nenhuma. dá pra rodar algo?", "pt"),
    ("ich habe einen alten server mit xeon e5-2690 v4 und 128gb ddr4 ohne grafikkarte, läuft da was?", "de"),
    ("an old box with a xeon gold 6138 and 192gb ram, no gpu: anything worth running?", "en"),
    ("un vecchio server con epyc 7543 e 256gb, senza scheda video: ci gira qualcosa?", "it"),
])
def test_a_server_processor_is_the_machine_not_a_model(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent != "not_found", a.text
    assert a.facts.get("cpu_only") or a.facts.get("cpu"), a.facts.keys()


def test_a_named_servers_channels_are_said_as_its_platforms(engine: Engine) -> None:
    a = engine.ask("what runs on a xeon gold 6138 server with 384gb ram, no gpu?", locale="en")
    # 6 channels of DDR4-2666 per socket, said as the named processor's, never "a desktop's dual-channel"
    assert "platform you named" in a.text or "taken from the Intel Xeon Gold 6138 named" in a.text
    assert "desktop's dual-channel" not in a.text
