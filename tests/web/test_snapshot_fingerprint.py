"""Snapshots carry the fingerprint of the game's data and state schema (core.engine.snapshot): one
written under another is not used, and the match is rebuilt from its history instead."""

from __future__ import annotations

import json
import sqlite3

from gameshelf.core.engine.snapshot import HEADER, fingerprint
from gameshelf.web.settings import Settings
from tests.core.toygame import RULESET
from tests.web.test_durability import ann_against_a_bot, fresh_client, play, state_of


def stored_snapshot(settings: Settings) -> str:
    db = sqlite3.connect(settings.db)
    (text,) = db.execute("SELECT state FROM snapshots ORDER BY seq DESC LIMIT 1").fetchone()
    db.close()
    return text


def replace_snapshots(settings: Settings, text: str) -> None:
    db = sqlite3.connect(settings.db)
    db.execute("UPDATE snapshots SET state=?", (text,))
    db.commit()
    db.close()


def a_match_with_a_snapshot(settings: Settings) -> tuple[str, tuple[str, list]]:
    with fresh_client(settings) as client:
        created = ann_against_a_bot(client, seed=5)
        play(client, created["id"], created["seats"][0]["token"], 3)
        return created["id"], state_of(client, created["id"])


def tampered(text: str, fingerprint_line: str) -> str:
    """The snapshot's state with the scores changed (a state the history never gave)."""
    state = json.loads(text.partition("\n")[2])
    state["score"] = {"north": 40, "south": 40}
    return fingerprint_line + "\n" + json.dumps(state)


def test_a_snapshot_records_the_fingerprint_of_the_games_data_and_schema(settings):
    a_match_with_a_snapshot(settings)
    assert stored_snapshot(settings).partition("\n")[0] == HEADER + fingerprint(RULESET)


def test_a_snapshot_with_the_games_fingerprint_is_used(settings):
    mid, before = a_match_with_a_snapshot(settings)
    text = stored_snapshot(settings)
    replace_snapshots(settings, tampered(text, text.partition("\n")[0]))
    with fresh_client(settings) as client:
        assert state_of(client, mid) != before  # the (tampered) snapshot was loaded


def test_a_snapshot_of_other_data_is_not_used_the_match_is_replayed(settings):
    mid, before = a_match_with_a_snapshot(settings)
    replace_snapshots(settings, tampered(stored_snapshot(settings), HEADER + "0123456789abcdef"))
    with fresh_client(settings) as client:
        assert state_of(client, mid) == before


def test_a_snapshot_without_a_fingerprint_is_not_used(settings):
    mid, before = a_match_with_a_snapshot(settings)
    replace_snapshots(settings, tampered(stored_snapshot(settings), "").lstrip("\n"))
    with fresh_client(settings) as client:
        assert state_of(client, mid) == before
