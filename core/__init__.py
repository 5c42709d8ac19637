"""Gameshelf core: the generic engine every game plugin stands on. No game is named here."""
