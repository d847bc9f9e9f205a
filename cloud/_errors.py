"""The ``cloud`` exception family.

::

    CloudError                  every failure raised by ``cloud``
    ├── BackendUnavailable      unknown scheme, driver not installed, server unreachable at open
    ├── StoreError              the database failed during an operation (may succeed on retry)
    └── InvalidInput            a message, point or query the store refuses; nothing was written

Driver exceptions (``sqlite3.Error``, ``pymongo.errors.PyMongoError``, ``redis.RedisError``) are
translated into these where the driver is called, with the original chained as ``__cause__``.
Messages name the rule, the offending value and the place; they never contain passwords.
"""

from __future__ import annotations

__all__ = ["BackendUnavailable", "CloudError", "InvalidInput", "StoreError"]


class CloudError(Exception):
    """Base of every error raised by the ``cloud`` package."""


class BackendUnavailable(CloudError):
    """A store backend cannot be used: missing extra, unreachable server or unknown scheme."""


class StoreError(CloudError):
    """The database failed while serving a call (locked, disk full, connection lost, …)."""


class InvalidInput(CloudError):
    """A store refused its input (message, history point, filter, key); nothing was written."""
