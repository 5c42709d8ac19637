"""Playing games: a match (history, undo, replay, saving), tournaments between bots, and a
game's board as text (architecture §4, architecture §6)."""
