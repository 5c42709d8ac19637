"""``gameshelf new NAME``: a new game plugin, ready to install and to grow.

The files come from ``cli/plugin_template/``: every ``*.tmpl`` file there is
written with its ``$name``-style fields filled in and ``.tmpl`` dropped, a path part
``__name__`` becoming the game's id. What is written is a working game (a race to ten) with
its ruleset, state, one step, catalogs in English and Traditional Chinese, its entry point
and a conformance test: it installs with ``pip install -e`` and shows in ``gameshelf list``
and the lobby at once.
"""

from __future__ import annotations

import importlib.util
import json
import keyword
import re
from pathlib import Path
from string import Template

from gameshelf.core.i18n.messages import Msg

TEMPLATE = Path(__file__).parent / "plugin_template"
NAME = re.compile(r"^[a-z][a-z0-9_]{1,39}$")


class Refused(ValueError):
    """A name or a place ``new`` cannot write a plugin for; ``msg`` says why."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


def check_name(name: str) -> None:
    """A game id that is a new Python package name: lower case, letters, digits and ``_``."""
    if not NAME.match(name) or keyword.iskeyword(name):
        raise Refused(Msg("cli.new_bad_name", name=name))
    if importlib.util.find_spec(name) is not None:
        raise Refused(Msg("cli.new_name_taken", name=name))


def fields(name: str, title: str, title_zh: str) -> dict[str, str]:
    """What the templates' ``$fields`` become."""
    po = title.replace("\\", "\\\\").replace('"', '\\"')
    po_zh = title_zh.replace("\\", "\\\\").replace('"', '\\"')
    return {
        "name": name,
        "cls": "".join(part.capitalize() for part in name.split("_") if part),
        "dist": "gameshelf-" + name.replace("_", "-"),
        "title": title,
        "title_py": python_string(title),
        "title_toml": po,
        "title_po": po,
        "title_zh_po": po_zh,
    }


def python_string(text: str) -> str:
    """``text`` as a Python string literal, quoted as ruff's formatter would quote it."""
    if '"' in text and "'" not in text and "\\" not in text:
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False)


def write_plugin(
    name: str, where: Path, title: str | None = None, title_zh: str | None = None
) -> Path:
    """Write the plugin ``name`` into ``where/name`` (which must not exist); its folder."""
    check_name(name)
    root = where / name
    if root.exists():
        raise Refused(Msg("cli.new_exists", path=str(root)))
    title = " ".join((title or name.replace("_", " ").capitalize()).split())  # one line
    values = fields(name, title, " ".join((title_zh or title).split()))
    for template in sorted(TEMPLATE.rglob("*.tmpl")):
        parts = template.relative_to(TEMPLATE).with_suffix("").parts
        target = root.joinpath(*(part.replace("__name__", name) for part in parts))
        target.parent.mkdir(parents=True, exist_ok=True)
        text = Template(template.read_text(encoding="utf-8")).substitute(values)
        target.write_text(text, encoding="utf-8")
    return root
