"""Club nights: a room of tables in rounds, players moving, standings per player."""
