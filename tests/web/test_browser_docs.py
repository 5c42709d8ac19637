"""The API documentation works without Internet, under the site's strict CSP: /docs
(Swagger UI) and /redoc (ReDoc) in Debian's Chromium, every request to another host
refused, every CSP violation recorded."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.browser import MARKS
from tests.web.conftest import toy_registry
from tests.web.live_server import serving

pytestmark = MARKS

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("docs") / "site.sqlite3"
    with serving(create_app(Settings(db=db), registry=toy_registry())) as base:
        yield base


@pytest.fixture
def offline(browser: Any, site: str) -> Iterator[tuple[Any, list[str]]]:
    """A page that may reach this site only; what it was refused or warned of."""
    page = browser.new_page()
    trouble: list[str] = []
    host = urlsplit(site).netloc

    def only_here(route: Any) -> None:
        if urlsplit(route.request.url).netloc in (host, ""):
            route.continue_()
        else:
            trouble.append(f"request to {route.request.url}")
            route.abort()

    page.route("**/*", only_here)
    page.on(
        "console",
        lambda m: trouble.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.on("pageerror", lambda exc: trouble.append(str(exc)))
    yield page, trouble
    page.close()


def test_swagger_ui_loads_from_the_site_alone(site: str, offline: tuple[Any, list[str]]) -> None:
    page, trouble = offline
    reply = page.goto(f"{site}/docs")
    assert "script-src 'self'" in reply.headers["content-security-policy"]
    page.wait_for_selector(".opblock", timeout=15_000)
    assert page.locator(".opblock").count() >= 10  # every route of the API
    assert trouble == []


def test_redoc_loads_from_the_site_alone(site: str, offline: tuple[Any, list[str]]) -> None:
    page, trouble = offline
    reply = page.goto(f"{site}/redoc")
    assert "script-src 'self'" in reply.headers["content-security-policy"]
    page.wait_for_selector('h2:has-text("Post Action")', timeout=15_000)
    assert page.locator("h1").first.inner_text().startswith("Gameshelf")
    assert trouble == []
