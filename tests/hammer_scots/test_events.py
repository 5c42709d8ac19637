"""RULES §4: Herald, Pillage, Sea Move, Truce, Victuals."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.core.testing.machines import trail
from gameshelf.plugins.hammer_scots.battle import battle_of
from gameshelf.plugins.hammer_scots.model import FULL, aix, bix
from gameshelf.plugins.hammer_scots.state import OFF, POOL, blocks_in
from tests.hammer_scots.builders import build, legal, play, said

E, S = "England", "Scotland"


def event(card, role, **kw):
    """``role`` is Player 1 resolving ``card``; the other side holds a Move 1."""
    other = S if role == E else E
    return build(
        step=card,
        acting=role,
        p1=role,
        p2=other,
        begin=True,
        chosen={role: card, other: "move1_1"},
        **kw,
    )


def refused(s, role, action, match):
    before = s.to_json()
    with pytest.raises(IllegalAction, match=match):
        play(s, role, action)
    assert s.to_json() == before


# --- Herald -----------------------------------------------------------------------------


def test_herald_on_1_to_4_turns_the_noble_at_his_strength():
    s = event(
        "herald", S, blocks={"comyn_e": "badenoch", "douglas": "fife"}, strength={"comyn_e": 2}
    )
    assert ("noble", "comyn_e") in legal(s, S)
    s.rng.script = [4]
    play(s, S, ("noble", "comyn_e"))
    assert s.location[bix("comyn_s")] == aix("badenoch")
    assert s.strength[bix("comyn_s")] == 2
    assert s.location[bix("comyn_e")] == OFF
    assert s.acting == E  # Scotland's action is over
    assert "goes over to Scotland" in " ".join(said(s))


def test_herald_on_5_or_6_fails():
    s = event("herald", S, blocks={"comyn_e": "badenoch"})
    s.rng.script = [5]
    play(s, S, ("noble", "comyn_e"))
    assert s.location[bix("comyn_e")] == aix("badenoch")
    assert "stays loyal" in " ".join(said(s))


def test_herald_never_names_moray_nor_an_own_noble():
    s = event("herald", E, blocks={"moray": "moray", "comyn_e": "badenoch", "bruce_s": "annan"})
    assert legal(s, E) == [("noble", "bruce_s"), ("pass", None)]
    refused(s, E, ("noble", "moray"), "Moray never changes sides")
    refused(s, E, ("noble", "comyn_e"), "enemy noble")


def test_herald_may_be_declined():
    s = event("herald", E, blocks={"bruce_s": "annan"})
    play(s, E, "pass")
    assert s.location[bix("bruce_s")] == aix("annan")
    assert s.acting == S


# --- Pillage ----------------------------------------------------------------------------


def test_pillage_targets_enemy_areas_next_to_an_area_holding_only_yours():
    s = event("pillage", S, blocks={"douglas": "lanark", "comyn_e": "carrick", "mar_e": "mar"})
    targets = {a for t, a in legal(s, S) if t == "area"}
    assert targets == {"carrick"}
    refused(s, S, ("area", "mar"), "next to an area holding only yours")


def test_pillage_hits_the_strongest_block_and_gives_the_steps_to_the_group():
    s = event(
        "pillage",
        S,
        blocks={
            "douglas": "lanark",
            "barclay": "lanark",
            "comyn_e": "carrick",
            "cumbria_infantry": "carrick",
        },
        strength={"douglas": 2, "barclay": 3, "comyn_e": 4, "cumbria_infantry": 2},
    )
    play(s, S, ("area", "carrick"))
    # comyn 4 > cumbria 2: both hits land on Comyn without a choice
    assert s.strength[bix("comyn_e")] == 2
    assert s.step == "pillage_steps"
    assert legal(s, S) == [("block", "douglas"), ("block", "barclay"), ("done", None)]
    play(s, S, ("block", "douglas"), ("block", "douglas"))
    assert s.strength[bix("douglas")] == 4
    assert s.acting == E


def test_pillage_owner_chooses_among_equally_strong_blocks():
    s = event(
        "pillage",
        E,
        blocks={"comyn_e": "badenoch", "douglas": "lochaber", "barclay": "lochaber"},
        strength={"douglas": 3, "barclay": 3, "comyn_e": 2},
    )
    play(s, E, ("area", "lochaber"))
    assert s.step == "pillage_hits"
    assert s.active == [S]
    assert legal(s, S) == [("block", "douglas"), ("block", "barclay")]
    play(s, S, ("block", "barclay"))
    # douglas 3 now the strongest: the second hit falls on it by itself
    assert s.strength[bix("barclay")] == 2
    assert s.strength[bix("douglas")] == 2
    assert s.step == "pillage_steps"


def test_pillage_eliminates_to_the_pool_and_captures_nobles_at_one_step():
    s = event(
        "pillage",
        S,
        blocks={"douglas": "lanark", "comyn_e": "carrick", "york_infantry": "carrick"},
        strength={"comyn_e": 1, "york_infantry": 1, "douglas": 4},
    )
    play(s, S, ("area", "carrick"))
    play(s, E, ("block", "york_infantry"))
    assert s.location[bix("york_infantry")] == POOL
    assert s.strength[bix("york_infantry")] == FULL[bix("york_infantry")]
    assert s.location[bix("comyn_s")] == aix("carrick")
    assert s.strength[bix("comyn_s")] == 1
    assert bix("comyn_s") not in s.reserves  # RULES §14.2 [dev]


def test_pillage_stops_when_nothing_is_left_to_hit():
    s = event(
        "pillage",
        S,
        blocks={"douglas": "lanark", "york_infantry": "carrick"},
        strength={"york_infantry": 1, "douglas": 2},
    )
    play(s, S, ("area", "carrick"))
    assert s.location[bix("york_infantry")] == POOL
    assert "England takes 1 hit in Carrick." in said(s)
    play(s, S, ("block", "douglas"))
    assert s.strength[bix("douglas")] == 3
    assert s.acting == E


def test_pillage_spoils_stay_in_one_area():
    s = event(
        "pillage",
        S,
        blocks={"douglas": "lanark", "barclay": "lennox", "comyn_e": "carrick"},
        strength={"douglas": 2, "barclay": 2},
    )
    play(s, S, ("area", "carrick"))
    play(s, S, ("block", "douglas"))
    assert ("block", "barclay") not in legal(s, S)
    refused(s, S, ("block", "barclay"), "one area")


def test_pillage_may_be_declined():
    s = event("pillage", S, blocks={"douglas": "lanark", "comyn_e": "carrick"})
    play(s, S, "pass")
    assert s.acting == E


# --- Sea Move ----------------------------------------------------------------------------


def test_sea_move_carries_two_blocks_between_friendly_coastal_areas():
    s = event(
        "sea_move",
        S,
        blocks={
            "douglas": "fife",
            "barclay": "fife",
            "fraser": "fife",
            "grant": "ross",
            "campbell": "lanark",
        },
    )
    play(s, S, ("block", "douglas"), ("block", "barclay"))
    assert ("block", "fraser") not in legal(s, S)
    refused(s, S, ("block", "fraser"), "at most two")
    areas = {a for t, a in legal(s, S) if t == "area"}
    assert areas == {"ross"}  # Lanark is inland; vacant areas do not count
    play(s, S, ("area", "ross"))
    assert blocks_in(s, "ross") == {"douglas", "barclay", "grant"}
    assert s.acting == E


def test_sea_move_second_block_must_share_the_origin():
    s = event("sea_move", S, blocks={"douglas": "fife", "grant": "ross", "fraser": "moray"})
    play(s, S, ("block", "douglas"))
    assert ("block", "grant") not in legal(s, S)


def test_england_is_coastal_for_sea_move():
    s = event("sea_move", E, blocks={"york_infantry": "england", "comyn_e": "lochaber"})
    play(s, E, ("block", "york_infantry"), ("area", "lochaber"))
    assert blocks_in(s, "lochaber") == {"york_infantry", "comyn_e"}


def test_the_norse_may_not_use_sea_move():
    s = event("sea_move", S, blocks={"norse": "fife", "grant": "ross"})
    assert ("block", "norse") not in legal(s, S)
    refused(s, S, ("block", "norse"), "Norse may not use Sea Move")


def test_sea_move_may_be_declined():
    s = event("sea_move", S, blocks={"douglas": "fife", "grant": "ross"})
    play(s, S, "pass")
    assert s.acting == E


# --- Truce -----------------------------------------------------------------------------------


def test_truce_takes_effect_at_once_and_binds_the_enemy():
    s = event("truce", E, blocks={"comyn_e": "badenoch", "douglas": "moray"})
    assert s.truce == E
    assert s.acting == S
    assert s.step == "move_who"
    play(s, S, ("block", "douglas"))
    assert ("area", "badenoch") not in legal(s, S)


# --- Victuals ----------------------------------------------------------------------------


def test_victuals_adds_three_steps_in_one_area():
    s = event(
        "victuals",
        S,
        blocks={"douglas": "fife", "barclay": "fife", "fraser": "moray"},
        strength={"douglas": 1, "barclay": 3, "fraser": 1},
    )
    play(s, S, ("block", "douglas"))
    assert ("block", "fraser") not in legal(s, S)
    refused(s, S, ("block", "fraser"), "all in one area")
    play(s, S, ("block", "douglas"), ("block", "barclay"))
    assert s.strength[bix("douglas")] == 3
    assert s.strength[bix("barclay")] == 4
    assert s.acting == E
    assert "Scotland victuals Fife: 3 steps added." in said(s)


def test_victuals_never_raises_a_block_above_full_strength():
    s = event("victuals", S, blocks={"douglas": "fife"}, strength={"douglas": 3})
    play(s, S, ("block", "douglas"))
    assert s.strength[bix("douglas")] == 4
    assert s.acting == E  # nothing more could take a step
    assert "Scotland victuals Fife: 1 step added." in said(s)


def test_victuals_may_reach_england():  # RULES §4 [impl]
    s = event("victuals", E, blocks={"york_infantry": "england"}, strength={"york_infantry": 2})
    play(s, E, ("block", "york_infantry"))
    assert s.strength[bix("york_infantry")] == 3


# --- immediate battles ---------------------------------------------------------------------


def test_herald_turning_a_noble_among_enemies_fights_at_once_with_him_attacking():
    s = event(
        "herald",
        S,
        blocks={"comyn_e": "badenoch", "york_infantry": "badenoch"},
        strength={"comyn_e": 3, "york_infantry": 1},
    )
    s.rng.script = [2]  # the Herald succeeds
    play(s, S, ("noble", "comyn_e"))
    assert battle_of(s).area == aix("badenoch")
    assert s.attacker[aix("badenoch")] == S
    assert battle_of(s).attacker == S
    assert "Battle in Badenoch: Comyn turns on his former allies." in said(s)
    assert trail(s)[-3:-1] == [
        "herald",
        "battle",
    ]  # the battle returns to the Herald: the action ends


def test_pillage_capture_among_enemies_is_fought_at_once_by_the_pillaged_side():  # §14.2
    s = event(
        "pillage",
        S,
        blocks={"douglas": "lanark", "comyn_e": "carrick", "york_infantry": "carrick"},
        strength={"comyn_e": 1, "york_infantry": 4, "douglas": 4},
    )
    play(s, S, ("area", "carrick"))  # York 4 then 3: Comyn is never the strongest
    assert s.location[bix("comyn_e")] == aix("carrick")
    s = event(
        "pillage",
        S,
        blocks={"douglas": "lanark", "comyn_e": "carrick", "york_infantry": "carrick"},
        strength={"comyn_e": 1, "york_infantry": 2, "douglas": 4},
    )
    play(s, S, ("area", "carrick"))  # York 2 takes the first hit; then both stand at 1
    play(s, E, ("block", "comyn_e"))  # Comyn is captured: York is still there
    assert s.location[bix("comyn_s")] == aix("carrick")
    assert legal(s, S) == [("done", None)]  # Douglas is at full strength
    play(s, S, "done")
    assert battle_of(s).area == aix("carrick")
    assert battle_of(s).attacker == E


def test_pillage_always_offers_the_spoils_so_the_victim_learns_no_strength():
    s = event(
        "pillage", S, blocks={"douglas": "lanark", "comyn_e": "carrick"}, strength={"douglas": 4}
    )
    reveals = s.rng.reveals
    play(s, S, ("area", "carrick"))
    assert s.rng.reveals > reveals  # the hits show hidden strengths: no undo past them
    assert s.step == "pillage_steps"
    assert legal(s, S) == [("done", None)]
