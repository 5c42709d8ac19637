"""RULES §5: move points, activation, border limits, stops, attacks, pinning, the Norse."""

from __future__ import annotations

import re

import pytest

from gameshelf.core.engine.ruleset import IllegalAction
from gameshelf.plugins.hammer_scots.model import aix, bix
from gameshelf.plugins.hammer_scots.state import SEA, blocks_in
from tests.hammer_scots.builders import border, build, legal, play, said, words

E, S = "England", "Scotland"


def refused(s, role, action, match):
    """Refused with a reason matching ``match`` as English players read it; nothing changes."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as caught:
        play(s, role, action)
    reason = words(caught.value.msg) if caught.value.msg is not None else caught.value.reason
    assert re.search(match, reason), reason
    assert s.to_json() == before


def scots(move_points=2, **kw):
    return build(step="move_who", acting=S, move_points=move_points, **kw)


def test_red_border_takes_two_blocks_per_action():  # RULES §5.2
    s = scots(blocks={"douglas": "lanark", "barclay": "lanark", "fraser": "lanark"})
    play(s, S, ("block", "douglas"), ("area", "selkirk"))
    play(s, S, ("block", "barclay"), ("area", "selkirk"))
    assert blocks_in(s, "selkirk") == {"douglas", "barclay"}
    play(s, S, ("block", "fraser"))
    assert ("area", "selkirk") not in legal(s, S)
    refused(s, S, ("area", "selkirk"), "red border")


def test_black_border_takes_six_blocks_per_action():  # RULES §5.2
    seven = ["douglas", "campbell", "graham", "macdonald", "lindsay", "fraser", "barclay"]
    s = scots(blocks=dict.fromkeys(seven, "lanark"))
    for b in seven[:6]:
        play(s, S, ("block", b), ("area", "carrick"), "stop")
    play(s, S, ("block", "barclay"))
    refused(s, S, ("area", "carrick"), "black border .* is full")


def test_border_limit_counts_both_directions_together():  # RULES §5.2 [impl]
    s = scots(blocks={"douglas": "lanark", "barclay": "selkirk", "fraser": "lanark"})
    play(s, S, ("block", "douglas"), ("area", "selkirk"))
    play(s, S, ("block", "barclay"), ("area", "lanark"))
    play(s, S, ("block", "fraser"))
    assert ("area", "selkirk") not in legal(s, S)


def test_each_player_has_his_own_allowance():  # RULES §5.2
    s = scots(blocks={"douglas": "lanark"}, border_count={("lanark", "selkirk"): 2})
    from gameshelf.plugins.hammer_scots.cards import start_action

    start_action(s, S, "move2_2")
    assert s.border_count[border("lanark", "selkirk")] == 0


def test_a_block_moves_only_once_per_game_turn():  # RULES §5.1
    s = scots(blocks={"douglas": "lanark"})
    play(s, S, ("block", "douglas"), ("area", "carrick"), "stop")
    assert ("block", "douglas") not in legal(s, S)
    refused(s, S, ("block", "douglas"), "already moved")


def test_activating_an_area_costs_one_move_point_for_all_its_blocks():  # RULES §5.1
    s = scots(move_points=1, blocks={"douglas": "lanark", "barclay": "lanark", "fraser": "fife"})
    play(s, S, ("block", "douglas"), ("area", "carrick"), "stop")
    assert s.move_points == 0
    assert s.activated == [aix("lanark")]
    assert ("block", "barclay") in legal(s, S)  # Lanark is active: free
    assert ("block", "fraser") not in legal(s, S)  # Fife would need a move point
    refused(s, S, ("block", "fraser"), "nowhere it may move")
    play(s, S, ("block", "barclay"), ("area", "lennox"), "stop")
    assert s.move_points == 0


def test_a_block_moves_up_to_its_move_rating():  # RULES §5.1
    s = scots(blocks={"keith": "lanark", "douglas": "lennox"})
    play(s, S, ("block", "keith"), ("area", "carrick"), ("area", "lennox"), ("area", "argyll"))
    assert s.location[bix("keith")] == aix("argyll")  # rating 3 used: stopped
    assert s.step == "move_who"
    play(s, S, ("block", "douglas"), ("area", "mentieth"), ("area", "fife"))
    assert s.step == "move_who"  # rating 2 used


def test_a_block_may_not_step_straight_back():  # RULES §5.1 [impl]
    s = scots(blocks={"keith": "lanark"})
    play(s, S, ("block", "keith"), ("area", "carrick"))
    assert ("area", "lanark") not in legal(s, S)
    refused(s, S, ("area", "lanark"), "straight back")


def test_a_red_border_stops_the_block():  # RULES §5.1
    s = scots(blocks={"keith": "lanark"})
    play(s, S, ("block", "keith"), ("area", "selkirk"))
    assert s.step == "move_who"
    assert bix("keith") in s.moved


def test_a_picked_block_must_move_at_least_one_area():
    s = scots(blocks={"keith": "lanark"})
    play(s, S, ("block", "keith"))
    refused(s, S, "stop", "at least one area")


def test_entering_enemy_blocks_stops_and_attacks():  # RULES §5.1, §5.4
    s = scots(blocks={"keith": "lanark", "comyn_e": "carrick"})
    play(s, S, ("block", "keith"), ("area", "carrick"))
    assert s.step == "move_who"
    assert s.attacker[aix("carrick")] == S
    assert s.main_origin[aix("carrick")] == aix("lanark")
    assert s.last_used[border("lanark", "carrick")] == S
    assert "attacking" in said(s)[-1]


def test_moving_into_vacant_or_friendly_areas_marks_no_border():  # RULES §5.5
    s = scots(blocks={"keith": "lanark"})
    play(s, S, ("block", "keith"), ("area", "carrick"), "stop")
    assert s.last_used[border("lanark", "carrick")] == ""


def test_main_attack_is_same_origin_same_border_others_are_reserves():  # RULES §5.4 [impl]
    s = scots(
        move_points=3,
        blocks={
            "douglas": "lanark",
            "barclay": "lanark",
            "fraser": "lennox",
            "keith": "lanark",
            "comyn_e": "carrick",
        },
    )
    play(s, S, ("block", "douglas"), ("area", "carrick"))
    play(s, S, ("block", "barclay"), ("area", "carrick"))
    play(s, S, ("block", "fraser"), ("area", "carrick"))  # another origin
    play(s, S, ("block", "keith"), ("area", "lennox"), ("area", "carrick"))  # other border
    assert s.reserves == [bix("fraser"), bix("keith")]


def test_player_2_reinforcements_are_reserves():  # RULES §5.4
    s = build(
        step="move_who",
        acting=S,
        p1=E,
        p2=S,
        move_points=1,
        blocks={"comyn_e": "carrick", "douglas": "carrick", "barclay": "lanark"},
        attacker={"carrick": E},
        main_origin={"carrick": "lennox"},
    )
    play(s, S, ("block", "barclay"), ("area", "carrick"))
    assert s.reserves == [bix("barclay")]
    assert s.last_used[border("lanark", "carrick")] == S


def test_player_2_is_pinned_by_as_many_blocks_as_attack_him():  # RULES §5.5 [impl]
    s = build(
        step="move_who",
        acting=S,
        p1=E,
        p2=S,
        move_points=2,
        blocks={"comyn_e": "carrick", "douglas": "carrick", "barclay": "carrick"},
        attacker={"carrick": E},
        main_origin={"carrick": "lennox"},
        last_used={("lennox", "carrick"): E},
    )
    assert ("block", "douglas") in legal(s, S)
    play(s, S, ("block", "douglas"), ("area", "lanark"), "stop")
    assert ("block", "barclay") not in legal(s, S)
    refused(s, S, ("block", "barclay"), "pinned")


def test_reserves_of_the_attacker_count_for_pinning():  # RULES §5.5
    s = build(
        step="move_who",
        acting=S,
        p1=E,
        p2=S,
        move_points=2,
        blocks={
            "comyn_e": "carrick",
            "mar_e": "carrick",
            "douglas": "carrick",
            "barclay": "carrick",
        },
        attacker={"carrick": E},
        reserves=["mar_e"],
    )
    assert ("block", "douglas") not in legal(s, S)


def test_unpinned_blocks_may_not_leave_by_the_enemys_border():  # RULES §5.5
    s = build(
        step="move_who",
        acting=S,
        p1=E,
        p2=S,
        move_points=2,
        blocks={"comyn_e": "carrick", "douglas": "carrick", "barclay": "carrick"},
        attacker={"carrick": E},
        last_used={("lanark", "carrick"): E},
    )
    play(s, S, ("block", "douglas"))
    assert ("area", "lanark") not in legal(s, S)
    assert ("area", "lennox") in legal(s, S)
    refused(s, S, ("area", "lanark"), "enemy entered this battle")


def test_player_1_is_never_pinned():
    s = build(
        step="move_who",
        acting=E,
        p1=E,
        p2=S,
        move_points=1,
        blocks={"comyn_e": "carrick", "douglas": "carrick"},
        attacker={"carrick": S},
    )
    assert ("block", "comyn_e") in legal(s, E)


def test_crossing_into_england_costs_a_point_per_block_and_stops():  # RULES §5.3
    s = scots(move_points=2, blocks={"douglas": "annan", "barclay": "annan", "keith": "annan"})
    play(s, S, ("block", "douglas"), ("area", "england"))
    assert s.move_points == 1
    assert s.activated == []  # crossing activates nothing
    assert s.step == "move_who"  # entering England stops
    play(s, S, ("block", "barclay"), ("area", "england"))
    assert s.move_points == 0
    assert ("block", "keith") not in legal(s, S)  # Annan was never activated


def test_a_group_sending_blocks_to_england_and_elsewhere_pays_both():  # RULES §5.3 [impl]
    s = scots(move_points=2, blocks={"douglas": "annan", "barclay": "annan"})
    play(s, S, ("block", "douglas"), ("area", "england"))
    play(s, S, ("block", "barclay"), ("area", "galloway"))
    assert s.move_points == 0
    assert s.activated == [aix("annan")]


def test_reaching_england_after_an_inner_step_pays_the_crossing_only():  # RULES §5.3
    """Wallace alone in Selkirk with a Move 1 card: Selkirk -> Teviot -> England pays the
    crossing's move point and activates nothing (crossing never activates an area)."""
    s = scots(move_points=1, blocks={"wallace": "selkirk"})
    play(s, S, ("block", "wallace"), ("area", "teviot"))
    assert s.step == "move_where"  # a black border: Wallace may go on
    assert s.move_points == 1  # nothing paid yet
    assert ("area", "england") in legal(s, S)
    play(s, S, ("area", "england"))
    assert s.location[bix("wallace")] == aix("england")
    assert s.move_points == 0
    assert s.activated == []
    assert not any("activates" in line for line in said(s))
    assert s.step == "move_who"  # entering England stops


def test_two_blocks_reaching_england_after_an_inner_step_cost_two():  # RULES §5.3
    s = scots(move_points=2, blocks={"wallace": "selkirk", "douglas": "selkirk"})
    play(s, S, ("block", "wallace"), ("area", "teviot"), ("area", "england"))
    assert s.move_points == 1
    play(s, S, ("block", "douglas"), ("area", "teviot"), ("area", "england"))
    assert blocks_in(s, "england") == {"wallace", "douglas"}
    assert s.move_points == 0
    assert s.activated == []


def test_an_inner_move_from_an_area_not_yet_activated_activates_it_and_pays():  # RULES §5.1
    s = scots(move_points=1, blocks={"wallace": "selkirk", "douglas": "selkirk"})
    play(s, S, ("block", "wallace"), ("area", "teviot"), ("area", "dunbar"), "stop")
    assert s.location[bix("wallace")] == aix("dunbar")
    assert s.move_points == 0
    assert s.activated == [aix("selkirk")]
    assert said(s)[-2:] == [
        "Scotland activates Selkirk.",
        "Scotland moves a block from Selkirk to Dunbar.",
    ]
    # Selkirk is active: Douglas moves for nothing, but may not cross with no point left.
    play(s, S, ("block", "douglas"), ("area", "teviot"))
    assert ("area", "england") not in legal(s, S)
    refused(s, S, ("area", "england"), "none is left")
    play(s, S, "stop")
    assert s.move_points == 0
    assert s.activated == [aix("selkirk")]


def test_with_no_move_point_left_nothing_crosses_even_from_an_active_area():  # RULES §5.3
    s = scots(move_points=1, blocks={"douglas": "annan", "barclay": "annan"})
    play(s, S, ("block", "douglas"), ("area", "galloway"))
    assert s.move_points == 0
    play(s, S, ("block", "barclay"))
    assert ("area", "england") not in legal(s, S)
    assert ("area", "carrick") in legal(s, S)
    refused(s, S, ("area", "england"), "none is left")


def test_leaving_england_over_a_black_border_may_go_on():  # RULES §5.3
    s = build(step="move_who", acting=E, move_points=1, blocks={"york_infantry": "england"})
    play(s, E, ("block", "york_infantry"), ("area", "annan"))
    assert s.move_points == 0
    assert s.step == "move_where"
    play(s, E, ("area", "galloway"))
    assert s.location[bix("york_infantry")] == aix("galloway")


def test_leaving_england_by_teviot_stops_at_the_red_border():  # RULES §5.3
    s = build(step="move_who", acting=E, move_points=1, blocks={"hobelars": "england"})
    play(s, E, ("block", "hobelars"), ("area", "teviot"))
    assert s.step == "move_who"


def test_truce_forbids_the_enemy_to_enter_the_truce_players_areas():  # RULES §4 Truce
    s = scots(truce=E, blocks={"keith": "lanark", "comyn_e": "carrick", "wallace": "annan"})
    play(s, S, ("block", "keith"))
    assert ("area", "carrick") not in legal(s, S)
    refused(s, S, ("area", "carrick"), "Truce")


def test_truce_keeps_the_scots_out_of_england():  # RULES §4 Truce
    s = scots(truce=E, blocks={"wallace": "annan"})
    play(s, S, ("block", "wallace"))
    assert ("area", "england") not in legal(s, S)


def test_truce_does_not_bind_the_player_who_called_it():  # RULES §4 [impl]
    s = build(
        step="move_who",
        acting=E,
        truce=E,
        move_points=1,
        blocks={"comyn_e": "lennox", "douglas": "carrick"},
    )
    play(s, E, ("block", "comyn_e"))
    assert ("area", "carrick") in legal(s, E)


def test_the_norse_sail_alone_for_one_move_point():  # RULES §5.6
    s = scots(move_points=1, blocks={"norse": "ross", "comyn_e": "fife"})
    play(s, S, ("block", "norse"))
    assert s.step == "norse_move"
    options = {a for t, a in legal(s, S)}
    assert "england" not in options
    assert "lanark" not in options  # inland
    assert "fife" in options
    refused(s, S, ("area", "england"), "never enter England")
    play(s, S, ("area", "fife"))
    assert s.move_points == 0
    assert s.attacker[aix("fife")] == S
    assert s.main_border[aix("fife")] == SEA
    assert bix("norse") not in s.reserves
    assert s.last_used == [""] * len(s.last_used)


def test_the_norse_landing_after_another_attack_is_a_reserve():  # RULES §5.6
    s = scots(move_points=2, blocks={"norse": "ross", "douglas": "mentieth", "comyn_e": "fife"})
    play(s, S, ("block", "douglas"), ("area", "fife"))
    play(s, S, ("block", "norse"), ("area", "fife"))
    assert s.reserves == [bix("norse")]


def test_the_norse_need_a_move_point_and_may_be_pinned():  # RULES §5.6
    s = scots(move_points=0, blocks={"norse": "ross"})
    assert ("block", "norse") not in legal(s, S)
    s = build(
        step="move_who",
        acting=S,
        p1=E,
        p2=S,
        move_points=1,
        blocks={"norse": "ross", "ross_e": "ross"},
        attacker={"ross": E},
    )
    assert ("block", "norse") not in legal(s, S)


def test_the_norse_may_not_land_where_a_truce_forbids():  # RULES §5.6
    s = scots(move_points=1, truce=E, blocks={"norse": "ross", "comyn_e": "fife"})
    play(s, S, ("block", "norse"))
    assert ("area", "fife") not in legal(s, S)


def test_ending_the_movement_passes_to_player_2():
    s = build(
        step="move_who",
        acting=E,
        p1=E,
        p2=S,
        move_points=2,
        chosen={E: "move2_1", S: "move1_1"},
        blocks={"douglas": "fife"},
    )
    play(s, E, "done")
    assert s.acting == S
    assert s.move_points == 1
    assert "England ends the movement." in said(s)


def test_each_offered_move_leads_somewhere_and_each_refusal_is_the_one_applying_gives():
    """The options of move_who, move_where and norse_move are the one statement of movement's
    legality (RULES §5): a block offered has an area to go to once picked, and every refused
    option is refused by ``apply`` with the very reason the option names."""
    from gameshelf.core.engine.rng import Rng
    from gameshelf.plugins.hammer_scots.rules import RULESET
    from gameshelf.plugins.hammer_scots.state import machine

    checked = 0
    for seed in range(3):
        s = RULESET.setup(seed, "braveheart")
        rng = Rng(seed=seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            if s.step in {"move_who", "move_where", "norse_move"}:
                for action, refusal in machine.current(s).options(s, role):
                    if refusal is not None:
                        refused(s, role, (action.type, action.arg), re.escape(words(refusal)))
                    elif action.type == "block":
                        picked = RULESET.copy_state(s)
                        play(picked, role, (action.type, action.arg))
                        assert any(a.type == "area" for a in machine.actions(picked, role))
                checked += 1
            RULESET.apply(s, role, rng.choice(list(RULESET.actions(s, role))))
    assert checked > 100
