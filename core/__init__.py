"""Gameshelf core: the generic engine every game plugin stands on. No game is named here."""

# The one place the version is written: pyproject.toml reads it ([tool.setuptools.dynamic]),
# and so does everything that shows it (the web app's API description, `gameshelf plugins`).
__version__ = "0.1.0"
