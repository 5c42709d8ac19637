"""England, Wales and Scotland: permissions and the country limits (RULES §12.3–12.4).

A route's printed colour is its country. Place and Displace on a Wales or Scotland route need
a permission: the seat in the rightmost occupied printed office of Cardiff (Wales), Carlisle
(Scotland) or London (Wales or Scotland, one use for either) may do one such action a turn
per permission city. RULES §13.1–13.2 rulings: the holder is the rightmost printed office
(never the controller, never an annex), checked at the moment of the action, with one use per
permission city per turn (``s.permits_used``), so a permission won mid-turn is usable at once.
Move, Create a trade route, the relocation of displaced pieces and the Place-2 marker need
none.

RULES §14.8, the optional border rule (a match option): a player who discards an unused +3 or
+4 Actions marker ignores borders for the rest of its turn (``s.borderless``): Place,
Displace and Move on any route of any country, with no permission used.

Moving pieces: by the Move action, a piece on an English route stays in England, one in Wales
goes to Wales or England, one in Scotland to Scotland or England; by the Move-3 and Move-any-2
markers every piece stays in the country it started in. Displaced pieces go to the country of
the displacement or England (``board.RINGS``).
"""

from __future__ import annotations

from gameshelf.plugins.hansa_britannia.state import State, rightmost_office

ENGLAND = "England"


def needs_permission(s: State, r: int) -> bool:
    """Whether a Place or Displace on route ``r`` uses a permission now."""
    b = s.board
    return b.needs_permission[b.route_country[r]] and not s.borderless


def permit_for(s: State, p: int, r: int) -> int | None:
    """The permission city whose use lets seat ``p`` place or displace on route ``r`` now;
    ``None`` if it has none left this turn. A city that covers only the route's country is
    used before London, whose one use covers both (that keeps the most for later)."""
    return permit_in(s, p, s.board.route_country[r])


def permit_in(s: State, p: int, country: str) -> int | None:
    """``permit_for`` a route of ``country``."""
    best: int | None = None
    permissions = s.board.permissions
    for city, countries in permissions:
        if country not in countries or city in s.permits_used:
            continue
        if rightmost_office(s, city) != p:
            continue
        if best is None or len(countries) < len(dict(permissions)[best]):
            best = city
    return best


def country_open(s: State, p: int) -> dict[str, bool]:
    """Whether seat ``p`` may place or displace on a route of each country now."""
    free = s.borderless
    return {
        k.id: free or not k.needs_permission or permit_in(s, p, k.id) is not None
        for k in s.board.countries
    }


def may_enter(country: tuple[str, ...], r: int, frm: int) -> bool:
    """RULES §12.4: whether the Move action may put a piece from route ``frm`` on ``r``
    (``country``: the board's route countries)."""
    to = country[r]
    return to == ENGLAND or to == country[frm]


def same_country(country: tuple[str, ...], r: int, frm: int) -> bool:
    """RULES §12.4: the Move-3 and Move-any-2 markers keep each piece in its country."""
    return country[r] == country[frm]
