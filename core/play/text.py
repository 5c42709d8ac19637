"""A game's board as text, for ``gameshelf play``: what a seat sees, drawn with rich.

A ruleset may carry ``text``, a :class:`TextBoard` its plugin makes (the game's text board
belongs to the game, like its web board):

- ``board(view, lang)`` returns a rich renderable (a table, a group of panels) of one
  seat's view in ``lang`` (``"en"``, ``"zh_TW"``: ``gameshelf play --lang``). It is handed
  the *view*, never the state, so it cannot show what the seat may not see;
- ``label(action, view, lang)`` names a choice as players name it ("the Black Knight",
  "Fire with the archers", not ``block black_knight``), or ``None`` to leave it to the
  generic words;
- ``role_name(role, view, lang)`` names a seat ("the Red King" for ``p2``), or ``None``:
  its id;
- ``place(view)`` says in a few words where the game stands ("1512, turn 4", "round 12"),
  as a message (``core.i18n.messages.Msg``) so that each reader reads it in their language: the
  lobby shows it for a running match, the replay viewer jumps by it, and the logs (web and
  terminal) are headed by it where it changes.

The core finds it as ``ruleset.text`` (:func:`text_board`); a ruleset without the attribute
has none.

A game without one still plays at the terminal: its prompt, and each action as its type and
argument in words. The core names no game here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType

from gameshelf.core.engine.ruleset import JSON, Action
from gameshelf.core.i18n.messages import Msg


def _no_label(action: Action, view: JSON, lang: str) -> str | None:
    return None


def _no_name(role: str, view: JSON, lang: str) -> str | None:
    return None


def _no_place(view: JSON) -> Msg | str | None:
    return None


@dataclass(frozen=True)
class TextBoard:
    """How a game draws a seat's view at the terminal and names its choices."""

    board: Callable[[JSON, str], RenderableType | None]
    label: Callable[[Action, JSON, str], str | None] = _no_label
    role_name: Callable[[str, JSON, str], str | None] = _no_name
    place: Callable[[JSON], Msg | str | None] = _no_place


def text_board(ruleset: Any) -> TextBoard | None:
    """The ruleset's text board, if its game ships one."""
    board = getattr(ruleset, "text", None)
    return board if isinstance(board, TextBoard) else None


def words(ident: object) -> str:
    """An id in words: ``"move_where"`` -> ``"move where"``."""
    return str(ident).replace("_", " ")


def generic_label(action: Action) -> str:
    """What a choice is called when its game does not say: "done", "card 3"."""
    if action.arg is None:
        return words(action.type)
    return f"{words(action.type)} {words(action.arg)}"


def label(ruleset: Any, action: Action, view: JSON, lang: str = "en") -> str:
    """A choice named as players name it in ``lang``: the game's words, else the generic
    ones."""
    board = text_board(ruleset)
    if board is not None:
        said = board.label(action, view, lang)
        if said:
            return said
    return generic_label(action)


def role_name(ruleset: Any, role: str, view: JSON, lang: str = "en") -> str:
    """What players call a seat in ``lang``: the text board's name for it, else the game's
    (its ``name`` hook), else its id."""
    board = text_board(ruleset)
    said = board.role_name(role, view, lang) if board is not None else None
    if not said and hasattr(ruleset, "name"):
        said = ruleset.name("role", role, lang)
    return said or role


def place(ruleset: Any, view: JSON) -> Msg | str | None:
    """Where the game of ``view`` stands ("1512, turn 4"; a message, or plain text), or
    ``None`` if its game does not say."""
    board = text_board(ruleset)
    return board.place(view) if board is not None else None


def draw(ruleset: Any, view: JSON, lang: str = "en") -> RenderableType | None:
    """The board of ``view`` in ``lang`` as a renderable, or ``None`` for a game without a
    text board."""
    board = text_board(ruleset)
    return board.board(view, lang) if board is not None else None
