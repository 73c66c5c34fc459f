"""What a question needs from the model catalog, stored at build/import time so a process can answer
without loading every record (issue 9: `ask` ≤ 0.3 s and ≤ 80 MB on a 100,000-model catalog).

Written beside the `models` table by every build and import (catalog/store.py `write_atomically`):

- `model_facts`: one row per model (`ord` = its row in `models`): name, normalized name, aliases, size
  (total and active billions), whether the size alone is the estimator's whole input (`plain`: no
  architecture, no native low-bit format) and the facts the advice rules filter on (open weights,
  language domain, publication date), so "what can my card run" reads only the few thousand models a
  person can download, and counts the rest by size group.
- `model_keys`: the model resolver's keys (catalog/resolve.py `Resolver`, built over every name at
  write time, so the keys are exactly what an in-memory resolver would hold), indexed for exact and
  prefix lookups; `model_blobs` holds the same keys as one compact blob for rapidfuzz scans.

`StoredModelResolver` is the `Resolver` whose tables are these rows, read on demand: the matching
rules stay in catalog/resolve.py and run unchanged. `KEYS_FINGERPRINT` hashes the sources those keys
come from; a database built by other rules is rebuilt like an older schema.
"""

from __future__ import annotations

import array
import datetime as dt
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .name_sizes import sizes_in
from .records import ModelRecord, from_json
from .resolve import NumberToken, Resolver, normalize, number_tokens

KEY_SEP = "\n"  # normalized keys hold letters and digits only


@cache
def keys_fingerprint() -> str:
    """Hash of the code that derives the stored keys: another rule set means other keys."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    for name in ("resolve.py", "name_keys.py", "text.py", "model_index.py"):
        try:
            h.update((here / name).read_bytes())
        except OSError:
            h.update(name.encode())
    return h.hexdigest()[:16]


def open_weights(rec: ModelRecord) -> bool:
    """Epoch's "Model accessibility" starts with "Open weights" (the advice rules' test, answers/advice.py)."""
    return bool(rec.weights) and rec.weights.lower().startswith("open weights")  # type: ignore[union-attr]


def plain(rec: ModelRecord) -> bool:
    """The estimator's input is the size alone: no attention layout, no native low-bit share."""
    return rec.architecture is None and rec.native_format is None


def prefilter(rec: ModelRecord, min_params_b: float, since: dt.date) -> bool:
    """The stored filter of `StoredModels.rankable`: a superset of answers/advice.py `runnable`."""
    return (rec.params_b is not None and rec.params_b >= min_params_b and open_weights(rec)
            and "Language" in rec.domain and rec.publication_date is not None and rec.publication_date >= since)


def grouped(rec: ModelRecord) -> bool:
    """Counted by size group: a plain dense model whose size is known (its name cannot matter either)."""
    return rec.params_b is not None and plain(rec) and not rec.is_moe


def facts_rows(models: Sequence[ModelRecord]) -> list[tuple[Any, ...]]:
    return [
        (i, m.name, normalize(m.name), json.dumps([a for a in m.aliases if a]), m.params_b, m.active_params_b,
         int(plain(m)), int(grouped(m)), int(open_weights(m)), int("Language" in m.domain),
         m.publication_date.isoformat() if m.publication_date else None)
        for i, m in enumerate(models)
    ]


def size_rows(facts: Sequence[tuple[Any, ...]]) -> list[tuple[float, float | None, int]]:
    """`model_sizes`: how many grouped models share each (params_b, active_params_b)."""
    counts: dict[tuple[float, float | None], int] = {}
    for row in facts:
        if row[7]:
            counts[(row[4], row[5])] = counts.get((row[4], row[5]), 0) + 1
    return [(p, a, n) for (p, a), n in counts.items()]


def key_rows(models: Sequence[ModelRecord]) -> tuple[list[tuple[int, str, int, int]], dict[str, bytes]]:
    """The resolver's keys over every name (`ci`, key, ord, tier 0 = name/alias, 1 = derived), and
    the blobs for fuzzy scans. Built by the real Resolver so the keys cannot drift from its rules."""
    r: Resolver[int] = Resolver(((m.name, m.aliases, i) for i, m in enumerate(models)), kind="model")
    names = {n: i for i, n in enumerate(r._names)}
    ords = [r._payloads[names[n]][0] for n in r._names]  # name index → models.ord (names are unique)
    rows: list[tuple[int, str, int, int]] = []
    seen_exact: set[tuple[str, int]] = set()
    for ci, key in enumerate(r._choices):
        i = r._choice_name[ci]
        exact = i in r._exact.get(key, ()) and (key, i) not in seen_exact
        if exact:
            seen_exact.add((key, i))
        rows.append((ci, key, ords[i], 0 if exact else 1))
    blobs = {
        "keys": KEY_SEP.join(r._choices).encode("utf-8"),
        "key_ords": array.array("i", (ords[r._choice_name[ci]] for ci in range(len(r._choices)))).tobytes(),
    }
    return rows, blobs


# ---------------------------------------------------------------------------------------------- reading
class StoredModels:
    """Read access to the stored model index through one read-only sqlite3 connection (the resolver
    is synchronous). Records are validated on first use and kept, so one ord is one object."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        self._records: dict[int, ModelRecord] = {}

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        with self._lock:
            return self._con.execute(sql, params).fetchall()

    def count(self) -> int:
        return self.rows("SELECT coalesce(max(ord) + 1, 0) FROM model_facts")[0][0]  # ords are 0…n-1

    def sized_count(self) -> int:
        """Models with a size: the grouped ones (stored counts) and the few others (indexed)."""
        grouped = self.rows("SELECT coalesce(sum(models), 0) FROM model_sizes")[0][0]
        return grouped + self.rows("SELECT count(*) FROM model_facts WHERE grouped = 0 AND params_b IS NOT NULL")[0][0]

    def records(self, ords: Iterable[int]) -> list[ModelRecord]:
        """Records in the order given, loaded once each."""
        ords = list(ords)
        missing = sorted({o for o in ords if o not in self._records})
        for k in range(0, len(missing), 500):
            chunk = missing[k:k + 500]
            marks = ",".join("?" * len(chunk))
            for o, raw in self.rows(f"SELECT ord, record FROM models WHERE ord IN ({marks})", chunk):  # noqa: S608
                self._records[o] = from_json(ModelRecord, raw)
        return [self._records[o] for o in ords]

    def all_records(self) -> list[ModelRecord]:
        return self.records(o for (o,) in self.rows("SELECT ord FROM models ORDER BY ord"))

    def named(self, name: str) -> ModelRecord | None:
        found = self.rows("SELECT ord FROM model_facts WHERE name = ? ORDER BY ord LIMIT 1", (name,))
        return self.records([found[0][0]])[0] if found else None

    def rankable(self, min_params_b: float, since: dt.date) -> list[ModelRecord]:
        """Models passing `prefilter`, catalog order: the only ones "what can my card run" rates one by one."""
        found = self.rows(
            "SELECT ord FROM model_facts WHERE open_weights = 1 AND language = 1 AND params_b >= ? "
            "AND publication_date >= ? ORDER BY ord", (min_params_b, since.isoformat()))
        return self.records(o for (o,) in found)

    def other_sizes(self, min_params_b: float, since: dt.date) -> tuple[list[tuple[float, float | None, int]],
                                                                          list[ModelRecord]]:
        """The sized models `rankable` leaves out: grouped ones (plain, dense) as (params_b,
        active_params_b, count) from the stored size counts less the rankable ones, the rest (a layout,
        a native format, a mixture of experts whose name may matter) as records. Reads no 100k-row scan."""
        counts = {(p, a): n for p, a, n in self.rows("SELECT params_b, active_params_b, models FROM model_sizes")}
        for rec in self.rankable(min_params_b, since):
            if grouped(rec):
                counts[(rec.params_b, rec.active_params_b)] -= 1
        groups = sorted(((p, a, n) for (p, a), n in counts.items() if n > 0), key=lambda g: (g[0], g[1] or 0.0))
        rest = [o for (o,) in self.rows(
            "SELECT ord FROM model_facts WHERE grouped = 0 AND params_b IS NOT NULL ORDER BY ord")]
        records = [r for r in self.records(rest) if not prefilter(r, min_params_b, since)]
        return groups, records

    def resolver(self) -> StoredModelResolver:
        return StoredModelResolver(self)


class _Lazy:
    """A read-only sequence over stored rows, one SQL lookup per new index (cached)."""

    def __init__(self, size: int, load: Any) -> None:
        self._size, self._load = size, load
        self._cache: dict[int, Any] = {}

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, i: int) -> Any:
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(i)
        if i not in self._cache:
            self._cache[i] = self._load(i)
        return self._cache[i]

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(self._size))


class _Identity:
    """Models have no variant groups: every name is its own canonical entry."""

    def __getitem__(self, i: int) -> int:
        return i


class _KeyTable:
    """`Resolver._exact` / `_derived` as an indexed lookup: key → name indexes, in the order added."""

    def __init__(self, store: StoredModels, tier: int) -> None:
        self._store, self._tier = store, tier

    def get(self, key: str, default: Any = None) -> Any:
        found = self._store.rows("SELECT ord FROM model_keys WHERE key = ? AND tier = ? ORDER BY ci", (key, self._tier))
        return [o for (o,) in found] or default


class StoredModelResolver(Resolver[ModelRecord]):
    """The model `Resolver` over stored keys: same rules (inherited), tables read on demand. A name
    index is the model's `ord`; exact and prefix lookups are indexed queries, and the whole key list
    (one blob) is read only when a name has to be fuzzy-matched."""

    def __init__(self, store: StoredModels) -> None:  # noqa: D107 — no call to Resolver.__init__: nothing to build
        self.kind = "model"
        self._store = store
        n = store.count()
        self._n = n
        # Lazy stand-ins for the lists and dicts Resolver builds: they answer the same reads (len, [i], get)
        # without subclassing list/dict, which the attribute types cannot say.
        self._names = _Lazy(n, lambda i: store.rows("SELECT name FROM models WHERE ord = ?", (i,))[0][0])  # type: ignore[assignment]
        self._payloads = _Lazy(n, lambda i: store.records([i]))  # type: ignore[assignment]
        self._exact = _KeyTable(store, 0)  # type: ignore[assignment]
        self._derived = _KeyTable(store, 1)  # type: ignore[assignment]
        self._canonical = _Identity()  # type: ignore[assignment]
        self._bags = {}
        self._n_keys = store.rows("SELECT coalesce(max(ci) + 1, 0) FROM model_keys")[0][0]  # ci are 0…n-1
        self._choice_numbers = _Lazy(self._n_keys, lambda ci: number_tokens(self._key(ci)))  # type: ignore[assignment]
        self._name_aliases_numbers = _Lazy(n, self._numbers_of_name)  # type: ignore[assignment]
        self._blob_keys: list[str] | None = None
        self._sizes: dict[int, tuple[tuple[float, ...], float | None]] = {}
        self._blob_ords: array.array | None = None

    def _size_facts(self, i: int) -> tuple[tuple[float, ...], float | None]:
        found = self._sizes.get(i)
        if found is None:
            name, aliases, params_b = self._store.rows(
                "SELECT name, aliases, params_b FROM model_facts WHERE ord = ?", (i,))[0]
            found = self._sizes[i] = (tuple(x for t in [name, *json.loads(aliases)] for x in sizes_in(t)), params_b)
        return found

    def _numbers_of_name(self, i: int) -> list[tuple[NumberToken, ...]]:
        name, aliases = self._store.rows("SELECT name, aliases FROM model_facts WHERE ord = ?", (i,))[0]
        return [number_tokens(name)] + [number_tokens(a) for a in json.loads(aliases)]

    def _key(self, ci: int) -> str:
        if self._blob_keys is not None:
            return self._blob_keys[ci]
        return self._store.rows("SELECT key FROM model_keys WHERE ci = ?", (ci,))[0][0]

    def _load_blobs(self) -> None:
        if self._blob_keys is None:
            blobs = dict(self._store.rows("SELECT name, data FROM model_blobs"))
            keys = bytes(blobs["keys"]).decode("utf-8")
            self._blob_keys = keys.split(KEY_SEP) if keys else []
            self._blob_ords = array.array("i")
            self._blob_ords.frombytes(bytes(blobs["key_ords"]))

    @property
    def _choices(self) -> list[str]:  # type: ignore[override]  # every key, for rapidfuzz scans
        self._load_blobs()
        return self._blob_keys  # type: ignore[return-value]

    @property
    def _choice_name(self) -> array.array:  # type: ignore[override]
        self._load_blobs()
        return self._blob_ords  # type: ignore[return-value]

    def _prefix_hits(self, q: str, cap: int = 200) -> list[int]:
        # Same range as the in-memory bisection: keys from q up to q + "\x7f", in key order (ties by ci);
        # SQLite compares UTF-8 bytes, which orders like Python's code points.
        found = self._store.rows("SELECT ci FROM model_keys WHERE key >= ? AND key < ? ORDER BY key, ci LIMIT ?",
                                 (q, q + "\x7f", cap))
        return [ci for (ci,) in found]

    @property
    def names(self) -> Sequence[str]:  # type: ignore[override]  # a lazy sequence, not a 100k-name list
        return self._names

    def normalized_names(self) -> list[str]:
        """Every display name normalized, by ord, for "did you mean" scans. A name's first key is its
        normalized name (catalog/resolve.py adds it before its aliases) unless that is empty, so the
        list shares the key blob's strings instead of reading 100,000 more."""
        self._load_blobs()
        empty = {o for (o,) in self._store.rows("SELECT ord FROM model_facts WHERE name_key = ''")}
        out: list[str | None] = [None] * self._n
        for key, o in zip(self._blob_keys, self._blob_ords, strict=True):  # type: ignore[arg-type]
            if out[o] is None:
                out[o] = key
        return ["" if k is None or o in empty else k for o, k in enumerate(out)]
