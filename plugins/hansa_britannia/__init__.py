"""Hansa Teutonica: Britannia (Argentum, 2014) for Gameshelf: 4-5 players on the 4-5 side."""
