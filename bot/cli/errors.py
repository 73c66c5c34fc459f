"""The CLI's one error type, below bot.cli and bot.cli_commands so that neither imports the other
for it (no import loop)."""

from __future__ import annotations


class CliError(Exception):
    """One line on stderr (`tpsbot: error: …`) and this exit code: 2 bad input, 1 a database problem."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
