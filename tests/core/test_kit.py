"""The conformance kit passes the toy game and catches each kind of broken ruleset."""

import json
import time
from dataclasses import fields

import pytest

from gameshelf.core.engine.hidden import DrawPile, Exchange, Hands
from gameshelf.core.engine.ruleset import Action
from gameshelf.core.testing import ConformanceFailure, check_ruleset
from tests.core.toygame import ROLES, DuelState, HighCardDuel, machine


class UndeclaredState(DuelState):  # no @state_model: its field would never be saved
    streak: int = 0


def test_the_toy_game_passes_the_kit(tmp_path):
    report = check_ruleset(HighCardDuel(), seeds=range(8), deep_every=1, failure_dir=tmp_path)
    assert report.games == 16  # two scenarios, eight random games each
    assert set(report.first_legal) == {"standard", "short"}  # and a first-legal game each
    assert report.actions > 100
    assert set(report.outcomes) <= {"high_score", "draw"}
    assert not list(tmp_path.iterdir())


def test_the_kit_follows_long_random_games_as_far_as_asked(tmp_path):
    # follow=3: each random game is checked for its first three actions and left there;
    # the first-legal game still runs to its end, for the end-of-game checks
    report = check_ruleset(
        HighCardDuel(), scenarios=["standard"], seeds=range(4), follow=3, failure_dir=tmp_path
    )
    assert report.games == 4
    assert report.followed == 4
    assert report.outcomes == {}
    assert report.first_legal["standard"] in {"high_score", "draw"}
    assert report.actions - 4 * 3 > 3  # the first-legal game's actions


def test_the_kit_still_catches_what_happens_within_the_followed_actions(tmp_path):
    with pytest.raises(ConformanceFailure, match="lists the actions"):
        check_ruleset(ListsAnotherActionInItsView(), seeds=range(2), follow=2, failure_dir=tmp_path)


def test_the_kit_catches_a_board_view_that_gives_a_public_part_again(tmp_path):
    with pytest.raises(ConformanceFailure, match="gives again the public parts"):
        check_ruleset(GivesAPublicPartAgain(), seeds=range(2), follow=2, failure_dir=tmp_path)


def test_the_kit_reports_the_steps_and_action_types_its_games_reached(tmp_path):
    report = check_ruleset(
        HighCardDuel(), scenarios=["short"], seeds=range(2), processes=False, failure_dir=tmp_path
    )
    coverage = report.coverage
    assert set(coverage.steps) == {"choose", "bonus"}
    assert set(coverage.types) == {"card", "roll", "pass"}
    assert sum(coverage.steps.values()) == report.actions
    assert coverage.never_reached(HighCardDuel()) == ["game_over"]  # the end takes none
    table = coverage.table(HighCardDuel())
    assert "bonus" in table
    assert "roll" in table
    assert "steps with no decision (1): game_over" in table


class LeaksTheRivalsHand(HighCardDuel):
    def board_view(self, s, role):
        view = super().board_view(s, role)
        view["hands"] = {r: list(s.hands[r]) for r in ROLES}
        return view


class ShowsEveryoneBothHandsAndThePick(HighCardDuel):
    """Sends both hands and the secret pick to every seat (and a spectator)."""

    def board_view(self, s, role):
        view = super().board_view(s, role)
        view["hands"] = {r: list(s.hands[r]) for r in ROLES}
        if s.step == "choose":
            choices = machine.current(s).frame(s)
            view["picks"] = [c and c.arg for c in choices.chosen]
        return view


class ShowsHandsButDeclaresNothing(HighCardDuel):
    """Shows each seat its own hand, but declares no hidden part: the core's shuffle_hidden
    hides only the secret choice, the rival's hand would never be rearranged, so the leak
    check could not see a leak."""

    hidden = ()


class DeclaresHandsButHidesNothing(HighCardDuel):
    """Declares the hands hidden, but its view shows every hand to everyone."""

    hidden = (Hands("hands"),)

    def board_view(self, s, role):
        view = super().board_view(s, role)
        view["hand"] = None
        view["all_hands"] = {r: list(s.hands[r]) for r in ROLES}
        return view


class DeclaresAHandItDoesNotHave(HighCardDuel):
    """A slip of the pen: the hands are declared under a field the state does not have."""

    hidden = (Exchange(Hands("hand"), DrawPile("deck")),)


class TheQuickerChooserScores(HighCardDuel):
    """A simultaneous choice whose order leaves a trace: the first to choose gets a point."""

    def apply(self, s, role, action):
        first = s.step == "choose" and machine.current(s).frame(s).chosen.count(None) == 2
        super().apply(s, role, action)
        if first:
            s.score[role] += 1


class GivesAPublicPartAgain(HighCardDuel):
    """The score in the public board, and again in each seat's own part of the view."""

    def public_board(self, s):
        return {"scores": dict(s.score)}

    def board_view(self, s, role):
        return {**super().board_view(s, role), "scores": {"mine": s.score.get(role)}}


class ListsAnotherActionInItsView(HighCardDuel):
    def view(self, s, role, log_from=0):
        view = super().view(s, role, log_from)
        if view["actions"]:
            view["actions"] = {**view["actions"], "concede": [None]}
        return view


class WaitsForeverForTheFirstLegalBot(HighCardDuel):
    """The bonus offers "wait" first, which changes nothing: random bots move on, a bot
    that always takes the first legal action waits forever."""

    def actions(self, s, role):
        acts = super().actions(s, role)
        return [Action("wait"), *acts] if s.step == "bonus" and acts else acts

    def apply(self, s, role, action):
        if Action.of(action) == Action("wait") and Action("wait") in self.actions(s, role):
            return
        super().apply(s, role, action)


class DirtiesTheStateBeforeRefusing(HighCardDuel):
    def apply(self, s, role, action):
        s.say(f"{role} tried something")
        super().apply(s, role, action)


class FastPathDiffers(HighCardDuel):
    def play(self, s, role, action):
        super().play(s, role, action)
        s.say("the bots' path does a little more")


class FastPathListsOtherActions(HighCardDuel):
    def to_act(self, s, among):
        turn = super().to_act(s, among)
        return turn and (turn[0], turn[1][:1])


class SeedsFromTheClock(HighCardDuel):
    def setup(self, seed, scenario=None, options=None, players=None):
        return super().setup(seed + time.perf_counter_ns() % 1000, scenario, options, players)


class ForgetsToDeclareItsState(HighCardDuel):
    state_type = UndeclaredState

    def setup(self, seed, scenario=None, options=None, players=None):
        s = super().setup(seed, scenario, options, players)
        return UndeclaredState(**{f.name: getattr(s, f.name) for f in fields(DuelState)})


class GivesAnUndeclaredReason(HighCardDuel):
    def outcome(self, s):
        outcome = super().outcome(s)
        return outcome and outcome.model_copy(update={"reason": "lucky"})


class GetsStuck(HighCardDuel):
    def actions(self, s, role):
        return [] if s.round >= 2 else super().actions(s, role)


class NeverEnds(HighCardDuel):
    def apply(self, s, role, action):
        super().apply(s, role, action)
        if s.over:  # deal new hands forever
            s.outcome = None
            s.hands = {r: [1, 2, 3] for r in ROLES}
            machine.reset(s, "duel")


@pytest.mark.parametrize(
    ("broken", "symptom"),
    [
        (LeaksTheRivalsHand, "leaks a secret"),
        (DirtiesTheStateBeforeRefusing, "changed the state"),
        (SeedsFromTheClock, "not deterministic"),
        (GetsStuck, "no legal action"),
        (FastPathDiffers, "bots' path"),
        (FastPathListsOtherActions, "to_act gives"),
        (NeverEnds, "runaway"),
        (ForgetsToDeclareItsState, "not declared with @state_model"),
        (GivesAnUndeclaredReason, "reason 'lucky' is not declared"),
        (ShowsEveryoneBothHandsAndThePick, "leaks a secret"),
        (ShowsHandsButDeclaresNothing, "declares no hidden part"),
        (DeclaresHandsButHidesNothing, "leaks a secret"),
        (DeclaresAHandItDoesNotHave, "names no field of DuelState"),
        (TheQuickerChooserScores, "another state when made in the order"),
        (ListsAnotherActionInItsView, "lists the actions"),
        (WaitsForeverForTheFirstLegalBot, "runaway"),
    ],
)
def test_the_kit_catches_a_broken_ruleset(broken, symptom, tmp_path):
    with pytest.raises(ConformanceFailure, match=symptom) as err:
        check_ruleset(broken(), seeds=range(4), max_steps=150, failure_dir=tmp_path)
    message = str(err.value)
    assert "toy_duel / standard / seed " in message
    assert "step " in message
    saved = json.loads(err.value.path.read_text())
    assert saved["game"] == "toy_duel"
    assert {"seed", "scenario", "options", "players", "history"} <= saved.keys()


def test_the_pytest_plugin_offers_the_kit(conformance):
    report = conformance(HighCardDuel(), scenarios=["short"])
    assert report.games == 3
    assert list(report.first_legal) == ["short"]


class RevealsWithoutMarking(HighCardDuel):
    """Shows both cards without telling undo: the second chooser could take back its card."""

    def apply(self, s, role, action):
        reveals = s.rng.reveals
        super().apply(s, role, action)
        s.rng.reveals = reveals


def test_the_kit_catches_a_reveal_that_undo_could_cross(tmp_path):
    with pytest.raises(ConformanceFailure, match="without marking it"):
        check_ruleset(RevealsWithoutMarking(), seeds=range(2), failure_dir=tmp_path)


def test_assert_refused_checks_reason_and_untouched_state():
    from gameshelf.core.testing import assert_refused

    s = HighCardDuel().setup(1)
    assert_refused(HighCardDuel(), s, "north", ("card", 99), "not in your hand", "illegal")
    with pytest.raises(AssertionError, match="offered"):
        assert_refused(HighCardDuel(), s, "north", ("card", s.hands["north"][0]), "x")


class HangsOnHash(HighCardDuel):
    """Starts with a score from ``hash()`` of a role's name: the same in one process, another
    under another PYTHONHASHSEED."""

    def setup(self, seed, scenario=None, options=None, players=None):
        s = super().setup(seed, scenario, options, players)
        s.score = {r: hash(r) % 7 for r in ROLES}
        return s


def test_the_kit_plays_the_same_seed_in_two_processes_with_other_hash_seeds(tmp_path):
    with pytest.raises(ConformanceFailure, match="another PYTHONHASHSEED"):
        check_ruleset(
            HangsOnHash(),
            scenarios=["short"],
            seeds=range(1),
            first_legal=False,
            failure_dir=tmp_path,
        )
