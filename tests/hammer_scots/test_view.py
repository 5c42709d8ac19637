"""What each seat sees (RULES §1, §14.12): fog of war, hidden hands and cards."""

from __future__ import annotations

import json

from gameshelf.core.bots.agents import Observation, RandomAgent
from gameshelf.core.engine.rng import Rng
from gameshelf.core.engine.ruleset import dump_view
from gameshelf.plugins.hammer_scots.battle import battle_of, is_revealed
from gameshelf.plugins.hammer_scots.model import AREA_IX, BLOCK_ID, BLOCKS, SIDE, bix
from gameshelf.plugins.hammer_scots.rules import RULESET
from gameshelf.plugins.hammer_scots.state import nobles_on_map
from tests.hammer_scots.builders import build, words

E, S = "England", "Scotland"


def block_entries(view):
    """Every block entry of the board and the battle (not pools or the dead)."""
    for area in view["areas"]:
        for side in (E, S):
            yield from area["blocks"][side]
    if view["battle"]:
        for row in view["battle"]["rows"].values():
            yield from row["attacker"]
            yield from row["defender"]
        for side in (E, S):
            yield from view["battle"]["reserves"][side]


def assert_fogged(s, role):
    """No block of the other side shows more than side and area, unless revealed (the board:
    the log's lines, which name blocks as message parameters, are the kit's to check)."""
    view = RULESET.view(s, role, log_from=len(s.log))
    for entry in block_entries(view):
        if entry["side"] == role:
            continue
        if "id" in entry:
            assert is_revealed(s, bix(entry["id"])), (role, entry)
        else:
            assert set(entry) == {"side", "hidden", "reserve"}
    text = dump_view(view)
    for b, _block in enumerate(BLOCKS):
        hidden = SIDE[b] != role and s.location[b] >= 0 and not is_revealed(s, b)
        if hidden and BLOCK_ID[b] not in AREA_IX:
            assert f'"id":"{BLOCK_ID[b]}"' not in text
    if role is None:
        assert view["hand"] is None
    else:
        assert [c["id"] for c in view["hand"]] == s.hands[role]
    if s.step == "card_phase":  # before the reveal
        for side, chosen in view["chosen"].items():
            if side != role and chosen is not None:
                assert chosen == "hidden"
    return view


def test_england_sees_a_scottish_block_only_as_its_side_and_area():
    s = build(
        step="move_who",
        acting=E,
        blocks={"wallace": "lennox", "comyn_e": "badenoch"},
        strength={"wallace": 2},
    )
    view = assert_fogged(s, E)
    lennox = next(a for a in view["areas"] if a["id"] == "lennox")
    assert lennox["blocks"][S] == [{"side": S, "hidden": True, "reserve": False}]
    assert "Wallace" not in dump_view(view)
    badenoch = next(a for a in view["areas"] if a["id"] == "badenoch")
    assert badenoch["blocks"][E][0]["name"] == "Comyn"
    assert badenoch["blocks"][E][0]["steps"] == 4


def test_scotland_sees_no_english_block():
    s = build(step="move_who", acting=S, blocks={"wallace": "lennox", "edward": "england"})
    assert_fogged(s, S)
    assert "Edward I" not in json.dumps([a["blocks"] for a in RULESET.view(s, S)["areas"]])


def test_non_reserve_blocks_in_the_battle_being_fought_are_seen_by_all():
    s = build(
        step="battle_round",
        active=S,
        p1=E,
        p2=S,
        blocks={"wallace": "lennox", "douglas": "lennox", "comyn_e": "lennox"},
        reserves=["douglas"],
        battle="lennox",
        battle_round=1,
        battle_attacker=E,
        attacker={"lennox": E},
    )
    for role in (E, None):
        view = assert_fogged(s, role)
        battle = view["battle"]
        assert battle["rows"]["A"]["defender"][0]["name"] == "Wallace"
        assert battle["reserves"][S] == [{"side": S, "hidden": True, "reserve": True}]


def test_a_spectator_sees_no_hand_and_no_chosen_card():
    s = RULESET.setup(4, "braveheart")
    RULESET.apply(s, E, {"type": "card", "arg": s.hands[E][0]})
    view = assert_fogged(s, None)
    assert view["hand"] is None
    assert view["chosen"] == {E: "hidden", S: None}
    assert view["hand_sizes"] == {E: 5, S: 5}


def test_the_opponents_card_is_hidden_until_both_have_chosen():
    s = RULESET.setup(4, "braveheart")
    card = s.hands[E][0]
    RULESET.apply(s, E, {"type": "card", "arg": card})
    assert RULESET.view(s, S)["chosen"][E] == "hidden"
    assert RULESET.view(s, E)["chosen"][E]["id"] == card
    RULESET.apply(s, S, {"type": "card", "arg": s.hands[S][0]})
    assert RULESET.view(s, S)["chosen"][E]["id"] == card


def test_a_seat_sees_its_own_pool_and_only_the_size_of_the_enemys():
    s = RULESET.setup(4, "braveheart")
    view = RULESET.view(s, S)
    assert view["pools"][S]["count"] == 7
    assert {b["id"] for b in view["pools"][S]["blocks"]} >= {"campbell", "norse"}
    assert view["pools"][E] == {"count": 9, "blocks": None}


def test_views_carry_the_map_for_the_board():
    view = RULESET.view(RULESET.setup(4, "braveheart"), None)
    assert len(view["areas"]) == 23
    assert len(view["borders"]) == 49
    fife = next(a for a in view["areas"] if a["id"] == "fife")
    assert (fife["castle"], fife["castle_scots"], fife["cathedral"]) == (2, 3, True)
    assert {"x", "y", "name", "coastal"} <= set(fife)


def test_random_games_never_show_a_hidden_enemy_block():
    for seed in range(3):
        s = RULESET.setup(seed, "braveheart" if seed % 2 else "the_bruce")
        agent = RandomAgent(seed)
        steps = 0
        while RULESET.outcome(s) is None and steps < 3000:
            if steps % 7 == 0 or battle_of(s) is not None:
                for role in (E, S, None):
                    assert_fogged(s, role)
            role = RULESET.active(s)[0]
            RULESET.apply(
                s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
            )
            steps += 1


def test_rearranging_hidden_information_does_not_change_a_view():
    s = RULESET.setup(8, "braveheart")
    RULESET.apply(s, E, {"type": "card", "arg": s.hands[E][0]})
    for role in (E, S, None):
        before = dump_view(RULESET.view(s, role))
        other = RULESET.copy_state(s)
        RULESET.shuffle_hidden(other, role, Rng(seed=5))
        assert dump_view(RULESET.view(other, role)) == before
        assert other.to_json() != s.to_json()


def test_the_nobles_box_counts_moray_as_the_victory_rules_do():
    s = RULESET.setup(1, "braveheart")
    nobles = RULESET.view(s, None)["nobles"]
    assert "Moray" in nobles[S]
    for side in (E, S):
        assert len(nobles[side]) == len(nobles_on_map(s, side))


def test_the_nobles_box_agrees_with_the_result_at_the_end():
    """The banner's "N nobles to M" and the box beside it are the same count."""
    tallied = 0
    for seed in range(6):
        s = RULESET.setup(seed, "braveheart", {"last_year": 1297})
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            role = RULESET.active(s)[0]
            RULESET.apply(
                s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
            )
        view = RULESET.view(s, None)
        counts = {side: len(view["nobles"][side]) for side in (E, S)}
        assert counts == {side: len(nobles_on_map(s, side)) for side in (E, S)}
        if view["outcome"]["reason"] in ("most_nobles", "wallace_tiebreak"):
            tallied += 1
            text = words(view["outcome"]["text"])
            more, fewer = max(counts.values()), min(counts.values())
            assert f"({more} to {fewer})" in text or f"{more} nobles each" in text, text
    assert tallied
