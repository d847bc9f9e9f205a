"""Settings for every deployable, read from the environment (prefix ``IOTASE_``) at entry."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """One settings object, built by the entry point and passed down to every component.

    Every store and the broker are chosen by URL; the scheme picks the backend.
    """

    model_config = SettingsConfigDict(env_prefix="IOTASE_", extra="ignore")

    tenant: str = "demo"
    region: str = "toronto"
    data_dir: Path = Path(".iotase")
    realtime_url: str = "sqlite:///.iotase/realtime.db"
    history_url: str = "sqlite:///.iotase/history.db"
    cache_url: str = "memory://"
    deadletter_url: str = "sqlite:///.iotase/deadletters.db"
    vectors_url: str = "qdrant:///.iotase/qdrant"
    embed_engine: str = "auto"
    broker_url: str = "mqtt://127.0.0.1:1883"
    http_host: str = "127.0.0.1"
    http_port: int = 8000
    llm_url: str | None = None
    llm_model: str = "local"
    llm_api_key: SecretStr | None = None
    ors_url: str | None = None
    ors_api_key: SecretStr | None = None
    corpus_dir: Path | None = None
    facts_path: Path | None = None
    log_level: str = "INFO"
