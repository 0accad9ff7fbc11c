"""The round clock (NIGHTS.md "The round clock"): how long a round may run, and
when each round started and ends, in the server's time."""
