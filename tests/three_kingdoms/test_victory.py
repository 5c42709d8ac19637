"""How the game ends (seed §3, DESIGN §7.15–§7.17, §7.24)."""

from __future__ import annotations

from gameshelf.plugins.three_kingdoms.rules import RULESET
from tests.three_kingdoms.builders import act, build, legal, refused, roll_onto, said, text


def ended(s, winners, reason):
    outcome = RULESET.outcome(s)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == (winners, reason)
    assert RULESET.active(s) == []
    for seat in s.seats:
        assert legal(s, seat) == set()
    return outcome


def test_holding_30000_founds_a_state_and_wins_at_once():
    s = build(
        hands={"p1": ["zhuge_liang", "mi_zhu"]}, down={"p1": ["liu_bei"]}, money={"p1": 29000}
    )
    roll_onto(s, "p1", 12)
    act(s, "p1", ("tax", "zhuge_liang"))  # + 1,000
    outcome = ended(s, ["p1"], "founding")
    assert outcome.scores == {"p1": 30000.0, "p2": 15000.0}
    assert said(s)[-1] == ("Liu Bei holds 30,000 or more and founds a state: Liu Bei wins.")
    assert "recalls" not in said(s)[-1]  # nothing of the turn happens any more


def test_founding_by_a_toll_received_on_a_rivals_turn():
    s = build(hands={"p1": []}, money={"p2": 29500}, lands={"xuchang": ("p2", ["xun_yu"], 0)})
    roll_onto(s, "p1", "xuchang")
    ended(s, ["p2"], "founding")


def test_making_a_rival_lose_all_money_is_hegemony():
    s = build(hands={"p1": []}, money={"p1": 600}, lands={"xuchang": ("p2", ["xun_yu"], 0)})
    roll_onto(s, "p1", "xuchang")  # owes exactly 600: exactly 0 is losing all money
    ended(s, ["p2"], "hegemony_money")
    assert s.money["p1"] == 0


def test_taking_a_rivals_last_land_is_hegemony():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu", "mi_zhu"]},
        lands={"xuchang": ("p2", ["xiahou_dun"], 0), "chengdu": ("p1", ["mi_fang"], 0)},
    )
    roll_onto(s, "p1", "xuchang")
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))
    s.rng.script = [6, 1]
    act(s, "p1", ("general", "guan_yu"))
    ended(s, ["p1"], "hegemony_land")
    assert s.owner["xuchang"] == "p1"


def test_taking_a_land_that_is_not_the_last_one_goes_on():
    s = build(
        hands={"p1": ["zhuge_liang", "guan_yu", "mi_zhu"]},
        lands={"xuchang": ("p2", ["xiahou_dun"], 0), "qiao": ("p2", ["cao_ren"], 0)},
    )
    roll_onto(s, "p1", "xuchang")
    act(s, "p1", ("plan", "zhuge_liang"), ("plan", "guan_yu"))
    s.rng.script = [6, 1]
    act(s, "p1", ("general", "guan_yu"))
    assert RULESET.outcome(s) is None
    assert s.turn == "p2"


def test_at_the_round_limit_the_richest_wins():
    s = build(hands={"p1": [], "p2": []}, money={"p2": 16000}, round_limit=3, round_=3, turn="p2")
    roll_onto(s, "p2", "xiapi")  # nothing happens; the round is over
    outcome = ended(s, ["p2"], "round_limit")
    assert text(outcome.text) == "Cao Cao is the richest when the round limit is reached."
    assert text(outcome.text, "zh_TW") == "已達回合上限，曹操最富有。"


def test_at_the_round_limit_a_money_tie_goes_to_more_lands_then_is_a_draw():
    lands = {
        "chengdu": ("p1", ["mi_fang"], 0),
        "xuchang": ("p2", ["xun_yu"], 0),
        "qiao": ("p2", ["cao_ren"], 0),
    }
    s = build(hands={"p1": [], "p2": []}, lands=lands, round_limit=2, round_=2, turn="p2")
    roll_onto(s, "p2", "xiapi")
    ended(s, ["p2"], "round_limit")
    s = build(hands={"p1": [], "p2": []}, round_limit=2, round_=2, turn="p2")
    roll_onto(s, "p2", "xiapi")
    outcome = ended(s, [], "round_limit")
    assert outcome.draw


def test_no_round_limit_plays_on():
    s = build(hands={"p1": [], "p2": []}, round_limit=0, round_=400, turn="p2")
    roll_onto(s, "p2", "xiapi")
    assert RULESET.outcome(s) is None
    assert s.round == 401


def test_after_the_end_every_action_is_refused():
    s = build(hands={"p1": []}, money={"p1": 600}, lands={"xuchang": ("p2", ["xun_yu"], 0)})
    roll_onto(s, "p1", "xuchang")
    refused(s, "p2", ("dice", 1), "The game is over", code="game_over")
