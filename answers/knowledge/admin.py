"""The catalog's administration (build, import, inspect, export) as the command line reaches it:
front ends talk to answers/, and these operations belong to the catalog itself."""

from __future__ import annotations

from catalog.build import build_catalog, import_epoch
from catalog.epoch import EpochFormatError
from catalog.epoch_source import redact
from catalog.store import CatalogStore, StoreError, default_db_path

__all__ = ["CatalogStore", "EpochFormatError", "StoreError", "build_catalog", "default_db_path", "import_epoch",
           "redact"]
