"""`tpsbot table|summary|card` on a setup: `--card "2x RTX 3090"`, `--gpus N`, `--ram GB [--ram-type DDR5]`.

Kept apart from cli_commands.py so the commands only call in: the setup is read with the same words
as a question (answers.setup_words), resolved like a card, and rated by estimator.setups.
"""

from __future__ import annotations

import argparse
from typing import Any

from answers import format as fmt
from answers.setups import build_setup, row_facts, setup_facts, words_from_text
from estimator.ranking import Query
from estimator.setups import Setup, rate_setup

from .cli import CliError


def add_options(p: argparse.ArgumentParser, card: bool) -> None:
    if card:
        p.add_argument("--card", metavar="SETUP", help="rate one setup too: a card, '2x RTX 3090', 'M4 Max 128GB', '4090 + 3060'")
    p.add_argument("--gpus", type=int, default=None, metavar="N", help="how many of the card (default 1)")
    p.add_argument("--ram", type=float, default=None, metavar="GB", help="system RAM beside the card(s), for offload")
    p.add_argument("--ram-type", default=None, metavar="TYPE", help="DDR4 (default), DDR5, …: sets the RAM bandwidth")


def setup_from(args: argparse.Namespace, kn: Any, text: str | None, plain: bool = True) -> Setup | None:
    """The setup the options describe; None when they name none (or, with `plain=False`, one plain card)."""
    if not text:
        if args.gpus is not None or args.ram is not None:
            raise CliError("--gpus and --ram need a card: --card NAME")
        return None
    if args.gpus is not None and args.gpus < 1:
        raise CliError("--gpus must be at least 1")
    if args.ram is not None and not (0 < args.ram <= 16384):
        raise CliError("--ram must be a size in GB, for example 64")
    from answers.setup_words import read

    words = read(text)
    if not plain and not (words.is_setup or (args.gpus or 1) > 1 or args.ram is not None):
        return None
    parts = words_from_text(text, args.gpus)
    ram = args.ram if args.ram is not None else words.ram_gb
    ram_type = args.ram_type or words.ram_type
    from .cli_commands import _resolve_card

    return build_setup(parts, lambda t: _resolve_card(kn, t)[0], ram, ram_type)


def rate_into(args: argparse.Namespace, kn: Any, query: Query, data: dict[str, Any]) -> str | None:
    """`table`/`summary`: add the setup's rating under "setup" (when the options name one); its text line."""
    setup = setup_from(args, kn, args.card)
    if setup is None:
        return None
    data.update(setup_data(query, setup))
    return setup_line(data)


def models_into(data: dict[str, Any], sizes: list[Any], setup: Setup, context: int, min_quality: str | None,
                profile: Any) -> list[dict[str, Any]]:
    """`card` on a setup: "setup" and "models" (rated on the whole setup) in `data`; the models."""
    data["setup"] = setup_facts(setup)
    data["models"] = models_on_setup(sizes, setup, context, min_quality, profile)
    return data["models"]


def setup_data(query: Query, setup: Setup) -> dict[str, Any]:
    row = rate_setup(query.profile, query.model, setup, query.context, query.min_quality, query.forced_quant)
    return {"setup": {**setup_facts(setup), "row": row_facts(row)}}


def setup_line(d: dict[str, Any]) -> str:
    r = d["setup"]["row"]
    head = f"Setup {r['card']}: "
    if r["fit"] == "offload":
        return (head + f"runs with offload at {r['quant']}, about {fmt.tok_s(r['tok_s'])} tok/s "
                f"({fmt.tok_range(r['tok_s_low'], r['tok_s_high'])}); {fmt.gb(r['offload_gb'])} GB read from "
                f"{fmt.memory(r['ram_gb'])} GB {r['ram_type']} at {fmt.integer(r['ram_bandwidth_gbps'])} GB/s")
    if r["quant"]:
        return (head + f"{r['quant']}, about {fmt.tok_s(r['tok_s'])} tok/s ({fmt.tok_range(r['tok_s_low'], r['tok_s_high'])}), "
                f"needs {fmt.gb(r['need_gb'])} of {fmt.gb(r['usable_gb'])} GB usable, {r['fit']} ({r['why']})")
    if r["slow_tok_s"]:
        return head + f"no: with offload only about {fmt.tok_s(r['slow_tok_s'])} tok/s"
    return head + f"no: needs {fmt.gb(r['need_gb'])} GB, {fmt.gb(r['usable_gb'])} GB usable"


def models_on_setup(sizes: list[Any], setup: Setup, context: int, min_quality: str | None, profile: Any) -> list[dict[str, Any]]:
    """`tpsbot card` on a setup: every model it runs (offload counts), fastest first."""
    out = []
    for m in sizes:
        r = rate_setup(profile, m, setup, context, min_quality)
        if r.runs:
            out.append({"model": m.name, "params_b": m.params_b, "active_params_b": m.active_params_b,
                        "cache_estimate": profile.cache_kind(m), "quant": r.quant.name, "need_gb": r.need_gb,  # type: ignore[union-attr]
                        "fit": r.fit, "tok_s": r.tok_s, "tok_s_low": r.tok_s_low, "tok_s_high": r.tok_s_high,
                        "confidence": r.confidence, "why": r.why})
    out.sort(key=lambda d: (-d["tok_s"], d["model"] or ""))
    return out
