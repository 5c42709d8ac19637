"""Settings of the web app, read from ``GAMESHELF_*`` environment variables.

There is no module-level instance: ``gameshelf serve`` and each test build their own
``Settings`` and hand it to :func:`web.app.create_app`. Unsafe values are refused when the
settings are built, not discovered later: tokens shorter than 128 bits, a wildcard CORS
origin, request bodies over a mebibyte, a database path that is a directory.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MEBIBYTE = 1 << 20


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def proxy_networks(text: str) -> Networks:
    """The networks of a comma-separated list of addresses and networks (the
    ``trusted_proxies`` setting); ``ValueError`` for one that is neither."""
    parts = (p.strip() for p in text.split(","))
    return tuple(ipaddress.ip_network(p, strict=False) for p in parts if p)


class Settings(BaseSettings):
    """How one Gameshelf site runs."""

    model_config = SettingsConfigDict(env_prefix="GAMESHELF_", extra="forbid", frozen=True)

    db: Path = Field(
        Path("gameshelf.sqlite3"), description="The SQLite file, created on first start."
    )
    database_url: str | None = Field(
        None,
        description="A PostgreSQL database (postgresql://user@host:5432/name) to keep the "
        "site in instead of the SQLite file: any number of server processes, on one machine "
        "or several, may share it.",
    )
    bot_sweep_seconds: float = Field(
        5.0,
        gt=0,
        le=3600,
        description="PostgreSQL: how often each process looks for matches of bots alone that "
        "no process plays (their player stopped) and takes them.",
    )
    database_pool_size: int = Field(
        4, ge=1, le=100, description="PostgreSQL: connections each process reads on."
    )
    host: str = Field("127.0.0.1", description="Where `gameshelf serve` listens.")
    port: int = Field(8000, ge=1, le=65535)
    sqlite_synchronous: Literal["FULL", "NORMAL"] = Field(
        "NORMAL",
        description="How durable an acknowledged action is (SQLite in WAL mode): NORMAL "
        "survives the server being killed or crashing (the default); FULL also a power cut "
        "or a crash of the machine, at the price of a disk flush per commit.",
    )
    snapshot_every: int = Field(
        50, ge=1, le=100_000, description="Store the match state every N actions."
    )
    max_body_bytes: int = Field(
        64 * 1024, ge=1024, le=MEBIBYTE, description="Larger request bodies are refused with 413."
    )
    token_bytes: int = Field(
        32, ge=16, le=64, description="Random bytes in a seat token (16 = 128 bits)."
    )
    default_bot: str = Field(
        "random", min_length=1, description="The agent seated when a seat just says bot."
    )
    cached_matches: int = Field(
        512, ge=1, le=1_000_000, description="Matches kept in memory between requests."
    )
    cors_origins: tuple[str, ...] = Field(
        (), description="Origins allowed by CORS; none by default (same origin only)."
    )
    access_log: bool = Field(False, description="uvicorn's access log (it prints URLs).")
    trusted_proxies: str = Field(
        "",
        max_length=4096,
        description=(
            "Addresses or networks (comma-separated, e.g. 127.0.0.1,10.0.0.0/8) of the "
            "reverse proxies in front of the site: a request from one of them is counted "
            "under the address its X-Forwarded-For header names (rate limits, caps on "
            "matches); a connection from one is not held to the connections per address. "
            "None by default: the connection's address is the client's."
        ),
    )
    max_header_bytes: int = Field(
        16 * 1024, ge=1024, le=MEBIBYTE, description="A request's line and headers, at most."
    )
    header_seconds: float = Field(
        10.0, gt=0, le=300, description="A request's headers must arrive within this time."
    )
    body_seconds: float = Field(
        30.0, gt=0, le=3600, description="A request's body must arrive within this time."
    )
    max_connections_per_client: int = Field(
        32, ge=1, le=100_000, description="Open connections from one address, at most."
    )
    bot_actions_per_second: int = Field(
        2000, ge=1, le=1_000_000, description="Matches of bots alone play this fast, in all."
    )
    bot_workers: int = Field(
        1, ge=1, le=64, description="Worker processes the search bots think in."
    )
    max_bot_matches: int = Field(
        8, ge=1, le=10_000, description="Matches of bots alone being played at once, at most."
    )
    watched_bot_pace: float = Field(
        1.0,
        ge=0,
        le=1000,
        description="Actions a second a match of bots alone plays while someone watches it "
        "(a match may say its own; 0: full speed); unwatched, it plays at full speed.",
    )
    watch_grace_seconds: float = Field(
        10.0,
        ge=0,
        le=600,
        description="A match of bots alone made from the lobby page plays at its watched "
        "pace for this long even before a spectator connects (its creator is on the way).",
    )
    max_match_actions: int = Field(
        20_000,
        ge=0,
        le=10_000_000,
        description="A match not over after this many actions ends there, abandoned "
        "(0: no limit); it bounds matches of bots alone.",
    )
    max_creations_per_minute: int = Field(
        30, ge=1, le=100_000, description="New matches a minute from one address, at most."
    )
    max_live_matches_per_client: int = Field(
        20,
        ge=1,
        le=100_000,
        description="Matches not yet over that one address may have created, at most.",
    )
    max_connections: int = Field(
        1024, ge=1, le=1_000_000, description="Open connections in all, at most."
    )
    secure_cookies: bool = Field(
        False,
        description="Mark the session cookie Secure (sent over HTTPS only): on for a site "
        "served behind HTTPS.",
    )
    session_days: float = Field(
        30.0, gt=0, le=365, description="A session ends this many days after its sign-in."
    )
    password_memory_kib: int = Field(
        65536,
        ge=1024,
        le=4 * MEBIBYTE,
        description="Argon2id's memory per password check, in KiB (tests use less).",
    )
    password_rounds: int = Field(3, ge=1, le=20, description="Argon2id's passes over it.")
    signin_window_seconds: float = Field(
        900.0, gt=0, le=86400, description="Failed sign-ins are counted over this time."
    )
    signin_failures_per_account: int = Field(
        5, ge=1, le=1000, description="Failed sign-ins to one account in the window, at most."
    )
    signin_failures_per_address: int = Field(
        20, ge=1, le=100_000, description="Failed sign-ins from one address in the window, at most."
    )
    chat_per_minute: int = Field(
        10, ge=1, le=1000, description="Chat messages a minute from one seat, at most."
    )
    spectator_chat: bool = Field(
        False,
        description="Let signed-in spectators talk, in a channel of their own that the seats "
        "do not read (they always read the seats' chat).",
    )
    rated_min_moves: int = Field(
        10,
        ge=0,
        le=100_000,
        description="A match in which someone resigned before this many actions is unrated.",
    )
    scheduler_seconds: float = Field(
        15.0,
        gt=0,
        le=3600,
        description="How often the scheduler looks for clocks run out (and catches up at "
        "once on start): a timeout fires at most this late.",
    )
    site_url: str = Field(
        "http://127.0.0.1:8000",
        description="The site's address as its players reach it: the links in notices.",
    )
    smtp_host: str = Field("", description="The SMTP server of notices by e-mail (none: off).")
    smtp_port: int = Field(25, ge=1, le=65535)
    smtp_user: str = Field("", description="A user name for the SMTP server, if it wants one.")
    smtp_password: str = Field("", repr=False, description="Its password.")
    smtp_starttls: bool = Field(False, description="Talk to the SMTP server over STARTTLS.")
    smtp_from: str = Field("gameshelf@localhost", description="The notices' sender address.")
    webhook_private: bool = Field(
        False,
        description="Let webhooks go to private, loopback and link-local addresses (a site "
        "whose players' services are on its own network); off, only public addresses.",
    )
    notice_turn_minutes: float = Field(
        30.0,
        ge=0,
        le=10080,
        description='One "your turn" (or chat) notice per match and player in this time, at most.',
    )
    notice_retry_seconds: float = Field(
        60.0,
        gt=0,
        le=86400,
        description="A failed notice is tried again after this, doubled each time.",
    )
    notice_failures: int = Field(
        5,
        ge=1,
        le=100,
        description="A player's channel failing this many tries in a row is turned off.",
    )
    telemetry: bool = Field(
        False,
        description="FastAPI's OpenTelemetry spans, metrics and logs, for a site that "
        "configures an OpenTelemetry SDK; off, no request pays for looking whether one is.",
    )

    @field_validator("site_url")
    @classmethod
    def _site_url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"the site's address is a URL (http:// or https://), not {value!r}")
        return value

    @field_validator("db")
    @classmethod
    def _db_is_a_file(cls, value: Path) -> Path:
        if value.is_dir():
            raise ValueError(f"{value} is a directory; give the path of a database file")
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies_are_addresses(cls, value: str) -> str:
        try:
            proxy_networks(value)  # "*" too is refused: any client could say who it is
        except ValueError as exc:
            raise ValueError(f"trusted proxies are addresses or networks: {exc}") from None
        return value

    @field_validator("database_url")
    @classmethod
    def _database_is_postgres(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError(f"{value!r} is not a postgresql:// URL")
        return value

    @field_validator("cors_origins")
    @classmethod
    def _no_wildcard_origin(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for origin in value:
            if origin == "*" or "*" in origin:
                raise ValueError("a wildcard CORS origin would let any site play your seats")
            if not origin.startswith(("http://", "https://")):
                raise ValueError(f"a CORS origin is a scheme and host, not {origin!r}")
        return value
