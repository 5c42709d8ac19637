"""Two players with a neutral player on the 2–3 side (RULES §14; neutral.py and the modules
it touches): each point of §14 by a built position."""

from __future__ import annotations

import pytest

from gameshelf.core.i18n.messages import render_view
from gameshelf.core.testing import assert_refused
from gameshelf.plugins.hansa_britannia.board import THREE
from gameshelf.plugins.hansa_britannia.rules import RULESET
from gameshelf.plugins.hansa_britannia.scoring import end_game
from tests.hansa_britannia.builders import build, legal, play, space

NEUTRAL = 2  # the neutral's owner index in a two-player game
N = NEUTRAL * 2  # a neutral trader's code


def at(route: str, i: int) -> int:
    return space(route, i, THREE)


def spaces_of(*routes: str) -> set[int]:
    return {sp for r in routes for sp in THREE.route_spaces[THREE.rid(r)]}


def neutral_build(**fields):
    fields.setdefault("supply", {"red": (3, 0)})
    return build(players=2, **fields)


def test_two_players_set_up_with_a_neutral_on_the_yellow_flag_and_tavern_routes():  # §14.1
    s = RULESET.setup(0, players=2)
    assert (s.side, s.neutral, s.seats) == ("3", NEUTRAL, ["red", "yellow"])
    assert s.prestige == [0, 0, 0]  # the neutral's marker on the prestige track
    on = {
        THREE.route_id[r]
        for r in range(THREE.n_routes)
        if N in (s.spaces[sp] for sp in THREE.route_spaces[r])
    }
    yellow = {"newcastle", "chester", "york", "norwich", "london", "plymouth", "cardiff"}
    touching = {r.id for r in THREE.routes if yellow & set(r.cities)}
    taverns = {"richmond--lancaster", "coventry--nottingham", "salisbury--southampton"}
    assert on == touching | taverns
    assert sum(c == N for c in s.spaces) == len(on)  # one a route
    assert s.spaces[at("london--oxford", 0)] == N  # beside London
    assert s.spaces[at("salisbury--plymouth", 3)] == N  # beside Plymouth
    assert s.spaces[at("oxford--cardiff", 3)] == N  # Cardiff counts (RULES §14.1)
    view = RULESET.view(s, "red")
    assert view["neutral"] == {
        "role": "neutral",
        "prestige": 0,
        "kontors": 0,
        "owed": 0,
        "final": None,
    }
    assert [d["role"] for d in view["desks"]] == ["red", "yellow"]  # no desk for the neutral
    assert view["routes"]["london--oxford"]["spaces"][0] == {"role": "neutral", "piece": "trader"}


def test_the_other_player_places_a_neutral_displaced_in_england_and_one_more():  # §14.3
    s = neutral_build(pieces={"london--oxford": ["neutral"]})
    play(s, "red", ("displace_trader", at("london--oxford", 0)))
    assert s.supply[0] == [1, 0]  # the displacer pays as usual
    assert RULESET.active(s) == ["yellow"]  # not the displacer
    ring1 = spaces_of(
        "london--cambridge", "london--canterbury", "oxford--cardiff", "salisbury--oxford"
    )
    assert {arg for _, arg in legal(s, "yellow")} == ring1
    far = at("salisbury--bristol", 0)
    assert_refused(RULESET, s, "yellow", ("place_trader", far), "nearest")
    assert_refused(RULESET, s, "red", ("place_trader", at("london--cambridge", 0)), "Yellow")
    play(s, "yellow", ("place_trader", at("london--cambridge", 0)))
    assert s.spaces[at("london--cambridge", 0)] == N
    assert ("done", None) in legal(s, "yellow")  # one more, from the neutral's own supply
    play(s, "yellow", ("place_trader", at("salisbury--oxford", 1)))
    assert s.spaces[at("salisbury--oxford", 1)] == N
    assert s.stock[1] == [5, 0]  # nothing of yellow's own
    assert s.step == "turn"
    assert RULESET.active(s) == ["red"]


def test_a_neutral_displaced_in_wales_never_goes_to_england():  # §14.3
    s = neutral_build(pieces={"montgomery--cardiff": ["neutral"]}, offices={"cardiff": ["red"]})
    play(s, "red", ("displace_trader", at("montgomery--cardiff", 0)))
    offered = {arg for _, arg in legal(s, "yellow")}
    assert offered == spaces_of(
        "cardiff--pembroke", "montgomery--conway", "montgomery--hereford", "montgomery--pembroke"
    )
    english = at("coventry--cardiff", 2)  # beside Cardiff, a ring-1 route for a player's piece
    assert_refused(RULESET, s, "yellow", ("place_trader", english), "nearest")


def test_neutral_traders_may_stand_on_ship_spaces():  # §14.4
    s = neutral_build(pieces={"conway--chester": ["neutral"]}, offices={"cardiff": ["red"]})
    play(s, "red", ("displace_trader", at("conway--chester", 0)))
    ship = at("conway--isle_of_man", 0)
    assert THREE.ship[ship]
    assert ("place_trader", ship) in legal(s, "yellow")
    play(s, "yellow", ("place_trader", ship), "done")
    assert s.spaces[ship] == N


def fill_salisbury_bristol(**fields):
    """Three neutrals on Salisbury–Bristol; red displaces one next door and yellow's
    placement fills the route."""
    pieces = {"salisbury--bristol": ["neutral"] * 3 + [None], "salisbury--oxford": ["neutral"]}
    s = neutral_build(pieces=pieces, **fields)
    play(s, "red", ("displace_trader", at("salisbury--oxford", 0)))
    play(s, "yellow", ("place_trader", at("salisbury--bristol", 3)), "done")
    return s


def test_a_route_full_of_neutrals_is_completed_at_once_in_a_city_of_the_players_choice():  # §14.5
    s = fill_salisbury_bristol(
        offices={"salisbury": ["red"]}, markers={"salisbury--bristol": "plus_3_actions"}
    )
    assert s.step == "neutral_route"
    assert RULESET.active(s) == ["red"]  # the current player chooses
    assert legal(s, "red") == {("office", "salisbury"), ("office", "bristol")}
    assert s.prestige == [1, 0, 0]  # red controls Salisbury: its point first
    assert s.route_marker[THREE.rid("salisbury--bristol")] == ""  # discarded (§14.6)
    assert s.neutral_owed == 1
    assert s.hand[0] == []
    play(s, "red", ("office", "bristol"))
    bristol = THREE.city_ix["bristol"]
    assert s.offices[bristol] == [N]
    assert s.prestige[NEUTRAL] == 2  # Bristol's coin office
    assert s.completed == 1  # Bristol's one office
    assert not spaces_of("salisbury--bristol") & {sp for sp, c in enumerate(s.spaces) if c == N}
    assert s.step == "turn"
    assert RULESET.view(s, "red")["neutral"]["kontors"] == 1


def test_a_full_neutral_route_by_a_yellow_flag_keeps_one_and_fills_any_office():  # §14.5
    pieces = {"nottingham--york": ["neutral", "neutral", None], "durham--york": ["neutral"]}
    s = neutral_build(pieces=pieces, offices={"york": ["yellow"]})
    play(s, "red", ("displace_trader", at("durham--york", 0)))
    play(s, "yellow", ("place_trader", at("nottingham--york", 2)), "done")
    assert_refused(RULESET, s, "red", ("office", "durham"), "")
    play(s, "red", ("office", "york"))
    york = THREE.city_ix["york"]
    assert s.offices[york] == [2, N]  # York's orange circle: any colour, any shape
    assert s.prestige == [0, 1, 0]  # yellow controlled York before the neutral's Kontor
    kept = [sp for sp in spaces_of("nottingham--york") if s.spaces[sp] == N]
    assert len(kept) == 1  # York has a yellow flag: one stays


def test_the_neutral_replacement_is_placed_by_the_current_player_with_a_neutral_on_it():  # §14.6
    s = neutral_build(neutral_owed=1)
    play(s, "red", "end_turn")
    assert s.step == "replace_markers"
    assert RULESET.active(s) == ["red"]
    play(s, "red", ("route", "london--oxford"))
    r = THREE.rid("london--oxford")
    assert s.route_marker[r]
    assert s.spaces[THREE.route_spaces[r][0]] == N  # a neutral trader on the new marker's route
    assert s.neutral_owed == 0
    assert RULESET.active(s) == ["yellow"]


def test_a_players_own_replacement_gets_a_neutral_trader_too():  # §14.6
    s = neutral_build(owed={"red": 1})
    play(s, "red", "end_turn", ("route", "salisbury--bristol"))
    assert s.spaces[at("salisbury--bristol", 0)] == N
    assert s.owed[0] == 0


def test_with_no_empty_route_a_marker_goes_beside_a_lone_neutral_and_adds_none():  # §14.6
    english = [r.id for r in THREE.routes if r.country == "England" and not r.printed_marker]
    pieces = {r: ["yellow"] for r in english}
    pieces["london--oxford"] = ["neutral"]
    pieces["salisbury--oxford"] = ["neutral", "neutral"]  # two neutrals: not a fallback route
    s = neutral_build(owed={"red": 1}, pieces=pieces)
    play(s, "red", "end_turn")
    assert {arg for _, arg in legal(s, "red")} == {"london--oxford"}
    assert_refused(RULESET, s, "red", ("route", "salisbury--oxford"), "")
    play(s, "red", ("route", "london--oxford"))
    r = THREE.rid("london--oxford")
    assert s.route_marker[r]
    assert [s.spaces[sp] for sp in THREE.route_spaces[r]] == [N, -1, -1, -1]  # no second one


def test_the_neutral_scores_cities_wales_and_its_network_but_never_wins():  # §14.7
    s = neutral_build(
        offices={
            "hereford": ["neutral", "neutral", "red"],  # the neutral controls: red scores none
            "cardiff": ["neutral"],
            "pembroke": ["neutral", "neutral"],
            "chester": ["red"],
            "conway": ["yellow"],
        },
        prestige={"red": 10, "yellow": 9, "neutral": 30},
    )
    s.end_reason = "cities_8"
    end_game(s)
    red, yellow = s.final
    assert red["cities"] == 2  # Chester only
    assert yellow["cities"] == 2  # Conway
    assert (red["wales"], yellow["wales"]) == (3, 3)  # 2nd and 3rd shared: (4 + 2) / 2
    assert "scotland" not in red  # no Scotland on the 2–3 side
    assert red["network"] == 2  # Hereford–Chester, Clavis Urbis 1
    assert s.neutral_final == {
        "prestige": 30,
        "cities": 6,  # Hereford, Cardiff, Pembroke
        "network": 3,  # Cardiff–Pembroke: 3 Kontors, times 1
        "wales": 7,  # two Welsh cities
        "total": 46,
    }
    out = RULESET.outcome(s)
    assert out.winners == ["red"]  # the neutral's 46 is never compared
    assert out.scores["neutral"] == 46
    assert out.scores["neutral.wales"] == 7
    assert "scotland" not in {k.split(".")[-1] for k in out.scores}


def test_the_neutral_reaching_20_ends_the_game():  # §14.2
    s = fill_salisbury_bristol(offices={"salisbury": ["neutral"]}, prestige={"neutral": 19})
    play(s, "red", ("office", "salisbury"))
    assert s.prestige[NEUTRAL] == 20  # Salisbury's control point
    assert s.step == "game_over"
    out = RULESET.outcome(s)
    assert out.reason == "prestige_20"
    assert "neutral" not in out.winners


def test_the_neutral_has_no_desk_and_three_players_have_no_neutral():
    s = build(players=3)
    assert RULESET.view(s, "red")["neutral"] is None
    assert len(RULESET.view(s, "red")["desks"]) == 3


def test_move_3_tradesmen_moves_neutral_pieces_as_rivals():  # §14.4: onto a ship space too
    s = neutral_build(pieces={"london--oxford": ["neutral"]}, hand={"red": ["move_3_tradesmen"]})
    play(s, "red", ("marker", "move_3_tradesmen"), ("lift", at("london--oxford", 0)), "done")
    ship = at("canterbury--calais", 1)
    assert ("place_trader", ship) in legal(s, "red")
    play(s, "red", ("place_trader", ship))
    assert s.spaces[ship] == N


def test_the_neutral_scores_the_east_west_connection():  # §14.7
    pieces = {"nottingham--york": ["neutral", "neutral", None], "durham--york": ["neutral"]}
    chain = {c: ["neutral"] for c in ("oxford", "cardiff", "coventry", "nottingham")}
    s = neutral_build(pieces=pieces, offices=chain)
    play(s, "red", ("displace_trader", at("durham--york", 0)))
    play(s, "yellow", ("place_trader", at("nottingham--york", 2)), "done")
    play(s, "red", ("office", "york"))
    assert s.east_west == [NEUTRAL]
    assert s.prestige[NEUTRAL] == 1 + 7  # Nottingham's control point, then the first award
    assert RULESET.view(s, "red")["east_west"] == ["neutral"]


def test_the_other_player_is_asked_in_both_languages():
    s = neutral_build(pieces={"london--oxford": ["neutral"]})
    play(s, "red", ("displace_trader", at("london--oxford", 0)))
    view = RULESET.view(s, "yellow")
    en = render_view(view, "en", RULESET.namer())
    zh = render_view(view, "zh_TW", RULESET.namer())
    assert en["prompt"].startswith("The neutral trader was displaced from London–Oxford")
    assert zh["prompt"].startswith("中立小商人被從倫敦—牛津取代")
    assert "Neutral's trader" in en["log"][-1]
    assert "中立玩家" in zh["log"][-1]


def test_a_saved_two_player_state_must_fit_its_side_and_its_neutral():
    s = neutral_build()
    assert RULESET.load_state(RULESET.dump_state(s)).to_json() == s.to_json()
    s.prestige.pop()  # the neutral's entry
    with pytest.raises(ValueError, match="prestige holds 2 entries, not 3"):
        RULESET.load_state(RULESET.dump_state(s))
    s.prestige.append(0)
    s.side = "4-5"
    with pytest.raises(ValueError, match="spaces holds 111 entries, not 121"):
        RULESET.load_state(RULESET.dump_state(s))
