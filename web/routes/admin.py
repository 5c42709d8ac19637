"""The administrators' side of the site: accounts (disable, enable) and chat messages to
take away; the same as ``gameshelf admin`` (:mod:`web.admin`). Only an administrator's
session passes (403 for anyone else)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response, status
from fastapi.responses import HTMLResponse

from gameshelf.core.i18n.messages import Msg
from gameshelf.web import admin
from gameshelf.web.deps import SESSION, MaybeAccountDep, StorageDep, TablesDep
from gameshelf.web.pages import render
from gameshelf.web.schemas import AccountRow
from gameshelf.web.storage_people import Account
from gameshelf.web.tables import Refusal

router = APIRouter(prefix="/admin", tags=["admin"])
pages = APIRouter()


async def administrator(account: Annotated[Account, Depends(SESSION)]) -> Account:
    if not account.admin:
        raise Refusal("not_admin", Msg("web.admin.not_admin"))
    return account


AdminDep = Annotated[Account, Depends(administrator)]
REFUSED: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in"},
    403: {"description": "Not an administrator, or a cross-site request"},
}
NOT_FOUND: dict[int | str, dict[str, Any]] = {
    **REFUSED,
    404: {"description": "No such account or message"},
}
AccountName = Annotated[str, Path(min_length=1, max_length=100)]


@router.get("/accounts", response_model=list[AccountRow], responses=REFUSED)
async def accounts(_: AdminDep, storage: StorageDep) -> list[dict[str, Any]]:
    """Every account."""
    return admin.listed(storage)


@router.post(
    "/accounts/{name}/disable", status_code=status.HTTP_204_NO_CONTENT, responses=NOT_FOUND
)
async def disable(
    name: AccountName, _: AdminDep, storage: StorageDep, tables: TablesDep
) -> Response:
    """Disable an account: its sessions end, its started matches are resigned, its
    invitations declined, its seats in matches still gathering players go to bots."""
    await admin.disable(storage, tables, name)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/accounts/{name}/enable", status_code=status.HTTP_204_NO_CONTENT, responses=NOT_FOUND)
async def enable(
    name: AccountName, _: AdminDep, storage: StorageDep, tables: TablesDep
) -> Response:
    """Let a disabled account sign in again."""
    await admin.disable(storage, tables, name, disabled=False)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/chat/{line_id}/remove", status_code=status.HTTP_204_NO_CONTENT, responses=NOT_FOUND)
async def remove_message(
    line_id: Annotated[int, Path(ge=1, le=1 << 62)], _: AdminDep, request: Request
) -> Response:
    """Take a chat message away: its text is gone; readers see it was removed."""
    await admin.remove_message(request.app.state.talk, line_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@pages.get("/admin", response_class=HTMLResponse)
async def admin_page(
    request: Request, account: MaybeAccountDep, storage: StorageDep
) -> HTMLResponse:
    allowed = account is not None and account.admin
    rows = admin.listed(storage) if allowed else []
    return render(request, "admin.html", {"allowed": allowed, "rows": rows})
