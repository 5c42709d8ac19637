"""Notices in storage (issue 30), the same on both backends (SQLite, and PostgreSQL in a
schema of its own): settings, the queue claimed once, back-off and turning a channel off,
rate marks, low clocks told once, digests taken once."""

from __future__ import annotations

from dataclasses import replace

from gameshelf.web.clocks import Pace, SeatClock
from gameshelf.web.storage import SQLStorage
from gameshelf.web.storage_notices import NoticePrefs
from tests.web.test_storage_backends import NOW, new_match, storage  # noqa: F401


def test_settings_the_queue_and_turning_a_channel_off(storage: SQLStorage) -> None:  # noqa: F811
    ann = storage.create_account("Ann", "ann", "hash", "a@example.org", NOW, admin=False)
    assert storage.notice_prefs(ann.id) is None
    prefs = NoticePrefs(ann.id, "zh_TW", True, "https://hooks.example/x", "k", unsubscribe="u1")
    storage.set_notice_prefs(prefs)
    storage.set_notice_prefs(replace(prefs, digest="daily"))  # kept again: replaced
    assert storage.notice_prefs(ann.id) == replace(prefs, digest="daily")
    assert storage.prefs_by_unsubscribe("u1") == replace(prefs, digest="daily")
    first = storage.add_notice(ann.id, "webhook", "your_turn", "m1", "{}", NOW)
    second = storage.add_notice(ann.id, "webhook", "chat", "m1", "{}", NOW)
    assert second > first
    due = storage.due_notices(NOW)
    assert [n.id for n in due] == [first, second]
    assert storage.claim_notice(first, NOW, NOW + 60)
    assert not storage.claim_notice(first, NOW, NOW + 60)  # leased: once
    assert [n.id for n in storage.due_notices(NOW)] == [second]
    assert not storage.notice_failed(due[0], NOW, "500", NOW + 60, turn_off_after=2)
    assert storage.due_notices(NOW + 59) == [due[1]]
    assert storage.notice_failed(due[1], NOW, "500 again", NOW + 60, turn_off_after=2)
    assert storage.notice_prefs(ann.id).webhook_off == "500 again"  # type: ignore[union-attr]
    assert storage.due_notices(NOW + 3600) == []  # its waiting notices given up
    states = [state for _, state in storage.notices_of(ann.id)]
    assert states == ["failed", "failed"]
    third = storage.add_notice(ann.id, "email", "invited", "m1", "{}", NOW)
    [notice] = storage.due_notices(NOW)
    assert notice.id == third
    storage.notice_sent(notice, NOW)
    assert storage.notices_of(ann.id)[0][1] == "sent"


def test_marks_low_clocks_and_digests_are_taken_once(storage: SQLStorage) -> None:  # noqa: F811
    ann = storage.create_account("Ann", "ann", "hash", "a@example.org", NOW, admin=False)
    assert storage.mark_notice(ann.id, "m1", "your_turn", NOW, 1800)
    assert not storage.mark_notice(ann.id, "m1", "your_turn", NOW + 1799, 1800)
    assert storage.mark_notice(ann.id, "m1", "your_turn", NOW + 1800, 1800)
    new_match(storage)
    pace = Pace.of("fast", None, None, 2)
    storage.add_clocks("m1", pace, [SeatClock("north", 0.0), SeatClock("south", 0.0)])
    storage.set_clocks("m1", [SeatClock("north", 86400.0, NOW, NOW + 86400.0)])
    assert storage.low_clocks(NOW, 0.1) == []
    later = NOW + 86400 - 3600
    assert storage.low_clocks(later, 0.1) == [("m1", "north", NOW + 86400.0)]
    assert storage.claim_low_clock("m1", "north", NOW + 86400.0, later)
    assert not storage.claim_low_clock("m1", "north", NOW + 86400.0, later)
    assert storage.low_clocks(later, 0.1) == []
    prefs = NoticePrefs(ann.id, "en", True, "", "k", digest="daily", unsubscribe="u2")
    storage.set_notice_prefs(prefs)
    assert [p.account_id for p in storage.digest_due(NOW)] == [ann.id]
    assert storage.claim_digest(ann.id, 0.0, NOW)
    assert not storage.claim_digest(ann.id, 0.0, NOW)
    assert storage.digest_due(NOW - 1) == []


def test_pages_held_by_server_processes(storage: SQLStorage) -> None:  # noqa: F811
    storage.keep_presence([("m1", "north"), ("m1", "south")], "w1", NOW + 50)
    storage.keep_presence([("m1", "north")], "w2", NOW + 50)
    storage.keep_presence([("m1", "north")], "w1", NOW + 100)  # said again: longer
    assert storage.present("m1", "north", NOW + 90)
    assert not storage.present("m1", "south", NOW + 60)  # ran out
    storage.drop_presence("m1", "north", "w1", NOW + 60)  # w1 closed; w2's ran out: gone
    assert not storage.present("m1", "north", NOW)
