"""A night on paper (NIGHTS.md `schedule` and `tallies`): the movement pinned on
the wall and a tally card a player, printed by the browser (print styles, no
PDF library)."""
