"""Refusals: one mapping from what went wrong to an HTTP status, reasons in the reader's
language, and a bot seat refused when its agent does not play the game."""

from __future__ import annotations

import types
from pathlib import Path

from gameshelf.core.bots.agents import AgentSpec, RandomAgent
from gameshelf.core.registry.hookspecs import hookimpl
from gameshelf.core.registry.plugins import Registry, make_plugin_manager
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.tables import STATUS, status_of
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_plugin


def other_games_bot() -> types.SimpleNamespace:
    @hookimpl
    def gameshelf_agents():
        return [AgentSpec("hammer_only", "Hammer bot", RandomAgent, games=("hammer_scots",))]

    return types.SimpleNamespace(gameshelf_agents=gameshelf_agents)


def test_a_bot_that_does_not_play_the_game_is_refused_its_seat(tmp_path: Path) -> None:
    registry = Registry(
        make_plugin_manager(
            load=["core"], extra=[("toy", toy_plugin()), ("bots", other_games_bot())]
        )
    )
    app = create_app(Settings(db=tmp_path / "a.sqlite3"), registry=registry)
    with TestClient(app) as client:
        body = {"game": "toy_duel", "seats": [{"name": "Ann"}, {"bot": "hammer_only"}]}
        reply = client.post("/api/matches", json=body)
        assert reply.status_code == 422
        detail = reply.json()["detail"]
        assert detail["code"] == "agent_not_for_game"
        assert "Hammer bot" in detail["reason"]
        assert "random" in detail["reason"]  # the bots that do
        assert client.get("/api/matches").json() == []  # nothing was made
        # a bot that plays every game takes the seat
        body["seats"][1] = {"bot": "random"}
        assert client.post("/api/matches", json=body).status_code == 201


def test_an_error_body_is_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/api/matches/nope/view", headers={"Accept-Language": "en"})
    chinese = client.get("/api/matches/nope/view", headers={"Accept-Language": "zh-TW,zh;q=0.9"})
    client.cookies.set("lang", "zh_TW")
    cookie = client.get("/api/matches/nope/view")
    assert english.status_code == chinese.status_code == cookie.status_code == 404
    assert english.json()["detail"] == {
        "code": "unknown_match",
        "reason": "There is no match nope.",
    }
    assert chinese.json()["detail"] == {
        "code": "unknown_match",
        "reason": "沒有編號為 nope 的對局。",
    }
    assert cookie.json() == chinese.json()


def test_a_stale_refusal_names_the_version_in_both_languages(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    view = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
    card = view["view"]["actions"]["card"][0]
    for lang, words in (("en", "version 0, not 7"), ("zh-TW", "第 0 版，不是第 7 版")):
        reply = client.post(
            f"/api/matches/{mid}/actions",
            headers={**auth(tok["north"]), "Accept-Language": lang},
            json={"type": "card", "arg": card, "version": 7},
        )
        assert reply.status_code == 409
        assert reply.json()["detail"]["code"] == "stale"
        assert words in reply.json()["detail"]["reason"]


def test_the_rules_refusals_take_their_status_from_the_one_mapping(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    nonsense = client.post(
        f"/api/matches/{mid}/actions",
        headers=auth(tok["north"]),
        json={"type": "fly", "version": 0},
    )
    assert nonsense.json()["detail"]["code"] == "unknown_action"
    assert nonsense.status_code == status_of("unknown_action") == 422
    # the core's codes for "not this seat's decision" are 403, as the API documents
    for code in ("not_your_turn", "game_over", "unknown_role"):
        assert STATUS[code] == 403
    expected = {"stale": 409, "unknown_match": 404, "missing_token": 401, "bots_busy": 429}
    assert {code: status_of(code) for code in expected} == expected


def test_a_malformed_body_is_explained_in_the_readers_language(client: TestClient) -> None:
    body = {
        "game": "toy_duel",
        "options": {"hand_size": [3]},
        "seats": [{"name": "Ann", "colour": "red"}, {"name": "B" * 41}],
    }
    reply = client.post("/api/matches", json=body, headers={"Accept-Language": "zh-TW"})
    assert reply.status_code == 422
    detail = reply.json()["detail"]
    assert detail["code"] == "malformed"
    assert detail["fields"] == [
        {
            "field": "options.hand_size",
            "reason": "options.hand_size 必須是true 或 false、整數或文字。",
        },
        {"field": "seats[0].colour", "reason": "seats[0].colour 不是這個請求的欄位。"},
        {"field": "seats[1].name", "reason": "seats[1].name 太長了：最多 40 個字元。"},
    ]
    assert detail["reason"] == " ".join(f["reason"] for f in detail["fields"])
    unreadable = client.post(
        "/api/matches",
        content=b"{nope",
        headers={"Content-Type": "application/json", "Accept-Language": "zh-TW"},
    )
    assert unreadable.json()["detail"]["fields"] == [
        {"field": "body", "reason": "請求內容不是有效的 JSON。"}
    ]
