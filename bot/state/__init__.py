"""The bot's per-server settings and remembered user languages ("state"), behind one interface with
two backends: SQLite (embedded, the default) and PostgreSQL (one state for shards on several machines).

Kept import-light on purpose: `tpsbot --help` builds the `state` subcommands from `state.cli`
without loading either database driver. Import what you need from the submodules:
`state.base` (the interface), `state.open` (picks a backend), `state.sqlite`, `state.postgres`.
"""
