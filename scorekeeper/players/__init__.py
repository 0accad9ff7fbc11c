"""Players as people: the leaderboard, each player's page, renaming and merging."""
