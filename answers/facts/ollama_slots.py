"""Ollama serving several people: `OLLAMA_NUM_PARALLEL` slots, each holding its own `num_ctx` of cache, and the
requests beyond them waiting in its queue. The figures at the usual slot counts, for a message naming Ollama and
a number of people ("a Discord bot for 30 people on Ollama, does OLLAMA_NUM_PARALLEL do?").

    ollama_slots(users, context, row_at)   # {"users", "context", "rows": [{"slots", "per_user_tok_s", ...}]}

Facts only: the per-slot and total speeds come from the same several-users model as every serving answer
(estimator/users.py) at that many requests at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The slot counts people set: Ollama's documented default is 1 or 4 by memory, and 4–8 is what a small shared bot
# is usually run with (docs/faq.md "How does Ollama handle concurrent requests?": OLLAMA_NUM_PARALLEL, each
# parallel request multiplies the context's memory).
SLOT_COUNTS = (4, 8)


def ollama_slots(users: int, context: int, row_at: Callable[[int], dict[str, Any] | None]) -> dict[str, Any] | None:
    """The figures with 4 and 8 slots (those below the number of people), or None when none are below it."""
    rows = []
    for n in SLOT_COUNTS:
        if n >= users:
            break
        row = row_at(n)
        if row is None or not row.get("per_user_tok_s"):
            continue
        rows.append({"slots": n, "per_user_tok_s": row["per_user_tok_s"], "total_tok_s": row["total_tok_s"],
                     "need_gb": row["users_need_gb"], "cache_gb_per_slot": row["cache_gb_per_user"],
                     "fits": bool(row["users_fit"])})
    return {"users": users, "context": context, "rows": rows} if rows else None
