"""Cloud side of IoT-ASE: storage for live node state, history, cache and dead letters.

Stores are opened from a URL (``open_realtime("sqlite:///.iotase/realtime.db")``); the scheme picks
the backend, imported only when used. Every backend of a store passes the same contract suite.
"""

from cloud._errors import BackendUnavailable, CloudError, InvalidInput, StoreError
from cloud._ingest import IngestConfig, IngestCounters, IngestPool, IngestWorker
from cloud._models import (
    ACTIVE_LIFECYCLES,
    MAX_DEADLETTER_BYTES,
    ApplyResult,
    Bucket,
    Cache,
    DeadLetter,
    DeadLetterStore,
    HistoryPoint,
    HistoryStore,
    NodeDoc,
    RealtimeStore,
    compile_filters,
    haversine_m,
)
from cloud._offline import mark_stale_offline, watch_offline
from cloud._stores import open_cache, open_deadletters, open_history, open_realtime
from cloud.stores._common import history_points, redact

__all__ = [
    "ACTIVE_LIFECYCLES",
    "MAX_DEADLETTER_BYTES",
    "ApplyResult",
    "BackendUnavailable",
    "Bucket",
    "Cache",
    "CloudError",
    "DeadLetter",
    "DeadLetterStore",
    "HistoryPoint",
    "HistoryStore",
    "IngestConfig",
    "IngestCounters",
    "IngestPool",
    "IngestWorker",
    "InvalidInput",
    "NodeDoc",
    "RealtimeStore",
    "StoreError",
    "compile_filters",
    "haversine_m",
    "history_points",
    "mark_stale_offline",
    "open_cache",
    "open_deadletters",
    "open_history",
    "open_realtime",
    "redact",
    "watch_offline",
]
