"""Fixtures for the Hansa Teutonica: Britannia tests (the helpers are in builders.py)."""
