"""Every hook of the plugin surface is documented: summary, parameters, return, example."""

import inspect

import pytest

from gameshelf.core.registry import hookspecs

HOOKS = [
    name
    for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
    if name.startswith("gameshelf_")
]


def test_the_surface_has_the_four_hooks_of_the_design():
    assert set(HOOKS) == {
        "gameshelf_games",
        "gameshelf_scenarios",
        "gameshelf_agents",
        "gameshelf_match_event",
    }


@pytest.mark.parametrize("name", HOOKS)
def test_each_hook_is_documented(name):
    fn = getattr(hookspecs, name)
    doc = inspect.getdoc(fn) or ""
    assert len(doc.splitlines()[0]) > 20, "a one-line summary"
    for param in inspect.signature(fn).parameters:
        assert f":param {param}:" in doc, f"{name} documents {param}"
    if inspect.signature(fn).return_annotation not in (None, "None"):
        assert ":returns:" in doc
    assert "Example::" in doc
    assert "Called" in doc, "says when it is called"
