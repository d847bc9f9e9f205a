"""The HTTP API and web page: ``create_app(settings)``.

Nothing is built at import time; the lifespan builds the runtime (model, catalogue, stores) and
``/v1/health`` answers 200 once it is ready.
"""

from search.app._app import create_app

__all__ = ["create_app"]
