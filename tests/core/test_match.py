"""Matches: applying actions, versions, undo, replay, JSON, observers, bots."""

import json

import pytest

from gameshelf.core.bots.agents import FirstLegalAgent, RandomAgent
from gameshelf.core.engine.ruleset import Action, IllegalAction
from gameshelf.core.play.match import Match, StaleAction
from tests.core.toygame import RULESET


def new_match(**kwargs) -> Match:
    return Match(RULESET, seed=kwargs.pop("seed", 4), **kwargs)


def test_a_match_applies_legal_actions_and_counts_them():
    m = new_match()
    card = m.actions("north")[0]
    m.apply("north", card)
    assert m.seq == 1
    assert m.history[0].role == "north"
    assert m.active() == ["south"]


def test_a_stale_version_is_refused_and_names_the_current_one():
    m = new_match()
    m.apply("north", m.actions("north")[0], seq=0)
    before = RULESET.dump_state(m.state)
    with pytest.raises(StaleAction) as err:
        m.apply("south", m.actions("south")[0], seq=0)
    assert err.value.code == "stale"
    assert err.value.expected == 1
    assert RULESET.dump_state(m.state) == before


def test_an_unknown_seat_is_refused():
    m = new_match()
    with pytest.raises(IllegalAction) as err:
        m.apply("east", Action("card", 1))
    assert err.value.code == "unknown_role"
    assert m.seq == 0


def test_a_role_may_undo_its_choice_until_the_other_acts():
    m = new_match()
    first = m.actions("north")[0]
    m.apply("north", first)
    assert m.undoable("north") == 1
    m.undo("north")
    assert m.seq == 0
    assert first in m.actions("north")
    assert m.active() == ["north", "south"]


def test_no_undo_after_another_role_acted():
    m = new_match()
    m.apply("north", m.actions("north")[0])
    m.apply("south", m.actions("south")[0])
    assert m.undoable("north") == 0
    with pytest.raises(IllegalAction) as err:
        m.undo("north")
    assert err.value.code == "cannot_undo"


def test_no_undo_of_an_action_that_rolled_a_die():
    m = new_match(seed=1)
    while m.state.step != "bonus":
        m.apply(m.active()[0], m.actions(m.active()[0])[0])
    winner = m.active()[0]
    m.apply(winner, Action("roll"))
    assert m.history[-1].fresh
    assert m.undoable(winner) == 0


def test_undo_is_a_replay_without_the_last_action():
    m = new_match()
    m.apply("north", m.actions("north")[0])
    m.undo("north")
    assert RULESET.dump_state(m.state) == RULESET.dump_state(new_match().state)


def test_json_round_trip_replays_to_the_same_state():
    m = new_match()
    m.play_bots({"north": RandomAgent(1), "south": RandomAgent(2)}, limit=7)
    data = json.loads(json.dumps(m.to_json()))
    assert data["history"][0].keys() == {"role", "type", "arg"}
    again = Match.from_json(data, RULESET)
    assert RULESET.dump_state(again.state) == RULESET.dump_state(m.state)
    assert again.seq == m.seq


def test_same_seed_and_actions_give_the_same_game():
    a, b = new_match(seed=9), new_match(seed=9)
    a.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()})
    b.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()})
    assert RULESET.dump_state(a.state) == RULESET.dump_state(b.state)
    assert a.outcome() == b.outcome()


def test_bots_stop_when_a_human_must_act():
    m = new_match()
    taken = m.play_bots({"south": FirstLegalAgent()})
    assert taken == 1
    assert m.active() == ["north"]


def test_bots_play_a_game_to_its_end():
    m = new_match()
    m.play_bots({"north": RandomAgent(1), "south": RandomAgent(2)})
    assert m.outcome() is not None
    assert m.active() == []
    assert m.undoable("north") == 0


class PlaysOffTheList:
    """A buggy bot: it answers with an action nobody offered it."""

    def choose(self, observation, actions):
        return Action("card", 99)


def test_a_bot_choice_that_was_not_offered_is_refused_and_changes_nothing():
    m = new_match()
    before = RULESET.dump_state(m.state)
    with pytest.raises(IllegalAction, match="not a legal action") as err:
        m.play_bots({"north": PlaysOffTheList(), "south": FirstLegalAgent()})
    assert err.value.code == "illegal"
    assert m.seq == 0
    assert RULESET.dump_state(m.state) == before


def test_a_bot_may_answer_with_an_equal_action_of_its_own_making():
    class Rebuilds:
        def choose(self, observation, actions):
            return Action(actions[0].type, actions[0].arg)  # equal, not the same object

    m = new_match()
    m.play_bots({"north": Rebuilds(), "south": Rebuilds()})
    assert m.outcome() is not None


def test_bot_games_replay_through_the_checked_path_to_the_same_state():
    """``play_bots`` runs actions unchecked (``Ruleset.play``); replay checks every one."""
    for seed in range(5):
        m = new_match(seed=seed)
        m.play_bots({"north": RandomAgent(seed), "south": RandomAgent(seed + 1)})
        again = Match.from_json(m.to_json(), RULESET)
        assert RULESET.dump_state(again.state) == RULESET.dump_state(m.state)
        assert [e.fresh for e in again.history] == [e.fresh for e in m.history]


def test_a_variant_that_changes_the_legal_actions_keeps_the_checked_bot_path():
    class NoSecondCard(type(RULESET)):
        def actions(self, state, role):
            return super().actions(state, role)[:1]

    variant = NoSecondCard()
    m = Match(variant, seed=3)
    seen = []

    class Records:
        def choose(self, observation, actions):
            seen.append(len(actions))
            return actions[-1]

    m.play_bots({"north": Records(), "south": Records()}, limit=2)
    assert seen == [1, 1]


def test_observers_hear_actions_undo_and_the_end():
    heard = []
    m = new_match(observers=[lambda match, event: heard.append(event.kind)])
    m.apply("north", m.actions("north")[0])
    m.undo("north")
    m.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()})
    assert heard[:2] == ["action", "undo"]
    assert heard[-1] == "end"


def test_options_and_scenario_reach_setup():
    m = Match(RULESET, scenario="short", options={"hand_size": 2}, seed=1)
    assert len(m.state.hands["north"]) == 2
    assert m.to_json()["options"] == {"hand_size": 2}
    with pytest.raises(ValueError, match="one of"):
        Match(RULESET, options={"hand_size": 7})


def test_no_action_is_accepted_once_the_game_is_over():
    m = new_match()
    m.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()})
    before = RULESET.dump_state(m.state)
    with pytest.raises(IllegalAction) as err:
        m.apply("north", Action("card", 1))
    assert err.value.code == "game_over"
    assert RULESET.dump_state(m.state) == before


def test_no_undo_once_the_secret_choices_are_revealed():
    m = new_match()
    m.apply("south", m.actions("south")[0])
    m.apply("north", m.actions("north")[0])  # north's choice reveals south's card
    assert m.history[-1].fresh
    assert m.undoable("north") == 0


def test_a_restarted_match_is_the_same_game_at_its_start():
    m = Match(RULESET, scenario="short", options={"hand_size": 2}, seed=6)
    m.play_bots({"north": FirstLegalAgent(), "south": FirstLegalAgent()}, limit=3)
    again = m.restarted()
    assert again.seq == 0
    assert (again.scenario, again.options, again.seed) == ("short", {"hand_size": 2}, 6)
    assert RULESET.dump_state(again.state) == RULESET.dump_state(
        Match.unplayed(m.to_json(), RULESET).state
    )


def test_a_match_resumes_from_a_snapshot_as_if_replayed():
    from gameshelf.core.engine.snapshot import dump_snapshot

    played = new_match(seed=9)
    for _ in range(4):
        role = played.active()[0]
        played.apply(role, played.actions(role)[0])
    resumed = Match.resume(RULESET, dump_snapshot(RULESET, played.state), played.history, seed=9)
    assert resumed.seq == 4
    assert resumed.history == played.history
    assert RULESET.dump_state(resumed.state) == RULESET.dump_state(played.state)
    # and it plays on exactly as the match it was taken from, undo included
    for m in (played, resumed):
        role = m.active()[0]
        m.apply(role, m.actions(role)[-1])
    assert RULESET.dump_state(resumed.state) == RULESET.dump_state(played.state)
    assert resumed.undoable(role) == played.undoable(role)
    assert played.resumed(dump_snapshot(RULESET, played.state), played.history).history == (
        played.history
    )


def test_a_snapshot_of_other_data_is_refused_on_resume():
    from gameshelf.core.engine.snapshot import StaleSnapshot, dump_snapshot

    played = new_match()
    text = dump_snapshot(RULESET, played.state)
    other = "#fingerprint 0000" + text[text.index("\n") :]
    with pytest.raises(StaleSnapshot):
        Match.resume(RULESET, other, played.history, seed=4)
    with pytest.raises(ValueError, match="fingerprint"):
        played.resumed(text.split("\n", 1)[1], [])
