"""One match read by one seat in English and another in Chinese at the same time: every
view, refusal and live update is rendered in the reader's language (its ``lang`` cookie,
else its ``Accept-Language``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import Page, auth, new_duel, tokens, watch

ZH = {"Accept-Language": "zh-TW,zh;q=0.9,en;q=0.5"}


def view(client: TestClient, mid: str, token: str | None, **headers: str) -> dict[str, Any]:
    reply = client.get(f"/api/matches/{mid}/view", headers={**auth(token), **headers})
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_each_seat_reads_the_same_match_in_its_own_language(client: TestClient) -> None:
    created = new_duel(client)
    mid, seat = created["id"], tokens(created)
    north = view(client, mid, seat["north"], **ZH)["view"]
    south = view(client, mid, seat["south"], **{"Accept-Language": "en-GB"})["view"]
    assert north["prompt"] == "請選一張牌打出。"
    assert south["prompt"] == "Choose a card to play."
    assert north["actions"] == {"card": north["hand"]}  # the rest of the view is the same


def test_the_cookie_overrides_the_browser_language(client: TestClient) -> None:
    created = new_duel(client)
    client.cookies.set("lang", "en")
    assert view(client, created["id"], None, **ZH)["view"]["prompt"].startswith("Waiting for")
    client.cookies.set("lang", "zh_TW")
    assert view(client, created["id"], None)["view"]["prompt"] == "等待北家和南家——選牌中。"
    client.cookies.clear()


def test_a_refusal_gives_the_rules_reason_in_the_readers_language(client: TestClient) -> None:
    created = new_duel(client)
    reply = client.post(
        f"/api/matches/{created['id']}/actions",
        headers={**auth(tokens(created)["north"]), **ZH},
        json={"type": "card", "arg": 99, "version": 0},
    )
    assert reply.status_code == 422
    assert reply.json()["detail"]["reason"] == "你手上沒有 99 這張牌。"


def test_live_updates_come_in_the_language_of_the_connection(client: TestClient) -> None:
    created = new_duel(client)
    mid, seat = created["id"], tokens(created)
    client.cookies.set("lang", "zh_TW")
    page = Page()  # the live updates after the first carry only what changed
    with watch(client, mid, seat["south"]) as ws:
        first = page.take(ws.receive_json())
        assert first["view"]["prompt"] == "請選一張牌打出。"
        client.cookies.clear()
        card = view(client, mid, seat["north"])["view"]["hand"][0]
        reply = client.post(
            f"/api/matches/{mid}/actions",
            headers=auth(seat["north"]),
            json={"type": "card", "arg": card, "version": first["version"]},
        )
        assert reply.json()["view"]["prompt"].startswith("You chose")
        pushed = page.take(ws.receive_json())
        assert (pushed["seq"], pushed["view"]["prompt"]) == (1, "請選一張牌打出。")


def test_pages_are_in_the_readers_language_with_a_switch(client: TestClient) -> None:
    zh = client.get("/", headers=ZH).text
    assert '<html lang="zh-Hant-TW">' in zh
    assert "從架上挑一款遊戲" in zh
    assert 'class="lang-switch"' in zh
    en = client.get("/?lang=en", headers=ZH).text
    assert '<html lang="en">' in en
    assert "Pull a game off the shelf" in en
    client.cookies.set("lang", "zh_TW")
    missing = client.get("/m/nosuchmatch", headers={"Accept": "text/html"}).text
    client.cookies.clear()
    assert "找不到頁面" in missing


def test_a_match_page_gives_its_script_the_strings_of_its_language(client: TestClient) -> None:
    created = new_duel(client)
    page = client.get(f"/m/{created['id']}", headers=ZH).text
    assert '"js.match_over":"對局已結束。"' in page
    assert "對局載入中…" in page


def test_the_replay_and_rules_pages_are_translated(client: TestClient) -> None:
    created = new_duel(client)
    replay = client.get(f"/m/{created['id']}/replay", headers=ZH).text
    assert "這場對局還在進行中（目前已走 0 步）" in replay
    rules = client.get("/games/toy_duel/rules", headers=ZH).text
    assert "回大廳開一局" in rules
    assert "劇本" in rules
