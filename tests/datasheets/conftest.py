"""The QA over the real documents, built once for every test module that reads them (a module
that answers from hand-written facts defines its own ``qa``)."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="session")
def qa() -> DatasheetQA:
    return DatasheetQA()
