"""The simulator's exceptions.

::

    SimulatorError          base of everything the simulators raise
    ├── ScenarioError       a scenario file is missing or invalid (names the file and the field)
    └── RecordingError      a recording file is unreadable (names the file and the line)
"""

from __future__ import annotations

__all__ = ["RecordingError", "ScenarioError", "SimulatorError"]


class SimulatorError(Exception):
    """Base of the simulators' errors."""


class ScenarioError(SimulatorError):
    """A scenario cannot be loaded or is inconsistent."""


class RecordingError(SimulatorError):
    """A recording file cannot be read back."""
