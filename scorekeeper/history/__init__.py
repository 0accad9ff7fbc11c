"""Looking back: every game, filtered and paged, its CSV, and the statistics."""
