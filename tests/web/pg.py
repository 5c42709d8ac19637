"""PostgreSQL for tests: each test gets a schema of its own in the test database, dropped
after it. CI starts the server (``.ci/run``); where none answers, the tests of the second
backend are skipped locally and fail in CI."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from gameshelf.web.storage import SQLiteStorage, SQLStorage
from gameshelf.web.storage_pg import PostgresStorage

# The database the tests make their schemas in (trust authentication on the loopback).
PG_URL = os.environ.get("GAMESHELF_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")


@cache
def pg_answers() -> bool:
    try:
        psycopg.connect(PG_URL, connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


def need_pg() -> None:
    """Skip (fail in CI) when no PostgreSQL answers."""
    if not pg_answers():
        if os.environ.get("CI"):
            pytest.fail(f"no PostgreSQL at {PG_URL}: .ci/run should have started it")
        pytest.skip(f"no PostgreSQL at {PG_URL}")


def in_schema(schema: str) -> str:
    """The test database's URL with ``schema`` first on the search path."""
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options={quote(f'-csearch_path={schema}')}"


@contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh schema in the test database, as a URL whose connections use it; dropped
    with everything in it afterwards."""
    need_pg()
    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield in_schema(schema)
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def storage_on(backend: str, tmp_path: Path) -> Iterator[SQLStorage]:
    """A new, empty store on ``backend`` ("sqlite": a file under ``tmp_path``;
    "postgresql": a schema of its own), closed afterwards."""
    if backend == "sqlite":
        store: SQLStorage = SQLiteStorage(tmp_path / "s.sqlite3")
        yield store
        store.close()
        return
    with pg_schema() as url:
        store = PostgresStorage(url)
        yield store
        store.close()
