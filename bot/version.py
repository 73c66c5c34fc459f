"""The installed package's version: pyproject.toml's `version` is the single source, read from the
package metadata so that `tpsbot --version`, the start-up log, `catalog info` and /metrics agree."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    VERSION = version("tpsbot")
except PackageNotFoundError:  # run from a checkout that was never installed (pip install -e .)
    VERSION = "0+unknown"
