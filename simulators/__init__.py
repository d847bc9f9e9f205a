"""Simulators: city scenarios, devices emitting raw vendor payloads, record and replay, faults.

A :class:`Scenario` (YAML under ``simulators/scenarios/``) describes a region, its services and
nodes, their live dynamics and the faults to inject. :class:`City` generates the nodes by
streaming; :class:`CityEngine` turns them into UIDI traffic (births, then live updates) by way of
raw Tasmota, Home Assistant, CSV and Modbus payloads passed through the ``edge`` adapters;
:func:`run_simulation` paces it onto a broker, records it and runs the faults, each counted in
:class:`FaultCounters`; :func:`replay` publishes a recording again.
"""

from simulators._city import City, DeviceSpec, NodeSpec, ServicePlan
from simulators._dynamics import Clock, LiveModel, NodeStatus
from simulators._engine import CityEngine, EngineCounters, SimMessage, resolve_start_ms
from simulators._errors import RecordingError, ScenarioError, SimulatorError
from simulators._faults import FaultCounters, FaultInjector
from simulators._record import RecordedMessage, Recorder, read_recording
from simulators._runner import (
    BrokerControl,
    BrokerLink,
    RunReport,
    record_broker,
    replay,
    run_simulation,
)
from simulators._scenario import (
    FaultSpec,
    OutageSpec,
    Scenario,
    builtin_scenario_path,
    load_catalogue_services,
    load_scenario,
)

__all__ = [
    "BrokerControl",
    "BrokerLink",
    "City",
    "CityEngine",
    "Clock",
    "DeviceSpec",
    "EngineCounters",
    "FaultCounters",
    "FaultInjector",
    "FaultSpec",
    "LiveModel",
    "NodeSpec",
    "NodeStatus",
    "OutageSpec",
    "RecordedMessage",
    "Recorder",
    "RecordingError",
    "RunReport",
    "Scenario",
    "ScenarioError",
    "ServicePlan",
    "SimMessage",
    "SimulatorError",
    "builtin_scenario_path",
    "load_catalogue_services",
    "load_scenario",
    "read_recording",
    "record_broker",
    "replay",
    "resolve_start_ms",
    "run_simulation",
]
