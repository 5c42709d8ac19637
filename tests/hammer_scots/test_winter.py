"""The winter turn (RULES §10), step by step in its order."""

from __future__ import annotations

from gameshelf.plugins.hammer_scots.model import AREA_IX, BLOCK_IX
from gameshelf.plugins.hammer_scots.state import OFF, POOL, State, blocks_in, machine
from gameshelf.plugins.hammer_scots.winter import drawable
from tests.hammer_scots.builders import build, legal, play, refused, said, words

# A noble each, at home, so that nobody wins by sudden death unless a test wants it.
KEEP = {"ross_e": "ross", "galloway_s": "galloway"}


def wintering(blocks: dict[str, str], **fields: object) -> State:
    fields.setdefault("year", 1297)
    fields.setdefault("last_year", 1305)
    return build("winter", blocks={**KEEP, **blocks}, begin=True, **fields)


def skip_to(s: State, step: str) -> None:
    """Decline every decision (done / stay / go home) until ``step`` is reached."""
    for _ in range(50):
        if s.step == step:
            return
        role = s.active[0]
        options = legal(s, role)
        for bare in ("done", "stay", "disband"):
            if (bare, None) in options:
                play(s, role, bare)
                break
        else:
            play(s, role, options[0])
    raise AssertionError(f"never reached {step}, stuck in {s.step}")


def at(s: State, block: str) -> int:
    return s.location[BLOCK_IX[block]]


def strength(s: State, block: str) -> int:
    return s.strength[BLOCK_IX[block]]


# --- 1-2. nobles go home ------------------------------------------------------------------


def test_english_nobles_go_home_and_defect_where_the_scots_hold_it():
    s = wintering(
        {"mar_e": "lanark", "angus_e": "fife", "douglas": "angus"}, strength={"angus_e": 2}
    )
    assert at(s, "mar_e") == AREA_IX["mar"]
    assert "An English noble went home to Mar." in said(s)
    assert at(s, "angus_e") == OFF
    assert at(s, "angus_s") == AREA_IX["angus"]
    assert strength(s, "angus_s") == 2  # at its current strength
    assert "Angus found the enemy at home and defected to Scotland." in said(s)


def test_english_nobles_go_home_before_the_scots():
    # Mar leaves Buchan first, so the Scottish Buchan finds his home free and does not defect.
    s = wintering({"mar_e": "buchan", "buchan_s": "fife"})
    assert at(s, "buchan_s") == AREA_IX["buchan"]
    assert at(s, "mar_e") == AREA_IX["mar"]


def test_scottish_nobles_defect_to_england_when_their_home_is_english():
    s = wintering({"lennox_s": "fife", "york_infantry": "lennox"})
    assert at(s, "lennox_e") == AREA_IX["lennox"]
    assert "Lennox found the enemy at home and defected to England." in said(s)


def test_bruce_with_both_homes_free_goes_to_the_one_his_owner_picks():
    s = wintering({"bruce_e": "lanark"})
    assert s.step == "noble_home"
    assert s.active == ["England"]
    assert set(legal(s, "England")) == {("area", "annan"), ("area", "carrick")}
    refused(s, "England", ("area", "lanark"), "one of its homes")
    play(s, "England", ("area", "carrick"))
    assert at(s, "bruce_e") == AREA_IX["carrick"]


def test_bruce_with_one_home_free_must_go_there():
    s = wintering({"bruce_e": "lanark", "douglas": "annan"})
    assert at(s, "bruce_e") == AREA_IX["carrick"]


def test_bruce_with_both_homes_held_by_the_enemy_defects_and_the_new_owner_picks():
    s = wintering(
        {"bruce_e": "lanark", "douglas": "annan", "barclay": "carrick"}, strength={"bruce_e": 3}
    )
    assert at(s, "bruce_s") == AREA_IX["lanark"]
    assert strength(s, "bruce_s") == 3
    assert s.step == "noble_home"
    assert s.active == ["Scotland"]
    play(s, "Scotland", ("area", "annan"))
    assert at(s, "bruce_s") == AREA_IX["annan"]
    assert "Bruce went home to Annan." in said(s)
    # Having defected this winter, the Scottish Bruce is not asked to move again.
    assert s.step != "noble_home"


# --- 3-4. Moray and the last year ------------------------------------------------------------


def test_moray_may_go_home_or_stay():
    s = wintering({"moray": "fife"})
    assert s.step == "moray_home"
    assert set(legal(s, "Scotland")) == {("area", "moray"), ("stay", None)}
    play(s, "Scotland", ("area", "moray"))
    assert at(s, "moray") == AREA_IX["moray"]


def test_moray_stays_when_the_english_hold_moray():
    s = wintering({"moray": "fife", "york_infantry": "moray"})
    assert s.step != "moray_home"
    assert at(s, "moray") == AREA_IX["fife"]


def test_in_the_last_year_a_decided_count_ends_the_game_after_the_nobles_go_home():
    english = {
        n: "lanark"
        for n in ("mar_e", "angus_e", "argyll_e", "buchan_e", "lennox_e", "atholl_e", "dunbar_e")
    }  # 7 + Ross = 8
    s = wintering({**english, "wallace": "fife"}, year=1305)
    assert (s.outcome.winners, s.outcome.reason) == (["England"], "most_nobles")


def test_before_the_last_year_the_winter_goes_on():
    english = {
        n: "lanark"
        for n in ("mar_e", "angus_e", "argyll_e", "buchan_e", "lennox_e", "atholl_e", "dunbar_e")
    }
    s = wintering({**english, "wallace": "fife"}, year=1304)
    assert s.outcome is None


# --- 5-6. the kings ----------------------------------------------------------------------------


def test_the_king_may_winter_in_a_free_cathedral_area():
    s = wintering({"king": "mentieth", "york_infantry": "lennox"})
    assert s.step == "king_winter"
    assert set(legal(s, "Scotland")) == {("area", "fife"), ("area", "strathspey"), ("stay", None)}
    play(s, "Scotland", ("area", "fife"))
    assert at(s, "king") == AREA_IX["fife"]


def test_edward_i_may_winter_in_scotland():
    s = wintering(
        {
            "edward": "lothian",
            "york_knights": "lothian",
            "york_infantry": "lothian",
            "cumbria_infantry": "lothian",
            "lancaster_infantry": "lothian",
        }
    )
    assert s.step == "edward_winter"
    play(s, "England", "winter")
    assert s.edward_wintered == 1297
    # Knights and any number of infantry winter with him; no feudal levy follows.
    assert s.step == "english_disbanding"
    assert ("done", None) in legal(s, "England")
    skip_to(s, "card_phase")
    assert blocks_in(s, "lothian") >= {
        "edward",
        "york_knights",
        "york_infantry",
        "cumbria_infantry",
        "lancaster_infantry",
    }
    assert "Edward winters in Scotland: there is no feudal levy." in said(s)


def test_edward_i_may_not_winter_two_years_running():
    s = wintering({"edward": "lothian"}, edward_wintered=1296)
    assert s.step != "edward_winter"
    assert at(s, "edward") != AREA_IX["lothian"]
    assert s.edward == 1
    assert not [line for line in said(s) if "Edward" in line]  # which block went is hidden


def test_edward_i_dies_at_the_end_of_1306_and_may_not_winter_then():
    s = wintering({"edward": "lothian"}, year=1306, last_year=1314)
    assert s.edward == 2
    assert s.step != "edward_winter"
    assert "Edward I died at the end of 1306; Edward II takes the throne." in said(s)


def test_edward_ii_never_winters():
    s = wintering({"edward": "lothian"}, edward=2)
    assert s.step != "edward_winter"
    assert at(s, "edward") != AREA_IX["lothian"]
    assert "England disbanded 1 block for the winter." in said(s)  # not named: it is hidden


# --- 7. English disbanding ---------------------------------------------------------------------


def test_english_disbanding_of_england_knights_archers_hobelars_and_excess_infantry():
    s = wintering(
        {
            "lancaster_infantry": "england",
            "york_knights": "lanark",
            "lancaster_archers": "lanark",
            "hobelars": "fife",
            "york_infantry": "lothian",
            "cumbria_infantry": "lothian",
            "durham_infantry": "lothian",
        }
    )
    for gone in ("lancaster_infantry", "york_knights", "lancaster_archers", "hobelars"):
        assert at(s, gone) == POOL
    assert s.step == "english_disbanding"
    assert "Lothian" in words(machine.prompt(s, "England"))
    refused(s, "England", ("done", None), "over the castle limit")
    refused(s, "England", ("block", "comyn_e"), "Nobles never disband")
    play(s, "England", ("block", "durham_infantry"))
    assert at(s, "durham_infantry") == POOL
    assert "England disbanded a block in Lothian." in said(s)
    play(s, "England", "done")
    assert blocks_in(s, "lothian") == {"york_infantry", "cumbria_infantry"}


def test_nobles_count_towards_the_castle_limit():
    s = wintering({"dunbar_e": "dunbar", "york_infantry": "dunbar", "cumbria_infantry": "dunbar"})
    assert s.step == "english_disbanding"
    refused(s, "England", ("done", None), "Dunbar")


# --- 8. Wallace and Scottish disbanding ----------------------------------------------------


def test_wallace_in_selkirk_gains_two_steps():
    s = wintering({"wallace": "selkirk"}, strength={"wallace": 1})
    assert strength(s, "wallace") == 3


def test_wallace_may_go_to_selkirk_and_gain_two_steps():
    s = wintering({"wallace": "fife"}, strength={"wallace": 1})
    assert s.step == "wallace_winter"
    play(s, "Scotland", ("area", "selkirk"))
    assert at(s, "wallace") == AREA_IX["selkirk"]
    assert strength(s, "wallace") == 3


def test_wallace_may_not_go_to_an_english_selkirk():
    s = wintering({"wallace": "fife", "york_infantry": "selkirk"})
    assert s.step != "wallace_winter"


def test_scottish_disbanding_over_the_castle_limit_with_the_cathedral_bonus():
    s = wintering(
        {
            "douglas": "fife",
            "barclay": "fife",
            "campbell": "fife",
            "graham": "fife",
            "fraser": "england",
        }
    )
    assert at(s, "fraser") == POOL  # Scots in England all disband
    skip_to(s, "scottish_disbanding")
    refused(s, "Scotland", ("done", None), "Fife")
    play(s, "Scotland", ("block", "graham"))
    assert ("done", None) in legal(s, "Scotland")  # Fife holds 3: castle 2 + cathedral


def test_wallace_in_selkirk_is_exempt_from_the_castle_limit():
    s = wintering({"wallace": "selkirk", "douglas": "selkirk"})
    skip_to(s, "scottish_disbanding")
    refused(s, "Scotland", ("done", None), "Selkirk")
    play(s, "Scotland", ("block", "douglas"))
    assert ("done", None) in legal(s, "Scotland")


# --- 9-11. builds and the levy ---------------------------------------------------------------


def test_the_french_knights_join_the_pool_once_scotland_has_8_nobles():
    homes = ("mar", "lennox", "atholl", "dunbar", "mentieth", "buchan", "angus")
    s = wintering({f"{home}_s": home for home in homes})  # 7 + Galloway = 8
    assert at(s, "french_knights") == POOL
    assert s.french_knights_added


def test_the_french_knights_wait_with_fewer_nobles():
    s = wintering({"mar_s": "mar"})
    assert at(s, "french_knights") == OFF
    assert not s.french_knights_added


def test_scottish_builds_add_steps_or_draw_blocks_at_one_step():
    s = wintering(
        {"douglas": "fife", "campbell": "pool", "graham": "pool"}, strength={"douglas": 2}
    )
    skip_to(s, "scottish_builds")
    assert s.rp[AREA_IX["fife"]] == 3
    play(s, "Scotland", ("block", "douglas"))
    assert strength(s, "douglas") == 3
    s.rng.script = [1]
    play(s, "Scotland", ("area", "fife"))
    assert at(s, "graham") == AREA_IX["fife"]
    assert strength(s, "graham") == 1
    assert "Scotland drew a block from the pool into Fife." in said(s)
    play(s, "Scotland", ("block", "graham"))
    assert strength(s, "graham") == 2
    assert s.step != "scottish_builds"  # Fife's points are spent


def test_no_draw_into_an_area_at_its_castle_limit():
    s = wintering(
        {"douglas": "lanark", "barclay": "lanark", "campbell": "pool"}, strength={"douglas": 3}
    )
    skip_to(s, "scottish_builds")
    refused(s, "Scotland", ("area", "lanark"), "castle limit")


def test_the_norse_and_the_french_knights_are_not_drawn_inland():
    s = build(
        "scottish_builds", blocks={"norse": "pool", "french_knights": "pool", "campbell": "pool"}
    )
    assert drawable(s, AREA_IX["lanark"]) == [BLOCK_IX["campbell"]]
    assert len(drawable(s, AREA_IX["fife"])) == 3


def test_english_builds_go_only_to_infantry_and_nobles():
    s = wintering(
        {"edward": "lothian", "york_knights": "lothian", "york_infantry": "lothian"},
        strength={"edward": 2, "york_knights": 2, "york_infantry": 2, "ross_e": 2},
    )
    play(s, "England", "winter")
    skip_to(s, "english_builds")
    assert set(legal(s, "England")) == {
        ("block", "york_infantry"),
        ("block", "ross_e"),
        ("done", None),
    }
    refused(s, "England", ("block", "york_knights"), "only to infantry and nobles")


def test_the_feudal_levy_draws_half_the_pool_rounded_up_into_england():
    pool = {
        b: "pool"
        for b in (
            "york_infantry",
            "lancaster_infantry",
            "durham_infantry",
            "westmor_infantry",
            "hobelars",
        )
    }
    s = wintering(pool)
    assert len(blocks_in(s, "england")) == 3
    assert "Feudal levy: 3 English blocks mustered in England." in said(s)


# --- 12. the end of winter -----------------------------------------------------------------


def test_winter_ends_with_the_next_year():
    s = wintering({})
    assert s.year == 1298
    assert s.step == "card_phase"


def test_the_last_winter_ends_the_scenario():
    s = wintering({"wallace": "fife", "moray": "moray"}, year=1305)
    skip_to(s, "game_over")
    assert s.outcome.reason in ("most_nobles", "wallace_tiebreak")


def test_winter_ends_with_the_sudden_death_check():
    s = build(
        "winter",
        blocks={"comyn_e": "badenoch", "lennox_s": "fife", "york_infantry": "lennox"},
        year=1297,
        last_year=1305,
        begin=True,
    )
    skip_to(s, "game_over")
    assert (s.outcome.winners, s.outcome.reason) == (["England"], "all_nobles")


def test_the_french_knights_come_only_once_per_game():
    homes = ("mar", "lennox", "atholl", "dunbar", "mentieth", "buchan", "angus")
    s = wintering({f"{home}_s": home for home in homes}, french_knights_added=True)
    assert at(s, "french_knights") == OFF


def test_the_fast_winter_lists_agree_with_the_rule_for_each_block():
    """build_targets, disbandable and positions are tables and C scans for speed: they must
    list exactly what the per-block rules (may_strengthen, may_disband) allow."""
    from gameshelf.core.bots.agents import Observation, RandomAgent
    from gameshelf.plugins.hammer_scots.model import SIDE_BLOCKS
    from gameshelf.plugins.hammer_scots.rules import RULESET
    from gameshelf.plugins.hammer_scots.state import blocks_at
    from gameshelf.plugins.hammer_scots.winter import (
        EDWARD,
        build_targets,
        disbandable,
        may_disband,
        may_strengthen,
    )

    checked = 0
    for seed in range(3):
        s = RULESET.setup(seed, "braveheart")
        agent = RandomAgent(seed)
        while RULESET.outcome(s) is None:
            loc = s.location
            if s.step.endswith("_builds"):
                for side in ("England", "Scotland"):
                    assert build_targets(s, side) == [
                        b
                        for b in SIDE_BLOCKS[side]
                        if loc[b] >= 0 and s.rp[loc[b]] > 0 and may_strengthen(s, b, side)
                    ]
                    checked += 1
            if s.step.endswith("_disbanding"):
                for side in ("England", "Scotland"):
                    assert disbandable(s, side) == [
                        b
                        for b in SIDE_BLOCKS[side]
                        if loc[b] >= 0 and may_disband(b) and b != EDWARD
                    ]
            for area in (POOL, 0, 5):
                assert blocks_at(s, area) == [b for b, at in enumerate(loc) if at == area]
            role = RULESET.active(s)[0]
            RULESET.apply(
                s, role, agent.choose(Observation(RULESET, s, role), RULESET.actions(s, role))
            )
    assert checked > 10
