"""The bots: the agent interface, the simple bots and the search bots (ISMCTS).

They play a ruleset through the engine alone (architecture §1.1, architecture §6)."""
