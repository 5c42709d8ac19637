"""The API keeps its OpenAPI contract: schemathesis over every route, both games, with seat
tokens, a bounded number of examples per route, against a real server on 127.0.0.1.

Every answer must be documented for its route (status, content type, body schema; every
refusal has the one ``Problem`` shape), a request the schema refuses must be refused, a
request the schema accepts is never refused as malformed (the document publishes the
server's real constraints; what the rules or a game's setup refuse stays a 422 of its own
code, since no schema knows a match's state), and nothing may be a server error. Paths
name real matches (one of each game) most of the time, and the requests carry one of their
seats' tokens.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.conftest import TestClient, auth, new_duel, tokens, toy_registry
from tests.web.games import games_registry
from tests.web.live_server import serving

EXAMPLES = 12  # per route: bounded, so the whole run stays short
GAMES = {"hammer_scots": 2, "three_kingdoms": 3}


@dataclass
class Site:
    url: str
    matches: list[tuple[str, list[str]]]  # (match id, its seats' tokens)
    turn: Iterator[int] = field(default_factory=itertools.count)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db: Path = tmp_path_factory.mktemp("contract") / "g.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry(*GAMES))
    with serving(app) as url:
        matches = []
        for game, people in GAMES.items():
            seats = [{"name": f"P{i}"} for i in range(people)]
            made = httpx.post(f"{url}/api/matches", json={"game": game, "seats": seats})
            assert made.status_code == 201, made.text
            body = made.json()
            matches.append((body["id"], [s["token"] for s in body["seats"]]))
        yield Site(url, matches)


@schemathesis.check
def schema_valid_is_well_formed(ctx: Any, response: Any, case: schemathesis.Case) -> None:
    """A request generated to fit the schema is never refused as malformed (422)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return
    detail = response.json()["detail"]
    assert detail["code"] != "malformed", f"the schema accepts what the server refuses: {detail}"


CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
    schema_valid_is_well_formed,
]


def call(case: schemathesis.Case, site: Site) -> None:
    turn = next(site.turn)
    mid, seats = site.matches[turn % len(site.matches)]
    if case.path_parameters and "match_id" in case.path_parameters and turn % 4:
        case.path_parameters["match_id"] = mid  # mostly a real match; sometimes random
    if turn % 3:
        headers = dict(case.headers or {})
        headers["Authorization"] = f"Bearer {seats[turn % len(seats)]}"
        case.headers = headers
    case.call_and_validate(base_url=site.url, checks=CHECKS)


def test_every_route_keeps_its_contract(site: Site) -> None:
    api = schemathesis.openapi.from_url(f"{site.url}/openapi.json")
    failures = []
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def run(case: schemathesis.Case) -> None:
            call(case, site)

        try:
            run()
        except (Exception, BaseExceptionGroup) as exc:  # every route is tried and reported
            failures.append(f"{operation.label}: {exc}")
    assert not failures, "\n\n".join(failures)


def test_the_document_publishes_what_the_server_checks(tmp_path: Path) -> None:
    """The cases a review found: a version written 0.0 (an integer in JSON Schema) is
    accepted as 0; a blank name ("\\t") is refused, and the document says so (its
    pattern); the installed games and bots are listed; no parameter is ever null."""
    registry = toy_registry()
    with TestClient(create_app(Settings(db=tmp_path / "g.sqlite3"), registry=registry)) as c:
        doc = c.get("/openapi.json").json()
        models = doc["components"]["schemas"]
        assert models["JoinIn"]["properties"]["name"]["pattern"] == r"\S"
        assert models["MatchIn"]["properties"]["game"]["enum"] == ["toy_duel"]
        bot = models["SeatIn"]["properties"]["bot"]["anyOf"]
        assert {
            "type": "string",
            "maxLength": 64,
            "minLength": 1,
            "enum": sorted(registry.agents),
        } in bot
        assert {"first", "random", "uniform", "greedy"} <= set(registry.agents)
        version = models["UndoIn"]["properties"]["version"]
        assert (version["minimum"], version["type"]) == (0, "integer")
        for item in doc["paths"].values():
            for operation in item.values():
                for parameter in operation.get("parameters", ()):
                    assert "null" not in str(parameter["schema"]), parameter
        created = new_duel(c)
        mid, north = created["id"], auth(tokens(created)["north"])
        card = c.get(f"/api/matches/{mid}/view", headers=north).json()["view"]["actions"]
        body = {"type": "card", "arg": float(card["card"][0]), "version": 0.0}
        assert c.post(f"/api/matches/{mid}/actions", headers=north, json=body).status_code == 200
        refused = c.post(f"/api/matches/{mid}/undo", headers=north, json={"version": 1.5})
        assert refused.json()["detail"]["code"] == "malformed"
        opened = c.post(
            "/api/matches", json={"game": "toy_duel", "seats": [{"name": "A"}, {"open": True}]}
        ).json()
        blank = c.post(f"/api/matches/{opened['id']}/join", json={"name": "\t"})
        assert blank.status_code == 422
        assert blank.json()["detail"]["code"] == "malformed"
