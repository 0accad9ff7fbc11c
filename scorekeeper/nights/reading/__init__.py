"""A night as its pages and its API read it: its rows in plain values, kept."""
