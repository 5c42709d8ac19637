"""Finding games: the hook specifications, the plugin registry and the core's own bots as a
plugin (docs/architecture.md §2.1)."""
