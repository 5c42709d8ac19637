"""Where ratings are kept: each account's rating per game, every change a rated match made,
and which matches were rated; behind the storage interface (:class:`RatingStorage`, which
:class:`web.storage.Storage` extends) with their SQLite implementation."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass

from gameshelf.web.ratings import Change, Rating
from gameshelf.web.storage_sql import Connection


@dataclass(frozen=True)
class RatingChange:
    """A line of a player's history: a rated match and its rating before and after."""

    game: str
    match_id: str
    before: int
    after: int
    at: float


class RatingStorage(ABC):
    """Ratings per game."""

    @abstractmethod
    def ratings(self, accounts: Sequence[int], game: str) -> dict[int, Rating]:
        """The ratings at ``game`` of those of ``accounts`` that have one."""

    @abstractmethod
    def ratings_of(self, account: int) -> list[Rating]:
        """An account's rating in every game it was rated in."""

    @abstractmethod
    def apply_ratings(
        self, match_id: str, game: str, changes: Sequence[Change], now: float
    ) -> bool:
        """Keep the new ratings a match made, once: ``False`` (nothing kept) when the match
        was rated already."""

    @abstractmethod
    def leaderboard(self, game: str, limit: int = 100) -> list[tuple[Rating, str]]:
        """The best rated accounts at ``game`` (by the rating shown), with their names;
        disabled and deleted accounts left out."""

    @abstractmethod
    def rating_history(self, account: int, limit: int = 200) -> list[RatingChange]:
        """An account's rating changes, newest first."""


# 10: ratings
RATINGS_MIGRATION = """
    CREATE TABLE ratings (
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        game       TEXT NOT NULL,
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        matches    INTEGER NOT NULL,
        shown      INTEGER NOT NULL,
        PRIMARY KEY (account_id, game)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_by_game ON ratings (game, shown DESC);
    CREATE TABLE rating_changes (
        account_id INTEGER NOT NULL REFERENCES accounts (id),
        match_id   TEXT NOT NULL REFERENCES matches (id),
        game       TEXT NOT NULL,
        before     INTEGER NOT NULL,
        after      INTEGER NOT NULL,
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        at         REAL NOT NULL,
        PRIMARY KEY (account_id, match_id)
    ) WITHOUT ROWID;
    CREATE INDEX rating_changes_by_account ON rating_changes (account_id, at DESC);
    CREATE TABLE rated_matches (
        match_id TEXT PRIMARY KEY REFERENCES matches (id),
        at       REAL NOT NULL
    ) WITHOUT ROWID;
"""


class SQLiteRatings(RatingStorage):
    """:class:`RatingStorage` in SQL, for both backends of :class:`web.storage.SQLStorage`."""

    _write: Callable[[], AbstractContextManager[Connection]]
    _read: Callable[[], AbstractContextManager[Connection]]

    def ratings(self, accounts: Sequence[int], game: str) -> dict[int, Rating]:
        if not accounts:
            return {}
        marks = ",".join("?" * len(accounts))
        with self._read() as db:
            rows = db.execute(
                "SELECT account_id, game, mu, sigma, matches FROM ratings "
                f"WHERE game=? AND account_id IN ({marks})",
                (game, *accounts),
            ).fetchall()
        return {r[0]: Rating(*r) for r in rows}

    def ratings_of(self, account: int) -> list[Rating]:
        with self._read() as db:
            rows = db.execute(
                "SELECT account_id, game, mu, sigma, matches FROM ratings "
                "WHERE account_id=? ORDER BY game",
                (account,),
            ).fetchall()
        return [Rating(*r) for r in rows]

    def apply_ratings(
        self, match_id: str, game: str, changes: Sequence[Change], now: float
    ) -> bool:
        with self._write() as db:
            if not db.execute(
                "INSERT INTO rated_matches VALUES (?,?) ON CONFLICT DO NOTHING", (match_id, now)
            ).rowcount:
                return False
            for c in changes:
                after = Rating(c.account, game, c.mu, c.sigma, c.before.matches + 1)
                db.execute(
                    "INSERT INTO ratings VALUES (?,?,?,?,?,?) ON CONFLICT (account_id, game) "
                    "DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, "
                    "matches=excluded.matches, shown=excluded.shown",
                    (c.account, game, c.mu, c.sigma, after.matches, after.shown),
                )
                db.execute(
                    "INSERT INTO rating_changes VALUES (?,?,?,?,?,?,?,?)",
                    (c.account, match_id, game, c.before.shown, after.shown, c.mu, c.sigma, now),
                )
        return True

    def leaderboard(self, game: str, limit: int = 100) -> list[tuple[Rating, str]]:
        with self._read() as db:
            rows = db.execute(
                "SELECT r.account_id, r.game, r.mu, r.sigma, r.matches, a.name FROM ratings r "
                "JOIN accounts a ON a.id = r.account_id "
                "WHERE r.game=? AND a.disabled=0 AND a.deleted=0 "
                "ORDER BY r.shown DESC, r.matches DESC, a.name LIMIT ?",
                (game, limit),
            ).fetchall()
        return [(Rating(*r[:5]), r[5]) for r in rows]

    def rating_history(self, account: int, limit: int = 200) -> list[RatingChange]:
        with self._read() as db:
            rows = db.execute(
                "SELECT game, match_id, before, after, at FROM rating_changes "
                "WHERE account_id=? ORDER BY at DESC LIMIT ?",
                (account, limit),
            ).fetchall()
        return [RatingChange(*r) for r in rows]
