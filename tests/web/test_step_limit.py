"""A match on the site has a step limit (``max_match_actions``): one not over by then ends
there as abandoned, nobody winning, said in both languages (issue 28 item 6)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from gameshelf.core.i18n.messages import render
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.tables import Refusal, SeatRequest, Tables
from tests.web.conftest import TestClient, toy_registry
from tests.web.test_bots_background import BOTS, run_tables


def test_a_match_of_bots_alone_ends_abandoned_at_the_step_limit(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        table, _ = await tables.create("toy_duel", None, None, None, BOTS)
        assert tables.bots.task is not None
        await tables.bots.task
        assert table.match.seq == 3  # the limit, not one more
        assert table.match.outcome() is None  # the game itself was not over
        outcome = table.outcome()
        assert outcome is not None
        assert (outcome.winners, outcome.reason) == ([], "abandoned")
        assert (
            render(outcome.text, "en") == "not over after 3 actions, the site's limit; nobody wins"
        )
        assert "無人獲勝" in render(outcome.text, "zh_TW")
        record = tables.storage.match(table.id)
        assert record is not None
        assert record.summary.status == "finished"
        assert record.summary.outcome is not None
        assert record.summary.outcome["reason"] == "abandoned"
        assert len(tables.storage.actions(table.id)) == 3
        assert table.id not in tables.bots.playing  # no longer played

    run_tables(tmp_path / "g.sqlite3", run, max_match_actions=3)


def test_a_person_may_not_act_or_undo_in_an_abandoned_match(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        seats = [SeatRequest(name="Ann"), SeatRequest(bot="first")]
        table, _ = await tables.create("toy_duel", None, None, None, seats)
        role = table.seats[0].role
        while table.outcome() is None:
            action = table.match.actions(role)[0]
            await tables.act(table, role, action, table.version)
        assert table.match.seq == 2
        assert table.outcome().reason == "abandoned"
        before = (table.match.seq, table.version)
        with pytest.raises(Refusal) as refused:
            await tables.act(table, role, action, table.version)
        assert refused.value.code == "game_over"
        with pytest.raises(Refusal) as refused:
            await tables.undo(table, role, table.version)
        assert refused.value.code == "cannot_undo"
        assert (table.match.seq, table.version) == before

    run_tables(tmp_path / "g.sqlite3", run, max_match_actions=2)


def test_no_limit_with_zero(tmp_path: Path) -> None:
    async def run(tables: Tables) -> None:
        table, _ = await tables.create("toy_duel", None, None, None, BOTS)
        assert tables.bots.task is not None
        await tables.bots.task
        outcome = table.outcome()
        assert outcome is not None
        assert outcome.reason != "abandoned"

    run_tables(tmp_path / "g.sqlite3", run, max_match_actions=0)


def test_the_lobby_says_abandoned_not_a_draw(db_path: Path) -> None:
    settings = Settings(db=db_path, max_match_actions=3)
    body = {"game": "toy_duel", "seats": [{"bot": "random"}, {"bot": "first"}]}
    with TestClient(create_app(settings, registry=toy_registry())) as client:
        match_id = client.post("/api/matches", json=body).json()["id"]
        for _ in range(200):
            if client.get(f"/api/matches/{match_id}/view").json()["status"] == "finished":
                break
            time.sleep(0.02)
        html = client.get("/?lang=en").text
        row = html[html.index(f'data-match="{match_id}"') :]
        row = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row[: row.index("</a>")]))
        assert "Abandoned: not over after 3 actions, the site&#39;s limit; nobody wins" in row
        assert "A draw" not in row
        chinese = client.get("/?lang=zh_TW").text
        assert "已中止" in chinese
