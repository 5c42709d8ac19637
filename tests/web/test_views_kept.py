"""The views, messages and envelopes a table keeps (``web.tables.table``, ``.seen``) are each
reader's own and of the version it asks at: whatever order the seats and spectators ask in,
and in whichever language, each receives exactly the view the rules make for it now, with
its messages said to it; a new version is never answered from what was kept for an older
one."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from gameshelf.core.i18n.messages import Msg, render, render_view
from gameshelf.core.play.match import Match
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.tables.seen import Built, rendered_parts
from tests.web.conftest import TestClient, auth
from tests.web.games import games_registry
from tests.web.test_games_hidden import SEATS, start, step

ZH = {"Accept-Language": "zh-TW"}


@pytest.fixture
def hammer(tmp_path: Any) -> Iterator[TestClient]:
    settings = Settings(db=tmp_path / "g.sqlite3")
    with TestClient(create_app(settings, registry=games_registry("hammer_scots"))) as client:
        yield client


def fresh(match: Match, role: str | None, lang: str) -> dict[str, Any]:
    """What ``role`` sees now made from nothing kept: the rules' view with its messages said
    to it in ``lang`` (``core.i18n.messages.render_view``), without its log."""
    view = match.ruleset.view(match.state, role)
    del view["log"]
    said: dict[str, Any] = orjson.loads(
        orjson.dumps(render_view(view, lang, match.ruleset.namer(), role))
    )
    return said


def served(client: TestClient, mid: str, token: str | None, lang: str) -> dict[str, Any]:
    headers = {**auth(token), **(ZH if lang == "zh_TW" else {})}
    body: dict[str, Any] = client.get(f"/api/matches/{mid}/view", headers=headers).json()
    del body["view"]["log"]
    return body


# every game, its board's public parts shared by the readers of a version (Hansa: all of it)
SEATED = {**SEATS, "hansa_britannia": 3}


@pytest.fixture(params=sorted(SEATED))
def any_game(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[tuple[TestClient, str]]:
    game = request.param
    settings = Settings(db=tmp_path / "g.sqlite3")
    with TestClient(create_app(settings, registry=games_registry(game))) as client:
        yield client, game


def test_every_reader_is_served_its_own_view_of_the_version_it_asks_at(
    any_game: tuple[TestClient, str],
) -> None:
    client, game = any_game
    seats = [{"name": f"Player {i}"} for i in range(SEATED[game])]
    client.app.state.tables.lobby.new_seed = lambda: 11  # type: ignore[attr-defined]
    created = client.post("/api/matches", json={"game": game, "seats": seats}).json()
    mid, tokens = created["id"], {s["role"]: s["token"] for s in created["seats"]}
    table = client.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    readers: list[tuple[str | None, str | None]] = [*tokens.items(), (None, None)]
    rnd = random.Random(3)
    differed = 0
    for _ in range(40):
        rnd.shuffle(readers)  # who asks first changes: a view kept for it must not leak
        seen: dict[str | None, dict[str, Any]] = {}
        for lang in rnd.sample(["en", "zh_TW"], 2):
            for role, token in readers:
                body = served(client, mid, token, lang)
                assert body["version"] == table.version
                assert body["role"] == role
                assert body["view"] == fresh(table.match, role, lang), (role, lang)
                expected_undo = table.match.undoable(role) if role is not None else 0
                assert body["undo"] == expected_undo
                seen[role] = body["view"]
        views = [orjson.dumps(v, option=orjson.OPT_SORT_KEYS) for v in seen.values()]
        differed += len(set(views)) == len(views)
        if not step(client, mid, tokens, rnd):
            break
    assert differed > 30  # the readers' views did differ (their hands, blocks, actions)


def test_a_live_update_after_an_action_is_the_new_version_of_the_readers_view(
    hammer: TestClient,
) -> None:
    mid, tokens = start(hammer, "hammer_scots", seed=12)
    table = hammer.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    rnd = random.Random(4)
    for role, token in [*tokens.items(), (None, None)]:
        before = served(hammer, mid, token, "en")
        step(hammer, mid, tokens, rnd)
        after = served(hammer, mid, token, "en")
        assert after["version"] == before["version"] + 1 == table.version
        assert after["view"] == fresh(table.match, role, "en")


def test_a_message_said_to_one_seat_is_never_served_to_another() -> None:
    """Two seats whose views hold the very same message: each gets it said to itself (the
    English "You chose…" only to the seat that chose), in whichever order they ask."""
    from gameshelf.core.registry.plugins import Registry

    match = Match(Registry().game("hammer_scots"), seed=1)
    namer = match.ruleset.namer()
    chose = Msg("hammer_scots.card_chosen", role="England", card="c01").to_json()
    for order in (["England", "Scotland", None], [None, "Scotland", "England"]):
        for lang in ("en", "zh_TW"):
            for role in order:
                data = orjson.dumps(chose)
                built = Built({"prompt": chose}, {"prompt": data}, 0)
                said = orjson.loads(rendered_parts(built, lang, match, role)["prompt"])
                assert said == render(chose, lang, namer, match.game_id, role)

    def said_to(role: str) -> str:
        built = Built({"prompt": chose}, {"prompt": orjson.dumps(chose)}, 0)
        text: str = orjson.loads(rendered_parts(built, "en", match, role)["prompt"])
        return text

    to_england, to_scotland = said_to("England"), said_to("Scotland")
    assert to_england.startswith("You chose")
    assert not to_scotland.startswith("You")


def test_the_outcome_is_asked_again_once_the_state_changed(hammer: TestClient) -> None:
    """The table keeps the outcome it asked of the rules with what it was asked at: a
    resignation ends the match at once, without a new action."""
    mid, tokens = start(hammer, "hammer_scots", seed=13)
    table = hammer.app.state.tables.cached(mid)  # type: ignore[attr-defined]
    assert table.outcome() is None
    reply = hammer.post(
        f"/api/matches/{mid}/resign", headers=auth(tokens["England"]), json={"confirm": True}
    )
    assert reply.status_code == 200, reply.text
    assert table.outcome() is not None
    assert served(hammer, mid, None, "en")["outcome"] is not None
