"""Issue 26 item 2, RULES §6, §7.3, §9: the Operations an event grants are the Ops of that
play everywhere: what the player is told, the coup roll, the military-operations credit and
the coup's log line; with the player's own modifiers (Containment, Brezhnev Doctrine, Red
Scare/Purge), never those of the side that played the card when they differ.

Each case plays its event through ``apply`` up to the granted Operations, then makes a
coup in Tunisia (stability 2, not a battleground) with a die of 6: the excess over 4 is
6 + Ops - 4, all of it opponent Influence removed (9 there)."""

from __future__ import annotations

import pytest

from gameshelf.plugins.twilight_struggle.model import CIX, OTHER, US, USSR
from gameshelf.plugins.twilight_struggle.rules import RULESET
from tests.twilight_struggle.builders import (
    dice,
    event_round,
    inf,
    legal,
    play,
    refused,
    said,
    say,
)

CONTAINMENT, BREZHNEV, RED_SCARE = 25, 51, 31
TUNISIA = CIX["tunisia"]
SIDE_INDEX = {USSR: 0, US: 1}  # inf(): (USSR, US)


def olympic_boycott(side, effects):
    s = event_round(20, side, effects=effects)
    play(s, side, ("card", 20), ("use", "event"))
    play(s, OTHER[side], ("choose", "boycott"))
    return s


def cia_created(side, effects):
    s = event_round(26, US, hands={US: [26, 32], USSR: [14]}, effects=effects)
    play(s, US, ("card", 26), ("use", "event"))
    return s


def lone_gunman(side, effects):
    s = event_round(62, USSR, hands={USSR: [62, 103], US: [19]}, effects=effects)
    play(s, USSR, ("card", 62), ("use", "event"))
    return s


def lone_gunman_played_by_the_us(side, effects):
    # the US plays it for Ops under Containment: the USSR's Op is the USSR's (RULES §6 [FAQ])
    s = event_round(62, US, hands={US: [62, 19], USSR: [14]}, effects=effects)
    play(s, US, ("card", 62), ("use", "influence"), ("when", "before"))
    return s


def un_intervention(side, effects):
    theirs = 14 if side == US else 4  # COMECON, Duck and Cover: 3 Ops each
    s = event_round(32, side, hands={side: [32, theirs], OTHER[side]: [19]}, effects=effects)
    play(s, side, ("card", 32), ("use", "event"), ("card", theirs))
    return s


def grain_sales(side, effects):
    # whoever plays it, the US chooses and the Ops are the US's (RULES §14); the card taken
    # is the one left in the USSR's hand, given back
    if side == US:
        s = event_round(67, US, hands={US: [67, 19], USSR: [54]}, effects=effects)
        play(s, US, ("card", 67), ("use", "event"))
    else:
        s = event_round(67, USSR, hands={USSR: [67, 54], US: [19]}, effects=effects)
        play(s, USSR, ("card", 67), ("use", "influence"), ("when", "before"))
    play(s, US, ("choose", "return_card"))
    return s


def abm_treaty(side, effects):
    s = event_round(57, side, effects=effects)
    play(s, side, ("card", 57), ("use", "event"))
    return s


def missile_envy(side, effects):
    # the US gives Panama Canal Returned (its own event, 1 Op): the USSR uses its Ops
    s = event_round(49, USSR, hands={USSR: [49, 103], US: [64]}, effects=effects)
    play(s, USSR, ("card", 49), ("use", "event"))
    play(s, US, ("card", 64))
    return s


CASES = [
    # (id, the event's way there, its player, who conducts the Ops, effects, the Ops)
    ("olympics", olympic_boycott, US, US, [], 4),
    ("olympics_containment", olympic_boycott, US, US, [(CONTAINMENT, US)], 4),
    ("olympics_red_scare", olympic_boycott, US, US, [(RED_SCARE, USSR)], 3),
    ("olympics_ussr_brezhnev", olympic_boycott, USSR, USSR, [(BREZHNEV, USSR)], 4),
    ("olympics_ussr_red_scare", olympic_boycott, USSR, USSR, [(RED_SCARE, US)], 3),
    ("cia", cia_created, US, US, [], 1),
    ("cia_containment", cia_created, US, US, [(CONTAINMENT, US)], 2),
    ("cia_red_scare", cia_created, US, US, [(RED_SCARE, USSR)], 1),
    ("lone_gunman", lone_gunman, USSR, USSR, [], 1),
    ("lone_gunman_brezhnev", lone_gunman, USSR, USSR, [(BREZHNEV, USSR)], 2),
    ("lone_gunman_by_us", lone_gunman_played_by_the_us, US, USSR, [(CONTAINMENT, US)], 1),
    ("un", un_intervention, US, US, [], 3),
    ("un_containment", un_intervention, US, US, [(CONTAINMENT, US)], 4),
    ("un_red_scare", un_intervention, US, US, [(RED_SCARE, USSR)], 2),
    ("un_ussr_brezhnev", un_intervention, USSR, USSR, [(BREZHNEV, USSR)], 4),
    ("grain", grain_sales, US, US, [], 2),
    ("grain_containment", grain_sales, US, US, [(CONTAINMENT, US)], 3),
    ("grain_red_scare", grain_sales, US, US, [(RED_SCARE, USSR)], 1),
    ("grain_by_ussr_containment", grain_sales, USSR, US, [(CONTAINMENT, US)], 3),
    ("abm", abm_treaty, US, US, [], 4),
    ("abm_red_scare", abm_treaty, US, US, [(RED_SCARE, USSR)], 3),
    ("abm_ussr_brezhnev", abm_treaty, USSR, USSR, [(BREZHNEV, USSR)], 4),
    ("abm_ussr_red_scare", abm_treaty, USSR, USSR, [(RED_SCARE, US)], 3),
    ("missile_envy", missile_envy, USSR, USSR, [], 1),
    ("missile_envy_brezhnev", missile_envy, USSR, USSR, [(BREZHNEV, USSR)], 2),
]


@pytest.mark.parametrize(
    ("to_ops", "player", "doer", "effects", "ops"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_a_coup_with_granted_ops_rolls_credits_and_says_those_ops(
    to_ops, player, doer, effects, ops
):
    s = to_ops(player, effects)
    enemy = OTHER[doer]
    s.influence[enemy][TUNISIA] = 9  # set only now: the event's own steps never see it
    assert s.step == "event_ops"
    assert RULESET.active(s) == [doer]
    assert f"with {ops} Ops" in say(RULESET.view(s, doer)["prompt"])
    play(s, doer, ("use", "coup"))
    assert f"({ops} Ops)" in say(RULESET.view(s, doer)["prompt"])
    refused(s, doer, ("country", "kenya"), "holds no opposing Influence")
    milops = s.milops[doer]
    dice(s, 6)
    play(s, doer, ("country", "tunisia"))
    assert s.milops[doer] == milops + ops  # RULES §9: the coup's Ops, the granted ones
    assert inf(s, "tunisia")[SIDE_INDEX[enemy]] == 9 - (6 + ops - 4)  # RULES §7.3
    line = said(s, "coup_won")[-1]
    assert line.args["ops"] == ops
    assert f"with {ops} Ops" in say(line)


def test_olympic_boycott_under_red_scare_offers_and_rolls_3_ops():
    # the audit's case: told 3 Ops, the coup rolled die + 1 and credited 1
    s = olympic_boycott(US, [(RED_SCARE, USSR)])
    s.influence[USSR][TUNISIA] = 9
    assert "3 Ops" in say(RULESET.view(s, US)["prompt"])
    play(s, US, ("use", "coup"))
    assert "3 Ops" in say(RULESET.view(s, US)["prompt"])
    dice(s, 1)  # 1 + 3 = 4: not above twice the stability, the coup fails
    play(s, US, ("country", "tunisia"))
    assert inf(s, "tunisia") == (9, 0)
    assert s.milops[US] == 3
    assert "with 3 Ops" in say(said(s, "coup_failed")[-1])


@pytest.mark.parametrize(
    ("card", "side", "needs", "effects", "ops"),
    [
        (89, US, {"south_korea": (0, 3)}, [], 4),  # KAL-007: the US holds South Korea
        (89, US, {"south_korea": (0, 3)}, [(RED_SCARE, USSR)], 3),
        (89, US, {"south_korea": (0, 3)}, [(CONTAINMENT, US)], 4),
        (90, USSR, {}, [(87, USSR, "game")], 4),  # Glasnost: with The Reformer
        (90, USSR, {}, [(87, USSR, "game"), (RED_SCARE, US)], 3),
        (90, USSR, {}, [(87, USSR, "game"), (BREZHNEV, USSR)], 4),
    ],
    ids=["kal", "kal_red_scare", "kal_containment", "glasnost", "glasnost_red_scare", "brezhnev"],
)
def test_kal_007_and_glasnost_place_as_many_points_as_their_modified_ops(
    card, side, needs, effects, ops
):
    s = event_round(card, side, influence=needs, effects=effects)
    play(s, side, ("card", card), ("use", "event"), ("choose", "ops_influence"))
    assert s.step == "influence"
    assert f"{ops} Ops" in say(RULESET.view(s, side)["prompt"])
    where = "japan" if side == US else "finland"
    play(s, side, *[("country", where)] * ops)
    assert inf(s, where)[SIDE_INDEX[side]] == ops
    assert s.step == "action_round"  # the Ops spent, the round over
    assert ("country", where) not in legal(s, side)
