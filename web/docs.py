"""The API's documentation pages, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), with no
Internet: their scripts and styles come from an installed package (``fastapi-standalone-
docs``, which ships both), mounted at ``/assets/api-docs``, and the pages keep the site's
strict Content-Security-Policy: no inline script (``/assets/api-docs.js`` starts the UI),
nothing from another origin. Without that package the pages say how to install it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from html import escape
from importlib.util import find_spec
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from gameshelf.web.pages import PAGE_HEADERS

ASSETS = "/assets/api-docs"
PACKAGE = "fastapi_standalone_docs"

UIS = {
    # ui: (page title suffix, scripts, styles)
    "swagger": ("API", ["swagger/swagger-ui-bundle.js"], ["swagger/swagger-ui.css"]),
    "redoc": ("API reference", ["redoc/redoc.standalone.js"], []),
}


def assets_folder() -> Path | None:
    spec = find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "static"
    return folder if folder.is_dir() else None


def page(title: str, ui: str, openapi_url: str, installed: bool) -> str:
    _, scripts, styles = UIS[ui]
    head = "".join(f'<link rel="stylesheet" href="{ASSETS}/{s}">' for s in styles)
    tags = "".join(f'<script src="{ASSETS}/{s}" defer></script>' for s in scripts)
    if not installed:
        head, tags = "", ""
        body = (
            "<p>The documentation viewer is not installed: <code>pip install "
            "fastapi-standalone-docs</code>. The API itself is described at "
            f'<a href="{escape(openapi_url)}">{escape(openapi_url)}</a>.</p>'
        )
    else:
        body = f'<div id="api-docs" data-ui="{ui}" data-openapi="{escape(openapi_url)}"></div>'
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · {UIS[ui][0]}</title>"
        f'<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">{head}</head>'
        f'<body>{body}{tags}<script src="/assets/api-docs.js" defer></script></body></html>'
    )


def install(app: FastAPI, openapi_url: str = "/openapi.json") -> None:
    """Serve ``/docs`` and ``/redoc`` (``app`` made with ``docs_url=None, redoc_url=None``)."""
    folder = assets_folder()
    if folder is not None:
        app.mount(ASSETS, StaticFiles(directory=folder), name="api-docs")
        logo = folder / "redoc" / "logo-mini.svg"
        if logo.exists():  # ReDoc asks for it beside its page: /redoc/logo-mini.svg
            app.add_api_route(
                "/redoc/logo-mini.svg",
                serve_file(logo),
                methods=["GET"],
                include_in_schema=False,
            )

    for ui, url in (("swagger", "/docs"), ("redoc", "/redoc")):
        app.add_api_route(
            url,
            serve_page(page(app.title, ui, openapi_url, folder is not None)),
            methods=["GET"],
            include_in_schema=False,
        )


def serve_file(path: Path) -> Callable[[], Awaitable[FileResponse]]:
    async def file() -> FileResponse:
        return FileResponse(path, media_type="image/svg+xml")

    return file


def serve_page(html: str) -> Callable[[], Awaitable[HTMLResponse]]:
    async def docs() -> HTMLResponse:
        return HTMLResponse(html, headers=PAGE_HEADERS)

    return docs
