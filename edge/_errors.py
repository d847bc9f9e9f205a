"""The edge package's exception family.

EdgeError                 any failure in edge: mapping, adapter input, publisher
├── MappingError          a declared mapping is itself invalid (bad file, unknown register type)
└── UnmappableInput       a raw payload holds something the mapping cannot map (never guessed)
"""

from __future__ import annotations

__all__ = ["EdgeError", "MappingError", "UnmappableInput"]


class EdgeError(Exception):
    """Base class of every error raised by ``edge``."""


class MappingError(EdgeError):
    """A declared mapping is invalid: the message names the rule, the value and where it is."""


class UnmappableInput(EdgeError):
    """A raw payload could not be mapped: the message names the field, the value and the rule."""
