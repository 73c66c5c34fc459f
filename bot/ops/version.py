"""The installed package's version: pyproject.toml's `version` is the single source, read from the
package metadata so that `tpsbot --version`, the start-up log, `catalog info` and /metrics agree.

`VERSION` is read on first use (a module-level `__getattr__`): importlib.metadata pulls in the email
package and costs ~25 ms, which a `tpsbot ask` that never shows the version should not pay. Modules
that run at start-up refer to it as `version.VERSION` at the point of use."""

from __future__ import annotations

from functools import cache


@cache
def _read() -> str:
    # lazy: importlib.metadata imports the email package (~25 ms); only --version, `catalog info`,
    # the bot's start-up log and /metrics show the version
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tpsbot")
    except PackageNotFoundError:  # run from a checkout that was never installed (pip install -e .)
        return "0+unknown"


def __getattr__(name: str) -> str:
    if name == "VERSION":
        return _read()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
