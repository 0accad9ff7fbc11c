"""Many clubs on one server (CLUBS.md): starting, finding, running and leaving clubs."""
