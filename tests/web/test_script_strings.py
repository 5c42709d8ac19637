"""Every word a page script shows comes from a catalog (web/i18n.py): the site's scripts
from the web catalog's ``js.*`` messages, each game's board script from its board catalog
(``<game>_board.po``); both languages complete with the same placeholders; a page carries
its strings and the names of its game's things in the reader's language; the lobby names
seats, scenarios and options by the game's names."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from gameshelf.core.i18n.messages import placeholders
from gameshelf.web.app import create_app
from gameshelf.web.settings import Settings
from tests.web.games import games_registry

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
SITE_SCRIPTS = sorted((ROOT / "web" / "static").glob("*.js"))
BOARDS = {
    p.parent.parent.parent.name: p for p in sorted((ROOT / "plugins").glob("*/web/static/board.js"))
}
ZH = {"Accept-Language": "zh-TW"}


def entries(path: Path) -> dict[str, list[str]]:
    """``{msgid: [text, ...]}`` of a catalog (one text, or each plural form)."""
    with path.open("rb") as f:
        po = read_po(f)
    out: dict[str, list[str]] = {}
    for m in po:
        if isinstance(m.id, (tuple, list)):
            out[m.id[0]] = list(m.string)
        elif m.id:
            out[m.id] = [m.string]
    return out


def web_catalog(lang: str) -> dict[str, list[str]]:
    return entries(ROOT / "web" / "locale" / lang / "LC_MESSAGES" / "web.po")


def board_catalog(game: str, lang: str) -> dict[str, list[str]]:
    return entries(ROOT / "plugins" / game / "locale" / lang / "LC_MESSAGES" / f"{game}_board.po")


def ids_in(script: Path, call: str, prefix: str = "") -> set[str]:
    """The message ids a script names through ``call("...")``; one followed by ``+`` is a
    family completed at run time (``"js.connection." + state``), returned ending in ``*``."""
    source = script.read_text(encoding="utf-8")
    found = re.findall(r"\b" + re.escape(call) + r'\("([A-Za-z0-9_.]+)"(\s*\+)?', source)
    return {prefix + m + ("*" if plus else "") for m, plus in found}


def assert_known(ids: set[str], catalog: dict[str, list[str]], where: str) -> None:
    for msgid in sorted(ids):
        if msgid.endswith("*"):
            family = msgid[:-1]
            assert any(k.startswith(family) for k in catalog), f"{where}: no {msgid} message"
        else:
            assert msgid in catalog, f"{where} shows {msgid}, which no catalog declares"


@pytest.mark.parametrize("script", SITE_SCRIPTS, ids=lambda p: p.name)
def test_every_id_a_site_script_shows_is_in_the_web_catalog(script: Path) -> None:
    for lang in ("en", "zh_TW"):
        ids = {i for i in ids_in(script, "G.t") if i.startswith("js.")}
        assert_known(ids, web_catalog(lang), f"{script.name} ({lang})")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_id_a_board_script_shows_is_in_its_board_catalog(game: str) -> None:
    script = BOARDS[game]
    prefix = f"{game}.board."
    ids = ids_in(script, "T", prefix) | ids_in(script, "Tor", prefix)
    ids |= {i for i in ids_in(script, "G.t") if i.startswith(prefix)}
    assert len(ids) > 10
    for lang in ("en", "zh_TW"):
        assert_known(ids, board_catalog(game, lang), f"{game}/board.js ({lang})")
        site = {i for i in ids_in(script, "G.t") if i.startswith("js.")}
        assert_known(site, web_catalog(lang), f"{game}/board.js ({lang})")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_board_catalogs_are_complete_with_the_same_placeholders(game: str) -> None:
    en, zh = board_catalog(game, "en"), board_catalog(game, "zh_TW")
    assert set(en) - {""} == set(zh) - {""}
    for msgid in set(en) - {""}:
        assert all(en[msgid]), f"{msgid} lacks its English text"
        assert all(zh[msgid]), f"{msgid} lacks its Chinese text"
        ours = set().union(*(placeholders(t) for t in en[msgid]))
        theirs = set().union(*(placeholders(t) for t in zh[msgid]))
        assert ours == theirs, (msgid, ours, theirs)
        assert len(zh[msgid]) == 1 or len(zh[msgid]) == len(en[msgid])


def test_no_script_writes_english_words_outside_its_catalog() -> None:
    """A string literal of two or more English words in a script is UI text a catalog
    should hold (comments, selectors, class lists and paths are not)."""
    literal = re.compile(r'"(?:[^"\\\n]|\\.)*"' + r"|'(?:[^'\\\n]|\\.)*'")
    words = re.compile(r"[A-Za-z]{2,}[ ,.:;!?']+[A-Za-z]{2,}")
    technical = re.compile(r"^[a-z0-9_\-: .,#\[\]=\*>'()]+$")  # class lists, selectors
    comment = re.compile(r"/\*.*?\*/", re.DOTALL)
    for script in [*SITE_SCRIPTS, *BOARDS.values()]:
        source = comment.sub(lambda m: "\n" * m.group(0).count("\n"), script.read_text("utf-8"))
        for n, line in enumerate(source.splitlines(), 1):
            line = re.sub(r"(^|\s)// .*$", "", line)  # a comment after the code
            for match in literal.finditer(line):
                text = match.group(0)[1:-1]
                if not words.search(text) or technical.match(text) or text.startswith(("M", "/")):
                    continue
                pytest.fail(f"{script.relative_to(ROOT)}:{n}: English UI text {text!r}")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("strings") / "site.sqlite3"
    app = create_app(Settings(db=db), registry=games_registry("hammer_scots", "three_kingdoms"))
    with TestClient(app) as c:
        yield c


def new_match(client: TestClient, game: str) -> str:
    body = {"game": game, "seed": 3, "seats": [{"name": "Ann"}, {"bot": "random"}]}
    reply = client.post("/api/matches", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()["id"]


def test_a_board_page_carries_its_words_and_names_in_the_readers_language(
    client: TestClient,
) -> None:
    mid = new_match(client, "hammer_scots")
    zh = client.get(f"/m/{mid}", headers=ZH).text
    assert '"hammer_scots.board.battle_of":"{area}之戰"' in zh
    assert '"lennox":"倫諾克斯"' in zh  # the names of the game's things
    assert '"js.more_lines":{"other":"還有 {count} 行"}' in zh  # a plural message, by category
    assert "地圖說明" in zh  # the board template's words (gt)
    en = client.get(f"/m/{mid}", headers={"Accept-Language": "en"}).text
    assert '"hammer_scots.board.battle_of":"Battle of {area}"' in en
    assert '"js.more_lines":{"one":"{count} more","other":"{count} more"}' in en
    assert "How to read the map" in en


def test_the_lobby_names_seats_scenarios_and_options_in_the_readers_language(
    client: TestClient,
) -> None:
    new_match(client, "three_kingdoms")
    zh = client.get("/", headers=ZH).text
    assert '<span class="role">英格蘭</span>' in zh  # Hammer's seats, by its names
    assert '<span class="role">玩家 2</span>' in zh  # a seat the game does not name
    assert ">布魯斯<" in zh or "布魯斯" in zh  # the scenario The Bruce, named by the game
    assert "人數" in zh
    assert "電腦：隨機走法" in zh  # a bot's seat, as what it is
    assert "Scenario" not in zh
    assert "Open to anyone" not in zh
