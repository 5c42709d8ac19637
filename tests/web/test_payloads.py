"""Payloads that do not grow with the game: the board now and only the log lines a page
lacks (the rest from the paged log), live updates as deltas since the listener's version,
and none of it showing a seat what it may not see."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import orjson
import pytest
from fastapi import FastAPI

from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.snapshot import dump_snapshot
from gameshelf.core.i18n.messages import Msg
from gameshelf.web.hub import Listener
from gameshelf.web.tables.seen import LOG_PAGE, Note, Shown
from tests.core.toygame import RULESET
from tests.web.conftest import Page, TestClient, auth, new_duel, tokens, watch
from tests.web.test_api import play_out

ZH = {"Accept-Language": "zh-TW"}


def act(client: TestClient, mid: str, token: str, query: str = "") -> dict[str, Any]:
    """The seat's first legal action, on the version it sees now; the reply."""
    now = client.get(f"/api/matches/{mid}/view", headers=auth(token)).json()
    menu = now["view"]["actions"]
    kind = next(iter(menu))
    reply = client.post(
        f"/api/matches/{mid}/actions{query}",
        headers=auth(token),
        json={"type": kind, "arg": menu[kind][0], "version": now["version"]},
    )
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def play_rounds(client: TestClient, mid: str, tok: dict[str, str], actions: int) -> None:
    for i in range(actions):
        active = client.get(f"/api/matches/{mid}").json()["active"]
        if not active:
            return
        act(client, mid, tok[active[i % len(active)]])


def whole_log(
    client: TestClient, mid: str, token: str | None, headers: dict[str, str]
) -> list[str]:
    """A seat's log read page by page from its end (as the page scrolls back)."""
    page = client.get(f"/api/matches/{mid}/log?limit=3", headers={**auth(token), **headers})
    body = page.json()
    lines, start = body["log"], body["log_from"]
    assert start + len(lines) == body["log_total"]
    while start > 0:
        page = client.get(
            f"/api/matches/{mid}/log?before={start}&limit=3", headers={**auth(token), **headers}
        )
        body = page.json()
        assert body["log_from"] + len(body["log"]) == start  # exactly the lines before
        lines, start = body["log"] + lines, body["log_from"]
    return lines


@pytest.mark.parametrize("headers", [{}, ZH], ids=["en", "zh_TW"])
def test_the_paged_log_gives_exactly_the_lines_a_page_lacks(
    client: TestClient, app: FastAPI, headers: dict[str, str]
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_rounds(client, mid, tok, 12)
    table = app.state.tables.cached(mid)
    lang = "zh_TW" if headers else "en"
    expected = [
        line if isinstance(line, str) else line.__str__() if lang == "en" else None
        for line in table.match.state.log
    ]
    tail = client.get(
        f"/api/matches/{mid}/view?log_tail=4", headers={**auth(tok["north"]), **headers}
    )
    body = tail.json()
    total = body["log_total"]
    assert total == len(expected) > 4
    assert body["log_from"] == total - 4
    held = body["view"]["log"]
    earlier = client.get(
        f"/api/matches/{mid}/log?before={body['log_from']}",
        headers={**auth(tok["north"]), **headers},
    ).json()
    assert (earlier["log_from"], len(earlier["log"])) == (0, total - 4)
    assert earlier["log"] + held == whole_log(client, mid, tok["north"], headers)
    everything = client.get(
        f"/api/matches/{mid}/view?log_tail=10000", headers={**auth(tok["north"]), **headers}
    ).json()["view"]["log"]
    assert earlier["log"] + held == everything
    if lang == "en":
        assert everything == expected
    else:  # the same lines in Chinese, not English
        assert everything != [str(line) for line in table.match.state.log]
        assert all(isinstance(line, str) and line for line in everything)


def test_a_reply_carries_only_the_lines_after_those_the_page_holds(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    play_rounds(client, mid, tok, 6)
    start = client.get(f"/api/matches/{mid}/view", headers=auth(tok["north"])).json()
    page = Page()
    page.take(start)
    before = page.have
    active = start["view"]["active"]
    token = tok["north"] if "north" in active else tok["south"]
    reply = act(client, mid, token, f"?log_have={before}")
    assert reply["log_from"] == before  # nothing the page holds is sent again
    assert len(reply["view"]["log"]) == reply["log_total"] - before


def test_a_reply_to_a_page_far_behind_carries_one_page_of_lines() -> None:
    table = SimpleNamespace(state=SimpleNamespace(log=[f"line {i}" for i in range(450)]))
    shown = Shown(table)  # type: ignore[arg-type]
    assert shown.start(None, 10, 3, None) == (450 - LOG_PAGE, 450)  # a page, not 440 lines
    assert shown.start(None, None, None, None) == (450 - LOG_PAGE, 450)
    assert shown.start(None, 445, 3, None) == (445, 450)


def test_an_undo_sends_again_the_lines_it_cut() -> None:
    """After an undo the log is a prefix of what it was: a page that held lines beyond the
    cut gets the lines from the cut on, even if the log has grown past it since."""
    log = [f"line {i}" for i in range(10)]
    match = SimpleNamespace(state=SimpleNamespace(log=log), seq=5)
    shown = Shown(match)  # type: ignore[arg-type]
    assert shown.start(None, 10, 5, None) == (10, 10)
    match.state.log = log[:8]  # the undo at version 6 replays the history: a new log
    shown.cut(6)
    match.state.log += ["other 8", "other 9", "other 10"]
    assert shown.start(None, 10, 5, None) == (8, 11)  # held as of 5: the cut at 6 counts
    assert shown.start(None, 11, 6, None) == (11, 11)  # held as of 6: after the cut


def test_a_page_that_reconnects_after_missed_updates_catches_up_with_a_fresh_page(
    client: TestClient,
) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    page = Page()
    with watch(client, mid, tok["south"]) as ws:
        page.take(ws.receive_json())
        act(client, mid, tok["north"])
        page.take(ws.receive_json())
    left_at = page.payload["version"]
    play_rounds(client, mid, tok, 9)  # updates the page misses
    query = f"?version={left_at}&log_have={page.have}"
    with watch(client, mid, tok["south"], query) as ws:
        first = ws.receive_json()
        assert first["log_from"] == page.have  # only the lines it lacks
        page.take(first)
        act(
            client, mid, tok["north"] if "north" in page.payload["view"]["active"] else tok["south"]
        )
        page.take(ws.receive_json())
    fresh = Page()
    fresh.take(
        client.get(f"/api/matches/{mid}/view?log_tail=10000", headers=auth(tok["south"])).json()
    )
    ours, theirs = dict(page.payload), dict(fresh.payload)
    del ours["log_from"], theirs["log_from"]  # where the lines of each one's last message began
    assert ours == theirs
    assert page.log == fresh.log == whole_log(client, mid, tok["south"], {})


def test_live_updates_after_the_first_carry_only_what_changed(client: TestClient) -> None:
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    with watch(client, mid) as ws:
        first = ws.receive_json()
        act(client, mid, tok["north"])
        delta = ws.receive_json()
    assert "delta" not in first
    assert (delta["delta"], delta["base"]) == (True, first["version"])
    assert set(delta["view"]) < set(first["view"])  # the game's name, the hands: not again
    assert "game" not in delta["view"]


def live(table: Any, listener: Listener) -> str:
    message, listener.sent, listener.version, listener.log_have = table.live_message(listener)
    return message


@pytest.mark.parametrize("role", ["north", "south", None])
def test_no_delta_and_no_log_line_shows_a_seat_what_it_may_not_see(
    client: TestClient, app: FastAPI, role: str | None
) -> None:
    """The kit's leak check made of live updates: the delta a seat receives between two
    versions is the same whatever it may not see is (re-dealt); a private line reaches only
    the seat it is for."""
    created = new_duel(client)
    mid, tok = created["id"], tokens(created)
    tables = app.state.tables
    table = tables.cached(mid)
    listener = Listener(mid, role)
    live(table, listener)  # the whole board first
    act(client, mid, tok["south"])
    table.match.state.say(Msg("toy_duel.peeked", card=3), to="north")  # a private line
    table.forget_texts()
    table.version += 1
    base = (dict(listener.sent or {}), listener.version, listener.log_have)
    told = live(table, listener)
    played = table.match
    for seed in range(5):
        state = RULESET.load_state(RULESET.dump_state(played.state))
        RULESET.shuffle_hidden(state, role, Rng(seed=seed))
        table.match = played.resumed(dump_snapshot(RULESET, state), played.history)
        table.forget_texts()
        listener.sent, listener.version, listener.log_have = base
        assert live(table, listener) == told
    table.match = played
    table.forget_texts()
    lines = orjson.loads(told)["view"].get("log", [])
    private = [line for line in lines if "peeked" in line]
    assert len(private) == (1 if role == "north" else 0)


def test_the_log_as_a_seat_read_it_is_public_only_once_the_match_is_over(
    client: TestClient,
) -> None:
    body = {"game": "toy_duel", "seed": 2, "seats": [{"name": "Ann"}, {"bot": "first"}]}
    created = client.post("/api/matches", json=body).json()
    mid = created["id"]
    running = client.get(f"/api/matches/{mid}/log?role=south")
    assert running.status_code == 409  # before the end, only the seat itself reads its log
    play_out(client, mid, tokens(created)["north"])
    seat = client.get(f"/api/matches/{mid}/log", headers=auth(tokens(created)["north"])).json()
    anyone = client.get(f"/api/matches/{mid}/log?role=north").json()
    assert anyone["log"] == seat["log"]
    assert client.get(f"/api/matches/{mid}/log?role=nobody").status_code == 422


def test_a_note_after_lines_an_undo_took_back_stands_at_the_end_of_the_log_left() -> None:
    """A seat resigned after another's action, which that seat then took back (three seats
    or more): the note stands at the end of the cut log (as a reload places it), and a
    later note after it, each read at once (a note beyond the log held the next back)."""
    log = [f"line {i}" for i in range(10)]
    match = SimpleNamespace(state=SimpleNamespace(log=log), seq=7)
    resigned = Note(7, 10, Msg("web.resign.note_bot", role="p2"))
    shown = Shown(match, [resigned])  # type: ignore[arg-type]
    assert shown.places(None)[-1] == resigned
    match.state.log, match.seq = log[:8], 6  # p1 takes its action back
    shown.cut(3)
    assert shown.notes == [Note(6, 8, resigned.msg)]
    shown.notes.append(Note(6, 8, Msg("web.resign.note_bot", role="p3")))
    places = shown.places(None)
    assert places[:8] == list(range(8))
    assert [p.msg.args["role"] for p in places[8:]] == ["p2", "p3"]  # type: ignore[union-attr]
    match.state.log += ["other 8"]
    assert shown.places(None)[-1] == 8
