"""What each request shares: its club's prefix and place (many clubs), its password."""
