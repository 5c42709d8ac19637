"""The engine: a game's state and the mechanisms its rules are written with.

The ruleset contract, the state, the step machine (steps, procedures, frames, secret
choices), hidden parts, the random generator and the components (decks, dice, maps, money,
tracks). It imports only the messages (``core.i18n``) below it (docs/architecture.md §1.1)."""
