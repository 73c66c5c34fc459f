"""Every intent under both estimator profiles, through the engine and through `tpsbot ask`.

The measured profile once crashed on every "N GB" question (the memory-only card lacked a field its
rules read), and one such line ended a whole `tpsbot ask -` stream: these tests pin both.
"""

from __future__ import annotations

import io
import json

import pytest

from answers.api import INTENTS, AskOptions
from answers.engine import Engine
from bot.cli.parser import main
from tests.answers.test_answers import CASES


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

PROFILES = ("reference", "measured")

# One plain question per intent (what `tpsbot ask` and the bot's plain messages receive).
QUESTIONS: dict[str, str] = {
    "can_run": "can GLIDE run on 12 GB?",
    "power": "how much power does an RTX 3090 draw while generating?",
    "model_language": "is Qwen3 or Llama 3.1 8B better for German?",
    "knowhow": "is rocm on windows usable with a radeon?",
    "fastest": "fastest GPU for Llama 3.1 8B",
    "smallest": "smallest card for GLM-4.5V",
    "vram": "how much VRAM does Llama 3.1 8B need?",
    "speed": "how fast is Llama 3.1 8B on an RTX 4090?",
    "what_gpu": "which GPU should I buy for GLM-4.5V?",
    "why_quant": "why does GLM-4.5V use Q4_K_M?",
    "accuracy": "how accurate are the speeds for GLIDE?",
    "two_gpus": "can I split GLM-4.5V across two GPUs?",
    "offload": "can I offload GLM-4.5V to system RAM?",
    "open_source": "is GLM-4.5V open source?",
    "parameters": "how many parameters does GLM-4.5V have?",
    "maker": "who made GLM-4.5V?",
    "release": "when was GLIDE released?",
    "purpose": "what is GLIDE for?",
    "download": "where can I download GLM-4.5V?",
    "compute": "how much compute was used to train GLM-4.5V?",
    "card_models": "what can an RTX 3060 run?",
    "memory_cards": "best 12 GB card",
    "compare": "Llama 3.1 8B on RTX 4090 vs RTX 3090",
    "longest_context": "longest context for Llama 3.1 8B on 12 GB",
    "prefill": "time to first token for a 32k prompt with Llama 3.1 8B on an RTX 3090",
    "users": "how many people can an RTX 4090 serve with Llama 3.1 8B?",
    "model_info": "GLM-4.5V",
    "help": "help",
    "fallback": "the weather is nice today",
    "not_found": "how fast is Zorblax 9000 on an RTX 4090?",
    "ambiguous": "fastest GPU for llama 3",
    "invalid": "can GLIDE run on 100000 GB?",
    "family_fit": "which qwen3 should I get for an RTX 3060?",
    "off_topic": "how do I install the nvidia drivers for my RTX 3060?",
}


def test_questions_cover_every_intent() -> None:
    assert set(QUESTIONS) == set(INTENTS)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("intent", INTENTS)
def test_every_command_under_both_profiles(engine: Engine, intent: str, profile: str) -> None:
    command, entities = CASES[intent]
    answer = engine.command(command, "en", options=AskOptions(profile=profile), **entities)
    assert answer.intent == intent
    assert answer.profile == profile and answer.facts["profile"] == profile
    assert answer.text.strip()
    json.dumps(answer.facts)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("intent", INTENTS)
def test_every_question_under_both_profiles(engine: Engine, intent: str, profile: str) -> None:
    answer = engine.ask(QUESTIONS[intent], "en", AskOptions(profile=profile))
    assert answer.intent == intent, answer.text
    assert answer.profile == profile and answer.facts["profile"] == profile


@pytest.mark.parametrize("profile", PROFILES)
def test_cli_ask_stream_answers_every_intent(built_db, monkeypatch, capsys, profile: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(QUESTIONS[i] for i in INTENTS) + "\n"))
    assert main(["ask", "-", "--json", "--profile", profile, "--db", str(built_db)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["intent"] for x in lines] == list(INTENTS)
    assert {x["profile"] for x in lines} == {profile}


def test_measured_memory_question_says_what_fits(engine: Engine) -> None:
    # (GLIDE, an image model, gets the image answer under `measured`: tests/answers/test_media_answers.py)
    answer = engine.ask("can Llama 3.1 8B run on 12 GB?", "en", AskOptions(profile="measured"))
    assert answer.intent == "can_run" and answer.facts["mode"] == "memory"
    assert answer.facts["virtual"]["fits"] is True
    assert answer.text.startswith("**Yes**")


def test_a_failing_line_reports_an_error_and_the_stream_goes_on(built_db, monkeypatch, capsys) -> None:
    real = Engine._ask

    def broken(self, question, *args, **kwargs):  # noqa: ANN001, ANN202
        if "BOOM" in question:
            raise RuntimeError("deliberate failure")
        return real(self, question, *args, **kwargs)

    monkeypatch.setattr(Engine, "_ask", broken)
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nBOOM\n\nwho made GLM-4.5V?\n"))
    assert main(["ask", "-", "--json", "--db", str(built_db)]) == 1
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert out[0]["intent"] == "help"
    assert out[1] == {"error": "RuntimeError: deliberate failure", "line": 2, "question": "BOOM"}
    assert out[2]["intent"] == "maker"

    monkeypatch.setattr("sys.stdin", io.StringIO("BOOM\nhelp\n"))
    assert main(["ask", "-", "--db", str(built_db)]) == 1
    captured = capsys.readouterr()
    assert captured.err == "tpsbot: error: line 1: RuntimeError: deliberate failure\n"
    assert captured.out.strip()  # the help answer still came


@pytest.mark.parametrize("profile", PROFILES)
def test_vram_parts_add_up_to_each_level_under_both_profiles(engine: Engine, profile: str) -> None:
    f = engine.command("vram", "en", model="Llama 3.1 8B", options=AskOptions(profile=profile)).facts
    assert len(f["levels"]) >= 2
    for lv in f["levels"]:
        assert lv["weights_gb"] + f["cache_gb"] + f["runtime_gb"] == pytest.approx(lv["need_gb"], abs=1e-9)


def test_vram_rule_is_the_profiles_own(engine: Engine) -> None:
    ref = engine.command("vram", "en", model="Llama 3.1 8B").facts
    # ESTIMATOR.md §2: the reference allows 0.635 GB for the runtime and holds at 90 % of memory.
    assert (ref["runtime_gb"], ref["holds_share"], ref["reserve_gb"]) == (0.635, 0.9, 0.0)
    measured = engine.command("vram", "en", model="Llama 3.1 8B", options=AskOptions(profile="measured"))
    m = measured.facts
    assert m["holds_share"] == 1.0 and m["reserve_gb"] > 0
    assert m["runtime_gb"] != 0.635
    assert "90%" not in measured.text and "minus about" in measured.text


def test_the_estimator_reads_nothing_and_registers_nothing_at_import() -> None:
    """Importing every estimator module opens no data file: profiles are built by answers.profiles."""
    import subprocess
    import sys

    code = (
        "import importlib.resources as r, pkgutil\n"
        "def refuse(*a, **k): raise AssertionError('data read at import')\n"
        "r.files = refuse\n"
        "import estimator\n"
        "for m in pkgutil.iter_modules(estimator.__path__): __import__('estimator.' + m.name)\n"
        "import estimator.measured as me, estimator.profile as pr\n"
        "assert not hasattr(me, 'MEASURED') and not hasattr(pr, 'get_profile')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_one_intent_table_drives_every_list() -> None:
    """Each intent is declared once; the engine, parser and bot sets are views of that table."""
    from answers import intents_table as t
    from answers.rendering.render import TEMPLATES

    assert len(t.INTENT_TABLE) == len(t.SPECS) == 34
    assert t.PARSER_INTENTS[:3] == ("why_quant", "two_gpus", "offload") and t.PARSER_INTENTS[-1] == "fallback"
    assert set(t.PARSER_INTENTS) == set(t.INTENTS) - {"not_found", "ambiguous", "invalid", "family_fit",
                                                      "model_language", "off_topic", "knowhow"}
    assert t.TABLE_INTENTS == {"fastest", "smallest", "card_models"} == set(t.PAGE_CODES)
    assert {s.name for s in t.INTENT_TABLE if s.private} == {"not_found", "ambiguous", "invalid"}
    for spec in t.INTENT_TABLE:
        assert (TEMPLATES / spec.template).is_file(), spec.name
        assert spec.builder is not None or spec.private or spec.name == "family_fit"  # the engine's own facts
