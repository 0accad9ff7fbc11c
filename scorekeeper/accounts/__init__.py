"""People and roles of a many-clubs server (CLUBS.md, "People, roles and signing in"):
accounts, signing in, roles in clubs, invitations, reset links, API tokens."""
