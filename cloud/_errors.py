"""The ``cloud`` exception family.

::

    CloudError                  every failure raised by ``cloud`` (bad URL, driver error, bad input)
    └── BackendUnavailable      unknown scheme, driver not installed, or server unreachable

Driver exceptions (``sqlite3.Error``, ``pymongo.errors.PyMongoError``, ``redis.RedisError``) are
translated into these where the driver is called, with the original chained as ``__cause__``.
Messages name the rule, the offending value and the place; they never contain passwords.
"""

from __future__ import annotations

__all__ = ["BackendUnavailable", "CloudError"]


class CloudError(Exception):
    """Base of every error raised by the ``cloud`` package."""


class BackendUnavailable(CloudError):
    """A store backend cannot be used: missing extra, unreachable server or unknown scheme."""
