"""Why the state could not be opened or written, in words an operator or a user can act on."""

from __future__ import annotations

# Exit codes of `tpsbot run` (bot/cli/run.py): 4 needs a human, 5 may heal by itself (a network).
EXIT_CONFIG, EXIT_DATABASE, EXIT_NETWORK = 2, 4, 5

# Why a write failed; each has a sentence in state/replies.py for the user who asked.
READ_ONLY, FULL, BUSY, UNREACHABLE, FAILED = "read_only", "full", "busy", "unreachable", "failed"
REASONS = (READ_ONLY, FULL, BUSY, UNREACHABLE, FAILED)


class StateDatabaseError(Exception):
    """The state database cannot be opened, is damaged, or is not ours: start-up stops (one line)."""

    exit_code = EXIT_DATABASE


class StateSettingError(StateDatabaseError):
    """The setting that names the state is malformed (a PostgreSQL URL asyncpg cannot use): exit 2."""

    exit_code = EXIT_CONFIG


class StateUnavailableError(StateDatabaseError):
    """The state server cannot be reached (refused, timed out): may heal by itself."""

    exit_code = EXIT_NETWORK


class StateWriteError(Exception):
    """A write was not saved. `reason` is one of REASONS; the previous value stays in place."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
