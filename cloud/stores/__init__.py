"""Storage backends, one private module per driver; use them through ``cloud.open_*(url)``."""

__all__: list[str] = []
