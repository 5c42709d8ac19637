"""Finding games: the hook specifications, the plugin registry, the core's own bots as a
plugin, and ``gameshelf new`` (the scaffold and its template) (docs/architecture.md §2.1)."""
