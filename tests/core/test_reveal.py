"""core.engine.reveal: a finished game's board with nothing hidden, from the seats' own views."""

from gameshelf.core.engine.reveal import merge_views


def test_what_one_seat_saw_fills_what_another_could_not():
    north = {
        "role": "north",
        "area": {"blocks": [{"id": "a", "steps": 3}, {"side": "south", "hidden": True}]},
        "pool": {"north": ["x"], "south": None},
        "chosen": {"north": "card_4", "south": "hidden"},
    }
    south = {
        "role": "south",
        "area": {"blocks": [{"side": "north", "hidden": True}, {"id": "b", "steps": 2}]},
        "pool": {"north": None, "south": ["y", "z"]},
        "chosen": {"north": "hidden", "south": "card_9"},
    }
    merged = merge_views([north, south])
    assert merged["area"]["blocks"] == [{"id": "a", "steps": 3}, {"id": "b", "steps": 2}]
    assert merged["pool"] == {"north": ["x"], "south": ["y", "z"]}
    assert merged["chosen"] == {"north": "card_4", "south": "card_9"}
    assert merged["role"] is None  # each seat saw itself here: nobody's


def test_a_seats_own_list_wins_over_the_same_list_seen_from_outside():
    north = {"blocks": [{"side": "south", "hidden": True}, {"side": "south", "hidden": True}]}
    south = {"blocks": [{"id": "c", "side": "south"}, {"id": "d", "side": "south"}]}
    assert merge_views([north, south])["blocks"] == south["blocks"]


def test_two_different_things_are_not_mixed_into_one():
    north = {"hand": [{"id": "k1", "name": "King"}], "size": 1}
    south = {"hand": [{"id": "q2", "name": "Queen"}], "size": 1}
    assert merge_views([north, south]) == {"hand": None, "size": 1}


def test_each_seats_own_hand_shows_where_the_others_saw_none():
    north = {"players": [{"seat": "n", "hand": ["a"]}, {"seat": "s", "hand": None}]}
    south = {"players": [{"seat": "n", "hand": None}, {"seat": "s", "hand": ["b", "c"]}]}
    merged = merge_views([north, south])
    assert merged["players"] == [{"seat": "n", "hand": ["a"]}, {"seat": "s", "hand": ["b", "c"]}]


def test_real_games_show_every_block_and_hand_at_the_end():
    from gameshelf.core.bots.agents import RandomAgent
    from gameshelf.core.play.match import Match
    from gameshelf.core.registry.plugins import Registry

    registry = Registry()
    for game_id, players in (("hammer_scots", 2), ("three_kingdoms", 3)):
        match = Match(registry.game(game_id), seed=2, players=players)
        match.play_bots({r: RandomAgent(i) for i, r in enumerate(match.roles)})
        merged = merge_views([match.view(r) for r in match.roles])
        text = str(merged)
        assert "'hidden': True" not in text, game_id
        if game_id == "three_kingdoms":
            assert all(p["hand"] is not None for p in merged["players"])
