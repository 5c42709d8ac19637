"""Snapshots carry a fingerprint of the game's data files and state schema (core.engine.snapshot),
and a loaded state that does not fit the game's data is refused (Ruleset.check_state)."""

from __future__ import annotations

import pytest

from gameshelf.core.engine.snapshot import StaleSnapshot, dump_snapshot, fingerprint, load_snapshot
from gameshelf.core.engine.state import state_model
from tests.core.toygame import DuelState, HighCardDuel


def with_data(folder):
    class Duel(HighCardDuel):
        data_dir = folder

    return Duel()


@state_model
class LongerDuelState(DuelState):
    streak: int = 0


class LongerDuel(HighCardDuel):
    state_type = LongerDuelState


class RenumberedDuel(HighCardDuel):
    state_version = 2  # what a field means changed, its shape did not


class ChecksItsHands(HighCardDuel):
    def check_state(self, state):
        if len(state.hands) != 2:
            raise ValueError(f"the saved state has {len(state.hands)} hands, the game 2")


def test_a_snapshot_loads_back_under_the_same_data_and_schema():
    game = HighCardDuel()
    s = game.setup(3)
    text = dump_snapshot(game, s)
    assert text.startswith(f"#fingerprint {fingerprint(game)}\n")
    assert game.dump_state(load_snapshot(game, text)) == game.dump_state(s)


def test_the_fingerprint_follows_the_data_files(tmp_path):
    (tmp_path / "cards.json").write_text('{"cards": [1, 2, 3]}')
    before = fingerprint(with_data(tmp_path))
    assert fingerprint(with_data(tmp_path)) == before
    (tmp_path / "cards.json").write_text('{"cards": [1, 2, 3, 4]}')
    assert fingerprint(with_data(tmp_path)) != before
    (tmp_path / "cards.json").write_text('{"cards": [1, 2, 3]}')
    (tmp_path / "areas.json").write_text("[]")
    assert fingerprint(with_data(tmp_path)) != before


def test_the_fingerprint_follows_the_state_schema_and_its_version():
    base = fingerprint(HighCardDuel())
    assert fingerprint(LongerDuel()) != base
    assert fingerprint(RenumberedDuel()) != base


def test_a_snapshot_of_other_data_or_schema_or_none_is_refused():
    game = HighCardDuel()
    text = dump_snapshot(game, game.setup(1))
    with pytest.raises(StaleSnapshot, match="other data files or another state schema"):
        load_snapshot(RenumberedDuel(), text)
    with pytest.raises(StaleSnapshot, match="no fingerprint"):
        load_snapshot(game, game.dump_state(game.setup(1)))
    assert issubclass(StaleSnapshot, ValueError)  # readers fall back to replay on ValueError


def test_a_loaded_state_that_does_not_fit_the_data_is_refused_with_a_clear_message():
    game = ChecksItsHands()
    s = game.setup(1)
    s.hands = {"north": [1]}
    with pytest.raises(ValueError, match="the saved state has 1 hands, the game 2"):
        game.load_state(game.dump_state(s))
    with pytest.raises(ValueError, match="has 1 hands"):
        load_snapshot(game, dump_snapshot(game, s))
