"""The JSON bodies of the API, validated before anything else looks at them.

Every model forbids unknown fields and uses strict types (``true`` is not the number 1), so
a malformed body is a 422 with the field named, never a guess.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)


def _encodable(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (no lone surrogates)") from None
    return text


Text = Annotated[StrictStr, AfterValidator(_encodable)]
Name = Annotated[Text, Field(min_length=1, max_length=40, pattern=r"\S")]
Word = Annotated[Text, Field(min_length=1, max_length=64)]
Arg = StrictInt | Annotated[Text, Field(max_length=200)] | None
Version = Annotated[
    StrictInt,
    Field(ge=0, le=1 << 40, description="The version of the match the decision was made on."),
]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ActionIn(Body):
    """One decision of the seat, made on the view of the match at ``version``."""

    type: Word
    arg: Arg = None
    version: Version


class UndoIn(Body):
    """Take back the seat's latest action, decided on the view at ``version``."""

    version: Version


class SeatIn(Body):
    """A seat of a new match: a person (``name``), a bot (``bot``: an agent id, or
    ``true`` for the site's default bot), or ``open`` for anyone in the lobby to take."""

    role: Word | None = None
    name: Annotated[Text, Field(max_length=40)] = ""
    bot: StrictBool | Word | None = None
    open: StrictBool = False


class MatchIn(Body):
    game: Word
    scenario: Word | None = None
    options: dict[Word, StrictBool | StrictInt | Annotated[Text, Field(max_length=200)]] = {}
    seed: Annotated[StrictInt, Field(ge=0, lt=1 << 63)] | None = Field(
        None,
        description="Only for a match of bots alone or of one person (tests, puzzles); "
        "a match of two or more people is always dealt from the server's secret seed.",
    )
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=16)]


class JoinIn(Body):
    name: Name
    role: Word | None = None


class SeatToken(BaseModel):
    role: str
    name: str
    token: str | None = Field(None, description="The seat's secret, returned only once.")


class Created(BaseModel):
    id: str
    seats: list[SeatToken]
    url: str


class Joined(BaseModel):
    id: str
    role: str
    name: str
    token: str
    url: str


class Payload(BaseModel):
    """What a seat sees of a match now."""

    seq: int
    view: dict[str, Any]
    outcome: dict[str, Any] | None
    role: str | None = None
    undo: int = 0
    seats: list[dict[str, Any]] = []
    status: str = "running"
    version: int = Field(
        0,
        description="The match's version: grows with every change (an undo too), never "
        "goes back. Keep the newest payload; name its version when you act or undo.",
    )
    log_from: int | None = Field(None, description="With log_tail: where view.log starts.")
