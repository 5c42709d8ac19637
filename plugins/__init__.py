"""Bundled game plugins, one package per game, each announced as a `gameshelf` entry point."""
