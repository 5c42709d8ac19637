"""Accounts: signing up, in and out, the password, deleting one; their pages.

The session id travels only in its cookie (HttpOnly, SameSite=Lax, Secure when the site
says so), never in a body or a URL. Signing in always starts a new session (the one the
browser had ends), signing out ends it on the server.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response, status
from fastapi.responses import HTMLResponse

from gameshelf.web.accounts import Accounts
from gameshelf.web.deps import AccountDep, AccountsDep, SettingsDep
from gameshelf.web.pages import render
from gameshelf.web.people import SESSION_COOKIE, session_hash
from gameshelf.web.schemas import AccountOut, ConfirmIn, PasswordIn, SignInIn, SignUpIn
from gameshelf.web.settings import Settings
from gameshelf.web.storage_people import Account

router = APIRouter(tags=["accounts"])
pages = APIRouter()

WRONG: dict[int | str, dict[str, Any]] = {
    401: {"description": "Wrong name or password, or not signed in"}
}


def _out(account: Account, kept: int = 0) -> AccountOut:
    return AccountOut(
        id=account.id, name=account.name, email=account.email, admin=account.admin, seats_kept=kept
    )


def _set_cookie(response: Response, session_id: str, settings: Settings) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        session_id,
        max_age=int(settings.session_days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


@router.post(
    "/account",
    status_code=status.HTTP_201_CREATED,
    response_model=AccountOut,
    responses={409: {"description": "The name is taken (in any case or Unicode form)"}},
)
async def sign_up(
    body: SignUpIn,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
) -> AccountOut:
    """Make an account and sign in to it. The seats this browser holds as a guest become
    the account's."""
    account = await accounts.sign_up(body.name, body.password, body.email)
    return await _start(account, request, response, accounts, settings)


async def _start(
    account: Account, request: Request, response: Response, accounts: Accounts, settings: Settings
) -> AccountOut:
    await accounts.end_session(request.cookies.get(SESSION_COOKIE))  # never kept: no fixation
    session_id = await accounts.open_session(account, _address(request))
    _set_cookie(response, session_id, settings)
    kept = await accounts.keep_held_seats(account, request.cookies)
    return _out(account, kept)


@router.post(
    "/session",
    response_model=AccountOut,
    responses={
        **WRONG,
        403: {"description": "The account is disabled, or a cross-site request"},
        429: {"description": "Too many failed sign-ins for the account or from the address"},
    },
)
async def sign_in(
    body: SignInIn,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
) -> AccountOut:
    """Sign in: a new session (a new cookie) every time."""
    account = await accounts.sign_in(body.name, body.password, _address(request))
    return await _start(account, request, response, accounts, settings)


@router.delete("/session", status_code=status.HTTP_204_NO_CONTENT)
async def sign_out(request: Request, accounts: AccountsDep) -> Response:
    """Sign out: the session ends on the server and its cookie is dropped."""
    await accounts.end_session(request.cookies.get(SESSION_COOKIE))
    response = Response(status_code=status.HTTP_204_NO_CONTENT)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.get("/account", response_model=AccountOut, responses=WRONG)
async def who_am_i(account: AccountDep) -> AccountOut:
    """The signed-in account."""
    return _out(account)


@router.post("/account/password", status_code=status.HTTP_204_NO_CONTENT, responses=WRONG)
async def change_password(
    body: PasswordIn, request: Request, account: AccountDep, accounts: AccountsDep
) -> Response:
    """A new password, given the current one. Every other session of the account ends."""
    current = request.cookies.get(SESSION_COOKIE) or ""
    await accounts.change_password(account, body.current, body.new, session_hash(current))
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/account/delete", status_code=status.HTTP_204_NO_CONTENT, responses=WRONG)
async def delete_account(body: ConfirmIn, account: AccountDep, accounts: AccountsDep) -> Response:
    """Delete the account, its password confirming it. Its matches being played are handed
    to bots; its finished ones stay, under "deleted player"."""
    await accounts.delete(account, body.password)
    response = Response(status_code=status.HTTP_204_NO_CONTENT)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@pages.get("/signup", response_class=HTMLResponse)
async def sign_up_page(request: Request) -> HTMLResponse:
    return render(request, "account_form.html", {"form": "signup"})


@pages.get("/signin", response_class=HTMLResponse)
async def sign_in_page(request: Request) -> HTMLResponse:
    return render(request, "account_form.html", {"form": "signin"})


@pages.get("/account", response_class=HTMLResponse)
async def account_page(request: Request) -> HTMLResponse:
    return render(request, "account_form.html", {"form": "account"})
