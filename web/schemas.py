"""The JSON bodies of the API, validated before anything else looks at them.

Every model forbids unknown fields and uses strict types (``true`` is not the number 1), so
a malformed body is a 422 with the field named, never a guess.

What the OpenAPI document publishes of a field is exactly what is accepted (a test runs
schemathesis over it): constraints stand before the validators in each type, or pydantic
would check them without publishing them; a whole number may be written ``3.0``, which
JSON Schema's ``integer`` allows too.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    model_validator,
)


def _encodable(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (no lone surrogates)") from None
    return text


def _whole(value: object) -> object:
    """``3.0`` is the whole number 3 (JSON Schema's ``integer`` says so); ``3.5``, ``"3"``
    and ``true`` stay what they are, and are refused."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Name = Annotated[
    StrictStr, Field(min_length=1, max_length=40, pattern=r"\S"), AfterValidator(_encodable)
]
SeatName = Annotated[StrictStr, Field(max_length=40), AfterValidator(_encodable)]
Word = Annotated[StrictStr, Field(min_length=1, max_length=64), AfterValidator(_encodable)]
Value = Annotated[StrictStr, Field(max_length=200), AfterValidator(_encodable)]
Whole = Annotated[StrictInt, BeforeValidator(_whole)]
Arg = Whole | Value | None
Version = Annotated[
    StrictInt,
    Field(ge=0, le=1 << 40, description="The version of the match the decision was made on."),
    BeforeValidator(_whole),
]
Seed = Annotated[StrictInt, Field(ge=0, lt=1 << 63), BeforeValidator(_whole)]
Password = Annotated[StrictStr, Field(min_length=1, max_length=1024), AfterValidator(_encodable)]
AccountName = Annotated[StrictStr, Field(min_length=1, max_length=100), AfterValidator(_encodable)]
Email = Annotated[
    StrictStr, Field(max_length=254, pattern=r"^[^@\s]+@[^@\s]+$"), AfterValidator(_encodable)
]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ActionIn(Body):
    """One decision of the seat, made on the view of the match at ``version``."""

    type: Word
    arg: Arg = None
    version: Version


class LiveRequest(Body):
    """A decision sent over a seat's live connection (``/ws/matches/{id}``): ``act`` or
    ``undo``, numbered by ``id`` so that its answer can be told apart."""

    id: Annotated[StrictInt, Field(ge=0, le=1 << 53)]
    act: ActionIn | None = None
    undo: UndoIn | None = None

    @model_validator(mode="after")
    def _one_request(self) -> LiveRequest:
        if (self.act is None) == (self.undo is None):
            raise ValueError("a request is either act or undo")
        return self


class ResignIn(Body):
    """Give up the match: ``confirm`` must be ``true`` (the page asks first)."""

    confirm: Literal[True] = Field(description="true: the seat resigns; this cannot be undone")


class UndoIn(Body):
    """Take back the seat's latest action, decided on the view at ``version``."""

    version: Version


class SeatIn(Body):
    """A seat of a new match: a person (``name``), a bot (``bot``: an agent id, or
    ``true`` for the site's default bot), or ``open`` for anyone in the lobby to take."""

    role: Word | None = None
    name: SeatName = ""
    bot: StrictBool | Word | None = None
    open: StrictBool = False
    player: AccountName | None = Field(
        None,
        description="Invite the account of this name (signed in only): the seat waits for "
        "its answer, and the match starts once every seat is taken.",
    )
    me: StrictBool = Field(
        False,
        description="The seat of whoever makes the match: signed in, it is the account's "
        "(under its name, on its page of matches).",
    )


class PaceIn(Body):
    """A match's clocks: ``live`` (``minutes`` per game for each seat), ``fast`` (a day per
    move, three at most in the bank), ``slow`` (three days per move, nine at most) or
    ``none``. ``on_timeout``: a seat out of time loses (``lose``; the default between two
    players) or a bot plays it on (``bot``; the default among more)."""

    kind: Literal["none", "live", "fast", "slow"] = "none"
    minutes: Annotated[StrictInt, Field(ge=1, le=600)] | None = None
    on_timeout: Literal["lose", "bot"] | None = None


class MatchIn(Body):
    game: Word
    scenario: Word | None = None
    options: dict[Word, StrictBool | Whole | Value] = {}
    seed: Seed | None = Field(
        None,
        description="Only for a match of bots alone or of one person (tests, puzzles); "
        "a match of two or more people is always dealt from the server's secret seed.",
    )
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=16)]
    pace: PaceIn | None = Field(None, description="The clocks (none by default).")
    bot_pace: Annotated[float, Field(ge=0, le=1000, allow_inf_nan=False)] | None = Field(
        None,
        description="Bots alone: actions a second while someone watches the match "
        "(default: the site's, about one; 0: full speed). Unwatched, they play at full speed.",
    )
    watch: StrictBool = Field(
        False,
        description="Its creator is about to watch it (the lobby page): bots alone play at "
        "their watched pace from the start, for a few seconds, before a spectator connects.",
    )


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
    log_from: int = Field(
        0, description="Where view.log starts in the seat's log (earlier lines: /log)."
    )
    log_total: int = Field(0, description="How many lines the seat's log has.")
    resigned: list[str] = Field([], description="The seats that resigned, in order.")
    timed_out: list[str] = Field([], description="The seats whose time ran out, in order.")
    clocks: dict[str, Any] | None = Field(
        None,
        description="The clocks (none without a pace): pace, on_timeout, low (seconds "
        "under which a clock is low) and for each seat its bank (seconds), since (the "
        "server's epoch seconds since which it runs; null: stopped) and out (ran out).",
    )


class LogPage(BaseModel):
    """A page of the log a seat may read (``/log``)."""

    log_from: int = Field(description="The place of the first line in the seat's log.")
    log: list[str]
    log_total: int = Field(description="How many lines the seat's log has.")
    version: int


def publish_constraints(schema: dict[str, Any], games: list[str], agents: list[str]) -> None:
    """Say in the OpenAPI document what this site accepts beyond the models: a new match's
    ``game`` is one of the installed ``games``, a bot seat's agent one of ``agents``; a
    parameter is left out rather than ``null`` (FastAPI publishes ``null`` for an optional
    header or query parameter, which a client could only send as the text "null")."""
    models = schema.get("components", {}).get("schemas", {})
    if "MatchIn" in models:
        models["MatchIn"]["properties"]["game"]["enum"] = sorted(games)
    if "SeatIn" in models:
        for branch in models["SeatIn"]["properties"]["bot"]["anyOf"]:
            if branch.get("type") == "string":
                branch["enum"] = sorted(agents)
    for item in schema.get("paths", {}).values():
        for operation in item.values():
            for parameter in operation.get("parameters", ()):
                _not_null(parameter)


def _not_null(parameter: dict[str, Any]) -> None:
    """A parameter's schema without its ``null`` branch (absent is how it is left out)."""
    inner = parameter.get("schema", {})
    branches = [b for b in inner.get("anyOf", ()) if b.get("type") != "null"]
    if "anyOf" in inner and len(branches) == 1:
        rest = {k: v for k, v in inner.items() if k != "anyOf"}
        parameter["schema"] = {**branches[0], **rest}


# --- accounts ------------------------------------------------------------------------------


class SignUpIn(Body):
    """A new account: a name (3–24 characters, unique whatever its case or Unicode form),
    a password of at least 10 characters, and an e-mail address if you like."""

    name: AccountName
    password: Password
    email: Email | None = None


class SignInIn(Body):
    name: AccountName
    password: Password


class PasswordIn(Body):
    current: Password
    new: Password


class ConfirmIn(Body):
    """The account's password, confirming what cannot be undone."""

    password: Password


class AccountOut(BaseModel):
    id: int
    name: str
    email: str | None = None
    admin: bool = False
    seats_kept: int = Field(0, description="Seats held in this browser now the account's.")


class AnswerIn(Body):
    """Accept the seat you were invited to, or decline it (it opens to anyone)."""

    accept: StrictBool


class Answered(BaseModel):
    id: str
    role: str
    token: str | None = Field(None, description="The seat's token, when you accepted.")
    url: str


class MyMatch(BaseModel):
    """A match of yours: ``waiting`` says whom it waits for (``you``: your turn, or an
    invitation to answer; ``others``; ``finished``)."""

    id: str
    game: str
    title: str
    scenario: str
    status: str
    waiting: str
    invited: bool
    your_turn: bool
    roles: list[str]
    seats: list[dict[str, Any]]
    seq: int
    place: dict[str, Any] | str | None = None
    outcome: dict[str, Any] | None = None
    updated: float
    clock: dict[str, Any] | None = Field(
        None, description="Your seat's clock: pace, left (seconds), running, low."
    )


class NoticesIn(Body):
    """Your notices: by e-mail (your account's address), to a webhook (``""``: none), each
    at once or one e-mail a day listing the games waiting for you."""

    email: StrictBool = False
    webhook: Annotated[StrictStr, Field(max_length=2000), AfterValidator(_encodable)] = ""
    digest: Literal["immediate", "daily"] = "immediate"


class NoticesOut(BaseModel):
    email: bool
    address: str | None = None
    webhook: str
    secret: str = Field("", description="The HMAC key of the webhook's signature header.")
    digest: str
    email_off: str | None = Field(None, description="Why e-mail was turned off, if it was.")
    webhook_off: str | None = Field(None, description="Why the webhook was turned off.")
    recent: list[dict[str, Any]] = []


class ChatIn(Body):
    """A chat message: text only, 1–500 characters."""

    text: Annotated[StrictStr, Field(min_length=1, max_length=500), AfterValidator(_encodable)]


class ChatOut(BaseModel):
    id: int
    channel: Literal["seats", "spectators"]
    role: str | None = Field(None, description="The seat that said it (none: a spectator).")
    name: str
    text: str = Field(description="Plain text: show it as text, never as HTML.")
    at: float
    removed: bool = Field(False, description="Taken away by an administrator.")


class NoteIn(Body):
    """A seat's private notepad, at most 10,000 characters."""

    text: Annotated[StrictStr, Field(max_length=10_000), AfterValidator(_encodable)]


class NoteOut(BaseModel):
    text: str


class LeaderboardRow(BaseModel):
    rank: int
    name: str
    rating: int = Field(description="1000 + 40 × (mu − 3 sigma), OpenSkill's cautious figure.")
    matches: int


class PlayerRating(BaseModel):
    game: str
    rating: int
    matches: int


class RatingChangeOut(BaseModel):
    game: str
    match_id: str
    before: int
    after: int
    at: float


class PlayerOut(BaseModel):
    name: str
    ratings: list[PlayerRating]
    history: list[RatingChangeOut]
    matches: list[dict[str, Any]]


class AccountRow(BaseModel):
    """An account as administrators read it."""

    id: int
    name: str
    email: str | None = None
    admin: bool
    disabled: bool
    created: float
