"""A player's notices (issue 30): the channels it chooses (``/api/my/notices`` and the page
``/my/notices``), what became of its latest notices, and the unsubscribe link of every
e-mail (``/notices/unsubscribe/{key}``: no sign-in needed, the key is the link's secret)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse

from gameshelf.core.i18n.messages import Msg
from gameshelf.web.deps import AccountDep, MaybeAccountDep, StorageDep
from gameshelf.web.i18n import request_lang
from gameshelf.web.notices import Notices, Refused
from gameshelf.web.pages import render
from gameshelf.web.schemas import NoticesIn, NoticesOut
from gameshelf.web.storage import Storage
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal

router = APIRouter(tags=["people"])
pages = APIRouter()


def notices_of(request: Request) -> Notices:
    found: Notices = request.app.state.notices
    return found


def shown(storage: Storage, notices: Notices, account: Account) -> dict[str, Any]:
    """A player's notice settings as its page and the API show them."""
    prefs = notices.prefs(account.id)
    return {
        "email": prefs.email,
        "address": account.email,
        "webhook": prefs.webhook,
        "secret": prefs.secret if prefs.webhook else "",
        "digest": prefs.digest,
        "email_off": prefs.email_off,
        "webhook_off": prefs.webhook_off,
        "recent": [
            {"channel": n.channel, "event": n.event, "match": n.match_id, "state": state}
            for n, state in storage.notices_of(account.id)
        ],
    }


@router.get(
    "/my/notices", response_model=NoticesOut, responses={401: {"description": "Not signed in"}}
)
async def get_notices(request: Request, account: AccountDep, storage: StorageDep) -> Any:
    """Your notices: by e-mail (to your account's address) and/or a webhook, each notice
    at once or a daily e-mail of the games waiting; a channel turned off after failing
    says why; your latest notices and what became of them."""
    return shown(storage, notices_of(request), account)


@router.put(
    "/my/notices",
    response_model=NoticesOut,
    responses={
        401: {"description": "Not signed in"},
        422: {"description": "A webhook URL to a non-public address, or not http(s)"},
    },
)
async def put_notices(
    body: NoticesIn, request: Request, account: AccountDep, storage: StorageDep
) -> Any:
    """Choose your notices (in the language of this request). Saving turns a channel that
    was turned off on again. A webhook is signed with the secret shown here."""
    notices = notices_of(request)
    if body.email and not account.email:
        raise Refusal("no_email", Msg("web.notice.no_email"))
    try:
        notices.save(account.id, request_lang(request), body.email, body.webhook, body.digest)
    except Refused as exc:
        raise Refusal("bad_webhook", Msg("web.notice.bad_webhook", reason=str(exc))) from None
    return shown(storage, notices, account)


@pages.get("/my/notices", response_class=HTMLResponse)
async def notices_page(
    request: Request, account: MaybeAccountDep, storage: StorageDep
) -> HTMLResponse:
    data = shown(storage, notices_of(request), account) if account else None
    return render(request, "notices.html", {"notices": data})


UnsubscribeKey = Annotated[str, Path(max_length=100)]


@pages.get("/notices/unsubscribe/{key}", response_class=HTMLResponse)
async def unsubscribe_page(
    request: Request, key: UnsubscribeKey, storage: StorageDep
) -> HTMLResponse:
    """An e-mail's unsubscribe link, opened: it asks, and changes nothing (mail scanners and
    link previews open links too); its button posts to the same address."""
    found = storage.prefs_by_unsubscribe(key) is not None
    return _without_key(render(request, "unsubscribed.html", {"found": found, "asked": found}))


@pages.post("/notices/unsubscribe/{key}", response_class=HTMLResponse)
async def unsubscribe(request: Request, key: UnsubscribeKey) -> HTMLResponse:
    """Unsubscribe: no more e-mail (the webhook, if any, stays as it is). The page's button,
    or a mail client's one-click unsubscribe (RFC 8058: ``List-Unsubscribe-Post``)."""
    found = notices_of(request).unsubscribe(key)
    return _without_key(render(request, "unsubscribed.html", {"found": found, "asked": False}))


def _without_key(page: HTMLResponse) -> HTMLResponse:
    """The page's address holds the key: what it links to is told the site's origin only.
    Not the site's ``no-referrer`` (web.middleware): a browser's form POST from such a page
    says ``Origin: null`` (Fetch standard), which the CSRF check refuses (web.csrf), and
    the page's button is a form."""
    page.headers["Referrer-Policy"] = "strict-origin"
    return page
