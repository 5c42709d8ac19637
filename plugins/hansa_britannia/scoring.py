"""The end of the game and final scoring (RULES §8, §9, §12.7, §13.10).

The end is triggered during a Create a trade route action (``create_route.py``,
``markers.py``) by a seat reaching 20 prestige (``prestige_20``), the 8th completed city
(``cities_8``) or a replacement marker the supply cannot give (``markers_out``); the action is
finished in full, then the game ends (``end_game``, called by the turn).

Final scoring, each line kept apart (``lines(board)``; ``s.final[p]`` and the outcome's scores):
``prestige`` on the track; ``abilities`` 4 per fully developed track but Clavis Urbis;
``markers`` collected, used or not (1, 3, 3, 6, 6, 10, 10, 15, 15, 21); ``special`` Plymouth's
spaces; ``cities`` 2 per city controlled; ``network`` the most Kontors (not cities, RULES §13.10)
in one group of cities linked by routes, each holding one of the seat's Kontors, times the
Clavis Urbis value; ``wales`` and ``scotland`` the majorities of RULES §12.7 (7/4/2: ranked by
cities controlled there, then Kontors there; seats still tied share the places they cover,
rounded down; places left over go to seats with Kontors but no city there, by Kontors; Isle
of Man counts in both).

The winner has the highest total; a tie goes to the least developed Actiones, then the
higher network, else the tied seats share the win (RULES §9). On the 2–3 side there is no
Scotland, so no ``scotland`` line.

The neutral of a two-player game (RULES §14.7) controls cities like a player (a player with
fewer Kontors there does not score the city), takes its place in the Wales majority, and is
scored too (``s.neutral_final``: its track, 2 per city it controls, its network with the
first Clavis Urbis value, 1, since it has no desk, our ruling, and Wales), shown in the
outcome's scores under "neutral" but never a winner.
"""

from __future__ import annotations

from gameshelf.core.engine.ruleset import Outcome
from gameshelf.core.i18n.messages import Msg
from gameshelf.plugins.hansa_britannia.board import ABILITIES, MARKERS, Board
from gameshelf.plugins.hansa_britannia.desk import ACTIONES, is_full, keys
from gameshelf.plugins.hansa_britannia.state import (
    EMPTY,
    NEUTRAL,
    State,
    controller,
    kontors,
    machine,
)

OUTCOME_REASONS = ("prestige_20", "cities_8", "markers_out")
BASE_LINES = ("prestige", "abilities", "markers", "special", "cities", "network")


def lines(b: Board) -> tuple[str, ...]:
    """The final scoring's lines on board ``b``: the base ones, then a line per country with
    a majority ("wales", and "scotland" on the 4–5 side)."""
    return BASE_LINES + tuple(k.id.lower() for k in b.countries if k.majority)


def markers_score(count: int) -> int:
    table = MARKERS.score
    return table[min(count, len(table) - 1)]


def network(s: State, p: int) -> int:
    """RULES §9 F: the seat's Kontors in its best connected group, times Clavis Urbis (1
    for the neutral, which has no desk)."""
    b = s.board
    graph = b.graph
    held = [b.city_id[c] for c in range(b.n_cities) if kontors(s, c, p)]
    groups = graph.components(held)
    best = max((sum(kontors(s, graph.index[c], p) for c in g) for g in groups), default=0)
    return best * (1 if p == s.neutral else keys(s, p))


def majority(s: State, country: str, awards: tuple[int, ...]) -> list[int]:
    """RULES §12.7: each owner's points (the seats', then the neutral's, RULES §14.7) for the
    majority of ``country``."""
    cities = s.board.country_cities[country]
    n = s.owners
    held = [0] * n
    for c in cities:
        ctl = controller(s, c)
        if ctl != EMPTY:
            held[ctl] += 1
    count = [sum(kontors(s, c, p) for c in cities) for p in range(n)]
    key = {p: (held[p] > 0, held[p], count[p]) for p in range(n) if count[p]}
    ranked = sorted(key, key=lambda p: key[p], reverse=True)
    points = [0] * n
    place = 0
    while place < len(ranked):
        tied = [p for p in ranked if key[p] == key[ranked[place]]]
        share = sum(awards[place : place + len(tied)]) // len(tied)
        for p in tied:
            points[p] = share
        place += len(tied)
    return points


def _regions(s: State) -> dict[str, list[int]]:
    return {k.id.lower(): majority(s, k.id, k.majority) for k in s.board.countries if k.majority}


def final_scores(s: State) -> list[dict[str, int]]:
    b = s.board
    regions = _regions(s)
    out = []
    for p in range(len(s.seats)):
        line = {
            "prestige": s.prestige[p],
            "abilities": sum(a.full_bonus for i, a in enumerate(ABILITIES) if is_full(s, p, i)),
            "markers": markers_score(len(s.hand[p]) + len(s.used[p])),
            "special": sum(b.special_spaces[i].points for i, q in enumerate(s.special) if q == p),
            "cities": 2 * sum(1 for c in range(b.n_cities) if controller(s, c) == p),
            "network": network(s, p),
            **{region: points[p] for region, points in regions.items()},
        }
        line["total"] = sum(line[k] for k in lines(b))
        out.append(line)
    return out


def neutral_scores(s: State) -> dict[str, int]:
    """RULES §14.7: the neutral's score, kept and shown (see the module)."""
    p, b = s.neutral, s.board
    line = {
        "prestige": s.prestige[p],
        "cities": 2 * sum(1 for c in range(b.n_cities) if controller(s, c) == p),
        "network": network(s, p),
        **{region: points[p] for region, points in _regions(s).items()},
    }
    line["total"] = sum(line.values())
    return line


FINAL_LINE = {  # by the board's majority lines
    ("wales", "scotland"): "hansa_britannia.final_line",
    ("wales",): "hansa_britannia.final_line_wales",
}


def end_game(s: State) -> None:
    """The game is over (RULES §8): score it and end it with its outcome (``final_outcome``,
    kept in the state by ``StepMachine.end_game``)."""
    s.final = final_scores(s)
    s.announce("hansa_britannia.game_ends", reason=s.end_reason)
    message = FINAL_LINE[lines(s.board)[len(BASE_LINES) :]]
    for p, line in enumerate(s.final):
        s.announce(message, role=s.seats[p], **line)
    if s.neutral != EMPTY:
        s.neutral_final = neutral_scores(s)
        s.announce("hansa_britannia.neutral_final_line", **s.neutral_final)
    machine.end_game(s, final_outcome(s))


def winners(s: State) -> list[int]:
    """RULES §9: the highest total; then the least developed Actiones; then the network."""

    def rank(p: int) -> tuple[int, int, int]:
        return (s.final[p]["total"], -s.level[p][ACTIONES], s.final[p]["network"])

    best = max(rank(p) for p in range(len(s.seats)))
    return [p for p in range(len(s.seats)) if rank(p) == best]


def final_outcome(s: State) -> Outcome:
    """Who won, by how much, each seat's lines (and the neutral player's) as scores."""
    won = winners(s)
    scores: dict[str, float] = {}
    for p, line in enumerate(s.final):
        scores[s.seats[p]] = line["total"]
        for key in lines(s.board):
            scores[f"{s.seats[p]}.{key}"] = line[key]
    for key, points in s.neutral_final.items():  # shown, never a winner (RULES §14.7)
        scores[NEUTRAL if key == "total" else f"{NEUTRAL}.{key}"] = points
    if len(won) == 1:
        text = Msg("hansa_britannia.winner", role=s.seats[won[0]], points=s.final[won[0]]["total"])
    else:
        text = Msg("hansa_britannia.shared_win", count=len(won), points=s.final[won[0]]["total"])
    return Outcome(winners=[s.seats[p] for p in won], reason=s.end_reason, text=text, scores=scores)
