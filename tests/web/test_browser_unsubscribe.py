"""An e-mail's unsubscribe link in a real browser (issue 30, review): the page asks, its
button unsubscribes. The site says ``Referrer-Policy: no-referrer`` everywhere, and a
browser's form POST from such a page says ``Origin: null``, which the CSRF check refuses:
the page says ``strict-origin`` instead (its address holds the key), and the button works."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from gameshelf.web.storage_notices import NoticePrefs
from gameshelf.web.storage_people import Account
from tests.web.browser import MARKS
from tests.web.conftest import FAST_PASSWORDS
from tests.web.games import games_registry
from tests.web.live_server import serving

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def test_the_unsubscribe_pages_button_turns_the_email_off(browser: Any, tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "site.sqlite3", **FAST_PASSWORDS)
    app = create_app(settings, registry=games_registry())
    with serving(app) as base:
        storage = app.state.storage
        account: Account = storage.create_account(
            "Ann", "ann", "hash", "ann@example.com", 0.0, False
        )
        prefs = NoticePrefs(account.id, email=True, secret="s", unsubscribe="KeyOfAnn123")
        storage.set_notice_prefs(prefs)
        page = browser.new_page()
        page.goto(f"{base}/notices/unsubscribe/KeyOfAnn123")
        assert storage.notice_prefs(account.id).email is True  # opening it only asks
        page.get_by_role("button").click()
        page.wait_for_selector(".unsubscribed")
        assert storage.notice_prefs(account.id).email is False
        page.close()
