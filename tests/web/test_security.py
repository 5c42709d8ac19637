"""Security basics: body limits, no CORS, settings that refuse unsafe values, headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, new_duel, toy_registry


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    created = new_duel(client)
    big = b'{"type":"card","arg":"' + b"x" * 70_000 + b'","version":0}'
    reply = client.post(
        f"/api/matches/{created['id']}/actions",
        content=big,
        headers={"Content-Type": "application/json"},
    )
    assert reply.status_code == 413
    assert reply.json()["detail"]["code"] == "too_large"


def test_a_streamed_body_over_the_limit_is_refused_too(client: TestClient) -> None:
    def chunks():
        for _ in range(100):
            yield b"x" * 1000

    reply = client.post(
        "/api/matches", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert reply.status_code == 413


def test_no_cross_origin_access_is_granted_by_default(client: TestClient) -> None:
    reply = client.get("/api/games", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in reply.headers
    preflight = client.options(
        "/api/matches",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "access-control-allow-origin" not in preflight.headers


def test_named_origins_may_be_allowed(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "x.sqlite3", cors_origins=("https://friend.example",))
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        reply = client.get("/api/games", headers={"Origin": "https://friend.example"})
        assert reply.headers["access-control-allow-origin"] == "https://friend.example"
        other = client.get("/api/games", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize(
    "unsafe",
    [
        {"token_bytes": 8},
        {"cors_origins": ("*",)},
        {"cors_origins": ("https://*.example",)},
        {"cors_origins": ("friend.example",)},
        {"max_body_bytes": 50 * 1024 * 1024},
        {"snapshot_every": 0},
        {"port": 70000},
        {"sqlite_synchronous": "OFF"},
        {"surprise": 1},
    ],
)
def test_settings_refuse_unsafe_values(tmp_path: Path, unsafe: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Settings(db=tmp_path / "x.sqlite3", **unsafe)  # type: ignore[arg-type]


def test_the_database_must_be_a_file(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="directory"):
        Settings(db=tmp_path)


def test_settings_come_from_gameshelf_environment_variables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMESHELF_PORT", "8123")
    monkeypatch.setenv("GAMESHELF_SNAPSHOT_EVERY", "7")
    settings = Settings(db=tmp_path / "x.sqlite3")
    assert (settings.port, settings.snapshot_every) == (8123, 7)
    monkeypatch.setenv("GAMESHELF_TOKEN_BYTES", "4")
    with pytest.raises(ValidationError):
        Settings(db=tmp_path / "x.sqlite3")


def test_every_response_forbids_sniffing_and_framing(client: TestClient) -> None:
    reply = client.get("/api/games")
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("telemetry", [False, True])
def test_the_site_serves_with_fastapi_telemetry_off_or_on(tmp_path: Path, telemetry: bool) -> None:
    settings = Settings(db=tmp_path / "x.sqlite3", telemetry=telemetry)
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        created = new_duel(client)
        reply = client.get(f"/api/matches/{created['id']}/view")
        assert reply.status_code == 200
        assert reply.json()["role"] is None
