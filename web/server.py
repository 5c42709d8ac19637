"""``gameshelf serve``: build the app for the given address and database, run uvicorn."""

from __future__ import annotations

from pathlib import Path

import uvicorn

from web.app import create_app
from web.settings import Settings


def run(host: str, port: int, db: str | None) -> None:
    """Serve Gameshelf on ``host:port`` with the SQLite file ``db`` (default
    ``./gameshelf.sqlite3``, created on first start). Other settings come from the
    ``GAMESHELF_*`` environment variables."""
    overrides: dict[str, object] = {"host": host, "port": port}
    if db is not None:
        overrides["db"] = Path(db)
    settings = Settings(**overrides)  # type: ignore[arg-type]
    app = create_app(settings)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        access_log=settings.access_log,
        ws_max_size=settings.max_body_bytes,
        proxy_headers=False,
        server_header=False,
        log_level="info",
    )
