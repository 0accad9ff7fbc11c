"""Saved house rules: a named preset and its overrides, for new games to start from."""
