"""Seasons: a club's named runs of days, and each season's standings."""
