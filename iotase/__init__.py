"""Composition root: the ``iotase`` command line, settings wiring and the one-process demo stack."""

__all__: list[str] = []
