"""Many clubs on one server (CLUBS.md): where each club's rows are kept."""
